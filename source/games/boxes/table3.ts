/**
 * Perfect play on 3×3 (issue 15): the exact value of 3×3 positions by retrograde analysis over
 * the 2^24 sets of drawn unit segments. value[S] is what the side to move gains over the rest of
 * the game, less the opponent's, from the drawn set S: the best over the moves m (segments none of
 * whose units is in S) of the boxes m closes less value[S ∪ m]. Who moves and the boxes taken so
 * far do not enter (turns always alternate; both sides have the same moves), so one table of 16 M
 * signed bytes serves every 3×3 position.
 *
 * A position can only lead to supersets of its drawn set, so a build is rooted at the position
 * asked about and solves its supersets alone: 2^f sets for f free unit segments (4 M for 22, the
 * whole table from the empty board). They are taken in decreasing order of the free part, so
 * S ∪ m is always solved before S, and a build can stop and resume anywhere: every superset of
 * the root whose free part lies above the build's cursor is solved. The later positions of the
 * game are supersets too, so one build serves the rest of it; and the values written are facts,
 * so every build's solved part stays valid whatever others do.
 *
 * The whole table is built once when potm is built (table3Asset, which the build writes into
 * dist/), and the program hands this module a way to read it (useStoredTable): the first 3×3 position
 * solved then reads it whole, in milliseconds, instead of building 2^f sets within a move.
 */
import {ONGOING, type GameAsset, type SolveLimits, type Solution} from '../game.js';
import type {BoxesBoard} from './board.js';
import {geometryOf} from './geometry.js';

const UNITS = 24;
const FULL = (1 << UNITS) - 1;
const SETS = 1 << UNITS;
/** Sets solved between two looks at the clock. */
const CHUNK = 1 << 15;
/**
 * Builds remembered (the oldest unfinished one is forgotten first): enough for an analysis of
 * several lines, which solves every move of a position (48 at most on 3×3), each its own root.
 */
export const MAX_BUILDS = 64;

/** A build of the supersets of `root`: those whose free part (set ^ root) is above `next` are solved; next is -1 once all are. */
interface Build {
	readonly root: number;
	next: number;
}

let values: Int8Array | null = null;
let builds: Build[] = [];
/** Reads the whole table from where the program keeps it; asked once, before the first build. */
let stored: (() => Int8Array | null) | null = null;

/** The number of sets, and so of values, in the whole table. */
export const TABLE3_SETS = SETS;

/**
 * Where the whole table may be read instead of built (the program's build folder, through
 * table3Asset): asked
 * the first time a 3×3 position is to be solved; null, or a table of another size, builds as before.
 */
export function useStoredTable(read: (() => Int8Array | null) | null): void {
	stored = read;
}

/** Takes the stored table, once, if there is one and nothing is built yet. */
function readStored(): void {
	const read = stored;
	stored = null;
	if (read === null || values !== null) return;
	const table = read();
	if (table === null || table.length !== SETS) return;
	values = table;
	builds = [{root: 0, next: -1}];
}

/** The whole table, built now if it is not yet (for writing it out). */
export function wholeTable(): Int8Array {
	buildTable({}, 0);
	return values!;
}

/**
 * The whole table as a file the build makes (games/game.ts GameAsset): read by every process that
 * plays 3×3, in milliseconds, so that its first move is perfect at any clock. Building the table
 * in a move took 2.3 s of CPU from the empty board, more than a move of a short clock has.
 */
export const table3Asset: GameAsset = {
	file: 'boxes-3x3.table',
	header: 'potm LINES and BOXES 3x3 table 1\n',
	size: SETS,
	making: 'the 3×3 LINES and BOXES table (once, a few seconds)',
	make: () => {
		const table = wholeTable();
		return new Uint8Array(table.buffer, table.byteOffset, table.byteLength);
	},
	use: read =>
		useStoredTable(() => {
			const bytes = read();
			return bytes === null ? null : new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
		}),
};

const geometry = geometryOf(3, 3);
const moveMasks = new Int32Array(geometry.moves);
for (let move = 0; move < geometry.moves; move++) {
	for (let i = geometry.unitStart[move]!; i < geometry.unitStart[move + 1]!; i++) moveMasks[move]! |= 1 << geometry.unitList[i]!;
}
/**
 * The moves open on a set, by its two halves: the low 12 bits are the horizontal units (4 rows of
 * 3), the high 12 the vertical ones (4 columns of 3). Each move lies in one half, so which are
 * open depends on that half alone: masks[start[half] .. start[half + 1]) are the masks of the
 * moves of a half open when `half` (set & 4095, or set >>> 12) is drawn, in their place in a set.
 */
interface OpenMoves {
	readonly start: Int32Array;
	readonly masks: Int32Array;
}

/** The horizontal and the vertical open moves, made by the first build rather than when the module loads. */
let openMoves: readonly [OpenMoves, OpenMoves] | null = null;

function makeOpenMoves(): readonly [OpenMoves, OpenMoves] {
	const half = (shift: number): OpenMoves => {
		const ofHalf = Array.from(moveMasks).filter(mask => mask >>> shift > 0 && mask >>> shift < 4096);
		const start = new Int32Array(4096 + 1);
		const masks: number[] = [];
		for (let drawn = 0; drawn < 4096; drawn++) {
			for (const mask of ofHalf) if ((mask & (drawn << shift)) === 0) masks.push(mask);
			start[drawn + 1] = masks.length;
		}
		return {start, masks: Int32Array.from(masks)};
	};
	return [half(0), half(12)];
}

/**
 * The closed boxes of a set, by two small tables: a box is closed when its top and bottom (both
 * horizontal units, the low 12 bits) and its left and right (vertical, the high 12) are drawn, so
 * closedMask(set) = TOP_BOTTOM[set & 4095] & LEFT_RIGHT[set >>> 12], and COUNT gives its size.
 */
const TOP_BOTTOM = new Uint16Array(1 << 12);
const LEFT_RIGHT = new Uint16Array(1 << 12);
const COUNT = new Uint8Array(1 << 9);
// Built when the module loads, so cheaply: every `potm move` loads it, whatever its game.
for (let box = 0; box < geometry.boxes; box++) {
	const sides = geometry.boxSides;
	const topBottom = (1 << sides[box * 4]!) | (1 << sides[box * 4 + 1]!);
	const leftRight = ((1 << sides[box * 4 + 2]!) | (1 << sides[box * 4 + 3]!)) >>> 12;
	for (let half = 0; half < 1 << 12; half++) {
		if ((half & topBottom) === topBottom) TOP_BOTTOM[half]! |= 1 << box;
		if ((half & leftRight) === leftRight) LEFT_RIGHT[half]! |= 1 << box;
	}
}
for (let mask = 1; mask < 1 << 9; mask++) COUNT[mask] = COUNT[mask >> 1]! + (mask & 1);

const closedOf = (set: number): number => COUNT[TOP_BOTTOM[set & 4095]! & LEFT_RIGHT[set >>> 12]!]!;

/** The boxes move m closes when drawn on set (m not in it). */
const gainOf = (set: number, move: number): number => closedOf(set | moveMasks[move]!) - closedOf(set);

function covers(build: Build, set: number): boolean {
	return (set & build.root) === build.root && (set ^ build.root) > build.next;
}

/**
 * The build that solves set once done: the one rooted there, or a new one. Beyond MAX_BUILDS the
 * oldest other unfinished one is forgotten, or the oldest of all when every other is finished
 * (what it solved stays in the table, unanswered).
 */
function buildFor(set: number): Build {
	const found = builds.find(build => build.root === set);
	if (found) return found;
	const build: Build = {root: set, next: FULL & ~set};
	if (builds.length >= MAX_BUILDS) {
		const oldest = builds.findIndex(other => other.next >= 0);
		builds.splice(oldest < 0 ? 0 : oldest, 1);
	}
	builds.push(build);
	return build;
}

/**
 * Builds the supersets of `root` (the whole table from 0, the empty board) on from where that
 * build stopped, until it is done or the limits run out (the clock, the stop flag and the count
 * of sets solved, as nodes, are read every CHUNK sets); true once every superset is solved.
 */
export function buildTable(limits: SolveLimits = {}, root = 0): boolean {
	readStored();
	values ??= new Int8Array(SETS);
	if (builds.some(build => build.next < 0 && (root & build.root) === build.root)) return true;
	const build = buildFor(root);
	const now = limits.now ?? (() => performance.now());
	const deadline = limits.deadlineMs ?? Infinity;
	const table = values;
	const [horizontal, vertical] = (openMoves ??= makeOpenMoves());
	const openH = horizontal.start;
	const listH = horizontal.masks;
	const openV = vertical.start;
	const listV = vertical.masks;
	const free = FULL & ~root;
	let budget = limits.nodes ?? Infinity;
	let sub = build.next;
	while (sub >= 0) {
		for (let n = 0; n < CHUNK && sub >= 0; n++) {
			const set = root | sub;
			const low = set & 4095;
			const high = set >>> 12;
			const topBottom = TOP_BOTTOM[low]!;
			const leftRight = LEFT_RIGHT[high]!;
			const closed = COUNT[topBottom & leftRight]!;
			let best = -128;
			// A horizontal move changes the tops and bottoms alone, a vertical one the lefts and rights.
			for (let i = openH[low]!, end = openH[low + 1]!; i < end; i++) {
				const mask = listH[i]!;
				const value = COUNT[TOP_BOTTOM[low | mask]! & leftRight]! - closed - table[set | mask]!;
				if (value > best) best = value;
			}
			for (let i = openV[high]!, end = openV[high + 1]!; i < end; i++) {
				const mask = listV[i]!;
				const value = COUNT[topBottom & LEFT_RIGHT[high | (mask >>> 12)]!]! - closed - table[set | mask]!;
				if (value > best) best = value;
			}
			// The full board has no move: nothing left to gain.
			table[set] = best === -128 ? 0 : best;
			sub = sub === 0 ? -1 : (sub - 1) & free;
		}
		build.next = sub;
		budget -= CHUNK;
		if (sub >= 0 && (budget <= 0 || now() >= deadline || limits.shouldStop?.())) return false;
	}
	// Every set is a superset of the empty board's: that build done, the others are not needed.
	if (root === 0) builds = [build];
	return true;
}

/** The drawn set of a 3×3 board as a 24-bit mask (unit segments numbered as geometry.ts does). */
export function drawnSet(board: BoxesBoard): number {
	let set = 0;
	for (let unit = 0; unit < UNITS; unit++) if (board.drawn[unit]) set |= 1 << unit;
	return set;
}

/** The value of a drawn set (boxes the side to move gains over the rest of the game, less the opponent's), or null while no build has solved it. */
export function tableValue(set: number): number | null {
	readStored();
	return values !== null && builds.some(build => covers(build, set)) ? values[set]! : null;
}

/**
 * The best move of a 3×3 position and its exact value by the table, building as much of it as
 * the limits allow first; null if the position is still not solved (or the game is over).
 */
export function solveByTable(board: BoxesBoard, limits: SolveLimits = {}): Solution | null {
	if (board.geometry !== geometry || board.terminal() !== ONGOING) return null;
	let set = drawnSet(board);
	if (tableValue(set) === null && !buildTable(limits, set)) return null;
	const rest = values![set]!;
	// The line: at each step a move that keeps the value.
	const pv: number[] = [];
	for (;;) {
		let found = -1;
		for (let move = 0; move < moveMasks.length && found < 0; move++) {
			const mask = moveMasks[move]!;
			if ((set & mask) === 0 && gainOf(set, move) - values![set | mask]! === values![set]) found = move;
		}
		if (found < 0) break;
		pv.push(found);
		set |= moveMasks[found]!;
	}
	return {move: pv[0]!, score: (100 * (board.margin + rest)) | 0, pv, nodes: 0};
}

/** Forgets every build (for measuring a build from cold), the whole table read from a file too. */
export function clearTable(): void {
	builds = [];
	values = null;
}
