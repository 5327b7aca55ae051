/**
 * The transposition table: typed arrays, buckets of two entries. The first entry of a bucket
 * keeps the deepest search (unless it is from an older search), the second always takes the
 * newest, so deep results survive and fresh ones still get in.
 *
 * An entry is a check word, the best move, the score and one word of depth, bound and search
 * generation. Scores of decided games are stored relative to the node (see toTable/fromTable), so a
 * win found at one distance from the root reads right at another.
 *
 * Several threads may share one table (Lazy SMP, docs/ai.md §5): it is then made over a
 * SharedArrayBuffer, and each thread's table object reads and writes the same memory without locks.
 * Two threads storing into one entry at once can leave words of each; so the first word is not the
 * key's high half but that half XOR a hash of the other three words (Hyatt's lockless hashing), and a
 * probe takes an entry only when the words it read give the key back. A mixed entry gives it back by
 * chance only (once in 2^32), as the hash spreads every bit of the three words over the check. The
 * words a probe read are copied out and read from there, so a store by another thread in between
 * cannot change what the search reads of a found entry.
 */

export const Bound = {exact: 1, lower: 2, upper: 3} as const;

/** Scores beyond ±DECIDED are won or lost games: WIN minus the plies to the end. */
export const WIN = 1_000_000_000;
export const DECIDED = WIN - 100_000;

// Written so that every operation runs on every call: a branch first taken late in a search (the
// first won game found) would otherwise have the optimised code fall back and be made again.
const toTable = (score: number, ply: number): number => score + (score > DECIDED ? ply : 0) - (score < -DECIDED ? ply : 0);
const fromTable = (score: number, ply: number): number => score - (score > DECIDED ? ply : 0) + (score < -DECIDED ? ply : 0);

/**
 * The hash of an entry's move, score and meta words that the check word holds XOR the key's high
 * half: each word multiplied in and its bits folded down, so that words of two different entries
 * (alike in all but a bit or two: the same position at two depths) hash unalike.
 */
const entryHash = (move: number, score: number, meta: number): number => {
	let h = Math.imul(move ^ 0x2545f491, 0x9e3779b1);
	h = Math.imul(h ^ (h >>> 15) ^ score, 0x85ebca6b);
	h = Math.imul(h ^ (h >>> 13) ^ meta, 0xc2b2ae35);
	return h ^ (h >>> 16);
};

/** An entry's four words, side by side: the check word, the move, the score, the meta word. */
const CHECK = 0;
const MOVE = 1;
const SCORE = 2;
const META = 3;
const STRIDE = 4;
/** Bytes of an entry. */
const ENTRY_BYTES = STRIDE * 4;
/** Bytes after the entries: the search generation (one word, the rest for alignment). */
const HEAD_BYTES = 16;
const LEAST_ENTRIES = 1024;

/** The entries of a table of about `megabytes` MiB: a power of two, at least 1024. */
const entriesFor = (megabytes: number): number => {
	const wanted = Math.max(LEAST_ENTRIES, Math.floor((megabytes * 1024 * 1024) / ENTRY_BYTES));
	let entries = LEAST_ENTRIES;
	while (entries * 2 <= wanted) entries *= 2;
	return entries;
};

export class TranspositionTable {
	readonly entries: number;
	/** The table's memory: a SharedArrayBuffer where threads share the table. */
	readonly memory: ArrayBuffer | SharedArrayBuffer;
	private readonly mask: number;
	/**
	 * Entry e is data[e * STRIDE + CHECK, MOVE, SCORE, META], the meta word being depth + 1 (0 =
	 * empty) | bound << 8 | generation << 10; after the entries, the generation of the search under
	 * way (shared, where the memory is). A bucket's two entries are side by side, so a probe or a
	 * store touches one 32-byte stretch of memory.
	 */
	private readonly data: Int32Array;
	/** Where in `data` the shared generation is. */
	private readonly generationAt: number;
	private generation = 0;
	/** The words of the entry the last probe found. */
	private foundMove = 0;
	private foundScore = 0;
	private foundMeta = 0;

	/**
	 * A table of about `size` MiB (16 bytes an entry), rounded down to a power of two, in memory of
	 * its own, or in a new SharedArrayBuffer when `shared`; or a table over the shared memory of
	 * another (its `memory`), whose size it takes.
	 */
	constructor(size: number | SharedArrayBuffer = 16, options: {readonly shared?: boolean} = {}) {
		if (typeof size === 'number') {
			this.entries = entriesFor(size);
			const bytes = this.entries * ENTRY_BYTES + HEAD_BYTES;
			this.memory = options.shared === true ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
		} else {
			const entries = (size.byteLength - HEAD_BYTES) / ENTRY_BYTES;
			if (!(entries >= LEAST_ENTRIES && (entries & (entries - 1)) === 0))
				throw new RangeError(`a table's memory holds a power of two entries from ${LEAST_ENTRIES} on, not ${size.byteLength} bytes`);
			this.entries = entries;
			this.memory = size;
		}
		this.mask = this.entries / 2 - 1;
		this.data = new Int32Array(this.memory);
		this.generationAt = this.entries * STRIDE;
		this.generation = this.data[this.generationAt]!;
	}

	/**
	 * A new search begins: older entries become the first to be replaced. Tables over the same memory
	 * see the new generation once they join it. (Plain reads and writes, not Atomics: a helper that
	 * reads the generation late only stores a few entries as older ones, and the start-up snapshot of
	 * `potm move`, whose searches run this, is built without Atomics and SharedArrayBuffer.)
	 */
	nextGeneration(): void {
		this.generation = (this.data[this.generationAt]! + 1) & 0x3fffff;
		this.data[this.generationAt] = this.generation;
	}

	/** Takes the generation of the search another thread began in the shared memory (a helper's search). */
	joinGeneration(): void {
		this.generation = this.data[this.generationAt]!;
	}

	clear(): void {
		this.data.fill(0);
		this.generation = 0;
	}

	/**
	 * The entry holding this key (bucket × 2, + 1 for the second slot), or -1. A found entry's move,
	 * depth, bound and score are then read with move(), depth(), bound() and score().
	 */
	probe(keyLo: number, keyHi: number): number {
		const data = this.data;
		const first = (keyLo & this.mask) * 2;
		let at = first * STRIDE;
		let move = data[at + MOVE]!;
		let score = data[at + SCORE]!;
		let meta = data[at + META]!;
		if (meta !== 0 && (data[at + CHECK]! ^ entryHash(move, score, meta)) === keyHi) {
			this.found(move, score, meta);
			return first;
		}
		at += STRIDE;
		move = data[at + MOVE]!;
		score = data[at + SCORE]!;
		meta = data[at + META]!;
		if (meta !== 0 && (data[at + CHECK]! ^ entryHash(move, score, meta)) === keyHi) {
			this.found(move, score, meta);
			return first + 1;
		}
		return -1;
	}

	private found(move: number, score: number, meta: number): void {
		this.foundMove = move;
		this.foundScore = score;
		this.foundMeta = meta;
	}

	/** The best move of the entry the last probe found (-1: none). */
	move(): number {
		return this.foundMove;
	}

	depth(): number {
		return (this.foundMeta & 0xff) - 1;
	}

	bound(): number {
		return (this.foundMeta >> 8) & 3;
	}

	/** The score of the entry the last probe found, read at `ply`. */
	score(ply: number): number {
		return fromTable(this.foundScore, ply);
	}

	store(keyLo: number, keyHi: number, depth: number, bound: number, score: number, move: number, ply: number): void {
		const data = this.data;
		const first = (keyLo & this.mask) * 2 * STRIDE;
		let slot: number;
		const move0 = data[first + MOVE]!;
		const meta0 = data[first + META]!;
		const check0 = data[first + CHECK]!;
		const score0 = data[first + SCORE]!;
		// Every test worked out, not short-circuited (see toTable).
		const empty = meta0 === 0;
		const same = (check0 ^ entryHash(move0, score0, meta0)) === keyHi;
		const older = meta0 >>> 10 !== this.generation;
		const shallower = (meta0 & 0xff) - 1 <= depth;
		if (empty || same || older || shallower) {
			slot = first;
			// The deep slot's result moves down to the always-replace slot rather than vanish.
			if (!empty && !same) {
				data[first + STRIDE + MOVE] = move0;
				data[first + STRIDE + SCORE] = score0;
				data[first + STRIDE + META] = meta0;
				data[first + STRIDE + CHECK] = check0;
			}
		} else {
			slot = first + STRIDE;
		}
		// Keep a known best move when this search of the position found none.
		if (move < 0) {
			const known = data[slot + MOVE]!;
			const meta = data[slot + META]!;
			if (meta !== 0 && (data[slot + CHECK]! ^ entryHash(known, data[slot + SCORE]!, meta)) === keyHi) move = known;
		}
		const stored = toTable(score, ply);
		const meta = (Math.max(0, Math.min(depth, 254)) + 1) | (bound << 8) | (this.generation << 10);
		data[slot + MOVE] = move;
		data[slot + SCORE] = stored;
		data[slot + META] = meta;
		data[slot + CHECK] = keyHi ^ entryHash(move, stored, meta);
	}
}
