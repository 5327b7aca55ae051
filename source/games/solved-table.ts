/**
 * The table of the exact solvers (PAH-TUM's, LINES and BOXES's): what a search to the end found of
 * a position, by its 64-bit key. Facts about positions, not about one search (every value is
 * searched to the end), so a game's later moves find theirs solved.
 *
 * Buckets of two entries, picked by the key's low half; an entry keeps the key's high half and
 * one packed word: value + VALUE_OFFSET (13 bits) | bound << 13 | (move + 1) << 15 (10 bits) |
 * size << 25, 0 for an empty entry. The first entry of a bucket keeps the larger subtree (the
 * greater `size`: empty squares, free unit segments), the second takes whatever comes, so the
 * costly results survive and fresh ones still get in. Allocation-free: the solvers read entries
 * as numbers and unpack them with the functions below. Beside it, SolveBudget counts what a
 * solve may spend.
 */
import type {SolveLimits} from './game.js';

export const EXACT = 1;
export const LOWER = 2;
export const UPPER = 3;
/** Values are stored offset so they are never negative: the solvers' margins stay far within ±4096. */
const VALUE_OFFSET = 4096;
/** The most a size can be (7 bits); larger ones are kept as this, which only orders replacement. */
const MAX_SIZE = 127;

export const entryValue = (entry: number): number => (entry & 0x1fff) - VALUE_OFFSET;
export const entryBound = (entry: number): number => (entry >> 13) & 3;
/** The entry's move, -1 for none. */
export const entryMove = (entry: number): number => ((entry >>> 15) & 0x3ff) - 1;

export class SolvedTable {
	private keys: Int32Array | null = null;
	private data: Int32Array | null = null;
	private readonly bucketMask: number;

	/** 2^bits entries (8 bytes each), allocated when first used. */
	constructor(private readonly bits: number) {
		this.bucketMask = (1 << (bits - 1)) - 1;
	}

	/** The packed entry of the position with this key, or 0 if there is none. */
	entry(keyLo: number, keyHi: number): number {
		const data = (this.data ??= new Int32Array(1 << this.bits));
		const keys = (this.keys ??= new Int32Array(1 << this.bits));
		const first = (keyLo & this.bucketMask) << 1;
		if (data[first] !== 0 && keys[first] === keyHi) return data[first]!;
		return data[first + 1] !== 0 && keys[first + 1] === keyHi ? data[first + 1]! : 0;
	}

	store(keyLo: number, keyHi: number, value: number, bound: number, move: number, size: number): void {
		const data = (this.data ??= new Int32Array(1 << this.bits));
		const keys = (this.keys ??= new Int32Array(1 << this.bits));
		const first = (keyLo & this.bucketMask) << 1;
		const kept = data[first]!;
		const sized = size > MAX_SIZE ? MAX_SIZE : size;
		let target = first;
		if (kept !== 0 && keys[first] !== keyHi) {
			if (kept >>> 25 > sized) target = first + 1;
			else {
				keys[first + 1] = keys[first]!;
				data[first + 1] = kept;
			}
		}
		keys[target] = keyHi;
		data[target] = (value + VALUE_OFFSET) | (bound << 13) | ((move + 1) << 15) | (sized << 25);
	}

	/** Forgets every position. */
	clear(): void {
		this.data?.fill(0);
	}
}

/** The clock, the stop flag and the node budget are read every 1024 nodes. */
const POLL_MASK = 1023;

/** What an exact solver may still spend (SolveLimits), counted node by node. */
export class SolveBudget {
	nodes = 0;
	/** Set once the limits ran out: the search unwinds and the solve answers nothing. */
	aborted = false;
	private nodeLimit = Infinity;
	private deadline = Infinity;
	private now: () => number = () => performance.now();
	private shouldStop: (() => boolean) | undefined;

	start(limits: SolveLimits): void {
		this.nodes = 0;
		this.aborted = false;
		this.nodeLimit = limits.nodes ?? Infinity;
		this.deadline = limits.deadlineMs ?? Infinity;
		this.now = limits.now ?? (() => performance.now());
		this.shouldStop = limits.shouldStop;
	}

	/** Counts a node; true when the limits ran out (now or before). */
	spent(): boolean {
		if ((++this.nodes & POLL_MASK) === 0 || this.nodes >= this.nodeLimit) {
			if (this.nodes >= this.nodeLimit || this.now() >= this.deadline || this.shouldStop?.()) this.aborted = true;
		}
		return this.aborted;
	}
}
