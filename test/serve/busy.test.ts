/** When potm serve is too busy for a newcomer (busy.ts): over the limit, and free again only under half of it. */
import {describe, expect, test, vi} from 'vitest';
import {BUSY_DELAY_MS, eventLoopBusyness, stillBusy} from '../../source/serve/busy.js';

describe('the busy gauge', () => {
	test('busy over the limit; once busy, until the delay falls under half of it', () => {
		expect(stillBusy(BUSY_DELAY_MS + 1, false)).toBe(true);
		expect(stillBusy(BUSY_DELAY_MS, false)).toBe(false);
		expect(stillBusy(BUSY_DELAY_MS * 0.6, true)).toBe(true);
		expect(stillBusy(BUSY_DELAY_MS * 0.6, false)).toBe(false);
		expect(stillBusy(BUSY_DELAY_MS * 0.4, true)).toBe(false);
		expect(stillBusy(100, false, 50)).toBe(true);
	});

	test('a thread kept busy is read as busy within a few seconds, and as free again once it is let go', async () => {
		const gauge = eventLoopBusyness(100);
		let hogging = true;
		// The thread taken 250 ms at a time, over and over: every timer waits about that long.
		const hog = () => {
			const until = performance.now() + 250;
			while (performance.now() < until);
			if (hogging) setImmediate(hog);
		};
		try {
			hog();
			await vi.waitFor(
				() => expect(gauge.busy()).toMatch(/^its thread \d+ ms behind \(90th percentile over a second; the limit 100 ms\)$/),
				{
					timeout: 10_000,
					interval: 50,
				},
			);
			hogging = false;
			await vi.waitFor(() => expect(gauge.busy()).toBeNull(), {timeout: 10_000, interval: 50});
		} finally {
			hogging = false;
			gauge.stop();
		}
	});
});
