/**
 * One move of an external entry, run as the POTM-MASTER ran it: the command with the input
 * file's path appended (LOA), or with the position on its standard input (PAH-TUM), in the
 * entry's own directory, its CPU time (user + system, its children included) charged to its
 * clock.
 *
 * Node cannot ask the kernel for a finished child's resource usage, so the entry runs under a
 * small shell wrapper that starts it, waits for it and then reports the shell's `times` (the
 * CPU of its waited-for children: the entry and whatever the entry waited for) and the entry's
 * exit status on a pipe of their own, fd 3, which the entry itself does not get. That is the
 * operating system's accounting of the finished process, as /usr/bin/time gave POTM.
 *
 * The wrapper leads a session of its own (so the terminal's Ctrl-C does not reach the entry
 * either); when the move is over, or must be stopped, every process of that session is killed,
 * so nothing the entry started is left behind.
 *
 * An entry past its clock in wall time and not computing is stopped as hung once HANG_GRACE_MS
 * more have passed; a move may be given another grace (graceMs), which the tests of the hang
 * rule shorten so as not to wait a second for each hang. The referee always gives the default.
 */
import {spawn} from 'node:child_process';
import {existsSync} from 'node:fs';
import {constants} from 'node:os';
import {killSession, readSessions, TICK_INTERVAL_MS, watchSession} from './sessions.js';

/** What the referee keeps of an entry's stdout and stderr; more stdout than this is a flood. */
export const OUTPUT_LIMIT = 64 * 1024;
/** Wall time past its remaining clock an entry that is not computing gets before it counts as hung. */
export const HANG_GRACE_MS = 1000;
/** Below this share of a core an entry is waiting, not computing. */
export const IDLE_SHARE = 0.25;
/**
 * However it shares the machine, an entry gets at most this many times its remaining clock, plus
 * the grace, in wall time (a machine so busy that an entry gets less than a third of a core is
 * not one to referee on).
 */
export const WALL_FACTOR = 3;

/** bash's `times` reads getrusage (microseconds); dash's reads times(2) (1/100 s). Either will do. */
const SHELL = ['/bin/bash', '/usr/bin/bash', '/bin/sh'].find(path => existsSync(path)) ?? '/bin/sh';
// The shell's own complaints ("Segmentation fault" after a crash) go nowhere: the entry's stderr is its own.
const WRAPPER = 'exec 4>&2 2>/dev/null; "$@" 2>&4 3>&- 4>&-; status=$?; times >&3; echo "status $status" >&3';

export interface EntryMove {
	/** The command's words (with the input file's path last, for a game whose entries are given a path). */
	readonly argv: readonly string[];
	/** What the entry reads on its standard input (the position, for a game whose entries read it there); none: no input at all. */
	readonly stdin?: string;
	readonly cwd: string;
	/** CPU milliseconds left on its clock. */
	readonly clockMs: number;
	/** Stops the entry at once (Ctrl-C). */
	readonly signal?: AbortSignal;
	/** Wall milliseconds past its clock before an entry that is not computing is stopped as hung (HANG_GRACE_MS unless given). */
	readonly graceMs?: number;
}

export interface EntryAnswer {
	/** What it printed, cut at OUTPUT_LIMIT. */
	readonly stdout: string;
	readonly stderr: string;
	/** Bytes it wrote to stderr in all (the record keeps the first OUTPUT_LIMIT). */
	readonly stderrBytes: number;
	/** How it ended: an exit status, or the signal that ended it. */
	readonly exit: {readonly code: number | null; readonly signal: string | null};
	/** CPU milliseconds it used. */
	readonly cpuMs: number;
	/** Whether cpuMs is the system's accounting of the finished process, or the last live reading (stopped). */
	readonly accounted: boolean;
	readonly wallMs: number;
	/** Why the referee stopped it, if it did. */
	readonly stopped: 'time' | 'hung' | 'flood' | 'aborted' | null;
}

/** `times` prints "0m0.004s 0m0.001s" per line: the shell's own times, then its children's. */
export function parseTimes(text: string): number | null {
	const lines = text.split('\n');
	const children = lines[1];
	if (children === undefined) return null;
	const parts = [...children.matchAll(/(\d+)m(\d+(?:[.,]\d+)?)s/g)];
	if (parts.length !== 2) return null;
	let ms = 0;
	for (const part of parts) ms += (Number(part[1]) * 60 + Number(part[2]!.replace(',', '.'))) * 1000;
	return ms;
}

/**
 * The entry's exit from the wrapper's report: a shell gives 128 + N for a child killed by signal
 * N (so an entry that chose to exit with 130, say, reads as killed by SIGINT: a crash either way).
 */
export function exitOf(report: string): {code: number | null; signal: string | null} | null {
	const match = /^status (\d+)$/m.exec(report);
	if (!match) return null;
	const status = Number(match[1]);
	if (status > 128) {
		const name = Object.entries(constants.signals).find(([, number]) => number === status - 128)?.[0];
		if (name) return {code: null, signal: name};
	}
	return {code: status, signal: null};
}

/** Kills every process of the entry's session (its wrapper's pid is the session's id). */
function killEntry(pid: number | undefined): void {
	if (pid !== undefined) killSession(pid);
}

/** Every session started and not yet swept, for a last sweep when the referee exits. */
const live = new Set<number>();
process.on('exit', () => {
	for (const pid of live) killEntry(pid);
});

export function runEntry(move: EntryMove): Promise<EntryAnswer> {
	const graceMs = move.graceMs ?? HANG_GRACE_MS;
	return new Promise(resolve => {
		const started = performance.now();
		const child = spawn(SHELL, ['-c', WRAPPER, 'potm-entry', ...move.argv], {
			cwd: move.cwd,
			detached: true,
			stdio: [move.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe', 'pipe'],
		});
		if (move.stdin !== undefined && child.stdin) {
			// An entry that answers without reading all of it (or dies first) closes the pipe: not our error.
			child.stdin.on('error', () => undefined);
			child.stdin.end(move.stdin);
		}
		const pid = child.pid;
		if (pid !== undefined) live.add(pid);
		const stdout: Buffer[] = [];
		const stderr: Buffer[] = [];
		let stdoutBytes = 0;
		let stderrBytes = 0;
		let report = '';
		let stopped: EntryAnswer['stopped'] = null;
		let lastCpu: number | null = null;
		let leftoverCpu = 0;
		let exit: EntryAnswer['exit'] | null = null;
		let spawnError: Error | null = null;
		let done = false;

		const stop = (why: NonNullable<EntryAnswer['stopped']>) => {
			if (stopped !== null || exit !== null) return;
			stopped = why;
			killEntry(pid);
		};
		child.stdout!.on('data', (chunk: Buffer) => {
			if (stdoutBytes < OUTPUT_LIMIT) stdout.push(chunk);
			stdoutBytes += chunk.length;
			if (stdoutBytes > OUTPUT_LIMIT) stop('flood');
		});
		child.stderr!.on('data', (chunk: Buffer) => {
			if (stderrBytes < OUTPUT_LIMIT) stderr.push(chunk);
			stderrBytes += chunk.length;
		});
		(child.stdio[3] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => {
			report += chunk.toString('latin1');
		});

		const unwatch =
			pid === undefined
				? () => undefined
				: watchSession(pid, cpuMs => {
						if (cpuMs !== null) lastCpu = cpuMs;
						const wallMs = performance.now() - started;
						if (cpuMs !== null && cpuMs > move.clockMs) stop('time');
						else if (wallMs >= move.clockMs + graceMs) {
							// Past its clock in wall time and not computing: it waits for nothing. Without
							// readings (no /proc) the wall clock is all there is.
							if (cpuMs === null) stop('time');
							else if (cpuMs < wallMs * IDLE_SHARE || wallMs >= move.clockMs * WALL_FACTOR + graceMs) stop('hung');
						}
					});
		const onAbort = () => stop('aborted');
		move.signal?.addEventListener('abort', onAbort);
		if (move.signal?.aborted) onAbort();

		const finish = () => {
			if (done) return;
			done = true;
			unwatch();
			move.signal?.removeEventListener('abort', onAbort);
			if (pid !== undefined) live.delete(pid);
			const wallMs = performance.now() - started;
			const times = stopped === null ? parseTimes(report) : null;
			// `times` counts what was waited for; a child left running (or dead, never waited for)
			// is not in it, so what /proc still shows at the end is added, and the charge is never
			// less than the largest live reading.
			const accounting = times === null ? null : Math.max(times + leftoverCpu, lastCpu ?? 0);
			const text = (chunks: Buffer[]) => Buffer.concat(chunks).subarray(0, OUTPUT_LIMIT).toString('utf8');
			const errorText = spawnError ? `potm: could not start the entry: ${spawnError.message}\n` : '';
			resolve({
				stdout: text(stdout),
				stderr: errorText + text(stderr),
				stderrBytes: stderrBytes + errorText.length,
				exit: stopped !== null ? {code: null, signal: 'SIGKILL'} : (exitOf(report) ?? exit ?? {code: null, signal: null}),
				// Stopped, it has used at least its clock (or was cut short): the last reading, or the wall time without one.
				cpuMs: accounting ?? lastCpu ?? Math.min(wallMs, move.clockMs),
				accounted: accounting !== null,
				wallMs,
				stopped,
			});
		};
		child.on('error', error => {
			spawnError = error;
			exit ??= {code: null, signal: null};
			finish();
		});
		child.on('exit', (code, signal) => {
			exit = {code, signal};
			if (pid !== undefined) leftoverCpu = readSessions(new Set([pid]))?.get(pid) ?? 0;
			// Whatever the entry left running goes with it; its pipes then close.
			killEntry(pid);
			// A process that left the group (setsid) may still hold the pipes open: wait no longer.
			setTimeout(() => {
				child.stdout?.destroy();
				child.stderr?.destroy();
				(child.stdio[3] as NodeJS.ReadableStream & {destroy?: () => void}).destroy?.();
				finish();
			}, 4 * TICK_INTERVAL_MS).unref();
		});
		child.on('close', finish);
	});
}
