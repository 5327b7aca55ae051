/**
 * The referee on LINES and BOXES: entries get the file's path, 60 s of CPU a game, faults as in
 * LOA, two games a match on one board, 2/1/0 match points a game and the total boxes breaking a
 * tie on match points. The built CLI against small fake entries written here: a good fake draws
 * the first (or the last) undrawn unit segment it finds in the file; the faulty ones print
 * garbage, a segment already drawn, a reversed pair, or never answer.
 */
import {spawnSync} from 'node:child_process';
import {chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, describe, expect, test} from 'vitest';
import {gameById} from '../../source/games/registry.js';
import {ranking} from '../../source/referee/scoring.js';
import {matchReport} from '../../source/referee/report.js';
import type {GameRecord} from '../../source/referee/types.js';
import {latticeView} from '../helpers/views.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(root, 'dist', 'cli.js');
const scratch = mkdtempSync(join(tmpdir(), 'potm-test-boxes-'));
afterAll(() => rmSync(scratch, {recursive: true, force: true}));

const boxes = gameById('boxes')!;

/** An executable script in the scratch folder. */
function fake(name: string, body: string, interpreter = '/bin/sh'): string {
	const path = join(scratch, name);
	writeFileSync(path, `#!${interpreter}\n${body}\n`);
	chmodSync(path, 0o755);
	return path;
}

/**
 * An entry reading the file whose path is its last argument: the drawn unit segments, then what
 * its first argument says: the first undrawn unit (rows of horizontal units top to bottom, then
 * columns of vertical ones), the last, the first drawn one (illegal), or the first reversed.
 * In awk, which starts in a millisecond or two: the matches below play some 400 moves, and a
 * fake in Node (60-100 ms a start) made them take seconds.
 */
const GOOD = `exec awk -v mode="$1" '
function v(c, r) { return substr("ABCDEFGHI", c + 1, 1) (r + 1) }
NR == 1 { R = $2; C = $3 }
NR > 3 && NF == 3 {
	c1 = index("ABCDEFGHI", substr($2, 1, 1)) - 1; r1 = substr($2, 2) - 1
	c2 = index("ABCDEFGHI", substr($3, 1, 1)) - 1; r2 = substr($3, 2) - 1
	if (r1 == r2) for (c = c1; c < c2; c++) drawn["h" r1 "," c] = 1
	else for (r = r1; r < r2; r++) drawn["v" r "," c1] = 1
}
END {
	for (r = 0; r <= R; r++) for (c = 0; c < C; c++) { n++; unit[n] = "h" r "," c; from[n] = v(c, r); to[n] = v(c + 1, r) }
	for (c = 0; c <= C; c++) for (r = 0; r < R; r++) { n++; unit[n] = "v" r "," c; from[n] = v(c, r); to[n] = v(c, r + 1) }
	for (i = 1; i <= n; i++) {
		if (mode == "drawn") { if (unit[i] in drawn) { pick = i; break } }
		else if (!(unit[i] in drawn)) { pick = i; if (mode != "last") break }
	}
	print mode == "reversed" ? to[pick] " " from[pick] : from[pick] " " to[pick]
}' "$2"`;
const good = fake('good.sh', GOOD);
const first = `${good} first`;
const last = `${good} last`;
const drawnOne = `${good} drawn`;
const reversed = `${good} reversed`;
const garbage = fake('garbage.sh', 'echo hello');
const hang = fake('hang.sh', 'while :; do :; done');

interface Summary {
	game: string;
	clockSeconds: number;
	boards: {match: number; seed: number | null; file?: string; with?: string; position: string}[];
	games: {
		number: number;
		players: string[];
		winner: string | null;
		reason: string;
		fault: boolean;
		disqualified: string | null;
		points: [number, number];
		plies: number;
	}[];
	totals: {
		player: string;
		matchPoints: number;
		boxes: number;
		games: number;
		wins: number;
		ties: number;
		losses: number;
		disqualifications: number;
	}[];
	ranking: {place: number; shared: boolean; player: string}[];
}

function potm(args: readonly string[], timeoutMs = 90_000) {
	const run = spawnSync(process.execPath, [cli, ...args], {cwd: scratch, encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL'});
	return {status: run.status, stdout: run.stdout, stderr: run.stderr};
}

function match(a: string, b: string, ...options: string[]): {summary: Summary; tables: string} {
	const run = potm(['match', a, b, '--game', 'boxes', '--json', '--jobs', '2', ...options]);
	expect(run.status, run.stderr).toBe(0);
	return {summary: JSON.parse(run.stdout) as Summary, tables: run.stderr};
}

/** The unit the good fake picks, by the module's own rules: its first or last undrawn unit segment. */
function fakeMove(state: unknown, mode: 'first' | 'last'): number {
	const lattice = latticeView(boxes.board(state)).lattice;
	const {rows, columns} = lattice;
	const L = 'ABCDEFGHI';
	const units: string[] = [];
	for (let r = 0; r <= rows; r++)
		for (let c = 0; c < columns; c++) if (!lattice.horizontal[r * columns + c]) units.push(`${L[c]}${r + 1} ${L[c + 1]}${r + 1}`);
	for (let c = 0; c <= columns; c++)
		for (let r = 0; r < rows; r++) if (!lattice.vertical[r * (columns + 1) + c]) units.push(`${L[c]}${r + 1} ${L[c]}${r + 2}`);
	const parsed = boxes.parseMove(state, mode === 'first' ? units[0]! : units.at(-1)!);
	if (!parsed.ok) throw new Error(parsed.error);
	return parsed.value;
}

/** The boxes of the game two fakes play from `board`. */
function played(board: unknown, one: 'first' | 'last', two: 'first' | 'last'): {points: readonly [number, number]; plies: number} {
	let state = board;
	let plies = 0;
	while (boxes.outcome(state) === null) {
		state = boxes.play(state, fakeMove(state, boxes.toMove(state) === 1 ? one : two));
		plies++;
	}
	return {points: boxes.scores(state), plies};
}

describe('a match between two good fakes', () => {
	test("two games on the seed's board, each side first once; the records, the match points, the boxes totals", () => {
		const out = join(scratch, 'run-21');
		const {summary, tables} = match(first, last, '--seed', '21', '--size', '3x4', '--lines', '5', '--out', out);
		// Each game's record says how to draw its board again, and its final position is a boxes file.
		expect(readFileSync(join(out, 'game-001.record.txt'), 'utf8')).toContain(
			'Board: seed 21 (--seed 21 --size 3x4 --lines 5 for the run), both games of the match',
		);
		expect(boxes.recognizes(readFileSync(join(out, 'game-002.txt'), 'utf8'))).toBe(true);
		const board = boxes.initial({seed: 21, rows: 3, columns: 4, lines: 5});
		expect(summary.game).toBe('boxes');
		expect(summary.clockSeconds).toBe(60);
		expect(summary.boards).toEqual([{match: 1, seed: 21, with: '--size 3x4 --lines 5', position: boxes.format(board)}]);
		const one = played(board, 'first', 'last');
		const two = played(board, 'last', 'first');
		expect(summary.games.map(game => [game.players, game.points, game.plies, game.fault])).toEqual([
			[[first, last], one.points, one.plies, false],
			[[last, first], two.points, two.plies, false],
		]);
		const boxesOf = {[first]: one.points[0] + two.points[1], [last]: one.points[1] + two.points[0]};
		const mp = (player: string) =>
			summary.games.reduce((sum, game) => sum + (game.winner === null ? 1 : game.winner === player ? 2 : 0), 0);
		for (const row of summary.totals) {
			expect(row.boxes).toBe(boxesOf[row.player]);
			expect(row.matchPoints).toBe(mp(row.player));
		}
		// The ranking: match points, then (level) the boxes.
		const [a, b] = summary.totals;
		const better = a!.matchPoints !== b!.matchPoints ? (a!.matchPoints > b!.matchPoints ? a! : b!) : a!.boxes >= b!.boxes ? a! : b!;
		expect(summary.ranking[0]!.player).toBe(better.player);
		expect(tables).toMatch(/rank +player +MP +boxes +games +W +D +T +L +DQ/);
		expect(tables).toContain('Board (seed 21; --seed 21 --size 3x4 --lines 5 plays on it again), every match:');
		for (const line of tables.slice(tables.indexOf('\n\n')).split('\n')) expect([...line].length, line).toBeLessThanOrEqual(80);
	}, 120_000);

	test("--sizes varies the board by match number; --board FILE plays on a file's board (only player 0's lines)", () => {
		const {summary} = match(first, first, '--seed', '3', '--sizes', '3x3,3x5', '--matches', '3');
		expect(summary.boards.map(one => [one.seed, one.position.split('\n')[0]])).toEqual([
			[3, '1 3 3'],
			[4, '1 3 5'],
			[5, '1 3 3'],
		]);
		// The same fake on both sides of a board: the same game twice, each side once: level.
		expect(summary.totals[0]!.matchPoints).toBe(summary.totals[1]!.matchPoints);
		expect(summary.totals[0]!.boxes).toBe(summary.totals[1]!.boxes);
		expect(summary.ranking.every(place => place.shared && place.place === 1)).toBe(true);
		const file = join(scratch, 'board.txt');
		writeFileSync(file, '1 5 7\n1 0 60.00\n2 0 60.00\n0 A2 A3\n0 A2 B2\n0 B2 B3\n0 A3 B3\n');
		const fromFile = match(first, last, '--board', file);
		expect(fromFile.summary.boards).toEqual([
			{
				match: 1,
				seed: null,
				file,
				position: boxes.format(
					boxes.parse(readFileSync(file, 'utf8'), file).ok
						? (boxes.parse(readFileSync(file, 'utf8'), file) as {value: unknown}).value
						: null,
				),
			},
		]);
		const parsed = boxes.parse(readFileSync(file, 'utf8'), file);
		if (!parsed.ok) throw new Error('the test board does not parse');
		expect(fromFile.summary.games.map(game => game.points)).toEqual([
			played(parsed.value, 'first', 'last').points,
			played(parsed.value, 'last', 'first').points,
		]);
	}, 120_000);

	test("a --board with the players' moves on it, --board with --size, --size 9x3, --holes: one line, exit 2", () => {
		const moved = join(scratch, 'moved.txt');
		writeFileSync(moved, '2 8 3\n1 0 58.32\n2 1 43.16\n0 A2 D2\n0 B1 B9\n1 A1 C1\n2 A1 A5\n1 C1 C9\n');
		const runs: [string[], RegExp][] = [
			[['--board', moved], /^potm: --board .*moved\.txt is not a start board: 3 moves have been played on it/],
			[['--board', moved, '--size', '3x3'], /^potm: --board and --size both say which board/],
			[['--size', '9x3'], /^potm: --size takes ROWSxCOLUMNS of boxes, 3 to 8 rows and 3 to 8 columns, as in 5x7, not 9x3\n$/],
			[['--sizes', '3x3,5'], /^potm: --sizes takes ROWSxCOLUMNS .*not "5"/],
			[['--size', '3x3', '--sizes', '4x4'], /^potm: --size and --sizes both say/],
			[['--size', '3x3', '--lines', '24'], /^potm: --lines takes a whole number from 0 to 23, not 24/],
			[
				['--holes', '3'],
				/^potm: --holes is for a game whose boards have holes \(PAH-TUM: --game pahtum\); LINES and BOXES sets a new board with --size and --lines\n$/,
			],
		];
		for (const [options, message] of runs) {
			const run = potm(['match', first, last, '--game', 'boxes', ...options]);
			expect(run.status, options.join(' ')).toBe(2);
			expect(run.stderr).toMatch(message);
			expect(run.stderr.split('\n')).toHaveLength(2);
		}
	});
});

describe('faults: each loses its game, as in LOA', () => {
	test.each([
		['garbage', garbage, 'unparsable', /garbage\.sh \(BLUE\) loses: "hello" is not a move/],
		['a drawn segment', drawnOne, 'illegal', /drawn \(BLUE\) loses: A1 B1 overlaps the drawn A1 B1/],
		['a reversed pair', reversed, 'illegal', /reversed \(BLUE\) loses: C1 B1 is reversed: the lesser vertex first, as in B1 C1/],
	])(
		'%s',
		(_name, faulty, reason, message) => {
			const {summary, tables} = match(first, faulty, '--seed', '9', '--size', '3x3', '--lines', '2');
			expect(summary.games).toHaveLength(2);
			for (const game of summary.games) expect(game).toMatchObject({fault: true, disqualified: faulty, winner: first});
			expect(summary.games.map(game => game.reason)).toContain(reason);
			expect(summary.totals.find(row => row.player === first)).toMatchObject({matchPoints: 4, wins: 2});
			expect(summary.totals.find(row => row.player === faulty)).toMatchObject({matchPoints: 0, boxes: 0, losses: 2, disqualifications: 2});
			expect(tables.replace(/\s+/g, ' ')).toMatch(message);
		},
		120_000,
	);

	test('an entry that never answers is stopped at its clock for the game (--clock 0.5) and loses', () => {
		const started = performance.now();
		const {summary} = match(first, hang, '--seed', '1', '--size', '3x3', '--clock', '0.5');
		expect(performance.now() - started).toBeLessThan(30_000);
		expect(summary.clockSeconds).toBe(0.5);
		// Its clock ran out; on a machine so loaded that the loop hardly got a core, it is stopped as hung: a fault either way.
		for (const game of summary.games) {
			expect(game).toMatchObject({fault: true, disqualified: hang});
			expect(['time', 'hung']).toContain(game.reason);
		}
	}, 120_000);
});

describe('the boxes tiebreak', () => {
	const record = (
		number: number,
		seats: [number, number],
		winner: 1 | 2 | null,
		points: [number, number],
		disqualified: 1 | 2 | null = null,
	): GameRecord => ({
		number,
		match: 1,
		seats,
		result: winner === null ? 'tie' : 'win',
		winner,
		reason: disqualified ? 'illegal' : 'board-full',
		description: '',
		disqualified,
		points,
		plies: 10,
		clockUsedMs: [0, 0],
		longestMoveMs: [0, 0],
		moves: [],
		finalPosition: '',
	});

	test("players level on match points are ranked by their boxes (not head-to-head); a faulted game's boxes do not count; still level, they share", () => {
		// A level pair: 2 MP each, boxes 25 against 30: the one with more boxes first, whatever they did against each other.
		const pair = [record(1, [0, 1], 1, [13, 12]), record(2, [1, 0], 1, [18, 7])];
		expect(ranking(2, pair, 'points').map(place => [place.player, place.place, place.shared])).toEqual([
			[1, 1, false],
			[0, 2, false],
		]);
		// The same with a fault: the faulty game's boxes are void, so 13 + 0 against 12 + 0 ... player 0 first.
		const faulted = [record(1, [0, 1], 1, [13, 12]), record(2, [1, 0], 1, [18, 7], 2)];
		expect(ranking(2, faulted, 'points').map(place => place.player)).toEqual([0, 1]);
		// Level on both: a shared first place.
		const level = [record(1, [0, 1], 1, [13, 12]), record(2, [1, 0], 1, [13, 12])];
		expect(ranking(2, level, 'points').map(place => [place.place, place.shared])).toEqual([
			[1, true],
			[1, true],
		]);
	});

	test("the match report of LINES and BOXES shows each player's boxes beside the match points", () => {
		const games = [record(1, [0, 1], 1, [13, 12]), record(2, [1, 0], 1, [18, 7])];
		const players = [
			{kind: 'builtin' as const, name: 'ai:1', player: 'level-1' as never},
			{kind: 'builtin' as const, name: 'ai:2', player: 'level-2' as never},
		];
		const text = matchReport({game: boxes, players, matches: 1, clockMs: 60_000, scheduled: 2, games, stopped: false});
		expect(text).toMatch(/rank +player +MP +boxes/);
		expect(text).toMatch(/1 +ai:2 +2 +30/);
		expect(text).toMatch(/2 +ai:1 +2 +20/);
		expect(text).toContain('which rank players level on MP');
	});
});
