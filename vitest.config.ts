import {defineConfig} from 'vitest/config';

export default defineConfig({
	test: {
		include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
		globalSetup: ['test/global-setup.ts'],
		testTimeout: 60_000,
		// perft and property tests are CPU-bound; two workers suit the 2-core machines we run on
		maxWorkers: 2,
	},
});
