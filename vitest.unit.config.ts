/**
 * npm run test:unit, the fast inner loop: the tests that need no build and wait on no real clock
 * (test/tiers.ts lists the others), with nothing built first. Most run in shared workers, their
 * modules loaded once per worker rather than once per test file, which takes a third off the
 * time; those that need modules of their own (a mocked node:fs, a cache they expect empty) run
 * isolated, as the whole suite runs every file. Their scratch folders (os.tmpdir()) are on a RAM
 * disk where the system has one and TMPDIR names none: the saves' and the served rooms' fsync,
 * seconds of a run on a busy disk, then cost nothing, and the files written are the same.
 */
import {existsSync} from 'node:fs';
import {defineConfig} from 'vitest/config';
import {BUILT_PROGRAM_TESTS, FRESH_MODULE_TESTS, REAL_TIME_TESTS} from './test/tiers.js';
import {shared} from './vitest.config.js';

const left = ['**/node_modules/**', ...BUILT_PROGRAM_TESTS, ...REAL_TIME_TESTS];
const ramDisk = process.env['TMPDIR'] === undefined && existsSync('/dev/shm') ? {TMPDIR: '/dev/shm'} : {};

export default defineConfig({
	test: {
		...shared,
		include: [],
		provide: {build: false},
		env: ramDisk,
		projects: [
			{extends: true, test: {name: 'unit', include: shared.include, exclude: [...left, ...FRESH_MODULE_TESTS], isolate: false}},
			{extends: true, test: {name: 'unit, isolated', include: [...FRESH_MODULE_TESTS], exclude: left}},
		],
	},
});
