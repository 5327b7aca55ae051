/**
 * Whether potm serve's thread is too busy to take a newcomer: the delay of its event loop, the
 * time a timer or a packet waits for the thread to be free. Every screen is drawn on that thread,
 * so the delay is what everyone connected waits on top of their own screen's work; past the
 * limit, the door turns newcomers away with a line that says why (door.ts) rather than let them
 * sit in a key exchange that never comes and slow everyone already playing. Read over windows of
 * a second: the 90th percentile of the last whole window, over the limit, is busy; under half of
 * it, free again (between, it stays as it was, so that the door does not flap at the limit).
 */
import {monitorEventLoopDelay, type IntervalHistogram} from 'node:perf_hooks';

/** The event loop's delay (90th percentile over a second) past which newcomers are turned away. */
export const BUSY_DELAY_MS = 1000;
const WINDOW_MS = 1000;

export interface Busyness {
	/** Why the server is too busy for a newcomer now, or null. */
	busy(): string | null;
	stop(): void;
}

/** Whether a window's delay (ms) makes the server busy, given whether it was: over `limit`, or still over half of it. */
export function stillBusy(delayMs: number, wasBusy: boolean, limitMs = BUSY_DELAY_MS): boolean {
	return delayMs > limitMs || (wasBusy && delayMs > limitMs / 2);
}

/** The gauge of this process's event loop. */
export function eventLoopBusyness(limitMs = BUSY_DELAY_MS): Busyness {
	const histogram: IntervalHistogram = monitorEventLoopDelay({resolution: 20});
	histogram.enable();
	let delayMs = 0;
	let busy = false;
	const timer = setInterval(() => {
		delayMs = histogram.percentile(90) / 1e6;
		histogram.reset();
		busy = stillBusy(delayMs, busy, limitMs);
	}, WINDOW_MS);
	timer.unref();
	return {
		busy: () => (busy ? `its thread ${Math.round(delayMs)} ms behind (90th percentile over a second; the limit ${limitMs} ms)` : null),
		stop: () => {
			clearInterval(timer);
			histogram.disable();
		},
	};
}
