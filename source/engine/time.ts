/**
 * The clock model: how much of a whole-game clock one move may spend (and of a clock per move,
 * where each move has its own allowance: half of it for starting iterations, 90 % at most).
 *
 * A move gets a soft budget (do not start another iteration after it; the search stretches it up
 * to 2.5× when the position is unclear: a new best move or a falling score) and a hard deadline
 * (stop whatever is under way). Both come from the clock left, two counts of moves and a reserve:
 *
 *   reserve = safety + overhead × (most moves left − 1)
 *   usable  = remaining − reserve − overhead of this move
 *   soft    = usable / expected moves left
 *   hard    = min(usable × HARD_SHARE, soft × HARD_FACTOR)
 *
 * `overhead` is what a move costs at the least outside a real search: a contest entry's start-up
 * and its cheapest move (potm move plays a one-ply look-ahead when there is no time to search),
 * its answer and its exit; a built-in AI's messages. The reserve keeps that much for every move the
 * game may still ask of the mover (to LOAPS's move limit), so a game that goes all the way is never
 * lost on time, and nothing more: a game that ends earlier leaves only the least cost of moves it
 * never played, and the safety (a share of the clock, so it shrinks as the clock does). A move that
 * spends at most hard + overhead leaves the next move at least its own reserve and overhead:
 * played move after move, the budget never runs the clock out (test/engine/time.test.ts plays
 * whole games on a fake clock to check it, whatever the estimate of the moves left says).
 *
 * What is usable is shared over the moves the game will most likely still last (the game's
 * estimate from the position, games/loa/moves-left.ts for LOA), not over the most it could. If a
 * move is worth about the logarithm of its time (each doubling a ply or so), the best split of a
 * clock over a game of uncertain length gives move i a time in proportion to the chance that the
 * game lasts to move i; those chances sum to the expected number of moves, and the first is 1: this
 * move gets usable / (expected moves). The estimate is read again at every move, so a game that
 * lasts longer than it looked gets less a move from then on. HARD_SHARE and HARD_FACTOR only cap
 * what one unclear move may take, so that it cannot starve the moves after it when the game goes
 * on longer than expected.
 */

import type {Game} from '../games/game.js';

export interface ClockReading {
	/** Milliseconds left on the mover's clock. */
	readonly remainingMs: number;
	/**
	 * The most moves the mover may still have to make, this one included (at least 1): the reserve
	 * keeps a move's overhead for each of them.
	 */
	readonly movesLeft: number;
	/**
	 * The moves the mover will most likely still make, this one included, over which the usable
	 * clock is shared; `movesLeft` when absent. Read as at least 1 and at most `movesLeft`.
	 */
	readonly expectedMoves?: number;
	/** Milliseconds each move costs at the least, outside a real search (see the header). */
	readonly overheadMs: number;
	/** Milliseconds never to touch; by default 2 % of the clock, at least 100 ms. */
	readonly safetyMs?: number;
	/** Whether the clock is a move's own allowance (PAH-TUM's 10 s), which this move may spend whole. */
	readonly perMove?: boolean;
}

/** Milliseconds the AI behind the UI allows for the worker's round trip on each move. */
export const WORKER_OVERHEAD_MS = 60;

/**
 * In a game without a move limit (classic LOA) no reserve can cover every move the game may
 * last: it covers UNLIMITED_FACTOR times the moves expected, and at least UNLIMITED_MIN_MOVES.
 * Read again at every move, it follows the game. The floor is what a game that outlasts its
 * estimate lives on once the rest of the clock is spent: 20 least-cost moves (1.5 s of a 10 s
 * clock for dist/potm-move). Replayed on a fake clock with the classic self-play games of
 * tools/moves-left-data.ts, each made 30 % longer than it was, a floor of 10 ran out of time in 24
 * of 446 sides, 20 in 2 (and in none at their real lengths, where 10 lost 2).
 */
export const UNLIMITED_FACTOR = 2;
export const UNLIMITED_MIN_MOVES = 20;
/** The moves expected, at the most, in a game that does not estimate them. */
export const UNKNOWN_MOVES = 20;
/** Of a move's own allowance, the share after which no new iteration starts, and the share that stops the search. */
export const PER_MOVE_SOFT = 0.5;
export const PER_MOVE_HARD = 0.9;

/**
 * The mover's clock as the time plan reads it, by the game's clock rule: `remainingMs` is what is
 * left of the game's clock, or of this move's allowance in a game with a clock per move.
 */
export function clockReading<State>(game: Game<State>, state: State, remainingMs: number, overheadMs: number): ClockReading {
	if (game.clock.per === 'move') return {remainingMs, movesLeft: 1, overheadMs, perMove: true};
	const bound = game.movesLeft(state);
	// A game that does not estimate its moves left is planned over at most UNKNOWN_MOVES of them,
	// as every game was before the estimate (LINES and BOXES's bound, half its free segments, is
	// far more than its games last: 8×8's first move would get a quarter of what it had).
	const expected = game.expectedMovesLeft?.(state) ?? Math.min(bound ?? UNKNOWN_MOVES, UNKNOWN_MOVES);
	const movesLeft = bound ?? Math.max(UNLIMITED_MIN_MOVES, Math.ceil(expected * UNLIMITED_FACTOR));
	return {remainingMs, movesLeft, expectedMoves: expected, overheadMs};
}

export interface Budget {
	readonly softMs: number;
	readonly hardMs: number;
}

export const HARD_SHARE = 0.5;
export const HARD_FACTOR = 3;

/** The default safety margin: 2 % of the clock, at least 100 ms. */
export const defaultSafetyMs = (remainingMs: number): number => Math.max(100, remainingMs * 0.02);

export function moveBudget(clock: ClockReading): Budget {
	const safety = clock.safetyMs ?? defaultSafetyMs(clock.remainingMs);
	if (clock.perMove) {
		const usable = Math.max(0, clock.remainingMs - safety - clock.overheadMs);
		return {softMs: usable * PER_MOVE_SOFT, hardMs: usable * PER_MOVE_HARD};
	}
	const movesLeft = Math.max(1, Math.floor(clock.movesLeft));
	const expected = Math.min(movesLeft, Math.max(1, clock.expectedMoves ?? movesLeft));
	const reserve = safety + clock.overheadMs * (movesLeft - 1);
	const usable = Math.max(0, clock.remainingMs - reserve - clock.overheadMs);
	const soft = usable / expected;
	const hard = Math.min(usable * HARD_SHARE, soft * HARD_FACTOR);
	return {softMs: Math.min(soft, hard), hardMs: hard};
}
