/**
 * The lobby of a served potm as a reducer: its rows (the arcade, a new game for a friend, a code
 * to type, the open games, the games under way, quit), the row chosen, the code being typed and
 * the status line. The lobby's lists are the server's (play/remote.ts's LobbyView), handed in with
 * each key, so that a key acts on the lists as they stand when it is pressed.
 */
import {dialogKey, helpDialog, type HelpDialog} from '../dialogs/dialog-state.js';
import {actionFor} from '../keys.js';
import type {LobbyView, RoomSummary} from '../../play/remote.js';
import {doing, stay, type Step} from '../store.js';

export type LobbyRow =
	| {readonly kind: 'arcade' | 'create' | 'code' | 'quit'}
	/** A room waiting for a second player: Enter joins it, w watches. */
	| {readonly kind: 'open'; readonly room: RoomSummary}
	/** A game under way: Enter watches it, or goes back to one's own seat. */
	| {readonly kind: 'playing'; readonly room: RoomSummary};

/** What tells a row from the others while the lists change under it. */
export const rowKey = (row: LobbyRow): string =>
	row.kind === 'open' || row.kind === 'playing' ? `${row.kind} ${row.room.code}` : row.kind;

/** The lobby's rows, in the order shown. */
export const lobbyRows = (view: LobbyView): LobbyRow[] => [
	{kind: 'arcade'},
	{kind: 'create'},
	{kind: 'code'},
	...view.open.map(room => ({kind: 'open', room}) as const),
	...view.playing.map(room => ({kind: 'playing', room}) as const),
	{kind: 'quit'},
];

/** The longest code the entry takes: codes are XXX-XXX. */
const MAX_CODE = 12;

export interface LobbyState {
	/** The row chosen, by its key. */
	readonly row: string;
	/** Where it was: the row there is chosen when the row chosen leaves the lists. */
	readonly at: number;
	/** The code as typed, while one is typed. */
	readonly entry: string | null;
	readonly status: {readonly text: string; readonly error: boolean};
	readonly dialog: HelpDialog | null;
	/** A room, the menu or the end was chosen: later keys are not the lobby's. */
	readonly left: boolean;
}

export type LobbyAction =
	| {readonly type: 'key'; readonly name: string; readonly view: LobbyView}
	/** The server would not let the person in: why. */
	| {readonly type: 'refused'; readonly error: string}
	/** The person is in the room asked for. */
	| {readonly type: 'entered'};

export type LobbyEffect =
	| {readonly kind: 'arcade'}
	| {readonly kind: 'create'}
	| {readonly kind: 'enter'; readonly code: string; readonly as: 'play' | 'watch'}
	| {readonly kind: 'quit'; readonly code: number};

type LobbyStep = Step<LobbyState, LobbyEffect>;

export const lobbyState = (note = ''): LobbyState => ({
	row: 'arcade',
	at: 0,
	entry: null,
	status: {text: note, error: false},
	dialog: null,
	left: false,
});

/** The index of the row chosen among `rows`: the same row, else the one now where it was. */
export function chosenIndex(state: LobbyState, rows: readonly LobbyRow[]): number {
	const at = rows.findIndex(row => rowKey(row) === state.row);
	return at >= 0 ? at : Math.min(state.at, rows.length - 1);
}

const say = (state: LobbyState, text: string, error = false): LobbyState => ({...state, status: {text, error}});

const enter = (state: LobbyState, code: string, as: 'play' | 'watch'): LobbyStep =>
	doing(say(state, `${as === 'play' ? 'Joining' : 'Watching'} ${code}`), {kind: 'enter', code, as});

/** The prompt of the code entry, as the status line shows it. */
export const codePrompt = (typed: string): string => `Code: ${typed}_  Enter joins · Tab watches · Esc cancels`;

function entryKey(state: LobbyState, typed: string, name: string): LobbyStep {
	if (name === 'escape') return stay(say({...state, entry: null}, ''));
	if (name === 'backspace') return stay({...state, entry: typed.slice(0, -1)});
	if (name === 'enter' || name === 'tab') {
		const closed = {...state, entry: null};
		if (typed === '') return stay(say(closed, 'No code typed'));
		return enter(closed, typed, name === 'enter' ? 'play' : 'watch');
	}
	if (/^[a-z0-9-]$/i.test(name) && typed.length < MAX_CODE) return stay({...state, entry: `${typed}${name.toUpperCase()}`});
	return stay(state);
}

function choose(state: LobbyState, row: LobbyRow): LobbyStep {
	switch (row.kind) {
		case 'arcade':
			return doing({...state, left: true}, {kind: 'arcade'});
		case 'create':
			return doing({...state, left: true}, {kind: 'create'});
		case 'code':
			return stay({...state, entry: ''});
		case 'open':
			return enter(state, row.room.code, 'play');
		case 'playing':
			return enter(state, row.room.code, row.room.yours ? 'play' : 'watch');
		case 'quit':
			return doing({...state, left: true}, {kind: 'quit', code: 0});
	}
}

/** What the lobby's help says beyond its keys. */
const helpNotes = (view: LobbyView): string[] => [
	'Open games wait for a second player; games in progress can be watched by anyone, and a game of yours is taken up again where you left it.',
	`A friend joins a game of yours with: ${view.address} join CODE (or types the code in "Join or watch by code").`,
];

export function lobbyReducer(state: LobbyState, action: LobbyAction): LobbyStep {
	if (state.left) return stay(state);
	if (action.type === 'refused') return stay(say(state, action.error, true));
	if (action.type === 'entered') return stay({...state, left: true});
	const {name, view} = action;
	if (state.dialog) {
		const answer = dialogKey(state.dialog, name);
		return answer.kind === 'interrupt' ? doing({...state, left: true}, {kind: 'quit', code: 130}) : stay({...state, dialog: null});
	}
	if (name === 'ctrl+c') return doing({...state, left: true}, {kind: 'quit', code: 130});
	if (state.entry !== null) return entryKey(state, state.entry, name);
	const rows = lobbyRows(view);
	const at = chosenIndex(state, rows);
	const to = (index: number): LobbyStep => {
		const next = (index + rows.length) % rows.length;
		return stay({...state, row: rowKey(rows[next]!), at: next});
	};
	const row = rows[at]!;
	switch (actionFor('lobby', name)) {
		case 'up':
			return to(at - 1);
		case 'down':
			return to(at + 1);
		case 'select':
			return choose(state, row);
		case 'watch':
			return row.kind === 'open' || row.kind === 'playing'
				? enter(state, row.room.code, 'watch')
				: stay(say(state, 'w watches the game of a row: choose one of the open games or the games in progress', true));
		case 'help':
			return stay({...state, dialog: {...helpDialog('lobby'), notes: helpNotes(view)}});
		case 'quit':
			return doing({...state, left: true}, {kind: 'quit', code: 0});
		default:
			return stay(state);
	}
}
