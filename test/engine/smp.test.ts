/**
 * Lazy SMP (docs/ai.md §5): which searches run on several threads, the helpers' staggered depths, a
 * helper's search on the shared table, the helpers of the engine worker (a failing one costs the
 * main search nothing), and the engine client on two threads from the sources: a legal move, its
 * progress, a prompt stop, and no thread left once it closes.
 */
import {readdirSync} from 'node:fs';
import {Worker} from 'node:worker_threads';
import {afterAll, afterEach, describe, expect, test, vi} from 'vitest';
import {EngineClient, type EngineInfo, type EngineResult} from '../../source/engine/client.js';
import {Helpers, JOINED, LEAVE_MS} from '../../source/engine/helpers.js';
import {planMove} from '../../source/engine/levels.js';
import {searchesOnThreads} from '../../source/engine/players.js';
import type {WorkerSetup} from '../../source/engine/protocol.js';
import {Searcher, skipsDepth} from '../../source/engine/search.js';
import {defaultThreads, MAX_THREADS} from '../../source/engine/threads.js';
import {loaps} from '../../source/games/loa/index.js';
import type {LoaState} from '../../source/games/loa/rules.js';
import {spawnBundledEngine} from '../helpers/engine-bundle.js';
import {loadSave} from '../helpers/saves.js';

describe('which searches run on several threads', () => {
	test('levels 4 and 5, a hint and analysis may; levels 1 to 3, a search to a depth and the players that do not search keep one', () => {
		const clock = {remainingMs: 60_000, movesLeft: 40, overheadMs: 60};
		for (const level of [1, 2, 3]) expect(searchesOnThreads(planMove(level, {clock})), `level ${level}`).toBe(false);
		for (const level of [4, 5]) expect(searchesOnThreads(planMove(level, {clock})), `level ${level}`).toBe(true);
		expect(searchesOnThreads(planMove(5, {fixedMs: 500}))).toBe(true);
		expect(searchesOnThreads({limits: {multiPv: 3}})).toBe(true);
		expect(searchesOnThreads({limits: {depth: 8}})).toBe(false);
		expect(searchesOnThreads({limits: {}, player: 'greedy'})).toBe(false);
		expect(searchesOnThreads({limits: {}, config: {evalNoise: 10}})).toBe(false);
		expect(searchesOnThreads({limits: {}, blunderRate: 0.1})).toBe(false);
	});

	test('the default: every core up to two, one left to the screen beyond', () => {
		expect([1, 2, 3, 4, 8, 16].map(defaultThreads)).toEqual([1, 2, 2, 3, 7, 15]);
		expect(defaultThreads(0)).toBe(1);
		expect(defaultThreads(256)).toBe(MAX_THREADS);
	});
});

describe('staggered depths', () => {
	const searched = (helper: number) => Array.from({length: 12}, (_, at) => at + 1).filter(depth => !skipsDepth(helper, depth));

	test('the main search skips none; the first helper searches the even depths, the next the odd; later ones skip blocks of two', () => {
		expect(searched(0)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
		expect(searched(1)).toEqual([2, 4, 6, 8, 10, 12]);
		expect(searched(2)).toEqual([1, 3, 5, 7, 9, 11]);
		expect(searched(3)).toEqual([1, 4, 5, 8, 9, 12]);
		// Helper 21 starts the table again.
		expect(searched(21)).toEqual(searched(1));
	});

	test('a helper on the shared table: it searches its own depths, and the main search after it finds its tree there', () => {
		const state = loadSave('red-move-10.txt');
		const alone = new Searcher({tableMegabytes: 4, sharedTable: true}).search(loaps.searchPosition(state), {depth: 7});
		const main = new Searcher({tableMegabytes: 4, sharedTable: true});
		const shared = () => new Searcher({sharedTable: main.tableMemory as SharedArrayBuffer});
		// The first helper's deepest iteration is 6, the last even one under 7 (the loop ends at 7, which it skips).
		expect(shared().search(loaps.searchPosition(state), {depth: 7}, {helper: 1}).depth).toBe(6);
		// The second searches the odd depths, 7 its last: the main search then finds that tree.
		const fresh = new Searcher({tableMegabytes: 4, sharedTable: true});
		const helped = new Searcher({sharedTable: fresh.tableMemory as SharedArrayBuffer}).search(
			loaps.searchPosition(state),
			{depth: 7},
			{helper: 2},
		);
		expect(helped.depth).toBe(7);
		const after = fresh.search(loaps.searchPosition(state), {depth: 7});
		expect(loaps.legalMoves(state)).toContain(after.move);
		expect(after.depth).toBe(7);
		expect(after.nodes).toBeLessThan(alone.nodes * 0.8);
	});
});

describe("the engine worker's helpers", () => {
	const state = loadSave('blue-move-28.txt');
	const search = {id: 1, game: loaps.id, position: loaps.format(state)};

	/** The main search on this thread, as the engine worker runs it while its helpers search. */
	function mainSearch(searcher: Searcher) {
		return searcher.search(loaps.searchPosition(state), {nodes: 20_000});
	}

	test('a helper that throws: the main search answers all the same, the helper is ended, and the next think starts another', async () => {
		const started: Worker[] = [];
		const throwing = () => {
			const worker = new Worker(`require('node:worker_threads').parentPort.on('message', () => { throw new Error('helper kaboom'); });`, {
				eval: true,
			});
			started.push(worker);
			return worker;
		};
		const searcher = new Searcher({tableMegabytes: 1, sharedTable: true});
		const helpers = new Helpers(throwing, new SharedArrayBuffer(4), searcher.tableMemory as SharedArrayBuffer);
		try {
			helpers.start(1, search);
			const failed = new Promise(resolve => started[0]!.once('error', resolve));
			const result = mainSearch(searcher);
			expect(helpers.finish()).toBe(0);
			expect(loaps.legalMoves(state)).toContain(result.move);
			await failed;
			await vi.waitFor(() => expect(helpers.running).toBe(0));
			expect(helpers.failed).toBe(1);
			helpers.start(1, {...search, id: 2});
			expect(helpers.started).toBe(2);
			expect(helpers.running).toBe(1);
			helpers.finish();
		} finally {
			await Promise.all(started.map(async worker => worker.terminate()));
		}
	});

	test('a helper the system will not start: the think goes on without it, and the next think tries again', () => {
		let calls = 0;
		const refusing = (): Worker => {
			calls++;
			throw new Error('ERR_WORKER_INIT_FAILED');
		};
		const searcher = new Searcher({tableMegabytes: 1, sharedTable: true});
		const helpers = new Helpers(refusing, new SharedArrayBuffer(4), searcher.tableMemory as SharedArrayBuffer);
		helpers.start(2, search);
		expect(loaps.legalMoves(state)).toContain(mainSearch(searcher).move);
		expect(helpers.finish()).toBe(0);
		expect([helpers.running, helpers.failed, calls]).toEqual([0, 2, 2]);
		helpers.start(2, {...search, id: 2});
		helpers.finish();
		expect([helpers.running, helpers.failed, calls]).toEqual([0, 4, 4]);
	});

	test('a helper that stops inside a think without leaving it: the think ends after LEAVE_MS at most, and the helper is ended', async () => {
		const started: Worker[] = [];
		const stuck = (setup: WorkerSetup) => {
			// It marks itself in the think, says so, and never leaves it (as a thread that died there).
			const code = `const {parentPort, workerData} = require('node:worker_threads');
				const control = new Int32Array(workerData.helper.control);
				parentPort.on('message', message => { Atomics.store(control, 1 + workerData.helper.index, message.id); parentPort.postMessage('in'); });`;
			const worker = new Worker(code, {eval: true, workerData: setup});
			started.push(worker);
			return worker;
		};
		const searcher = new Searcher({tableMegabytes: 1, sharedTable: true});
		const helpers = new Helpers(stuck, new SharedArrayBuffer(4), searcher.tableMemory as SharedArrayBuffer);
		try {
			helpers.start(1, search);
			await new Promise(resolve => started[0]!.once('message', resolve));
			const result = mainSearch(searcher);
			const ending = performance.now();
			helpers.finish();
			const waited = performance.now() - ending;
			expect(waited).toBeGreaterThanOrEqual(LEAVE_MS - 5);
			expect(waited).toBeLessThan(LEAVE_MS + 1000);
			expect(loaps.legalMoves(state)).toContain(result.move);
			expect(helpers.running).toBe(0);
			expect(helpers.failed).toBe(1);
		} finally {
			await Promise.all(started.map(async worker => worker.terminate()));
		}
	});

	test('real helpers from the engine worker module: they join the think, leave it at its end, and are ended when fewer are asked for', async () => {
		const made: Worker[] = [];
		let control: Int32Array | null = null;
		const spawn = (setup: WorkerSetup) => {
			control ??= new Int32Array(setup.helper!.control);
			const worker = spawnBundledEngine(setup);
			made.push(worker);
			return worker;
		};
		const searcher = new Searcher({tableMegabytes: 4, sharedTable: true});
		const helpers = new Helpers(spawn, new SharedArrayBuffer(4), searcher.tableMemory as SharedArrayBuffer);
		const exits = () => made.map(worker => new Promise(resolve => worker.once('exit', resolve)));
		try {
			helpers.start(2, search);
			// The think waits, open, until both helpers have loaded their modules (a second or so) and joined it, as the
			// control words say; then the main search runs with them, and the think's end counts them in it.
			await vi.waitFor(() => expect(Atomics.load(control!, JOINED)).toBe(2), {timeout: 30_000, interval: 20});
			searcher.search(loaps.searchPosition(state), {softMs: 100, hardMs: 100});
			expect(helpers.finish()).toBe(2);
			expect(helpers.started).toBe(2);
			const ended = exits();
			helpers.start(0, {...search, id: 100});
			helpers.finish();
			await Promise.all(ended);
			expect(helpers.running).toBe(0);
			expect(helpers.failed).toBe(0);
		} finally {
			await Promise.all(made.map(async worker => worker.terminate()));
		}
	});
});

/** Threads of this process, where the system lists them (Linux). */
const threadsNow = (): number => readdirSync('/proc/self/task').length;

describe('the engine client on two threads', () => {
	const clients: EngineClient[] = [];
	const client = (threads: number) => {
		const made = new EngineClient({threads, tableMegabytes: 8, spawn: spawnBundledEngine});
		clients.push(made);
		return made;
	};
	afterEach(async () => {
		await Promise.all(clients.splice(0).map(async made => made.close()));
	});
	/**
	 * The client of the analysis test and of the closing one, made by the first of them that runs: its
	 * worker and first helper are loaded once (a third of a second of CPU each, from the sources), and
	 * the threads of the process before it was made are what its closing must come back to.
	 */
	let shared: {readonly engine: EngineClient; readonly threadsBefore: number} | null = null;
	const sharedClient = () =>
		(shared ??= {threadsBefore: threadsNow(), engine: new EngineClient({threads: 2, tableMegabytes: 8, spawn: spawnBundledEngine})});
	afterAll(async () => {
		await shared?.engine.close();
	});

	function expectLegal(state: LoaState, result: EngineResult): void {
		expect(loaps.legalMoves(state)).toContain(result.move);
		expect(result.moveText).toBe(loaps.formatMove(state, result.move));
		expect(result.lines[0]?.move).toBe(result.move);
	}

	test('refuses a count of threads out of bounds', () => {
		expect(() => new EngineClient({threads: 0})).toThrow(/1 to 64 threads, not 0/);
		const engine = client(1);
		expect(() => engine.setThreads(65)).toThrow(/1 to 64 threads, not 65/);
		expect(() => engine.setThreads(1.5)).toThrow(/not 1.5/);
		engine.setThreads(2);
		expect(engine.threads).toBe(2);
	});

	test('analysis on two threads: progress as on one, a legal move, and a stop answered at once; level 3 and a CPU clock keep one thread', async () => {
		const {engine} = sharedClient();
		engine.setThreads(2);
		const state = loadSave('red-move-10.txt');
		const events: EngineInfo[] = [];
		// Until the helper has joined: the first think starts it, and it loads its modules while the think goes on.
		let result: EngineResult | null = null;
		for (let attempt = 0; attempt < 20 && result?.threads !== 2; attempt++) {
			events.length = 0;
			const thinking = engine.think(loaps, state, {limits: {}}, info => events.push(info));
			await vi.waitFor(() => expect(events.at(-1)?.elapsedMs ?? 0).toBeGreaterThanOrEqual(400), {timeout: 10_000, interval: 20});
			const asked = performance.now();
			result = await engine.stop();
			expect(performance.now() - asked).toBeLessThan(1000);
			expect(await thinking).toBe(result);
		}
		expect(result!.threads).toBe(2);
		expect(result!.stoppedBy).toBe('stop');
		expectLegal(state, result!);
		expect(events.length).toBeGreaterThanOrEqual(3);
		for (const [index, info] of events.entries()) {
			expect(info.lines[0]?.text[0]).toBe(loaps.formatMove(state, info.lines[0]!.move));
			if (index > 0) expect(info.depth).toBeGreaterThanOrEqual(events[index - 1]!.depth);
		}

		const timed = await engine.think(loaps, state, planMove(5, {fixedMs: 300}));
		expect(timed.threads).toBe(2);
		expectLegal(state, timed);
		// One thread whatever the time: a short think says so as well as a long one.
		const club = await engine.think(loaps, state, planMove(3, {fixedMs: 100}));
		expect(club.threads).toBe(1);
		expectLegal(state, club);
		const charged = await engine.think(loaps, state, planMove(5, {fixedMs: 100}), undefined, {cpuClock: true});
		expect(charged.threads).toBe(1);
		engine.setThreads(1);
		expect((await engine.think(loaps, state, planMove(5, {fixedMs: 100}))).threads).toBe(1);
	});

	test.skipIf(process.platform !== 'linux')(
		'closing the client ends the worker and its helpers: the threads of the process are as before',
		async () => {
			// The client the analysis test used, if it ran: its worker and first helper already loaded.
			const {engine, threadsBefore: before} = sharedClient();
			engine.setThreads(3);
			const state = loaps.initial();
			let joined = 1;
			// Thinks of 100 ms until both helpers have loaded their modules and joined one; 6 s in all at most.
			for (let attempt = 0; attempt < 60 && joined < 3; attempt++)
				joined = (await engine.think(loaps, state, planMove(5, {fixedMs: 100}))).threads ?? 1;
			expect(joined).toBe(3);
			// The worker and two helpers, each a thread at least.
			expect(threadsNow()).toBeGreaterThanOrEqual(before + 3);
			const rejected = expect(engine.think(loaps, state, {limits: {}})).rejects.toThrow(/closed/);
			await engine.close();
			await rejected;
			// No more threads than before the client was made: a thread of an earlier test still ending
			// then may have gone since.
			await vi.waitFor(() => expect(threadsNow()).toBeLessThanOrEqual(before), {timeout: 5000, interval: 20});
		},
	);
});
