/**
 * `npm test`: the type check of the sources and tests and the build of dist/ side by side (two
 * tsc, one for each core, rather than one after the other), then the contest entry built from
 * dist/ beside the build of the benchmarks and tools into dist-dev/ (tsconfig.dev.json), then the
 * whole suite, told that both are built (POTM_BUILT=1) so that its global setup does not build
 * them again. Arguments go on to vitest. Plain JavaScript: it runs before anything is built.
 */
import {spawn, spawnSync} from 'node:child_process';
import {createRequire} from 'node:module';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);
const tsc = require.resolve('typescript/bin/tsc');

/** Runs `node args` in the project's folder, its output kept (two at once would interleave); gives its status and output. */
function run(args) {
	return new Promise(resolve => {
		const child = spawn(process.execPath, args, {cwd: root, stdio: ['ignore', 'pipe', 'pipe']});
		let output = '';
		child.stdout.on('data', chunk => (output += chunk));
		child.stderr.on('data', chunk => (output += chunk));
		child.on('error', error => resolve({status: 1, output: `${error.message}\n`}));
		child.on('close', (status, signal) => resolve({status: status ?? 1, output: signal ? `${output}killed by ${signal}\n` : output}));
	});
}

/** Runs the steps, each `[name, args]`, side by side; their output in order; exits 1 when one fails. */
async function sideBySide(steps) {
	const results = await Promise.all(steps.map(([, args]) => run(args)));
	let failed = false;
	results.forEach(({status, output}, index) => {
		process.stdout.write(output);
		if (status !== 0) {
			failed = true;
			process.stderr.write(`npm test: ${steps[index][0]} failed\n`);
		}
	});
	if (failed) process.exit(1);
}

await sideBySide([
	['tsc -p tsconfig.test.json (type check)', [tsc, '-p', 'tsconfig.test.json']],
	['tsc -p tsconfig.json (build)', [tsc, '-p', 'tsconfig.json']],
]);
await sideBySide([
	['build-entry.mjs (the contest entry)', ['source/tools/build-entry.mjs']],
	['tsc -p tsconfig.dev.json (the benchmarks and tools)', [tsc, '-p', 'tsconfig.dev.json']],
]);

const vitest = join(dirname(require.resolve('vitest/package.json')), 'vitest.mjs');
const tests = spawnSync(process.execPath, [vitest, 'run', ...process.argv.slice(2)], {
	cwd: root,
	stdio: 'inherit',
	env: {...process.env, POTM_BUILT: '1'},
});
process.exit(tests.status ?? 1);
