/**
 * The clock model (source/engine/time.ts) and the search's use of it, on fake clocks only: no
 * assertion here depends on how fast the machine is.
 */
import * as fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {planMove} from '../../source/engine/levels.js';
import type {SearchInfo} from '../../source/games/search.js';
import {Searcher} from '../../source/engine/search.js';
import {readFileSync} from 'node:fs';
import {
	CUTOFF_SHARE,
	DRAG_SHARE,
	FULL_SHARE,
	HARD_FACTOR,
	HARD_SHARE,
	LATE_FROM,
	LATE_SPAN,
	LIKELY_EXTRA,
	LIKELY_FACTOR,
	MIN_DEPTH,
	MIN_DEPTH_CLOCK_MS,
	UNKNOWN_MOVES,
	UNLIMITED_MIN_MOVES,
	clockReading,
	defaultSafetyMs,
	likelyMovesLeft,
	moveBudget,
	type ClockReading,
} from '../../source/engine/time.js';
import {boxes, EXPECTED_MOVES_PER_FREE_UNIT, timeShare} from '../../source/games/boxes/index.js';
import type {Setup} from '../../source/games/setup.js';
import {gameById, type AnyGame} from '../../source/games/registry.js';
import {seededRandom} from '../../source/games/seeded.js';
import {classicLoa, loaps} from '../../source/games/loa/index.js';
import {expectedMovesLeft} from '../../source/games/loa/moves-left.js';
import type {LoaState} from '../../source/games/loa/rules.js';
import {pahtum} from '../../source/games/pahtum/index.js';
import {steppingClock} from '../helpers/clock.js';
import {position} from '../games/loa/diagram.js';
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
		readonly likelyMoves: number | undefined;
		readonly overheadMs: number;
		readonly ownOverheadMs: number | undefined;
		readonly safetyMs: number | undefined;
		readonly share: number | undefined;
	}

	/** The moves the reserve covers, as moveBudget reads them. */
	const likelyOf = (r: Reading): number => Math.min(r.movesLeft, Math.max(1, Math.floor(r.likelyMoves ?? r.movesLeft)));
	const ownOf = (r: Reading): number => r.ownOverheadMs ?? r.overheadMs;
	/** The clock at which remaining = safety + overhead × (likely − 1) + this move's own overhead (the default safety depends on the clock). */
	function threshold(r: Omit<Reading, 'remainingMs'>): number {
		const needed = r.overheadMs * (likelyOf({...r, remainingMs: 0}) - 1) + ownOf({...r, remainingMs: 0});
		return r.safetyMs !== undefined ? r.safetyMs + needed : Math.max(100 + needed, needed / 0.98);
	}

	const rest = fc.record({
		movesLeft: fc.oneof(fc.integer({min: 1, max: 50}), fc.constant(Infinity)),
		// Any estimates, even ones the plan must bring within 1 .. movesLeft.
		expectedMoves: fc.option(fc.double({min: -5, max: 80, noNaN: true}), {nil: undefined}),
		likelyMoves: fc.option(fc.double({min: -5, max: 80, noNaN: true}), {nil: undefined}),
		overheadMs: fc.double({min: 0, max: 500, noNaN: true}),
		ownOverheadMs: fc.option(fc.double({min: 0, max: 500, noNaN: true}), {nil: undefined}),
		safetyMs: fc.option(fc.double({min: 0, max: 5000, noNaN: true}), {nil: undefined}),
		share: fc.option(fc.double({min: 0.001, max: 1, noNaN: true}), {nil: undefined}),
	});
	/** Any clock in [0, 120 s], or one within a few hundred ms of the reserve, where the margins are thinnest. */
	const reading: fc.Arbitrary<Reading> = fc
		.oneof(
			fc.tuple(fc.double({min: 0, max: 120_000, noNaN: true}), rest).map(([remainingMs, r]) => ({...r, remainingMs})),
			fc
				.tuple(fc.double({min: -200, max: 1000, noNaN: true}), rest)
				.map(([excess, r]) => ({...r, remainingMs: Math.min(120_000, Math.max(0, threshold(r) + excess))})),
		)
		// Without a move limit the reserve needs a count of its own.
		.filter(r => r.movesLeft !== Infinity || r.likelyMoves !== undefined);
	const clockOf = (r: Reading): ClockReading => ({
		remainingMs: r.remainingMs,
		movesLeft: r.movesLeft,
		overheadMs: r.overheadMs,
		...(r.expectedMoves === undefined ? {} : {expectedMoves: r.expectedMoves}),
		...(r.likelyMoves === undefined ? {} : {likelyMoves: r.likelyMoves}),
		...(r.ownOverheadMs === undefined ? {} : {ownOverheadMs: r.ownOverheadMs}),
		...(r.safetyMs === undefined ? {} : {safetyMs: r.safetyMs}),
		...(r.share === undefined ? {} : {share: r.share}),
	});

	test("0 <= soft <= hard, and hard + this move's overhead leaves the likely reserve whenever the clock exceeds it, whatever the estimates", () => {
		fc.assert(
			fc.property(reading, r => {
				const {softMs, hardMs} = moveBudget(clockOf(r));
				expect(softMs).toBeGreaterThanOrEqual(0);
				expect(softMs).toBeLessThanOrEqual(hardMs);
				const reserve = (r.safetyMs ?? defaultSafety(r.remainingMs)) + r.overheadMs * (likelyOf(r) - 1);
				if (r.remainingMs > reserve + ownOf(r)) {
					// It leaves the safety and the overheads of the likely moves after this one untouched.
					expect(r.remainingMs - hardMs - ownOf(r)).toBeGreaterThanOrEqual(reserve - 1e-6);
				} else if (r.remainingMs < reserve + ownOf(r) - 1e-6) {
					// Within the reserve: the least pace, the shallow search only.
					expect(hardMs).toBe(0);
					expect(softMs).toBe(0);
				} else {
					// At the reserve itself rounding may leave a few ulps.
					expect(hardMs).toBeLessThan(1e-6);
				}
			}),
			{numRuns: 2000},
		);
	});

	test('every move completes depth 2 while more than a second is left, cut short only past a quarter of what the clock holds beyond the safety', () => {
		fc.assert(
			fc.property(reading, fc.boolean(), (r, perMove) => {
				const budget = moveBudget({...clockOf(r), ...(perMove ? {perMove: true} : {})});
				expect(budget.minDepth).toBe(r.remainingMs > MIN_DEPTH_CLOCK_MS ? MIN_DEPTH : 1);
				expect(MIN_DEPTH).toBe(2);
				const spare = Math.max(0, r.remainingMs - (r.safetyMs ?? defaultSafety(r.remainingMs)) - ownOf(r));
				expect(budget.cutoffMs).toBeGreaterThanOrEqual(budget.hardMs);
				expect(budget.cutoffMs).toBeLessThanOrEqual(Math.max(budget.hardMs, spare * CUTOFF_SHARE) + 1e-9);
				// Cut short there, the move still leaves the safety (where the clock holds it at all).
				const safety = r.safetyMs ?? defaultSafety(r.remainingMs);
				if (r.remainingMs >= safety + ownOf(r)) expect(r.remainingMs - budget.cutoffMs - ownOf(r)).toBeGreaterThanOrEqual(safety - 1e-6);
			}),
			{numRuns: 1000},
		);
	});

	test('the estimate only shares the clock out: fewer moves expected, more for this move, never more than the reserve allows', () => {
		fc.assert(
			fc.property(reading, fc.double({min: 1, max: 50, noNaN: true}), fc.double({min: 1, max: 50, noNaN: true}), (r, a, b) => {
				const [fewer, more] = a < b ? [a, b] : [b, a];
				const many = moveBudget(clockOf({...r, expectedMoves: more, share: undefined}));
				const few = moveBudget(clockOf({...r, expectedMoves: fewer, share: undefined}));
				expect(few.softMs).toBeGreaterThanOrEqual(many.softMs);
				expect(few.hardMs).toBeGreaterThanOrEqual(many.hardMs);
				// The most the estimate can give: every move but this one expected away, still capped.
				const least = moveBudget(clockOf({...r, expectedMoves: 1, share: undefined}));
				expect(few.hardMs).toBeLessThanOrEqual(least.hardMs);
			}),
			{numRuns: 500},
		);
	});

	test('where every move to the limit costs at most FULL_SHARE of the clock, the reserve covers them all, whatever the likely count', () => {
		fc.assert(
			fc.property(reading, r => {
				fc.pre(r.movesLeft !== Infinity && r.overheadMs * (r.movesLeft - 1) <= FULL_SHARE * r.remainingMs);
				const {hardMs} = moveBudget(clockOf(r));
				const full = (r.safetyMs ?? defaultSafety(r.remainingMs)) + r.overheadMs * (r.movesLeft - 1);
				if (r.remainingMs > full + ownOf(r)) expect(r.remainingMs - hardMs - ownOf(r)).toBeGreaterThanOrEqual(full - 1e-6);
				else expect(hardMs).toBeLessThan(1e-6);
			}),
			{numRuns: 1000},
		);
	});

	test('the likely count only sets the reserve: more moves likely, less for this move', () => {
		fc.assert(
			fc.property(reading, fc.integer({min: 1, max: 60}), fc.integer({min: 1, max: 60}), (r, a, b) => {
				const [fewer, more] = a < b ? [a, b] : [b, a];
				const many = moveBudget(clockOf({...r, likelyMoves: more}));
				const few = moveBudget(clockOf({...r, likelyMoves: fewer}));
				expect(few.hardMs).toBeGreaterThanOrEqual(many.hardMs);
				expect(few.softMs).toBeGreaterThanOrEqual(many.softMs);
			}),
			{numRuns: 500},
		);
	});

	test('the formula in the header, on hand-worked clocks', () => {
		// 60 s, at most 50 moves, 14 expected, 90 ms overhead: every move to the limit costs 90 × 49 =
		// 4410, less than a tenth of the clock, so the reserve covers them all: 1200 + 4410 = 5610,
		// usable 60 000 - 5610 - 90 = 54 300, soft 54 300 / 14, hard 3 softs (less than half the usable).
		const start = moveBudget({remainingMs: 60_000, movesLeft: 50, expectedMoves: 14, likelyMoves: 26, overheadMs: 90});
		expect(start.softMs).toBeCloseTo(54_300 / 14, 6);
		expect(start.hardMs).toBeCloseTo((3 * 54_300) / 14, 6);
		expect(start.minDepth).toBe(2);
		// At 30 s the same 4410 is more than a tenth: the likely 26 moves, 600 + 90 × 25 = 2850.
		const short = moveBudget({remainingMs: 30_000, movesLeft: 50, expectedMoves: 14, likelyMoves: 26, overheadMs: 90});
		expect(short.softMs).toBeCloseTo((30_000 - 2850 - 90) / 14, 6);
		// The entry that has started already pays only its end this move: 10 s less 60 ms of start-up,
		// 10 expected, 19 likely: reserve 200 + 90 × 18 = 1820, usable 9940 - 1820 - 25 = 8095.
		const entry = moveBudget({
			remainingMs: 9940,
			movesLeft: 41,
			expectedMoves: 10,
			likelyMoves: 19,
			overheadMs: 90,
			ownOverheadMs: 25,
			safetyMs: 200,
		});
		expect(entry.softMs).toBeCloseTo(8095 / 10, 6);
		expect(entry.hardMs).toBeCloseTo((3 * 8095) / 10, 6);
		// Without a likely count the reserve covers every move to the limit, as it did before issue 26.
		expect(moveBudget({remainingMs: 60_000, movesLeft: 50, overheadMs: 100})).toEqual({
			softMs: 1076,
			hardMs: 3228,
			minDepth: 2,
			cutoffMs: (60_000 - 1200 - 100) / 4,
		});
		// The last move: hard is HARD_SHARE of usable, and soft may not exceed it.
		const last = moveBudget({remainingMs: 10_000, movesLeft: 1, overheadMs: 100});
		expect(last.hardMs).toBeCloseTo((10_000 - 200 - 100) * HARD_SHARE, 6);
		expect(last.softMs).toBe(last.hardMs);
		// Less than the reserve: nothing to search with beyond depth 2, which may take a quarter of what is spare.
		expect(moveBudget({remainingMs: 5000, movesLeft: 50, expectedMoves: 10, likelyMoves: 50, overheadMs: 100})).toEqual({
			softMs: 0,
			hardMs: 0,
			minDepth: 2,
			cutoffMs: (5000 - 100 - 100) / 4,
		});
		// Under a second: depth 1 is enough.
		expect(moveBudget({remainingMs: 900, movesLeft: 50, expectedMoves: 10, likelyMoves: 20, overheadMs: 100}).minDepth).toBe(1);
		// Far from the end, hard is HARD_FACTOR softs.
		const early = moveBudget({remainingMs: 60_000, movesLeft: 30, expectedMoves: 20, overheadMs: 0, safetyMs: 0});
		expect(early.softMs).toBeCloseTo(60_000 / 20, 6);
		expect(early.hardMs).toBeCloseTo(Math.min(60_000 * HARD_SHARE, (60_000 / 20) * HARD_FACTOR), 6);
		// Estimates beyond the limit count as the limit; below 1 as 1.
		expect(moveBudget({remainingMs: 60_000, movesLeft: 5, expectedMoves: 9, likelyMoves: 12, overheadMs: 50})).toEqual(
			moveBudget({remainingMs: 60_000, movesLeft: 5, overheadMs: 50}),
		);
		expect(moveBudget({remainingMs: 60_000, movesLeft: 5, expectedMoves: 0.2, overheadMs: 50})).toEqual(
			moveBudget({remainingMs: 60_000, movesLeft: 5, expectedMoves: 1, overheadMs: 50}),
		);
		// A clock per move: half of what is spare to start iterations, 90 % at most.
		expect(moveBudget({remainingMs: 2000, movesLeft: 1, overheadMs: 100, perMove: true})).toEqual({
			softMs: 900,
			hardMs: 1620,
			minDepth: 2,
			cutoffMs: 1620,
		});
	});

	test('likelyMovesLeft: LIKELY_FACTOR × expected + LIKELY_EXTRA, within the limit, more once the game has lasted; at least UNLIMITED_MIN_MOVES without a limit', () => {
		expect(likelyMovesLeft(14.1, 50)).toBe(Math.ceil(LIKELY_FACTOR * 14.1 + LIKELY_EXTRA));
		expect(likelyMovesLeft(14.1, 50)).toBe(26);
		expect(likelyMovesLeft(1, 50)).toBe(6);
		expect(likelyMovesLeft(30, 40)).toBe(40);
		expect(likelyMovesLeft(1, 3)).toBe(3);
		expect(likelyMovesLeft(21.2, Infinity)).toBe(36);
		expect(likelyMovesLeft(2, Infinity)).toBe(UNLIMITED_MIN_MOVES);
		// A game that has lasted long: from move LATE_FROM a growing share of the moves to the limit,
		// all of them LATE_SPAN moves later.
		expect(likelyMovesLeft(2, 36, LATE_FROM)).toBe(7);
		expect(likelyMovesLeft(2, 31, LATE_FROM + 5)).toBe(Math.ceil((31 * 5) / LATE_SPAN));
		expect(likelyMovesLeft(2, 21, LATE_FROM + LATE_SPAN)).toBe(21);
		expect(likelyMovesLeft(2, Infinity, 40)).toBe(UNLIMITED_MIN_MOVES);
		// A game that may drag on: every move to the limit.
		expect(likelyMovesLeft(2, 43, 8, true)).toBe(7 + Math.ceil((43 - 7) * DRAG_SHARE));
		expect(likelyMovesLeft(2, 5, 8, true)).toBe(5);
	});

	test("LOAPS drags on where the margin is two thirds of the connection's 12 or more: the reserve covers every move to the limit", () => {
		const cells = ['.......', '......2', '.......', '..21...', '..222..', '.2...1.', '.1...1.'];
		const race = position(cells, {moveNumber: 9, points: [16, 9]});
		const lopsidedGame = position(cells, {moveNumber: 9, points: [17, 9]});
		expect(loaps.dragsOn!(race)).toBe(false);
		expect(loaps.dragsOn!(lopsidedGame)).toBe(true);
		const expected = expectedMovesLeft(race);
		expect(clockReading(loaps, race, 5000, 90).likelyMoves).toBe(likelyMovesLeft(expected, 42, 9));
		expect(clockReading(loaps, lopsidedGame, 5000, 90).likelyMoves).toBe(likelyMovesLeft(expected, 42, 9, true));
		expect(clockReading(loaps, lopsidedGame, 5000, 90).likelyMoves).toBeGreaterThan(clockReading(loaps, race, 5000, 90).likelyMoves!);
		// Classic LOA has no points: it never does.
		expect(classicLoa.dragsOn?.(classicLoa.initial()) ?? false).toBe(false);
	});
});

describe('moveBudget: whole games on a fake clock', () => {
	interface Move {
		/** Of the move's hard budget, the share it spends. */
		readonly spent: number;
		/** The moves the plan is told to expect. */
		readonly expected: number;
		/** The moves the plan is told are likely. */
		readonly likely: number;
	}

	/**
	 * Plays a game from `startMs` on the clock: each move spends `spent` of its hard budget plus the
	 * overhead (a move in the least pace, hard 0, costs the overhead: its start-up and depth-2
	 * search). Returns the least clock seen after a move, below 0 when it ran out.
	 */
	function playGame(startMs: number, overheadMs: number, moves: readonly Move[], limit: number): number {
		let remaining = startMs;
		let least = startMs;
		for (let m = 0; m < moves.length; m++) {
			const {spent, expected, likely} = moves[m]!;
			const {hardMs} = moveBudget({remainingMs: remaining, movesLeft: limit - m, expectedMoves: expected, likelyMoves: likely, overheadMs});
			remaining -= spent * hardMs + overheadMs;
			least = Math.min(least, remaining);
		}
		return least;
	}

	const spent = fc.oneof(fc.constant(1), fc.constant(0), fc.double({min: 0, max: 1, noNaN: true}));

	test('a game that ends within the likely count at every move never runs out, whatever each move spends and whatever is expected', () => {
		fc.assert(
			fc.property(
				fc.double({min: 100, max: 120_000, noNaN: true}),
				fc.double({min: 0, max: 500, noNaN: true}),
				fc.integer({min: 1, max: 50}),
				fc.array(fc.tuple(spent, fc.double({min: 0, max: 60, noNaN: true}), fc.integer({min: 0, max: 20})), {minLength: 50, maxLength: 50}),
				(startMs, overheadMs, length, draws) => {
					// The clock covers the whole game at the least pace: the overheads of its moves and the safety.
					fc.pre(startMs >= defaultSafety(startMs) + overheadMs * length);
					// The likely count is right, or more than right, at every move; the expectation is anything.
					const moves = draws.slice(0, length).map(([share, expected, extra], m) => ({spent: share, expected, likely: length - m + extra}));
					expect(playGame(startMs, overheadMs, moves, 50)).toBeGreaterThanOrEqual(100 - 1e-6);
				},
			),
			{numRuns: 2000},
		);
	});

	test('the plan on the clock of each game: the real estimates of the fixture games, every move spending its whole hard budget, never run out', () => {
		// LOAPS and classic LOA, the games of test/fixtures/moves-left-games.jsonl, each side's
		// moves with the estimate the position gave; 100 ms a move overhead (the contest entry's
		// start-up, a depth-2 search and its exit measured 80-110 ms on the 2-core VM).
		const sides = fixtureSides();
		expect(sides.length).toBe(64);
		for (const startMs of [5000, 10_000, 60_000]) {
			for (const side of sides) {
				const moves = side.estimates.map((expected, index) => ({
					spent: 1,
					expected,
					likely: likelyMovesLeft(expected, side.limit, index + 1),
				}));
				const least = playGame(startMs, 100, moves, side.limit);
				if (least < 100) expect.fail(`${side.name} at ${startMs} ms: ${least} ms left at its worst`);
			}
		}
	});
});

/** Each side of each fixture game: the estimate at each of its moves, and its move limit. */
function fixtureSides(): {name: string; estimates: number[]; limit: number}[] {
	const sides: {name: string; estimates: number[]; limit: number}[] = [];
	const lines = readFileSync(new URL('../fixtures/moves-left-games.jsonl', import.meta.url), 'utf8')
		.trim()
		.split('\n');
	lines.forEach((line, index) => {
		const record = JSON.parse(line) as {game: string; moves: string[]};
		const game = record.game === 'loaps' ? loaps : classicLoa;
		const estimates: [number[], number[]] = [[], []];
		let state = game.initial();
		for (const text of record.moves) {
			const parsed = game.parseMove(state, text);
			if (!parsed.ok) throw new Error(`fixture game ${index + 1}: ${parsed.error}`);
			estimates[game.toMove(state) - 1]!.push(expectedMovesLeft(state));
			state = game.play(state, parsed.value);
		}
		const limit = game === loaps ? 50 : Infinity;
		sides.push(
			{name: `game ${index + 1} (${record.game}) first`, estimates: estimates[0], limit},
			{name: `game ${index + 1} (${record.game}) second`, estimates: estimates[1], limit},
		);
	});
	return sides;
}

describe('moveBudget: spends the clock', () => {
	/**
	 * A LOAPS game of `moves` moves whose estimate is right at every move, each move spending its
	 * soft budget plus the overhead: the share of the clock left at the end.
	 */
	function unused(startMs: number, overheadMs: number, moves: number): number {
		let remaining = startMs;
		for (let m = 1; m <= moves; m++) {
			const expected = moves - m + 1;
			remaining -=
				moveBudget({
					remainingMs: remaining,
					movesLeft: 51 - m,
					expectedMoves: expected,
					likelyMoves: likelyMovesLeft(expected, 51 - m, m),
					overheadMs,
				}).softMs + overheadMs;
		}
		return remaining / startMs;
	}

	test('a game past move 15 leaves at most a fifth of a 10 s clock, where keeping a start-up for every move to 50 left a quarter', () => {
		// Measured, with a 90 ms overhead and the estimate right at every move: at 10 s 10.7 % left
		// after 16 moves, 9.7 % after 20, 10.0 % after 25, 12.9 % after 30, 14.3 % after 35 (the
		// reserve grows from move 20 to cover every move to 50 from move 35), 11.1 % after 40; at
		// 60 s 6.8 %, 5.6 %, 4.8 %, 4.8 %, 4.6 %, 3.8 % (the last moves share what is usable over 3
		// at the least).
		for (const moves of [16, 20, 25, 30, 40, 50]) expect(unused(10_000, 90, moves)).toBeLessThan(0.2);
		expect(unused(10_000, 90, 16)).toBeLessThan(0.12);
		for (const moves of [16, 20, 25, 30, 40]) expect(unused(60_000, 90, moves)).toBeLessThan(0.07);
		// What the plan before issue 26 left (a reserve to move 50): 2.6 s at 10 s when the game ends at move 20.
		let before = 10_000;
		for (let m = 1; m <= 20; m++)
			before -= moveBudget({remainingMs: before, movesLeft: 51 - m, expectedMoves: 21 - m, overheadMs: 90}).softMs + 90;
		expect(before / 10_000).toBeGreaterThan(0.25);
	});
});

describe('clockReading: what each game tells the plan', () => {
	test('LOAPS: the move limit bounds the reserve, the position estimates the moves to come and the likely count', () => {
		const reading = clockReading(loaps, loaps.initial(), 60_000, 75);
		const expected = expectedMovesLeft(loaps.initial());
		expect(reading).toEqual({
			remainingMs: 60_000,
			movesLeft: 50,
			expectedMoves: expected,
			likelyMoves: likelyMovesLeft(expected, 50),
			overheadMs: 75,
		});
		expect(reading.expectedMoves).toBeGreaterThan(10);
		expect(reading.expectedMoves).toBeLessThan(20);
	});

	test('classic LOA, with no limit: the likely count, at least UNLIMITED_MIN_MOVES', () => {
		const start = clockReading(classicLoa, classicLoa.initial(), 60_000, 75);
		const expected = expectedMovesLeft(classicLoa.initial());
		expect(start.expectedMoves).toBe(expected);
		expect(start.movesLeft).toBe(Infinity);
		expect(start.likelyMoves).toBe(Math.ceil(LIKELY_FACTOR * expected + LIKELY_EXTRA));
		expect(start.likelyMoves).toBeGreaterThan(30);
		// Two pieces a side, one step from connecting: the floor.
		const near = classicLoa.parse(
			'1 30\n1 0 9.5\n2 0 9.5\n........\n........\n..1.....\n....1...\n.....2..\n.......2\n........\n........\n',
			'near',
		);
		expect(near.ok).toBe(true);
		if (!near.ok) return;
		expect(clockReading(classicLoa, near.value, 9500, 75).likelyMoves).toBe(UNLIMITED_MIN_MOVES);
	});

	test('LINES and BOXES expects 0.42 moves a free unit segment, within its bound, and shares its clock by the weight of each move; PAH-TUM keeps its clock per move', () => {
		// 24 free unit segments, within the endgame's 40: an even share of the 10.08 moves expected.
		const board = boxes.initial({rows: 3, columns: 3});
		expect(clockReading(boxes, board, 60_000, 20)).toEqual({
			remainingMs: 60_000,
			movesLeft: 12,
			expectedMoves: 24 * EXPECTED_MOVES_PER_FREE_UNIT,
			likelyMoves: 12,
			overheadMs: 20,
			share: 1 / (24 * EXPECTED_MOVES_PER_FREE_UNIT),
		});
		// 8×8 has 144 unit segments: its bound is 72 moves; a game from the empty board lasts about
		// 60 of them, and the reserve covers all 72 (1.5 × 60 + 4 is more).
		const large = boxes.initial({rows: 8, columns: 8});
		expect(clockReading(boxes, large, 60_000, 20)).toEqual({
			remainingMs: 60_000,
			movesLeft: 72,
			expectedMoves: 144 * EXPECTED_MOVES_PER_FREE_UNIT,
			likelyMoves: 72,
			overheadMs: 20,
			share: timeShare(144),
		});
		// The first move of an 8×8 board with 21 segments drawn (123 free), at 20 s: less than half of
		// an even share of the 52 moves expected, and a third of what it got when the plan read the
		// game as UNKNOWN_MOVES long.
		const drawn = boxes.parse(
			readFileSync(new URL('../fixtures/boxes-8x8-21-drawn.txt', import.meta.url), 'utf8'),
			'boxes-8x8-21-drawn.txt',
		);
		expect(drawn.ok).toBe(true);
		if (!drawn.ok) return;
		const reading = clockReading(boxes, drawn.value, 20_000, 87);
		const budget = moveBudget(reading);
		const even = moveBudget({...reading, share: undefined});
		const unknown = moveBudget({
			...reading,
			share: undefined,
			expectedMoves: UNKNOWN_MOVES,
			likelyMoves: likelyMovesLeft(UNKNOWN_MOVES, 62),
		});
		expect(budget.softMs).toBeLessThan(even.softMs / 2);
		expect(budget.softMs).toBeLessThan(unknown.softMs / 5);
		expect(budget.softMs).toBeGreaterThan(100);
		expect(clockReading(pahtum, pahtum.initial({seed: 1}), 10_000, 20)).toEqual({
			remainingMs: 10_000,
			movesLeft: 1,
			overheadMs: 20,
			perMove: true,
		});
		expect(UNKNOWN_MOVES).toBe(20);
	});

	test('LINES and BOXES weighs its moves: the opening a third of the endgame, the share of each move rising to the end, the whole clock spent', () => {
		// From the endgame's 40 free unit segments on, the even share of the plan without weights.
		for (const free of [1, 10, 24, 40]) expect(timeShare(free)).toBeCloseTo(1 / Math.max(1, EXPECTED_MOVES_PER_FREE_UNIT * free), 12);
		let previous = 0;
		for (let free = 144; free >= 1; free--) {
			const share = timeShare(free);
			expect(share).toBeGreaterThan(0);
			expect(share).toBeLessThanOrEqual(1);
			expect(share).toBeGreaterThanOrEqual(previous);
			previous = share;
		}
		// A game of 8×8 from the empty board, each move spending its share of what is left: the
		// endgame's moves get about three times the opening's, as weighed, and the clock is spent.
		let left = 1;
		const spent: [number, number][] = [];
		for (let free = 144; free > 0; free -= 1 / EXPECTED_MOVES_PER_FREE_UNIT) {
			const share = timeShare(Math.ceil(free));
			spent.push([Math.ceil(free), left * share]);
			left -= left * share;
		}
		const mean = (from: number, to: number) => {
			const moves = spent.filter(([free]) => free >= from && free <= to).map(([, time]) => time);
			return moves.reduce((a, b) => a + b, 0) / moves.length;
		};
		expect(mean(81, 144) / mean(1, 40)).toBeCloseTo(0.3, 1);
		expect(left).toBeLessThan(1e-9);
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

describe('the least depth on a fake clock', () => {
	test.each(POSITIONS)('from %s a clock past every deadline still completes depth 2, and the cutoff stops it there', (_name, state) => {
		const legal = loaps.legalMoves(state);
		const depthTwo = new Searcher({tableMegabytes: 2}).search(loaps.searchPosition(state), {depth: 2});
		// 0 at the start, then far beyond the hard deadline (but not the cutoff) at every reading.
		let readings = 0;
		const late = () => (readings++ === 0 ? 0 : 1e6);
		const result = new Searcher({tableMegabytes: 2}).search(
			loaps.searchPosition(state),
			{softMs: 0, hardMs: 0, minDepth: 2, cutoffMs: 1e9},
			{now: late},
		);
		expect(result.depth).toBe(2);
		expect(result.stoppedBy).toBe('time');
		expect(result.move).toBe(depthTwo.move);
		expect(result.score).toBe(depthTwo.score);
		// Past the cutoff too: depth 1, which time never stops, and no more than the nodes to the
		// clock's first reading after it (the clock is read every 256 nodes, and where depth 2 is done
		// before that reading, it is depth 2's move).
		readings = 0;
		const cut = new Searcher({tableMegabytes: 2}).search(
			loaps.searchPosition(state),
			{softMs: 0, hardMs: 0, minDepth: 2, cutoffMs: 10},
			{now: late},
		);
		const depthOne = new Searcher({tableMegabytes: 2}).search(loaps.searchPosition(state), {depth: 1});
		expect(cut.depth).toBeGreaterThanOrEqual(1);
		expect(cut.nodes).toBeLessThanOrEqual((Math.floor(depthOne.nodes / 256) + 1) * 256);
		expect(cut.nodes).toBeLessThan(depthTwo.nodes + 256);
		expect(legal).toContain(cut.move);
	});

	test("the level's own depth bounds the least depth: level 1 looks one move ahead on any clock", () => {
		const plan = planMove(1, {clock: {remainingMs: 60_000, movesLeft: 50, overheadMs: 100}});
		expect(plan.limits.minDepth).toBe(2);
		const result = new Searcher({tableMegabytes: 2}).search(loaps.searchPosition(loaps.initial()), plan.limits, {now: () => 0});
		expect(result.depth).toBe(1);
	});
});

describe('whole random games on a fake clock (LINES and BOXES; the LOA games above on their real lengths; PAH-TUM by the move)', () => {
	/**
	 * A game of random moves from the start (each game's own positions, so its own estimates and
	 * bounds), each move spending its whole hard budget plus `overheadMs` (which holds the least
	 * depth's search): the least clock seen after a move, below 0 when it ran out.
	 */
	function randomGame(game: AnyGame, setup: Setup, clockMs: number, overheadMs: number, seed: number): {least: number; moves: number} {
		const random = seededRandom(seed);
		let state = game.initial(setup);
		const remaining = [clockMs, clockMs];
		let least = clockMs;
		let moves = 0;
		while (game.outcome(state) === null) {
			const mover = game.toMove(state) - 1;
			const reading = clockReading(game, state, game.clock.per === 'move' ? clockMs : remaining[mover]!, overheadMs);
			const spent = moveBudget(reading).hardMs + overheadMs;
			if (game.clock.per === 'move') least = Math.min(least, clockMs - spent);
			else {
				remaining[mover]! -= spent;
				least = Math.min(least, remaining[mover]!);
			}
			const legal = game.legalMoves(state);
			state = game.play(state, legal[Math.floor(random() * legal.length)]!);
			moves++;
		}
		return {least, moves};
	}

	// Not the LOA games: random LOA moves never connect, so the games last to the move limit (or
	// past 100 moves in classic) while the position reads 2 to 9 moves from the end at every move,
	// and a plan that keeps a reserve for that at every move keeps it from every real game too (the
	// plan before issue 26 did, and left a third of a 10 s clock). Their real lengths are checked
	// above (the fixture games) and measured in play (npm run bench -- sparring counts the games
	// lost on time). Not PAH-TUM either: its clock is per move, so a move's budget does not depend
	// on the game's length, and 0.9 of what the move has beyond its safety and start-up can never
	// overrun it (moveBudget's properties above hold it). LINES and BOXES bounds its moves by the
	// free unit segments, which the reserve covers.
	test.each([
		['LINES and BOXES 3×3', 'boxes', {rows: 3, columns: 3}, 1000],
		['LINES and BOXES 5×5', 'boxes', {rows: 5, columns: 5}, 20_000],
		['LINES and BOXES 8×8', 'boxes', {rows: 8, columns: 8}, 20_000],
		['LINES and BOXES 4×7', 'boxes', {rows: 4, columns: 7}, 60_000],
	] as const)('%s: random games at %s ms, every move spending its whole hard budget, never run out', (_name, id, setup, clockMs) => {
		const game = gameById(id)!;
		let longest = 0;
		for (let seed = 1; seed <= 20; seed++) {
			const {least, moves} = randomGame(game, setup, clockMs, 90, seed);
			longest = Math.max(longest, moves);
			if (least < 0) expect.fail(`${id}, seed ${seed}: ran out (${least.toFixed(0)} ms) in a game of ${moves} plies`);
		}
		// Random games go long: the plan met games past its likely length.
		expect(longest).toBeGreaterThan(clockMs === 1000 ? 10 : 30);
	});
});
