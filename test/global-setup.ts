/**
 * The CLI tests run the built program (and the contest entry built from it): build them once
 * before any test runs. Not for the unit tier (vitest.unit.config.ts), whose tests need no build,
 * nor when `npm test` has just built them (POTM_BUILT=1, source/tools/test-all.mjs).
 */
import {execFileSync} from 'node:child_process';
import {createRequire} from 'node:module';
import {fileURLToPath} from 'node:url';
import type {TestProject} from 'vitest/node';

declare module 'vitest' {
	export interface ProvidedContext {
		/** Whether the tests of this run need dist/ built (vitest.config.ts). */
		build: boolean;
	}
}

export default function setup(project: TestProject): void {
	const root = fileURLToPath(new URL('..', import.meta.url));
	if (project.config.provide.build && process.env['POTM_BUILT'] !== '1') {
		const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
		execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json'], {cwd: root, stdio: 'inherit'});
		// The command dist/potm, and its contest entry from a start-up snapshot.
		execFileSync(process.execPath, ['source/tools/build-entry.mjs'], {cwd: root, stdio: 'inherit'});
		// The benchmarks and tools, built apart from the program (tsconfig.dev.json), for the tests that run them.
		execFileSync(process.execPath, [tsc, '-p', 'tsconfig.dev.json'], {cwd: root, stdio: 'inherit'});
	}
}
