/**
 * `potm move` and `potm perft` on LINES and BOXES files, the built CLI run as a contest runs an
 * entry (the file's path as its argument), on the seed's three samples; and a board option refused
 * with a FILE, which has its own board (the options' other refusals: test/command-line/parse.test.ts).
 */
import {spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, describe, expect, test} from 'vitest';
import {gameById} from '../source/games/registry.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = join(root, 'dist', 'cli.js');
const scratch = mkdtempSync(join(tmpdir(), 'potm-test-cli-boxes-'));
afterAll(() => rmSync(scratch, {recursive: true, force: true}));

const boxes = gameById('boxes')!;

/** The seed's three sample input files. */
const SAMPLES = {
	'empty-5x5.txt': '1 5 5\n1 0 60.00\n2 0 60.00\n',
	'boxed-5x7.txt': '1 5 7\n1 0 60.00\n2 0 60.00\n0 A2 A3\n0 A2 B2\n0 B2 B3\n0 A3 B3\n',
	'played-8x3.txt': '2 8 3\n1 0 58.32\n2 1 43.16\n0 A2 D2\n0 B1 B9\n1 A1 C1\n2 A1 A5\n1 C1 C9\n',
};
const paths = Object.fromEntries(
	Object.entries(SAMPLES).map(([name, text]) => {
		const path = join(scratch, name);
		writeFileSync(path, text);
		return [name, path];
	}),
) as Record<keyof typeof SAMPLES, string>;

/**
 * A sample with a tenth of each clock, to the hundredth (58.32 s is 5.83 s): what a move prints is
 * checked here, not how long it thinks, and on played-8x3.txt's 43.16 s the search ran for 9 s.
 */
function tenthClocks(text: string): string {
	const lines = text.split('\n');
	for (const index of [1, 2]) lines[index] = lines[index]!.replace(/\S+$/, seconds => (Number(seconds) / 10).toFixed(2));
	return lines.join('\n');
}
const quickPaths = Object.fromEntries(
	Object.entries(SAMPLES).map(([name, text]) => {
		const path = join(scratch, `quick-${name}`);
		writeFileSync(path, tenthClocks(text));
		return [name, path];
	}),
) as Record<keyof typeof SAMPLES, string>;

const potm = (args: readonly string[], input?: string) => {
	const run = spawnSync(process.execPath, [cli, ...args], {
		cwd: scratch,
		encoding: 'utf8',
		timeout: 90_000,
		...(input === undefined ? {} : {input}),
	});
	return {status: run.status, stdout: run.stdout, stderr: run.stderr};
};

const parse = (text: string): unknown => {
	const parsed = boxes.parse(text, 'sample');
	if (!parsed.ok) throw new Error(parsed.error.message);
	return parsed.value;
};

/** perft by the plain rules: every legal move, played on the immutable state. */
function perft(state: unknown, depth: number): number {
	if (depth === 0) return 1;
	const moves = boxes.legalMoves(state);
	if (depth === 1) return moves.length;
	let total = 0;
	for (const move of moves) {
		const next = boxes.play(state, move);
		total += boxes.outcome(next) === null ? perft(next, depth - 1) : 1;
	}
	return total;
}

describe("potm move FILE on the seed's samples' boards, on a tenth of their clocks", () => {
	test.each(Object.keys(SAMPLES) as (keyof typeof SAMPLES)[])(
		'%s: one line "V1 V2", a legal move, nothing on stderr',
		name => {
			const run = potm(['move', quickPaths[name]]);
			expect(run.status, run.stderr).toBe(0);
			expect(run.stderr).toBe('');
			expect(run.stdout).toMatch(/^[A-I]\d [A-I]\d\n$/);
			const state = parse(SAMPLES[name]);
			// What an entry prints is what the referee reads, exactly.
			const read = boxes.readEntryMove(state, run.stdout);
			expect(read.ok).toBe(true);
			if (read.ok) expect(boxes.entryAnswer(state, read.value)).toBe(run.stdout);
		},
		90_000,
	);

	test('standard input and --game boxes do too; a full board: exit 1, no move', () => {
		const run = potm(['move', '--game', 'boxes'], SAMPLES['boxed-5x7.txt']);
		expect(run.status, run.stderr).toBe(0);
		expect(run.stdout).toMatch(/^[A-I]\d [A-I]\d\n$/);
		let state = boxes.initial({rows: 3, columns: 3});
		while (boxes.outcome(state) === null) state = boxes.play(state, boxes.legalMoves(state)[0]!);
		const full = join(scratch, 'full.txt');
		writeFileSync(full, boxes.format(state));
		const over = potm(['move', full]);
		expect(over.status).toBe(1);
		expect(over.stdout).toBe('');
		expect(over.stderr.split('\n')).toHaveLength(2);
	}, 90_000);
});

describe('potm perft FILE DEPTH', () => {
	test('the samples agree with the plain rules; an empty 3×3 has 48 moves', () => {
		for (const [name, depth] of [
			['empty-5x5.txt', 2],
			['boxed-5x7.txt', 1],
			['played-8x3.txt', 2],
		] as const) {
			const run = potm(['perft', paths[name], String(depth)]);
			expect(run.status, run.stderr).toBe(0);
			expect(Number(run.stdout.trim()), name).toBe(perft(parse(SAMPLES[name]), depth));
		}
		const small = join(scratch, 'small.txt');
		writeFileSync(small, '1 3 3\n1 0 60\n2 0 60\n');
		expect(potm(['perft', small, '1']).stdout).toBe('48\n');
		const divide = potm(['perft', small, '1', '--divide']).stdout.split('\n');
		expect(divide[0]).toBe('A1 A2 1');
		expect(divide.at(-2)).toBe('48');
	}, 90_000);
});

describe('--size and --lines', () => {
	// How the options are read and refused: test/command-line/parse.test.ts. A FILE's own board, only a run tells.
	test('--size with a FILE, which has its own board: one line, exit 2', () => {
		const run = potm(['play', 'empty-5x5.txt', '--size', '4x4']);
		expect(run.status).toBe(2);
		expect(run.stdout).toBe('');
		expect(run.stderr).toBe('potm: --size draws a new board, and empty-5x5.txt has its own\n');
	});
});
