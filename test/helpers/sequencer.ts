/**
 * The order the test runs start their files in. The files of a worker of their own first, then
 * those that share workers: vitest ends a shared worker whenever the next file in line is one to
 * isolate, and the next shared file then loads every module again; and the shared files, short on
 * the whole, are the ones that let both workers end together. Within each kind, the slowest first,
 * so that no long file starts last. Vitest orders by the durations of the last run where it has
 * them, and else (a fresh clone, CI) by file size, which put the short files of long real games
 * (the contest clock's, npm start's builds) at the end. Listed here, the slowest of the last
 * measured run, they start first of their kind; the rest follow in vitest's order.
 */
import {relative} from 'node:path';
import {fileURLToPath} from 'node:url';
import {BaseSequencer, type TestSpecification} from 'vitest/node';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The slowest files of the whole suite, slowest first (seconds each on two idle cores: 9 to 32). */
export const SLOWEST_FIRST: readonly string[] = [
	'test/ui/terminal.test.ts',
	'test/serve/hostile.test.ts',
	'test/referee/contest-clock.test.ts',
	'test/start.test.ts',
	'test/referee/pahtum.test.ts',
	'test/referee/play.test.ts',
	'test/referee/cli.test.ts',
	'test/referee/boxes.test.ts',
	'test/cli.test.ts',
	'test/referee/entry.test.ts',
	'test/files/saves.test.ts',
	'test/games/loa/properties.test.ts',
];

/**
 * `files` in vitest's order, those of isolated projects first, and of each kind the listed ones
 * first, slowest first.
 */
export function slowestFirst<T extends {moduleId: string; project: {config: {isolate: boolean}}}>(files: readonly T[]): T[] {
	const rank = (file: T) => {
		const listed = SLOWEST_FIRST.indexOf(relative(root, file.moduleId).split('\\').join('/'));
		return (file.project.config.isolate ? 0 : SLOWEST_FIRST.length + 1) + (listed === -1 ? SLOWEST_FIRST.length : listed);
	};
	return files
		.map((file, index) => ({file, index}))
		.sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index)
		.map(({file}) => file);
}

export default class SlowestFirst extends BaseSequencer {
	override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
		return slowestFirst(await super.sort(files));
	}
}
