/** `potm export FILE`, run as a user runs it: saves, referee games and records in, saves/NAME.game.txt out. */
import {spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {parseRecord, type ParsedRecord} from '../source/files/record.js';
import {loadGame} from '../source/files/load-game.js';
import {saveGame} from '../source/files/saves.js';
import {loaps as loapsGame} from '../source/games/loa/index.js';
import type {AnyGame} from '../source/games/registry.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = join(root, 'dist', 'cli.js');
const scratch = mkdtempSync(join(tmpdir(), 'potm-export-cli-'));
afterAll(() => rmSync(scratch, {recursive: true, force: true}));
const loaps: AnyGame = loapsGame;

/** potm in `cwd` with the saves folder `saves` (relative to it). */
function potm(args: string[], saves = 'saves', cwd = scratch) {
	const run = spawnSync(process.execPath, [cli, ...args], {cwd, encoding: 'utf8', env: {...process.env, POTM_SAVES: saves}});
	return {status: run.status, stdout: run.stdout, stderr: run.stderr};
}

function record(path: string): ParsedRecord {
	const result = parseRecord(readFileSync(path, 'utf8'), path);
	if (!result.ok) throw new Error(`${path} line ${result.error.line}: ${result.error.message}`);
	return result.value;
}

/** A LOAPS game of `count` moves with clocks ticking, as the UI plays one. */
function played(count: number): {line: unknown[]; moves: number[]} {
	const line = [loaps.initial()];
	const moves: number[] = [];
	for (let index = 0; index < count; index++) {
		const state = line.at(-1);
		const legal = loaps.legalMoves(state);
		const move = legal[(index * 5) % legal.length]!;
		const [red, blue] = loaps.clocks(state);
		line.push(loaps.withClocks(loaps.play(state, move), loaps.toMove(state) === 1 ? [red - 1.5, blue] : [red, blue - 2.25]));
		moves.push(move);
	}
	return {line, moves};
}

const formats = (line: readonly unknown[]): string[] => line.map(state => loaps.format(state));

describe('potm export', () => {
	test('a save: its whole game from the history, dated by the file, "?" for the players; the path on stdout', () => {
		const game = played(7);
		const saved = saveGame(join(scratch, 'mine'), 'evening', loaps, game.line, game.moves);
		if (!saved.ok) throw new Error(saved.error);
		utimesSync(saved.value, new Date(2026, 0, 2, 12), new Date(2026, 0, 2, 12));
		const run = potm(['export', 'mine/evening.txt']);
		expect(run).toEqual({status: 0, stdout: 'saves/evening.game.txt\n', stderr: ''});
		const written = record(join(scratch, 'saves', 'evening.game.txt'));
		expect(written.game).toBe(loapsGame);
		expect(written.moves).toEqual(game.moves);
		expect(formats(written.line)).toEqual(formats(game.line));
		expect(written.headers.get('Date')).toBe('2026.01.02');
		expect(written.players).toEqual(['?', '?']);
		expect(written.headers.get('Result')).toBe('*');
		// And it opens as the same game.
		const loaded = loadGame(join(scratch, 'saves', 'evening.game.txt'));
		expect(loaded.ok && loaded.value.moves).toEqual(game.moves);
	});

	test('never overwrites: the same FILE again gives NAME-2.game.txt, the first untouched', () => {
		const game = played(3);
		const saved = saveGame(join(scratch, 'again'), 'twice', loaps, game.line, game.moves);
		if (!saved.ok) throw new Error(saved.error);
		expect(potm(['export', 'again/twice.txt'], 'again-out')).toMatchObject({status: 0, stdout: 'again-out/twice.game.txt\n'});
		const first = readFileSync(join(scratch, 'again-out', 'twice.game.txt'), 'utf8');
		writeFileSync(join(scratch, 'again-out', 'twice.game.txt'), `${first}; my notes\n`);
		expect(potm(['export', 'again/twice.txt'], 'again-out')).toMatchObject({status: 0, stdout: 'again-out/twice-2.game.txt\n'});
		expect(readFileSync(join(scratch, 'again-out', 'twice.game.txt'), 'utf8')).toBe(`${first}; my notes\n`);
		// A record exported is copied as it is, comments and all.
		expect(potm(['export', 'again-out/twice.game.txt'], 'again-out')).toMatchObject({status: 0, stdout: 'again-out/twice-3.game.txt\n'});
		expect(readFileSync(join(scratch, 'again-out', 'twice-3.game.txt'), 'utf8')).toBe(`${first}; my notes\n`);
	});

	describe('a referee run', () => {
		const runs = join(scratch, 'runs');
		beforeAll(() => {
			const run = spawnSync(
				process.execPath,
				[cli, 'match', 'ai:random', 'ai:greedy', '--out', 'runs/r', '--matches', '1', '--jobs', '1'],
				{cwd: scratch, encoding: 'utf8'},
			);
			expect(run.status, run.stderr).toBe(0);
		});

		test('its record: the players from it, the moves and ending from the game it names', () => {
			const run = potm(['export', 'runs/r/game-001.record.txt'], 'out-r');
			expect(run).toEqual({status: 0, stdout: 'out-r/game-001.game.txt\n', stderr: ''});
			const written = record(join(scratch, 'out-r', 'game-001.game.txt'));
			const loaded = loadGame(join(runs, 'r', 'game-001.txt'));
			if (!loaded.ok) throw new Error(loaded.error);
			expect(written.moves).toEqual(loaded.value.moves);
			expect(written.players).toEqual(['ai:random', 'ai:greedy']);
			expect(written.headers.get('Result')).not.toBe('*');
			expect(written.headers.get('Clock')).toBe('60 s each');
		});

		test('its game file: the players from the record beside it; from another folder, with the run moved', () => {
			const moved = join(scratch, 'elsewhere');
			mkdirSync(moved, {recursive: true});
			for (const name of ['game-002.txt', 'game-002.history.json', 'game-002.record.txt'])
				writeFileSync(join(moved, name), readFileSync(join(runs, 'r', name)));
			const run = potm(['export', join(moved, 'game-002.txt')], join(scratch, 'out-r2'), root);
			expect(run).toEqual({status: 0, stdout: `${join(scratch, 'out-r2', 'game-002.game.txt')}\n`, stderr: ''});
			const written = record(join(scratch, 'out-r2', 'game-002.game.txt'));
			// The second game: the sides swapped.
			expect(written.players).toEqual(['ai:greedy', 'ai:random']);
			// From the record itself, which names runs/r/game-002.txt relative to where the run was.
			const fromRecord = potm(['export', join(moved, 'game-002.record.txt')], join(scratch, 'out-r3'), root);
			expect(fromRecord.status, fromRecord.stderr).toBe(0);
			expect(record(fromRecord.stdout.trim()).moves).toEqual(written.moves);
		});
	});

	test('a game lost by a fault: the record beside it tells the ending, which the position does not', () => {
		const game = played(4);
		const folder = join(scratch, 'fault');
		const saved = saveGame(folder, 'game-001', loaps, game.line, game.moves);
		if (!saved.ok) throw new Error(saved.error);
		writeFileSync(
			join(folder, 'game-001.record.txt'),
			[
				'LOAPS, game 1 (match 1) of a potm referee run',
				'RED (moves first): ./slow entry   [runs: /bin/sh -c "sleep 99" INPUT]',
				'BLUE: ai:3 (built in)',
				'Clocks: 60.0 s each of CPU time (user + system)',
				'Result: ./slow entry (RED) loses: its clock ran out',
				'Reason: time; points 0-0; 4 plies; CPU used 60.01 s / 0.20 s',
				'Final position: /gone/runs/x/game-001.txt (potm analyze /gone/runs/x/game-001.txt steps through the game)',
				'',
				'ply  side  move   CPU s  wall s  clock left  output',
				'',
			].join('\n'),
		);
		const run = potm(['export', 'fault/game-001.record.txt'], 'out-fault');
		expect(run).toEqual({status: 0, stdout: 'out-fault/game-001.game.txt\n', stderr: ''});
		const written = record(join(scratch, 'out-fault', 'game-001.game.txt'));
		expect(written.players).toEqual(['./slow entry', 'ai:3']);
		expect(written.ended).toEqual({result: 'win', winner: 2, reason: 'time', description: './slow entry (RED) loses: its clock ran out'});
		expect(written.headers.get('Result')).toBe('0-1');
	});

	test('a bad FILE: one line naming the file and line, exit 2, nothing written', () => {
		writeFileSync(
			join(scratch, 'bad.game.txt'),
			'[Game "LOAPS"]\n[Start "1 1\\n1 0 60.0\\n2 0 60.0\\n.11.11.\\n2.....2\\n2.....2\\n.......\\n2.....2\\n2.....2\\n.11.11.\\n"]\n\n1. b1 b2\n',
		);
		const bad = potm(['export', 'bad.game.txt'], 'out-bad');
		expect(bad.status).toBe(2);
		expect(bad.stdout).toBe('');
		expect(bad.stderr).toMatch(/^potm: bad\.game\.txt line 4: b1 b2 is not a legal move: .*\n$/);
		writeFileSync(join(scratch, 'junk.txt'), 'hello\n');
		expect(potm(['export', 'junk.txt'], 'out-bad')).toMatchObject({
			status: 2,
			stderr: expect.stringMatching(/^potm: junk\.txt line 1: [^\n]*\n$/) as unknown,
		});
		expect(potm(['export', 'missing.txt'], 'out-bad')).toEqual({
			status: 2,
			stdout: '',
			stderr: 'potm: cannot read missing.txt: no such file\n',
		});
		writeFileSync(
			join(scratch, 'lost.record.txt'),
			'LOAPS, game 1 (match 1) of a potm referee run\nRED (moves first): a (built in)\nBLUE: b (built in)\nFinal position: nowhere/lost.txt (potm analyze nowhere/lost.txt steps through the game)\n',
		);
		expect(potm(['export', 'lost.record.txt'], 'out-bad')).toMatchObject({
			status: 2,
			stderr: expect.stringMatching(/^potm: lost\.record\.txt line 4: the final position nowhere\/lost\.txt is not there/) as unknown,
		});
		expect(potm(['export', 'bad.game.txt', '--game', 'pahtum'], 'out-bad')).toMatchObject({
			status: 2,
			stderr: expect.stringMatching(/^potm: bad\.game\.txt line 4/) as unknown,
		});
		expect(existsSync(join(scratch, 'out-bad'))).toBe(false);
	});

	test('a record of another game than --game asks for is refused', () => {
		const game = played(2);
		const saved = saveGame(join(scratch, 'other'), 'g', loaps, game.line, game.moves);
		if (!saved.ok) throw new Error(saved.error);
		expect(potm(['export', 'other/g.txt'], 'other-out')).toMatchObject({status: 0});
		expect(potm(['export', 'other-out/g.game.txt', '--game', 'boxes'], 'other-out')).toEqual({
			status: 2,
			stdout: '',
			stderr: 'potm: other-out/g.game.txt holds a game of LOAPS, but the command line asks for LINES and BOXES\n',
		});
	});

	test('a folder that cannot be written: exit 1 with the reason', () => {
		writeFileSync(join(scratch, 'a-file'), 'x');
		const run = potm(['export', join(root, 'test', 'fixtures', 'positions', 'start.txt')], 'a-file');
		expect(run).toEqual({status: 1, stdout: '', stderr: 'potm: cannot write a-file/start.game.txt: a-file is not a folder\n'});
	});
});
