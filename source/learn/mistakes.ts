/**
 * "Puzzles from your games": the kept games (saves/games/) looked through for the person's own
 * blunders, each turned into a puzzle when the position before it has one clearly best move.
 *
 * The look is the review's (review/run.ts, review/judge.ts): every position of the game searched
 * with a small budget, each move judged by what it lost. A move of the person's marked a blunder
 * or a missed win is a candidate. The position before it is then proved as the puzzle builder's
 * search proof is: the engine's best move must beat its second by the game's margin at a depth,
 * and again two plies deeper. All of it runs on the engine (the worker), so the screen stays live
 * and Esc stops it; the puzzles found and the games looked through are written to the learning
 * file as each game is done.
 */
import {createHash} from 'node:crypto';
import {join} from 'node:path';
import type {Game} from '../games/game.js';
import type {AnyGame} from '../games/registry.js';
import {readReviewable} from '../files/source.js';
import {judgeMoves} from '../review/judge.js';
import {evaluateLine, type ReviewEngine} from '../review/run.js';
import {gamesDir} from '../files/review-export.js';
import type {Puzzle} from './puzzle.js';
import {SEARCH_DEPTH, searchMargin} from './prove.js';
import {addPersonal, loadLearning, saveLearning} from './store.js';
import {isPerson, keptGames, standingIn, type Standing} from './standing.js';

/** What each position of a kept game gets in the look for blunders: the review's search, shorter. */
const LOOK_MS = 300;
/** The most a proof's search may take, at each of its two depths: a proof not done by then is no proof. */
const PROOF_MS = 4000;

/** A personal puzzle's id: the same position is the same puzzle, whichever game it came from. */
export const personalId = (game: AnyGame, position: string): string =>
	`mine-${createHash('sha256').update(`${game.id}\n${position}`).digest('hex').slice(0, 10)}`;

/**
 * Proves a position's best move with the engine: depth SEARCH_DEPTH and two deeper, two lines
 * each; the best must be the same move both times and beat the second by the game's margin. The
 * move, or null.
 */
export async function proveOnEngine<State>(
	engine: ReviewEngine,
	game: Game<State>,
	state: State,
	shouldStop: () => boolean = () => false,
): Promise<number | null> {
	if (game.legalMoves(state).length < 2) return null;
	const margin = searchMargin(game);
	let best: number | null = null;
	for (const depth of [SEARCH_DEPTH, SEARCH_DEPTH + 2]) {
		// Stopped: no second think begun after Esc (and the caller tells a stop from a refusal).
		if (shouldStop()) return null;
		const result = await engine.think(game, state, {limits: {depth, multiPv: 2, hardMs: PROOF_MS}});
		if (shouldStop()) return null;
		const [first, second] = [...result.lines].sort((a, b) => b.score - a.score);
		if (!first || !second || result.depth < depth) return null;
		if (first.score - second.score < margin) return null;
		if (best !== null && first.move !== best) return null;
		best = first.move;
	}
	return best;
}

export interface ScanCallbacks {
	readonly onProgress: (text: string) => void;
	readonly shouldStop: () => boolean;
}

/**
 * Looks through the kept games of `game` not looked through yet, newest first, and keeps the
 * person's blunders that prove as puzzles. Gives the standing after it and a sentence for the
 * status line.
 */
export async function scanMistakes(
	engine: ReviewEngine,
	dir: string,
	game: AnyGame,
	today: string,
	callbacks: ScanCallbacks,
): Promise<{readonly standing: Standing; readonly text: string}> {
	const done = new Set(loadLearning(dir).data.personal.scanned);
	const waiting = keptGames(dir, game).filter(name => !done.has(name));
	let found = 0;
	let blundered = 0;
	let looked = 0;
	let problem: string | null = null;
	for (const [index, name] of waiting.entries()) {
		if (callbacks.shouldStop()) break;
		const where = `game ${index + 1} of ${waiting.length}`;
		callbacks.onProgress(`${where}…`);
		const seen = await puzzlesOf(
			engine,
			join(gamesDir(dir), name),
			name,
			text => callbacks.onProgress(`${where}: ${text}`),
			callbacks.shouldStop,
		);
		if (seen === null) break;
		// Each game is written as it is done: a look stopped or killed keeps what it found.
		const {data} = loadLearning(dir);
		problem = saveLearning(dir, addPersonal(data, seen.puzzles, [name])) ?? problem;
		found += seen.puzzles.length;
		blundered += seen.blunders;
		looked++;
	}
	const standing = standingIn(loadLearning(dir).data, dir, game, today);
	const text =
		problem ??
		`Looked through ${looked} game${looked === 1 ? '' : 's'}: ${blundered} blunder${blundered === 1 ? '' : 's'} of yours, ${found} of them ${found === 1 ? 'a puzzle' : 'puzzles'}${
			blundered > found ? ' (the others had no one move clearly best, as a puzzle needs)' : ''
		}.`;
	return {standing, text};
}

/** The puzzles from one kept game, or null when the look was stopped. A file that does not read gives none. */
async function puzzlesOf(
	engine: ReviewEngine,
	path: string,
	name: string,
	onProgress: (text: string) => void,
	shouldStop: () => boolean,
): Promise<{readonly puzzles: Puzzle[]; readonly blunders: number} | null> {
	const source = readReviewable(path, undefined);
	if (!source.ok) return {puzzles: [], blunders: 0};
	const {game, line, moves, players} = source.value;
	const people = ([1, 2] as const).filter(player => players !== null && isPerson(players[player - 1]!));
	if (people.length === 0 || moves.length === 0) return {puzzles: [], blunders: 0};
	const total = line.length;
	const {evals, stopped} = await evaluateLine(
		engine,
		game,
		line,
		moves,
		{ms: LOOK_MS},
		{onEval: (_index, _evaluation, count) => onProgress(`looking, position ${count} of ${total}`), shouldStop},
	);
	if (stopped) return null;
	const blunders = judgeMoves(game, line, moves, evals).filter(
		move => people.includes(move.player) && (move.mark === 'blunder' || move.mark === 'missed-win'),
	);
	const puzzles: Puzzle[] = [];
	for (const [index, blunder] of blunders.entries()) {
		if (shouldStop()) return null;
		onProgress(`proving blunder ${index + 1} of ${blunders.length}`);
		const state = line[blunder.ply]!;
		const best = await proveOnEngine(engine, game, state, shouldStop);
		// A proof cut short by a stop is no refusal: the game is then not noted as looked through.
		if (shouldStop()) return null;
		if (best === null || best === moves[blunder.ply]) continue;
		const position = game.format(state);
		const after = game.play(state, best);
		const themes =
			game.puzzleThemes?.classify({
				start: state,
				solution: [best],
				line: [state, after],
				ends: game.outcome(after)?.winner === game.toMove(state) ? 'win' : 'advantage',
			}) ?? [];
		puzzles.push({
			id: personalId(game, position),
			game: game.id,
			position,
			solution: [game.formatMove(state, best)],
			themes,
			rating: 1500,
			proof: 'search',
			source: `your game ${name}, move ${blunder.number} (you played ${blunder.move})`,
		});
	}
	return shouldStop() ? null : {puzzles, blunders: blunders.length};
}
