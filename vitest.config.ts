import {defineConfig} from 'vitest/config';
import SlowestFirst from './test/helpers/sequencer.js';

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
	// The slowest files first, so that both workers end together.
	sequence: {sequencer: SlowestFirst},
};

// The whole suite: its global setup builds dist/ for the tests of the built program (unless npm test has).
export default defineConfig({test: {...shared, provide: {build: true}}});
