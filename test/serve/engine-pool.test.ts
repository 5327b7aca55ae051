/** The server's engines: a few workers shared by every session, thinks waiting their turn. */
import {describe, expect, test} from 'vitest';
import type {EngineResult} from '../../source/engine/client.js';
import {loaps} from '../../source/games/loa/index.js';
import type {ThinkRequest} from '../../source/engine/players.js';
import {EnginePool, type PooledClient} from '../../source/serve/engine-pool.js';

/** A worker's client that answers when the test says (or when stopped), and counts its thinks at once. */
class Held implements PooledClient {
	running = 0;
	most = 0;
	closed = false;
	private answer: ((result: EngineResult) => void) | null = null;
	think(): Promise<EngineResult> {
		this.running++;
		this.most = Math.max(this.most, this.running);
		return new Promise(resolve => (this.answer = resolve)).finally(() => this.running--) as Promise<EngineResult>;
	}
	finish(move = 1): void {
		this.answer?.({move} as EngineResult);
		this.answer = null;
	}
	async stop(): Promise<EngineResult | null> {
		this.finish(0);
		return null;
	}
	async close(): Promise<void> {
		this.closed = true;
	}
}

const position = loaps.initial();
const plan: ThinkRequest = {limits: {depth: 1}};
const settle = () => new Promise(resolve => setImmediate(resolve));

describe('the engine pool', () => {
	test('two sessions on one worker: the second waits until the first has its answer, then runs; never two at once', async () => {
		const worker = new Held();
		const pool = new EnginePool([worker]);
		const [a, b] = [pool.session(), pool.session()];
		const first = a.think(loaps, position, plan);
		const second = b.think(loaps, position, plan);
		await settle();
		expect(worker.running).toBe(1);
		expect(pool.waiting).toBe(1);
		worker.finish(7);
		expect((await first).move).toBe(7);
		await settle();
		expect(pool.waiting).toBe(0);
		expect(worker.running).toBe(1);
		worker.finish(9);
		expect((await second).move).toBe(9);
		expect(worker.most).toBe(1);
	});

	test('stopping a think that waits takes it out of the line: it never runs, and its promise says so', async () => {
		const worker = new Held();
		const pool = new EnginePool([worker]);
		const [a, b] = [pool.session(), pool.session()];
		const first = a.think(loaps, position, plan);
		const waiting = b.think(loaps, position, plan);
		await settle();
		expect(await b.stop()).toBeNull();
		await expect(waiting).rejects.toThrow('stopped before it started');
		expect(pool.waiting).toBe(0);
		worker.finish(3);
		expect((await first).move).toBe(3);
		await settle();
		expect(worker.running).toBe(0);
	});

	test("a session's new think stops its own think under way first; a closed session's think is refused; closing the pool closes the workers", async () => {
		const workers = [new Held(), new Held()];
		const pool = new EnginePool(workers);
		const a = pool.session();
		const old = a.think(loaps, position, plan);
		await settle();
		const fresh = a.think(loaps, position, plan);
		expect((await old).move).toBe(0);
		await settle();
		expect(workers.reduce((sum, worker) => sum + worker.running, 0)).toBe(1);
		await a.close();
		expect((await fresh).move).toBe(0);
		await expect(a.think(loaps, position, plan)).rejects.toThrow('closed');
		await pool.close();
		expect(workers.every(worker => worker.closed)).toBe(true);
		expect(() => new EnginePool([])).toThrow(RangeError);
	});
});
