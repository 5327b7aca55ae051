import {describe, expect, test} from 'vitest';
import {explainIllegal, loaps} from '../../../source/games/loa/index.js';
import {encodeMove, moveFrom, moveName, moveTo, parseMoveText, parseSquare, squareName} from '../../../source/games/loa/notation.js';
import {initialState, play} from '../../../source/games/loa/rules.js';
import {LOAPS} from '../../../source/games/loa/variant.js';
import {position, sq} from './diagram.js';

describe('squares and moves as text', () => {
	test('a1 is 0, g7 is 48 on 7×7; h8 is 63 on 8×8; names round-trip', () => {
		expect(parseSquare('a1', 7)).toBe(0);
		expect(parseSquare('g7', 7)).toBe(48);
		expect(parseSquare('h8', 8)).toBe(63);
		for (const size of [7, 8]) {
			for (let square = 0; square < size * size; square++) expect(parseSquare(squareName(square, size), size)).toBe(square);
		}
	});

	test.each(['h1', 'a8', 'a0', 'b', '', 'bb2', 'z9'])('"%s" is not a square of the 7×7 board', text => {
		expect(parseSquare(text, 7)).toBe(-1);
	});

	test('moves encode both squares and print as "b1 d3"', () => {
		const move = encodeMove(sq('b1'), sq('d3'));
		expect([moveFrom(move), moveTo(move)]).toEqual([sq('b1'), sq('d3')]);
		expect(moveName(move, 7)).toBe('b1 d3');
	});

	test.each(['b1 d3', 'b1-d3', 'b1d3', 'B1 D3', '  b1   d3  ', 'b1\td3', 'b1xd3'])('"%s" reads as b1 d3', text => {
		expect(parseMoveText(text, 7)).toEqual({from: sq('b1'), to: sq('d3')});
	});

	test('text that is not a move says why', () => {
		expect(parseMoveText('hello', 7)).toBe('"hello" is not a move: write the two squares, as in "b1 d3"');
		expect(parseMoveText('b1 h3', 7)).toBe('"h3" is not a square of the 7×7 board (a1..g7)');
		// A square to itself is read: what is wrong with it depends on the position (the game's parseMove says).
		expect(parseMoveText('b1 b1', 7)).toEqual({from: sq('b1'), to: sq('b1')});
	});
});

describe('why a move is illegal, for the player', () => {
	const start = initialState(LOAPS);
	const why = (text: string) => {
		const parsed = parseMoveText(text, 7);
		if (typeof parsed === 'string') throw new Error(parsed);
		return explainIllegal(start, parsed.from, parsed.to);
	};

	test('no piece there', () => expect(why('d4 d5')).toBe('d4 d5: there is no piece on d4'));
	test("the opponent's piece", () => expect(why('a2 c2')).toBe("a2 c2: the piece on a2 is BLUE's, and RED is to move"));
	test('onto your own piece', () => expect(why('b1 c1')).toBe('b1 c1: c1 holds a piece of your own'));
	test('a wrong distance lists where the piece can go', () => {
		expect(why('b1 b3')).toMatch(/^b1 b3 is not a legal move: a piece moves exactly as many squares .* it can go to /);
		expect(why('b1 b3')).toContain('d3');
	});
	test('after the game is over', () => {
		const over = play(
			position(['....2.2', '.......', '.......', '.......', '.1.....', '.......', '1......']),
			encodeMove(sq('a1'), sq('a2')),
		);
		expect(explainIllegal(over, sq('b3'), sq('b4'))).toMatch(/the game is over \(RED connected: RED wins 12 to 0\)/);
	});
	test('the Game interface gives the same reasons through parseMove', () => {
		expect(loaps.parseMove(start, 'd4 d5')).toEqual({ok: false, error: 'd4 d5: there is no piece on d4'});
		expect(loaps.parseMove(start, 'b1 d3')).toEqual({ok: true, value: encodeMove(sq('b1'), sq('d3'))});
	});
});
