/**
 * Every key of the program, as data: the screens look keys up here and the help screen (`?`)
 * prints this same table, so what help says is what the keys do.
 */

import type {GamePhrases} from '../games/game.js';

/**
 * Where a key is pressed: each screen (and the game-over panel) has its own keys. The lobby and
 * the rooms (a game between two people on the server, or watched) are a served potm's only.
 */
export type KeyContext = 'menu' | 'play' | 'over' | 'analysis' | 'demo' | 'review' | 'lobby' | 'room' | 'room-over';

export type Action =
	| 'up'
	| 'down'
	| 'left'
	| 'right'
	| 'select'
	| 'cancel'
	| 'type-move'
	| 'undo'
	| 'redo'
	| 'walk-back'
	| 'walk-on'
	| 'walk-first'
	| 'walk-last'
	| 'walk-to'
	| 'follow-line'
	| 'square-size'
	| 'review'
	| 'export'
	| 'more-time'
	| 'less-time'
	| 'hint'
	| 'resign'
	| 'new-game'
	| 'rematch'
	| 'save'
	| 'load'
	| 'flip'
	| 'scroll-up'
	| 'scroll-down'
	| 'more-lines'
	| 'fewer-lines'
	| 'pause'
	| 'step'
	| 'faster'
	| 'slower'
	| 'menu'
	| 'help'
	| 'quit'
	| 'watch'
	| 'draw'
	| 'decline-draw'
	| 'chat'
	| 'lobby';

export interface Binding {
	readonly action: Action;
	/** Key names as keyName() gives them: 'up', 'enter', 'ctrl+c', or the character itself. */
	readonly keys: readonly string[];
	readonly contexts: readonly KeyContext[];
	/** What it does, for the help screen; {select} and {move} are the game's words (labelOf). */
	readonly label: string;
	/**
	 * Bindings of a context with the same row share one row of the help (keys, then labels
	 * joined by "; "), so that a screen's help fits in 24 rows.
	 */
	readonly row?: string;
}

const BOARD: readonly KeyContext[] = ['play', 'over', 'analysis'];
/** The cursor's keys: the boards a person can play on. */
const CURSOR: readonly KeyContext[] = [...BOARD, 'room'];
const ROOM: readonly KeyContext[] = ['room', 'room-over'];
const GAME: readonly KeyContext[] = ['play', 'over', 'analysis', 'demo', 'review', ...ROOM];
const ALL: readonly KeyContext[] = ['menu', 'play', 'over', 'analysis', 'demo', 'review', 'lobby', ...ROOM];

/** The labels the help fills in from the game being played (its phrases): see labelOf. */
const SELECT_LABEL = '{select}';
const TYPE_MOVE_LABEL = 'type a move, e.g. {move}';

/** A binding's label for the help, in the words of the game played (`phrases`), or in general words without one. */
export function labelOf(binding: Binding, phrases?: GamePhrases): string {
	return binding.label.replace('{select}', phrases?.select ?? 'play at the cursor').replace('{move}', phrases?.moveExample ?? 'b1 d3');
}

export const BINDINGS: readonly Binding[] = [
	{action: 'up', keys: ['up', 'k'], contexts: ['menu', 'lobby'], label: 'the item above'},
	{action: 'down', keys: ['down', 'j'], contexts: ['menu', 'lobby'], label: 'the item below'},
	{action: 'left', keys: ['left', 'h'], contexts: ['menu'], label: 'change the setting (game, board, side, level, clock, bell)'},
	{action: 'right', keys: ['right', 'l'], contexts: ['menu'], label: 'change the setting the other way'},
	{action: 'select', keys: ['enter', 'space'], contexts: ['menu'], label: 'start what the item says'},
	{
		action: 'square-size',
		keys: ['3', '4', '5', '6', '7', '8'],
		contexts: ['menu'],
		label: 'on the Size row: that square size at once (← → one step)',
	},
	{
		action: 'select',
		keys: ['enter', 'space'],
		contexts: ['lobby'],
		label: 'what the row says: join an open game, watch one under way (or go back to your seat in yours)',
	},
	{action: 'watch', keys: ['w'], contexts: ['lobby'], label: 'watch the game of the row, open or under way'},
	{action: 'up', keys: ['up', 'k'], contexts: CURSOR, label: 'cursor up'},
	{action: 'down', keys: ['down', 'j'], contexts: CURSOR, label: 'cursor down'},
	{action: 'left', keys: ['left', 'h'], contexts: CURSOR, label: 'cursor left'},
	{action: 'right', keys: ['right', 'l'], contexts: CURSOR, label: 'cursor right'},
	{action: 'select', keys: ['enter', 'space'], contexts: ['play', 'analysis', 'room'], label: SELECT_LABEL},
	{action: 'cancel', keys: ['escape'], contexts: ['play', 'analysis'], label: 'let go of what is picked, or a premove; else the menu'},
	{action: 'cancel', keys: ['escape'], contexts: ROOM, label: 'let go of what is picked; else back to the lobby (as q)'},
	{action: 'type-move', keys: ['m', ':'], contexts: ['play', 'analysis', 'room'], label: TYPE_MOVE_LABEL},
	{action: 'undo', keys: ['u'], contexts: ['play', 'over'], label: 'take back your move and the reply (not the time used)'},
	{action: 'redo', keys: ['r'], contexts: ['play'], label: 'play again what was taken back'},
	// Walking the game only shows it: the clocks and the AI go on with the game as it stands.
	{action: 'walk-back', keys: ['['], contexts: ['play', 'over', ...ROOM], label: 'view one move back', row: 'walk'},
	{action: 'walk-on', keys: [']'], contexts: ['play', 'over', ...ROOM], label: 'one move on (the game goes on)', row: 'walk'},
	{action: 'walk-first', keys: ['home'], contexts: ['play', 'over', ...ROOM], label: 'view the first position', row: 'ends'},
	{action: 'walk-last', keys: ['end'], contexts: ['play', 'over', ...ROOM], label: 'back to the game as it stands', row: 'ends'},
	{action: 'undo', keys: ['u', '['], contexts: ['analysis'], label: 'step back one move'},
	{action: 'redo', keys: ['r', ']'], contexts: ['analysis'], label: 'step on: what was taken back, else the line followed'},
	{action: 'walk-first', keys: ['home'], contexts: ['analysis'], label: 'the first position', row: 'ends'},
	{action: 'walk-last', keys: ['end'], contexts: ['analysis'], label: 'the last of the moves taken back', row: 'ends'},
	{action: 'walk-to', keys: ['g'], contexts: BOARD, label: 'go to move N: g, the number, Enter (Esc cancels)'},
	{action: 'follow-line', keys: ['1', '2', '3', '4', '5'], contexts: ['analysis'], label: "play line N's first move; ] goes on along it"},
	{action: 'walk-back', keys: ['left', 'h', '['], contexts: ['review'], label: 'one move back', row: 'walk'},
	{action: 'walk-on', keys: ['right', 'l', ']'], contexts: ['review'], label: 'one move on', row: 'walk'},
	{action: 'walk-first', keys: ['home'], contexts: ['review'], label: 'the first position', row: 'ends'},
	{action: 'walk-last', keys: ['end'], contexts: ['review'], label: 'the last', row: 'ends'},
	{action: 'walk-to', keys: ['g'], contexts: ['review'], label: 'go to move N: g, the number, Enter (Esc cancels)'},
	{action: 'more-time', keys: ['+', '='], contexts: ['review'], label: 'more time for each position still to look at', row: 'time'},
	{action: 'less-time', keys: ['-'], contexts: ['review'], label: 'less', row: 'time'},
	{action: 'review', keys: ['v'], contexts: ['review'], label: 'go on with a review stopped by Esc'},
	{
		action: 'review',
		keys: ['v'],
		contexts: ['over', 'analysis'],
		label: 'review the game: the engine judges every move (marks: ?? blunder, ? mistake, ?! inaccuracy, ?W missed a win, □ only move)',
	},
	{action: 'export', keys: ['e'], contexts: ['over', 'review'], label: "write the record, saves/NAME.game.txt (a review's findings too)"},
	{action: 'cancel', keys: ['escape'], contexts: ['review'], label: 'stop the review (what is done is kept); then back'},
	{action: 'hint', keys: ['t'], contexts: ['play'], label: "hint: the engine's move, shown on the board"},
	{action: 'resign', keys: ['x'], contexts: ['play', 'room'], label: 'resign'},
	{action: 'draw', keys: ['d'], contexts: ['room'], label: 'offer a draw, or accept the one offered'},
	{action: 'decline-draw', keys: ['n'], contexts: ['room'], label: 'turn down the draw offered'},
	{action: 'rematch', keys: ['n', 'w'], contexts: ['room-over'], label: 'ask for a rematch, sides swapped (or accept the one asked for)'},
	{action: 'chat', keys: ['c', '/'], contexts: ROOM, label: "say a line to the room (the players' only): Enter sends, Esc cancels"},
	{action: 'new-game', keys: ['n'], contexts: ['play', 'over'], label: 'new game'},
	{action: 'rematch', keys: ['w'], contexts: ['over'], label: 'rematch with the sides swapped'},
	{action: 'save', keys: ['s'], contexts: ['play', 'over', 'analysis'], label: 'save the position in saves/'},
	{action: 'load', keys: ['o'], contexts: ['play', 'over', 'analysis'], label: 'open a saved position'},
	{action: 'flip', keys: ['f'], contexts: GAME, label: 'flip the board'},
	{action: 'scroll-up', keys: ['pageup'], contexts: GAME, label: 'scroll the move list back'},
	{action: 'scroll-down', keys: ['pagedown'], contexts: GAME, label: 'scroll the move list on'},
	{action: 'more-lines', keys: ['+', '='], contexts: ['analysis'], label: 'show one more line'},
	{action: 'fewer-lines', keys: ['-'], contexts: ['analysis'], label: 'show one line fewer'},
	{action: 'pause', keys: ['space'], contexts: ['demo'], label: 'pause or go on'},
	{action: 'step', keys: ['right', 'l'], contexts: ['demo'], label: 'while paused: play the next move'},
	{action: 'faster', keys: ['+', '='], contexts: ['demo'], label: 'faster (shorter pause between moves)'},
	{action: 'slower', keys: ['-'], contexts: ['demo'], label: 'slower'},
	{action: 'review', keys: ['v'], contexts: ['demo'], label: 'review the game just finished (kept in saves/games/ too)'},
	{action: 'menu', keys: ['escape'], contexts: ['over', 'demo'], label: 'back to the menu'},
	{action: 'help', keys: ['?'], contexts: ALL, label: 'this help'},
	{action: 'quit', keys: ['q', 'ctrl+c'], contexts: ['play', 'over'], label: 'quit (asks first when the game is not saved)'},
	{action: 'quit', keys: ['q', 'ctrl+c'], contexts: ['menu', 'analysis', 'demo', 'review', 'lobby'], label: 'quit'},
	{
		action: 'lobby',
		keys: ['q', 'ctrl+c'],
		contexts: ROOM,
		label: 'back to the lobby (asks first while your game goes on: your seat is kept)',
	},
];

/** Keys of CSI sequences (ESC [ ...), by their final character or, with "~", their number. */
const CSI_KEYS: Readonly<Record<string, string>> = {
	A: 'up',
	B: 'down',
	C: 'right',
	D: 'left',
	H: 'home',
	F: 'end',
	Z: 'tab',
	'1~': 'home',
	'7~': 'home',
	'4~': 'end',
	'8~': 'end',
	'3~': 'backspace',
	'5~': 'pageup',
	'6~': 'pagedown',
};

/** Names of the control characters. */
const CHARACTER_NAMES: Readonly<Record<string, string>> = {
	'\r': 'enter',
	'\n': 'enter',
	'\t': 'tab',
	'\u007f': 'backspace',
	'\b': 'backspace',
	' ': 'space',
};

const ESC = '\u001B';

/** The names keysOf gives the start and the end of a paste (the terminal's bracketed paste). */
export const PASTE_START = 'paste-start';
export const PASTE_END = 'paste-end';

/**
 * The key names ('up', 'enter', 'escape', 'space', 'ctrl+c', 'pageup', or the character) of
 * what the terminal sent, as Ink's input reader splits it: an escape sequence, or a run of
 * plain characters (quick typing, a key held down, a paste: that many presses).
 *
 * A whole escape sequence is one key, named if potm knows it and nothing otherwise (F1, the
 * keypad, a terminal's report). An Escape followed at once by another key comes as ESC and that
 * key (the form of Alt+key, which no binding uses): it counts as the two presses it is.
 */
export function keysOf(sequence: string): string[] {
	if (sequence === '') return [];
	if (sequence.startsWith(ESC)) {
		const rest = sequence.slice(1);
		if (rest === '') return ['escape'];
		if (rest === '[200~') return [PASTE_START];
		if (rest === '[201~') return [PASTE_END];
		// The Linux console's F1 to F5.
		if (/^\[\[[A-E]$/.test(rest)) return [];
		// CSI: parameters, intermediates and a final byte.
		const csi = /^\[([0-?]*)[ -/]*([@-~])$/.exec(rest);
		if (csi) {
			const [, parameters = '', final = ''] = csi;
			// "ESC [ ? ..." and the like are a terminal's reports, not keys.
			if (!/^[\d;]*$/.test(parameters)) return [];
			const name = final === '~' ? CSI_KEYS[`${parameters.split(';')[0]}~`] : CSI_KEYS[final];
			return name ? [name] : [];
		}
		// SS3: arrows, Home and End, the keypad's Enter; F1 to F4 and the rest of the keypad are nothing.
		const ss3 = /^O([@-~])$/.exec(rest);
		if (ss3) {
			const final = ss3[1]!;
			if (final === 'M') return ['enter'];
			return /^[A-DHF]$/.test(final) ? [CSI_KEYS[final]!] : [];
		}
		// ESC, then another key (or ESC ESC [A: Escape, then up).
		return ['escape', ...keysOf(rest)];
	}
	return [...sequence].map(ch => CHARACTER_NAMES[ch] ?? (ch < ' ' ? `ctrl+${String.fromCharCode(ch.charCodeAt(0) + 96)}` : ch));
}

/**
 * Keys within a paste: its characters as typed, but not its line breaks or other control
 * characters, so that pasting a name or a move with a line after it enters nothing unasked.
 */
export const pastedKeys = (names: readonly string[]): string[] =>
	names.filter(name => name !== 'enter' && name !== 'tab' && !name.startsWith('ctrl+'));

export function actionFor(context: KeyContext, name: string): Action | undefined {
	return BINDINGS.find(binding => binding.contexts.includes(context) && binding.keys.includes(name))?.action;
}

const SHOWN: Readonly<Record<string, string>> = {
	up: '↑',
	down: '↓',
	left: '←',
	right: '→',
	enter: 'Enter',
	escape: 'Esc',
	space: 'Space',
	pageup: 'PgUp',
	pagedown: 'PgDn',
	home: 'Home',
	end: 'End',
	'ctrl+c': 'Ctrl-C',
};

/** How a key is written for people: '←', 'Enter', 'Ctrl-C', 'q'. */
export const showKey = (name: string, ascii = false): string =>
	ascii ? ({up: 'Up', down: 'Down', left: 'Left', right: 'Right'}[name] ?? SHOWN[name] ?? name) : (SHOWN[name] ?? name);

/** The bindings of a context, in table order. */
export const bindingsOf = (context: KeyContext): Binding[] => BINDINGS.filter(binding => binding.contexts.includes(context));

/** The first key bound to `action` in `context`, as shown to people (for hints in status lines). */
export function keyFor(context: KeyContext, action: Action, ascii = false): string {
	const binding = BINDINGS.find(entry => entry.action === action && entry.contexts.includes(context));
	return binding ? showKey(binding.keys[0]!, ascii) : '';
}
