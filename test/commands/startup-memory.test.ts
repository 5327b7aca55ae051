/** The start-ups `potm move` remembers between moves (source/commands/startup-memory.ts), in a scratch folder. */
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, test} from 'vitest';
import {bestStartup, cacheFolder, KEPT, memoryFile, readStartups, rememberStartup, STALE_MS} from '../../source/commands/startup-memory.js';

const scratch = mkdtempSync(join(tmpdir(), 'potm-startup-memory-'));
afterAll(() => rmSync(scratch, {recursive: true, force: true}));

describe('the start-up memory', () => {
	test('the cache folder: POTM_CACHE_DIR, else XDG_CACHE_HOME/potm, else ~/.cache/potm', () => {
		expect(cacheFolder({POTM_CACHE_DIR: '/x'})).toBe('/x');
		expect(cacheFolder({XDG_CACHE_HOME: '/y'})).toBe(join('/y', 'potm'));
		expect(cacheFolder({})).toMatch(/\.cache[/\\]potm$/);
	});

	test('one file per way of starting, Node version and build; none without a cache folder, and nothing fails for it', () => {
		expect(memoryFile('snapshot', '', '/c')).toBe(join('/c', `startup-snapshot-${process.version}-${process.arch}.txt`));
		expect(memoryFile('snapshot', 'b1', '/c')).toBe(join('/c', `startup-snapshot-${process.version}-${process.arch}-b1.txt`));
		expect(memoryFile('modules', '', '/c')).not.toBe(memoryFile('snapshot', '', '/c'));
		expect(memoryFile('snapshot', 'b1', null)).toBeNull();
		expect(readStartups(null)).toEqual([]);
		expect(() => rememberStartup(null, [], 60)).not.toThrow();
	});

	test('kept whole, the last KEPT, in a folder made when missing; the best is the least', () => {
		const file = join(scratch, 'new', 'folder', 'startup.txt');
		expect(readStartups(file)).toEqual([]);
		let remembered: number[] = [];
		for (let run = 1; run <= KEPT + 4; run++) {
			rememberStartup(file, remembered, 100 + run);
			remembered = readStartups(file);
		}
		expect(remembered).toHaveLength(KEPT);
		expect(remembered[0]).toBe(105);
		expect(remembered.at(-1)).toBe(100 + KEPT + 4);
		expect(bestStartup(remembered, 300)).toBe(105);
		expect(bestStartup(remembered, 60)).toBe(60);
		expect(bestStartup([], 70)).toBe(70);
		// No temporary file is left beside it.
		expect(readdirSync(join(scratch, 'new', 'folder'))).toEqual(['startup.txt']);
	});

	test('a memory that starts sweeps the memories and temporaries untouched for STALE_MS, and nothing else', () => {
		const folder = join(scratch, 'sweep');
		mkdirSync(folder);
		const old = (Date.now() - STALE_MS - 60_000) / 1000;
		const names = [
			'startup-snapshot-v18-x64-a.txt',
			'startup-snapshot-v18-x64-b.txt.123.tmp',
			'startup-modules-v20-x64-c.txt',
			'notes.txt',
			'startup-recent.txt',
		];
		for (const name of names) writeFileSync(join(folder, name), '60\n');
		for (const name of names.slice(0, 4)) utimesSync(join(folder, name), old, old);
		const file = join(folder, 'startup-snapshot-v20-x64-d.txt');
		rememberStartup(file, [], 58);
		expect(readdirSync(folder).sort()).toEqual(['notes.txt', 'startup-recent.txt', 'startup-snapshot-v20-x64-d.txt']);
		// A memory read back does not look at the folder again.
		writeFileSync(join(folder, 'startup-e.txt'), '60\n');
		utimesSync(join(folder, 'startup-e.txt'), old, old);
		rememberStartup(file, readStartups(file), 57);
		expect(readdirSync(folder)).toContain('startup-e.txt');
		expect(readStartups(file)).toEqual([58, 57]);
	});

	test('what is not a start-up is passed over; a folder that cannot be written fails quietly', () => {
		const file = join(scratch, 'mixed.txt');
		writeFileSync(file, '61.5\nabc\n-3\n\n0\n58\nInfinity\n');
		expect(readStartups(file)).toEqual([61.5, 58]);
		const blocked = join(scratch, 'a-file');
		writeFileSync(blocked, 'x');
		expect(() => rememberStartup(join(blocked, 'startup.txt'), [], 60)).not.toThrow();
		expect(readFileSync(blocked, 'utf8')).toBe('x');
	});
});
