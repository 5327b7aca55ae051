/** PAH-TUM's Game interface: moves in text, picks, the board view, the picture, and an entry's answer read strictly (ruling 5). */
import {describe, expect, test} from 'vitest';
import {BLOCKED, ONGOING} from '../../../source/games/game.js';
import {pahtum} from '../../../source/games/pahtum/index.js';
import {play} from '../../../source/games/pahtum/rules.js';
import {SEED_FULL, SEED_IN_PROGRESS, sq, stateOf} from './helpers.js';
import {gridView} from '../../helpers/views.js';

const grid = (rows: readonly string[]) => rows.map(row => `${row}\n`).join('');
const progress = stateOf(SEED_IN_PROGRESS);

describe('the Game interface of PAH-TUM', () => {
	test('the rules as data: sides, clock per move, entries on stdin, matches by points, random boards', () => {
		expect(pahtum.id).toBe('pahtum');
		expect(pahtum.sides).toEqual(['X', 'O']);
		expect(pahtum.moveLimit).toBeNull();
		expect(pahtum.hasPoints).toBe(true);
		expect(pahtum.clock).toEqual({per: 'move', seconds: 10});
		expect(pahtum.entry).toEqual({input: 'stdin', clock: {per: 'move', seconds: 10}});
		expect(pahtum.matchBy).toBe('points');
		expect(pahtum.randomBoards).toBe(true);
		expect(pahtum.clocks(progress)).toEqual([10, 10]);
		// A line of play keeps what each side had left of its move; the grid does not carry it.
		expect(pahtum.clocks(pahtum.withClocks(progress, [1, 2]))).toEqual([1, 2]);
		expect(pahtum.format(pahtum.withClocks(progress, [1, 2]))).toBe(pahtum.format(progress));
		expect(pahtum.movesLeft(progress)).toBeNull();
		expect(pahtum.past(progress)).toEqual({start: progress, moves: []});
	});

	test('parseMove is lenient about case and spaces, and says why a square cannot be played', () => {
		expect(pahtum.parseMove(progress, 'c5')).toEqual({ok: true, value: sq('C5')});
		expect(pahtum.parseMove(progress, ' C5 ')).toEqual({ok: true, value: sq('C5')});
		expect(pahtum.parseMove(progress, 'C4')).toEqual({ok: false, error: 'C4 is blocked'});
		expect(pahtum.parseMove(progress, 'A2')).toEqual({ok: false, error: 'A2 is taken by O'});
		expect(pahtum.parseMove(progress, 'H4')).toEqual({ok: false, error: '"H4" is not a square: a row A..G and a column 1..7, as in "C4"'});
		expect(pahtum.parseMove(progress, '')).toEqual({ok: false, error: 'type a square: a row A..G and a column 1..7, as in "C4"'});
		expect(pahtum.parseMove(stateOf(SEED_FULL), 'A1')).toEqual({ok: false, error: 'the game is over (X wins 194 to 100)'});
		expect(pahtum.formatMove(progress, sq('G3'))).toBe('G3');
		expect(pahtum.moveEnds(progress, sq('G3'))).toEqual([sq('G3')]);
	});

	test('explainPick names a blocked or taken square', () => {
		expect(pahtum.explainPick(progress, [sq('C4')])).toBe('C4 is blocked');
		expect(pahtum.explainPick(progress, [sq('G4')])).toBe('G4 is taken by O');
		expect(pahtum.explainPick(stateOf(SEED_FULL), [sq('A1')])).toBe('The game is over (X wins 194 to 100)');
	});

	test('the board view: rows A..G from the top, columns 1..7, holes blocked, scoring runs marked, the cursor in the centre', () => {
		const view = gridView(pahtum.board(progress));
		expect([view.rows, view.columns]).toEqual([7, 7]);
		expect(view.rowLabels).toEqual(['A', 'B', 'C', 'D', 'E', 'F', 'G']);
		expect(view.columnLabels).toEqual(['1', '2', '3', '4', '5', '6', '7']);
		expect(view.cells[sq('C4')]).toBe(BLOCKED);
		expect(view.cells[sq('A1')]).toBe(1);
		expect(view.squareAt(2, 3)).toBe(sq('C4'));
		expect(view.placeOf(sq('E3'))).toEqual([4, 2]);
		expect(view.squareName(sq('E3'))).toBe('E3');
		expect(view.home).toEqual([sq('D4'), sq('D4')]);
		expect(view.bonus.every(value => value === 0)).toBe(true);
		// F3..F6 is X's run of 4, G4..G7 O's.
		expect([...view.scoring].sort((a, b) => a - b)).toEqual([
			sq('F3'),
			sq('F4'),
			sq('F5'),
			sq('F6'),
			sq('G4'),
			sq('G5'),
			sq('G6'),
			sq('G7'),
		]);
		expect(pahtum.scores(progress)).toEqual([10, 10]);
	});

	test('render draws the grid, the points so far and who is to move; then the result', () => {
		const text = pahtum.render(progress);
		expect(text).toContain('   1 2 3 4 5 6 7');
		expect(text).toContain('C  - - - + - O -');
		expect(text).toContain('X 10 points · O 10 points so far');
		expect(text).toContain('X to play move 9');
		expect(pahtum.render(stateOf(SEED_FULL))).toContain('X wins 194 to 100');
	});

	test('the tally of a finished game names each scoring run, as the seed works its example (V.4)', () => {
		const [x, o] = pahtum.tally!(stateOf(SEED_FULL));
		expect(x).toBe('X 194: A1-A7 119, B4-B6 3, F4-F7 10, A1-C1 3, A5-F5 56, A6-C6 3');
		expect(o).toMatch(/^O 100: /);
		// Each run's points add up to the side's total.
		for (const line of [x!, o!]) {
			const [total, runs] = line.split(': ') as [string, string];
			expect(runs.split(', ').reduce((sum, run) => sum + Number(run.split(' ')[1]), 0)).toBe(Number(total.split(' ')[1]));
		}
	});

	test('a search position of a finished grid knows the game is over', () => {
		expect(pahtum.searchPosition(stateOf(SEED_FULL)).terminal()).not.toBe(ONGOING);
		expect(pahtum.searchPosition(progress).terminal()).toBe(ONGOING);
	});

	test('initial() draws a random board; entryAnswer is the whole new grid', () => {
		const state = pahtum.initial({seed: 5});
		expect(pahtum.initial({seed: 5})).toEqual(state);
		const move = pahtum.legalMoves(state)[0]!;
		const answer = pahtum.entryAnswer(state, move);
		expect(answer).toHaveLength(56);
		expect(answer).toBe(pahtum.format(play(state, move)));
	});
});

describe("an entry's answer, read strictly (ruling 5)", () => {
	const given = stateOf(SEED_IN_PROGRESS);
	const answer = (rows: readonly string[]) => pahtum.readEntryMove(given, grid(rows));
	const change = (name: string, char: string) => (rows: readonly string[]) =>
		rows.map((row, index) =>
			index === 'ABCDEFG'.indexOf(name[0]!) ? row.slice(0, Number(name[1]) - 1) + char + row.slice(Number(name[1])) : row,
		);
	const withX = change('B1', 'X')(SEED_IN_PROGRESS);

	test('the grid with one more X on an empty square is the move', () => {
		expect(answer(withX)).toEqual({ok: true, value: sq('B1')});
		expect(pahtum.readEntryMove(given, pahtum.entryAnswer(given, sq('D7')))).toEqual({ok: true, value: sq('D7')});
	});

	test('nothing, or only white space', () => {
		expect(pahtum.readEntryMove(given, '')).toEqual({ok: false, error: {fault: 'no-output', message: 'it printed nothing'}});
		expect(pahtum.readEntryMove(given, '\n \n')).toEqual({ok: false, error: {fault: 'no-output', message: 'it printed only white space'}});
	});

	test('garbage', () => {
		expect(pahtum.readEntryMove(given, 'B1\n')).toEqual({
			ok: false,
			error: {fault: 'lines', message: 'it printed 1 lines; an entry prints the 7 lines of the grid'},
		});
		const lowerCase = grid(withX).replace('X', 'x');
		expect(pahtum.readEntryMove(given, lowerCase)).toEqual({
			ok: false,
			error: {fault: 'unparsable', message: 'its line 1 holds "x", which is not one of - + X O'},
		});
		const long = grid(withX).replace('\n', '-\n');
		expect(pahtum.readEntryMove(given, long)).toEqual({
			ok: false,
			error: {fault: 'lines', message: 'its line 1 has 8 characters; each line of the grid has 7'},
		});
	});

	test('no final newline, or CR LF line ends: refused, as the seed pipes answers into the next entry', () => {
		expect(pahtum.readEntryMove(given, grid(withX).slice(0, -1))).toMatchObject({ok: false, error: {fault: 'lines'}});
		expect(pahtum.readEntryMove(given, grid(withX).replace(/\n/g, '\r\n'))).toMatchObject({ok: false, error: {fault: 'lines'}});
	});

	test('the wrong letter', () => {
		expect(answer(change('B1', 'O')(SEED_IN_PROGRESS))).toEqual({
			ok: false,
			error: {fault: 'illegal', message: 'it placed O on B1, but X is to move'},
		});
	});

	test('two markers', () => {
		expect(answer(change('D5', 'X')(withX))).toEqual({
			ok: false,
			error: {fault: 'illegal', message: 'it added 2 markers (B1, D5); an entry adds exactly one'},
		});
	});

	test('no marker', () => {
		expect(answer(SEED_IN_PROGRESS)).toEqual({
			ok: false,
			error: {fault: 'illegal', message: 'it added no marker: the grid is as it was given'},
		});
	});

	test('a blocked square played, a marker removed or changed', () => {
		expect(answer(change('E3', 'X')(SEED_IN_PROGRESS))).toEqual({
			ok: false,
			error: {fault: 'illegal', message: 'it changed E3 from + to X'},
		});
		expect(answer(change('A1', '-')(withX))).toEqual({ok: false, error: {fault: 'illegal', message: 'it removed X from A1'}});
		expect(answer(change('A2', 'X')(withX))).toEqual({ok: false, error: {fault: 'illegal', message: 'it changed A2 from O to X'}});
		expect(answer(change('B1', '+')(SEED_IN_PROGRESS))).toEqual({
			ok: false,
			error: {fault: 'illegal', message: 'it blocked B1 (+); an entry adds one X'},
		});
	});
});
