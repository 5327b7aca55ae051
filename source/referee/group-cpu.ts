/**
 * Live CPU readings of running entries, so that one still running when its clock is out can be
 * stopped. Each entry runs in a process group of its own; every tick this reads /proc/PID/stat of
 * every process and adds up, per watched group, the CPU its members used (user + system) and the
 * CPU of their children they have already waited for. The final charge of a move is not this
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

/** Parsed from one /proc/PID/stat: its process group and CPU ticks (own and waited-for children). */
export function parseStat(text: string): {group: number; ticks: number} | null {
	// The command name (field 2) is in parentheses and may hold spaces or parentheses itself.
	const close = text.lastIndexOf(')');
	if (close < 0) return null;
	const fields = text.slice(close + 2).split(' ');
	// fields[0] is field 3 (state): pgrp is field 5, utime..cstime are fields 14..17.
	const group = Number(fields[2]);
	const ticks = Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
	return Number.isFinite(group) && Number.isFinite(ticks) ? {group, ticks} : null;
}

/** CPU milliseconds per process group, for the groups asked about; null without /proc. */
export function readGroups(groups: ReadonlySet<number>): Map<number, number> | null {
	let names: string[];
	try {
		names = readdirSync('/proc');
	} catch {
		return null;
	}
	const totals = new Map<number, number>();
	for (const name of names) {
		if (name.charCodeAt(0) < 48 || name.charCodeAt(0) > 57) continue;
		let text: string;
		try {
			text = readFileSync(`/proc/${name}/stat`, 'latin1');
		} catch {
			continue; // it exited while we looked
		}
		const stat = parseStat(text);
		if (stat && groups.has(stat.group)) totals.set(stat.group, (totals.get(stat.group) ?? 0) + stat.ticks * TICK_MS);
	}
	return totals;
}

const watchers = new Map<number, Watcher>();
let timer: NodeJS.Timeout | undefined;

function tick(): void {
	const totals = readGroups(new Set(watchers.keys()));
	for (const [group, watcher] of watchers) watcher(totals ? (totals.get(group) ?? 0) : null);
}

/**
 * Calls `watcher` every tick with the CPU milliseconds the process group has used so far (null
 * where the system cannot say). One timer and one pass over /proc serve every group watched.
 * Returns the function that stops watching.
 */
export function watchGroup(group: number, watcher: Watcher): () => void {
	watchers.set(group, watcher);
	timer ??= setInterval(tick, TICK_INTERVAL_MS);
	return () => {
		watchers.delete(group);
		if (watchers.size === 0 && timer) {
			clearInterval(timer);
			timer = undefined;
		}
	};
}
