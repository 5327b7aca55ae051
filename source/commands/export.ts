/**
 * `potm export FILE`: a game as a record for people (record.ts), written to the saves folder as
 * NAME.game.txt. FILE is any game potm reads whole (files/source.ts); a record already is copied
 * as it is once it reads, so that its comments (a review's) are kept.
 */
import {exportRecord} from '../files/export.js';
import {formatRecord, parseRecord} from '../files/record.js';
import {readGameSource} from '../files/source.js';
import {formatParseError} from '../games/game.js';

/** The record's text for FILE, and its NAME; or why FILE gives none (naming the file and line). */
function recordOf(file: string, wanted: string | undefined): {text: string; name: string} | string {
	const source = readGameSource(file, wanted);
	if (!source.ok) return source.error;
	const {game, line, moves, ended, players, date, name, recordText, note} = source.value;
	if (recordText !== null) return {text: recordText, name};
	// A history that does not lead to the position costs the moves: said, but the position is still a game.
	if (note !== null) process.stderr.write(`potm: ${note}\n`);
	const output = formatRecord({game, line, moves, ended, date, ...(players ? {players} : {})});
	// What is written must read back as this game: checked here, before anything is written.
	const back = parseRecord(output, `${name}.game.txt`);
	if (!back.ok) throw new Error(`the record of ${file} does not read back: ${formatParseError(back.error)}`);
	return {text: output, name};
}

/** Writes FILE's game to the saves folder ($POTM_SAVES, else saves) and prints the path written. Exit status 0, 1 (not written) or 2 (a bad FILE). */
export function runExport(file: string, wanted: string | undefined): number {
	const dir = process.env['POTM_SAVES'] || 'saves';
	const record = recordOf(file, wanted);
	if (typeof record === 'string') {
		process.stderr.write(`potm: ${record}\n`);
		return 2;
	}
	const written = exportRecord(dir, record.name, record.text);
	if (!written.ok) {
		process.stderr.write(`potm: ${written.error}\n`);
		return 1;
	}
	process.stdout.write(`${written.value}\n`);
	return 0;
}
