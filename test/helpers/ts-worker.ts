/**
 * A worker thread running one of the tests' TypeScript modules: as the engine client does for its
 * worker from the sources (engine/client.ts), a bootstrap registers tsx in the thread first.
 */
import {createRequire} from 'node:module';
import {pathToFileURL} from 'node:url';
import {Worker} from 'node:worker_threads';

export function tsWorker(module: URL, workerData: unknown): Worker {
	const api = createRequire(import.meta.url)
		.resolve('tsx/esm/api')
		.replace(/\.cjs$/, '.mjs');
	const bootstrap = `import(${JSON.stringify(pathToFileURL(api).href)}).then(api => { api.register(); return import(${JSON.stringify(module.href)}); });`;
	return new Worker(bootstrap, {eval: true, workerData, execArgv: []});
}
