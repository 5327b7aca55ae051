/**
 * The tests' TypeScript modules for worker threads and child processes: each module bundled by
 * esbuild, once in a test process, into one JavaScript file, which loads in a tenth of what tsx
 * took to compile and resolve its modules again in every thread or process (half a second of CPU
 * for the engine's). The bundles are ES modules in a folder of their own, removed when the process
 * exits.
 */
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {basename, dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {Worker} from 'node:worker_threads';
import {buildSync} from 'esbuild';

let folder: string | undefined;
const made = new Map<string, string>();

/**
 * The path of `module` bundled, as `name` (a path in the bundles' folder; the module's own name by
 * default), made on first use.
 */
export function bundled(module: URL, name = `${made.size}/${basename(fileURLToPath(module)).replace(/\.tsx?$/, '.js')}`): string {
	const known = made.get(module.href);
	if (known !== undefined) return known;
	if (folder === undefined) {
		const created = mkdtempSync(join(tmpdir(), 'potm-bundles-'));
		folder = created;
		process.once('exit', () => rmSync(created, {recursive: true, force: true}));
		// ES modules, as the build's are.
		writeFileSync(join(folder, 'package.json'), '{"type": "module"}\n');
	}
	const path = join(folder, name);
	mkdirSync(dirname(path), {recursive: true});
	buildSync({entryPoints: [fileURLToPath(module)], bundle: true, format: 'esm', platform: 'node', outfile: path, logLevel: 'error'});
	made.set(module.href, path);
	return path;
}

/** A worker thread running `module`, from its bundle. */
export function tsWorker(module: URL, workerData: unknown): Worker {
	return new Worker(bundled(module), {workerData, execArgv: []});
}
