/**
 * Every LOA move lies along one line (a row, a column or a diagonal), and which moves a line
 * allows depends on that line alone: its length and what stands on each of its places. So the
 * moves are worked out once, for every line length (1 to 8) and every filling of a line, and a
 * board keeps, for each of its lines, the filling's code: the base-3 number whose digit at place
 * p (counted along the line, geometry.linePos) is 0 for empty, 1 or 2 for a side's piece. A move
 * generator then reads its moves off the table line by line instead of trying two directions
 * from every piece on every line, and the evaluation reads a side's mobility, the places it can
 * reach and the pieces that can move as one look-up a line.
 *
 * The table has 3 + 9 + ... + 3^8 = 9,840 fillings (a board keeps each line's as
 * codeBase[length] + code, so one number finds it); for each filling and side:
 *  - its moves, as bytes `from | to << 3` (places on the line), in moveStart..moveStart of the next;
 *  - info, one word: how many moves (bits 0-4), the places they land on (a bit a place, bits
 *    8-15), the side's pieces that have one (16-23), and the places where they capture (24-31).
 *    Everything the evaluation asks of a line is one load.
 */

/** POW3[p]: the weight of place p in a line's code. */
export const POW3 = new Int16Array([1, 3, 9, 27, 81, 243, 729, 2187, 6561]);

/** The longest line (an 8×8 board's rows, columns and long diagonals). */
export const MAX_LINE = 8;

/** codeBase[length]: where the fillings of a line of that length begin in the tables. */
export const codeBase = new Int32Array(MAX_LINE + 2);
for (let length = 1; length <= MAX_LINE + 1; length++) codeBase[length] = codeBase[length - 1]! + (length === 1 ? 0 : POW3[length - 1]!);

/** Fillings of all lengths 1..8. */
export const FILLINGS = codeBase[MAX_LINE + 1]!;

export interface LineMoves {
	/**
	 * moveStart[(side - 1) * (FILLINGS + 1) + filling]: where that side's moves on that filling
	 * begin in `moves`; they end where the next filling's begin.
	 */
	readonly moveStart: Int32Array;
	/** Each move as `from | to << 3`, places on the line. */
	readonly moves: Uint8Array;
	/** info[filling * 2 + side - 1]: see INFO_* (a filling's two sides side by side). */
	readonly info: Int32Array;
	/**
	 * tally[filling]: side 1's moves, side 2's moves, 1 if side 1 has a capture, 1 if side 2 has
	 * one, a byte each (TALLY_*). A board sums its lines' tallies: one number holds both sides'
	 * mobility and lines with a capture, kept up to date by one subtraction a line.
	 */
	readonly tally: Int32Array;
}

/** The bytes of a tally: count & 255 after shifting right by these. */
export const TALLY_MOVES = [0, 0, 8] as const;
export const TALLY_CAPTURES = [0, 16, 24] as const;

/** The fields of an info word: count & INFO_COUNT, targets >> 8, movers >> 16, captures >>> 24 (all & 255). */
export const INFO_COUNT = 31;
export const INFO_TARGETS = 8;
export const INFO_MOVERS = 16;
export const INFO_CAPTURES = 24;

/** The index of the lowest set bit of a non-zero 32-bit mask. */
export function lowest(mask: number): number {
	return 31 - Math.clz32(mask & -mask);
}

/** popcount of a byte. */
function bitsIn(mask: number): number {
	let count = 0;
	for (let rest = mask; rest !== 0; rest &= rest - 1) count++;
	return count;
}

function build(): LineMoves {
	const moveStart = new Int32Array(2 * (FILLINGS + 1));
	const info = new Int32Array(2 * FILLINGS);
	const tally = new Int32Array(FILLINGS);
	// At most 2 moves a piece, 8 pieces a line: room enough, cut to size at the end.
	const found = [new Uint8Array(FILLINGS * 16), new Uint8Array(FILLINGS * 16)] as const;
	const totals = [0, 0];
	const digits = new Int8Array(MAX_LINE);
	for (let length = 1; length <= MAX_LINE; length++) {
		digits.fill(0);
		// The places of each side's pieces, a bit a place, kept with the digits as the code counts up.
		const places = [0, 0, 0];
		for (let code = 0; code < POW3[length]!; code++) {
			if (code > 0) {
				// The next code: add one to the base-3 digits, carrying.
				for (let place = 0; ; place++) {
					const digit = digits[place]!;
					if (digit !== 0) places[digit]! ^= 1 << place;
					if (digit < 2) {
						digits[place] = digit + 1;
						places[digit + 1]! ^= 1 << place;
						break;
					}
					digits[place] = 0;
				}
			}
			const filling = codeBase[length]! + code;
			const pieces = bitsIn(places[1]! | places[2]!);
			for (let side = 1; side <= 2; side++) {
				const own = places[side]!;
				const theirs = places[3 - side]!;
				const moves = found[side - 1]!;
				moveStart[(side - 1) * (FILLINGS + 1) + filling] = totals[side - 1]!;
				let count = 0;
				let targets = 0;
				let movers = 0;
				for (let rest = own; rest !== 0; rest &= rest - 1) {
					const from = lowest(rest);
					// Forward along the line, then back: as far as the line has pieces, never onto
					// one's own piece and never over the opponent's (the places strictly between).
					const ahead = from + pieces;
					if (ahead < length && ((own >> ahead) & 1) === 0 && (theirs & ((1 << ahead) - (2 << from))) === 0) {
						moves[totals[side - 1]!++] = from | (ahead << 3);
						count++;
						targets |= 1 << ahead;
						movers |= 1 << from;
					}
					const behind = from - pieces;
					if (behind >= 0 && ((own >> behind) & 1) === 0 && (theirs & ((1 << from) - (2 << behind))) === 0) {
						moves[totals[side - 1]!++] = from | (behind << 3);
						count++;
						targets |= 1 << behind;
						movers |= 1 << from;
					}
				}
				const captures = targets & theirs;
				info[filling * 2 + side - 1] = count | (targets << INFO_TARGETS) | (movers << INFO_MOVERS) | (captures << INFO_CAPTURES);
				tally[filling]! |=
					(count << (side === 1 ? TALLY_MOVES[1] : TALLY_MOVES[2])) |
					((captures !== 0 ? 1 : 0) << (side === 1 ? TALLY_CAPTURES[1] : TALLY_CAPTURES[2]));
			}
		}
	}
	const [first, second] = totals as [number, number];
	moveStart[FILLINGS] = first;
	const moves = new Uint8Array(first + second);
	moves.set(found[0].subarray(0, first));
	moves.set(found[1].subarray(0, second), first);
	// Side 2's moves follow side 1's.
	for (let i = FILLINGS + 1; i < 2 * (FILLINGS + 1); i++) moveStart[i]! += first;
	return {moveStart, moves, info, tally};
}

export const lineMoves: LineMoves = build();
