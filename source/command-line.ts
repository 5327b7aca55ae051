/**
 * The command line: read argv against the table of options (args.ts), then import only what the
 * chosen command needs, so `potm move` (a contest entry, whose start-up counts against its clock)
 * never loads the UI.
 */
import {fileURLToPath} from 'node:url';
import {optionHelp, readArgs, strayOption, wholeNumber, type Given, type OptionSpec, type OptionTable, type Parsed} from './args.js';
import {baseGameId, DEFAULT_GAME, gameById, games as allGames, type AnyGame} from './games/registry.js';
import {optionsOf, readOption, type Setup, type SetupOption} from './games/setup.js';
import {clockSeconds} from './clock-seconds.js';
import {defaultThreads, MAX_THREADS} from './engine/threads.js';
import {guardStdout, reportInternalError} from './process-guards.js';

/** The games --game names (a ruling such as --mover-wins is not one), the default first. */
const namedGames = allGames
	.filter(one => baseGameId(one) === one.id)
	.sort((a, b) => Number(b.id === DEFAULT_GAME) - Number(a.id === DEFAULT_GAME));

/** "loaps (LOAPS, 7×7, the default), loa (Lines of Action, 8×8), pahtum (PAH-TUM, 7×7) or boxes (LINES and BOXES, 3×3..8×8 boxes)", from the registry. */
function gameList(): string {
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
function orList(items: readonly string[]): string {
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
/** potm serve's defaults and examples. */
const DEFAULT_PORT = 2222;
const DEFAULT_MAX_SESSIONS = 50;
const SERVE_EXAMPLES: Readonly<Record<string, string>> = {
	host: '--host 127.0.0.1',
	data: '--data ~/potm-server',
	'authorized-keys': '--authorized-keys ~/.ssh/authorized_keys',
};

/** The commands about one game (all but help and serve, which serves every game); analyse is read as analyze before options are checked. */
const GAME_COMMANDS = ['', 'play', 'analyze', 'demo', 'learn', 'puzzles', 'move', 'perft', 'export', 'review', 'match', 'tournament'];
const SERVE = ['serve'];
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
const SETUP = new Map<string, {game: AnyGame; option: SetupOption}[]>();
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

/** Every option: which commands take it, its help and range. The order is the helps'. */
const OPTIONS: OptionTable = {
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
	'mover-wins': {
		type: 'boolean',
		commands: GAME_COMMANDS,
		help: {
			'': "classic LOA with Sackson's ruling: a capture that connects both sides wins for the mover (else a draw)",
			'*': 'classic LOA: a simultaneous connection wins for the mover',
		},
	},
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
	red: {
		type: 'string',
		value: 'LEVEL',
		commands: ['demo'],
		range: [1, 5],
		help: 'the level that moves first in the first game (5 by default; X in PAH-TUM); --black is the same, for LOA',
	},
	blue: {
		type: 'string',
		value: 'LEVEL',
		commands: ['demo'],
		range: [1, 5],
		help: 'the level that moves second in the first game (3 by default); --white is the same',
	},
	black: {type: 'string', commands: ['demo'], range: [1, 5]},
	white: {type: 'string', commands: ['demo'], range: [1, 5]},
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

/** A command's own options, for its help. */
const options = (command: string): string => optionHelp(OPTIONS, command);
const help = `
	potm: a terminal arcade for the games of the Programmer Of The Month
	contests: LOAPS, classic Lines of Action, PAH-TUM and LINES and BOXES.

	Usage
	  $ potm                        the start menu: play, demo, analyse, open
	  $ potm play [FILE]            play against the AI, from the start or FILE
	  $ potm analyze FILE           the engine analyses the position in FILE
	  $ potm demo [FILE]            watch the AI play itself
	  $ potm learn                  the rules, taught on the board, step by step
	  $ potm puzzles                puzzles found and proved by the engine, rated
	  $ potm move [FILE]            play as a POTM contest entry: think within
	                                the clock (CPU time), print one move
	  $ potm perft FILE DEPTH       count the move sequences of DEPTH moves
	  $ potm review FILE            the engine goes over a saved game: a graph of
	                                its evaluation, every move judged
	  $ potm export FILE            write the game of a save or a referee game
	                                as a record for people, saves/NAME.game.txt
	  $ potm match A B              referee a match between two players: ai:1
	                                .. ai:5, ai:greedy, ai:random or an entry
	  $ potm tournament P1 P2 ...   every pair plays a match; ranking and Elo
	  $ potm serve                  an SSH server: anyone with ssh plays potm

	Options${optionHelp(OPTIONS, '')}

	FILE is a POTM input file: for LOA the player to move and the move number,
	each player's points and seconds left, then the board, top rank first: 7
	board lines for LOAPS (saves/start.txt), 8 for classic LOA
	(saves/loa-start.txt); for PAH-TUM the 7×7 grid of - + X O alone; for
	LINES and BOXES "P ROWS COLUMNS", the two score lines, then the lines
	drawn so far, one "P V1 V2" a line (P 0 for those drawn before the game).
	For potm move, no FILE or - reads the position from standard input.
	potm play and analyze also open a game record (NAME.game.txt, written by
	potm export): the whole game, from its start, move by move.

	Examples
	  $ potm play --side 2 --level 4
	  $ potm play --game loa
	  $ potm analyze saves/red-move-10.txt
	  $ potm move saves/start.txt
	  e7 e5
	  $ potm perft saves/start.txt 5
	  7181852
	  $ potm match ai:3 "python3 my_entry.py" --matches 5

	Exit status: 0 done, 1 no legal move in FILE (or a match's --out record,
	or an export, could not be written), 2 bad arguments or a bad FILE (or no
	terminal for the board), 130 stopped by Ctrl-C, 70 an internal error
	(please report it).
`;

const PLAYERS = `
	Players: ai:1 .. ai:5 (the levels), ai:greedy, ai:random, or the command
	line of a POTM entry, quoted as one argument ("python3 my_entry.py"). An
	entry is run once per move, in a private folder, with the input file's
	path appended; it prints one move (in a game whose entries read standard
	input, PAH-TUM, it is given the grid there and prints the new grid). Its
	clock is its CPU time (user and system, its children included), as POTM
	counted. It loses the game if its clock runs out, if it prints nothing,
	more than one line, or not a legal move (a grid other than the one given
	with one more marker of its own), or if it crashes (exits with a status
	other than 0); what it wrote to stdout and stderr is kept in the record.
	In a game won on points (PAH-TUM) a match goes to the higher total of
	game points over its two games, and a fault loses the whole match. In
	LINES and BOXES players level on match points are ranked by the boxes
	they took over all their games.`;

/** "potm COMMAND --help". */
const COMMAND_HELP: Readonly<Record<string, string>> = {
	play: `
	Usage
	  $ potm play [--game loa] [--side 1|2] [--level 1-5]
	              [--clock SECONDS | --no-clock] [FILE]

	Play LOAPS, classic LOA, PAH-TUM or LINES and BOXES against the AI, from
	the start (a random board in PAH-TUM; in LINES and BOXES a board of
	--size, with --lines drawn) or from the position in FILE (a POTM file,
	e.g. one saved with s; it tells its own game). Keys: arrows or hjkl move
	the cursor, Enter picks a piece up and puts it down (or passes, when you
	have no move; in PAH-TUM it places your marker; in LINES and BOXES it
	picks one end of a line, marks the vertices it can reach, and Enter on
	one of those draws it), m types a move, u takes back, t hints, ? shows
	every key. A new game (n) and a rematch (w) start
	from FILE (or the same board) too.

	Options${options('play')}

	Example
	  $ potm play --side 2 --level 5 saves/red-move-10.txt
`,
	analyze: `
	Usage
	  $ potm analyze FILE

	Open the position in FILE in analysis mode: the engine searches without
	end and shows its best moves with their evaluations and lines, live. Play
	moves on the board, step back and on with [ and ], + and - for more or
	fewer lines, s saves.

	Options${options('analyze')}

	Example
	  $ potm analyze saves/blue-move-28.txt
`,
	demo: `
	Usage
	  $ potm demo [--game loa] [--red LEVEL] [--blue LEVEL] [--delay MS]
	              [--games N] [--clock S] [FILE]

	Watch the AI play itself on the game's clocks, from the start or from the
	position in FILE (every game of the series starts there). The sides swap
	every game and the score of the series is kept. Space pauses, the right
	arrow plays the next move while paused, + and - change the speed, Esc
	goes to the menu, q quits.

	Options${options('demo')}

	Example
	  $ potm demo --red 5 --blue 4 --delay 300 --games 4
`,
	learn: `
	Usage
	  $ potm learn [--game loa|pahtum|boxes]

	The rules of the game, taught on its own board: a few lessons of a few
	steps, each a position and a task ("Move the piece on b1 so that it
	captures"). Play the move with the cursor or type it (m); a move that
	misses is told why, a hint comes after two misses, and ? marks the
	answer on the board. Progress is kept in saves/learning.json; the last
	lesson leads to a first game against level 1. docs/learn.md says more.

	Options${options('learn')}

	Example
	  $ potm learn --game pahtum
`,
	puzzles: `
	Usage
	  $ potm puzzles [--game loa|pahtum|boxes] [--theme THEME]

	Puzzles mined from engine games, each with one clearly best move that
	the engine proved, rated (Glicko-2, as the puzzles are): the next rated
	puzzle near your rating, a theme, the puzzle of the day (the same for
	everyone on a date) and puzzles from your own games (your blunders in
	the games kept in saves/games/, proved the same way). Your rating, streak
	and history are kept in saves/learning.json.

	Options${options('puzzles')}

	Example
	  $ potm puzzles --game loaps --theme connect-in-2
`,
	move: `
	Usage
	  $ potm move FILE [--clock S]
	  $ potm move [-] < FILE [--clock S]

	Play as a POTM contest entry: think within the clock (CPU time, as POTM
	counts it: FILE's clock for the game in LOA, the game's allowance for a
	move where there is one) and print what an entry of the game prints: one
	move in LOA, e.g. "b1 d3" ("pass" in classic LOA when no piece can move),
	the whole new grid in PAH-TUM, a line in LINES and BOXES, e.g. "A3 C3".
	With no FILE, or -, the position is read from standard input, so that
	moves chain: potm move < a.txt | potm move.
	Exit status 1 when the position has no legal move (the game is over).

	Options${options('move')}
`,
	match: `
	Usage
	  $ potm match A B [--game loa] [--matches N] [--clock S] [--jobs J]
	                   [--out DIR] [--json]

	Referee matches between A and B under the LOAPS contest's rules (or
	classic LOA's, with the same clock, PAH-TUM's or LINES and BOXES's): each
	match is two games, each side first once; a win earns 2 match points, a
	draw or a tie 1 each (in PAH-TUM a match is won on the total of its
	games' points).
${PLAYERS}

	Options${options('match')}

	Examples
	  $ potm match ai:5 ai:3 --matches 5
	  $ potm match ./my_entry "node dist/cli.js move" --clock 30 --out runs/1
`,
	tournament: `
	Usage
	  $ potm tournament P1 P2 P3 ... [--game loa] [--matches N] [--clock S]
	                                 [--jobs J] [--out DIR] [--json]

	Every pair of players plays N matches. At the end: the ranking by match
	points (ties broken by head-to-head, as the LOAPS contest did), the
	crosstable of match points and an Elo-style rating with its 95 % margin.
${PLAYERS}

	Options${options('tournament')}

	Example
	  $ potm tournament ai:random ai:greedy ai:1 ai:3 ai:5 --matches 2
`,
	review: `
	Usage
	  $ potm review FILE [--time S | --depth N] [--json]

	The engine goes over every move of the game in FILE, in the background, a
	second a move by default: the evaluation graph (from the first player's
	side; in LOAPS the points margin), and every move judged against the
	engine's best, by the game points it lost (classic LOA: its evaluation's
	unit; the thresholds of each game are in docs/review-and-records.md §3):
	  ??  blunder (LOAPS 6 points or more, or a game not lost now lost)
	  ?   mistake (LOAPS 3 or more)       ?!  inaccuracy (LOAPS 1 or more)
	  ?W  missed a win (a proven win let go)
	  □   only move (every other move lost; ! with --ascii)
	with each side's average loss a move and its marks. Walk the game with the
	arrows, [ ], Home, End and g NUMBER; Esc stops the review early (what is
	done is kept), e writes the record with the findings (potm export).

	FILE is a save (with its history), a game of a referee run (game-001.txt
	or game-001.record.txt) or a game record (NAME.game.txt).

	Options${options('review')}

	Examples
	  $ potm review saves/my-game.txt
	  $ potm review runs/1/game-003.record.txt --time 0.5 --json > review.json
`,
	export: `
	Usage
	  $ potm export FILE

	Write the game in FILE as a record for people: one text file with who
	played, the clocks, the result, the start position and every move, one a
	line, with the clocks after it, e.g. "12... b1 d3  {RED 41.20 BLUE 38.75}".
	potm play and analyze open a record, and the menu's Open lists it.

	FILE is a save (NAME.txt, with NAME.history.json beside it for the moves),
	a game of a referee run (runs/x/game-001.txt, or game-001.record.txt, which
	also names the players), or a record, copied as it is. The record goes to
	the saves folder ($POTM_SAVES, else saves) as NAME.game.txt, or
	NAME-2.game.txt and on when that is taken: nothing is ever overwritten. Its
	path is printed. Exit status 0 written, 1 it could not be written, 2 a bad
	FILE.

	Options${options('export')}

	Example
	  $ potm export runs/1/game-003.record.txt
	  saves/game-003.game.txt
`,
	serve: `
	Usage
	  $ potm serve [--port PORT] [--host ADDRESS] [--data DIR]
	               [--authorized-keys FILE] [--max-sessions N] [--draw-threads N]
	  $ potm serve --names [--data DIR]
	  $ potm serve --forget NAME [--data DIR]

	Serve potm over SSH: anyone with an ssh client and a terminal gets the
	arcade on it (ssh -p 2222 HOST), with saves of their own under their SSH
	user name. A name belongs to the first key that comes under it; a client
	without a key plays as a guest. There is no shell: no other command, no
	file transfer, no forwarding. The host key is made on the first start and kept in DIR (its
	fingerprint is printed, for people to check on their first connection).
	Ctrl-C stops the server and ends every session.

	Options${options('serve')}

	Example
	  $ potm serve --port 2222 --authorized-keys ~/.ssh/authorized_keys
`,
	perft: `
	Usage
	  $ potm perft FILE DEPTH [--divide]

	Count the move sequences of DEPTH moves from the position in FILE (a
	rules self-check).

	Options${options('perft')}
`,
};

/** A command's help, indented as the main help (two spaces, not the source's tab). */
const commandHelp = (topic: string): string => `${COMMAND_HELP[topic]!.replace(/^\t/gm, '  ')}\n`;

/** The commands, the menu ('') among them (analyse, analyze's other spelling, is read as analyze first). */
const COMMANDS = [...GAME_COMMANDS, 'serve', 'help'];

guardStdout();

/** The command line as read (main reads it before anything else). */
let parsed: Parsed;

/** What an option said: its text (true when no value followed it), or true or false; undefined when it is not given. */
const flag = (name: string): Given | undefined => parsed.values.get(name);

/** A whole number from an option within its range in the table, `fallback` when it is not given, or a message. */
const whole = (name: string, fallback: number, given: Given | undefined = flag(name)): number | string =>
	wholeNumber(given, name, OPTIONS[name]!.range!, fallback);

/** A bad command line: one `potm:` line on stderr, exit status 2. */
function usage(message: string): number {
	process.stderr.write(`potm: ${message}\n`);
	return 2;
}

/**
 * The game --game and --mover-wins ask for: its registry id ('loaps', 'loa' or 'loa-mover'),
 * undefined when neither is given (the default game, or what a FILE holds), or a message.
 */
function gameOption(): string | undefined | {message: string} {
	const game = flag('game');
	const named = typeof game === 'string' ? game.trim().toLowerCase() : game;
	if (named !== undefined && !namedGames.some(one => one.id === named)) {
		const shown = typeof game === 'string' ? `, not "${game}"` : '';
		return {message: `--game takes ${gameList()}${shown}`};
	}
	if (flag('mover-wins') === true) {
		if (named === 'loaps')
			return {
				message: '--mover-wins is a ruling of classic Lines of Action (--game loa); LOAPS decides a simultaneous connection by the points',
			};
		if (named !== undefined && named !== 'loa')
			return {message: `--mover-wins is a ruling of classic Lines of Action (--game loa), not of ${gameById(named as string)!.name}`};
		return 'loa-mover';
	}
	return named as string | undefined;
}

/** --clock's seconds: undefined when it is not given, false for --no-clock, or a message. */
function clockOption(): number | false | undefined | string {
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
function boardOptions(game: AnyGame | undefined): {setup: Setup; varied: Setup[]; given: string[]} | string {
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

/** The machine's cores, as Node counts those this process may use. */
async function machineCores(): Promise<number> {
	const {availableParallelism} = await import('node:os');
	return availableParallelism();
}

async function interactive(
	command: string,
	rest: readonly string[],
	game: string | undefined,
	reviewBudget?: {ms: number} | {depth: number},
): Promise<number> {
	const screen =
		command === ''
			? 'menu'
			: command === 'play' || command === 'demo' || command === 'review' || command === 'learn' || command === 'puzzles'
				? command
				: 'analysis';
	if ((screen === 'learn' || screen === 'puzzles') && rest.length > 0) return usage(`${screen} takes no FILE, not "${rest[0]}"`);
	const wanted = gameById(game ?? DEFAULT_GAME)!;
	if (screen === 'learn' && !wanted.lessons) return usage(`${wanted.name} has no lessons`);
	if (screen === 'puzzles' && !wanted.puzzleThemes) return usage(`${wanted.name} has no puzzles`);
	const themeFlag = flag('theme');
	const themes = wanted.puzzleThemes?.themes.map(one => one.id) ?? [];
	if (themeFlag !== undefined && (typeof themeFlag !== 'string' || !themes.includes(themeFlag.trim().toLowerCase())))
		return usage(
			`--theme takes a theme of ${wanted.name}'s puzzles: ${themes.join(', ')}${typeof themeFlag === 'string' ? `, not "${themeFlag}"` : ''}`,
		);
	if (screen === 'analysis' && rest.length !== 1) return usage('analyze takes one FILE, e.g. "potm analyze saves/red-move-10.txt"');
	if (screen === 'play' && rest.length > 1) return usage(`play takes at most one FILE, not also "${rest[1]}"`);
	if (screen === 'menu' && rest.length > 0) return usage(`unexpected "${rest[0]}"`);
	if (screen === 'demo' && rest.length > 1) return usage(`demo takes at most one FILE, not also "${rest[1]}"`);
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
		return usage(
			`--side takes 1 (${sides[0]}, moves first) or 2 (${sides[1]})${typeof sideFlag === 'string' ? `, not "${sideFlag}"` : ''}`,
		);
	const level = whole('level', 3);
	for (const [one, other] of [
		['red', 'black'],
		['blue', 'white'],
	] as const) {
		if (flag(one) !== undefined && flag(other) !== undefined) return usage(`--${one} and --${other} name the same side: give one of them`);
	}
	// --black and --white are --red and --blue by LOA's names, each said in its own name.
	const red = whole(flag('black') !== undefined ? 'black' : 'red', 5);
	const blue = whole(flag('white') !== undefined ? 'white' : 'blue', 3);
	const delay = whole('delay', 1000);
	const games = whole('games', 0);
	const seed = whole('seed', Math.floor(Math.random() * 0x80000000));
	const cores = await machineCores();
	const threads = whole('threads', defaultThreads(cores));
	for (const value of [level, red, blue, delay, games, seed, threads]) if (typeof value === 'string') return usage(value);
	// The game the board is for: --game's, or for play and demo without a FILE the default game (the menu may change games).
	const boardGame = game !== undefined ? gameById(game) : screen === 'menu' || rest[0] !== undefined ? undefined : gameById(DEFAULT_GAME);
	const boardSetup = boardOptions(boardGame);
	if (typeof boardSetup === 'string') return usage(boardSetup);
	let clock: number | null = 60;
	const clockGiven = clockOption();
	if (clockGiven === false) clock = null;
	else if (typeof clockGiven === 'string') return usage(`${clockGiven} (--no-clock plays without)`);
	else if (clockGiven !== undefined) clock = clockGiven;
	if (screen === 'demo' && clockGiven === false) return usage('the demo plays on clocks: --clock S sets them');
	// React's production build: its development checks cost several times the work of a frame.
	process.env['NODE_ENV'] ??= 'production';
	const {runUi} = await import('./commands/ui.js');
	return runUi({
		screen,
		...(game === undefined ? {} : {game}),
		...(rest[0] === undefined ? {} : {file: rest[0]}),
		choices: {
			side,
			level: level as number,
			clock,
			board: seed as number,
			bell: flag('quiet') !== true,
			...(boardSetup.given.length > 0 ? {setup: boardSetup.setup} : {}),
			threads: {count: threads as number, cores},
		},
		clockGiven: typeof clockGiven === 'number',
		newBoard: [...(flag('seed') === undefined ? [] : ['seed']), ...boardSetup.given],
		demo: {
			levels: [red as number, blue as number],
			delayMs: delay as number,
			games: games as number,
			...(typeof clockGiven === 'number' ? {clockSeconds: clockGiven} : {}),
		},
		ascii: flag('ascii') === true,
		color: flag('color') !== false,
		savesDir: process.env['POTM_SAVES'] || 'saves',
		...(reviewBudget ? {reviewBudget} : {}),
		...(typeof themeFlag === 'string' ? {theme: themeFlag.trim().toLowerCase()} : {}),
	});
}

async function referee(command: 'match' | 'tournament', players: readonly string[], game: string | undefined): Promise<number> {
	if (command === 'match' && players.length !== 2) {
		return usage(`match takes two players, e.g. "potm match ai:5 ./my_entry"${players.length > 2 ? ' (for more, potm tournament)' : ''}`);
	}
	if (command === 'tournament' && players.length < 2)
		return usage('tournament takes two players or more, e.g. "potm tournament ai:1 ai:3 ai:5"');
	const matches = whole('matches', 1);
	const {availableParallelism} = await import('node:os');
	const jobs = whole('jobs', availableParallelism());
	const clockGiven = clockOption();
	const clock = clockGiven === false ? '--clock cannot be turned off: the clock is part of the contest' : clockGiven;
	const seed = flag('seed') === undefined ? undefined : whole('seed', 0);
	for (const value of [matches, jobs, clock, seed]) if (typeof value === 'string') return usage(value);
	const board = flag('board');
	if (board !== undefined && (typeof board !== 'string' || board.trim() === ''))
		return usage('--board takes a FILE holding a start board, e.g. --board board.txt');
	const out = flag('out');
	if (out !== undefined && (typeof out !== 'string' || out.trim() === '')) return usage('--out takes a folder, e.g. --out runs/first');
	// Without --game the board's game is the --board FILE's (checked there), else the default game.
	const boardSetup = boardOptions(game !== undefined ? gameById(game) : board !== undefined ? undefined : gameById(DEFAULT_GAME));
	if (typeof boardSetup === 'string') return usage(boardSetup);
	if (board !== undefined && boardSetup.given.length > 0)
		return usage(`--board and --${boardSetup.given[0]} both say which board to play on: give one of them`);
	const {runReferee} = await import('./commands/referee.js');
	return runReferee({
		kind: command,
		...(game === undefined ? {} : {game}),
		players,
		matches: matches as number,
		...(clock === undefined ? {} : {clockSeconds: clock as number}),
		...(seed === undefined ? {} : {seed: seed as number}),
		...(board === undefined ? {} : {board}),
		setup: boardSetup.setup,
		varied: boardSetup.varied,
		jobs: jobs as number,
		out,
		json: flag('json') === true,
	});
}

async function main(): Promise<number> {
	const read = readArgs(process.argv.slice(2), OPTIONS);
	if (typeof read === 'string') return usage(read);
	parsed = read;
	const [typed = '', ...rest] = parsed.positionals;
	const command = typed === 'analyse' ? 'analyze' : typed;
	// Before anything else, whatever else the line holds: potm --version extra.
	if (flag('version') === true) {
		const {readFileSync} = await import('node:fs');
		const {version} = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {version: string};
		process.stdout.write(`${version}\n`);
		return 0;
	}
	const mainHelp = `${help.replace(/^\t/gm, '  ')}\n`;
	if (command === 'help') {
		const topic = rest[0] === 'analyse' ? 'analyze' : rest[0];
		process.stdout.write(topic && COMMAND_HELP[topic] ? commandHelp(topic) : mainHelp);
		return 0;
	}
	if (flag('help') === true) {
		process.stdout.write(COMMAND_HELP[command] ? commandHelp(command) : mainHelp);
		return 0;
	}
	if (!COMMANDS.includes(command)) return usage(`unknown command "${command}" (potm --help lists the commands)`);
	const stray = strayOption(parsed, OPTIONS, command, `potm ${typed === '' ? '' : `${typed} `}--help`);
	if (stray !== undefined) return usage(stray);
	const game = gameOption();
	if (typeof game === 'object') return usage(game.message);
	switch (command) {
		case 'move': {
			if (rest.length > 1) return usage(`move takes one FILE (or none, or -, for standard input), not also "${rest[1]}"`);
			const moveClock = clockOption();
			if (moveClock === false) return usage('--clock cannot be turned off: the clock is part of the contest');
			if (typeof moveClock === 'string') return usage(moveClock);
			const {runMove} = await import('./commands/move.js');
			return runMove(rest[0] ?? '-', game, moveClock, {kind: 'modules', dist: fileURLToPath(new URL('.', import.meta.url))});
		}
		case 'perft': {
			if (rest.length < 1 || rest.length > 2) return usage('perft takes a FILE and a DEPTH, e.g. "potm perft saves/start.txt 4"');
			const {runPerft} = await import('./commands/perft.js');
			return runPerft(rest[0]!, rest[1], flag('divide') === true, game);
		}
		case 'match':
		case 'tournament':
			return referee(command, rest, game);
		case 'review': {
			if (rest.length !== 1)
				return usage(`review takes one FILE, e.g. "potm review saves/my-game.txt"${rest.length > 1 ? `, not also "${rest[1]}"` : ''}`);
			const [time, depth] = [flag('time'), flag('depth')];
			if (time !== undefined && depth !== undefined)
				return usage('--time and --depth both say how long a position is searched: give one of them');
			let budget: {ms: number} | {depth: number} = {ms: 1000};
			if (depth !== undefined) {
				const value = whole('depth', 1);
				if (typeof value === 'string') return usage(value);
				budget = {depth: value};
			} else if (time !== undefined) {
				const seconds = typeof time === 'string' ? Number(time.trim()) : Number.NaN;
				if (typeof time !== 'string' || !/^\d*\.?\d+$/.test(time.trim()) || seconds < 0.05 || seconds > 600)
					return usage(
						`--time takes the seconds a position is searched, from 0.05 to 600, e.g. --time 0.5${typeof time === 'string' ? `, not "${time}"` : ''}`,
					);
				budget = {ms: Math.round(seconds * 1000)};
			}
			if (flag('json') === true) {
				const threads = whole('threads', defaultThreads(await machineCores()));
				if (typeof threads === 'string') return usage(threads);
				const {runReviewJson} = await import('./commands/review.js');
				return runReviewJson(rest[0]!, game, budget, threads);
			}
			return interactive('review', rest, game, budget);
		}
		case 'serve': {
			if (rest.length > 0) return usage(`serve takes no FILE, not "${rest[0]}"`);
			const port = whole('port', DEFAULT_PORT);
			const maxSessions = whole('max-sessions', DEFAULT_MAX_SESSIONS);
			const cores = await machineCores();
			const drawThreads = whole('draw-threads', cores > 1 ? cores : 0);
			for (const value of [port, maxSessions, drawThreads]) if (typeof value === 'string') return usage(value);
			const texts: Record<string, string | undefined> = {};
			for (const name of ['host', 'data', 'authorized-keys']) {
				const value = flag(name);
				if (value !== undefined && (typeof value !== 'string' || value.trim() === ''))
					return usage(`--${name} takes a value, e.g. ${SERVE_EXAMPLES[name]}`);
				texts[name] = value;
			}
			const forget = flag('forget');
			if (forget !== undefined && (typeof forget !== 'string' || forget.trim() === ''))
				return usage('--forget takes a NAME, e.g. --forget ada');
			if (flag('names') !== undefined || forget !== undefined) {
				const others = [
					'port',
					'host',
					'authorized-keys',
					'max-sessions',
					'draw-threads',
					...(forget === undefined ? [] : ['names']),
				].filter(name => flag(name) !== undefined);
				if (others.length > 0) return usage(`--${forget === undefined ? 'names' : 'forget'} goes with --data alone, not --${others[0]}`);
				const {runNames} = await import('./commands/serve-names.js');
				return runNames(texts['data'], forget);
			}
			// React's production build, as for the local screens: its development checks cost several
			// times the work of a frame, and the server draws every session's.
			process.env['NODE_ENV'] ??= 'production';
			const {runServe} = await import('./commands/serve.js');
			return runServe({
				port: port as number,
				host: texts['host'] ?? '0.0.0.0',
				maxSessions: maxSessions as number,
				drawThreads: drawThreads as number,
				...(texts['data'] === undefined ? {} : {dataDir: texts['data']}),
				...(texts['authorized-keys'] === undefined ? {} : {authorizedKeys: texts['authorized-keys']}),
			});
		}
		case 'export': {
			if (rest.length !== 1)
				return usage(`export takes one FILE, e.g. "potm export saves/red-move-10.txt"${rest.length > 1 ? `, not also "${rest[1]}"` : ''}`);
			if (rest[0] === '-') return usage('export takes a FILE: a save, a referee game or record, or a game record (not standard input)');
			const {runExport} = await import('./commands/export.js');
			return runExport(rest[0]!, game);
		}
		default:
			return interactive(command, rest, game);
	}
}

try {
	process.exitCode = await main();
} catch (error) {
	process.exitCode = reportInternalError(error);
}
