/** The built command line, run as a user (or the POTM referee) runs it. */
import {spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, describe, expect, test} from 'vitest';
import {withClocks} from '../source/bench/contest.js';
import {loaps} from '../source/games/loa/index.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = join(root, 'dist', 'cli.js');
const scratch = mkdtempSync(join(tmpdir(), 'potm-cli-'));
afterAll(() => rmSync(scratch, {recursive: true, force: true}));

function potm(args: string[], env: Record<string, string> = {}, cwd = root) {
	const run = spawnSync(process.execPath, [cli, ...args], {cwd, encoding: 'utf8', env: {...process.env, ...env}});
	return {status: run.status, stdout: run.stdout, stderr: run.stderr};
}

function file(name: string, text: string): string {
	const path = join(scratch, name);
	writeFileSync(path, text);
	return path;
}

/** How the game ends after the move `potm move` prints for this position (null: it goes on). */
function outcomeAfterMove(name: string, text: string) {
	const parsed = loaps.parse(text, name);
	if (!parsed.ok) throw new Error(parsed.error.message);
	const chosen = loaps.parseMove(parsed.value, potm(['move', file(name, text)]).stdout);
	if (!chosen.ok) throw new Error(chosen.error);
	return loaps.play(parsed.value, chosen.value).outcome;
}

const PINNED = '1 5\n1 0 60.0\n2 0 60.0\n.....21\n.....22\n.......\n.......\n.......\n22.....\n12.....\n';

describe('potm move FILE', () => {
	// Each position with a second on each clock, in a folder of the scratch folder named by a relative
	// path: what the move prints is checked here, not how long it thinks (blue-move-28.txt's 40.7 s
	// had it search 2 s).
	mkdirSync(join(scratch, 'positions'));
	test.each(['start.txt', 'red-move-10.txt', 'blue-move-28.txt'])('%s: one legal move on stdout, nothing on stderr, exit 0', name => {
		const text = withClocks(readFileSync(join(root, 'test', 'fixtures', 'positions', name), 'utf8'), 1);
		writeFileSync(join(scratch, 'positions', name), text);
		const run = potm(['move', `positions/${name}`], {}, scratch);
		expect(run.stderr).toBe('');
		expect(run.status).toBe(0);
		expect(run.stdout).toMatch(/^[a-g][1-7] [a-g][1-7]\n$/);
		const parsed = loaps.parse(text, name);
		if (!parsed.ok) throw new Error(parsed.error.message);
		expect(loaps.parseMove(parsed.value, run.stdout).ok).toBe(true);
	});

	test('takes a winning connection when one is there', () => {
		// RED is ahead and can connect: a1-a2 touches b3, and b3-b2 touches a1 (on a bonus square).
		const text = '1 30\n1 20 30.0\n2 5 30.0\n....2.2\n.......\n.......\n.......\n.1.....\n.......\n1......\n';
		expect(outcomeAfterMove('connect.txt', text)).toMatchObject({winner: 1, reason: 'connection'});
	});

	test('the plan it prints with POTM_VERBOSE: the moves expected from the position, of those the limit allows', () => {
		// The start on a 10 s clock (a shorter think than the 60 s of test/fixtures/positions/start.txt).
		const start = readFileSync(join(root, 'test', 'fixtures', 'positions', 'start.txt'), 'utf8').replace('\n1 0 60.0\n', '\n1 0 10.0\n');
		expect(start).toMatch(/^1 1\n1 0 10\.0\n/);
		// The start is in the opening book: POTM_NO_BOOK has it searched.
		const run = potm(['move', file('start-10.txt', start)], {POTM_VERBOSE: '1', POTM_NO_BOOK: '1'});
		expect(run.status).toBe(0);
		expect(run.stderr).toMatch(/^depth \d+ .* min depth 2 .* moves left 14\.1 likely 26 of 50 overhead \d+ ms\n$/);
		// Without it, the book's move, and the plan is never made.
		const booked = potm(['move', file('start-10.txt', start)], {POTM_VERBOSE: '1'});
		expect(booked.status).toBe(0);
		expect(booked.stderr).toMatch(/^book move, startup \d+ ms cpu \d+ ms\n$/);
	});

	test('a clock with nothing beyond the reserve: still a search of depth 2, a legal move, and a win when there is one', () => {
		// RED at move 10 with 1.5 s: the least cost of the moves it will likely still make takes it all.
		const start = readFileSync(join(root, 'test', 'fixtures', 'positions', 'start.txt'), 'utf8');
		const tight = start.replace(/^1 1\n1 0 60\.0\n/, '1 10\n1 0 1.5\n');
		expect(tight).not.toBe(start);
		const run = potm(['move', file('tight.txt', tight)], {POTM_VERBOSE: '1'});
		expect(run.status, run.stderr).toBe(0);
		expect(run.stderr).toMatch(
			/^depth ([2-9]|\d\d+) .* budget 0\/0 ms min depth 2 \((time|depth|decided)\) moves left [\d.]+ likely \d+ of 41 /,
		);
		const parsed = loaps.parse(tight, 'tight.txt');
		if (!parsed.ok) throw new Error(parsed.error.message);
		expect(loaps.parseMove(parsed.value, run.stdout.split('\n')[0]!).ok).toBe(true);
		// Nothing on stderr without POTM_VERBOSE, as a contest wants.
		expect(potm(['move', file('tight.txt', tight)]).stderr).toBe('');
		// The connection of the test above, on 0.3 s at move 30.
		const text = '1 30\n1 20 0.3\n2 5 30.0\n....2.2\n.......\n.......\n.......\n.1.....\n.......\n1......\n';
		expect(outcomeAfterMove('connect-tight.txt', text)).toMatchObject({winner: 1, reason: 'connection'});
	});

	test('a bad file: the file, line and problem on stderr, exit 2, nothing on stdout', () => {
		const path = file('bad.txt', '1 1\n1 0 60.0\n2 0 60.0\n.11.11.\n2.....2\n2..x..2\n.......\n2.....2\n2.....2\n.11.11.\n');
		const run = potm(['move', path]);
		expect(run.status).toBe(2);
		expect(run.stdout).toBe('');
		expect(run.stderr).toBe(`potm: ${path} line 6: expected 7 squares of '1', '2' or '.', got "2..x..2"\n`);
	});

	test('a missing file says so, exit 2', () => {
		const run = potm(['move', 'saves/no-such-file.txt']);
		expect(run.status).toBe(2);
		expect(run.stderr).toBe('potm: cannot read saves/no-such-file.txt: no such file\n');
	});

	test('a position with no legal move: the reason on stderr, exit 1', () => {
		const run = potm(['move', file('pinned.txt', PINNED)]);
		expect(run.status).toBe(1);
		expect(run.stdout).toBe('');
		expect(run.stderr).toMatch(/RED has no legal move and loses/);
	});

	test('an empty file name, a folder, or a device that never ends: one line each, exit 2', () => {
		expect(potm(['move', ''])).toMatchObject({status: 2, stderr: 'potm: the file name is empty\n'});
		expect(potm(['move', 'saves'])).toMatchObject({status: 2, stderr: 'potm: cannot read saves: it is a folder, not a file\n'});
		expect(potm(['move', '/dev/zero'])).toMatchObject({
			status: 2,
			stderr: 'potm: cannot read /dev/zero: over 1 MiB, too large for a position file\n',
		});
	});

	test('takes the win of leaving the opponent no legal move', () => {
		const text = '2 10\n1 0 60.0\n2 0 60.0\n.....21\n.....22\n.......\n.2.....\n.......\n2......\n12.....\n';
		expect(outcomeAfterMove('pin.txt', text)).toMatchObject({winner: 2, reason: 'no-moves'});
	});

	test('without a FILE, or with -, it reads the position from standard input', () => {
		const start = readFileSync(join(root, 'test', 'fixtures', 'positions', 'start.txt'), 'utf8');
		for (const args of [['move'], ['move', '-']]) {
			const run = spawnSync(process.execPath, [cli, ...args], {cwd: root, encoding: 'utf8', input: start});
			expect(run.stderr, args.join(' ')).toBe('');
			expect(run.status).toBe(0);
			expect(run.stdout).toMatch(/^[a-g][1-7] [a-g][1-7]\n$/);
		}
	});

	test('a bad position on standard input: one line naming "standard input" and the line, exit 2', () => {
		const bad = readFileSync(join(root, 'test', 'fixtures', 'positions', 'start.txt'), 'utf8').replace('2.....2', '2..x..2');
		const run = spawnSync(process.execPath, [cli, 'move'], {cwd: root, encoding: 'utf8', input: bad});
		expect(run.status).toBe(2);
		expect(run.stdout).toBe('');
		expect(run.stderr).toMatch(/^potm: standard input line 5: .*\n$/);
		expect(run.stderr.split('\n')).toHaveLength(2);
		const empty = spawnSync(process.execPath, [cli, 'move', '-'], {cwd: root, encoding: 'utf8', input: ''});
		expect(empty.status).toBe(2);
		expect(empty.stderr).toMatch(/^potm: standard input( line \d+)?: .*\n$/);
	});

	test('loads neither Ink nor React', () => {
		const trace = join(scratch, 'move-trace.txt');
		writeFileSync(trace, '');
		const run = spawnSync(
			process.execPath,
			['--import', join(root, 'test/helpers/trace-modules.mjs'), cli, 'move', 'test/fixtures/positions/start.txt'],
			{cwd: root, encoding: 'utf8', env: {...process.env, POTM_TRACE_FILE: trace}},
		);
		expect(run.status).toBe(0);
		const loaded = readFileSync(trace, 'utf8').split('\n').filter(Boolean);
		expect(loaded.some(url => url.endsWith('/dist/commands/move.js'))).toBe(true);
		expect(loaded.filter(url => /node_modules\/(ink|react|react-reconciler|chalk)\//.test(url))).toEqual([]);
	});

	test('the module trace does see Ink when something loads it (the check above can fail)', () => {
		const trace = join(scratch, 'ink-trace.txt');
		writeFileSync(trace, '');
		spawnSync(
			process.execPath,
			['--import', join(root, 'test/helpers/trace-modules.mjs'), '--input-type=module', '-e', "await import('ink');"],
			{cwd: root, encoding: 'utf8', env: {...process.env, POTM_TRACE_FILE: trace}},
		);
		expect(readFileSync(trace, 'utf8')).toMatch(/node_modules\/ink\//);
	});
});

describe('potm perft FILE DEPTH', () => {
	test('prints the count', () => {
		const run = potm(['perft', 'test/fixtures/positions/start.txt', '4']);
		expect(run.status).toBe(0);
		expect(run.stdout).toBe('298040\n');
	});

	test('--divide: one line per move, "b1 d3 12345", sorted, then the total on the last line', () => {
		const run = potm(['perft', 'test/fixtures/positions/start.txt', '2', '--divide']);
		expect(run.status).toBe(0);
		const lines = run.stdout.trimEnd().split('\n');
		expect(lines).toHaveLength(25);
		const rows = lines.slice(0, -1);
		for (const row of rows) expect(row).toMatch(/^[a-g][1-7] [a-g][1-7] \d+$/);
		expect([...rows].sort()).toEqual(rows);
		expect(rows.reduce((sum, row) => sum + Number(row.split(' ')[2]), 0)).toBe(544);
		expect(lines.at(-1)).toBe('544');
	});

	test('a reader that stops early is not an error: no stack trace, exit 0', () => {
		// `true` exits without reading, long before node has started: every write meets a closed pipe.
		const run = spawnSync(
			'sh',
			['-c', `"${process.execPath}" "${cli}" perft test/fixtures/positions/start.txt 3 --divide | true; exit 0`],
			{
				cwd: root,
				encoding: 'utf8',
			},
		);
		expect(run.status).toBe(0);
		expect(run.stderr).toBe('');
	});

	test('a bad file is refused with its line, exit 2', () => {
		const run = potm(['perft', file('short.txt', '1 1\n1 0 60.0\n'), '2']);
		expect(run.status).toBe(2);
		expect(run.stderr).toMatch(/short\.txt: expected 10 lines/);
	});
});

describe('help, version and the bare command', () => {
	test("the example in --help is what potm move really prints: the opening book's move from the start", () => {
		const help = potm(['--help']).stdout;
		const shown = /\$ potm move saves\/start\.txt\n\s+([a-g][1-7] [a-g][1-7])\n/.exec(help)?.[1];
		expect(shown).toBeDefined();
		const run = potm(['move', 'test/fixtures/positions/start.txt'], {POTM_VERBOSE: '1'});
		expect(run.stderr).toMatch(/^book move/);
		expect(run.stdout).toBe(`${shown}\n`);
	});

	test('--version prints the package version, also with something after it', () => {
		const {version} = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {version: string};
		expect(potm(['--version']).stdout.trim()).toBe(version);
		expect(potm(['--version', 'extra'])).toMatchObject({status: 0, stdout: `${version}\n`});
	});

	test.each([[[]], [['play']], [['analyze', 'test/fixtures/positions/start.txt']], [['demo', '--games', '1']], [['play', '--quiet']]])(
		'%j without an interactive terminal: one line saying so, exit 2, nothing drawn',
		args => {
			const run = potm(args);
			expect(run.status).toBe(2);
			expect(run.stdout).toBe('');
			expect(run.stderr).toMatch(/^potm: the board needs an interactive terminal, and stdin is not one .*\n$/);
			expect(run.stderr.split('\n')).toHaveLength(2);
		},
	);

	// Every refusal of the command line, in process: test/command-line/parse.test.ts. Here, how the program says one.
	test('an unknown command is refused: one potm: line on stderr, nothing on stdout, exit 2', () => {
		expect(potm(['fly'])).toEqual({status: 2, stdout: '', stderr: 'potm: unknown command "fly" (potm --help lists the commands)\n'});
	});

	test('demo FILE: the series plays from FILE; a FILE whose game is over is refused before any terminal is needed', () => {
		// RED connects with a1 b2: the game in the file is over.
		const done = file('done.txt', '2 13\n1 15 50.0\n2 0 50.0\n.......\n..2.2..\n.......\n.......\n.......\n.1.....\n1......\n');
		expect(potm(['demo', done]).stderr).toMatch(/^potm: .*done\.txt/);
		expect(potm(['demo', file('bad.txt', 'nonsense\n')]).stderr).toMatch(/^potm: .*bad\.txt/);
		// A good FILE: then only the missing terminal stops it.
		expect(potm(['demo', 'test/fixtures/positions/red-move-10.txt']).stderr).toMatch(/^potm: the board needs an interactive terminal/);
	});
});

describe('potm learn and potm puzzles', () => {
	test('without a terminal the screens say so, exit 2', () => {
		for (const command of ['learn', 'puzzles']) {
			const run = potm([command]);
			expect(run.status).toBe(2);
			expect(run.stderr).toMatch(/^potm: the board needs an interactive terminal/);
		}
	});
});
