/** The 3×3 table built in part: every drawn set at or above its cursor is solved, and answered; the others wait. */
import {describe, expect, test} from 'vitest';
import {boardOf} from '../../../source/games/boxes/index.js';
import {parseBoxes} from '../../../source/games/boxes/potm.js';
import {buildTable, drawnSet, solveByTable, tableProgress} from '../../../source/games/boxes/table3.js';
import {fileOf, plainOf, plainSolve} from './helpers.js';

const stateOf = (lines: readonly string[]) => {
	const parsed = parseBoxes(fileOf(['1 3 3', '1 0 60', '2 0 60', ...lines.map(line => `0 ${line}`)]), 'x.txt');
	if (!parsed.ok) throw new Error(parsed.error.message);
	return parsed.value;
};

describe('the 3×3 table, built in part', () => {
	test('a budget of nodes builds that many sets from the full board down; sets above the cursor are answered exactly, the rest not yet', () => {
		expect(buildTable({nodes: 1 << 20})).toBe(false);
		expect(tableProgress()).toBeCloseTo((1 << 20) / (1 << 24), 6);
		// The bottom row's vertical units are the four highest (20..23): drawn, the set is among the first solved.
		const lines = ['A3 A4', 'B3 B4', 'C3 C4', 'D3 D4', 'A1 D1', 'B2 C2', 'A2 A3', 'A4 D4', 'A2 B2', 'D1 D2'];
		const late = stateOf(lines);
		const board = boardOf(late);
		expect(drawnSet(board)).toBeGreaterThanOrEqual((1 << 24) - (1 << 20));
		const solution = solveByTable(board, {nodes: 0});
		expect(solution?.score).toBe(100 * plainSolve(plainOf(3, 3, lines)));
		// The empty board is the last set to be solved.
		expect(solveByTable(boardOf(stateOf([])), {nodes: 1})).toBeNull();
	});
});
