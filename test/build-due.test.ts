/**
 * When `npm start` builds first (source/tools/build-due.mjs), asked of a project folder of the
 * test's own, its build in build/: a few files, their times set, no build run. test/start.test.ts
 * runs the real thing once, in a scratch copy of the project, with the real build folder.
 */
import {mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {afterEach, beforeEach, describe, expect, test} from 'vitest';
import {buildDue} from '../source/tools/build-due.mjs';

let root: string;
/** Writes a file of the project, `minutesAgo` old. */
const file = (path: string, minutesAgo: number, text = '') => {
	const at = join(root, path);
	mkdirSync(dirname(at), {recursive: true});
	writeFileSync(at, text);
	const when = new Date(Date.now() - minutesAgo * 60_000);
	utimesSync(at, when, when);
};

beforeEach(() => {
	root = mkdtempSync(join(tmpdir(), 'potm-build-due-'));
	// Sources and settings an hour old; a whole build ten minutes old, its asset listed and there.
	file('source/cli.ts', 60);
	file('source/ui/app.tsx', 60);
	file('source/tools/build-entry.mjs', 60);
	file('tsconfig.json', 60);
	file('package-lock.json', 60);
	file('build/cli.js', 10);
	file('build/potm-move.blob', 10);
	file('build/boxes-3x3.table', 10);
	file('build/assets.txt', 10, 'boxes-3x3.table\n');
});
afterEach(() => rmSync(root, {recursive: true, force: true}));

describe('npm start builds first', () => {
	test('not when the build is newer than every source and whole', () => {
		expect(buildDue(root, join(root, 'build'))).toBe(false);
	});

	test('when there is no build yet', () => {
		rmSync(join(root, 'build'), {recursive: true});
		expect(buildDue(root, join(root, 'build'))).toBe(true);
	});

	test('when a source, a build tool or a setting was written since the build', () => {
		for (const path of ['source/ui/app.tsx', 'source/tools/build-entry.mjs', 'tsconfig.json', 'package-lock.json']) {
			file(path, 1);
			expect(buildDue(root, join(root, 'build')), path).toBe(true);
			file(path, 60);
			expect(buildDue(root, join(root, 'build')), path).toBe(false);
		}
	});

	test('not for a file of another kind among the sources (a note beside them)', () => {
		file('source/notes.md', 1);
		expect(buildDue(root, join(root, 'build'))).toBe(false);
	});

	test('when the build stopped half-way: its program or its contest entry missing, or older than a source', () => {
		rmSync(join(root, 'build', 'potm-move.blob'));
		expect(buildDue(root, join(root, 'build'))).toBe(true);
		file('build/potm-move.blob', 10);
		file('build/cli.js', 120);
		expect(buildDue(root, join(root, 'build'))).toBe(true);
	});

	test("when the games' assets are not all there: their list missing, or a file it names", () => {
		rmSync(join(root, 'build', 'boxes-3x3.table'));
		expect(buildDue(root, join(root, 'build'))).toBe(true);
		file('build/boxes-3x3.table', 10);
		rmSync(join(root, 'build', 'assets.txt'));
		expect(buildDue(root, join(root, 'build'))).toBe(true);
	});

	test('not for want of a lock file (a copy made without one)', () => {
		rmSync(join(root, 'package-lock.json'));
		expect(buildDue(root, join(root, 'build'))).toBe(false);
	});
});
