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
 * instead of 30 alone (44 %), a count of solid quads (3 or 4 own pieces, 10 each: 43.5 %). The
 * weights it plays with now are SPSA's (weights.ts), which raised the concentration to 68 along
 * with the others.
 *
 * Nothing here allocates, and nothing lists the moves: the weighted mobility is a sum the board
 * keeps with its cells (a line tally, line-tally.ts), and whether a lone piece can move is read
 * off the line tables (line-moves.ts).
 */
import type {Geometry, LoaBoard} from './board.js';
import {LIST_STRIDE} from './piece-list.js';
import {INFO_MOVERS, lineMoves, lowest} from './line-moves.js';
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
	const tables = {ring, corner, edge};
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
 * pieces, all whole numbers: its pieces' summed distance to their centre of mass, count times,
 * groups, four times its Euler number, the centre of mass's distance from the middle, 2 × count
 * times, its pieces, its corners, and its pieces in each ring.
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
	shapes.data[at] = spread;
	shapes.data[at + 1] = board.groups(side);
	shapes.data[at + 2] = board.euler4[side]!;
	shapes.data[at + 3] = mf > mr ? mf : mr;
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
	let score = -(shapes.data[at]! / count - leastDistance(count)) * W[CONCENTRATION]!;
	score -= (shapes.data[at + 1]! - 1) * W[GROUP]!;
	score -= ((shapes.data[at + 2]! - 4) * W[EULER]!) / 4;
	// Averaged over the pieces, as if a side had 12, so material does not count.
	score += (centre * 12) / count;
	score -= (shapes.data[at + 3]! / (2 * count)) * W[MASS_CENTRE]!;
	return score;
}

/**
 * What a side loses for its stragglers: pieces with no friend beside them that cannot move (none
 * of their four lines lets them: the movers of the line tables).
 */
function blocked(board: LoaBoard, side: 1 | 2, tables: Tables): number {
	const {haloLo, haloHi, lineStep, linePos} = board.geometry;
	const fillings = board.lineFilling;
	const {info} = lineMoves;
	const {edge} = tables;
	const ownLo = board.bitsLo[side]!;
	const ownHi = board.bitsHi[side]!;
	const half = side - 1;
	let loss = 0;
	for (let rest = ownLo, restHi = ownHi; (rest | restHi) !== 0;) {
		let square: number;
		if (rest !== 0) {
			square = lowest(rest);
			rest &= rest - 1;
		} else {
			square = 32 + lowest(restHi);
			restHi &= restHi - 1;
		}
		if ((haloLo[square]! & ownLo) !== 0 || (haloHi[square]! & ownHi) !== 0) continue;
		let moves = false;
		for (let k = square * 4; k < square * 4 + 4 && !moves; k++) {
			const word = info[fillings[lineStep[k]! & 255]! * 2 + half]!;
			moves = ((word >> (INFO_MOVERS + linePos[k]!)) & 1) === 1;
		}
		if (!moves) loss += W[BLOCKED]! + (edge[square] ? W[BLOCKED_EDGE]! : 0);
	}
	return loss;
}

/** A side's weighted mobility (kept by the board), less its blocked stragglers: larger is better for it. */
function activity(board: LoaBoard, side: 1 | 2, tables: Tables): number {
	return board.weightedMobility(side) * W[MOBILITY]! - blocked(board, side, tables);
}

export function evaluateClassic(board: LoaBoard): number {
	const me = board.sideToMove;
	const opponent = (3 - me) as 1 | 2;
	const tables = tablesFor(board.geometry);
	const mine = shapeScore(board, me, tables) + activity(board, me, tables);
	const theirs = shapeScore(board, opponent, tables) + activity(board, opponent, tables);
	return Math.round(W[TEMPO]! + (mine - theirs)) | 0;
}
