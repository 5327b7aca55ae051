/**
 * How a screen is laid out in the terminal: a title row, the board with the panel beside it, a
 * status row and a keys row. Ink clears the whole screen on every frame when the output is
 * taller than the terminal, so nothing may be taller than `rows`.
 */
import type {BoardView} from '../games/game.js';
import {boardSize, CELL_SIZES, COMPACT, type CellSize} from './boards/index.js';

/** The panel beside the board needs this many columns at least. */
const PANEL_MIN_COLUMNS = 36;
/** Title, status (two rows: a refused move's reason is long) and keys rows. */
const CHROME_ROWS = 4;
/**
 * Rows the panel needs at least: players (2), the move number, a gap, two rows of moves, the
 * game-over box (5) and the engine (3).
 */
const PANEL_MIN_ROWS = 14;

export interface Layout {
	readonly fits: boolean;
	readonly cell: CellSize;
	readonly boardColumns: number;
	/** Rows between the title and the status line. */
	readonly bodyRows: number;
	readonly panelColumns: number;
	/** The smallest terminal this screen can be drawn in. */
	readonly need: {readonly columns: number; readonly rows: number};
}

export function layoutFor(columns: number, rows: number, view: BoardView): Layout {
	// One row is kept free: output as tall as the terminal makes Ink clear the screen each frame.
	const needFor = (cell: CellSize) => {
		const board = boardSize(view, cell);
		return {board, columns: board.columns + 1 + PANEL_MIN_COLUMNS, rows: Math.max(board.rows, PANEL_MIN_ROWS) + CHROME_ROWS + 1};
	};
	const need = needFor(COMPACT);
	const cell =
		CELL_SIZES.find(size => {
			const wanted = needFor(size);
			return columns >= wanted.columns && rows >= wanted.rows;
		}) ?? COMPACT;
	const board = needFor(cell).board;
	return {
		fits: columns >= need.columns && rows >= need.rows,
		cell,
		boardColumns: board.columns,
		bodyRows: Math.max(0, rows - CHROME_ROWS - 1),
		panelColumns: Math.max(0, Math.min(60, columns - board.columns - 1)),
		need: {columns: need.columns, rows: need.rows},
	};
}
