/** How every game's file writes the seconds on a clock (games/clock-text.ts). */
import * as fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {formatClock} from '../../source/games/clock-text.js';

describe('formatClock', () => {
	it.each([
		[60, '60.0'],
		[0, '0.0'],
		[5, '5.0'],
		[5.34, '5.34'],
		[40.7, '40.7'],
		[0.125, '0.125'],
		[1e-7, '0.0000001'],
		[1.5e-7, '0.00000015'],
	])('%d s is written %s', (seconds, text) => {
		expect(formatClock(seconds)).toBe(text);
	});

	it('never writes an exponent, and the text reads back as the same number', () => {
		fc.assert(
			fc.property(fc.double({min: 0, max: 100_000, noNaN: true}), seconds => {
				const text = formatClock(seconds);
				expect(text).toMatch(/^\d+\.\d+$/);
				expect(Number(text)).toBe(seconds);
			}),
		);
	});
});
