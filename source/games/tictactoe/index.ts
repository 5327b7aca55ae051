/**
 * Tic-tac-toe as a Game module (rules.ts says why it is here): everything the rest of potm needs
 * of it, from the contract alone.
 */
import {EMPTY, fail, ok, type BoardView, type EntryOutputError, type Game, type Result} from '../game.js';
import {TicTacToeBoard} from './board.js';
import {tictactoeLessons} from './lessons.js';
import {
	formatState,
	initialState,
	legalMoves,
	lineOf,
	looksLikeTicTacToe,
	parseSquare,
	parseState,
	play,
	SIDES,
	SIZE,
	SQUARES,
	squareName,
	whyNot,
	type TicTacToeState,
} from './rules.js';

export type {TicTacToeState} from './rules.js';

/** Seconds of CPU an entry has for each move. */
const MOVE_SECONDS = 5;
const NO_BONUS: readonly number[] = new Array<number>(SQUARES).fill(0);

function view(state: TicTacToeState): BoardView {
	return {
		kind: 'grid',
		rows: SIZE,
		columns: SIZE,
		sides: SIDES,
		cells: state.cells,
		bonus: NO_BONUS,
		scoring: new Set(lineOf(state.cells) ?? []),
		rowLabels: ['A', 'B', 'C'],
		columnLabels: ['1', '2', '3'],
		turnsForSecond: false,
		home: [4, 4],
		squareAt: (row, column) => row * SIZE + column,
		placeOf: square => [Math.floor(square / SIZE), square % SIZE],
		squareName,
	};
}

function render(state: TicTacToeState): string {
	const rows = ['   1 2 3'];
	for (let row = 0; row < SIZE; row++)
		rows.push(
			`${'ABC'[row]}  ${state.cells
				.slice(row * SIZE, (row + 1) * SIZE)
				.map(cell => (cell === EMPTY ? '.' : SIDES[cell - 1]))
				.join(' ')}`,
		);
	return [...rows, '', state.outcome ? state.outcome.description : `${SIDES[state.toMove - 1]} to play`].join('\n');
}

/** An entry prints the square it plays, "B2", on one line. */
function readEntryMove(state: TicTacToeState, output: string): Result<number, EntryOutputError> {
	const entryFail = (fault: EntryOutputError['fault'], message: string) => fail<EntryOutputError>({fault, message});
	if (output.trim() === '') return entryFail('no-output', 'it printed nothing');
	const lines = output.replace(/\n$/, '').split('\n');
	if (lines.length !== 1) return entryFail('lines', `it printed ${lines.length} lines; an entry prints one square`);
	const square = parseSquare(lines[0]!);
	if (!square.ok) return entryFail('unparsable', square.error);
	if (!legalMoves(state).includes(square.value)) return entryFail('illegal', whyNot(state, square.value));
	return ok(square.value);
}

export const tictactoe: Game<TicTacToeState> = {
	id: 'tictactoe',
	name: 'Tic-tac-toe',
	sides: SIDES,
	moveLimit: null,
	hasPoints: false,
	tagline: 'Tic-tac-toe: three in a row on 3×3 (the test game)',
	phrases: {select: 'place a mark', moveExample: 'B2', points: {many: 'points', one: 'point', short: ['pt', 'pts']}},
	clock: {per: 'move', seconds: MOVE_SECONDS},
	entry: {input: 'path', clock: {per: 'move', seconds: MOVE_SECONDS}},
	matchBy: 'games',
	// No points: the evaluation's unit, where a line open to one side is 0.1 to 0.4.
	reviewScale: {inaccuracy: 0.3, mistake: 0.6, blunder: 1, decisive: 1},
	randomBoards: false,
	initial: () => initialState(),
	parse: parseState,
	format: formatState,
	recognizes: looksLikeTicTacToe,
	toMove: state => state.toMove,
	moveNumber: state => state.cells.filter(cell => cell === state.toMove).length + 1,
	board: view,
	legalMoves,
	play,
	moveEnds: (_, move) => [move],
	explainPick: (state, points) => whyNot(state, points.at(-1)!),
	scores: () => [0, 0],
	clocks: () => [MOVE_SECONDS, MOVE_SECONDS],
	movesLeft: state => Math.ceil(state.cells.filter(cell => cell === EMPTY).length / 2),
	withClocks: state => state,
	outcome: state => state.outcome,
	parseMove: (state, text) => {
		const square = parseSquare(text);
		if (!square.ok) return square;
		return legalMoves(state).includes(square.value) ? square : fail(whyNot(state, square.value));
	},
	readEntryMove,
	formatMove: (_, move) => squareName(move),
	entryAnswer: (_, move) => `${squareName(move)}\n`,
	render,
	searchPosition: state => new TicTacToeBoard(state.cells, state.toMove),
	past: state => ({start: state, moves: []}),
	lessons: tictactoeLessons,
};
