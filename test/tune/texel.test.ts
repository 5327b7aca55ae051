/** The Texel fit's pure parts: the curve, the error, K, the labels and the local search. */
import {describe, expect, it} from 'vitest';
import {clampWeight, fitK, localSearch, meanSquaredError, resultFor, sigmoid, type WeightRange} from '../../source/tune/texel.js';

describe('sigmoid', () => {
	it('is one half at 0, symmetric, and rises with the score', () => {
		expect(sigmoid(0.01, 0)).toBe(0.5);
		expect(sigmoid(0.01, 150) + sigmoid(0.01, -150)).toBeCloseTo(1, 12);
		expect(sigmoid(0.01, 100)).toBeCloseTo(1 / (1 + Math.exp(-1)), 12);
		expect(sigmoid(0.01, 300)).toBeGreaterThan(sigmoid(0.01, 100));
		expect(sigmoid(0.02, 100)).toBeGreaterThan(sigmoid(0.01, 100));
	});
});

describe('meanSquaredError', () => {
	it('averages the squared gaps between the results and the curve', () => {
		// sigmoid(k, 0) = 0.5: gaps 0.5, 0.5 and 0.
		expect(meanSquaredError(0.01, [0, 0, 0], [1, 0, 0.5])).toBeCloseTo((0.25 + 0.25 + 0) / 3, 12);
		const p = sigmoid(0.005, 200);
		expect(meanSquaredError(0.005, [200, -200], [1, 0])).toBeCloseTo((1 - p) ** 2, 12);
		expect(meanSquaredError(0.005, [], [])).toBe(0);
	});
});

describe('fitK', () => {
	it('finds the K that made the results', () => {
		const scores = Array.from({length: 201}, (_, i) => (i - 100) * 7);
		for (const k of [0.0015, 0.004, 0.02]) {
			const results = scores.map(score => sigmoid(k, score));
			const fitted = fitK(scores, results);
			expect(fitted.k).toBeGreaterThan(k * 0.999);
			expect(fitted.k).toBeLessThan(k * 1.001);
			expect(fitted.loss).toBeLessThan(1e-10);
		}
	});

	it('is lower where the evaluation predicts the results better', () => {
		const scores = [300, 200, 100, -100, -200, -300];
		const right = [1, 1, 0.5, 0.5, 0, 0];
		const wrong = [0, 1, 0.5, 0.5, 1, 0];
		expect(fitK(scores, right).loss).toBeLessThan(fitK(scores, wrong).loss);
		expect(fitK(scores, right).loss).toBeLessThan(meanSquaredError(1e-9, scores, right));
	});
});

describe('resultFor', () => {
	it("labels a game's result from the side to move: won 1, lost 0, any ending without a winner 0.5", () => {
		expect(resultFor(1, 1)).toBe(1);
		expect(resultFor(1, 2)).toBe(0);
		expect(resultFor(2, 2)).toBe(1);
		expect(resultFor(2, 1)).toBe(0);
		// A tie on points, a draw at the move limit, by repetition or a simultaneous connection.
		expect(resultFor(null, 1)).toBe(0.5);
		expect(resultFor(null, 2)).toBe(0.5);
	});
});

describe('clampWeight', () => {
	const share: WeightRange = {min: 0, max: 1, step: 0.05, precision: 0.01};
	it('rounds to the precision and keeps within the range', () => {
		expect(clampWeight(0.304, share)).toBe(0.3);
		expect(clampWeight(0.1 + 0.2, share)).toBe(0.3);
		expect(clampWeight(1.2, share)).toBe(1);
		expect(clampWeight(-0.5, share)).toBe(0);
		expect(clampWeight(12.6, {min: 0, max: 100, step: 5, precision: 1})).toBe(13);
		expect(clampWeight(4.2, {min: 0, max: 20, step: 1, precision: 0.5})).toBe(4);
	});
});

describe('localSearch', () => {
	const ranges: WeightRange[] = [
		{min: 0, max: 100, step: 8, precision: 1},
		{min: -10, max: 10, step: 2, precision: 0.5},
		{min: 0, max: 1, step: 0.1, precision: 0.01},
	];
	const target = [37, -4.5, 0.42];
	const loss = (weights: readonly number[]) =>
		(weights[0]! - target[0]!) ** 2 + 10 * (weights[1]! - target[1]!) ** 2 + 1000 * (weights[2]! - target[2]!) ** 2;

	it("walks to a quadratic's least value on the weights' grid", () => {
		const report = localSearch([10, 5, 0.9], ranges, loss);
		expect(report.weights).toEqual(target);
		expect(report.loss).toBe(0);
		expect(report.evaluations).toBeGreaterThan(report.passes);
	});

	it('stops at a range end when the least value lies beyond it', () => {
		const report = localSearch([50, 0, 0.5], ranges, weights => -weights[0]! + (weights[1]! - 1) ** 2 + (weights[2]! - 0.5) ** 2);
		expect(report.weights).toEqual([100, 1, 0.5]);
	});

	it('never makes the loss worse, and is deterministic', () => {
		const noisy = (weights: readonly number[]) => loss(weights) + 50 * Math.sin(weights[0]! * 3.1);
		const start = [80, -9, 0.05];
		const first = localSearch(start, ranges, noisy);
		expect(first.loss).toBeLessThanOrEqual(noisy(start));
		expect(localSearch(start, ranges, noisy)).toEqual(first);
	});
});
