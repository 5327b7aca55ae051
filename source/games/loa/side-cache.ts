/**
 * A cache of what an evaluation works out from one side's pieces alone (their spread, groups,
 * Euler number, centralisation), keyed by that side's piece key (LoaBoard.pieceKeyLo/Hi). A move
 * changes one side's pieces (a capture both), so the other side's figures are usually found here,
 * and in a search the same set of a side's pieces comes back again and again through other move
 * orders: a large cache finds it (LOAPS at depth 8 from the start: 2^14 entries miss 36 % of the
 * time, 2^16 29 %, 2^18 23 %; LOAPS's has 2^17, classic's, with larger entries, 2^16). `width`
 * figures an entry, raw counts rather than weighted scores, so the weights can change (the tuner)
 * without clearing it; replaces on collision; allocates nothing after creation.
 *
 * An entry is one stretch of `stride` 32-bit integers: the key's two halves, then the figures
 * (whole numbers), padded to 32 or 64 bytes: a look-up touches one cache line or two (where
 * the array's memory begins is the allocator's to say). Integers rather than doubles halve the
 * memory a look-up ranges over, which is what it costs: LOAPS's from blue-move-28 ran 4 % more
 * nodes a second so. The memory (4 MiB for LOAPS's, 4 MiB for
 * classic's) is taken on the first look-up, not at load, and left as the system gives it (zeros,
 * its pages mapped as they are first written): a process that never evaluates (and the contest
 * entry's start-up snapshot) does not carry it, and a short search touches only part of it. An
 * empty entry holds zeros, which no key matches: the high half is kept xored with EMPTY_HIGH.
 */
/** An empty entry, all zeros, would match only the key (0, EMPTY_HIGH): as unlikely as any other clash. */
const EMPTY_HIGH = 0x5bd1e995;

export class SideCache {
	/** Every cache made, for release(). */
	private static readonly made: SideCache[] = [];

	/**
	 * Gives every cache's memory back (the next find takes it again, empty): the contest entry's
	 * snapshot warms its code up with searches, and does not carry what they cached.
	 */
	static release(): void {
		for (const cache of SideCache.made) cache.data = new Int32Array(0);
	}

	/**
	 * Entry s is data[s * stride] (key low half), [s * stride + 1] (high half xor EMPTY_HIGH),
	 * then the figures. Empty until the first find.
	 */
	data = new Int32Array(0);
	readonly stride: number;
	private readonly mask: number;

	constructor(width: number, bits: number) {
		this.stride = width + 2 <= 8 ? 8 : (width + 2 + 15) & ~15;
		this.mask = (1 << bits) - 1;
		SideCache.made.push(this);
	}

	/** Where this key's figures begin in `data`, or -1. */
	find(lo: number, hi: number): number {
		if (this.data.length === 0) this.data = new Int32Array(this.stride * (this.mask + 1));
		const at = (lo & this.mask) * this.stride;
		return this.data[at] === lo && this.data[at + 1] === (hi ^ EMPTY_HIGH) ? at + 2 : -1;
	}

	/** Claims the entry for this key; returns where its figures are to be written in `data`. */
	claim(lo: number, hi: number): number {
		const at = (lo & this.mask) * this.stride;
		this.data[at] = lo;
		this.data[at + 1] = hi ^ EMPTY_HIGH;
		return at + 2;
	}
}
