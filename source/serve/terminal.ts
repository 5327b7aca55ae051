/**
 * A terminal for Ink made of an SSH session: output written to the session's channel, with the
 * size the client's pty said and following its window changes; input the client's keys, in raw
 * mode already (a pty's line editing is the client's, and off once it asked for a pty). Ink reads
 * the streams it is given, not the process's, so each session draws its own screen.
 */
import {PassThrough, Writable} from 'node:stream';

/** The least and most a window may be: smaller is drawn at the least; larger is refused as garbage. */
export const MIN_COLUMNS = 20;
export const MIN_ROWS = 8;
export const MAX_COLUMNS = 1000;
export const MAX_ROWS = 500;

/** At most one resize drawn in this time; the last one asked for is always drawn. */
export const RESIZE_MS = 250;

/** A window size within reason, or null for one no terminal has (a client sending garbage). */
export function windowSize(columns: number, rows: number): {columns: number; rows: number} | null {
	if (!Number.isInteger(columns) || !Number.isInteger(rows) || columns > MAX_COLUMNS || rows > MAX_ROWS) return null;
	return {columns: Math.max(MIN_COLUMNS, columns), rows: Math.max(MIN_ROWS, rows)};
}

/** Where the output goes: the session's channel (an ssh2 ServerChannel, or any stream in tests). */
export interface Sink {
	write(data: string): void;
}

/** Ink's stdout: a stream with a size and resize events. */
export class TerminalOutput extends Writable {
	columns: number;
	rows: number;
	readonly isTTY = true;

	constructor(
		private readonly sink: Sink,
		size: {columns: number; rows: number},
	) {
		super({decodeStrings: false});
		this.columns = size.columns;
		this.rows = size.rows;
	}

	override _write(chunk: string | Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
		// A pty's output needs CR LF: Ink writes LF alone, as a local terminal's driver adds the CR.
		this.send(chunk.toString().replace(/\r?\n/g, '\r\n'));
		done();
	}

	/** What is written in one turn of the event loop, sent to the sink at its end as one write. */
	private waiting = '';
	private disposed = false;

	/**
	 * Output for the terminal beside Ink's (the alternate screen, the bell), kept in order with it.
	 * Ink writes a frame in three pieces (the start of a synchronized update, the frame, its end):
	 * all that is written in one turn goes to the sink as one write, that is one SSH packet.
	 */
	send(text: string): void {
		if (this.disposed) {
			this.sink.write(text);
			return;
		}
		if (this.waiting === '') queueMicrotask(() => this.flush());
		this.waiting += text;
	}

	/** Sends what waits. */
	flush(): void {
		if (this.waiting === '') return;
		const text = this.waiting;
		this.waiting = '';
		this.sink.write(text);
	}

	/** A resize asked for while the last is too recent: taken when RESIZE_MS have passed since. */
	private pending: {columns: number; rows: number} | null = null;
	private settling: NodeJS.Timeout | undefined;

	/**
	 * The client's window changed: Ink lays the screen out again and draws it whole. A window
	 * dragged to a new size asks dozens of times a second, a hostile client thousands: the first is
	 * taken at once, then one (the latest) every RESIZE_MS.
	 */
	resize(size: {columns: number; rows: number}): void {
		if (this.settling) {
			this.pending = size;
			return;
		}
		if (size.columns === this.columns && size.rows === this.rows) return;
		this.columns = size.columns;
		this.rows = size.rows;
		this.emit('resize');
		this.settling = setTimeout(() => {
			this.settling = undefined;
			const latest = this.pending;
			this.pending = null;
			if (latest) this.resize(latest);
		}, RESIZE_MS);
		this.settling.unref();
	}

	/** The session is over: what waits is sent, and what comes after goes at once; a resize still waiting is dropped. */
	dispose(): void {
		this.flush();
		this.disposed = true;
		clearTimeout(this.settling);
		this.settling = undefined;
		this.pending = null;
	}
}

/** Ink's stdin: the client's keys, in raw mode from the start. */
export class TerminalInput extends PassThrough {
	readonly isTTY = true;

	setRawMode(): this {
		return this;
	}

	ref(): this {
		return this;
	}

	unref(): this {
		return this;
	}
}
