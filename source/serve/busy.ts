/**
 * Whether potm serve's thread is too busy to take a newcomer. Every screen is drawn on that
 * thread, so two readings of it say what everyone connected waits on: the share of the time it
 * is at work (its event loop's utilisation), and the delay of its event loop (the time a timer or
 * a packet waits for it to be free). A thread at work nearly all the time has no room for another
 * screen, whatever the delay says: its delay stays short while it runs many short tasks, and a
 * newcomer's key exchange, a round trip at a time, then waits behind every frame of every screen.
 * Past either limit newcomers wait in line at the door (waiting-line.ts), before any SSH work,
 * rather than sit in a key exchange that never comes and slow everyone already playing; a full
 * line, or a wait past its bound, turns them away with a line that says why.
 *
 * Where the screens are drawn on threads of their own (draw-threads.ts), the share is also read of
 * each of those, and the busier of the main thread and the drawing threads (their mean: a newcomer's
 * screen goes to the one drawing the fewest) counts.
 *
 * Read over windows of a second (BUSY_WINDOW_MS; a test gives shorter ones): the share over the
 * last SHARE_WINDOWS of them, the delay's 90th percentile over the last one. Over a limit is busy;
 * busy stays until the share is BUSY_EASED under its limit and the delay under half of its (so that
 * the door does not flap at the limit).
 */
import {monitorEventLoopDelay, performance, type EventLoopUtilization, type IntervalHistogram} from 'node:perf_hooks';

/** The event loop's delay (90th percentile over a second) past which newcomers wait in line at the door. */
export const BUSY_DELAY_MS = 1000;
/** The share of the thread's time at work (over SHARE_WINDOWS seconds) past which newcomers wait in line at the door. */
export const BUSY_SHARE = 0.9;
/** How far under BUSY_SHARE the share must come for a busy thread to be free again. */
export const BUSY_EASED = 0.1;
/** The gauge's window: a reading a second. */
export const BUSY_WINDOW_MS = 1000;
const SHARE_WINDOWS = 5;

export interface Busyness {
	/** Why the server is too busy for a newcomer now, or null. */
	busy(): string | null;
	stop(): void;
}

export interface Limits {
	readonly delayMs: number;
	readonly share: number;
}

export const LIMITS: Limits = {delayMs: BUSY_DELAY_MS, share: BUSY_SHARE};

/** Whether a reading makes the server busy, given whether it was: over a limit, or, once busy, not yet well under both. */
export function stillBusy(reading: {readonly delayMs: number; readonly share: number}, wasBusy: boolean, limits: Limits = LIMITS): boolean {
	if (reading.delayMs > limits.delayMs || reading.share > limits.share) return true;
	return wasBusy && (reading.delayMs > limits.delayMs / 2 || reading.share > limits.share - BUSY_EASED);
}

/** A thread whose share of time at work the gauge reads too: a Worker (its `performance`). */
export interface Gauged {
	readonly performance: {eventLoopUtilization(now?: EventLoopUtilization, before?: EventLoopUtilization): EventLoopUtilization};
}

/** The gauge of this process's event loop, and of the drawing threads `drawing` gives (none by default), read every `windowMs`. */
export function eventLoopBusyness(
	limits: Limits = LIMITS,
	drawing: () => readonly Gauged[] = () => [],
	windowMs: number = BUSY_WINDOW_MS,
): Busyness {
	const histogram: IntervalHistogram = monitorEventLoopDelay({resolution: 20});
	histogram.enable();
	let reading = {delayMs: 0, share: 0};
	let busy = false;
	let last: EventLoopUtilization = performance.eventLoopUtilization();
	const shares: number[] = [];
	/** Each drawing thread's last reading. */
	let lastOf = new Map<Gauged, EventLoopUtilization>();
	let which = 'thread';
	const timer = setInterval(() => {
		const now = performance.eventLoopUtilization();
		let share = performance.eventLoopUtilization(now, last).utilization;
		last = now;
		const threads = drawing();
		const readings = new Map<Gauged, EventLoopUtilization>();
		let sum = 0;
		let read = 0;
		for (const thread of threads) {
			const reading = thread.performance.eventLoopUtilization();
			readings.set(thread, reading);
			const before = lastOf.get(thread);
			if (!before) continue;
			sum += thread.performance.eventLoopUtilization(reading, before).utilization;
			read++;
		}
		lastOf = readings;
		if (read > 0) {
			which = 'threads';
			share = Math.max(share, sum / read);
		}
		shares.push(share);
		if (shares.length > SHARE_WINDOWS) shares.shift();
		// The share is read once there are SHARE_WINDOWS windows: the first seconds of a server are its
		// start (the games resumed, the first screens drawn) and would read as a full thread.
		const mean = shares.length < SHARE_WINDOWS ? 0 : shares.reduce((sum, one) => sum + one, 0) / shares.length;
		reading = {delayMs: histogram.percentile(90) / 1e6, share: mean};
		histogram.reset();
		busy = stillBusy(reading, busy, limits);
	}, windowMs);
	timer.unref();
	return {
		busy: () =>
			busy
				? `its ${which} at work ${Math.round(reading.share * 100)} % of the time (the limit ${Math.round(limits.share * 100)} %), ` +
					`${Math.round(reading.delayMs)} ms behind (the limit ${limits.delayMs} ms)`
				: null,
		stop: () => {
			clearInterval(timer);
			histogram.disable();
		},
	};
}
