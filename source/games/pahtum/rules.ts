/**
 * The friendly, immutable face of a PAH-TUM position, for the UI, files and the referee: the
 * cells, whose turn it is, the moves played, the points on the board and how the game ended.
 * Scoring here is plain (runs() walks the lines), independent of the fast board's tables.
 */
import {BLOCKED, EMPTY, type Outcome, type Player} from '../game.js';
import {RUN_POINTS, SIZE, SQUARES} from './lines.js';

export const SIDES = ['X', 'O'] as const;

export interface PahtumState {
	/** By square (row * 7 + column, A1 = 0 at the top left): EMPTY (0), 1 for X, 2 for O, BLOCKED (-1). */
	readonly cells: readonly number[];
	readonly toMove: Player;
	/** Squares played since this line of play was set up (a parsed grid has none), oldest first. */
	readonly history: readonly number[];
	/** Points of X and of O on the board now: the final score once it is full. */
	readonly scores: readonly [number, number];
	/** Set once no empty square is left. */
	readonly outcome: Outcome | null;
	/**
	 * The seconds each side had left of its move's allowance when the position arose, where a game
	 * kept them (the UI's and the referee's clocks, for a save's history of clock use). No grid
	 * carries them: absent, each side has its whole allowance.
	 */
	readonly clocks?: readonly [number, number];
}

/** A maximal run of three or more of one letter in a row or a column: what scores. */
export interface Run {
	readonly player: Player;
	readonly direction: 'row' | 'column';
	/** Its squares, left to right or top to bottom. */
	readonly squares: readonly number[];
	readonly length: number;
	readonly points: number;
}

/** "C4": row letter A..G from the top, column 1..7 from the left. */
export const squareName = (square: number): string => `${'ABCDEFG'[Math.floor(square / SIZE)]}${(square % SIZE) + 1}`;

/** Every scoring run on the board: the rows A..G first, then the columns 1..7, each from its start. */
export function runs(cells: readonly number[]): Run[] {
	const found: Run[] = [];
	for (const direction of ['row', 'column'] as const) {
		for (let line = 0; line < SIZE; line++) {
			const squareAt = (i: number) => (direction === 'row' ? line * SIZE + i : i * SIZE + line);
			let start = 0;
			for (let i = 1; i <= SIZE; i++) {
				const first = cells[squareAt(start)]!;
				if (i < SIZE && cells[squareAt(i)] === first) continue;
				const length = i - start;
				if ((first === 1 || first === 2) && length >= 3) {
					const squares = Array.from({length}, (_, k) => squareAt(start + k));
					found.push({player: first, direction, squares, length, points: RUN_POINTS[length]!});
				}
				start = i;
			}
		}
	}
	return found;
}

/** Points of X and of O on the board. */
export function scoreOf(cells: readonly number[]): [number, number] {
	const scores: [number, number] = [0, 0];
	for (const run of runs(cells)) scores[run.player - 1] = scores[run.player - 1]! + run.points;
	return scores;
}

export const countOf = (cells: readonly number[], cell: number): number =>
	cells.reduce((count, value) => count + (value === cell ? 1 : 0), 0);

/**
 * The side to move by the counts (equal → X, one more X → O), or null for counts no game reaches.
 */
export function sideToMoveOf(cells: readonly number[]): Player | null {
	const x = countOf(cells, 1);
	const o = countOf(cells, 2);
	return x === o ? 1 : x === o + 1 ? 2 : null;
}

/** The outcome of a full board by its scores, or null while an empty square is left. */
export function outcomeOf(cells: readonly number[], scores: readonly [number, number]): Outcome | null {
	if (cells.includes(EMPTY)) return null;
	const [x, o] = scores;
	if (x === o) return {result: 'tie', winner: null, reason: 'board-full', description: `a tie, ${x} to ${o}`};
	const winner: Player = x > o ? 1 : 2;
	const [high, low] = x > o ? [x, o] : [o, x];
	return {result: 'win', winner, reason: 'board-full', description: `${SIDES[winner - 1]} wins ${high} to ${low}`};
}

/**
 * A state from cells; throws RangeError if the cells are no PAH-TUM position (the file reader
 * checks first and says why in its own words).
 */
export function createState(cells: readonly number[], history: readonly number[] = []): PahtumState {
	if (cells.length !== SQUARES) throw new RangeError(`a PAH-TUM board has ${SQUARES} squares, not ${cells.length}`);
	const toMove = sideToMoveOf(cells);
	if (toMove === null) throw new RangeError(`${countOf(cells, 1)} X and ${countOf(cells, 2)} O: X has as many as O or one more`);
	const scores = scoreOf(cells);
	return {cells: [...cells], toMove, history: [...history], scores, outcome: outcomeOf(cells, scores)};
}

/** The empty squares, in square order: the legal moves (none once the game is over). */
export function legalMoves(state: PahtumState): number[] {
	const moves: number[] = [];
	state.cells.forEach((cell, square) => {
		if (cell === EMPTY) moves.push(square);
	});
	return moves;
}

/** Why `square` cannot take a marker now, or null if it can. */
export function whyNot(state: PahtumState, square: number): string | null {
	if (!Number.isInteger(square) || square < 0 || square >= SQUARES) return `${square} is not a square of the 7×7 grid`;
	if (state.outcome) return `the game is over (${state.outcome.description})`;
	const cell = state.cells[square]!;
	if (cell === BLOCKED) return `${squareName(square)} is blocked`;
	if (cell !== EMPTY) return `${squareName(square)} is taken by ${SIDES[cell - 1]}`;
	return null;
}

/** The state after the side to move puts its marker on `square`; RangeError if it cannot. */
export function play(state: PahtumState, square: number): PahtumState {
	const reason = whyNot(state, square);
	if (reason !== null) throw new RangeError(reason);
	const cells = [...state.cells];
	cells[square] = state.toMove;
	return createState(cells, [...state.history, square]);
}
