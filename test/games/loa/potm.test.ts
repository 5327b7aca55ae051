/**
 * The POTM input file (docs/loaps.md §9): reading, writing, the errors for malformed files, and the
 * round trips format(parse(text)) and parse(format(state)).
 */
import {readFileSync} from 'node:fs';
import * as fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {formatParseError, type ParseError, type Player} from '../../../source/games/game.js';
import {LoaBoard} from '../../../source/games/loa/board.js';
import {parseSquare, squareName} from '../../../source/games/loa/notation.js';
import {formatPotm, looksLikePotm, parsePotm} from '../../../source/games/loa/potm.js';
import {createState, initialState, type LoaState} from '../../../source/games/loa/rules.js';
import {CLASSIC_LOA, CLASSIC_LOA_MOVER_WINS, LOAPS, type LoaVariant} from '../../../source/games/loa/variant.js';

const sample = (name: string): string => readFileSync(new URL(`../../fixtures/positions/${name}`, import.meta.url), 'utf8');

const START = sample('start.txt');
const RED_10 = sample('red-move-10.txt');
const BLUE_28 = sample('blue-move-28.txt');

const START_BOARD = ['.11.11.', '2.....2', '2.....2', '.......', '2.....2', '2.....2', '.11.11.'];
const START_HEAD = ['1 1', '1 0 60.0', '2 0 60.0'];

/** The start file with line `number` (1-based) replaced by `text`. */
function withLine(number: number, text: string): string {
	const lines = [...START_HEAD, ...START_BOARD];
	lines[number - 1] = text;
	return lines.join('\n') + '\n';
}

/** A file with the start header and these seven board lines. */
const withBoard = (rows: readonly string[]): string => [...START_HEAD, ...rows].join('\n') + '\n';

function parse(text: string): LoaState {
	const result = parsePotm(text, 'start.txt', LOAPS);
	if (!result.ok) throw new Error(`expected the text to parse, got: ${formatParseError(result.error)}`);
	return result.value;
}

function parseError(text: string): ParseError {
	const result = parsePotm(text, 'start.txt', LOAPS);
	if (result.ok) throw new Error(`expected the text to be refused, but it parsed:\n${text}`);
	expect(result.error.file).toBe('start.txt');
	return result.error;
}

/** The squares holding `side`'s pieces, by name, sorted. */
const piecesOf = (state: LoaState, side: number): string[] =>
	state.cells.flatMap((cell, square) => (cell === side ? [squareName(square, LOAPS.size)] : [])).sort();

const at = (state: LoaState, name: string): number => {
	const square = parseSquare(name, LOAPS.size);
	expect(square).toBeGreaterThanOrEqual(0);
	return state.cells[square]!;
};

/** What the file holds (everything else in a LoaState is derived or history). */
const essence = (state: LoaState) => ({
	cells: [...state.cells],
	toMove: state.toMove,
	moveNumber: state.moveNumber,
	points: [...state.points],
	clocks: [...state.clocks],
});

describe('formatParseError', () => {
	it('shows the file and line, or only the file when the whole text is at fault', () => {
		expect(formatParseError({file: 'start.txt', line: 5, message: 'bad'})).toBe('start.txt line 5: bad');
		expect(formatParseError({file: 'start.txt', line: null, message: 'bad'})).toBe('start.txt: bad');
	});
});

describe('parsePotm refuses malformed files, naming the line and the problem', () => {
	it('a board line with a character other than 1, 2 or .', () => {
		const error = parseError(withLine(5, '2..x..2'));
		expect(formatParseError(error)).toBe(`start.txt line 5: expected 7 squares of '1', '2' or '.', got "2..x..2"`);
	});

	it.each([
		['too short', 4, '.11.11', '".11.11"'],
		['too long', 10, '.11.11..', '".11.11.."'],
		['spaced out', 6, '2 . . . . . 2', '"2 . . . . . 2"'],
		['empty', 7, '', 'an empty line'],
		['lower-case letters', 9, '2..o..2', '"2..o..2"'],
	])('a board line that is %s', (_what, line, text, shown) => {
		const error = parseError(withLine(line, text));
		expect(error.line).toBe(line);
		expect(error.message).toBe(`expected 7 squares of '1', '2' or '.', got ${shown}`);
	});

	it('a blank line inside the file is a board line that is wrong, at its own line number', () => {
		const lines = [...START_HEAD, '', ...START_BOARD];
		const error = parseError(lines.join('\n') + '\n');
		expect(error.line).toBe(4);
		expect(error.message).toContain('got an empty line');
	});

	it('an empty file, or one of blank lines only', () => {
		for (const text of ['', '\n', '  \r\n\t\n\n']) {
			const error = parseError(text);
			expect(error.line).toBeNull();
			expect(error.message).toMatch(/file is empty/);
			expect(error.message).toContain('10 lines');
		}
	});

	it('too few lines', () => {
		const nine = [...START_HEAD, ...START_BOARD.slice(0, 6)].join('\n') + '\n';
		const error = parseError(nine);
		expect(error.line).toBeNull();
		expect(error.message).toMatch(/^expected 10 lines .*, got 9$/);

		const one = parseError('1 1\n');
		expect(one.line).toBeNull();
		expect(one.message).toMatch(/^expected 10 lines .*, got 1$/);
	});

	it('too many lines', () => {
		const error = parseError(START + '.......\n');
		expect(error.line).toBe(11);
		expect(error.message).toBe('unexpected text after the last board line: "......."');
	});

	it.each([['1'], ['1 1 1'], ['']])('a first line that is not two numbers: %j', text => {
		const error = parseError(withLine(1, text));
		expect(error.line).toBe(1);
		expect(error.message).toMatch(/^expected two numbers, the player to move \(1 or 2\) and the move number, got /);
	});

	it.each([['0'], ['3'], ['x'], ['-1'], ['1.0']])('a player to move other than 1 or 2: %j', player => {
		const error = parseError(withLine(1, `${player} 1`));
		expect(error.line).toBe(1);
		expect(error.message).toBe(`the player to move must be 1 or 2, got "${player}"`);
	});

	it.each([['0'], ['51'], ['100'], ['-1'], ['1.5'], ['x'], ['+3']])('a move number outside 1..50: %j', move => {
		const error = parseError(withLine(1, `2 ${move}`));
		expect(error.line).toBe(1);
		expect(error.message).toBe(`the move number must be a whole number from 1 to 50, got "${move}"`);
	});

	it.each([
		[2, '1 0'],
		[2, '1 0 60.0 5'],
		[3, '2'],
		[3, ''],
	])('a points line that is not three numbers: line %i %j', (line, text) => {
		const error = parseError(withLine(line, text));
		expect(error.line).toBe(line);
		expect(error.message).toMatch(new RegExp(`^expected three numbers, "${line - 1}", player ${line - 1}'s points and seconds left, got `));
	});

	it('a points line for the wrong player', () => {
		const second = parseError(withLine(3, '1 0 60.0'));
		expect(second.line).toBe(3);
		expect(second.message).toBe('expected the line of player 2 to start with "2", got "1"');

		const first = parseError(withLine(2, '2 0 60.0'));
		expect(first.line).toBe(2);
		expect(first.message).toBe('expected the line of player 1 to start with "1", got "2"');
	});

	it('negative points', () => {
		const error = parseError(withLine(3, '2 -1 60.0'));
		expect(error.line).toBe(3);
		expect(error.message).toBe(`player 2's points cannot be negative, got "-1"`);
	});

	it.each([['1.5'], ['x'], ['1e2']])('points that are not a whole number: %j', score => {
		const error = parseError(withLine(2, `1 ${score} 60.0`));
		expect(error.line).toBe(2);
		expect(error.message).toBe(`player 1's points must be a whole number from 0 to 100000, got "${score}"`);
	});

	it('points too large to write back exactly', () => {
		const error = parseError(withLine(2, '1 1000000000000000000000 60.0'));
		expect(error.line).toBe(2);
		expect(error.message).toMatch(/^player 1's points must be a whole number from 0 to 100000/);
	});

	it('a clock too large to be real (it would read as Infinity)', () => {
		const error = parseError(withLine(2, `1 0 1${'0'.repeat(400)}`));
		expect(error.line).toBe(2);
		expect(error.message).toMatch(/^player 1's seconds left must be a number from 0 to 100000/);
		expect(error.message).toContain('..."');
	});

	it('"-x" is not called negative: it is not a number at all', () => {
		const error = parseError(withLine(2, '1 -x 60.0'));
		expect(error.message).toBe(`player 1's points must be a whole number from 0 to 100000, got "-x"`);
	});

	it('a board line is quoted as written, so a leading space shows', () => {
		const error = parseError(withLine(4, ' 11.11.'));
		expect(error.line).toBe(4);
		expect(error.message).toBe(`expected 7 squares of '1', '2' or '.', got " 11.11."`);
	});

	it('invisible characters are spelled out in the message', () => {
		const error = parseError(withLine(1, '1\u00a01'));
		expect(error.line).toBe(1);
		expect(error.message).toContain('got "1\\u00a01"');
	});

	it('text after blank lines after the board is named at its own line', () => {
		const error = parseError(`${START}\njunk\n`);
		expect(error.line).toBe(12);
		expect(error.message).toBe('unexpected text after the last board line: "junk"');
	});

	it('a negative clock', () => {
		const error = parseError(withLine(2, '1 0 -0.5'));
		expect(error.line).toBe(2);
		expect(error.message).toBe(`player 1's clock cannot be negative, got "-0.5"`);
	});

	it.each([['abc'], ['60s'], ['6e1'], ['.'], ['60.0.0'], ['1,5']])('a clock that is not a number: %j', clock => {
		const error = parseError(withLine(3, `2 0 ${clock}`));
		expect(error.line).toBe(3);
		expect(error.message).toMatch(/^player 2's seconds left must be a number from 0 to 100000 such as 60 or 23\.4/);
		expect(error.message).toContain(`got "${clock}"`);
	});

	it('a side with no pieces', () => {
		const rows = ['.11.11.', '.......', '.......', '.......', '.......', '.......', '.11.11.'];
		const error = parseError(withBoard(rows));
		expect(error.line).toBeNull();
		expect(formatParseError(error)).toBe('start.txt: the board (lines 4-10): player 2 has no pieces');

		const none = parseError(withBoard(START_BOARD.map(row => row.replaceAll('1', '.'))));
		expect(none.message).toContain('player 1 has no pieces');
	});

	it('a side with more than 8 pieces', () => {
		const rows = ['.11.11.', '2.....2', '2.....2', '...1...', '2.....2', '2.....2', '.11.11.'];
		const error = parseError(withBoard(rows));
		expect(error.line).toBeNull();
		expect(error.message).toBe('the board (lines 4-10): player 1 has 9 pieces; LOAPS allows at most 8');

		const blue = parseError(withBoard(['.11.11.', '2.....2', '2.....2', '2.....2', '2.....2', '2.....2', '.11.11.']));
		expect(blue.message).toContain('player 2 has 10 pieces');
	});

	it('a position where a side is already connected', () => {
		const red = parseError(withBoard(['.......', '.......', '..11...', '..11...', '.......', '2.....2', '.......']));
		expect(red.line).toBeNull();
		expect(red.message).toMatch(/^the board \(lines 4-10\): player 1's pieces \(RED\) are already all connected/);
		expect(red.message).toContain('neither side connected');

		const blue = parseError(withBoard(['.1.....', '.......', '.......', '....22.', '.....2.', '.......', '.....1.']));
		expect(blue.message).toMatch(/player 2's pieces \(BLUE\) are already all connected/);

		// A single piece is connected (docs/loaps.md §4).
		const single = parseError(withBoard(['.11.11.', '.......', '.......', '...2...', '.......', '.......', '.11.11.']));
		expect(single.message).toMatch(/player 2's pieces \(BLUE\) are already all connected/);
	});

	it('the file name given is the one reported', () => {
		const result = parsePotm(withLine(1, '3 1'), 'saves/game.txt', LOAPS);
		expect(result.ok).toBe(false);
		if (!result.ok) expect(formatParseError(result.error)).toMatch(/^saves\/game\.txt line 1: /);
	});
});

describe('parsePotm accepts the same position written loosely', () => {
	const canonical = parse(RED_10);

	it.each([
		['tabs between numbers', RED_10.replace('1  4  5.34', '1\t4\t5.34').replace('1 10', '1\t10')],
		['runs of spaces and tabs', RED_10.replace('1 10', '1 \t  10').replace('2  5  9.49', '2\t \t5      9.49')],
		['CRLF line ends', RED_10.replaceAll('\n', '\r\n')],
		['old Mac CR line ends', RED_10.replaceAll('\n', '\r')],
		['a UTF-8 byte-order mark', '\uFEFF' + RED_10],
		['trailing blank lines', RED_10 + '\n\n\n'],
		['trailing blank lines with CRLF and whitespace', RED_10.replaceAll('\n', '\r\n') + '  \r\n\t\r\n\r\n'],
		['trailing spaces and tabs on every line', RED_10.replaceAll('\n', ' \t \n')],
		['no final newline', RED_10.trimEnd()],
	])('%s', (_what, text) => {
		expect(text).not.toBe(RED_10);
		const state = parse(text);
		expect(essence(state)).toEqual(essence(canonical));
		expect(formatPotm(state)).toBe('1 10\n1 4 5.34\n2 5 9.49\n.11....\n2....1.\n2.2.2..\n..1...1\n......2\n22.....\n.11....\n');
	});

	it('integer clocks', () => {
		const state = parse(RED_10.replace('5.34', '5').replace('9.49', '60'));
		expect(state.clocks).toEqual([5, 60]);
		expect(formatPotm(state).split('\n').slice(1, 3)).toEqual(['1 4 5.0', '2 5 60.0']);
	});

	it('decimal clocks of any precision', () => {
		const state = parse(RED_10.replace('5.34', '0.125').replace('9.49', '59.9'));
		expect(state.clocks).toEqual([0.125, 59.9]);
	});
});

describe('the sample files', () => {
	it('start.txt is the LOAPS start position, player 1 to make move 1', () => {
		const state = parse(START);
		expect(state.toMove).toBe(1);
		expect(state.moveNumber).toBe(1);
		expect(state.points).toEqual([0, 0]);
		expect(state.clocks).toEqual([60, 60]);
		expect(state.outcome).toBeNull();
		expect(state.cells).toEqual(initialState(LOAPS).cells);
		expect(piecesOf(state, 1)).toEqual([...LOAPS.start[0]].sort());
		expect(piecesOf(state, 2)).toEqual([...LOAPS.start[1]].sort());
		expect(at(state, 'b7')).toBe(1);
		expect(at(state, 'b1')).toBe(1);
		expect(at(state, 'a6')).toBe(2);
		expect(at(state, 'g2')).toBe(2);
		expect(at(state, 'a1')).toBe(0);
		expect(at(state, 'd4')).toBe(0);
	});

	it('red-move-10.txt: player 1 (RED) to make move 10', () => {
		const state = parse(RED_10);
		expect(state.toMove).toBe(1);
		expect(state.moveNumber).toBe(10);
		expect(state.points).toEqual([4, 5]);
		expect(state.clocks).toEqual([5.34, 9.49]);
		expect(state.outcome).toBeNull();
		expect(piecesOf(state, 1)).toEqual(['b1', 'b7', 'c1', 'c4', 'c7', 'f6', 'g4']);
		expect(piecesOf(state, 2)).toEqual(['a2', 'a5', 'a6', 'b2', 'c5', 'e5', 'g3']);
		expect(at(state, 'f6')).toBe(1);
		expect(at(state, 'g4')).toBe(1);
		expect(at(state, 'b2')).toBe(2);
		expect(at(state, 'g3')).toBe(2);
		expect(at(state, 'd4')).toBe(0);
		expect(at(state, 'g7')).toBe(0);
	});

	it('blue-move-28.txt: player 2 (BLUE) to make move 28', () => {
		const state = parse(BLUE_28);
		expect(state.toMove).toBe(2);
		expect(state.moveNumber).toBe(28);
		expect(state.points).toEqual([13, 7]);
		expect(state.clocks).toEqual([8.91, 40.7]);
		expect(state.outcome).toBeNull();
		expect(piecesOf(state, 1)).toEqual(['b1', 'b7', 'd4', 'e1', 'e7', 'f4', 'f7']);
		expect(piecesOf(state, 2)).toEqual(['a3', 'a6', 'f6', 'g2', 'g3']);
		expect(at(state, 'd4')).toBe(1);
		expect(at(state, 'e1')).toBe(1);
		expect(at(state, 'f6')).toBe(2);
		expect(at(state, 'g2')).toBe(2);
		expect(at(state, 'a1')).toBe(0);
		expect(at(state, 'g7')).toBe(0);
	});

	it('format(parse(text)) is the canonical text: single spaces, LF, a final newline', () => {
		expect(formatPotm(parse(START))).toBe(START);
		expect(formatPotm(parse(RED_10))).toBe('1 10\n1 4 5.34\n2 5 9.49\n.11....\n2....1.\n2.2.2..\n..1...1\n......2\n22.....\n.11....\n');
		expect(formatPotm(parse(BLUE_28))).toBe('2 28\n1 13 8.91\n2 7 40.7\n.1..11.\n2....2.\n.......\n...1.1.\n2.....2\n......2\n.1..1..\n');
	});

	it('looksLikePotm recognises them, CRLF or not, and refuses other shapes', () => {
		for (const text of [START, RED_10, BLUE_28, BLUE_28.replaceAll('\n', '\r\n') + '\r\n']) {
			expect(looksLikePotm(text, 7)).toBe(true);
			expect(looksLikePotm(text, 8)).toBe(false);
		}
		expect(looksLikePotm(START + '.......\n', 7)).toBe(false);
		expect(looksLikePotm(withLine(6, '2....2'), 7)).toBe(false);
		expect(looksLikePotm('', 7)).toBe(false);
	});
});

// --- Properties ---------------------------------------------------------------------------------

/**
 * Random positions of `variant` a file may hold: 2..maxPieces pieces a side (one piece is always
 * connected, so never valid), neither side connected, any move number, points and clock.
 */
function validStateOf(variant: LoaVariant): fc.Arbitrary<LoaState> {
	const squares = Array.from({length: variant.size * variant.size}, (_, square) => square);
	const most = variant.maxPieces;
	return fc
		.record({
			squares: fc.shuffledSubarray(squares, {minLength: 2 * most, maxLength: 2 * most}),
			counts: fc.tuple(fc.integer({min: 2, max: most}), fc.integer({min: 2, max: most})),
			toMove: fc.constantFrom<Player>(1, 2),
			moveNumber: fc.integer({min: 1, max: variant.moveLimit || 9999}),
			// A game without points has 0 each (docs/loa.md §8: the points stay 0).
			points: variant.scoring
				? fc.tuple(fc.integer({min: 0, max: 200}), fc.integer({min: 0, max: 200}))
				: fc.constant<[number, number]>([0, 0]),
			clocks: fc.tuple(fc.integer({min: 0, max: 60_000}), fc.integer({min: 0, max: 60_000})),
		})
		.map(({squares: chosen, counts: [first, second], toMove, moveNumber, points, clocks}) => {
			const cells = new Array<number>(squares.length).fill(0);
			for (const square of chosen.slice(0, first)) cells[square] = 1;
			for (const square of chosen.slice(first, first + second)) cells[square] = 2;
			return {cells, toMove, moveNumber, points, clocks: [clocks[0] / 1000, clocks[1] / 1000] as [number, number]};
		})
		.filter(setup => {
			const board = new LoaBoard(variant, {cells: setup.cells, toMove: setup.toMove, ply: 0, points: setup.points});
			return !board.connected(1) && !board.connected(2);
		})
		.map(setup => createState(variant, setup));
}

const validState = validStateOf(LOAPS);

/** A loose spelling of a canonical text: separators, line ends, trailing whitespace and blank lines. */
const looseText = (canonical: string): fc.Arbitrary<string> => {
	const lines = canonical.trimEnd().split('\n');
	const blanks = fc.stringMatching(/^[ \t]{0,3}$/);
	return fc
		.record({
			separators: fc.array(fc.stringMatching(/^[ \t]{1,4}$/), {minLength: 5, maxLength: 5}),
			trailing: fc.array(blanks, {minLength: lines.length, maxLength: lines.length}),
			ends: fc.array(fc.constantFrom('\n', '\r\n'), {minLength: lines.length, maxLength: lines.length}),
			after: fc.array(fc.tuple(blanks, fc.constantFrom('\n', '\r\n')), {maxLength: 3}),
		})
		.map(({separators, trailing, ends, after}) => {
			let next = 0;
			const spaced = lines.map((line, index) =>
				index < 3 ? line.split(' ').reduce((text, word) => text + separators[next++] + word) : line,
			);
			return spaced.map((line, index) => line + trailing[index] + ends[index]).join('') + after.map(([blank, end]) => blank + end).join('');
		});
};

describe('round trips', () => {
	it('parse(format(state)) gives the state back', () => {
		fc.assert(
			fc.property(validState, state => {
				const again = parse(formatPotm(state));
				expect(essence(again)).toEqual(essence(state));
				expect(again.outcome).toEqual(state.outcome);
			}),
			{numRuns: 300},
		);
	});

	it('format(parse(format(x))) === format(x)', () => {
		fc.assert(
			fc.property(validState, state => {
				const text = formatPotm(state);
				expect(formatPotm(parse(text))).toBe(text);
				expect(text.endsWith('\n')).toBe(true);
				expect(text).not.toMatch(/\r| {2}|\t|\n\n/);
				expect(looksLikePotm(text, 7)).toBe(true);
			}),
			{numRuns: 300},
		);
	});

	it('any loose spelling of a position parses to it and formats to the canonical text', () => {
		fc.assert(
			fc.property(
				validState.chain(state => fc.tuple(fc.constant(state), looseText(formatPotm(state)))),
				([state, text]) => {
					const again = parse(text);
					expect(essence(again)).toEqual(essence(state));
					expect(formatPotm(again)).toBe(formatPotm(state));
				},
			),
			{numRuns: 300},
		);
	});
});

describe('classic 8×8 files (docs/loa.md §8): the LOAPS layout with 8 board lines of 8', () => {
	const CLASSIC_START = [
		'1 1',
		'1 0 60.0',
		'2 0 60.0',
		'.111111.',
		'2......2',
		'2......2',
		'2......2',
		'2......2',
		'2......2',
		'2......2',
		'.111111.',
	];

	it('the start is written as 3 header lines and 8 board lines of 8 characters, points 0', () => {
		const text = formatPotm(initialState(CLASSIC_LOA));
		expect(text).toBe(CLASSIC_START.join('\n') + '\n');
		expect(looksLikePotm(text, 8)).toBe(true);
		expect(looksLikePotm(text, 7)).toBe(false);
		expect(looksLikePotm(START, 8)).toBe(false);
		const parsed = parsePotm(text, 'classic.txt', CLASSIC_LOA);
		if (!parsed.ok) throw new Error(formatParseError(parsed.error));
		expect(parsed.value.cells).toEqual(initialState(CLASSIC_LOA).cells);
	});

	it('a 7×7 file is not an 8×8 position, and 8×8 board lines are not LOAPS lines', () => {
		const sevens = parsePotm(START, 'start.txt', CLASSIC_LOA);
		expect(sevens.ok).toBe(false);
		if (!sevens.ok)
			expect(sevens.error).toMatchObject({line: 4, message: expect.stringContaining("expected 8 squares of '1', '2' or '.'")});
		const eights = parsePotm(CLASSIC_START.join('\n') + '\n', 'classic.txt', LOAPS);
		expect(eights.ok).toBe(false);
	});

	it('the points stay 0: a classic file with points is refused, naming the line', () => {
		for (const [line, text] of [
			[2, '1 7 60.0'],
			[3, '2 3 60.0'],
		] as const) {
			const rows = [...CLASSIC_START];
			rows[line - 1] = text;
			const parsed = parsePotm(rows.join('\n') + '\n', 'points.txt', CLASSIC_LOA);
			expect(parsed.ok).toBe(false);
			if (!parsed.ok)
				expect(parsed.error).toEqual({
					file: 'points.txt',
					line,
					message: `Lines of Action has no points: player ${line - 1}'s must be 0, got "${text.split(' ')[1]}"`,
				});
		}
		const rows = [...CLASSIC_START];
		rows[1] = '1 0 60.0';
		expect(parsePotm(rows.join('\n') + '\n', 'zero.txt', CLASSIC_LOA).ok).toBe(true);
	});

	it('up to 12 pieces a side, and no move limit (a move number past 50 is fine)', () => {
		const rows = [...CLASSIC_START];
		rows[0] = '2 400';
		const late = parsePotm(rows.join('\n') + '\n', 'late.txt', CLASSIC_LOA);
		expect(late.ok && late.value.moveNumber).toBe(400);
		rows[4] = '21.....2';
		const crowded = parsePotm(rows.join('\n') + '\n', 'crowded.txt', CLASSIC_LOA);
		expect(crowded.ok).toBe(false);
		if (!crowded.ok) expect(crowded.error.message).toMatch(/player 1 has 13 pieces; Lines of Action allows at most 12/);
	});

	for (const variant of [CLASSIC_LOA, CLASSIC_LOA_MOVER_WINS]) {
		it(`${variant.id}: parse(format(state)) gives the state back, and format(parse(format(x))) === format(x)`, () => {
			fc.assert(
				fc.property(validStateOf(variant), state => {
					const text = formatPotm(state);
					expect(looksLikePotm(text, 8)).toBe(true);
					expect(
						text
							.split('\n')
							.slice(3, 11)
							.every(line => line.length === 8),
					).toBe(true);
					const again = parsePotm(text, 'x.txt', variant);
					if (!again.ok) throw new Error(formatParseError(again.error));
					expect(again.value.variant).toBe(variant);
					expect(essence(again.value)).toEqual(essence(state));
					expect(again.value.outcome).toEqual(state.outcome);
					expect(formatPotm(again.value)).toBe(text);
				}),
				{numRuns: 200},
			);
		});
	}
});
