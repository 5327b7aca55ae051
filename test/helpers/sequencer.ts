/**
 * The order the test runs start their files in. The files of a worker of their own first, then
 * those that share workers, a project's together, the project of the most files last: vitest ends
 * a shared worker whenever the next file in line is one to isolate or of another project, and the
 * next shared file then loads every module again; and the shared files, short on the whole, are
 * the ones that let both workers end together. Within each project, the slowest first, so that no
 * long file starts last. Vitest orders by the durations of the last run where it has them, and
 * else (a fresh clone, CI) by file size, which put the short files of long real games (the contest
 * clock's, npm start's builds) at the end. Listed here, the slowest of the last measured run, they
 * start first of their kind; the rest follow in vitest's order.
 */
import {relative} from 'node:path';
import {fileURLToPath} from 'node:url';
import {BaseSequencer, type TestSpecification} from 'vitest/node';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The slowest files of the whole suite, slowest first (on two idle cores: 5 to 32 s each). */
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

/** What the order needs to know of a file: where it is, and its project. */
interface Placed {
	readonly moduleId: string;
	readonly project: {readonly name: string; readonly config: {readonly isolate: boolean}};
}

/**
 * `files` in vitest's order, those of isolated projects first (slowest first, whatever their
 * project), then each shared project's together, fewest files first; of each group the listed
 * ones first, slowest first.
 */
export function slowestFirst<T extends Placed>(files: readonly T[]): T[] {
	const sizes = new Map<string, number>();
	for (const file of files) if (!file.project.config.isolate) sizes.set(file.project.name, (sizes.get(file.project.name) ?? 0) + 1);
	const shared = [...sizes.keys()].sort((a, b) => sizes.get(a)! - sizes.get(b)! || (a < b ? -1 : 1));
	const group = (file: T) => (file.project.config.isolate ? 0 : 1 + shared.indexOf(file.project.name));
	const listed = (file: T) => {
		const at = SLOWEST_FIRST.indexOf(relative(root, file.moduleId).split('\\').join('/'));
		return at === -1 ? SLOWEST_FIRST.length : at;
	};
	return files
		.map((file, index) => ({file, index}))
		.sort((a, b) => group(a.file) - group(b.file) || listed(a.file) - listed(b.file) || a.index - b.index)
		.map(({file}) => file);
}

export default class SlowestFirst extends BaseSequencer {
	override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
		return slowestFirst(await super.sort(files));
	}
}
