/**
 * A cache of what an evaluation works out from one side's pieces alone (their spread, groups,
 * Euler number), keyed by that side's piece key (LoaBoard.pieceKeyLo/Hi). A move changes one
 * side's pieces (a capture both), so the other side's figure is usually found here: in a
 * search, sibling positions share it. Replaces on collision; allocates nothing after creation.
 */
export class SideCache {
	private readonly keys: Int32Array;
	private readonly values: Float64Array;
	private readonly mask: number;

	constructor(bits = 14) {
		this.mask = (1 << bits) - 1;
		this.keys = new Int32Array(2 << bits);
		// NaN marks an empty slot: no figure is NaN.
		this.values = new Float64Array(1 << bits).fill(Number.NaN);
	}

	/** The figure stored for this key, or NaN. */
	get(lo: number, hi: number): number {
		const slot = lo & this.mask;
		return this.keys[slot * 2] === lo && this.keys[slot * 2 + 1] === hi ? this.values[slot]! : Number.NaN;
	}

	set(lo: number, hi: number, value: number): void {
		const slot = lo & this.mask;
		this.keys[slot * 2] = lo;
		this.keys[slot * 2 + 1] = hi;
		this.values[slot] = value;
	}
}
