/**
 * A cache of what an evaluation works out from one side's pieces alone (their spread, groups,
 * Euler number, centralisation), keyed by that side's piece key (LoaBoard.pieceKeyLo/Hi). A move
 * changes one side's pieces (a capture both), so the other side's figures are usually found here:
 * in a search, sibling positions share them. Two figures an entry; replaces on collision;
 * allocates nothing after creation.
 */
export class SideCache {
	private readonly keys: Int32Array;
	private readonly values: Float64Array;
	private readonly mask: number;

	constructor(bits = 14) {
		this.mask = (1 << bits) - 1;
		this.keys = new Int32Array(2 << bits);
		// NaN marks an empty slot: no figure is NaN.
		this.values = new Float64Array(2 << bits).fill(Number.NaN);
	}

	/** The slot holding this key's figures, or -1. */
	find(lo: number, hi: number): number {
		const slot = lo & this.mask;
		return this.keys[slot * 2] === lo && this.keys[slot * 2 + 1] === hi && this.values[slot * 2] === this.values[slot * 2] ? slot : -1;
	}

	first(slot: number): number {
		return this.values[slot * 2]!;
	}

	second(slot: number): number {
		return this.values[slot * 2 + 1]!;
	}

	/** Stores this key's figures; returns their slot. */
	store(lo: number, hi: number, first: number, second = 0): number {
		const slot = lo & this.mask;
		this.keys[slot * 2] = lo;
		this.keys[slot * 2 + 1] = hi;
		this.values[slot * 2] = first;
		this.values[slot * 2 + 1] = second;
		return slot;
	}
}
