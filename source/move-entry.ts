/**
 * `potm move [FILE]` as a contest runs it, straight from cli.ts: no option parser, no help text,
 * none of the other commands. A contest entry pays for its start-up on its clock at every move,
 * and reading the command line with meow (and building the help it could print) cost about a
 * quarter of it. Anything but a plain `move`, `move FILE` or `move -` goes through the full
 * command line (command-line.ts), which says what is wrong with it.
 */
import {runMove} from './commands/move.js';

/** Whether the words after the program's name are a plain move: `move`, then at most a FILE or `-`, no option. */
export function plainMove(words: readonly string[]): boolean {
	return words[0] === 'move' && words.length <= 2 && (words[1] === undefined || words[1] === '-' || !words[1].startsWith('-'));
}

export function runPlainMove(words: readonly string[]): number {
	try {
		return runMove(words[1] ?? '-');
	} catch (error) {
		// As command-line.ts: never a stack trace; POTM_DEBUG=1 shows it.
		process.stderr.write(`potm: internal error: ${(error as Error).message}\n`);
		if (process.env['POTM_DEBUG']) process.stderr.write(`${(error as Error).stack}\n`);
		return 70;
	}
}
