/** The CLI tests run the built program: build it once before any test runs. */
import {execFileSync} from 'node:child_process';
import {createRequire} from 'node:module';
import {fileURLToPath} from 'node:url';

export default function setup(): void {
	const root = fileURLToPath(new URL('..', import.meta.url));
	const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
	execFileSync(process.execPath, [tsc, '-p', 'tsconfig.json'], {cwd: root, stdio: 'inherit'});
}
