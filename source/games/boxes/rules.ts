/**
 * The friendly, immutable face of a LINES and BOXES position, for the UI, files and the referee:
 * the board size, the lines drawn before the game and the players' moves (the whole game, as its
 * file holds it), who drew each unit segment and who took each box, the boxes of each side, the
 * clocks and how the game ended. Replaying here is plain (a box is taken when its four sides are
 * drawn), independent of the fast board's counters.
 */
import {SET_UP, type LatticeView, type Outcome, type Player} from '../game.js';
import {geometryOf, LETTERS, MAX_LINE, type Geometry} from './geometry.js';

/** The sides' names: player 1 and player 2 (docs/boxes.md §1) coloured as LOAPS's are. */
export const SIDES = ['RED', 'BLUE'] as const;
/** The contest's clock: 60 s of CPU per player per game. */
export const GAME_SECONDS = 60;

/** A position: the drawn segments and boxes taken as its lattice view has them (LatticeView), and the game around them. */
export interface BoxesState extends LatticeView {
	/** The segments drawn before the game (the file's player-0 lines), as moves, in file order. */
	readonly setUp: readonly number[];
	/** The players' moves, player 1's first, alternating. */
	readonly moves: readonly number[];
	readonly toMove: Player;
	/** Boxes of player 1 and of player 2. */
	readonly scores: readonly [number, number];
	/** Seconds left on each player's clock. */
	readonly clocks: readonly [number, number];
	readonly outcome: Outcome | null;
	/**
	 * What a file said that the moves overruled, for the UI to tell (the score lines: the moves
	 * decide the scores); empty for a position made by play.
	 */
	readonly notes: readonly string[];
}

export const vertexName = (geometry: Geometry, vertex: number): string => geometry.vertexName(vertex);

/** "A3 C3". */
export function moveName(state: Pick<BoxesState, 'rows' | 'columns'>, move: number): string {
	const g = geometryOf(state.rows, state.columns);
	return `${g.vertexName(g.moveFrom[move]!)} ${g.vertexName(g.moveTo[move]!)}`;
}

/** A vertex from "C4" (a letter and a row number; any case), -1 if it is not one of this board's. */
export function parseVertex(geometry: Geometry, text: string): number {
	const match = /^([A-Za-z])(\d{1,2})$/.exec(text);
	if (!match) return -1;
	const column = LETTERS.indexOf(match[1]!.toUpperCase());
	const row = Number(match[2]) - 1;
	if (column < 0 || column >= geometry.width || row < 0 || row >= geometry.height) return -1;
	return row * geometry.width + column;
}

/** "A..D and 1..4": the vertex names of a board, for messages. */
export const vertexRange = (geometry: Geometry): string => `${LETTERS[0]}..${LETTERS[geometry.width - 1]} and 1..${geometry.height}`;

/** Who drew each unit segment, in one array (horizontal units then vertical ones, as geometry.ts numbers them). */
export function unitOwners(state: BoxesState): number[] {
	return [...state.horizontal, ...state.vertical];
}

/**
 * Why the segment from `from` to `to` (vertices, in the order given) cannot be drawn on these
 * drawn unit segments, or null if it can: the same vertex, a diagonal, a reversed pair, an
 * overlap with a drawn segment (named whole: the stretch of drawn unit segments along its line,
 * past the move's ends).
 */
export function whyNotSegment(geometry: Geometry, drawn: readonly number[], from: number, to: number): string | null {
	const name = (vertex: number) => geometry.vertexName(vertex);
	const shown = `${name(from)} ${name(to)}`;
	if (from === to) return `${shown} joins a vertex to itself: a line joins two vertices`;
	const [lesser, greater] = from < to ? [from, to] : [to, from];
	const move = geometry.moveOf(lesser, greater);
	if (move < 0) return `${shown} is diagonal: a line joins two vertices of one row or one column`;
	if (from > to) return `${shown} is reversed: the lesser vertex first, as in ${name(to)} ${name(from)}`;
	// The first stretch of drawn unit segments under the move.
	let start = -1;
	let end = -1;
	for (let i = geometry.unitStart[move]!; i < geometry.unitStart[move + 1]!; i++) {
		const unit = geometry.unitList[i]!;
		if (drawn[unit]) {
			if (start < 0) start = unit;
			end = unit;
		} else if (start >= 0) break;
	}
	if (start < 0) return null;
	// Named as it is drawn: the whole stretch of drawn units along the board's line, past the move's ends.
	const line = geometry.unitLine[start]!;
	const unitAt = (place: number) => geometry.lineUnits[line * MAX_LINE + place]!;
	let first = geometry.unitPlace[start]!;
	let last = geometry.unitPlace[end]!;
	while (first > 0 && drawn[unitAt(first - 1)]) first--;
	while (last < geometry.lineLength[line]! - 1 && drawn[unitAt(last + 1)]) last++;
	return `${shown} overlaps the drawn ${name(geometry.unitFrom[unitAt(first)]!)} ${name(geometry.unitTo[unitAt(last)]!)}`;
}

/** Whether every unit segment of `move` is undrawn. */
function isFree(geometry: Geometry, drawn: readonly number[], move: number): boolean {
	for (let i = geometry.unitStart[move]!; i < geometry.unitStart[move + 1]!; i++) if (drawn[geometry.unitList[i]!]) return false;
	return true;
}

/** The outcome once every unit segment is drawn, by the boxes; null before. */
export function outcomeOf(drawn: readonly number[], scores: readonly [number, number]): Outcome | null {
	if (drawn.includes(0)) return null;
	const [first, second] = scores;
	if (first === second)
		return {result: 'tie', winner: null, reason: 'board-full', description: `a tie, ${first} ${first === 1 ? 'box' : 'boxes'} each`};
	const winner: Player = first > second ? 1 : 2;
	const [high, low] = first > second ? [first, second] : [second, first];
	return {
		result: 'win',
		winner,
		reason: 'board-full',
		description: `${SIDES[winner - 1]} wins ${high} ${high === 1 ? 'box' : 'boxes'} to ${low}`,
	};
}

/**
 * A state from the set-up lines and the players' moves, replayed plainly; RangeError if a line
 * overlaps one drawn before it (the file reader checks first and says why in its own words).
 */
export function createState(
	rows: number,
	columns: number,
	setUp: readonly number[],
	moves: readonly number[],
	clocks: readonly [number, number] = [GAME_SECONDS, GAME_SECONDS],
	notes: readonly string[] = [],
): BoxesState {
	const g = geometryOf(rows, columns);
	const drawn = new Array<number>(g.units).fill(0);
	const boxes = new Array<number>(g.boxes).fill(0);
	const scores: [number, number] = [0, 0];
	const draw = (move: number, who: number) => {
		if (!Number.isInteger(move) || move < 0 || move >= g.moves) throw new RangeError(`${move} is not a move of a ${rows}×${columns} board`);
		if (!isFree(g, drawn, move)) throw new RangeError(whyNotSegment(g, drawn, g.moveFrom[move]!, g.moveTo[move]!)!);
		for (let i = g.unitStart[move]!; i < g.unitStart[move + 1]!; i++) drawn[g.unitList[i]!] = who;
		// A box is closed when its last side is drawn: only those beside the units just drawn can be.
		for (let i = g.unitStart[move]!; i < g.unitStart[move + 1]!; i++) {
			close(g.unitBoxA[g.unitList[i]!]!, who);
			close(g.unitBoxB[g.unitList[i]!]!, who);
		}
	};
	/** `box` (-1: none), if it is not yet and its four sides are drawn, is closed by `who`. */
	const close = (box: number, who: number) => {
		if (box < 0 || boxes[box] !== 0) return;
		for (let side = 0; side < 4; side++) if (drawn[g.boxSides[box * 4 + side]!] === 0) return;
		boxes[box] = who;
		if (who === 1 || who === 2) scores[who - 1] = scores[who - 1]! + 1;
	};
	for (const move of setUp) draw(move, SET_UP);
	moves.forEach((move, index) => draw(move, index % 2 === 0 ? 1 : 2));
	return {
		rows,
		columns,
		setUp: [...setUp],
		moves: [...moves],
		toMove: moves.length % 2 === 0 ? 1 : 2,
		horizontal: drawn.slice(0, g.horizontalUnits),
		vertical: drawn.slice(g.horizontalUnits),
		boxes,
		scores,
		clocks: [clocks[0], clocks[1]],
		outcome: outcomeOf(drawn, scores),
		notes: [...notes],
	};
}

/** The legal moves, in move order (none once the game is over). */
export function legalMoves(state: BoxesState): number[] {
	const g = geometryOf(state.rows, state.columns);
	const drawn = unitOwners(state);
	const legal: number[] = [];
	for (let move = 0; move < g.moves; move++) if (isFree(g, drawn, move)) legal.push(move);
	return legal;
}

/** Why `move` cannot be played now, or null if it can. */
export function whyNot(state: BoxesState, move: number): string | null {
	const g = geometryOf(state.rows, state.columns);
	if (!Number.isInteger(move) || move < 0 || move >= g.moves) return `${move} is not a move of a ${state.rows}×${state.columns} board`;
	if (state.outcome) return `the game is over (${state.outcome.description})`;
	return whyNotSegment(g, unitOwners(state), g.moveFrom[move]!, g.moveTo[move]!);
}

/** The state after the side to move draws `move`; RangeError if it cannot. */
export function play(state: BoxesState, move: number): BoxesState {
	const reason = whyNot(state, move);
	if (reason !== null) throw new RangeError(reason);
	return createState(state.rows, state.columns, state.setUp, [...state.moves, move], state.clocks);
}
