/**
 * A puzzle set as plain text, one file a game (`puzzles/loaps.txt`, ...): a header of `#` lines
 * (what the set is, how it was built, from which seed), then one block a puzzle, blank lines
 * between them:
 *
 *   puzzle loaps-0001
 *   game loaps
 *   themes connect-in-2 bonus-race
 *   rating 1450
 *   proof proof
 *   source level 3 v greedy, seed 17, before move 23
 *   solution c3 e5, d2 d3, e5 d4
 *   position 10
 *   ...exactly 10 lines: the position as the game's format() writes it
 *
 * Every key once, in that order. The solution's moves are separated by commas, since a move may
 * hold a space ("c3 e5"). Reading checks all of it against the game (the position reads and is
 * written as the game writes it, the solution is legal move after move, the themes are the
 * game's, the ids are unique) and names the file and line of the first fault; writing is its
 * inverse, so a set read and written again is the same text.
 */
import {fail, ok, type ParseError, type Result} from '../games/game.js';
import {gameById, games, type AnyGame} from '../games/registry.js';
import type {Proof, Puzzle} from './puzzle.js';

/** A block's keys, in the order they are written. */
const KEYS = ['puzzle', 'game', 'themes', 'rating', 'proof', 'source', 'solution', 'position'] as const;
type Key = (typeof KEYS)[number];

const PROOFS: readonly Proof[] = ['solver', 'proof', 'search'];
/** An id: lower-case letters and digits in words joined by hyphens ("loaps-0042", "mine-3fa9c0d1e2"). */
const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The most lines a position may take (a game's file may list every move played, as well as the board). */
const MAX_POSITION_LINES = 1000;
/** Ratings are whole numbers in this range (Glicko-2's scale, 1500 the middle). */
const MIN_RATING = 0;
const MAX_RATING = 4000;

/** A position's lines as a block holds them: format()'s text without its last line end. */
const positionLines = (position: string): string[] => position.replace(/\n$/, '').split('\n');

/**
 * Writes a set: `header` as `#` lines (each of its lines one comment line), then each puzzle's
 * block, a blank line between each two.
 */
export function formatPuzzles(puzzles: readonly Puzzle[], header: string | readonly string[]): string {
	const comments = (typeof header === 'string' ? header.split('\n') : header).map(line => (line === '' ? '#' : `# ${line}`));
	const blocks = puzzles.map(puzzle => {
		const lines = positionLines(puzzle.position);
		return [
			`puzzle ${puzzle.id}`,
			`game ${puzzle.game}`,
			`themes ${puzzle.themes.join(' ')}`,
			`rating ${puzzle.rating}`,
			`proof ${puzzle.proof}`,
			`source ${puzzle.source}`,
			`solution ${puzzle.solution.join(', ')}`,
			`position ${lines.length}`,
			...lines,
		].join('\n');
	});
	return [...(comments.length > 0 ? [comments.join('\n')] : []), ...blocks].join('\n\n') + '\n';
}

/** The header of a set's text: its leading `#` lines, without the marks (what formatPuzzles was given). */
export function headerOf(text: string): string[] {
	const header: string[] = [];
	for (const line of text.split(/\r?\n/)) {
		if (!line.startsWith('#')) break;
		header.push(line.replace(/^# ?/, ''));
	}
	return header;
}

/**
 * Reads a set written by formatPuzzles (or by hand in its form): every puzzle checked against its
 * game. The first fault is a ParseError naming `fileName` and its 1-based line.
 */
export function parsePuzzles(text: string, fileName: string): Result<Puzzle[], ParseError> {
	const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
	// A text ending in a line end has no line after it.
	if (lines.at(-1) === '') lines.pop();
	const bad = (line: number | null, message: string) => fail<ParseError>({file: fileName, line, message});
	const puzzles: Puzzle[] = [];
	const firstLine = new Map<string, number>();
	let at = 0;
	for (;;) {
		// Between blocks: blank lines and comments.
		while (at < lines.length && (lines[at]!.trim() === '' || lines[at]!.startsWith('#'))) at++;
		if (at >= lines.length) break;
		const block = readBlock(lines, at, fileName);
		if (!block.ok) return block;
		const {puzzle, next} = block.value;
		const seen = firstLine.get(puzzle.id);
		if (seen !== undefined) return bad(at + 1, `the puzzle id "${puzzle.id}" is used twice (first on line ${seen})`);
		firstLine.set(puzzle.id, at + 1);
		puzzles.push(puzzle);
		at = next;
	}
	return ok(puzzles);
}

/** One block from line index `start` (a `puzzle` line, if the file is right): the puzzle and the index after it. */
function readBlock(lines: readonly string[], start: number, fileName: string): Result<{puzzle: Puzzle; next: number}, ParseError> {
	const bad = (index: number | null, message: string) =>
		fail<ParseError>({file: fileName, line: index === null ? null : index + 1, message});
	const values = new Map<Key, {value: string; index: number}>();
	let name = 'the puzzle';
	let at = start;
	for (const [order, key] of KEYS.entries()) {
		if (at >= lines.length) return bad(null, `the file ends in the middle of ${name}: expected its "${key}" line`);
		const line = lines[at]!;
		const match = /^(\S+)(?:[ \t]+(.*?))?[ \t]*$/.exec(line);
		const found = match?.[1] ?? '';
		if (!match || found === '') {
			return bad(at, `expected the "${key}" line of ${name}, found ${line.trim() === '' ? 'a blank line' : `"${line}"`}`);
		}
		if (found !== key) {
			const known = KEYS.indexOf(found as Key);
			if (known < 0) return bad(at, `"${found}" is not a key of a puzzle: a puzzle's lines are ${KEYS.join(', ')}, in that order`);
			if (known < order) return bad(at, `"${found}" is given twice in ${name}`);
			return bad(at, `expected "${key}" ${order === 0 ? 'to begin a puzzle' : `after "${KEYS[order - 1]}"`}, found "${found}"`);
		}
		const value = match[2] ?? '';
		if (value === '') return bad(at, `"${key}" needs a value`);
		values.set(key, {value, index: at});
		if (key === 'puzzle') {
			if (!ID.test(value))
				return bad(at, `"${value}" is not a puzzle id: lower-case letters and digits, words joined by hyphens, as in "loaps-0042"`);
			name = `puzzle ${value}`;
		}
		at++;
	}
	const get = (key: Key) => values.get(key)!;

	const gameId = get('game');
	const game = gameById(gameId.value);
	if (!game) return bad(gameId.index, `no game "${gameId.value}": the games are ${games.map(one => one.id).join(', ')}`);
	const themes = game.puzzleThemes;
	if (!themes) return bad(gameId.index, `${game.name} has no puzzle themes, so no puzzles`);

	const themeLine = get('themes');
	const themeIds = themeLine.value.split(/[ \t]+/);
	for (const [index, theme] of themeIds.entries()) {
		if (!themes.themes.some(known => known.id === theme))
			return bad(
				themeLine.index,
				`"${theme}" is not a theme of ${game.name}: its themes are ${themes.themes.map(known => known.id).join(', ')}`,
			);
		if (themeIds.indexOf(theme) !== index) return bad(themeLine.index, `the theme "${theme}" is given twice`);
	}

	const ratingLine = get('rating');
	const rating = Number(ratingLine.value);
	if (!/^\d+$/.test(ratingLine.value) || rating < MIN_RATING || rating > MAX_RATING)
		return bad(ratingLine.index, `the rating "${ratingLine.value}" is not a whole number from ${MIN_RATING} to ${MAX_RATING}`);

	const proofLine = get('proof');
	const proof = PROOFS.find(kind => kind === proofLine.value);
	if (!proof) return bad(proofLine.index, `"${proofLine.value}" is not a kind of proof: one of ${PROOFS.join(', ')}`);

	const positionLine = get('position');
	const count = Number(positionLine.value);
	if (!/^\d+$/.test(positionLine.value) || count < 1 || count > MAX_POSITION_LINES)
		return bad(
			positionLine.index,
			`"${positionLine.value}" is not a number of lines from 1 to ${MAX_POSITION_LINES}: "position" gives how many lines follow`,
		);
	const first = positionLine.index + 1;
	if (first + count > lines.length)
		return bad(null, `the file ends after ${lines.length - first} of the ${count} lines of ${name}'s position`);
	const position = readPosition(game, lines.slice(first, first + count), first, name, fileName);
	if (!position.ok) return position;

	const solutionLine = get('solution');
	const solution = readSolution(game, position.value.state, solutionLine.value);
	if (typeof solution === 'string') return bad(solutionLine.index, `${name}'s solution: ${solution}`);

	const puzzle: Puzzle = {
		id: get('puzzle').value,
		game: game.id,
		position: position.value.text,
		solution,
		themes: themeIds,
		rating,
		proof,
		source: get('source').value,
	};
	return ok({puzzle, next: first + count});
}

/**
 * A block's position lines read by the game (its faults on the file's lines), checked to be as the
 * game writes it and not finished: the state and the game's own text of it.
 */
function readPosition(
	game: AnyGame,
	block: readonly string[],
	first: number,
	name: string,
	fileName: string,
): Result<{state: unknown; text: string}, ParseError> {
	const bad = (index: number, message: string) => fail<ParseError>({file: fileName, line: index + 1, message});
	const parsed = game.parse(`${block.join('\n')}\n`, fileName);
	if (!parsed.ok) {
		const line = parsed.error.line === null ? first - 1 : first + parsed.error.line - 1;
		return bad(line, `${name}'s position: ${parsed.error.message}`);
	}
	const text = game.format(parsed.value);
	const written = positionLines(text);
	const differs = written.findIndex((line, index) => line !== block[index]);
	if (differs >= 0 || written.length !== block.length) {
		const index = differs >= 0 ? differs : Math.min(written.length, block.length);
		return bad(
			first + Math.min(index, block.length - 1),
			`${name}'s position is not written as ${game.name} writes it: this line would be ${written[index] === undefined ? 'absent' : `"${written[index]}"`}`,
		);
	}
	const outcome = game.outcome(parsed.value);
	if (outcome) return bad(first - 1, `${name}'s position is a finished game (${outcome.description}): a puzzle needs a move to find`);
	return ok({state: parsed.value, text});
}

/** A solution's moves read one after another from `state`, each as the game writes it; or what is wrong. */
function readSolution(game: AnyGame, state: unknown, value: string): readonly string[] | string {
	const texts = value.split(',').map(part => part.trim());
	if (texts.some(text => text === '')) return 'an empty move: moves are separated by single commas, as in "c3 e5, d2 d3, e5 d4"';
	if (texts.length % 2 === 0)
		return `${texts.length} moves: a solution is the solver's move, then a reply and a move for each further move, so an odd number`;
	const written: string[] = [];
	let current = state;
	for (const [index, text] of texts.entries()) {
		const outcome = game.outcome(current);
		if (outcome) return `move ${index + 1} "${text}" comes after the end of the game (${outcome.description})`;
		const move = game.parseMove(current, text);
		if (!move.ok) return `move ${index + 1} "${text}": ${move.error}`;
		if (!game.legalMoves(current).includes(move.value)) return `move ${index + 1} "${text}" is not legal there`;
		written.push(game.formatMove(current, move.value));
		current = game.play(current, move.value);
	}
	return written;
}
