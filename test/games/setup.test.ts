/** A game's setup options, read, settled, stepped and shown by the generic code from the game's own declarations. */
import {describe, expect, test} from 'vitest';
import {boxes} from '../../source/games/boxes/index.js';
import {pahtum} from '../../source/games/pahtum/index.js';
import {loaps} from '../../source/games/loa/index.js';
import {games} from '../../source/games/registry.js';
import {optionNamed, optionsOf, optionText, readOption, settled, shownValue, stepped, type SetupOption} from '../../source/games/setup.js';

const named = (game: typeof boxes | typeof pahtum, name: string): SetupOption => optionNamed(game, name)!;

describe('the declarations', () => {
	test('each game lists its options once by name, with the words a refusal and the help need; LOAPS has none', () => {
		expect(optionsOf(loaps)).toEqual([]);
		expect(optionsOf(pahtum).map(option => option.name)).toEqual(['holes']);
		expect(optionsOf(boxes).map(option => option.name)).toEqual(['size', 'lines']);
		for (const game of games)
			for (const option of optionsOf(game)) {
				expect(option.help.length, `${game.id} --${option.name}`).toBeGreaterThan(10);
				expect(option.whose, `${game.id} --${option.name}`).toMatch(/^[a-z]/);
				if (option.kind === 'size') expect(option.keys[0]).not.toBe(option.keys[1]);
			}
		expect(optionNamed(boxes, 'sizes')).toBe(named(boxes, 'size'));
	});
});

describe('readOption', () => {
	test('a size: ROWSxCOLUMNS within its ranges, as its two keys', () => {
		const size = named(boxes, 'size');
		expect(readOption(size, '4x7', {})).toEqual({rows: 4, columns: 7});
		expect(readOption(size, ' 4 × 7 ', {})).toEqual({rows: 4, columns: 7});
		expect(readOption(size, '9x3', {})).toBe('--size takes ROWSxCOLUMNS of boxes, 3 to 8 rows and 3 to 8 columns, as in 5x7, not 9x3');
		expect(readOption(size, '5', {}, 'sizes')).toMatch(/^--sizes takes ROWSxCOLUMNS of boxes, .*, not "5"$/);
	});

	test('a number bounded by the rest of the setup says why: the lines of a 3×3 board', () => {
		const lines = named(boxes, 'lines');
		expect(readOption(lines, '23', {rows: 3, columns: 3})).toEqual({lines: 23});
		expect(readOption(lines, '24', {rows: 3, columns: 3})).toBe(
			'--lines takes a whole number from 0 to 23, not 24 (a 3x3 board has 24 unit segments, and one is left to draw)',
		);
		// Without a size, the default 5×5's 60 unit segments.
		expect(readOption(lines, '59', {})).toEqual({lines: 59});
		expect(readOption(lines, 'x', {})).toMatch(/^--lines takes a whole number from 0 to 59, not "x" \(a 5x5 board/);
	});

	test('an odd number: every refusal says the one rule', () => {
		const holes = named(pahtum, 'holes');
		expect(readOption(holes, '5', {})).toEqual({holes: 5});
		for (const [text, shown] of [
			['4', '4'],
			['27', '27'],
			['x', '"x"'],
		])
			expect(readOption(holes, text!, {})).toBe(
				`--holes takes an odd number from 1 to 25 (a board has an odd number of holes), not ${shown}`,
			);
	});
});

describe('settled, stepped and shown', () => {
	test("settled keeps the seed, fills the defaults, keeps a bounded value within its bound and drops other games' keys", () => {
		expect(settled(boxes, {seed: 7})).toEqual({seed: 7, rows: 5, columns: 5, lines: 0});
		expect(settled(boxes, {seed: 7, rows: 3, columns: 3, lines: 99, holes: 3})).toEqual({seed: 7, rows: 3, columns: 3, lines: 23});
		expect(settled(boxes, {rows: 9, columns: 2})).toEqual({rows: 5, columns: 5, lines: 0});
		// PAH-TUM's holes have no default: the game draws them with the board.
		expect(settled(pahtum, {seed: 2, rows: 4})).toEqual({seed: 2});
		expect(settled(pahtum, {seed: 2, holes: 9})).toEqual({seed: 2, holes: 9});
		expect(settled(loaps, {seed: 2, holes: 9})).toEqual({seed: 2});
	});

	test('stepped turns a size through every size and round, a number through its range and round, odd ones by two', () => {
		const size = named(boxes, 'size');
		expect(stepped(boxes, size, {}, 1)).toEqual({rows: 5, columns: 6});
		expect(stepped(boxes, size, {rows: 8, columns: 8}, 1)).toEqual({rows: 3, columns: 3});
		expect(stepped(boxes, size, {rows: 3, columns: 3}, -1)).toEqual({rows: 8, columns: 8});
		const lines = named(boxes, 'lines');
		expect(stepped(boxes, lines, {rows: 3, columns: 3}, -1)).toEqual({rows: 3, columns: 3, lines: 23});
		expect(stepped(boxes, lines, {rows: 3, columns: 3, lines: 23}, 1)).toEqual({rows: 3, columns: 3, lines: 0});
		const holes = named(pahtum, 'holes');
		expect(stepped(pahtum, holes, {holes: 3}, 1)).toEqual({holes: 5});
		expect(stepped(pahtum, holes, {holes: 25}, 1)).toEqual({holes: 1});
		expect(stepped(pahtum, holes, {holes: 1}, -1)).toEqual({holes: 25});
	});

	test('shown and written back as the command line has them', () => {
		expect(shownValue(named(boxes, 'size'), {rows: 4, columns: 6})).toBe('4×6 boxes');
		expect(shownValue(named(boxes, 'lines'), {lines: 0})).toBe('none drawn before the game');
		expect(shownValue(named(boxes, 'lines'), {lines: 4})).toBe('4 drawn at random');
		expect(shownValue(named(pahtum, 'holes'), {})).toBe('drawn with the board');
		expect(optionText(named(boxes, 'size'), {rows: 4, columns: 6})).toBe('4x6');
		expect(optionText(named(boxes, 'lines'), {lines: 4})).toBe('4');
		expect(optionText(named(boxes, 'lines'), {})).toBeUndefined();
	});
});
