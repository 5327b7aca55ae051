/** PAH-TUM as a Game module: a 7×7 grid with random holes; runs of 3 to 7 of one letter score. */
import {BLOCKED, EMPTY, fail, ok, type BoardView, type EntryOutputError, type Game, type Result} from '../game.js';
import {PahtumBoard} from './board.js';
import {formatGrid, looksLikeGrid, parseGrid} from './grid.js';
import {SIZE, SQUARES} from './lines.js';
import {countOf, legalMoves, play, runs, SIDES, squareName, whyNot, type PahtumState} from './rules.js';
import {randomBoard} from './setup.js';
import {pahtumPuzzleThemes} from './puzzle-themes.js';
import {pahtumLessons} from './lessons.js';

export type {PahtumState, Run} from './rules.js';
export {runs, scoreOf, squareName} from './rules.js';
export {checkHoles, DEFAULT_HOLES, randomBoard} from './setup.js';
export {formatGrid, looksLikeGrid, parseGrid} from './grid.js';
export {PahtumBoard} from './board.js';

const ROW_LETTERS = 'ABCDEFG';
/** The contest's clock: 10 s of CPU a move. */
const MOVE_SECONDS = 10;
const COLUMN_LABELS = ['1', '2', '3', '4', '5', '6', '7'];
const ROW_LABELS = ROW_LETTERS.split('');
const CENTRE = 3 * SIZE + 3;
const NO_BONUS: readonly number[] = new Array<number>(SQUARES).fill(0);

/** "C4", "c4", " C 4 " as a square, or why not. */
export function parseSquare(text: string): Result<number, string> {
	const match = /^\s*([a-gA-G])\s*([1-7])\s*$/.exec(text);
	if (!match) {
		const shown = text.trim();
		return fail(
			shown === ''
				? 'type a square: a row A..G and a column 1..7, as in "C4"'
				: `"${shown}" is not a square: a row A..G and a column 1..7, as in "C4"`,
		);
	}
	return ok(ROW_LETTERS.indexOf(match[1]!.toUpperCase()) * SIZE + Number(match[2]) - 1);
}

/** The open square nearest the centre (D4, unless it is a hole or taken), for the cursor to start on. */
function homeOf(cells: readonly number[]): number {
	let best = CENTRE;
	let distance = Infinity;
	for (let square = 0; square < SQUARES; square++) {
		if (cells[square] !== EMPTY) continue;
		const away = Math.abs(Math.floor(square / SIZE) - 3) + Math.abs((square % SIZE) - 3);
		if (away < distance) [best, distance] = [square, away];
	}
	return best;
}

/** The drawing of a grid: row A is the top line, as in the file; squares are numbered the same way. */
function pahtumView(state: PahtumState): BoardView {
	const scoring = new Set<number>();
	for (const run of runs(state.cells)) for (const square of run.squares) scoring.add(square);
	return {
		kind: 'grid',
		rows: SIZE,
		columns: SIZE,
		sides: SIDES,
		cells: state.cells,
		bonus: NO_BONUS,
		scoring,
		rowLabels: ROW_LABELS,
		columnLabels: COLUMN_LABELS,
		turnsForSecond: false,
		home: [homeOf(state.cells), homeOf(state.cells)],
		squareAt: (row, column) => row * SIZE + column,
		placeOf: square => [Math.floor(square / SIZE), square % SIZE],
		squareName,
	};
}

/** A plain-text picture: the grid with its labels, the points so far, and whose move it is or how it ended. */
export function renderPahtum(state: PahtumState): string {
	const lines = ['   1 2 3 4 5 6 7'];
	for (let row = 0; row < SIZE; row++) {
		const cells = state.cells
			.slice(row * SIZE, (row + 1) * SIZE)
			.map(cell => (cell === BLOCKED ? '+' : cell === EMPTY ? '-' : SIDES[cell - 1]));
		lines.push(`${ROW_LETTERS[row]}  ${cells.join(' ')}`);
	}
	const [x, o] = state.scores;
	const status = state.outcome
		? state.outcome.description
		: `${SIDES[state.toMove - 1]} to play move ${countOf(state.cells, state.toMove) + 1}`;
	return [...lines, '', `X ${x} points · O ${o} points${state.outcome ? '' : ' so far'}`, status].join('\n');
}

/**
 * An entry's answer as the contest read it (docs/pahtum.md §5), strictly: the grid it was given
 * with exactly one `-` turned into the mover's letter, 7 lines of 7 characters each ended by a
 * newline, 56 bytes, nothing else. No CR and no missing final newline are forgiven here: the seed
 * pipes one entry's output into the next (`cat grid | a.out | a.out`), so an answer must be a
 * grid as an entry is given one.
 */
export function readEntryMove(state: PahtumState, output: string): Result<number, EntryOutputError> {
	const entryFail = (fault: EntryOutputError['fault'], message: string) => fail<EntryOutputError>({fault, message});
	if (output.trim() === '') return entryFail('no-output', output === '' ? 'it printed nothing' : 'it printed only white space');
	if (output.includes('\r')) return entryFail('lines', 'it ended its lines with CR LF: a grid line ends with a newline alone');
	if (!output.endsWith('\n'))
		return entryFail('lines', 'its last line has no newline: an entry prints 7 lines of 7 characters, each ended by a newline');
	const lines = output.slice(0, -1).split('\n');
	if (lines.length !== SIZE) return entryFail('lines', `it printed ${lines.length} lines; an entry prints the 7 lines of the grid`);
	for (const [index, line] of lines.entries()) {
		if (line.length !== SIZE) return entryFail('lines', `its line ${index + 1} has ${line.length} characters; each line of the grid has 7`);
		const bad = [...line].find(char => !'-+XO'.includes(char));
		if (bad !== undefined)
			return entryFail('unparsable', `its line ${index + 1} holds ${JSON.stringify(bad)}, which is not one of - + X O`);
	}
	if (state.outcome) return entryFail('illegal', `the game is over (${state.outcome.description})`);
	const chars = lines.join('');
	const given = formatGrid(state.cells).replace(/\n/g, '');
	const mover = SIDES[state.toMove - 1];
	const added: number[] = [];
	for (let square = 0; square < SQUARES; square++) {
		const before = given[square]!;
		const after = chars[square]!;
		if (before === after) continue;
		const name = squareName(square);
		if (before !== '-') {
			if (after === '-') return entryFail('illegal', `it removed ${before === '+' ? 'the block (+)' : before} from ${name}`);
			return entryFail('illegal', `it changed ${name} from ${before} to ${after}`);
		}
		added.push(square);
	}
	if (added.length === 0) return entryFail('illegal', 'it added no marker: the grid is as it was given');
	if (added.length > 1)
		return entryFail('illegal', `it added ${added.length} markers (${added.map(squareName).join(', ')}); an entry adds exactly one`);
	const square = added[0]!;
	const letter = chars[square]!;
	if (letter === '+') return entryFail('illegal', `it blocked ${squareName(square)} (+); an entry adds one ${mover}`);
	if (letter !== mover) return entryFail('illegal', `it placed ${letter} on ${squareName(square)}, but ${mover} is to move`);
	return ok(square);
}

export const pahtum: Game<PahtumState> = {
	id: 'pahtum',
	name: 'PAH-TUM',
	sides: SIDES,
	moveLimit: null,
	hasPoints: true,
	tagline: 'PAH-TUM: place markers on a 7×7 grid with random holes; runs of 3 to 7 score',
	phrases: {select: 'place a marker', moveExample: 'C4', points: {many: 'points', one: 'point', short: ['pt', 'pts']}},
	clock: {per: 'move', seconds: MOVE_SECONDS},
	entry: {input: 'stdin', clock: {per: 'move', seconds: MOVE_SECONDS}},
	matchBy: 'points',
	// A run of three is 3 points, of four 10, of five 25; games end 149 to 9 between weak players,
	// so the review's scale (and its graph) spans 150 points, not the 40 after which a game that
	// slid further had no loss counted.
	reviewScale: {inaccuracy: 3, mistake: 8, blunder: 15, decisive: 150},
	randomBoards: true,
	setup: [
		{
			kind: 'number',
			name: 'holes',
			key: 'holes',
			value: 'N',
			min: 1,
			max: 25,
			odd: 'a board has an odd number of holes',
			help: "the board's holes, an odd number from 1 to 25 (by default 3 to 13, drawn with the board)",
			whose: 'have holes',
		},
	],
	initial: setup => randomBoard(setup),
	parse: parseGrid,
	format: state => formatGrid(state.cells),
	recognizes: looksLikeGrid,
	toMove: state => state.toMove,
	moveNumber: state => countOf(state.cells, state.toMove) + 1,
	board: pahtumView,
	legalMoves,
	play,
	moveEnds: (_state, move) => [move],
	explainPick: (state, points) => {
		const square = points[points.length - 1];
		if (square === undefined) return 'pick an empty square';
		const reason = whyNot(state, square);
		return reason === null ? `${squareName(square)} is empty: it can be played` : reason.charAt(0).toUpperCase() + reason.slice(1);
	},
	tally: state =>
		SIDES.map((side, index) => {
			const mine = runs(state.cells).filter(run => run.player === index + 1);
			const parts = mine.map(run => `${squareName(run.squares[0]!)}-${squareName(run.squares[run.length - 1]!)} ${run.points}`);
			return `${side} ${state.scores[index]}: ${parts.length > 0 ? parts.join(', ') : 'no run of 3 or more'}`;
		}),
	scores: state => state.scores,
	// No clock is carried in a grid; a line of play keeps what each side had left of its move.
	clocks: state => state.clocks ?? [MOVE_SECONDS, MOVE_SECONDS],
	movesLeft: () => null,
	withClocks: (state, clocks) => ({...state, clocks: [clocks[0], clocks[1]]}),
	outcome: state => state.outcome,
	parseMove(state, text) {
		const parsed = parseSquare(text);
		if (!parsed.ok) return parsed;
		const reason = whyNot(state, parsed.value);
		return reason === null ? parsed : fail(reason);
	},
	readEntryMove,
	formatMove: (_state, move) => squareName(move),
	entryAnswer: (state, move) => formatGrid(play(state, move).cells),
	render: renderPahtum,
	searchPosition: state => new PahtumBoard(state.cells),
	past: state => ({start: state, moves: []}),
	puzzleThemes: pahtumPuzzleThemes,
	lessons: pahtumLessons,
};
