/**
 * The board's keys, shared by the play and analysis screens, as data and pure functions: the
 * cursor, the piece picked up, and a move being typed. The game decides what is legal; this
 * turns a key into a move, a message, or a new cursor.
 */
import type {AnyGame} from '../../games/registry.js';
import {actionFor, type Action} from '../keys.js';
import type {BoardMarks} from './index.js';
import {moveCursor, movesBeginning, nextPoints, pick, stillPicked} from './pointer.js';

export interface BoardInput {
	/** The square under the cursor, in the game's numbering. */
	readonly cursor: number;
	/** The points of a move picked so far (LOA's piece), in order. */
	readonly picked: readonly number[];
	/** The move being typed, or null when not typing. */
	readonly typing: string | null;
}

/** Whether the person may move now, and why not. */
export interface Permission {
	readonly canMove: boolean;
	readonly cannotMove: string;
	/** Whether a move typed now is kept as a premove, to play once the AI has answered. */
	readonly canPremove?: boolean;
}

/** What a key did: the input after it, and perhaps a move to play or something to say. */
export interface BoardOutcome {
	readonly input: BoardInput;
	readonly move?: number;
	/** A move typed while the AI is to move, as typed: played when the person's turn comes, if legal then. */
	readonly premove?: string;
	readonly say?: {readonly text: string; readonly error: boolean};
}

const NOTHING: readonly number[] = [];

/** The cursor on the home square of `side` (the side to move by default), nothing picked. */
export function boardInput(game: AnyGame, state: unknown, side?: number): BoardInput {
	const view = game.board(state);
	return {cursor: view.home[(side ?? game.toMove(state)) === 1 ? 0 : 1], picked: NOTHING, typing: null};
}

/** Nothing picked and nothing typed: the position changed. */
export const dropped = (input: BoardInput): BoardInput =>
	input.picked.length === 0 && input.typing === null ? input : {...input, picked: NOTHING, typing: null};

/** The points picked, while they still begin a legal move (the position may have changed under them). */
export function pickedIn(input: BoardInput, game: AnyGame, state: unknown): readonly number[] {
	return stillPicked(game, state, input.picked) ? input.picked : NOTHING;
}

/** The cursor, the points picked and where the next can go, for the board. */
export function boardMarks(input: BoardInput, game: AnyGame, state: unknown): Pick<BoardMarks, 'cursor' | 'picked' | 'targets'> {
	const picked = pickedIn(input, game, state);
	return {cursor: input.cursor, picked, targets: picked.length === 0 ? new Set<number>() : nextPoints(game, state, picked)};
}

/** A key while a move is typed (every key goes to it then); null when no move is being typed. */
export function typingKey(input: BoardInput, name: string, game: AnyGame, state: unknown, permission: Permission): BoardOutcome | null {
	const text = input.typing;
	if (text === null) return null;
	if (name === 'escape') return {input: {...input, typing: null}};
	if (name === 'backspace') return {input: {...input, typing: text.slice(0, -1)}};
	if (name === 'space') return {input: {...input, typing: `${text} `}};
	if (name === 'enter') {
		const done = {...input, typing: null};
		const typed = text.trim();
		if (typed === '') return {input: done};
		if (!permission.canMove && permission.canPremove) return {input: done, premove: typed};
		if (!permission.canMove) return {input: done, say: {text: permission.cannotMove, error: true}};
		const parsed = game.parseMove(state, typed);
		if (!parsed.ok) return {input: done, say: {text: parsed.error, error: true}};
		return {input: {...done, picked: NOTHING}, move: parsed.value};
	}
	if ([...name].length === 1 && text.length < 20) return {input: {...input, typing: `${text}${name}`}};
	return {input};
}

/** A board action (cursor, pick and put, Esc, start typing); null when `action` is none of them. */
export function boardAction(
	input: BoardInput,
	action: Action,
	game: AnyGame,
	state: unknown,
	flipped: boolean,
	permission: Permission,
): BoardOutcome | null {
	const view = game.board(state);
	const picked = pickedIn(input, game, state);
	switch (action) {
		case 'up':
		case 'down':
		case 'left':
		case 'right':
			return {input: {...input, picked, cursor: moveCursor(input.cursor, action, view, flipped)}};
		case 'cancel':
			return {
				input: {...input, picked: NOTHING},
				...(picked.length === 0 ? {} : {say: {text: `Let go of ${view.squareName(picked[picked.length - 1]!)}`, error: false}}),
			};
		case 'type-move':
			return {input: {...input, typing: ''}};
		case 'select': {
			if (!permission.canMove) return {input, say: {text: permission.cannotMove, error: true}};
			const result = pick(game, state, {cursor: input.cursor, picked});
			const next = {...input, cursor: result.pointer.cursor, picked: result.pointer.picked};
			if (result.move !== undefined) return {input: next, move: result.move};
			if (result.message) return {input: next, say: {text: result.message, error: true}};
			if (result.pointer.picked.length === 0) return {input: next};
			const count = movesBeginning(game, state, result.pointer.picked).length;
			const last = result.pointer.picked[result.pointer.picked.length - 1]!;
			return {
				input: next,
				say: {
					text: `${view.squareName(last)}: ${count} move${count === 1 ? '' : 's'} (Enter on ${game.phrases.target ?? 'a marked square'}; Esc lets go)`,
					error: false,
				},
			};
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

/**
 * The rest of a key on a board where a person looks for one move (a lesson's step, a puzzle), once
 * typing and the screen's own keys have had it: the play screen's keys for the cursor, picks and
 * the view, and q. What it was, for the screen's reducer to act on.
 */
export type SeekingKey =
	| {readonly kind: 'board'; readonly outcome: BoardOutcome}
	| {readonly kind: 'view'; readonly view: View}
	| {readonly kind: 'quit'; readonly code: number}
	| {readonly kind: 'none'};

export function seekingKey(input: BoardInput, view: View, name: string, game: AnyGame, state: unknown, permission: Permission): SeekingKey {
	const action = actionFor('play', name);
	if (action === undefined) return {kind: 'none'};
	if (action === 'quit') return {kind: 'quit', code: name === 'ctrl+c' ? 130 : 0};
	const viewed = viewAction(view, action);
	if (viewed) return {kind: 'view', view: viewed};
	const outcome = boardAction(input, action, game, state, view.flipped, permission);
	return outcome ? {kind: 'board', outcome} : {kind: 'none'};
}
