/**
 * Writing records (source/files/export.ts): a new file every time, whole or not at all, never
 * over anything; and the name a source file gives its record.
 */
import {chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {spawnSync} from 'node:child_process';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, test} from 'vitest';
import {exportRecord, recordName} from '../../source/files/export.js';

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'potm-export-'));
});
afterEach(() => {
	chmodSync(dir, 0o755);
	rmSync(dir, {recursive: true, force: true});
});

const TEXT = '[Game "LOAPS"]\n';

describe('recordName', () => {
	test.each([
		['runs/x/game-001.record.txt', 'game-001'],
		['runs/x/game-001.txt', 'game-001'],
		['my-games/red-move-10.txt', 'red-move-10'],
		['my-games/red-move-10.history.json', 'red-move-10'],
		['saves/mine.game.txt', 'mine'],
		['/abs/no-ending', 'no-ending'],
		['.hidden.txt', 'hidden'],
		['.txt', 'game'],
		['-', 'game'],
		['a\u0007b.txt', 'a_b'],
	])('%j -> %j', (path, name) => expect(recordName(path)).toBe(name));

	test('a long name is cut to one a save may have', () => {
		expect(recordName(`${'x'.repeat(300)}.txt`)).toBe('x'.repeat(80));
	});
});

describe('exportRecord', () => {
	test('writes NAME.game.txt, making the folder, and leaves no temporary file', () => {
		const folder = join(dir, 'a', 'b');
		const written = exportRecord(folder, 'first', TEXT);
		expect(written).toEqual({ok: true, value: join(folder, 'first.game.txt')});
		expect(readFileSync(join(folder, 'first.game.txt'), 'utf8')).toBe(TEXT);
		expect(readdirSync(folder)).toEqual(['first.game.txt']);
	});

	test('sweeps what a writer killed half-way left (a process no longer running), not what a running one writes', () => {
		const dead = spawnSync(process.execPath, ['-e', '']).pid;
		const stale = `.old.game.txt.${dead}.0123abcd.tmp`;
		const live = `.other.game.txt.${process.ppid}.fedcba98.tmp`;
		writeFileSync(join(dir, stale), 'half a record');
		writeFileSync(join(dir, live), 'a record being written');
		expect(exportRecord(dir, 'next', TEXT).ok).toBe(true);
		expect(readdirSync(dir).sort()).toEqual([live, 'next.game.txt']);
	});

	test('never overwrites: NAME-2, NAME-3, ... and every earlier record is as it was', () => {
		const paths = [1, 2, 3].map(round => exportRecord(dir, 'same', `${TEXT}; round ${round}\n`));
		expect(paths.map(path => (path.ok ? path.value : path.error))).toEqual(
			['same.game.txt', 'same-2.game.txt', 'same-3.game.txt'].map(name => join(dir, name)),
		);
		expect(readFileSync(join(dir, 'same.game.txt'), 'utf8')).toBe(`${TEXT}; round 1\n`);
		expect(readFileSync(join(dir, 'same-3.game.txt'), 'utf8')).toBe(`${TEXT}; round 3\n`);
		expect(readdirSync(dir).sort()).toEqual(['same-2.game.txt', 'same-3.game.txt', 'same.game.txt']);
	});

	test('a dangling link or a folder of the name counts as taken', () => {
		symlinkSync(join(dir, 'nowhere'), join(dir, 'linked.game.txt'));
		mkdirSync(join(dir, 'linked-2.game.txt'));
		expect(exportRecord(dir, 'linked', TEXT)).toEqual({ok: true, value: join(dir, 'linked-3.game.txt')});
	});

	test('a folder that is a file, or a bad name: refused in one line, nothing written', () => {
		const file = join(dir, 'file');
		writeFileSync(file, 'x');
		expect(exportRecord(file, 'x', TEXT)).toEqual({ok: false, error: `cannot write ${join(file, 'x.game.txt')}: ${file} is not a folder`});
		expect(exportRecord(dir, '.hidden', TEXT)).toEqual({
			ok: false,
			error: `cannot write ${join(dir, '.hidden.game.txt')}: a name cannot start with "."`,
		});
		expect(readdirSync(dir)).toEqual(['file']);
	});

	test.skipIf(process.getuid?.() === 0)('a folder without write permission: refused, nothing left behind', () => {
		chmodSync(dir, 0o555);
		expect(exportRecord(dir, 'x', TEXT)).toEqual({ok: false, error: `cannot write ${join(dir, 'x.game.txt')}: permission denied`});
		expect(readdirSync(dir)).toEqual([]);
	});
});
