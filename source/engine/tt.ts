/**
 * The transposition table: typed arrays, buckets of two entries. The first entry of a bucket
 * keeps the deepest search (unless it is from an older search), the second always takes the
 * newest, so deep results survive and fresh ones still get in.
 *
 * An entry is the high half of the key (the low half picks the bucket), the best move, the score
 * and one word of depth, bound and search generation. Scores of decided games are stored relative
 * to the node (see toTable/fromTable), so a win found at one distance from the root reads right at
 * another.
 */

export const Bound = {exact: 1, lower: 2, upper: 3} as const;

/** Scores beyond ±DECIDED are won or lost games: WIN minus the plies to the end. */
export const WIN = 1_000_000_000;
export const DECIDED = WIN - 100_000;

// Written so that every operation runs on every call: a branch first taken late in a search (the
// first won game found) would otherwise have the optimised code fall back and be made again.
const toTable = (score: number, ply: number): number => score + (score > DECIDED ? ply : 0) - (score < -DECIDED ? ply : 0);
const fromTable = (score: number, ply: number): number => score - (score > DECIDED ? ply : 0) + (score < -DECIDED ? ply : 0);

/** An entry's four words, side by side: the key's high half, the move, the score, the meta word. */
const KEY = 0;
const MOVE = 1;
const SCORE = 2;
const META = 3;
const STRIDE = 4;

export class TranspositionTable {
	readonly entries: number;
	private readonly mask: number;
	/**
	 * Entry e is data[e * STRIDE + KEY, MOVE, SCORE, META], the meta word being depth + 1 (0 =
	 * empty) | bound << 8 | generation << 10. A bucket's two entries are side by side, so a probe
	 * or a store touches one 32-byte stretch of memory.
	 */
	private readonly data: Int32Array;
	private generation = 0;

	/** A table of about `megabytes` MiB (16 bytes an entry), rounded down to a power of two. */
	constructor(megabytes = 16) {
		const wanted = Math.max(1024, Math.floor((megabytes * 1024 * 1024) / 16));
		let entries = 1024;
		while (entries * 2 <= wanted) entries *= 2;
		this.entries = entries;
		this.mask = entries / 2 - 1;
		this.data = new Int32Array(entries * STRIDE);
	}

	/** A new search begins: older entries become the first to be replaced. */
	nextGeneration(): void {
		this.generation = (this.generation + 1) & 0x3fffff;
	}

	clear(): void {
		this.data.fill(0);
		this.generation = 0;
	}

	/** The entry holding this key (bucket × 2, + 1 for the second slot), or -1. */
	probe(keyLo: number, keyHi: number): number {
		const data = this.data;
		const first = (keyLo & this.mask) * 2;
		if (data[first * STRIDE + META] !== 0 && data[first * STRIDE + KEY] === keyHi) return first;
		const second = first + 1;
		if (data[second * STRIDE + META] !== 0 && data[second * STRIDE + KEY] === keyHi) return second;
		return -1;
	}

	move(entry: number): number {
		return this.data[entry * STRIDE + MOVE]!;
	}

	depth(entry: number): number {
		return (this.data[entry * STRIDE + META]! & 0xff) - 1;
	}

	bound(entry: number): number {
		return (this.data[entry * STRIDE + META]! >> 8) & 3;
	}

	score(entry: number, ply: number): number {
		return fromTable(this.data[entry * STRIDE + SCORE]!, ply);
	}

	store(keyLo: number, keyHi: number, depth: number, bound: number, score: number, move: number, ply: number): void {
		const data = this.data;
		const first = (keyLo & this.mask) * 2 * STRIDE;
		let slot: number;
		const meta0 = data[first + META]!;
		// Every test worked out, not short-circuited (see toTable).
		const empty = meta0 === 0;
		const same = data[first + KEY] === keyHi;
		const older = meta0 >>> 10 !== this.generation;
		const shallower = (meta0 & 0xff) - 1 <= depth;
		if (empty || same || older || shallower) {
			slot = first;
			// The deep slot's result moves down to the always-replace slot rather than vanish.
			if (!empty && !same) {
				data[first + STRIDE + KEY] = data[first + KEY]!;
				data[first + STRIDE + MOVE] = data[first + MOVE]!;
				data[first + STRIDE + SCORE] = data[first + SCORE]!;
				data[first + STRIDE + META] = meta0;
			}
		} else {
			slot = first + STRIDE;
		}
		// Keep a known best move when this search of the position found none.
		if (move < 0 && data[slot + KEY] === keyHi && data[slot + META] !== 0) move = data[slot + MOVE]!;
		data[slot + KEY] = keyHi;
		data[slot + MOVE] = move;
		data[slot + SCORE] = toTable(score, ply);
		data[slot + META] = (Math.max(0, Math.min(depth, 254)) + 1) | (bound << 8) | (this.generation << 10);
	}
}
