/**
 * Nim as Game modules, normal play (`nim`) and its misère ruling (`nim-misere`), the second game
 * only the tests register (POTM_TEST_GAMES=nim): the proof that a game brings its own search
 * (search.ts) and its own prebuilt file (values.ts's table) from its folder alone, through the
 * contract's seams. rules.ts has the rules, the notation and the file.
 *
 * On the board a heap is a row, its pebbles from the left; a move is picked by its first pebble
 * taken, which goes with those to its right.
 */
import {EMPTY, fail, ok, type BoardView, type EntryOutputError, type Game, type Result, type Ruling as GameRuling} from '../game.js';
import {NimBoard} from './board.js';
import {
	formatState,
	HEAP_NAMES,
	HEAPS,
	heapOf,
	initialState,
	legalMoves,
	looksLikeNim,
	MAX_HEAP,
	MAX_TAKE,
	moveName,
	moveOf,
	outcomeOf,
	parseState,
	play,
	readMoveText,
	SIDES,
	takenBy,
	whyNot,
	type NimState,
	type Ruling,
} from './rules.js';
import {nimSearch} from './search.js';
import {nimTableAsset} from './values.js';

export type {NimState, Ruling} from './rules.js';

/** A move's CPU seconds, the contest entry's and the players' clock alike. */
const MOVE_SECONDS = 5;
const COLUMN_LABELS = Array.from({length: MAX_HEAP}, (_, column) => String(column + 1));
const NOTHING_SCORES: readonly number[] = new Array<number>(HEAPS * MAX_HEAP).fill(0);

/** Heaps as rows, a pebble a piece of ODD's colour (pebbles are nobody's; a colour shows them best). */
function boardOf(state: NimState): BoardView {
	const squareAt = (row: number, column: number) => row * MAX_HEAP + column;
	return {
		kind: 'grid',
		rows: HEAPS,
		columns: MAX_HEAP,
		sides: SIDES,
		cells: Array.from({length: HEAPS * MAX_HEAP}, (_, square) =>
			square % MAX_HEAP < state.heaps[Math.floor(square / MAX_HEAP)]! ? 1 : EMPTY,
		),
		bonus: NOTHING_SCORES,
		scoring: new Set(),
		rowLabels: [...HEAP_NAMES],
		columnLabels: COLUMN_LABELS,
		turnsForSecond: false,
		home: [squareAt(1, 0), squareAt(1, 0)],
		squareAt,
		placeOf: square => [Math.floor(square / MAX_HEAP), square % MAX_HEAP],
		squareName: square => `${HEAP_NAMES[Math.floor(square / MAX_HEAP)]}${(square % MAX_HEAP) + 1}`,
	};
}

/** The move that takes the pebble on `square` and those to its right (not necessarily legal), or why there is none. */
function moveAt(state: NimState, square: number): Result<number, string> {
	const heap = Math.floor(square / MAX_HEAP);
	const taken = state.heaps[heap]! - (square % MAX_HEAP);
	if (taken <= 0) return fail(`There is no pebble there: heap ${HEAP_NAMES[heap]} has ${state.heaps[heap]}`);
	if (taken > MAX_TAKE) return fail(`That would take ${taken} pebbles: a move takes 1 to ${MAX_TAKE}, from the right of a heap`);
	return ok(moveOf(heap, taken));
}

/** A contest entry prints its move, "B2", and a newline: nothing before or after it. */
function readEntryMove(state: NimState, output: string, ruling: Ruling): Result<number, EntryOutputError> {
	const refuse = (fault: EntryOutputError['fault'], message: string) => fail<EntryOutputError>({fault, message});
	const printed = output.endsWith('\n') ? output.slice(0, -1) : output;
	if (printed.trim() === '') return refuse('no-output', 'it printed nothing');
	if (printed.includes('\n')) return refuse('lines', `it printed ${printed.split('\n').length} lines, not one move`);
	const move = readMoveText(printed);
	if (!move.ok) return refuse('unparsable', move.error);
	const illegal = whyNot(state, move.value, ruling);
	return illegal === null ? move : refuse('illegal', illegal);
}

/** Misère, a ruling of Nim that the command line asks for with --misere (`--game nim --misere`). */
const MISERE: GameRuling = {
	of: 'nim',
	flag: 'misere',
	help: {
		program: 'Nim played misère: who takes the last pebble loses (a test game)',
		command: 'Nim: who takes the last pebble loses',
	},
	ofName: 'Nim',
};

function nimGame(ruling: Ruling): Game<NimState> {
	const last = ruling === 'normal' ? 'wins' : 'loses';
	return {
		id: ruling === 'normal' ? 'nim' : 'nim-misere',
		name: ruling === 'normal' ? 'Nim' : 'Nim (misère)',
		...(ruling === 'misere' ? {ruling: MISERE} : {}),
		sides: SIDES,
		tagline: `Nim: heaps of 3, 4, 5; take 1 to 3; the last pebble ${last} (a test game)`,
		phrases: {
			select: 'take the pebble under the cursor and those to its right',
			moveExample: 'B2',
			points: {many: 'points', one: 'point', short: ['pt', 'pts']},
		},
		// Nim has no points; a mistake loses the game (a proven win counts as `decisive`).
		reviewScale: {inaccuracy: 1, mistake: 1.5, blunder: 2, decisive: 1},
		moveLimit: null,
		hasPoints: false,
		randomBoards: false,
		initial: initialState,
		toMove: state => state.toMove,
		moveNumber: state => state.moveNumber,
		legalMoves,
		play,
		outcome: state => outcomeOf(state, ruling),
		scores: () => [0, 0],
		past: state => ({start: state, moves: []}),
		searchPosition: state => new NimBoard(state.heaps, state.toMove, ruling),
		search: nimSearch,
		assets: [nimTableAsset],
		clock: {per: 'move', seconds: MOVE_SECONDS},
		clocks: () => [MOVE_SECONDS, MOVE_SECONDS],
		withClocks: state => state,
		// Each move takes a pebble at least, and the side to move makes every other move.
		movesLeft: state => Math.ceil(state.heaps.reduce((sum, heap) => sum + heap, 0) / 2),
		parseMove(state, text) {
			const move = readMoveText(text);
			if (!move.ok) return move;
			const illegal = whyNot(state, move.value, ruling);
			return illegal === null ? move : fail(illegal);
		},
		formatMove: (_, move) => moveName(move),
		moveEnds: (state, move) => [heapOf(move) * MAX_HEAP + state.heaps[heapOf(move)]! - takenBy(move)],
		explainPick(state, points) {
			const move = moveAt(state, points.at(-1)!);
			return move.ok ? (whyNot(state, move.value, ruling) ?? `${moveName(move.value)} is legal`) : move.error;
		},
		parse: parseState,
		format: formatState,
		recognizes: looksLikeNim,
		entry: {input: 'path', clock: {per: 'move', seconds: MOVE_SECONDS}},
		readEntryMove: (state, output) => readEntryMove(state, output, ruling),
		entryAnswer: (_, move) => `${moveName(move)}\n`,
		matchBy: 'games',
		board: boardOf,
		render(state) {
			const rows = state.heaps.map((pebbles, heap) => `${HEAP_NAMES[heap]}  ${'o '.repeat(pebbles).trimEnd() || '-'}`);
			const over = outcomeOf(state, ruling);
			return [...rows, '', over ? over.description : `${SIDES[state.toMove - 1]} to take (the last pebble ${last})`].join('\n');
		},
	};
}

/** Normal play: who takes the last pebble wins. */
export const nim = nimGame('normal');
/** The misère ruling, a ruling of Nim's (`--game nim` with the ruling's flag): who takes the last pebble loses. */
export const nimMisere = nimGame('misere');
