/**
 * LINES and BOXES as a Game module: R × C boxes (3..8 each way); a move draws a straight segment
 * of any length over undrawn unit segments; a box's fourth side scores it; turns always alternate.
 */
import {fail, ok, SET_UP, type BoardView, type EntryOutputError, type Game, type Result} from '../game.js';
import {BoxesBoard} from './board.js';
import {geometryOf, LETTERS, MAX_SIZE, MIN_SIZE, unitSegments} from './geometry.js';
import type {Setup, SetupOption} from '../setup.js';
import {formatBoxes, looksLikeBoxes, parseBoxes} from './potm.js';
import {
	GAME_SECONDS,
	legalMoves,
	moveName,
	parseVertex,
	play,
	SIDES,
	unitOwners,
	vertexRange,
	whyNotSegment,
	type BoxesState,
} from './rules.js';
import {DEFAULT_SIZE, randomBoard} from './setup.js';
import {boxesPuzzleThemes} from './puzzle-themes.js';
import {boxesLessons} from './lessons.js';
import {table3Asset} from './table3.js';

export type {BoxesState} from './rules.js';
export {createState, legalMoves, moveName, parseVertex, play, SIDES, whyNot} from './rules.js';
export {formatBoxes, looksLikeBoxes, parseBoxes} from './potm.js';
export {DEFAULT_SIZE, randomBoard} from './setup.js';
export {BoxesBoard} from './board.js';
export {geometryOf, MAX_SIZE, MIN_SIZE, type Geometry} from './geometry.js';

/** The fast board of a state. */
export function boardOf(state: BoxesState): BoxesBoard {
	return new BoxesBoard(state.rows, state.columns, unitOwners(state), state.boxes, state.toMove);
}

/**
 * A move typed by a person: two vertices ("A3 C3", "a3 c3", "A3-C3", "A3C3"), in either order
 * (a reversed pair is read as the segment it names: people need not mind the file's order), or
 * why not.
 */
export function parseMove(state: BoxesState, text: string): Result<number, string> {
	const g = geometryOf(state.rows, state.columns);
	const match = /^\s*([A-Za-z]\d{1,2})\s*[-\s,]?\s*([A-Za-z]\d{1,2})\s*$/.exec(text);
	if (!match) {
		const shown = text.trim();
		return fail(`${shown === '' ? 'type a line' : `"${shown}" is not a line`}: two vertices of one row or column, as in "A3 C3"`);
	}
	const ends = [match[1]!, match[2]!].map(word => parseVertex(g, word));
	for (const [index, vertex] of ends.entries()) {
		if (vertex < 0) return fail(`${[match[1], match[2]][index]!.toUpperCase()} is off the board: its vertices are ${vertexRange(g)}`);
	}
	const [a, b] = ends as [number, number];
	if (state.outcome) return fail(`the game is over (${state.outcome.description})`);
	const [from, to] = a <= b ? [a, b] : [b, a];
	const reason = whyNotSegment(g, unitOwners(state), from, to);
	return reason === null ? ok(g.moveOf(from, to)) : fail(reason);
}

/**
 * An entry's answer as POTM read it (seed: "a single line containing the starting vertex and
 * ending vertex"), strictly: one line (its line end optional, CR LF too), two vertices separated
 * by white space, the lesser first, a legal move.
 */
export function readEntryMove(state: BoxesState, output: string): Result<number, EntryOutputError> {
	const entryFail = (fault: EntryOutputError['fault'], message: string) => fail<EntryOutputError>({fault, message});
	const text = output.replace(/\r?\n$/, '');
	if (text.trim() === '') return entryFail('no-output', output === '' ? 'it printed nothing' : 'it printed only white space');
	if (/[\r\n]/.test(text)) return entryFail('lines', `it printed ${text.split(/\r?\n|\r/).length} lines; an entry prints exactly one`);
	const g = geometryOf(state.rows, state.columns);
	const words = text.trim().split(/\s+/);
	if (words.length !== 2 || !words.every(word => /^[A-Z]\d{1,2}$/.test(word))) {
		return entryFail(
			'unparsable',
			`"${text.trim()}" is not a move: one line with two vertices separated by white space, the lesser first, as in "A3 C3"`,
		);
	}
	const [from, to] = words.map(word => parseVertex(g, word)) as [number, number];
	for (const [index, vertex] of [from, to].entries()) {
		if (vertex < 0)
			return entryFail(
				'unparsable',
				`${words[index]} is off the board: a ${state.rows}×${state.columns} board's vertices are ${vertexRange(g)}`,
			);
	}
	if (state.outcome) return entryFail('illegal', `the game is over (${state.outcome.description})`);
	const reason = whyNotSegment(g, unitOwners(state), from, to);
	if (reason !== null) return entryFail('illegal', reason);
	return ok(g.moveOf(from, to));
}

/** The drawing: the view's squares are the vertices, row-major from the top left; the lattice says what is drawn. */
function boxesView(state: BoxesState): BoardView {
	const g = geometryOf(state.rows, state.columns);
	const centre = Math.floor(g.height / 2) * g.width + Math.floor(g.width / 2);
	return {
		kind: 'lattice',
		rows: g.height,
		columns: g.width,
		sides: SIDES,
		// A position is a lattice view (BoxesState extends LatticeView).
		lattice: state,
		rowLabels: Array.from({length: g.height}, (_, row) => String(row + 1)),
		columnLabels: LETTERS.slice(0, g.width).split(''),
		turnsForSecond: false,
		home: [centre, centre],
		squareAt: (row, column) => row * g.width + column,
		placeOf: vertex => [Math.floor(vertex / g.width), vertex % g.width],
		squareName: vertex => g.vertexName(vertex),
	};
}

/** Why no legal move begins with these points (vertices picked with the cursor, the last one just now). */
export function explainPick(state: BoxesState, points: readonly number[]): string {
	const g = geometryOf(state.rows, state.columns);
	if (points.length === 0) return 'pick the first end of a line';
	if (state.outcome) return `the game is over (${state.outcome.description})`;
	const legal = legalMoves(state);
	const [first, second] = points as [number, number | undefined];
	const name = g.vertexName(first);
	if (second === undefined) {
		if (legal.some(move => g.moveFrom[move] === first)) return `a line can be drawn from ${name}: pick its other end`;
		if (legal.some(move => g.moveTo[move] === first))
			return `no line starts at ${name}: a line is picked from its lesser end (left or top), so pick that end first`;
		return `no line can be drawn from ${name}: every segment at it is drawn`;
	}
	const reason = whyNotSegment(g, unitOwners(state), first, second);
	const text = reason ?? `${name} ${g.vertexName(second)} can be drawn`;
	return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A plain-text picture: dots, lines (- and |), boxes lettered by owner (# nobody's), the boxes so far and whose move it is. */
export function renderBoxes(state: BoxesState): string {
	const g = geometryOf(state.rows, state.columns);
	const mark = (owner: number) => (owner === SET_UP ? '#' : owner === 0 ? ' ' : SIDES[owner - 1]![0]!);
	const lines = ['   ' + LETTERS.slice(0, g.width).split('').join('   ')];
	for (let r = 0; r <= state.rows; r++) {
		let dots = `${String(r + 1).padStart(2)} `;
		for (let c = 0; c <= state.columns; c++) {
			dots += '.';
			if (c < state.columns) dots += state.horizontal[r * state.columns + c] ? '---' : '   ';
		}
		lines.push(dots);
		if (r === state.rows) break;
		let sides = '   ';
		for (let c = 0; c <= state.columns; c++) {
			sides += state.vertical[r * g.width + c] ? '|' : ' ';
			if (c < state.columns) sides += ` ${mark(state.boxes[r * state.columns + c]!)} `;
		}
		lines.push(sides);
	}
	const [first, second] = state.scores;
	const status = state.outcome
		? state.outcome.description
		: `${SIDES[state.toMove - 1]} to play move ${Math.floor(state.moves.length / 2) + 1}`;
	return [...lines, '', `${SIDES[0]} ${first} · ${SIDES[1]} ${second} boxes${state.outcome ? '' : ' so far'}`, status].join('\n');
}

/**
 * The moves the side to move will likely still make, for each unit segment still free: games last
 * about 0.85 of a ply a free unit (most moves draw one; long segments early, and the closing of
 * chains, draw more), and the mover makes every other ply. Fitted on the contest entry's games
 * against the plain alpha-beta partner at 20 s: 0.433 on 5×5 (20 games, off by 1.3 moves on
 * average), 0.423 on 8×8 (10 games, off by 3.1). Without it the time plan read the 48 moves of an
 * 8×8 game as 20 and spent its first moves' seconds on placements that decide little.
 */
export const EXPECTED_MOVES_PER_FREE_UNIT = 0.42;

/**
 * How much a move with `free` unit segments free is worth thinking about, beside the others: the
 * whole from ENDGAME_FREE free on, OPENING_WEIGHT from OPENING_FREE up, in between a straight line.
 * In the opening every safe line scores the same to the search (0 at depth 3 on 8×8); the game is
 * decided in the last 40 or so free units, where the search sees chains and the exact solver
 * reaches.
 */
const ENDGAME_FREE = 40;
const OPENING_FREE = 80;
const OPENING_WEIGHT = 0.3;
const moveWeight = (free: number): number =>
	free <= ENDGAME_FREE
		? 1
		: free >= OPENING_FREE
			? OPENING_WEIGHT
			: 1 - ((1 - OPENING_WEIGHT) * (free - ENDGAME_FREE)) / (OPENING_FREE - ENDGAME_FREE);

/**
 * This move's weight over the summed weights of the mover's expected moves (the last one in part,
 * where the count is fractional), the free unit segments falling evenly to the end: where every
 * weight is 1, the even share 1 / expected.
 */
export function timeShare(free: number): number {
	const expected = Math.max(1, EXPECTED_MOVES_PER_FREE_UNIT * free);
	let total = 0;
	for (let k = 0; k < expected; k++) total += Math.min(1, expected - k) * moveWeight(free * (1 - k / expected));
	return moveWeight(free) / total;
}

const freeUnits = (state: BoxesState): number => [...state.horizontal, ...state.vertical].filter(owner => owner === 0).length;

/** The size of a board (a board of `setup`'s, 5×5 where it says none). */
const sizeIn = (setup: Setup): readonly [number, number] => [setup['rows'] ?? DEFAULT_SIZE, setup['columns'] ?? DEFAULT_SIZE];

/**
 * A new board's options: its size, 3..8 boxes each way (5×5 by default), which a referee's run
 * may vary match by match as POTM's second round did; and the unit segments drawn at random
 * before the game, none by default and at least one left to draw.
 */
const SETUP: readonly SetupOption[] = [
	{
		kind: 'size',
		name: 'size',
		row: 'Size',
		keys: ['rows', 'columns'],
		unit: 'boxes',
		rows: [MIN_SIZE, MAX_SIZE],
		columns: [MIN_SIZE, MAX_SIZE],
		default: [DEFAULT_SIZE, DEFAULT_SIZE],
		help: `rows and columns of boxes, ${MIN_SIZE} to ${MAX_SIZE} each (${DEFAULT_SIZE}x${DEFAULT_SIZE} by default)`,
		whose: 'come in sizes',
		without: 'has one board size',
		perMatch: 'sizes',
	},
	{
		kind: 'number',
		name: 'lines',
		key: 'lines',
		row: 'Lines',
		value: 'N',
		min: 0,
		max: setup => unitSegments(...sizeIn(setup)) - 1,
		maxBecause: setup => {
			const [rows, columns] = sizeIn(setup);
			return `a ${rows}x${columns} board has ${unitSegments(rows, columns)} unit segments, and one is left to draw`;
		},
		default: 0,
		shown: lines => (lines === 0 ? 'none drawn before the game' : `${lines} drawn at random`),
		help: 'unit segments drawn at random before each game (none by default)',
		whose: 'come in sizes',
		without: 'has one board size',
	},
];

export const boxes: Game<BoxesState> = {
	id: 'boxes',
	name: 'LINES and BOXES',
	sides: SIDES,
	moveLimit: null,
	hasPoints: true,
	tagline: 'LINES and BOXES: lines of any length on 3×3..8×8 boxes; close a box to take it',
	phrases: {
		select: 'pick a dot, then the dot at the other end of the line',
		moveExample: 'A3 C3',
		target: 'a marked dot',
		points: {many: 'boxes', one: 'box', short: ['box', 'boxes']},
	},
	clock: {per: 'game', seconds: GAME_SECONDS},
	entry: {input: 'path', clock: {per: 'game', seconds: GAME_SECONDS}},
	matchBy: 'games',
	// In boxes.
	reviewScale: {inaccuracy: 1, mistake: 2, blunder: 4, decisive: 8},
	randomBoards: true,
	initial: setup => randomBoard(setup),
	parse: parseBoxes,
	format: formatBoxes,
	recognizes: looksLikeBoxes,
	toMove: state => state.toMove,
	moveNumber: state => Math.floor(state.moves.length / 2) + 1,
	board: boxesView,
	legalMoves,
	play,
	moveEnds: (state, move) => {
		const g = geometryOf(state.rows, state.columns);
		return [g.moveFrom[move]!, g.moveTo[move]!];
	},
	explainPick,
	// A segment's two ends are alike: the cursor may pick either first.
	pickInAnyOrder: true,
	setup: SETUP,
	// Players level on match points are ordered by the boxes they took in all (docs/boxes.md §8).
	tiebreak: {points: 'boxes'},
	tally: state =>
		SIDES.map((side, index) => {
			const g = geometryOf(state.rows, state.columns);
			const mine = state.boxes.flatMap((owner, box) =>
				owner === index + 1 ? [g.vertexName(Math.floor(box / state.columns) * g.width + (box % state.columns))] : [],
			);
			return `${side} ${state.scores[index]}: ${mine.length > 0 ? mine.join(' ') : 'no box'}`;
		}),
	scores: state => state.scores,
	clocks: state => state.clocks,
	// Every move draws a unit segment at least, and the mover makes every other move.
	movesLeft: state => Math.max(1, Math.ceil(freeUnits(state) / 2)),
	expectedMovesLeft: state => Math.max(1, EXPECTED_MOVES_PER_FREE_UNIT * freeUnits(state)),
	timeShare: state => timeShare(freeUnits(state)),
	withClocks: (state, clocks) => ({...state, clocks: [clocks[0], clocks[1]]}),
	outcome: state => state.outcome,
	parseMove,
	readEntryMove,
	formatMove: moveName,
	entryAnswer: (state, move) => `${moveName(state, move)}\n`,
	render: renderBoxes,
	searchPosition: boardOf,
	assets: [table3Asset],
	past: state => ({start: state, moves: []}),
	puzzleThemes: boxesPuzzleThemes,
	lessons: boxesLessons,
};
