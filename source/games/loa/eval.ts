/**
 * Static evaluation of a LOA position from the side to move's view, in centipoints (100 = one
 * game point). A first, plain version: points margin, concentration and centralisation. The AI
 * issue grows it (groups, quads, mobility, the move limit).
 */
import {LIST_STRIDE, type LoaBoard} from './board.js';

const POINT = 100;
const CONCENTRATION = 40;
const CENTRE = 6;

/** Sum of the pieces' king-distances to their centre of mass, less the least it could be. */
function spread(board: LoaBoard, side: number): number {
	const {pieceList, pieceCount, size} = board;
	const count = pieceCount[side]!;
	if (count <= 1) return 0;
	let sumFile = 0;
	let sumRank = 0;
	for (let i = 0; i < count; i++) {
		const square = pieceList[side * LIST_STRIDE + i]!;
		const file = square % size;
		sumFile += file;
		sumRank += (square - file) / size;
	}
	const centreFile = Math.round(sumFile / count);
	const centreRank = Math.round(sumRank / count);
	let total = 0;
	for (let i = 0; i < count; i++) {
		const square = pieceList[side * LIST_STRIDE + i]!;
		const file = square % size;
		const rank = (square - file) / size;
		total += Math.max(Math.abs(file - centreFile), Math.abs(rank - centreRank));
	}
	// n pieces packed round a centre need at least this much distance in total.
	const least = count <= 9 ? count - 1 : 8 + (count - 9) * 2;
	return total - least;
}

/** How far a side's pieces sit from the middle of the board, summed. */
function offCentre(board: LoaBoard, side: number): number {
	const {pieceList, pieceCount, size} = board;
	const middle = (size - 1) / 2;
	let total = 0;
	for (let i = 0; i < pieceCount[side]!; i++) {
		const square = pieceList[side * LIST_STRIDE + i]!;
		const file = square % size;
		total += Math.max(Math.abs(file - middle), Math.abs((square - file) / size - middle));
	}
	return total;
}

export function evaluate(board: LoaBoard): number {
	const me = board.sideToMove;
	const opponent = 3 - me;
	let score = (board.points[me]! - board.points[opponent]!) * POINT;
	score += (spread(board, opponent) - spread(board, me)) * CONCENTRATION;
	score += Math.round((offCentre(board, opponent) - offCentre(board, me)) * CENTRE);
	return score;
}
