/**
 * The value of every Nim position, under both rulings: who wins with best play, and in how many
 * plies (the winner ends it as soon as it can, the loser holds out as long as it can). The build
 * makes the whole table once (nimTableAsset, a prebuilt file in dist/), and the program hands this
 * module a way to read it; where it cannot be read, Values works the values out as they are asked.
 *
 * A value is a byte: the plies to the end times 2, plus 1 when the side to move wins. The table is
 * POSITIONS bytes of normal play by index (board.ts indexOf), then as many of misère.
 */
import type {GameAsset} from '../game.js';
import {indexAfter, movesFrom, POSITIONS} from './board.js';
import {HEAPS, MAX_TAKE, type Ruling} from './rules.js';

/** Whether the side to move wins a position of `value`. */
export const wins = (value: number): boolean => (value & 1) === 1;
/** The plies to the end of a position of `value`, with best play. */
export const pliesOf = (value: number): number => value >> 1;

const valueOf = (plies: number, won: boolean): number => plies * 2 + (won ? 1 : 0);
const UNKNOWN = 0xff;
const offsetOf = (ruling: Ruling): number => (ruling === 'misere' ? POSITIONS : 0);

/** The table's reader, as the program last gave it, until it is first asked; then what it read. */
let reader: (() => Uint8Array | null) | null = null;
let stored: Uint8Array | null = null;

/** The table read from the build (null when there is none, or it was not whole). */
export function storedTable(): Uint8Array | null {
	if (reader !== null) {
		stored = reader();
		reader = null;
	}
	return stored;
}

/**
 * Values of positions, read from `table` or, without one, worked out from the values of the
 * positions a move leads to and kept. `asked` counts every value asked for, from the table or not
 * (a search's nodes).
 */
export class Values {
	private readonly known = new Uint8Array(2 * POSITIONS).fill(UNKNOWN);
	private readonly moves = new Int32Array(HEAPS * MAX_TAKE);
	asked = 0;

	constructor(private readonly table: Uint8Array | null) {}

	/** The value of the position of `index` under `ruling`. */
	of(index: number, ruling: Ruling): number {
		this.asked++;
		const at = offsetOf(ruling) + index;
		if (this.table !== null) return this.table[at]!;
		if (this.known[at] === UNKNOWN) this.known[at] = this.workOut(index, ruling);
		return this.known[at]!;
	}

	/** The best of the moves: the quickest win, else the longest loss. */
	private workOut(index: number, ruling: Ruling): number {
		// No pebble left: whoever took the last one won in normal play and lost in misère.
		if (index === 0) return valueOf(0, ruling === 'misere');
		let quickestWin = Infinity;
		let longestLoss = 0;
		const count = movesFrom(index, this.moves, 0);
		const moves = this.moves.slice(0, count);
		for (const move of moves) {
			const reply = this.of(indexAfter(index, move), ruling);
			if (wins(reply)) longestLoss = Math.max(longestLoss, pliesOf(reply) + 1);
			else quickestWin = Math.min(quickestWin, pliesOf(reply) + 1);
		}
		return quickestWin < Infinity ? valueOf(quickestWin, true) : valueOf(longestLoss, false);
	}
}

/** Every value, normal play's then misère's, worked out. */
export function wholeTable(): Uint8Array {
	const values = new Values(null);
	const table = new Uint8Array(2 * POSITIONS);
	for (const ruling of ['normal', 'misere'] as const)
		for (let index = 0; index < POSITIONS; index++) table[offsetOf(ruling) + index] = values.of(index, ruling);
	return table;
}

/**
 * The whole table as a file the build makes (games/game.ts GameAsset): one for both rulings, which
 * both games declare (the build makes it once). `use` replaces the reader given before, and what
 * it had read.
 */
export const nimTableAsset: GameAsset = {
	file: 'nim.table',
	header: 'potm Nim table 1\n',
	size: 2 * POSITIONS,
	making: 'the Nim table (every position under both rulings)',
	make: wholeTable,
	use: read => {
		reader = read;
		stored = null;
	},
};
