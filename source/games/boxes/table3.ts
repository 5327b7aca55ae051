/**
 * Perfect play on 3×3 (issue 15): the exact value of every one of the 2^24 sets of drawn unit
 * segments of a 3×3 board, by retrograde analysis. value[S] is what the side to move gains over
 * the rest of the game, less the opponent's, from the drawn set S: the best over the moves m
 * (segments none of whose units is in S) of the boxes m closes less value[S ∪ m]. Who moves and
 * the boxes taken so far do not enter (turns always alternate; both sides have the same moves),
 * so one table of 16 M signed bytes serves every 3×3 position.
 *
 * S ∪ m is a larger number than S, so the sets are solved from the full board down, and the build
 * can stop and resume anywhere: every set at or above the cursor is solved. A position near the
 * end of a game (its higher units, the vertical ones, drawn) is answered long before the build is
 * done. Beside the values, the table keeps the closed boxes of each set (16 M bytes more), so a
 * move's gain is a subtraction.
 */
import {ONGOING, type SolveLimits, type Solution} from '../game.js';
import type {BoxesBoard} from './board.js';
import {geometryOf} from './geometry.js';

const UNITS = 24;
const SETS = 1 << UNITS;
/** Sets solved between two looks at the clock. */
const CHUNK = 1 << 15;

let values: Int8Array | null = null;
let closed: Uint8Array | null = null;
/** Every set ≥ cursor is solved. */
let cursor = SETS;

const geometry = geometryOf(3, 3);
const moveMasks = new Int32Array(geometry.moves);
for (let move = 0; move < geometry.moves; move++) {
	for (let i = geometry.unitStart[move]!; i < geometry.unitStart[move + 1]!; i++) moveMasks[move]! |= 1 << geometry.unitList[i]!;
}
const boxMasks = new Int32Array(geometry.boxes);
for (let box = 0; box < geometry.boxes; box++) for (let side = 0; side < 4; side++) boxMasks[box]! |= 1 << geometry.boxSides[box * 4 + side]!;

/** How much of the table is built, from 0 to 1. */
export const tableProgress = (): number => (SETS - cursor) / SETS;

/**
 * Builds the table on from where it stopped until it is done or the limits run out (the clock,
 * the stop flag and the count of sets solved, as nodes, are read every CHUNK sets); true once it
 * is complete.
 */
export function buildTable(limits: SolveLimits = {}): boolean {
	values ??= new Int8Array(SETS);
	closed ??= new Uint8Array(SETS);
	const now = limits.now ?? (() => performance.now());
	const deadline = limits.deadlineMs ?? Infinity;
	const table = values;
	const boxes = closed;
	const moves = moveMasks;
	const count = moves.length;
	// A budget of nodes counts a set solved as a node.
	const last = limits.nodes === undefined ? 0 : Math.max(0, cursor - limits.nodes);
	while (cursor > 0) {
		const stop = Math.max(0, cursor - CHUNK);
		for (let set = cursor - 1; set >= stop; set--) {
			let boxesNow = 0;
			for (let box = 0; box < 9; box++) if ((set & boxMasks[box]!) === boxMasks[box]) boxesNow++;
			boxes[set] = boxesNow;
			let best = -128;
			for (let i = 0; i < count; i++) {
				const move = moves[i]!;
				if ((set & move) !== 0) continue;
				const next = set | move;
				const value = boxes[next]! - boxesNow - table[next]!;
				if (value > best) best = value;
			}
			// The full board has no move: nothing left to gain.
			table[set] = best === -128 ? 0 : best;
		}
		cursor = stop;
		if (cursor > 0 && (cursor <= last || now() >= deadline || limits.shouldStop?.())) return false;
	}
	return true;
}

/** The drawn set of a 3×3 board as a 24-bit mask (unit segments numbered as geometry.ts does). */
export function drawnSet(board: BoxesBoard): number {
	let set = 0;
	for (let unit = 0; unit < UNITS; unit++) if (board.drawn[unit]) set |= 1 << unit;
	return set;
}

/** The value of a drawn set (boxes the side to move gains over the rest of the game, less the opponent's), or null while its part of the table is not built. */
export function tableValue(set: number): number | null {
	return values !== null && set >= cursor ? values[set]! : null;
}

/**
 * The best move of a 3×3 position and its exact value by the table, building as much of it as
 * the limits allow first; null if the position's part is still not built (or the game is over).
 */
export function solveByTable(board: BoxesBoard, limits: SolveLimits = {}): Solution | null {
	if (board.geometry !== geometry || board.terminal() !== ONGOING) return null;
	let set = drawnSet(board);
	if (set < cursor) buildTable(limits);
	if (set < cursor) return null;
	const rest = values![set]!;
	// The line: at each step a move that keeps the value.
	const pv: number[] = [];
	for (;;) {
		let found = -1;
		for (let move = 0; move < moveMasks.length && found < 0; move++) {
			const mask = moveMasks[move]!;
			if ((set & mask) !== 0) continue;
			const next = set | mask;
			if (closed![next]! - closed![set]! - values![next]! === values![set]) found = move;
		}
		if (found < 0) break;
		pv.push(found);
		set |= moveMasks[found]!;
	}
	return {move: pv[0]!, score: (100 * (board.margin + rest)) | 0, pv, nodes: 0};
}

/** Forgets the table (for measuring the build from cold). */
export function clearTable(): void {
	cursor = SETS;
}
