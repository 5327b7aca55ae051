/**
 * The engine client, in the main thread: `think` sends a position to the engine worker and
 * resolves with its move; progress arrives while it searches; `stop` makes it answer at once
 * with the best move so far. A worker that crashes is reported (the pending think rejects with
 * an EngineCrash, `onCrash` listeners hear of it) and a fresh one starts for the next think.
 *
 * The worker never keeps the program alive: it is referenced only while a think is under way,
 * and terminated when the program exits (or on `close`), its Lazy SMP helpers with it: they are
 * the worker's own threads (engine/helpers.ts).
 */
import type {Worker} from 'node:worker_threads';
import {startWorker} from '../worker-start.js';
import type {Game} from '../games/game.js';
import type {ThinkRequest} from './players.js';
import type {EngineInfo, EngineResult, FromWorker, ToWorker, WorkerSetup} from './protocol.js';
import {MAX_THREADS} from './threads.js';

export type {EngineInfo, EngineLine, EngineResult} from './protocol.js';

export class EngineCrash extends Error {
	override readonly name = 'EngineCrash';
}

/** Starts the engine worker: `worker.js` beside this module (its `.ts` under the sources). */
export function spawnEngineWorker(setup: WorkerSetup): Worker {
	return startWorker(import.meta.url, 'worker', {workerData: setup});
}

export interface EngineClientOptions {
	/** How to start a worker (tests pass their own); spawnEngineWorker by default. */
	readonly spawn?: (setup: WorkerSetup) => Worker;
	readonly tableMegabytes?: number;
	/** The worker's thread asks for less of the cores than the others (WorkerSetup's nice). */
	readonly nice?: number;
	/** Milliseconds between progress events; 100 by default. */
	readonly progressMs?: number;
	/**
	 * Threads a search at full strength may use (Lazy SMP, docs/ai.md §5), 1 to MAX_THREADS: the
	 * worker's own and its helpers'. 1 by default; setThreads changes it for the thinks after.
	 */
	readonly threads?: number;
}

interface Pending {
	readonly id: number;
	readonly promise: Promise<EngineResult>;
	readonly resolve: (result: EngineResult) => void;
	readonly reject: (error: Error) => void;
	readonly onProgress: ((info: EngineInfo) => void) | undefined;
}

export class EngineClient {
	private worker: Worker | null = null;
	private readonly stopFlag = new SharedArrayBuffer(4);
	private pending: Pending | null = null;
	private nextId = 1;
	private closed = false;
	private readonly crashListeners = new Set<(error: EngineCrash) => void>();
	/** Workers started so far (a crash makes the next think start another). */
	workersStarted = 0;
	private threadCount = 1;

	constructor(private readonly options: EngineClientOptions = {}) {
		this.setThreads(options.threads ?? 1);
	}

	/** Threads a search at full strength may use. */
	get threads(): number {
		return this.threadCount;
	}

	/** Threads for the thinks from the next on (the worker starts or ends its helpers then). */
	setThreads(count: number): void {
		if (!Number.isInteger(count) || count < 1 || count > MAX_THREADS)
			throw new RangeError(`an engine search takes 1 to ${MAX_THREADS} threads, not ${count}`);
		this.threadCount = count;
	}

	/** Whether a think is under way. */
	get busy(): boolean {
		return this.pending !== null;
	}

	/**
	 * Searches `state` and resolves with the move. A think still under way is stopped first (its
	 * own promise resolves with what it had).
	 */
	async think<State>(
		game: Game<State>,
		state: State,
		request: ThinkRequest,
		onProgress?: (info: EngineInfo) => void,
		options: {readonly cpuClock?: boolean} = {},
	): Promise<EngineResult> {
		if (this.closed) throw new Error('the engine client is closed');
		// Another think may have started while this one waited: the latest call always wins.
		while (this.pending) await this.stop().catch(() => undefined);
		if (this.closed) throw new Error('the engine client is closed');
		const worker = this.ensureWorker();
		Atomics.store(new Int32Array(this.stopFlag), 0, 0);
		const id = this.nextId++;
		let resolve!: (result: EngineResult) => void;
		let reject!: (error: Error) => void;
		const promise = new Promise<EngineResult>((yes, no) => {
			resolve = yes;
			reject = no;
		});
		this.pending = {id, promise, resolve, reject, onProgress};
		worker.ref();
		const past = game.past(state);
		const message: ToWorker = {
			type: 'think',
			id,
			game: game.id,
			position: game.format(state),
			...(past.moves.length > 0 ? {past: {start: game.format(past.start), moves: past.moves}} : {}),
			request,
			progressMs: this.options.progressMs ?? 100,
			...(options.cpuClock ? {cpuClock: true} : {}),
			...(this.threadCount > 1 ? {threads: this.threadCount} : {}),
		};
		worker.postMessage(message);
		return promise;
	}

	/** Asks the search under way to answer now; resolves with its result (null if none was under way). */
	async stop(): Promise<EngineResult | null> {
		const pending = this.pending;
		if (!pending) return null;
		Atomics.store(new Int32Array(this.stopFlag), 0, 1);
		return pending.promise;
	}

	/** A new game: the worker forgets what it learnt. */
	clear(): void {
		this.worker?.postMessage({type: 'clear'} satisfies ToWorker);
	}

	onCrash(listener: (error: EngineCrash) => void): () => void {
		this.crashListeners.add(listener);
		return () => this.crashListeners.delete(listener);
	}

	/** Stops the worker for good; a think under way rejects. */
	async close(): Promise<void> {
		this.closed = true;
		const worker = this.worker;
		this.worker = null;
		this.settle(null, new Error('the engine client was closed'));
		if (worker) await worker.terminate();
	}

	private ensureWorker(): Worker {
		if (this.worker) return this.worker;
		const spawn = this.options.spawn ?? spawnEngineWorker;
		const worker = spawn({
			stop: this.stopFlag,
			tableMegabytes: this.options.tableMegabytes ?? 32,
			...(this.options.nice === undefined ? {} : {nice: this.options.nice}),
		});
		this.workersStarted++;
		worker.unref();
		worker.on('message', (message: FromWorker) => this.receive(message));
		worker.on('error', error => this.crashed(worker, `the engine crashed: ${error.message}`));
		worker.on('exit', code => this.crashed(worker, `the engine stopped unexpectedly (exit code ${code})`));
		this.worker = worker;
		return worker;
	}

	private receive(message: FromWorker): void {
		const pending = this.pending;
		if (!pending || message.id !== pending.id) return;
		if (message.type === 'progress') pending.onProgress?.(message.info);
		else if (message.type === 'done') this.settle(message.result, null);
		else this.settle(null, new Error(message.message));
	}

	private settle(result: EngineResult | null, error: Error | null): void {
		const pending = this.pending;
		if (!pending) return;
		this.pending = null;
		this.worker?.unref();
		if (error) pending.reject(error);
		else pending.resolve(result!);
	}

	private crashed(worker: Worker, message: string): void {
		if (this.worker !== worker) return; // an old worker, already replaced or closed
		this.worker = null;
		void worker.terminate();
		const error = new EngineCrash(message);
		this.settle(null, error);
		for (const listener of this.crashListeners) listener(error);
	}
}
