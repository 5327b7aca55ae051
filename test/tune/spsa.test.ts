/** SPSA against a made-up match whose better side is known: it must walk towards it, and the same seed give the same walk. */
import {describe, expect, it} from 'vitest';
import {seededRandom} from '../../source/games/seeded.js';
import {spsa, type SpsaPair} from '../../source/tune/spsa.js';
import type {WeightRange} from '../../source/tune/texel.js';

const ranges: WeightRange[] = [
	{min: 0, max: 100, step: 5, precision: 1},
	{min: 0, max: 1, step: 0.05, precision: 0.01},
	{min: -20, max: 20, step: 2, precision: 0.5},
];
/** The best weights of the made-up game. */
const best = [60, 0.7, -5];
const distance = (weights: readonly number[]) => weights.reduce((sum, value, i) => sum + ((value - best[i]!) / ranges[i]!.step) ** 2, 0);

/** Each game goes to the side nearer the best weights, with a chance of an upset and of a draw; seeded. */
function matches(seed: number) {
	const random = seededRandom(seed);
	const game = (a: readonly number[], b: readonly number[]) => {
		const edge = Math.tanh((distance(b) - distance(a)) / 20);
		const roll = random();
		return roll < 0.2 ? 0 : roll < 0.6 + 0.4 * edge ? 1 : -1;
	};
	return async (pairs: readonly SpsaPair[]) => pairs.map(pair => game(pair.plus, pair.minus) - game(pair.minus, pair.plus));
}

describe('spsa', () => {
	it('moves the weights towards the better ones, within their ranges', async () => {
		const start = [20, 0.2, 15];
		const asked: SpsaPair[] = [];
		const play = matches(5);
		const report = await spsa(
			start,
			ranges,
			async pairs => {
				asked.push(...pairs);
				return play(pairs);
			},
			{iterations: 400, pairsPerIteration: 2, seed: 9},
		);
		expect(report.games).toBe(1600);
		expect(report.iterations).toBe(400);
		expect(distance(report.weights)).toBeLessThan(distance(start) / 4);
		for (const pair of asked) {
			for (const weights of [pair.plus, pair.minus])
				weights.forEach((value, i) => expect(value >= ranges[i]!.min && value <= ranges[i]!.max).toBe(true));
		}
		// The weights come out rounded to their precision.
		report.weights.forEach((value, i) =>
			expect(Math.abs(value / ranges[i]!.precision - Math.round(value / ranges[i]!.precision))).toBeLessThan(1e-9),
		);
	});

	it('perturbs every weight by the same signed multiple of its step, + against −', async () => {
		const pairs: SpsaPair[] = [];
		await spsa(
			[50, 0.5, 0],
			ranges,
			async asked => {
				pairs.push(...asked);
				return asked.map(() => 0);
			},
			{iterations: 3, pairsPerIteration: 2, seed: 1},
		);
		expect(pairs).toHaveLength(6);
		for (const pair of pairs) {
			const shifts = pair.plus.map((value, i) => (value - pair.minus[i]!) / (2 * ranges[i]!.step));
			for (const shift of shifts) expect(Math.abs(shift)).toBeCloseTo(Math.abs(shifts[0]!), 9);
			expect(Math.abs(shifts[0]!)).toBeGreaterThan(0);
		}
		// Openings differ from pair to pair.
		expect(new Set(pairs.map(pair => pair.seed)).size).toBe(6);
	});

	it('gives the same weights for the same seed, others for another', async () => {
		const run = (seed: number) => spsa([20, 0.2, 15], ranges, matches(3), {iterations: 100, pairsPerIteration: 2, seed});
		const first = await run(4);
		expect(await run(4)).toEqual(first);
		expect((await run(5)).weights).not.toEqual(first.weights);
	});
});
