#!/usr/bin/env node
/**
 * The command line: parse argv with meow, then import only what the chosen command needs, so
 * `potm move` (a contest entry, whose start-up counts against its clock) never loads the UI.
 */
import meow from 'meow';

const help = `
	Usage
	  $ potm                          the start menu: play, demo, analyse, open a saved game
	  $ potm play [FILE]              play against the AI, from the start or from FILE
	  $ potm analyze FILE             the engine analyses the position in FILE, live
	  $ potm demo                     watch the AI play itself
	  $ potm move FILE                play as a POTM contest entry: think within the clock
	                                  in FILE (CPU time, as POTM counts it), print one move
	  $ potm perft FILE DEPTH         count the move sequences of DEPTH moves from FILE

	Options
	  --ascii         letters and ASCII marks only (for terminals without Unicode)
	  --no-color      no colours (also when NO_COLOR is set)
	  -h, --help      this help; "potm COMMAND --help" for one command's options
	  --version       the version of potm

	FILE is a POTM input file: the player to move and the move number, each player's
	points and seconds left, then the board, top rank first (see saves/start.txt).

	Examples
	  $ potm play --side 2 --level 4
	  $ potm analyze saves/red-move-10.txt
	  $ potm move saves/start.txt
	  b1 d3
	  $ potm perft saves/start.txt 5
	  7181852

	Exit status: 0 done, 1 no legal move in FILE, 2 bad arguments or a bad FILE (or no
	terminal for the board), 70 an internal error (please report it).
`;

const DISPLAY = `
	  --ascii         letters and ASCII marks only (for terminals without Unicode)
	  --no-color      no colours (also when NO_COLOR is set)`;

/** "potm COMMAND --help". */
const COMMAND_HELP: Readonly<Record<string, string>> = {
	play: `
	Usage
	  $ potm play [--side 1|2] [--level 1-5] [--clock SECONDS | --no-clock] [FILE]

	Play LOAPS against the AI, from the start or from the position in FILE (a POTM input
	file, e.g. one saved with s). Keys: arrows or hjkl move the cursor, Enter picks a
	piece up and puts it down, m types a move, u takes back, t hints, ? shows every key.

	Options
	  --side 1|2      your side: 1 RED (moves first, the default) or 2 BLUE
	  --level 1-5     the AI: 1 Beginner, 2 Casual, 3 Club (the default), 4 Strong, 5 Master
	  --clock S       seconds on each clock (60 by default; FILE's own readings otherwise)
	  --no-clock      play without clocks${DISPLAY}

	Example
	  $ potm play --side 2 --level 5 saves/red-move-10.txt
`,
	analyze: `
	Usage
	  $ potm analyze FILE

	Open the position in FILE in analysis mode: the engine searches without end and shows
	its best moves with their evaluations and lines, live. Play moves on the board,
	step back and on with [ and ], + and - for more or fewer lines, s saves.

	Options${DISPLAY}

	Example
	  $ potm analyze saves/blue-move-28.txt
`,
	demo: `
	Usage
	  $ potm demo [--red LEVEL] [--blue LEVEL] [--delay MS] [--games N]

	Watch the AI play itself on the 60 s clocks. The sides swap every game and the score
	of the series is kept. Space pauses, the right arrow plays the next move while
	paused, + and - change the speed, Esc goes to the menu, q quits.

	Options
	  --red LEVEL     the level that plays RED in the first game (5 by default)
	  --blue LEVEL    the level that plays BLUE in the first game (3 by default)
	  --delay MS      the least time between two moves, in milliseconds (1000)
	  --games N       stop after N games (by default the series goes on until q)${DISPLAY}

	Example
	  $ potm demo --red 5 --blue 4 --delay 300 --games 4
`,
	move: `
	Usage
	  $ potm move FILE

	Play as a POTM contest entry: think within the clock in FILE (CPU time, as POTM
	counts it) and print one move, e.g. "b1 d3". Exit status 1 when FILE has no legal move.
`,
	perft: `
	Usage
	  $ potm perft FILE DEPTH [--divide]

	Count the move sequences of DEPTH moves from the position in FILE (a rules self-check).

	Options
	  --divide        first one line per move, "b1 d3 12345", then the total
`,
};

const INTERACTIVE = ['ascii', 'color'];

/** Options each command takes, besides --help and --version. */
const OPTIONS: Readonly<Record<string, readonly string[]>> = {
	'': INTERACTIVE,
	play: ['side', 'level', 'clock', ...INTERACTIVE],
	analyze: INTERACTIVE,
	analyse: INTERACTIVE,
	demo: ['red', 'blue', 'delay', 'games', ...INTERACTIVE],
	move: [],
	perft: ['divide'],
	help: [],
};

// meow throws on some mistakes (an option given twice): said in one line like any other.
const cli = (() => {
	try {
		return meow(help, {
			importMeta: import.meta,
			// Unknown options are reported below, in our own words and per command.
			allowUnknownFlags: true,
			flags: {
				divide: {type: 'boolean', default: false},
				help: {type: 'boolean', shortFlag: 'h', default: false},
				ascii: {type: 'boolean', default: false},
				color: {type: 'boolean', default: true},
				// Read as text and checked below, so that a bad value gets a sentence, not NaN.
				side: {type: 'string'},
				level: {type: 'string'},
				clock: {type: 'string'},
				red: {type: 'string'},
				blue: {type: 'string'},
				delay: {type: 'string'},
				games: {type: 'string'},
			},
		});
	} catch (error) {
		const message = (error as Error).message.split('\n')[0]!;
		const twice = /^The flag --(\S+) can only be set once/.exec(message);
		const said = twice ? `--${twice[1]} is given more than once (--no-${twice[1]} counts too)` : message;
		process.stderr.write(`potm: ${said}\nRun "potm --help" for the commands.\n`);
		process.exit(2);
	}
})();

// A reader that stops early (`potm perft ... --divide | head`) is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
	if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
	throw error;
});

function usage(message: string): number {
	process.stderr.write(`potm: ${message}\nRun "potm --help" for the commands.\n`);
	return 2;
}

/** The first option on the command line that the command does not take, if any. */
function strayOption(command: string): {text: string; name: string} | undefined {
	const allowed = new Set(['help', 'h', 'version', ...(OPTIONS[command] ?? [])]);
	for (const arg of process.argv.slice(2)) {
		if (arg === '--') break;
		if (!arg.startsWith('-') || arg === '-') continue;
		const text = arg.replace(/=.*$/, '');
		const name = text.replace(/^--?(no-)?/, '');
		if (!allowed.has(name)) return {text, name};
	}
	return undefined;
}

/** A whole number in [min, max] from an option's text, or a message. */
function wholeNumber(text: unknown, option: string, min: number, max: number, fallback: number): number | string {
	if (text === undefined) return fallback;
	if (typeof text !== 'string') return `--${option} takes a whole number from ${min} to ${max}`;
	if ( !/^\d+$/.test(text.trim())) return `--${option} takes a whole number from ${min} to ${max}, not "${text}"`;
	const value = Number(text);
	return value < min || value > max ? `--${option} takes a whole number from ${min} to ${max}, not ${value}` : value;
}

async function interactive(command: string, rest: readonly string[]): Promise<number> {
	const {flags} = cli;
	const screen = command === '' ? 'menu' : command === 'play' ? 'play' : command === 'demo' ? 'demo' : 'analysis';
	if (screen === 'analysis' && rest.length !== 1) return usage('analyze takes one FILE, e.g. "potm analyze saves/red-move-10.txt"');
	if (screen === 'play' && rest.length > 1) return usage(`play takes at most one FILE, not also "${rest[1]}"`);
	if ((screen === 'menu' || screen === 'demo') && rest.length > 0) return usage(`unexpected "${rest[0]}"`);
	const sideText = typeof flags.side === 'string' ? flags.side.trim().toLowerCase() : flags.side === undefined ? undefined : '';
	const side = sideText === undefined || sideText === '1' || sideText === 'red' ? 1 : sideText === '2' || sideText === 'blue' ? 2 : null;
	if (side === null) return usage(`--side takes 1 (RED, moves first) or 2 (BLUE)${typeof flags.side === 'string' ? `, not "${flags.side}"` : ''}`);
	const level = wholeNumber(flags.level, 'level', 1, 5, 3);
	const red = wholeNumber(flags.red, 'red', 1, 5, 5);
	const blue = wholeNumber(flags.blue, 'blue', 1, 5, 3);
	const delay = wholeNumber(flags.delay, 'delay', 0, 10_000, 1000);
	const games = wholeNumber(flags.games, 'games', 1, 10_000, 0);
	for (const value of [level, red, blue, delay, games]) if (typeof value === 'string') return usage(value);
	let clock: number | null = 60;
	const clockFlag = flags.clock as string | boolean | undefined;
	if (clockFlag === false) clock = null;
	else if (typeof clockFlag === 'string') {
		const seconds = Number(clockFlag);
		if (clockFlag.trim() === '' || !Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) return usage(`--clock takes the seconds on each clock, more than 0 and at most 3600, not "${clockFlag}" (--no-clock plays without)`);
		clock = seconds;
	}
	const {runUi} = await import('./commands/ui.js');
	return runUi({
		screen,
		...(rest[0] === undefined ? {} : {file: rest[0]}),
		choices: {side, level: level as number, clock},
		clockGiven: typeof clockFlag === 'string',
		demo: {levels: [red as number, blue as number], delayMs: delay as number, games: games as number, clockSeconds: 60},
		ascii: flags.ascii,
		color: flags.color,
		savesDir: process.env['POTM_SAVES'] || 'saves',
	});
}

async function main(): Promise<number> {
	const [command = '', ...rest] = cli.input;
	if (command === 'help') {
		const topic = rest[0] === 'analyse' ? 'analyze' : rest[0];
		process.stdout.write(`${topic && COMMAND_HELP[topic] ? COMMAND_HELP[topic] : help}\n`);
		return 0;
	}
	if (cli.flags.help) {
		const topic = command === 'analyse' ? 'analyze' : command;
		process.stdout.write(`${COMMAND_HELP[topic] ?? help}\n`);
		return 0;
	}
	if (!(command in OPTIONS)) return usage(`unknown command "${command}"`);
	const stray = strayOption(command);
	if (stray !== undefined) {
		const owner = INTERACTIVE.includes(stray.name)
			? 'play, analyze, demo or the menu'
			: Object.keys(OPTIONS).find(other => other !== '' && OPTIONS[other]!.includes(stray.name));
		return usage(owner ? `${stray.text} goes with ${owner}` : `unknown option ${stray.text}`);
	}
	switch (command) {
		case 'move': {
			if (rest.length !== 1) return usage('move takes one FILE, e.g. "potm move saves/start.txt"');
			const {runMove} = await import('./commands/move.js');
			return runMove(rest[0]!);
		}
		case 'perft': {
			if (rest.length < 1 || rest.length > 2) return usage('perft takes a FILE and a DEPTH, e.g. "potm perft saves/start.txt 4"');
			const {runPerft} = await import('./commands/perft.js');
			return runPerft(rest[0]!, rest[1], cli.flags.divide);
		}
		default:
			return interactive(command, rest);
	}
}

try {
	process.exitCode = await main();
} catch (error) {
	// Never a stack trace for users; POTM_DEBUG=1 shows it for us.
	process.stderr.write(`potm: internal error: ${(error as Error).message}\n`);
	if (process.env['POTM_DEBUG']) process.stderr.write(`${(error as Error).stack}\n`);
	process.exitCode = 70;
}
