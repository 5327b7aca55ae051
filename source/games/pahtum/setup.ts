/**
 * New PAH-TUM boards (docs/pahtum.md §7): an empty grid with an odd number of holes (blocked
 * squares) in random places, 3 to 13 of them by default. The same seed gives the same board, so
 * the two games of a match and a replay share one; without a seed the board is new every time.
 */
import {BLOCKED, EMPTY} from '../game.js';
import type {Setup} from '../setup.js';
import {seededRandom} from '../seeded.js';
import {SQUARES} from './lines.js';
import {createState, type PahtumState} from './rules.js';

/** The default range of holes: odd counts from 3 to 13, each as likely. */
export const DEFAULT_HOLES = [3, 5, 7, 9, 11, 13] as const;

/** Throws RangeError unless `holes` is an odd whole number from 1 to 25. */
export function checkHoles(holes: number): void {
	if (!Number.isInteger(holes) || holes < 1 || holes > 25 || holes % 2 === 0) {
		throw new RangeError(`PAH-TUM has an odd number of holes from 1 to 25 (so an even number of empty squares), not ${holes}`);
	}
}

/** A random empty board: `setup.holes` holes (or an odd number from 3 to 13), placed by `setup.seed`'s draws. */
export function randomBoard(setup: Setup = {}): PahtumState {
	const random = setup.seed === undefined ? Math.random : seededRandom(setup.seed);
	const holes = setup.holes ?? DEFAULT_HOLES[Math.floor(random() * DEFAULT_HOLES.length)]!;
	checkHoles(holes);
	// The first `holes` squares of a Fisher–Yates shuffle.
	const squares = Array.from({length: SQUARES}, (_, square) => square);
	for (let i = 0; i < holes; i++) {
		const j = i + Math.floor(random() * (SQUARES - i));
		[squares[i], squares[j]] = [squares[j]!, squares[i]!];
	}
	const cells = new Array<number>(SQUARES).fill(EMPTY);
	for (let i = 0; i < holes; i++) cells[squares[i]!] = BLOCKED;
	return createState(cells);
}
