/** Reading a position file for a command: the game is told from the file, errors come as one line. */
import {closeSync, openSync, readSync} from 'node:fs';
import {formatParseError, type Result} from '../games/game.js';
import {DEFAULT_GAME, gameById, gameOfText, type AnyGame} from '../games/registry.js';

export interface Loaded {
	readonly game: AnyGame;
	// eslint-disable-next-line @typescript-eslint/no-explicit-any
	readonly state: any;
}

/** Largest file we read: a POTM position is about 80 bytes. */
const MAX_BYTES = 1 << 20;

/**
 * The file's text, read in bounded chunks: a device such as /dev/zero or an endless pipe reports
 * no size, so stopping after MAX_BYTES is what keeps us from reading forever.
 */
export function readText(path: string): Result<string, string> {
	if (path === '') return {ok: false, error: 'the file name is empty'};
	let fd: number | undefined;
	try {
		fd = openSync(path, 'r');
		const buffer = Buffer.alloc(MAX_BYTES + 1);
		let length = 0;
		for (;;) {
			const read = readSync(fd, buffer, length, buffer.length - length, null);
			if (read === 0) break;
			length += read;
			if (length > MAX_BYTES) return {ok: false, error: `cannot read ${path}: over 1 MiB, too large for a position file`};
		}
		return {ok: true, value: buffer.toString('utf8', 0, length)};
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
	} finally {
		if (fd !== undefined) closeSync(fd);
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

/** loadPosition for a command: on failure, says why in one `potm:` line on stderr and gives undefined. */
export function loadForCommand(path: string): Loaded | undefined {
	const loaded = loadPosition(path);
	if (loaded.ok) return loaded.value;
	process.stderr.write(`potm: ${loaded.error}\n`);
	return undefined;
}
