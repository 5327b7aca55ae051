/**
 * The saves folder: listing it, naming saves and saving a game, written so that nothing is lost.
 *
 * A save is two files side by side:
 *
 *   NAME.txt           the POTM input file of the current position, exactly game.format(state),
 *                      so any POTM program (or `potm move`) can read it;
 *   NAME.history.json  how the game got there, for undo (history.ts).
 *
 * Both are written whole, history first (see saveGame), and loaded by load-game.ts, where the .txt
 * is what counts. A game record (NAME.game.txt, record.ts: the whole game in one file for people)
 * is listed with the saves: it holds the same things, a start, the moves, how the game ended.
 */
import {existsSync, lstatSync, mkdirSync, readdirSync, statSync, type Stats} from 'node:fs';
import {dirname, join, resolve} from 'node:path';
import {sweepTemporaries, taken, writeWhole} from './atomic.js';
import {historyPathOf, historyText, movesAlong, SAVE_EXTENSION} from './history.js';
import {loadGame} from './load-game.js';
import {readText} from './load.js';
import {fail, ok, type Game, type Outcome, type Result} from '../games/game.js';
import type {AnyGame} from '../games/registry.js';

/** One file of the saves folder, as the load list shows it. */
export interface SaveEntry {
	/** The file name, e.g. "2026-11-21-1530.txt". */
	readonly name: string;
	/** join(dir, name). */
	readonly path: string;
	readonly modified: Date;
	/**
	 * "RED to move, move 12/50" (no "/50" in a game without a move limit), or the outcome's
	 * description when the game is over; null when the file does not parse.
	 */
	readonly summary: string | null;
	/** Why the file does not load, naming the file and line (formatParseError form), or null. */
	readonly error: string | null;
	/** The game it holds ("LOAPS"), or null when it does not load. */
	readonly game: string | null;
	/** Whether a history file lies beside it. */
	readonly hasHistory: boolean;
}

const EXTENSION = SAVE_EXTENSION;
const MAX_NAME_CHARS = 100;
/**
 * File systems allow 255 bytes per name; the history file adds 13 to the name, and a name of
 * 100 characters in a script of 3-byte characters would not fit.
 */
const MAX_NAME_BYTES = 200;

/** "foo" -> "foo.txt", "foo.txt" -> "foo.txt". */
export function saveFileName(name: string): string {
	return name.endsWith(EXTENSION) ? name : name + EXTENSION;
}

/** Null when `name` (with or without ".txt") can name a save, else why not, in a few words. */
export function checkSaveName(name: string): string | null {
	const base = name.endsWith(EXTENSION) ? name.slice(0, -EXTENSION.length) : name;
	if (name.trim() === '') return 'a name cannot be empty';
	if (name.includes('/')) return 'a name cannot contain "/"';
	if (name.includes('\\')) return 'a name cannot contain "\\"';
	// Names starting with a dot are hidden, and are where saveGame keeps its temporary files.
	if (name.startsWith('.')) return 'a name cannot start with "."';

	if (/[\u0000-\u001f\u007f-\u009f]/.test(name)) return 'a name cannot contain control characters';
	if ([...base].length > MAX_NAME_CHARS) return `a name can be at most ${MAX_NAME_CHARS} characters`;
	if (Buffer.byteLength(base, 'utf8') > MAX_NAME_BYTES) return 'the name is too long for a file name';
	return null;
}

/** "2026-11-21-1530" for 21 November 2026, 15:30 local time. */
export function defaultSaveName(now: Date): string {
	const two = (value: number) => String(value).padStart(2, '0');
	return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}-${two(now.getHours())}${two(now.getMinutes())}`;
}

/** defaultSaveName(now), or with "-2", "-3", ... after it if a save of that name is in `dir`. */
export function uniqueSaveName(dir: string, now: Date): string {
	const base = defaultSaveName(now);
	// A history left without its .txt counts too: a fresh name should never overwrite anything.
	const free = (name: string) => !taken(join(dir, saveFileName(name))) && !taken(historyPathOf(join(dir, saveFileName(name))));
	if (free(base)) return base;
	for (let suffix = 2; ; suffix++) {
		const name = `${base}-${suffix}`;
		if (free(name)) return name;
	}
}

/** The one-line summary of a position for the load list; `ended`, how its game ended where the rules do not say. */
function summarize(game: AnyGame, state: unknown, ended: Outcome | null): string {
	const outcome = game.outcome(state) ?? ended;
	if (outcome) return outcome.description;
	const limit = game.moveLimit === null ? '' : `/${game.moveLimit}`;
	return `${game.sides[game.toMove(state) - 1]} to move, move ${game.moveNumber(state)}${limit}`;
}

/**
 * The saves of `dir` (its *.txt files, not folders, history files or the hidden temporary files
 * of a save under way), newest first, then by name. [] when the folder does not exist or cannot
 * be listed. A file that cannot be read or parsed is listed with its error.
 */
export function listSaves(dir: string): SaveEntry[] {
	let names: string[];
	try {
		names = readdirSync(dir);
	} catch {
		return [];
	}
	const entries: SaveEntry[] = [];
	for (const name of names) {
		if (!name.endsWith(EXTENSION) || name.startsWith('.')) continue;
		const path = join(dir, name);
		let stats: Stats;
		try {
			stats = statSync(path);
		} catch {
			// A dangling link: nothing to load, but the user should see why it is there.
			try {
				const link = lstatSync(path);
				entries.push({
					name,
					path,
					modified: link.mtime,
					summary: null,
					error: `cannot read ${path}: it points to no file`,
					hasHistory: false,
					game: null,
				});
			} catch {
				// Gone since the listing: skip it.
			}
			continue;
		}
		// Only regular files: reading a folder fails, and reading a pipe would wait forever.
		if (!stats.isFile()) continue;
		// With its history: a game that ended by repetition is summed up as over, and a save keeps its ruling.
		const loaded = loadGame(path);
		entries.push({
			name,
			path,
			modified: stats.mtime,
			summary: loaded.ok ? summarize(loaded.value.game, loaded.value.line.at(-1), loaded.value.ended) : null,
			game: loaded.ok ? loaded.value.game.name : null,
			error: loaded.ok ? null : loaded.error,
			hasHistory: existsSync(historyPathOf(path)),
		});
	}
	return entries.sort((a, b) => b.modified.getTime() - a.modified.getTime() || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Why a save failed, in a few words for the user; `making` while the folder was being made. */
export function writeProblem(error: unknown, dir: string, making: boolean): string {
	const code = (error as NodeJS.ErrnoException).code;
	// mkdir of a folder that is a file (EEXIST), or of one inside a file (ENOTDIR).
	if ((code === 'EEXIST' && making) || code === 'ENOTDIR') return `${dir} is not a folder`;
	switch (code) {
		case 'EACCES':
		case 'EPERM':
			return 'permission denied';
		case 'EROFS':
			return 'the file system is read-only';
		case 'ENOSPC':
			return 'no space left on the disk';
		case 'EDQUOT':
			return 'the disk quota is used up';
		case 'EISDIR':
			return 'a folder of that name is in the way';
		case 'ENOENT':
			return making ? `the folder ${dir} cannot be made` : 'no such file or folder';
		case 'ENAMETOOLONG':
			return 'the name is too long';
		default:
			return (error as Error).message.split('\n')[0] ?? String(error);
	}
}

/** The text of the file at `path` if it is a regular file that can be read, else null. */
function currentText(path: string): string | null {
	try {
		if (!statSync(path).isFile()) return null;
	} catch {
		return null;
	}
	const text = readText(path);
	return text.ok ? text.value : null;
}

/**
 * mkdir -p, by hand: Node's own recursive mkdir spins forever when a parent exists but the child
 * still gets ENOENT (under /proc, or on a stale mount), which would freeze the whole UI.
 */
export function makeFolder(dir: string): void {
	// Resolved first: "results/../run" is made as "run", not by making "results/..".
	makeResolved(resolve(dir));
}

function makeResolved(dir: string): void {
	/** mkdir, a folder already there (or made meanwhile by someone else) being fine. */
	const make = (): boolean => {
		try {
			mkdirSync(dir);
			return true;
		} catch (error) {
			const code = (error as NodeJS.ErrnoException).code;
			if (code === 'EEXIST' && statSync(dir).isDirectory()) return true;
			if (code !== 'ENOENT' || dirname(dir) === dir) throw error;
			return false;
		}
	};
	if (make()) return;
	makeResolved(dirname(dir));
	// Once: if the parent is there and this still fails, that is the answer.
	if (!make()) mkdirSync(dir);
}

/**
 * Saves a game as dir/NAME.txt (the POTM file of the last state of `line`) and, beside it,
 * dir/NAME.history.json (line[0] and the moves since, for undo). `line` runs from the first
 * known position to the current one; each state is the one before played one legal move, its
 * clocks perhaps set since. `moves`, if given, are those moves (moves[i] leads from line[i] to
 * line[i + 1]); without them they are worked out from the positions. `ended` is how the game
 * ended where the rules do not say (a flag fall, a resignation): the history keeps it.
 *
 * Both files are written whole (atomic.ts, writeWhole): to hidden temporary files first and
 * flushed, then renamed over the old ones, history first: a full disk or a missing permission
 * leaves the old save untouched, and a crash between the two renames leaves the new history
 * beside the old .txt, whose text the history names, so that loadGame loads the new save whole.
 * Temporary files that killed saves left in `dir` are swept first. Creates `dir` if need be.
 * Gives the .txt's path, or a one-line reason.
 */
export function saveGame<State>(
	dir: string,
	name: string,
	game: Game<State>,
	line: readonly State[],
	moves?: readonly number[],
	ended: Outcome | null = null,
	players: readonly [string, string] | null = null,
	clocked = true,
): Result<string, string> {
	const fileName = saveFileName(name);
	const path = join(dir, fileName);
	const problem = checkSaveName(name);
	if (problem !== null) return fail(`cannot save ${path}: ${problem}`);
	const start = line[0];
	const last = line.at(-1);
	if (start === undefined || last === undefined) return fail(`cannot save ${path}: there is no position to save`);
	const history = movesAlong(game, line, moves);
	if (!history.ok) return fail(`cannot save ${path}: ${history.error}`);

	const historyPath = historyPathOf(path);
	let making = true;
	try {
		makeFolder(dir);
		making = false;
		sweepTemporaries(dir);
		const replaces = currentText(path);
		writeWhole([
			{path: historyPath, data: historyText(game, start, history.value, game.outcome(last) ? null : ended, replaces, players, clocked)},
			{path, data: game.format(last)},
		]);
		return ok(path);
	} catch (error) {
		return fail(`cannot save ${path}: ${writeProblem(error, dir, making)}`);
	}
}
