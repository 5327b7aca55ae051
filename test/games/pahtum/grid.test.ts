/** The grid file (docs/pahtum.md §4): what is read, what is forgiven, and each refusal with its line and words. */
import {describe, expect, test} from 'vitest';
import {formatParseError} from '../../../source/games/game.js';
import {formatGrid, looksLikeGrid, parseGrid} from '../../../source/games/pahtum/grid.js';
import {pahtum} from '../../../source/games/pahtum/index.js';
import {SEED_FULL, SEED_IN_PROGRESS, SEED_START, stateOf} from './helpers.js';

const grid = (rows: readonly string[]) => rows.map(row => `${row}\n`).join('');
const START = grid(SEED_START);

/** The refusal of a text, as shown to people. */
function refusal(text: string): string {
	const parsed = parseGrid(text, 'grid.txt');
	if (parsed.ok) throw new Error('read a grid that should be refused');
	return formatParseError(parsed.error);
}

describe('reading a grid', () => {
	test('the 56-byte grid is read, and written back byte for byte', () => {
		expect(START).toHaveLength(56);
		const parsed = parseGrid(START, 'start.txt');
		expect(parsed.ok && parsed.value).toEqual(stateOf(SEED_START));
		expect(parsed.ok && formatGrid(parsed.value.cells)).toBe(START);
		const progress = grid(SEED_IN_PROGRESS);
		const read = pahtum.parse(progress, 'p');
		expect(read.ok && pahtum.format(read.value)).toBe(progress);
	});

	test('a CR before each newline is forgiven', () => {
		expect(parseGrid(START.replace(/\n/g, '\r\n'), 'g')).toEqual(parseGrid(START, 'g'));
	});

	test('a missing final newline is forgiven, after a CR too', () => {
		expect(parseGrid(START.slice(0, -1), 'g')).toEqual(parseGrid(START, 'g'));
		expect(parseGrid(START.replace(/\n/g, '\r\n').slice(0, -1), 'g')).toEqual(parseGrid(START, 'g'));
	});

	test('one blank line at the end is forgiven (with CR LF too)', () => {
		expect(parseGrid(`${START}\n`, 'g')).toEqual(parseGrid(START, 'g'));
		expect(parseGrid(`${START}\n`.replace(/\n/g, '\r\n'), 'g')).toEqual(parseGrid(START, 'g'));
	});

	test('two blank lines at the end are not', () => {
		expect(refusal(`${START}\n\n`)).toBe(
			'grid.txt line 8: a blank line (only one blank line is forgiven at the end): a PAH-TUM grid is 7 lines of 7 characters of - + X O, no more',
		);
	});

	test('a full grid (no -) is read as a finished game', () => {
		const parsed = parseGrid(grid(SEED_FULL), 'full.txt');
		expect(parsed.ok && parsed.value.outcome?.description).toBe('X wins 194 to 100');
	});
});

describe('refusing a grid, with the line and the problem', () => {
	test('an empty file', () => {
		expect(refusal('')).toBe('grid.txt: the file is empty: a PAH-TUM grid is 7 lines of 7 characters of - + X O');
	});

	test('too few lines', () => {
		expect(refusal(grid(SEED_START.slice(0, 6)))).toBe(
			'grid.txt: the grid has 6 lines: a PAH-TUM grid is 7 lines of 7 characters of - + X O',
		);
	});

	test('too many lines', () => {
		expect(refusal(`${START}-------\n`)).toBe(
			'grid.txt line 8: an eighth line: a PAH-TUM grid is 7 lines of 7 characters of - + X O, no more',
		);
	});

	test('a blank line inside the grid', () => {
		expect(refusal(grid([...SEED_START.slice(0, 3), '', ...SEED_START.slice(3)]))).toMatch(/^grid\.txt line 4: a blank line/);
	});

	test('a line of the wrong length', () => {
		expect(refusal(grid(SEED_START.map((row, index) => (index === 2 ? `${row}-` : row))))).toBe(
			'grid.txt line 3: expected 7 characters of - + X O, got 8',
		);
		expect(refusal(grid(SEED_START.map((row, index) => (index === 4 ? row.slice(1) : row))))).toBe(
			'grid.txt line 5: expected 7 characters of - + X O, got 6',
		);
	});

	test('a lower-case marker', () => {
		expect(refusal(grid(SEED_START.map((row, index) => (index === 4 ? 'x' + row.slice(1) : row))))).toBe(
			'grid.txt line 5: "x" is not one of - + X O (markers are upper-case X and O)',
		);
	});

	test('a digit 0 for the letter O, a dot for an empty square, white space', () => {
		expect(refusal(grid(SEED_START.map((row, index) => (index === 0 ? '0' + row.slice(1) : row))))).toBe(
			'grid.txt line 1: "0" is not one of - + X O (the marker is the letter O, not the digit 0)',
		);
		expect(refusal(grid(SEED_START.map((row, index) => (index === 1 ? '.' + row.slice(1) : row))))).toBe(
			'grid.txt line 2: "." is not one of - + X O (an empty square is -)',
		);
		expect(refusal(grid(SEED_START.map((row, index) => (index === 6 ? ' ' + row.slice(1) : row))))).toBe(
			'grid.txt line 7: a space is not one of - + X O (a grid has no white space)',
		);
		expect(refusal(grid(SEED_START.map((row, index) => (index === 6 ? `${row} ` : row))))).toBe(
			'grid.txt line 7: expected 7 characters of - + X O, got 8; a space is not one of - + X O (a grid has no white space)',
		);
	});

	test('a CR that is not before a newline', () => {
		expect(refusal(START.replace('---+---\n', '---+---\r\r\n'))).toMatch(
			/^grid\.txt line 3: expected 7 characters of - \+ X O, got 8; a carriage return/,
		);
	});

	test('an even number of blocked squares', () => {
		expect(refusal(grid(SEED_START.map((row, index) => (index === 6 ? '-------' : row))))).toBe(
			'grid.txt: the grid has 4 blocked squares (+); PAH-TUM has an odd number from 1 to 25',
		);
	});

	test('no blocked square', () => {
		expect(refusal('-------\n'.repeat(7))).toBe('grid.txt: the grid has 0 blocked squares (+); PAH-TUM has an odd number from 1 to 25');
	});

	test('27 blocked squares (odd, but more than 25)', () => {
		const rows = ['+++++++', '+++++++', '+++++++', '++++++-', '-------', '-------', '-------'];
		expect(refusal(grid(rows))).toBe('grid.txt: the grid has 27 blocked squares (+); PAH-TUM has an odd number from 1 to 25');
	});

	test('25 blocked squares is a grid', () => {
		const rows = ['+++++++', '+++++++', '+++++++', '++++---', '-------', '-------', '-------'];
		expect(parseGrid(grid(rows), 'g').ok).toBe(true);
	});

	test('counts no game reaches', () => {
		const rows = ['XXXXX--', '------+', '---+---', 'OOO----', '--++---', '-------', '+------'];
		expect(refusal(grid(rows))).toBe(
			'grid.txt: the grid has 5 X and 3 O: X moves first and the sides alternate, so X has as many as O or one more',
		);
		const moreO = ['O------', '------+', '---+---', '-------', '--++---', '-------', '+------'];
		expect(refusal(grid(moreO))).toBe(
			'grid.txt: the grid has 0 X and 1 O: X moves first and the sides alternate, so X has as many as O or one more',
		);
	});
});

describe('telling a grid from other files', () => {
	test('a grid is recognized, with CR LF or a lower-case slip too, so it is refused in its own words', () => {
		expect(looksLikeGrid(START)).toBe(true);
		expect(looksLikeGrid(START.replace(/\n/g, '\r\n'))).toBe(true);
		expect(looksLikeGrid(START.replace('-------', 'x------'))).toBe(true);
		expect(looksLikeGrid(`${START}\n`)).toBe(true);
	});

	test('LOA files and other text are not grids', () => {
		expect(looksLikeGrid('1 1\n1 0 60.0\n2 0 60.0\n' + '.11.11.\n'.repeat(7))).toBe(false);
		expect(looksLikeGrid('hello\n')).toBe(false);
		expect(looksLikeGrid('')).toBe(false);
	});
});
