/**
 * Seeded randomness for the players that need it (the random player, the weaker levels'
 * blunders), so a game can be replayed from its seed.
 */
import type {SearchPosition} from '../games/game.js';

/** mulberry32: floats in [0, 1) from a 32-bit seed. */
export function seededRandom(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) | 0;
		let t = Math.imul(state ^ (state >>> 15), 1 | state);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

/** A legal move chosen uniformly at random, or -1 when there is none. */
export function randomMove(position: SearchPosition, random: () => number): number {
	const moves = new Int32Array(position.maxMoves);
	const count = position.generateMoves(moves, 0);
	return count === 0 ? -1 : moves[Math.floor(random() * count)]!;
}
