/**
 * Whether `npm start` must build before it runs (source/start.mjs): the build is older than a source
 * or the build's settings, or it stopped half-way. Plain JavaScript, as it runs before there is a
 * build; a function of the project's folder, so that the tests ask it of a folder of their own.
 */
import {readdirSync, readFileSync, statSync} from 'node:fs';
import {join} from 'node:path';

/** The newest modification time among the sources and the build's settings. */
function newestSource(root) {
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

/** Whether the build in `out` made the games' assets: their list is there, and every file it names. */
function assetsBuilt(out) {
	let list;
	try {
		list = readFileSync(join(out, 'assets.txt'), 'utf8');
	} catch {
		return false;
	}
	return list
		.split('\n')
		.filter(Boolean)
		.every(file => modified(join(out, file)) !== 0);
}

/**
 * Whether the project in `root` must be built before it runs (its build in `out`, dist/). The last build: tsc writes every
 * output each time, and none when it fails; the contest entry's snapshot is written after it, so
 * a build that stopped between the two is made again. The games' assets, made last and only when
 * missing (their contents do not change with the sources), count by being there: each file their
 * list (dist/assets.txt, written after them) names.
 */
export function buildDue(root, out = join(root, 'dist')) {
	const built = Math.min(modified(join(out, 'cli.js')), modified(join(out, 'potm-move.blob')));
	return built < newestSource(root) || !assetsBuilt(out);
}
