/** Reading a position file for a command: the game is told from the file, errors come as one line. */
import {closeSync, openSync, readSync} from 'node:fs';
import {isatty} from 'node:tty';
import {formatParseError, type Result} from '../games/game.js';
import {DEFAULT_GAME, gameById, gameOfText, type AnyGame} from '../games/registry.js';

export interface Loaded {
	readonly game: AnyGame;
	readonly state: unknown;
}

/** Largest file we read: a POTM position is about 80 bytes. */
const MAX_BYTES = 1 << 20;

const UTF8 = new TextDecoder('utf-8', {fatal: true});

/**
 * The text of a file's bytes, or why they are none: a position file is UTF-8 text (in practice
 * ASCII), so a NUL byte or bytes that are not UTF-8 mean a binary file, or text in another
 * encoding, and are said so (with the line) rather than shown as replacement characters.
 */
function textOf(path: string, bytes: Uint8Array): Result<string, string> {
	let text: string;
	try {
		text = UTF8.decode(bytes);
	} catch {
		return {ok: false, error: `${path} line ${lineOfByte(bytes, firstBadByte(bytes))}: not a text file (bytes that are not UTF-8 text)`};
	}
	const nul = bytes.indexOf(0);
	if (nul >= 0) return {ok: false, error: `${path} line ${lineOfByte(bytes, nul)}: not a text file (a NUL byte)`};
	return {ok: true, value: text};
}

/**
 * Where the first line that is not UTF-8 begins (the decoder said there is one). A line break
 * is never inside a character, so the same strict decoder can judge the text line by line.
 */
function firstBadByte(bytes: Uint8Array): number {
	for (let start = 0; start < bytes.length;) {
		const newline = bytes.indexOf(10, start);
		const end = newline < 0 ? bytes.length : newline;
		try {
			UTF8.decode(bytes.subarray(start, end));
		} catch {
			return start;
		}
		start = end + 1;
	}
	return bytes.length;
}

/** The line (from 1) that holds byte `offset`. */
function lineOfByte(bytes: Uint8Array, offset: number): number {
	let line = 1;
	for (let index = 0; index < offset && index < bytes.length; index++) if (bytes[index] === 10) line++;
	return line;
}

/** How standard input is named in messages. */
export const STANDARD_INPUT = 'standard input';

/** Sleeps a little on this thread (a non-blocking stdin that has nothing yet). */
const pause = (ms: number): void => void Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** Every byte of `fd` up to end of file, at most MAX_BYTES + 1 of them. */
function readAll(fd: number): Buffer {
	const buffer = Buffer.alloc(MAX_BYTES + 1);
	let length = 0;
	for (;;) {
		let read: number;
		try {
			read = readSync(fd, buffer, length, buffer.length - length, null);
		} catch (error) {
			// A pipe opened non-blocking by whoever started us: wait for its bytes rather than fail.
			if ((error as NodeJS.ErrnoException).code === 'EAGAIN') {
				pause(5);
				continue;
			}
			throw error;
		}
		if (read === 0) break;
		length += read;
		if (length > MAX_BYTES) break;
	}
	return buffer.subarray(0, length);
}

/**
 * The file's text, read in bounded chunks: a device such as /dev/zero or an endless pipe reports
 * no size, so stopping after MAX_BYTES is what keeps us from reading forever. `path` '-' is
 * standard input, named so in messages.
 */
export function readText(path: string): Result<string, string> {
	if (path === '') return {ok: false, error: 'the file name is empty'};
	const name = path === '-' ? STANDARD_INPUT : path;
	// Typed at a prompt with nothing piped in, it would wait for a position to be typed, silently.
	if (path === '-' && isatty(0))
		return {ok: false, error: `${STANDARD_INPUT} is a terminal: give a FILE, or pipe a position in (potm move < board.txt)`};
	let fd: number | undefined;
	try {
		if (path !== '-') fd = openSync(path, 'r');
		const bytes = readAll(fd ?? 0);
		if (bytes.length > MAX_BYTES) return {ok: false, error: `cannot read ${name}: over 1 MiB, too large for a position file`};
		return textOf(name, bytes);
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
		return {ok: false, error: `cannot read ${name}: ${why}`};
	} finally {
		if (fd !== undefined) closeSync(fd);
	}
}

/**
 * The game of a file's text: `wanted` (a game id) if the text has its layout; else the game
 * whose layout it has, or `wanted` (else the default game) to name what is wrong with it.
 * Fails when the text is plainly another game's than the one `wanted`.
 */
export function gameOfFile(path: string, text: string, wanted?: string): Result<AnyGame, string> {
	const asked = wanted === undefined ? undefined : gameById(wanted);
	if (asked?.recognizes(text)) return {ok: true, value: asked};
	const shaped = gameOfText(text);
	if (asked && shaped && shaped !== asked) {
		const view = shaped.board(shaped.initial());
		return {
			ok: false,
			error: `${path} holds a ${shaped.name} position (${view.columns}×${view.rows}), but the command line asks for ${asked.name}`,
		};
	}
	return {ok: true, value: shaped ?? asked ?? gameById(DEFAULT_GAME)!};
}

/**
 * Reads and parses a position file ('-': standard input); the message names the file, line and
 * problem. The file tells its game by its layout; `wanted`, a game id from the command line, must agree with it.
 */
export function loadPosition(path: string, wanted?: string): Result<Loaded, string> {
	const text = readText(path);
	if (!text.ok) return text;
	return positionOfText(path, text.value, wanted);
}

/** loadPosition of a text already read from `path` (a caller that looked at it first reads it once). */
export function positionOfText(path: string, text: string, wanted?: string): Result<Loaded, string> {
	const name = path === '-' ? STANDARD_INPUT : path;
	const game = gameOfFile(name, text, wanted);
	if (!game.ok) return game;
	const parsed = game.value.parse(text, name);
	if (!parsed.ok) return {ok: false, error: formatParseError(parsed.error)};
	return {ok: true, value: {game: game.value, state: parsed.value}};
}

/** loadPosition for a command: on failure, says why in one `potm:` line on stderr and gives undefined. */
export function loadForCommand(path: string, wanted?: string): Loaded | undefined {
	const loaded = loadPosition(path, wanted);
	if (loaded.ok) return loaded.value;
	process.stderr.write(`potm: ${loaded.error}\n`);
	return undefined;
}
