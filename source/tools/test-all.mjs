/**
 * `npm test`: the build, then the whole suite, with the checks in the time the suite leaves idle.
 *
 * 1. The build: dist/ (tsc -p tsconfig.json, then the contest entry built from it) beside the
 *    benchmarks and tools in dist-dev/ (tsc -p tsconfig.dev.json), one for each core.
 * 2. The whole suite (vitest run), told that both are built (POTM_BUILT=1) so that its global setup
 *    does not build them again. Arguments go on to vitest.
 * 3. Meanwhile the checks, which no test needs: the layout (prettier --check), the linter (eslint)
 *    and the type check of the sources and tests (tsc -p tsconfig.test.json). They run at the
 *    lowest priority (nice 19), so they take only the CPU the tests leave: many tests wait on
 *    spawned programs, terminals and real clocks, and a check takes next to nothing from a test
 *    that measures time. A failed check is named the moment it fails; its output follows the
 *    tests' summary.
 *
 * Exits 1 when the build, a test or a check fails. Plain JavaScript: it runs before anything is built.
 */
import {spawn} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {dirname, join} from 'node:path';
import {fileURLToPath} from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);

/** The script of a package's command (its `bin`), which the package's exports may not list. */
function binOf(name, command = name) {
	const manifest = require.resolve(`${name}/package.json`);
	const {bin} = JSON.parse(readFileSync(manifest, 'utf8'));
	return join(dirname(manifest), typeof bin === 'string' ? bin : bin[command]);
}

const tsc = binOf('typescript', 'tsc');
const vitest = join(dirname(require.resolve('vitest/package.json')), 'vitest.mjs');

/** The command line that runs `node args` at the lowest priority, its threads included (nice is POSIX's; Windows runs it as it is). */
const lowly = args => (process.platform === 'win32' ? [process.execPath, args] : ['nice', ['-n', '19', process.execPath, ...args]]);

/** Runs `command args` (node by default) in the project's folder, its output kept; gives its status and output. */
function run(args, command = process.execPath) {
	return new Promise(resolve => {
		const child = spawn(command, args, {cwd: root, stdio: ['ignore', 'pipe', 'pipe']});
		let output = '';
		child.stdout.on('data', chunk => (output += chunk));
		child.stderr.on('data', chunk => (output += chunk));
		child.on('error', error => resolve({status: 1, output: `${error.message}\n`}));
		child.on('close', (status, signal) => resolve({status: status ?? 1, output: signal ? `${output}killed by ${signal}\n` : output}));
	});
}

/** Writes a step's output, and a line naming it if it failed; true if it passed. */
function report(name, {status, output}) {
	process.stdout.write(output);
	if (status === 0) return true;
	process.stderr.write(`npm test: ${name} failed\n`);
	return false;
}

// 1. The build: the contest entry needs dist/, the benchmarks' build needs nothing but the sources.
const program = run([tsc, '-p', 'tsconfig.json']).then(async built =>
	built.status === 0 ? {...built, entry: await run(['source/tools/build-entry.mjs'])} : {...built, entry: undefined},
);
const [built, dev] = await Promise.all([program, run([tsc, '-p', 'tsconfig.dev.json'])]);
const buildPassed = [
	report('tsc -p tsconfig.json (the build)', built),
	built.entry === undefined || report('build-entry.mjs (the contest entry)', built.entry),
	report('tsc -p tsconfig.dev.json (the benchmarks and tools)', dev),
].every(Boolean);
if (!buildPassed) process.exit(1);

// 3. The checks, started just before the tests, each named as soon as it fails.
const checks = [
	['prettier --check (the layout)', [binOf('prettier'), '--check', '--log-level', 'warn', '.']],
	['eslint (the linter)', [binOf('eslint'), '.']],
	['tsc -p tsconfig.test.json (the type check)', [tsc, '-p', 'tsconfig.test.json']],
].map(([name, args]) => {
	const [command, lowlyArgs] = lowly(args);
	return run(lowlyArgs, command).then(result => {
		if (result.status !== 0) process.stderr.write(`npm test: ${name} failed (its output follows the tests)\n`);
		return [name, result];
	});
});

// 2. The whole suite, its output as it comes.
const tests = await new Promise(resolve => {
	const child = spawn(process.execPath, [vitest, 'run', ...process.argv.slice(2)], {
		cwd: root,
		stdio: 'inherit',
		env: {...process.env, POTM_BUILT: '1'},
	});
	child.on('error', () => resolve(1));
	child.on('close', status => resolve(status ?? 1));
});

const checked = (await Promise.all(checks)).map(([name, result]) => report(name, result));
process.exit(tests === 0 && checked.every(Boolean) ? 0 : 1);
