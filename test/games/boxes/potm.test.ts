/** The LINES and BOXES file (docs/boxes.md §6): the seed's samples, the rulings, every bad file. */
import {describe, expect, test} from 'vitest';
import {SET_UP} from '../../../source/games/game.js';
import {formatBoxes, parseBoxes} from '../../../source/games/boxes/potm.js';
import {moveName} from '../../../source/games/boxes/rules.js';
import {fileOf, SEED_BOX, SEED_EMPTY, SEED_PLAYED} from './helpers.js';

const parsed = (text: string) => {
	const result = parseBoxes(text, 'game.txt');
	if (!result.ok) throw new Error(`${result.error.line}: ${result.error.message}`);
	return result.value;
};
const errorOf = (lines: readonly string[]) => {
	const result = parseBoxes(fileOf(lines), 'bad.txt');
	if (result.ok) throw new Error('parsed');
	return result.error;
};

describe("the seed's samples", () => {
	test('an empty 5×5 board, player 1 to move', () => {
		const state = parsed(SEED_EMPTY);
		expect([state.rows, state.columns, state.toMove, state.scores, state.clocks]).toEqual([5, 5, 1, [0, 0], [60, 60]]);
		expect(state.setUp).toEqual([]);
		expect(state.moves).toEqual([]);
		expect(state.notes).toEqual([]);
		expect(state.outcome).toBeNull();
	});

	test("a 5×7 board with box A2 closed before the game: nobody's", () => {
		const state = parsed(SEED_BOX);
		expect([state.rows, state.columns]).toEqual([5, 7]);
		expect(state.setUp.map(move => moveName(state, move))).toEqual(['A2 A3', 'A2 B2', 'B2 B3', 'A3 B3']);
		expect(state.boxes[1 * 7 + 0]).toBe(SET_UP);
		expect(state.boxes.filter(owner => owner !== 0)).toHaveLength(1);
		expect(state.scores).toEqual([0, 0]);
		expect(state.notes).toEqual([]);
	});

	test('8 rows × 3 columns, three moves played: player 2 took A1, player 1 took B1; the stale score lines are forgiven and noted', () => {
		const state = parsed(SEED_PLAYED);
		expect([state.rows, state.columns, state.toMove]).toEqual([8, 3, 2]);
		expect(state.clocks).toEqual([58.32, 43.16]);
		expect(state.boxes[0]).toBe(2);
		expect(state.boxes[1]).toBe(1);
		expect(state.scores).toEqual([1, 1]);
		expect(state.notes).toEqual(['the score lines said 0 and 1; the moves give 1 and 1']);
		// Written back with the scores the moves give.
		expect(formatBoxes(state)).toBe(fileOf(['2 8 3', '1 1 58.32', '2 1 43.16', '0 A2 D2', '0 B1 B9', '1 A1 C1', '2 A1 A5', '1 C1 C9']));
	});
});

describe('reading and writing', () => {
	test("format writes the seed's layout: clocks as LOA writes them, pre-drawn lines first", () => {
		expect(formatBoxes(parsed(SEED_EMPTY))).toBe(fileOf(['1 5 5', '1 0 60.0', '2 0 60.0']));
		expect(formatBoxes(parsed(SEED_BOX))).toBe(fileOf(['1 5 7', '1 0 60.0', '2 0 60.0', '0 A2 A3', '0 A2 B2', '0 B2 B3', '0 A3 B3']));
	});

	test('white space, CR LF, integer clocks, blank lines and lower-case vertices are read', () => {
		const state = parsed('1   3\t3\r\n1 0 60\r\n\r\n2  0   59.5\r\n0 a1   b1\r\n1 B1 B2\r\n2 A1 A2\r\n\r\n');
		expect(state.clocks).toEqual([60, 59.5]);
		expect(state.setUp.map(move => moveName(state, move))).toEqual(['A1 B1']);
		expect(state.moves.map(move => moveName(state, move))).toEqual(['B1 B2', 'A1 A2']);
		expect(state.toMove).toBe(1);
	});

	test('a full board parses: a finished game', () => {
		// The rows first; then B, C and D each close the column of boxes to their left.
		const state = parsed(
			fileOf(['1 3 3', '1 0 60', '2 0 60', '1 A1 D1', '2 A2 D2', '1 A3 D3', '2 A4 D4', '1 A1 A4', '2 B1 B4', '1 C1 C4', '2 D1 D4']),
		);
		expect(state.scores).toEqual([3, 6]);
		expect(state.outcome?.description).toBe('BLUE wins 6 boxes to 3');
	});
});

describe('bad files: one error naming the line and the problem', () => {
	test.each([
		[['1 5'], 1, /expected "P R C"/],
		[['x 5 5'], 1, /expected "P R C"/],
		[['3 5 5', '1 0 60', '2 0 60'], 1, /player to move is 1 or 2, not 3/],
		[['1 2 5', '1 0 60', '2 0 60'], 1, /3\.\.8 boxes each way .* not 2×5/],
		[['1 5 9', '1 0 60', '2 0 60'], 1, /not 5×9/],
		[['1 5 5', '1 0 60'], null, /ends before player 2's line/],
		[['1 5 5', '2 0 60', '1 0 60'], 2, /player 1's line/],
		[['1 5 5', '1 -1 60', '2 0 60'], 2, /score "-1" is not a whole number/],
		[['1 5 5', '1 0 sixty', '2 0 60'], 2, /time "sixty" is not a number/],
		[['1 3 3', '1 0 60', '2 0 60', '1 A1 E1'], 4, /E1 is off the board: a 3×3 board's vertices are A\.\.D and 1\.\.4/],
		[['1 3 3', '1 0 60', '2 0 60', '1 A1 A5'], 4, /A5 is off the board/],
		[['1 3 3', '1 0 60', '2 0 60', '1 A1 C3'], 4, /A1 C3 is diagonal/],
		[['1 3 3', '1 0 60', '2 0 60', '1 C3 A3'], 4, /C3 A3 is reversed: the lesser vertex first, as in A3 C3/],
		[['1 3 3', '1 0 60', '2 0 60', '1 B2 B2'], 4, /joins a vertex to itself/],
		[['2 3 3', '1 0 60', '2 0 60', '0 B2 C2', '1 B2 D2'], 5, /B2 D2 overlaps the drawn B2 C2/],
		[['1 3 3', '1 0 60', '2 0 60', '1 A2 D2', '2 B2 C2'], 5, /B2 C2 overlaps the drawn A2 D2/],
		[['1 3 3', '1 0 60', '2 0 60', '2 A1 B1'], 4, /player 2 moves out of turn: move 1 is player 1's/],
		[['1 3 3', '1 0 60', '2 0 60', '1 A1 B1', '1 A2 B2'], 5, /player 1 moves out of turn/],
		[['2 3 3', '1 0 60', '2 0 60', '1 A1 B1', '0 A2 B2'], 5, /pre-drawn line \(player 0\) after the players' moves/],
		[['1 3 3', '1 0 60', '2 0 60', '1 A1 B1'], 1, /line 1 says player 1 is to move, but after 1 move it is player 2's turn/],
		[['1 3 3', '1 0 60', '2 0 60', '1 A1 B1 C1'], 4, /expected a line "P V1 V2"/],
		[['1 3 3', '1 0 60', '2 0 60', '3 A1 B1'], 4, /expected a line "P V1 V2"/],
		[['1 3 3', '1 0 60', '2 0 60', '1 A1 %'], 4, /"%" is not a vertex/],
		[
			['1 3 3', '1 0 60', '2 0 60', '1 A1 D1', '2 A2 D2', '1 A3 D3', '2 A4 D4', '1 A1 A4', '2 B1 B4', '1 C1 C4', '2 D1 D4', '1 A1 B1'],
			12,
			/every segment is drawn already/,
		],
	] as const)('%j: line %s', (lines, line, message) => {
		const error = errorOf(lines);
		expect(error.file).toBe('bad.txt');
		expect(error.line).toBe(line);
		expect(error.message).toMatch(message);
	});

	test('an empty file', () => {
		const result = parseBoxes('\n\n', 'empty.txt');
		expect(result.ok ? null : result.error).toMatchObject({line: null, message: /empty/});
	});
});
