/**
 * The referee on a game whose entries read standard input and print the whole grid, with a clock
 * per move and matches won on the total of game points (PAH-TUM): the built CLI against small
 * fake entries written here. A good fake plays the first (or the last) `-`; the faulty ones print
 * garbage, the other side's letter, two markers, or never answer. Each fault loses its game and
 * with it the match; two good fakes play a whole match, whose winner is the higher total.
 */
import {spawnSync} from 'node:child_process';
import {chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, describe, expect, test} from 'vitest';
import {gameById} from '../../source/games/registry.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(root, 'dist', 'cli.js');
const scratch = mkdtempSync(join(tmpdir(), 'potm-test-pahtum-'));
afterAll(() => rmSync(scratch, {recursive: true, force: true}));

const pahtum = gameById('pahtum')!;

/** An executable shell script in the scratch folder. */
function fake(name: string, body: string): string {
	const path = join(scratch, name);
	writeFileSync(path, `#!/bin/sh\n${body}\n`);
	chmodSync(path, 0o755);
	return path;
}

/** The grid on stdin, the mover's letter (equal counts: X) and the other's, for the fakes. */
const READ = `grid=$(cat)
x=$(printf '%s' "$grid" | tr -cd X | wc -c)
o=$(printf '%s' "$grid" | tr -cd O | wc -c)
if [ "$x" -eq "$o" ]; then me=X; them=O; else me=O; them=X; fi`;

/**
 * The good fakes, each one awk (a move's start a millisecond or two: the file's matches play
 * hundreds of moves): the mover's letter from the counts, then the grid with the first, or the
 * last, `-` taken.
 */
const COUNT = `{ line[NR] = $0; x += gsub(/X/, "X"); o += gsub(/O/, "O") }`;
const first = fake(
	'first.sh',
	`exec awk '${COUNT} END { me = x == o ? "X" : "O"; for (i = 1; i <= NR; i++) { if (!done && sub(/-/, me, line[i])) done = 1; print line[i] } }'`,
);
const last = fake(
	'last.sh',
	`exec awk '${COUNT} END {
	me = x == o ? "X" : "O"
	for (i = NR; i > 0 && !done; i--) for (j = length(line[i]); j > 0; j--) if (substr(line[i], j, 1) == "-") { line[i] = substr(line[i], 1, j - 1) me substr(line[i], j + 1); done = 1; break }
	for (i = 1; i <= NR; i++) print line[i]
}'`,
);
const garbage = fake('garbage.sh', 'cat > /dev/null\necho hello');
const wrongLetter = fake(
	'wrong-letter.sh',
	`${READ}\nprintf '%s\\n' "$grid" | awk -v me="$them" '!done && sub(/-/, me) { done = 1 } { print }'`,
);
const twoMarkers = fake(
	'two-markers.sh',
	`${READ}\nprintf '%s\\n' "$grid" | awk -v me="$me" 'n < 2 { n += gsub(/^-/, me) } n < 2 && sub(/-/, me) { n++ } { print }'`,
);
const hang = fake('hang.sh', 'cat > /dev/null\nwhile :; do :; done');
const sleeper = fake('sleeper.sh', 'cat > /dev/null\nexec sleep 1000');

interface Summary {
	game: string;
	clockSeconds: number;
	boards: {match: number; seed: number | null; file?: string; position: string}[];
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
	matches: {
		match: number;
		players: string[];
		totals: [number, number];
		winner: string | null;
		reason: string;
		disqualified: string | null;
	}[];
	totals: {player: string; matchPoints: number; games: number; wins: number; ties: number; losses: number; disqualifications: number}[];
}

function potm(args: readonly string[], timeoutMs = 60_000) {
	const run = spawnSync(process.execPath, [cli, ...args], {cwd: scratch, encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL'});
	return {status: run.status, stdout: run.stdout, stderr: run.stderr};
}

function match(a: string, b: string, ...options: string[]): {summary: Summary; tables: string; status: number | null} {
	const run = potm(['match', a, b, '--game', 'pahtum', '--json', '--jobs', '2', ...options]);
	expect(run.status, run.stderr).toBe(0);
	return {summary: JSON.parse(run.stdout) as Summary, tables: run.stderr, status: run.status};
}

/** The game two fakes play from `board`: X and O each taking the first or the last empty square. */
function played(board: unknown, x: 'first' | 'last', o: 'first' | 'last'): readonly [number, number] {
	let state = board;
	while (pahtum.outcome(state) === null) {
		const moves = [...pahtum.legalMoves(state)].sort((p: number, q: number) => p - q);
		const pick = (pahtum.toMove(state) === 1 ? x : o) === 'first' ? moves[0]! : moves.at(-1)!;
		state = pahtum.play(state, pick);
	}
	return pahtum.scores(state);
}

describe('a match between two good fakes on one board', () => {
	test("each game's points, the totals and the winner by the totals; the board is the seed's, both games", () => {
		const {summary, tables} = match(first, last, '--seed', '12345');
		const board = pahtum.initial({seed: 12345});
		expect(summary.game).toBe('pahtum');
		expect(summary.clockSeconds).toBe(10);
		expect(summary.boards).toEqual([{match: 1, seed: 12345, position: pahtum.format(board)}]);
		const one = played(board, 'first', 'last');
		const two = played(board, 'last', 'first');
		expect(summary.games.map(game => [game.players, game.points, game.fault])).toEqual([
			[[first, last], one, false],
			[[last, first], two, false],
		]);
		const totals: [number, number] = [one[0] + two[1], one[1] + two[0]];
		expect(totals[0]).not.toBe(totals[1]);
		const winner = totals[0] > totals[1] ? first : last;
		expect(summary.matches).toEqual([
			{match: 1, games: [1, 2], players: [first, last], totals, winner, reason: 'points', disqualified: null},
		]);
		const mp = Object.fromEntries(summary.totals.map(row => [row.player, row.matchPoints]));
		expect(mp).toEqual({[winner]: 2, [winner === first ? last : first]: 0});
		// The tables: the board with its seed, each game's points and the totals, within 80 columns.
		expect(tables).toContain('Board (seed 12345; --seed 12345 plays on it again), every match:');
		expect(tables).toContain(`${totals[0]}-${totals[1]}`);
		expect(tables).toContain(`${one[0]}-${one[1]} + ${two[1]}-${two[0]}`);
		// The heading names the entries by path, so where its line wraps depends on the scratch folder's.
		expect(tables).toMatch(/10 s a move \(CPU\s+time\)/);
		// (The progress lines before them are one line a game, for logs.)
		for (const line of tables.slice(tables.indexOf('\n\n')).split('\n')) expect([...line].length, line).toBeLessThanOrEqual(80);
	});

	test('--holes N: every board has N holes, as PAH-TUM declares the option; the report says it with the seed', () => {
		const {summary, tables} = match(first, last, '--seed', '8', '--holes', '21', '--matches', '2');
		expect(summary.boards.map(board => board.position)).toEqual([
			pahtum.format(pahtum.initial({seed: 8, holes: 21})),
			pahtum.format(pahtum.initial({seed: 9, holes: 21})),
		]);
		for (const board of summary.boards) expect([...board.position].filter(cell => cell === '+')).toHaveLength(21);
		expect(tables).toContain('--holes 21');
	});

	test("without --seed a random board, whose seed the report gives; --board FILE plays on a file's board", () => {
		const {summary, tables} = match(first, first, '--matches', '2');
		expect(summary.boards).toHaveLength(2);
		const seed = summary.boards[0]!.seed!;
		expect(summary.boards[1]!.seed).toBe(seed + 1);
		expect(summary.boards[0]!.position).toBe(pahtum.format(pahtum.initial({seed})));
		expect(tables).toContain(`--seed ${seed} plays on them again`);
		// The same fake on both sides: both games of a match alike, so every match is tied.
		expect(summary.matches.map(one => one.winner)).toEqual([null, null]);
		const file = join(scratch, 'board.txt');
		writeFileSync(file, '---+---\n-------\n-------\n---+---\n-------\n-------\n---+---\n');
		const fromFile = match(first, last, '--board', file);
		expect(fromFile.summary.boards).toEqual([{match: 1, seed: null, file, position: readFileSync(file, 'utf8')}]);
		const parsed = pahtum.parse(readFileSync(file, 'utf8'), file);
		if (!parsed.ok) throw new Error('the test board does not parse');
		expect(fromFile.summary.games.map(game => game.points)).toEqual([
			played(parsed.value, 'first', 'last'),
			played(parsed.value, 'last', 'first'),
		]);
		// The grid tells its own game: --board without --game plays PAH-TUM on it.
		const bare = potm(['match', first, last, '--json', '--board', file]);
		expect(bare.status, bare.stderr).toBe(0);
		const told = JSON.parse(bare.stdout) as Summary;
		expect(told.game).toBe('pahtum');
		expect(told.games.map(game => game.points)).toEqual(fromFile.summary.games.map(game => game.points));
	});

	test('--board with markers on it, --board and --seed together, --seed for LOA: one line, exit 2', () => {
		const marked = join(scratch, 'marked.txt');
		writeFileSync(marked, '---+---\n---X---\n-------\n---+---\n-------\n-------\n---+---\n');
		const runs: [string[], RegExp][] = [
			[['--board', marked], /^potm: --board .*marked\.txt is not a start board: it has 1 marker on it/],
			[['--board', join(scratch, 'missing.txt')], /^potm: --board: cannot read .*missing\.txt: no such file\n/],
			[['--board', marked, '--seed', '3'], /^potm: --board and --seed both say which board/],
		];
		for (const [options, message] of runs) {
			const run = potm(['match', first, last, '--game', 'pahtum', ...options]);
			expect(run.status).toBe(2);
			expect(run.stderr).toMatch(message);
			expect(run.stderr.split('\n')).toHaveLength(2);
		}
		const loa = potm(['match', 'ai:random', 'ai:random', '--seed', '3']);
		expect(loa).toMatchObject({
			status: 2,
			stderr: 'potm: --seed is for a game whose boards are drawn at random; LOAPS has one start position\n',
		});
	});
});

describe('the built-in AI at the PAH-TUM table', () => {
	test('ai:1 answers as an entry would (the whole grid), on a clock per move, and beats the fake that takes the first square', () => {
		const out = join(scratch, 'records-ai');
		const {summary} = match('ai:1', first, '--seed', '11', '--clock', '2', '--out', out);
		for (const game of summary.games) expect(game).toMatchObject({fault: false, winner: 'ai:1'});
		// Each move's history keeps what the players had left of their 2 s, not the contest's 10 s.
		const history = JSON.parse(readFileSync(join(out, 'game-001.history.json'), 'utf8')) as {moves: {clocks: [number, number]}[]};
		expect(history.moves.length).toBeGreaterThan(0);
		for (const move of history.moves) for (const left of move.clocks) expect(left).toBeLessThanOrEqual(2);
		expect(summary.matches[0]).toMatchObject({winner: 'ai:1', reason: 'points'});
		// Every empty square of the board filled, in both games.
		const empty = pahtum.format(pahtum.initial({seed: 11})).split('-').length - 1;
		expect(summary.games.map(game => game.plies)).toEqual([empty, empty]);
	});
});

describe('faults: each loses its game, and the match', () => {
	test.each([
		['garbage', garbage, /garbage\.sh \(X\) loses: it printed 1 lines|garbage\.sh \(X\) loses: its line 1 has 5 characters/],
		['wrong-letter', wrongLetter, /wrong-letter\.sh \(O\) loses: it placed X on [A-G][1-7], but O is to move/],
		['two-markers', twoMarkers, /two-markers\.sh \(X\) loses: it added 2 markers/],
	])('%s', (_name, faulty, message) => {
		const {summary, tables} = match(first, faulty, '--seed', '99');
		expect(summary.games).toHaveLength(2);
		for (const game of summary.games) {
			expect(game.fault).toBe(true);
			expect(game.disqualified).toBe(faulty);
			expect(game.winner).toBe(first);
			expect(['lines', 'unparsable', 'illegal']).toContain(game.reason);
		}
		expect(summary.matches[0]).toMatchObject({winner: first, disqualified: faulty});
		expect(summary.totals.find(row => row.player === first)).toMatchObject({matchPoints: 2, wins: 1});
		expect(tables).toMatch(/rank +player +MP +matches +W +T +L +DQ/);
		expect(summary.totals.find(row => row.player === faulty)).toMatchObject({matchPoints: 0, losses: 1, disqualifications: 1});
		expect(tables.replace(/\s+/g, ' ')).toMatch(message);
	});

	test("a fault in one game loses the match, whatever the other game's points", () => {
		// The faulty player plays well as X (game 1) and gives garbage only as O (game 2).
		const xOnly = fake(
			'x-only.sh',
			`${READ}\nif [ "$me" = O ]; then echo hello; exit; fi\nprintf '%s\\n' "$grid" | awk -v me="$me" '!done && sub(/-/, me) { done = 1 } { print }'`,
		);
		const {summary} = match(xOnly, last, '--seed', '5');
		expect(summary.games[0]!.fault).toBe(false);
		expect(summary.games[1]).toMatchObject({fault: true, disqualified: xOnly});
		expect(summary.matches[0]).toMatchObject({winner: last, disqualified: xOnly});
	});

	test('an entry that never answers is stopped at its clock for the move (--clock 0.5) and loses', () => {
		const started = performance.now();
		const {summary} = match(first, hang, '--seed', '1', '--clock', '0.5');
		expect(performance.now() - started).toBeLessThan(20_000);
		expect(summary.clockSeconds).toBe(0.5);
		for (const game of summary.games) expect(game).toMatchObject({fault: true, reason: 'time', disqualified: hang});
		expect(summary.matches[0]).toMatchObject({winner: first, reason: 'time'});
	});

	test('an entry that sleeps instead of answering is stopped a second past its clock for the move, as hung, and loses', () => {
		const started = performance.now();
		// Half a second for the move: the grace (a second, HANG_GRACE_MS) is what keeps it, on any clock.
		const {summary} = match(first, sleeper, '--seed', '1', '--clock', '0.5');
		expect(performance.now() - started).toBeLessThan(20_000);
		for (const game of summary.games) expect(game).toMatchObject({fault: true, reason: 'hung', disqualified: sleeper});
		expect(summary.matches[0]).toMatchObject({winner: first, reason: 'hung', disqualified: sleeper});
	});

	test('the record keeps what the faulty entry printed; a good answer is not repeated', () => {
		const out = join(scratch, 'out-garbage');
		potm(['match', first, garbage, '--game', 'pahtum', '--seed', '2', '--out', out]);
		const names = readdirSync(out).sort();
		expect(names).toContain('game-001.record.txt');
		const record = readFileSync(join(out, 'game-001.record.txt'), 'utf8');
		expect(record).toContain('"hello\\n"');
		expect(record).toContain('< INPUT]');
		expect(record).toContain('s of CPU time (user + system) for each move');
		expect(record).not.toContain('"---');
		expect(existsSync(join(out, 'summary.json'))).toBe(true);
	});
});
