/**
 * The clock model: how much of a whole-game clock one move may spend.
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

export interface ClockReading {
	/** Milliseconds left on the mover's clock. */
	readonly remainingMs: number;
	/** The mover's moves left in the game, this one included (at least 1). */
	readonly movesLeft: number;
	/** Milliseconds each move costs outside the search. */
	readonly overheadMs: number;
	/** Milliseconds never to touch; by default 2 % of the clock, at least 100 ms. */
	readonly safetyMs?: number;
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
	const movesLeft = Math.max(1, Math.floor(clock.movesLeft));
	const safety = clock.safetyMs ?? Math.max(100, clock.remainingMs * 0.02);
	const reserve = safety + clock.overheadMs * (movesLeft - 1);
	const usable = Math.max(0, clock.remainingMs - reserve - clock.overheadMs);
	const soft = usable / Math.min(movesLeft, HORIZON);
	const hard = Math.min(usable * HARD_SHARE, soft * HARD_FACTOR);
	return {softMs: Math.min(soft, hard), hardMs: hard};
}

