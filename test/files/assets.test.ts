/**
 * The games' assets as files (source/files/assets.ts), and LINES and BOXES's whole 3×3 table, the
 * asset it declares: the build writes it into dist/ (the tests' global setup builds like npm ci),
 * a 3×3 move reads it instead of building within its clock, and a file that is not a whole table
 * is not read.
 */
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, afterEach, describe, expect, test} from 'vitest';
import {buildAssets, writeAsset} from '../../source/files/assets.js';
import {hasAsset, readAsset, useAssetsFrom} from '../../source/engine/assets.js';
import type {GameAsset} from '../../source/games/game.js';
import {boardOf} from '../../source/games/boxes/index.js';
import {parseBoxes} from '../../source/games/boxes/potm.js';
import {
	buildTable,
	clearTable,
	drawnSet,
	solveByTable,
	table3Asset,
	TABLE3_SETS,
	tableValue,
	useStoredTable,
} from '../../source/games/boxes/table3.js';
import {seededRandom} from '../../source/engine/random.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const built = join(root, 'dist', table3Asset.file);
/** The table's bytes as signed values, or null. */
const readTable3 = (path: string): Int8Array | null => {
	const bytes = readAsset(path, table3Asset);
	return bytes === null ? null : new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
};
const scratch = mkdtempSync(join(tmpdir(), 'potm-table3-'));
afterAll(() => rmSync(scratch, {recursive: true, force: true}));
afterEach(() => {
	useStoredTable(null);
	clearTable();
});

describe('the 3×3 table file', () => {
	test('the build wrote a whole table into dist/, whose values are those a build works out', () => {
		expect(hasAsset(built, table3Asset)).toBe(true);
		const table = readTable3(built);
		expect(table).not.toBeNull();
		expect(table!.length).toBe(TABLE3_SETS);
		// The empty board is the second player's by 3; the full board has nothing left.
		expect(table![0]).toBe(-3);
		expect(table![TABLE3_SETS - 1]).toBe(0);
		// 200 sets of 14 free units, each against a build rooted there (2^14 sets apiece).
		const random = seededRandom(26);
		for (let k = 0; k < 200; k++) {
			let set = (1 << 24) - 1;
			while (24 - popcount(set) < 14) set &= ~(1 << Math.floor(random() * 24));
			clearTable();
			expect(buildTable({}, set)).toBe(true);
			expect(table![set], `set ${set.toString(2)}`).toBe(tableValue(set));
		}
	});

	test('a 3×3 position is then solved without a build: the empty board at once, with no time at all', () => {
		useAssetsFrom(join(root, 'dist'));
		const parsed = parseBoxes('1 3 3\n1 0 60\n2 0 60\n', 'empty.txt');
		if (!parsed.ok) throw new Error(parsed.error.message);
		const board = boardOf(parsed.value);
		const solution = solveByTable(board, {nodes: 0, deadlineMs: 0, now: () => 1});
		expect(solution?.score).toBe(-300);
		expect(tableValue(drawnSet(board))).toBe(-3);
	});

	test('a file that is not a whole table is not read: the solver builds as before', () => {
		const short = join(scratch, 'short.table');
		writeFileSync(short, readFileSync(built).subarray(0, 1000));
		const wrongHeader = join(scratch, 'header.table');
		const copy = Buffer.from(readFileSync(built));
		copy[0] = 'x'.charCodeAt(0);
		writeFileSync(wrongHeader, copy);
		for (const path of [short, wrongHeader, join(scratch, 'missing.table')]) {
			expect(hasAsset(path, table3Asset)).toBe(false);
			expect(readTable3(path)).toBeNull();
			useStoredTable(() => readTable3(path));
			// Nothing read: the empty board is not solved without a build.
			expect(tableValue(0)).toBeNull();
			clearTable();
		}
	});

	test('potm move on an empty 3×3 with 1 s on its clock: the perfect answer, proven', () => {
		const path = join(scratch, 'empty-3x3.txt');
		writeFileSync(path, '1 3 3\n1 0 1.0\n2 0 1.0\n');
		const run = spawnSync(join(root, 'dist', 'potm'), ['move', path], {encoding: 'utf8', env: {...process.env, POTM_VERBOSE: '1'}});
		expect(run.status, run.stderr).toBe(0);
		expect(run.stdout).toMatch(/^[A-D][1-4] [A-D][1-4]\n$/);
		// Every first move loses by 3: the table says so, and the search stopped there.
		expect(run.stderr).toMatch(/^depth \d+ score -300 .*\(decided\)/);
	});
});

describe("a game's assets", () => {
	/** An asset of `size` bytes whose making and reading are counted. */
	function counted(file: string, size: number) {
		const made: number[] = [];
		const reads: (Uint8Array | null)[] = [];
		const asset: GameAsset = {
			file,
			header: `test asset ${file} 1\n`,
			size,
			making: `the test asset ${file}`,
			make: () => {
				made.push(size);
				return Uint8Array.from({length: size}, (_, index) => index % 251);
			},
			use: read => {
				reads.push(read());
			},
		};
		return {asset, made, reads};
	}

	test('the build makes each asset the games declare once, keeps a whole one, and makes a broken one again', () => {
		const folder = mkdtempSync(join(scratch, 'dist-'));
		const one = counted('one.bin', 300);
		const two = counted('two.bin', 5);
		const making: string[] = [];
		// Two games of a family may declare the same asset: it is made once.
		const games = [{assets: [one.asset]}, {}, {assets: [two.asset, one.asset]}];
		expect(buildAssets(folder, games, asset => making.push(asset.making))).toEqual(['one.bin', 'two.bin']);
		expect(making).toEqual(['the test asset one.bin', 'the test asset two.bin']);
		expect(readFileSync(join(folder, 'one.bin'), 'latin1').startsWith('test asset one.bin 1\n')).toBe(true);
		expect([...readAsset(join(folder, 'two.bin'), two.asset)!]).toEqual([0, 1, 2, 3, 4]);
		// Built again: nothing to make.
		expect(buildAssets(folder, games, asset => making.push(asset.making))).toEqual(['one.bin', 'two.bin']);
		expect(one.made).toHaveLength(1);
		// A file cut short is made again.
		writeFileSync(join(folder, 'one.bin'), readFileSync(join(folder, 'one.bin')).subarray(0, 50));
		buildAssets(folder, games);
		expect(one.made).toHaveLength(2);
		expect(hasAsset(join(folder, 'one.bin'), one.asset)).toBe(true);
	});

	test('an asset that makes the wrong number of bytes is not written', () => {
		const folder = mkdtempSync(join(scratch, 'dist-'));
		const wrong = counted('wrong.bin', 4);
		const asset = {...wrong.asset, size: 5};
		expect(() => writeAsset(join(folder, 'wrong.bin'), asset)).toThrow(/made 4 bytes, not 5/);
		expect(hasAsset(join(folder, 'wrong.bin'), asset)).toBe(false);
	});

	test('a game reads its asset from the build folder when it asks; a missing one reads as null', () => {
		const folder = mkdtempSync(join(scratch, 'dist-'));
		const there = counted('there.bin', 3);
		const missing = counted('missing.bin', 3);
		buildAssets(folder, [{assets: [there.asset]}]);
		useAssetsFrom(folder, [{assets: [there.asset, missing.asset]}]);
		expect(there.reads.map(bytes => (bytes === null ? null : [...bytes]))).toEqual([[0, 1, 2]]);
		expect(missing.reads).toEqual([null]);
	});
});

function popcount(value: number): number {
	let count = 0;
	for (let v = value; v !== 0; v &= v - 1) count++;
	return count;
}
