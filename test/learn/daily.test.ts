/**
 * The puzzle of the day (source/learn/daily.ts): the same for everyone on a UTC date and game,
 * different from one day to the next, within the set.
 */
import {describe, expect, test} from 'vitest';
import {dailyIndex, dayNumber, fnv1a, isDay, utcDay} from '../../source/learn/daily.js';

/** The UTC day `offset` days after 2026-01-01, as YYYY-MM-DD. */
const dayAfter = (offset: number, from = '2026-01-01'): string => utcDay(new Date(Date.parse(`${from}T00:00:00Z`) + offset * 86_400_000));

describe('dailyIndex', () => {
	test('the same date and game give the same puzzle, at any hour of the UTC day and written either way', () => {
		const index = dailyIndex('loaps', '2026-11-21', 300);
		expect(dailyIndex('loaps', new Date('2026-11-21T00:00:00Z'), 300)).toBe(index);
		expect(dailyIndex('loaps', new Date('2026-11-21T23:59:59.999Z'), 300)).toBe(index);
		// 01:00 on the 22nd in Berlin is still the 21st in UTC.
		expect(dailyIndex('loaps', new Date('2026-11-22T01:00:00+02:00'), 300)).toBe(index);
	});

	test('fixed: the values of a few days do not change from one potm to the next', () => {
		// Pinned: everyone's puzzle of the day changes if these do.
		expect(fnv1a('')).toBe(0x811c9dc5);
		expect(fnv1a('a')).toBe(0xe40c292c);
		expect(fnv1a('foobar')).toBe(0xbf9cf968);
		expect(['2026-01-01', '2026-01-02', '2026-01-03'].map(date => dailyIndex('loaps', date, 300))).toEqual([212, 103, 220]);
	});

	test('30 consecutive days give at least 25 different puzzles of 300, and no two days in a row the same', () => {
		for (const game of ['loaps', 'loa', 'pahtum', 'boxes']) {
			for (const start of ['2026-01-01', '2026-10-20', '2027-06-15']) {
				const indices = Array.from({length: 30}, (_, offset) => dailyIndex(game, dayAfter(offset, start), 300));
				expect(new Set(indices).size).toBeGreaterThanOrEqual(25);
				indices.slice(1).forEach((index, day) => expect(index).not.toBe(indices[day]));
			}
		}
	});

	test('consecutive days differ for every size of set, across the turn of a round', () => {
		for (const count of [2, 3, 4, 5, 7, 10, 30]) {
			let before = dailyIndex('loaps', dayAfter(-1), count);
			for (let offset = 0; offset < 20 * count; offset++) {
				const index = dailyIndex('loaps', dayAfter(offset), count);
				expect(index, `${count} puzzles, day ${dayAfter(offset)}`).not.toBe(before);
				before = index;
			}
		}
	});

	test('each round of `count` days shows every puzzle once', () => {
		const count = 40;
		const first = Math.ceil(dayNumber('2026-01-01') / count) * count;
		const round = Array.from({length: count}, (_, offset) => dailyIndex('pahtum', utcDay(new Date((first + offset) * 86_400_000)), count));
		expect(new Set(round).size).toBe(count);
	});

	test('the games differ on the same day', () => {
		const days = Array.from({length: 10}, (_, offset) => dayAfter(offset));
		expect(days.map(date => dailyIndex('loaps', date, 300))).not.toEqual(days.map(date => dailyIndex('pahtum', date, 300)));
	});

	test('the index is within the set, for sets of any size and days before 1970 too', () => {
		for (const count of [1, 2, 3, 17, 300, 5000]) {
			for (const date of ['1969-12-31', '1900-02-28', '2026-11-21', '2400-02-29']) {
				const index = dailyIndex('boxes', date, count);
				expect(Number.isInteger(index)).toBe(true);
				expect(index).toBeGreaterThanOrEqual(0);
				expect(index).toBeLessThan(count);
			}
		}
		expect(dailyIndex('boxes', '2026-11-21', 1)).toBe(0);
	});

	test('a set of no puzzles, or a date that is none, is refused', () => {
		expect(() => dailyIndex('loaps', '2026-11-21', 0)).toThrow(RangeError);
		expect(() => dailyIndex('loaps', '2026-11-21', 2.5)).toThrow(RangeError);
		expect(() => dailyIndex('loaps', '2026-02-30', 300)).toThrow(RangeError);
		expect(() => dailyIndex('loaps', 'today', 300)).toThrow(RangeError);
		expect(() => dailyIndex('loaps', new Date(Number.NaN), 300)).toThrow(RangeError);
	});
});

test('isDay takes real calendar dates only', () => {
	expect(isDay('2028-02-29')).toBe(true);
	expect(isDay('2026-02-29')).toBe(false);
	expect(isDay('2026-13-01')).toBe(false);
	expect(isDay('2026-1-01')).toBe(false);
	expect(isDay('2026-11-21T00:00:00Z')).toBe(false);
});
