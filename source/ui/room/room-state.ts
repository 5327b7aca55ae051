/**
 * A room of a served potm as a reducer: a game between two people that the server holds, seen by
 * one of its players or by someone watching. The game is the server's (play/remote.ts's RoomView,
 * handed in with each key and each change): this keeps only how it is seen (the cursor, the move
 * typed, the position walked to, the board flipped), the line of chat being typed, the question
 * asked and the status line. What the person asks of the server (a move, a draw, a resignation,
 * a line of chat, a rematch) goes out as effects, and a refusal comes back with the server's
 * reason.
 */
import {other, type Player} from '../../games/game.js';
import {
	boardAction,
	boardInput,
	dropped,
	pickedIn,
	typingKey,
	viewAction,
	type BoardInput,
	type BoardOutcome,
	type Permission,
} from '../boards/board-input.js';
import {dialogKey, helpDialog, type HelpDialog} from '../dialogs/dialog-state.js';
import {playedText} from '../format.js';
import {actionFor, keyFor, type Action, type KeyContext} from '../keys.js';
import type {Status} from '../play/play-model.js';
import {say, walkedTo} from '../reducer-helpers.js';
import {MAX_CHAT, type RoomView} from '../../play/remote.js';
import * as S from '../../play/session.js';
import {doing, stay, type Step} from '../store.js';

export interface RoomState {
	readonly code: string;
	/** The side the person plays, or null: watching. */
	readonly side: Player | null;
	readonly input: BoardInput;
	readonly flipped: boolean;
	/** Rows the move list is scrolled back. */
	readonly scroll: number;
	/** The position shown while the game is walked, an index into the room's line (never its last); null: the game as it stands. */
	readonly view: number | null;
	readonly status: Status;
	readonly question: {readonly kind: 'resign' | 'leave'; readonly text: string} | null;
	/** The line of chat as typed, while one is typed. */
	readonly chat: string | null;
	readonly dialog: HelpDialog | null;
	/** The room as last seen: what changed since is told in the status line. */
	readonly seen: RoomView;
	/** The screen is being left: nothing more happens here. */
	readonly left: boolean;
}

export type RoomAction =
	| {readonly type: 'key'; readonly name: string; readonly room: RoomView}
	/** The room changed on the server (undefined: it is gone). */
	| {readonly type: 'room'; readonly room: RoomView | undefined}
	/** The server turned down what was asked: why. */
	| {readonly type: 'refused'; readonly error: string};

export type RoomEffect =
	| {readonly kind: 'move'; readonly move: number}
	| {readonly kind: 'resign'}
	| {readonly kind: 'draw'}
	| {readonly kind: 'decline'}
	| {readonly kind: 'rematch'}
	| {readonly kind: 'say'; readonly text: string}
	/** Back to the lobby, with a word on why where it was not asked for. */
	| {readonly kind: 'lobby'; readonly note?: string}
	/** To the rematch's room, playing or watching as here. */
	| {readonly kind: 'follow'; readonly code: string; readonly as: 'play' | 'watch'};

type RoomStep = Step<RoomState, RoomEffect>;

/** The name of the person on a side, or "nobody yet". */
export const playerName = (room: RoomView, side: Player): string => room.players[side - 1]?.name ?? 'nobody yet';

const isOver = (room: RoomView): boolean => S.isOver(room.session);

export const roomContext = (room: RoomView): KeyContext => (isOver(room) ? 'room-over' : 'room');

export function roomState(code: string, side: Player | null, room: RoomView): RoomState {
	const {game} = room;
	const position = S.current(room.session);
	const opponent = side === null ? null : room.players[other(side) - 1];
	return {
		code,
		side,
		input: boardInput(game, position, side ?? undefined),
		flipped: side === 2 && game.board(position).turnsForSecond,
		scroll: 0,
		view: null,
		status: {
			text:
				side === null
					? `You are watching ${code}`
					: opponent
						? `You play ${game.sides[side - 1]} against ${opponent.name}`
						: 'Waiting for a second player to join',
			error: false,
		},
		question: null,
		chat: null,
		dialog: null,
		seen: room,
		left: false,
	};
}

/** Whether the person may move now, and why not: the server decides in the end, this only spares asking in vain. */
export function roomPermission(room: RoomView, side: Player | null): Permission {
	if (side === null) return {canMove: false, cannotMove: 'You are watching: only the players move'};
	if (!room.started) return {canMove: false, cannotMove: 'Waiting for a second player: the game begins when they join'};
	const outcome = S.outcomeOf(room.session);
	if (outcome) return {canMove: false, cannotMove: `The game is over: ${outcome.description}`};
	const mover = S.toMove(room.session);
	if (mover !== side)
		return {canMove: false, cannotMove: `${room.game.sides[mover - 1]} (${playerName(room, mover)}) is to move: wait for their move`};
	return {canMove: true, cannotMove: ''};
}

/** The index into the room's line of the position shown. */
export const shownIn = (state: RoomState, room: RoomView): number => state.view ?? room.session.line.length - 1;

const walkTo = (state: RoomState, room: RoomView, index: number): RoomState => walkedTo(state, room.session, index);

function walk(state: RoomState, room: RoomView, action: Action): RoomState | null {
	const at = shownIn(state, room);
	switch (action) {
		case 'walk-back':
			return at === 0 ? say(state, 'At the first position', true) : walkTo(state, room, at - 1);
		case 'walk-on':
			return state.view === null ? say(state, 'At the game as it stands', true) : walkTo(state, room, at + 1);
		case 'walk-first':
			return walkTo(state, room, 0);
		case 'walk-last':
			return walkTo(state, room, room.session.line.length - 1);
		default:
			return null;
	}
}

/** Keys that act on the game: while a past position is shown they first go back to the game as it stands. */
const ON_THE_GAME: ReadonlySet<Action> = new Set<Action>(['select', 'type-move', 'draw', 'decline-draw', 'resign']);

/** The board's keys, which a watcher is told are the players' (the cursor, a pick, a move typed). */
const WATCHERS_DO_NOT: ReadonlySet<Action> = new Set<Action>(['up', 'down', 'left', 'right', 'select', 'type-move']);

const ask = (state: RoomState, kind: 'resign' | 'leave', text: string): RoomState => ({...state, question: {kind, text}});

/** Back to the lobby; a player in a game under way is asked first (the seat is kept, the clock runs). */
function leaving(state: RoomState, room: RoomView): RoomStep {
	if (state.side !== null && room.started && !isOver(room))
		return stay(
			ask(state, 'leave', `Leave? Your seat is kept and your clock runs; come back with join ${state.code}. y leaves, any other key stays`),
		);
	return doing({...state, left: true}, {kind: 'lobby'});
}

/** Why a spectator cannot do what a player can. */
const watching = (state: RoomState, what: string): RoomState => say(state, `You are watching: only the players ${what}`, true);

function act(state: RoomState, room: RoomView, action: Action): RoomStep {
	const {game, session} = room;
	const position = S.current(session);
	const allowed = roomPermission(room, state.side);
	if (action === 'cancel' && pickedIn(state.input, game, position).length === 0) return leaving(state, room);
	if (roomContext(room) === 'room') {
		// A watcher has no cursor, and is told at once, not after typing a whole move.
		if (state.side === null && WATCHERS_DO_NOT.has(action)) return stay(say(state, allowed.cannotMove, true));
		const onBoard = boardAction(state.input, action, game, position, state.flipped, allowed);
		if (onBoard) return played(state, room, onBoard);
	}
	const viewed = viewAction(state, action);
	if (viewed) return stay(viewed);
	const side = state.side;
	const opponent = side === null ? '' : playerName(room, other(side));
	switch (action) {
		case 'draw':
			if (side === null) return stay(watching(state, 'offer draws'));
			if (!room.started) return stay(say(state, 'The game has not begun: nobody to offer a draw to', true));
			if (room.drawOffer === side) return stay(say(state, `You have offered a draw; waiting for ${opponent}`));
			return doing(say(state, room.drawOffer === other(side) ? 'You accept the draw' : `You offer a draw; waiting for ${opponent}`), {
				kind: 'draw',
			});
		case 'decline-draw':
			if (side === null) return stay(watching(state, 'answer a draw offered'));
			if (room.drawOffer !== other(side)) return stay(say(state, 'No draw is offered (d offers one)', true));
			return doing(say(state, 'You turn down the draw'), {kind: 'decline'});
		case 'resign':
			if (side === null) return stay(watching(state, 'resign'));
			return stay(ask(state, 'resign', 'Resign this game? y resigns, any other key goes on'));
		case 'rematch':
			if (side === null) return stay(watching(state, 'ask for a rematch'));
			if (room.rematch[side - 1]) return stay(say(state, `You have asked for a rematch; waiting for ${opponent}`));
			return doing(
				say(state, room.rematch[other(side) - 1] ? 'Rematch: to the new game' : `Asked for a rematch; waiting for ${opponent}`),
				{kind: 'rematch'},
			);
		case 'chat':
			if (side === null) return stay(say(state, 'You are watching: only the players chat here', true));
			return stay({...state, chat: ''});
		case 'help':
			return stay({...state, dialog: helpDialog(roomContext(room), game.phrases)});
		case 'lobby':
		case 'cancel':
			return leaving(state, room);
		default:
			return stay(state);
	}
}

/** What a key did to the board: its input kept, then the move it made asked of the server, or what it says said. */
function played(state: RoomState, room: RoomView, outcome: BoardOutcome): RoomStep {
	const next = {...state, input: outcome.input};
	if (outcome.move !== undefined)
		return doing(say(next, playedText(room.game, S.current(room.session), outcome.move)), {kind: 'move', move: outcome.move});
	return stay(outcome.say ? say(next, outcome.say.text, outcome.say.error) : next);
}

function chatKey(state: RoomState, typed: string, name: string): RoomStep {
	if (name === 'escape' || name === 'ctrl+c') return stay(say({...state, chat: null}, 'Nothing said'));
	if (name === 'backspace') return stay({...state, chat: typed.slice(0, -1)});
	if (name === 'enter') {
		const text = typed.trim();
		return text === '' ? stay({...state, chat: null}) : doing({...state, chat: null}, {kind: 'say', text});
	}
	const character = name === 'space' ? ' ' : name;
	if ([...character].length === 1 && character >= ' ' && typed.length < MAX_CHAT) return stay({...state, chat: `${typed}${character}`});
	return stay(state);
}

function key(state: RoomState, name: string, room: RoomView): RoomStep {
	if (state.question) {
		const yes = name === 'y' || (name === 'ctrl+c' && state.question.kind === 'leave');
		const closed = {...state, question: null};
		if (!yes) return stay(say(closed, state.question.kind === 'resign' ? 'Not resigned: the game goes on' : 'You stay'));
		return state.question.kind === 'resign'
			? doing(say(closed, 'You resign'), {kind: 'resign'})
			: doing({...closed, left: true}, {kind: 'lobby'});
	}
	if (state.dialog) {
		dialogKey(state.dialog, name);
		return stay({...state, dialog: null});
	}
	if (state.chat !== null) return chatKey(state, state.chat, name);
	const {game, session} = room;
	const position = S.current(session);
	const typed = typingKey(state.input, name, game, position, roomPermission(room, state.side));
	if (typed) return played(state, room, typed);
	const action = actionFor(roomContext(room), name);
	if (action === undefined) return stay(state);
	const walked = walk(state, room, action);
	if (walked) return stay(walked);
	if (state.view !== null) {
		if (action === 'cancel') return stay(walkTo(state, room, session.line.length - 1));
		// A watcher stays where they walked: none of those keys is theirs.
		if (ON_THE_GAME.has(action) && state.side !== null) return act(walkTo(state, room, session.line.length - 1), room, action);
	}
	return act(state, room, action);
}

/** What changed in the room since it was last seen, told in the status line; the view walked to is kept. */
function news(state: RoomState, room: RoomView): RoomStep {
	const before = state.seen;
	const seen = {...state, seen: room};
	if (room.closed) return doing({...seen, left: true}, {kind: 'lobby', note: `${state.code} was closed: ${room.closed}`});
	if (room.next !== null)
		return doing({...seen, left: true}, {kind: 'follow', code: room.next, as: state.side === null ? 'watch' : 'play'});
	const {game, session} = room;
	const side = state.side;
	const named = (player: Player) => (player === side ? 'you' : playerName(room, player));
	let next: RoomState = seen;
	const tell = (text: string, error = false) => {
		next = say(next, text, error);
	};
	// The clocks run once both players have been here together (the server's rule): a new seat taken says which it is.
	const running = room.session.runningSince !== null;
	if (!before.started && room.started)
		tell(
			`${playerName(room, before.players[0] === null ? 1 : 2)} joined: ${running ? 'the game begins' : 'the game begins when both are here'}`,
		);
	if (before.session.runningSince === null && running && room.session.moves.length === 0 && before.started)
		tell('Both are here: the game begins');
	for (const player of [1, 2] as const) {
		if (player === side || room.players[player - 1] === null || before.players[player - 1] === null) continue;
		if (before.present[player - 1] && !room.present[player - 1]) tell(`${named(player)} is away${running ? '; the clock runs' : ''}`);
		if (!before.present[player - 1] && room.present[player - 1]) tell(`${named(player)} is back`);
	}
	const count = session.moves.length;
	if (count !== before.session.moves.length) {
		const last = count > 0 ? playedText(game, session.line[count - 1], session.moves[count - 1]!) : 'The moves were taken back';
		// A position walked to stays in view; the moves are only told.
		const walking = state.view !== null;
		next = walking ? next : {...next, view: null, input: dropped(next.input)};
		tell(walking ? `New move: ${last} (] or End to catch up)` : last);
	}
	if (side !== null && room.drawOffer === other(side) && before.drawOffer !== room.drawOffer)
		tell(`${named(other(side))} offers a draw: d accepts, n declines`);
	if (side !== null && before.drawOffer === side && room.drawOffer === null && !isOver(room) && count === before.session.moves.length)
		tell(`${named(other(side))} turned down the draw`);
	if (!isOver(before) && isOver(room)) {
		tell(S.outcomeOf(session)!.description);
		next = {...next, question: null, input: dropped(next.input)};
	}
	for (const player of [1, 2] as const)
		if (player !== side && room.rematch[player - 1] && !before.rematch[player - 1])
			tell(
				side === null
					? `${named(player)} asks for a rematch`
					: `${named(player)} asks for a rematch: ${keyFor('room-over', 'rematch')} accepts`,
			);
	return stay(next);
}

export function roomReducer(state: RoomState, action: RoomAction): RoomStep {
	if (state.left) return stay(state);
	switch (action.type) {
		case 'key':
			return key(state, action.name, action.room);
		case 'room':
			return action.room ? news(state, action.room) : doing({...state, left: true}, {kind: 'lobby', note: `${state.code} is gone`});
		case 'refused':
			return stay(say(state, action.error, true));
	}
}
