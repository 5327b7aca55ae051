/**
 * The puzzle file (source/learn/puzzle-file.ts): a set written and read back is the same set and
 * the same text; a file at fault is refused with its file and line and a message that says what
 * is wrong, never a thrown error, whatever the text.
 */
import fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {formatParseError} from '../../source/games/game.js';
import {games} from '../../source/games/registry.js';
import {formatPuzzles, headerOf, parsePuzzles} from '../../source/learn/puzzle-file.js';
import type {Puzzle} from '../../source/learn/puzzle.js';
import {CONNECT_IN_TWO} from './positions.js';

/** A LOAPS position (RED connects in two), the one prove.test.ts proves. */
const LOAPS_POSITION = CONNECT_IN_TWO;
const PAHTUM_POSITION = ['XOXOXOX', 'OXOXOXO', 'XOXOXOX', 'XX-XXO+', 'OXOXOXO', 'OXOXOX-', '+OXOOO+', ''].join('\n');
const BOXES_POSITION = ['1 3 3', '1 0 60.0', '2 0 60.0', '0 A1 D1', '1 A1 A4', '2 A4 D4', ''].join('\n');
const LOA_POSITION = [
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
	'',
].join('\n');

const PUZZLES: readonly Puzzle[] = [
	{
		id: 'loaps-0001',
		game: 'loaps',
		position: LOAPS_POSITION,
		solution: ['g5 f4', 'g1 f1', 'f4 d4'],
		themes: ['connect-in-2', 'bonus-race'],
		rating: 1450,
		proof: 'proof',
		source: 'level 3 v greedy, seed 17, before move 23',
	},
	{
		id: 'pahtum-0001',
		game: 'pahtum',
		position: PAHTUM_POSITION,
		solution: ['D3'],
		themes: ['complete-run'],
		rating: 900,
		proof: 'solver',
		source: 'made by hand',
	},
	{
		id: 'boxes-0001',
		game: 'boxes',
		position: BOXES_POSITION,
		solution: ['D1 D4'],
		themes: ['safe'],
		rating: 2100,
		proof: 'search',
		source: 'made by hand, for the file',
	},
	{
		id: 'loa-0001',
		game: 'loa',
		position: LOA_POSITION,
		solution: ['b1 d3'],
		themes: ['quiet'],
		rating: 1300,
		proof: 'search',
		source: 'the start',
	},
];

const HEADER = ['Test puzzles.', '', 'Made by hand.'];
const TEXT = formatPuzzles(PUZZLES, HEADER);
const LINES = TEXT.split('\n');

/** The 1-based line of the first line of the text that is `line` exactly (after `from`). */
const lineOf = (line: string, from = 0): number => LINES.indexOf(line, from) + 1;

/** The text with its 1-based line `number` replaced (or removed, for null). */
function edited(number: number, line: string | null): string {
	const lines = [...LINES];
	if (line === null) lines.splice(number - 1, 1);
	else lines[number - 1] = line;
	return lines.join('\n');
}

function error(text: string) {
	const parsed = parsePuzzles(text, 'set.txt');
	if (parsed.ok) throw new Error('the text was read');
	expect(parsed.error.file).toBe('set.txt');
	return parsed.error;
}

describe('the puzzle file', () => {
	test('a set written and read back is the same set, and writes the same text again', () => {
		const parsed = parsePuzzles(TEXT, 'set.txt');
		expect(parsed).toEqual({ok: true, value: PUZZLES});
		expect(formatPuzzles(parsed.ok ? parsed.value : [], HEADER)).toBe(TEXT);
		expect(headerOf(TEXT)).toEqual(HEADER);
		expect(TEXT.startsWith('# Test puzzles.\n#\n# Made by hand.\n\npuzzle loaps-0001\ngame loaps\n')).toBe(true);
		expect(LINES).toContain('solution g5 f4, g1 f1, f4 d4');
		expect(LINES).toContain('position 10');
	});

	test('moves are read leniently and written as the game writes them; comments and blank lines between blocks are skipped', () => {
		const loose = edited(lineOf('solution g5 f4, g1 f1, f4 d4'), 'solution G5-F4 ,g1f1,   f4 d4').replace(
			'\npuzzle pahtum',
			'\n# a comment\n\n\npuzzle pahtum',
		);
		expect(parsePuzzles(loose, 'set.txt')).toEqual({ok: true, value: PUZZLES});
		expect(parsePuzzles('', 'empty.txt')).toEqual({ok: true, value: []});
	});

	test('a key that is not one, out of order, twice, or without its value names its line', () => {
		const rating = lineOf('rating 1450');
		expect(error(edited(rating, 'ratings 1450'))).toEqual({
			file: 'set.txt',
			line: rating,
			message:
				'"ratings" is not a key of a puzzle: a puzzle\'s lines are puzzle, game, themes, rating, proof, source, solution, position, in that order',
		});
		expect(error(edited(rating, null))).toMatchObject({line: rating, message: 'expected "rating" after "themes", found "proof"'});
		expect(error(edited(rating, 'themes connect-in-2'))).toMatchObject({
			line: rating,
			message: '"themes" is given twice in puzzle loaps-0001',
		});
		expect(error(edited(rating, 'rating'))).toMatchObject({line: rating, message: '"rating" needs a value'});
		expect(error(edited(1, 'game loaps'))).toMatchObject({line: 1, message: 'expected "puzzle" to begin a puzzle, found "game"'});
	});

	test('a value at fault names its line: the id, the game, a theme, the rating, the proof', () => {
		const check = (original: string, replacement: string, message: string) => {
			const line = lineOf(original);
			expect(formatParseError(error(edited(line, replacement)))).toBe(`set.txt line ${line}: ${message}`);
		};
		check(
			'puzzle loaps-0001',
			'puzzle Loaps 1',
			'"Loaps 1" is not a puzzle id: lower-case letters and digits, words joined by hyphens, as in "loaps-0042"',
		);
		check('game loaps', 'game chess', `no game "chess": the games are ${games.map(game => game.id).join(', ')}`);
		check(
			'themes connect-in-2 bonus-race',
			'themes connect-in-2 fork',
			'"fork" is not a theme of LOAPS: its themes are connect-in-1, connect-in-2, connect-in-3, capture-win, bonus-race, block, move-50, points',
		);
		check('themes connect-in-2 bonus-race', 'themes block block', 'the theme "block" is given twice');
		check('rating 1450', 'rating 1450.5', 'the rating "1450.5" is not a whole number from 0 to 4000');
		check('proof proof', 'proof hunch', '"hunch" is not a kind of proof: one of solver, proof, search');
		check('position 10', 'position ten', '"ten" is not a number of lines from 1 to 1000: "position" gives how many lines follow');
	});

	test('a solution at fault names its line: an illegal move, an even number of moves, a move after the end', () => {
		const line = lineOf('solution g5 f4, g1 f1, f4 d4');
		expect(error(edited(line, 'solution g5 f4, g1 f1, f4 e4')).message).toMatch(
			/^puzzle loaps-0001's solution: move 3 "f4 e4": f4 e4 is not a legal move/,
		);
		expect(error(edited(line, 'solution g5 f4, g1 f1'))).toMatchObject({
			line,
			message:
				"puzzle loaps-0001's solution: 2 moves: a solution is the solver's move, then a reply and a move for each further move, so an odd number",
		});
		expect(error(edited(line, 'solution g5 f4,, f4 d4')).message).toMatch(/an empty move/);
		expect(error(edited(line, 'solution g5 f4, g1 f1, f4 d4, a7 b7, c3 b2')).message).toMatch(
			/^puzzle loaps-0001's solution: move 4 "a7 b7" comes after the end of the game \(RED connected/,
		);
	});

	test("a position at fault names the file's line within it: unreadable, not as the game writes it, finished, cut short", () => {
		const board = lineOf('......1');
		expect(error(edited(board, '......3'))).toMatchObject({line: board, message: expect.stringMatching(/^puzzle loaps-0001's position: /)});
		const clock = lineOf('1 0 60.0');
		expect(error(edited(clock, '1 0 60'))).toEqual({
			file: 'set.txt',
			line: clock,
			message: 'puzzle loaps-0001\'s position is not written as LOAPS writes it: this line would be "1 0 60.0"',
		});
		const full = PAHTUM_POSITION.replace('-', 'X').replace('-', 'O');
		const finished = formatPuzzles([{...PUZZLES[1]!, position: full}], []);
		expect(error(finished)).toMatchObject({line: 8, message: expect.stringMatching(/^puzzle pahtum-0001's position is a finished game/)});
		const cut = TEXT.split('\n')
			.slice(0, lineOf('position 10') + 4)
			.join('\n');
		expect(error(cut)).toEqual({
			file: 'set.txt',
			line: null,
			message: "the file ends after 4 of the 10 lines of puzzle loaps-0001's position",
		});
		const unfinished = TEXT.split('\n').slice(0, lineOf('rating 1450')).join('\n');
		expect(error(unfinished)).toEqual({
			file: 'set.txt',
			line: null,
			message: 'the file ends in the middle of puzzle loaps-0001: expected its "proof" line',
		});
	});

	test('an id used twice names the second block and the first', () => {
		const twice = formatPuzzles([PUZZLES[0]!, {...PUZZLES[1]!, id: 'loaps-0001'}], []);
		// The first block is its 8 lines and the position's 10, then a blank line.
		expect(error(twice)).toMatchObject({line: 20, message: 'the puzzle id "loaps-0001" is used twice (first on line 1)'});
	});

	test('no text makes it throw: random text, and the set with lines dropped, doubled or changed', () => {
		fc.assert(
			fc.property(fc.string(), text => {
				const parsed = parsePuzzles(text, 'x.txt');
				return parsed.ok || typeof parsed.error.message === 'string';
			}),
		);
		fc.assert(
			fc.property(fc.nat(LINES.length - 1), fc.constantFrom('drop', 'double', 'blank', 'garble'), (index, how) => {
				const lines = [...LINES];
				if (how === 'drop') lines.splice(index, 1);
				else if (how === 'double') lines.splice(index, 0, lines[index]!);
				else lines[index] = how === 'blank' ? '' : `${lines[index]}x`;
				const parsed = parsePuzzles(lines.join('\n'), 'x.txt');
				return parsed.ok || (parsed.error.message.length > 0 && (parsed.error.line === null || parsed.error.line >= 1));
			}),
			{numRuns: 200},
		);
	});
});
