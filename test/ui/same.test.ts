/**
 * What lets a clock's frame leave the board be: `same` (React.memo's test for the board and the
 * move list) compares what props hold, and a position's board view is made once.
 */
import {expect, test} from 'vitest';
import {loaps} from '../../source/games/loa/index.js';
import {boardViewOf} from '../../source/ui/boards/index.js';
import {same} from '../../source/ui/same.js';

test('same: plain objects, arrays and sets by what they hold; functions and class instances by identity', () => {
	expect(same({a: [1, 2, {b: new Set([3])}], c: null}, {a: [1, 2, {b: new Set([3])}], c: null})).toBe(true);
	expect(same({a: [1, 2]}, {a: [1, 3]})).toBe(false);
	expect(same({a: 1}, {a: 1, b: undefined})).toBe(false);
	expect(same({a: 1, b: undefined}, {a: 1, c: undefined})).toBe(false);
	expect(same(new Set([1, 2]), new Set([1, 3]))).toBe(false);
	expect(same([1], {0: 1, length: 1})).toBe(false);
	expect(same(Number.NaN, Number.NaN)).toBe(true);
	const f = () => 1;
	expect(same({f}, {f})).toBe(true);
	expect(same({f}, {f: () => 1})).toBe(false);
	expect(same(new Date(0), new Date(0))).toBe(false);
});

test("a position's board view is made once, and a game's view holds functions that no two calls share", () => {
	const position = loaps.initial();
	expect(boardViewOf(loaps, position)).toBe(boardViewOf(loaps, position));
	expect(same(loaps.board(position), loaps.board(position))).toBe(false);
	expect(boardViewOf(loaps, loaps.play(position, loaps.legalMoves(position)[0]!))).not.toBe(boardViewOf(loaps, position));
});
