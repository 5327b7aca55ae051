/**
 * A table of the small endgame at hand, on any board: retrograde analysis over the 2^f sets of a
 * position's f free unit segments, as the 3×3 table (table3.ts) does over a whole board. value[S]
 * is what the side to move gains over the rest of the game, less the opponent's, once the free
 * units in S are drawn too: the best over the segments m open on S of the boxes m closes less
 * value[S ∪ m]. Sets are taken from the full one down, so S ∪ m is always solved before S.
 *
 * Work grows as 2^f times the segments open: its reach is a matter of f alone, where the search
 * solver's (solver.ts) depends on how the position's chains and moves fall.
 *
 * The last whole table is kept: every later position of the same endgame (its drawn units a
 * superset of the root's, as each move of the game and each line of an analysis is) reads its
 * value and line from it without building anything.
 */
import {ONGOING, type SolveLimits, type Solution} from '../game.js';
import type {BoxesBoard} from './board.js';

/** The most free unit segments a table is built for: 2^24 signed bytes, 16 MB. */
export const END_TABLE_MAX_FREE = 24;
/**
 * Sets solved a second, at the least. The bench (`npm run bench -- boxes`, 6 random positions a
 * size and count) built 2^21 sets in 0.34 to 0.56 s on 5×5, 8×8 and 4×7 and 2^22 in 0.68 to 1.0 s
 * on an idle 2-core VM, 1.1 to 1.6 s with the other core busy; the search solver (solver.ts) took
 * up to 0.97 s at 21 free and failed some positions of 20 (8×8) or 21 within 1 s, and at 22 from
 * 0.5 s to more than 20. Playing it: `sprt --game boxes --clock 5 --openings end` against the
 * solver alone (issue 38): H1, 208 games, 59.6 %, Elo +67.7 ± 24.7.
 */
export const END_TABLE_SETS_PER_SECOND = 2_500_000;

/** The most free unit segments whose table is built within `ms` milliseconds (or `nodes` sets). */
export function endTableReach(ms: number, nodes = Infinity): number {
	const sets = Math.min(nodes, Number.isFinite(ms) ? (END_TABLE_SETS_PER_SECOND * ms) / 1000 : Infinity);
	if (!(sets >= 1)) return 0;
	return Math.min(END_TABLE_MAX_FREE, Math.floor(Math.log2(sets)));
}

/** Sets solved between two looks at the clock. */
const CHUNK = 1 << 14;

/** A table's frame: its root's free units as bits, and the segments and boxes over them. */
interface Frame {
	readonly geometry: BoxesBoard['geometry'];
	/** By unit: its bit in the sets, or -1 for a unit the root has drawn. */
	readonly bitOf: Int32Array;
	/** The segments over the root's free units (moves of the board), their masks, and by segment the masks of the boxes beside it. */
	readonly moveList: Int32Array;
	readonly masks: Int32Array;
	readonly boxStart: Int32Array;
	readonly boxes: Int32Array;
	readonly full: number;
}

let values = new Int8Array(0);
/** The frame of the table `values` holds whole, or null while none (or one is being built). */
let kept: Frame | null = null;

/** Forgets the kept table: the next position builds its own (solver.ts clearSolverTable calls it). */
export function forgetEndTable(): void {
	kept = null;
}

/** Whether the kept table holds this position (a later one of its endgame): it is then read at no cost. */
export function endTableCovers(board: BoxesBoard): boolean {
	return kept !== null && setIn(kept, board) >= 0;
}

/** What segment m is worth on `set` (m open there): the boxes it closes, less the value of the set after it. */
function worth(set: number, m: number, masks: Int32Array, boxStart: Int32Array, boxes: Int32Array, table: Int8Array): number {
	const next = set | masks[m]!;
	let gain = 0;
	for (let i = boxStart[m]!, end = boxStart[m + 1]!; i < end; i++) {
		const box = boxes[i]!;
		if ((next & box) === box && (set & box) !== box) gain++;
	}
	return gain - table[next]!;
}

/** The board's drawn set in the frame's bits, or -1 when the board has free a unit the frame's root had drawn. */
function setIn(frame: Frame, board: BoxesBoard): number {
	if (frame.geometry !== board.geometry) return -1;
	let set = 0;
	for (let unit = 0; unit < frame.bitOf.length; unit++) {
		const bit = frame.bitOf[unit]!;
		if (bit < 0) {
			if (!board.drawn[unit]) return -1;
		} else if (board.drawn[unit]) set |= 1 << bit;
	}
	return set;
}

/** The frame of a position: its free units, and the segments and boxes over them. */
function frameOf(board: BoxesBoard): Frame {
	const g = board.geometry;
	const bitOf = new Int32Array(g.units).fill(-1);
	let f = 0;
	for (let unit = 0; unit < g.units; unit++) if (!board.drawn[unit]) bitOf[unit] = f++;
	const moveList: number[] = [];
	const masks: number[] = [];
	for (let move = 0; move < g.moves; move++) {
		let mask = 0;
		let open = true;
		for (let i = g.unitStart[move]!; i < g.unitStart[move + 1]! && open; i++) {
			const bit = bitOf[g.unitList[i]!]!;
			if (bit < 0) open = false;
			else mask |= 1 << bit;
		}
		if (open) {
			moveList.push(move);
			masks.push(mask);
		}
	}
	const boxMask = new Int32Array(g.boxes);
	for (let box = 0; box < g.boxes; box++) {
		for (let side = 0; side < 4; side++) {
			const bit = bitOf[g.boxSides[box * 4 + side]!]!;
			if (bit >= 0) boxMask[box]! |= 1 << bit;
		}
	}
	const boxStart = new Int32Array(moveList.length + 1);
	const boxList: number[] = [];
	for (const [m, move] of moveList.entries()) {
		const seen = new Set<number>();
		for (let i = g.unitStart[move]!; i < g.unitStart[move + 1]!; i++) {
			const unit = g.unitList[i]!;
			for (const box of [g.unitBoxA[unit]!, g.unitBoxB[unit]!]) {
				if (box < 0 || seen.has(box)) continue;
				seen.add(box);
				boxList.push(boxMask[box]!);
			}
		}
		boxStart[m + 1] = boxList.length;
	}
	return {
		geometry: g,
		bitOf,
		moveList: Int32Array.from(moveList),
		masks: Int32Array.from(masks),
		boxStart,
		boxes: Int32Array.from(boxList),
		full: 2 ** f - 1,
	};
}

/**
 * The exact rest of the position by its table, built within the limits (each set solved counts as
 * a node), or read from the kept table when the position is a later one of its endgame (0 nodes);
 * null when the limits ran out first, the position has more than END_TABLE_MAX_FREE free unit
 * segments, or the game is over.
 */
export function solveByEndTable(board: BoxesBoard, limits: SolveLimits = {}): Solution | null {
	if (board.terminal() !== ONGOING) return null;
	let frame = kept;
	let set = frame === null ? -1 : setIn(frame, board);
	let nodes = 0;
	if (set < 0) {
		if (board.free > END_TABLE_MAX_FREE) return null;
		frame = frameOf(board);
		kept = null;
		if (!build(frame, limits)) return null;
		kept = frame;
		set = 0;
		nodes = frame.full + 1;
	}
	const {moveList, masks, boxStart, boxes, full} = frame!;
	const table = values;
	// The line: at each step a move that keeps the value.
	const pv: number[] = [];
	const moveCount = moveList.length;
	for (let at = set; at !== full;) {
		let found = -1;
		for (let m = 0; m < moveCount && found < 0; m++)
			if ((at & masks[m]!) === 0 && worth(at, m, masks, boxStart, boxes, table) === table[at]) found = m;
		if (found < 0) break;
		pv.push(moveList[found]!);
		at |= masks[found]!;
	}
	return {move: pv[0]!, score: (100 * (board.margin + table[set]!)) | 0, pv, nodes};
}

/** Solves every set of the frame into `values`, from the full one down; false when the limits ran out first. */
function build(frame: Frame, limits: SolveLimits): boolean {
	const {masks, boxStart, boxes, full} = frame;
	const moveCount = masks.length;
	if (values.length < full + 1) values = new Int8Array(full + 1);
	const table = values;
	const now = limits.now ?? (() => performance.now());
	const deadline = limits.deadlineMs ?? Infinity;
	let budget = limits.nodes ?? Infinity;
	table[full] = 0;
	for (let set = full - 1; set >= 0;) {
		for (let n = 0; n < CHUNK && set >= 0; n++, set--) {
			let best = -128;
			for (let m = 0; m < moveCount; m++) {
				if ((set & masks[m]!) !== 0) continue;
				const value = worth(set, m, masks, boxStart, boxes, table);
				if (value > best) best = value;
			}
			table[set] = best;
		}
		budget -= CHUNK;
		if (set >= 0 && (budget <= 0 || now() >= deadline || limits.shouldStop?.())) return false;
	}
	return true;
}
