/**
 * The saves folder: listing it, naming saves, saving a game and loading one back.
 *
 * A save is two files side by side:
 *
 *   NAME.txt           the POTM input file of the current position, exactly game.format(state),
 *                      so any POTM program (or `potm move`) can read it;
 *   NAME.history.json  how the game got there, for undo: the first known position and the moves
 *                      since, each with the clocks after it; how the game ended when the
 *                      rules do not tell it from the position (a flag fall, a resignation);
 *                      and "clock": "none" for a game played without a clock.
 *
 * The .txt is what counts. The history is checked against it on loading, and a history that is
 * missing, broken or leads somewhere else only costs the undo, never the position. The one
 * exception is a save cut short between its two renames (the process killed, the machine off):
 * the new history is in, the .txt still the old one. The history names the text of the .txt it
 * replaced ("replaces"), so loading tells that case from a hand edit and loads the newer save,
 * whole, from the history.
 *
 * A game record (NAME.game.txt, record.ts: the whole game in one file for people) loads too, and
 * is listed with the saves: it holds the same things, a start, the moves, how the game ended.
 */
import {existsSync, lstatSync, mkdirSync, readdirSync, statSync, type Stats} from 'node:fs';
import {dirname, join, resolve} from 'node:path';
import {sweepTemporaries, taken, writeWhole} from './atomic.js';
import {positionOfText, readText, STANDARD_INPUT} from './load.js';
import {isRecordText, parseRecord} from './record.js';
import {fail, formatParseError, ok, type Game, type Outcome, type Result} from '../games/game.js';
import {baseGameId, gameById, type AnyGame} from '../games/registry.js';

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

const EXTENSION = '.txt';
const HISTORY_EXTENSION = '.history.json';
const HISTORY_FORMAT = 'potm-history';
const HISTORY_VERSION = 1;
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

/** The history file beside a save: "saves/x.txt" -> "saves/x.history.json". */
export function historyPathOf(path: string): string {
	return (path.endsWith(EXTENSION) ? path.slice(0, -EXTENSION.length) : path) + HISTORY_EXTENSION;
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

/** One move of a history file. */
interface HistoryMove {
	readonly move: string;
	readonly clocks: readonly [number, number];
}

/**
 * The moves that lead along `line`, as game.formatMove writes them, each with the clocks after it.
 * Given `moves` (moves[i] leads from line[i] to line[i + 1]) are checked; without them each move
 * is found as the legal move whose result is the next position, clocks aside.
 */
function movesAlong<State>(game: Game<State>, line: readonly State[], moves: readonly number[] | undefined): Result<HistoryMove[], string> {
	if (moves !== undefined && moves.length !== line.length - 1) {
		return fail(`a game of ${line.length} positions has ${line.length - 1} moves, not ${moves.length}`);
	}
	const found: HistoryMove[] = [];
	for (let index = 1; index < line.length; index++) {
		const before = line[index - 1]!;
		const after = line[index]!;
		const clocks = game.clocks(after);
		const wanted = game.format(after);
		const leads = (move: number) =>
			game.legalMoves(before).includes(move) && game.format(game.withClocks(game.play(before, move), clocks)) === wanted;
		const move = moves === undefined ? game.legalMoves(before).find(leads) : leads(moves[index - 1]!) ? moves[index - 1] : undefined;
		if (move === undefined)
			return fail(
				`position ${index + 1} of the game does not follow from position ${index} by ${moves === undefined ? 'a legal move' : 'its move'}`,
			);
		found.push({move: game.formatMove(before, move), clocks: [clocks[0], clocks[1]]});
	}
	return ok(found);
}

/**
 * The history file's text: JSON, one move per line so that it reads (and diffs) well. `replaces`
 * is the text of the .txt this save writes over (null for a new save): see loadGame.
 */
function historyText<State>(
	game: Game<State>,
	start: State,
	moves: readonly HistoryMove[],
	ended: Outcome | null,
	replaces: string | null,
	players: readonly [string, string] | null,
	clocked: boolean,
): string {
	const json = JSON.stringify;
	const lines = moves.map(
		({move, clocks}, index) =>
			`\t\t{"move": ${json(move)}, "clocks": [${json(clocks[0])}, ${json(clocks[1])}]}${index < moves.length - 1 ? ',' : ''}`,
	);
	const ending = ended
		? `,\n\t"ended": {"result": ${json(ended.result)}, "winner": ${json(ended.winner)}, "reason": ${json(ended.reason)}, "description": ${json(ended.description)}}`
		: '';
	return [
		'{',
		`\t"format": ${json(HISTORY_FORMAT)},`,
		`\t"version": ${HISTORY_VERSION},`,
		`\t"game": ${json(game.id)},`,
		`\t"start": ${json(game.format(start))},`,
		...(replaces === null ? [] : [`\t"replaces": ${json(replaces)},`]),
		...(players === null ? [] : [`\t"players": [${json(players[0])}, ${json(players[1])}],`]),
		...(clocked ? [] : ['\t"clock": "none",']),
		`${moves.length === 0 ? '\t"moves": []' : `\t"moves": [\n${lines.join('\n')}\n\t]`}${ending}`,
		'}',
		'',
	].join('\n');
}

/** The "ended" of a history: how the game ended where the rules do not say; null when absent. */
function endingOf(value: unknown): Result<Outcome | null, string> {
	if (value === undefined) return ok(null);
	const expected =
		'"ended" must be {"result": "win", "winner": 1 or 2, "reason": "time", "description": "..."} (a reason such as "time" or "resignation")';
	if (typeof value !== 'object' || value === null || Array.isArray(value)) return fail(expected);
	const {result, winner, reason, description} = value as Record<string, unknown>;
	if (result !== 'win' || (winner !== 1 && winner !== 2) || typeof reason !== 'string' || reason === '' || typeof description !== 'string')
		return fail(expected);
	return ok({result, winner, reason, description});
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

/** A JSON.parse message in one line, with its line number when it gives a position. */
function jsonProblem(error: unknown, text: string): {line: number | null; message: string} {
	const raw = error instanceof Error ? error.message : String(error);
	const position = /at position (\d+)/.exec(raw);
	const line = position ? text.slice(0, Number(position[1])).split('\n').length : null;
	// V8 quotes the text itself ('Unexpected token 'h', "hello..." is not valid JSON'): drop the quote.
	const message = raw
		.replace(/, ".*" is not valid JSON$/s, '')
		.replace(/ in JSON at position \d+.*$/s, '')
		.replace(/\s+/g, ' ');
	return {line, message};
}

const isClock = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/**
 * Replays a history file: the states from its start through each move, each move's clocks set.
 * Fails with the reason (no file name) when the file is not a history of `game` or a move is
 * not legal where it stands.
 */
function replay(
	game: AnyGame,
	text: string,
): Result<
	{
		line: unknown[];
		moves: number[];
		ended: Outcome | null;
		replaces: string | null;
		players: readonly [string, string] | null;
		clocked: boolean;
	},
	{line: number | null; message: string}
> {
	const problem = (message: string, line: number | null = null) => fail({line, message});
	let data: unknown;
	try {
		data = JSON.parse(text);
	} catch (error) {
		const {line, message} = jsonProblem(error, text);
		return problem(`not valid JSON: ${message}`, line);
	}
	if (typeof data !== 'object' || data === null || Array.isArray(data)) return problem('not a history file: expected a JSON object');
	const history = data as Record<string, unknown>;
	if (history['format'] !== HISTORY_FORMAT) return problem(`not a history file: expected "format": "${HISTORY_FORMAT}"`);
	if (history['version'] !== HISTORY_VERSION) {
		return problem(`history version ${JSON.stringify(history['version'])}, this potm reads version ${HISTORY_VERSION}`);
	}
	const named = typeof history['game'] === 'string' ? gameById(history['game']) : undefined;
	// A history of one of classic LOA's rulings replays under the other: the moves are the same.
	if (history['game'] !== game.id && !(named && named.recognizes(game.format(game.initial())))) {
		return problem(`a history of ${JSON.stringify(history['game'])}, but the position is ${game.name}`);
	}
	if (typeof history['start'] !== 'string') return problem('"start" must be the text of a position');
	const start = game.parse(history['start'], 'its start position');
	if (!start.ok) return problem(formatParseError(start.error));
	if (!Array.isArray(history['moves'])) return problem('"moves" must be a list');
	const ended = endingOf(history['ended']);
	if (!ended.ok) return problem(ended.error);
	if (history['clock'] !== undefined && history['clock'] !== 'none')
		return problem('"clock" must be "none" (a game played without a clock), or absent');

	const line: unknown[] = [start.value];
	const moves: number[] = [];
	let state: unknown = start.value;
	for (const [index, entry] of (history['moves'] as unknown[]).entries()) {
		const number = index + 1;
		const fields = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>) : {};
		const {move, clocks} = fields;
		if (typeof move !== 'string' || !Array.isArray(clocks) || clocks.length !== 2 || !clocks.every(isClock)) {
			return problem(
				`move ${number}: expected {"move": "b1 d3", "clocks": [seconds, seconds]}, got ${JSON.stringify(entry)?.slice(0, 60)}`,
			);
		}
		const parsed = game.parseMove(state, move);
		if (!parsed.ok) return problem(`move ${number}: ${parsed.error}`);
		try {
			state = game.withClocks(game.play(state, parsed.value), [clocks[0] as number, clocks[1] as number]);
		} catch (error) {
			return problem(`move ${number}, ${JSON.stringify(move)}: ${(error as Error).message}`);
		}
		line.push(state);
		moves.push(parsed.value);
	}
	// Where the rules ended the game, their ending is the one.
	const replaces = typeof history['replaces'] === 'string' ? history['replaces'] : null;
	// Who played each side, as the game's screen named them; anything else is no names.
	const given = history['players'];
	const players =
		Array.isArray(given) && given.length === 2 && given.every(one => typeof one === 'string')
			? ([given[0] as string, given[1] as string] as const)
			: null;
	return ok({line, moves, ended: game.outcome(state) ? null : ended.value, replaces, players, clocked: history['clock'] !== 'none'});
}

/**
 * Loads the save at `path`: the position from the file (the game told by its text; a parse error
 * names the file and line), and the line of play that led there from the history file beside it.
 *
 * `line` runs from the first known position to the file's, the last element; `moves[i]` leads
 * from line[i] to line[i + 1]. Without a history the line is the file's position alone, with no
 * moves, and `note` is null. A history that cannot be read, is not
 * valid, or does not lead to the file's position (clock readings aside: those of the file win)
 * is set aside: `line` is the file's position alone and `note` says why in one line.
 *
 * A game record (record.ts, told by its first line) is read whole instead, from its own text: its
 * start, moves and ending; `note` is null, and a malformed record is refused naming its line.
 */
export interface LoadedGame {
	readonly game: AnyGame;
	readonly line: unknown[];
	readonly moves: number[];
	/** How the game ended where the rules do not say (a flag fall, a resignation), from the history. */
	readonly ended: Outcome | null;
	/** Why the history was set aside, or null. */
	readonly note: string | null;
	/** Who played each side, where the save or record names them. */
	readonly players?: readonly [string, string] | null;
	/** False where the save or record says the game was played without a clock; absent where it does not say. */
	readonly clocked?: boolean;
}

export function loadGame(path: string, wanted?: string): Result<LoadedGame, string> {
	// Read once: standard input ('-') can be read only once.
	const fileText = readText(path);
	if (fileText.ok && isRecordText(fileText.value)) return recordOfText(path === '-' ? STANDARD_INPUT : path, fileText.value, wanted);
	let loaded = fileText.ok ? positionOfText(path, fileText.value, wanted) : fileText;
	if (!loaded.ok) return finishedGame(path, wanted) ?? loaded;
	// A save keeps the ruling it was played under (classic LOA's two share a layout), also when
	// the command line names just the game; only a ruling asked for (--mover-wins) overrides it.
	const history = savedGameOf(historyPathOf(path));
	const saved = history && (wanted === undefined || wanted === baseGameId(history)) ? history : undefined;
	if (fileText.ok && saved && saved !== loaded.value.game && saved.recognizes(loaded.value.game.format(loaded.value.state))) {
		const again = positionOfText(path, fileText.value, saved.id);
		if (again.ok) loaded = again;
	}
	const {game, state} = loaded.value;
	const alone = (note: string | null) => ok({game, line: [state] as unknown[], moves: [] as number[], ended: null, note});

	const historyPath = historyPathOf(path);
	if (!existsSync(historyPath)) return alone(null);
	const setAside = (where: string, message: string) => alone(`${where}: ${message} — undo starts from this position`);
	let stats: Stats;
	try {
		stats = statSync(historyPath);
	} catch (error) {
		return setAside(historyPath, `cannot be read (${(error as Error).message.split('\n')[0]})`);
	}
	// Never read a pipe or a device: it could keep us waiting forever.
	if (!stats.isFile()) return setAside(historyPath, 'not a file');
	const text = readText(historyPath);
	if (!text.ok) return alone(`${text.error} — undo starts from this position`);

	const replayed = replay(game, text.value);
	if (!replayed.ok) {
		const {line, message} = replayed.error;
		return setAside(line === null ? historyPath : `${historyPath} line ${line}`, message);
	}
	// A file with clocks (LOA's) has the last word on them; one without (PAH-TUM's grid, under a
	// clock per move) leaves the history's.
	const last = game.clock.per === 'game' ? game.withClocks(replayed.value.line.at(-1), game.clocks(state)) : replayed.value.line.at(-1);
	const {line, moves, ended, replaces, players, clocked} = replayed.value;
	const unclocked = clocked ? {} : {clocked: false};
	if (game.format(last) !== game.format(state)) {
		// A save cut short between its renames: the .txt is the one the history replaced.
		if (fileText.ok && replaces === fileText.value) return ok({game, line, moves, ended, note: null, players, ...unclocked});
		return setAside(historyPath, `its moves do not lead to the position in ${path} (was one of them changed by hand?)`);
	}
	line[line.length - 1] = last;
	return ok({game, line, moves, ended, note: null, players, ...unclocked});
}

/** The game a history file names, if it is a readable history of a game potm knows. */
function savedGameOf(historyPath: string): AnyGame | undefined {
	try {
		if (!statSync(historyPath).isFile()) return undefined;
	} catch {
		return undefined;
	}
	const text = readText(historyPath);
	if (!text.ok) return undefined;
	try {
		const id = (JSON.parse(text.value) as Record<string, unknown>)['game'];
		return typeof id === 'string' ? gameById(id) : undefined;
	} catch {
		return undefined;
	}
}

/**
 * A finished game saved with its history: its last position is no POTM input file (the move
 * number is past the limit, or a side is connected, which the format refuses), so it is told
 * by the history alone, which must end on exactly the text of the .txt. Null otherwise. The
 * game is the history's, or `wanted` where it has the same layout.
 */
function finishedGame(path: string, wanted?: string): Result<LoadedGame, string> | null {
	const historyPath = historyPathOf(path);
	try {
		if (!statSync(historyPath).isFile() || !statSync(path).isFile()) return null;
	} catch {
		return null;
	}
	const history = readText(historyPath);
	const position = readText(path);
	if (!history.ok || !position.ok) return null;
	let id: unknown;
	try {
		id = (JSON.parse(history.value) as Record<string, unknown>)['game'];
	} catch {
		return null;
	}
	const named = typeof id === 'string' ? gameById(id) : undefined;
	if (!named) return null;
	const asked = wanted === undefined ? undefined : gameById(wanted);
	const other = asked !== undefined && !asked.recognizes(named.format(named.initial()));
	const game = asked && !other && asked.id !== baseGameId(named) ? asked : named;
	const replayed = replay(game, history.value);
	if (!replayed.ok) return null;
	const last = replayed.value.line.at(-1);
	// Its history ends on exactly the .txt; or a save cut short between its renames left the .txt it replaced.
	const cutShort = replayed.value.replaces === position.value;
	if (!cutShort && (!game.outcome(last) || game.format(last) !== position.value)) return null;
	if (other) return fail(`${path} holds a game of ${named.name}, but the command line asks for ${asked.name}`);
	return ok({
		game,
		line: replayed.value.line,
		moves: replayed.value.moves,
		ended: cutShort ? replayed.value.ended : null,
		note: null,
		players: replayed.value.players,
	});
}

/**
 * A game record's text (record.ts) as a loaded game; a malformed one names the file and line.
 * `wanted` is read as for a save: a record keeps its ruling when the command line names just the
 * game, a ruling asked for (--mover-wins) replays its moves under that ruling, and another game
 * is refused.
 */
export function recordOfText(name: string, text: string, wanted?: string): Result<LoadedGame, string> {
	const parsed = parseRecord(text, name);
	if (!parsed.ok) return fail(formatParseError(parsed.error));
	const {game, line, moves, ended, clocked} = parsed.value;
	const unclocked = clocked ? {} : {clocked: false};
	const asked = wanted === undefined ? undefined : gameById(wanted);
	if (asked === undefined || asked === game || asked.id === baseGameId(game))
		return ok({game, line, moves, ended, note: null, ...unclocked});
	if (baseGameId(asked) !== baseGameId(game))
		return fail(`${name} holds a game of ${game.name}, but the command line asks for ${asked.name}`);
	const replayed = replayUnder(asked, name, line, moves, ended);
	return replayed.ok ? ok({...replayed.value, ...unclocked}) : replayed;
}

/**
 * A line of play replayed under another ruling of its game (classic LOA's two have the same
 * positions and moves; only who wins a simultaneous connection differs), its clocks kept.
 */
function replayUnder(
	game: AnyGame,
	name: string,
	played: readonly unknown[],
	moves: readonly number[],
	ended: Outcome | null,
): Result<LoadedGame, string> {
	const from = played[0];
	const start = game.parse(game.format(from), name);
	if (!start.ok) return fail(formatParseError(start.error));
	let state: unknown = start.value;
	const line: unknown[] = [state];
	for (const [index, move] of moves.entries()) {
		if (!game.legalMoves(state).includes(move)) return fail(`${name}: move ${index + 1} is not legal under the ruling of ${game.name}`);
		state = game.withClocks(game.play(state, move), game.clocks(played[index + 1]));
		line.push(state);
	}
	return ok({game, line, moves: [...moves], ended: game.outcome(state) ? null : ended, note: null});
}
