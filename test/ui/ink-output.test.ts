/**
 * Ink's Output as patched (patches/ink+6.8.0.patch): a row is made from the pieces written on it
 * and taken from a cache shared by every screen when the same pieces come again. Whatever is
 * written (styled text, wide characters, pieces over each other, clipping), a frame must be what
 * Ink's own way gives: every cell laid out in a grid and the grid turned back into text.
 */
import fc from 'fast-check';
import {expect, test} from 'vitest';
import {styledCharsFromTokens, styledCharsToString, tokenize} from '@alcalzone/ansi-tokenize';
import sliceAnsi from 'slice-ansi';
import stringWidth from 'string-width';
// Ink's own module, not in its exports: the one its renderer uses.
import Output from '../../node_modules/ink/build/output.js';
import {lineWidth} from '../../node_modules/ink/build/measure-text.js';

type Operation =
	| {readonly type: 'write'; readonly x: number; readonly y: number; readonly text: string; readonly upper: boolean}
	| {readonly type: 'clip'; readonly clip: {x1?: number; x2?: number; y1?: number; y2?: number}}
	| {readonly type: 'unclip'};

const upper = (line: string) => line.toUpperCase();

const keptChars = new Map<string, ReturnType<typeof styledCharsFromTokens>>();
const keptWidths = new Map<string, number>();

/** A line's styled characters, worked out once for each line, as Ink 6.8's Output kept them (its OutputCaches). */
function styledCharsOf(line: string): ReturnType<typeof styledCharsFromTokens> {
	let characters = keptChars.get(line);
	if (characters === undefined) keptChars.set(line, (characters = styledCharsFromTokens(tokenize(line))));
	return characters;
}

/** string-width's width of a text, worked out once for each text, as Ink 6.8's Output kept them. */
function widthOf(text: string): number {
	let width = keptWidths.get(text);
	if (width === undefined) keptWidths.set(text, (width = stringWidth(text)));
	return width;
}

/** Ink 6.8's Output.get before the patch, kept here as the reference. */
function reference(width: number, height: number, operations: readonly Operation[]): string {
	const blank = () => ({type: 'char', value: ' ', fullWidth: false, styles: []});
	const grid: unknown[][] = Array.from({length: height}, () => Array.from({length: width}, blank));
	const clips: {x1?: number; x2?: number; y1?: number; y2?: number}[] = [];
	for (const operation of operations) {
		if (operation.type === 'clip') clips.push(operation.clip);
		if (operation.type === 'unclip') clips.pop();
		if (operation.type !== 'write') continue;
		let {x, y} = operation;
		let lines = operation.text.split('\n');
		const clip = clips.at(-1);
		if (clip) {
			const horizontal = typeof clip.x1 === 'number' && typeof clip.x2 === 'number';
			const vertical = typeof clip.y1 === 'number' && typeof clip.y2 === 'number';
			if (horizontal && (x + Math.max(...lines.map(line => widthOf(line))) < clip.x1! || x > clip.x2!)) continue;
			if (vertical && (y + lines.length < clip.y1! || y > clip.y2!)) continue;
			if (horizontal) {
				lines = lines.map(line => {
					const from = x < clip.x1! ? clip.x1! - x : 0;
					const lineWidth = widthOf(line);
					return sliceAnsi(line, from, x + lineWidth > clip.x2! ? clip.x2! - x : lineWidth);
				});
				if (x < clip.x1!) x = clip.x1!;
			}
			if (vertical) {
				const from = y < clip.y1! ? clip.y1! - y : 0;
				lines = lines.slice(from, y + lines.length > clip.y2! ? clip.y2! - y : lines.length);
				if (y < clip.y1!) y = clip.y1!;
			}
		}
		let offsetY = 0;
		for (const line of lines) {
			const row = grid[y + offsetY];
			if (!row) continue;
			let offsetX = x;
			for (const character of styledCharsOf(operation.upper ? upper(line) : line)) {
				row[offsetX] = character;
				const characterWidth = Math.max(1, widthOf(character.value));
				for (let index = 1; index < characterWidth; index++) row[offsetX + index] = {...character, value: '', fullWidth: false};
				offsetX += characterWidth;
			}
			offsetY++;
		}
	}
	return grid.map(row => styledCharsToString(row.filter(cell => cell !== undefined) as never).trimEnd()).join('\n');
}

/** A screen's rows from its last frame (renderer.js hands the same to each of a screen's frames). */
interface Memory {
	width: number;
	pieces: unknown[];
	made: string[];
}

function patched(width: number, height: number, operations: readonly Operation[], memory?: Memory): string {
	const output = new Output({width, height, ...(memory ? {memory} : {})});
	for (const operation of operations) {
		if (operation.type === 'write') output.write(operation.x, operation.y, operation.text, {transformers: operation.upper ? [upper] : []});
		else if (operation.type === 'clip') output.clip(operation.clip as never);
		else output.unclip();
	}
	return (output.get() as {output: string}).output;
}

const styled = fc
	.array(
		fc.record({
			text: fc.constantFrom('a', 'bc', ' ', '·', '●', '漢', 'é', 'x y', '\n'),
			style: fc.constantFrom('', '\u001B[1m', '\u001B[31m', '\u001B[7m', '\u001B[38;5;208m'),
		}),
		{maxLength: 8},
	)
	.map(parts => parts.map(part => (part.style === '' ? part.text : `${part.style}${part.text}\u001B[0m`)).join(''));

const operation: fc.Arbitrary<Operation> = fc.oneof(
	{
		weight: 6,
		arbitrary: fc.record({
			type: fc.constant('write' as const),
			x: fc.integer({min: 0, max: 12}),
			y: fc.integer({min: 0, max: 5}),
			text: styled,
			upper: fc.boolean(),
		}),
	},
	{
		weight: 1,
		arbitrary: fc.record({
			type: fc.constant('clip' as const),
			clip: fc.record(
				{
					x1: fc.integer({min: 0, max: 6}),
					x2: fc.integer({min: 6, max: 14}),
					y1: fc.integer({min: 0, max: 2}),
					y2: fc.integer({min: 2, max: 6}),
				},
				{requiredKeys: []},
			),
		}),
	},
	{weight: 1, arbitrary: fc.constant({type: 'unclip' as const})},
);

test('a frame is the grid Ink would lay out, first made and when its rows come from the cache', () => {
	fc.assert(
		fc.property(
			fc.integer({min: 1, max: 16}),
			fc.integer({min: 1, max: 6}),
			fc.array(operation, {maxLength: 12}),
			(width, height, operations) => {
				const expected = reference(width, height, operations);
				expect(patched(width, height, operations)).toBe(expected);
				// The same pieces again: every row from the cache.
				expect(patched(width, height, operations)).toBe(expected);
			},
		),
		{seed: 39, numRuns: 2000},
	);
});

test('pieces side by side with a cell or more between them: the row is their texts spaced, as the grid gives it', () => {
	fc.assert(
		fc.property(fc.array(fc.record({gap: fc.integer({min: 0, max: 3}), text: styled, upper: fc.boolean()}), {maxLength: 6}), parts => {
			const operations: Operation[] = [];
			let x = 0;
			for (const part of parts) {
				x += part.gap;
				operations.push({type: 'write', x, y: 0, text: part.text.replaceAll('\n', ''), upper: part.upper});
				x += Math.max(1, stringWidth(part.text)) + 1;
			}
			for (const width of [x, x + 5, Math.max(1, x - 3)]) {
				const expected = reference(width, 2, operations);
				expect(patched(width, 2, operations)).toBe(expected);
				expect(patched(width, 2, operations)).toBe(expected);
			}
		}),
		{seed: 40, numRuns: 800},
	);
});

test("a screen's frames one after another, each row taken from its last frame where its pieces are the same: each the grid Ink would lay out", () => {
	// Each frame: the last one's operations again, some of them changed or dropped, or new ones;
	// sometimes at another width.
	const frame = fc.record({
		width: fc.constantFrom(8, 8, 8, 12),
		keep: fc.array(fc.boolean(), {maxLength: 12}),
		added: fc.array(operation, {maxLength: 4}),
	});
	fc.assert(
		fc.property(fc.array(operation, {maxLength: 12}), fc.array(frame, {minLength: 2, maxLength: 8}), (first, frames) => {
			const memory: Memory = {width: -1, pieces: [], made: []};
			let operations = first;
			for (const next of frames) {
				operations = [...operations.filter((_, index) => next.keep[index] !== false), ...next.added];
				expect(patched(next.width, 5, operations, memory)).toBe(reference(next.width, 5, operations));
			}
		}),
		{seed: 42, numRuns: 600},
	);
});

test('rows are shared between outputs: the same row in another frame, however the rest of it differs', () => {
	const first = patched(20, 3, [
		{type: 'write', x: 0, y: 0, text: '\u001B[1mRED\u001B[0m  ada', upper: false},
		{type: 'write', x: 0, y: 1, text: '9:58', upper: false},
	]);
	const second = patched(20, 3, [
		{type: 'write', x: 0, y: 0, text: '\u001B[1mRED\u001B[0m  ada', upper: false},
		{type: 'write', x: 0, y: 1, text: '9:57', upper: false},
	]);
	expect(first.split('\n')[0]).toBe(second.split('\n')[0]);
	expect(second.split('\n')[1]).toBe('9:57');
});

test("a line's width as measured for the layout is string-width's, styled or not, whatever its characters", () => {
	const pieces = fc.constantFrom(
		'a',
		' ',
		'●',
		'◀',
		'·',
		'─',
		'漢',
		'é',
		'e\u0301',
		'⌚',
		'▪',
		'\u200D',
		'\uFE0F',
		'👍🏽',
		'\t',
		'\u0007',
		'\u00AD',
		'\u001B[1m',
		'\u001B[38;5;208m',
		'\u001B[0m',
		'\u001B]8;;x\u0007',
		'\u001B[',
	);
	fc.assert(
		fc.property(fc.array(pieces, {maxLength: 12}), parts => {
			const line = parts.join('');
			expect(lineWidth(line)).toBe(stringWidth(line));
		}),
		{seed: 39, numRuns: 5000},
	);
	// Every character the table calls narrow, beside every other: a plain compare for each of the
	// 11 000, expect() for one that differs.
	for (let code = 0x20; code < 0x2c00; code++) {
		const character = String.fromCodePoint(code);
		const line = `${character}a${character}●`;
		if (stringWidth(character) === 1 && lineWidth(line) !== stringWidth(line)) expect(lineWidth(line), character).toBe(stringWidth(line));
	}
});

/** A piece's text and cells as the patch's cell by cell way makes them: a styled character a grapheme. */
function pieceByCells(text: string): {text: string; cells: number} {
	const placed: {value: string; styles: unknown[]}[] = [];
	let cells = 0;
	for (const character of styledCharsFromTokens(tokenize(text))) {
		placed.push(character);
		const width = Math.max(1, widthOf(character.value));
		for (let index = 1; index < width; index++) placed.push({...character, value: ''});
		cells += width;
	}
	return {text: styledCharsToString(placed as never), cells};
}

test("a piece of plain characters and SGR codes, made by runs, is the cell by cell way's to the byte", () => {
	const pieceOf = (text: string) => (new Output({width: 80, height: 1}) as unknown as {pieceOf(text: string): unknown}).pieceOf(text);
	// Each range's ends and a neighbour outside it, the joiners and marks that end a fast run, and
	// every kind of escape the tokenizer knows or refuses.
	const characters = fc.constantFrom(
		...[0x1f, 0x20, 0x41, 0x7e, 0x7f, 0x9f, 0xa0, 0xad, 0xe9, 0x2ff, 0x300, 0x301, 0x200d, 0x200f, 0x2010, 0x2026, 0x205e, 0x205f]
			.concat([0x2060, 0x209f, 0x20a0, 0x20ac, 0x20bf, 0x20c0, 0x218f, 0x2190, 0x21a9, 0x22ff, 0x2300, 0x231a, 0x24ff, 0x2500])
			.concat([0x25cf, 0x25c0, 0x25b6, 0x25fd, 0x25fe, 0x2614, 0x26a1, 0x2705, 0x2764, 0x27bf, 0x27c0, 0x1100, 0x1161, 0xfe0f])
			.concat([0x6f22, 0x1f44d, 0x1f3fd, 0x1f1eb, 0x0a, 0x0d, 0x09, 0x07, 0x9b])
			.map(code => String.fromCodePoint(code)),
		'e\u0301',
		'\u2764\uFE0F',
		'\u200D\u2764',
	);
	const escapes = fc.constantFrom(
		'\u001B[1m',
		'\u001B[2m',
		'\u001B[22m',
		'\u001B[31m',
		'\u001B[39m',
		'\u001B[0m',
		'\u001B[m',
		'\u001B[1;31m',
		'\u001B[1;2;4;41m',
		'\u001B[38;5;208m',
		'\u001B[38;5m',
		'\u001B[48;2;1;2;3m',
		'\u001B[7m',
		'\u001B[27m',
		'\u001B[31',
		'\u001B[3x',
		'\u001B',
		'\u001B]8;;https://x\u0007',
		'\u001B]8;;\u0007',
	);
	fc.assert(
		fc.property(fc.array(fc.oneof({weight: 3, arbitrary: characters}, {weight: 2, arbitrary: escapes}), {maxLength: 14}), parts => {
			const text = parts.join('');
			expect(pieceOf(text)).toEqual(pieceByCells(text));
		}),
		{seed: 41, numRuns: 5000},
	);
	// Every code unit of the ranges taken fast, alone and styled between two others: a plain compare
	// for each of the 20 000 texts, expect() for one that differs.
	const samePiece = (made: unknown, byCells: {text: string; cells: number}) => {
		const piece = made as {text: unknown; cells: unknown};
		return Object.keys(piece).length === 2 && piece.text === byCells.text && piece.cells === byCells.cells;
	};
	for (let code = 0x20; code < 0x2800; code++) {
		const character = String.fromCharCode(code);
		for (const text of [character, `\u001B[1;32m${character}a\u001B[22m${character}\u001B[39m●`])
			if (!samePiece(pieceOf(text), pieceByCells(text))) expect(pieceOf(text), text).toEqual(pieceByCells(text));
	}
});

test('a text whose every escape is an SGR sequence is its own sanitized form; any other text is sanitized as the tokenizer says', async () => {
	// Ink's own modules, not in its exports.
	const {default: sanitizeAnsi} = await import('../../node_modules/ink/build/sanitize-ansi.js');
	const {tokenizeAnsi} = (await import('../../node_modules/ink/build/ansi-tokenizer.js')) as {
		tokenizeAnsi: (
			text: string,
		) => {type: string; value: string; parameterString?: string; intermediateString?: string; finalCharacter?: string}[];
	};
	/** Ink 6.8's sanitizing before the patch, kept here as the reference. */
	const reference = (text: string) =>
		tokenizeAnsi(text)
			.filter(
				token =>
					token.type === 'text' ||
					token.type === 'osc' ||
					(token.type === 'csi' &&
						token.finalCharacter === 'm' &&
						token.intermediateString === '' &&
						/^[\d:;]*$/.test(token.parameterString!)),
			)
			.map(token => token.value)
			.join('');
	const parts = fc.constantFrom(
		'a',
		' ● ',
		'漢',
		'\u001B[1m',
		'\u001B[38;5;208m',
		'\u001B[38:2:1:2:3m',
		'\u001B[m',
		'\u001B[?25l',
		'\u001B[?1m',
		'\u001B[=5;1m',
		'\u001B[2J',
		'\u001B[1 m',
		'\u001B[31',
		'\u001B',
		'\u001B]8;;x\u0007',
		'\u001BP1\u001B\\',
		'\u001B7',
		'\u009B31m',
		'\u009C',
		'\u0085',
		'\u0007',
	);
	fc.assert(
		fc.property(fc.array(parts, {maxLength: 10}), list => {
			const text = list.join('');
			expect(sanitizeAnsi(text)).toBe(reference(text));
		}),
		{seed: 43, numRuns: 5000},
	);
});
