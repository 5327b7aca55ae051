/** One test per ruling of LINES and BOXES (docs/boxes.md), on the friendly state and the fast board alike. */
import {describe, expect, test} from 'vitest';
import {ONGOING, SET_UP} from '../../../source/games/game.js';
import {boardOf, boxes} from '../../../source/games/boxes/index.js';
import {geometryOf} from '../../../source/games/boxes/geometry.js';
import {createState, legalMoves, moveName, play, type BoxesState} from '../../../source/games/boxes/rules.js';
import {latticeView} from '../../helpers/views.js';

/** A state from lines named as in the files: pre-drawn, then the players' moves. */
function stateOf(rows: number, columns: number, setUp: readonly string[], moves: readonly string[] = []): BoxesState {
	const g = geometryOf(rows, columns);
	const moveOf = (text: string) => {
		const [a, b] = text.split(' ').map(name => (Number(name.slice(1)) - 1) * g.width + 'ABCDEFGHI'.indexOf(name[0]!)) as [number, number];
		const move = g.moveOf(a, b);
		if (move < 0) throw new Error(text);
		return move;
	};
	return createState(rows, columns, setUp.map(moveOf), moves.map(moveOf));
}
const playText = (state: BoxesState, text: string) => {
	const move = boxes.parseMove(state, text);
	if (!move.ok) throw new Error(move.error);
	return play(state, move.value);
};

describe('LINES and BOXES rulings', () => {
	test('1. a board is 3..8 boxes each way, rows first; vertices A.. across and 1.. down', () => {
		const state = boxes.initial({rows: 3, columns: 5});
		const view = boxes.board(state);
		expect([view.rows, view.columns]).toEqual([4, 6]);
		expect(view.columnLabels).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
		expect(view.rowLabels).toEqual(['1', '2', '3', '4']);
		expect(view.squareName(0)).toBe('A1');
		expect(view.squareName(view.squareAt(3, 5))).toBe('F4');
		expect(() => boxes.initial({rows: 2, columns: 5})).toThrow(RangeError);
		expect(() => boxes.initial({rows: 3, columns: 9})).toThrow(RangeError);
	});

	test('2. a move joins two vertices of a row or a column, of any length: 48 moves on an empty 3×3 (24 horizontal, 24 vertical)', () => {
		const state = boxes.initial({rows: 3, columns: 3});
		const moves = legalMoves(state).map(move => moveName(state, move));
		expect(moves).toHaveLength(48);
		const horizontal = moves.filter(name => name[1] === name[4]);
		expect(horizontal).toHaveLength(24);
		expect(moves).toContain('A1 D1');
		expect(moves).toContain('C1 C4');
		expect(boxes.searchPosition(state).countMoves()).toBe(48);
	});

	test('2. no unit segment of a move may be drawn already; crossing or touching a drawn line at a vertex is allowed', () => {
		let state = stateOf(3, 3, [], []);
		state = playText(state, 'B1 B4');
		// Crosses B1 B4 at B2.
		state = playText(state, 'A2 D2');
		// The drawn line is named whole, as it was drawn, not only the part the move would draw again.
		expect(boxes.parseMove(state, 'B3 B4')).toEqual({ok: false, error: 'B3 B4 overlaps the drawn B1 B4'});
		expect(boxes.parseMove(state, 'A2 C2')).toEqual({ok: false, error: 'A2 C2 overlaps the drawn A2 D2'});
		expect(boxes.parseMove(state, 'B2 D2')).toEqual({ok: false, error: 'B2 D2 overlaps the drawn A2 D2'});
		// Touches the drawn lines at B2 and at D2.
		expect(boxes.parseMove(state, 'B2 B1').ok).toBe(false);
		expect(boxes.parseMove(state, 'D1 D2').ok).toBe(true);
		expect(boxes.parseMove(state, 'A1 A4').ok).toBe(true);
	});

	test("3. a box whose fourth side the move draws is the mover's; one move can take several", () => {
		// Boxes A1 and A2 have three sides each; their right sides lie on column B.
		let state = stateOf(3, 3, ['A1 B1', 'A3 B3', 'A1 A3', 'A2 B2'], ['C1 C2', 'C2 C3']);
		state = playText(state, 'B1 B4');
		expect(state.boxes[0]).toBe(1);
		expect(state.boxes[3]).toBe(1);
		expect(state.scores).toEqual([2, 0]);
		expect(
			boardOf(stateOf(3, 3, ['A1 B1', 'A3 B3', 'A1 A3', 'A2 B2'], ['C1 C2', 'C2 C3'])).moveGain(
				legalMoves(stateOf(3, 3, ['A1 B1', 'A3 B3', 'A1 A3', 'A2 B2'], ['C1 C2', 'C2 C3'])).find(
					move => moveName(state, move) === 'B1 B4',
				)!,
			),
		).toBe(2);
	});

	test('3. boxes closed by pre-drawn lines belong to nobody', () => {
		const state = stateOf(3, 3, ['A1 B1', 'A2 B2', 'A1 A2', 'B1 B2']);
		expect(state.boxes[0]).toBe(SET_UP);
		expect(state.scores).toEqual([0, 0]);
		expect(latticeView(boxes.board(state)).lattice.boxes[0]).toBe(SET_UP);
		expect(latticeView(boxes.board(state)).lattice.horizontal[0]).toBe(SET_UP);
	});

	test('4. turns always alternate, whether or not a box was taken', () => {
		let state = stateOf(3, 3, ['A1 B1', 'A2 B2', 'A1 A2']);
		expect(state.toMove).toBe(1);
		state = playText(state, 'B1 B2');
		expect(state.scores).toEqual([1, 0]);
		expect(state.toMove).toBe(2);
		const board = boardOf(stateOf(3, 3, ['A1 B1', 'A2 B2', 'A1 A2']));
		board.make(legalMoves(stateOf(3, 3, ['A1 B1', 'A2 B2', 'A1 A2'])).find(move => moveName(state, move) === 'B1 B2')!);
		expect(board.sideToMove).toBe(2);
		expect(board.score1).toBe(1);
	});

	test('5. the game ends when every unit segment is drawn; more boxes wins, equal is a tie', () => {
		let state = stateOf(3, 3, ['A2 D2', 'A3 D3', 'A4 D4', 'A1 A4', 'B1 B4', 'C1 C4', 'D1 D4']);
		expect(state.outcome).toBeNull();
		// One unit segment left per box of the top row... the last line A1 D1 takes all three.
		state = playText(state, 'A1 D1');
		expect(state.outcome).toMatchObject({result: 'win', winner: 1, reason: 'board-full', description: 'RED wins 3 boxes to 0'});
		expect(legalMoves(state)).toEqual([]);
		const tie = stateOf(3, 3, ['A2 D2', 'A3 D3', 'A1 A4', 'B1 B4', 'C1 C4', 'D1 D4'], ['A1 D1', 'A4 D4']);
		expect(tie.outcome?.description).toBe('a tie, 3 boxes each');
		const board = boardOf(tie);
		expect(board.terminal()).toBe(0);
		const open = boardOf(stateOf(3, 3, ['A2 D2']));
		expect(open.terminal()).toBe(ONGOING);
	});

	test('a move that is not legal throws RangeError', () => {
		const state = stateOf(3, 3, ['A1 B1']);
		const move = legalMoves(boxes.initial({rows: 3, columns: 3})).find(m => moveName(state, m) === 'A1 C1')!;
		expect(() => play(state, move)).toThrow(/A1 C1 overlaps the drawn A1 B1/);
		expect(() => play(state, -1)).toThrow(RangeError);
	});
});
