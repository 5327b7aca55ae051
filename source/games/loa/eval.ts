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
 * Nothing here allocates: the move lists go into one scratch buffer.
 */
import {LIST_STRIDE, type LoaBoard} from './board.js';
import {evaluateClassic} from './eval-classic.js';
import {SideCache} from './side-cache.js';

const POINT = 100;
const SPREAD = 30;
const GROUP = 40;
/** Per unit of Euler number; a multiple of 4, so the quarter-units of euler4 stay integers. */
const EULER = 20;
const CENTRE = 6;
const MOBILITY = 4;
/** Share of the connection distance that counts for a side whose connection would lose. */
const AVOID_SHARE = 0.25;
/** Share of the opponent's best immediate gain that counts as already lost. */
const THREAT_SHARE = 0.4;
const BONUS_REACH = 12;
const TEMPO = 20;
/** Plies before the move limit from which the margin starts to lose weight. */
const MARGIN_FADE = 40;

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

/** Mobility, best immediate gain (points) and bonus squares in reach, of `side`'s moves. */
function reach(board: LoaBoard, side: 1 | 2): {mobility: number; bestGain: number; bonusSquares: number} {
	const mobility = board.surveyBonus(side);
	const {reachLo, reachHi, bonusList, bonus, cells} = board;
	const opponent = 3 - side;
	const capture = board.variant.scoring?.capture ?? 0;
	let bestGain = board.capturing ? capture : 0;
	let bonusSquares = 0;
	for (let i = 0; i < bonusList.length; i++) {
		const square = bonusList[i]!;
		if (((square < 32 ? reachLo >>> square : reachHi >>> (square - 32)) & 1) === 0) continue;
		bonusSquares++;
		const gain = bonus[square]! + (cells[square] === opponent ? capture : 0);
		if (gain > bestGain) bestGain = gain;
	}
	result.mobility = mobility;
	result.bestGain = bestGain;
	result.bonusSquares = bonusSquares;
	return result;
}

const result = {mobility: 0, bestGain: 0, bonusSquares: 0};

const shapes = new SideCache();

/**
 * The slot in `shapes` of a side's connection distance (about 0 for a compact single group, more
 * the further from connecting) and its pieces' offCentre2, worked out once per set of pieces.
 */
function shape(board: LoaBoard, side: number): number {
	const lo = board.pieceKeyLo[side]!;
	const hi = board.pieceKeyHi[side]!;
	const slot = shapes.find(lo, hi);
	if (slot >= 0) return slot;
	const distance = spread(board, side) * SPREAD + (board.groups(side) - 1) * GROUP + (board.euler4[side]! - 4) * (EULER >> 2);
	return shapes.store(lo, hi, distance, offCentre2(board, side));
}

export function evaluate(board: LoaBoard): number {
	// Classic LOA (no points) has an evaluation of its own.
	if (board.variant.scoring === null) return evaluateClassic(board);
	const me = board.sideToMove;
	const opponent = (3 - me) as 1 | 2;
	const scoring = board.variant.scoring !== null;
	const margin = board.points[me]! - board.points[opponent]!;
	const mineSlot = shape(board, me);
	const distanceMe = shapes.first(mineSlot);
	const centreMe = shapes.second(mineSlot);
	// The opponent's slot is looked up after this side's is read: a store may replace it.
	const theirSlot = shape(board, opponent);
	const distanceOpponent = shapes.first(theirSlot);
	const centreOpponent = shapes.second(theirSlot);

	let score = TEMPO;
	if (scoring) {
		const pliesLeft = board.limitPly > 0 ? board.limitPly - board.ply : MARGIN_FADE;
		const weight = POINT * (0.5 + (0.5 * Math.min(pliesLeft, MARGIN_FADE)) / MARGIN_FADE);
		score += margin * weight;
		const connection = board.connectionPoints;
		// What a connection would do for each side: win (count its distance), tie, or lose.
		score += margin + connection > 0 ? -distanceMe : margin + connection < 0 ? distanceMe * AVOID_SHARE : 0;
		score -= -margin + connection > 0 ? -distanceOpponent : -margin + connection < 0 ? distanceOpponent * AVOID_SHARE : 0;
	}

	score += ((centreOpponent - centreMe) * CENTRE) / 2;
	const mine = reach(board, me);
	const mobilityMe = mine.mobility;
	const bonusMe = mine.bonusSquares;
	const theirs = reach(board, opponent);
	score += (mobilityMe - theirs.mobility) * MOBILITY;
	if (scoring) {
		score += (bonusMe - theirs.bonusSquares) * BONUS_REACH;
		score -= theirs.bestGain * POINT * THREAT_SHARE;
	}
	return Math.round(score);
}
