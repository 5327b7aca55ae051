/**
 * The Lazy SMP helpers of the engine worker (docs/ai.md §5): threads that search the position of
 * the think under way at the same time as the worker's own search, on the transposition table
 * they share, so that the main search finds more of its tree already searched. Nothing of theirs is
 * reported: the main search's answer and progress are the think's.
 *
 * The helpers are started when a think first asks for them and kept between thinks, idle; a think
 * that asks for fewer ends the others. Each helper searches until the control word no longer names
 * its think (or the client's stop flag is up), and marks the think it is in, so that the worker can
 * wait at a think's end until every helper has left it: no helper writes into the table after the
 * think, when the worker may clear it for another game.
 */
import type {Worker} from 'node:worker_threads';
import type {ToHelper, WorkerSetup} from './protocol.js';
import {MAX_THREADS} from './threads.js';

/**
 * The control words: the id of the think under way (0: none), how many helpers have joined it, then
 * helper i's at BUSY + i: the id of the think it is searching for (0: none).
 */
export const THINK = 0;
export const JOINED = 1;
export const BUSY = 1;
/** How long a think's end waits for a helper to leave it: a helper notices within a poll, a millisecond or two. */
export const LEAVE_MS = 200;

export type HelperSearch = Omit<ToHelper, 'type' | 'forget'>;

export class Helpers {
	private readonly control = new Int32Array(new SharedArrayBuffer(4 * (BUSY + MAX_THREADS)));
	/** Helper i is threads[i - 1]; null where one ended (an error) and is to be started again. */
	private readonly threads: (Worker | null)[] = [];
	/** Whether helper i is to forget what it learnt at its next search. */
	private readonly stale: boolean[] = [];
	/** Helpers started so far, and those that failed (an error, an exit, or too slow to leave a think). */
	started = 0;
	failed = 0;

	constructor(
		private readonly spawn: (setup: WorkerSetup) => Worker,
		private readonly stop: SharedArrayBuffer,
		private readonly table: SharedArrayBuffer,
	) {}

	/** Helpers alive now. */
	get running(): number {
		return this.threads.filter(thread => thread !== null).length;
	}

	/**
	 * `count` helpers search the think's position from now until finish(): those missing are started,
	 * those beyond the count ended.
	 */
	start(count: number, search: HelperSearch): void {
		const wanted = Math.max(0, Math.min(count, MAX_THREADS - 1));
		while (this.threads.length > wanted) {
			const thread = this.threads.pop();
			this.stale.pop();
			if (thread) void thread.terminate();
		}
		Atomics.store(this.control, JOINED, 0);
		Atomics.store(this.control, THINK, search.id);
		for (let index = 1; index <= wanted; index++) {
			let thread = this.threads[index - 1] ?? null;
			if (thread === null) {
				// A thread the system will not start (out of memory, say) leaves the search to the others.
				try {
					thread = this.startHelper(index);
				} catch {
					this.failed++;
					this.threads[index - 1] = null;
					continue;
				}
			}
			thread.postMessage({type: 'search', ...search, forget: this.stale[index - 1] === true} satisfies ToHelper);
			this.stale[index - 1] = false;
		}
	}

	/**
	 * The think is over: every helper stops, and this returns once each has left its search (one
	 * that has not within LEAVE_MS is ended; a new one starts at the next think). Returns how many
	 * helpers joined the think's search.
	 */
	finish(): number {
		Atomics.store(this.control, THINK, 0);
		const until = performance.now() + LEAVE_MS;
		for (let index = 1; index <= this.threads.length; index++) {
			for (;;) {
				const busy = Atomics.load(this.control, BUSY + index);
				if (busy === 0) break;
				const left = until - performance.now();
				if (left <= 0) {
					this.drop(index, this.threads[index - 1] ?? null);
					break;
				}
				Atomics.wait(this.control, BUSY + index, busy, left);
			}
		}
		return Atomics.load(this.control, JOINED);
	}

	/** The worker forgot what it learnt (a new game): each helper forgets its own at its next search. */
	forget(): void {
		this.stale.fill(true);
	}

	private startHelper(index: number): Worker {
		const thread = this.spawn({
			stop: this.stop,
			tableMegabytes: 0,
			helper: {index, table: this.table, control: this.control.buffer},
		});
		this.started++;
		this.threads[index - 1] = thread;
		this.stale[index - 1] = true;
		// A helper's failure costs the main search nothing: it goes on alone, and the next think starts another helper.
		thread.on('error', () => this.drop(index, thread));
		thread.on('exit', () => this.drop(index, thread));
		return thread;
	}

	private drop(index: number, thread: Worker | null): void {
		if (thread === null || this.threads[index - 1] !== thread) return;
		this.failed++;
		this.threads[index - 1] = null;
		Atomics.store(this.control, BUSY + index, 0);
		void thread.terminate();
	}
}
