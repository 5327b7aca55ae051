/** The exact solvers' shared table: entries packed and read back, two to a bucket, the larger subtree kept first. */
import {describe, expect, test} from 'vitest';
import fc from 'fast-check';
import {entryBound, entryMove, entryValue, EXACT, LOWER, SolvedTable, UPPER} from '../../source/games/solved-table.js';

describe('the solved-positions table', () => {
	test('an entry reads back what was stored: values within ±4000, every bound, moves -1..1022, any size', () => {
		fc.assert(
			fc.property(
				fc.integer({min: -4000, max: 4000}),
				fc.constantFrom(EXACT, LOWER, UPPER),
				fc.integer({min: -1, max: 1022}),
				fc.integer({min: 0, max: 200}),
				fc.integer(),
				fc.integer(),
				(value, bound, move, size, keyLo, keyHi) => {
					const table = new SolvedTable(4);
					table.store(keyLo, keyHi, value, bound, move, size);
					const entry = table.entry(keyLo, keyHi);
					expect([entryValue(entry), entryBound(entry), entryMove(entry)]).toEqual([value, bound, move]);
				},
			),
		);
	});

	test('a bucket keeps the larger subtree first and the latest other in its second entry; an unknown key reads 0; clear forgets', () => {
		const table = new SolvedTable(4);
		// Keys with the same low half share a bucket.
		table.store(5, 100, 7, EXACT, 3, 20);
		table.store(5, 200, 8, EXACT, 4, 10);
		expect(entryValue(table.entry(5, 100))).toBe(7);
		expect(entryValue(table.entry(5, 200))).toBe(8);
		// A third smaller one takes the second entry: the larger (20) stays.
		table.store(5, 300, 9, LOWER, 5, 12);
		expect(table.entry(5, 200)).toBe(0);
		expect(entryValue(table.entry(5, 100))).toBe(7);
		expect(entryValue(table.entry(5, 300))).toBe(9);
		// A larger one (size over the 7 bits kept: as 127) takes the first, and the old first moves to the second.
		table.store(5, 400, -6, UPPER, -1, 144);
		expect(entryValue(table.entry(5, 400))).toBe(-6);
		expect(entryValue(table.entry(5, 100))).toBe(7);
		expect(table.entry(5, 300)).toBe(0);
		expect(table.entry(6, 100)).toBe(0);
		table.clear();
		expect(table.entry(5, 400)).toBe(0);
	});
});
