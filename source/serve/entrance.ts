/**
 * The bare sockets at potm serve's door, before any SSH work: each let in by the door (door.ts)
 * and handed to ssh2 with its time to sign in and its bytes a second bounded, or turned away with
 * one line; while the server is busy, put in the line (waiting-line.ts), told its place every
 * second, and let in from it 20 a second once the server is no longer busy.
 */
import type {Socket} from 'node:net';
import {addressKey} from './address-key.js';
import {TokenBucket, type Door} from './door.js';
import type {QuietLog} from './quiet-log.js';
import {WaitingLine, type LineLimits} from './waiting-line.js';

/** How long a connection being ended may take to close before its socket is destroyed (a client that no longer reads never does). */
export const HANG_UP_MS = 5_000;
/** How long a refused connection may take to close after its line. */
const REFUSED_CLOSE_MS = 1_000;
/** What a connection may send, SSH's framing and all: far above a person's keys, far below a flood. */
const CONNECTION_INPUT_PER_SECOND = 64 * 1024;
const CONNECTION_INPUT_BURST = 256 * 1024;
/** How often the line is looked at, and how many come in from it each time the server is not busy: 20 a second at most. */
const LINE_TICK_MS = 100;
const LINE_TAKEN_A_TICK = 2;
/** Those in line are told their place again every this many ticks (a second). */
const LINE_TOLD_TICKS = 10;
/** What a client may send while it waits in line (its version and first packet are a few hundred bytes). */
const LINE_KEPT_BYTES = 16 * 1024;
const BUSY_TELL = 'the server is too busy to take anyone more just now; try again in a few minutes';

/** A connection the door let in: its socket, from the moment it was accepted until it closes. */
export interface Visitor {
	readonly socket: Socket;
	readonly address: string;
	/** The address as the door counts it (an IPv6 address's /64): what the quiet log keys a connection's lines by. */
	readonly key: string;
	/** Signed in: no longer counted as waiting at the door, and the time to sign in no longer runs. */
	signedIn(): void;
	/** Ends the connection as the server stops: SSH's goodbye once it speaks SSH, else at once. */
	end: () => void;
}

/** The sockets already bound to be destroyed: one timer each. */
const closing = new WeakSet<Socket>();

/** Destroys `socket` unless it has closed within `ms` (HANG_UP_MS if not given): an ended connection whose client does not close its side would stay open. */
export function closeSoon(socket: Socket, ms: number | undefined = HANG_UP_MS): void {
	if (socket.destroyed || closing.has(socket)) return;
	closing.add(socket);
	setTimeout(() => socket.destroy(), ms).unref();
}

/**
 * A newcomer waiting in line: its socket, and what its client sent meanwhile (its version, perhaps
 * its first packet), read so that its leaving is seen (a socket not read never tells of its end)
 * and handed back to the socket for ssh2 when it comes in.
 */
interface Waiter {
	readonly socket: Socket;
	readonly address: string;
	/** Stops reading and puts back what was read; the socket is then as it came. */
	readonly stop: () => void;
}

export interface EntranceOptions {
	readonly door: Door;
	readonly line: LineLimits;
	/** Why the server is too busy to take a newcomer now, or null. */
	readonly busy: () => string | null;
	readonly now: () => number;
	readonly quiet: QuietLog;
	/** How long a connection may take to sign in. */
	readonly signInMs: number;
	/** How long a connection this side has ended may take to close its side (HANG_UP_MS if not given). */
	readonly hangUpMs?: number | undefined;
	/** Hands a socket let in to ssh2. */
	readonly letIn: (socket: Socket) => void;
}

export class Entrance {
	/** The connections let in, by their socket, until they close. */
	readonly visits = new Map<Socket, Visitor>();
	private readonly line: WaitingLine<Waiter>;
	private readonly waitSeconds: number;
	/** Why the line formed (the gauge's words when the first joined it). */
	private lineWhy = '';
	private lineTimer: NodeJS.Timeout | null = null;
	private ticks = 0;

	constructor(private readonly options: EntranceOptions) {
		this.line = new WaitingLine<Waiter>(options.line, options.now);
		this.waitSeconds = Math.round(this.line.limits.waitMs / 1000);
	}

	/** A socket just accepted: let in, or in line (too busy, or others waiting already: they go first). */
	arrive(socket: Socket): void {
		// Its errors are ssh2's to report once it has the socket; a refused one's are nobody's concern.
		socket.on('error', () => undefined);
		const address = socket.remoteAddress;
		if (address === undefined) return void socket.destroy();
		// Too busy, or others waiting already (they go first): what the threads have is kept for those already here, and the newcomer waits its turn.
		const crowded = this.options.busy();
		if (crowded === null && this.line.size === 0) this.enter(socket, address);
		else this.wait(socket, address, crowded);
	}

	/** The server stops: those waiting in line never came in, and go at once. */
	close(): void {
		if (this.lineTimer) clearInterval(this.lineTimer);
		for (const waiter of this.line.clear()) waiter.socket.destroy();
	}

	/**
	 * Says no at the door: one line before SSH's version (the protocol allows it; OpenSSH shows it),
	 * the socket closed. `kind` keeps apart, in the log's counts of repeats, refusals of one tell for
	 * different reasons.
	 */
	private refuse(socket: Socket, address: string, why: string, tell: string, kind = ''): void {
		this.options.quiet.say(`${addressKey(address)} ${tell}${kind}`, `${address}: refused, ${why}`);
		// What the client sent read and dropped: a socket closed with unread data resets the connection, and the line with it.
		socket.resume();
		socket.end(`potm: ${tell}\r\n`);
		closeSoon(socket, REFUSED_CLOSE_MS);
	}

	private serveLine(): void {
		const {line, options} = this;
		for (const waiter of line.expired()) {
			waiter.stop();
			if (!waiter.socket.destroyed)
				this.refuse(
					waiter.socket,
					waiter.address,
					`the server is busy, ${options.busy() ?? this.lineWhy}; waited ${this.waitSeconds} s in line`,
					BUSY_TELL,
					'waited out',
				);
		}
		for (let taken = 0; taken < LINE_TAKEN_A_TICK && line.size > 0 && options.busy() === null;) {
			const waiter = line.next()!;
			waiter.stop();
			if (!waiter.socket.destroyed && this.enter(waiter.socket, waiter.address, true)) taken++;
		}
		// Each in line told its place again, a line a second: a client that reads what comes before SSH's version a line at a time waits for each (paramiko gives one two seconds).
		if (++this.ticks % LINE_TOLD_TICKS === 0)
			line.each((waiter, ahead) => waiter.socket.write(`potm: still in line${ahead > 0 ? `, ${ahead} ahead of you` : ', next'}\r\n`));
		if (line.size === 0 && this.lineTimer) {
			clearInterval(this.lineTimer);
			this.lineTimer = null;
		}
	}

	/** Puts a newcomer in line, or turns it away; `crowded`: why the server is busy, null if it is not (others wait already). */
	private wait(socket: Socket, address: string, crowded: string | null): void {
		const {line, options} = this;
		// A connection in line counts among its address's new ones of the minute now, as one let in does.
		const knocked = options.door.knock(address);
		if (!knocked.ok) return this.refuse(socket, address, knocked.why, knocked.tell);
		const kept: Buffer[] = [];
		let keptBytes = 0;
		const keep = (chunk: Buffer): void => {
			keptBytes += chunk.length;
			if (keptBytes <= LINE_KEPT_BYTES) return void kept.push(chunk);
			line.leave(waiter);
			options.quiet.say(`${addressKey(address)} flood`, `${address}: cut off, more than ${LINE_KEPT_BYTES / 1024} KiB sent while in line`);
			socket.destroy();
		};
		// The client gave up: its place goes at once.
		const gone = (): void => {
			line.leave(waiter);
			socket.destroy();
		};
		const waiter: Waiter = {
			socket,
			address,
			stop: () => {
				socket.off('data', keep);
				socket.off('end', gone);
				socket.pause();
				if (kept.length > 0) socket.unshift(Buffer.concat(kept));
			},
		};
		const joined = line.join(addressKey(address), waiter);
		if (!joined.ok) return this.refuse(socket, address, `the server is busy, ${crowded ?? this.lineWhy}; ${joined.why}`, BUSY_TELL);
		if (line.size === 1) this.lineWhy = crowded ?? this.lineWhy;
		socket.on('data', keep);
		socket.once('end', gone);
		socket.once('close', () => line.leave(waiter));
		socket.write(
			`potm: the server is busy; you are in line${joined.ahead > 0 ? `, ${joined.ahead} ahead of you` : ''} (${this.waitSeconds} s at most)\r\n`,
		);
		options.quiet.say(
			`${addressKey(address)} in line`,
			`${address}: waits in line, ${crowded === null ? `${joined.ahead} ahead of it (the server was busy: ${this.lineWhy})` : `the server is busy: ${crowded}`}`,
		);
		this.lineTimer ??= setInterval(() => this.serveLine(), LINE_TICK_MS);
	}

	/** A connection through the door (true), or turned away by it; `knocked`: counted at the door as it joined the line. */
	private enter(socket: Socket, address: string, knocked = false): boolean {
		const {options} = this;
		const admitted = options.door.admit(address, knocked);
		if (!admitted.ok) {
			this.refuse(socket, address, admitted.why, admitted.tell);
			return false;
		}
		const {visit} = admitted;
		const signIn = setTimeout(() => {
			options.quiet.say(
				`${visit.key} slow to sign in`,
				`${address}: closed, not signed in within ${Math.round(options.signInMs / 1000)} s`,
			);
			socket.destroy();
		}, options.signInMs);
		const visitor: Visitor = {
			socket,
			address,
			key: visit.key,
			signedIn: () => {
				clearTimeout(signIn);
				visit.signedIn();
			},
			end: () => socket.destroy(),
		};
		this.visits.set(socket, visitor);
		socket.once('close', () => {
			clearTimeout(signIn);
			this.visits.delete(socket);
			visit.left();
		});
		// Once this side has ended (ssh2 ends a connection after any error it meets, from the very first
		// byte; hangUp too), the client has HANG_UP_MS to close its own: one that does not would keep its
		// place at the door until the time to sign in ran out, or for ever once signed in.
		socket.once('finish', () => closeSoon(socket, options.hangUpMs));
		options.letIn(socket);
		// After ssh2 has paused the socket: this listener leaves it paused until ssh2 reads.
		const budget = new TokenBucket(CONNECTION_INPUT_PER_SECOND, CONNECTION_INPUT_BURST);
		socket.on('data', (chunk: Buffer) => {
			if (budget.take(chunk.length) || socket.destroyed) return;
			options.quiet.say(`${visit.key} flood`, `${address}: cut off, more than ${CONNECTION_INPUT_PER_SECOND / 1024} KiB a second sent`);
			socket.destroy();
		});
		return true;
	}
}
