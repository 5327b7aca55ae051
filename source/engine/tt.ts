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

const toTable = (score: number, ply: number): number =>
	score > DECIDED ? score + ply : score < -DECIDED ? score - ply : score;
const fromTable = (score: number, ply: number): number =>
	score > DECIDED ? score - ply : score < -DECIDED ? score + ply : score;

export class TranspositionTable {
	readonly entries: number;
	private readonly mask: number;
	private readonly keys: Int32Array;
	private readonly moves: Int32Array;
	private readonly scores: Int32Array;
	/** depth + 1 (0 = empty) | bound << 8 | generation << 10. */
	private readonly meta: Int32Array;
	private generation = 0;

	/** A table of about `megabytes` MiB (16 bytes an entry), rounded down to a power of two. */
	constructor(megabytes = 16) {
		const wanted = Math.max(1024, Math.floor((megabytes * 1024 * 1024) / 16));
		let entries = 1024;
		while (entries * 2 <= wanted) entries *= 2;
		this.entries = entries;
		this.mask = entries / 2 - 1;
		this.keys = new Int32Array(entries);
		this.moves = new Int32Array(entries);
		this.scores = new Int32Array(entries);
		this.meta = new Int32Array(entries);
	}

	/** A new search begins: older entries become the first to be replaced. */
	nextGeneration(): void {
		this.generation = (this.generation + 1) & 0x3fffff;
	}

	clear(): void {
		this.meta.fill(0);
		this.generation = 0;
	}

	/** The entry holding this key, or -1. */
	probe(keyLo: number, keyHi: number): number {
		const first = (keyLo & this.mask) * 2;
		if (this.meta[first] !== 0 && this.keys[first] === keyHi) return first;
		if (this.meta[first + 1] !== 0 && this.keys[first + 1] === keyHi) return first + 1;
		return -1;
	}

	move(entry: number): number {
		return this.moves[entry]!;
	}

	depth(entry: number): number {
		return (this.meta[entry]! & 0xff) - 1;
	}

	bound(entry: number): number {
		return (this.meta[entry]! >> 8) & 3;
	}

	score(entry: number, ply: number): number {
		return fromTable(this.scores[entry]!, ply);
	}

	store(keyLo: number, keyHi: number, depth: number, bound: number, score: number, move: number, ply: number): void {
		const first = (keyLo & this.mask) * 2;
		let slot: number;
		const meta0 = this.meta[first]!;
		if (meta0 === 0 || this.keys[first] === keyHi || meta0 >>> 10 !== this.generation || (meta0 & 0xff) - 1 <= depth) {
			slot = first;
			// The deep slot's result moves down to the always-replace slot rather than vanish.
			if (meta0 !== 0 && this.keys[first] !== keyHi) this.copy(first, first + 1);
		} else {
			slot = first + 1;
		}
		// Keep a known best move when this search of the position found none.
		if (move < 0 && this.keys[slot] === keyHi && this.meta[slot] !== 0) move = this.moves[slot]!;
		this.keys[slot] = keyHi;
		this.moves[slot] = move;
		this.scores[slot] = toTable(score, ply);
		this.meta[slot] = (Math.max(0, Math.min(depth, 254)) + 1) | (bound << 8) | (this.generation << 10);
	}

	private copy(from: number, to: number): void {
		this.keys[to] = this.keys[from]!;
		this.moves[to] = this.moves[from]!;
		this.scores[to] = this.scores[from]!;
		this.meta[to] = this.meta[from]!;
	}
}
