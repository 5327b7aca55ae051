/**
 * What a `potm move` process costs to start on this machine, remembered from one move to the next
 * (and one game to the next): the time plan keeps a start-up for every move the game will likely
 * still ask for, and one process's own start-up is a noisy reading of it (the same entry was
 * charged 57 to 130 ms of CPU on the 2-core VM while other work ran). The plan reads the least of
 * the last KEPT start-ups, this one's included: the machine's cost at its best lately, which one
 * slow start does not inflate and a machine that stays busy still raises.
 *
 * Kept in a small text file in the user's cache folder ($XDG_CACHE_HOME/potm, else ~/.cache/potm;
 * POTM_CACHE_DIR names another), one per Node version, way of starting (the snapshot or the
 * modules) and build of the snapshot, written whole to a temporary file and renamed into place, so that entries started
 * side by side never read half a file. When the folder cannot be read or written, the plan reads
 * this process's start-up alone: nothing fails for it.
 */
import {mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync} from 'node:fs';
import {homedir} from 'node:os';
import {basename, dirname, join} from 'node:path';

/** Start-ups remembered. */
export const KEPT = 16;

/**
 * The cache folder of potm: POTM_CACHE_DIR, else $XDG_CACHE_HOME/potm, else ~/.cache/potm; null
 * where there is none (no HOME, and a user the system does not know: os.homedir() throws).
 */
export function cacheFolder(env: NodeJS.ProcessEnv = process.env): string | null {
	if (env['POTM_CACHE_DIR']) return env['POTM_CACHE_DIR'];
	if (env['XDG_CACHE_HOME']) return join(env['XDG_CACHE_HOME'], 'potm');
	try {
		return join(homedir(), '.cache', 'potm');
	} catch {
		return null;
	}
}

/**
 * The memory file of a way of starting (`snapshot` or `modules`) under this Node and this build
 * (`build`, say when the snapshot was made: a new build starts a memory of its own), or null where
 * there is no cache folder.
 */
export function memoryFile(start: string, build = '', folder = cacheFolder()): string | null {
	if (folder === null) return null;
	return join(folder, `startup-${start}-${process.version}-${process.arch}${build === '' ? '' : `-${build}`}.txt`);
}

/** The start-ups remembered in `file`, oldest first; none when it is missing or unreadable (or there is no file). */
export function readStartups(file: string | null): number[] {
	if (file === null) return [];
	let text: string;
	try {
		text = readFileSync(file, 'utf8');
	} catch {
		return [];
	}
	return text
		.split('\n')
		.map(Number)
		.filter(value => Number.isFinite(value) && value > 0)
		.slice(-KEPT);
}

/** The start-up the plan reads: the least of those remembered and this one. */
export const bestStartup = (remembered: readonly number[], now: number): number => Math.min(now, ...remembered);

/** A memory (or a temporary of one, left by a killed process) untouched this long is swept. */
export const STALE_MS = 7 * 24 * 3600 * 1000;

/**
 * Removes the memories in `file`'s folder not written for STALE_MS, and their temporaries: every
 * build starts a memory of its own, and a folder of old builds' files would otherwise only grow.
 * Run when a memory starts, so once a build; what cannot be removed stays.
 */
export function sweepStale(file: string, nowMs = Date.now()): void {
	const folder = dirname(file);
	let names: string[];
	try {
		names = readdirSync(folder);
	} catch {
		return;
	}
	for (const name of names) {
		if (!name.startsWith('startup-') || name === basename(file) || !(name.endsWith('.txt') || name.endsWith('.tmp'))) continue;
		try {
			const path = join(folder, name);
			if (nowMs - statSync(path).mtimeMs > STALE_MS) unlinkSync(path);
		} catch {
			// Gone already, or not ours to remove.
		}
	}
}

/** Adds `now` to the memory in `file` (the last KEPT kept); a failure, or no file, is ignored. */
export function rememberStartup(file: string | null, remembered: readonly number[], now: number): void {
	if (file === null) return;
	const kept = [...remembered, now].slice(-KEPT);
	const temporary = `${file}.${process.pid}.tmp`;
	try {
		// A memory read back has its folder already (the calls cost a cold process a millisecond each);
		// a memory that starts sweeps the stale ones of other builds.
		if (remembered.length === 0) {
			mkdirSync(dirname(file), {recursive: true});
			sweepStale(file);
		}
		// Not through files/atomic.ts: this is a cache on the contest entry's clock, where an fsync
		// and another module cost more than a memory lost to a crash (the next move measures anew).
		writeFileSync(temporary, `${kept.map(value => value.toFixed(1)).join('\n')}\n`);
		renameSync(temporary, file);
	} catch {
		// No memory this time: the next move reads its own start-up, as a first move does.
		try {
			rmSync(temporary, {force: true});
		} catch {
			// A temporary that cannot be removed is swept with the stale ones later.
		}
	}
}
