/**
 * The static evaluation of a LINES and BOXES position, in centipoints (100 = one box) from the
 * side to move: the boxes it leads by, plus what it can take at once. Turns always alternate, so
 * a box with three sides drawn is taken by whoever moves next, and one segment may take several
 * (every box with three sides along an undrawn run of a row or column): the side to move is
 * credited with the most one move takes now, at TAKE_PERCENT.
 */
import type {BoxesBoard} from './board.js';
import {MAX_LINE} from './geometry.js';

/**
 * The share of the boxes takeable now that the evaluation counts, in per cent. Measured by level 5
 * against itself on 5×5 boards with 0..12 random pre-drawn segments, each board both ways
 * (board.takePercent), 100 against 0: +23 −17 in 40 games at 50 ms a move, +9 −7 in 16 at
 * 100 ms, +2 −6 in 8 at 50 ms (the bench): +34 −30 in all, within the noise. The search sees the
 * captures itself, and the exact solver takes over from 22 free unit segments; the term is kept
 * as the cheap static guess at the next capture.
 */
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

/**
 * Unit segments that are safe to draw: no box beside them has two sides drawn (so drawing one
 * hands nothing over) and none three.
 */
export function safeUnits(board: BoxesBoard): number {
	const g = board.geometry;
	const drawn = board.drawn;
	const sides = board.sides;
	let safe = 0;
	for (let unit = 0; unit < g.units; unit++) {
		if (drawn[unit]) continue;
		const a = g.unitBoxA[unit]!;
		const b = g.unitBoxB[unit]!;
		if ((a < 0 || sides[a]! < 2) && (b < 0 || sides[b]! < 2)) safe++;
	}
	return safe;
}

/**
 * The evaluation: the margin, the takeable boxes at `takePercent`, and `parity` centipoints for an
 * odd number of safe unit segments (less for an even one). The parity term is off: tried on 5×5
 * by level 5 against itself at 50 ms a move over 40 games each, +50 lost +9 −31 (1.0 box a game
 * worse) and −50 lost +15 −25 (0.3 worse); and by the SPRT at 20 000 nodes on the boards of the
 * target sizes (issue 38), +50 against 0: H0, 590 games, 43.6 %, Elo −44 ± 25. A move may draw any
 * number of safe units of a run, so the count's parity is no one's to keep; the last safe move is a
 * subtler fight than that.
 *
 * Also tried and left out: the exact final margin as the evaluation from 10 free unit segments
 * down, the solver (solver.ts) playing each such leaf out with a table of the board's own, its
 * nodes counted against the search's budget. The SPRT at 20 000 nodes on bench/openings/boxes.txt
 * (issue 38): H0, 2934 games, 49.9 %, Elo −0.8 ± 8.6. With one table kept by the process instead,
 * it scored +41 ± 21 in 524 games, but there the second game of each pair found the first's
 * endgames solved: a `potm move` process starts each move cold.
 *
 * And a penalty for the side to move when it has nothing to take and no safe
 * unit segment (it must hand boxes over). Level 5 with it against level 5 without, 50 ms a move:
 * at one box, 60.0 % of the match points on 5×5 (+120 −80, 200 games) and 58.8 % on 4×7 (+36 =69
 * −15, 120 games), but 45.8 % on 6×6, 48.3 % on 5×8 and 36.7 % on 8×8 (60 games each); on 8×8 at
 * 0.4 box 41.7 %, and as a bonus instead 45.8 %. Being stuck is no loss in itself: where a random
 * game of safe moves ends, the exact value for the side to move averages +0.03 boxes on 4×4 (300
 * positions) and +0.09 on 3×5 (it loses 138 of 300). The 3×3 figure (it loses 70.7 %) does not
 * carry over to larger boards.
 */
export function evaluateFor(board: BoxesBoard, takePercent = TAKE_PERCENT, parity = 0): number {
	let score = 100 * board.margin + takePercent * bestTake(board);
	if (parity !== 0) score += (safeUnits(board) & 1) === 1 ? parity : -parity;
	return score;
}
