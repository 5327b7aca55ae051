import {describe, expect, it} from 'vitest';
import {parseSearchLines, speedRows, speedTable} from '../../source/bench/search-speed.js';

const round = (speeds: Record<string, [number, number]>) =>
	Object.entries(speeds)
		.map(
			([file, [depth, speed]]) =>
				`search ${file}: depth ${depth} (selective ${depth + 7}) in 1 s, ${speed} k nodes/s, score 12, line b1 d3, a6 d3`,
		)
		.join('\n');

describe('the search section beside the baseline', () => {
	it("reads each file's depth and speed from a search section's lines, and nothing else", () => {
		const text = `machine: AMD EPYC, 2 cores\n${round({'start.txt': [8, 1550], 'loa-start.txt': [7, 1018]})}\nsearch allocation: 671,101 nodes, 0 garbage collections`;
		expect(parseSearchLines(text)).toEqual([
			{file: 'start.txt', depth: 8, kiloNodesPerSecond: 1550},
			{file: 'loa-start.txt', depth: 7, kiloNodesPerSecond: 1018},
		]);
	});

	it("takes each side's median over the rounds, and the ratio of the medians; a file one side lacks is left out", () => {
		const ours = [
			round({'start.txt': [8, 1500], 'new.txt': [9, 900]}),
			round({'start.txt': [8, 1600]}),
			round({'start.txt': [9, 1550]}),
		].map(parseSearchLines);
		const theirs = [round({'start.txt': [7, 500]}), round({'start.txt': [7, 560]}), round({'start.txt': [6, 600]})].map(parseSearchLines);
		const rows = speedRows(ours, theirs);
		expect(rows).toEqual([
			{file: 'start.txt', depth: 8, baselineDepth: 7, kiloNodesPerSecond: 1550, baselineKiloNodesPerSecond: 560, ratio: 1550 / 560},
		]);
		expect(speedTable(rows, '92b0d44c6765a13f', 3)).toContain('start.txt              8/7       1550        560  2.77×');
	});
});
