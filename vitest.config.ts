import {mkdtempSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {defineConfig} from 'vitest/config';

// The contest entry remembers its start-ups in the user's cache folder: the tests' entries keep
// theirs in a folder of the run's own (test/global-setup.ts removes it at the end).
const cache = mkdtempSync(join(tmpdir(), 'potm-test-cache-'));

/** What the whole suite (this config, npm test) and the unit tier (vitest.unit.config.ts) share. */
export const shared = {
	include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
	globalSetup: ['test/global-setup.ts'],
	testTimeout: 60_000,
	// perft and property tests are CPU-bound; two workers suit the 2-core machines we run on
	maxWorkers: 2,
	env: {POTM_CACHE_DIR: cache},
};

// The whole suite: its global setup builds dist/ for the tests of the built program (unless npm test has).
export default defineConfig({test: {...shared, provide: {build: true}}});
