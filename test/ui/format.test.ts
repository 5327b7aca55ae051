/** How the screens write clocks, and when a running clock next shows another value. */
import {describe, expect, test} from 'vitest';
import {clockChangesAt, formatClock, wrapLines} from '../../source/ui/format.js';
import {paletteOf} from '../../source/ui/theme.js';
import {classicLoa, loaps} from '../../source/games/loa/index.js';
import {pahtum} from '../../source/games/pahtum/index.js';
import {boxes} from '../../source/games/boxes/index.js';

describe('formatClock', () => {
	test.each([
		[60, '1:00'],
		[59.99, '0:59'],
		[125.5, '2:05'],
		[10, '0:10'],
		[9.99, '0:09.9'],
		[5, '0:05.0'],
		[0.04, '0:00.0'],
		[-1, '0:00.0'],
		[3600, '60:00'],
	])('%d s reads %s: whole seconds, tenths under 10 s', (seconds, text) => {
		expect(formatClock(seconds)).toBe(text);
	});
});

describe('clockChangesAt', () => {
	test('whole seconds: just after the reading drops below the second shown', () => {
		// 58.437 s at t = 1000 ms: "0:58" until 58.000, so the next value shows 437 ms on.
		const at = clockChangesAt(58.437, 1000);
		expect(at).toBeCloseTo(1438, 6);
		expect(formatClock(58.437)).toBe('0:58');
		expect(formatClock(58.437 - (at - 1000) / 1000)).toBe('0:57');
		expect(formatClock(58.437 - (at - 1001) / 1000)).toBe('0:58');
	});

	test('under 10 s: just after the tenth shown', () => {
		const at = clockChangesAt(9.437, 0);
		expect(at).toBeCloseTo(38, 6);
		expect(formatClock(9.437 - at / 1000)).toBe('0:09.3');
	});

	test('from 10.5 s: the next change is to tenths, at 10 s', () => {
		expect(clockChangesAt(10.5, 0)).toBeCloseTo(501, 6);
		expect(formatClock(10.5 - 0.501)).toBe('0:09.9');
	});
});

describe('wrapLines', () => {
	test('breaks between words, a word longer than the line across lines', () => {
		expect(wrapLines('Both sides made 50 moves: a draw, whatever the points', 20)).toEqual([
			'Both sides made 50',
			'moves: a draw,',
			'whatever the points',
		]);
		expect(wrapLines('abcdefghij kl', 4)).toEqual(['abcd', 'efgh', 'ij', 'kl']);
		expect(wrapLines('', 10)).toEqual([]);
	});
});

describe('paletteOf', () => {
	test("black and white pieces (classic LOA's) are black and white on wood; their names take the terminal's own colour", () => {
		expect(classicLoa.colours).toBe('black-white');
		const palette = paletteOf(classicLoa.colours);
		expect(palette.pieces).toEqual(['ansi256(16)', 'ansi256(231)']);
		expect(palette.names).toEqual([undefined, undefined]);
		expect(palette.squares).toEqual(['ansi256(137)', 'ansi256(94)']);
	});

	test('red and blue pieces (the default: LOAPS, PAH-TUM, LINES and BOXES) are red and blue, and so are their names', () => {
		for (const game of [loaps, pahtum, boxes]) expect(game.colours ?? 'red-blue').toBe('red-blue');
		const palette = paletteOf(undefined);
		expect(paletteOf('red-blue')).toEqual(palette);
		expect(palette.pieces).toEqual(['redBright', 'blueBright']);
		expect(palette.names).toEqual(['redBright', 'blueBright']);
	});
});
