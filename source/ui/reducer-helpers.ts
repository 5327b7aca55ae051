/**
 * What the reducers of the play and analysis screens do alike: say a line in the status bar, go
 * to a new position, judge whether the person may move, act on what a key did to the board, and
 * answer a key of "Go to move". Each screen passes in where it differs (what else a new position
 * lets go of, how it plays a move, where a move number leads).
 */
import {dropped, type BoardInput, type BoardOutcome, type Permission} from './boards/board-input.js';
import type {Status} from './play/play-model.js';
import * as S from '../play/session.js';
import {goToKey, positionName} from './walk.js';

/** A screen's state with a status line. */
interface Saying {
	readonly status: Status;
}

/** A screen's state with a board: the session shown, the move list's scroll, the board's cursor and piece picked up. */
interface OnBoard {
	readonly session: S.Session;
	readonly scroll: number;
	readonly input: BoardInput;
}

/** A screen's state that walks a game's line: the position shown (null: the game as it stands). */
interface Walking extends Saying {
	readonly view: number | null;
	readonly scroll: number;
	readonly input: BoardInput;
}

/**
 * The position at `index` of `session`'s line shown (the last: the game as it stands, not walked
 * back), said in the status line. A piece picked up belongs to the game as it stands, so it goes.
 */
export function walkedTo<State extends Walking>(state: State, session: S.Session, index: number): State {
	const live = session.line.length - 1;
	const target = Math.max(0, Math.min(live, index));
	if (target === live)
		return say({...state, view: null, scroll: 0}, state.view === null ? 'At the game as it stands' : 'Back to the game as it stands');
	const name = positionName(S.moveList(session), session.game.sides, target);
	return say({...state, view: target, scroll: 0, input: dropped(state.input)}, `Viewing ${name}: [ ] walk, End returns to the game`);
}

/** The state with `text` in the status line, as an error if `error`. */
export const say = <State extends Saying>(state: State, text: string, error = false): State => ({...state, status: {text, error}});

/**
 * Another position: the scroll and the piece picked up go, and so does whatever the screen keeps
 * of the position before (`also`: the play screen's hint, position walked to and premove).
 */
export const moved = <State extends OnBoard>(state: State, session: S.Session, also?: Partial<State>): State => ({
	...state,
	...also,
	session,
	scroll: 0,
	input: dropped(state.input),
});

/**
 * Whether the person may move now, and why not: not once the game is over, nor while the AI is
 * to move (a move typed then is kept as a premove). On the analysis board both sides are people.
 */
export function permission(session: S.Session): Permission {
	const outcome = S.outcomeOf(session);
	if (outcome) return {canMove: false, cannotMove: `The game is over: ${outcome.description}`};
	const mover = S.toMove(session);
	if (S.seatToMove(session).kind !== 'human')
		return {
			canMove: false,
			cannotMove: `${session.game.sides[mover - 1]} (the AI) is to move: wait for it, or type your move (m) to play it at once after`,
			canPremove: true,
		};
	return {canMove: true, cannotMove: ''};
}

/**
 * What a key did to the board, done: its input kept, then the move it made played (`play`), the
 * premove it made kept (`premove`, on a screen that has them), or what it says said.
 */
export function boardOutcome<State extends OnBoard & Saying>(
	state: State,
	outcome: BoardOutcome,
	play: (state: State, move: number) => State,
	premove?: (state: State, premove: string) => State,
): State {
	const next = {...state, input: outcome.input};
	if (outcome.premove !== undefined && premove) return premove(next, outcome.premove);
	if (outcome.move !== undefined) return play(next, outcome.move);
	return outcome.say ? say(next, outcome.say.text, outcome.say.error) : next;
}

/** A key while a move number is typed after g: the number edited, or, on Enter, `go` to where it leads. */
export function goToAnswer<State extends {readonly goTo: string | null}>(
	state: State,
	typed: string,
	name: string,
	go: (closed: State, number: number) => State,
): State {
	const step = goToKey(typed, name);
	const closed = {...state, goTo: step.typed};
	return step.go === undefined ? closed : go(closed, step.go);
}
