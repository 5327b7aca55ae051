/** A game's board view as the kind a test knows it is, or a failure that says which kind it was. */
import type {BoardView, GridView, LatticeBoardView} from '../../source/games/game.js';

export function gridView(view: BoardView): GridView {
	if (view.kind !== 'grid') throw new Error(`expected a board of squares, got a ${view.kind} view`);
	return view;
}

export function latticeView(view: BoardView): LatticeBoardView {
	if (view.kind !== 'lattice') throw new Error(`expected a board of dots and lines, got a ${view.kind} view`);
	return view;
}
