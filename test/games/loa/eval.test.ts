/**
 * The LOAPS evaluation's rulings on the points (source/games/loa/eval.ts): within the connection's
 * 12 either side's connection wins, so a point of margin is worth the race's margin (raceMargin),
 * beyond it 100; past the lead's cap more points are worth nothing. Same pieces, other points: the
 * differences between evaluations are the margin's terms alone.
 */
import {describe, expect, it} from 'vitest';
import {LoaBoard} from '../../../source/games/loa/board.js';
import {evaluate} from '../../../source/games/loa/eval.js';
import {LOAPS} from '../../../source/games/loa/variant.js';
import {LOAPS_WEIGHTS} from '../../../source/games/loa/weights.js';
import {cellsOf} from './diagram.js';

const W = LOAPS_WEIGHTS.values;
const I = LOAPS_WEIGHTS.index;
const CELLS = cellsOf(['.11.11.', '2.....2', '2.....2', '.......', '2.....2', '2.....2', '.11.11.']);

/** The start's pieces with these points, RED to move at ply 0 (far from the move limit: the margin at full weight). */
const withPoints = (red: number, blue: number) => evaluate(new LoaBoard(LOAPS, {cells: CELLS, toMove: 1, ply: 0, points: [red, blue]}));

describe('the LOAPS evaluation of the points', () => {
	it("within the connection's 12, a point is worth the race's margin", () => {
		expect(W[I.raceMargin]).toBeLessThan(100);
		expect(withPoints(5, 0) - withPoints(0, 0)).toBe(Math.round(5 * W[I.raceMargin]!));
		expect(withPoints(0, 11) - withPoints(0, 0)).toBe(Math.round(-11 * W[I.raceMargin]!));
	});

	it("at 12, where the opponent's connection no longer wins, 100 a point: the lead jumps", () => {
		const race = withPoints(11, 0);
		const ahead = withPoints(12, 0);
		expect(ahead - race).toBeGreaterThan(100);
		expect(withPoints(14, 0) - withPoints(13, 0)).toBe(100);
	});

	it("past the lead's cap, more points count nothing, for either side", () => {
		const cap = W[I.leadCap]!;
		expect(cap).toBe(24);
		expect(withPoints(cap + 7, 0)).toBe(withPoints(cap, 0));
		expect(withPoints(0, cap + 10)).toBe(withPoints(0, cap));
		expect(withPoints(cap, 0) - withPoints(cap - 1, 0)).toBe(100);
	});
});
