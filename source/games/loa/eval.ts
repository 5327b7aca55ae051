/**
 * Static evaluation of a LOA position from the side to move's view, in centipoints (100 = one
 * game point). Classic LOA, which has no points, goes to eval-classic.ts; this is the LOAPS
 * scoring game's:
 *
 * - the points margin, worth a little less as the draw at the move limit comes nearer (the draw
 *   wipes the margin out, so a side ahead must cash it in by a connection, and a side behind gains
 *   from every move that passes without one);
 * - connectivity (spread round the centre of mass, number of groups, the quad-count Euler number),
 *   which counts *for* a side only when its connection would win it the game (its margin plus the
 *   12 connection points is positive) and a little *against* it when connecting would lose;
 * - what each side can score next: the best landing or capture within reach, and how many bonus
 *   squares it reaches;
 * - centralisation and mobility.
 *
 * Nothing here allocates, and nothing lists the moves: mobility, captures and the bonus squares
 * in reach are sums the board keeps with its cells (line-tally.ts).
 */
import type {LoaBoard} from './board.js';
import {LIST_STRIDE} from './piece-list.js';
import {evaluateClassic} from './eval-classic.js';
import {lowest} from './line-moves.js';
import {BONUS_BITS, BONUS_LOW_BITS} from './line-tally.js';
import {SideCache} from './side-cache.js';
import {LOAPS_WEIGHTS} from './weights.js';

const POINT = 100;
const W = LOAPS_WEIGHTS.values;
const {
	tempo: TEMPO,
	spread: SPREAD,
	group: GROUP,
	euler: EULER,
	avoidShare: AVOID_SHARE,
	centre: CENTRE,
	mobility: MOBILITY,
	bonusReach: BONUS_REACH,
	threatShare: THREAT_SHARE,
	marginFade: MARGIN_FADE,
	raceMargin: RACE_MARGIN,
	leadCap: LEAD_CAP,
	uniformity: UNIFORMITY,
	massCentre: MASS_CENTRE,
} = LOAPS_WEIGHTS.index;

/** The least bounding box that holds n pieces, by n: the least w × ⌈n / w⌉. */
const LEAST_BOX = Int32Array.from({length: 65}, (_, n) => {
	let least = n;
	for (let w = 1; w <= n; w++) least = Math.min(least, w * Math.ceil(n / w));
	return least;
});

/**
 * A side's shape into `data` from `at`: the sum of the pieces' king-distances to their centre of
 * mass less the least it could be (spread), the bounding box's squares beyond the least that holds
 * them (uniformity), and the centre of mass's king distance from the middle.
 */
function shapeFigures(board: LoaBoard, side: number, data: Int32Array, at: number): void {
	const {pieceList, pieceCount} = board;
	const {fileOf, rankOf} = board.geometry;
	const count = pieceCount[side]!;
	data[at] = 0;
	data[at + 1] = 0;
	data[at + 2] = 0;
	if (count === 0) return;
	const base = side * LIST_STRIDE;
	let sumFile = 0;
	let sumRank = 0;
	let minFile = 64;
	let maxFile = -1;
	let minRank = 64;
	let maxRank = -1;
	for (let i = 0; i < count; i++) {
		const square = pieceList[base + i]!;
		const file = fileOf[square]!;
		const rank = rankOf[square]!;
		sumFile += file;
		sumRank += rank;
		if (file < minFile) minFile = file;
		if (file > maxFile) maxFile = file;
		if (rank < minRank) minRank = rank;
		if (rank > maxRank) maxRank = rank;
	}
	const centreFile = Math.round(sumFile / count);
	const centreRank = Math.round(sumRank / count);
	let total = 0;
	for (let i = 0; i < count; i++) {
		const square = pieceList[base + i]!;
		const df = Math.abs(fileOf[square]! - centreFile);
		const dr = Math.abs(rankOf[square]! - centreRank);
		total += df > dr ? df : dr;
	}
	// n pieces packed round a centre need at least this much distance in total.
	const least = count <= 9 ? count - 1 : 8 + (count - 9) * 2;
	data[at] = count <= 1 ? 0 : total - least;
	data[at + 1] = (maxFile - minFile + 1) * (maxRank - minRank + 1) - LEAST_BOX[count]!;
	const middle = (board.variant.size - 1) / 2;
	const offFile = Math.abs(centreFile - middle);
	const offRank = Math.abs(centreRank - middle);
	data[at + 2] = Math.floor(offFile > offRank ? offFile : offRank);
}

/** Twice the summed distance of a side's pieces from the middle of the board. */
function offCentre2(board: LoaBoard, side: number): number {
	const {pieceList, pieceCount} = board;
	const table = board.geometry.offCentre2;
	let total = 0;
	for (let i = 0; i < pieceCount[side]!; i++) total += table[pieceList[side * LIST_STRIDE + i]!]!;
	return total;
}

/** How many bonus squares `side`'s moves reach. */
function bonusSquares(board: LoaBoard, side: 1 | 2): number {
	// One bit in each three-bit field: the product gathers their sum (at most 5) in bits 12 to 14.
	return ((board.bonusReached(side) * BONUS_LOW_BITS) >>> 12) & 7;
}

/** The most points `side` could score at once: a capture, a landing on a bonus square, or both. */
function bestGain(board: LoaBoard, side: 1 | 2): number {
	const {bonusList, bonus, cells} = board;
	const opponent = 3 - side;
	const capture = board.variant.scoring?.capture ?? 0;
	let best = board.captureLines(side) > 0 ? capture : 0;
	for (let rest = board.bonusReached(side); rest !== 0; rest &= rest - 1) {
		const square = bonusList[(lowest(rest) / BONUS_BITS) | 0]!;
		const gain = bonus[square]! + (cells[square] === opponent ? capture : 0);
		if (gain > best) best = gain;
	}
	return best;
}

/** shapeFigures's three, before they go to their places in a cache entry. */
const scratch = new Int32Array(3);

/** A side's figures in `shapes`: spread, groups, euler4, offCentre2, uniformity, mass centre. */
const shapes = new SideCache(6, 17);

/**
 * Where in `shapes.data` a side's connection figures begin (spread round its centre of mass, groups,
 * four times its Euler number) and its pieces' offCentre2, worked out once per set of pieces.
 */
function shape(board: LoaBoard, side: number): number {
	const lo = board.pieceKeyLo[side]!;
	const hi = board.pieceKeyHi[side]!;
	let slot = shapes.find(lo, hi);
	if (slot >= 0) return slot;
	slot = shapes.claim(lo, hi);
	shapeFigures(board, side, scratch, 0);
	shapes.data[slot] = scratch[0]!;
	shapes.data[slot + 1] = board.groups(side);
	shapes.data[slot + 2] = board.euler4[side]!;
	shapes.data[slot + 3] = offCentre2(board, side);
	shapes.data[slot + 4] = scratch[1]!;
	shapes.data[slot + 5] = scratch[2]!;
	return slot;
}

/** Connection distance from a side's figures: about 0 for a compact single group, more the further from connecting. */
function distance(slot: number): number {
	const data = shapes.data;
	return (
		data[slot]! * W[SPREAD]! +
		(data[slot + 1]! - 1) * W[GROUP]! +
		((data[slot + 2]! - 4) * W[EULER]!) / 4 +
		data[slot + 4]! * W[UNIFORMITY]! +
		data[slot + 5]! * W[MASS_CENTRE]!
	);
}

export function evaluate(board: LoaBoard): number {
	// Classic LOA (no points) has an evaluation of its own.
	if (board.variant.scoring === null) return evaluateClassic(board);
	const me = board.sideToMove;
	const opponent = (3 - me) as 1 | 2;
	const margin = board.points[me]! - board.points[opponent]!;
	const mineSlot = shape(board, me);
	const distanceMe = distance(mineSlot);
	const centreMe = shapes.data[mineSlot + 3]!;
	// The opponent's slot is looked up after this side's is read: a claim may take it.
	const theirSlot = shape(board, opponent);
	const distanceOpponent = distance(theirSlot);
	const centreOpponent = shapes.data[theirSlot + 3]!;

	let score = W[TEMPO]!;
	const fade = W[MARGIN_FADE]!;
	const pliesLeft = board.limitPly > 0 ? board.limitPly - board.ply : fade;
	const connection = board.connectionPoints;
	// Within the connection's points either side's connection wins it the game: the race decides,
	// and the margin only how near it is to taking the opponent's win away.
	const perPoint = margin < connection && margin > -connection ? W[RACE_MARGIN]! : POINT;
	const weight = perPoint * (0.5 + (0.5 * Math.min(pliesLeft, fade)) / fade);
	const cap = W[LEAD_CAP]!;
	score += (margin > cap ? cap : margin < -cap ? -cap : margin) * weight;
	// What a connection would do for each side: win (count its distance), tie, or lose.
	const avoid = W[AVOID_SHARE]!;
	score += margin + connection > 0 ? -distanceMe : margin + connection < 0 ? distanceMe * avoid : 0;
	score -= -margin + connection > 0 ? -distanceOpponent : -margin + connection < 0 ? distanceOpponent * avoid : 0;

	score += ((centreOpponent - centreMe) * W[CENTRE]!) / 2;
	score += (board.moveCount(me) - board.moveCount(opponent)) * W[MOBILITY]!;
	score += (bonusSquares(board, me) - bonusSquares(board, opponent)) * W[BONUS_REACH]!;
	score -= bestGain(board, opponent) * POINT * W[THREAT_SHARE]!;
	return Math.round(score) | 0;
}
