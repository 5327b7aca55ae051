/**
 * perft tables (docs/boxes.md §9: a move that ends the game ends its sequence) of the fast board, each
 * checked against the plain model (helpers.ts), which tries every pair of vertices.
 */
import {describe, expect, test} from 'vitest';
import {divide, perft} from '../../../source/engine/perft.js';
import {boardOf, boxes} from '../../../source/games/boxes/index.js';
import {moveName} from '../../../source/games/boxes/rules.js';
import {parseBoxes} from '../../../source/games/boxes/potm.js';
import {fileOf, plainMoveName, plainMoves, plainOf, plainPerft} from './helpers.js';

const PREDRAWN = ['0 A1 C1', '0 B2 B4', '0 A3 D3', '0 D1 D2', '0 C2 C3'];
const predrawn = () => {
	const parsed = parseBoxes(fileOf(['1 3 3', '1 0 60', '2 0 60', ...PREDRAWN]), 'predrawn.txt');
	if (!parsed.ok) throw new Error(parsed.error.message);
	return parsed.value;
};
const predrawnPlain = () =>
	plainOf(
		3,
		3,
		PREDRAWN.map(line => line.slice(2)),
	);

describe('LINES and BOXES perft', () => {
	test.each([
		[1, 48],
		[2, 2096],
		[3, 82_704],
	])('the empty 3×3 board, depth %i: %i', (depth, count) => {
		expect(perft(boardOf(boxes.initial({rows: 3, columns: 3})), depth)).toBe(count);
		expect(plainPerft(plainOf(3, 3, []), depth)).toBe(count);
	});

	test.each([
		[1, 96],
		[2, 8440],
	])('the empty 3×5 board, depth %i: %i', (depth, count) => {
		expect(perft(boardOf(boxes.initial({rows: 3, columns: 5})), depth)).toBe(count);
		expect(plainPerft(plainOf(3, 5, []), depth)).toBe(count);
	});

	test.each([
		[1, 25],
		[2, 536],
		[3, 9768],
		[4, 150_432],
	])('a pre-drawn 3×3 board, depth %i: %i', (depth, count) => {
		expect(perft(boardOf(predrawn()), depth)).toBe(count);
		if (depth <= 3) expect(plainPerft(predrawnPlain(), depth)).toBe(count);
	});

	test("the fast board's moves are the plain model's, move for move", () => {
		const state = predrawn();
		const fast = divide(boardOf(state), 1)
			.map(({move}) => moveName(state, move))
			.sort();
		expect(fast).toEqual(plainMoves(predrawnPlain()).map(plainMoveName).sort());
	});

	test('a board one segment from the end: its last move ends every sequence', () => {
		const parsed = parseBoxes(
			fileOf(['1 3 3', '1 0 60', '2 0 60', '0 A2 D2', '0 A3 D3', '0 A4 D4', '0 A1 A4', '0 B1 B4', '0 C1 C4', '0 D1 D4', '0 A1 C1']),
			'end.txt',
		);
		if (!parsed.ok) throw new Error(parsed.error.message);
		expect([1, 2, 3].map(depth => perft(boardOf(parsed.value), depth))).toEqual([1, 0, 0]);
	});
});
