/** What every board renderer is handed besides its view: the marks on it and the size of a square. */

export interface BoardMarks {
	readonly cursor: number | null;
	/** The points of a move picked so far (LOA's piece picked up). */
	readonly picked: readonly number[];
	/** Where the next point can go. */
	readonly targets: ReadonlySet<number>;
	/** The last move's points (from and to in LOA). */
	readonly last: readonly number[];
	readonly hint: readonly number[];
}

export const NO_MARKS: BoardMarks = {cursor: null, picked: [], targets: new Set(), last: [], hint: []};

/**
 * Square size in characters: huge (9 × 4) and wide (7 × 3), for large terminals, square to the
 * eye (a character is about twice as tall as it is wide); large (5 × 3), medium (5 × 2: LOAPS's
 * 7×7 at 80×24), narrow (4 × 2: classic LOA's 8×8 at 80×24) or compact (3 × 1).
 */
export interface CellSize {
	readonly width: 3 | 4 | 5 | 7 | 9;
	readonly height: 1 | 2 | 3 | 4;
}

const HUGE: CellSize = {width: 9, height: 4};
const WIDE: CellSize = {width: 7, height: 3};
const LARGE: CellSize = {width: 5, height: 3};
const MEDIUM: CellSize = {width: 5, height: 2};
const NARROW: CellSize = {width: 4, height: 2};
export const COMPACT: CellSize = {width: 3, height: 1};

/** Largest first: the layout takes the first that fits. */
export const CELL_SIZES: readonly CellSize[] = [HUGE, WIDE, LARGE, MEDIUM, NARROW, COMPACT];
