/** The CLI tests run the built program (and the contest entry built from it): build them once before any test runs. */
import {execFileSync} from 'node:child_process';
import {rmSync} from 'node:fs';
import {createRequire} from 'node:module';
import {fileURLToPath} from 'node:url';
import type {TestProject} from 'vitest/node';

export default function setup(project: TestProject): () => void {
	const root = fileURLToPath(new URL('..', import.meta.url));
	const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
	execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json'], {cwd: root, stdio: 'inherit'});
	// The command dist/potm, and its contest entry from a start-up snapshot.
	execFileSync(process.execPath, ['source/tools/build-entry.mjs'], {cwd: root, stdio: 'inherit'});
	// The folder where the tests' contest entries remember their start-ups (vitest.config.ts).
	const cache = project.config.env['POTM_CACHE_DIR'];
	return () => {
		if (cache) rmSync(cache, {recursive: true, force: true});
	};
}
