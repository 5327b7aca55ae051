#!/usr/bin/env node
/**
 * The command line: parse argv with meow, then import only what the chosen command needs, so
 * `potm move` (a contest entry, whose start-up counts against its clock) never loads the UI.
 */
import meow from 'meow';

const help = `
	Usage
	  $ potm                          the LOAPS starting position and this help
	  $ potm move FILE                play as a POTM contest entry: think within the clock
	                                  in FILE (CPU time, as POTM counts it), print one move
	  $ potm perft FILE DEPTH         count the move sequences of DEPTH moves from FILE

	Options
	  --divide     with perft: first one line per move, "b1 d3 12345", then the total
	  -h, --help   this help
	  --version    the version of potm

	FILE is a POTM input file: the player to move and the move number, each player's
	points and seconds left, then the board, top rank first (see saves/start.txt).

	Examples
	  $ potm move saves/start.txt
	  b1 d3
	  $ potm perft saves/start.txt 5
	  7181852
	  $ potm perft saves/red-move-10.txt 2 --divide

	Exit status: 0 done, 1 no legal move in FILE, 2 bad arguments or a bad FILE,
	70 an internal error (please report it).
`;

/** Options each command takes, besides --help and --version. */
const OPTIONS: Readonly<Record<string, readonly string[]>> = {
	'': [],
	move: [],
	perft: ['divide'],
	help: [],
};

const cli = meow(help, {
	importMeta: import.meta,
	// Unknown options are reported below, in our own words and per command.
	allowUnknownFlags: true,
	flags: {
		divide: {type: 'boolean', default: false},
		help: {type: 'boolean', shortFlag: 'h', default: false},
	},
});

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

async function main(): Promise<number> {
	const [command = '', ...rest] = cli.input;
	if (cli.flags.help || command === 'help') {
		cli.showHelp(0);
		return 0;
	}
	if (!(command in OPTIONS)) return usage(`unknown command "${command}"`);
	const stray = strayOption(command);
	if (stray !== undefined) {
		const owner = Object.keys(OPTIONS).find(other => OPTIONS[other]!.includes(stray.name));
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
		default: {
			if (rest.length > 0) return usage(`unexpected "${rest[0]}"`);
			const {loaps} = await import('./games/loa/index.js');
			process.stdout.write(`${loaps.render(loaps.initial())}\n`);
			cli.showHelp(0);
			return 0;
		}
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
