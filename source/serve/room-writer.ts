/**
 * The rooms' files of potm serve written on a thread of their own (room-writer-worker.ts), so
 * that the main thread, which holds every connection and answers the drawing threads, never
 * waits on the disk: a room's write flushed to the disk took about 1 ms, at every move, and the
 * main thread spent a third of its time at work in fsync at 400 sessions.
 *
 * Nothing anybody has seen is lost: a screen's output that comes after a room's write was asked
 * for is held (gate) until that write is done, so a move reaches a terminal only once it is on
 * the disk. The writes are done one at a time in the order asked (a room's removal after its
 * last write). If the thread fails, what it had not done is done here, in order, and the rest
 * is written here too.
 */
import {rmSync} from 'node:fs';
import {basename} from 'node:path';
import type {Worker} from 'node:worker_threads';
import {writeWhole} from '../files/atomic.js';
import {startWorker} from '../worker-start.js';

/** A write to do: the file's whole text, or null to remove it. */
export interface WriterJob {
	readonly path: string;
	readonly data: string | null;
}

/** A job done: null, or why it failed. */
export interface WriterAnswer {
	readonly error: string | null;
}

export interface RoomWriterOptions {
	/** Where a write that failed is told. */
	readonly log: (line: string) => void;
	/** The thread (the tests give their own). */
	readonly start?: () => Worker;
}

/** A sink's output held: each piece with the writes it waits for. */
interface Held {
	readonly pieces: {readonly need: number; readonly data: string}[];
	readonly send: (data: string) => void;
	/** The characters held. */
	size: number;
	/** Told once nothing is held. */
	readonly drained: (() => void)[];
}

/** A sink's writes through the gate. */
export interface Gated {
	write(data: string): void;
	/** The characters held now. */
	held(): number;
	/** Settles once nothing is held (at once if nothing is). */
	drained(): Promise<void>;
}

export class RoomWriter {
	private thread: Worker | null;
	/** Jobs asked for (each numbered by this count as it is asked) and jobs done. */
	private asked = 0;
	private done = 0;
	/** The jobs with the thread, not yet done, in order. */
	private readonly doing: WriterJob[] = [];
	/** The sinks holding output. */
	private readonly holding = new Set<Held>();
	private readonly idle: (() => void)[] = [];
	/** What waits for the writes asked before it: each with how many. */
	private readonly afters: {readonly need: number; readonly then: () => void}[] = [];
	private closing = false;

	constructor(private readonly options: RoomWriterOptions) {
		const thread = (options.start ?? (() => startWorker(import.meta.url, 'room-writer-worker')))();
		this.thread = thread;
		thread.on('message', (answer: WriterAnswer) => this.answered(answer));
		thread.on('error', error => this.lost(`failed: ${error.message}`));
		thread.on('exit', code => {
			if (!this.closing) this.lost(`stopped (exit ${code})`);
		});
		thread.unref();
	}

	/** Writes the file whole, after every write asked before. */
	write(path: string, data: string): void {
		this.ask({path, data});
	}

	/** Removes the file, after every write asked before. */
	remove(path: string): void {
		this.ask({path, data: null});
	}

	/** Writes asked for and not yet done. */
	pending(): number {
		return this.asked - this.done;
	}

	/** The sinks holding output now. */
	holdingSinks(): number {
		return this.holding.size;
	}

	/**
	 * `send` as a screen's sink writes through it: what comes while writes asked before it are not
	 * done waits for them, and then goes in the order it came.
	 */
	gate(send: (data: string) => void): Gated {
		const held: Held = {pieces: [], send, size: 0, drained: []};
		return {
			write: data => {
				if (held.pieces.length === 0 && this.done >= this.asked) {
					send(data);
					return;
				}
				held.pieces.push({need: this.asked, data});
				held.size += data.length;
				this.holding.add(held);
			},
			held: () => held.size,
			drained: () => (held.pieces.length === 0 ? Promise.resolve() : new Promise(resolve => held.drained.push(resolve))),
		};
	}

	/** Calls `then` once every write asked for so far is done (at once if they are). */
	after(then: () => void): void {
		if (this.done >= this.asked) then();
		else this.afters.push({need: this.asked, then});
	}

	/** Settles once every write asked for is done; the thread ends then, and later writes are done here. */
	async close(): Promise<void> {
		if (this.pending() > 0) await new Promise<void>(resolve => this.idle.push(resolve));
		const thread = this.thread;
		this.closing = true;
		// Writes asked from here wait in `doing` behind any the thread has not answered, and are done here.
		this.thread = null;
		await thread?.terminate();
		this.doLeft();
	}

	private ask(job: WriterJob): void {
		this.asked++;
		this.doing.push(job);
		if (this.thread) this.thread.postMessage(job);
		else if (!this.closing || this.doing.length === 1) this.doLeft();
	}

	/** Does here, in order, what is in `doing`. */
	private doLeft(): void {
		for (let job = this.doing.shift(); job; job = this.doing.shift()) {
			this.doHere(job);
			this.done++;
		}
		this.release();
	}

	private answered(answer: WriterAnswer): void {
		const job = this.doing.shift();
		if (!job) return;
		this.done++;
		if (answer.error !== null) this.failed(job, answer.error);
		this.release();
	}

	/** The thread failed: what it had not done is done here, and so is everything after. */
	private lost(why: string): void {
		if (!this.thread) return;
		this.options.log(`the rooms' writer ${why}: the rooms are written on the main thread from now on`);
		this.thread = null;
		this.doLeft();
	}

	private doHere(job: WriterJob): void {
		try {
			if (job.data === null) rmSync(job.path, {force: true});
			else writeWhole({path: job.path, data: job.data});
		} catch (error) {
			this.failed(job, (error as Error).message);
		}
	}

	private failed(job: WriterJob, error: string): void {
		this.options.log(`${basename(job.path, '.json')}: not ${job.data === null ? 'removed' : 'written'}: ${error}`);
	}

	/** Sends what the writes done let go, in order, sink by sink; then what waited for them (after). */
	private release(): void {
		for (const held of this.holding) {
			let sent = 0;
			while (sent < held.pieces.length && held.pieces[sent]!.need <= this.done) {
				const {data} = held.pieces[sent++]!;
				held.size -= data.length;
				try {
					held.send(data);
				} catch (error) {
					// A channel gone: its output is dropped, the other sinks' go on.
					this.options.log(`a screen's output not sent: ${(error as Error).message}`);
				}
			}
			held.pieces.splice(0, sent);
			if (held.pieces.length === 0) {
				this.holding.delete(held);
				for (const resolve of held.drained.splice(0)) resolve();
			}
		}
		while (this.afters.length > 0 && this.afters[0]!.need <= this.done) this.afters.shift()!.then();
		if (this.done >= this.asked) for (const resolve of this.idle.splice(0)) resolve();
	}
}
