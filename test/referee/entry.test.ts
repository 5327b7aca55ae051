/**
 * One move of an external entry (source/referee/entry.ts) run for real under its shell wrapper:
 * exits and signals, what it printed, the limits (flood, clock, hang), the CPU accounting of a
 * process that burns a known amount of CPU (itself or in a child), Ctrl-C, and that nothing the
 * entry started outlives its move. Also the small parsers behind it: `times`, the wrapper's exit
 * report and /proc/PID/stat.
 *
 * Timing bounds are loose on purpose (the machine may be busy): they tell "stopped by the rule"
 * from "stopped by something else" or "not stopped", not how fast the machine is.
 */
import {chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, beforeAll, describe, expect, test, vi} from 'vitest';
import {exitOf, HANG_GRACE_MS, OUTPUT_LIMIT, parseTimes, runEntry, type EntryAnswer} from '../../source/referee/entry.js';
import {parseStat} from '../../source/referee/sessions.js';
import {toolTier, whyNotHere} from '../helpers/tools.js';

/** The tests of a child in a process group of its own start it with perl's setpgrp. */
const noPerl = whyNotHere(toolTier('the perl tests')) !== null;

const ENTRIES = fileURLToPath(new URL('../fixtures/entries/', import.meta.url));
const entry = (name: string): string => join(ENTRIES, name);

let dir: string;
/** A MOVES file for fixed.sh and burn.mjs, and an input file (player 1 to play move 1). */
let movesFile: string;
let inputFile: string;
/** A marker unique to this run, for finding the processes of the inline fixtures in /proc. */
const MARKER = `potm-entry-test-${process.pid}-${Date.now()}`;

beforeAll(() => {
	dir = mkdtempSync(join(tmpdir(), 'potm-entry-test-'));
	movesFile = join(dir, 'moves.txt');
	inputFile = join(dir, 'input.txt');
	writeFileSync(movesFile, '1 1 b1 d3\n2 1 a2 c2\n');
	writeFileSync(inputFile, '1 1\n1 0 60.0\n2 0 60.0\n.11.11.\n2.....2\n2.....2\n.......\n2.....2\n2.....2\n.11.11.\n');
});

afterAll(() => {
	rmSync(dir, {recursive: true, force: true});
});

/** An executable shell script in the test's folder, its file name carrying the marker. */
function script(name: string, body: string): string {
	const path = join(dir, `${name}-${MARKER}.sh`);
	writeFileSync(path, `#!/bin/sh\n${body}\n`);
	chmodSync(path, 0o755);
	return path;
}

const run = (argv: readonly string[], clockMs = 10_000, signal?: AbortSignal): Promise<EntryAnswer> =>
	runEntry({argv: [...argv, inputFile], cwd: dir, clockMs, ...(signal ? {signal} : {})});

/**
 * The grace of the hangs whose grace is not what the test checks (the referee's, HANG_GRACE_MS, is
 * checked on the sleeper below): a quarter of it, so as not to wait a second a hang.
 */
const SHORT_GRACE_MS = HANG_GRACE_MS / 4;
const runWithShortGrace = (argv: readonly string[], clockMs: number): Promise<EntryAnswer> =>
	runEntry({argv: [...argv, inputFile], cwd: dir, clockMs, graceMs: SHORT_GRACE_MS});

/** Pids of live (not zombie) processes whose command line holds `marker`. */
function liveWith(marker: string): number[] {
	const found: number[] = [];
	for (const name of readdirSync('/proc')) {
		if (!/^\d+$/.test(name)) continue;
		try {
			const cmdline = readFileSync(`/proc/${name}/cmdline`, 'latin1');
			if (!cmdline.includes(marker)) continue;
			const stat = readFileSync(`/proc/${name}/stat`, 'latin1');
			const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
			// PID 1 here does not reap orphans: a killed process may stay a zombie, which is no process left running.
			if (state !== 'Z' && state !== 'X') found.push(Number(name));
		} catch {
			// it went away while we looked
		}
	}
	return found;
}

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

/** Waits up to `ms` for the marked processes to be gone; returns those still there. */
async function survivors(marker: string, ms = 1000): Promise<number[]> {
	const deadline = performance.now() + ms;
	let left = liveWith(marker);
	while (left.length > 0 && performance.now() < deadline) {
		await sleep(20);
		left = liveWith(marker);
	}
	return left;
}

/** Ends the marked processes this test file started (by pid), should the referee have left any. */
function killAll(marker: string): void {
	for (const pid of liveWith(marker)) {
		try {
			process.kill(pid, 'SIGKILL');
		} catch {
			// gone
		}
	}
}

describe('parseTimes: the CPU of the waited-for children in `times`', () => {
	test("bash's format (milliseconds): user + system of the second line", () => {
		expect(parseTimes('0m0.004s 0m0.001s\n0m1.250s 0m0.300s\n')).toBeCloseTo(1550, 6);
	});

	test("dash's format (hundredths)", () => {
		expect(parseTimes('0m0.00s 0m0.00s\n0m0.42s 0m0.03s\n')).toBeCloseTo(450, 6);
	});

	test('minutes count, and a decimal comma (a locale) reads as a point', () => {
		expect(parseTimes('0m0.000s 0m0.000s\n2m3.500s 1m0.250s\n')).toBeCloseTo(123_500 + 60_250, 6);
		expect(parseTimes('0m0,000s 0m0,000s\n0m1,500s 0m0,250s\n')).toBeCloseTo(1750, 6);
	});

	test("the shell's own times (first line) are not the entry's", () => {
		expect(parseTimes('9m9.999s 9m9.999s\n0m0.010s 0m0.020s\n')).toBeCloseTo(30, 6);
	});

	test('no second line, or a line without both times: null', () => {
		expect(parseTimes('')).toBeNull();
		expect(parseTimes('0m0.004s 0m0.001s')).toBeNull();
		expect(parseTimes('0m0.004s 0m0.001s\n0m1.250s\n')).toBeNull();
		expect(parseTimes('0m0.004s 0m0.001s\nstatus 0\n')).toBeNull();
	});
});

describe("exitOf: the entry's exit from the wrapper's report", () => {
	test('a status', () => {
		expect(exitOf('status 0\n')).toEqual({code: 0, signal: null});
		expect(exitOf('0m0.000s 0m0.000s\n0m0.010s 0m0.000s\nstatus 3\n')).toEqual({code: 3, signal: null});
		expect(exitOf('status 128\n')).toEqual({code: 128, signal: null});
	});

	test('128 + N is signal N', () => {
		expect(exitOf('status 139\n')).toEqual({code: null, signal: 'SIGSEGV'});
		expect(exitOf('status 137\n')).toEqual({code: null, signal: 'SIGKILL'});
		expect(exitOf('status 143\n')).toEqual({code: null, signal: 'SIGTERM'});
		expect(exitOf('status 134\n')).toEqual({code: null, signal: 'SIGABRT'});
	});

	test('128 + a number no signal has: a status', () => {
		expect(exitOf('status 255\n')).toEqual({code: 255, signal: null});
	});

	test('no report (the wrapper was killed before it wrote one): null', () => {
		expect(exitOf('')).toBeNull();
		expect(exitOf('0m0.000s 0m0.000s\n0m0.010s 0m0.000s\n')).toBeNull();
		expect(exitOf('status x\n')).toBeNull();
	});
});

describe('parseStat: one /proc/PID/stat line', () => {
	/** A stat line: pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime ... */
	const stat = (comm: string, state: string, group: number, session: number, [utime, stime, cutime, cstime]: readonly number[]) =>
		`4242 (${comm}) ${state} 1 ${group} ${session} 0 -1 4194560 120 0 0 0 ${utime} ${stime} ${cutime} ${cstime} 20 0 1 0 12345 1000000 200 18446744073709551615 0 0 0 0 0 0 0 0 0 0 0 0 17 1 0 0 0 0 0\n`;

	test('pid, state, process group (field 5), session (field 6) and the sum of utime, stime, cutime and cstime (fields 14-17)', () => {
		expect(parseStat(stat('sh', 'S', 777, 700, [10, 2, 30, 4]))).toEqual({pid: 4242, state: 'S', group: 777, session: 700, ticks: 46});
		expect(parseStat(stat('sleep', 'Z', 5, 6, [0, 0, 0, 0]))).toMatchObject({state: 'Z', group: 5, session: 6, ticks: 0});
	});

	test('a command name with spaces and parentheses', () => {
		expect(parseStat(stat('my (odd) entry', 'R', 99, 98, [1, 2, 3, 4]))).toMatchObject({
			pid: 4242,
			state: 'R',
			group: 99,
			session: 98,
			ticks: 10,
		});
		expect(parseStat(stat(') S 5 5 5', 'S', 12, 11, [0, 0, 0, 7]))).toMatchObject({group: 12, session: 11, ticks: 7});
	});

	test('a line that is not a stat line: null', () => {
		expect(parseStat('')).toBeNull();
		expect(parseStat('4242 sh S 1 2 3')).toBeNull();
		expect(parseStat('4242 (sh) S 1 x')).toBeNull();
	});

	test('a real one: this process, whose CPU ticks are counted', () => {
		const text = readFileSync('/proc/self/stat', 'latin1');
		const parsed = parseStat(text);
		expect(parsed).not.toBeNull();
		const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
		expect(parsed).toMatchObject({pid: process.pid, state: 'R', group: Number(fields[2]), session: Number(fields[3])});
		expect(parsed!.ticks).toBeGreaterThan(0);
	});
});

describe('runEntry: what the entry printed and how it ended', () => {
	test('a legal answer: its line, exit 0, the input path appended to its words', async () => {
		const answer = await run([entry('fixed.sh'), movesFile]);
		expect(answer).toMatchObject({
			stdout: 'b1 d3\n',
			stderr: '',
			stderrBytes: 0,
			exit: {code: 0, signal: null},
			stopped: null,
			accounted: true,
		});
		expect(answer.cpuMs).toBeGreaterThanOrEqual(0);
		expect(answer.cpuMs).toBeLessThan(1000);
		expect(answer.wallMs).toBeGreaterThan(0);
	});

	test('an entry that reads standard input is given the text there, and no argument', async () => {
		const echo = script('echo-stdin', 'printf "%s|" "$#"; cat; printf "|%s" "$(cat)"');
		const answer = await runEntry({argv: [echo], stdin: '-X-\n+O-\n', cwd: dir, clockMs: 10_000});
		expect(answer).toMatchObject({stdout: '0|-X-\n+O-\n|', exit: {code: 0, signal: null}, stopped: null});
	});

	test('an entry that does not read its standard input (or exits at once) is no error of the referee', async () => {
		const quick = script('ignore-stdin', 'echo done');
		const answer = await runEntry({argv: [quick], stdin: 'x'.repeat(1 << 20), cwd: dir, clockMs: 10_000});
		expect(answer).toMatchObject({stdout: 'done\n', exit: {code: 0, signal: null}, stopped: null});
	});

	test('without stdin text an entry reads end of file at once', async () => {
		const reader = script('no-stdin', 'cat; echo end');
		const answer = await run([reader]);
		expect(answer).toMatchObject({stdout: 'end\n', stopped: null});
	});

	test('stderr is kept apart from stdout, and counted', async () => {
		const answer = await run([entry('chatty.sh'), movesFile]);
		expect(answer.stdout).toBe('b1 d3\n');
		expect(answer.stderr).toBe('chatty: thinking about 1 1\n');
		expect(answer.stderrBytes).toBe(answer.stderr.length);
		expect(answer.exit).toEqual({code: 0, signal: null});
	});

	test('a status: fixed.sh with no move listed exits 1 and says why on stderr', async () => {
		writeFileSync(join(dir, 'none.txt'), '2 1 a2 c2\n');
		const answer = await run([entry('fixed.sh'), join(dir, 'none.txt')]);
		expect(answer).toMatchObject({stdout: '', exit: {code: 1, signal: null}, stopped: null, accounted: true});
		expect(answer.stderr).toBe('fixed.sh: no move listed for player 1, move 1\n');
	});

	test('a signal: crash.sh dies of SIGSEGV after printing a move; its output is kept, the shell says nothing', async () => {
		const answer = await run([entry('crash.sh')]);
		expect(answer).toMatchObject({
			stdout: 'b1 d3\n',
			stderr: 'crash.sh: something went wrong\n',
			exit: {code: null, signal: 'SIGSEGV'},
			stopped: null,
			accounted: true,
		});
	});

	test('an exit status after printing a move: crash.sh 3', async () => {
		const answer = await run([entry('crash.sh'), '3']);
		expect(answer).toMatchObject({
			stdout: 'b1 d3\n',
			stderr: 'crash.sh: something went wrong\n',
			exit: {code: 3, signal: null},
			stopped: null,
		});
	});

	test('an entry that exits at once saying nothing: empty output, exit 0, quickly', async () => {
		const answer = await run([entry('quit.sh')]);
		expect(answer).toMatchObject({stdout: '', stderr: '', stderrBytes: 0, exit: {code: 0, signal: null}, stopped: null, accounted: true});
		expect(answer.wallMs).toBeLessThan(1000);
	});

	test('a program that cannot be run: status 127 (not found) or 126 (not executable), not a hang', async () => {
		const missing = await run([join(dir, 'no-such-entry')]);
		expect(missing.exit).toEqual({code: 127, signal: null});
		expect(missing.stopped).toBeNull();
		const text = join(dir, 'not-executable.sh');
		writeFileSync(text, 'echo b1 d3\n');
		chmodSync(text, 0o644);
		const refused = await run([text]);
		expect(refused.exit).toEqual({code: 126, signal: null});
		expect(refused.stdout).toBe('');
	});

	test('it runs in the folder given, with the input path as its last argument', async () => {
		const where = script('where', 'pwd; echo "$#:$1"');
		const answer = await run([where]);
		expect(answer.stdout).toBe(`${dir}\n1:${inputFile}\n`);
	});

	test("the wrapper's report pipe (fd 3) is not the entry's: it cannot forge its exit or its CPU", async () => {
		const forger = script('forger', 'echo "0m0.000s 0m0.000s" >&3; echo "0m0.000s 0m0.000s" >&3; echo "status 0" >&3; exit 5');
		const answer = await run([forger]);
		expect(answer.exit).toEqual({code: 5, signal: null});
		expect(answer.stderr).not.toBe('');
	});

	test('exactly OUTPUT_LIMIT bytes of stdout is not a flood; one more is', async () => {
		const exact = script('exact', `head -c ${OUTPUT_LIMIT} /dev/zero | tr '\\0' x`);
		const kept = await run([exact]);
		expect(kept.stopped).toBeNull();
		expect(kept.exit).toEqual({code: 0, signal: null});
		expect(kept.stdout.length).toBe(OUTPUT_LIMIT);
		const over = script('over', `head -c ${OUTPUT_LIMIT + 1} /dev/zero | tr '\\0' x`);
		const flooded = await run([over]);
		expect(flooded.stopped).toBe('flood');
		expect(flooded.stdout.length).toBe(OUTPUT_LIMIT);
	});

	test('stderr is cut at OUTPUT_LIMIT but counted in full, and is no flood', async () => {
		const noisy = script('noisy', `head -c ${3 * OUTPUT_LIMIT} /dev/zero | tr '\\0' e >&2; echo "b1 d3"`);
		const answer = await run([noisy]);
		expect(answer.stopped).toBeNull();
		expect(answer.stdout).toBe('b1 d3\n');
		expect(answer.stderr.length).toBe(OUTPUT_LIMIT);
		expect(answer.stderrBytes).toBe(3 * OUTPUT_LIMIT);
	});
});

describe('runEntry: the limits', () => {
	test('a flood is stopped at once, its first OUTPUT_LIMIT bytes kept', async () => {
		const answer = await run([entry('flood.sh')]);
		expect(answer.stopped).toBe('flood');
		expect(answer.exit).toEqual({code: null, signal: 'SIGKILL'});
		expect(answer.stdout.length).toBe(OUTPUT_LIMIT);
		expect(answer.stdout.startsWith('b1 d3\nb1 d3\n')).toBe(true);
		expect(answer.wallMs).toBeLessThan(2000);
	});

	test('a CPU burner past its clock is stopped for time, charged at least its clock, well before the hang rule', async () => {
		const clockMs = 600;
		const answer = await run([entry('burn.mjs'), '60000', movesFile], clockMs);
		expect(answer.stopped).toBe('time');
		expect(answer.accounted).toBe(false);
		expect(answer.exit).toEqual({code: null, signal: 'SIGKILL'});
		expect(answer.stdout).toBe('');
		expect(answer.cpuMs).toBeGreaterThanOrEqual(clockMs);
		// A reading comes every 100 ms: it is stopped within a few of them of using its clock.
		expect(answer.cpuMs).toBeLessThan(clockMs + 500);
		expect(answer.wallMs).toBeLessThan(clockMs + HANG_GRACE_MS);
	});

	test('a sleeper is stopped as hung after its clock plus the grace, not much later', async () => {
		// The referee's grace (HANG_GRACE_MS, 1 s), on a short clock: the clock is not the question.
		const clockMs = 300;
		const answer = await run([entry('sleeper.sh')], clockMs);
		expect(answer.stopped).toBe('hung');
		expect(answer.exit).toEqual({code: null, signal: 'SIGKILL'});
		expect(answer.accounted).toBe(false);
		expect(answer.cpuMs).toBeLessThan(clockMs);
		expect(answer.wallMs).toBeGreaterThanOrEqual(clockMs + HANG_GRACE_MS - 1);
		expect(answer.wallMs).toBeLessThan(clockMs + HANG_GRACE_MS + 1500);
	});

	test('a flood of stderr is no flood but is cut at OUTPUT_LIMIT, and stopped by its clock or the hang rule', async () => {
		const clockMs = 500;
		const noisy = script('stderr-flood', 'exec yes "thinking..." >&2');
		const answer = await runWithShortGrace([noisy], clockMs);
		// Blocked on the pipe much of the time, it may use under half a core: 'hung' then, else 'time'.
		expect(['time', 'hung']).toContain(answer.stopped);
		expect(answer.stderr.length).toBe(OUTPUT_LIMIT);
		expect(answer.stderrBytes).toBeGreaterThan(OUTPUT_LIMIT);
		expect(answer.wallMs).toBeLessThan(clockMs + SHORT_GRACE_MS + 1500);
	});

	test('an entry that prints its move and then hangs is still stopped as hung (it never finished)', async () => {
		const clockMs = 500;
		const lingering = script('lingering', 'echo "b1 d3"; sleep 1000');
		const answer = await runWithShortGrace([lingering], clockMs);
		expect(answer.stopped).toBe('hung');
		expect(answer.stdout).toBe('b1 d3\n');
		// The grace given, not the referee's: stopped after it, and before the referee's would have run out.
		expect(answer.wallMs).toBeGreaterThanOrEqual(clockMs + SHORT_GRACE_MS - 1);
		expect(answer.wallMs).toBeLessThan(clockMs + HANG_GRACE_MS);
	});
});

describe('runEntry: clock accounting of a process that burns a known amount of CPU', () => {
	/** burn.mjs counts node's whole process time (start-up included) to MS: the charge is MS and the shells around it. */
	const SLACK_MS = 400;

	test("burn.mjs 400 is charged 400 ms and a little, by the system's accounting of the finished process", async () => {
		const answer = await run([entry('burn.mjs'), '400', movesFile]);
		expect(answer).toMatchObject({stdout: 'b1 d3\n', exit: {code: 0, signal: null}, stopped: null, accounted: true});
		expect(answer.cpuMs).toBeGreaterThanOrEqual(400);
		expect(answer.cpuMs).toBeLessThan(400 + SLACK_MS);
	});

	test("parent.sh 400: the CPU of a child the entry waited for is the entry's", async () => {
		const answer = await run([entry('parent.sh'), '400', movesFile]);
		expect(answer).toMatchObject({stdout: 'b1 d3\n', exit: {code: 0, signal: null}, stopped: null, accounted: true});
		expect(answer.cpuMs).toBeGreaterThanOrEqual(400);
		expect(answer.cpuMs).toBeLessThan(400 + SLACK_MS);
	});

	test('burn.mjs 1000 is charged about 1000 ms: the charge follows the work, not a constant', async () => {
		const answer = await run([entry('burn.mjs'), '1000', movesFile]);
		expect(answer.accounted).toBe(true);
		expect(answer.cpuMs).toBeGreaterThanOrEqual(1000);
		expect(answer.cpuMs).toBeLessThan(1000 + SLACK_MS);
	});

	test('a child still burning in the background is counted live and stops the entry at its clock', async () => {
		const clockMs = 600;
		const background = script('background-burner', `node "${entry('burn.mjs')}" 60000 "${movesFile}" "$1" >/dev/null & wait`);
		const answer = await run([background], clockMs);
		expect(answer.stopped).toBe('time');
		expect(answer.cpuMs).toBeGreaterThanOrEqual(clockMs);
		expect(answer.wallMs).toBeLessThan(clockMs + HANG_GRACE_MS);
	});

	test('CPU burnt by a child nobody waits for (double fork) is charged too, not only what `times` saw', async () => {
		// The subshell's child is orphaned at once: the wrapper never waits for it, so `times` misses it.
		const sneaky = script(
			'double-fork',
			`( node "${entry('burn.mjs')}" 600 "${movesFile}" "$1" > "$1.out" & )\nwhile [ ! -s "$1.out" ]; do sleep 0.05; done\ncat "$1.out"`,
		);
		const answer = await run([sneaky], 10_000);
		expect(answer).toMatchObject({stdout: 'b1 d3\n', stopped: null, accounted: true});
		// The live readings see the burner (up to a tick late); without them the charge was a few ms.
		expect(answer.cpuMs).toBeGreaterThanOrEqual(450);
	});
});

describe('runEntry: Ctrl-C', () => {
	test('an abort stops the entry at once', async () => {
		const marker = `${MARKER}-aborted`;
		const controller = new AbortController();
		const pending = run([script(marker, 'sleep 1000')], 60_000, controller.signal);
		try {
			// The entry is waiting (its shell runs) before the abort.
			await vi.waitFor(() => expect(liveWith(marker).length).toBeGreaterThan(0), {timeout: 10_000, interval: 20});
			const aborted = performance.now();
			controller.abort();
			const answer = await pending;
			expect(answer.stopped).toBe('aborted');
			expect(performance.now() - aborted).toBeLessThan(1300);
			expect(await survivors(marker)).toEqual([]);
		} finally {
			controller.abort();
			killAll(marker);
		}
	});

	test('a signal aborted before the move: the entry is stopped before it answers', async () => {
		const answer = await run([entry('burn.mjs'), '400', movesFile], 60_000, AbortSignal.abort());
		expect(answer.stopped).toBe('aborted');
		expect(answer.stdout).toBe('');
		expect(answer.wallMs).toBeLessThan(1000);
	});
});

describe('runEntry: nothing the entry started is left behind', () => {
	/**
	 * Each entry leaves a background subshell (a loop, so it is not replaced by `sleep`: it keeps
	 * the script's command line, and with it the marker) before it does its thing.
	 */
	const child = (tag: string, holdsOutput: boolean) => `while :; do sleep 1; done ${holdsOutput ? '' : '>/dev/null 2>&1'} &\n# ${tag}`;

	const cases: readonly {name: string; body: string; clockMs: number; stopped: EntryAnswer['stopped']; wallUnder: number}[] = [
		{
			name: 'exits at once, its child holding stdout open',
			body: `${child('a', true)}\necho "b1 d3"`,
			clockMs: 5000,
			stopped: null,
			wallUnder: 1500,
		},
		{
			name: 'exits at once, its child detached from its output',
			body: `${child('b', false)}\necho "b1 d3"`,
			clockMs: 5000,
			stopped: null,
			wallUnder: 1500,
		},
		{name: 'crashes', body: `${child('c', true)}\necho "b1 d3"; kill -SEGV $$`, clockMs: 5000, stopped: null, wallUnder: 1500},
		{name: 'floods', body: `${child('d', true)}\nyes "b1 d3"`, clockMs: 5000, stopped: 'flood', wallUnder: 2000},
		{name: 'hangs', body: `${child('e', true)}\nsleep 1000`, clockMs: 500, stopped: 'hung', wallUnder: 500 + SHORT_GRACE_MS + 1500},
		{
			name: 'runs out of time',
			body: `${child('f', true)}\nnode "${entry('burn.mjs')}" 60000 "${join(dir ?? '', 'x')}" "$1"`,
			clockMs: 500,
			stopped: 'time',
			wallUnder: 500 + HANG_GRACE_MS,
		},
	];

	test.each(cases)('an entry that $name', async ({name, body, clockMs, stopped, wallUnder}) => {
		const marker = `${MARKER}-${name.replace(/\W+/g, '-')}`;
		const path = script(marker, body);
		try {
			// The hang on the short grace; the others as the referee runs them (a burner on a short
			// grace could be taken for hung on a busy machine).
			const answer = await (stopped === 'hung' ? runWithShortGrace([path], clockMs) : run([path], clockMs));
			expect(answer.stopped).toBe(stopped);
			expect(answer.wallMs).toBeLessThan(wallUnder);
			// Its looping child would run for ever: none of its processes is left once the move is over.
			expect(await survivors(marker)).toEqual([]);
		} finally {
			killAll(marker);
		}
	});

	test('while it runs, the marker scan sees the background child (the check above can fail)', async () => {
		const marker = `${MARKER}-visible`;
		const path = script(marker, `${child('v', false)}\nsleep 1000`);
		const controller = new AbortController();
		const pending = run([path], 60_000, controller.signal);
		try {
			// The script and its looping subshell, once both have started.
			await vi.waitFor(() => expect(liveWith(marker).length).toBeGreaterThanOrEqual(2), {timeout: 10_000, interval: 20});
		} finally {
			controller.abort();
		}
		const answer = await pending;
		expect(answer.stopped).toBe('aborted');
		try {
			expect(await survivors(marker)).toEqual([]);
		} finally {
			killAll(marker);
		}
	});

	// A child may leave the entry's process group (a shell's job control, Python's process_group=0,
	// perl's setpgrp) but not its session: it is still the entry's, charged and killed.

	/** Perl that moves to a process group of its own, says so on its output, then lets go of it. */
	const ownGroup = 'setpgrp(0, 0); $| = 1; print "grouped\\n"; open(STDOUT, ">", "/dev/null")';
	test.skipIf(noPerl)('a child that moved to a process group of its own is not left running', async () => {
		const marker = `${MARKER}-own-group`;
		// The child is in its group before the entry answers (it says so on the pipe the entry reads
		// once, then lets go of it), so the race is not the question.
		const path = script(
			marker,
			`(perl -e '${ownGroup}; exec "sh", "-c", "while :; do sleep 1; done; : ${marker}"' 2>/dev/null &) | read -r grouped\necho "b1 d3"`,
		);
		try {
			const answer = await run([path], 5000);
			expect(answer.stdout).toBe('b1 d3\n');
			expect(await survivors(marker)).toEqual([]);
		} finally {
			killAll(marker);
		}
	});

	test.skipIf(noPerl)(
		'CPU burnt by a child in a process group of its own is charged live: the entry is stopped for time, the child too',
		async () => {
			const clockMs = 500;
			const marker = `${MARKER}-own-group-burner`;
			const path = script(
				marker,
				`perl -e 'setpgrp(0, 0); exec "node", "${entry('burn.mjs')}", "60000", "/nonexistent", "${marker}"' & wait`,
			);
			try {
				const answer = await run([path], clockMs);
				expect(answer.stopped).toBe('time');
				expect(answer.wallMs).toBeLessThan(clockMs + HANG_GRACE_MS);
				expect(await survivors(marker)).toEqual([]);
			} finally {
				killAll(marker);
			}
		},
	);

	// BUG: killSession kills the leader's group, then every other member of the session found in one
	// pass over /proc. A member that forks while that pass runs has children the pass did not see,
	// and nothing looks again: they are left running. Here a child in a process group of its own
	// forks every 2 ms (each fork a sleeper with the marker); a few are left after every move.
	// Fix: kill by process group (a group kill reaches a child being forked, the kernel sees to
	// that) and repeat the pass until it finds no live member: e.g. loop { members = the session's
	// non-zombies; if none, stop; kill(-group) for each of their groups and kill(pid) for each },
	// a bounded number of times.
	test.skipIf(noPerl)('BUG: children forked while the session is swept are not left running', async () => {
		const marker = `${MARKER}-forker`;
		// The entry answers once the forking is under way (the pipe again): the sweep meets it.
		const forker = `(perl -e '${ownGroup}; for (1 .. 400) { if (fork() == 0) { sleep 1000; exit 0 } select(undef, undef, undef, 0.002) } sleep 1000' ${marker} 2>/dev/null &) | read -r grouped`;
		const path = script(`${marker}-entry`, `${forker}\necho "b1 d3"`);
		try {
			const answer = await run([path], 5000);
			expect(answer.stdout).toBe('b1 d3\n');
			expect(await survivors(marker)).toEqual([]);
		} finally {
			for (let pass = 0; pass < 5 && liveWith(marker).length > 0; pass++) {
				killAll(marker);
				await sleep(50);
			}
		}
	});

	test('a process that left the group (setsid) and holds the output open does not keep the referee waiting', async () => {
		const marker = `${MARKER}-escaped`;
		const path = script(marker, `setsid sh -c 'while :; do sleep 1; done; : ${marker}' &\necho "b1 d3"`);
		try {
			const answer = await run([path], 5000);
			expect(answer.stdout).toBe('b1 d3\n');
			expect(answer.exit).toEqual({code: 0, signal: null});
			expect(answer.wallMs).toBeLessThan(1500);
		} finally {
			// A new session is out of the referee's reach (see the report); the test ends what it started.
			killAll(marker);
		}
	});
});
