/**
 * The referee at classic 8×8 Lines of Action: a forced pass is played by the referee without
 * asking the player and charged nothing (playGame with a game whose start is a position where
 * BLACK must pass, and entries that play a list of moves, one line used per question); the
 * record and the reports of a game without points (no points column, no T column, no points in
 * the progress lines); "pass" from an entry only when it is forced; and `potm match --game loa`
 * end to end with built-in players.
 */
import {spawnSync} from 'node:child_process';
import {chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {loadGame} from '../../source/files/load-game.js';
import {classicLoa, loaps} from '../../source/games/loa/index.js';
import type {LoaState} from '../../source/games/loa/rules.js';
import type {AnyGame} from '../../source/games/registry.js';
import {playGame, type GameSetup} from '../../source/referee/play.js';
import {matchReport, progressLine, tournamentReport, type RunReport} from '../../source/referee/report.js';
import {recordText} from '../../source/referee/record-file.js';
import type {GameRecord, PlayerSpec} from '../../source/referee/types.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(root, 'dist', 'cli.js');

/** BLACK to play move 7 with no legal move: a1 and h8 walled in by WHITE. The only move is the pass. */
const MUST_PASS = '1 7\n1 0 60.0\n2 0 60.0\n......21\n......22\n........\n........\n........\n........\n22......\n12......\n';

function classic(text: string): LoaState {
	const parsed = classicLoa.parse(text, 'test position');
	if (!parsed.ok) throw new Error(parsed.error.message);
	return parsed.value;
}

/** Classic LOA, starting from a position where BLACK must pass. */
const passFirst: AnyGame = {...classicLoa, initial: () => classic(MUST_PASS)};

function mulberry32(seed: number): () => number {
	let a = seed >>> 0;
	return () => {
		a = (a + 0x6d2b79f5) >>> 0;
		let t = a;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

interface Walk {
	readonly moves: readonly {readonly player: 1 | 2; readonly text: string; readonly forced: boolean}[];
	readonly final: LoaState;
}

/** A seeded random game from `from` (a forced pass where there is no other move). */
function walk(from: LoaState, seed: number): Walk {
	const random = mulberry32(seed);
	let state = from;
	const moves: {player: 1 | 2; text: string; forced: boolean}[] = [];
	while (!state.outcome) {
		const legal = classicLoa.legalMoves(state);
		const move = legal[Math.floor(random() * legal.length)]!;
		const forced = classicLoa.moveEnds(state, move).length === 0;
		moves.push({player: state.toMove, text: classicLoa.formatMove(state, move), forced});
		state = classicLoa.play(state, move);
	}
	return {moves, final: state};
}

/** The first seed's game that ends within 60 plies: short, so the entries are not run too often. */
const GAME = (() => {
	for (let seed = 1; seed < 500; seed++) {
		const found = walk(classic(MUST_PASS), seed);
		if (found.moves.length <= 60) return found;
	}
	throw new Error('no short game from the pass position');
})();

let dir: string;
let games = 0;
beforeAll(() => {
	dir = mkdtempSync(join(tmpdir(), 'potm-referee-classic-'));
});
afterAll(() => {
	rmSync(dir, {recursive: true, force: true});
});

function file(name: string, text: string, mode?: number): string {
	const path = join(dir, name);
	writeFileSync(path, text);
	if (mode !== undefined) chmodSync(path, mode);
	return path;
}

/**
 * An entry that answers each question with the next line of its list and takes that line off the
 * list (queue.sh LIST INPUT): whatever is left in LIST afterwards was never asked for.
 */
let queueScript: string | null = null;
function queue(name: string, list: string): PlayerSpec {
	const script = (queueScript ??= file(
		'queue.sh',
		'#!/bin/sh\nlist=$1\nmove=$(head -n 1 "$list")\n[ -n "$move" ] || { echo "queue.sh: the list is empty" >&2; exit 1; }\ntail -n +2 "$list" > "$list.rest" && mv "$list.rest" "$list"\necho "$move"\n',
		0o755,
	));
	return {kind: 'external', name, command: `${script} ${list}`, argv: [script, list]};
}

function setupOf(game: AnyGame, players: readonly [PlayerSpec, PlayerSpec]): GameSetup {
	return {
		game,
		number: 1,
		match: 1,
		seats: [0, 1],
		players,
		clockMs: 60_000,
		dir: join(dir, `game-${++games}`),
		seed: 5,
		signal: new AbortController().signal,
	};
}

const listOf = (walked: Walk, player: 1 | 2, withPasses = false) =>
	walked.moves
		.filter(move => move.player === player && (withPasses || !move.forced))
		.map(move => `${move.text}\n`)
		.join('');

describe('a forced pass in a refereed game', () => {
	let played: {record: GameRecord; line: readonly unknown[]; moves: readonly number[]};
	let blackList: string;
	let whiteList: string;

	beforeAll(async () => {
		expect(GAME.moves[0]).toEqual({player: 1, text: 'pass', forced: true});
		blackList = file('black.txt', listOf(GAME, 1));
		whiteList = file('white.txt', listOf(GAME, 2));
		const result = await playGame(setupOf(passFirst, [queue('black-entry', blackList), queue('white-entry', whiteList)]));
		expect(result).not.toBeNull();
		played = result!;
	}, 60_000);

	test('the pass is recorded as forced: BLACK, "pass", nothing charged, no output, the clock untouched', () => {
		const [first] = played.record.moves;
		expect(first).toEqual({player: 1, move: 'pass', cpuMs: 0, wallMs: 0, clockAfter: 60, forced: true});
		expect(first).not.toHaveProperty('stdout');
		expect(first).not.toHaveProperty('exit');
	});

	test('the entries were never asked for a pass: each used exactly its own moves, in order, and nothing more', () => {
		// Asked at the pass, BLACK's entry would have answered its first real move there (illegal),
		// or, with an empty list, crashed: either way the game would not have come out as walked.
		expect(readFileSync(blackList, 'utf8')).toBe('');
		expect(readFileSync(whiteList, 'utf8')).toBe('');
		expect(played.record.disqualified).toBeNull();
		expect(played.record.moves.map(move => move.move)).toEqual(GAME.moves.map(move => move.text));
		expect(played.record.moves.map(move => move.player)).toEqual(GAME.moves.map(move => move.player));
		expect(played.record.moves.map(move => move.forced === true)).toEqual(GAME.moves.map(move => move.forced));
		for (const move of played.record.moves.filter(one => !one.forced)) expect(move.stdout).toBe(`${move.move}\n`);
		expect(played.record.reason).toBe(GAME.final.outcome!.reason);
		expect(played.record.winner).toBe(GAME.final.outcome!.winner);
		expect(played.record.plies).toBe(GAME.moves.length);
		expect(played.moves).toHaveLength(GAME.moves.length);
		expect(played.line).toHaveLength(GAME.moves.length + 1);
		expect(existsSync(join(dir, `game-${games}`))).toBe(false);
	});

	test('the record says the referee passed for it', () => {
		const report = {game: passFirst, players: [queue('black-entry', blackList), queue('white-entry', whiteList)], clockMs: 60_000};
		const text = recordText(played.record, report, 'game-001.txt');
		const row = text.split('\n').find(line => /^\s+1\s+BLACK\s+pass\s/.test(line));
		expect(row, text).toBeDefined();
		expect(row).toMatch(/0\.000\s+0\.000\s+60\.00\s+no legal move: passed for it, not asked$/);
		expect(text).not.toMatch(/points/);
	});

	test('the control: an entry that is asked for the pass does not know it (the check above can fail)', async () => {
		// Played by a list with the pass left out and the referee asked at move 7: here, by a game
		// whose "forced pass" is hidden (its pass joins a square), the entry answers its first move.
		const hidden: AnyGame = {
			...passFirst,
			moveEnds: (state: LoaState, move: number) => (classicLoa.moveEnds(state, move).length === 0 ? [0] : classicLoa.moveEnds(state, move)),
		};
		const list = file('black-control.txt', listOf(GAME, 1));
		const result = await playGame(
			setupOf(hidden, [queue('black-entry', list), queue('white-entry', file('white-control.txt', listOf(GAME, 2)))]),
		);
		expect(result!.record.disqualified).toBe(1);
		expect(result!.record.reason).toBe('illegal');
		expect(readFileSync(list, 'utf8')).toBe(listOf(GAME, 1).split('\n').slice(1).join('\n'));
	});
});

describe('an entry\'s "pass"', () => {
	test('is read as the pass only when the side has no other move', () => {
		const stuck = classic(MUST_PASS);
		const read = classicLoa.readEntryMove(stuck, 'pass\n');
		expect(read.ok).toBe(true);
		if (read.ok) expect(classicLoa.moveEnds(stuck, read.value)).toEqual([]);
		expect(classicLoa.readEntryMove(classicLoa.initial(), 'pass\n')).toMatchObject({ok: false, error: {fault: 'illegal'}});
		expect(classicLoa.readEntryMove(classicLoa.initial(), 'b1 b3\n')).toMatchObject({ok: true});
		// LOAPS has no passing at all: there "pass" is not even a move.
		expect(loaps.readEntryMove(loaps.initial(), 'pass\n')).toMatchObject({ok: false, error: {fault: 'unparsable'}});
	});

	test('a side that could move and prints "pass" loses the game as illegal', async () => {
		const bad = file('pass.sh', '#!/bin/sh\necho pass\n', 0o755);
		const result = await playGame(
			setupOf(classicLoa, [
				{kind: 'external', name: 'passer', command: bad, argv: [bad]},
				{kind: 'builtin', name: 'ai:random', player: {kind: 'random'}},
			]),
		);
		expect(result!.record).toMatchObject({disqualified: 1, reason: 'illegal', winner: 2, plies: 0});
		expect(result!.record.description).toMatch(
			/passer \(BLACK\) loses: it passed, but a side may pass only when none of its pieces can move/,
		);
	});
});

describe('reports of a game without points', () => {
	/** A finished classic game, with built-in players, to report on. */
	let record: GameRecord;
	const players: PlayerSpec[] = [
		{kind: 'builtin', name: 'ai:random', player: {kind: 'random'}},
		{kind: 'builtin', name: 'ai:greedy', player: {kind: 'greedy'}},
	];
	beforeAll(async () => {
		const result = await playGame(setupOf(classicLoa, [players[0]!, players[1]!]));
		record = result!.record;
	}, 60_000);
	const reportOf = (game: AnyGame): RunReport => ({
		game,
		players,
		matches: 1,
		clockMs: 60_000,
		scheduled: 1,
		games: [record],
		stopped: false,
	});

	test('the games table has no points column, the standings no T column; the legend says why', () => {
		// Wide enough for every column.
		const text = matchReport(reportOf(classicLoa), 120);
		expect(text).toMatch(/^game\s+match\s+BLACK\s+WHITE\s+winner\s+reason\s+plies\s+CPU s\s+longest$/m);
		expect(text).toMatch(/^rank\s+player\s+MP\s+games\s+W\s+D\s+L\s+DQ\s+Elo$/m);
		expect(text).toContain('W D L wins, draws (repetition, simultaneous connection), losses');
		expect(text).not.toMatch(/points\b(?! \(2 a win)/);
		expect(text).toContain('BLACK moved first');
		expect(text).not.toMatch(/\bT\b/);
		// Each games row has one cell fewer than LOAPS's: no "0-0".
		expect(text).not.toMatch(/\b0-0\b/);
		const tournament = tournamentReport(reportOf(classicLoa));
		expect(tournament).toMatch(/^rank\s+player\s+MP\s+1\s+2\s+games\s+W\s+D\s+L\s+DQ\s+Elo$/m);
	});

	test('the control: the same record reported as LOAPS has both columns', () => {
		const text = matchReport(reportOf(loaps), 120);
		expect(text).toMatch(/^game\s+match\s+RED\s+BLUE\s+winner\s+reason\s+points\s+plies/m);
		expect(text).toMatch(/^rank\s+player\s+MP\s+games\s+W\s+D\s+T\s+L\s+DQ\s+Elo$/m);
	});

	test("the progress line has no score; LOAPS's has one", () => {
		const line = progressLine(record, reportOf(classicLoa));
		expect(line).toMatch(/^game 1\/1: ai:(random|greedy) (beat ai:(random|greedy)|and ai:(random|greedy) drew) \([a-z-]+, \d+ plies\)$/);
		expect(progressLine(record, reportOf(loaps))).toMatch(/ \d+-\d+ \(/);
	});

	test('the record has no points in its Reason line', () => {
		const text = recordText(record, reportOf(classicLoa), 'x.txt');
		expect(text).toMatch(new RegExp(`^Reason: ${record.reason}; ${record.plies} plies; CPU used `, 'm'));
		expect(recordText(record, reportOf(loaps), 'x.txt')).toMatch(/^Reason: .*; points 0-0; /m);
	});
});

describe('potm match --game loa, end to end', () => {
	function potm(args: readonly string[]) {
		const run = spawnSync(process.execPath, [cli, ...args], {cwd: root, encoding: 'utf8', timeout: 90_000, killSignal: 'SIGKILL'});
		return {status: run.status, stdout: run.stdout, stderr: run.stderr};
	}

	test('ai:1 against ai:random: two 8×8 games, the tables without points, progress lines without scores', () => {
		const run = potm(['match', 'ai:1', 'ai:random', '--game', 'loa', '--clock', '5']);
		expect(run.status, run.stderr).toBe(0);
		const out = run.stdout;
		expect(out.split('\n\n')[0]!.replace(/\n/g, ' ')).toBe(
			'Lines of Action match: ai:1 against ai:random, 1 match (2 games), 5 s clocks (CPU time)',
		);
		// The match and the longest move are left out at 80 columns where the rest needs the room.
		expect(out).toMatch(/^game(\s+match)?\s+BLACK\s+WHITE\s+winner\s+reason\s+plies\s+CPU s(\s+longest)?$/m);
		// The rows: game, the two players, the winner, the reason, then straight to the plies.
		expect(out).toMatch(
			/^\s+1(\s+1)?\s+ai:1\s+ai:random\s+(BLACK|WHITE|draw)\s+[a-z-]+\s+\d+\s+\d+\.\d\d\/\d+\.\d\d(\s+\d+\.\d\d\/\d+\.\d\d)?$/m,
		);
		expect(out).toMatch(
			/^\s+2(\s+1)?\s+ai:random\s+ai:1\s+(BLACK|WHITE|draw)\s+[a-z-]+\s+\d+\s+\d+\.\d\d\/\d+\.\d\d(\s+\d+\.\d\d\/\d+\.\d\d)?$/m,
		);
		for (const line of out.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(80);
		expect(out).toMatch(/^rank\s+player\s+MP\s+games\s+W\s+D\s+L\s+DQ\s+Elo$/m);
		expect(out).toMatch(/^\s+=?[12]\s+ai:1\s+\d\s+2\s+\d\s+\d\s+\d\s+0\s/m);
		expect(out.replace(/\s+/g, ' ')).toContain('W D L wins, draws (repetition, simultaneous connection), losses');
		expect(out).not.toMatch(/\bpoints\b(?! \(2 a win)/);
		expect(out).not.toMatch(/\bT\b/);
		// Both games are 8×8 (a square of the h file or the 8th rank shows up in no table, so
		// ask the JSON-less report for nothing more), and the progress lines carry no score.
		const lines = run.stderr.split('\n').filter(line => line !== '');
		expect(lines, run.stderr).toHaveLength(2);
		for (const line of lines) {
			expect(line).toMatch(/^game [12]\/2: ai:\S+ (beat ai:\S+|and ai:\S+ drew) \([a-z-]+, \d+ plies\)/);
			expect(line).not.toMatch(/ \d+-\d+ \(/);
		}
	});

	test('--mover-wins --out: the records are of loa-mover, on 8×8, with a history that loads under that ruling', () => {
		const out = join(dir, 'run');
		const run = potm(['match', 'ai:1', 'ai:random', '--game', 'loa', '--mover-wins', '--clock', '5', '--json', '--out', out]);
		expect(run.status, run.stderr).toBe(0);
		const summary = JSON.parse(run.stdout) as {game: string; games: {number: number; reason: string; plies: number}[]};
		expect(summary.game).toBe('loa-mover');
		expect(summary.games).toHaveLength(2);
		for (const game of summary.games) {
			const path = join(out, `game-00${game.number}.txt`);
			const text = readFileSync(path, 'utf8');
			expect(text.split('\n').slice(3, -1)).toHaveLength(8);
			const loaded = loadGame(path);
			if (!loaded.ok) throw new Error(loaded.error);
			expect(loaded.value.game.id).toBe('loa-mover');
			expect(loaded.value.moves).toHaveLength(game.plies);
			const record = readFileSync(join(out, `game-00${game.number}.record.txt`), 'utf8');
			expect(record).toMatch(/^Lines of Action \(mover wins\), game \d/);
			expect(record).toMatch(new RegExp(`^Reason: ${game.reason}; ${game.plies} plies; CPU used`, 'm'));
			expect(record.match(/^\s+\d+\s+(BLACK|WHITE)\s+([a-h][1-8] [a-h][1-8]|pass)\s/gm)).toHaveLength(game.plies);
		}
		expect(readFileSync(join(out, 'results.txt'), 'utf8')).toMatch(/^Lines of Action \(mover wins\) match: ai:1 against ai:random/);
	});
});
