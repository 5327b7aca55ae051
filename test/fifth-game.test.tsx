/**
 * The proof that a game needs its folder and a registry line, nothing else (issue 28): tic-tac-toe,
 * which only the tests register (POTM_TEST_GAMES=tictactoe), goes through play, analysis, the demo,
 * the games kept and their review in the UI, and through `potm move`, `potm match`, `potm review`
 * and `potm export` as programs, without a line of the generic code knowing it.
 */
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, afterEach, describe, expect, test, vi} from 'vitest';

vi.hoisted(() => {
	process.env['POTM_TEST_GAMES'] = 'tictactoe';
});
// The next file in this worker loads the registry afresh, without it.
afterAll(() => {
	delete process.env['POTM_TEST_GAMES'];
});

import {gameById, gameOfText} from '../source/games/registry.js';
import {tictactoe} from '../source/games/tictactoe/index.js';
import {KEYS, removeScratch, start, type Harness} from './ui/harness.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = join(root, 'dist', 'cli.js');
const scratch = mkdtempSync(join(tmpdir(), 'potm-fifth-'));
const env = {...process.env, POTM_TEST_GAMES: 'tictactoe', NO_COLOR: '1'};
const potm = (args: readonly string[]) =>
	spawnSync(process.execPath, [cli, ...args], {cwd: scratch, encoding: 'utf8', env, timeout: 120_000});

let app: Harness | undefined;

/** Waits until the screen's grid has `mark` on `square`. */
const marked = (square: string, mark: string) =>
	vi.waitFor(() => {
		if (gridOf(app!.frame()).get(square) !== mark) throw new Error(`no ${mark} on ${square}:\n${app!.frame()}`);
	}, 10_000);

afterEach(() => {
	app?.unmount();
	app = undefined;
	removeScratch();
});

afterAll(() => rmSync(scratch, {recursive: true, force: true}));

/** The grid on the screen, by square name: 'X', 'O' or '.'. */
function gridOf(frame: string): Map<string, string> {
	const lines = frame.split('\n');
	const header = lines.findIndex(line => /^\s+1\s+2\s+3(\s|$)/.test(line));
	if (header < 0) throw new Error(`no grid in:\n${frame}`);
	const columns = [...'123'].map(digit => lines[header]!.indexOf(digit));
	const cells = new Map<string, string>();
	for (const row of 'ABC') {
		const line = lines.slice(header + 1).find(text => new RegExp(`^\\s*${row}\\s`).test(text));
		if (line === undefined) throw new Error(`no row ${row} in:\n${frame}`);
		columns.forEach((column, index) => cells.set(`${row}${index + 1}`, line.charAt(column)));
	}
	return cells;
}

describe('registered by the tests only', () => {
	test('the registry has it when asked, and tells its files', () => {
		expect(gameById('tictactoe')).toBe(tictactoe);
		expect(gameOfText('tic-tac-toe\nX.O\n.X.\n...\n')).toBe(tictactoe);
		const without = spawnSync(process.execPath, [cli, 'play', '--game', 'tictactoe'], {
			cwd: scratch,
			encoding: 'utf8',
			env: {...process.env, POTM_TEST_GAMES: ''},
			timeout: 60_000,
		});
		expect(without.status).toBe(2);
		expect(without.stderr).toMatch(/^potm: --game takes .*, not "tictactoe"\n$/);
	});
});

describe('in the UI', () => {
	test('chosen in the menu and played against the AI by typed moves and the cursor, to the result; the game is kept and reviewed', async () => {
		app = start({choices: {side: 1, level: 3, clock: null, board: 1}});
		await app.see('Play against the AI');
		await app.press(KEYS.up, now => /^> Game /m.test(now));
		let frame = '';
		for (let step = 0; step < 8 && !frame.includes('< Tic-tac-toe >'); step++) frame = await app.press(KEYS.right);
		expect(frame).toContain('< Tic-tac-toe >');
		expect(frame).toContain('three in a row on 3×3');
		await app.press(KEYS.down, now => /^> Play against the AI/m.test(now));
		frame = await app.press(KEYS.enter, now => now.includes('X to play') || now.includes('Move 1'));
		expect([...gridOf(frame).values()].every(cell => cell === '.')).toBe(true);
		// X: B2 by typing; the AI (the first legal move: A1); X: A3 by the cursor from B2 (up, right, Enter).
		await app.press('m', now => now.includes('Type a move'));
		await app.type('B2');
		frame = await app.press(KEYS.enter, now => gridOf(now).get('B2') === 'X');
		expect(await app.engine.answer()).toBe('A1');
		await marked('A1', 'O');
		await app.press(KEYS.up);
		await app.press(KEYS.right);
		await app.press(KEYS.enter, now => gridOf(now).get('A3') === 'X');
		expect(await app.engine.answer()).toBe('A2');
		await app.press('m');
		await app.type('C1');
		frame = await app.press(KEYS.enter, now => now.includes('three in a row'));
		expect(frame).toContain('X has three in a row (A3 B2 C1) and wins');
		const kept = readdirSync(join(app.savesDir, 'games'));
		expect(kept).toHaveLength(1);
		const record = readFileSync(join(app.savesDir, 'games', kept[0]!), 'utf8');
		expect(record).toContain('[O "potm level 3 Club"]');
		expect(record).toContain('1.   B2\n1... A1\n2.   A3\n2... A2\n3.   C1\n1-0\n');
		// v reviews it (at 80 columns the header keeps the ending and leaves the players out).
		const review = await app.press('v', now => now.includes('Tic-tac-toe review'));
		expect(review.split('\n')[0]).toMatch(/^Tic-tac-toe review .*X has three in a row \(A3 B2 C1\) and wins$/);
	});

	test('a position analysed: the engine thinks about it, its line is shown in the notation', async () => {
		const state = tictactoe.play(tictactoe.initial(), 4);
		app = start({start: {screen: 'analysis', setup: {game: tictactoe, line: [tictactoe.initial(), state], moves: [4]}}});
		const call = await app.engine.thinking();
		expect(call.game).toBe(tictactoe);
		await app.engine.progress('A1', 0, 5);
		const frame = await app.see('A1');
		expect(gridOf(frame).get('B2')).toBe('X');
	});

	test('the demo plays a game to its end and keeps it', async () => {
		app = start({start: {screen: 'demo', setup: {game: tictactoe, levels: [2, 2], delayMs: 0, games: 1}}});
		// The first legal move each time: A1 A2 A3 B1 B2 B3 C1 — X has the diagonal A3 B2 C1.
		for (let move = 0; move < 7; move++) await app.engine.answer();
		const frame = await app.see('Series over');
		expect(frame).toContain(join(app.savesDir, 'games'));
		expect(readdirSync(join(app.savesDir, 'games'))).toHaveLength(1);
	});
});

describe('as programs', () => {
	const file = join(scratch, 'position.txt');
	writeFileSync(file, 'tic-tac-toe\nXO.\n.X.\nO..\n');

	test('potm move plays the winning square of a file', () => {
		const run = potm(['move', file, '--clock', '1']);
		expect(run.stderr).toBe('');
		expect(run.status).toBe(0);
		expect(run.stdout).toBe('C3\n');
	});

	test('potm match referees it with external entries and built-in AIs; the records review and export', () => {
		const out = join(scratch, 'run');
		const entry = `${process.execPath} ${cli} move`;
		const run = potm(['match', 'ai:1', entry, '--game', 'tictactoe', '--clock', '1', '--json', '--out', out]);
		expect(run.status, run.stderr).toBe(0);
		const summary = JSON.parse(run.stdout) as {game: string; games: {result?: string; reason?: string}[]};
		expect(summary.game).toBe('tictactoe');
		expect(summary.games).toHaveLength(2);
		const position = join(out, 'game-001.txt');
		expect(readFileSync(position, 'utf8')).toMatch(/^tic-tac-toe\n/);
		// Reviewed, every move judged, and exported as a record for people.
		const review = potm(['review', position, '--json', '--depth', '4']);
		expect(review.status, review.stderr).toBe(0);
		const judged = JSON.parse(review.stdout) as {moves: unknown[]};
		expect(judged.moves.length).toBeGreaterThanOrEqual(5);
		const exported = potm(['export', position]);
		expect(exported.status, exported.stderr).toBe(0);
		const records = readdirSync(join(scratch, 'saves')).filter(name => name.endsWith('.game.txt'));
		expect(records).toHaveLength(1);
		expect(readFileSync(join(scratch, 'saves', records[0]!), 'utf8')).toContain('Tic-tac-toe');
	});
});
