/**
 * The fast Nim position for search: the heaps in a typed array, the moves made on a stack, and a
 * key that is the position itself (heaps, side, ruling packed into a number), as there are only
 * 512 sets of heaps. Nim's own search (search.ts) reads the heaps; nothing here allocates.
 */
import {ONGOING, type Player, type SearchPosition} from '../game.js';
import {HEAPS, heapOf, MAX_HEAP, MAX_TAKE, moveOf, takenBy, type Ruling} from './rules.js';

/** Bits of a heap's pebbles in a position's index. */
const HEAP_BITS = 3;
/** Positions of one ruling by their heaps (8 × 8 × 8). */
export const POSITIONS = 1 << (HEAP_BITS * HEAPS);
/** Plies a game from a file can last at the most (every pebble taken one by one), and so the stack's depth. */
const MAX_PLIES = MAX_HEAP * HEAPS;

/** The index of heaps `a, b, c` among POSITIONS: heap A the highest bits. */
export const indexOf = (heaps: ArrayLike<number>): number => {
	let index = 0;
	for (let heap = 0; heap < HEAPS; heap++) index = (index << HEAP_BITS) | heaps[heap]!;
	return index;
};

/** The pebbles of heap `heap` in a position's index. */
export const pebblesAt = (index: number, heap: number): number => (index >> (HEAP_BITS * (HEAPS - 1 - heap))) & MAX_HEAP;

/** The index after `move` is made from `index`. */
export const indexAfter = (index: number, move: number): number => index - (takenBy(move) << (HEAP_BITS * (HEAPS - 1 - heapOf(move))));

/** The moves from the position of `index`, in the order of rules.ts's legalMoves; how many. */
export function movesFrom(index: number, buffer: Int32Array, offset: number): number {
	let count = 0;
	for (let heap = 0; heap < HEAPS; heap++) {
		const pebbles = pebblesAt(index, heap);
		for (let taken = 1; taken <= Math.min(MAX_TAKE, pebbles); taken++) buffer[offset + count++] = moveOf(heap, taken);
	}
	return count;
}

export class NimBoard implements SearchPosition {
	readonly maxMoves = HEAPS * MAX_TAKE;
	readonly moveSpace = HEAPS * MAX_TAKE;
	/** The heaps as an index (indexOf). */
	index: number;
	sideToMove: Player;
	private readonly made = new Int8Array(MAX_PLIES);
	private ply = 0;

	constructor(
		heaps: readonly number[],
		toMove: Player,
		readonly ruling: Ruling,
	) {
		this.index = indexOf(heaps);
		this.sideToMove = toMove;
	}

	/** The heaps, the side to move and the ruling, as one number. */
	get keyLo(): number {
		return this.index | ((this.sideToMove - 1) << 9) | (this.ruling === 'misere' ? 1 << 10 : 0);
	}

	/** The same, stirred, for the tables that check a key's high half. */
	get keyHi(): number {
		return Math.imul(this.keyLo ^ 0x5bd1e995, 0x9e3779b1);
	}

	get hashLo(): number {
		return this.keyLo;
	}

	get hashHi(): number {
		return this.keyHi;
	}

	generateMoves(buffer: Int32Array, offset: number): number {
		return movesFrom(this.index, buffer, offset);
	}

	countMoves(): number {
		let count = 0;
		for (let heap = 0; heap < HEAPS; heap++) count += Math.min(MAX_TAKE, pebblesAt(this.index, heap));
		return count;
	}

	isLegal(move: number): boolean {
		return move >= 0 && move < this.moveSpace && takenBy(move) <= pebblesAt(this.index, heapOf(move));
	}

	make(move: number): void {
		this.index = indexAfter(this.index, move);
		this.made[this.ply++] = move;
		this.sideToMove = this.sideToMove === 1 ? 2 : 1;
	}

	unmake(): void {
		const move = this.made[--this.ply]!;
		this.index += takenBy(move) << (HEAP_BITS * (HEAPS - 1 - heapOf(move)));
		this.sideToMove = this.sideToMove === 1 ? 2 : 1;
	}

	/** Over when no pebble is left: lost for the side to move in normal play, won in misère. */
	terminal(): number {
		if (this.index !== 0) return ONGOING;
		return this.ruling === 'misere' ? 1 : -1;
	}

	/** No position comes back (a move always takes a pebble); no move gains a point (Nim has none). */
	readonly repeated = (): boolean => false;
	readonly moveGain = (): number => 0;
	/** No judgement before the end: Nim's own search knows every position's value, and needs none. */
	readonly evaluate = (): number => 0;
}
