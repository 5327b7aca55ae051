/**
 * Text in terminal columns (source/text.ts): a wide character (CJK, most emoji) takes two, a
 * combining mark none, as string-width and so Ink count them; cutting, padding and wrapping keep
 * to the columns asked and never split a character; names and chat on the server are bounded in
 * columns; the lobby's line of who is online fits its width.
 */
import fc from 'fast-check';
import stringWidth from 'string-width';
import {describe, expect, test} from 'vitest';
import {columnsOf, cut, headOf, NARROW, padColumns, tailOf, wrapLines} from '../source/text.js';
import {MAX_NAME, playerName, shown} from '../source/serve/names.js';
import {onlineLine} from '../source/ui/lobby/lobby-screen.js';

/** Letters of every width: ASCII, CJK, an emoji, one with a skin tone, a flag, e and a combining accent, a full-width letter. */
const LETTERS = ['a', 'Z', ' ', '-', '張', '偉', '你', '👋', '👍🏽', '🇯🇵', 'e\u0301', 'Ａ', 'ß'];
const mixed = fc.array(fc.constantFrom(...LETTERS), {maxLength: 40}).map(parts => parts.join(''));
/** Pinned, as every property test of the suite: the same cases on every run. */
const RUNS = {numRuns: 300, seed: 40};

describe('columns', () => {
	test('every character the fast path takes for a column is one to string-width too, and one UTF-16 unit', () => {
		const taken: number[] = [];
		for (let code = 0; code <= 0xffff; code++) {
			const character = String.fromCharCode(code);
			if (code >= 0xd800 && code <= 0xdfff) continue;
			if (NARROW.test(character)) taken.push(code);
		}
		expect(taken.length).toBeGreaterThan(1000);
		expect(taken.filter(code => stringWidth(String.fromCharCode(code)) !== 1).map(code => code.toString(16))).toEqual([]);
		// The screens' own: the dot, the dash, the ellipsis, arrows, the box and the board's glyphs.
		expect(columnsOf('RED played b1 d3 · Move 2/50 — BLUE to play …')).toBe(stringWidth('RED played b1 d3 · Move 2/50 — BLUE to play …'));
		expect(NARROW.test('· — … ← → ┌─┐ █ ● ○')).toBe(true);
	});

	test('a wide character takes two, a combining mark none; ASCII one each', () => {
		expect(columnsOf('alice')).toBe(5);
		expect(columnsOf('張偉')).toBe(4);
		expect(columnsOf('👋 hi')).toBe(5);
		expect(columnsOf('e\u0301')).toBe(1);
		expect(columnsOf('…')).toBe(1);
	});

	test('as string-width counts them, whatever the text', () => {
		fc.assert(
			fc.property(mixed, text => columnsOf(text) === stringWidth(text)),
			RUNS,
		);
	});

	test('cut: within the width, an ellipsis marking the cut, a wide character never halved', () => {
		expect(cut('張偉張偉', 8)).toBe('張偉張偉');
		expect(cut('張偉張偉', 7)).toBe('張偉張…');
		// Six columns: three for the characters that fit (張偉 would be 4 of the 5 before the mark), one for the mark.
		expect(cut('張偉張偉', 6)).toBe('張偉…');
		expect(cut('張偉', 1)).toBe('');
		expect(cut('👍🏽👍🏽', 3)).toBe('👍🏽…');
		fc.assert(
			fc.property(mixed, fc.integer({min: 0, max: 45}), (text, width) => {
				const kept = cut(text, width);
				expect(columnsOf(kept)).toBeLessThanOrEqual(width);
				// A cut loses at most the mark's column and one of a wide character.
				if (columnsOf(text) > width && width > 1) expect(columnsOf(kept)).toBeGreaterThanOrEqual(width - 1);
				if (columnsOf(text) <= width) expect(kept).toBe(text);
			}),
			RUNS,
		);
	});

	test('head and tail: whole characters within the width, from either end', () => {
		expect(headOf('a張b', 2)).toBe('a');
		expect(tailOf('a張b', 2)).toBe('b');
		expect(tailOf('a張b', 3)).toBe('張b');
		fc.assert(
			fc.property(mixed, fc.integer({min: 0, max: 45}), (text, width) => {
				const head = headOf(text, width);
				const tail = tailOf(text, width);
				expect(text.startsWith(head) && text.endsWith(tail)).toBe(true);
				expect(Math.max(columnsOf(head), columnsOf(tail))).toBeLessThanOrEqual(width);
				// Never a grapheme split: what is left is whole characters too.
				expect(columnsOf(head) + columnsOf(text.slice(head.length))).toBe(columnsOf(text));
				expect(columnsOf(tail) + columnsOf(text.slice(0, text.length - tail.length))).toBe(columnsOf(text));
			}),
			RUNS,
		);
	});

	test('padColumns fills the width in columns, as padEnd would in characters of one', () => {
		expect(padColumns('張偉', 6)).toBe('張偉  ');
		expect(padColumns('alice', 6)).toBe('alice ');
		expect(padColumns('張偉張偉', 6)).toBe('張偉張偉');
	});

	test('wrapLines: no line wider than the width, every character kept, words whole where they fit', () => {
		expect(wrapLines('張偉: 你好，世界！', 8)).toEqual(['張偉:', '你好，世', '界！']);
		expect(wrapLines('👋 good luck', 6)).toEqual(['👋', 'good', 'luck']);
		fc.assert(
			fc.property(mixed, fc.integer({min: 2, max: 30}), (text, width) => {
				const lines = wrapLines(text, width);
				for (const line of lines) expect(columnsOf(line)).toBeLessThanOrEqual(width);
				expect(lines.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
			}),
			RUNS,
		);
	});
});

describe('names and chat on the server, in columns', () => {
	test('a name is at most MAX_NAME columns, in whole characters', () => {
		expect(playerName('張'.repeat(30))).toBe('張'.repeat(MAX_NAME / 2));
		expect(playerName('a張'.repeat(10))).toBe(`${'a張'.repeat(6)}a`);
		expect(columnsOf(playerName('👍🏽'.repeat(30)))).toBe(MAX_NAME);
		expect(shown('張偉 lovelace 👋', 40)).toBe('張偉 lovelace 👋');
	});

	test("the lobby's line of who is online fits its width with wide names too", () => {
		const names = ['張偉', 'alice', '🐙 carol', '李娜', 'bob'];
		expect(onlineLine(names, 80)).toBe('potm on the server — 5 online: 張偉, alice, 🐙 carol, 李娜, bob');
		for (const width of [30, 40, 45, 50, 60]) expect(columnsOf(onlineLine(names, width)), String(width)).toBeLessThanOrEqual(width);
		// alice would leave no room for the count of the others: she is left for it.
		expect(onlineLine(names, 50)).toBe('potm on the server — 5 online: 張偉, …');
	});
});
