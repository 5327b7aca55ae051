/**
 * The POTM input file (docs/loaps.md §9), which is also the save format:
 *
 *   1 1          player to move, that player's upcoming move number
 *   1 0 60.0     "1", player 1's points, player 1's seconds left
 *   2 0 60.0     "2", player 2's points, player 2's seconds left
 *   .11.11.      the board, top rank first: '1', '2' or '.'
 *   ...
 *
 * Reading accepts any run of spaces or tabs between numbers, spaces at the ends of lines, CRLF
 * line ends and trailing blank lines; everything else is refused with the line and the problem.
 */
import {fail, ok, type ParseError, type Player, type Result} from '../game.js';
import {formatClock} from '../clock-text.js';
import {LoaBoard} from './board.js';
import {createState, type LoaState} from './rules.js';
import type {LoaVariant} from './variant.js';

const WHOLE = /^\d+$/;
const DECIMAL = /^(\d+\.?\d*|\.\d+)$/;
/** Bounds that keep every number readable and writable without loss. */
const MAX_POINTS = 100_000;
const MAX_SECONDS = 100_000;

/** The file's lines as written, without line ends (LF, CRLF or a lone CR) or a leading BOM. */
const rawLinesOf = (text: string): string[] => text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);

/** The lines each trimmed of spaces and tabs, trailing blank lines dropped. */
function linesOf(text: string): string[] {
	const lines = rawLinesOf(text).map(line => line.replace(/^[ \t]+|[ \t]+$/g, ''));
	while (lines.length > 0 && lines.at(-1) === '') lines.pop();
	return lines;
}

/** A line as the user should see it: quoted, with invisible or non-ASCII characters spelled out. */
function quote(text: string): string {
	if (text === '') return 'an empty line';
	const shown = text.length > 40 ? `${text.slice(0, 40)}...` : text;
	return `"${shown.replace(/[^\x20-\x7e]|["\\]/g, char =>
		char === '"' || char === '\\' ? `\\${char}` : char === '\t' ? '\\t' : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
	)}"`;
}

export function parsePotm(text: string, fileName: string, variant: LoaVariant): Result<LoaState, ParseError> {
	const error = (line: number | null, message: string) => fail<ParseError>({file: fileName, line, message});
	const size = variant.size;
	const expected = 3 + size;
	const lines = linesOf(text);
	// Messages quote a line as written, so a stray leading space is seen, not trimmed away.
	const raw = rawLinesOf(text);
	const shown = (index: number) => quote(raw[index] ?? '');
	if (lines.length === 0) return error(null, 'the file is empty: expected a POTM position of ' + `${expected} lines`);

	const numbers = (index: number) => (lines[index] ?? '').split(/[ \t]+/).filter(word => word !== '');

	// Line 1: player to move, move number.
	const head = numbers(0);
	if (head.length !== 2) {
		return error(1, `expected two numbers, the player to move (1 or 2) and the move number, got ${shown(0)}`);
	}
	if (head[0] !== '1' && head[0] !== '2') return error(1, `the player to move must be 1 or 2, got ${quote(head[0]!)}`);
	const toMove = Number(head[0]) as Player;
	const limit = variant.moveLimit || 9999;
	if (!WHOLE.test(head[1]!) || Number(head[1]) < 1 || Number(head[1]) > limit) {
		return error(1, `the move number must be a whole number from 1 to ${limit}, got ${quote(head[1]!)}`);
	}
	const moveNumber = Number(head[1]);

	// Lines 2 and 3: "P points seconds".
	const points: [number, number] = [0, 0];
	const clocks: [number, number] = [0, 0];
	for (const player of [1, 2] as const) {
		if (player >= lines.length) break;
		const words = numbers(player);
		const line = player + 1;
		if (words.length !== 3) {
			return error(line, `expected three numbers, "${player}", player ${player}'s points and seconds left, got ${shown(player)}`);
		}
		const [label, score, clock] = words as [string, string, string];
		if (label !== String(player))
			return error(line, `expected the line of player ${player} to start with "${player}", got ${quote(label)}`);
		if (/^-\d/.test(score)) return error(line, `player ${player}'s points cannot be negative, got ${quote(score)}`);
		if (!WHOLE.test(score) || Number(score) > MAX_POINTS) {
			return error(line, `player ${player}'s points must be a whole number from 0 to ${MAX_POINTS}, got ${quote(score)}`);
		}
		if (/^-[\d.]/.test(clock)) return error(line, `player ${player}'s clock cannot be negative, got ${quote(clock)}`);
		if (!DECIMAL.test(clock) || Number(clock) > MAX_SECONDS) {
			return error(
				line,
				`player ${player}'s seconds left must be a number from 0 to ${MAX_SECONDS} such as 60 or 23.4, got ${quote(clock)}`,
			);
		}
		// docs/loa.md §8: classic LOA's files keep the layout, and the points stay 0.
		if (!variant.scoring && Number(score) !== 0)
			return error(line, `${variant.name} has no points: player ${player}'s must be 0, got ${quote(score)}`);
		points[player - 1] = Number(score);
		clocks[player - 1] = Number(clock);
	}

	// The board, top rank first.
	const cells = new Array<number>(size * size).fill(0);
	const pattern = new RegExp(`^[12.]{${size}}$`);
	for (let row = 0; row < size && 3 + row < lines.length; row++) {
		const line = lines[3 + row]!;
		if (!pattern.test(line)) return error(4 + row, `expected ${size} squares of '1', '2' or '.', got ${shown(3 + row)}`);
		const rank = size - 1 - row;
		for (let file = 0; file < size; file++) {
			const char = line[file]!;
			cells[rank * size + file] = char === '.' ? 0 : Number(char);
		}
	}
	if (lines.length < expected) {
		return error(
			null,
			`expected ${expected} lines (the player to move, the two players' points and clocks, then ${size} board lines), got ${lines.length}`,
		);
	}
	if (lines.length > expected) {
		// Blank lines after the board are fine; name the first line that is not blank.
		const extra = lines.findIndex((line, index) => index >= expected && line !== '');
		return error(extra + 1, `unexpected text after the last board line: ${shown(extra)}`);
	}

	const board = `the board (lines 4-${expected})`;
	for (const player of [1, 2] as const) {
		const count = cells.filter(cell => cell === player).length;
		if (count === 0) return error(null, `${board}: player ${player} has no pieces`);
		if (count > variant.maxPieces) {
			return error(null, `${board}: player ${player} has ${count} pieces; ${variant.name} allows at most ${variant.maxPieces}`);
		}
	}
	const check = new LoaBoard(variant, {cells, toMove, ply: 0, points});
	for (const player of [1, 2] as const) {
		if (check.connected(player)) {
			return error(
				null,
				`${board}: player ${player}'s pieces (${variant.sideNames[player - 1]}) are already all connected, so the game is over; a position to play from has neither side connected (potm opens a finished game from its save, with the history beside it)`,
			);
		}
	}
	return ok(createState(variant, {cells, toMove, moveNumber, points, clocks}));
}

/** The canonical text: single spaces, LF line ends, a final newline. */
export function formatPotm(state: LoaState): string {
	const size = state.variant.size;
	const lines = [
		`${state.toMove} ${state.moveNumber}`,
		`1 ${state.points[0]} ${formatClock(state.clocks[0])}`,
		`2 ${state.points[1]} ${formatClock(state.clocks[1])}`,
	];
	for (let rank = size - 1; rank >= 0; rank--) {
		let line = '';
		for (let file = 0; file < size; file++) {
			const cell = state.cells[rank * size + file];
			line += cell === 0 ? '.' : String(cell);
		}
		lines.push(line);
	}
	return lines.join('\n') + '\n';
}

/**
 * Whether a text looks like a POTM file of this board size: 3 header lines, then `size` rows with
 * no white space in them (a LINES and BOXES file of 3 header lines and 7 moves such as "1 A1 B1"
 * has 7 lines of 7 characters too).
 */
export function looksLikePotm(text: string, size: number): boolean {
	const lines = linesOf(text);
	return lines.length === 3 + size && lines.slice(3).every(line => line.length === size && !/\s/.test(line));
}
