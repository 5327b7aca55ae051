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
} = LOAPS_WEIGHTS.index;

/** Sum of the pieces' king-distances to their centre of mass, less the least it could be. */
function spread(board: LoaBoard, side: number): number {
	const {pieceList, pieceCount} = board;
	const {fileOf, rankOf} = board.geometry;
	const count = pieceCount[side]!;
	if (count <= 1) return 0;
	const base = side * LIST_STRIDE;
	let sumFile = 0;
	let sumRank = 0;
	for (let i = 0; i < count; i++) {
		const square = pieceList[base + i]!;
		sumFile += fileOf[square]!;
		sumRank += rankOf[square]!;
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
	return total - least;
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

/** A side's figures in `shapes`: spread, groups, euler4, offCentre2. */
const shapes = new SideCache(4, 17);

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
	shapes.data[slot] = spread(board, side);
	shapes.data[slot + 1] = board.groups(side);
	shapes.data[slot + 2] = board.euler4[side]!;
	shapes.data[slot + 3] = offCentre2(board, side);
	return slot;
}

/** Connection distance from a side's figures: about 0 for a compact single group, more the further from connecting. */
function distance(slot: number): number {
	return shapes.data[slot]! * W[SPREAD]! + (shapes.data[slot + 1]! - 1) * W[GROUP]! + ((shapes.data[slot + 2]! - 4) * W[EULER]!) / 4;
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
