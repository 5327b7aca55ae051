/**
 * LINES and BOXES's whole 3×3 table (games/boxes/table3.ts) as a file: built once when potm is
 * built (source/tools/build-entry.mjs writes dist/boxes-3x3.table), then read by every process
 * that plays 3×3, in milliseconds, so that its first move is perfect at any clock: building the
 * table in a move took 2.3 s of CPU from the empty board, more than a move of a short clock has.
 *
 * The file: a header line naming the format, then the 2^24 values as signed bytes. A file of
 * another length or header is not read (the move then builds what it needs, as before).
 */
import {closeSync, fstatSync, openSync, readFileSync, readSync} from 'node:fs';
import {join} from 'node:path';
import {writeWhole} from './atomic.js';
import {TABLE3_SETS, useStoredTable, wholeTable} from '../games/boxes/table3.js';

export const TABLE3_FILE = 'boxes-3x3.table';
const HEADER = Buffer.from('potm LINES and BOXES 3x3 table 1\n', 'latin1');

/** The table in `path`, or null when it is missing or not a whole table of this format. */
export function readTable3(path: string): Int8Array | null {
	let data: Buffer;
	try {
		data = readFileSync(path);
	} catch {
		return null;
	}
	if (data.length !== HEADER.length + TABLE3_SETS || !data.subarray(0, HEADER.length).equals(HEADER)) return null;
	return new Int8Array(data.buffer, data.byteOffset + HEADER.length, TABLE3_SETS);
}

/** Whether `path` holds a whole table of this format, judged by its length and header alone. */
export function hasTable3(path: string): boolean {
	let descriptor: number;
	try {
		descriptor = openSync(path, 'r');
	} catch {
		return false;
	}
	try {
		const header = Buffer.alloc(HEADER.length);
		const read = readSync(descriptor, header, 0, HEADER.length, 0);
		return read === HEADER.length && header.equals(HEADER) && fstatSync(descriptor).size === HEADER.length + TABLE3_SETS;
	} finally {
		closeSync(descriptor);
	}
}

/** Builds the whole table and writes it to `path`, whole or not at all (atomic.ts). */
export function writeTable3(path: string): void {
	const values = wholeTable();
	writeWhole({path, data: Buffer.concat([HEADER, Buffer.from(values.buffer, values.byteOffset, values.byteLength)])});
}

/** Has the 3×3 solver read the whole table from the build folder `dist` when it first needs it. */
export function useTable3From(dist: string): void {
	useStoredTable(() => readTable3(join(dist, TABLE3_FILE)));
}
