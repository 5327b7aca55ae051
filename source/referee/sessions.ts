/**
 * Live CPU readings of running entries, so that one still running when its clock is out can be
 * stopped, and the list of an entry's processes, so that none outlives its move. Each entry runs
 * in a session of its own (its processes stay in it even when they make process groups of their
 * own, as a shell's job control does); every tick this reads /proc/PID/stat of every process and
 * adds up, per watched session, the CPU its members used (user + system) and the CPU of their
 * children they have already waited for. The final charge of a move is not this
 * reading but the operating system's accounting of the finished process (see entry.ts); this only
 * has to be good enough to notice a clock running out, within a tick or two.
 *
 * Where there is no /proc (not Linux), readings are null and only the wall clock can stop an entry.
 */
import {readdirSync, readFileSync} from 'node:fs';

/** Linux reports these times in clock ticks of 1/100 s (USER_HZ, the same on every architecture we run on). */
const TICK_MS = 10;
export const TICK_INTERVAL_MS = 100;

type Watcher = (cpuMs: number | null) => void;

export interface ProcessStat {
	readonly pid: number;
	/** One letter: R running, S sleeping, Z a zombie (dead, not yet reaped), ... */
	readonly state: string;
	readonly group: number;
	readonly session: number;
	/** CPU ticks used: its own user and system time and its waited-for children's. */
	readonly ticks: number;
}

/** One /proc/PID/stat, parsed. */
export function parseStat(text: string): ProcessStat | null {
	// The command name (field 2) is in parentheses and may hold spaces or parentheses itself.
	const close = text.lastIndexOf(')');
	if (close < 0) return null;
	const pid = Number(text.slice(0, text.indexOf(' ')));
	const fields = text.slice(close + 2).split(' ');
	// fields[0] is field 3 (state): pgrp is field 5, session 6, utime..cstime are fields 14..17.
	const group = Number(fields[2]);
	const session = Number(fields[3]);
	const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
	if (![pid, group, session, ticks].every(Number.isFinite)) return null;
	return {pid, state: fields[0] ?? '?', group, session, ticks};
}

/** Every process /proc shows, or null without /proc. */
export function readProcesses(): ProcessStat[] | null {
	let names: string[];
	try {
		names = readdirSync('/proc');
	} catch {
		return null;
	}
	const found: ProcessStat[] = [];
	for (const name of names) {
		if (name.charCodeAt(0) < 48 || name.charCodeAt(0) > 57) continue;
		let text: string;
		try {
			text = readFileSync(`/proc/${name}/stat`, 'latin1');
		} catch {
			continue; // it exited while we looked
		}
		const stat = parseStat(text);
		if (stat) found.push(stat);
	}
	return found;
}

/** CPU milliseconds per session, for the sessions asked about; null without /proc. */
export function readSessions(sessions: ReadonlySet<number>): Map<number, number> | null {
	const processes = readProcesses();
	if (!processes) return null;
	const totals = new Map<number, number>();
	for (const stat of processes) {
		if (sessions.has(stat.session)) totals.set(stat.session, (totals.get(stat.session) ?? 0) + stat.ticks * TICK_MS);
	}
	return totals;
}

/**
 * Kills a session's processes: its leader's process group at once, then, pass after pass over
 * /proc, the group and the pid of every other living member (those that made groups of their
 * own), until none is left: a member forking during one pass is caught by the group kill or the
 * next pass. Only a process that made a session of its own (setsid) is out of reach, as it was of
 * POTM's signal 9.
 */
export function killSession(session: number): void {
	const kill = (pid: number) => {
		try {
			process.kill(pid, 'SIGKILL');
		} catch {
			// ESRCH: gone already.
		}
	};
	kill(-session);
	for (let pass = 0; pass < 20; pass++) {
		const members = (readProcesses() ?? []).filter(stat => stat.session === session && stat.state !== 'Z');
		if (members.length === 0) return;
		for (const member of members) {
			kill(-member.group);
			kill(member.pid);
		}
	}
}

const watchers = new Map<number, Watcher>();
let timer: NodeJS.Timeout | undefined;

function tick(): void {
	const totals = readSessions(new Set(watchers.keys()));
	for (const [session, watcher] of watchers) watcher(totals ? (totals.get(session) ?? 0) : null);
}

/**
 * Calls `watcher` every tick with the CPU milliseconds the session has used so far (null where
 * the system cannot say). One timer and one pass over /proc serve every session watched.
 * Returns the function that stops watching.
 */
export function watchSession(session: number, watcher: Watcher): () => void {
	watchers.set(session, watcher);
	timer ??= setInterval(tick, TICK_INTERVAL_MS);
	return () => {
		watchers.delete(session);
		if (watchers.size === 0 && timer) {
			clearInterval(timer);
			timer = undefined;
		}
	};
}
