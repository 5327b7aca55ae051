/**
 * Tic-tac-toe, the small fifth game that proves the contract: a game needs its folder and a line
 * in the registry, nothing else. Not one of the POTM games: the registry lists it only when the
 * tests ask (POTM_TEST_GAMES=tictactoe).
 *
 * The rules: X and O take turns, X first, each placing a mark on an empty square of a 3×3 grid;
 * three in a row, a column or a diagonal wins; a full grid without one is a draw.
 *
 * Squares are numbered row by row from the top left: A1 = 0, A3 = 2, C3 = 8 (rows A..C down,
 * columns 1..3 across). The file is a header line and the grid:
 *
 *     tic-tac-toe
 *     X.O
 *     .X.
 *     ...
 */
import {EMPTY, fail, ok, type Outcome, type ParseError, type Player, type Result} from '../game.js';

export const SIZE = 3;
export const SQUARES = SIZE * SIZE;
export const SIDES: readonly [string, string] = ['X', 'O'];
export const HEADER = 'tic-tac-toe';
const ROWS = 'ABC';

/** The eight lines of three: rows, columns, diagonals. */
export const LINES: readonly (readonly [number, number, number])[] = [
	[0, 1, 2],
	[3, 4, 5],
	[6, 7, 8],
	[0, 3, 6],
	[1, 4, 7],
	[2, 5, 8],
	[0, 4, 8],
	[2, 4, 6],
];

export interface TicTacToeState {
	/** By square: EMPTY, 1 (X) or 2 (O). */
	readonly cells: readonly number[];
	readonly toMove: Player;
	/** How the game ended, or null while it goes on. */
	readonly outcome: Outcome | null;
}

export const squareName = (square: number): string => `${ROWS[Math.floor(square / SIZE)]}${(square % SIZE) + 1}`;

/** The line of three one player holds, if any. */
export function lineOf(cells: readonly number[]): readonly number[] | null {
	for (const line of LINES) {
		const owner = cells[line[0]]!;
		if (owner !== EMPTY && cells[line[1]] === owner && cells[line[2]] === owner) return line;
	}
	return null;
}

function outcomeOf(cells: readonly number[]): Outcome | null {
	const line = lineOf(cells);
	if (line) {
		const winner = cells[line[0]!] as Player;
		return {
			result: 'win',
			winner,
			reason: 'three-in-a-row',
			description: `${SIDES[winner - 1]} has three in a row (${line.map(squareName).join(' ')}) and wins`,
		};
	}
	if (cells.every(cell => cell !== EMPTY)) return {result: 'draw', winner: null, reason: 'full', description: 'The grid is full: a draw'};
	return null;
}

/** A position from its cells: X moves when the counts are equal. Throws RangeError for counts no game reaches. */
export function createState(cells: readonly number[]): TicTacToeState {
	const x = cells.filter(cell => cell === 1).length;
	const o = cells.filter(cell => cell === 2).length;
	if (x !== o && x !== o + 1) throw new RangeError(`${x} X and ${o} O: X has as many marks as O, or one more`);
	return {cells, toMove: x === o ? 1 : 2, outcome: outcomeOf(cells)};
}

export const initialState = (): TicTacToeState => createState(new Array<number>(SQUARES).fill(EMPTY));

export const legalMoves = (state: TicTacToeState): readonly number[] =>
	state.outcome ? [] : state.cells.flatMap((cell, square) => (cell === EMPTY ? [square] : []));

export function play(state: TicTacToeState, move: number): TicTacToeState {
	if (state.outcome || state.cells[move] !== EMPTY) throw new RangeError(`${squareName(move)} is not a legal move here`);
	const cells = [...state.cells];
	cells[move] = state.toMove;
	return createState(cells);
}

/** Why a square cannot take the mover's mark, for the player. */
export const whyNot = (state: TicTacToeState, square: number): string =>
	state.outcome ? `The game is over: ${state.outcome.description}` : `${squareName(square)} is taken`;

/** "B2", "b2", " B 2 " as a square, or why not. */
export function parseSquare(text: string): Result<number, string> {
	const match = /^\s*([a-cA-C])\s*([1-3])\s*$/.exec(text);
	if (!match) {
		const shown = text.trim();
		const wanted = 'a row A..C and a column 1..3, as in "B2"';
		return fail(shown === '' ? `type a square: ${wanted}` : `"${shown}" is not a square: ${wanted}`);
	}
	return ok(ROWS.indexOf(match[1]!.toUpperCase()) * SIZE + Number(match[2]) - 1);
}

export function formatState(state: TicTacToeState): string {
	const rows: string[] = [];
	for (let row = 0; row < SIZE; row++)
		rows.push(
			state.cells
				.slice(row * SIZE, (row + 1) * SIZE)
				.map(cell => (cell === EMPTY ? '.' : SIDES[cell - 1]))
				.join(''),
		);
	return `${HEADER}\n${rows.join('\n')}\n`;
}

/** Whether a text is most likely a tic-tac-toe file: its first line is the header. */
export const looksLikeTicTacToe = (text: string): boolean => text.split(/\r?\n/, 1)[0]!.trim().toLowerCase() === HEADER;

/** A file's position, or where and why it is not one. */
export function parseState(text: string, file: string): Result<TicTacToeState, ParseError> {
	const error = (line: number | null, message: string) => fail<ParseError>({file, line, message});
	const lines = text.split(/\r?\n/);
	while (lines.length > 0 && lines.at(-1)!.trim() === '') lines.pop();
	if (lines[0]?.trim().toLowerCase() !== HEADER) return error(1, `expected the header "${HEADER}"`);
	if (lines.length !== 1 + SIZE)
		return error(null, `${lines.length - 1} grid lines: a tic-tac-toe grid is ${SIZE} lines of ${SIZE} squares (. X O)`);
	const cells: number[] = [];
	for (let row = 0; row < SIZE; row++) {
		const line = lines[row + 1]!.trim();
		if (line.length !== SIZE) return error(row + 2, `expected ${SIZE} squares of '.', 'X' or 'O', found ${line.length}`);
		for (const char of line.toUpperCase()) {
			const cell = char === '.' ? EMPTY : SIDES.indexOf(char) + 1;
			if (char !== '.' && cell === 0) return error(row + 2, `${JSON.stringify(char)} is not a square: '.', 'X' or 'O'`);
			cells.push(cell);
		}
	}
	try {
		return ok(createState(cells));
	} catch (problem) {
		return error(null, (problem as Error).message);
	}
}
