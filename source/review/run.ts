/**
 * Running a review: the engine looks at each position of a game in turn, with the same budget
 * each, through the UI's engine (the worker) or any other that thinks the same way. Positions
 * where the game is over are scored by its rules, with no search. What is done so far is kept
 * when the review is stopped.
 */
import type {Game} from '../games/game.js';
import {decidedIn} from '../engine/search.js';
import type {EngineInfo, EngineResult} from '../engine/client.js';
import type {ThinkRequest} from '../engine/players.js';
import {endEval} from './judge.js';
import type {GameReview, PositionEval} from './types.js';

/** What a review needs of an engine: EngineClient and the UI's engine are such. */
export interface ReviewEngine {
	think<State>(game: Game<State>, state: State, request: ThinkRequest, onProgress?: (info: EngineInfo) => void): Promise<EngineResult>;
}

/** A second a position by default, as the issue and the help say. */
export const DEFAULT_REVIEW_MS = 1000;

export type Budget = GameReview['budget'];

/** "1.0 s a move", "depth 6": the budget as the record's header and the screens say it. */
export const budgetText = (budget: Budget): string =>
	'ms' in budget ? `${(budget.ms / 1000).toFixed(1)} s a move` : `depth ${budget.depth}`;

/**
 * The search a position gets: two lines (the second tells an only move), within the budget. A
 * position may finish its iteration a little past half its time, never past all of it.
 */
export function reviewRequest(budget: Budget): ThinkRequest {
	return {limits: 'ms' in budget ? {softMs: budget.ms / 2, hardMs: budget.ms, multiPv: 2} : {depth: budget.depth, multiPv: 2}};
}

/** The engine's result as a position's evaluation. */
export function evalOf<State>(game: Game<State>, state: State, result: EngineResult): PositionEval {
	const lines = [...result.lines].sort((a, b) => b.score - a.score);
	const first = lines[0];
	const score = first?.score ?? result.score;
	const solved = result.stoppedBy === 'decided';
	const second = lines[1];
	return {
		score,
		proven: solved || decidedIn(score) !== null,
		best: first?.move ?? result.move,
		line: first?.text ?? (result.moveText ? [result.moveText] : []),
		second: second?.score ?? null,
		secondProven: second !== undefined && (solved || decidedIn(second.score) !== null),
		legal: game.legalMoves(state).length,
		depth: result.depth,
		nodes: result.nodes,
	};
}

/**
 * A position with one legal move, seen from the position after it: the search stops at once on
 * such a position, so its own score would be a shallow one. A decided score is a ply further off.
 */
function forcedEval<State>(game: Game<State>, state: State, move: number, after: State, next: PositionEval): PositionEval {
	const same = game.toMove(after) === game.toMove(state);
	const plies = decidedIn(next.score);
	let score = same ? next.score : 0 - next.score;
	if (plies !== null) score += score > 0 ? -1 : 1;
	return {
		...next,
		score,
		best: move,
		line: [game.formatMove(state, move), ...(same ? [] : next.line)],
		second: null,
		secondProven: false,
		legal: 1,
	};
}

export interface ReviewCallbacks {
	/** A position's evaluation is in: `done` positions of `total` are. */
	readonly onEval?: (index: number, evaluation: PositionEval, done: number, total: number) => void;
	/** The search under way reports. */
	readonly onProgress?: (index: number, info: EngineInfo) => void;
	/** Asked before each position and after each search: true stops the review (the search under way is the caller's to stop). */
	readonly shouldStop?: () => boolean;
	/** Evaluations already made (a review stopped and taken up again): those positions are not searched again. */
	readonly known?: readonly (PositionEval | undefined)[];
}

/**
 * Evaluates every position of `line` (moves[i] leads from line[i] to line[i + 1]), the first
 * first. Gives the evaluations so far (undefined for a position not reached, or whose search was
 * stopped) and whether it was stopped.
 */
export async function evaluateLine<State>(
	engine: ReviewEngine,
	game: Game<State>,
	line: readonly State[],
	moves: readonly number[],
	/** The budget of each position, or a function giving it as each search starts (the screen's + and -). */
	budget: Budget | (() => Budget),
	callbacks: ReviewCallbacks = {},
): Promise<{evals: (PositionEval | undefined)[]; stopped: boolean}> {
	const evals: (PositionEval | undefined)[] = Array.from({length: line.length}, (_, index) => callbacks.known?.[index]);
	const total = line.length;
	let done = evals.filter(evaluation => evaluation !== undefined).length;
	const put = (index: number, evaluation: PositionEval) => {
		evals[index] = evaluation;
		done++;
		callbacks.onEval?.(index, evaluation, done, total);
	};
	for (let index = 0; index < line.length; index++) {
		if (callbacks.shouldStop?.()) return {evals, stopped: true};
		const state = line[index]!;
		const ended = endEval(game, state);
		if (evals[index] !== undefined) {
			// Known already.
		} else if (ended) {
			put(index, ended);
		} else if (index < moves.length && game.legalMoves(state).length === 1) {
			// Filled in from the next position, once that one is known.
			continue;
		} else {
			const result = await engine.think(game, state, reviewRequest(typeof budget === 'function' ? budget() : budget), info =>
				callbacks.onProgress?.(index, info),
			);
			if (callbacks.shouldStop?.()) return {evals, stopped: true};
			put(index, evalOf(game, state, result));
		}
		// The forced positions just before this one, the nearest first.
		for (
			let back = index - 1;
			back >= 0 && evals[back] === undefined && game.legalMoves(line[back]!).length === 1 && !game.outcome(line[back]!);
			back--
		) {
			put(back, forcedEval(game, line[back]!, moves[back]!, line[back + 1]!, evals[back + 1]!));
		}
	}
	return {evals, stopped: false};
}
