/**
 * The built command line with classic 8×8 Lines of Action: potm move and perft on 8×8 files,
 * --game loaps|loa and --mover-wins with a FILE that tells its game by its size (and a --game that
 * disagrees with it). How the options themselves are read (--side, the demo's --black and --white,
 * the help) is checked in process: test/command-line/parse.test.ts.
 */
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, describe, expect, test} from 'vitest';
import {classicLoa} from '../source/games/loa/index.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = join(root, 'dist', 'cli.js');
const scratch = mkdtempSync(join(tmpdir(), 'potm-cli-loa-'));
afterAll(() => rmSync(scratch, {recursive: true, force: true}));

function potm(args: string[]) {
	const run = spawnSync(process.execPath, [cli, ...args], {cwd: root, encoding: 'utf8', timeout: 60_000});
	return {status: run.status, stdout: run.stdout, stderr: run.stderr};
}

function file(name: string, text: string): string {
	const path = join(scratch, name);
	writeFileSync(path, text);
	return path;
}

/** Exit 2, nothing on stdout, exactly one `potm:` line matching `message` (and the pointer to --help). */
function expectRefused(args: string[], message: RegExp): string {
	const run = potm(args);
	expect(run.status, `${args.join(' ')}: ${run.stderr}`).toBe(2);
	expect(run.stdout, args.join(' ')).toBe('');
	const said = run.stderr.split('\n').filter(line => line.startsWith('potm: '));
	expect(said, `${args.join(' ')}: ${run.stderr}`).toHaveLength(1);
	expect(said[0], args.join(' ')).toMatch(message);
	// One line, as docs/command-line.md §13 promises.
	expect(run.stderr).toBe(`${said[0]}\n`);
	return said[0]!;
}

/** BLACK to move with no legal move (a1 and h8 walled in by WHITE): the only move is the pass. */
const MUST_PASS = '1 7\n1 0 60.0\n2 0 60.0\n......21\n......22\n........\n........\n........\n........\n22......\n12......\n';

describe('potm move and perft on an 8×8 FILE', () => {
	test('potm move test/fixtures/positions/loa-start.txt prints one legal move of the 8×8 start', () => {
		const run = potm(['move', 'test/fixtures/positions/loa-start.txt']);
		expect(run.stderr).toBe('');
		expect(run.status).toBe(0);
		expect(run.stdout).toMatch(/^[a-h][1-8] [a-h][1-8]\n$/);
		const start = classicLoa.parse(readFileSync(join(root, 'test', 'fixtures', 'positions', 'loa-start.txt'), 'utf8'), 'loa-start.txt');
		if (!start.ok) throw new Error(start.error.message);
		expect(classicLoa.parseMove(start.value, run.stdout.trim())).toMatchObject({ok: true});
	});

	test('test/fixtures/positions/loa-start.txt is the classic start: 8 board lines, BLACK on b1..g1 and b8..g8', () => {
		const text = readFileSync(join(root, 'test', 'fixtures', 'positions', 'loa-start.txt'), 'utf8');
		expect(text).toBe(classicLoa.format(classicLoa.initial()));
		expect(text.split('\n').slice(3, -1)).toHaveLength(8);
	});

	test('potm perft test/fixtures/positions/loa-start.txt 4 prints 1563208 (the reference count)', () => {
		const run = potm(['perft', 'test/fixtures/positions/loa-start.txt', '4']);
		expect(run.stderr).toBe('');
		expect(run.status).toBe(0);
		expect(run.stdout).toBe('1563208\n');
	}, 120_000);

	test('perft --divide at depth 1: the 36 moves of the start', () => {
		const run = potm(['perft', 'test/fixtures/positions/loa-start.txt', '1', '--divide', '--game', 'loa']);
		expect(run.status).toBe(0);
		const lines = run.stdout.trimEnd().split('\n');
		expect(lines).toHaveLength(37);
		for (const line of lines.slice(0, -1)) expect(line).toMatch(/^[a-h][1-8] [a-h][1-8] 1$/);
		expect(lines.at(-1)).toBe('36');
	});

	test('a side with no legal move: potm move prints "pass" (classic LOA passes, it does not lose)', () => {
		const run = potm(['move', file('must-pass.txt', MUST_PASS)]);
		expect(run.stderr).toBe('');
		expect(run.status).toBe(0);
		expect(run.stdout).toBe('pass\n');
	});

	test('--game loa and --mover-wins agree with an 8×8 FILE; a bare --game loaps agrees with a 7×7 one', () => {
		// The start with 1 s clocks, so that each move is quick.
		const quick = file(
			'loa-quick.txt',
			readFileSync(join(root, 'test', 'fixtures', 'positions', 'loa-start.txt'), 'utf8').replace(/ 60\.0\n/g, ' 1.0\n'),
		);
		for (const args of [['--game', 'loa'], ['--game', 'LOA'], ['--mover-wins'], ['--game', 'loa', '--mover-wins']]) {
			const run = potm(['move', quick, ...args]);
			expect(run.status, `${args.join(' ')}: ${run.stderr}`).toBe(0);
			expect(run.stdout).toMatch(/^[a-h][1-8] [a-h][1-8]\n$/);
		}
		expect(potm(['perft', 'test/fixtures/positions/start.txt', '2', '--game', 'loaps'])).toMatchObject({status: 0, stdout: '544\n'});
	});

	test('a FILE of the other game than --game is refused, naming the file and both games', () => {
		expectRefused(
			['move', '--game', 'loaps', 'test/fixtures/positions/loa-start.txt'],
			/^potm: test\/fixtures\/positions\/loa-start\.txt holds a Lines of Action position \(8×8\), but the command line asks for LOAPS$/,
		);
		expectRefused(
			['move', '--game', 'loa', 'test/fixtures/positions/start.txt'],
			/^potm: test\/fixtures\/positions\/start\.txt holds a LOAPS position \(7×7\), but the command line asks for Lines of Action$/,
		);
		expectRefused(
			['perft', 'test/fixtures/positions/start.txt', '1', '--game', 'loa'],
			/^potm: test\/fixtures\/positions\/start\.txt holds a LOAPS position \(7×7\)/,
		);
		expectRefused(
			['move', '--mover-wins', 'test/fixtures/positions/start.txt'],
			/^potm: test\/fixtures\/positions\/start\.txt holds a LOAPS position \(7×7\), but the command line asks for Lines of Action \(mover wins\)$/,
		);
	});

	test('a broken 8×8 file is refused with its line, as a LOA file', () => {
		const path = file('bad8.txt', MUST_PASS.replace('22......\n12', '22..x...\n12'));
		expectRefused(['move', path], new RegExp(`^potm: ${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} line 10: expected 8 squares`));
	});
});
