/**
 * `npm start` starts from the build (and the command dist/potm, with its contest entry), and builds
 * first only when it must (source/tools/build-due.mjs, whose cases test/build-due.test.ts tries
 * without building): run once for real, in a scratch copy of the project (sources, settings, the
 * installed packages linked), so that the build it makes never touches the dist/ the other tests run.
 */
import {spawnSync} from 'node:child_process';
import {cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, expect, test} from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const copy = mkdtempSync(join(tmpdir(), 'potm-start-'));
afterAll(() => rmSync(copy, {recursive: true, force: true}));

const start = () => {
	const run = spawnSync(process.execPath, [join(copy, 'source', 'start.mjs'), '--version'], {cwd: copy, encoding: 'utf8'});
	return {status: run.status, stdout: run.stdout.trim(), stderr: run.stderr};
};

test('npm start runs the build, building only when a source is newer than it; npm ci builds it (prepare)', () => {
	const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {scripts: Record<string, string>}).scripts;
	expect(scripts['start']).toBe('node source/start.mjs');
	expect(scripts['prepare']).toBe('npm run build');
	expect(scripts['build']).toBe('tsc -p tsconfig.json && node source/tools/build-entry.mjs');

	for (const name of ['package.json', 'package-lock.json', 'tsconfig.json']) cpSync(join(root, name), join(copy, name));
	cpSync(join(root, 'source'), join(copy, 'source'), {recursive: true});
	symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'));

	// No build yet: it builds, then runs.
	let run = start();
	expect(run.stderr).toContain('potm: building');
	expect(run.stdout).toBe('0.1.0');
	expect(run.status).toBe(0);
	// The contest entry is built with it.
	expect(spawnSync(join(copy, 'dist', 'potm'), ['move', '-'], {encoding: 'utf8', input: ''}).stderr).toMatch(/^potm: standard input: /);

	// Nothing changed: no build, straight to the program.
	run = start();
	expect(run.stderr).toBe('');
	expect(run.stdout).toBe('0.1.0');

	// When a source edited since, a build stopped half-way or a missing asset builds again:
	// test/build-due.test.ts asks the same decision of folders of its own, without building.

	// No lock file (a copy made without one): still no stack trace, and no build when none is due.
	rmSync(join(copy, 'package-lock.json'));
	run = start();
	expect(run).toMatchObject({status: 0, stdout: '0.1.0', stderr: ''});
}, 120_000);
