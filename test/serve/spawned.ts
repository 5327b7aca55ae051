/**
 * `potm serve` as a program, for the tests that run the built one (dist/cli.js): started on
 * 127.0.0.1 with CI set, as on a build machine (its screens draw every frame all the same), and
 * settled once it says it listens, with the port it printed.
 */
import {spawn, type ChildProcess} from 'node:child_process';
import {fileURLToPath} from 'node:url';

const cli = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export interface Spawned {
	readonly child: ChildProcess;
	readonly port: number;
	/** What it printed on its standard output, and its log (standard error), so far. */
	out(): string;
	log(): string;
}

/** Starts `potm serve --data DATA` on PORT (0: the system's choice); `started` is told of the child at once, to kill it whatever happens. */
export async function spawnServe(data: string, port: number, started: (child: ChildProcess) => void, waitMs = 30_000): Promise<Spawned> {
	const child = spawn(process.execPath, [cli, 'serve', '--port', String(port), '--host', '127.0.0.1', '--data', data], {
		stdio: 'pipe',
		env: {...process.env, CI: 'true'},
	});
	started(child);
	let out = '';
	let log = '';
	child.stderr.on('data', (data: Buffer) => (log += data.toString()));
	// Settled by the line that says it listens, as it comes (or failed after `waitMs`).
	await new Promise<void>((resolve, reject) => {
		const late = setTimeout(() => reject(new Error(`not listening yet: ${out}${log}`)), waitMs);
		child.stdout.on('data', (data: Buffer) => {
			out += data.toString();
			if (!out.includes('Ctrl-C stops it')) return;
			clearTimeout(late);
			resolve();
		});
	});
	return {child, port: Number(/port (\d+)/.exec(out)![1]), out: () => out, log: () => log};
}
