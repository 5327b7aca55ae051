#!/usr/bin/env node
/**
 * The program's entry. An interactive command (the menu, play, analyze, demo) takes the terminal
 * into raw mode first, before anything else loads: keys pressed while it starts are then kept for
 * the first screen instead of being echoed as ^[[D, and what the terminal echoed before this
 * moment is wiped off the line. Then the command line is read and run (command-line/dispatch.ts).
 */
import {fileURLToPath} from 'node:url';

const words = process.argv.slice(2);
// potm serve draws on its clients' terminals, never on its own: Ctrl-C there must stay a signal.
const NOT_INTERACTIVE = new Set(['move', 'perft', 'match', 'tournament', 'serve', 'help', '--help', '-h', '--version']);
if (process.stdin.isTTY && process.stdout.isTTY && !words.some(word => NOT_INTERACTIVE.has(word))) {
	process.stdin.setRawMode(true);
	process.once('exit', () => {
		if (process.stdin.isTTY) process.stdin.setRawMode(false);
	});
	process.stdout.write('\r\u001B[K');
}
// A plain `potm move FILE` (how a contest runs an entry) skips the command-line parser: its
// start-up is charged to its clock at every move (move-entry.ts).
if (words[0] === 'move') {
	let entry: typeof import('./move-entry.js') | undefined;
	try {
		entry = await import('./move-entry.js');
	} catch (error) {
		// Loading the move's modules failed: one line, as any other internal error.
		const {reportInternalError} = await import('./process-guards.js');
		process.exitCode = reportInternalError(error);
	}
	if (entry?.plainMove(words))
		process.exitCode = entry.runPlainMove(words, undefined, {kind: 'modules', dist: fileURLToPath(new URL('.', import.meta.url))});
	else if (entry) await commandLine();
} else await commandLine();

/** The full command line (command-line/): the command the words give, run. */
async function commandLine(): Promise<void> {
	const {main} = await import('./command-line/dispatch.js');
	process.exitCode = await main(words);
}
