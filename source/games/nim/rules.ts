/**
 * Nim's rules, its notation and its file: the second test-only game (index.ts says why it is
 * here). Not one of the POTM games.
 *
 * The rules: three heaps, A, B and C, of 3, 4 and 5 pebbles at the start. ODD moves first (the
 * odd moves of the game), then EVEN, in turn; a move takes 1, 2 or 3 pebbles from one heap (never
 * more than 3, never from two heaps). In normal play who takes the last pebble wins; in misère
 * Nim, the other ruling, who takes the last pebble loses. A file may hold up to 7 pebbles a heap.
 *
 * A move is written as its heap and how many it takes: `B2` takes two pebbles from heap B. As a
 * number it is `heap * 3 + taken - 1` (0 .. 8). A contest entry prints that and a newline.
 *
 * The file: the line `nim`, a line a heap with its letter and its pebbles, then the side to move
 * and its move number (ODD 3: ODD's third move is next).
 *
 *     nim
 *     A 3
 *     B 4
 *     C 5
 *     ODD 1
 */
import {fail, ok, other, type Outcome, type ParseError, type Player, type Result} from '../game.js';

export const HEAP_NAMES = 'ABC';
export const HEAPS = HEAP_NAMES.length;
/** The most pebbles a heap holds (in a file; the start has fewer). */
export const MAX_HEAP = 7;
/** The most pebbles a move takes. */
export const MAX_TAKE = 3;
export const START: readonly number[] = [3, 4, 5];
export const SIDES: readonly [string, string] = ['ODD', 'EVEN'];
export const HEADER = 'nim';

/** Normal play (the last pebble wins) or misère (the last pebble loses). */
export type Ruling = 'normal' | 'misere';

export interface NimState {
	/** Pebbles in heaps A, B and C. */
	readonly heaps: readonly number[];
	readonly toMove: Player;
	/** The upcoming move number of the side to move, from 1. */
	readonly moveNumber: number;
}

export const moveOf = (heap: number, taken: number): number => heap * MAX_TAKE + taken - 1;
export const heapOf = (move: number): number => Math.floor(move / MAX_TAKE);
export const takenBy = (move: number): number => (move % MAX_TAKE) + 1;
export const moveName = (move: number): string => `${HEAP_NAMES[heapOf(move)]}${takenBy(move)}`;

export const initialState = (): NimState => ({heaps: START, toMove: 1, moveNumber: 1});

const pebblesLeft = (state: NimState): number => state.heaps.reduce((sum, heap) => sum + heap, 0);

/**
 * How a game with no pebble left ended, or null while pebbles remain: the side that took the last
 * one (the side not to move) wins in normal play and loses in misère.
 */
export function outcomeOf(state: NimState, ruling: Ruling): Outcome | null {
	if (pebblesLeft(state) > 0) return null;
	const taker = other(state.toMove);
	const winner = ruling === 'normal' ? taker : state.toMove;
	const took = `${SIDES[taker - 1]} took the last pebble`;
	return {
		result: 'win',
		winner,
		reason: 'last-pebble',
		description: ruling === 'normal' ? `${took} and wins` : `${took} and loses: ${SIDES[winner - 1]} wins`,
	};
}

/** Every move of a game still on, heap A's first, the smaller takes first. */
export function legalMoves(state: NimState): readonly number[] {
	const moves: number[] = [];
	state.heaps.forEach((pebbles, heap) => {
		for (let taken = 1; taken <= Math.min(MAX_TAKE, pebbles); taken++) moves.push(moveOf(heap, taken));
	});
	return moves;
}

/** Why `move` cannot be played here, for the player; null when it can. */
export function whyNot(state: NimState, move: number, ruling: Ruling): string | null {
	const over = outcomeOf(state, ruling);
	if (over) return `The game is over: ${over.description}`;
	const heap = heapOf(move);
	const pebbles = state.heaps[heap]!;
	if (takenBy(move) <= pebbles) return null;
	const name = HEAP_NAMES[heap];
	return pebbles === 0 ? `Heap ${name} is empty` : `Heap ${name} has ${pebbles} pebble${pebbles === 1 ? '' : 's'} only`;
}

export function play(state: NimState, move: number): NimState {
	const heap = heapOf(move);
	if (move < 0 || move >= HEAPS * MAX_TAKE || takenBy(move) > state.heaps[heap]!)
		throw new RangeError(`${moveName(move)} is not a legal move here`);
	const heaps = state.heaps.map((pebbles, index) => (index === heap ? pebbles - takenBy(move) : pebbles));
	return {heaps, toMove: other(state.toMove), moveNumber: state.toMove === 2 ? state.moveNumber + 1 : state.moveNumber};
}

/** "B2", "b 2" as a move (heap B, two pebbles), whether or not it is legal; or what is wrong with the text. */
export function readMoveText(text: string): Result<number, string> {
	const words = /^\s*([a-c])\s*([1-3])\s*$/i.exec(text);
	if (words) return ok(moveOf(HEAP_NAMES.indexOf(words[1]!.toUpperCase()), Number(words[2])));
	const shown = text.trim();
	const form = `a heap A..C and the pebbles to take, 1..${MAX_TAKE}, as in "B2"`;
	return fail(shown === '' ? `type a move: ${form}` : `"${shown}" is not a move: ${form}`);
}

/** The position as its file holds it. */
export const formatState = (state: NimState): string =>
	[HEADER, ...state.heaps.map((pebbles, heap) => `${HEAP_NAMES[heap]} ${pebbles}`), `${SIDES[state.toMove - 1]} ${state.moveNumber}`]
		.map(line => `${line}\n`)
		.join('');

/** The lines of a text that say something, with their line numbers (1-based). */
const meaningful = (text: string): {readonly at: number; readonly words: string}[] =>
	text
		.split(/\r?\n/)
		.map((line, index) => ({at: index + 1, words: line.trim()}))
		.filter(line => line.words !== '');

/** Whether a text is most likely a Nim file: its first line that says anything is the header. */
export const looksLikeNim = (text: string): boolean => meaningful(text)[0]?.words.toLowerCase() === HEADER;

/** A file's position, or where and why it is not one. */
export function parseState(text: string, file: string): Result<NimState, ParseError> {
	const lines = meaningful(text);
	const refuse = (line: number | null, message: string) => fail<ParseError>({file, line, message});
	if (lines[0]?.words.toLowerCase() !== HEADER) return refuse(lines[0]?.at ?? null, `expected the header "${HEADER}"`);
	if (lines.length !== 2 + HEAPS)
		return refuse(null, `${lines.length} lines: a Nim file is "${HEADER}", a line for each of heaps ${HEAP_NAMES}, and the side to move`);
	const heaps: number[] = [];
	for (let heap = 0; heap < HEAPS; heap++) {
		const {at, words} = lines[1 + heap]!;
		const read = /^([a-c])\s+(\d+)$/i.exec(words);
		if (!read || read[1]!.toUpperCase() !== HEAP_NAMES[heap])
			return refuse(at, `expected heap ${HEAP_NAMES[heap]} and its pebbles, as in "${HEAP_NAMES[heap]} ${START[heap]}"`);
		const pebbles = Number(read[2]);
		if (pebbles > MAX_HEAP) return refuse(at, `${pebbles} pebbles: a heap holds at most ${MAX_HEAP}`);
		heaps.push(pebbles);
	}
	const {at, words} = lines[1 + HEAPS]!;
	const turn = /^(\w+)\s+(\d+)$/.exec(words);
	const side = turn ? SIDES.indexOf(turn[1]!.toUpperCase()) + 1 : 0;
	if (!turn || side === 0 || Number(turn[2]) < 1)
		return refuse(at, `expected the side to move and its move number, as in "${SIDES[0]} 1" or "${SIDES[1]} 3"`);
	return ok({heaps, toMove: side as Player, moveNumber: Number(turn[2])});
}
