/**
 * The clock model: how much of a whole-game clock one move may spend (and of a clock per move,
 * where each move has its own allowance: half of it for starting iterations, 90 % at most).
 *
 * A move gets a soft budget (do not start another iteration after it; the search stretches it up
 * to 2.5× when the position is unclear: a new best move or a falling score) and a hard deadline
 * (stop whatever is under way). Both come from the clock left, two counts of moves and a reserve:
 *
 *   reserve = safety + overhead × (likely moves left − 1)
 *   usable  = remaining − reserve − overhead of this move
 *   soft    = usable / expected moves left   (or usable × the game's share for this move)
 *   hard    = min(usable × HARD_SHARE, soft × HARD_FACTOR)
 *
 * `overhead` is what a move costs at the least outside a real search: a contest entry's start-up,
 * the shallow search every move gets (below), its answer and its exit; a built-in AI's messages.
 *
 * What the rest of the game will cost is kept back, and no more: the reserve covers the moves the
 * game will likely still last (LIKELY_FACTOR × expected + LIKELY_EXTRA, above the longest tail of
 * self-play games, test/engine/time.test.ts; and once a game has lasted long, more and more of the
 * moves to its limit), not every move it could last (LOAPS's move limit).
 * Kept for all 50 moves, a contest entry's start-up took a third of a 10 s clock and left it unused
 * in games that end near move 20. Where every move to the limit costs little (FULL_SHARE of the
 * clock, as at 60 s early on) the reserve covers them all. The price: a game that outlasts its
 * likely length at every move plays the moves past it at the least pace (soft and hard 0: the
 * shallow search only), and one that outlasts even that can run out; the estimate is read again at
 * every move, so a game that goes on longer than it looked is planned for at once.
 *
 * What is usable is shared over the moves the game will most likely still last (the game's
 * estimate from the position, games/loa/moves-left.ts for LOA), not over the most it could. If a
 * move is worth about the logarithm of its time (each doubling a ply or so), the best split of a
 * clock over a game of uncertain length gives move i a time in proportion to the chance that the
 * game lasts to move i; those chances sum to the expected number of moves, and the first is 1: this
 * move gets usable / (expected moves). Where the moves of a game are not alike (Game.timeShare:
 * LINES and BOXES's opening decides less than its endgame), the game gives this move's share of
 * the weights of the moves expected instead, at most 1 / SHARED_OVER_LEAST. HARD_SHARE and
 * HARD_FACTOR only cap what one unclear move may take, so that it cannot starve the moves after
 * it when the game goes on longer than expected.
 *
 * Every move is searched: with more than MIN_DEPTH_CLOCK_MS left, the search finishes depth
 * MIN_DEPTH (the opponent's every reply, with the game's own endings) even past the hard deadline,
 * cut short only at `cutoffMs`, a quarter of what the clock holds beyond the safety. A move played
 * from a one-ply look-ahead let the opponent capture into a connection.
 */

import type {Game} from '../games/game.js';

export interface ClockReading {
	/** Milliseconds left on the mover's clock. */
	readonly remainingMs: number;
	/** The most moves the mover may still have to make, this one included (at least 1; Infinity without a move limit). */
	readonly movesLeft: number;
	/**
	 * The moves the mover will most likely still make, this one included, over which the usable
	 * clock is shared; `movesLeft` when absent. Read as at least 1 and at most `movesLeft`.
	 */
	readonly expectedMoves?: number;
	/**
	 * The moves the reserve keeps a move's overhead for, this one included: what the game will
	 * likely still last at the longest (see likelyMovesLeft); `movesLeft` when absent. Read as at
	 * least 1 and at most `movesLeft`.
	 */
	readonly likelyMoves?: number;
	/** Milliseconds each move costs at the least, outside a real search (see the header). */
	readonly overheadMs: number;
	/**
	 * What this move still costs outside its search, where that is not a whole overhead (a contest
	 * entry that has started already: its answer and exit); `overheadMs` when absent.
	 */
	readonly ownOverheadMs?: number;
	/** Milliseconds never to touch; by default 2 % of the clock, at least 100 ms. */
	readonly safetyMs?: number;
	/** The share of the usable time for this move (Game.timeShare); an even share of the expected moves when absent. */
	readonly share?: number;
	/** Whether the clock is a move's own allowance (PAH-TUM's 10 s), which this move may spend whole. */
	readonly perMove?: boolean;
}

/** Milliseconds the AI behind the UI allows for the worker's round trip on each move. */
export const WORKER_OVERHEAD_MS = 60;

/**
 * The moves left that the reserve covers: LIKELY_FACTOR × the moves expected + LIKELY_EXTRA.
 * Over the LOAPS and classic self-play games of test/fixtures/moves-left-games.jsonl, the moves
 * really left exceeded the estimate by at most 5.9 (LOAPS) and 7.3 (classic), and by 6.5 at the
 * 98th percentile where the estimate is 12 or more: at the start (14 moves expected in LOAPS, 21
 * in classic) this keeps 26 and 36, near the end (1 to 3 expected) 6 to 9.
 */
export const LIKELY_FACTOR = 1.5;
export const LIKELY_EXTRA = 4;
/**
 * In a game without a move limit (classic LOA) the reserve covers at least this many moves: what
 * a game that outlasts every estimate lives on once the rest of the clock is spent (1.5 s of a
 * 10 s clock for the contest entry). Replayed on a fake clock with the classic self-play games of
 * tools/moves-left-data.ts, each made 30 % longer than it was, a floor of 10 ran out of time in 24
 * of 446 sides, 20 in 2 (and in none at their real lengths, where 10 lost 2).
 */
export const UNLIMITED_MIN_MOVES = 20;
/** The moves expected, at the most, in a game that does not estimate them. */
export const UNKNOWN_MOVES = 20;
/** Of a move's own allowance, the share after which no new iteration starts, and the share that stops the search. */
export const PER_MOVE_SOFT = 0.5;
export const PER_MOVE_HARD = 0.9;
/**
 * The usable clock is shared over at least this many moves (fewer only where the limit leaves
 * fewer): an estimate near the end is often wrong by more than the end is near. Against the strong
 * sparring partner, LOAPS positions read as 2 moves from the end lasted 15 more, and a plan that
 * spent half of what it had on each of them had nothing left for the rest.
 */
export const SHARED_OVER_LEAST = 3;
/**
 * Where the least cost of every move to the game's limit is at most this share of the clock, the
 * reserve covers them all, and no game of any length runs out (60 s at the start of LOAPS: 4.4 s
 * for 49 moves at 90 ms); where it is more (10 s), the likely moves.
 */
export const FULL_SHARE = 0.1;
/** The depth every clocked move completes, and the clock above which it does. */
export const MIN_DEPTH = 2;
export const MIN_DEPTH_CLOCK_MS = 1000;
/** Of the clock beyond the safety, the share after which even the least depth is cut short. */
export const CUTOFF_SHARE = 0.25;

/**
 * A game that has lasted long is likely to last longer than its position says: from move
 * LATE_FROM the reserve covers a growing share of every move to the game's limit, all of them from
 * LATE_FROM + LATE_SPAN. Games against the strong sparring partner that went on to move 35-50
 * were lost on time at 10 s without it (most of them lopsided on points, which Game.dragsOn now
 * covers from the start); from move 15 it left a fifth of a 10 s clock unused in games that ended
 * between moves 20 and 30.
 */
export const LATE_FROM = 20;
export const LATE_SPAN = 15;

/**
 * Where the game says it may drag on (Game.dragsOn: a lopsided LOAPS margin), the reserve covers
 * this share more of the moves between the likely count and the limit: all of them. Half of them
 * was too little: a side 100 points behind the plain alpha-beta partner, which landed on d4 and
 * left again to move 47, ran out of time three moves before the draw at move 50 would have
 * saved it the game.
 */
export const DRAG_SHARE = 1;

/**
 * The moves left the reserve covers, from those expected, the most there can be, the move's
 * number and whether the game may drag on.
 */
export function likelyMovesLeft(expected: number, most: number, moveNumber = 1, dragsOn = false): number {
	let likely = Math.ceil(LIKELY_FACTOR * expected + LIKELY_EXTRA);
	if (most === Infinity) return Math.max(UNLIMITED_MIN_MOVES, likely);
	if (dragsOn && likely < most) likely += Math.ceil((most - likely) * DRAG_SHARE);
	const late = Math.ceil(most * Math.min(1, Math.max(0, (moveNumber - LATE_FROM) / LATE_SPAN)));
	return Math.max(1, Math.min(most, Math.max(likely, late)));
}

/**
 * The mover's clock as the time plan reads it, by the game's clock rule: `remainingMs` is what is
 * left of the game's clock, or of this move's allowance in a game with a clock per move.
 */
export function clockReading<State>(game: Game<State>, state: State, remainingMs: number, overheadMs: number): ClockReading {
	if (game.clock.per === 'move') return {remainingMs, movesLeft: 1, overheadMs, perMove: true};
	const bound = game.movesLeft(state);
	const movesLeft = bound ?? Infinity;
	// A game that does not estimate its moves left is planned over at most UNKNOWN_MOVES of them:
	// a bound can be far more than games last (LINES and BOXES's, half its free unit segments, is
	// 72 moves on an empty 8×8; it estimates 60 now, EXPECTED_MOVES_PER_FREE_UNIT).
	const expected = Math.min(movesLeft, game.expectedMovesLeft?.(state) ?? UNKNOWN_MOVES);
	const likely = likelyMovesLeft(expected, movesLeft, game.moveNumber(state), game.dragsOn?.(state) ?? false);
	const share = game.timeShare?.(state);
	return {remainingMs, movesLeft, expectedMoves: expected, likelyMoves: likely, overheadMs, ...(share === undefined ? {} : {share})};
}

export interface Budget {
	readonly softMs: number;
	readonly hardMs: number;
	/** The depth the search completes whatever the budgets say (MIN_DEPTH, or 1 on a clock near its end). */
	readonly minDepth: number;
	/** When even that depth is cut short. */
	readonly cutoffMs: number;
}

export const HARD_SHARE = 0.5;
export const HARD_FACTOR = 3;

/** The default safety margin: 2 % of the clock, at least 100 ms. */
export const defaultSafetyMs = (remainingMs: number): number => Math.max(100, remainingMs * 0.02);

export function moveBudget(clock: ClockReading): Budget {
	const safety = clock.safetyMs ?? defaultSafetyMs(clock.remainingMs);
	const own = clock.ownOverheadMs ?? clock.overheadMs;
	const spare = Math.max(0, clock.remainingMs - safety - own);
	const floor = {minDepth: clock.remainingMs > MIN_DEPTH_CLOCK_MS ? MIN_DEPTH : 1, cutoffMs: spare * CUTOFF_SHARE};
	if (clock.perMove) {
		const hard = spare * PER_MOVE_HARD;
		return {softMs: spare * PER_MOVE_SOFT, hardMs: hard, ...floor, cutoffMs: Math.max(hard, floor.cutoffMs)};
	}
	const movesLeft = Math.max(1, Math.floor(clock.movesLeft));
	const expected = Math.min(movesLeft, Math.max(SHARED_OVER_LEAST, clock.expectedMoves ?? movesLeft));
	// Without a likely count: every move to the limit, or the least a game without one keeps.
	let likely = Math.min(
		movesLeft,
		Math.max(1, Math.floor(clock.likelyMoves ?? (movesLeft === Infinity ? UNLIMITED_MIN_MOVES : movesLeft))),
	);
	// Every move to the limit, where that costs little: the clock then never runs out.
	if (movesLeft !== Infinity && clock.overheadMs * (movesLeft - 1) <= FULL_SHARE * clock.remainingMs) likely = movesLeft;
	const reserve = safety + clock.overheadMs * (likely - 1);
	const usable = Math.max(0, clock.remainingMs - reserve - own);
	const soft = clock.share === undefined ? usable / expected : usable * Math.min(clock.share, 1 / SHARED_OVER_LEAST);
	const hard = Math.min(usable * HARD_SHARE, soft * HARD_FACTOR);
	return {softMs: Math.min(soft, hard), hardMs: hard, ...floor, cutoffMs: Math.max(hard, floor.cutoffMs)};
}
