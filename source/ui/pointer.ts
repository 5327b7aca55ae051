/**
 * The board cursor and the piece picked up, as pure functions. Which moves exist is the game's
 * answer (legalMoves, parseMove); this only walks the squares and matches the player's two
 * picks against the moves the game lists.
 */
import {forcedPass} from '../games/game.js';
import type {AnyGame} from '../games/registry.js';

export interface Pointer {
	/** The square under the cursor (rank * files + file, a1 = 0). */
	readonly cursor: number;
	/** The square of the piece picked up, or null. */
	readonly selected: number | null;
}

export type Direction = 'up' | 'down' | 'left' | 'right';

/** The cursor one square on, as the board is seen (flipped: rank 1 at the top); it stops at the edge. */
export function moveCursor(pointer: Pointer, direction: Direction, files: number, ranks: number, flipped: boolean): Pointer {
	let file = pointer.cursor % files;
	let rank = Math.floor(pointer.cursor / files);
	const sign = flipped ? -1 : 1;
	if (direction === 'up') rank += sign;
	if (direction === 'down') rank -= sign;
	if (direction === 'right') file += sign;
	if (direction === 'left') file -= sign;
	file = Math.min(files - 1, Math.max(0, file));
	rank = Math.min(ranks - 1, Math.max(0, rank));
	return {...pointer, cursor: rank * files + file};
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const movesFrom = (game: AnyGame, state: any, square: number): number[] =>
	(game.legalMoves(state) as number[]).filter(move => game.moveEnds(state, move)[0] === square);

/** The destinations of the piece on `square`. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const targetsFrom = (game: AnyGame, state: any, square: number): Set<number> =>
	new Set(movesFrom(game, state, square).map(move => game.moveEnds(state, move)[1]!));

export interface Picked {
	readonly pointer: Pointer;
	/** The move completed by this pick, if any. */
	readonly move?: number;
	/** Why nothing happened, for the status line. */
	readonly message?: string;
}

/** Enter or Space on the cursor's square: pick up a piece, switch to another, put it down, or say why not. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function pick(game: AnyGame, state: any, pointer: Pointer): Picked {
	const square = pointer.cursor;
	const view = game.board(state);
	const name = view.squareName(square);
	const outcome = game.outcome(state);
	if (outcome) return {pointer: {...pointer, selected: null}, message: `The game is over: ${outcome.description}`};
	// Classic LOA: a side none of whose pieces can move passes, wherever the cursor stands.
	const pass = forcedPass(game, state);
	if (pass !== undefined) return {pointer: {...pointer, selected: null}, move: pass};
	const mover = game.toMove(state);
	const side = game.sides[mover - 1];
	if (pointer.selected === square) return {pointer: {...pointer, selected: null}};
	if (view.pieces[square] === mover) {
		if (movesFrom(game, state, square).length === 0) return {pointer, message: `The piece on ${name} has no legal move`};
		return {pointer: {...pointer, selected: square}};
	}
	if (pointer.selected === null) {
		const message = view.pieces[square] === 0 ? `There is no piece on ${name}: pick one of ${side}'s` : `${name} is not ${side}'s: pick one of ${side}'s pieces`;
		return {pointer, message};
	}
	const move = movesFrom(game, state, pointer.selected).find(candidate => game.moveEnds(state, candidate)[1] === square);
	if (move !== undefined) return {pointer: {...pointer, selected: null}, move};
	const parsed = game.parseMove(state, `${view.squareName(pointer.selected)} ${name}`);
	return {pointer, message: parsed.ok ? `${name} cannot be reached` : parsed.error};
}
