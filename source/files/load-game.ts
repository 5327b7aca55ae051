/**
 * A game loaded from a file potm writes, the file read once and its kind decided once, then read
 * by the reader of that kind:
 *
 * - a game record (NAME.game.txt, record.ts, told by its first line): the whole game in its own
 *   text, its start, moves and ending; a malformed record is refused naming its line;
 * - a save (NAME.txt, a position, with NAME.history.json beside it, history.ts): the position from
 *   the .txt, and the line of play that led there from the history;
 * - a finished save: its last position is no POTM input file (the move number past the limit, a
 *   side connected, which the format refuses), so the history alone tells it;
 * - a position alone: a .txt without a history, or one whose history is set aside.
 *
 * The .txt is what counts: a history that is missing, broken or leads somewhere else only costs
 * the undo, never the position; `note` says why it was set aside. The one exception is a save cut
 * short between its two renames (saves.ts): the new history is in, the .txt still the one it
 * replaced, which the history names ("replaces"), so the newer save loads whole from the history.
 */
import {statSync} from 'node:fs';
import {historyGame, readHistory, replay, type HistoryRead} from './history.js';
import {positionOfText, readText, STANDARD_INPUT, type Loaded} from './load.js';
import {isRecordText, parseRecord, type ParsedRecord} from './record.js';
import {fail, formatParseError, ok, type Outcome, type Result} from '../games/game.js';
import {baseGameId, gameById, type AnyGame} from '../games/registry.js';

/**
 * A game as loaded: `line` runs from the first known position to the file's, the last element;
 * `moves[i]` leads from line[i] to line[i + 1]. A position alone is a line of one, with no moves.
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

/** The game in the file at `path` ('-': standard input), or why there is none, naming the file and line. */
export function loadGame(path: string, wanted?: string): Result<LoadedGame, string> {
	// Read once: standard input ('-') can be read only once.
	const text = readText(path);
	return text.ok ? loadGameText(path, text.value, wanted) : text;
}

/** The game in the text of the file at `path`, read already; what lies beside it (a save's history) is read here, once. */
export function loadGameText(path: string, text: string, wanted?: string): Result<LoadedGame, string> {
	if (isRecordText(text)) return recordOfText(path === '-' ? STANDARD_INPUT : path, text, wanted);
	const history = readHistory(path);
	const position = positionOfText(path, text, wanted);
	if (!position.ok) return finishedSave(path, text, history, wanted) ?? position;
	return savedGame(path, text, rulingOf(path, text, position.value, history, wanted), history);
}

/**
 * The position under the ruling its save was played under (classic LOA's two share a layout),
 * also when the command line names just the game; only a ruling asked for (--mover-wins) overrides it.
 */
function rulingOf(path: string, text: string, position: Loaded, history: HistoryRead, wanted: string | undefined): Loaded {
	const named = historyGame(history);
	const saved = named && (wanted === undefined || wanted === baseGameId(named)) ? named : undefined;
	if (!saved || saved === position.game || !saved.recognizes(position.game.format(position.state))) return position;
	const again = positionOfText(path, text, saved.id);
	return again.ok ? again.value : position;
}

/** A save: the position of the .txt, with the line of play that led there where its history is whole and leads there. */
function savedGame(path: string, text: string, position: Loaded, history: HistoryRead): Result<LoadedGame, string> {
	const {game, state} = position;
	const alone = (note: string | null) => ok({game, line: [state] as unknown[], moves: [] as number[], ended: null, note});
	if (history.kind === 'none') return alone(null);
	const setAside = (where: string, message: string) =>
		alone(`${where === '' ? '' : `${where}: `}${message} — undo starts from this position`);
	if (history.kind === 'unreadable') return setAside(history.where, history.message);
	const replayed = replay(game, history.text);
	if (!replayed.ok) {
		const {line, message} = replayed.error;
		return setAside(line === null ? history.path : `${history.path} line ${line}`, message);
	}
	// A file with clocks (LOA's) has the last word on them; one without (PAH-TUM's grid, under a
	// clock per move) leaves the history's.
	const last = game.clock.per === 'game' ? game.withClocks(replayed.value.line.at(-1), game.clocks(state)) : replayed.value.line.at(-1);
	const {line, moves, ended, replaces, players, clocked} = replayed.value;
	const unclocked = clocked ? {} : {clocked: false};
	if (game.format(last) !== game.format(state)) {
		// A save cut short between its renames: the .txt is the one the history replaced.
		if (replaces === text) return ok({game, line, moves, ended, note: null, players, ...unclocked});
		return setAside(history.path, `its moves do not lead to the position in ${path} (was one of them changed by hand?)`);
	}
	line[line.length - 1] = last;
	return ok({game, line, moves, ended, note: null, players, ...unclocked});
}

/**
 * A finished game saved with its history: its last position is no POTM input file, so it is
 * told by the history alone, which must end on exactly the text of the .txt. Null otherwise (a
 * .txt that is no regular file, standard input, no readable history of a game potm knows). The
 * game is the history's, or `wanted` where it has the same layout.
 */
function finishedSave(path: string, text: string, history: HistoryRead, wanted: string | undefined): Result<LoadedGame, string> | null {
	try {
		if (!statSync(path).isFile()) return null;
	} catch {
		return null;
	}
	const named = historyGame(history);
	if (!named || history.kind !== 'text') return null;
	const asked = wanted === undefined ? undefined : gameById(wanted);
	const other = asked !== undefined && !asked.recognizes(named.format(named.initial()));
	const game = asked && !other && asked.id !== baseGameId(named) ? asked : named;
	const replayed = replay(game, history.text);
	if (!replayed.ok) return null;
	const last = replayed.value.line.at(-1);
	// Its history ends on exactly the .txt; or a save cut short between its renames left the .txt it replaced.
	const cutShort = replayed.value.replaces === text;
	if (!cutShort && (!game.outcome(last) || game.format(last) !== text)) return null;
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

/** A game record's text (record.ts) as a loaded game; a malformed one names the file and line. */
export function recordOfText(name: string, text: string, wanted?: string): Result<LoadedGame, string> {
	const parsed = parseRecord(text, name);
	return parsed.ok ? gameOfRecord(name, parsed.value, wanted) : fail(formatParseError(parsed.error));
}

/**
 * A record, read, as a loaded game. `wanted` is read as for a save: a record keeps its ruling
 * when the command line names just the game, a ruling asked for (--mover-wins) replays its moves
 * under that ruling, and another game is refused.
 */
export function gameOfRecord(name: string, record: ParsedRecord, wanted?: string): Result<LoadedGame, string> {
	const {game, line, moves, ended, clocked} = record;
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
