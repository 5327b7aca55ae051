/**
 * Builds the fast contest entry after tsc (`npm run build`, `npm ci`): dist/snapshot-entry.js and
 * everything it imports bundled into one plain script by esbuild (a Node start-up snapshot is
 * built from one script), then the snapshot, dist/potm-move.blob, and its launcher, dist/potm-move:
 *
 *   dist/potm-move FILE    the same answer as `potm move FILE`, started from the snapshot
 *
 * The snapshot belongs to the Node binary that built it, so it is built on the machine that runs it.
 * Plain JavaScript, as it runs from the build.
 */
import {spawnSync} from 'node:child_process';
import {chmodSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {build} from 'esbuild';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const bundle = join(dist, 'potm-move.cjs');
const blob = join(dist, 'potm-move.blob');

await build({entryPoints: [join(dist, 'snapshot-entry.js')], bundle: true, platform: 'node', format: 'iife', outfile: bundle, logLevel: 'warning'});
// Node warns that node:tty (the loader's isatty) is not verified in snapshots; it is only called when a move runs.
const built = spawnSync(process.execPath, ['--no-warnings', '--snapshot-blob', blob, '--build-snapshot', bundle], {stdio: 'inherit'});
if (built.status !== 0) {
	process.stderr.write('potm: building the start-up snapshot of dist/potm-move failed\n');
	process.exit(built.status ?? 1);
}
const launcher = join(dist, 'potm-move');
// Absolute paths, quoted for the shell, so that the launcher works from anywhere and through a link.
const quoted = text => `'${text.replaceAll("'", "'\\''")}'`;
writeFileSync(launcher, `#!/bin/sh\n# The contest entry: potm move from a start-up snapshot (source/tools/build-entry.mjs).\nexec ${quoted(process.execPath)} --snapshot-blob ${quoted(blob)} -- "$@"\n`);
chmodSync(launcher, 0o755);
