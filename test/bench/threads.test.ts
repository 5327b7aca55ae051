/** The threads section's sums (source/bench/threads.ts): the time of each depth, the rows kept, the score's margin. */
import {describe, expect, test} from 'vitest';
import {depthMarks, depthRows, describeScore, geometricMean, type DepthMarks} from '../../source/bench/threads.js';

describe('the depths', () => {
	test("a depth's time and nodes are those of the first event that says it is complete, a depth skipped over taking the same", () => {
		const events = [
			{depth: 1, elapsedMs: 1, nodes: 10},
			{depth: 2, elapsedMs: 3, nodes: 50},
			{depth: 4, elapsedMs: 40, nodes: 900},
			{depth: 4, elapsedMs: 55, nodes: 1200},
			{depth: 5, elapsedMs: 120, nodes: 3000},
		];
		expect(depthMarks(events)).toEqual({ms: [1, 1, 3, 40, 40, 120], nodes: [10, 10, 50, 900, 900, 3000]});
		expect(depthMarks([])).toEqual({ms: [], nodes: []});
	});

	test('rows: the depths every run reached, the medians, those too quick to time on one thread left out, the ratios one to two', () => {
		// Nodes ten times the milliseconds on one thread, five times on two.
		const marks = (ms: number[], perMs: number): DepthMarks => ({ms, nodes: ms.map(value => value * perMs)});
		const one = [marks([0, 1, 2, 30, 100, 400], 10), marks([0, 1, 2, 25, 90, 420], 10), marks([0, 1, 2, 35, 110, 380], 10)];
		const two = [marks([0, 1, 2, 20, 50, 200, 900], 5), marks([0, 1, 3, 25, 60], 5), marks([0, 1, 2, 30, 80, 300], 5)];
		// The second run on two threads reached depth 4 only: the rows end there.
		expect(depthRows(one, two)).toEqual([
			{depth: 3, oneMs: 30, twoMs: 25, ratio: 1.2, oneNodes: 300, twoNodes: 125, nodeRatio: 2.4},
			{depth: 4, oneMs: 100, twoMs: 60, ratio: 100 / 60, oneNodes: 1000, twoNodes: 300, nodeRatio: 1000 / 300},
		]);
		expect(depthRows(one, [two[0]!, two[2]!, two[0]!]).map(row => [row.depth, row.oneMs, row.twoMs, row.ratio])).toEqual([
			[3, 30, 20, 1.5],
			[4, 100, 50, 2],
			[5, 400, 200, 2],
		]);
		expect(geometricMean([1.5, 2, 2])).toBeCloseTo(Math.cbrt(6), 12);
		expect(geometricMean([])).toBe(1);
	});
});

describe('the score', () => {
	test('the score of the pairs with its 95 % margin, and the Elo it stands for', () => {
		// 10 pairs: 2 lost both, 6 split, 2 won both: 50 %, the pairs' variance 0.1, so 1.96 × √(0.1 / 10).
		expect(describeScore([2, 0, 6, 0, 2])).toMatch(/^50\.0 % ± 19\.6 %, Elo \+0\.0 ± \d+\.\d$/);
		// All won, or one pair: no margin to give.
		expect(describeScore([0, 0, 0, 0, 3])).toBe('100.0 %');
		expect(describeScore([0, 0, 0, 1, 0])).toBe('75.0 %');
	});
});
