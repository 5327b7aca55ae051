/**
 * The clock model: how much of a whole-game clock one move may spend (and of a clock per move,
 * where each move has its own allowance: half of it for starting iterations, 90 % at most).
 *
 * A move gets a soft budget (do not start another iteration after it; the search stretches it up
 * to 2.5× when the position is unclear: a new best move or a falling score) and a hard deadline
 * (stop whatever is under way). Both come from the clock left, the moves left and a reserve:
 *
 *   reserve = safety + overhead × (moves after this one)
 *   usable  = remaining − reserve − overhead of this move
 *   soft    = usable / min(moves left, HORIZON)
 *   hard    = min(usable × HARD_SHARE, soft × HARD_FACTOR)
 *
 * `overhead` is what a move costs outside the search (a contest entry's start-up; the time the
 * search may run past its deadline before it notices). The reserve is set aside before anything
 * is shared out, so a move that spends at most hard + overhead leaves the next move at least its
 * own reserve and overhead: played move after move, the budget never runs the clock out
 * (test/engine/time.test.ts plays whole games on a fake clock to check it). HARD_SHARE and
 * HARD_FACTOR only cap what one unclear move may take, so that it cannot starve the moves after it.
 */

import type {Game} from '../games/game.js';

export interface ClockReading {
	/** Milliseconds left on the mover's clock. */
	readonly remainingMs: number;
	/** The mover's moves left in the game, this one included (at least 1). */
	readonly movesLeft: number;
	/** Milliseconds each move costs outside the search. */
	readonly overheadMs: number;
	/** Milliseconds never to touch; by default 2 % of the clock, at least 100 ms. */
	readonly safetyMs?: number;
	/** Whether the clock is a move's own allowance (PAH-TUM's 10 s), which this move may spend whole. */
	readonly perMove?: boolean;
}

/** Milliseconds the AI behind the UI allows for the worker's round trip on each move. */
export const WORKER_OVERHEAD_MS = 60;

/** Moves a game without a move limit is planned for. */
export const UNLIMITED_MOVES = 40;
/** Of a move's own allowance, the share after which no new iteration starts, and the share that stops the search. */
export const PER_MOVE_SOFT = 0.5;
export const PER_MOVE_HARD = 0.9;

/**
 * The mover's clock as the time plan reads it, by the game's clock rule: `remainingMs` is what is
 * left of the game's clock, or of this move's allowance in a game with a clock per move.
 */
export function clockReading<State>(game: Game<State>, state: State, remainingMs: number, overheadMs: number): ClockReading {
	if (game.clock.per === 'move') return {remainingMs, movesLeft: 1, overheadMs, perMove: true};
	return {remainingMs, movesLeft: game.movesLeft(state) ?? UNLIMITED_MOVES, overheadMs};
}

export interface Budget {
	readonly softMs: number;
	readonly hardMs: number;
}

/** Plan as if the game had at most this many more moves: most LOAPS games end by a connection before the limit. */
export const HORIZON = 20;
export const HARD_SHARE = 0.25;
export const HARD_FACTOR = 3;

export function moveBudget(clock: ClockReading): Budget {
	if (clock.perMove) {
		const safety = clock.safetyMs ?? Math.max(100, clock.remainingMs * 0.02);
		const usable = Math.max(0, clock.remainingMs - safety - clock.overheadMs);
		return {softMs: usable * PER_MOVE_SOFT, hardMs: usable * PER_MOVE_HARD};
	}
	const movesLeft = Math.max(1, Math.floor(clock.movesLeft));
	const safety = clock.safetyMs ?? Math.max(100, clock.remainingMs * 0.02);
	const reserve = safety + clock.overheadMs * (movesLeft - 1);
	const usable = Math.max(0, clock.remainingMs - reserve - clock.overheadMs);
	const soft = usable / Math.min(movesLeft, HORIZON);
	const hard = Math.min(usable * HARD_SHARE, soft * HARD_FACTOR);
	return {softMs: Math.min(soft, hard), hardMs: hard};
}

