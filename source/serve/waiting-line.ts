/**
 * The line at the door of `potm serve`: while the server is too busy to take a newcomer (busy.ts),
 * a new connection waits here, first come first served, before any SSH work, rather than being
 * turned away at once. A busy spell is mostly a crowd arriving together (each newcomer's key
 * exchange and first screens cost more than a screen in play), and passes within seconds: those
 * in line come in as it eases, a few at a time. The line is bounded: in all, per address, and in
 * time; past any bound the connection is refused with the busy server's words, as before.
 *
 * Pure bookkeeping with an injected clock: the server's entrance (entrance.ts) holds the sockets
 * and the timer.
 */

export interface LineLimits {
	/** Connections waiting at once, in all. */
	readonly most: number;
	/** Connections one address may have waiting at once (an IPv6 address counts as its /64: the caller's key). */
	readonly perAddress: number;
	/** How long one may wait before being refused. */
	readonly waitMs: number;
}

/** Refused: `why` for the server's log. */
export type Joined = {readonly ok: true; readonly ahead: number} | {readonly ok: false; readonly why: string};

interface Place<T> {
	readonly item: T;
	readonly key: string;
	readonly since: number;
}

export class WaitingLine<T> {
	private readonly places: Place<T>[] = [];
	private readonly perKey = new Map<string, number>();

	constructor(
		readonly limits: LineLimits,
		private readonly now: () => number = Date.now,
	) {}

	get size(): number {
		return this.places.length;
	}

	/** Puts `item` (from the address counted as `key`) at the end of the line, or says why not. */
	join(key: string, item: T): Joined {
		const {most, perAddress} = this.limits;
		if (this.places.length >= most) return {ok: false, why: `${this.places.length} connections waiting in line, the most there may be`};
		const mine = this.perKey.get(key) ?? 0;
		if (mine >= perAddress) return {ok: false, why: `${mine} connections from it waiting in line`};
		this.perKey.set(key, mine + 1);
		this.places.push({item, key, since: this.now()});
		return {ok: true, ahead: this.places.length - 1};
	}

	/** Takes `item` out of the line (it gave up); false if it was not in it. */
	leave(item: T): boolean {
		const index = this.places.findIndex(place => place.item === item);
		if (index < 0) return false;
		this.drop(index);
		return true;
	}

	/** The first in line, taken out of it; undefined when nobody waits. */
	next(): T | undefined {
		return this.places.length === 0 ? undefined : this.drop(0);
	}

	/** Those that have waited waitMs or longer, taken out of the line, the longest waiting first. */
	expired(): T[] {
		const now = this.now();
		const out: T[] = [];
		// The line is in the order of arrival: the expired are at its head.
		while (this.places.length > 0 && now - this.places[0]!.since >= this.limits.waitMs) out.push(this.drop(0));
		return out;
	}

	/** Calls `visit` with each in line and how many are ahead of it, in order. */
	each(visit: (item: T, ahead: number) => void): void {
		this.places.forEach((place, index) => visit(place.item, index));
	}

	/** Everyone in line, taken out of it (the server is stopping). */
	clear(): T[] {
		const all = this.places.map(place => place.item);
		this.places.length = 0;
		this.perKey.clear();
		return all;
	}

	private drop(index: number): T {
		const [place] = this.places.splice(index, 1);
		const left = (this.perKey.get(place!.key) ?? 1) - 1;
		if (left > 0) this.perKey.set(place!.key, left);
		else this.perKey.delete(place!.key);
		return place!.item;
	}
}
