/**
 * Builds the command `dist/potm` after tsc (`npm run build`, `npm ci`): a launcher that starts
 * `potm move`, the contest entry, from a Node start-up snapshot, and every other command from
 * dist/cli.js. A contest charges an entry's start-up to its clock at every move; from the snapshot
 * it is Node's own start-up and little more (see BENCHMARKS.md, contest entry start-up).
 *
 * dist/snapshot-entry.js and everything it imports are bundled into one plain script by esbuild (a
 * Node start-up snapshot is built from one script), then the snapshot, dist/potm-move.blob, and
 * the launcher. The snapshot belongs to the Node binary that built it, so it is built on the
 * machine that runs it, and the launcher names that binary by its full path. Plain JavaScript, as
 * it runs from the build.
 */
import {spawnSync} from 'node:child_process';
import {chmodSync, cpSync, existsSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {build} from 'esbuild';

const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const bundle = join(dist, 'potm-move.cjs');
const blob = join(dist, 'potm-move.blob');

await build({
	entryPoints: [join(dist, 'snapshot-entry.js')],
	bundle: true,
	platform: 'node',
	format: 'iife',
	outfile: bundle,
	logLevel: 'warning',
});
// Node warns that node:tty (the loader's isatty) is not verified in snapshots; it is only called when a move runs.
const built = spawnSync(process.execPath, ['--no-warnings', '--snapshot-blob', blob, '--build-snapshot', bundle], {stdio: 'inherit'});
if (built.status !== 0) {
	process.stderr.write('potm: building the start-up snapshot of potm move failed\n');
	process.exit(built.status ?? 1);
}
// The launcher finds the build beside itself, through links too (npm link, npm install -g; a link
// may be relative, and plain readlink is all POSIX systems have), so the folder may move. The
// snapshot belongs to the Node binary that built it: where that is gone, the node on the PATH runs
// every command from cli.js instead, slower but right.
const quoted = text => `'${text.replaceAll("'", "'\\''")}'`;
const launcher = `#!/bin/sh
# potm: \`potm move\` from a start-up snapshot, the other commands from cli.js (npm run build writes
# this file: source/tools/build-entry.mjs).
self=$0
while [ -L "$self" ]; do
	link=$(readlink "$self")
	case $link in
	/*) self=$link ;;
	*) self=\${self%/*}/$link ;;
	esac
done
case $self in
*/*) here=\${self%/*} ;;
*) here=. ;;
esac
node=${quoted(process.execPath)}
if [ ! -x "$node" ]; then
	exec node "$here/cli.js" "$@"
fi
if [ "$1" = move ]; then
	shift
	exec "$node" --snapshot-blob "$here/potm-move.blob" -- "$@"
fi
exec "$node" "$here/cli.js" "$@"
`;
writeFileSync(join(dist, 'potm'), launcher);
chmodSync(join(dist, 'potm'), 0o755);
// The second entry that came before this one: potm move is the one now.
rmSync(join(dist, 'potm-move'), {force: true});

// The opening books (books/, built by npm run bench -- book), beside the modules that read them:
// dist/books, wherever the build goes.
const books = fileURLToPath(new URL('../../books/', import.meta.url));
rmSync(join(dist, 'books'), {recursive: true, force: true});
if (existsSync(books)) cpSync(books, join(dist, 'books'), {recursive: true});

// The files the games' play reads (each game's assets: LINES and BOXES's whole 3×3 table), made
// once (the table in about 2.5 s) and again only when one is missing or its format changes; then
// their list, written last, which npm start looks for.
const {buildAssets} = await import(new URL('../../dist/files/assets.js', import.meta.url).href);
const assets = buildAssets(dist, undefined, asset => process.stderr.write(`potm: building ${asset.making}...\n`));
writeFileSync(join(dist, 'assets.txt'), assets.map(file => `${file}\n`).join(''));
