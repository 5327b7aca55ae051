/**
 * The one-ply player: plays each legal move, scores what it leads to (a finished game by its
 * result — an opponent left without a legal move has lost — anything else by the game's static
 * evaluation) and keeps the best. Ties go to the move generated first, so it is deterministic.
 */
import {ONGOING, type SearchPosition} from '../games/game.js';

/** Larger than any static evaluation: a won game beats every unfinished one. */
const DECIDED = 1_000_000_000;

/** The best move by one-ply look-ahead, or -1 when the side to move has no legal move. */
export function greedyMove(position: SearchPosition): number {
	const moves = new Int32Array(position.maxMoves);
	const count = position.generateMoves(moves, 0);
	let best = -1;
	let bestScore = -Infinity;
	for (let i = 0; i < count; i++) {
		const move = moves[i]!;
		position.make(move);
		let result = position.terminal();
		if (result === ONGOING && position.countMoves() === 0) result = -1;
		// Both are from the opponent's view after the move: negate for ours.
		// A game decided on points (finalScore) is scored by its final margin, which is within the evaluation's range.
		const score =
			result === ONGOING
				? -position.evaluate()
				: position.finalScore && position.terminal() !== ONGOING
					? -position.finalScore()
					: -result * DECIDED - position.evaluate() / DECIDED;
		position.unmake();
		if (score > bestScore) {
			bestScore = score;
			best = move;
		}
	}
	return best;
}

/**
 * The move that gains the most points at once (SearchPosition.moveGain), whatever follows: the
 * simplest greedy player of a game of points such as PAH-TUM. Ties go to the move generated
 * first; -1 when there is no legal move.
 */
export function gainMove(position: SearchPosition): number {
	const moves = new Int32Array(position.maxMoves);
	const count = position.generateMoves(moves, 0);
	let best = -1;
	let bestGain = -Infinity;
	for (let i = 0; i < count; i++) {
		const gain = position.moveGain(moves[i]!);
		if (gain > bestGain) {
			bestGain = gain;
			best = moves[i]!;
		}
	}
	return best;
}
