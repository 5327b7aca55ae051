/**
 * `potm move` as a Node start-up snapshot (source/tools/build-entry.mjs bundles this file and
 * builds dist/potm-move.blob from it; the launcher dist/potm runs it for `potm move`). Every module
 * the move needs is loaded and run (the boards' tables built; the solvers' tables are allocated
 * when first asked), and the search run over every game (warm-up.ts), when the snapshot is built,
 * so a move starts from a ready heap and compiled code: the contest charges that start-up to every
 * move's clock.
 *
 * It reads what a contest gives an entry: a FILE, or `-` (or nothing) for standard input, and
 * `--clock S` (a move's CPU seconds in PAH-TUM). Anything else (`--help`, `--game`, a mistake) is
 * passed to the full command line, dist/cli.js, which answers it as for any command.
 *
 * Run with the snapshot, `process.argv` is the node binary followed by the entry's own arguments.
 */
import {spawnSync} from 'node:child_process';
import {dirname, join} from 'node:path';
import {constants} from 'node:os';
import v8 from 'node:v8';
import {clockSeconds} from './clock-seconds.js';
import {SPENT_VARIABLE} from './commands/move.js';
import {plainMove, runPlainMove} from './move-entry.js';
import {warmUp} from './warm-up.js';

/** `[FILE | -] [--clock S]`, as `potm move` reads them; anything else goes to the full command line. */
export function runEntry(args: readonly string[]): number {
	const rest: string[] = [];
	let clock: number | undefined;
	for (let index = 0; index < args.length; index++) {
		const word = args[index]!;
		if (word === '--clock' || word.startsWith('--clock=')) {
			const text = word === '--clock' ? args[++index] : word.slice('--clock='.length);
			const seconds = text === undefined ? undefined : clockSeconds(text);
			if (typeof seconds !== 'number') return fullCommandLine(args);
			clock = seconds;
		} else rest.push(word);
	}
	const words = ['move', ...rest];
	if (!plainMove(words)) return fullCommandLine(args);
	const blob = blobPath();
	return runPlainMove(words, clock, {kind: 'snapshot', ...(blob === undefined ? {} : {dist: dirname(blob)})});
}

/** The snapshot's file, from the options Node was started with. */
function blobPath(): string | undefined {
	const options = process.execArgv;
	const index = options.indexOf('--snapshot-blob');
	if (index >= 0) return options[index + 1];
	return options.find(option => option.startsWith('--snapshot-blob='))?.slice('--snapshot-blob='.length);
}

/** `potm move ARGS` by dist/cli.js, beside the snapshot: its exit status, or 128 + the signal that ended it. */
function fullCommandLine(args: readonly string[]): number {
	const blob = blobPath();
	if (blob === undefined) {
		process.stderr.write('potm: potm move takes one FILE (or none, or -, for standard input) and --clock S\n');
		return 2;
	}
	// The full command line's clock starts at 0: it is told what this process has used.
	const usage = process.cpuUsage();
	const env = {...process.env, [SPENT_VARIABLE]: String((usage.user + usage.system) / 1000)};
	const run = spawnSync(process.execPath, [join(dirname(blob), 'cli.js'), 'move', ...args], {stdio: 'inherit', env});
	if (run.error) {
		process.stderr.write(`potm: ${run.error.message}\n`);
		return 70;
	}
	const signal = run.signal ? constants.signals[run.signal] : undefined;
	return run.status ?? 128 + (signal ?? 0);
}

if (v8.startupSnapshot?.isBuildingSnapshot()) {
	warmUp();
	v8.startupSnapshot.setDeserializeMainFunction(() => {
		process.exitCode = runEntry(process.argv.slice(1));
	});
}
