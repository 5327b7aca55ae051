/**
 * Where a person stands in a game's lessons and puzzles, as the menu and the puzzles screen show
 * it, read from their learning file (store.ts); and an attempt at a puzzle recorded there. Each
 * write reads the file afresh first.
 */
import {readdirSync} from 'node:fs';
import {baseGameId, games, type AnyGame} from '../games/registry.js';
import {gamesDir} from '../ui/review-export.js';
import type {Puzzle} from './puzzle.js';
import {puzzleSet} from './sets.js';
import {
	dailyStreakOn,
	isDailyPuzzle,
	lessonProgress,
	loadLearning,
	puzzleRecordOf,
	recordAttempt,
	saveLearning,
	type Learning,
	type LoadedLearning,
} from './store.js';

/** What the puzzles screen knows of the person in a game: read from their learning file. */
export interface Standing {
	readonly rating: number;
	readonly deviation: number;
	readonly streak: number;
	readonly bestStreak: number;
	/** Puzzles of the game tried already, rated or not. */
	readonly tried: ReadonlySet<string>;
	/** Whether today's puzzle is solved. */
	readonly dailyDone: boolean;
	/** The person's own puzzles of the game, newest first. */
	readonly mine: readonly Puzzle[];
	/** Kept games not yet looked through for mistakes. */
	readonly unscanned: number;
}

/** The learning file of a saves folder, read once (a file that does not read is set aside, and `note` says so). */
export const readLearning = (dir: string): LoadedLearning => loadLearning(dir);

/** "6 of 9 lessons", for the menu's Learn row (its Game row names the game). */
export function lessonsLine(data: Learning, game: AnyGame): string {
	if (!game.lessons) return 'none';
	const {done, total} = lessonProgress(data, baseGameId(game), game.lessons);
	return `${done} of ${total} lesson${total === 1 ? '' : 's'}`;
}

/** "rating 1500, 12 solved" (or "not tried yet"), for the menu's Puzzles row. */
export function puzzlesLine(data: Learning, game: AnyGame): string {
	const record = puzzleRecordOf(data, baseGameId(game));
	if (record.attempts.length === 0) return 'not tried yet';
	const solved = record.attempts.filter(one => one.solved).length;
	return `rating ${Math.round(record.rating.rating)}, ${solved} of ${record.attempts.length} solved`;
}

/** The kept games (saves/games/) of a game and its rulings, newest first: keepGame names them DATE-TIME-GAME.game.txt. */
export function keptGames(dir: string, game: AnyGame): string[] {
	const base = baseGameId(game);
	const suffixes = games.filter(one => baseGameId(one) === base).map(one => `-${one.id}.game.txt`);
	try {
		return readdirSync(gamesDir(dir))
			.filter(name => suffixes.some(suffix => name.endsWith(suffix)))
			.sort()
			.reverse();
	} catch {
		return [];
	}
}

/** The person's standing in a game's puzzles, from their learning data. */
export function standingIn(data: Learning, dir: string, game: AnyGame, today: string): Standing {
	const id = baseGameId(game);
	const record = puzzleRecordOf(data, id);
	const scanned = new Set(data.personal.scanned);
	const mine = data.personal.puzzles.filter(puzzle => baseOf(puzzle) === id).reverse();
	return {
		rating: record.rating.rating,
		deviation: record.rating.deviation,
		streak: record.streak.current,
		bestStreak: record.streak.best,
		tried: new Set(record.attempts.map(one => one.puzzle)),
		dailyDone: dailyStreakOn(data, id, new Date(`${today}T12:00:00Z`)).last === today,
		mine,
		unscanned: keptGames(dir, game).filter(name => !scanned.has(name)).length,
	};
}

/** A puzzle's game as its base game's id (a ruling's puzzle is its game's). */
function baseOf(puzzle: Puzzle): string {
	const game = games.find(one => one.id === puzzle.game);
	return game ? baseGameId(game) : puzzle.game;
}

/** The standing, read from the saves folder; `note` when the file had to be set aside. */
export function standingOf(dir: string, game: AnyGame, today: string): {readonly standing: Standing; readonly note: string | null} {
	const {data, note} = loadLearning(dir);
	return {standing: standingIn(data, dir, game, today), note};
}

/**
 * Records an attempt: rated (the player's and the puzzle's Glicko-2 ratings move, the streak
 * grows or ends; the day's streak when it is the puzzle of the day), or for the person's own
 * puzzles only noted as tried. Gives the standing after it, and why it could not be written.
 */
export function recordResult(
	dir: string,
	game: AnyGame,
	puzzle: Puzzle,
	solved: boolean,
	rated: boolean,
	today: string,
	now = new Date(),
): {readonly standing: Standing; readonly problem: string | null} {
	const id = baseGameId(game);
	const {data, note} = loadLearning(dir);
	const daily = isDailyPuzzle(puzzleSet(game).set, game.id, puzzle, new Date(`${today}T12:00:00Z`));
	const after = rated ? recordAttempt(data, id, puzzle, solved, now, {daily}) : data;
	const problem = rated ? saveLearning(dir, after) : null;
	const standing = standingIn(after, dir, game, today);
	// The person's own puzzles are practice: tried, not rated, so the hub knows which come next.
	return {standing: rated ? standing : {...standing, tried: new Set([...standing.tried, puzzle.id])}, problem: problem ?? note};
}
