/** Boards for the PAH-TUM tests, written as in the files: 7 strings of 7 characters of - + X O. */
import {BLOCKED, EMPTY} from '../../../source/games/game.js';
import {createState, type PahtumState} from '../../../source/games/pahtum/rules.js';

/** Cells from a diagram, with no check of the counts (the seed's X-only example has none to pass). */
export function cellsOf(rows: readonly string[]): number[] {
	if (rows.length !== 7 || rows.some(row => row.length !== 7)) throw new Error('a diagram is 7 rows of 7');
	return rows.flatMap(row => [...row].map(char => (char === '+' ? BLOCKED : char === 'X' ? 1 : char === 'O' ? 2 : EMPTY)));
}

export const stateOf = (rows: readonly string[]): PahtumState => createState(cellsOf(rows));

/** The square of a name such as "C4". */
export const sq = (name: string): number => 'ABCDEFG'.indexOf(name[0]!) * 7 + Number(name[1]) - 1;

/** The seed's scoring example, the O's removed (V.4). */
export const SEED_X_ONLY = ['XXXXXXX', 'XX-XXX+', 'X-X+XX-', '----X--', '--++X--', '---XXXX', '+------'];
/** The same board with O on every empty square (the seed scores it 100 for O). */
export const SEED_FULL = SEED_X_ONLY.map(row => row.replace(/-/g, 'O'));
/** The seed's board of a game in progress (III): eight moves each. */
export const SEED_IN_PROGRESS = ['XO-OXX-', '------+', '---+-O-', 'O------', '--++---', '--XXXX-', '+X-OOOO'];
/** The seed's starting board (II). */
export const SEED_START = ['-------', '------+', '---+---', '-------', '--++---', '-------', '+------'];

/**
 * Plain, independent scoring for the tests: every maximal horizontal or vertical run of one
 * letter, by walking the grid, no tables.
 */
export function plainScores(cells: readonly number[]): [number, number] {
	const points = [0, 0, 0, 3, 10, 25, 56, 119];
	const scores: [number, number] = [0, 0];
	const count = (get: (i: number) => number) => {
		let i = 0;
		while (i < 7) {
			const cell = get(i);
			let j = i;
			while (j < 7 && get(j) === cell) j++;
			if (cell === 1) scores[0] += points[j - i]!;
			else if (cell === 2) scores[1] += points[j - i]!;
			i = j;
		}
	};
	for (let line = 0; line < 7; line++) {
		count(i => cells[line * 7 + i]!);
		count(i => cells[i * 7 + line]!);
	}
	return scores;
}
