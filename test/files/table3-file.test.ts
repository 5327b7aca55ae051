/**
 * LINES and BOXES's whole 3×3 table as a file (source/files/table3-file.ts): the build writes it
 * into dist/ (the tests' global setup builds like npm ci), a 3×3 move reads it instead of building
 * within its clock, and a file that is not a whole table is not read.
 */
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, afterEach, describe, expect, test} from 'vitest';
import {hasTable3, readTable3, TABLE3_FILE, useTable3From} from '../../source/files/table3-file.js';
import {boardOf} from '../../source/games/boxes/index.js';
import {parseBoxes} from '../../source/games/boxes/potm.js';
import {buildTable, clearTable, drawnSet, solveByTable, TABLE3_SETS, tableValue, useStoredTable} from '../../source/games/boxes/table3.js';
import {seededRandom} from '../../source/engine/random.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const built = join(root, 'dist', TABLE3_FILE);
const scratch = mkdtempSync(join(tmpdir(), 'potm-table3-'));
afterAll(() => rmSync(scratch, {recursive: true, force: true}));
afterEach(() => {
	useStoredTable(null);
	clearTable();
});

describe('the 3×3 table file', () => {
	test('the build wrote a whole table into dist/, whose values are those a build works out', () => {
		expect(hasTable3(built)).toBe(true);
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
		useTable3From(join(root, 'dist'));
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
			expect(hasTable3(path)).toBe(false);
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

function popcount(value: number): number {
	let count = 0;
	for (let v = value; v !== 0; v &= v - 1) count++;
	return count;
}
