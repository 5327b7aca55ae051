/**
 * `potm move` as a PAH-TUM entry, the built CLI run as a contest runs it: the grid on standard
 * input, the grid with one more marker on standard output and nothing else, so that moves chain
 * through a shell pipe; a finished grid and a bad one are one line on stderr.
 */
import {spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, describe, expect, test} from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = join(root, 'dist', 'cli.js');
const scratch = mkdtempSync(join(tmpdir(), 'potm-test-cli-pahtum-'));
afterAll(() => rmSync(scratch, {recursive: true, force: true}));

/** Late in a game (8 squares left, X to move), so that each move is solved at once and the test stays quick. */
const LATE = 'XOXOX+O\nOXOXOXO\nXOXOXOX\nOXOXOXO\nXOX+XOX\n--OXOXO\n----+--\n';

const move = (input: string, args: readonly string[] = []) =>
	spawnSync(process.execPath, [cli, 'move', ...args], {cwd: root, encoding: 'utf8', input, timeout: 60_000});

/** The squares that differ between two grids, as [index, before, after]. */
function changes(before: string, after: string): [number, string, string][] {
	const found: [number, string, string][] = [];
	for (let index = 0; index < before.length; index++)
		if (before[index] !== after[index]) found.push([index, before[index]!, after[index]!]);
	return found;
}

describe('potm move on a PAH-TUM grid', () => {
	test('cat board.txt | potm move | potm move | potm move: three more markers, X, O, X, each on a - square', () => {
		const board = join(scratch, 'board.txt');
		writeFileSync(board, LATE);
		const run = spawnSync(
			'/bin/sh',
			['-c', `cat "$1" | "$2" "$3" move | "$2" "$3" move | "$2" "$3" move`, 'sh', board, process.execPath, cli],
			{encoding: 'utf8', timeout: 60_000},
		);
		expect(run.stderr).toBe('');
		expect(run.status).toBe(0);
		expect(run.stdout).toMatch(/^([-+XO]{7}\n){7}$/);
		const added = changes(LATE, run.stdout);
		expect(added).toHaveLength(3);
		for (const [, before] of added) expect(before).toBe('-');
		expect(added.map(([, , after]) => after).sort()).toEqual(['O', 'X', 'X']);
		// Step by step: the order is X, O, X.
		let grid = LATE;
		const letters: string[] = [];
		for (let step = 0; step < 3; step++) {
			const next = move(grid, step === 1 ? ['-'] : []);
			expect(next.status).toBe(0);
			const one = changes(grid, next.stdout);
			expect(one).toHaveLength(1);
			letters.push(one[0]![2]);
			grid = next.stdout;
		}
		expect(letters).toEqual(['X', 'O', 'X']);
	});

	test('a FILE is still read as a file; --game pahtum accepts a grid and refuses a LOA file', () => {
		const board = join(scratch, 'file.txt');
		writeFileSync(board, LATE);
		const run = spawnSync(process.execPath, [cli, 'move', board, '--game', 'pahtum'], {encoding: 'utf8', timeout: 60_000});
		expect(run.status).toBe(0);
		expect(changes(LATE, run.stdout)).toHaveLength(1);
		const loa = spawnSync(process.execPath, [cli, 'move', 'test/fixtures/positions/start.txt', '--game', 'pahtum'], {
			cwd: root,
			encoding: 'utf8',
		});
		expect(loa.status).toBe(2);
		expect(loa.stderr).toMatch(/^potm: test\/fixtures\/positions\/start\.txt holds a LOAPS position .*PAH-TUM\n$/);
	});

	test('a finished grid: one line on stderr, nothing on stdout, exit 1', () => {
		const full = LATE.replace(/-/g, (_, index: number) => (index % 2 === 0 ? 'X' : 'O'));
		const run = move(full);
		expect(run.stdout).toBe('');
		expect(run.status).toBe(1);
		expect(run.stderr).toMatch(
			/^potm: standard input: the game is over \(([XO] wins \d+ to \d+|a tie, \d+ to \d+)\): there is no move to make\n$/,
		);
	});

	test("--clock S: a move takes the CPU time given, not the contest's 10 s; --clock with a LOA file is refused", () => {
		const early = '-------\n------+\n---+---\n-------\n--++---\n-------\n+------\n';
		// POTM_VERBOSE tells the plan on stderr: "budget SOFT/HARD ms".
		const verbose = {...process.env, POTM_VERBOSE: '1'};
		const run = spawnSync(process.execPath, [cli, 'move', '--clock', '1.5'], {
			cwd: root,
			encoding: 'utf8',
			input: early,
			timeout: 60_000,
			env: verbose,
		});
		expect(run.status, run.stderr).toBe(0);
		expect(changes(early, run.stdout)).toHaveLength(1);
		const [soft, hard] = /budget (\d+)\/(\d+) ms/.exec(run.stderr)!.slice(1).map(Number) as [number, number];
		expect(hard).toBeLessThan(1500);
		expect(soft).toBeLessThan(hard);
		// Without --clock, the contest's own 10 s (planned; a late grid is solved long before).
		const contest = spawnSync(process.execPath, [cli, 'move'], {cwd: root, encoding: 'utf8', input: LATE, timeout: 60_000, env: verbose});
		expect(Number(/budget \d+\/(\d+) ms/.exec(contest.stderr)![1])).toBeGreaterThan(5000);
		const loa = spawnSync(process.execPath, [cli, 'move', join(root, 'test', 'fixtures', 'positions', 'start.txt'), '--clock', '5'], {
			encoding: 'utf8',
			timeout: 60_000,
		});
		expect(loa.status).toBe(2);
		expect(loa.stderr).toMatch(/^potm: --clock is for a game with a clock per move \(PAH-TUM\); .*start\.txt carries its own clock\n$/);
	});

	test('a bad grid on standard input: one line naming "standard input" and the line, exit 2', () => {
		const run = move(LATE.replace('XOX+XOX', 'XOX+X?X'), ['-']);
		expect(run.stdout).toBe('');
		expect(run.status).toBe(2);
		expect(run.stderr).toMatch(/^potm: standard input line 5: .+\n$/);
		expect(run.stderr.split('\n')).toHaveLength(2);
	});

	// util-linux's script gives the command a terminal for its standard input.
	test.runIf(existsSync('/usr/bin/script') && process.platform === 'linux')(
		'with a terminal for standard input and no FILE: one line saying so, exit 2, no wait',
		() => {
			const run = spawnSync('/usr/bin/script', ['-qec', `"${process.execPath}" "${cli}" move`, '/dev/null'], {
				cwd: root,
				encoding: 'utf8',
				input: '',
				timeout: 20_000,
			});
			expect(run.status).toBe(2);
			expect(run.stdout).toMatch(/potm: standard input is a terminal: give a FILE, or pipe a position in/);
		},
	);
});

describe('random boards on the command line', () => {
	const potm = (args: readonly string[]) =>
		spawnSync(process.execPath, [cli, ...args], {cwd: root, encoding: 'utf8', input: '', timeout: 60_000});

	// --holes and --seed as the command line reads them: test/command-line/parse.test.ts. The game's board, or a FILE's, only a run tells.
	test('--seed for a game of one start position, or with a FILE, is refused in one line before any terminal is needed', () => {
		const refusals: [string[], RegExp][] = [
			[
				['play', '--seed', '4'],
				/^potm: --seed draws a random board, and LOAPS has one start position \(random boards: --game pahtum or --game boxes\)\n$/,
			],
			[['demo', '--game', 'loa', '--seed', '4'], /^potm: --seed draws a random board, and Lines of Action has one/],
			[
				['play', join(root, 'test', 'fixtures', 'positions', 'start.txt'), '--seed', '4'],
				/^potm: --seed draws a new board, and .*start\.txt has its own\n$/,
			],
		];
		for (const [args, message] of refusals) {
			const run = potm(args);
			expect(run.status, args.join(' ')).toBe(2);
			expect(run.stderr, args.join(' ')).toMatch(message);
		}
		// With PAH-TUM they are fine: only the missing terminal stops it.
		expect(potm(['play', '--game', 'pahtum', '--holes', '5', '--seed', '4']).stderr).toMatch(/needs an interactive terminal/);
	});
});
