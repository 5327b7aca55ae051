/**
 * The plain `potm move` that cli.ts runs without the command-line parser (which command lines
 * take that path; everything else goes to the full command line, whose messages command-line/parse.test.ts checks),
 * and the command dist/potm, which starts `potm move` from a start-up snapshot.
 */
import {spawnSync} from 'node:child_process';
import {mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, describe, expect, test} from 'vitest';
import {withClocks} from '../source/bench/contest.js';
import {bookKey, readBook} from '../source/engine/book.js';
import {loadPosition} from '../source/files/load.js';
import {plainMove} from '../source/move-entry.js';

describe('plainMove', () => {
	test.each([[['move']], [['move', 'test/fixtures/positions/start.txt']], [['move', '-']], [['move', 'a file with spaces.txt']]])(
		'%j runs without the parser',
		words => {
			expect(plainMove(words)).toBe(true);
		},
	);
	test.each([
		[['move', '--game', 'loaps', 'test/fixtures/positions/start.txt']],
		[['move', 'test/fixtures/positions/start.txt', '--clock', '5']],
		[['move', '--help']],
		[['move', '-h']],
		[['move', 'a', 'b']],
		[['perft', 'test/fixtures/positions/start.txt']],
		[[]],
	])('%j goes through the parser', words => {
		expect(plainMove(words)).toBe(false);
	});
});

/** `potm move` from a start-up snapshot, as npm run build (and the tests' setup) builds dist/potm. */
describe('dist/potm move', () => {
	const root = fileURLToPath(new URL('..', import.meta.url));
	const scratch = mkdtempSync(join(tmpdir(), 'potm-move-entry-'));
	afterAll(() => rmSync(scratch, {recursive: true, force: true}));
	const entry = (args: string[], input?: string, command = join(root, 'dist', 'potm'), cwd = root) => {
		const run = spawnSync(command, ['move', ...args], {cwd, encoding: 'utf8', timeout: 60_000, ...(input === undefined ? {} : {input})});
		return {status: run.status, stdout: run.stdout, stderr: run.stderr};
	};
	/** What the full command line says to `potm move ARGS`. */
	const cli = (args: string[]) => {
		const run = spawnSync(process.execPath, [join(root, 'dist', 'cli.js'), 'move', ...args], {
			cwd: root,
			encoding: 'utf8',
			timeout: 60_000,
		});
		return {status: run.status, stdout: run.stdout, stderr: run.stderr};
	};
	/** test/fixtures/positions/NAME with a second left on each clock, so the move is quick. */
	const quick = (name: string): string => {
		const path = join(scratch, name);
		writeFileSync(path, withClocks(readFileSync(join(root, 'test', 'fixtures', 'positions', name), 'utf8'), 1));
		return path;
	};

	test.each(['start.txt', 'red-move-10.txt', 'loa-start.txt'])('answers %s with one legal move and nothing else', name => {
		const path = quick(name);
		const run = entry([path]);
		expect(run.stderr).toBe('');
		expect(run.status).toBe(0);
		const loaded = loadPosition(path);
		if (!loaded.ok) throw new Error(loaded.error);
		const {game, state} = loaded.value;
		const legal = game.legalMoves(state).map(move => game.entryAnswer(state, move));
		expect(legal).toContain(run.stdout);
	});

	test("answers a position of its opening book with the book's move, from the snapshot and from cli.js", () => {
		for (const name of ['start.txt', 'loa-start.txt']) {
			const path = quick(name);
			const loaded = loadPosition(path);
			if (!loaded.ok) throw new Error(loaded.error);
			const {game, state} = loaded.value;
			const book = readBook(game, readFileSync(join(root, 'dist', 'books', `${game.id}.txt`), 'utf8'), `${game.id}.txt`);
			if (!book.ok) throw new Error(book.error);
			const line = book.value.get(bookKey(game, state))!;
			const parsed = game.parseMove(state, line.move);
			if (!parsed.ok) throw new Error(parsed.error);
			const env = {...process.env, POTM_VERBOSE: '1'};
			for (const command of [
				[join(root, 'dist', 'potm'), 'move', path],
				[process.execPath, join(root, 'dist', 'cli.js'), 'move', path],
			]) {
				const run = spawnSync(command[0]!, command.slice(1), {cwd: root, encoding: 'utf8', env, timeout: 60_000});
				expect(run.status).toBe(0);
				expect(run.stdout).toBe(game.entryAnswer(state, parsed.value));
				expect(run.stderr).toMatch(/^book move, startup \d+ ms cpu \d+ ms\n$/);
			}
		}
		// Out of the book, the search.
		const run = spawnSync(join(root, 'dist', 'potm'), ['move', quick('red-move-10.txt')], {
			cwd: root,
			encoding: 'utf8',
			env: {...process.env, POTM_VERBOSE: '1'},
		});
		expect(run.status).toBe(0);
		expect(run.stderr).toMatch(/^depth \d+ score/);
	});

	test('reads a PAH-TUM grid on standard input, as potm move does: one X more, on a - square', () => {
		// Late in a game (8 squares left, X to move), so the move is solved at once.
		const grid = 'XOXOX+O\nOXOXOXO\nXOXOXOX\nOXOXOXO\nXOX+XOX\n--OXOXO\n----+--\n';
		const run = entry(['-'], grid);
		expect(run.stderr).toBe('');
		expect(run.status).toBe(0);
		expect(run.stdout).toMatch(/^([-+XO]{7}\n){7}$/);
		const changed = [...grid].flatMap((cell, index) => (cell === run.stdout[index] ? [] : [[cell, run.stdout[index]]]));
		expect(changed).toEqual([['-', 'X']]);
	});

	test('refuses a bad file with the same line as potm move, exit 2', () => {
		const bad = join(scratch, 'bad.txt');
		writeFileSync(bad, '1 1\n1 0 60.0\n');
		const run = entry([bad]);
		const cli = spawnSync(process.execPath, [join(root, 'dist', 'cli.js'), 'move', bad], {cwd: root, encoding: 'utf8'});
		expect(run.status).toBe(2);
		expect(run.stdout).toBe('');
		expect(run.stderr).toMatch(/^potm: .*bad\.txt/);
		expect(run.stderr).toBe(cli.stderr);
	});

	test("takes --clock (a PAH-TUM move's seconds) itself, and gives every other option, mistakes included, to the full command line", () => {
		// Late in a game, so that the move is quick; with a clock of 0.5 s it must still answer.
		const grid = 'XOXOX+O\nOXOXOXO\nXOXOXOX\nOXOXOXO\nXOX+XOX\n--OXOXO\n----+--\n';
		for (const args of [['--clock', '0.5', '-'], ['--clock=0.5']]) {
			const run = entry(args, grid);
			expect(run.stderr).toBe('');
			expect(run.status).toBe(0);
		}
		for (const [args, message] of [
			[['--clock', '0', '-'], /^potm: --clock takes the seconds/],
			[['--clock'], /^potm: --clock/],
			[['--level', '1', 'test/fixtures/positions/start.txt'], /^potm: --level goes with/],
			[['a', 'b'], /^potm: move takes one FILE \(or none, or -, for standard input\), not also "b"\n$/],
			[
				['--clock', '5', 'test/fixtures/positions/start.txt'],
				/^potm: --clock is for a game with a clock per move \(PAH-TUM\); test\/fixtures\/positions\/start\.txt carries its own clock\n$/,
			],
		] as const) {
			const run = entry([...args]);
			expect(run.status).toBe(2);
			expect(run.stdout).toBe('');
			expect(run.stderr).toMatch(message);
			expect(run).toEqual(cli([...args]));
		}
		// The move's help, and --game, as the full command line gives them.
		const help = entry(['--help']);
		expect(help.status).toBe(0);
		expect(help.stdout).toContain('Play as a POTM contest entry');
		expect(help).toEqual(cli(['--help']));
		const classic = entry(['--game', 'loa', quick('loa-start.txt')]);
		expect(classic.status).toBe(0);
		expect(classic.stdout).toMatch(/^[a-h][1-8] [a-h][1-8]\n$/);
	});

	test('runs from anywhere and through links, relative ones and folders with spaces in their names, as npm link installs it', () => {
		const link = join(scratch, 'potm');
		symlinkSync(join(root, 'dist', 'potm'), link);
		// A relative link to that link, in a folder with a space.
		const spaced = join(scratch, 'a folder');
		mkdirSync(spaced);
		symlinkSync(join('..', 'potm'), join(spaced, 'potm'));
		const path = quick('start.txt');
		for (const command of [link, join(spaced, 'potm'), join(root, 'dist', 'potm')]) {
			const run = entry([path], undefined, command, scratch);
			expect(run.stderr).toBe('');
			expect(run.status).toBe(0);
			expect(run.stdout).toMatch(/^[a-g][1-7] [a-g][1-7]\n$/);
		}
		// The other commands go to dist/cli.js.
		const version = spawnSync(link, ['--version'], {cwd: scratch, encoding: 'utf8'});
		expect(version.status).toBe(0);
		expect(version.stdout).toBe(`${(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {version: string}).version}\n`);
	});

	test('writes nothing outside its run folder, and nothing that outlives the move: the contests’ file rules, in every game', () => {
		// HOME, the cache and temporary folders at empty folders of the test's, the run folder another.
		const home = mkdtempSync(join(scratch, 'home-'));
		const cache = mkdtempSync(join(scratch, 'cache-'));
		const temporary = mkdtempSync(join(scratch, 'tmp-'));
		const run = mkdtempSync(join(scratch, 'run-'));
		const env: NodeJS.ProcessEnv = {...process.env, HOME: home, XDG_CACHE_HOME: cache, TMPDIR: temporary, TMP: temporary, TEMP: temporary};
		const move = (args: string[], input?: string) =>
			spawnSync(join(root, 'dist', 'potm'), ['move', ...args], {cwd: run, encoding: 'utf8', env, ...(input === undefined ? {} : {input})});
		const loapsFile = quick('start.txt');
		const loaFile = quick('loa-start.txt');
		const boxesFile = join(run, 'boxes.txt');
		writeFileSync(boxesFile, '1 3 3\n1 0 1\n2 0 1\n');
		const played = [
			move([loapsFile]),
			move([loaFile]),
			// An opening grid, so that the move is a search rather than a solved ending; on a second
			// (--clock, which the snapshot takes itself) rather than the contest's 10 s, as the files'
			// quick clocks above: what it writes does not hang on how long it searches.
			move(['--clock', '1', '-'], '-------\n---+---\n-------\n-------\n-------\n-------\n-------\n'),
			move([boxesFile]),
		];
		for (const one of played) {
			expect(one.stderr).toBe('');
			expect(one.status).toBe(0);
			expect(one.stdout).not.toBe('');
		}
		expect(readdirSync(home)).toEqual([]);
		expect(readdirSync(cache)).toEqual([]);
		expect(readdirSync(temporary)).toEqual([]);
		expect(readdirSync(run)).toEqual(['boxes.txt']);
	});
});

describe('a reader that stops early', () => {
	const root = fileURLToPath(new URL('..', import.meta.url));
	test.each([
		['potm move FILE', `"${process.execPath}" dist/cli.js move "$1"`],
		['dist/potm move FILE', 'dist/potm move "$1"'],
	])('%s | true: no stack trace, exit 0', (_name, command) => {
		const scratch = mkdtempSync(join(tmpdir(), 'potm-pipe-'));
		try {
			const path = join(scratch, 'start.txt');
			writeFileSync(path, withClocks(readFileSync(join(root, 'test', 'fixtures', 'positions', 'start.txt'), 'utf8'), 0.5));
			// `true` reads nothing and ends at once, so the move's line meets a closed pipe; pipefail gives the move's status.
			const run = spawnSync('bash', ['-c', `set -o pipefail; ${command} | true`, 'bash', path], {
				cwd: root,
				encoding: 'utf8',
				timeout: 60_000,
			});
			expect(run.stderr).toBe('');
			expect(run.status).toBe(0);
		} finally {
			rmSync(scratch, {recursive: true, force: true});
		}
	});
});
