/** `potm review FILE`, run as a user runs it: the JSON for scripts, and every refusal in one line. */
import {spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, describe, expect, test} from 'vitest';
import {formatRecord} from '../source/files/record.js';
import {saveGame} from '../source/files/saves.js';
import {loaps} from '../source/games/loa/index.js';
import {racePlayed} from './helpers/race.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = join(root, 'dist', 'cli.js');
const scratch = mkdtempSync(join(tmpdir(), 'potm-review-cli-'));
afterAll(() => rmSync(scratch, {recursive: true, force: true}));

function potm(args: string[]) {
	const run = spawnSync(process.execPath, [cli, ...args], {cwd: scratch, encoding: 'utf8', env: {...process.env, POTM_SAVES: 'saves'}});
	return {status: run.status, stdout: run.stdout, stderr: run.stderr};
}

interface Report {
	game: string;
	players: [string, string] | null;
	result: {winner: number; reason: string} | null;
	complete: boolean;
	budget: {depth?: number; ms?: number; text: string};
	thresholds: {inaccuracy: number; mistake: number; blunder: number; decisive: number; unit: string};
	moves: {
		ply: number;
		number: number;
		player: number;
		move: string;
		score: number;
		text: string;
		loss: number;
		mark: string | null;
		markText: string | null;
		better: {move: string} | null;
	}[];
	summary: {player: number; moves: number; averageLoss: number; counts: Record<string, number>}[];
}

describe('potm review --json', () => {
	test('a saved game: every move judged, the blunder of the connection race among them, the same findings every run at a fixed depth', () => {
		const {line, moves} = racePlayed('e4 d4', 'd1 e1');
		const saved = saveGame(join(scratch, 'saves'), 'race', loaps, line, moves);
		if (!saved.ok) throw new Error(saved.error);
		const run = potm(['review', 'saves/race.txt', '--depth', '4', '--json']);
		expect(run.stderr).toBe('');
		expect(run.status).toBe(0);
		const report = JSON.parse(run.stdout) as Report;
		expect(report).toMatchObject({
			game: 'loaps',
			players: null,
			complete: true,
			budget: {depth: 4, text: 'depth 4'},
			result: {winner: 1, reason: 'connection'},
		});
		expect(report.thresholds).toEqual({inaccuracy: 1, mistake: 3, blunder: 6, decisive: 12, unit: 'game points'});
		expect(report.moves.map(move => [move.number, move.player, move.move])).toEqual([
			[38, 2, 'e4 d4'],
			[39, 1, 'd1 e1'],
		]);
		expect(report.moves[0]).toMatchObject({
			mark: 'blunder',
			markText: 'blunder',
			loss: 2400,
			better: {move: 'a3 d3'},
			text: 'RED wins in 1',
		});
		expect(report.moves[1]).toMatchObject({text: 'RED won', loss: 0});
		expect(report.summary[1]).toMatchObject({player: 2, moves: 1, averageLoss: 2400, counts: {blunder: 1}});
		expect(potm(['review', 'saves/race.txt', '--depth', '4', '--json']).stdout).toBe(run.stdout);
	});

	test('a game record: its players come with it', () => {
		const {line, moves} = racePlayed('a3 d3');
		writeFileSync(join(scratch, 'won.game.txt'), formatRecord({game: loaps, line, moves, ended: null, players: ['Ann', 'Bo']}));
		const run = potm(['review', 'won.game.txt', '--depth', '3', '--json']);
		expect(run.status).toBe(0);
		const report = JSON.parse(run.stdout) as Report;
		expect(report.players).toEqual(['Ann', 'Bo']);
		expect(report.moves).toHaveLength(1);
		expect(report.moves[0]).toMatchObject({move: 'a3 d3', mark: 'only-move', markText: 'only move'});
	});

	// The options' own refusals (no FILE, --time and --depth): test/command-line/parse.test.ts.
	test.each<[string, string[], RegExp]>([
		['a missing FILE', ['review', 'nothing.txt', '--json'], /^potm: .*nothing\.txt/],
		[
			'a position without moves before it',
			['review', join(root, 'test', 'fixtures', 'positions', 'start.txt'), '--json'],
			/^potm: nothing to review: .*start\.txt holds a position with no moves before it/,
		],
		['a broken record', ['review', 'broken.game.txt', '--json'], /^potm: broken\.game\.txt line 2: /],
		[
			'the board without a terminal',
			['review', 'saves/race.txt'],
			/^potm: the board needs an interactive terminal.*potm review FILE --json/,
		],
	])('%s: one potm: line on stderr, exit 2', (_name, args, message) => {
		writeFileSync(join(scratch, 'broken.game.txt'), '[Game "LOAPS"]\n[Date 2026]\n');
		const run = potm(args);
		expect(run.status).toBe(2);
		expect(run.stdout).toBe('');
		expect(run.stderr.split('\n').filter(Boolean)).toHaveLength(1);
		expect(run.stderr).toMatch(message);
	});
});
