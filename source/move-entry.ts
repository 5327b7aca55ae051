/**
 * `potm move [FILE]` as a contest runs it, straight from cli.ts: no option parser, no help text,
 * none of the other commands. A contest entry pays for its start-up on its clock at every move,
 * and reading the whole command line (and building the help it could print) cost about 55 ms of
 * its 230 when it was read with meow (a profile on the development machine). Anything but a plain `move`, `move FILE` or `move -` goes through the full
 * command line (command-line/), which says what is wrong with it.
 */
import {runMove, type MoveStart} from './commands/move.js';
import {guardStdout, reportInternalError} from './process-guards.js';

/** Whether the words after the program's name are a plain move: `move`, then at most a FILE or `-`, no option. */
export function plainMove(words: readonly string[]): boolean {
	return words[0] === 'move' && words.length <= 2 && (words[1] === undefined || words[1] === '-' || !words[1].startsWith('-'));
}

/**
 * Runs a plain move (see plainMove) as the full command line would (command-line/dispatch.ts): a reader gone early is no error, an
 * internal error one line. `clockSeconds` is --clock's (a move's allowance in PAH-TUM); `start`
 * says how the process started (for the start-up it remembers) and where the build is.
 */
export function runPlainMove(words: readonly string[], clockSeconds: number | undefined, start: MoveStart): number {
	guardStdout();
	try {
		return runMove(words[1] ?? '-', undefined, clockSeconds, start);
	} catch (error) {
		return reportInternalError(error);
	}
}
