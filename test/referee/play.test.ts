/**
 * Refereed games (source/referee/play.ts) with small scripted fake entries: games that end by
 * the rules (a connection won on points, one lost on points by the side that connected, a tie, the
 * move-limit draw), every fault and its disqualification, stderr that is only recorded, the clock
 * accounting on an entry that burns a known amount of CPU, the input file each entry is given,
 * built-in players, the game's folder removed, and Ctrl-C.
 *
 * The fixed move lists come from seeded random walks under the rules (deterministic and quick);
 * fixed.sh plays them back, so a game of two fixed entries must come out exactly as the rules say.
 */
import {chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, beforeAll, describe, expect, test, vi} from 'vitest';
import type {Player} from '../../source/games/game.js';
import {loaps} from '../../source/games/loa/index.js';
import {moveName} from '../../source/games/loa/notation.js';
import {initialState, legalMoves, play, type LoaState} from '../../source/games/loa/rules.js';
import {LOAPS} from '../../source/games/loa/variant.js';
import {HANG_GRACE_MS, OUTPUT_LIMIT} from '../../source/referee/entry.js';
import {playGame, type GameSetup} from '../../source/referee/play.js';
import {parsePlayer} from '../../source/referee/players.js';
import {matchPoints, type Fault, type GameRecord, type MoveRecord, type PlayerSpec} from '../../source/referee/types.js';

const ENTRIES = fileURLToPath(new URL('../fixtures/entries/', import.meta.url));
const entry = (name: string): string => join(ENTRIES, name);
const SIDES = loaps.sides;
const other = (side: Player): Player => (side === 1 ? 2 : 1);

// ---------------------------------------------------------------------------------------------
// Move lists: seeded random walks from the start.

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
	readonly seed: number;
	readonly moves: readonly number[];
	/** The positions, the start first and the final one last. */
	readonly states: readonly LoaState[];
}

/** A random game from the start; with `seekTie`, a move that ends the game in a tie is taken whenever there is one. */
function walk(seed: number, seekTie = false): Walk {
	const random = mulberry32(seed);
	let state = initialState(LOAPS);
	const states = [state];
	const moves: number[] = [];
	while (!state.outcome) {
		const legal = legalMoves(state);
		let move = legal[Math.floor(random() * legal.length)]!;
		if (seekTie) move = legal.find(one => play(state, one).outcome?.result === 'tie') ?? move;
		state = play(state, move);
		states.push(state);
		moves.push(move);
	}
	return {seed, moves, states};
}

/**
 * The walk of a pinned seed, which must end as `accept` says. The seeds were found once by trying
 * 1, 2, 3 ... (the first that ends so); a change of the rules or of the walk fails here, naming the
 * ending, rather than searching on the machine's time or skipping a test.
 */
function pinned(ending: string, seed: number, accept: (found: Walk) => boolean, seekTie = false): Walk {
	const found = walk(seed, seekTie);
	if (!accept(found))
		throw new Error(`the random game of seed ${seed} no longer ends in ${ending}: try seeds 1, 2, 3 ... for the first that does`);
	return found;
}

const finalOf = (game: Walk): LoaState => game.states.at(-1)!;
const outcomeOf = (game: Walk) => finalOf(game).outcome!;
/** The side that made the last move. */
const lastMover = (game: Walk): Player => (game.moves.length % 2 === 1 ? 1 : 2);

/** (a) RED or BLUE connects and has more points. */
const WON = pinned(
	'a connection won on points',
	5,
	game => outcomeOf(game).reason === 'connection' && outcomeOf(game).winner === lastMover(game) && game.moves.length <= 40,
);
/** (a') The side that connects has fewer points, and loses (ruling 5). */
const LOST_ON_POINTS = pinned(
	'a connection lost on points',
	91,
	game => outcomeOf(game).reason === 'connection' && outcomeOf(game).winner === other(lastMover(game)) && game.moves.length <= 60,
);
/** (b) A connection with equal points: a tie (the walk takes a move that ties whenever there is one). */
const TIED = pinned('a tie', 12, game => outcomeOf(game).result === 'tie' && outcomeOf(game).reason === 'connection', true);
/** (c) Both sides make 50 moves: a draw. */
const DRAWN = pinned('a draw at the move limit', 1, game => outcomeOf(game).reason === 'move-limit');
/** (d) A capture that leaves the opponent connected (ruling 4); (e) both connected at once. */
const OPPONENT_CONNECTED = pinned(
	'a capture that leaves the opponent connected',
	3,
	game => outcomeOf(game).reason === 'opponent-connected' && outcomeOf(game).result === 'win' && game.moves.length <= 80,
);
const SIMULTANEOUS = pinned(
	'both sides connected at once',
	56,
	game => outcomeOf(game).reason === 'simultaneous' && game.moves.length <= 90,
);

/** fixed.sh's MOVES file: "PLAYER MOVE-NUMBER FROM TO" per line (the first `count` moves). */
function movesText(game: Walk, count = game.moves.length): string {
	return game.moves
		.slice(0, count)
		.map((move, ply) => `${game.states[ply]!.toMove} ${game.states[ply]!.moveNumber} ${moveName(move, 7)}\n`)
		.join('');
}

// ---------------------------------------------------------------------------------------------
// Players, games and their folders.

let root: string;
let games = 0;

beforeAll(() => {
	root = mkdtempSync(join(tmpdir(), 'potm-play-test-'));
});

afterAll(() => {
	rmSync(root, {recursive: true, force: true});
});

/** A file in the test's folder. */
function file(name: string, text: string, mode?: number): string {
	const path = join(root, name);
	writeFileSync(path, text);
	if (mode !== undefined) chmodSync(path, mode);
	return path;
}

const movesFile = (game: Walk, count?: number): string =>
	file(`moves-${game.seed}-${count ?? 'all'}-${++games}.txt`, movesText(game, count));

function external(name: string, argv: readonly string[]): PlayerSpec {
	return {kind: 'external', name, command: argv.join(' '), argv};
}

const fixed = (game: Walk, name = 'fixed', count?: number): PlayerSpec => external(name, [entry('fixed.sh'), movesFile(game, count)]);

/**
 * An entry that logs each input file it is given (its folder, its path, its text) to LOG, then
 * runs the rest of its words: logged.sh LOG COMMAND... INPUT.
 */
let loggedScript: string | null = null;
function logged(name: string, log: string, argv: readonly string[]): PlayerSpec {
	loggedScript ??= file(
		'logged.sh',
		'#!/bin/sh\nlog=$1; shift\nfor input; do :; done\n{ echo "== $(pwd) $input"; cat "$input"; } >> "$log"\nexec "$@"\n',
		0o755,
	);
	return external(name, [loggedScript, log, ...argv]);
}

interface LoggedInput {
	readonly cwd: string;
	readonly path: string;
	readonly text: string;
}

function readLog(log: string): LoggedInput[] {
	return readFileSync(log, 'utf8')
		.split(/^== /m)
		.slice(1)
		.map(block => {
			const newline = block.indexOf('\n');
			const [cwd, path] = block.slice(0, newline).split(' ') as [string, string];
			return {cwd, path, text: block.slice(newline + 1)};
		});
}

const random: PlayerSpec = {kind: 'builtin', name: 'ai:random', player: {kind: 'random'}};

function setupOf(players: readonly [PlayerSpec, PlayerSpec], clockMs = 60_000, signal = new AbortController().signal): GameSetup {
	return {game: loaps, number: 3, match: 2, seats: [4, 7], players, clockMs, dir: join(root, `game-${++games}`), seed: 11, signal};
}

/** Plays the game and checks its folder is gone afterwards. */
async function played(setup: GameSetup): Promise<{record: GameRecord; wallMs: number}> {
	const started = performance.now();
	const result = await playGame(setup);
	const wallMs = performance.now() - started;
	expect(result).not.toBeNull();
	expect(existsSync(setup.dir)).toBe(false);
	return {record: result!.record, wallMs};
}

/** Seconds rounded down to the hundredth, as an entry is shown them. */
const shown = (ms: number): number => Math.max(0, Math.floor(ms / 10) / 100);

/** The clock fields of the record: each side's use, longest move and clock after each move agree with the moves' charges. */
function expectClockAccounting(record: GameRecord, clockMs: number): void {
	const used = [0, 0];
	const longest = [0, 0];
	for (const move of record.moves) {
		expect(move.cpuMs).toBeGreaterThanOrEqual(0);
		expect(move.wallMs).toBeGreaterThanOrEqual(0);
		const index = move.player - 1;
		used[index] = used[index]! + move.cpuMs;
		longest[index] = Math.max(longest[index]!, move.cpuMs);
		const remaining = (clockMs - used[index]) / 1000;
		// Rounded down to the hundredth: a whole number of hundredths, at most the true reading and within 0.01 of it.
		expect(Math.abs(move.clockAfter * 100 - Math.round(move.clockAfter * 100))).toBeLessThan(1e-6);
		expect(move.clockAfter).toBeLessThanOrEqual(Math.max(0, remaining) + 1e-9);
		expect(move.clockAfter).toBeGreaterThan(Math.max(0, remaining) - 0.01 - 1e-9);
	}
	expect(record.clockUsedMs[0]).toBeCloseTo(used[0]!, 6);
	expect(record.clockUsedMs[1]).toBeCloseTo(used[1]!, 6);
	expect(record.longestMoveMs).toEqual(longest);
}

/** The board lines of a position file, without the clocks (lines 1, the points, then the board). */
const withoutClocks = (text: string): string =>
	text
		.split('\n')
		.map((line, index) => (index === 1 || index === 2 ? line.split(' ').slice(0, 2).join(' ') : line))
		.join('\n');

const nameOf = (spec: PlayerSpec, side: Player): string => `${spec.name} (${SIDES[side - 1]})`;

// ---------------------------------------------------------------------------------------------

describe('the search for move lists (the fixtures of the games below)', () => {
	test('finds a won game, a game lost on points by the side that connects and a drawn one', () => {
		expect(WON).not.toBeNull();
		expect(LOST_ON_POINTS).not.toBeNull();
		expect(DRAWN).not.toBeNull();
		expect(DRAWN.moves.length).toBe(100);
	});
});

describe('games that end by the rules: two fixed entries reproduce the game exactly', () => {
	/** Plays `game` with fixed.sh on both sides and checks the record against the rules' own game. */
	async function replay(game: Walk): Promise<GameRecord> {
		const clockMs = 60_000;
		const players = [fixed(game, 'red-entry'), fixed(game, 'blue-entry')] as const;
		const {record} = await played(setupOf(players, clockMs));
		const final = finalOf(game);
		const outcome = final.outcome!;
		expect(record.moves.map(move => move.move)).toEqual(game.moves.map(move => moveName(move, 7)));
		expect(record.moves.map(move => move.player)).toEqual(game.states.slice(0, -1).map(state => state.toMove));
		expect(record.plies).toBe(game.moves.length);
		expect(record.points).toEqual(final.points);
		expect(record.reason).toBe(outcome.reason);
		expect(record.result).toBe(outcome.result);
		expect(record.winner).toBe(outcome.winner);
		expect(record.disqualified).toBeNull();
		expect(record.description).toBe(
			outcome.winner === null
				? outcome.description
				: `${nameOf(players[outcome.winner - 1]!, outcome.winner)} wins. ${outcome.description}`,
		);
		expect([record.number, record.match, record.seats]).toEqual([3, 2, [4, 7]]);
		for (const [ply, move] of record.moves.entries()) {
			expect(move.stdout).toBe(`${moveName(game.moves[ply]!, 7)}\n`);
			expect(move.exit).toEqual({code: 0, signal: null});
			expect(move).not.toHaveProperty('stderr');
			expect(move).not.toHaveProperty('stopped');
		}
		expectClockAccounting(record, clockMs);
		// The final position, with the clocks as they ended.
		const clocks: [number, number] = [shown(clockMs - record.clockUsedMs[0]), shown(clockMs - record.clockUsedMs[1])];
		expect(record.finalPosition).toBe(loaps.format(loaps.withClocks(final, clocks)));
		return record;
	}

	test('(a) a connection, the connected side ahead on points: it wins, 2 match points to 0', async () => {
		const record = await replay(WON);
		expect(record.result).toBe('win');
		expect(record.reason).toBe('connection');
		expect(record.winner).toBe(lastMover(WON));
		expect(record.points[record.winner! - 1]).toBeGreaterThan(record.points[other(record.winner!) - 1]!);
		expect(matchPoints(record, record.winner!)).toBe(2);
		expect(matchPoints(record, other(record.winner!))).toBe(0);
	});

	test("(a') a connection by the side behind on points: the other side wins (more game points wins)", async () => {
		const record = await replay(LOST_ON_POINTS);
		expect(record.result).toBe('win');
		expect(record.reason).toBe('connection');
		expect(record.winner).toBe(other(lastMover(LOST_ON_POINTS)));
		expect(record.points[record.winner! - 1]).toBeGreaterThan(record.points[other(record.winner!) - 1]!);
		expect(matchPoints(record, record.winner!)).toBe(2);
		expect(matchPoints(record, lastMover(LOST_ON_POINTS))).toBe(0);
	});

	test('(b) a connection with equal points: a tie, 1 match point each', async () => {
		const record = await replay(TIED);
		expect(record.result).toBe('tie');
		expect(record.winner).toBeNull();
		expect(record.points[0]).toBe(record.points[1]);
		expect(matchPoints(record, 1)).toBe(1);
		expect(matchPoints(record, 2)).toBe(1);
	});

	test('(c) both sides make 50 moves: a draw whatever the points, 1 match point each', async () => {
		const record = await replay(DRAWN);
		expect(record.result).toBe('draw');
		expect(record.reason).toBe('move-limit');
		expect(record.winner).toBeNull();
		expect(record.plies).toBe(100);
		expect(record.moves.at(-1)!.player).toBe(2);
		expect(matchPoints(record, 1)).toBe(1);
		expect(matchPoints(record, 2)).toBe(1);
	});

	// Rarer endings, each from its pinned seed.
	test('(d) a capture that leaves the opponent connected: decided on points', async () => {
		const record = await replay(OPPONENT_CONNECTED);
		expect(record.reason).toBe('opponent-connected');
		expect(record.result).toBe('win');
		expect(record.points[record.winner! - 1]).toBeGreaterThan(record.points[other(record.winner!) - 1]!);
	});

	test('(e) both sides connected at once: decided on points, only the mover having scored the 12', async () => {
		const record = await replay(SIMULTANEOUS);
		const game = SIMULTANEOUS;
		const before = game.states.at(-2)!;
		const mover = lastMover(game);
		expect(record.reason).toBe('simultaneous');
		// The opponent's points did not change with the last move; the mover's grew by at least the 12.
		expect(record.points[other(mover) - 1]).toBe(before.points[other(mover) - 1]);
		expect(record.points[mover - 1]! - before.points[mover - 1]!).toBeGreaterThanOrEqual(12);
		if (record.winner !== null) expect(matchPoints(record, record.winner)).toBe(2);
	});

	test('an entry given as a command line (parsePlayer) plays the same', async () => {
		const moves = movesFile(WON);
		const red = parsePlayer(`${entry('fixed.sh')} ${moves}`);
		const blue = parsePlayer(`'${entry('fixed.sh')}' "${moves}"`);
		expect(red.ok && blue.ok).toBe(true);
		if (!red.ok || !blue.ok) return;
		const {record} = await played(setupOf([red.value, blue.value]));
		expect(record.moves.map(move => move.move)).toEqual(WON.moves.map(move => moveName(move, 7)));
		expect(record.reason).toBe('connection');
		expect(record.winner).toBe(outcomeOf(WON).winner);
	});
});

describe('the input file each entry is given (ruling 9)', () => {
	test('side to move, move number, points, both clocks (rounded down to the hundredth) and the board, at every move', async () => {
		const clockMs = 45_678;
		const log = join(root, `inputs-${++games}.log`);
		const moves = movesFile(WON);
		const players = [logged('red', log, [entry('fixed.sh'), moves]), logged('blue', log, [entry('fixed.sh'), moves])] as const;
		const setup = setupOf(players, clockMs);
		const {record} = await played(setup);
		expect(record.reason).toBe('connection');
		const inputs = readLog(log);
		expect(inputs).toHaveLength(WON.moves.length);
		const used = [0, 0];
		for (const [ply, input] of inputs.entries()) {
			const state = WON.states[ply]!;
			const side = state.toMove;
			// In the entry's own folder within the game's, the file's full path as its last argument.
			expect(input.cwd).toBe(join(setup.dir, `player-${side}`));
			expect(input.path).toBe(join(setup.dir, `player-${side}`, 'input.txt'));
			const expected = loaps.format(loaps.withClocks(state, [shown(clockMs - used[0]!), shown(clockMs - used[1]!)]));
			expect(input.text).toBe(expected);
			expect(input.text.split('\n')[0]).toBe(`${side} ${state.moveNumber}`);
			used[side - 1] = used[side - 1]! + record.moves[ply]!.cpuMs;
		}
		// The first: RED to play its move 1, both clocks full (45.678 s shown as 45.67).
		expect(inputs[0]!.text.split('\n').slice(0, 3)).toEqual(['1 1', '1 0 45.67', '2 0 45.67']);
		// The second: BLUE to play its move 1.
		expect(inputs[1]!.text.split('\n')[0]).toBe('2 1');
		expect(inputs[2]!.text.split('\n')[0]).toBe('1 2');
	});

	test('an entry burning a known amount of CPU: each move is charged it, and its clock in the next input is less by the charge', async () => {
		const clockMs = 60_000;
		const burnMs = 250;
		const log = join(root, `burner-${++games}.log`);
		// RED's list holds its first three moves only: at its fourth, burn.mjs burns and then exits 1 (a crash).
		const redMoves = movesFile(WON, 6);
		const players = [
			logged('burner', log, [entry('burn.mjs'), String(burnMs), redMoves]),
			logged('blue', log, [entry('fixed.sh'), movesFile(WON)]),
		] as const;
		const {record} = await played(setupOf(players, clockMs));
		expect(record.reason).toBe('crash');
		expect(record.disqualified).toBe(1);
		expect(record.plies).toBe(6);
		const red = record.moves.filter(move => move.player === 1);
		expect(red).toHaveLength(4);
		for (const move of red) {
			expect(move.cpuMs).toBeGreaterThanOrEqual(burnMs);
			expect(move.cpuMs).toBeLessThan(burnMs + 400);
		}
		expect(red.at(-1)!.exit).toEqual({code: 1, signal: null});
		expectClockAccounting(record, clockMs);
		expect(record.clockUsedMs[0]).toBeGreaterThanOrEqual(4 * burnMs);
		// RED's clock as written in its inputs: full, then less by each charge, rounded down.
		const redClocks = readLog(log)
			.filter(input => input.text.startsWith('1 '))
			.map(input => Number(input.text.split('\n')[1]!.split(' ')[2]));
		expect(redClocks).toHaveLength(4);
		let charged = 0;
		for (const [index, seconds] of redClocks.entries()) {
			expect(seconds).toBe(shown(clockMs - charged));
			if (index > 0) {
				const drop = redClocks[index - 1]! - seconds;
				const charge = red[index - 1]!.cpuMs / 1000;
				expect(Math.abs(drop - charge)).toBeLessThan(0.01 + 1e-9);
			}
			charged += red[index]!.cpuMs;
		}
		expect(redClocks[0]).toBe(60);
		expect(redClocks[3]).toBeLessThanOrEqual(60 - (3 * burnMs) / 1000);
	});
});

describe('faults: the faulty side loses the game, disqualified', () => {
	interface FaultCase {
		readonly label: string;
		readonly side: Player;
		readonly player: () => PlayerSpec;
		readonly reason: Fault;
		readonly clockMs?: number;
		/** What the faulty move's record keeps. */
		readonly stdout: string | ((text: string) => boolean);
		readonly exit: {code: number | null; signal: string | null};
		readonly stderr?: string;
		/** Why the referee stopped it, if it did (the record says so). */
		readonly stopped?: 'time' | 'hung' | 'flood';
		/** Words the description must hold. */
		readonly says?: string;
		/** The whole game is over within this many milliseconds. */
		readonly wallUnder: number;
	}

	const spin = () => file('spin.sh', '#!/bin/sh\ni=0; while [ $i -lt 8000 ]; do i=$((i+1)); done\necho "b1 d3"\n', 0o755);

	const cases: readonly FaultCase[] = [
		{
			label: 'garbage',
			side: 2,
			player: () => external('garbage', [entry('garbage.sh')]),
			reason: 'unparsable',
			stdout: 'I resign, good game!\n',
			exit: {code: 0, signal: null},
			wallUnder: 3000,
		},
		{
			label: 'two lines',
			side: 1,
			player: () => external('two-lines', [entry('print.sh'), 'b1 d3\\nb1 d3\\n']),
			reason: 'lines',
			stdout: 'b1 d3\nb1 d3\n',
			exit: {code: 0, signal: null},
			wallUnder: 3000,
		},
		{
			label: 'nothing at all',
			side: 2,
			player: () => external('silent', [entry('print.sh'), '']),
			reason: 'no-output',
			stdout: '',
			exit: {code: 0, signal: null},
			wallUnder: 3000,
		},
		{
			label: 'a move to its own square',
			side: 1,
			player: () => external('b1b1', [entry('print.sh'), 'b1 b1\\n']),
			reason: 'illegal',
			stdout: 'b1 b1\n',
			exit: {code: 0, signal: null},
			wallUnder: 3000,
		},
		{
			label: "a move of the opponent's piece",
			side: 2,
			player: () => external('wrong-side', [entry('print.sh'), 'c1 c3\\n']),
			reason: 'illegal',
			stdout: 'c1 c3\n',
			exit: {code: 0, signal: null},
			wallUnder: 3000,
		},
		{
			label: 'a segmentation fault after a legal move',
			side: 1,
			player: () => external('segv', [entry('crash.sh')]),
			reason: 'crash',
			stdout: 'b1 d3\n',
			exit: {code: null, signal: 'SIGSEGV'},
			stderr: 'crash.sh: something went wrong\n',
			says: 'SIGSEGV',
			wallUnder: 3000,
		},
		{
			label: 'exit status 3 after a legal move',
			side: 1,
			player: () => external('status-3', [entry('crash.sh'), '3']),
			reason: 'crash',
			stdout: 'b1 d3\n',
			exit: {code: 3, signal: null},
			stderr: 'crash.sh: something went wrong\n',
			says: 'status 3',
			wallUnder: 3000,
		},
		{
			label: 'exit status 1 saying nothing (a crash, not no-output)',
			side: 2,
			player: () => external('no-list', [entry('fixed.sh'), file('empty-list.txt', '')]),
			reason: 'crash',
			stdout: '',
			exit: {code: 1, signal: null},
			stderr: 'fixed.sh: no move listed for player 2, move 1\n',
			says: 'status 1',
			wallUnder: 3000,
		},
		{
			label: 'a sleeper',
			side: 2,
			// Held its clock and the grace (HANG_GRACE_MS): a short clock, as the clock is not the question.
			clockMs: 300,
			player: () => external('sleeper', [entry('sleeper.sh')]),
			reason: 'hung',
			stdout: '',
			exit: {code: null, signal: 'SIGKILL'},
			stopped: 'hung',
			wallUnder: 300 + HANG_GRACE_MS + 1500,
		},
		{
			label: 'a flood',
			side: 1,
			player: () => external('flood', [entry('flood.sh')]),
			reason: 'flood',
			stdout: text => text.length === OUTPUT_LIMIT && text.startsWith('b1 d3\nb1 d3\n'),
			exit: {code: null, signal: 'SIGKILL'},
			stopped: 'flood',
			wallUnder: 3000,
		},
		{
			label: 'a CPU burner past its clock',
			side: 2,
			clockMs: 600,
			player: () => external('burner', [entry('burn.mjs'), '60000', file('burn-moves.txt', '')]),
			reason: 'time',
			stdout: '',
			exit: {code: null, signal: 'SIGKILL'},
			stopped: 'time',
			says: 'clock ran out',
			wallUnder: 600 + HANG_GRACE_MS,
		},
		// About 10-15 ms of CPU against a 5 ms clock, done long before the first live reading (100 ms): the accounting catches it.
		{
			label: 'a legal answer that took more CPU than the clock had left',
			side: 1,
			clockMs: 5,
			player: () => external('spin', [spin()]),
			reason: 'time',
			stdout: 'b1 d3\n',
			exit: {code: 0, signal: null},
			says: 'this move took',
			wallUnder: 3000,
		},
		{
			label: 'an entry that exits at once',
			side: 2,
			player: () => external('quit', [entry('quit.sh')]),
			reason: 'no-output',
			stdout: '',
			exit: {code: 0, signal: null},
			wallUnder: 3000,
		},
	];

	test.each(cases)('$label ($reason, player $side)', async testCase => {
		const {side, reason, clockMs = 60_000} = testCase;
		const faulty = testCase.player();
		const opponent = fixed(WON, 'opponent');
		const players: [PlayerSpec, PlayerSpec] = side === 1 ? [faulty, opponent] : [opponent, faulty];
		const {record, wallMs} = await played(setupOf(players, clockMs));

		expect(record.reason).toBe(reason);
		expect(record.result).toBe('win');
		expect(record.winner).toBe(other(side));
		expect(record.disqualified).toBe(side);
		expect(matchPoints(record, other(side))).toBe(2);
		expect(matchPoints(record, side)).toBe(0);
		expect(record.description.startsWith(`${nameOf(faulty, side)} loses: `)).toBe(true);
		if (testCase.says) expect(record.description).toContain(testCase.says);
		expect(wallMs).toBeLessThan(testCase.wallUnder);

		// The opponent's first move (when RED is the faulty one, none), then the faulty move.
		expect(record.plies).toBe(side - 1);
		expect(record.moves).toHaveLength(side);
		expect(record.points).toEqual(WON.states[side - 1]!.points);
		const last: MoveRecord = record.moves.at(-1)!;
		expect(last.player).toBe(side);
		expect(last.move).toBe('');
		if (typeof testCase.stdout === 'string') expect(last.stdout).toBe(testCase.stdout);
		else expect(testCase.stdout(last.stdout ?? '')).toBe(true);
		expect(last.exit).toEqual(testCase.exit);
		if (testCase.stderr === undefined) expect(last).not.toHaveProperty('stderr');
		else expect(last.stderr).toBe(testCase.stderr);
		if (testCase.stopped === undefined) expect(last).not.toHaveProperty('stopped');
		else expect(last.stopped).toBe(testCase.stopped);
		// The opponent's move was not stopped.
		for (const move of record.moves.slice(0, -1)) expect(move).not.toHaveProperty('stopped');
		if (reason === 'time') {
			expect(last.cpuMs).toBeGreaterThanOrEqual(clockMs);
			expect(last.clockAfter).toBe(0);
			// Stopped live, it is stopped within a few readings (100 ms apart) of running out.
			if (testCase.stopped === 'time') expect(last.cpuMs).toBeLessThan(clockMs + 500);
		}
		expectClockAccounting(record, clockMs);
		// The final position is the one the faulty side was given, its clock as it ended.
		expect(withoutClocks(record.finalPosition)).toBe(withoutClocks(loaps.format(WON.states[side - 1]!)));
	});
});

describe('stderr', () => {
	test('an entry that talks on stderr has it recorded with each move, and is not disqualified for it', async () => {
		const chatty = external('chatty', [entry('chatty.sh'), movesFile(WON)]);
		const {record} = await played(setupOf([chatty, fixed(WON, 'quiet')]));
		const outcome = outcomeOf(WON);
		expect(record.disqualified).toBeNull();
		expect([record.reason, record.result, record.winner]).toEqual([outcome.reason, outcome.result, outcome.winner]);
		expect(record.moves.map(move => move.move)).toEqual(WON.moves.map(move => moveName(move, 7)));
		for (const [ply, move] of record.moves.entries()) {
			const state = WON.states[ply]!;
			if (move.player === 1) expect(move.stderr).toBe(`chatty: thinking about 1 ${state.moveNumber}\n`);
			else expect(move).not.toHaveProperty('stderr');
		}
	});
});

describe('built-in players', () => {
	test('a built-in AI against a faulty entry: its moves are recorded without stdout or exit, the entry loses', async () => {
		const {record} = await played(setupOf([random, external('garbage', [entry('garbage.sh')])]));
		expect(record.reason).toBe('unparsable');
		expect(record.winner).toBe(1);
		expect(record.disqualified).toBe(2);
		expect(record.plies).toBe(1);
		const first = record.moves[0]!;
		expect(first.player).toBe(1);
		expect(loaps.legalMoves(loaps.initial()).map(move => loaps.formatMove(loaps.initial(), move))).toContain(first.move);
		expect(first).not.toHaveProperty('stdout');
		expect(first).not.toHaveProperty('exit');
		expect(first).not.toHaveProperty('stderr');
		expect(record.moves[1]!.stdout).toBe('I resign, good game!\n');
	});

	test('two built-in AIs play a whole game that replays under the rules', async () => {
		const clockMs = 30_000;
		const {record} = await played(setupOf([random, {...random, name: 'ai:random #2'}], clockMs));
		expect(record.disqualified).toBeNull();
		let state = loaps.initial();
		for (const move of record.moves) {
			expect(move.player).toBe(loaps.toMove(state));
			const parsed = loaps.parseMove(state, move.move);
			expect(parsed.ok).toBe(true);
			if (!parsed.ok) return;
			state = loaps.play(state, parsed.value);
		}
		const outcome = loaps.outcome(state)!;
		expect(outcome).not.toBeNull();
		expect([record.reason, record.result, record.winner, record.points, record.plies]).toEqual([
			outcome.reason,
			outcome.result,
			outcome.winner,
			state.points,
			record.moves.length,
		]);
		expectClockAccounting(record, clockMs);
	});
});

describe('Ctrl-C', () => {
	test('an abort mid-game resolves null at once, kills the running entry and removes the folder', async () => {
		const marker = `potm-play-test-${process.pid}-${Date.now()}`;
		const waiting = file(`waiting-${marker}.sh`, '#!/bin/sh\nsleep 1000\n', 0o755);
		const controller = new AbortController();
		const setup = setupOf([fixed(WON), external('waiting', [waiting])], 60_000, controller.signal);
		const pending = playGame(setup);
		// BLUE is thinking once its script is running.
		await vi.waitFor(() => expect(live(marker).length).toBeGreaterThan(0), {timeout: 10_000, interval: 20});
		const aborted = performance.now();
		controller.abort();
		expect(await pending).toBeNull();
		expect(performance.now() - aborted).toBeLessThan(1000);
		expect(existsSync(setup.dir)).toBe(false);
		expect(await gone(marker)).toEqual([]);
	});

	test('a signal aborted before the game: null, nothing played, no folder left', async () => {
		const setup = setupOf([fixed(WON), fixed(WON)], 60_000, AbortSignal.abort());
		expect(await playGame(setup)).toBeNull();
		expect(existsSync(setup.dir)).toBe(false);
	});
});

/** Pids of live (not zombie) processes whose command line holds `marker`. */
function live(marker: string): number[] {
	const found: number[] = [];
	for (const name of readdirSync('/proc')) {
		if (!/^\d+$/.test(name)) continue;
		try {
			if (!readFileSync(`/proc/${name}/cmdline`, 'latin1').includes(marker)) continue;
			const stat = readFileSync(`/proc/${name}/stat`, 'latin1');
			const state = stat[stat.lastIndexOf(')') + 2];
			// PID 1 here does not reap orphans: a killed process may stay a zombie, which is not running.
			if (state !== 'Z' && state !== 'X') found.push(Number(name));
		} catch {
			// gone while we looked
		}
	}
	return found;
}

async function gone(marker: string, ms = 1000): Promise<number[]> {
	const deadline = performance.now() + ms;
	let left = live(marker);
	while (left.length > 0 && performance.now() < deadline) {
		await new Promise(resolve => setTimeout(resolve, 20));
		left = live(marker);
	}
	return left;
}
