/**
 * The flat Monte-Carlo player, a yardstick for the strength tables: for each legal move, plays
 * the game out at random many times and keeps the move whose playouts end best on average. The
 * end of a playout is scored by the game's final margin where it has one (finalScore: PAH-TUM's
 * points), else by the result (won 1, drawn 0, lost -1). Generic over SearchPosition; playouts
 * that run past `maxPlies` count as drawn.
 */
import {ONGOING, type SearchPosition} from '../games/game.js';

export interface MonteCarloOptions {
	/** Playouts per legal move; 1000 by default. */
	readonly playouts?: number;
	/** Plies after which a playout is cut off and scored 0. */
	readonly maxPlies?: number;
}

/** The move with the best mean playout, or -1 when there is none. Ties go to the move generated first. */
export function monteCarloMove(position: SearchPosition, random: () => number, options: MonteCarloOptions = {}): number {
	const playouts = options.playouts ?? 1000;
	const maxPlies = options.maxPlies ?? 400;
	const moves = new Int32Array(position.maxMoves);
	const buffer = new Int32Array(position.maxMoves);
	const count = position.generateMoves(moves, 0);
	let best = -1;
	let bestTotal = -Infinity;
	for (let i = 0; i < count; i++) {
		let total = 0;
		position.make(moves[i]!);
		for (let n = 0; n < playouts; n++) total += playout(position, random, buffer, maxPlies);
		position.unmake();
		if (total > bestTotal) {
			bestTotal = total;
			best = moves[i]!;
		}
	}
	return best;
}

/**
 * One random playout from the position; its value for the side that moved into it (the side
 * not to move now). Leaves the position as it was.
 */
function playout(position: SearchPosition, random: () => number, buffer: Int32Array, maxPlies: number): number {
	let plies = 0;
	let value = 0;
	for (;;) {
		const result = position.terminal();
		if (result !== ONGOING) {
			value = position.finalScore ? position.finalScore() : result;
			break;
		}
		const count = position.generateMoves(buffer, 0);
		// No legal move: the side to move has lost (SearchPosition's rule).
		if (count === 0) {
			value = -1;
			break;
		}
		if (plies >= maxPlies) break;
		position.make(buffer[Math.floor(random() * count)]!);
		plies++;
	}
	for (let i = 0; i < plies; i++) position.unmake();
	// `value` is for the side to move at the end: after an even number of plies that is the side to move now.
	return plies % 2 === 0 ? -value : value;
}
