/**
 * Writing a game record (record.ts) into a folder: a new file every time, never over anything.
 * A record is written once and kept; exporting the same game again gives NAME-2.game.txt, so
 * that nobody loses one they had annotated or sent.
 */
import {basename, join} from 'node:path';
import {sweepTemporaries, writeNew} from './atomic.js';
import {RECORD_EXTENSION} from './record.js';
import {checkSaveName, makeFolder, writeProblem} from './saves.js';
import {fail, ok, type Result} from '../games/game.js';

/** The endings a source file's name loses to give its record's NAME, longest first. */
const SOURCE_ENDINGS = ['.record.txt', RECORD_EXTENSION, '.history.json', '.txt'];

/** Past this many records of one name, something is wrong (a loop, a full folder): give up. */
const MOST_SUFFIXES = 10_000;

/**
 * The NAME of the record of a source file: "runs/x/game-001.record.txt" -> "game-001",
 * "saves/red-move-10.txt" -> "red-move-10". Made a usable save name: no leading dot (a hidden
 * file, like the temporary ones), no control characters, not too long.
 */
export function recordName(sourcePath: string): string {
	let name = sourcePath === '-' ? '' : basename(sourcePath);
	const ending = SOURCE_ENDINGS.find(one => name.endsWith(one));
	if (ending !== undefined) name = name.slice(0, -ending.length);

	name = [...name.replace(/^\.+/, '').replace(/[\u0000-\u001f\u007f-\u009f\\]/g, '_')].slice(0, 80).join('');
	return name.trim() === '' ? 'game' : name;
}

/**
 * Writes `text` as dir/NAME.game.txt, or NAME-2.game.txt, NAME-3... when that is taken: to a
 * hidden temporary file first, flushed to the disk, then linked in where nothing is (atomic.ts,
 * writeNew), so that the record is there whole or not at all; temporaries of writers no longer running are swept first. Makes
 * `dir` if need be. Gives the path written, or a one-line reason.
 */
export function exportRecord(dir: string, name: string, text: string): Result<string, string> {
	const fileName = `${name}${RECORD_EXTENSION}`;
	const wanted = join(dir, fileName);
	const problem = checkSaveName(name);
	if (problem !== null) return fail(`cannot write ${wanted}: ${problem}`);
	let making = true;
	try {
		makeFolder(dir);
		making = false;
		// What a write killed half-way left here (the games folder is written by no save).
		sweepTemporaries(dir);
		const written = writeNew(candidates(dir, name), text);
		return written === null ? fail(`cannot write ${wanted}: ${dir} already holds ${MOST_SUFFIXES} records of that name`) : ok(written);
	} catch (error) {
		return fail(`cannot write ${wanted}: ${writeProblem(error, dir, making)}`);
	}
}

/** dir/NAME.game.txt, then NAME-2.game.txt, NAME-3... as far as MOST_SUFFIXES. */
function* candidates(dir: string, name: string): Generator<string> {
	for (let suffix = 1; suffix <= MOST_SUFFIXES; suffix++)
		yield join(dir, suffix === 1 ? `${name}${RECORD_EXTENSION}` : `${name}-${suffix}${RECORD_EXTENSION}`);
}
