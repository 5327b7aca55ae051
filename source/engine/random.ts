/**
 * Seeded randomness for the players that need it (the random player, the weaker levels'
 * blunders), so a game can be replayed from its seed.
 */
import type {SearchPosition} from '../games/game.js';

export {seededRandom} from '../games/seeded.js';

/** A legal move chosen uniformly at random, or -1 when there is none. */
export function randomMove(position: SearchPosition, random: () => number): number {
	const moves = new Int32Array(position.maxMoves);
	const count = position.generateMoves(moves, 0);
	return count === 0 ? -1 : moves[Math.floor(random() * count)]!;
}
