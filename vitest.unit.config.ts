/**
 * npm run test:unit, the fast inner loop: the tests that need no build and wait on no real clock
 * (test/tiers.ts lists the others), with nothing built first. Most run in shared workers, their
 * modules loaded once per worker rather than once per test file (those of the games only the tests
 * register in workers of their own); those that need modules of their own (a mocked node:fs) run
 * isolated, as in the whole suite.
 */
import {defineConfig} from 'vitest/config';
import {BUILT_PROGRAM_TESTS, FRESH_MODULE_TESTS, REAL_TIME_TESTS} from './test/tiers.js';
import {isolatedProject, jsx, shared, sharedProject, testGamesProject} from './vitest.config.js';

const left = [...BUILT_PROGRAM_TESTS, ...REAL_TIME_TESTS];

export default defineConfig({
	...jsx,
	test: {
		...shared,
		include: [],
		provide: {build: false},
		projects: [
			sharedProject('unit', left),
			testGamesProject('unit, test games'),
			isolatedProject('unit, isolated', FRESH_MODULE_TESTS, left),
		],
	},
});
