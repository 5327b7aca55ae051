/**
 * The board cursor and the points picked so far, as pure functions. A move is a sequence of board
 * points (the game's moveEnds): LOA's [from, to], PAH-TUM's [square], LINES and BOXES' [vertex,
 * vertex]. Each pick narrows the legal moves to those that begin with the points picked, and a
 * move is played as soon as the picks complete one. Which moves exist is the game's answer; this
 * only walks the board and matches picks against the moves the game lists.
 */
import {forcedPass, type BoardView} from '../../games/game.js';
import type {AnyGame} from '../../games/registry.js';

export interface Pointer {
	/** The square under the cursor, in the game's numbering. */
	readonly cursor: number;
	/** The points picked so far, in order; empty when nothing is. */
	readonly picked: readonly number[];
}

export type Direction = 'up' | 'down' | 'left' | 'right';

/** The cursor one square on, as the board is seen (flipped: turned half round); it stops at the edge. */
export function moveCursor(cursor: number, direction: Direction, view: BoardView, flipped: boolean): number {
	let [row, column] = view.placeOf(cursor);
	const sign = flipped ? -1 : 1;
	if (direction === 'up') row -= sign;
	if (direction === 'down') row += sign;
	if (direction === 'right') column += sign;
	if (direction === 'left') column -= sign;
	column = Math.min(view.columns - 1, Math.max(0, column));
	row = Math.min(view.rows - 1, Math.max(0, row));
	return view.squareAt(row, column);
}

/**
 * Whether a move with these ends begins with `points`: in order (LOA's from, then to), or in any
 * order for a game whose moves' ends are alike (a segment's two ends, picked either way round).
 */
const startsWith = (ends: readonly number[], points: readonly number[], anyOrder: boolean): boolean =>
	ends.length > points.length && points.every((point, index) => (anyOrder ? ends.includes(point) : ends[index] === point));

/** The points that can come after `points` in a move with these ends. */
const following = (ends: readonly number[], points: readonly number[], anyOrder: boolean): readonly number[] =>
	anyOrder ? ends.filter(end => !points.includes(end)) : [ends[points.length]!];

/** The legal moves that begin with `points`, with their ends. */
export function movesBeginning(game: AnyGame, state: unknown, points: readonly number[]): {move: number; ends: readonly number[]}[] {
	const anyOrder = game.pickInAnyOrder === true;
	return (game.legalMoves(state) as number[])
		.map(move => ({move, ends: game.moveEnds(state, move)}))
		.filter(({ends}) => startsWith(ends, points, anyOrder));
}

/** Where the next pick can go after `points` (the picked piece's destinations in LOA). */
export const nextPoints = (game: AnyGame, state: unknown, points: readonly number[]): Set<number> =>
	new Set(movesBeginning(game, state, points).flatMap(({ends}) => following(ends, points, game.pickInAnyOrder === true)));

/** Whether `points` still begin a legal move here (the position may have changed under them). */
export const stillPicked = (game: AnyGame, state: unknown, points: readonly number[]): boolean =>
	points.length === 0 || movesBeginning(game, state, points).length > 0;

export interface Picked {
	readonly pointer: Pointer;
	/** The move completed by this pick, if any. */
	readonly move?: number;
	/** Why nothing happened, for the status line. */
	readonly message?: string;
}

/**
 * Enter or Space on the cursor's square: pick it as the next point of a move, start afresh from it
 * (another piece), take back the last pick (the same square again), play the move it completes,
 * or say why not.
 */
export function pick(game: AnyGame, state: unknown, pointer: Pointer): Picked {
	const square = pointer.cursor;
	const outcome = game.outcome(state);
	if (outcome) return {pointer: {...pointer, picked: []}, message: `The game is over: ${outcome.description}`};
	// Classic LOA: a side none of whose pieces can move passes, wherever the cursor stands.
	const pass = forcedPass(game, state);
	if (pass !== undefined) return {pointer: {...pointer, picked: []}, move: pass};
	const {picked} = pointer;
	if (picked.length > 0 && picked[picked.length - 1] === square) return {pointer: {...pointer, picked: picked.slice(0, -1)}};
	for (const points of picked.length > 0 ? [picked, []] : [picked]) {
		const anyOrder = game.pickInAnyOrder === true;
		const leading = movesBeginning(game, state, points).filter(({ends}) => following(ends, points, anyOrder).includes(square));
		const complete = leading.find(({ends}) => ends.length === points.length + 1);
		if (complete) return {pointer: {...pointer, picked: []}, move: complete.move};
		if (leading.length > 0) return {pointer: {...pointer, picked: [...points, square]}};
	}
	return {pointer, message: game.explainPick(state, [...picked, square])};
}
