/** Hand-made LOAPS positions for tests, drawn as the board is shown: rank 7 first. */
import type {Player} from '../../../source/games/game.js';
import {parseSquare} from '../../../source/games/loa/notation.js';
import {createState, type LoaState} from '../../../source/games/loa/rules.js';
import {LOAPS, type LoaVariant} from '../../../source/games/loa/variant.js';

export function cellsOf(rows: readonly string[], size = 7): number[] {
	if (rows.length !== size || rows.some(row => row.length !== size)) throw new Error(`a diagram is ${size} rows of ${size}`);
	const cells = new Array<number>(size * size).fill(0);
	rows.forEach((row, index) => {
		for (let file = 0; file < size; file++) {
			if (row[file] !== '.') cells[(size - 1 - index) * size + file] = Number(row[file]);
		}
	});
	return cells;
}

export interface DiagramOptions {
	toMove?: Player;
	moveNumber?: number;
	points?: readonly [number, number];
	variant?: LoaVariant;
}

export function position(rows: readonly string[], options: DiagramOptions = {}): LoaState {
	const variant = options.variant ?? LOAPS;
	return createState(variant, {
		cells: cellsOf(rows, variant.size),
		toMove: options.toMove ?? 1,
		moveNumber: options.moveNumber ?? 1,
		points: options.points ?? [0, 0],
	});
}

export const sq = (name: string, size = 7): number => {
	const square = parseSquare(name, size);
	if (square < 0) throw new Error(`no square ${name}`);
	return square;
};
