/**
 * perft tables. The start counts are those of docs/loaps.md §10 and docs/loa.md §7; the mid-game counts were computed by the fast
 * core and confirmed to depth 4 by the plain reference generator (properties.test.ts).
 */
import {readFileSync} from 'node:fs';
import {describe, expect, test} from 'vitest';
import {divide, perft} from '../../../source/engine/perft.js';
import {LoaBoard} from '../../../source/games/loa/board.js';
import {classicLoa, loaps} from '../../../source/games/loa/index.js';
import {newBoardAt} from '../../../source/games/loa/rules.js';
import {CLASSIC_LOA, CLASSIC_LOA_MOVER_WINS, LOAPS} from '../../../source/games/loa/variant.js';
import {CLASSIC_POSITIONS} from './classic-positions.js';

const save = (name: string) => {
	const parsed = loaps.parse(readFileSync(new URL(`../../fixtures/positions/${name}`, import.meta.url), 'utf8'), name);
	if (!parsed.ok) throw new Error(parsed.error.message);
	return newBoardAt(parsed.value);
};

describe('LOAPS perft', () => {
	test.each([
		[1, 24],
		[2, 544],
		[3, 12_988],
		[4, 298_040],
		[5, 7_181_852],
	])('start position, depth %i: %i', (depth, count) => {
		expect(perft(new LoaBoard(LOAPS), depth)).toBe(count);
	});

	test.each([
		['red-move-10.txt', 1, 27],
		['red-move-10.txt', 2, 596],
		['red-move-10.txt', 3, 15_011],
		['red-move-10.txt', 4, 354_812],
		['blue-move-28.txt', 1, 18],
		['blue-move-28.txt', 2, 464],
		['blue-move-28.txt', 3, 8_681],
		['blue-move-28.txt', 4, 227_907],
	])('%s, depth %i: %i', (file, depth, count) => {
		expect(perft(save(file), depth)).toBe(count);
	});

	test('the saved start file gives the same counts as the built-in start', () => {
		expect(perft(save('start.txt'), 4)).toBe(298_040);
	});

	test('divide sums to perft and leaves the position as it was', () => {
		const board = save('red-move-10.txt');
		const before = [board.hashLo, board.hashHi, Array.from(board.cells)];
		const rows = divide(board, 3);
		expect(rows).toHaveLength(27);
		expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(15_011);
		expect([board.hashLo, board.hashHi, Array.from(board.cells)]).toEqual(before);
	});

	test('perft(0) is 1', () => {
		expect(perft(new LoaBoard(LOAPS), 0)).toBe(1);
	});
});

describe('classic 8×8 LOA perft (the same engine, another variant)', () => {
	// docs/loa.md §7 (repetition is not applied inside perft).
	test.each([
		[1, 36],
		[2, 1_244],
		[3, 44_952],
		[4, 1_563_208],
		[5, 55_963_132],
	])('start position, depth %i: %i', (depth, count) => {
		expect(perft(new LoaBoard(CLASSIC_LOA), depth)).toBe(count);
	});

	test('loa-mover counts the same: a simultaneous connection ends the game under both rulings', () => {
		expect(perft(new LoaBoard(CLASSIC_LOA_MOVER_WINS), 4)).toBe(1_563_208);
	});

	const classic = (name: keyof typeof CLASSIC_POSITIONS) => {
		const parsed = classicLoa.parse(CLASSIC_POSITIONS[name].text, name);
		if (!parsed.ok) throw new Error(parsed.error.message);
		return newBoardAt(parsed.value);
	};

	// The mid-game positions and the pass position are in classic-positions.ts, with their counts.
	test.each(
		Object.entries(CLASSIC_POSITIONS).flatMap(([name, {perft: counts}]) => counts.map((count, index) => [name, index + 1, count] as const)),
	)('%s, depth %i: %i', (name, depth, count) => {
		expect(perft(classic(name as keyof typeof CLASSIC_POSITIONS), depth)).toBe(count);
	});

	test('divide at the 8×8 start sums to perft and leaves the position as it was', () => {
		const board = new LoaBoard(CLASSIC_LOA);
		const before = [board.hashLo, board.hashHi, Array.from(board.cells)];
		const rows = divide(board, 3);
		expect(rows).toHaveLength(36);
		expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(44_952);
		expect([board.hashLo, board.hashHi, Array.from(board.cells)]).toEqual(before);
	});

	test('a side that must pass has one move, the pass, and the count goes on below it', () => {
		const rows = divide(classic('boxed'), 2);
		expect(rows).toHaveLength(1);
		expect(rows[0]!.count).toBe(30);
	});
});
