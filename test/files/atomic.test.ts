/**
 * Writing files whole or not at all (source/files/atomic.ts): the file appears whole, a failure
 * leaves the old one and no temporary, the no-overwrite variant refuses a name that is taken,
 * and the sweep removes only what dead writers left. Every test works in a fresh folder of its own.
 */
import {spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, test, vi} from 'vitest';

/** A disk that fills up: while `full` is set, a write puts down at most a few bytes, then fails with ENOSPC. */
const disk = vi.hoisted(() => ({full: false}));
vi.mock('node:fs', async importOriginal => {
	const fs = await importOriginal<typeof import('node:fs')>();
	const writeSync = ((fd: number, buffer: Uint8Array, offset: number, length: number) => {
		if (!disk.full) return fs.writeSync(fd, buffer, offset, length);
		if (offset > 0) throw Object.assign(new Error('ENOSPC: no space left on device, write'), {code: 'ENOSPC'});
		return fs.writeSync(fd, buffer, offset, Math.min(length, 3));
	}) as typeof fs.writeSync;
	return {...fs, writeSync, default: {...fs, writeSync}};
});

const {sweepTemporaries, writeNew, writeWhole} = await import('../../source/files/atomic.js');

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'potm-atomic-'));
});
afterEach(() => {
	disk.full = false;
	rmSync(dir, {recursive: true, force: true});
});

const contents = () => readdirSync(dir).sort();
const read = (name: string) => readFileSync(join(dir, name), 'utf8');

describe('writeWhole', () => {
	test('writes a new file, and replaces an old one, whole; no temporary is left', () => {
		writeWhole({path: join(dir, 'a.txt'), data: 'first\n'});
		expect(read('a.txt')).toBe('first\n');
		const long = 'x'.repeat(1 << 20);
		writeWhole({path: join(dir, 'a.txt'), data: long});
		expect(read('a.txt')).toBe(long);
		expect(contents()).toEqual(['a.txt']);
	});

	test('bytes are written as they are', () => {
		const bytes = new Uint8Array([0, 255, 10, 13, 128]);
		writeWhole({path: join(dir, 'b.bin'), data: bytes});
		expect([...readFileSync(join(dir, 'b.bin'))]).toEqual([...bytes]);
	});

	test('several files: all of them written, in place', () => {
		writeWhole([
			{path: join(dir, 'one.txt'), data: '1'},
			{path: join(dir, 'two.txt'), data: '2'},
		]);
		expect(contents()).toEqual(['one.txt', 'two.txt']);
		expect([read('one.txt'), read('two.txt')]).toEqual(['1', '2']);
	});

	test('a disk that fills up while writing: the error is thrown, the old file stays, no temporary is left', () => {
		writeFileSync(join(dir, 'a.txt'), 'old\n');
		disk.full = true;
		expect(() => writeWhole({path: join(dir, 'a.txt'), data: 'new and longer\n'})).toThrow(expect.objectContaining({code: 'ENOSPC'}));
		expect(contents()).toEqual(['a.txt']);
		expect(read('a.txt')).toBe('old\n');
	});

	test('a failure while writing the second of two files leaves both old ones', () => {
		writeFileSync(join(dir, 'one.txt'), 'old 1');
		writeFileSync(join(dir, 'two.txt'), 'old 2');
		// The first file's data is short enough for the full disk's last bytes; the second's is not.
		disk.full = true;
		expect(() =>
			writeWhole([
				{path: join(dir, 'one.txt'), data: 'new'},
				{path: join(dir, 'two.txt'), data: 'new 2, longer'},
			]),
		).toThrow(expect.objectContaining({code: 'ENOSPC'}));
		expect(contents()).toEqual(['one.txt', 'two.txt']);
		expect([read('one.txt'), read('two.txt')]).toEqual(['old 1', 'old 2']);
	});

	test('a rename that fails (a folder of the name in the way): the error is thrown, no temporary is left', () => {
		mkdirSync(join(dir, 'a.txt', 'inside'), {recursive: true});
		expect(() => writeWhole({path: join(dir, 'a.txt'), data: 'x'})).toThrow(expect.objectContaining({code: 'EISDIR'}));
		expect(contents()).toEqual(['a.txt']);
		expect(readdirSync(join(dir, 'a.txt'))).toEqual(['inside']);
	});

	test('a folder that is not there: the error is thrown, nothing is made', () => {
		expect(() => writeWhole({path: join(dir, 'no', 'a.txt'), data: 'x'})).toThrow(expect.objectContaining({code: 'ENOENT'}));
		expect(contents()).toEqual([]);
	});
});

describe('writeNew', () => {
	test('takes the first free name, never writing over one that is taken', () => {
		writeFileSync(join(dir, 'a.txt'), 'kept');
		const names = ['a.txt', 'a-2.txt', 'a-3.txt'].map(name => join(dir, name));
		expect(writeNew(names, 'one')).toBe(join(dir, 'a-2.txt'));
		expect(writeNew(names, 'two')).toBe(join(dir, 'a-3.txt'));
		expect([read('a.txt'), read('a-2.txt'), read('a-3.txt')]).toEqual(['kept', 'one', 'two']);
		expect(contents()).toEqual(['a-2.txt', 'a-3.txt', 'a.txt']);
	});

	test('every name taken (a file, a folder, a dangling link): null, nothing written, nothing changed', () => {
		writeFileSync(join(dir, 'a.txt'), 'kept');
		mkdirSync(join(dir, 'b.txt'));
		symlinkSync(join(dir, 'nowhere'), join(dir, 'c.txt'));
		expect(
			writeNew(
				['a.txt', 'b.txt', 'c.txt'].map(name => join(dir, name)),
				'new',
			),
		).toBeNull();
		expect(contents()).toEqual(['a.txt', 'b.txt', 'c.txt']);
		expect(read('a.txt')).toBe('kept');
	});

	test('a disk that fills up: the error is thrown, no file and no temporary is left', () => {
		disk.full = true;
		expect(() => writeNew([join(dir, 'a.txt')], 'longer than the disk has room for')).toThrow(expect.objectContaining({code: 'ENOSPC'}));
		expect(contents()).toEqual([]);
	});
});

describe('sweepTemporaries', () => {
	test('removes the temporaries of writers no longer running; keeps those of running ones, and other files', () => {
		const dead = spawnSync(process.execPath, ['-e', '']).pid;
		const stale = [`.a.txt.${dead}.0123abcd.tmp`, `.b.json.${dead}.89abcdef.tmp`];
		const kept = [`.a.txt.${process.pid}.fedcba98.tmp`, `.a.txt.${process.ppid}.00000000.tmp`, '.hidden', 'a.txt', `a.txt.${dead}.tmp`];
		for (const name of [...stale, ...kept]) writeFileSync(join(dir, name), 'half');
		sweepTemporaries(dir);
		expect(contents()).toEqual([...kept].sort());
	});

	test('a folder that is not there is no error', () => {
		expect(() => sweepTemporaries(join(dir, 'none'))).not.toThrow();
	});
});
