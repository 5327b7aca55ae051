/**
 * The engine worker from the sources as one bundle (ts-worker.ts), for the tests that start
 * engine threads (smp.test.ts): from the sources the engine client starts its worker through tsx,
 * about half a second of CPU a thread. The bundle is named engine/worker.js, as the build names
 * it, so that the worker starts its Lazy SMP helpers from the same file (worker-start.ts: a
 * module's `.js` neighbour); it is the same code.
 */
import {Worker} from 'node:worker_threads';
import type {WorkerSetup} from '../../source/engine/protocol.js';
import {bundled} from './ts-worker.js';

/** An engine worker (EngineClient's `spawn`), from the bundle. */
export function spawnBundledEngine(setup: WorkerSetup): Worker {
	return new Worker(bundled(new URL('../../source/engine/worker.ts', import.meta.url), 'engine/worker.js'), {
		workerData: setup,
		execArgv: [],
	});
}
