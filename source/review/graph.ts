/**
 * The evaluation graph as rows of text: a column for each position of the game (or for a few
 * neighbouring ones, when the game has more positions than there are columns), filled from the
 * bottom up to the evaluation from player 1's side, so that player 1 stands higher the better
 * it does; the middle row's foot is even. Block characters in eighths of a row, or ASCII marks.
 * A proven win ends its column with the winner's initial, at the top for player 1, at the foot
 * for player 2. Pure text: the screen colours it.
 */

/** One position's evaluation, as the graph takes it. */
export interface GraphPoint {
	/** Centipoints from player 1's view, clipped to ± the decisive margin. */
	readonly value: number;
	/** The side with a proven win, else null. */
	readonly won: 1 | 2 | null;
}

export interface GraphOptions {
	readonly width: number;
	/** Rows; an even number keeps the even line between two rows. */
	readonly height: number;
	/** Centipoints the top and the foot stand for. */
	readonly decisive: number;
	/** The position to mark, if any. */
	readonly current: number | null;
	readonly ascii: boolean;
	/** The sides' initials, for proven wins. */
	readonly initials: readonly [string, string];
}

export interface Graph {
	/** Top row first, each `columns` wide. */
	readonly rows: readonly string[];
	/** Columns used: one per position, or fewer when they are shared. */
	readonly columns: number;
	/** The column of the current position, or null. */
	readonly currentColumn: number | null;
	/** A row of the same width with the current column marked (▲ or ^). */
	readonly marker: string;
}

const BLOCKS = [' ', '▁', '▂', '▃', '▄', '▅', '▆', '▇', '█'];
/** Eighths in ASCII: nothing, a low mark, a half, a full cell. */
const ASCII_BLOCKS = [' ', '.', '.', '.', ':', ':', ':', ':', '#'];

/** A short game's positions get up to this many columns each, so that its graph is not a sliver. */
const MOST_COLUMNS_EACH = 3;

/** The positions a column stands for: positions [from, to); a position spread over several columns has each of them. */
function bucket(column: number, columns: number, points: number): {from: number; to: number} {
	if (points <= columns) {
		const index = Math.floor((column * points) / columns);
		return {from: index, to: index + 1};
	}
	return {from: Math.floor((column * points) / columns), to: Math.floor(((column + 1) * points) / columns)};
}

/** The last column a position falls in. */
export function columnOf(index: number, columns: number, points: number): number {
	for (let column = columns - 1; column >= 0; column--) {
		const {from, to} = bucket(column, columns, points);
		if (index >= from && index < to) return column;
	}
	return columns - 1;
}

export function renderGraph(points: readonly (GraphPoint | undefined)[], options: GraphOptions): Graph {
	const {width, height, decisive, ascii} = options;
	const count = points.length;
	const columns = Math.max(0, Math.min(width, count * Math.max(1, Math.min(MOST_COLUMNS_EACH, Math.floor(width / Math.max(1, count))))));
	const blocks = ascii ? ASCII_BLOCKS : BLOCKS;
	const levels = height * 8;
	const middle = Math.floor(height / 2);
	const grid: string[][] = Array.from({length: height}, () => Array.from({length: columns}, () => ' '));
	for (let column = 0; column < columns; column++) {
		const {from, to} = bucket(column, columns, count);
		// The column shows the last position it stands for that has been looked at.
		let point: GraphPoint | undefined;
		for (let index = to - 1; index >= from && !point; index--) point = points[index];
		const filled = point ? Math.round(((Math.max(-decisive, Math.min(decisive, point.value)) + decisive) / (2 * decisive)) * levels) : 0;
		for (let row = 0; row < height; row++) {
			const eighths = Math.max(0, Math.min(8, filled - (height - 1 - row) * 8));
			// The even line runs at the foot of the row above the middle, where no bar covers it.
			grid[row]![column] = eighths > 0 ? blocks[eighths]! : row === middle - 1 ? (ascii ? '-' : '╌') : ' ';
		}
		if (!point) continue;
		if (point.won === 1) grid[0]![column] = options.initials[0];
		if (point.won === 2) grid[height - 1]![column] = options.initials[1];
	}
	const currentColumn = options.current === null || count === 0 ? null : columnOf(Math.min(options.current, count - 1), columns, count);
	// Under every column of the current position.
	const current = options.current;
	const marked = (column: number) =>
		current !== null &&
		count > 0 &&
		(() => {
			const {from, to} = bucket(column, columns, count);
			return Math.min(current, count - 1) >= from && Math.min(current, count - 1) < to;
		})();
	const marker = Array.from({length: columns}, (_, column) => (marked(column) ? (ascii ? '^' : '▲') : ' ')).join('');
	return {rows: grid.map(row => row.join('')), columns, currentColumn, marker};
}
