/** The start menu as a reducer: the row under the cursor, the settings, the dialog open. */
import {optionsOf, settled, squared, stepped, type Setup, type SetupOption} from '../../games/setup.js';
import {games, type AnyGame} from '../../games/registry.js';
import {LEVELS} from '../../engine/levels.js';
import {dialogKey, helpDialog, openRefused, type GamesDialog, type HelpDialog, type LoadDialog} from '../dialogs/dialog-state.js';
import {actionFor} from '../keys.js';
import {doing, stay, type Step} from '../store.js';

export interface MenuChoices {
	/** The side the person plays, 1 or 2. */
	readonly side: 1 | 2;
	readonly level: number;
	/** Seconds per side (or per move, in a game whose clock is per move), or null for no clock. */
	readonly clock: number | null;
	/** Whether the terminal's bell rings when the AI moves, a game ends or the person's clock drops under 10 s (on when absent; --quiet). */
	readonly bell?: boolean;
	/** The seed of the board, in a game whose boards are drawn at random (--seed; re-rolled in the menu). */
	readonly board: number;
	/**
	 * The new board's options as chosen (--size, --lines, --holes; the menu's rows for them), by
	 * their keys; an option not chosen takes the game's default, and one of another game is ignored.
	 */
	readonly setup?: Setup;
	/**
	 * Threads the AI searches on at full strength (--threads; the menu's Threads row), with the
	 * machine's cores, which the row steps through; absent where the engine is not the program's own
	 * (potm serve's, shared by every session), and the row with it.
	 */
	readonly threads?: {readonly count: number; readonly cores: number};
}

/**
 * Clock choices, from none to the longest: seconds per side for a game's clock, per move for a
 * move's (each the other's at the same place, when the game changes). ← goes shorter, → longer.
 */
export const CLOCKS: readonly (number | null)[] = [null, 30, 60, 120, 300];
export const MOVE_CLOCKS: readonly (number | null)[] = [null, 5, 10, 30, 60];

export const clocksFor = (game: AnyGame): readonly (number | null)[] => (game.clock.per === 'move' ? MOVE_CLOCKS : CLOCKS);

/**
 * The clock after the game changes from `from` to `to`: kept between games with the same kind of
 * clock (even one given by --clock that is not in the list); between kinds, the choice in the
 * same place of the other list (the lists go alike: the game's own, longer, longest, shorter,
 * none), else the new game's own.
 */
function clockFor(from: AnyGame, to: AnyGame, clock: number | null): number | null {
	if (from.clock.per === to.clock.per) return clock;
	const at = clocksFor(from).indexOf(clock);
	return at < 0 ? to.clock.seconds : clocksFor(to)[at]!;
}

/** The menu's own rows. */
export type FixedRow =
	| 'game'
	| 'board'
	| 'play'
	| 'side'
	| 'level'
	| 'clock'
	| 'two-players'
	| 'demo'
	| 'analyse'
	| 'review'
	| 'open'
	| 'games'
	/** The game's lessons (`potm learn`), and its puzzles (`potm puzzles`). */
	| 'learn'
	| 'puzzles'
	| 'bell'
	/** The threads the AI searches on, where the choices have them. */
	| 'threads'
	| 'help'
	| 'quit'
	/** Served only (`potm serve`): a room for a friend on the server, listed in the lobby or private, and back to the lobby. */
	| 'friend'
	| 'friend-private'
	| 'lobby';

/** A row of the menu: one of its own, or one of the game's setup options, by the option's name ('size', 'lines'). */
export type Row = FixedRow | (string & {});

const AFTER_OPTIONS: readonly FixedRow[] = [
	'board',
	'play',
	'side',
	'level',
	'clock',
	'two-players',
	'demo',
	'analyse',
	'review',
	'open',
	'games',
	'learn',
	'puzzles',
	'bell',
	'threads',
	'help',
	'quit',
];

/** The options of a game that the menu shows as rows, in the game's order. */
const optionRows = (game: AnyGame): readonly SetupOption[] => optionsOf(game).filter(option => option.row !== undefined);

/** The setup option a row turns, if it is one of the game's. */
export const optionOfRow = (game: AnyGame, row: Row): SetupOption | undefined => optionRows(game).find(option => option.name === row);

/**
 * The rows the menu shows for a game: the Game row, a row for each of its setup options that has
 * one (LINES and BOXES's Size and Lines), the Board row only where boards are drawn at random, then
 * the rest. Served (`served`), a game for a friend on the server follows the Clock row, and the
 * Lobby row stands where Quit does; the Keys row goes (? shows them, as the keys row says), so
 * that the menu of LINES and BOXES, the longest, still fits 24 rows. The Learn and Puzzles rows
 * are there for a game with lessons, and with puzzles; the Threads row where the choices have
 * threads (`threads`: never served), which the menu of LINES and BOXES still fits in 24 rows.
 */
export const rowsFor = (game: AnyGame, served = false, threads = false): readonly Row[] => [
	'game',
	...optionRows(game).map(option => option.name),
	...AFTER_OPTIONS.filter(
		row =>
			(row !== 'board' || game.randomBoards) &&
			(row !== 'learn' || game.lessons !== undefined) &&
			(row !== 'puzzles' || game.puzzleThemes !== undefined) &&
			(row !== 'threads' || (threads && !served)),
	).flatMap((row): Row[] =>
		!served ? [row] : row === 'clock' ? [row, 'friend', 'friend-private'] : row === 'quit' ? ['lobby'] : row === 'help' ? [] : [row],
	),
];

/** What a new game is set up from by the choices: the seed, and the game's options as chosen, else their defaults (setup.ts's settled). */
export const setupOf = (game: AnyGame, choices: Pick<MenuChoices, 'board' | 'setup'>): Setup =>
	settled(game, {...choices.setup, seed: choices.board});

/** The choices that say which board a demo's games start on (a DemoSetup's). */
export const boardChoices = (choices: MenuChoices): Pick<MenuChoices, 'board' | 'setup'> => ({
	board: choices.board,
	...(choices.setup === undefined ? {} : {setup: choices.setup}),
});

/** The board a new game of a random-board game starts from, as the menu's choices say. */
export const boardOf = (game: AnyGame, choices: MenuChoices): unknown => game.initial(setupOf(game, choices));

/** What the list of saves was opened for. */
export type Purpose = 'analyse' | 'review' | 'open';

export interface MenuState {
	readonly row: Row;
	readonly choices: MenuChoices;
	readonly game: AnyGame;
	readonly dialog: HelpDialog | (LoadDialog & {readonly purpose: Purpose}) | GamesDialog | null;
	/** Something was chosen and the menu is being left: later keys are not its. */
	readonly left: boolean;
	/** Whether potm is served: the rows of a game for a friend, and the way back to the lobby. */
	readonly served: boolean;
}

export type MenuAction =
	| {readonly type: 'key'; readonly name: string}
	/** The list of saves, read for a purpose. */
	| {readonly type: 'listed'; readonly dialog: LoadDialog; readonly purpose: Purpose}
	/** The Games list, read. */
	| {readonly type: 'games-listed'; readonly dialog: GamesDialog}
	/** The file chosen in the list could not be opened. */
	| {readonly type: 'open-failed'; readonly error: string};

/** A game to start from the menu's choices: against the AI, two players or the demo. */
export interface GameStart {
	readonly kind: 'play' | 'two-players' | 'demo';
	readonly choices: MenuChoices;
	readonly game: AnyGame;
}

export type MenuEffect =
	| GameStart
	/** The saves, those of `game` (the menu's Game row) first. */
	| {readonly kind: 'list'; readonly purpose: Purpose; readonly game: AnyGame}
	| {readonly kind: 'list-games'}
	/** `fromGames`: chosen in the Games list, which Esc from its review comes back to. */
	| {readonly kind: 'open'; readonly path: string; readonly purpose: Purpose; readonly choices: MenuChoices; readonly fromGames?: boolean}
	| {readonly kind: 'quit'; readonly code: number}
	/** The lessons of the game, or its puzzles. */
	| {readonly kind: 'learn' | 'puzzles'; readonly game: AnyGame}
	/** Served: a room on the server for a friend to join, with the game and board, side and clock chosen. */
	| {readonly kind: 'create'; readonly game: AnyGame; readonly choices: MenuChoices; readonly private: boolean}
	| {readonly kind: 'lobby'};

/** Where the menu starts, served: in the lobby's "Create a game for a friend", on the row that does. */
export interface Served {
	readonly friend?: boolean;
}

/** The cursor starts on "Play": Enter at once plays, as before the game could be chosen; or on Games played with its list open (back from a review begun there). */
export const menuState = (game: AnyGame, choices: MenuChoices, games: GamesDialog | null = null, served?: Served): MenuState => {
	const base = {choices, game, left: false, served: served !== undefined};
	if (games) return {...base, row: 'games', dialog: games};
	return {...base, row: served?.friend ? 'friend' : 'play', dialog: null};
};

/** What the menu's help says beyond its keys, served. */
const SERVED_NOTES: readonly string[] = [
	'On the server: "Play a friend here" opens a room with the game, board, side and clock chosen above, listed in the lobby for anyone to join; "private" is joined only with its code. Esc or q goes back to the lobby.',
];

const menuHelp = (state: MenuState): HelpDialog => (state.served ? {...helpDialog('menu'), notes: SERVED_NOTES} : helpDialog('menu'));

/** Seeds of boards are whole numbers from 0 to 2^31 - 1; re-rolling steps through them. */
const SEEDS = 0x80000000;

type MenuStep = Step<MenuState, MenuEffect>;

const leave = (state: MenuState, effect: MenuEffect): MenuStep => doing({...state, dialog: null, left: true}, effect);

function change(state: MenuState, step: number): MenuState {
	const {choices} = state;
	const around = <T>(list: readonly T[], at: number): T => list[(at + step + list.length) % list.length]!;
	const option = optionOfRow(state.game, state.row);
	if (option) return {...state, choices: {...choices, setup: stepped(state.game, option, choices.setup ?? {}, step)}};
	switch (state.row) {
		case 'game': {
			const game = around(games, games.indexOf(state.game));
			return {...state, game, choices: {...choices, clock: clockFor(state.game, game, choices.clock)}};
		}
		case 'board':
			return {...state, choices: {...choices, board: (choices.board + step + SEEDS) % SEEDS}};
		case 'side':
			return {...state, choices: {...choices, side: choices.side === 1 ? 2 : 1}};
		case 'level':
			return {...state, choices: {...choices, level: around(LEVELS, choices.level - 1).level}};
		case 'bell':
			return {...state, choices: {...choices, bell: choices.bell === false}};
		case 'threads': {
			if (!choices.threads) return state;
			const {count, cores} = choices.threads;
			// From 1 to the cores, round again; a count beyond them (--threads 8 on 2 cores) steps down to the cores, or round to 1.
			const next = count > cores ? (step < 0 ? cores : 1) : ((count - 1 + step + cores) % cores) + 1;
			return {...state, choices: {...choices, threads: {count: next, cores}}};
		}
		case 'clock': {
			const list = clocksFor(state.game);
			const at = list.indexOf(choices.clock);
			if (at >= 0) return {...state, choices: {...choices, clock: around(list, at)}};
			// A clock not in the list (--clock 45) steps to the next one in the list that way, round to the other end past the last.
			const given = choices.clock!;
			const timed = list.filter((one): one is number => one !== null);
			const next = step > 0 ? (timed.find(one => one > given) ?? null) : (timed.findLast(one => one < given) ?? null);
			return {...state, choices: {...choices, clock: next}};
		}
		default:
			return state;
	}
}

function choose(state: MenuState): MenuStep {
	const {choices, game} = state;
	// A setup option's row: Enter plays, as on the Game row.
	const row = optionOfRow(game, state.row) ? 'play' : (state.row as FixedRow);
	switch (row) {
		case 'game':
		case 'board':
		case 'play':
		case 'side':
		case 'level':
		case 'clock':
			return leave(state, {kind: 'play', choices, game});
		// A setting, not a game: Enter turns it as ← → do.
		case 'bell':
		case 'threads':
			return stay(change(state, 1));
		case 'two-players':
			return leave(state, {kind: 'two-players', choices, game});
		case 'demo':
			return leave(state, {kind: 'demo', choices, game});
		case 'learn':
		case 'puzzles':
			return leave(state, {kind: row, game});
		case 'games':
			return doing(state, {kind: 'list-games'});
		case 'analyse':
		case 'review':
		case 'open':
			return doing(state, {kind: 'list', purpose: row, game: state.game});
		case 'help':
			return stay({...state, dialog: menuHelp(state)});
		case 'quit':
			return leave(state, {kind: 'quit', code: 0});
		case 'friend':
		case 'friend-private':
			return leave(state, {kind: 'create', game, choices, private: row === 'friend-private'});
		case 'lobby':
			return leave(state, {kind: 'lobby'});
	}
}

/** The cursor stays on a row the game shows (the Board row goes with a game without random boards, the Size and Lines rows with one of one size). */
const onRow = (state: MenuState): MenuState => (rowsOf(state).includes(state.row) ? state : {...state, row: 'game'});

/** The rows the menu shows in this state. */
export const rowsOf = (state: MenuState): readonly Row[] => rowsFor(state.game, state.served, state.choices.threads !== undefined);

export function menuReducer(state: MenuState, action: MenuAction): MenuStep {
	if (state.left) return stay(state);
	if (action.type === 'listed') return stay({...state, dialog: {...action.dialog, purpose: action.purpose}});
	if (action.type === 'games-listed') return stay({...state, dialog: action.dialog});
	if (action.type === 'open-failed') {
		if (state.dialog?.kind === 'games') return stay({...state, dialog: {...state.dialog, problem: action.error}});
		return stay(
			state.dialog?.kind === 'load'
				? {...state, dialog: {...openRefused(state.dialog, action.error), purpose: state.dialog.purpose}}
				: state,
		);
	}
	const {name} = action;
	const {dialog} = state;
	if (dialog !== null) {
		const answer = dialogKey(dialog, name);
		switch (answer.kind) {
			case 'stay':
				return stay({
					...state,
					dialog:
						dialog.kind === 'load' && answer.dialog.kind === 'load'
							? {...answer.dialog, purpose: dialog.purpose}
							: (answer.dialog as HelpDialog | GamesDialog),
				});
			case 'interrupt':
				return leave(state, {kind: 'quit', code: 130});
			case 'open':
				return doing(state, {
					kind: 'open',
					path: answer.path,
					purpose: answer.purpose ?? (dialog.kind === 'load' ? dialog.purpose : 'open'),
					choices: state.choices,
					...(dialog.kind === 'games' ? {fromGames: true} : {}),
				});
			default:
				return stay({...state, dialog: null});
		}
	}
	if (name === 'ctrl+c') return leave(state, {kind: 'quit', code: 130});
	// Served, the menu is left for the lobby: Esc and q go back there.
	if (state.served && (name === 'escape' || actionFor('menu', name) === 'quit')) return leave(state, {kind: 'lobby'});
	const rows = rowsOf(state);
	const at = rows.indexOf(state.row);
	switch (actionFor('menu', name)) {
		case 'up':
			return stay({...state, row: rows[(at - 1 + rows.length) % rows.length]!});
		case 'down':
			return stay({...state, row: rows[(at + 1) % rows.length]!});
		case 'left':
			return stay(onRow(change(state, -1)));
		case 'right':
			return stay(onRow(change(state, 1)));
		case 'select':
			return choose(state);
		case 'square-size': {
			// On a Size row, a digit is that square size at once (fourteen presses of ← from 5×5 to 3×3 before).
			const option = optionOfRow(state.game, state.row);
			const setup = option?.kind === 'size' ? squared(option, state.choices.setup ?? {}, Number(name)) : null;
			return stay(setup ? onRow({...state, choices: {...state.choices, setup}}) : state);
		}
		case 'help':
			return stay({...state, dialog: menuHelp(state)});
		case 'quit':
			return leave(state, {kind: 'quit', code: 0});
		default:
			return stay(state);
	}
}
