/**
 * Starts a worker thread from a module beside the caller. From the built `.js` files it is that
 * `.js` module; from the TypeScript sources (tests, development under tsx) a `.ts` worker does not
 * load on Node 20, so a one-line bootstrap calls register() from tsx/esm/api in the worker and then
 * imports the `.ts` module.
 */
import {createRequire} from 'node:module';
import {pathToFileURL} from 'node:url';
import {Worker, type WorkerOptions} from 'node:worker_threads';

/** `besideUrl` is the caller's import.meta.url; `name` the module's name without its extension. */
export function startWorker(besideUrl: string, name: string, options: WorkerOptions = {}): Worker {
	// execArgv: [] so that the parent's flags (--input-type, say) cannot stop the worker loading.
	const settings: WorkerOptions = {execArgv: [], ...options};
	if (besideUrl.endsWith('.ts') || besideUrl.endsWith('.tsx')) {
		// The ESM build of tsx/esm/api: its CommonJS build misresolves its own files inside a worker.
		const api = createRequire(besideUrl)
			.resolve('tsx/esm/api')
			.replace(/\.cjs$/, '.mjs');
		const tsx = JSON.stringify(pathToFileURL(api).href);
		const target = JSON.stringify(new URL(`./${name}.ts`, besideUrl).href);
		const bootstrap = `import(${tsx}).then(api => { api.register(); return import(${target}); });`;
		return new Worker(bootstrap, {...settings, eval: true});
	}
	return new Worker(new URL(`./${name}.js`, besideUrl), settings);
}
