/**
 * One SSH session's screen as the serve bench reads it (bench/serve.ts): what arrived, as plain
 * text (escape sequences out, a sequence or a character cut between two packets joined first), each
 * character at an offset since the session began, and waits for words on it.
 */
import {StringDecoder} from 'node:string_decoder';
import type ssh2 from 'ssh2';
import type {ClientChannel} from 'ssh2';

/** Escape sequences: CSI, OSC, the character sets, the two-character ones. */
const ESCAPE = /\u001B(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001B]*(?:\u0007|\u001B\\)|[()][A-Z0-9]|[=>78DEHMc])/g;
/** An escape sequence that may still be going on at the end of a packet. */
const UNFINISHED = /\u001B(?:\[[0-?]*[ -/]*|\][^\u0007\u001B]*|\][^\u0007]*\u001B|[()])?$/;

interface Waiter {
	readonly needles: readonly RegExp[];
	readonly from: number;
	readonly settle: (seen: Seen | null) => void;
}

export interface Seen {
	/** Which needle was found (the first in the list's order where several were). */
	readonly which: number;
	readonly match: RegExpExecArray;
	/** performance.now() when the packet that completed it was read. */
	readonly at: number;
}

/**
 * One session's screen as plain text: what arrived, escape sequences out, each character at an
 * offset since the session began (the text itself is kept to its last 16 000 characters).
 */
export class Screen {
	channel: ClientChannel | null = null;
	/** Set when the connection went before the bench ended it. */
	droppedAt: number | null = null;
	/** A watcher's: the moves sent that its screen has not shown yet, oldest first. */
	readonly behind: Array<{superseded: boolean; refused: boolean; cancel: () => void}> = [];
	private text = '';
	private base = 0;
	private pending = '';
	private readonly decoder = new StringDecoder('utf8');
	private readonly waiters = new Set<Waiter>();

	constructor(
		readonly name: string,
		readonly client: ssh2.Client,
	) {}

	/** The offset the next character will have: a look from here sees only what comes after. */
	get end(): number {
		return this.base + this.text.length;
	}

	receive(data: Buffer): void {
		const raw = this.pending + this.decoder.write(data);
		const unfinished = UNFINISHED.exec(raw);
		const cut = unfinished && raw.length - unfinished.index < 64 ? unfinished.index : raw.length;
		this.pending = raw.slice(cut);
		this.text += raw.slice(0, cut).replace(ESCAPE, '');
		if (this.text.length > 16_000) {
			const drop = this.text.length - 8_000;
			this.text = this.text.slice(drop);
			this.base += drop;
		}
		const at = performance.now();
		for (const waiter of this.waiters) {
			const seen = this.find(waiter.needles, waiter.from);
			if (seen) waiter.settle({...seen, at});
		}
	}

	/** The first of `needles` (in their order) in the text from offset `from` on. */
	find(needles: readonly RegExp[], from: number): {which: number; match: RegExpExecArray} | null {
		const after = this.text.slice(Math.max(0, from - this.base));
		for (const [which, needle] of needles.entries()) {
			const match = needle.exec(after);
			if (match) return {which, match};
		}
		return null;
	}

	/** Waits for one of `needles` after offset `from`: null if none shows within `timeoutMs` or the session ends. */
	see(needles: readonly RegExp[], from: number, timeoutMs: number, handle?: {cancel: () => void}): Promise<Seen | null> {
		const found = this.find(needles, from);
		if (found) return Promise.resolve({...found, at: performance.now()});
		if (this.droppedAt !== null || this.channel === null) return Promise.resolve(null);
		return new Promise(settle => {
			const timer = setTimeout(() => waiter.settle(null), timeoutMs);
			const waiter: Waiter = {
				needles,
				from,
				settle: seen => {
					clearTimeout(timer);
					this.waiters.delete(waiter);
					settle(seen);
				},
			};
			this.waiters.add(waiter);
			if (handle) handle.cancel = () => waiter.settle(null);
		});
	}

	/** Sends keys; gives the offset from which their effect is looked for. */
	type(keys: string): number {
		const from = this.end;
		this.channel?.write(keys);
		return from;
	}

	/** The connection went: whoever waits hears nothing more. */
	gone(): void {
		for (const waiter of this.waiters) waiter.settle(null);
		this.waiters.clear();
	}
}
