/**
 * perft tables (docs/pahtum.md §9: a move that ends the game ends its sequence). In PAH-TUM every empty
 * square is a move until the grid is full, so from E empty squares perft(n) = E·(E−1)·…·(E−n+1)
 * for n ≤ E, and 0 beyond.
 */
import {describe, expect, test} from 'vitest';
import {divide, perft} from '../../../source/engine/perft.js';
import {PahtumBoard} from '../../../source/games/pahtum/board.js';
import {legalMoves, play} from '../../../source/games/pahtum/rules.js';
import {SEED_IN_PROGRESS, SEED_START, sq, stateOf} from './helpers.js';

const board = (rows: readonly string[]) => new PahtumBoard(stateOf(rows).cells);
/** The seed's start played in square order until `left` empty squares are left (the last ones, F7.. G7). */
function filledUpTo(left: number): PahtumBoard {
	let state = stateOf(SEED_START);
	while (legalMoves(state).length > left) state = play(state, legalMoves(state)[0]!);
	return new PahtumBoard(state.cells);
}

describe('PAH-TUM perft', () => {
	test.each([
		[1, 44],
		[2, 44 * 43],
		[3, 44 * 43 * 42],
		[4, 44 * 43 * 42 * 41],
	])("the seed's start, depth %i: %i", (depth, count) => {
		expect(perft(board(SEED_START), depth)).toBe(count);
	});

	test.each([
		[1, 28],
		[2, 28 * 27],
		[3, 28 * 27 * 26],
		[4, 28 * 27 * 26 * 25],
	])("the seed's game in progress, depth %i: %i", (depth, count) => {
		expect(perft(board(SEED_IN_PROGRESS), depth)).toBe(count);
	});

	test.each([
		[1, 4],
		[2, 12],
		[3, 24],
		[4, 24],
		[5, 0],
	])('four squares left, depth %i: %i (the fourth move ends every sequence)', (depth, count) => {
		expect(perft(filledUpTo(4), depth)).toBe(count);
	});

	test('one square left: the move ends the game, and nothing follows it', () => {
		const position = filledUpTo(1);
		expect(position.sideToMove).toBe(2);
		expect(perft(position, 1)).toBe(1);
		expect(perft(position, 2)).toBe(0);
		expect(divide(position, 1)).toEqual([{move: sq('G7'), count: 1}]);
	});

	test('divide sums to perft and leaves the position as it was', () => {
		const position = board(SEED_IN_PROGRESS);
		const before = [position.hashLo, position.hashHi, Array.from(position.cells), position.scoreX, position.scoreO];
		const rows = divide(position, 3);
		expect(rows).toHaveLength(28);
		expect(rows.reduce((sum, row) => sum + row.count, 0)).toBe(28 * 27 * 26);
		expect([position.hashLo, position.hashHi, Array.from(position.cells), position.scoreX, position.scoreO]).toEqual(before);
	});
});
