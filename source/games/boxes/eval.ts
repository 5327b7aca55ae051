/**
 * The static evaluation of a LINES and BOXES position, in centipoints (100 = one box) from the
 * side to move: the boxes it leads by, plus what it can take at once. Turns always alternate, so
 * a box with three sides drawn is taken by whoever moves next, and one segment may take several
 * (every box with three sides along an undrawn run of a row or column): the side to move is
 * credited with the most one move takes now, at TAKE_PERCENT.
 */
import type {BoxesBoard} from './board.js';
import {MAX_LINE} from './geometry.js';

/** The share of the boxes takeable now that the evaluation counts, in per cent. */
export const TAKE_PERCENT = 100;

/** The most boxes one move takes now: the best undrawn run's sum of boxes with three sides. */
export function bestTake(board: BoxesBoard): number {
	const g = board.geometry;
	const drawn = board.drawn;
	const sides = board.sides;
	let best = 0;
	for (let line = 0; line < g.lineCount; line++) {
		const length = g.lineLength[line]!;
		let run = 0;
		for (let i = 0; i < length; i++) {
			const unit = g.lineUnits[line * MAX_LINE + i]!;
			if (drawn[unit]) {
				run = 0;
				continue;
			}
			const a = g.unitBoxA[unit]!;
			const b = g.unitBoxB[unit]!;
			run += (a >= 0 && sides[a] === 3 ? 1 : 0) + (b >= 0 && sides[b] === 3 ? 1 : 0);
			if (run > best) best = run;
		}
	}
	return best;
}

export function evaluateFor(board: BoxesBoard, takePercent = TAKE_PERCENT): number {
	return 100 * board.margin + takePercent * bestTake(board);
}
