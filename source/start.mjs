/**
 * `npm start`: the built program, built again first only when a source changed since the last
 * build (tsc takes seconds, this check milliseconds). `npm ci` builds it already (prepare).
 * Plain JavaScript, as it runs before there is a build.
 */
import {spawnSync} from 'node:child_process';
import {readdirSync, readFileSync, statSync} from 'node:fs';
import {createRequire} from 'node:module';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The newest modification time among the sources and the build's settings. */
function newestSource() {
	let newest = 0;
	const visit = dir => {
		for (const entry of readdirSync(dir, {withFileTypes: true})) {
			const path = join(dir, entry.name);
			if (entry.isDirectory()) visit(path);
			else if (/\.tsx?$/.test(entry.name) || dir.endsWith('tools')) newest = Math.max(newest, statSync(path).mtimeMs);
		}
	};
	visit(join(root, 'source'));
	for (const file of ['tsconfig.json', 'package-lock.json']) newest = Math.max(newest, modified(join(root, file)));
	return newest;
}

/** When a file was last written, or 0 when there is none. */
function modified(path) {
	try {
		return statSync(path).mtimeMs;
	} catch {
		return 0;
	}
}

/** Whether the build made the games' assets: their list is there, and every file it names. */
function assetsBuilt() {
	let list;
	try {
		list = readFileSync(join(root, 'dist', 'assets.txt'), 'utf8');
	} catch {
		return false;
	}
	return list
		.split('\n')
		.filter(Boolean)
		.every(file => modified(join(root, 'dist', file)) !== 0);
}

// The last build: tsc writes every output each time, and none when it fails; the contest entry's
// snapshot is written after it, so a build that stopped between the two is made again. The games'
// assets, made last and only when missing (their contents do not change with the sources), count
// by being there: each file their list (dist/assets.txt, written after them) names.
const built = Math.min(modified(join(root, 'dist', 'cli.js')), modified(join(root, 'dist', 'potm-move.blob')));
if (built < newestSource() || !assetsBuilt()) {
	process.stderr.write('potm: building (a source changed since the last build)...\n');
	const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
	const run = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.json'], {cwd: root, stdio: 'inherit'});
	if (run.status !== 0) process.exit(run.status ?? 1);
	// The command dist/potm and its contest entry are built from the same sources.
	const entry = spawnSync(process.execPath, [join(root, 'source', 'tools', 'build-entry.mjs')], {cwd: root, stdio: 'inherit'});
	if (entry.status !== 0) process.exit(entry.status ?? 1);
}
await import('../dist/cli.js');
