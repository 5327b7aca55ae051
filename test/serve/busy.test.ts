/** When potm serve is too busy for a newcomer (busy.ts): over the limit, and free again only under half of it. */
import {describe, expect, test, vi} from 'vitest';
import {BUSY_DELAY_MS, BUSY_EASED, BUSY_SHARE, eventLoopBusyness, stillBusy} from '../../source/serve/busy.js';

/**
 * The gauge's window in these tests: a tenth of the server's second (BUSY_WINDOW_MS), so that the
 * same number of readings come to a verdict ten times as soon.
 */
const WINDOW_MS = 100;
/** How long the hog below holds the thread at a time. */
const HOG_MS = 150;
/**
 * The window of a gauge that reads the delay while the hog runs: longer than two of its turns. The
 * histogram takes a sample a turn of the event loop, and a window read at every turn was found to
 * hold none.
 */
const DELAY_WINDOW_MS = 400;

describe('the busy gauge', () => {
	const free = {delayMs: 0, share: 0.5};
	test('busy over either limit; once busy, until the share is well under its limit and the delay under half of its', () => {
		expect(stillBusy({...free, delayMs: BUSY_DELAY_MS + 1}, false)).toBe(true);
		expect(stillBusy({...free, delayMs: BUSY_DELAY_MS}, false)).toBe(false);
		expect(stillBusy({...free, delayMs: BUSY_DELAY_MS * 0.6}, true)).toBe(true);
		expect(stillBusy({...free, delayMs: BUSY_DELAY_MS * 0.6}, false)).toBe(false);
		expect(stillBusy({...free, delayMs: BUSY_DELAY_MS * 0.4}, true)).toBe(false);
		// A thread at work nearly all the time, however short its delay.
		expect(stillBusy({delayMs: 20, share: BUSY_SHARE + 0.01}, false)).toBe(true);
		expect(stillBusy({delayMs: 20, share: BUSY_SHARE}, false)).toBe(false);
		expect(stillBusy({delayMs: 20, share: BUSY_SHARE - BUSY_EASED / 2}, true)).toBe(true);
		expect(stillBusy({delayMs: 20, share: BUSY_SHARE - BUSY_EASED * 1.5}, true)).toBe(false);
		expect(stillBusy({delayMs: 100, share: 0}, false, {delayMs: 50, share: 1})).toBe(true);
	});

	test('a thread kept busy is read as busy within a few seconds, and as free again once it is let go', async () => {
		// Busy by the delay alone (the share's limit out of reach): the tests' own thread is at work.
		const gauge = eventLoopBusyness({delayMs: 100, share: 1}, undefined, DELAY_WINDOW_MS);
		// Busy by the share alone (the delay's limit out of reach).
		const byShare = eventLoopBusyness({delayMs: 1e9, share: 0.8}, undefined, WINDOW_MS);
		let hogging = true;
		// The thread taken 150 ms at a time, over and over: every timer waits about that long.
		const hog = () => {
			const until = performance.now() + HOG_MS;
			while (performance.now() < until);
			if (hogging) setImmediate(hog);
		};
		try {
			hog();
			await vi.waitFor(
				() =>
					expect(gauge.busy()).toMatch(/^its thread at work \d+ % of the time \(the limit 100 %\), \d+ ms behind \(the limit 100 ms\)$/),
				{
					timeout: 10_000,
					interval: 50,
				},
			);
			await vi.waitFor(() => expect(byShare.busy()).toMatch(/^its thread at work (8[1-9]|9\d|100) % of the time \(the limit 80 %\)/), {
				timeout: 10_000,
				interval: 50,
			});
			hogging = false;
			await vi.waitFor(() => expect(gauge.busy()).toBeNull(), {timeout: 10_000, interval: 50});
			await vi.waitFor(() => expect(byShare.busy()).toBeNull(), {timeout: 10_000, interval: 50});
		} finally {
			hogging = false;
			gauge.stop();
			byShare.stop();
		}
	});

	test('with drawing threads, their share counts: busy while they are at work past the limit though the main thread idles, free once they ease', async () => {
		/** A drawing thread whose every window (each reading) is at work `share()` of the time. */
		let share = 0.95;
		let [active, idle] = [0, 0];
		const thread = {
			performance: {
				eventLoopUtilization(now?: {active: number; idle: number}, before?: {active: number; idle: number}) {
					if (now && before) {
						const worked = now.active - before.active;
						return {active: worked, idle: now.idle - before.idle, utilization: worked / (worked + now.idle - before.idle)};
					}
					active += share * 1000;
					idle += (1 - share) * 1000;
					return {active, idle, utilization: active / (active + idle)};
				},
			},
		};
		const gauge = eventLoopBusyness({delayMs: 1e9, share: 0.8}, () => [thread], WINDOW_MS);
		try {
			await vi.waitFor(() => expect(gauge.busy()).toMatch(/^its threads at work 9[45] % of the time \(the limit 80 %\)/), {
				timeout: 10_000,
				interval: 50,
			});
			share = 0.1;
			await vi.waitFor(() => expect(gauge.busy()).toBeNull(), {timeout: 10_000, interval: 50});
		} finally {
			gauge.stop();
		}
	});
});
