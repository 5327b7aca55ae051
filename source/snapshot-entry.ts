/**
 * The contest entry as a Node start-up snapshot (source/tools/build-entry.mjs bundles this file
 * and builds dist/potm-move.blob from it; dist/potm-move runs it). Every module the move needs is
 * loaded, compiled and run (the boards' tables built; the solvers' tables are allocated when first
 * asked) when the snapshot is built, so a move starts from a ready heap: the contest charges that
 * start-up to every move's clock.
 *
 * Run with the snapshot, `process.argv` is the node binary followed by the entry's own arguments.
 */
import v8 from 'node:v8';
import {clockSeconds} from './clock-seconds.js';
import {plainMove, runPlainMove} from './move-entry.js';

const USAGE = 'potm-move takes one FILE (or none, or -, for standard input) and --clock S; potm move takes the other options';

/** `[FILE | -] [--clock S]`, as `potm move` reads them (--clock: a move's CPU seconds in PAH-TUM, for a referee's shorter clock). */
export function runEntry(args: readonly string[]): number {
	const rest: string[] = [];
	let clock: number | undefined;
	for (let index = 0; index < args.length; index++) {
		const word = args[index]!;
		if (word === '--clock' || word.startsWith('--clock=')) {
			const text = word === '--clock' ? args[++index] : word.slice('--clock='.length);
			if (text === undefined) return refuse('--clock takes the seconds a move may take, e.g. --clock 5');
			const seconds = clockSeconds(text);
			if (typeof seconds === 'string') return refuse(seconds);
			clock = seconds;
		} else rest.push(word);
	}
	const words = ['move', ...rest];
	if (!plainMove(words)) return refuse(USAGE);
	return runPlainMove(words, clock);
}

function refuse(message: string): number {
	process.stderr.write(`potm: ${message}\n`);
	return 2;
}

if (v8.startupSnapshot?.isBuildingSnapshot()) {
	v8.startupSnapshot.setDeserializeMainFunction(() => {
		process.exitCode = runEntry(process.argv.slice(1));
	});
}
