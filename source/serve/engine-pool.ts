/**
 * The server's engines: a few workers shared by every session, not one a session, so that the
 * memory and the cores the AI takes stay bounded however many people play it at once. A session
 * gets an Engine of its own whose thinks wait their turn for a free worker, first come first
 * served; stopping one that waits takes it out of the line.
 */
import type {Game} from '../games/game.js';
import type {EngineInfo, EngineResult} from '../engine/client.js';
import type {ThinkRequest} from '../engine/players.js';
import type {Engine} from '../ui/context.js';

/** What the pool needs of a worker's client (EngineClient has it). */
export interface PooledClient {
	think<State>(game: Game<State>, state: State, request: ThinkRequest, onProgress?: (info: EngineInfo) => void): Promise<EngineResult>;
	stop(): Promise<EngineResult | null>;
	close(): Promise<void>;
}

/** One session's engine, drawing on the this. */
export interface PoolEngine extends Engine {
	/** Takes its think out of the line or stops it; the session is over. */
	close(): Promise<void>;
}

interface Waiting {
	readonly owner: object;
	readonly start: (client: PooledClient) => void;
	readonly cancel: () => void;
}

export class EnginePool {
	private readonly idle: PooledClient[] = [];
	private readonly line: Waiting[] = [];
	/** Which session's think each busy client runs. */
	private readonly busy = new Map<PooledClient, object>();
	private closed = false;

	constructor(private readonly clients: readonly PooledClient[]) {
		if (clients.length === 0) throw new RangeError('an engine pool needs a worker at least');
		this.idle.push(...clients);
	}

	/** Thinks waiting for a worker now. */
	get waiting(): number {
		return this.line.length;
	}

	/** An engine for one session. */
	session(): PoolEngine {
		const owner = {};
		// The client this session's think runs on; each think clears it only if it is still its own.
		let running: PooledClient | null = null;
		let finished = false;
		return {
			think: async <State>(game: Game<State>, state: State, request: ThinkRequest, onProgress?: (info: EngineInfo) => void) => {
				if (finished || this.closed) throw new Error('the engine is closed');
				// As a worker's own client does: a think under way is stopped first (it answers what it had).
				if (running) await running.stop().catch(() => undefined);
				return new Promise<EngineResult>((resolve, reject) => {
					this.enqueue({
						owner,
						cancel: () => reject(new Error('stopped before it started')),
						start: client => {
							running = client;
							client
								.think(game, state, request, onProgress)
								.then(resolve, reject)
								.finally(() => {
									if (running === client) running = null;
									this.release(client);
								});
						},
					});
				});
			},
			stop: async () => {
				if (this.cancel(owner)) return null;
				return running ? running.stop() : null;
			},
			// The workers' tables are shared: what one game taught them does another no harm.
			clear: () => undefined,
			close: async () => {
				finished = true;
				this.cancel(owner);
				if (running) await running.stop().catch(() => undefined);
			},
		};
	}

	/** Stops every think and every worker. */
	async close(): Promise<void> {
		this.closed = true;
		for (const waiting of this.line.splice(0)) waiting.cancel();
		await Promise.all(this.clients.map(client => client.close().catch(() => undefined)));
	}

	private enqueue(waiting: Waiting): void {
		// A session asks for one think at a time: a newer one replaces the one it had waiting.
		this.cancel(waiting.owner);
		const client = this.idle.shift();
		if (client) this.run(client, waiting);
		else this.line.push(waiting);
	}

	private run(client: PooledClient, waiting: Waiting): void {
		this.busy.set(client, waiting.owner);
		waiting.start(client);
	}

	private release(client: PooledClient): void {
		this.busy.delete(client);
		if (this.closed) return;
		const next = this.line.shift();
		if (next) this.run(client, next);
		else this.idle.push(client);
	}

	/** Takes `owner`'s think out of the line; whether it had one there. */
	private cancel(owner: object): boolean {
		const at = this.line.findIndex(waiting => waiting.owner === owner);
		if (at < 0) return false;
		this.line.splice(at, 1)[0]!.cancel();
		return true;
	}
}
