import {readFileSync} from 'node:fs';
import {describe, expect, test} from 'vitest';
import {ONGOING} from '../../source/games/game.js';
import {classicLoa, classicLoaMoverWins, loaps} from '../../source/games/loa/index.js';
import {moveFrom, moveTo} from '../../source/games/loa/notation.js';
import {pahtum} from '../../source/games/pahtum/index.js';
import {boxes} from '../../source/games/boxes/index.js';
import {baseGameId, DEFAULT_GAME, gameById, gameOfText, games} from '../../source/games/registry.js';
import {position, sq} from './loa/diagram.js';

const save = (name: string) => readFileSync(new URL(`../fixtures/positions/${name}`, import.meta.url), 'utf8');

describe('the registry', () => {
	test('finds games by id, in any case; the default is LOAPS', () => {
		expect(gameById('loaps')).toBe(loaps);
		expect(gameById('LOAPS')).toBe(loaps);
		expect(gameById('loa')).toBe(classicLoa);
		expect(gameById('LOA-Mover')).toBe(classicLoaMoverWins);
		expect(gameById('chess')).toBeUndefined();
		expect(gameById(DEFAULT_GAME)).toBe(loaps);
		expect(new Set(games.map(game => game.id)).size).toBe(games.length);
	});

	test('a ruling names the game it is a ruling of (its ruling), whatever its id; every other game is its own', () => {
		expect(baseGameId(classicLoaMoverWins)).toBe('loa');
		expect(games.map(baseGameId)).toEqual(['loaps', 'loa', 'loa', 'pahtum', 'boxes']);
		expect(baseGameId({...boxes, id: 'boxes-other', ruling: {...classicLoaMoverWins.ruling!, of: 'boxes'}})).toBe('boxes');
		expect(baseGameId({...classicLoaMoverWins, id: 'another'})).toBe('loa');
	});

	test('tells a LOAPS file and a classic 8×8 file by their shape, and nothing from other text', () => {
		for (const name of ['start.txt', 'red-move-10.txt', 'blue-move-28.txt']) expect(gameOfText(save(name))).toBe(loaps);
		expect(gameOfText('hello\n')).toBeUndefined();
		// 8 board lines of 8: classic LOA (docs/loa.md §8), the default ruling (loa before loa-mover).
		const classic = '1 1\n1 0 60.0\n2 0 60.0\n' + '........\n'.repeat(8);
		expect(gameOfText(classic)).toBe(classicLoa);
		expect(gameOfText(classicLoa.format(classicLoa.initial()))).toBe(classicLoa);
		// 7 board lines of 8, or 8 of 7: neither game.
		expect(gameOfText('1 1\n1 0 60.0\n2 0 60.0\n' + '........\n'.repeat(7))).toBeUndefined();
		expect(gameOfText('1 1\n1 0 60.0\n2 0 60.0\n' + '.......\n'.repeat(8))).toBeUndefined();
	});

	test("tells a PAH-TUM grid from the LOA files: neither game recognizes the other's", () => {
		expect(gameById('pahtum')).toBe(pahtum);
		const grid = '-------\n------+\n---+---\n-------\n--++---\n-------\n+------\n';
		expect(gameOfText(grid)).toBe(pahtum);
		expect(gameOfText(pahtum.format(pahtum.initial({seed: 7})))).toBe(pahtum);
		for (const game of [loaps, classicLoa, classicLoaMoverWins]) expect(game.recognizes(grid)).toBe(false);
		for (const name of ['start.txt', 'red-move-10.txt', 'blue-move-28.txt']) expect(pahtum.recognizes(save(name))).toBe(false);
		expect(pahtum.recognizes(classicLoa.format(classicLoa.initial()))).toBe(false);
	});

	test("a grid cut short, or with a stray character, is still told as PAH-TUM's, so its refusal speaks of grids", () => {
		expect(gameOfText('-------\n')).toBe(pahtum);
		expect(gameOfText('-------\n--x----\n')).toBe(pahtum);
		expect(gameOfText('-------\n------+\n---+---\n---?---\n--++---\n-------\n+------\n')).toBe(pahtum);
		const parsed = pahtum.parse('-------\n', 'cut.txt');
		expect(parsed.ok ? null : parsed.error.message).toMatch(/1 line: a PAH-TUM grid is 7 lines/);
		// A text of other lines is nobody's.
		expect(gameOfText('hello\n')).toBeUndefined();
		expect(gameOfText('')).toBeUndefined();
	});
});

describe('LINES and BOXES in the registry', () => {
	const samples = [
		'1 5 5\n1 0 60.00\n2 0 60.00\n',
		'1 5 7\n1 0 60.00\n2 0 60.00\n0 A2 A3\n0 A2 B2\n0 B2 B3\n0 A3 B3\n',
		'2 8 3\n1 0 58.32\n2 1 43.16\n0 A2 D2\n0 B1 B9\n1 A1 C1\n2 A1 A5\n1 C1 C9\n',
	];

	test('is registered after PAH-TUM, by the id boxes', () => {
		expect(gameById('boxes')).toBe(boxes);
		expect(gameById('BOXES')).toBe(boxes);
		expect(games.map(game => game.id).slice(-2)).toEqual(['pahtum', 'boxes']);
	});

	test('tells a boxes file from LOA files and PAH-TUM grids, both ways', () => {
		for (const text of samples) expect(gameOfText(text)).toBe(boxes);
		expect(gameOfText(boxes.format(boxes.initial({seed: 3, rows: 4, columns: 6, lines: 9})))).toBe(boxes);
		for (const game of [loaps, classicLoa, classicLoaMoverWins, pahtum])
			for (const text of samples) expect(game.recognizes(text)).toBe(false);
		for (const name of ['start.txt', 'red-move-10.txt', 'blue-move-28.txt']) expect(boxes.recognizes(save(name))).toBe(false);
		expect(boxes.recognizes(classicLoa.format(classicLoa.initial()))).toBe(false);
		expect(boxes.recognizes(pahtum.format(pahtum.initial({seed: 7})))).toBe(false);
		expect(boxes.recognizes('-------\n')).toBe(false);
		// A boxes file cut short or with a bad move line is still told as one, so its refusal speaks of this game.
		expect(gameOfText('1 5 5\n')).toBe(boxes);
		expect(gameOfText('1 5 5\n1 0 60\n2 0 60\n1 A1 B2\n')).toBe(boxes);
	});
});

describe('the Game interface of LOAPS', () => {
	test('moveEnds gives from and to; scores, clocks and withClocks read and set the state', () => {
		const parsed = loaps.parse(save('blue-move-28.txt'), 'blue-move-28.txt');
		if (!parsed.ok) throw new Error(parsed.error.message);
		const state = parsed.value;
		const move = loaps.legalMoves(state)[0]!;
		expect(loaps.moveEnds(state, move)).toEqual([moveFrom(move), moveTo(move)]);
		expect(loaps.scores(state)).toEqual([13, 7]);
		expect(loaps.clocks(state)).toEqual([8.91, 40.7]);
		const later = loaps.withClocks(state, [1.5, 30]);
		expect(loaps.clocks(later)).toEqual([1.5, 30]);
		expect(loaps.format(later)).toContain('1 13 1.5\n2 7 30.0\n');
		expect(loaps.clocks(state)).toEqual([8.91, 40.7]);
	});

	test('a search position made from a finished game knows the game is over', () => {
		const over = loaps.play(
			position(['....2.2', '.......', '.......', '.......', '.1.....', '.......', '1......']),
			sq('a1') | (sq('a2') << 6),
		);
		expect(over.outcome).not.toBeNull();
		expect(loaps.searchPosition(over).terminal()).not.toBe(ONGOING);
	});

	test('render draws the board, the bonus squares and whose move it is', () => {
		const text = loaps.render(loaps.initial());
		expect(text).toContain(' 4  . . . * . . .  4');
		expect(text).toContain(' 2  B + . . . + B  2');
		expect(text).toContain('RED to play move 1/50');
	});
});
