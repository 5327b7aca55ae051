/**
 * Where a person stands in a game's lessons and puzzles, as the menu and the puzzles screen show
 * it, read from their learning file (store.ts); and an attempt at a puzzle recorded there. Each
 * write reads the file afresh first.
 */
import {closeSync, openSync, readdirSync, readSync} from 'node:fs';
import {join} from 'node:path';
import {baseGameId, games, type AnyGame} from '../games/registry.js';
import {gamesDir} from '../files/review-export.js';
import type {Puzzle} from './puzzle.js';
import {
	countDay,
	dailyStreakOn,
	lessonProgress,
	loadLearning,
	puzzleRecordOf,
	recordAttempt,
	saveLearning,
	type Learning,
} from './store.js';

/** What the puzzles screen knows of the person in a game: read from their learning file. */
export interface Standing {
	readonly rating: number;
	readonly deviation: number;
	readonly streak: number;
	readonly bestStreak: number;
	/** Puzzles of the game tried already, rated or not (a rated try is never forgotten: its puzzle's rating is kept). */
	readonly tried: ReadonlySet<string>;
	/** Of the puzzles tried, when each was last tried: a larger number, later. */
	readonly lastTried: ReadonlyMap<string, number>;
	/** Whether today's puzzle is solved, and the puzzles of the day solved on consecutive days. */
	readonly dailyDone: boolean;
	readonly dayStreak: number;
	/** The person's own puzzles of the game, newest first. */
	readonly mine: readonly Puzzle[];
	/** Kept games with the person at the board, not yet looked through for their mistakes. */
	readonly unscanned: number;
}

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

/** Whether a record's player is the person: "you" against the AI, "player 1"/"player 2" at one keyboard. */
export const isPerson = (name: string): boolean => name === 'you' || /^player [12]$/.test(name);

/**
 * Whether a kept game had the person at the board (its first lines name the players, as
 * `[RED "you"]`): a demo's, between two levels, has no mistakes of theirs to find. Read from the
 * file's head only; one that cannot be read counts, and the look through it says why it gives none.
 */
function withPerson(path: string): boolean {
	let fd: number | undefined;
	try {
		fd = openSync(path, 'r');
		const head = Buffer.alloc(1024);
		const text = head.subarray(0, readSync(fd, head, 0, head.length, 0)).toString('utf8');
		return [...text.matchAll(/^\[[^\]"]+ "([^"]*)"\]$/gm)].some(tag => isPerson(tag[1]!));
	} catch {
		return true;
	} finally {
		if (fd !== undefined) closeSync(fd);
	}
}

/** The person's standing in a game's puzzles, from their learning data. */
export function standingIn(data: Learning, dir: string, game: AnyGame, today: string): Standing {
	const id = baseGameId(game);
	const record = puzzleRecordOf(data, id);
	const scanned = new Set(data.personal.scanned);
	const mine = data.personal.puzzles.filter(puzzle => baseOf(puzzle) === id).reverse();
	const lastTried = new Map(record.attempts.map((attempt, index) => [attempt.puzzle, index] as const));
	const daily = dailyStreakOn(data, id, new Date(`${today}T12:00:00Z`));
	return {
		rating: record.rating.rating,
		deviation: record.rating.deviation,
		streak: record.streak.current,
		bestStreak: record.streak.best,
		// The attempts keep the last 500; the puzzles' own ratings are kept for every one tried.
		tried: new Set([...Object.keys(record.puzzleRatings), ...lastTried.keys()]),
		lastTried,
		dailyDone: daily.last === today,
		dayStreak: daily.current,
		mine,
		unscanned: keptGames(dir, game).filter(name => !scanned.has(name) && withPerson(join(gamesDir(dir), name))).length,
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

/** How an attempt is recorded: rated or practice, and whether it was at the puzzle of the day of `day` (UTC, YYYY-MM-DD). */
export interface AttemptKind {
	readonly rated: boolean;
	readonly daily: boolean;
	readonly day: string;
}

/**
 * Records an attempt. The first at a puzzle is rated (the player's and the puzzle's Glicko-2
 * ratings move, the streak grows or ends); a puzzle tried before, or one of the person's own
 * (practice), is not. The puzzle of the day solved counts its day, first try or not. Gives the
 * standing after it, and why the file could not be written.
 */
export function recordResult(
	dir: string,
	game: AnyGame,
	puzzle: Puzzle,
	solved: boolean,
	kind: AttemptKind,
	now = new Date(),
): {readonly standing: Standing; readonly problem: string | null} {
	const id = baseGameId(game);
	const {data, note} = loadLearning(dir);
	const record = puzzleRecordOf(data, id);
	const first = !Object.hasOwn(record.puzzleRatings, puzzle.id) && !record.attempts.some(attempt => attempt.puzzle === puzzle.id);
	const rated = kind.rated && first;
	const dayCounted = kind.daily && solved && !rated;
	let after = rated ? recordAttempt(data, id, puzzle, solved, now, {daily: kind.daily}) : data;
	if (dayCounted) after = countDay(after, id, new Date(`${kind.day}T12:00:00Z`));
	const problem = after === data ? null : saveLearning(dir, after);
	const standing = standingIn(after, dir, game, kind.day);
	// A try not rated is noted for this visit, so the hub knows which come next.
	return {standing: rated ? standing : {...standing, tried: new Set([...standing.tried, puzzle.id])}, problem: problem ?? note};
}
