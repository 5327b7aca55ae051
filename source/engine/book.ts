/**
 * Opening books (issue 38): for LOAPS and classic LOA, the move a deep search chose in each of the
 * first positions of a game, so that the contest entry (`potm move`) answers them at once and keeps
 * its clock for the middle game. The books are built offline by drop-out expansion
 * (bench/book.ts, `npm run bench -- book`) and shipped as text in `books/GAME.txt`; the build
 * copies them to `dist/books/`.
 *
 * A book is plain text: `#` lines say how it was made, every other line is one position's key, a
 * tab, the move as the game writes it, a tab and the search's score for the side to move. The key
 * is the game's own file text of the position with the clocks left out, its lines joined by `/`:
 * the same position reached by another order of moves is the same line.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {fail, ok, type Game, type Result} from '../games/game.js';

/** A build's books: the folder beside its modules. */
export const builtBooks = (dist: string): string => join(dist, 'books');

/** A position's key in a book: its file text without the clocks, one line. */
export function bookKey<State>(game: Game<State>, state: State): string {
	return game
		.format(game.withClocks(state, [0, 0]))
		.trimEnd()
		.split('\n')
		.map(line => line.trim())
		.join('/');
}

export interface BookLine {
	readonly move: string;
	readonly score: number;
}

/** Every line of a book's text, checked against the game: each key a position, each move legal there. */
export function readBook<State>(game: Game<State>, text: string, fileName: string): Result<Map<string, BookLine>, string> {
	const lines = new Map<string, BookLine>();
	for (const [index, raw] of text.replaceAll('\r\n', '\n').split('\n').entries()) {
		const where = `${fileName}, line ${index + 1}`;
		if (raw.trim() === '' || raw.startsWith('#')) continue;
		const fields = raw.split('\t');
		if (fields.length !== 3) return fail(`${where}: a book line is a position, a move and a score, separated by tabs`);
		const [key, move, score] = fields as [string, string, string];
		if (lines.has(key)) return fail(`${where}: this position is in the book twice`);
		const state = game.parse(`${key.replaceAll('/', '\n')}\n`, fileName);
		if (!state.ok) return fail(`${where}: the position does not read: ${state.error.message}`);
		if (bookKey(game, state.value) !== key) return fail(`${where}: the position is not written as the game writes it`);
		const parsed = game.parseMove(state.value, move);
		if (!parsed.ok || !game.legalMoves(state.value).includes(parsed.value)) return fail(`${where}: ${move} is not a legal move there`);
		if (!/^-?\d+$/.test(score)) return fail(`${where}: the score "${score}" is not a whole number`);
		lines.set(key, {move, score: Number(score)});
	}
	return ok(lines);
}

/** The texts of the books read so far in this process, by file. */
const texts = new Map<string, string>();

/** A book's text, or null where there is none to read (asked again next time). */
function bookText(file: string): string | null {
	let text = texts.get(file);
	if (text === undefined) {
		try {
			text = readFileSync(file, 'utf8');
		} catch {
			return null;
		}
		texts.set(file, text);
	}
	return text;
}

/**
 * The book's move in this position, if the game has a book in `folder` (builtBooks) and the position is in it;
 * a move the rules refuse there is no book move. Reads the file once and looks the one line up
 * (about a millisecond), without reading the rest: the contest entry asks once a process.
 */
export function bookMove<State>(game: Game<State>, state: State, folder: string): number | undefined {
	if (game.openingBook !== true || game.outcome(state) !== null) return undefined;
	const text = bookText(join(folder, `${game.id}.txt`));
	if (text === null) return undefined;
	const key = bookKey(game, state);
	const found = text.startsWith(`${key}\t`) ? 0 : text.indexOf(`\n${key}\t`);
	if (found < 0) return undefined;
	const start = (found === 0 && text.startsWith(`${key}\t`) ? 0 : found + 1) + key.length + 1;
	const end = text.indexOf('\t', start);
	const lineEnd = text.indexOf('\n', start);
	if (end < 0 || (lineEnd >= 0 && lineEnd < end)) return undefined;
	const move = game.parseMove(state, text.slice(start, end));
	return move.ok && game.legalMoves(state).includes(move.value) ? move.value : undefined;
}
