/**
 * The puzzle sets potm ships: `puzzles/GAME.txt` beside `source/` and `dist/` (the same two levels
 * up from this module in either), read once each and kept. A set that does not read is no set,
 * and the message names its file and line.
 */
import {readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {formatParseError} from '../games/game.js';
import {baseGameId, type AnyGame} from '../games/registry.js';
import type {Puzzle} from './puzzle.js';
import {parsePuzzles} from './puzzle-file.js';

const SHIPPED = fileURLToPath(new URL('../../puzzles/', import.meta.url));

/**
 * The folder of the shipped sets; POTM_PUZZLES names another (the tests' fixtures), read when a
 * set is looked for, so that a test may name its own after this module is loaded.
 */
const puzzlesDir = (): string => {
	const named = process.env['POTM_PUZZLES'];
	return named ? `${named.replace(/\/$/, '')}/` : SHIPPED;
};

/** Where a game's set is (a ruling's is its game's). */
export const setPath = (game: AnyGame): string => `${puzzlesDir()}${baseGameId(game)}.txt`;

const read = new Map<string, {readonly set: readonly Puzzle[]; readonly problem: string | null}>();

/** A game's shipped puzzles, or none and why. */
export function puzzleSet(game: AnyGame): {readonly set: readonly Puzzle[]; readonly problem: string | null} {
	const path = setPath(game);
	const known = read.get(path);
	if (known) return known;
	let result: {set: readonly Puzzle[]; problem: string | null};
	try {
		const parsed = parsePuzzles(readFileSync(path, 'utf8'), path);
		result = parsed.ok ? {set: parsed.value, problem: null} : {set: [], problem: formatParseError(parsed.error)};
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		result = {set: [], problem: code === 'ENOENT' ? `${game.name} has no puzzles (no ${path})` : `${path}: ${(error as Error).message}`};
	}
	read.set(path, result);
	return result;
}
