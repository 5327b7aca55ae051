/**
 * Line tallies: for each line of a board and each of its fillings (line-moves.ts), a number that a
 * board sums over its lines and keeps up to date as its cells change (one subtraction for each
 * line a changed square is on), so that a figure of the evaluation made of what each line allows
 * costs nothing to read. A filling's number is worked out the first time it comes up: most of a
 * long line's 6,561 fillings never do.
 *
 * Two are kept, one a variant: LOAPS's bonus tally (which bonus squares each side's moves reach)
 * and classic LOA's weighted mobility (each side's moves, valued by where they go).
 */
import type {Geometry} from './board.js';
import {FILLINGS, INFO_CAPTURES, INFO_TARGETS, lineMoves, lowest, POW3} from './line-moves.js';

/** The base of a line the tally does not count (a real base may be negative: it has the line's first filling taken off). */
export const NO_LINE = -0x40000000;

export interface LineTally {
	/** base[line] + filling: where a line's numbers are in values, or NO_LINE for a line that adds nothing. */
	readonly base: Int32Array;
	/** -1 where not worked out yet. */
	readonly values: Int32Array;
	/** Works out, keeps and returns the number of a line's filling. */
	work(line: number, filling: number): number;
}

function lineTally(geometry: Geometry, counts: (line: number) => boolean, value: (line: number, filling: number) => number): LineTally {
	const {lineCount, lineLength, lineBase} = geometry;
	const base = new Int32Array(lineCount).fill(NO_LINE);
	let size = 0;
	for (let line = 0; line < lineCount; line++) {
		if (!counts(line)) continue;
		base[line] = size - lineBase[line]!;
		size += POW3[lineLength[line]!]!;
	}
	const values = new Int32Array(size).fill(-1);
	const work = (line: number, filling: number): number => {
		const found = value(line, filling);
		values[base[line]! + filling] = found;
		return found;
	};
	return {base, values, work};
}

/** The bonus tally's fields: a side's bonus square `index` at bit (side - 1) * BONUS_SIDE + index * BONUS_BITS. */
export const BONUS_BITS = 3;
export const BONUS_MASK = 7;
export const BONUS_SIDE = 15;
/** The lowest bit of each of a side's bonus fields (bits 0, 3, 6, 9 and 12). */
export const BONUS_LOW_BITS = 0b1001001001001;

/**
 * The bonus tally: on each line that holds a bonus square, a 1 in the field of each bonus square
 * that a side's moves along it land on; summed, for each side and bonus square, on how many lines
 * the side has a move that lands on it.
 */
export function bonusTally(geometry: Geometry, lineBonus: Uint8Array, bonusList: Int8Array): LineTally {
	if (bonusList.length * BONUS_BITS > BONUS_SIDE)
		throw new RangeError(`${bonusList.length} bonus squares are more than the bonus tally holds`);
	const {lineSquares} = geometry;
	return lineTally(
		geometry,
		line => lineBonus[line] !== 0,
		(line, filling) => {
			let value = 0;
			for (let half = 0; half < 2; half++) {
				const hits = (lineMoves.info[filling * 2 + half]! >> INFO_TARGETS) & lineBonus[line]!;
				for (let rest = hits; rest !== 0; rest &= rest - 1) {
					const index = bonusList.indexOf(lineSquares[line * 8 + lowest(rest)]!);
					value += 1 << (half * BONUS_SIDE + index * BONUS_BITS);
				}
			}
			return value;
		},
	);
}

/** The weighted mobility tally's fields: side 1's in the low 16 bits, side 2's above. */
export const MOBILITY_SIDE = 16;
export const MOBILITY_MASK = 0xffff;

/**
 * Classic LOA's weighted mobility: each move along a line counts 4, or 2 when it lands on the
 * edge, and 1 more when it goes towards the middle of the board; a capture counts double. A
 * line's number holds side 1's sum and side 2's (MOBILITY_SIDE).
 */
export function mobilityTally(geometry: Geometry): LineTally {
	const {lineCount, lineLength, lineSquares, offCentre2, fileOf, rankOf, size} = geometry;
	// moveValue[line * 64 + (from | to << 3)]: a move along a line between places, before a capture doubles it.
	const moveValue = new Int8Array(lineCount * 64);
	const onEdge = (square: number) =>
		fileOf[square] === 0 || rankOf[square] === 0 || fileOf[square] === size - 1 || rankOf[square] === size - 1;
	for (let line = 0; line < lineCount; line++) {
		for (let from = 0; from < lineLength[line]!; from++) {
			for (let to = 0; to < lineLength[line]!; to++) {
				const start = lineSquares[line * 8 + from]!;
				const end = lineSquares[line * 8 + to]!;
				moveValue[line * 64 + (from | (to << 3))] = (onEdge(end) ? 2 : 4) + (offCentre2[end]! < offCentre2[start]! ? 1 : 0);
			}
		}
	}
	const {moveStart, moves, info} = lineMoves;
	return lineTally(
		geometry,
		() => true,
		(line, filling) => {
			let value = 0;
			for (let half = 0; half < 2; half++) {
				const captures = info[filling * 2 + half]! >>> INFO_CAPTURES;
				const start = half * (FILLINGS + 1) + filling;
				let sum = 0;
				for (let i = moveStart[start]!; i < moveStart[start + 1]!; i++) {
					const places = moves[i]!;
					const worth = moveValue[line * 64 + places]!;
					sum += ((captures >> (places >> 3)) & 1) === 1 ? worth * 2 : worth;
				}
				value += sum << (half * MOBILITY_SIDE);
			}
			return value;
		},
	);
}
