/**
 * The command line's options as data (args.ts reads argv against them): each option's commands,
 * help and range, made from the games' own descriptions where they speak of games: the games
 * --game names, a ruling's switch (--mover-wins), the sides' names as the demo's levels, each
 * game's board options (setup.ts). Also the lists of commands the options are given to.
 */
import type {OptionSpec, OptionTable} from '../args.js';
import {baseGameId, DEFAULT_GAME, games as allGames, type AnyGame} from '../games/registry.js';
import {optionsOf, type SetupOption} from '../games/setup.js';
import {MAX_THREADS} from '../engine/threads.js';

/** The games --game names (a ruling such as --mover-wins is not one), the default first. */
export const namedGames: readonly AnyGame[] = allGames
	.filter(one => baseGameId(one) === one.id)
	.sort((a, b) => Number(b.id === DEFAULT_GAME) - Number(a.id === DEFAULT_GAME));

/** "loaps (LOAPS, 7×7, the default), loa (Lines of Action, 8×8), pahtum (PAH-TUM, 7×7) or boxes (LINES and BOXES, 3×3..8×8 boxes)", from the registry. */
export function gameList(): string {
	const described = namedGames.map(one => {
		const view = one.board(one.initial());
		const sized = optionsOf(one).find(option => option.kind === 'size');
		const size = sized
			? `${sized.rows[0]}×${sized.columns[0]}..${sized.rows[1]}×${sized.columns[1]} ${sized.unit}`
			: `${view.columns}×${view.rows}`;
		return `${one.id} (${one.name}, ${size}${one.id === DEFAULT_GAME ? ', the default' : ''})`;
	});
	return orList(described);
}

/** "a", "a or b", "a, b or c". */
export function orList(items: readonly string[]): string {
	return items.length === 1 ? items[0]! : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/** Each game's clock for its entries, games with the same clock together: "60 s a game in LOAPS, Lines of Action". */
function clockDefaults(): string {
	const groups = new Map<string, string[]>();
	for (const one of namedGames) {
		const key = `${one.entry.clock.seconds} s a ${one.entry.clock.per}`;
		groups.set(key, [...(groups.get(key) ?? []), one.name]);
	}
	return [...groups].map(([clock, names]) => `${clock} in ${names.join(', ')}`).join('; ');
}

/** The commands that start games on a board of their own (the menu's too): play and demo. */
const NEW_BOARD = ['', 'play', 'demo'];
const REFEREE = ['match', 'tournament'];
/** The commands that read a FILE, which tells its own game. */
const FILE_COMMANDS = ['analyze', 'move', 'perft', 'export', 'review'];
/** potm serve's defaults. */
export const DEFAULT_PORT = 2222;
export const DEFAULT_MAX_SESSIONS = 50;

/** The commands about one game (all but help and serve, which serves every game); analyse is read as analyze before options are checked. */
const GAME_COMMANDS = ['', 'play', 'analyze', 'demo', 'learn', 'puzzles', 'move', 'perft', 'export', 'review', 'match', 'tournament'];
const SERVE = ['serve'];
/** The commands, the menu ('') among them (analyse, analyze's other spelling, is read as analyze first). */
export const COMMANDS = [...GAME_COMMANDS, 'serve', 'help'];
/** The commands that draw a board in the terminal (the menu's too). */
const SCREENS = ['', 'play', 'analyze', 'demo', 'review', 'learn', 'puzzles'];
/** The commands whose AI searches at full strength, on --threads threads. */
const THREADED = ['', 'play', 'analyze', 'demo', 'review'];
const THREADS_HELP = `threads the AI searches on at full strength (levels 4 and 5, hints, analysis, a review by time), 1 to ${MAX_THREADS} (by default the cores, one left to the screen beyond two)`;

/** The same text for each of `commands`. */
const each = (commands: readonly string[], text: string): Record<string, string> => Object.fromEntries(commands.map(one => [one, text]));

/**
 * Every game's setup options (setup.ts), by name and by the name of a per-match list: each game
 * that has one with its own declaration (two games may give one name different ranges).
 */
export const SETUP = new Map<string, {game: AnyGame; option: SetupOption}[]>();
for (const one of namedGames)
	for (const option of optionsOf(one))
		for (const name of [option.name, ...(option.perMatch ? [option.perMatch] : [])])
			SETUP.set(name, [...(SETUP.get(name) ?? []), {game: one, option}]);

/** "PAH-TUM: the board's holes, ...", one part for each different help of the games that have the option. */
function setupHelp(name: string, help: (option: SetupOption) => string): string {
	const byHelp = new Map<string, string[]>();
	for (const {game, option} of SETUP.get(name)!) byHelp.set(help(option), [...(byHelp.get(help(option)) ?? []), game.name]);
	return [...byHelp].map(([text, games]) => `${games.join(', ')}: ${text}`).join('; ');
}

/**
 * The options of a new board: the seed of a random one, and each game's setup options as the game
 * declares them (PAH-TUM's holes, LINES and BOXES's size and lines), with the referee's lists that
 * vary one by match (--sizes).
 */
const BOARD_OPTIONS: OptionTable = {
	seed: {
		type: 'string',
		value: 'N',
		commands: [...NEW_BOARD, ...REFEREE],
		range: [0, 0x7fffffff],
		help: {
			...each(
				['play', 'demo'],
				`${namedGames
					.filter(one => one.randomBoards)
					.map(one => one.name)
					.join(', ')}: the seed of the random board (the same seed, the same board); the menu re-rolls it`,
			),
			...each(
				REFEREE,
				`a game with random boards (${
					namedGames
						.filter(one => one.randomBoards)
						.map(one => one.name)
						.join(', ') || 'none yet'
				}): the seed of the boards; match m of every pairing plays on seed N + m - 1, both its games (a random seed by default, shown in the report so that the run can be repeated)`,
			),
		},
	},
	...Object.fromEntries(
		[...SETUP].map(([name, owners]) => {
			const first = owners[0]!.option;
			const spec: OptionSpec =
				name === first.perMatch
					? {
							type: 'string',
							value: 'LIST',
							commands: REFEREE,
							help: each(
								REFEREE,
								setupHelp(
									name,
									one =>
										`the ${one.name} of each match in turn, separated by commas (match m on the m-th, round again), as the POTM second round varied them`,
								),
							),
						}
					: {
							type: 'string',
							value: first.kind === 'size' ? 'RxC' : first.value,
							commands: [...NEW_BOARD, ...REFEREE],
							help: {
								...each(
									['', 'play', 'demo'],
									setupHelp(name, one => (one.row ? `${one.help}; the menu's ${one.row} row` : one.help)),
								),
								...each(
									REFEREE,
									setupHelp(name, one => one.help),
								),
							},
						};
			return [name, spec];
		}),
	),
};

/** The games that are rulings of another (game.ts Ruling), each asked for by its switch: --mover-wins. */
export const RULINGS: readonly AnyGame[] = allGames.filter(one => one.ruling !== undefined);

/**
 * The demo's level options, one list a side: the lower-case names of that side in the games --game
 * names, the default game's first (--red, then --black for LOA's BLACK). A name of one letter
 * (PAH-TUM's X and O) is none: --x would be a typo of the short option -x.
 */
export const SIDE_LEVELS: readonly (readonly string[])[] = ([0, 1] as const).map(side => [
	...new Set(namedGames.map(one => one.sides[side].toLowerCase()).filter(name => name.length > 1)),
]);

/** The demo's levels when no option gives them: the first side's, the second side's. */
export const DEMO_LEVELS = [5, 3] as const;

/** The help of each side's first level option (the others have none, being the same option by other names). */
const SIDE_LEVEL_HELP = [
	'the level that moves first in the first game (5 by default; X in PAH-TUM); --black is the same, for LOA',
	'the level that moves second in the first game (3 by default); --white is the same',
];

/** Every option: which commands take it, its help and range. The order is the helps'. */
export const OPTIONS: OptionTable = {
	game: {
		type: 'string',
		value: 'GAME',
		commands: GAME_COMMANDS,
		help: {
			'': `${gameList()}; a FILE tells its own game`,
			...each(FILE_COMMANDS, `check that FILE is a position of GAME: ${orList(namedGames.map(one => one.id))}`),
			'*': gameList(),
		},
	},
	...Object.fromEntries(
		RULINGS.map(({ruling}): [string, OptionSpec] => [
			ruling!.flag,
			{type: 'boolean', commands: GAME_COMMANDS, help: {'': ruling!.help.program, '*': ruling!.help.command}},
		]),
	),
	side: {
		type: 'string',
		value: '1|2',
		commands: ['play'],
		help: "your side: 1 moves first (RED in LOAPS, BLACK in LOA, X in PAH-TUM; the default), 2 moves second (BLUE, WHITE, O); the side's name will do too",
	},
	level: {
		type: 'string',
		value: '1-5',
		commands: ['play'],
		range: [1, 5],
		help: 'the AI: 1 Beginner, 2 Casual, 3 Club (the default), 4 Strong, 5 Master',
	},
	threads: {
		type: 'string',
		value: 'N',
		commands: THREADED,
		range: [1, MAX_THREADS],
		help: {
			...each(THREADED, THREADS_HELP),
			'': `${THREADS_HELP}; the menu's Threads row`,
		},
	},
	...Object.fromEntries(
		SIDE_LEVELS.map(([first], side): [string, OptionSpec] => [
			first!,
			{type: 'string', value: 'LEVEL', commands: ['demo'], range: [1, 5], help: SIDE_LEVEL_HELP[side]!},
		]),
	),
	...Object.fromEntries(
		SIDE_LEVELS.flatMap(names =>
			names.slice(1).map((name): [string, OptionSpec] => [name, {type: 'string', commands: ['demo'], range: [1, 5]}]),
		),
	),
	delay: {
		type: 'string',
		value: 'MS',
		commands: ['demo'],
		range: [0, 10_000],
		help: 'the least time between two moves, in milliseconds (1000)',
	},
	games: {type: 'string', value: 'N', commands: ['demo'], range: [1, 10_000], help: 'stop after N games (by default it goes on until q)'},
	matches: {
		type: 'string',
		value: 'N',
		commands: REFEREE,
		range: [1, 10_000],
		help: 'matches per pairing, each two games, each side first once (1)',
	},
	time: {type: 'string', value: 'S', commands: ['review'], help: 'seconds of search a position (1)'},
	port: {
		type: 'string',
		value: 'PORT',
		commands: SERVE,
		range: [0, 65_535],
		help: `the port to listen on (${DEFAULT_PORT}; 0: one the system chooses)`,
	},
	host: {
		type: 'string',
		value: 'ADDRESS',
		commands: SERVE,
		help: 'the address to listen on (0.0.0.0, every address; 127.0.0.1 for this machine alone)',
	},
	data: {
		type: 'string',
		value: 'DIR',
		commands: SERVE,
		help: "where the server keeps its host key and the players' saves and games (potm-server in the user's data folder)",
	},
	'authorized-keys': {
		type: 'string',
		value: 'FILE',
		commands: SERVE,
		help: 'only the public keys in FILE (an OpenSSH authorized_keys file) may connect; without it, anyone may',
	},
	names: {
		type: 'boolean',
		commands: SERVE,
		help: "list the names that belong to a key (the first key to come under a name owns it) and stop; with --data, that server's",
	},
	forget: {
		type: 'string',
		value: 'NAME',
		commands: SERVE,
		help: 'release NAME from its key, whether the server runs or not, and stop: the next key to come under it owns it',
	},
	'max-sessions': {
		type: 'string',
		value: 'N',
		commands: SERVE,
		range: [1, 1000],
		help: `people connected at once; beyond, a newcomer is told the server is full (${DEFAULT_MAX_SESSIONS})`,
	},
	'draw-threads': {
		type: 'string',
		value: 'N',
		commands: SERVE,
		range: [0, 64],
		help: 'threads that draw the screens beside the one that keeps the connections and the games; 0: that one draws them too (one a core; 0 on one core)',
	},
	depth: {
		type: 'string',
		value: 'N',
		commands: ['review'],
		range: [1, 40],
		help: 'search each position to depth N instead (the same findings every run)',
	},
	clock: {
		type: 'string',
		value: 'S',
		commands: ['play', 'demo', 'move', ...REFEREE],
		help: {
			play: "seconds on each clock (60; FILE's own readings if FILE); in PAH-TUM each move's (10)",
			demo: "the seconds on each clock (the game's: 60 a side in LOA, 10 a move in PAH-TUM)",
			move: "PAH-TUM: the CPU seconds a move may take, start-up included (10, the contest's), e.g. for a referee's shorter --clock; a LOA or LINES and BOXES FILE carries its own clock",
			...each(
				REFEREE,
				`seconds of CPU time on each clock, for the game or for each move as the game's contest had it (${clockDefaults()})`,
			),
		},
		negatedHelp: {play: 'play without clocks'},
	},
	jobs: {type: 'string', value: 'J', commands: REFEREE, range: [1, 256], help: 'games played at the same time (the number of cores)'},
	out: {
		type: 'string',
		value: 'DIR',
		commands: REFEREE,
		help: 'keep every game: DIR/game-001.txt, the final position (potm analyze opens it and steps through the game), and game-001.record.txt, the moves with their times and what the entries printed; also the tables (results.txt) and the summary (summary.json)',
	},
	json: {
		type: 'boolean',
		commands: ['review', ...REFEREE],
		help: {
			review: "no board: print every move's findings and the summary as JSON (progress on stderr); centipoints, player 1's side",
			'*': 'the summary as JSON on stdout (the tables on stderr)',
		},
	},
	theme: {
		type: 'string',
		value: 'THEME',
		commands: ['puzzles'],
		help: {
			puzzles: `only puzzles of THEME (${namedGames
				.filter(one => one.puzzleThemes)
				.map(one => `${one.name}: ${one.puzzleThemes!.themes.map(theme => theme.id).join(', ')}`)
				.join('; ')})`,
		},
	},
	divide: {type: 'boolean', commands: ['perft'], help: 'first one line per move, "b1 d3 12345", then the total'},
	...BOARD_OPTIONS,
	board: {
		type: 'string',
		value: 'FILE',
		commands: REFEREE,
		help: 'a game with random boards: every match on the start board in FILE (empty and blocked squares only; in LINES and BOXES only the lines of player 0)',
	},
	ascii: {
		type: 'boolean',
		commands: SCREENS,
		help: 'letters and ASCII marks only (no Unicode)',
	},
	color: {
		type: 'boolean',
		commands: SCREENS,
		negatedHelp: 'no colours (also when NO_COLOR is set)',
	},
	quiet: {
		type: 'boolean',
		commands: SCREENS,
		help: {
			'': "no bell (it rings when the AI moves, when a game ends and when your clock drops under 10 s; the menu's Bell row)",
			'*': 'no bell when the AI moves, a game ends or your clock drops under 10 s',
		},
	},
	help: {type: 'boolean', short: 'h', help: {'': "this help; potm COMMAND --help: one command's options"}},
	version: {type: 'boolean', help: {'': 'the version of potm'}},
};
