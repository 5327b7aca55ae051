/**
 * The board, whatever its kind: a renderer per kind of board view (games/game.ts's BoardView), each
 * handed the view, the marks, the theme and the size of a square, and knowing no rules. A game
 * of a new geometry adds its kind of view there and its renderer here.
 */
import {memo} from 'react';
import type {BoardView} from '../../games/game.js';
import {same} from '../same.js';
import type {Theme} from '../theme.js';
import {GridBoard, gridSize} from './grid.js';
import {LatticeBoard, latticeSize} from './lattice.js';
import type {BoardMarks, CellSize} from './marks.js';

export {CELL_SIZES, COMPACT, NO_MARKS, type BoardMarks, type CellSize} from './marks.js';

/** Columns and rows a board takes with its labels. */
export function boardSize(view: BoardView, cell: CellSize): {columns: number; rows: number} {
	switch (view.kind) {
		case 'grid':
			return gridSize(view, cell);
		case 'lattice':
			return latticeSize(view.lattice, cell);
	}
}

export interface BoardProps {
	readonly view: BoardView;
	readonly marks: BoardMarks;
	readonly theme: Theme;
	readonly flipped: boolean;
	readonly cell: CellSize;
}

const views = new WeakMap<object, BoardView>();

/**
 * A position's board view, made once for each position: a screen draws the same position many
 * times (each second of a running clock), and the same view lets the memoised Board be.
 */
export function boardViewOf<State>(game: {board(state: State): BoardView}, position: State): BoardView {
	if (typeof position !== 'object' || position === null) return game.board(position);
	let view = views.get(position);
	if (view === undefined) {
		view = game.board(position);
		views.set(position, view);
	}
	return view;
}

/** Drawn again only when what it shows changed (a clock's frame leaves it be). */
export const Board = memo(function Board({view, ...rest}: BoardProps) {
	switch (view.kind) {
		case 'grid':
			return <GridBoard view={view} {...rest} />;
		case 'lattice':
			return <LatticeBoard view={view} {...rest} />;
	}
}, same);
