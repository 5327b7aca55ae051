/**
 * The dialogs — help, save, open — as data and pure key handling. The screen that opens one
 * keeps it in its own state and hands it each key while it is open; what the dialog answers
 * (close, save under a name, open a file) the screen carries out.
 */
import {listGames, tallies, type PlayedEntry, type Tally} from '../../files/games.js';
import {checkSaveName, listSaves, uniqueSaveName, type SaveEntry} from '../../files/saves.js';
import type {GamePhrases} from '../../games/game.js';
import type {KeyContext} from '../keys.js';

export interface HelpDialog {
	readonly kind: 'help';
	readonly context: KeyContext;
	/** Lines after the keys, for what a screen's keys do not say (the review's marks). */
	readonly notes?: readonly string[];
	/** The words of the game on the board, for the keys that play a move; none on the menu. */
	readonly phrases?: GamePhrases;
}

export interface SaveDialog {
	readonly kind: 'save';
	readonly dir: string;
	/** The name as typed so far. */
	readonly name: string;
	readonly problem: string | null;
	/** The file exists and the next Enter replaces it. */
	readonly confirming: boolean;
}

export interface LoadDialog {
	readonly kind: 'load';
	/** What the list is for, as its title says it: "Open a saved position" unless given. */
	readonly title?: string;
	readonly dir: string;
	readonly entries: readonly SaveEntry[];
	readonly index: number;
	readonly problem: string | null;
}

/** The finished games of the games folder (the menu's Games list): Enter reviews one, a opens its board. */
export interface GamesDialog {
	readonly kind: 'games';
	readonly dir: string;
	readonly entries: readonly PlayedEntry[];
	readonly tallies: readonly Tally[];
	readonly index: number;
	readonly problem: string | null;
}

export type Dialog = HelpDialog | SaveDialog | LoadDialog | GamesDialog;

/** What a key in a dialog comes to. */
export type DialogAnswer =
	| {readonly kind: 'stay'; readonly dialog: Dialog}
	| {readonly kind: 'close'}
	/** Ctrl-C: the screen leaves as Ctrl-C leaves it. */
	| {readonly kind: 'interrupt'}
	| {readonly kind: 'save'; readonly name: string; readonly replace: boolean}
	/** `purpose`, where the key says what for (the Games list: review or board). */
	| {readonly kind: 'open'; readonly path: string; readonly purpose?: 'review' | 'analyse'};

export const helpDialog = (context: KeyContext, phrases?: GamePhrases): HelpDialog => ({
	kind: 'help',
	context,
	...(phrases ? {phrases} : {}),
});

/** The save dialog, its name the date and time `date` gives (one not taken in `dir`). Reads the folder. */
export const saveDialog = (dir: string, date: Date): SaveDialog => ({
	kind: 'save',
	dir,
	name: uniqueSaveName(dir, date),
	problem: null,
	confirming: false,
});

/** The Games list of the games folder `dir` (`me`: its person's name over potm serve, see listGames). Reads the folder and every record in it. */
export function gamesDialog(dir: string, me: string | null = null): GamesDialog {
	const entries = listGames(dir, me);
	return {kind: 'games', dir, entries, tallies: tallies(entries), index: 0, problem: null};
}

/** The open dialog, listing `dir`. Reads the folder and every file in it. */
export const loadDialog = (dir: string, title?: string): LoadDialog => ({
	kind: 'load',
	...(title === undefined ? {} : {title}),
	dir,
	entries: listSaves(dir),
	index: 0,
	problem: null,
});

const stay = (dialog: Dialog): DialogAnswer => ({kind: 'stay', dialog});

export function dialogKey(dialog: Dialog, name: string): DialogAnswer {
	if (name === 'ctrl+c') return {kind: 'interrupt'};
	switch (dialog.kind) {
		case 'help':
			// Any key closes the help.
			return {kind: 'close'};
		case 'save':
			return saveKey(dialog, name);
		case 'load':
			return loadKey(dialog, name);
		case 'games':
			return gamesKey(dialog, name);
	}
}

/** The cursor of a list of `count` after a key: ↑ ↓ (k j) a row, Home End its ends; null for any other key. */
function listCursor(index: number, count: number, name: string): number | null {
	const last = Math.max(0, count - 1);
	if (name === 'up' || name === 'k') return Math.max(0, index - 1);
	if (name === 'down' || name === 'j') return Math.min(last, index + 1);
	if (name === 'home') return 0;
	if (name === 'end') return last;
	return null;
}

function gamesKey(dialog: GamesDialog, name: string): DialogAnswer {
	if (name === 'escape' || name === 'q') return {kind: 'close'};
	const index = listCursor(dialog.index, dialog.entries.length, name);
	if (index !== null) return stay({...dialog, index, problem: null});
	const entry = dialog.entries[dialog.index];
	if ((name === 'enter' || name === 'a') && entry) {
		return entry.error
			? stay({...dialog, problem: entry.error})
			: {kind: 'open', path: entry.path, purpose: name === 'enter' ? 'review' : 'analyse'};
	}
	return stay(dialog);
}

function saveKey(dialog: SaveDialog, name: string): DialogAnswer {
	if (name === 'escape') return {kind: 'close'};
	if (name === 'enter') {
		const chosen = dialog.name.trim();
		const bad = checkSaveName(chosen);
		if (bad) return stay({...dialog, problem: bad});
		return {kind: 'save', name: chosen, replace: dialog.confirming};
	}
	let typed = dialog.name;
	if (name === 'backspace') typed = typed.slice(0, -1);
	else if (name === 'ctrl+u') typed = '';
	else if (name === 'space') typed += ' ';
	else if ([...name].length === 1 && name >= ' ') typed += name;
	// Any other key is no letter of a name; it still takes back a question asked.
	return stay({...dialog, name: typed, problem: null, confirming: false});
}

function loadKey(dialog: LoadDialog, name: string): DialogAnswer {
	if (name === 'escape' || name === 'q') return {kind: 'close'};
	const index = listCursor(dialog.index, dialog.entries.length, name);
	if (index !== null) return stay({...dialog, index, problem: null});
	const entry = dialog.entries[dialog.index];
	if (name === 'enter' && entry) return entry.error ? stay({...dialog, problem: entry.error}) : {kind: 'open', path: entry.path};
	return stay(dialog);
}

/** What became of a save the dialog asked for. */
export type SaveOutcome =
	| {readonly kind: 'saved'; readonly path: string}
	| {readonly kind: 'exists'; readonly file: string}
	| {readonly kind: 'failed'; readonly error: string};

/** The save dialog after a save it asked for did not happen: the file exists (Enter again replaces it), or it failed. */
export function saveRefused(dialog: SaveDialog, outcome: Exclude<SaveOutcome, {kind: 'saved'}>): SaveDialog {
	return outcome.kind === 'exists'
		? {...dialog, confirming: true, problem: `${outcome.file} exists: Enter replaces it, Esc cancels`}
		: {...dialog, confirming: false, problem: outcome.error};
}

/** The open dialog after the file chosen could not be opened. */
export const openRefused = (dialog: LoadDialog, error: string): LoadDialog => ({...dialog, problem: error});
