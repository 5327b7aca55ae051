/**
 * The clock model (source/engine/time.ts) and the search's use of it, on fake clocks only: no
 * assertion here depends on how fast the machine is.
 */
import * as fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {Searcher, type SearchInfo} from '../../source/engine/search.js';
import {HARD_FACTOR, HARD_SHARE, HORIZON, moveBudget} from '../../source/engine/time.js';
import {loaps} from '../../source/games/loa/index.js';
import type {LoaState} from '../../source/games/loa/rules.js';
import {steppingClock} from '../helpers/clock.js';
import {loadSave} from '../helpers/saves.js';


const POSITIONS: readonly (readonly [string, LoaState])[] = [
	['the start', loaps.initial()],
	['red-move-10.txt', loadSave('red-move-10.txt')],
	['blue-move-28.txt', loadSave('blue-move-28.txt')],
];

/** The default safety margin: 2 % of the clock, at least 100 ms. */
const defaultSafety = (remainingMs: number): number => Math.max(100, remainingMs * 0.02);


describe('moveBudget: one move', () => {
	interface Reading {
		readonly remainingMs: number;
		readonly movesLeft: number;
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
		fc.double({min: 0, max: 500, noNaN: true}),
		fc.option(fc.double({min: 0, max: 5000, noNaN: true}), {nil: undefined}),
	);
	/** Any clock in [0, 120 s], or one within a few hundred ms of the reserve, where the margins are thinnest. */
	const reading: fc.Arbitrary<Reading> = fc.oneof(
		fc.tuple(fc.double({min: 0, max: 120_000, noNaN: true}), rest).map(([remainingMs, [movesLeft, overheadMs, safetyMs]]) => ({remainingMs, movesLeft, overheadMs, safetyMs})),
		fc.tuple(fc.double({min: -200, max: 1000, noNaN: true}), rest).map(([excess, [movesLeft, overheadMs, safetyMs]]) => ({
			remainingMs: Math.min(120_000, Math.max(0, threshold(movesLeft, overheadMs, safetyMs) + excess)),
			movesLeft,
			overheadMs,
			safetyMs,
		})),
	);

	test('0 <= soft <= hard, and hard + overhead fits in the clock whenever the clock exceeds the reserve', () => {
		fc.assert(
			fc.property(reading, ({remainingMs, movesLeft, overheadMs, safetyMs}) => {
				const {softMs, hardMs} = moveBudget({remainingMs, movesLeft, overheadMs, ...(safetyMs === undefined ? {} : {safetyMs})});
				expect(softMs).toBeGreaterThanOrEqual(0);
				expect(softMs).toBeLessThanOrEqual(hardMs);
				const reserve = (safetyMs ?? defaultSafety(remainingMs)) + overheadMs * movesLeft;
				if (remainingMs > reserve) {
					expect(hardMs + overheadMs).toBeLessThanOrEqual(remainingMs);
					// And it leaves the safety and the overheads of the moves after this one untouched.
					expect(remainingMs - hardMs - overheadMs).toBeGreaterThanOrEqual(reserve - overheadMs - 1e-9);
				} else if (remainingMs < reserve - 1e-6) {
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

	test('the formula in the header, on hand-worked clocks', () => {
		// 60 s, 50 moves, 100 ms overhead: reserve 1200 + 4900, usable 53 800, soft 53 800 / 20.
		expect(moveBudget({remainingMs: 60_000, movesLeft: 50, overheadMs: 100})).toEqual({softMs: 2690, hardMs: 8070});
		// The last move: hard is HARD_SHARE of usable, and soft may not exceed it.
		const last = moveBudget({remainingMs: 10_000, movesLeft: 1, overheadMs: 100});
		expect(last.hardMs).toBeCloseTo((10_000 - 200 - 100) * HARD_SHARE, 6);
		expect(last.softMs).toBe(last.hardMs);
		// Less than the reserve: nothing to search with.
		expect(moveBudget({remainingMs: 5000, movesLeft: 50, overheadMs: 100})).toEqual({softMs: 0, hardMs: 0});
		// Far from the end, hard is HARD_FACTOR softs; soft spreads usable over HORIZON moves.
		const early = moveBudget({remainingMs: 60_000, movesLeft: 30, overheadMs: 0, safetyMs: 0});
		expect(early.softMs).toBeCloseTo(60_000 / HORIZON, 6);
		expect(early.hardMs).toBeCloseTo(Math.min(60_000 * HARD_SHARE, (60_000 / HORIZON) * HARD_FACTOR), 6);
	});
});

describe('moveBudget: whole games on a fake clock', () => {
	/**
	 * Plays `moves` moves from `startMs`: each spends `fractions[m]` of its hard budget plus the
	 * overhead. Checks after every move that the clock kept its safety margin and still holds the
	 * next move's reserve. Returns what is left.
	 */
	function playGame(startMs: number, overheadMs: number, fractions: readonly number[]): number {
		let remaining = startMs;
		const moves = fractions.length;
		for (let m = 1; m <= moves; m++) {
			const movesLeft = moves - m + 1;
			const safety = defaultSafety(remaining);
			const {hardMs} = moveBudget({remainingMs: remaining, movesLeft, overheadMs});
			const before = remaining;
			remaining -= fractions[m - 1]! * hardMs + overheadMs;
			// The next move finds at least its own reserve (the induction in the header comment).
			const nextNeeds = defaultSafety(remaining) + overheadMs * (movesLeft - 1);
			// Plain checks in the loop (expect is slow over thousands of moves); details on failure.
			if (remaining < 0 || remaining < safety - 1e-6 || remaining < nextNeeds - 1e-6) {
				expect.fail(
					`move ${m} of ${moves} from ${startMs} ms, overhead ${overheadMs} ms: ${before} ms left, hard ${hardMs} ms, ` +
						`${remaining} ms after it (safety ${safety} ms, next move needs ${nextNeeds} ms)`,
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

	test('60 s over 50 moves never runs out, whatever each move spends of its hard budget', () => {
		fc.assert(
			fc.property(fc.oneof(fractions, mixedFractions), fc.constantFrom(0, 30, 100, 163, 250, 500), (spent, overheadMs) => {
				expect(playGame(60_000, overheadMs, spent)).toBeGreaterThanOrEqual(100);
			}),
			{numRuns: 500},
		);
	});

	test('any clock that covers the first reserve is never run out', () => {
		fc.assert(
			fc.property(
				fc.double({min: 100, max: 120_000, noNaN: true}),
				fc.double({min: 0, max: 500, noNaN: true}),
				fc.integer({min: 1, max: 50}),
				mixedFractions,
				(startMs, overheadMs, moves, spent) => {
					// With less than the first reserve the overheads alone are more than the clock.
					fc.pre(startMs >= defaultSafety(startMs) + overheadMs * moves);
					expect(playGame(startMs, overheadMs, spent.slice(0, moves))).toBeGreaterThanOrEqual(100 - 1e-6);
				},
			),
			{numRuns: 1000},
		);
	});

	test('spending the whole hard budget every move still ends with the safety margin', () => {
		const left = playGame(60_000, 100, new Array<number>(50).fill(1));
		expect(left).toBeGreaterThanOrEqual(100);
	});
});

describe('moveBudget: uses the clock', () => {
	/** The share of the usable clock (all of it but 100 ms of safety and the overheads) that spending exactly the soft budget uses. */
	function softShare(startMs: number, overheadMs: number, moves = 50): number {
		let remaining = startMs;
		let searched = 0;
		for (let m = 1; m <= moves; m++) {
			const {softMs} = moveBudget({remainingMs: remaining, movesLeft: moves - m + 1, overheadMs});
			remaining -= softMs + overheadMs;
			searched += softMs;
		}
		return searched / (startMs - 100 - overheadMs * moves);
	}

	test('a game that spends its soft budget every move uses nearly all of the clock', () => {
		// Measured: 60 s with 100 ms overhead searches 54 458 ms of the 54 900 usable (99.2 %; 90.8 %
		// of the whole 60 s, 5 000 ms going to overheads), the first move 2 690 ms, the last 294 ms,
		// leaving 542 ms. No overhead: 99.2 %; 200 ms overhead: 99.2 %; 10 s clock, 100 ms: 99.2 %.
		expect(softShare(60_000, 100)).toBeGreaterThan(0.95);
		expect(softShare(60_000, 0)).toBeGreaterThan(0.95);
		expect(softShare(60_000, 200)).toBeGreaterThan(0.95);
		expect(softShare(10_000, 100)).toBeGreaterThan(0.95);
		// It never spends more than there is.
		expect(softShare(60_000, 100)).toBeLessThan(1);
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
