/**
 * The contest entry as a Node start-up snapshot (source/tools/build-entry.mjs bundles this file
 * and builds dist/potm-move.blob from it; dist/potm-move runs it). Every module the move needs is
 * loaded, compiled and set up (the boards' tables, the solvers' tables) when the snapshot is built,
 * so a move starts from a ready heap: the contest charges that start-up to every move's clock.
 *
 * Run with the snapshot, `process.argv` is the node binary followed by the entry's own arguments.
 */
import v8 from 'node:v8';
import {plainMove, runPlainMove} from './move-entry.js';

export function runEntry(args: readonly string[]): number {
	const words = ['move', ...args];
	if (!plainMove(words)) {
		process.stderr.write('potm: potm-move takes one FILE (or none, or -, for standard input) and no option; potm move takes the options\n');
		return 2;
	}
	return runPlainMove(words);
}

if (v8.startupSnapshot?.isBuildingSnapshot()) {
	v8.startupSnapshot.setDeserializeMainFunction(() => {
		process.exitCode = runEntry(process.argv.slice(1));
	});
}
