/**
 * The line tables (source/games/loa/line-moves.ts) against a plain reading of the movement rule
 * on every filling of every line length: a piece moves along its line exactly as many places as
 * the line has pieces, not onto its own piece, not over the opponent's.
 */
import {describe, expect, it} from 'vitest';
import {
	codeBase,
	FILLINGS,
	INFO_CAPTURES,
	INFO_COUNT,
	INFO_MOVERS,
	INFO_TARGETS,
	lineMoves,
	MAX_LINE,
	POW3,
} from '../../../source/games/loa/line-moves.js';

/** The places of a code, digit by digit (0 empty, 1, 2). */
const placesOf = (code: number, length: number): number[] => Array.from({length}, (_, place) => Math.floor(code / 3 ** place) % 3);

/** The moves of `side` on a line, as [from, to] pairs, by the rule read plainly. */
function ruleMoves(places: readonly number[], side: number): Array<[number, number]> {
	const pieces = places.filter(cell => cell !== 0).length;
	const moves: Array<[number, number]> = [];
	places.forEach((cell, from) => {
		if (cell !== side) return;
		for (const step of [1, -1]) {
			const to = from + step * pieces;
			if (to < 0 || to >= places.length || places[to] === side) continue;
			const between = places.slice(Math.min(from, to) + 1, Math.max(from, to));
			if (between.includes(3 - side)) continue;
			moves.push([from, to]);
		}
	});
	return moves;
}

function tableMoves(filling: number, side: number): Array<[number, number]> {
	const at = (side - 1) * (FILLINGS + 1) + filling;
	const moves: Array<[number, number]> = [];
	for (let i = lineMoves.moveStart[at]!; i < lineMoves.moveStart[at + 1]!; i++)
		moves.push([lineMoves.moves[i]! & 7, lineMoves.moves[i]! >> 3]);
	return moves;
}

const sortPairs = (pairs: Array<[number, number]>) => pairs.map(pair => pair.join('>')).sort();
const bits = (places: Iterable<number>) => [...places].reduce((mask, place) => mask | (1 << place), 0);

describe('line tables', () => {
	it('has every filling of lengths 1 to 8 once', () => {
		expect(FILLINGS).toBe([1, 2, 3, 4, 5, 6, 7, 8].reduce((sum, length) => sum + 3 ** length, 0));
		for (let length = 1; length <= MAX_LINE; length++) expect(codeBase[length + 1]! - codeBase[length]!).toBe(POW3[length]);
	});

	it('lists the moves the rule gives, and their count, places reached, movers and captures, on every filling', () => {
		let checked = 0;
		let withMoves = 0;
		for (let length = 1; length <= MAX_LINE; length++) {
			for (let code = 0; code < 3 ** length; code++) {
				const places = placesOf(code, length);
				for (const side of [1, 2]) {
					const filling = codeBase[length]! + code;
					const expected = ruleMoves(places, side);
					const word = lineMoves.info[filling * 2 + side - 1]!;
					const table = {
						moves: sortPairs(tableMoves(filling, side)),
						count: word & INFO_COUNT,
						targets: (word >> INFO_TARGETS) & 255,
						movers: (word >> INFO_MOVERS) & 255,
						captures: word >>> INFO_CAPTURES,
					};
					const rule = {
						moves: sortPairs(expected),
						count: expected.length,
						targets: bits(expected.map(([, to]) => to)),
						movers: bits(expected.map(([from]) => from)),
						captures: bits(expected.map(([, to]) => to).filter(to => places[to] === 3 - side)),
					};
					// Compared plainly, expect() only where they differ: five expects a filling were most of the test's time.
					if (JSON.stringify(table) !== JSON.stringify(rule))
						expect(table, `length ${length} ${places.join('')} side ${side}`).toEqual(rule);
					checked++;
					if (expected.length > 0) withMoves++;
				}
			}
		}
		expect(checked).toBe(2 * FILLINGS);
		expect(withMoves).toBeGreaterThan(1000);
	});

	it('reads a known line: 1 . 2 . . . 1 on seven places', () => {
		// Three pieces, so three places a move: the first 1 would pass over the 2 to place 3, the last
		// 1 goes back to place 3, the 2 forward to place 5.
		const code = 1 + 2 * 9 + 1 * 729;
		const filling = codeBase[7]! + code;
		expect(sortPairs(tableMoves(filling, 1))).toEqual(['6>3']);
		expect(sortPairs(tableMoves(filling, 2))).toEqual(['2>5']);
	});
});
