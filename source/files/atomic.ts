/**
 * Writing files whole or not at all, the one way every writer of what a user keeps does it
 * (saves, game records, the referee's and the bench's files): the data goes to a hidden
 * temporary file beside the real one and is flushed to the disk, then renamed over it, and the
 * folder is flushed so that the rename survives a crash. A full disk, a missing permission or a
 * process killed in the middle leaves the old file as it was: never half a file.
 *
 * A temporary's name carries its writer's process id, so that sweepTemporaries can tell the
 * temporaries of a writer that was killed (to remove) from those of one still writing (to keep).
 */
import {randomBytes} from 'node:crypto';
import {closeSync, fsyncSync, linkSync, lstatSync, openSync, readdirSync, renameSync, rmSync, writeSync} from 'node:fs';
import {basename, dirname, join} from 'node:path';

/** What a file is written from: text (as UTF-8) or bytes. */
export type FileData = string | Uint8Array;

/** One file of a writeWhole: where, and what it holds. */
export interface WholeFile {
	readonly path: string;
	readonly data: FileData;
}

/** A temporary file's name: hidden, with the writer's process id and a random tag. */
const temporaryName = (fileName: string, pid: number, tag: string): string => `.${fileName}.${pid}.${tag}.tmp`;
const TEMPORARY = /^\..+\.(\d+)\.[0-9a-f]{8}\.tmp$/;

/**
 * Writes `data` to a new hidden file in `dir` named after `fileName` and flushes it to the disk;
 * gives its path, which it also adds to `temporaries` for the caller to remove (after a rename,
 * or a failure: removeTemporaries).
 */
function writeTemporary(dir: string, fileName: string, data: FileData, temporaries: string[], mode = 0o666): string {
	const path = join(dir, temporaryName(fileName, process.pid, randomBytes(4).toString('hex')));
	// 'wx': a name that is somehow there already is an error, never a file written into. The mode
	// is set as the file is made (less the umask), so a private file is never readable by others.
	const fd = openSync(path, 'wx', mode);
	temporaries.push(path);
	try {
		const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
		for (let written = 0; written < bytes.length;) written += writeSync(fd, bytes, written, bytes.length - written);
		fsyncSync(fd);
	} finally {
		closeSync(fd);
	}
	return path;
}

/** Renames `temporary` over `path` and strikes it from `temporaries`: it is a temporary no more. */
function putInPlace(temporary: string, path: string, temporaries: string[]): void {
	renameSync(temporary, path);
	temporaries.splice(temporaries.indexOf(temporary), 1);
}

/** Removes what is left of `temporaries`, best effort: the listings skip hidden files anyway. */
function removeTemporaries(temporaries: readonly string[]): void {
	for (const temporary of temporaries) {
		try {
			rmSync(temporary, {force: true});
		} catch {
			// Hidden, and swept by a later write into the folder.
		}
	}
}

/** Makes the renames in `dir` survive a crash; some systems cannot fsync a folder, and that is fine. */
function syncFolder(dir: string): void {
	let fd: number | undefined;
	try {
		fd = openSync(dir, 'r');
		fsyncSync(fd);
	} catch {
		// Best effort only.
	} finally {
		if (fd !== undefined) closeSync(fd);
	}
}

/**
 * Writes each file whole, replacing what has its name: every temporary is written and flushed
 * first, then they are renamed into place in the order given, then the folders are flushed. A
 * failure before the renames leaves every old file; the order lets a caller put first the file
 * that tells a later one's absence (a save's history before its .txt). Throws what failed (an
 * errno error); no temporary is left behind either way.
 */
export function writeWhole(files: WholeFile | readonly WholeFile[]): void {
	const list = Array.isArray(files) ? (files as readonly WholeFile[]) : [files as WholeFile];
	const temporaries: string[] = [];
	try {
		const written = list.map(file => writeTemporary(dirname(file.path), basename(file.path), file.data, temporaries));
		list.forEach((file, index) => putInPlace(written[index]!, file.path, temporaries));
		for (const dir of new Set(list.map(file => dirname(file.path)))) syncFolder(dir);
	} finally {
		removeTemporaries(temporaries);
	}
}

/** Whether anything, even a dangling link, has this path. */
export function taken(path: string): boolean {
	try {
		lstatSync(path);
		return true;
	} catch {
		return false;
	}
}

/**
 * Hard-links `temporary` in as `path` if nothing has that name: a link, unlike a rename, fails
 * rather than replace a file that appeared meanwhile. On a file system without hard links, a
 * rename where nothing is (the gap between the look and the rename is the one risk left).
 * Gives whether it was placed.
 */
function placeNew(temporary: string, path: string, temporaries: string[]): boolean {
	try {
		linkSync(temporary, path);
		return true;
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		if (code === 'EEXIST') return false;
		if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw error;
	}
	if (taken(path)) return false;
	putInPlace(temporary, path, temporaries);
	return true;
}

/**
 * Writes `data` whole under the first of `paths` that nothing has, never over anything: for
 * files written once and kept (a game record someone may have annotated). The paths are names in
 * one folder, tried in turn; the data is written and flushed once, to a temporary named after
 * the first, with `mode` (0o600 for a private key; the usual 0o666 less the umask by default).
 * Gives the path written, or null when every one is taken. Throws what failed (an errno error);
 * no temporary is left behind either way.
 */
export function writeNew(paths: Iterable<string>, data: FileData, mode?: number): string | null {
	const temporaries: string[] = [];
	let temporary: string | undefined;
	try {
		for (const path of paths) {
			temporary ??= writeTemporary(dirname(path), basename(path), data, temporaries, mode);
			if (placeNew(temporary, path, temporaries)) {
				syncFolder(dirname(path));
				return path;
			}
		}
		return null;
	} finally {
		removeTemporaries(temporaries);
	}
}

/** Whether process `pid` is running (a process of another user counts as running). */
function running(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

/**
 * Removes the temporary files that writers killed in the middle of a write left in `dir`: those
 * of a process no longer running. Another potm writing into the folder at this moment keeps its
 * own, and this process's are its own to remove. Best effort: what cannot be removed stays hidden.
 */
export function sweepTemporaries(dir: string): void {
	let names: string[];
	try {
		names = readdirSync(dir);
	} catch {
		return;
	}
	for (const name of names) {
		const pid = TEMPORARY.exec(name)?.[1];
		if (pid === undefined || Number(pid) === process.pid || running(Number(pid))) continue;
		try {
			rmSync(join(dir, name), {force: true});
		} catch {
			// Left for a later write.
		}
	}
}
