/** The start menu as a reducer: the row under the cursor, the settings, the dialog open. */
import {games, type AnyGame} from '../games/registry.js';
import {LEVELS} from '../engine/levels.js';
import {dialogKey, helpDialog, openRefused, type HelpDialog, type LoadDialog} from './dialog-state.js';
import {actionFor} from './keys.js';
import {doing, stay, type Step} from './store.js';

export interface MenuChoices {
	/** The side the person plays, 1 or 2. */
	readonly side: 1 | 2;
	readonly level: number;
	/** Seconds per side, or null for no clock. */
	readonly clock: number | null;
}

export const CLOCKS: readonly (number | null)[] = [60, 120, 300, 30, null];

export type Row = 'game' | 'play' | 'side' | 'level' | 'clock' | 'two-players' | 'demo' | 'analyse' | 'open' | 'help' | 'quit';
export const ROWS: readonly Row[] = ['game', 'play', 'side', 'level', 'clock', 'two-players', 'demo', 'analyse', 'open', 'help', 'quit'];

/** What the list of saves was opened for. */
export type Purpose = 'analyse' | 'open';

export interface MenuState {
	readonly row: Row;
	readonly choices: MenuChoices;
	readonly game: AnyGame;
	readonly dialog: HelpDialog | (LoadDialog & {readonly purpose: Purpose}) | null;
	/** Something was chosen and the menu is being left: later keys are not its. */
	readonly left: boolean;
}

export type MenuAction =
	| {readonly type: 'key'; readonly name: string}
	/** The list of saves, read for a purpose. */
	| {readonly type: 'listed'; readonly dialog: LoadDialog; readonly purpose: Purpose}
	/** The file chosen in the list could not be opened. */
	| {readonly type: 'open-failed'; readonly error: string};

export type MenuEffect =
	| {readonly kind: 'play' | 'two-players'; readonly choices: MenuChoices; readonly game: AnyGame}
	| {readonly kind: 'demo'; readonly game: AnyGame}
	| {readonly kind: 'list'; readonly purpose: Purpose}
	| {readonly kind: 'open'; readonly path: string; readonly purpose: Purpose; readonly choices: MenuChoices}
	| {readonly kind: 'quit'; readonly code: number};

/** The cursor starts on "Play": Enter at once plays, as before the game could be chosen. */
export const menuState = (game: AnyGame, choices: MenuChoices): MenuState => ({row: 'play', choices, game, dialog: null, left: false});

type MenuStep = Step<MenuState, MenuEffect>;

const leave = (state: MenuState, effect: MenuEffect): MenuStep => doing({...state, dialog: null, left: true}, effect);

function change(state: MenuState, step: number): MenuState {
	const {choices} = state;
	const around = <T>(list: readonly T[], at: number): T => list[(at + step + list.length) % list.length]!;
	switch (state.row) {
		case 'game':
			return {...state, game: around(games, games.indexOf(state.game))};
		case 'side':
			return {...state, choices: {...choices, side: choices.side === 1 ? 2 : 1}};
		case 'level':
			return {...state, choices: {...choices, level: around(LEVELS, choices.level - 1).level}};
		case 'clock':
			return {...state, choices: {...choices, clock: around(CLOCKS, CLOCKS.indexOf(choices.clock))}};
		default:
			return state;
	}
}

function choose(state: MenuState): MenuStep {
	const {choices, game} = state;
	switch (state.row) {
		case 'game':
		case 'play':
		case 'side':
		case 'level':
		case 'clock':
			return leave(state, {kind: 'play', choices, game});
		case 'two-players':
			return leave(state, {kind: 'two-players', choices, game});
		case 'demo':
			return leave(state, {kind: 'demo', game});
		case 'analyse':
		case 'open':
			return doing(state, {kind: 'list', purpose: state.row});
		case 'help':
			return stay({...state, dialog: helpDialog('menu')});
		case 'quit':
			return leave(state, {kind: 'quit', code: 0});
	}
}

export function menuReducer(state: MenuState, action: MenuAction): MenuStep {
	if (state.left) return stay(state);
	if (action.type === 'listed') return stay({...state, dialog: {...action.dialog, purpose: action.purpose}});
	if (action.type === 'open-failed') return stay(state.dialog?.kind === 'load' ? {...state, dialog: {...openRefused(state.dialog, action.error), purpose: state.dialog.purpose}} : state);
	const {name} = action;
	const {dialog} = state;
	if (dialog !== null) {
		const answer = dialogKey(dialog, name);
		switch (answer.kind) {
			case 'stay':
				return stay({...state, dialog: dialog.kind === 'load' && answer.dialog.kind === 'load' ? {...answer.dialog, purpose: dialog.purpose} : (answer.dialog as HelpDialog)});
			case 'interrupt':
				return leave(state, {kind: 'quit', code: 130});
			case 'open':
				return doing(state, {kind: 'open', path: answer.path, purpose: dialog.kind === 'load' ? dialog.purpose : 'open', choices: state.choices});
			default:
				return stay({...state, dialog: null});
		}
	}
	if (name === 'ctrl+c') return leave(state, {kind: 'quit', code: 130});
	const at = ROWS.indexOf(state.row);
	switch (actionFor('menu', name)) {
		case 'up':
			return stay({...state, row: ROWS[(at - 1 + ROWS.length) % ROWS.length]!});
		case 'down':
			return stay({...state, row: ROWS[(at + 1) % ROWS.length]!});
		case 'left':
			return stay(change(state, -1));
		case 'right':
			return stay(change(state, 1));
		case 'select':
			return choose(state);
		case 'help':
			return stay({...state, dialog: helpDialog('menu')});
		case 'quit':
			return leave(state, {kind: 'quit', code: 0});
		default:
			return stay(state);
	}
}
