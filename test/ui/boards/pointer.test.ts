/** Picking a move as a sequence of points (ui/pointer.ts), in order and in any order. */
import {describe, expect, test} from 'vitest';
import type {AnyGame} from '../../../source/games/registry.js';
import {nextPoints, pick} from '../../../source/ui/boards/pointer.js';

/**
 * A game of segments made for the test: the moves 0 (ends 1, 2), 1 (ends 1, 5) and 2 (ends 3, 4);
 * its ends are picked in order unless `anyOrder`.
 */
const segments = (anyOrder: boolean): AnyGame =>
	({
		pickInAnyOrder: anyOrder,
		legalMoves: () => [0, 1, 2],
		moveEnds: (_state: unknown, move: number) =>
			[
				[1, 2],
				[1, 5],
				[3, 4],
			][move]!,
		outcome: () => null,
		toMove: () => 1,
		explainPick: (_state: unknown, points: readonly number[]) => `no move begins ${points.join(' ')}`,
	}) as unknown as AnyGame;

describe('picking the points of a move', () => {
	test('in order: the first end, then the second plays the move; the second end first begins nothing', () => {
		const game = segments(false);
		const first = pick(game, null, {cursor: 1, picked: []});
		expect(first.pointer.picked).toEqual([1]);
		expect(nextPoints(game, null, [1])).toEqual(new Set([2, 5]));
		expect(pick(game, null, {cursor: 5, picked: [1]}).move).toBe(1);
		expect(pick(game, null, {cursor: 4, picked: []}).message).toBe('no move begins 4');
	});

	test('in any order: either end first, the other plays the move; the same point again lets go', () => {
		const game = segments(true);
		const second = pick(game, null, {cursor: 4, picked: []});
		expect(second.pointer.picked).toEqual([4]);
		expect(nextPoints(game, null, [4])).toEqual(new Set([3]));
		expect(pick(game, null, {cursor: 3, picked: [4]}).move).toBe(2);
		expect(pick(game, null, {cursor: 2, picked: []}).pointer.picked).toEqual([2]);
		expect(pick(game, null, {cursor: 1, picked: [2]}).move).toBe(0);
		expect(pick(game, null, {cursor: 4, picked: [4]}).pointer.picked).toEqual([]);
		// A point that ends no move with the one picked starts afresh from it, if it begins one.
		expect(pick(game, null, {cursor: 3, picked: [1]}).pointer.picked).toEqual([3]);
		expect(pick(game, null, {cursor: 7, picked: [1]}).message).toBe('no move begins 1 7');
	});
});
