/**
 * The PAH-TUM grid file (docs/pahtum.md §4): exactly 7 lines of 7 characters of `- + X O`,
 * each ended by a newline, 56 bytes in all; `-` empty, `+` blocked (an odd number from 1 to 25).
 * For people a CR before a newline, a missing final newline and one blank line at the end are
 * forgiven; nothing else is. Every other text is refused with the line and the problem.
 */
import {BLOCKED, EMPTY, fail, ok, type ParseError, type Result} from '../game.js';
import {SIZE} from './lines.js';
import {countOf, createState, type PahtumState} from './rules.js';

const CELL_OF: Readonly<Record<string, number>> = {'-': EMPTY, '+': BLOCKED, X: 1, O: 2};
const CHAR_OF = (cell: number): string => (cell === BLOCKED ? '+' : cell === 1 ? 'X' : cell === 2 ? 'O' : '-');

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** A character that is not a cell, named so it can be seen, with a hint where one helps. */
function badCharacter(char: string): string {
	const hints: Record<string, string> = {
		x: '"x" is not one of - + X O (markers are upper-case X and O)',
		o: '"o" is not one of - + X O (markers are upper-case X and O)',
		'0': '"0" is not one of - + X O (the marker is the letter O, not the digit 0)',
		'.': '"." is not one of - + X O (an empty square is -)',
		' ': 'a space is not one of - + X O (a grid has no white space)',
		'\t': 'a tab is not one of - + X O (a grid has no white space)',
		'\r': 'a carriage return (CR) is forgiven only just before a newline',
	};
	if (hints[char]) return hints[char];
	const code = char.codePointAt(0)!;
	const shown = code < 0x20 || code > 0x7e ? `\\u${code.toString(16).padStart(4, '0')}` : char;
	return `"${shown}" is not one of - + X O`;
}

/** The first character of a line that is no cell, or undefined. */
const firstBad = (line: string): string | undefined => [...line].find(char => !(char in CELL_OF));

/**
 * The grid's lines as the forgiving rules read them: CR LF as LF, one final blank line and a
 * missing final newline forgiven (also after a last CR: a CR LF file without its final LF).
 */
function gridLines(text: string): string[] {
	let body = text.replace(/\r\n/g, '\n');
	if (body.endsWith('\r')) body = body.slice(0, -1);
	if (body.endsWith('\n\n')) body = body.slice(0, -1);
	if (body.endsWith('\n')) body = body.slice(0, -1);
	return body.split('\n');
}

export function parseGrid(text: string, fileName: string): Result<PahtumState, ParseError> {
	const error = (line: number | null, message: string) => fail<ParseError>({file: fileName, line, message});
	const expected = 'a PAH-TUM grid is 7 lines of 7 characters of - + X O';
	if (text.trim() === '') return error(null, `the file is empty: ${expected}`);
	const lines = gridLines(text);
	const cells: number[] = [];
	for (const [index, line] of lines.entries()) {
		const number = index + 1;
		if (index >= SIZE) {
			const what = line === '' ? 'a blank line (only one blank line is forgiven at the end)' : `an eighth line`;
			return error(number, `${what}: ${expected}, no more`);
		}
		if (line === '') return error(number, `a blank line: ${expected}`);
		if (line.length !== SIZE) {
			const bad = firstBad(line);
			const note = bad === undefined ? '' : `; ${badCharacter(bad)}`;
			return error(number, `expected 7 characters of - + X O, got ${line.length}${note}`);
		}
		const bad = firstBad(line);
		if (bad !== undefined) return error(number, badCharacter(bad));
		for (const char of line) cells.push(CELL_OF[char]!);
	}
	if (lines.length < SIZE) return error(null, `the grid has ${plural(lines.length, 'line')}: ${expected}`);

	const blocked = countOf(cells, BLOCKED);
	if (blocked % 2 === 0 || blocked < 1 || blocked > 25) {
		return error(null, `the grid has ${plural(blocked, 'blocked square')} (+); PAH-TUM has an odd number from 1 to 25`);
	}
	const x = countOf(cells, 1);
	const o = countOf(cells, 2);
	if (x !== o && x !== o + 1) {
		return error(null, `the grid has ${x} X and ${o} O: X moves first and the sides alternate, so X has as many as O or one more`);
	}
	return ok(createState(cells));
}

/** The 56-byte grid: 7 lines of 7 characters, each ended by a newline. */
export function formatGrid(cells: readonly number[]): string {
	let text = '';
	for (let row = 0; row < SIZE; row++) {
		for (let column = 0; column < SIZE; column++) text += CHAR_OF(cells[row * SIZE + column]!);
		text += '\n';
	}
	return text;
}

/**
 * Whether a text looks like a grid, loosely, so a broken grid is still read as one and refused
 * with the grid's own messages: six to eight lines (blank ones at the end aside), most of them
 * made of - + X O in either case. A LOA file never passes: its three header lines of numbers and
 * its board of . 1 2 are nothing like it.
 */
export function looksLikeGrid(text: string): boolean {
	const lines = text.split(/\r?\n/);
	while (lines.length > 0 && lines.at(-1)!.trim() === '') lines.pop();
	// Even a grid cut short or with a line too long is a grid, so that its refusal says what is
	// wrong with it as a grid: lines of - + X O (lower case too) and nothing else, a few of them.
	// A line with a stray character among grid lines (a "?") still makes a grid, wrong on that line.
	if (lines.length === 0 || lines.length > 9) return false;
	const gridLines = lines.filter(line => /^[-+XOxo]{1,12}$/.test(line.replace(/\r$/, ''))).length;
	return gridLines === lines.length || (lines.length >= 6 && gridLines >= lines.length - 2);
}
