/**
 * A cache of what an evaluation works out from one side's pieces alone (their spread, groups,
 * Euler number, centralisation), keyed by that side's piece key (LoaBoard.pieceKeyLo/Hi). A move
 * changes one side's pieces (a capture both), so the other side's figures are usually found here:
 * in a search, sibling positions share them. `width` figures an entry, raw counts rather than
 * weighted scores, so the weights can change (the tuner) without clearing it; replaces on
 * collision; allocates nothing after creation.
 */
export class SideCache {
	private readonly keys: Int32Array;
	private readonly filled: Uint8Array;
	/** The figures of slot s are values[s * width] .. values[s * width + width - 1]. */
	readonly values: Float64Array;
	readonly width: number;
	private readonly mask: number;

	constructor(width: number, bits = 14) {
		this.width = width;
		this.mask = (1 << bits) - 1;
		this.keys = new Int32Array(2 << bits);
		this.filled = new Uint8Array(1 << bits);
		this.values = new Float64Array(width << bits);
	}

	/** The slot holding this key's figures, or -1. */
	find(lo: number, hi: number): number {
		const slot = lo & this.mask;
		return this.filled[slot] === 1 && this.keys[slot * 2] === lo && this.keys[slot * 2 + 1] === hi ? slot : -1;
	}

	/** Claims the slot for this key, for its figures to be written into values; returns it. */
	claim(lo: number, hi: number): number {
		const slot = lo & this.mask;
		this.keys[slot * 2] = lo;
		this.keys[slot * 2 + 1] = hi;
		this.filled[slot] = 1;
		return slot;
	}
}
