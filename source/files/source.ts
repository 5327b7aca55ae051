/**
 * A finished or unfinished game read from any file potm writes: a save (NAME.txt, its history
 * giving the moves), a referee game (game-001.txt, or its game-001.record.txt, which also names
 * the players and says how a game lost by a fault ended), or a game record (NAME.game.txt). For
 * the commands that take a whole game: export and review.
 */
import {existsSync, statSync} from 'node:fs';
import {basename, dirname, join} from 'node:path';
import {recordName} from './export.js';
import {readText} from './load.js';
import {isRecordText, parseRecord} from './record.js';
import {gameOfRecord, loadGame, loadGameText, type LoadedGame} from './load-game.js';
import {fail, formatParseError, ok, type Outcome, type Result} from '../games/game.js';
import type {AnyGame} from '../games/registry.js';
import {isRefereeRecord, readRecordHeader, recordFaultEnding, recordPlayer, type RecordHeader} from '../referee/record-file.js';

/** A game as a file gives it. */
export interface GameSource {
	readonly game: AnyGame;
	readonly line: unknown[];
	readonly moves: number[];
	readonly ended: Outcome | null;
	/** Who played each side, where the file says. */
	readonly players: readonly [string, string] | null;
	/** When the game was played, as near as the file tells: its record's Date, else the file's time. */
	readonly date: Date;
	/** The NAME its record takes (game-001, red-move-10). */
	readonly name: string;
	/** A record's own text, when FILE is one (its comments and tags are kept on export). */
	readonly recordText: string | null;
	/** Why the moves before the position could not be read, when they could not: the game then starts at the file's position. */
	readonly note: string | null;
}

/**
 * The position file a referee record names. The record gives it as the referee's --out folder
 * had it, relative to where the referee ran; the two files are written side by side, so the one
 * beside the record is looked for first, wherever the folder has gone since.
 */
function positionOf(recordPath: string, named: string): string | undefined {
	const candidates = [join(dirname(recordPath), basename(named)), named];
	return candidates.find(candidate => {
		try {
			return statSync(candidate).isFile();
		} catch {
			return false;
		}
	});
}

/**
 * How a referee game ended where the rules do not say: a fault of the side to move, which its
 * history does not keep and its record does.
 */
function faultEnding(loaded: LoadedGame, header: RecordHeader): Outcome | null {
	const last = loaded.line.at(-1);
	if (loaded.ended !== null || loaded.game.outcome(last) !== null) return loaded.ended;
	return recordFaultEnding(header, loaded.game.toMove(last));
}

/** The source's modification time, for the Date tag; now, where it has none to give. */
function modified(path: string): Date {
	try {
		return statSync(path).mtime;
	} catch {
		return new Date();
	}
}

/** The game in FILE, or why FILE gives none (naming the file and line). */
export function readGameSource(file: string, wanted: string | undefined): Result<GameSource, string> {
	const read = readText(file);
	if (!read.ok) return fail(read.error);
	const text = read.value;
	const name = recordName(file);
	if (isRecordText(text)) {
		// Read once, then as a save of it is (a ruling asked for on the command line replays it) and for its tags.
		const parsed = parseRecord(text, file);
		if (!parsed.ok) return fail(formatParseError(parsed.error));
		const loaded = gameOfRecord(file, parsed.value, wanted);
		if (!loaded.ok) return fail(loaded.error);
		const {game, line, moves, ended} = loaded.value;
		const {players, headers} = parsed.value;
		const dated = /^(\d{4})\.(\d{2})\.(\d{2})$/.exec(headers.get('Date') ?? '');
		const date = dated ? new Date(Number(dated[1]), Number(dated[2]) - 1, Number(dated[3])) : modified(file);
		return ok({game, line, moves, ended, players, date, name, recordText: text, note: null});
	}

	let recordPath: string | undefined;
	let positionPath = file;
	if (isRefereeRecord(text)) recordPath = file;
	else if (file.endsWith('.record.txt'))
		return fail(`${file} line 1: not a potm referee record (its first line should be "GAME, game N (match M) of a potm referee run")`);
	else {
		// A referee game's position: its record beside it names the players and a fault's ending.
		const beside = file.replace(/\.txt$/, '.record.txt');
		if (beside !== file && existsSync(beside)) recordPath = beside;
	}
	let notes: RecordHeader | undefined;
	if (recordPath !== undefined) {
		const recordText = recordPath === file ? read : readText(recordPath);
		const found = recordText.ok && isRefereeRecord(recordText.value) ? readRecordHeader(recordPath, recordText.value) : undefined;
		if (typeof found === 'string' && recordPath === file) return fail(found);
		if (typeof found === 'object') {
			if (recordPath === file) {
				const position = positionOf(file, found.position);
				if (position === undefined) {
					return fail(
						`${file} line ${found.positionLine}: the final position ${found.position} is not there (nor ${join(dirname(file), basename(found.position))})`,
					);
				}
				positionPath = position;
				notes = found;
			} else if (basename(found.position) === basename(file)) notes = found;
		}
	}

	// The file read above is the position, unless it was a referee's record naming another.
	const loaded = positionPath === file ? loadGameText(file, text, wanted) : loadGame(positionPath, wanted);
	if (!loaded.ok) return fail(loaded.error);
	const {game, note} = loaded.value;
	// A referee game's record names its players; a save, its history.
	const players = notes
		? ([recordPlayer(notes, game.sides, 1) ?? '?', recordPlayer(notes, game.sides, 2) ?? '?'] as const)
		: (loaded.value.players ?? null);
	return ok({
		game,
		line: loaded.value.line,
		moves: loaded.value.moves,
		ended: notes ? faultEnding(loaded.value, notes) : loaded.value.ended,
		players,
		date: modified(recordPath ?? file),
		name,
		recordText: null,
		note:
			note === null
				? null
				: `${note.replace(/ — undo starts from this position$/, '')}; the game starts from the position in ${positionPath}`,
	});
}

/** The game in FILE for a review, or why there is none to review (a position without the moves before it). */
export function readReviewable(file: string, wanted: string | undefined): Result<GameSource, string> {
	const source = readGameSource(file, wanted);
	if (!source.ok || source.value.moves.length > 0) return source;
	const why = source.value.note ?? `${file} holds a position with no moves before it (a save keeps them in its .history.json beside it)`;
	return fail(`nothing to review: ${why}`);
}
