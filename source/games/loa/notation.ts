/**
 * Chess notation for LOA boards: files a.. from the left, ranks 1.. from the bottom.
 * A square's index is rank * size + file, both from 0, so a1 = 0.
 */

const FILES = 'abcdefgh';

export const squareIndex = (file: number, rank: number, size: number): number => rank * size + file;
export const fileOf = (square: number, size: number): number => square % size;
export const rankOf = (square: number, size: number): number => Math.floor(square / size);

export function squareName(square: number, size: number): string {
	return FILES[fileOf(square, size)]! + String(rankOf(square, size) + 1);
}

/** The index of a square written like `b3` (any case), or -1 if it is not on the board. */
export function parseSquare(text: string, size: number): number {
	const match = /^([a-h])([1-9])$/i.exec(text.trim());
	if (!match) return -1;
	const file = FILES.indexOf(match[1]!.toLowerCase());
	const rank = Number(match[2]) - 1;
	if (file >= size || rank >= size) return -1;
	return squareIndex(file, rank, size);
}

/** A move as the small integer the engine uses. Squares fit in 6 bits on boards up to 8×8. */
export const encodeMove = (from: number, to: number): number => from | (to << 6);
export const moveFrom = (move: number): number => move & 63;
export const moveTo = (move: number): number => move >> 6;

/**
 * The pass of classic LOA (a side with no legal move passes): from and to the same square, which
 * no real move is, and inside every move table (moves are below 64 * 64).
 */
export const PASS = 63 | (63 << 6);

/** `b1 d3`, the form POTM entries print; `pass` for the pass. */
export function moveName(move: number, size: number): string {
	if (move === PASS) return 'pass';
	return `${squareName(moveFrom(move), size)} ${squareName(moveTo(move), size)}`;
}

/**
 * Reads `b1 d3`, `b1-d3`, `b1d3` or `B1 D3` into its two squares; legality is not checked here
 * (a square to itself is read too: what is wrong with it depends on the position). Returns a
 * message naming what is wrong otherwise.
 */
export function parseMoveText(text: string, size: number): {from: number; to: number} | string {
	const trimmed = text.trim();
	const match = /^([a-z]\d+)\s*[-x\s]?\s*([a-z]\d+)$/i.exec(trimmed);
	if (!match) return `"${trimmed}" is not a move: write the two squares, as in "b1 d3"`;
	const from = parseSquare(match[1]!, size);
	const to = parseSquare(match[2]!, size);
	const last = squareName(size * size - 1, size);
	if (from < 0) return `"${match[1]}" is not a square of the ${size}×${size} board (a1..${last})`;
	if (to < 0) return `"${match[2]}" is not a square of the ${size}×${size} board (a1..${last})`;
	return {from, to};
}
