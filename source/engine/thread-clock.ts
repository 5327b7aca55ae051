/**
 * The CPU time of the calling thread, for timing a search by what the referee charges: a
 * built-in player shares its process with the referee and other games, so the process's own CPU
 * clock (process.cpuUsage) would count their work too. Node 20 has no per-thread CPU clock, but
 * Linux keeps one in /proc/thread-self/schedstat (nanoseconds on the CPU, first field); the file
 * is opened once per thread and read again from offset 0 each time, a few microseconds.
 */
import {closeSync, openSync, readSync} from 'node:fs';

let fd: number | null | undefined;
const buffer = Buffer.alloc(128);

function open(): number | null {
	try {
		return openSync('/proc/thread-self/schedstat', 'r');
	} catch {
		return null;
	}
}

/** Milliseconds of CPU this thread has used, or null where the system does not say (not Linux). */
export function threadCpuMs(): number | null {
	if (fd === undefined) fd = open();
	if (fd === null) return null;
	try {
		const length = readSync(fd, buffer, 0, buffer.length, 0);
		const end = buffer.indexOf(32);
		const nanoseconds = Number(buffer.toString('latin1', 0, end > 0 ? end : length));
		return Number.isFinite(nanoseconds) ? nanoseconds / 1e6 : null;
	} catch {
		closeSync(fd);
		fd = null;
		return null;
	}
}

/**
 * A clock for timing this thread's work: its CPU time where the system gives it, else wall time
 * (`cpu` says which).
 */
export function threadClock(): {readonly now: () => number; readonly cpu: boolean} {
	if (threadCpuMs() !== null) return {now: () => threadCpuMs() ?? performance.now(), cpu: true};
	return {now: () => performance.now(), cpu: false};
}
