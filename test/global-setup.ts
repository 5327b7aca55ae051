/** The CLI tests run the built program (and the contest entry built from it): build them once before any test runs. */
import {execFileSync} from 'node:child_process';
import {createRequire} from 'node:module';
import {fileURLToPath} from 'node:url';

export default function setup(): void {
	const root = fileURLToPath(new URL('..', import.meta.url));
	const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
	execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json'], {cwd: root, stdio: 'inherit'});
	// The contest entry from a start-up snapshot, dist/potm-move.
	execFileSync(process.execPath, ['source/tools/build-entry.mjs'], {cwd: root, stdio: 'inherit'});
}
