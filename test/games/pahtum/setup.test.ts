/** New boards (docs/pahtum.md §7): an odd number of holes, 3..13 by default, reproducible by a seed. */
import {describe, expect, test} from 'vitest';
import {BLOCKED} from '../../../source/games/game.js';
import {pahtum} from '../../../source/games/pahtum/index.js';
import {DEFAULT_HOLES, randomBoard} from '../../../source/games/pahtum/setup.js';

const holesOf = (cells: readonly number[]) => cells.filter(cell => cell === BLOCKED).length;

describe('random boards', () => {
	test('by default an odd number of holes from 3 to 13, and every such count turns up', () => {
		const seen = new Set<number>();
		for (let seed = 0; seed < 300; seed++) {
			const state = randomBoard({seed});
			const holes = holesOf(state.cells);
			expect(DEFAULT_HOLES).toContain(holes);
			expect(state.cells.filter(cell => cell !== BLOCKED).every(cell => cell === 0)).toBe(true);
			expect(state.toMove).toBe(1);
			seen.add(holes);
		}
		expect([...seen].sort((a, b) => a - b)).toEqual([...DEFAULT_HOLES]);
	});

	test('the same seed gives the same board; other seeds other boards', () => {
		expect(randomBoard({seed: 42})).toEqual(randomBoard({seed: 42}));
		const boards = new Set(Array.from({length: 20}, (_, seed) => pahtum.format(pahtum.initial({seed}))));
		expect(boards.size).toBe(20);
	});

	test('holes are honoured, from 1 to 25, at the same seed as many as asked', () => {
		for (const holes of [1, 3, 13, 15, 25]) expect(holesOf(randomBoard({seed: 9, holes}).cells)).toBe(holes);
	});

	test('an even, zero, fractional or too large number of holes is a RangeError that says so', () => {
		for (const holes of [0, 2, 26, 27, -1, 3.5]) {
			expect(() => randomBoard({seed: 1, holes})).toThrow(RangeError);
		}
		expect(() => randomBoard({holes: 4})).toThrow(
			'PAH-TUM has an odd number of holes from 1 to 25 (so an even number of empty squares), not 4',
		);
	});

	test('without a seed every board is a fresh draw, still a valid grid', () => {
		const state = pahtum.initial();
		const parsed = pahtum.parse(pahtum.format(state), 'new');
		expect(parsed.ok).toBe(true);
		expect(holesOf(state.cells) % 2).toBe(1);
	});
});
