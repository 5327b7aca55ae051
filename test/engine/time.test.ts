/**
 * The clock model (source/engine/time.ts) and the search's use of it, on fake clocks only: no
 * assertion here depends on how fast the machine is.
 */
import * as fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {Searcher, type SearchInfo} from '../../source/engine/search.js';
import {
	HARD_FACTOR,
	HARD_SHARE,
	UNKNOWN_MOVES,
	UNLIMITED_FACTOR,
	UNLIMITED_MIN_MOVES,
	clockReading,
	defaultSafetyMs,
	moveBudget,
	type ClockReading,
} from '../../source/engine/time.js';
import {boxes} from '../../source/games/boxes/index.js';
import {classicLoa, loaps} from '../../source/games/loa/index.js';
import {expectedMovesLeft} from '../../source/games/loa/moves-left.js';
import type {LoaState} from '../../source/games/loa/rules.js';
import {pahtum} from '../../source/games/pahtum/index.js';
import {steppingClock} from '../helpers/clock.js';
import {loadSave} from '../helpers/saves.js';


const POSITIONS: readonly (readonly [string, LoaState])[] = [
	['the start', loaps.initial()],
	['red-move-10.txt', loadSave('red-move-10.txt')],
	['blue-move-28.txt', loadSave('blue-move-28.txt')],
];

const defaultSafety = defaultSafetyMs;


describe('moveBudget: one move', () => {
	interface Reading {
		readonly remainingMs: number;
		readonly movesLeft: number;
		readonly expectedMoves: number | undefined;
		readonly overheadMs: number;
		readonly safetyMs: number | undefined;
	}

	/** The clock at which remaining = safety + overhead × movesLeft (the default safety depends on the clock). */
	function threshold(movesLeft: number, overheadMs: number, safetyMs: number | undefined): number {
		const overheads = overheadMs * movesLeft;
		return safetyMs !== undefined ? safetyMs + overheads : Math.max(100 + overheads, overheads / 0.98);
	}

	const rest = fc.tuple(
		fc.integer({min: 1, max: 50}),
		// Any estimate, even one the plan must bring within 1 .. movesLeft.
		fc.option(fc.double({min: -5, max: 80, noNaN: true}), {nil: undefined}),
		fc.double({min: 0, max: 500, noNaN: true}),
		fc.option(fc.double({min: 0, max: 5000, noNaN: true}), {nil: undefined}),
	);
	/** Any clock in [0, 120 s], or one within a few hundred ms of the reserve, where the margins are thinnest. */
	const reading: fc.Arbitrary<Reading> = fc.oneof(
		fc.tuple(fc.double({min: 0, max: 120_000, noNaN: true}), rest).map(([remainingMs, [movesLeft, expectedMoves, overheadMs, safetyMs]]) => ({
			remainingMs,
			movesLeft,
			expectedMoves,
			overheadMs,
			safetyMs,
		})),
		fc.tuple(fc.double({min: -200, max: 1000, noNaN: true}), rest).map(([excess, [movesLeft, expectedMoves, overheadMs, safetyMs]]) => ({
			remainingMs: Math.min(120_000, Math.max(0, threshold(movesLeft, overheadMs, safetyMs) + excess)),
			movesLeft,
			expectedMoves,
			overheadMs,
			safetyMs,
		})),
	);
	const clockOf = ({remainingMs, movesLeft, expectedMoves, overheadMs, safetyMs}: Reading): ClockReading => ({
		remainingMs,
		movesLeft,
		overheadMs,
		...(expectedMoves === undefined ? {} : {expectedMoves}),
		...(safetyMs === undefined ? {} : {safetyMs}),
	});

	test('0 <= soft <= hard, and hard + overhead fits in the clock whenever the clock exceeds the reserve, whatever the estimate', () => {
		fc.assert(
			fc.property(reading, r => {
				const {softMs, hardMs} = moveBudget(clockOf(r));
				expect(softMs).toBeGreaterThanOrEqual(0);
				expect(softMs).toBeLessThanOrEqual(hardMs);
				const reserve = (r.safetyMs ?? defaultSafety(r.remainingMs)) + r.overheadMs * r.movesLeft;
				if (r.remainingMs > reserve) {
					expect(hardMs + r.overheadMs).toBeLessThanOrEqual(r.remainingMs);
					// And it leaves the safety and the overheads of the moves after this one untouched.
					expect(r.remainingMs - hardMs - r.overheadMs).toBeGreaterThanOrEqual(reserve - r.overheadMs - 1e-9);
				} else if (r.remainingMs < reserve - 1e-6) {
					expect(hardMs).toBe(0);
					expect(softMs).toBe(0);
				} else {
					// At the reserve itself rounding may leave a few ulps: 'usable' sums the overheads
					// in another order than the reserve here (fast-check found 3.5e-252 ms).
					expect(hardMs).toBeLessThan(1e-9);
				}
			}),
			{numRuns: 2000},
		);
	});

	test('the estimate only shares the clock out: fewer moves expected, more for this move, never more than the reserve allows', () => {
		fc.assert(
			fc.property(reading, fc.double({min: 1, max: 50, noNaN: true}), fc.double({min: 1, max: 50, noNaN: true}), (r, a, b) => {
				const [fewer, more] = a < b ? [a, b] : [b, a];
				const many = moveBudget(clockOf({...r, expectedMoves: more}));
				const few = moveBudget(clockOf({...r, expectedMoves: fewer}));
				expect(few.softMs).toBeGreaterThanOrEqual(many.softMs);
				expect(few.hardMs).toBeGreaterThanOrEqual(many.hardMs);
				// The most the estimate can give: every move but this one expected away, still capped.
				const least = moveBudget(clockOf({...r, expectedMoves: 1}));
				expect(few.hardMs).toBeLessThanOrEqual(least.hardMs);
			}),
			{numRuns: 500},
		);
	});

	test('the formula in the header, on hand-worked clocks', () => {
		// 60 s, at most 50 moves, 14 expected, 75 ms overhead: reserve 1200 + 75 × 49 = 4875, usable
		// 60 000 - 4875 - 75 = 55 050, soft 55 050 / 14, hard 3 softs (less than half the usable).
		const start = moveBudget({remainingMs: 60_000, movesLeft: 50, expectedMoves: 14, overheadMs: 75});
		expect(start.softMs).toBeCloseTo(55_050 / 14, 6);
		expect(start.hardMs).toBeCloseTo((3 * 55_050) / 14, 6);
		// Without an estimate the clock is shared over every move the limit allows.
		expect(moveBudget({remainingMs: 60_000, movesLeft: 50, overheadMs: 100})).toEqual({softMs: 1076, hardMs: 3228});
		// An estimate of 20 gives what the plan before issue 16 gave (it shared over at most 20).
		expect(moveBudget({remainingMs: 60_000, movesLeft: 50, expectedMoves: 20, overheadMs: 100})).toEqual({softMs: 2690, hardMs: 8070});
		// The last move: hard is HARD_SHARE of usable, and soft may not exceed it.
		const last = moveBudget({remainingMs: 10_000, movesLeft: 1, overheadMs: 100});
		expect(last.hardMs).toBeCloseTo((10_000 - 200 - 100) * HARD_SHARE, 6);
		expect(last.softMs).toBe(last.hardMs);
		// Two moves expected of 30 possible: soft is half the usable, and hard the HARD_SHARE cap.
		const near = moveBudget({remainingMs: 10_000, movesLeft: 30, expectedMoves: 2, overheadMs: 70, safetyMs: 100});
		const usable = 10_000 - 100 - 70 * 30;
		expect(near.hardMs).toBeCloseTo(usable * HARD_SHARE, 6);
		expect(near.softMs).toBeCloseTo(Math.min(usable / 2, usable * HARD_SHARE), 6);
		// Less than the reserve: nothing to search with.
		expect(moveBudget({remainingMs: 5000, movesLeft: 50, expectedMoves: 10, overheadMs: 100})).toEqual({softMs: 0, hardMs: 0});
		// Far from the end, hard is HARD_FACTOR softs.
		const early = moveBudget({remainingMs: 60_000, movesLeft: 30, expectedMoves: 20, overheadMs: 0, safetyMs: 0});
		expect(early.softMs).toBeCloseTo(60_000 / 20, 6);
		expect(early.hardMs).toBeCloseTo(Math.min(60_000 * HARD_SHARE, (60_000 / 20) * HARD_FACTOR), 6);
		// An estimate beyond the limit counts as the limit; one below 1 as 1.
		expect(moveBudget({remainingMs: 60_000, movesLeft: 5, expectedMoves: 9, overheadMs: 50})).toEqual(moveBudget({remainingMs: 60_000, movesLeft: 5, overheadMs: 50}));
		expect(moveBudget({remainingMs: 60_000, movesLeft: 5, expectedMoves: 0.2, overheadMs: 50})).toEqual(moveBudget({remainingMs: 60_000, movesLeft: 5, expectedMoves: 1, overheadMs: 50}));
	});
});

describe('moveBudget: whole games on a fake clock', () => {
	/**
	 * Plays a game from `startMs` on the clock with the move limit `limit`, over which the game
	 * really lasts `fractions.length` moves (any number up to the limit): each move spends
	 * `fractions[m]` of its hard budget plus the overhead, and the plan is told `estimates[m]` moves
	 * are to come (any number: the estimate may be wildly wrong). Checks after every move that the
	 * clock kept its safety margin and still holds the next move's reserve, the overheads of every
	 * move to the limit. Returns what is left.
	 */
	function playGame(startMs: number, overheadMs: number, fractions: readonly number[], estimates: readonly number[] = [], limit = fractions.length): number {
		let remaining = startMs;
		const moves = fractions.length;
		for (let m = 1; m <= moves; m++) {
			const movesLeft = limit - m + 1;
			const safety = defaultSafety(remaining);
			const estimate = estimates[m - 1];
			const {hardMs} = moveBudget({remainingMs: remaining, movesLeft, overheadMs, ...(estimate === undefined ? {} : {expectedMoves: estimate})});
			const before = remaining;
			remaining -= fractions[m - 1]! * hardMs + overheadMs;
			// The next move finds at least its own reserve (the induction in the header comment).
			const nextNeeds = defaultSafety(remaining) + overheadMs * (movesLeft - 1);
			// Plain checks in the loop (expect is slow over thousands of moves); details on failure.
			if (remaining < 0 || remaining < safety - 1e-6 || remaining < nextNeeds - 1e-6) {
				expect.fail(
					`move ${m} of ${moves} (limit ${limit}) from ${startMs} ms, overhead ${overheadMs} ms, estimate ${estimate}: ${before} ms left, ` +
						`hard ${hardMs} ms, ${remaining} ms after it (safety ${safety} ms, next move needs ${nextNeeds} ms)`,
				);
			}
		}
		return remaining;
	}

	const fractions = fc.array(fc.double({min: 0, max: 1, noNaN: true}), {minLength: 50, maxLength: 50});
	/** Each move spends its whole hard budget, or nothing, or anything between, with 1 in 3 of each. */
	const mixedFractions = fc.array(fc.oneof(fc.constant(1), fc.constant(0), fc.double({min: 0, max: 1, noNaN: true})), {
		minLength: 50,
		maxLength: 50,
	});
	/** Estimates of the moves to come: none, always 1 (the most eager), or anything, move by move. */
	const estimates = fc.oneof(
		fc.constant<number[]>([]),
		fc.constant<number[]>(new Array<number>(50).fill(1)),
		fc.array(fc.double({min: 0, max: 60, noNaN: true}), {minLength: 50, maxLength: 50}),
	);

	test('60 s over 50 moves never runs out, whatever each move spends of its hard budget and whatever the estimate says', () => {
		fc.assert(
			fc.property(fc.oneof(fractions, mixedFractions), estimates, fc.constantFrom(0, 30, 75, 100, 163, 250, 500), (spent, guesses, overheadMs) => {
				expect(playGame(60_000, overheadMs, spent, guesses)).toBeGreaterThanOrEqual(100);
			}),
			{numRuns: 500},
		);
	});

	test('any clock that covers the first reserve is never run out, for any game length up to the limit', () => {
		fc.assert(
			fc.property(
				fc.double({min: 100, max: 120_000, noNaN: true}),
				fc.double({min: 0, max: 500, noNaN: true}),
				fc.integer({min: 1, max: 50}),
				fc.integer({min: 0, max: 49}),
				mixedFractions,
				estimates,
				(startMs, overheadMs, limit, shorter, spent, guesses) => {
					// With less than the first reserve the overheads alone are more than the clock.
					fc.pre(startMs >= defaultSafety(startMs) + overheadMs * limit);
					const moves = Math.max(1, limit - shorter);
					expect(playGame(startMs, overheadMs, spent.slice(0, moves), guesses, limit)).toBeGreaterThanOrEqual(100 - 1e-6);
				},
			),
			{numRuns: 1000},
		);
	});

	test('spending the whole hard budget every move, told every move is the last, still ends with the safety margin', () => {
		for (const startMs of [5000, 10_000, 60_000]) {
			const left = playGame(startMs, 75, new Array<number>(50).fill(1), new Array<number>(50).fill(1));
			expect(left).toBeGreaterThanOrEqual(100);
		}
	});
});

describe('moveBudget: spends the clock', () => {
	/**
	 * A game of `moves` moves (of a limit of 50) whose estimate is right at every move, each move
	 * spending its soft budget plus the overhead: the share of the clock used at the end.
	 */
	function used(startMs: number, overheadMs: number, moves: number, limit = 50): number {
		let remaining = startMs;
		for (let m = 1; m <= moves; m++) {
			const {softMs} = moveBudget({remainingMs: remaining, movesLeft: limit - m + 1, expectedMoves: moves - m + 1, overheadMs});
			remaining -= softMs + overheadMs;
		}
		return (startMs - remaining) / startMs;
	}

	test('a game that lasts as long as expected uses the clock but for the reserve of the moves it never played', () => {
		for (const startMs of [5000, 10_000, 60_000]) {
			for (const moves of [5, 10, 15, 21, 25, 30, 40, 50]) {
				// What must stay: the overheads of the moves to the limit and the safety.
				const reserve = 75 * (50 - moves) + 100;
				const left = (1 - used(startMs, 75, moves)) * startMs;
				expect(left).toBeGreaterThanOrEqual(reserve - 1e-6);
				// What may stay besides: the 2 % safety, and what HARD_SHARE keeps back from the last
				// move (the plan cannot know it is the last), about its share of the usable clock.
				expect(left).toBeLessThanOrEqual(reserve + 0.02 * startMs + ((1 - HARD_SHARE) * startMs) / moves);
			}
		}
		// Measured, with a 75 ms overhead: at 60 s every length from 21 moves uses 93.8 % or more, 10
		// moves 89.8 %; at 10 s a game of 21 moves 75.8 % (the reserve for moves 22 to 50 is 2.2 s),
		// of 25 moves 79.0 %, of 30 moves 83.0 %.
		expect(used(60_000, 75, 21)).toBeGreaterThan(0.93);
		expect(used(10_000, 75, 21)).toBeGreaterThan(0.75);
		expect(used(10_000, 75, 30)).toBeGreaterThan(0.82);
	});

	test('an estimate of the moves left spends more of the clock than sharing over the move limit did', () => {
		// The plan before issue 16 shared over min(moves to the limit, 20), a game of 15 moves at 10 s.
		let remaining = 10_000;
		let before = 10_000;
		for (let m = 1; m <= 15; m++) {
			remaining -= moveBudget({remainingMs: remaining, movesLeft: 51 - m, expectedMoves: 16 - m, overheadMs: 75}).softMs + 75;
			before -= moveBudget({remainingMs: before, movesLeft: 51 - m, expectedMoves: 20, overheadMs: 75}).softMs + 75;
		}
		expect(10_000 - remaining).toBeGreaterThan(10_000 - before + 1000);
	});
});

describe('clockReading: what each game tells the plan', () => {
	test('LOAPS: the move limit bounds the reserve, the position estimates the moves to come', () => {
		const reading = clockReading(loaps, loaps.initial(), 60_000, 75);
		expect(reading).toEqual({remainingMs: 60_000, movesLeft: 50, expectedMoves: expectedMovesLeft(loaps.initial()), overheadMs: 75});
		expect(reading.expectedMoves).toBeGreaterThan(10);
		expect(reading.expectedMoves).toBeLessThan(20);
	});

	test('classic LOA, with no limit: the reserve covers UNLIMITED_FACTOR times the moves expected, at least UNLIMITED_MIN_MOVES', () => {
		const start = clockReading(classicLoa, classicLoa.initial(), 60_000, 75);
		const expected = expectedMovesLeft(classicLoa.initial());
		expect(start.expectedMoves).toBe(expected);
		expect(start.movesLeft).toBe(Math.max(UNLIMITED_MIN_MOVES, Math.ceil(expected * UNLIMITED_FACTOR)));
		expect(start.movesLeft).toBeGreaterThan(30);
		// Two pieces a side, one step from connecting: the floor.
		const near = classicLoa.parse('1 30\n1 0 9.5\n2 0 9.5\n........\n........\n..1.....\n....1...\n.....2..\n.......2\n........\n........\n', 'near');
		expect(near.ok).toBe(true);
		if (!near.ok) return;
		expect(clockReading(classicLoa, near.value, 9500, 75).movesLeft).toBe(UNLIMITED_MIN_MOVES);
	});

	test('LINES and BOXES keeps its own count, planned over at most UNKNOWN_MOVES; PAH-TUM its clock per move', () => {
		const board = boxes.initial({rows: 3, columns: 3});
		expect(clockReading(boxes, board, 60_000, 20)).toEqual({remainingMs: 60_000, movesLeft: 12, expectedMoves: 12, overheadMs: 20});
		// 8×8 has 144 unit segments: its bound is 72 moves, far more than a game lasts; the plan
		// shares the clock over 20, as it did before the estimate, and reserves for all 72.
		const large = boxes.initial({rows: 8, columns: 8});
		expect(clockReading(boxes, large, 60_000, 20)).toEqual({remainingMs: 60_000, movesLeft: 72, expectedMoves: UNKNOWN_MOVES, overheadMs: 20});
		expect(clockReading(pahtum, pahtum.initial({seed: 1}), 10_000, 20)).toEqual({remainingMs: 10_000, movesLeft: 1, overheadMs: 20, perMove: true});
		expect(UNKNOWN_MOVES).toBe(20);
	});
});

describe('the search on a fake clock', () => {
	/** Searches with a stepping clock, recording the end of every iteration. */
	function timedSearch(state: LoaState, limits: {softMs?: number; hardMs: number}, step: number) {
		const reports: SearchInfo[] = [];
		const result = new Searcher({tableMegabytes: 2}).search(loaps.searchPosition(state), limits, {
			now: steppingClock(step),
			onProgress: info => reports.push(info),
			// Only the end-of-iteration reports, no periodic ones.
			progressMs: Infinity,
		});
		return {result, reports};
	}

	// Every reading of the clock costs a step here, not only the polls: after an iteration that
	// ends at H the search may read the clock twice more (a check between iterations or the next
	// iteration's first poll, then the result), so the bound is H + 2 steps there; when a poll
	// stops an iteration under way it is H + 1 step. The deadline is H or the end of depth 1,
	// whichever is later: time never stops the first iteration.
	const STEP = 2;
	const HARD = [8, 16, 30, 50, 72];

	test('the hard limit is overrun by at most a poll', () => {
		const stops = {insideIteration: 0, betweenIterations: 0};
		for (const [, state] of POSITIONS) {
			const legal = loaps.legalMoves(state);
			for (const hardMs of HARD) {
				const {result, reports} = timedSearch(state, {hardMs}, STEP);
				expect(result.depth).toBeGreaterThanOrEqual(1);
				expect(legal).toContain(result.move);
				expect(result.stoppedBy).toBe('time');
				const deadline = Math.max(hardMs, reports[0]!.elapsedMs);
				expect(result.elapsedMs).toBeLessThanOrEqual(deadline + 2 * STEP);
				const last = reports.at(-1)!;
				expect(last.depth).toBe(result.depth);
				if (result.elapsedMs > last.elapsedMs + 2 * STEP) {
					// Stopped inside an iteration by a poll.
					stops.insideIteration++;
					expect(result.elapsedMs).toBeLessThanOrEqual(deadline + STEP);
				} else {
					// Stopped right after an iteration: two readings after its report.
					stops.betweenIterations++;
					expect(result.elapsedMs).toBe(last.elapsedMs + 2 * STEP);
				}
			}
		}
		// A poll did stop an iteration under way (measured: 3 of the 15 searches with the search of
		// commit 3d1550a; 9 of 15 with a search that uses all of a fixed time).
		expect(stops.insideIteration).toBeGreaterThan(0);
		expect(stops.insideIteration + stops.betweenIterations).toBe(POSITIONS.length * HARD.length);
	});

	test.each(POSITIONS)('from %s a soft limit starts no iteration late, and stops none early', (_name, state) => {
		const legal = loaps.legalMoves(state);
		let softStops = 0;
		for (const hardMs of [30, 50]) {
			for (const softMs of [hardMs / 10, hardMs / 4, hardMs / 2]) {
				const {result, reports} = timedSearch(state, {softMs, hardMs}, STEP);
				expect(legal).toContain(result.move);
				expect(result.elapsedMs).toBeLessThanOrEqual(Math.max(hardMs, reports[0]!.elapsedMs) + 2 * STEP);
				// An iteration begins only while the clock (read a step after the report) is within
				// 0.55 of the allowance, which is at most 2.5 × soft and at most hard.
				const latestStart = 0.55 * Math.min(hardMs, 2.5 * softMs);
				const last = reports.at(-1)!;
				const startedAnother = result.elapsedMs > last.elapsedMs + 2 * STEP;
				const started = startedAnother ? reports : reports.slice(0, -1);
				for (const report of started) expect(report.elapsedMs + STEP).toBeLessThanOrEqual(latestStart);
				if (!startedAnother && result.stoppedBy === 'time') {
					// Stopped at the check after an iteration: only past 0.55 of at least soft.
					softStops++;
					expect(last.elapsedMs + STEP).toBeGreaterThan(0.55 * softMs);
				}
			}
		}
		// The soft limit did stop searches between iterations, well before the hard one.
		expect(softStops).toBeGreaterThan(0);
	});

	test.each(POSITIONS)('from %s a clock already past the deadline still gets a completed depth-1 move', (_name, state) => {
		const legal = loaps.legalMoves(state);
		const depthOne = new Searcher({tableMegabytes: 2}).search(loaps.searchPosition(state), {depth: 1});
		for (const limits of [{hardMs: 0}, {hardMs: 1}, {hardMs: 50}, {softMs: 0, hardMs: 1}, {softMs: 10, hardMs: 50}]) {
			let readings = 0;
			// 0 at the start, then far beyond the deadline at every reading.
			const now = () => (readings++ === 0 ? 0 : 1e9);
			const result = new Searcher({tableMegabytes: 2}).search(loaps.searchPosition(state), limits, {now});
			expect(result.depth).toBeGreaterThanOrEqual(1);
			expect(result.stoppedBy).toBe('time');
			expect(legal).toContain(result.move);
			if (limits.softMs !== undefined && limits.softMs < limits.hardMs) {
				// The check after depth 1 stops it: exactly the depth-1 search's move.
				expect(result.depth).toBe(1);
				expect(result.move).toBe(depthOne.move);
				expect(result.score).toBe(depthOne.score);
			}
		}
	});
});
