/**
 * `npm start`: the built program, built again first only when a source changed since the last
 * build (tsc takes seconds, this check milliseconds). `npm ci` builds it already (prepare).
 * Plain JavaScript, as it runs before there is a build.
 */
import {spawnSync} from 'node:child_process';
import {createRequire} from 'node:module';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {buildDue} from './tools/build-due.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));

if (buildDue(root)) {
	process.stderr.write('potm: building (a source changed since the last build)...\n');
	const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
	const run = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json'], {cwd: root, stdio: 'inherit'});
	if (run.status !== 0) process.exit(run.status ?? 1);
	// The command dist/potm and its contest entry are built from the same sources.
	const entry = spawnSync(process.execPath, [join(root, 'source', 'tools', 'build-entry.mjs')], {cwd: root, stdio: 'inherit'});
	if (entry.status !== 0) process.exit(entry.status ?? 1);
}
await import('../dist/cli.js');
