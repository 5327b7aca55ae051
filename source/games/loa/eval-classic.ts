/**
 * Static evaluation of classic Lines of Action (no points), from the side to move's view, in
 * centipoints. The terms are the ones the strong LOA programs use (Winands' MIA, YL), each a
 * difference between the side to move and its opponent:
 *
 * - concentration: the pieces' summed king-distance to their centre of mass, less the least n
 *   pieces packed round a centre could have (the "sum of distances");
 * - groups: how many 8-connected groups a side is away from one;
 * - quads: the Euler number from the board's quad counts (groups less holes, kept up to date by
 *   make/unmake), which falls as pieces close into solid blocks and rings;
 * - centralisation: a square table (the middle good, the edges bad, the corners worst), averaged
 *   over the pieces so that it does not count material;
 * - centre of mass: a side whose mass sits near the middle of the board has room to gather;
 * - mobility: every legal move, a capture counting double, a move to the edge half, a move
 *   towards the middle a little more;
 * - blocking: a piece that cannot move and has no friend beside it (hemmed in on an edge or in a
 *   corner by the opponent's pieces, say) is a straggler that may never join;
 * - the move: the side to move is a tempo up.
 *
 * Every term is symmetric under the board's reflections and rotations and under swapping the
 * colours, so a position and its mirror image with the colours swapped score the same for the
 * side to move. Centres of mass are kept exact by working in units of 1/n square (n the number
 * of pieces), so no rounding breaks the symmetry.
 *
 * Tried in self-play and left out, as they gained nothing (100 games at 100 ms a move each,
 * against the same evaluation without the change, then at a mobility weight of 1 or 2): MIA's
 * connectedness (4 a pair of neighbours: 49 % of the match points), concentration at 45
 * instead of 30 (44 %), a count of solid quads (3 or 4 own pieces, 10 each: 43.5 %).
 *
 * Nothing here allocates: mobility is read off the line tables (line-moves.ts) without listing
 * the moves.
 */
import {LIST_STRIDE, type Geometry, type LoaBoard} from './board.js';
import {FILLINGS, INFO_CAPTURES, INFO_MOVERS, lineMoves, POW3} from './line-moves.js';
import {SideCache} from './side-cache.js';
import {CLASSIC_WEIGHTS} from './weights.js';

const W = CLASSIC_WEIGHTS.values;
const {
	tempo: TEMPO,
	concentration: CONCENTRATION,
	group: GROUP,
	euler: EULER,
	ring0: RING0,
	corner: CORNER,
	massCentre: MASS_CENTRE,
	mobility: MOBILITY,
	blocked: BLOCKED,
	blockedEdge: BLOCKED_EDGE,
} = CLASSIC_WEIGHTS.index;
/** The rings' weights follow ring0 in order. */
const RINGS = 4;

/** The side to move's bonus (a level position scores this); exported for the tests. */
export const classicTempo = (): number => W[TEMPO]!;


interface Tables {
	/** A square's ring: its distance from the edge (0 on the edge), at most RINGS - 1. */
	readonly ring: Int8Array;
	/** 1 for a corner square. */
	readonly corner: Int8Array;
	/** 1 for a square on the edge. */
	readonly edge: Int8Array;
	/**
	 * weighted[weightBase[line] + filling * 2 + side - 1]: the weighted mobility of a side's moves
	 * along a line with that filling: each move 4, or 2 to the edge, 1 more towards the middle,
	 * and a capture double. (A line of 8 places holds 6,561 fillings: 262 KiB for 8×8.)
	 */
	readonly weighted: Uint8Array;
	readonly weightBase: Int32Array;
	/**
	 * moveValue[line * 64 + (from | to << 3)]: what a move along the line from place `from` to
	 * place `to` adds to the weighted mobility, before a capture doubles it.
	 */
	readonly moveValue: Int8Array;
}

const tablesBySize = new Map<number, Tables>();

function tablesFor(geometry: Geometry): Tables {
	const cached = tablesBySize.get(geometry.size);
	if (cached) return cached;
	const {size, squares, fileOf, rankOf} = geometry;
	const ring = new Int8Array(squares);
	const corner = new Int8Array(squares);
	const edge = new Int8Array(squares);
	for (let square = 0; square < squares; square++) {
		const file = fileOf[square]!;
		const rank = rankOf[square]!;
		const fromEdge = Math.min(file, rank, size - 1 - file, size - 1 - rank);
		ring[square] = Math.min(fromEdge, RINGS - 1);
		corner[square] = (file === 0 || file === size - 1) && (rank === 0 || rank === size - 1) ? 1 : 0;
		edge[square] = fromEdge === 0 ? 1 : 0;
	}
	const {lineCount, lineLength, lineSquares, offCentre2} = geometry;
	const moveValue = new Int8Array(lineCount * 64);
	for (let line = 0; line < lineCount; line++) {
		for (let from = 0; from < lineLength[line]!; from++) {
			for (let to = 0; to < lineLength[line]!; to++) {
				const start = lineSquares[line * 8 + from]!;
				const end = lineSquares[line * 8 + to]!;
				moveValue[line * 64 + (from | (to << 3))] = (edge[end] ? 2 : 4) + (offCentre2[end]! < offCentre2[start]! ? 1 : 0);
			}
		}
	}
	// Each line's weighted mobility for each filling and side, summed once from its moves.
	const {lineBase} = geometry;
	const weightBase = new Int32Array(lineCount);
	let size2 = 0;
	for (let line = 0; line < lineCount; line++) {
		weightBase[line] = size2 - 2 * lineBase[line]!;
		size2 += 2 * POW3[lineLength[line]!]!;
	}
	// Filled in as the fillings come up (UNKNOWN until then): most of a line's never do.
	const weighted = new Uint8Array(size2).fill(UNKNOWN);
	const tables = {ring, corner, edge, moveValue, weighted, weightBase};
	tablesBySize.set(size, tables);
	return tables;
}

/** The least summed king-distance n pieces can have round a centre square (1 at 0, 8 at 1, 16 at 2). */
function leastDistance(count: number): number {
	return count <= 1 ? 0 : count <= 9 ? count - 1 : 8 + (count - 9) * 2;
}

/** A side's figures in `shapes`: FIGURES of them (see shapeFigures). */
const FIGURES = 6 + RINGS;
const shapes = new SideCache(FIGURES, 16);

/**
 * Where in `shapes.data` a side's figures from its pieces alone begin, worked out once per set of
 * pieces: its surplus distance to its centre of mass, groups, four times its Euler number, the
 * centre of mass's distance from the middle, its pieces, its corners, and its pieces in each ring.
 */
function shapeFigures(board: LoaBoard, side: number, tables: Tables): number {
	const lo = board.pieceKeyLo[side]!;
	const hi = board.pieceKeyHi[side]!;
	let slot = shapes.find(lo, hi);
	if (slot >= 0) return slot;
	slot = shapes.claim(lo, hi);
	const at = slot;
	const {pieceList, pieceCount} = board;
	const {fileOf, rankOf, size} = board.geometry;
	const count = pieceCount[side]!;
	const base = side * LIST_STRIDE;
	let sumFile = 0;
	let sumRank = 0;
	let corners = 0;
	for (let ring = 0; ring < RINGS; ring++) shapes.data[at + 6 + ring] = 0;
	for (let i = 0; i < count; i++) {
		const square = pieceList[base + i]!;
		sumFile += fileOf[square]!;
		sumRank += rankOf[square]!;
		corners += tables.corner[square]!;
		shapes.data[at + 6 + tables.ring[square]!]!++;
	}
	// Distances in units of 1/count square: |count × file − sumFile| is count × |file − mean file|.
	let spread = 0;
	for (let i = 0; i < count; i++) {
		const square = pieceList[base + i]!;
		const df = Math.abs(count * fileOf[square]! - sumFile);
		const dr = Math.abs(count * rankOf[square]! - sumRank);
		spread += df > dr ? df : dr;
	}
	// The middle of the board, twice over and times count: count × (size − 1).
	const middle = count * (size - 1);
	const mf = Math.abs(2 * sumFile - middle);
	const mr = Math.abs(2 * sumRank - middle);
	shapes.data[at] = count === 0 ? 0 : spread / count - leastDistance(count);
	shapes.data[at + 1] = board.groups(side);
	shapes.data[at + 2] = board.euler4[side]!;
	shapes.data[at + 3] = count === 0 ? 0 : (mf > mr ? mf : mr) / (2 * count);
	shapes.data[at + 4] = count;
	shapes.data[at + 5] = corners;
	return slot;
}

/** A side's score from everything but mobility and blocking: larger is better for it. */
function shapeScore(board: LoaBoard, side: number, tables: Tables): number {
	const at = shapeFigures(board, side, tables);
	const count = shapes.data[at + 4]!;
	if (count === 0) return 0;
	let centre = shapes.data[at + 5]! * W[CORNER]!;
	for (let ring = 0; ring < RINGS; ring++) centre += shapes.data[at + 6 + ring]! * W[RING0 + ring]!;
	let score = -shapes.data[at]! * W[CONCENTRATION]!;
	score -= (shapes.data[at + 1]! - 1) * W[GROUP]!;
	score -= ((shapes.data[at + 2]! - 4) * W[EULER]!) / 4;
	// Averaged over the pieces, as if a side had 12, so material does not count.
	score += (centre * 12) / count;
	score -= shapes.data[at + 3]! * W[MASS_CENTRE]!;
	return score;
}

/** Weighted mobility of `side`, less its blocked stragglers: larger is better for it. */
/** Weighted mobility of both sides, less their blocked stragglers: activity[side], larger is better for it. */
function activities(board: LoaBoard, tables: Tables): void {
	const fillings = board.lineFilling;
	const {lineCount, lineMaskLo, lineMaskHi} = board.geometry;
	const {info} = lineMoves;
	const {weighted, weightBase} = tables;
	let mobility1 = 0;
	let mobility2 = 0;
	let moversLo1 = 0;
	let moversHi1 = 0;
	let moversLo2 = 0;
	let moversHi2 = 0;
	for (let line = 0; line < lineCount; line++) {
		const filling = fillings[line]!;
		const word1 = info[filling * 2]!;
		const word2 = info[filling * 2 + 1]!;
		if ((word1 | word2) === 0) continue;
		const at = weightBase[line]! + filling * 2;
		const weight1 = weighted[at]!;
		const weight2 = weighted[at + 1]!;
		mobility1 += weight1 === UNKNOWN ? weigh(tables, line, filling, 0) : weight1;
		mobility2 += weight2 === UNKNOWN ? weigh(tables, line, filling, 1) : weight2;
		const moving1 = line * 256 + ((word1 >> INFO_MOVERS) & 255);
		const moving2 = line * 256 + ((word2 >> INFO_MOVERS) & 255);
		moversLo1 |= lineMaskLo[moving1]!;
		moversHi1 |= lineMaskHi[moving1]!;
		moversLo2 |= lineMaskLo[moving2]!;
		moversHi2 |= lineMaskHi[moving2]!;
	}
	activity[1] = mobility1 * W[MOBILITY]! - blocked(board, 1, moversLo1, moversHi1, tables);
	activity[2] = mobility2 * W[MOBILITY]! - blocked(board, 2, moversLo2, moversHi2, tables);
}

const activity = new Float64Array(3);

/** A weighted mobility not worked out yet (no line's reaches it: at most 16 moves of 10). */
const UNKNOWN = 255;

/** Works out and keeps weighted[at] for a line, a filling and a side (half = side - 1). */
function weigh(tables: Tables, line: number, filling: number, half: number): number {
	const {moveStart, moves, info} = lineMoves;
	const captures = info[filling * 2 + half]! >>> INFO_CAPTURES;
	const start = half * (FILLINGS + 1) + filling;
	let sum = 0;
	for (let i = moveStart[start]!; i < moveStart[start + 1]!; i++) {
		const places = moves[i]!;
		const value = tables.moveValue[line * 64 + places]!;
		// A capture counts double.
		sum += ((captures >> (places >> 3)) & 1) === 1 ? value * 2 : value;
	}
	tables.weighted[tables.weightBase[line]! + filling * 2 + half] = sum;
	return sum;
}

/** What a side loses for its pieces that cannot move (not among the movers) and have no friend beside them. */
function blocked(board: LoaBoard, side: 1 | 2, moversLo: number, moversHi: number, tables: Tables): number {
	const {haloLo, haloHi} = board.geometry;
	const {edge} = tables;
	const ownLo = board.bitsLo[side]!;
	const ownHi = board.bitsHi[side]!;
	let loss = 0;
	for (let stuck = ownLo & ~moversLo; stuck !== 0; stuck &= stuck - 1) {
		const square = 31 - Math.clz32(stuck & -stuck);
		if ((haloLo[square]! & ownLo) === 0 && (haloHi[square]! & ownHi) === 0) loss += W[BLOCKED]! + (edge[square] ? W[BLOCKED_EDGE]! : 0);
	}
	for (let stuck = ownHi & ~moversHi; stuck !== 0; stuck &= stuck - 1) {
		const square = 32 + 31 - Math.clz32(stuck & -stuck);
		if ((haloLo[square]! & ownLo) === 0 && (haloHi[square]! & ownHi) === 0) loss += W[BLOCKED]! + (edge[square] ? W[BLOCKED_EDGE]! : 0);
	}
	return loss;
}

export function evaluateClassic(board: LoaBoard): number {
	const me = board.sideToMove;
	const opponent = (3 - me) as 1 | 2;
	const tables = tablesFor(board.geometry);
	activities(board, tables);
	const mine = shapeScore(board, me, tables) + activity[me]!;
	const theirs = shapeScore(board, opponent, tables) + activity[opponent]!;
	return Math.round(W[TEMPO]! + (mine - theirs));
}
