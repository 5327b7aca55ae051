/**
 * The command line read into one command, or what is wrong with it in one sentence: a pure
 * function of the words (no I/O, no process, no state), so that every command, option and
 * refusal can be tested in process. What the machine decides where the command line says nothing
 * (the threads and jobs by its cores, a random board's seed, the saves folder) is left for
 * dispatch.ts to fill in.
 */
import {readArgs, strayOption, wholeNumber, type Given, type Parsed} from '../args.js';
import {clockSeconds} from '../clock-seconds.js';
import type {RefereeOptions} from '../commands/referee.js';
import type {ServeCommand} from '../commands/serve.js';
import type {UiOptions} from '../commands/ui.js';
import {DEFAULT_GAME, gameById, games as allGames, type AnyGame} from '../games/registry.js';
import {optionsOf, readOption, type Setup} from '../games/setup.js';
import type {Budget} from '../review/run.js';
import type {MenuChoices} from '../ui/menu/menu-state.js';
import {helpText} from './help.js';
import {
	COMMANDS,
	DEFAULT_MAX_SESSIONS,
	DEFAULT_PORT,
	DEMO_LEVELS,
	gameList,
	namedGames,
	OPTIONS,
	RULINGS,
	SETUP,
	SIDE_LEVELS,
} from './options.js';

/** A screen's options (commands/ui.tsx), but for what dispatch.ts fills in: the board's seed, the threads, the saves folder. */
export type ScreenOptions = Omit<UiOptions, 'choices' | 'savesDir'> & {readonly choices: Omit<MenuChoices, 'board' | 'threads'>};

/**
 * A command as the command line gives it. Where a number is undefined the command line did not
 * say it, and the machine decides: the threads and jobs by its cores, a random seed.
 */
export type Command =
	| {readonly kind: 'version'}
	| {readonly kind: 'help'; readonly text: string}
	| {readonly kind: 'move'; readonly file: string; readonly game: string | undefined; readonly clockSeconds: number | undefined}
	| {readonly kind: 'perft'; readonly file: string; readonly depth: number; readonly divide: boolean; readonly game: string | undefined}
	| {readonly kind: 'referee'; readonly options: Omit<RefereeOptions, 'jobs'>; readonly jobs: number | undefined}
	| {
			readonly kind: 'review-json';
			readonly file: string;
			readonly game: string | undefined;
			readonly budget: Budget;
			readonly threads: number | undefined;
	  }
	| {readonly kind: 'screen'; readonly options: ScreenOptions; readonly seed: number | undefined; readonly threads: number | undefined}
	| {readonly kind: 'serve'; readonly options: Omit<ServeCommand, 'drawThreads'>; readonly drawThreads: number | undefined}
	| {readonly kind: 'names'; readonly data: string | undefined; readonly forget: string | undefined}
	| {readonly kind: 'export'; readonly file: string; readonly game: string | undefined};

/** A command line that is refused: the sentence that says why (shown after "potm: ", exit status 2). */
export interface Refused {
	readonly error: string;
}

const refuse = (error: string): Refused => ({error});

/** The options as read, and the ways a command asks for one. */
interface Reader {
	/** What an option said: its text (true when no value followed it), or true or false; undefined when it is not given. */
	readonly flag: (name: string) => Given | undefined;
	/** A whole number from an option within its range in the table, `fallback` when it is not given, or a message. */
	readonly whole: (name: string, fallback: number) => number | string;
	/** The same, undefined when it is not given (the machine's default, for dispatch.ts). */
	readonly given: (name: string) => number | string | undefined;
}

function readerOf(parsed: Parsed): Reader {
	const flag = (name: string): Given | undefined => parsed.values.get(name);
	const whole = (name: string, fallback: number): number | string => wholeNumber(flag(name), name, OPTIONS[name]!.range!, fallback);
	return {flag, whole, given: name => (flag(name) === undefined ? undefined : whole(name, 0))};
}

/**
 * The game --game and a ruling's switch (--mover-wins) ask for: its registry id ('loaps', or a
 * ruling's own, 'loa-mover'), undefined when neither is given (the default game, or what a FILE
 * holds), or what is wrong.
 */
function gameOption({flag}: Reader): string | undefined | Refused {
	const game = flag('game');
	const named = typeof game === 'string' ? game.trim().toLowerCase() : game;
	if (named !== undefined && !namedGames.some(one => one.id === named)) {
		const shown = typeof game === 'string' ? `, not "${game}"` : '';
		return refuse(`--game takes ${gameList()}${shown}`);
	}
	for (const ruled of RULINGS) {
		const {of, flag: name, ofName, elsewhere} = ruled.ruling!;
		if (flag(name) !== true) continue;
		if (named !== undefined && named !== of) {
			const why = elsewhere?.[named as string];
			return refuse(`--${name} is a ruling of ${ofName} (--game ${of})${why ? `; ${why}` : `, not of ${gameById(named as string)!.name}`}`);
		}
		return ruled.id;
	}
	return named as string | undefined;
}

/** --clock's seconds: undefined when it is not given, false for --no-clock, or a message. */
function clockOption({flag}: Reader): number | false | undefined | string {
	const given = flag('clock');
	if (given === undefined || given === false) return given;
	return clockSeconds(given === true ? undefined : given);
}

/**
 * The new board the options ask for, read against `game`'s setup options (setup.ts; undefined, no
 * game known yet: each option against the first game that has it): the options given, each
 * match's values of those the referee varies by match (--sizes), and the names given; or a
 * message.
 */
function boardOptions({flag}: Reader, game: AnyGame | undefined): {setup: Setup; varied: Setup[]; given: string[]} | string {
	const given = [...SETUP.keys()].filter(name => flag(name) !== undefined);
	const text = (name: string): string => {
		const value = flag(name);
		return typeof value === 'string' ? value : '';
	};
	// The games whose declarations read the options: the one asked for, else each option's first.
	const readers: AnyGame[] = [];
	for (const name of given) {
		const owners = SETUP.get(name)!;
		const asked = game ?? owners[0]!.game;
		const own = owners.find(one => one.game === asked)?.option;
		if (!own) {
			const {option} = owners[0]!;
			const others = optionsOf(asked).map(one => `--${one.name}`);
			const instead = option.without ?? (others.length > 0 ? `sets a new board with ${others.join(' and ')}` : 'has one start position');
			const games = owners.map(one => `${one.game.name}: --game ${one.game.id}`).join('; ');
			return `--${name} is for a game whose boards ${option.whose} (${games}); ${asked.name} ${instead}`;
		}
		if (name === own.perMatch && given.includes(own.name))
			return `--${own.name} and --${name} both say the ${own.name} of the boards: give one of them`;
		if (!readers.includes(asked)) readers.push(asked);
	}
	const setup: Record<string, number> = {};
	let varied: Setup[] = [];
	// Each game's options in its order: a board's size is known before the lines drawn on it are checked.
	for (const reader of readers) {
		for (const option of optionsOf(reader)) {
			if (option.perMatch && given.includes(option.perMatch)) {
				const each: Setup[] = [];
				for (const one of text(option.perMatch).split(',')) {
					const value = readOption(option, one, setup, option.perMatch);
					if (typeof value === 'string') return `${value} (several are separated by commas)`;
					each.push(value);
				}
				varied = each;
				continue;
			}
			if (!given.includes(option.name)) continue;
			// Without a game, an option is read by the first game that has it, and by that game only.
			if (game === undefined && SETUP.get(option.name)![0]!.game !== reader) continue;
			// Checked against every board it will be drawn on: each match's, where they vary.
			for (const one of varied.length > 0 ? varied : [{}]) {
				const value = readOption(option, text(option.name), {...setup, ...one});
				if (typeof value === 'string') return value;
				Object.assign(setup, value);
			}
		}
	}
	return {setup, varied, given};
}

/** The screens: the menu, play, analyze, demo, learn, puzzles, and review without --json. */
function screen(
	read: Reader,
	command: string,
	rest: readonly string[],
	game: string | undefined,
	reviewBudget?: Budget,
): Command | Refused {
	const {flag, whole, given} = read;
	const screen =
		command === ''
			? 'menu'
			: command === 'play' || command === 'demo' || command === 'review' || command === 'learn' || command === 'puzzles'
				? command
				: 'analysis';
	if ((screen === 'learn' || screen === 'puzzles') && rest.length > 0) return refuse(`${screen} takes no FILE, not "${rest[0]}"`);
	const wanted = gameById(game ?? DEFAULT_GAME)!;
	if (screen === 'learn' && !wanted.lessons) return refuse(`${wanted.name} has no lessons`);
	if (screen === 'puzzles' && !wanted.puzzleThemes) return refuse(`${wanted.name} has no puzzles`);
	const themeFlag = flag('theme');
	const themes = wanted.puzzleThemes?.themes.map(one => one.id) ?? [];
	if (themeFlag !== undefined && (typeof themeFlag !== 'string' || !themes.includes(themeFlag.trim().toLowerCase())))
		return refuse(
			`--theme takes a theme of ${wanted.name}'s puzzles: ${themes.join(', ')}${typeof themeFlag === 'string' ? `, not "${themeFlag}"` : ''}`,
		);
	if (screen === 'analysis' && rest.length !== 1) return refuse('analyze takes one FILE, e.g. "potm analyze saves/red-move-10.txt"');
	if (screen === 'play' && rest.length > 1) return refuse(`play takes at most one FILE, not also "${rest[1]}"`);
	if (screen === 'menu' && rest.length > 0) return refuse(`unexpected "${rest[0]}"`);
	if (screen === 'demo' && rest.length > 1) return refuse(`demo takes at most one FILE, not also "${rest[1]}"`);
	const sideFlag = flag('side');
	const sideText = typeof sideFlag === 'string' ? sideFlag.trim().toLowerCase() : sideFlag === undefined ? undefined : '';
	// The sides by number, or by name in the game asked for (a FILE's game is not known yet: any name).
	const names = game === undefined ? allGames.map(one => one.sides) : [gameById(game)!.sides];
	const sides = names[0]!;
	const named = (index: 0 | 1) => names.map(pair => pair[index].toLowerCase());
	const side =
		sideText === undefined || sideText === '1' || named(0).includes(sideText)
			? 1
			: sideText === '2' || named(1).includes(sideText)
				? 2
				: null;
	if (side === null)
		return refuse(
			`--side takes 1 (${sides[0]}, moves first) or 2 (${sides[1]})${typeof sideFlag === 'string' ? `, not "${sideFlag}"` : ''}`,
		);
	const level = whole('level', 3);
	// The demo's level of each side, by any of the side's names (--red, or --black as LOA names it), each said in its own name.
	for (const options of SIDE_LEVELS) {
		const both = options.filter(name => flag(name) !== undefined);
		if (both.length > 1) return refuse(`--${both[0]} and --${both[1]} name the same side: give one of them`);
	}
	const [first, second] = SIDE_LEVELS.map((options, index) =>
		whole(options.find(name => flag(name) !== undefined) ?? options[0]!, DEMO_LEVELS[index as 0 | 1]),
	) as [number | string, number | string];
	const delay = whole('delay', 1000);
	const games = whole('games', 0);
	const seed = given('seed');
	const threads = given('threads');
	for (const value of [level, first, second, delay, games, seed, threads]) if (typeof value === 'string') return refuse(value);
	// The game the board is for: --game's, or for play and demo without a FILE the default game (the menu may change games).
	const boardGame = game !== undefined ? gameById(game) : screen === 'menu' || rest[0] !== undefined ? undefined : gameById(DEFAULT_GAME);
	const boardSetup = boardOptions(read, boardGame);
	if (typeof boardSetup === 'string') return refuse(boardSetup);
	let clock: number | null = 60;
	const clockGiven = clockOption(read);
	if (clockGiven === false) clock = null;
	else if (typeof clockGiven === 'string') return refuse(`${clockGiven} (--no-clock plays without)`);
	else if (clockGiven !== undefined) clock = clockGiven;
	if (screen === 'demo' && clockGiven === false) return refuse('the demo plays on clocks: --clock S sets them');
	return {
		kind: 'screen',
		options: {
			screen,
			...(game === undefined ? {} : {game}),
			...(rest[0] === undefined ? {} : {file: rest[0]}),
			choices: {
				side,
				level: level as number,
				clock,
				bell: flag('quiet') !== true,
				...(boardSetup.given.length > 0 ? {setup: boardSetup.setup} : {}),
			},
			clockGiven: typeof clockGiven === 'number',
			newBoard: [...(flag('seed') === undefined ? [] : ['seed']), ...boardSetup.given],
			demo: {
				levels: [first as number, second as number],
				delayMs: delay as number,
				games: games as number,
				...(typeof clockGiven === 'number' ? {clockSeconds: clockGiven} : {}),
			},
			ascii: flag('ascii') === true,
			color: flag('color') !== false,
			...(reviewBudget ? {reviewBudget} : {}),
			...(typeof themeFlag === 'string' ? {theme: themeFlag.trim().toLowerCase()} : {}),
		},
		seed: seed as number | undefined,
		threads: threads as number | undefined,
	};
}

/** potm match and potm tournament. */
function referee(read: Reader, kind: 'match' | 'tournament', players: readonly string[], game: string | undefined): Command | Refused {
	const {flag, whole, given} = read;
	if (kind === 'match' && players.length !== 2) {
		return refuse(`match takes two players, e.g. "potm match ai:5 ./my_entry"${players.length > 2 ? ' (for more, potm tournament)' : ''}`);
	}
	if (kind === 'tournament' && players.length < 2)
		return refuse('tournament takes two players or more, e.g. "potm tournament ai:1 ai:3 ai:5"');
	const matches = whole('matches', 1);
	const jobs = given('jobs');
	const clockGiven = clockOption(read);
	const clock = clockGiven === false ? '--clock cannot be turned off: the clock is part of the contest' : clockGiven;
	const seed = given('seed');
	for (const value of [matches, jobs, clock, seed]) if (typeof value === 'string') return refuse(value);
	const board = flag('board');
	if (board !== undefined && (typeof board !== 'string' || board.trim() === ''))
		return refuse('--board takes a FILE holding a start board, e.g. --board board.txt');
	const out = flag('out');
	if (out !== undefined && (typeof out !== 'string' || out.trim() === '')) return refuse('--out takes a folder, e.g. --out runs/first');
	// Without --game the board's game is the --board FILE's (checked there), else the default game.
	const boardSetup = boardOptions(read, game !== undefined ? gameById(game) : board !== undefined ? undefined : gameById(DEFAULT_GAME));
	if (typeof boardSetup === 'string') return refuse(boardSetup);
	if (board !== undefined && boardSetup.given.length > 0)
		return refuse(`--board and --${boardSetup.given[0]} both say which board to play on: give one of them`);
	return {
		kind: 'referee',
		options: {
			kind,
			...(game === undefined ? {} : {game}),
			players,
			matches: matches as number,
			...(clock === undefined ? {} : {clockSeconds: clock as number}),
			...(seed === undefined ? {} : {seed: seed as number}),
			...(board === undefined ? {} : {board}),
			setup: boardSetup.setup,
			varied: boardSetup.varied,
			out,
			json: flag('json') === true,
		},
		jobs: jobs as number | undefined,
	};
}

/** potm review FILE: its board, or with --json its findings. */
function review(read: Reader, rest: readonly string[], game: string | undefined): Command | Refused {
	const {flag, whole, given} = read;
	if (rest.length !== 1)
		return refuse(`review takes one FILE, e.g. "potm review saves/my-game.txt"${rest.length > 1 ? `, not also "${rest[1]}"` : ''}`);
	const [time, depth] = [flag('time'), flag('depth')];
	if (time !== undefined && depth !== undefined)
		return refuse('--time and --depth both say how long a position is searched: give one of them');
	let budget: Budget = {ms: 1000};
	if (depth !== undefined) {
		const value = whole('depth', 1);
		if (typeof value === 'string') return refuse(value);
		budget = {depth: value};
	} else if (time !== undefined) {
		const seconds = typeof time === 'string' ? Number(time.trim()) : Number.NaN;
		if (typeof time !== 'string' || !/^\d*\.?\d+$/.test(time.trim()) || seconds < 0.05 || seconds > 600)
			return refuse(
				`--time takes the seconds a position is searched, from 0.05 to 600, e.g. --time 0.5${typeof time === 'string' ? `, not "${time}"` : ''}`,
			);
		budget = {ms: Math.round(seconds * 1000)};
	}
	if (flag('json') !== true) return screen(read, 'review', rest, game, budget);
	const threads = given('threads');
	if (typeof threads === 'string') return refuse(threads);
	return {kind: 'review-json', file: rest[0]!, game, budget, threads};
}

/** potm serve's examples of a value, for the options that take text. */
const SERVE_EXAMPLES: Readonly<Record<string, string>> = {
	host: '--host 127.0.0.1',
	data: '--data ~/potm-server',
	'authorized-keys': '--authorized-keys ~/.ssh/authorized_keys',
};

/** potm serve, or its --names and --forget, which stop at once. */
function serve({flag, whole, given}: Reader, rest: readonly string[]): Command | Refused {
	if (rest.length > 0) return refuse(`serve takes no FILE, not "${rest[0]}"`);
	const port = whole('port', DEFAULT_PORT);
	const maxSessions = whole('max-sessions', DEFAULT_MAX_SESSIONS);
	const drawThreads = given('draw-threads');
	for (const value of [port, maxSessions, drawThreads]) if (typeof value === 'string') return refuse(value);
	const texts: Record<string, string | undefined> = {};
	for (const name of ['host', 'data', 'authorized-keys']) {
		const value = flag(name);
		if (value !== undefined && (typeof value !== 'string' || value.trim() === ''))
			return refuse(`--${name} takes a value, e.g. ${SERVE_EXAMPLES[name]}`);
		texts[name] = value;
	}
	const forget = flag('forget');
	if (forget !== undefined && (typeof forget !== 'string' || forget.trim() === ''))
		return refuse('--forget takes a NAME, e.g. --forget ada');
	if (flag('names') !== undefined || forget !== undefined) {
		const others = ['port', 'host', 'authorized-keys', 'max-sessions', 'draw-threads', ...(forget === undefined ? [] : ['names'])].filter(
			name => flag(name) !== undefined,
		);
		if (others.length > 0) return refuse(`--${forget === undefined ? 'names' : 'forget'} goes with --data alone, not --${others[0]}`);
		return {kind: 'names', data: texts['data'], forget};
	}
	return {
		kind: 'serve',
		options: {
			port: port as number,
			host: texts['host'] ?? '0.0.0.0',
			maxSessions: maxSessions as number,
			...(texts['data'] === undefined ? {} : {dataDir: texts['data']}),
			...(texts['authorized-keys'] === undefined ? {} : {authorizedKeys: texts['authorized-keys']}),
		},
		drawThreads: drawThreads as number | undefined,
	};
}

/** The words after the program's name read into one command, or why they are refused. */
export function parse(words: readonly string[]): Command | Refused {
	const parsed = readArgs(words, OPTIONS);
	if (typeof parsed === 'string') return refuse(parsed);
	const read = readerOf(parsed);
	const {flag} = read;
	const [typed = '', ...rest] = parsed.positionals;
	const command = typed === 'analyse' ? 'analyze' : typed;
	// Before anything else, whatever else the line holds: potm --version extra.
	if (flag('version') === true) return {kind: 'version'};
	if (command === 'help') return {kind: 'help', text: helpText(rest[0] ?? '')};
	if (flag('help') === true) return {kind: 'help', text: helpText(command)};
	if (!COMMANDS.includes(command)) return refuse(`unknown command "${command}" (potm --help lists the commands)`);
	const stray = strayOption(parsed, OPTIONS, command, `potm ${typed === '' ? '' : `${typed} `}--help`);
	if (stray !== undefined) return refuse(stray);
	const game = gameOption(read);
	if (typeof game === 'object') return game;
	switch (command) {
		case 'move': {
			if (rest.length > 1) return refuse(`move takes one FILE (or none, or -, for standard input), not also "${rest[1]}"`);
			const clock = clockOption(read);
			if (clock === false) return refuse('--clock cannot be turned off: the clock is part of the contest');
			if (typeof clock === 'string') return refuse(clock);
			return {kind: 'move', file: rest[0] ?? '-', game, clockSeconds: clock};
		}
		case 'perft': {
			if (rest.length < 1 || rest.length > 2) return refuse('perft takes a FILE and a DEPTH, e.g. "potm perft saves/start.txt 4"');
			const depth = rest[1];
			if (depth === undefined || !/^\d+$/.test(depth) || Number(depth) > 30)
				return refuse(
					`the depth of perft must be a whole number from 0 to 30${depth === undefined ? ', after the file' : `, not "${depth}"`}`,
				);
			return {kind: 'perft', file: rest[0]!, depth: Number(depth), divide: flag('divide') === true, game};
		}
		case 'match':
		case 'tournament':
			return referee(read, command, rest, game);
		case 'review':
			return review(read, rest, game);
		case 'serve':
			return serve(read, rest);
		case 'export':
			if (rest.length !== 1)
				return refuse(`export takes one FILE, e.g. "potm export saves/red-move-10.txt"${rest.length > 1 ? `, not also "${rest[1]}"` : ''}`);
			if (rest[0] === '-') return refuse('export takes a FILE: a save, a referee game or record, or a game record (not standard input)');
			return {kind: 'export', file: rest[0]!, game};
		default:
			return screen(read, command, rest, game);
	}
}
