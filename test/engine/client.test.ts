/**
 * The engine client against a real worker: moves, progress, stop, multi-PV, crashes and their
 * recovery, the built worker, close, refused positions, and a worker that never keeps the program
 * alive. Timings are asserted loosely: the benchmark measures them, these tests only catch stalls.
 */
import {spawnSync} from 'node:child_process';
import {readdirSync, readFileSync} from 'node:fs';
import {getPriority} from 'node:os';
import {fileURLToPath} from 'node:url';
import {Worker} from 'node:worker_threads';
import {afterEach, describe, expect, test, vi} from 'vitest';
import {
	EngineClient,
	EngineCrash,
	spawnEngineWorker,
	type EngineClientOptions,
	type EngineInfo,
	type EngineResult,
} from '../../source/engine/client.js';
import type {WorkerSetup} from '../../source/engine/protocol.js';
import type {Game} from '../../source/games/game.js';
import {classicLoa, classicLoaMoverWins, loaps} from '../../source/games/loa/index.js';
import {PASS} from '../../source/games/loa/notation.js';
import type {LoaState} from '../../source/games/loa/rules.js';
import {CLASSIC_POSITIONS} from '../games/loa/classic-positions.js';
import {loadSave} from '../helpers/saves.js';

type ClientModule = typeof import('../../source/engine/client.js');

const root = fileURLToPath(new URL('../..', import.meta.url));
const builtClient = new URL('../../dist/engine/client.js', import.meta.url).href;

/** The result's move is legal in `state`, and its text, line and notation agree. */
function expectLegalResult<State>(game: Game<State>, state: State, result: EngineResult): void {
	expect(game.legalMoves(state)).toContain(result.move);
	expect(result.moveText).toBe(game.formatMove(state, result.move));
	expect(result.lines[0]?.move).toBe(result.move);
	expect(result.lines[0]?.text[0]).toBe(result.moveText);
}

const clients: EngineClient[] = [];

/** A client closed after the test. */
function client(options?: EngineClientOptions): EngineClient {
	const made = new EngineClient(options);
	clients.push(made);
	return made;
}

afterEach(async () => {
	await Promise.all(clients.splice(0).map(async made => made.close()));
});

/** A worker from a line of CommonJS; it receives the think message like the real one. */
const evalWorker = (code: string): Worker => new Worker(code, {eval: true});

/** Spawns `first()` the first time, the real engine worker after that. */
function spawnFirst(first: () => Worker): (setup: WorkerSetup) => Worker {
	let calls = 0;
	return setup => (calls++ === 0 ? first() : spawnEngineWorker(setup));
}

describe('think', () => {
	test('at a depth limit: a legal move, its text, its line, and the depth asked for; clear() between games', async () => {
		const engine = client();
		for (const state of [loaps.initial(), loadSave('red-move-10.txt'), loadSave('blue-move-28.txt')]) {
			const result = await engine.think(loaps, state, {limits: {depth: 3}});
			expectLegalResult(loaps, state, result);
			expect(result.depth).toBe(3);
			expect(result.stoppedBy).toBe('depth');
			expect(result.blundered).toBe(false);
			engine.clear();
		}
		expect(engine.busy).toBe(false);
		expect(engine.workersStarted).toBe(1);
	});

	test('progress: regular events in an infinite analysis, clock, nodes and depth never going back', async () => {
		const engine = client();
		const state = loaps.initial();
		const events: EngineInfo[] = [];
		const thinking = engine.think(loaps, state, {limits: {}}, info => events.push(info));
		await vi.waitFor(() => expect(events.at(-1)?.elapsedMs ?? 0).toBeGreaterThanOrEqual(600), {timeout: 10_000, interval: 20});
		const result = await engine.stop();
		expect(result).not.toBeNull();
		expect(await thinking).toBe(result);

		expect(events.length).toBeGreaterThanOrEqual(4);
		let largestGap = 0;
		for (const [index, info] of events.entries()) {
			expect(info.depth).toBeGreaterThanOrEqual(0);
			expect(info.lines.length).toBeGreaterThanOrEqual(1);
			for (const line of info.lines) {
				expect(line.text.length).toBeGreaterThanOrEqual(1);
				expect(line.text[0]).toBe(loaps.formatMove(state, line.move));
			}
			const previous = events[index - 1];
			if (!previous) continue;
			expect(info.elapsedMs).toBeGreaterThanOrEqual(previous.elapsedMs);
			expect(info.nodes).toBeGreaterThanOrEqual(previous.nodes);
			expect(info.depth).toBeGreaterThanOrEqual(previous.depth);
			largestGap = Math.max(largestGap, info.elapsedMs - previous.elapsedMs);
		}
		expect(largestGap).toBeLessThan(400);
		const last = events.at(-1)!;
		expect(result!.nodes).toBeGreaterThanOrEqual(last.nodes);
		expect(result!.elapsedMs).toBeGreaterThanOrEqual(last.elapsedMs);
	});

	test('multiPv 3: three lines with distinct legal first moves, best first', async () => {
		const engine = client();
		for (const state of [loaps.initial(), loadSave('blue-move-28.txt')]) {
			const result = await engine.think(loaps, state, {limits: {depth: 3, multiPv: 3}});
			expect(result.depth).toBe(3);
			expect(result.lines).toHaveLength(3);
			const legal = loaps.legalMoves(state);
			for (const line of result.lines) {
				expect(legal).toContain(line.move);
				expect(line.pv[0]).toBe(line.move);
				expect(line.text[0]).toBe(loaps.formatMove(state, line.move));
			}
			expect(new Set(result.lines.map(line => line.move)).size).toBe(3);
			const scores = result.lines.map(line => line.score);
			expect(scores).toEqual([...scores].sort((a, b) => b - a));
			expect(result.move).toBe(result.lines[0]!.move);
			expect(result.score).toBe(result.lines[0]!.score);
		}
	});
});

describe('nice', () => {
	/** The nice value of each of this process's threads (Linux keeps one a thread). */
	const niceValues = (): number[] =>
		readdirSync('/proc/self/task').map(task => {
			const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
			return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
		});

	test.skipIf(process.platform !== 'linux')(
		'a client asked for it runs its worker at that nice value, and only it: the process’s other threads as they were',
		async () => {
			const before = niceValues();
			const engine = client({nice: 7});
			await engine.think(loaps, loaps.initial(), {limits: {depth: 1}});
			const after = niceValues();
			expect(after.filter(value => value === 7)).toHaveLength(before.filter(value => value === 7).length + 1);
			expect(getPriority()).toBe(0);
		},
	);
});

describe('stop', () => {
	test('answers an infinite think at once with a legal move; the think resolves with the same result; idle, null', async () => {
		const engine = client();
		expect(await engine.stop()).toBeNull();
		const state = loadSave('red-move-10.txt');
		let progress = 0;
		const thinking = engine.think(loaps, state, {limits: {}}, () => progress++);
		expect(engine.busy).toBe(true);
		await vi.waitFor(() => expect(progress).toBeGreaterThan(0), {timeout: 10_000, interval: 20});
		const stopped = await engine.stop();
		expect(stopped).not.toBeNull();
		expect(stopped!.stoppedBy).toBe('stop');
		expectLegalResult(loaps, state, stopped!);
		expect(await thinking).toBe(stopped);
		expect(engine.busy).toBe(false);
		expect(await engine.stop()).toBeNull();
	});

	test('a second think stops the first, which resolves with what it had; the second completes', async () => {
		const engine = client();
		const first = loaps.initial();
		const second = loadSave('blue-move-28.txt');
		let progress = 0;
		const thinking = engine.think(loaps, first, {limits: {}}, () => progress++);
		await vi.waitFor(() => expect(progress).toBeGreaterThan(0), {timeout: 10_000, interval: 20});
		const next = engine.think(loaps, second, {limits: {depth: 2}});
		const stopped = await thinking;
		expect(stopped.stoppedBy).toBe('stop');
		expectLegalResult(loaps, first, stopped);
		const result = await next;
		expect(result.stoppedBy).toBe('depth');
		expect(result.depth).toBe(2);
		expectLegalResult(loaps, second, result);
		expect(engine.workersStarted).toBe(1);
	});

	test('thinks called back to back without waiting: every one settles, the last one runs to its limit', async () => {
		const engine = client();
		const state = loaps.initial();
		const first = engine.think(loaps, state, {limits: {}});
		const second = engine.think(loaps, state, {limits: {}});
		const third = engine.think(loaps, state, {limits: {depth: 2}});
		const [a, b, c] = await Promise.all([first, second, third]);
		expect(a.stoppedBy).toBe('stop');
		expect(b.stoppedBy).toBe('stop');
		expect(c.stoppedBy).toBe('depth');
		expect(c.depth).toBe(2);
		for (const result of [a, b, c]) expectLegalResult(loaps, state, result);
		expect(engine.busy).toBe(false);
	});
});

describe('crashes', () => {
	test('a worker that throws: the think rejects with an EngineCrash, listeners hear once, the next think starts a fresh worker', async () => {
		const engine = client({
			spawn: spawnFirst(() => evalWorker(`require('node:worker_threads').parentPort.on('message', () => { throw new Error('kaboom'); });`)),
		});
		const crashes: EngineCrash[] = [];
		engine.onCrash(error => crashes.push(error));
		const state = loaps.initial();
		const failed = engine.think(loaps, state, {limits: {depth: 2}});
		await expect(failed).rejects.toBeInstanceOf(EngineCrash);
		await expect(failed).rejects.toThrow(/the engine crashed: kaboom/);
		expect(engine.busy).toBe(false);
		expect(crashes).toHaveLength(1);
		expect(crashes[0]).toBeInstanceOf(EngineCrash);

		const result = await engine.think(loaps, state, {limits: {depth: 2}});
		expectLegalResult(loaps, state, result);
		expect(engine.workersStarted).toBe(2);
		expect(crashes).toHaveLength(1);
	});

	test('a worker that exits is a crash too, with its exit code; an unsubscribed listener hears nothing', async () => {
		const engine = client({
			spawn: spawnFirst(() => evalWorker(`require('node:worker_threads').parentPort.on('message', () => process.exit(3));`)),
		});
		const crashes: EngineCrash[] = [];
		engine.onCrash(error => crashes.push(error));
		const unsubscribed = vi.fn();
		engine.onCrash(unsubscribed)();
		const state = loadSave('red-move-10.txt');
		const failed = engine.think(loaps, state, {limits: {depth: 2}});
		await expect(failed).rejects.toBeInstanceOf(EngineCrash);
		await expect(failed).rejects.toThrow(/exit code 3/);
		expect(crashes).toHaveLength(1);
		expect(unsubscribed).not.toHaveBeenCalled();

		const result = await engine.think(loaps, state, {limits: {depth: 2}});
		expectLegalResult(loaps, state, result);
		expect(engine.workersStarted).toBe(2);
		expect(crashes).toHaveLength(1);
	});
});

describe('close', () => {
	test('a think under way rejects, and a think after close rejects', async () => {
		const engine = client();
		let progress = 0;
		const thinking = engine.think(loaps, loaps.initial(), {limits: {}}, () => progress++);
		const crashes = vi.fn();
		engine.onCrash(crashes);
		await vi.waitFor(() => expect(progress).toBeGreaterThan(0), {timeout: 10_000, interval: 20});
		const rejected = expect(thinking).rejects.toThrow(/closed/);
		await engine.close();
		await rejected;
		expect(engine.busy).toBe(false);
		await expect(engine.think(loaps, loaps.initial(), {limits: {depth: 1}})).rejects.toThrow(/closed/);
		expect(engine.workersStarted).toBe(1);
		// Terminating the worker is not a crash.
		expect(crashes).not.toHaveBeenCalled();
	});
});

describe('refused positions', () => {
	test('a position the worker cannot read, or an unknown game: the think rejects with the reason; the worker goes on', async () => {
		const engine = client();
		const crashes = vi.fn();
		engine.onCrash(crashes);
		const garbled: Game<LoaState> = {...loaps, format: () => 'garbage\n'};
		await expect(engine.think(garbled, loaps.initial(), {limits: {depth: 1}})).rejects.toThrow(
			/^position line 1: expected two numbers.*"garbage"/,
		);
		const unknown: Game<LoaState> = {...loaps, id: 'no-such-game'};
		await expect(engine.think(unknown, loaps.initial(), {limits: {depth: 1}})).rejects.toThrow('no game "no-such-game"');
		expect(engine.busy).toBe(false);

		const result = await engine.think(loaps, loaps.initial(), {limits: {depth: 2}});
		expectLegalResult(loaps, loaps.initial(), result);
		expect(engine.workersStarted).toBe(1);
		expect(crashes).not.toHaveBeenCalled();
	});
});

describe('the built client', () => {
	test('dist/engine/client.js starts dist/engine/worker.js and plays a legal move', async () => {
		const built = (await import(builtClient)) as ClientModule;
		expect(built.EngineClient).not.toBe(EngineClient);
		const engine = new built.EngineClient();
		clients.push(engine);
		const state = loaps.initial();
		const result = await engine.think(loaps, state, {limits: {depth: 2}});
		expectLegalResult(loaps, state, result);
		expect(result.depth).toBe(2);
	});

	test('an idle worker does not keep the program alive: a script that never closes its client exits by itself', () => {
		const script = fileURLToPath(new URL('../fixtures/think-without-close.mjs', import.meta.url));
		const run = spawnSync(process.execPath, [script], {cwd: root, encoding: 'utf8', timeout: 10_000});
		expect(run.error).toBeUndefined();
		expect(run.stderr).toBe('');
		expect(run.signal).toBeNull();
		expect(run.status).toBe(0);
		const state = loaps.initial();
		const move = loaps.parseMove(state, run.stdout.trim());
		expect(move.ok).toBe(true);
	});

	test('nor does one with a Lazy SMP helper: a script that thinks on two threads and never closes its client exits by itself', () => {
		const script = fileURLToPath(new URL('../fixtures/threads-without-close.mjs', import.meta.url));
		const run = spawnSync(process.execPath, [script], {cwd: root, encoding: 'utf8', timeout: 30_000});
		expect(run.error).toBeUndefined();
		expect(run.stderr).toBe('');
		expect(run.signal).toBeNull();
		expect(run.status).toBe(0);
		const [moveText, threads] = run.stdout.trim().split('\n');
		expect(loaps.parseMove(loaps.initial(), moveText!).ok).toBe(true);
		expect(threads).toBe('2');
	});
});

describe('classic LOA: the game before the position reaches the worker', () => {
	/** The classic start after b1 b3, a2 c2, b3 b1, c2 a2, b1 b3, a2 c2, b3 b1: c2 a2 would bring it back a third time. */
	function twiceRound(game: typeof classicLoa): LoaState {
		let state = game.initial();
		for (const text of ['b1 b3', 'a2 c2', 'b3 b1', 'c2 a2', 'b1 b3', 'a2 c2', 'b3 b1']) {
			const parsed = game.parseMove(state, text);
			if (!parsed.ok) throw new Error(parsed.error);
			state = game.play(state, parsed.value);
		}
		return state;
	}

	test('the worker scores the move that repeats a third time as a draw, and only with the history', async () => {
		const engine = client();
		for (const game of [classicLoa, classicLoaMoverWins]) {
			const state = twiceRound(game);
			expect(game.past(state).moves).toHaveLength(7);
			const count = game.legalMoves(state).length;
			const closing = (result: EngineResult) => result.lines.find(line => line.text[0] === 'c2 a2')?.score;
			const withPast = await engine.think(game, state, {limits: {depth: 1, multiPv: count}});
			expect(withPast.lines, game.id).toHaveLength(count);
			expect(closing(withPast), game.id).toBe(0);
			// The same position as a file alone: the worker cannot know, and the move keeps its score.
			const alone = game.parse(game.format(state), 'alone');
			if (!alone.ok) throw new Error(alone.error.message);
			expect(game.past(alone.value).moves).toEqual([]);
			const withoutPast = await engine.think(game, alone.value, {limits: {depth: 1, multiPv: count}});
			expect(closing(withoutPast), game.id).toBeDefined();
			expect(closing(withoutPast), game.id).not.toBe(0);
			engine.clear();
		}
	});

	test('a side that must pass: the worker answers "pass"', async () => {
		const engine = client();
		const parsed = classicLoa.parse(CLASSIC_POSITIONS.boxed.text, 'boxed');
		if (!parsed.ok) throw new Error(parsed.error.message);
		const result = await engine.think(classicLoa, parsed.value, {limits: {depth: 2}});
		expect(result.move).toBe(PASS);
		expect(result.moveText).toBe('pass');
		expect(result.lines[0]?.text[0]).toBe('pass');
	});
});
