/**
 * The board's keys, shared by the play and analysis screens, as data and pure functions: the
 * cursor, the piece picked up, and a move being typed. The game decides what is legal; this
 * turns a key into a move, a message, or a new cursor.
 */
import type {AnyGame} from '../games/registry.js';
import type {Action} from './keys.js';
import type {BoardMarks} from './board.js';
import {moveCursor, pick, targetsFrom} from './pointer.js';

export interface BoardInput {
	/** The square under the cursor (rank * files + file, a1 = 0). */
	readonly cursor: number;
	/** The square of the piece picked up, or null. */
	readonly selected: number | null;
	/** The move being typed, or null when not typing. */
	readonly typing: string | null;
}

/** Whether the person may move now, and why not. */
export interface Permission {
	readonly canMove: boolean;
	readonly cannotMove: string;
}

/** What a key did: the input after it, and perhaps a move to play or something to say. */
export interface BoardOutcome {
	readonly input: BoardInput;
	readonly move?: number;
	readonly say?: {readonly text: string; readonly error: boolean};
}

/** The cursor on the middle of the home rank of `side` (the side to move by default), nothing picked up. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function boardInput(game: AnyGame, state: any, side?: number): BoardInput {
	const view = game.board(state);
	const rank = (side ?? game.toMove(state)) === 1 ? 0 : view.ranks - 1;
	return {cursor: rank * view.files + Math.floor(view.files / 2), selected: null, typing: null};
}

/** Nothing picked up and nothing typed: the position changed. */
export const dropped = (input: BoardInput): BoardInput => (input.selected === null && input.typing === null ? input : {...input, selected: null, typing: null});

/** The piece picked up, while it is still one of the side to move's (the position may have changed under it). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function selectedIn(input: BoardInput, game: AnyGame, state: any): number | null {
	return input.selected !== null && game.board(state).pieces[input.selected] === game.toMove(state) ? input.selected : null;
}

/** The cursor, the piece picked up and where it can go, for the board. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function boardMarks(input: BoardInput, game: AnyGame, state: any): Pick<BoardMarks, 'cursor' | 'selected' | 'targets'> {
	const selected = selectedIn(input, game, state);
	return {cursor: input.cursor, selected, targets: selected === null ? new Set<number>() : targetsFrom(game, state, selected)};
}

/** A key while a move is typed (every key goes to it then); null when no move is being typed. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function typingKey(input: BoardInput, name: string, game: AnyGame, state: any, permission: Permission): BoardOutcome | null {
	const text = input.typing;
	if (text === null) return null;
	if (name === 'escape') return {input: {...input, typing: null}};
	if (name === 'backspace') return {input: {...input, typing: text.slice(0, -1)}};
	if (name === 'space') return {input: {...input, typing: `${text} `}};
	if (name === 'enter') {
		const done = {...input, typing: null};
		const typed = text.trim();
		if (typed === '') return {input: done};
		if (!permission.canMove) return {input: done, say: {text: permission.cannotMove, error: true}};
		const parsed = game.parseMove(state, typed);
		if (!parsed.ok) return {input: done, say: {text: parsed.error, error: true}};
		return {input: {...done, selected: null}, move: parsed.value};
	}
	if ([...name].length === 1 && text.length < 20) return {input: {...input, typing: `${text}${name}`}};
	return {input};
}

/** A board action (cursor, pick and put, Esc, start typing); null when `action` is none of them. */
export function boardAction(
	input: BoardInput,
	action: Action,
	game: AnyGame,
	// eslint-disable-next-line @typescript-eslint/no-explicit-any
	state: any,
	flipped: boolean,
	permission: Permission,
): BoardOutcome | null {
	const view = game.board(state);
	const selected = selectedIn(input, game, state);
	switch (action) {
		case 'up':
		case 'down':
		case 'left':
		case 'right':
			return {input: {...input, cursor: moveCursor({cursor: input.cursor, selected}, action, view.files, view.ranks, flipped).cursor}};
		case 'cancel':
			return {input: {...input, selected: null}, ...(selected === null ? {} : {say: {text: 'Put the piece back', error: false}})};
		case 'type-move':
			return {input: {...input, typing: ''}};
		case 'select': {
			if (!permission.canMove) return {input, say: {text: permission.cannotMove, error: true}};
			const picked = pick(game, state, {cursor: input.cursor, selected});
			const next = {...input, cursor: picked.pointer.cursor, selected: picked.pointer.selected};
			if (picked.move !== undefined) return {input: next, move: picked.move};
			if (picked.message) return {input: next, say: {text: picked.message, error: true}};
			if (picked.pointer.selected === null) return {input: next};
			const count = targetsFrom(game, state, picked.pointer.selected).size;
			return {input: next, say: {text: `${view.squareName(picked.pointer.selected)}: ${count} move${count === 1 ? '' : 's'} (Enter on a marked square; Esc puts it back)`, error: false}};
		}
		default:
			return null;
	}
}

/** How the board and the move list are seen: flipped or not, the list scrolled back so many rows. */
export interface View {
	readonly flipped: boolean;
	readonly scroll: number;
}

/** The view's keys, the same on every screen with a board: f flips it, PgUp/PgDn scroll the move list. Null for any other action. */
export function viewAction<State extends View>(state: State, action: Action): State | null {
	switch (action) {
		case 'flip':
			return {...state, flipped: !state.flipped};
		case 'scroll-up':
			return {...state, scroll: state.scroll + 3};
		case 'scroll-down':
			return {...state, scroll: Math.max(0, state.scroll - 3)};
		default:
			return null;
	}
}
