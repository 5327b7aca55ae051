/**
 * The search's speed against the release before issue 16, measured in one run: this build's
 * `search` section and the baseline's own, built side by side (as the ladder builds it), each in a
 * process of its own, taking turns so that both meet the same load on a shared machine. Each
 * searches 1 s from every file in saves/ and reports its nodes per second; the table gives the
 * median of the rounds for each and their ratio.
 */
import {spawnSync} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {buildBaseline} from './ladder.js';
import {median} from './median.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** One file's figures from a `search` section's line. */
export interface SearchLine {
	readonly file: string;
	readonly depth: number;
	readonly kiloNodesPerSecond: number;
}

/** The figures of `search NAME: depth D (selective S) in 1 s, N k nodes/s, ...` lines; other lines are left out. */
export function parseSearchLines(text: string): SearchLine[] {
	const found: SearchLine[] = [];
	for (const line of text.split('\n')) {
		const match = /^search (\S+): depth (\d+) \(selective \d+\) in 1 s, (\d+) k nodes\/s/.exec(line);
		if (match) found.push({file: match[1]!, depth: Number(match[2]), kiloNodesPerSecond: Number(match[3])});
	}
	return found;
}

export interface SpeedRow {
	readonly file: string;
	/** Depths reached, this build's and the baseline's (the medians). */
	readonly depth: number;
	readonly baselineDepth: number;
	readonly kiloNodesPerSecond: number;
	readonly baselineKiloNodesPerSecond: number;
	/** kiloNodesPerSecond / baselineKiloNodesPerSecond. */
	readonly ratio: number;
}

/** The medians of each file's rounds, side by side; a file either side lacks is left out. */
export function speedRows(ours: readonly SearchLine[][], theirs: readonly SearchLine[][]): SpeedRow[] {
	const files = [...new Set(ours.flat().map(line => line.file))].filter(file => theirs.flat().some(line => line.file === file));
	return files.map(file => {
		const of = (rounds: readonly SearchLine[][]) => rounds.flat().filter(line => line.file === file);
		const speed = median(of(ours).map(line => line.kiloNodesPerSecond));
		const baselineSpeed = median(of(theirs).map(line => line.kiloNodesPerSecond));
		return {
			file,
			depth: median(of(ours).map(line => line.depth)),
			baselineDepth: median(of(theirs).map(line => line.depth)),
			kiloNodesPerSecond: speed,
			baselineKiloNodesPerSecond: baselineSpeed,
			ratio: speed / baselineSpeed,
		};
	});
}

export function speedTable(rows: readonly SpeedRow[], baseline: string, rounds: number): string {
	const lines = [
		`search speed against ${baseline.slice(0, 12)} (the release before issue 16), 1 s from each file, median of ${rounds} rounds each:`,
		`  ${'file'.padEnd(18)} ${'depth'.padStart(7)} ${'k nodes/s'.padStart(10)} ${'baseline'.padStart(10)} ${'ratio'.padStart(6)}`,
	];
	for (const row of rows) {
		lines.push(
			`  ${row.file.padEnd(18)} ${`${row.depth}/${row.baselineDepth}`.padStart(7)} ${row.kiloNodesPerSecond.toFixed(0).padStart(10)} ` +
				`${row.baselineKiloNodesPerSecond.toFixed(0).padStart(10)} ${`${row.ratio.toFixed(2)}×`.padStart(6)}`,
		);
	}
	return lines.join('\n');
}

/** A bench's `search` section in a process of its own; its figures. */
function searchSection(script: string, args: readonly string[], label: string): SearchLine[] {
	const result = spawnSync(process.execPath, [script, 'search', ...args], {cwd: root, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024});
	if (result.error) throw new Error(`${label}'s search section did not run: ${result.error.message}`);
	const lines = parseSearchLines(result.stdout);
	if (result.status !== 0 || lines.length === 0) {
		throw new Error(
			`${label}'s search section failed (status ${result.status ?? result.signal}):\n${`${result.stdout}\n${result.stderr}`.trim().split('\n').slice(-8).join('\n')}`,
		);
	}
	return lines;
}

/**
 * The baseline's bench script: dist/bench/index.js in a build from before the bench was built apart
 * from the program, else dist-dev/bench/index.js, built here (its npm ci built only the program).
 */
function baselineBench(dir: string): string {
	const before = join(dir, 'dist', 'bench', 'index.js');
	if (existsSync(before)) return before;
	const script = join(dir, 'dist-dev', 'bench', 'index.js');
	if (!existsSync(script)) {
		const built = spawnSync('npm', ['run', 'build:dev'], {cwd: dir, encoding: 'utf8'});
		if (built.status !== 0) throw new Error(`npm run build:dev of the baseline failed:\n${built.stdout}${built.stderr}`);
	}
	return script;
}

/**
 * The comparison; false when the baseline cannot be built (no git history, no network for its
 * npm ci: the caller then runs this build's section alone), after saying why.
 */
export function benchSearchSpeed(baselineRef: string, rounds: number, say: (line: string) => void): boolean {
	let baseline: ReturnType<typeof buildBaseline>;
	let theirScript: string;
	try {
		baseline = buildBaseline(baselineRef, say);
		theirScript = baselineBench(baseline.dir);
	} catch (error) {
		say(`search speed: no comparison with ${baselineRef}, as its build failed: ${(error as Error).message}`);
		return false;
	}
	// A baseline from after this comparison came in has it too: it is asked for its own section alone.
	const theirArgs = readFileSync(theirScript, 'utf8').includes("'--no-baseline'") ? ['--no-baseline'] : [];
	const ours: SearchLine[][] = [];
	const theirs: SearchLine[][] = [];
	for (let round = 0; round < rounds; round++) {
		process.stderr.write(`\rsearch speed: round ${round + 1} of ${rounds}`);
		ours.push(searchSection(fileURLToPath(new URL('./index.js', import.meta.url)), ['--no-baseline'], 'this build'));
		theirs.push(searchSection(theirScript, theirArgs, 'the baseline'));
	}
	process.stderr.write('\r\x1b[K');
	say(speedTable(speedRows(ours, theirs), baseline.commit, rounds));
	return true;
}
