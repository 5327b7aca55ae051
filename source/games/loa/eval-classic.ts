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
 * Nothing here allocates: the move lists and per-square counts go into module-level buffers.
 */
import {LIST_STRIDE, type Geometry, type LoaBoard} from './board.js';
import {PASS} from './notation.js';
import {SideCache} from './side-cache.js';

/** Per square of surplus distance to the centre of mass. */
const CONCENTRATION = 30;
/** Per group beyond the first. */
const GROUP = 30;
/** Per unit of Euler number (euler4 is four times it). */
const EULER = 20;
/** Times the table's average over a side's pieces, counted as if it had 12 (so material does not count). */
const CENTRALISATION = 1;
/** Per square (king distance) of the centre of mass from the middle of the board. */
const MASS_CENTRE = 10;
/**
 * Per quarter-move of weighted mobility (a plain move counts 4, so 20 centipoints). Tuned in
 * self-play (100 games at 100 ms a move each): 2 against 1 won 62 % of the match points, 3
 * against 2 64.5 %, 5 against 3 57.5 %, 8 against 5 35 %.
 */
const MOBILITY = 5;
/** Per piece that cannot move and has no friend beside it; more on an edge. */
const BLOCKED = 12;
const BLOCKED_EDGE = 12;
/** The side to move's bonus; exported for the tests (a level position scores this). */
export const CLASSIC_TEMPO = 20;
const TEMPO = CLASSIC_TEMPO;

/** Centralisation by distance from the edge (0 = on the edge), in centipoints per piece. */
const RING_VALUE = [-10, 3, 8, 12];
/** Extra for a corner square. */
const CORNER = -15;

const moves = new Int32Array(256);
/** Moves found per from-square, for the blocking term. */
const movesFrom = new Int8Array(64);

interface Tables {
	/** Centralisation value of each square. */
	readonly centre: Int8Array;
	/** 1 for a square on the edge. */
	readonly edge: Int8Array;
}

const tablesBySize = new Map<number, Tables>();

function tablesFor(geometry: Geometry): Tables {
	const cached = tablesBySize.get(geometry.size);
	if (cached) return cached;
	const {size, squares, fileOf, rankOf} = geometry;
	const centre = new Int8Array(squares);
	const edge = new Int8Array(squares);
	for (let square = 0; square < squares; square++) {
		const file = fileOf[square]!;
		const rank = rankOf[square]!;
		const ring = Math.min(file, rank, size - 1 - file, size - 1 - rank);
		const corner = (file === 0 || file === size - 1) && (rank === 0 || rank === size - 1);
		centre[square] = RING_VALUE[Math.min(ring, RING_VALUE.length - 1)]! + (corner ? CORNER : 0);
		edge[square] = ring === 0 ? 1 : 0;
	}
	const tables = {centre, edge};
	tablesBySize.set(size, tables);
	return tables;
}

/** The least summed king-distance n pieces can have round a centre square (1 at 0, 8 at 1, 16 at 2). */
function leastDistance(count: number): number {
	return count <= 1 ? 0 : count <= 9 ? count - 1 : 8 + (count - 9) * 2;
}

const shapes = new SideCache();

/** shapeScore, from the cache where this side's pieces were scored before. */
function cachedShapeScore(board: LoaBoard, side: number, tables: Tables): number {
	const lo = board.pieceKeyLo[side]!;
	const hi = board.pieceKeyHi[side]!;
	const slot = shapes.find(lo, hi);
	if (slot >= 0) return shapes.first(slot);
	const value = shapeScore(board, side, tables);
	shapes.store(lo, hi, value);
	return value;
}

/** A side's score from everything but mobility and blocking: larger is better for it. */
function shapeScore(board: LoaBoard, side: number, tables: Tables): number {
	const {pieceList, pieceCount} = board;
	const {fileOf, rankOf, size} = board.geometry;
	const count = pieceCount[side]!;
	const base = side * LIST_STRIDE;
	let sumFile = 0;
	let sumRank = 0;
	let centre = 0;
	for (let i = 0; i < count; i++) {
		const square = pieceList[base + i]!;
		sumFile += fileOf[square]!;
		sumRank += rankOf[square]!;
		centre += tables.centre[square]!;
	}
	if (count === 0) return 0;
	// Distances in units of 1/count square: |count × file − sumFile| is count × |file − mean file|.
	let spread = 0;
	for (let i = 0; i < count; i++) {
		const square = pieceList[base + i]!;
		const df = Math.abs(count * fileOf[square]! - sumFile);
		const dr = Math.abs(count * rankOf[square]! - sumRank);
		spread += df > dr ? df : dr;
	}
	const surplus = spread / count - leastDistance(count);
	// The middle of the board, twice over and times count: count × (size − 1).
	const middle = count * (size - 1);
	const mf = Math.abs(2 * sumFile - middle);
	const mr = Math.abs(2 * sumRank - middle);
	const massOff = (mf > mr ? mf : mr) / (2 * count);
	let score = -surplus * CONCENTRATION;
	score -= (board.groups(side) - 1) * GROUP;
	score -= ((board.euler4[side]! - 4) * EULER) / 4;
	score += (centre * 12 * CENTRALISATION) / count;
	score -= massOff * MASS_CENTRE;
	return score;
}

/** Weighted mobility of `side`, less its blocked stragglers: larger is better for it. */
function activity(board: LoaBoard, side: 1 | 2, tables: Tables): number {
	const {cells, pieceList, pieceCount} = board;
	const {offCentre2, neighbours, neighbourCount} = board.geometry;
	const {edge} = tables;
	const count = board.generateMovesFor(side, moves, 0);
	const opponent = 3 - side;
	let mobility = 0;
	for (let i = 0; i < count; i++) {
		const move = moves[i]!;
		if (move === PASS) break;
		const from = move & 63;
		const to = move >> 6;
		movesFrom[from]!++;
		let value = edge[to] ? 2 : 4;
		if (offCentre2[to]! < offCentre2[from]!) value += 1;
		if (cells[to] === opponent) value *= 2;
		mobility += value;
	}
	let score = mobility * MOBILITY;
	const pieces = pieceCount[side]!;
	const base = side * LIST_STRIDE;
	for (let i = 0; i < pieces; i++) {
		const square = pieceList[base + i]!;
		if (movesFrom[square] !== 0) {
			movesFrom[square] = 0;
			continue;
		}
		let alone = true;
		const end = square * 8 + neighbourCount[square]!;
		for (let k = square * 8; k < end; k++) {
			if (cells[neighbours[k]!] === side) {
				alone = false;
				break;
			}
		}
		if (alone) score -= BLOCKED + (edge[square] ? BLOCKED_EDGE : 0);
	}
	return score;
}

export function evaluateClassic(board: LoaBoard): number {
	const me = board.sideToMove;
	const opponent = (3 - me) as 1 | 2;
	const tables = tablesFor(board.geometry);
	const mine = cachedShapeScore(board, me, tables) + activity(board, me, tables);
	const theirs = cachedShapeScore(board, opponent, tables) + activity(board, opponent, tables);
	return Math.round(TEMPO + (mine - theirs));
}
