/**
 * The scoring of one line of seven cells, tabulated. A row or a column is a 7-cell line; a line is
 * coded in base 4, cell i (its column in a row, its row in a column) times 4^i, with the codes of
 * board.ts (0 empty, 1 X, 2 O, 3 blocked). 4^7 = 16 384 codes, so the score of a line is one
 * table read, and a move changes one row and one column: scoring is incremental and O(1).
 */

export const SIZE = 7;
export const SQUARES = SIZE * SIZE;
export const LINE_CODES = 4 ** SIZE;

/** Cell codes of the fast board. */
export const CELL_EMPTY = 0;
export const CELL_X = 1;
export const CELL_O = 2;
export const CELL_BLOCKED = 3;

/** Row and column of each square (square = row * 7 + column). */
export const ROW_OF: readonly number[] = Array.from({length: SQUARES}, (_, square) => Math.floor(square / SIZE));
export const COLUMN_OF: readonly number[] = Array.from({length: SQUARES}, (_, square) => square % SIZE);

/** Points of a maximal run by its length: 3, 10, 25, 56, 119 for 3..7 (score(n) = 2·score(n−1) + n). */
export const RUN_POINTS: readonly number[] = [0, 0, 0, 3, 10, 25, 56, 119];

/** 4^i: the weight of cell i in a line code. */
export const POW4: readonly number[] = [1, 4, 16, 64, 256, 1024, 4096];

/** The cell at position i of a line code. */
export const cellOf = (code: number, i: number): number => Math.floor(code / POW4[i]!) & 3;

/** The points `player` (1 or 2) scores on a line, by scanning it: what the tables hold. */
export function scanLine(code: number, player: number): number {
	let points = 0;
	let run = 0;
	for (let i = 0; i <= SIZE; i++) {
		if (i < SIZE && cellOf(code, i) === player) run++;
		else {
			points += RUN_POINTS[run]!;
			run = 0;
		}
	}
	return points;
}

/** Points of X and of O on a line, by code. */
export const LINE_X = new Int32Array(LINE_CODES);
export const LINE_O = new Int32Array(LINE_CODES);
for (let code = 0; code < LINE_CODES; code++) {
	LINE_X[code] = scanLine(code, CELL_X);
	LINE_O[code] = scanLine(code, CELL_O);
}
