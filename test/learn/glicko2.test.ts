/**
 * Glicko-2 (source/learn/glicko2.ts): the worked example of Glickman's paper, the period without
 * games, and the properties a person relies on when their puzzle rating moves: a win never lowers
 * it, a game makes it surer, and an attempt moves the player and the puzzle opposite ways.
 */
import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {
	attempt,
	builtPuzzleRating,
	MAX_DEVIATION,
	MAX_RATING,
	MIN_RATING,
	NEW_RATING,
	PLAYER_MIN_DEVIATION,
	PUZZLE_MIN_DEVIATION,
	update,
	type Rating,
} from '../../source/learn/glicko2.js';

const rated = (rating: number, deviation: number, volatility = 0.06): Rating => ({rating, deviation, volatility});

describe('the paper\'s example ("Example of the Glicko-2 system", 2012)', () => {
	test('1500 ± 200 beating 1400 ± 30 and losing to 1550 ± 100 and 1700 ± 300 ends at about 1464.06 ± 151.52, volatility 0.05999', () => {
		const after = update(rated(1500, 200), [
			{opponent: rated(1400, 30), score: 1},
			{opponent: rated(1550, 100), score: 0},
			{opponent: rated(1700, 300), score: 0},
		]);
		// The paper rounds its steps to a few places: its 1464.06 is 1464.05 unrounded, and its
		// 0.05999 is exp(A / 2) for its A = -5.62282, 0.059996.
		expect(after.rating).toBeCloseTo(1464.06, 1);
		expect(after.deviation).toBeCloseTo(151.52, 1);
		expect(after.volatility).toBeCloseTo(0.05999, 4);
		expect(after.volatility).toBeCloseTo(0.059996, 6);
	});

	test('τ is a parameter: a larger one lets the volatility move more after the same surprise', () => {
		const upset = [{opponent: rated(2100, 50), score: 1 as const}];
		const calm = update(rated(1500, 80), upset, 0.3);
		const wild = update(rated(1500, 80), upset, 1.2);
		expect(wild.volatility - 0.06).toBeGreaterThan(calm.volatility - 0.06);
		expect(calm.volatility).toBeGreaterThan(0.06);
	});
});

describe('a period without games', () => {
	test('only the deviation moves: it grows to √(φ² + σ²), so 200 becomes about 200.27', () => {
		const after = update(rated(1500, 200), []);
		expect(after.rating).toBe(1500);
		expect(after.volatility).toBe(0.06);
		expect(after.deviation).toBeCloseTo(200.27, 2);
	});

	test("it never passes a newcomer's 350", () => {
		let player = rated(1800, 340, 0.09);
		for (let period = 0; period < 100; period++) player = update(player, []);
		expect(player.deviation).toBe(MAX_DEVIATION);
		expect(update(NEW_RATING, []).deviation).toBe(350);
	});

	test('a game whose result no rating could doubt counts as no game', () => {
		const far = update(rated(1500, 50), [{opponent: rated(1e6, 30), score: 0}]);
		expect(far).toEqual(update(rated(1500, 50), []));
	});
});

/** Ratings as the arcade has them: within its bounds, from newcomers to well-settled ones. */
const ratings = (lowest: number) =>
	fc.record({
		rating: fc.double({min: MIN_RATING, max: MAX_RATING, noNaN: true}),
		deviation: fc.double({min: lowest, max: MAX_DEVIATION, noNaN: true}),
		volatility: fc.double({min: 0.03, max: 0.09, noNaN: true}),
	});

describe('properties', () => {
	test('a win never lowers a rating, and a loss never raises it', () => {
		fc.assert(
			fc.property(ratings(30), ratings(30), (player, opponent) => {
				expect(update(player, [{opponent, score: 1}]).rating).toBeGreaterThanOrEqual(player.rating);
				expect(update(player, [{opponent, score: 0}]).rating).toBeLessThanOrEqual(player.rating);
			}),
		);
	});

	test('a game makes a rating surer: its deviation shrinks (for a rating not yet settled, against an opponent within 300 points)', () => {
		// One game a period, Glicko-2 settles a deviation near 60 at volatility 0.06 (lower for
		// lower ones): below that, the growth of a period outweighs what one game tells.
		fc.assert(
			fc.property(
				ratings(100),
				ratings(30),
				fc.double({min: -300, max: 300, noNaN: true}),
				fc.constantFrom(0 as const, 0.5 as const, 1 as const),
				(player, opponent, apart, score) => {
					const near = {...opponent, rating: player.rating + apart};
					expect(update(player, [{opponent: near, score}]).deviation).toBeLessThan(player.deviation);
				},
			),
		);
	});

	test('after one attempt the player and the puzzle move opposite ways: up and down when solved, down and up when not', () => {
		fc.assert(
			fc.property(ratings(PLAYER_MIN_DEVIATION), ratings(PUZZLE_MIN_DEVIATION), fc.boolean(), (player, puzzle, solved) => {
				// Kept off the bounds, where a rating has nowhere to go.
				fc.pre(player.rating > MIN_RATING + 50 && player.rating < MAX_RATING - 50);
				fc.pre(puzzle.rating > MIN_RATING + 50 && puzzle.rating < MAX_RATING - 50);
				const after = attempt(player, puzzle, solved);
				expect(Math.sign(after.player.rating - player.rating)).toBe(solved ? 1 : -1);
				expect(Math.sign(after.puzzle.rating - puzzle.rating)).toBe(solved ? -1 : 1);
			}),
		);
	});
});

describe('attempt', () => {
	test('rates the player against the puzzle and the puzzle against the player, both from the ratings before', () => {
		const player = rated(1500, 120);
		const puzzle = rated(1700, 150);
		const after = attempt(player, puzzle, true);
		expect(after.player).toEqual(update(player, [{opponent: puzzle, score: 1}]));
		expect(after.puzzle).toEqual(update(puzzle, [{opponent: player, score: 0}]));
	});

	test('the deviations never fall below their floors, so that results keep moving the ratings', () => {
		let player = rated(1500, 350, 0.03);
		let puzzle = rated(1500, 200, 0.03);
		for (let index = 0; index < 400; index++) {
			({player, puzzle} = attempt(player, puzzle, index % 2 === 0));
			expect(player.deviation).toBeGreaterThanOrEqual(PLAYER_MIN_DEVIATION);
			expect(puzzle.deviation).toBeGreaterThanOrEqual(PUZZLE_MIN_DEVIATION);
		}
		expect(player.deviation).toBe(PLAYER_MIN_DEVIATION);
		expect(puzzle.deviation).toBe(PUZZLE_MIN_DEVIATION);
		// At the floor, an even solve still counts for some points.
		expect(attempt(rated(1500, PLAYER_MIN_DEVIATION, 0.03), rated(1500, 100), true).player.rating).toBeGreaterThan(1503);
	});

	test('ratings stay within their bounds, however long a run of misses or solves', () => {
		let low = rated(500, 100);
		let high = rated(3900, 100);
		for (let index = 0; index < 200; index++) {
			low = attempt(low, rated(MIN_RATING, 60), false).player;
			high = attempt(high, rated(MAX_RATING, 60), true).player;
		}
		expect(low.rating).toBe(MIN_RATING);
		expect(high.rating).toBe(MAX_RATING);
	});

	test("a built puzzle starts from its built rating, less sure than a settled one but surer than a newcomer's", () => {
		expect(builtPuzzleRating(1250)).toEqual({rating: 1250, deviation: 200, volatility: 0.06});
		expect(builtPuzzleRating(10).rating).toBe(MIN_RATING);
	});
});
