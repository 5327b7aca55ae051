/**
 * The engine worker from the sources as one JavaScript file, bundled by esbuild once in a test
 * process, for the tests that start engine threads (smp.test.ts). From the sources the engine
 * client starts its worker through tsx, which compiles and resolves its hundred modules again in
 * every thread, half a second of CPU each; the bundle loads in a tenth of that. It is named
 * worker.js, as the build names it, so that the worker starts its Lazy SMP helpers from the same
 * file (worker-start.ts: a module's `.js` neighbour), and it is the same code.
 */
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {Worker} from 'node:worker_threads';
import {buildSync} from 'esbuild';
import type {WorkerSetup} from '../../source/engine/protocol.js';

let bundled: string | undefined;

/** The bundle's path, made on first use and removed when the process exits. */
export function engineBundle(): string {
	if (bundled === undefined) {
		const folder = mkdtempSync(join(tmpdir(), 'potm-engine-bundle-'));
		process.once('exit', () => rmSync(folder, {recursive: true, force: true}));
		const engine = join(folder, 'engine');
		mkdirSync(engine);
		// ES modules, as the build's are.
		writeFileSync(join(folder, 'package.json'), '{"type": "module"}\n');
		const entry = fileURLToPath(new URL('../../source/engine/worker.ts', import.meta.url));
		buildSync({entryPoints: [entry], bundle: true, format: 'esm', platform: 'node', outfile: join(engine, 'worker.js'), logLevel: 'error'});
		bundled = join(engine, 'worker.js');
	}
	return bundled;
}

/** An engine worker (EngineClient's `spawn`), from the bundle. */
export function spawnBundledEngine(setup: WorkerSetup): Worker {
	return new Worker(engineBundle(), {workerData: setup, execArgv: []});
}
