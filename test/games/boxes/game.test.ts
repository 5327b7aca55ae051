/** The Game interface of LINES and BOXES: the view, picking, the readers of moves, the entry's answer, setups, telling its files. */
import {readFileSync} from 'node:fs';
import {describe, expect, test} from 'vitest';
import {SET_UP} from '../../../source/games/game.js';
import {boxes} from '../../../source/games/boxes/index.js';
import {classicLoa, classicLoaMoverWins, loaps} from '../../../source/games/loa/index.js';
import {pahtum} from '../../../source/games/pahtum/index.js';
import {fileOf, SEED_BOX, SEED_EMPTY, SEED_PLAYED} from './helpers.js';
import {latticeView} from '../../helpers/views.js';

const save = (name: string) => readFileSync(new URL(`../../fixtures/positions/${name}`, import.meta.url), 'utf8');
const load = (text: string) => {
	const parsed = boxes.parse(text, 'game.txt');
	if (!parsed.ok) throw new Error(parsed.error.message);
	return parsed.value;
};
const moveOf = (state: ReturnType<typeof load>, text: string) => {
	const parsed = boxes.parseMove(state, text);
	if (!parsed.ok) throw new Error(parsed.error);
	return parsed.value;
};

describe('the Game interface of LINES and BOXES', () => {
	test('its constants', () => {
		expect(boxes.id).toBe('boxes');
		expect(boxes.sides).toEqual(['RED', 'BLUE']);
		expect([boxes.moveLimit, boxes.hasPoints, boxes.matchBy, boxes.randomBoards]).toEqual([null, true, 'games', true]);
		expect(boxes.clock).toEqual({per: 'game', seconds: 60});
		expect(boxes.entry).toEqual({input: 'path', clock: {per: 'game', seconds: 60}});
	});

	test('the moves the mover can have left: half the free unit segments, rounded up (every move draws one at least)', () => {
		const empty = boxes.initial({rows: 3, columns: 3});
		expect(boxes.movesLeft(empty)).toBe(12);
		const longLine = boxes.play(empty, moveOf(empty, 'A1 D1'));
		expect(boxes.movesLeft(longLine)).toBe(11);
		expect(boxes.movesLeft(boxes.play(longLine, moveOf(longLine, 'A2 B2')))).toBe(10);
		expect(boxes.movesLeft(boxes.initial({rows: 8, columns: 8}))).toBe(72);
	});

	test('the view: squares are the vertices, the lattice says who drew what and who took what', () => {
		const state = load(SEED_PLAYED);
		const view = latticeView(boxes.board(state));
		expect([view.rows, view.columns]).toEqual([9, 4]);
		// 36 vertices, all on the board.
		expect(view.placeOf(35)).toEqual([8, 3]);
		expect(view.rowLabels).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9']);
		expect(view.columnLabels).toEqual(['A', 'B', 'C', 'D']);
		expect(view.placeOf(view.squareAt(4, 2))).toEqual([4, 2]);
		expect(view.squareName(view.squareAt(4, 2))).toBe('C5');
		expect(view.home).toEqual([view.squareAt(4, 2), view.squareAt(4, 2)]);
		expect(view.turnsForSecond).toBe(false);
		const lattice = view.lattice;
		expect([lattice.rows, lattice.columns]).toEqual([8, 3]);
		// Row 1: A1 C1 by player 1, C1 D1 undrawn; row 2 pre-drawn.
		expect(lattice.horizontal.slice(0, 6)).toEqual([1, 1, 0, SET_UP, SET_UP, SET_UP]);
		// Column A: A1..A5 by player 2; column B pre-drawn; column C by player 1.
		expect(lattice.vertical.slice(0, 4)).toEqual([2, SET_UP, 1, 0]);
		expect(lattice.boxes.slice(0, 3)).toEqual([2, 1, 0]);
	});

	test('moveEnds are the lesser vertex and the greater; formatMove and entryAnswer write them', () => {
		const state = load(SEED_EMPTY);
		const move = moveOf(state, 'b2 b5');
		const view = boxes.board(state);
		expect(boxes.moveEnds(state, move)).toEqual([view.squareAt(1, 1), view.squareAt(4, 1)]);
		expect(boxes.formatMove(state, move)).toBe('B2 B5');
		expect(boxes.entryAnswer(state, move)).toBe('B2 B5\n');
	});

	test('parseMove is lenient: any case, a dash, no space, and either order (a reversed pair is the segment it names)', () => {
		const state = load(SEED_EMPTY);
		const move = moveOf(state, 'A3 C3');
		for (const text of ['a3 c3', 'A3-C3', ' A3C3 ', 'C3 A3', 'c3-a3'])
			expect(boxes.parseMove(state, text)).toEqual({ok: true, value: move});
		expect(boxes.parseMove(state, 'A1 C3')).toEqual({
			ok: false,
			error: 'A1 C3 is diagonal: a line joins two vertices of one row or one column',
		});
		expect(boxes.parseMove(state, 'A1 G1')).toMatchObject({ok: false, error: /G1 is off the board: its vertices are A\.\.F and 1\.\.6/});
		expect(boxes.parseMove(state, 'hello')).toMatchObject({ok: false, error: /"hello" is not a line/});
		expect(boxes.parseMove(state, '')).toMatchObject({ok: false, error: /type a line/});
	});

	test('readEntryMove is strict: one line, two capital vertices, lesser first, legal', () => {
		const state = load(fileOf(['1 3 3', '1 0 60', '2 0 60', '0 B2 C2']));
		const move = moveOf(state, 'A3 C3');
		expect(boxes.readEntryMove(state, 'A3 C3\n')).toEqual({ok: true, value: move});
		expect(boxes.readEntryMove(state, 'A3 C3')).toEqual({ok: true, value: move});
		expect(boxes.readEntryMove(state, 'A3\tC3\r\n')).toEqual({ok: true, value: move});
		const fault = (output: string) => {
			const read = boxes.readEntryMove(state, output);
			return read.ok ? null : read.error;
		};
		expect(fault('')).toEqual({fault: 'no-output', message: 'it printed nothing'});
		expect(fault(' \n')).toEqual({fault: 'no-output', message: 'it printed only white space'});
		expect(fault('A3 C3\nA1 B1\n')).toEqual({fault: 'lines', message: 'it printed 2 lines; an entry prints exactly one'});
		expect(fault('A3-C3\n')).toMatchObject({fault: 'unparsable'});
		expect(fault('a3 c3\n')).toMatchObject({fault: 'unparsable'});
		expect(fault('A3 E3\n')).toMatchObject({fault: 'unparsable', message: /E3 is off the board/});
		expect(fault('C3 A3\n')).toEqual({fault: 'illegal', message: 'C3 A3 is reversed: the lesser vertex first, as in A3 C3'});
		expect(fault('A1 C3\n')).toEqual({fault: 'illegal', message: 'A1 C3 is diagonal: a line joins two vertices of one row or one column'});
		expect(fault('B2 D2\n')).toEqual({fault: 'illegal', message: 'B2 D2 overlaps the drawn B2 C2'});
	});

	test('explainPick: a vertex with nothing left to draw, a vertex that only ends lines, a pair that is no move', () => {
		const state = load(fileOf(['1 3 3', '1 0 60', '2 0 60', '0 A1 D1', '0 A1 A4', '0 B1 B2']));
		const view = boxes.board(state);
		const at = (name: string) => view.squareAt(Number(name.slice(1)) - 1, 'ABCD'.indexOf(name[0]!));
		expect(boxes.explainPick(state, [at('A1')])).toBe('no line can be drawn from A1: every segment at it is drawn');
		expect(boxes.explainPick(state, [at('D4')])).toMatch(/no line starts at D4: .*lesser end/);
		expect(boxes.explainPick(state, [at('B2')])).toMatch(/a line can be drawn from B2/);
		expect(boxes.explainPick(state, [at('B2'), at('C3')])).toBe('B2 C3 is diagonal: a line joins two vertices of one row or one column');
		expect(boxes.explainPick(state, [at('C2'), at('A2')])).toBe('C2 A2 is reversed: the lesser vertex first, as in A2 C2');
		expect(boxes.explainPick(state, [at('B1'), at('B3')])).toBe('B1 B3 overlaps the drawn B1 B2');
	});

	test('scores, clocks, withClocks, moveNumber, past, tally, render', () => {
		const state = load(SEED_PLAYED);
		expect(boxes.scores(state)).toEqual([1, 1]);
		expect(boxes.clocks(state)).toEqual([58.32, 43.16]);
		expect(boxes.clocks(boxes.withClocks(state, [10, 20.5]))).toEqual([10, 20.5]);
		expect(boxes.moveNumber(state)).toBe(2);
		expect(boxes.moveNumber(load(SEED_EMPTY))).toBe(1);
		expect(boxes.past(state)).toEqual({start: state, moves: []});
		expect(boxes.tally!(state)).toEqual(['RED 1: B1', 'BLUE 1: A1']);
		const picture = boxes.render(load(SEED_BOX));
		expect(picture).toContain(' 2 .---.');
		expect(picture).toContain('| # |');
		expect(picture).toContain('RED to play move 1');
	});

	test('initial: 5×5 and empty by default; a size and pre-drawn unit segments reproducible from the seed', () => {
		const start = boxes.initial();
		expect([start.rows, start.columns, start.setUp.length, start.moves.length]).toEqual([5, 5, 0, 0]);
		const a = boxes.initial({rows: 4, columns: 7, lines: 20, seed: 42});
		const b = boxes.initial({rows: 4, columns: 7, lines: 20, seed: 42});
		expect(boxes.format(a)).toBe(boxes.format(b));
		expect(a.setUp).toHaveLength(20);
		expect([...a.horizontal, ...a.vertical].filter(owner => owner === SET_UP)).toHaveLength(20);
		expect(boxes.format(boxes.initial({rows: 4, columns: 7, lines: 20, seed: 43}))).not.toBe(boxes.format(a));
		// 3×3 has 24 unit segments: 23 may be drawn, never all.
		expect(boxes.legalMoves(boxes.initial({rows: 3, columns: 3, lines: 23, seed: 1}))).toHaveLength(1);
		expect(() => boxes.initial({rows: 3, columns: 3, lines: 24})).toThrow(RangeError);
		expect(() => boxes.initial({lines: -1})).toThrow(RangeError);
	});

	test('outcome descriptions', () => {
		const lines = ['1 A1 D1', '2 A2 D2', '1 A3 D3', '2 A4 D4', '1 A1 A4', '2 B1 B4', '1 C1 C4', '2 D1 D4'];
		expect(boxes.outcome(load(fileOf(['1 3 3', '1 0 60', '2 0 60', ...lines])))).toEqual({
			result: 'win',
			winner: 2,
			reason: 'board-full',
			description: 'BLUE wins 6 boxes to 3',
		});
		expect(boxes.outcome(load(SEED_PLAYED))).toBeNull();
	});
});

describe('telling a LINES and BOXES file', () => {
	const loaFiles = ['start.txt', 'red-move-10.txt', 'blue-move-28.txt'].map(save);
	const grid = '-------\n------+\n---+---\n-------\n--++---\n-------\n+------\n';

	test("it recognizes the seed's samples and its own files, cut short or with a bad line too", () => {
		for (const text of [SEED_EMPTY, SEED_BOX, SEED_PLAYED, boxes.format(boxes.initial({seed: 3, lines: 10}))])
			expect(boxes.recognizes(text)).toBe(true);
		expect(boxes.recognizes('1 5 5\n')).toBe(true);
		expect(boxes.recognizes('1 5 5\n1 0 60\n2 0 60\n1 A1 Z9\n')).toBe(true);
	});

	test('it does not take LOA files or PAH-TUM grids, and they do not take its files', () => {
		for (const text of [
			...loaFiles,
			classicLoa.format(classicLoa.initial()),
			grid,
			pahtum.format(pahtum.initial({seed: 7})),
			'hello\n',
			'',
		])
			expect(boxes.recognizes(text)).toBe(false);
		// Seven moves of 7 characters after the 3 header lines: the shape of a LOAPS file's 7 board lines, but for the spaces.
		const sevenMoves = fileOf([
			'2 3 3',
			'1 0 60.0',
			'2 0 60.0',
			'1 A1 B1',
			'2 A2 B2',
			'1 A3 B3',
			'2 A4 B4',
			'1 B1 C1',
			'2 B2 C2',
			'1 B3 C3',
		]);
		expect(boxes.recognizes(sevenMoves)).toBe(true);
		for (const game of [loaps, classicLoa, classicLoaMoverWins, pahtum]) {
			for (const text of [SEED_EMPTY, SEED_BOX, SEED_PLAYED, sevenMoves]) expect(game.recognizes(text)).toBe(false);
		}
	});
});
