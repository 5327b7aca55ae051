/** Reading a position file for a command: the game is told from the file, errors come as one line. */
import {readFileSync, statSync} from 'node:fs';
import {formatParseError, type Result} from '../games/game.js';
import {DEFAULT_GAME, gameById, gameOfText, type AnyGame} from '../games/registry.js';

export interface Loaded {
	readonly game: AnyGame;
	// eslint-disable-next-line @typescript-eslint/no-explicit-any
	readonly state: any;
}

/** Largest file we read: a POTM position is about 80 bytes. */
const MAX_BYTES = 1 << 20;

export function readText(path: string): Result<string, string> {
	try {
		if (statSync(path).size > MAX_BYTES) return {ok: false, error: `${path}: too large for a position file`};
		return {ok: true, value: readFileSync(path, 'utf8')};
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		const why =
			code === 'ENOENT'
				? 'no such file'
				: code === 'EISDIR'
					? 'it is a folder, not a file'
					: code === 'EACCES'
						? 'permission denied'
						: (error as Error).message;
		return {ok: false, error: `cannot read ${path}: ${why}`};
	}
}

/** Reads and parses a position file; the message names the file, line and problem. */
export function loadPosition(path: string): Result<Loaded, string> {
	const text = readText(path);
	if (!text.ok) return text;
	const game = gameOfText(text.value) ?? gameById(DEFAULT_GAME)!;
	const parsed = game.parse(text.value, path);
	if (!parsed.ok) return {ok: false, error: formatParseError(parsed.error)};
	return {ok: true, value: {game, state: parsed.value}};
}
