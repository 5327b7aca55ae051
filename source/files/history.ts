/**
 * A save's history file (NAME.history.json beside NAME.txt): how the game got to the position of
 * the .txt, for undo: the first known position and the moves since, each with the clocks after
 * it; how the game ended where the rules do not tell it (a flag fall, a resignation); the players'
 * names; "clock": "none" for a game played without a clock; and "replaces", the text of the .txt
 * it was written to replace (see load-game.ts). Written (historyText) and read (readHistory,
 * replay) here alone.
 */
import {existsSync, statSync, type Stats} from 'node:fs';
import {readText} from './load.js';
import {fail, formatParseError, ok, type Game, type Outcome, type Result} from '../games/game.js';
import {gameById, type AnyGame} from '../games/registry.js';

export const SAVE_EXTENSION = '.txt';
const HISTORY_EXTENSION = '.history.json';
const HISTORY_FORMAT = 'potm-history';
const HISTORY_VERSION = 1;

/** The history file beside a save: "saves/x.txt" -> "saves/x.history.json". */
export function historyPathOf(path: string): string {
	return (path.endsWith(SAVE_EXTENSION) ? path.slice(0, -SAVE_EXTENSION.length) : path) + HISTORY_EXTENSION;
}

/** A save's history as read from the disk, once: there is none, it cannot be read (why), or its text. */
export type HistoryRead =
	| {readonly kind: 'none'}
	| {readonly kind: 'unreadable'; readonly where: string; readonly message: string}
	| {readonly kind: 'text'; readonly path: string; readonly text: string};

/** Reads the history beside the save at `path`, once; never a pipe or a device, which could keep us waiting forever. */
export function readHistory(path: string): HistoryRead {
	const historyPath = historyPathOf(path);
	if (!existsSync(historyPath)) return {kind: 'none'};
	let stats: Stats;
	try {
		stats = statSync(historyPath);
	} catch (error) {
		return {kind: 'unreadable', where: historyPath, message: `cannot be read (${(error as Error).message.split('\n')[0]})`};
	}
	if (!stats.isFile()) return {kind: 'unreadable', where: historyPath, message: 'not a file'};
	const text = readText(historyPath);
	if (!text.ok) return {kind: 'unreadable', where: '', message: text.error};
	return {kind: 'text', path: historyPath, text: text.value};
}

/** The game a history names, where it is readable JSON naming a game potm knows. */
export function historyGame(history: HistoryRead): AnyGame | undefined {
	if (history.kind !== 'text') return undefined;
	try {
		const id = (JSON.parse(history.text) as Record<string, unknown>)['game'];
		return typeof id === 'string' ? gameById(id) : undefined;
	} catch {
		return undefined;
	}
}

/** One move of a history file. */
export interface HistoryMove {
	readonly move: string;
	readonly clocks: readonly [number, number];
}

/**
 * The moves that lead along `line`, as game.formatMove writes them, each with the clocks after it.
 * Given `moves` (moves[i] leads from line[i] to line[i + 1]) are checked; without them each move
 * is found as the legal move whose result is the next position, clocks aside.
 */
export function movesAlong<State>(
	game: Game<State>,
	line: readonly State[],
	moves: readonly number[] | undefined,
): Result<HistoryMove[], string> {
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
 * is the text of the .txt this save writes over (null for a new save): see load-game.ts.
 */
export function historyText<State>(
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
export function replay(
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
