/**
 * The static evaluation of a PAH-TUM position, in centipoints (100 = one game point) from the side
 * to move: the points already scored, plus the value of what is still open.
 *
 * What is open is valued line by line, from a table by line code (lines.ts): the points X and O
 * would score on the line, on average, if its empty cells were shared out at random, less the
 * points already there. That average weights each open run by how likely it is to be completed:
 * a run that needs one more marker counts about half its value, one that needs four about a
 * sixteenth, and a segment too short for three, or cut by a blocked square or an opponent's
 * marker, counts nothing. Real opponents block, so the open value is discounted (OPEN_PERCENT).
 */
import {CELL_EMPTY, CELL_O, CELL_X, cellOf, LINE_CODES, LINE_O, LINE_X, POW4, SIZE} from './lines.js';

/**
 * The share of the random-fill open value counted, in per cent. Chosen by play against the UCT
 * sparring partner (bench/partners/pahtum.c, 200 000 playouts a move) as the contest entry at 2 s
 * a move, 40 games (20 matches) each: 100 % took 45.0 % of the match points, 60 % 72.5 %, 40 %
 * 92.5 %, 20 % 92.5 %, 30 % 92.5 % (on other boards). Real opponents block open runs far more
 * than a random fill does. Self-play had not told these apart (level 5 against itself at 200 ms
 * a move, 20 games: 60 % against 30 % +7 =2 −11, against 100 % +11 =4 −5, within its noise);
 * against the points alone (0 %) 60 % was clearly better, +17 =2 −1.
 */
export const OPEN_PERCENT = 30;

/** By line code: centipoints X's open value exceeds O's (the random-fill average less the points now). */
export const LINE_OPEN = new Int32Array(LINE_CODES);

for (let code = 0; code < LINE_CODES; code++) {
	const empties: number[] = [];
	for (let i = 0; i < SIZE; i++) if (cellOf(code, i) === CELL_EMPTY) empties.push(i);
	const fillings = 1 << empties.length;
	let total = 0;
	for (let mask = 0; mask < fillings; mask++) {
		let filled = code;
		for (let k = 0; k < empties.length; k++) filled += ((mask >> k) & 1 ? CELL_X : CELL_O) * POW4[empties[k]!]!;
		total += LINE_X[filled]! - LINE_O[filled]!;
	}
	LINE_OPEN[code] = Math.round((100 * total) / fillings) - 100 * (LINE_X[code]! - LINE_O[code]!);
}

/** The evaluation for X from the margin (X − O, in points), the summed open value of every line and the share of it that counts. */
export const evaluateForX = (margin: number, open: number, openPercent = OPEN_PERCENT): number =>
	(100 * margin + (open * openPercent) / 100) | 0;
