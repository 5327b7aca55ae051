import {existsSync} from 'node:fs';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {defineConfig} from 'vitest/config';
import {moduleCacheFolder} from './test/helpers/module-cache.js';
import SlowestFirst from './test/helpers/sequencer.js';
import {BUILT_PROGRAM_TESTS, FRESH_MODULE_TESTS, REAL_TIME_TESTS, TEST_GAMES, TEST_GAMES_TESTS} from './test/tiers.js';

/**
 * React's production build, the one the program runs (command-line/dispatch.ts): the screens'
 * tests test what ships, without the development build's checks, which cost a fifth of their CPU.
 * NODE_ENV=development runs them on the development build, with its warnings.
 */
const reactDevelopment = process.env['NODE_ENV'] === 'development';

/** How both configurations compile the tests' JSX: for the React build they run on. */
export const jsx = {oxc: {jsx: {development: reactDevelopment}}};

const ROOT = fileURLToPath(new URL('.', import.meta.url));

/** What the whole suite (this config, npm test) and the unit tier (vitest.unit.config.ts) share. */
export const shared = {
	include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
	globalSetup: ['test/global-setup.ts'],
	// The seed of every property test that names none (fast-check's own is a new one each run).
	setupFiles: ['test/helpers/fast-check-seed.ts'],
	// The summary, then a line for any tier of tests skipped for want of tmux, ssh or perl.
	reporters: ['default', './test/helpers/skipped-tiers.ts'],
	testTimeout: 60_000,
	// perft and property tests are CPU-bound; two workers suit the 2-core machines we run on
	maxWorkers: 2,
	// The modules as compiled, kept between runs in a folder of node_modules/ named by the tree's
	// files (test/helpers/module-cache.ts): a run compiles only what changed.
	experimental: {fsModuleCache: true, fsModuleCachePath: moduleCacheFolder(ROOT, join(ROOT, 'node_modules', '.vitest-modules'))},
	// The isolated files first, then the shared ones, slowest first (test/helpers/sequencer.ts).
	sequence: {sequencer: SlowestFirst},
	// The tests' scratch folders (os.tmpdir()) on a RAM disk where the system has one and TMPDIR
	// names none: the saves' and the served rooms' fsync, seconds of a run on a busy disk, then cost
	// nothing, and the files written are the same.
	env: {
		...(process.env['TMPDIR'] === undefined && existsSync('/dev/shm') ? {TMPDIR: '/dev/shm'} : {}),
		NODE_ENV: reactDevelopment ? 'development' : 'production',
	},
};

/**
 * What the shared workers' environment adds: not CI, wherever they run. Ink takes it when it is
 * first loaded, and in CI draws only a screen's last frame, which the served screens of a later
 * file of the worker (a server's clients are terminals) must not. The screens' tests pass either way.
 */
const SHARED_ENV = {...shared.env, CI: 'false', CONTINUOUS_INTEGRATION: 'false'};

/**
 * The files that run in shared workers: their modules loaded once per worker rather than once per
 * test file, which takes a third off the unit tests' time. Not the files of test/tiers.ts's lists
 * (the built program, real clocks, modules of their own, the test games), nor those `left` out of
 * the run.
 */
export function sharedProject(name: string, left: readonly string[]) {
	return {
		extends: true as const,
		test: {
			name,
			include: shared.include,
			exclude: ['**/node_modules/**', ...left, ...FRESH_MODULE_TESTS, ...TEST_GAMES_TESTS],
			isolate: false,
			env: SHARED_ENV,
		},
	};
}

/** The files of the games only the tests register: shared workers of their own, the games registered. */
export function testGamesProject(name: string) {
	return {
		extends: true as const,
		test: {name, include: [...TEST_GAMES_TESTS], isolate: false, env: {...SHARED_ENV, POTM_TEST_GAMES: TEST_GAMES}},
	};
}

/** The files that run each in a worker of its own: `files`, less those `left` out of the run. */
export function isolatedProject(name: string, files: readonly string[], left: readonly string[] = []) {
	return {extends: true as const, test: {name, include: [...files], exclude: [...left]}};
}

const own = [...BUILT_PROGRAM_TESTS, ...REAL_TIME_TESTS];

// The whole suite: its global setup builds dist/ for the tests of the built program (unless npm
// test has). The tests of the built program, of real clocks and of fresh modules run isolated;
// the rest share workers, as in the unit tier, those of the test games apart.
export default defineConfig({
	...jsx,
	test: {
		...shared,
		include: [],
		provide: {build: true},
		projects: [sharedProject('shared', own), testGamesProject('test games'), isolatedProject('isolated', [...FRESH_MODULE_TESTS, ...own])],
	},
});
