/**
 * The door of `potm serve`: who may come in before they have signed in, decided when the TCP
 * connection is accepted, before any SSH work (no key exchange, no object of ssh2's), so that a
 * refusal costs one short line and a closed socket. The bounds are OpenSSH's kind: connections
 * not yet signed in, per address (PerSourceMaxStartups) and in all (MaxStartups' start:rate:full,
 * refused with a chance that grows from rate at start to certainty at full), each for at most a
 * grace time (LoginGraceTime, kept by the server); besides, new connections per address a minute
 * and connections open in all. An IPv6 address counts as its /64, as the hall's wrong codes do.
 *
 * Pure bookkeeping with an injected clock and chance: the server's entrance (entrance.ts) holds
 * the sockets and the timers.
 */
import {addressKey} from './address-key.js';

export interface DoorLimits {
	/** Connections open at once, signed in or not. */
	readonly connections: number;
	/** New connections one address may open in a minute. */
	readonly perMinute: number;
	/** Connections one address may have open that have not signed in yet. */
	readonly waitingPerAddress: number;
	/** Connections not signed in yet, in all: from `start` on, refused with chance `rate` (0..1) growing to 1 at `full`. */
	readonly waiting: {readonly start: number; readonly rate: number; readonly full: number};
}

/** A connection let in: it says when it has signed in, and when it has gone. */
export interface Visit {
	/** The address as counted (an IPv6 address's /64). */
	readonly key: string;
	signedIn(): void;
	left(): void;
}

/** `why` for the server's log; `tell` for the person at the other end. */
export type Refusal = {readonly ok: false; readonly why: string; readonly tell: string};

export type Admission = {readonly ok: true; readonly visit: Visit} | Refusal;

const MINUTE_MS = 60_000;

export class Door {
	/** When each address's connections of the last minute came (at most perMinute each: refusals are not kept). */
	private readonly recent = new Map<string, number[]>();
	/** Connections not signed in yet, per address. */
	private readonly waitingAt = new Map<string, number>();
	private open = 0;
	private waitingNow = 0;
	private swept: number;

	constructor(
		private readonly limits: DoorLimits,
		private readonly now: () => number = Date.now,
		private readonly chance: () => number = Math.random,
	) {
		this.swept = now();
	}

	/** Connections open now, and those of them not signed in yet. */
	counts(): {open: number; waiting: number} {
		return {open: this.open, waiting: this.waitingNow};
	}

	/**
	 * A new connection from `address` that is to wait in line first (waiting-line.ts): counted now
	 * among its address's new connections of the minute, once (its `admit`, knocked, does not count
	 * it again); or why not.
	 */
	knock(address: string): {readonly ok: true} | Refusal {
		const now = this.now();
		if (now - this.swept >= MINUTE_MS) this.sweep(now);
		return this.counted(addressKey(address), now) ?? {ok: true};
	}

	/** Lets a new connection from `address` in, or says why not; `knocked`: counted already, as it joined the line. */
	admit(address: string, knocked = false): Admission {
		const now = this.now();
		if (now - this.swept >= MINUTE_MS) this.sweep(now);
		const key = addressKey(address);
		const {connections, waitingPerAddress, waiting} = this.limits;
		if (this.open >= connections)
			return refusal(
				`${this.open} connections open, the most there may be`,
				'the server has as many connections as it takes; try again later',
			);
		if (this.waitingNow >= waiting.full || (this.waitingNow >= waiting.start && this.chance() < dropChance(this.waitingNow, waiting)))
			return refusal(
				`${this.waitingNow} connections not signed in yet`,
				'too many connections are signing in at once; try again in a moment',
			);
		const mine = this.waitingAt.get(key) ?? 0;
		if (mine >= waitingPerAddress)
			return refusal(
				`${mine} connections from it not signed in yet`,
				'too many connections from your address are signing in; try again in a moment',
			);
		if (!knocked) {
			const over = this.counted(key, now);
			if (over) return over;
		}
		this.open++;
		this.waitingNow++;
		this.waitingAt.set(key, mine + 1);
		let waitingStill = true;
		let here = true;
		const signedIn = () => {
			if (!waitingStill) return;
			waitingStill = false;
			this.waitingNow--;
			const left = (this.waitingAt.get(key) ?? 1) - 1;
			if (left > 0) this.waitingAt.set(key, left);
			else this.waitingAt.delete(key);
		};
		return {
			ok: true,
			visit: {
				key,
				signedIn,
				left: () => {
					if (!here) return;
					here = false;
					signedIn();
					this.open--;
				},
			},
		};
	}

	/** Counts a new connection from `key` among the minute's, or says why not (none counted then). */
	private counted(key: string, now: number): Refusal | null {
		const {perMinute} = this.limits;
		const times = (this.recent.get(key) ?? []).filter(time => now - time < MINUTE_MS);
		this.recent.set(key, times);
		if (times.length >= perMinute)
			return refusal(
				`${perMinute} connections from it in the last minute already`,
				`at most ${perMinute} new connections a minute from one address; try again in a minute`,
			);
		times.push(now);
		return null;
	}

	/** Forgets the addresses with no connection in the last minute: the map stays as large as a minute's visitors. */
	private sweep(now: number): void {
		this.swept = now;
		for (const [key, times] of this.recent) if (times.every(time => now - time >= MINUTE_MS)) this.recent.delete(key);
	}
}

/** OpenSSH's random early drop: `rate` at `start` connections waiting, rising in a line to 1 at `full`. */
function dropChance(waiting: number, {start, rate, full}: DoorLimits['waiting']): number {
	return full <= start ? 1 : rate + ((1 - rate) * (waiting - start)) / (full - start);
}

const refusal = (why: string, tell: string): Refusal => ({ok: false, why, tell});

/**
 * What a connection may spend: `perSecond` on average, up to `burst` at once. The server holds
 * one for the bytes a connection sends (generous for a person's keys, a paste, the key exchange;
 * a bound on what a flood of packets that are no keys may cost: window changes, requests,
 * channels opened, padding) and one for the screens it opens.
 */
export class TokenBucket {
	private tokens: number;
	private at: number;

	constructor(
		private readonly perSecond: number,
		private readonly burst: number,
		private readonly now: () => number = Date.now,
	) {
		this.tokens = burst;
		this.at = now();
	}

	/** Takes `amount` if the bucket holds it; false (and nothing taken: asking again costs nothing) if not. */
	take(amount: number): boolean {
		const now = this.now();
		this.tokens = Math.min(this.burst, this.tokens + ((now - this.at) / 1000) * this.perSecond);
		this.at = now;
		if (this.tokens < amount) return false;
		this.tokens -= amount;
		return true;
	}
}
