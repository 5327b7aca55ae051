import {describe, expect, test} from 'vitest';
import fc from 'fast-check';
import {columnOf, renderGraph, type GraphPoint} from '../../source/review/graph.js';

const options = {width: 20, height: 4, decisive: 1000, current: null, ascii: false, initials: ['R', 'B'] as const};
const point = (value: number, won: 1 | 2 | null = null): GraphPoint => ({value, won});

describe('the evaluation graph', () => {
	test('an even position fills the lower half, player 1 ahead fills more, behind less; the even line shows where no bar covers it', () => {
		const graph = renderGraph([point(0), point(1000), point(-1000), point(500)], options);
		// Four positions in 20 columns: three columns each.
		expect(graph.columns).toBe(12);
		const column = (index: number) => graph.rows.map(row => row[index * 3]).join('');
		expect(column(0)).toBe(' ╌██');
		expect(column(1)).toBe('████');
		expect(column(2)).toBe(' ╌  ');
		expect(column(3)).toBe(' ███');
	});

	test('eighths of a row: a value between two levels ends in a partial block', () => {
		// 2 rows, 16 levels from -1000 to +1000: +125 is 9 levels, the top row one eighth full.
		const graph = renderGraph([point(125)], {...options, height: 2, width: 1});
		expect(graph.rows).toEqual(['▁', '█']);
	});

	test("proven wins end their column in the winner's initial; ASCII marks without Unicode", () => {
		const graph = renderGraph([point(1000, 1), point(-1000, 2), point(0)], {...options, ascii: true, width: 3});
		expect(graph.rows.map(row => row[0]).join('')).toBe('R###');
		expect(graph.rows.map(row => row[1]).join('')).toBe(' -  '.slice(0, 3) + 'B');
		expect(graph.rows.map(row => row[2]).join('')).toBe(' -##');
		expect(graph.rows.join('')).toMatch(/^[ .:#RB-]+$/);
	});

	test('positions not looked at yet leave their columns blank but for the even line', () => {
		const graph = renderGraph([point(0), undefined], {...options, width: 2});
		expect(graph.rows.map(row => row[1]).join('')).toBe(' ╌  ');
	});

	test('the current position is marked under its columns', () => {
		const graph = renderGraph([point(0), point(0), point(0)], {...options, width: 6, current: 1});
		expect(graph.marker).toBe('  ▲▲  ');
		expect(graph.currentColumn).toBe(3);
	});

	test('a long game shares columns: every position falls in one, in order, the last in the last', () => {
		fc.assert(
			fc.property(fc.integer({min: 1, max: 300}), fc.integer({min: 1, max: 80}), (count, width) => {
				const graph = renderGraph(
					Array.from({length: count}, () => point(0)),
					{...options, width},
				);
				expect(graph.columns).toBeLessThanOrEqual(width);
				let previous = -1;
				for (let index = 0; index < count; index++) {
					const column = columnOf(index, graph.columns, count);
					// A plain check for each of the up to 300 positions, expect() for the one that fails it.
					if (!(column >= previous && column < graph.columns)) {
						expect(column, `position ${index}`).toBeGreaterThanOrEqual(previous);
						expect(column, `position ${index}`).toBeLessThan(graph.columns);
					}
					previous = column;
				}
				expect(columnOf(count - 1, graph.columns, count)).toBe(graph.columns - 1);
				for (const row of graph.rows) expect([...row]).toHaveLength(graph.columns);
			}),
		);
	});
});
