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
		const score = result === ONGOING ? -position.evaluate() : -result * DECIDED - position.evaluate() / DECIDED;
		position.unmake();
		if (score > bestScore) {
			bestScore = score;
			best = move;
		}
	}
	return best;
}
