/**
 * perft(d): the number of move sequences of exactly d moves (docs/command-line.md §7). A move that ends the game
 * ends its sequence: it is counted at the last depth and not continued below it. At the last ply
 * the moves are counted without being played.
 */
import type {SearchPosition} from '../games/game.js';
import {ONGOING} from '../games/game.js';

export function perft(position: SearchPosition, depth: number): number {
	if (depth <= 0) return 1;
	const buffer = new Int32Array(position.maxMoves * depth);
	return walk(position, depth, buffer, 0);
}

function walk(position: SearchPosition, depth: number, buffer: Int32Array, offset: number): number {
	if (depth === 1) return position.countMoves();
	const count = position.generateMoves(buffer, offset);
	const next = offset + count;
	let total = 0;
	for (let i = offset; i < next; i++) {
		position.make(buffer[i]!);
		if (position.terminal() === ONGOING) total += walk(position, depth - 1, buffer, next);
		position.unmake();
	}
	return total;
}

/** perft below each root move, in generation order. */
export function divide(position: SearchPosition, depth: number): Array<{move: number; count: number}> {
	const buffer = new Int32Array(position.maxMoves * Math.max(1, depth));
	const count = position.generateMoves(buffer, 0);
	const rows: Array<{move: number; count: number}> = [];
	for (let i = 0; i < count; i++) {
		const move = buffer[i]!;
		position.make(move);
		const below = depth <= 1 ? 1 : position.terminal() === ONGOING ? walk(position, depth - 1, buffer, count) : 0;
		position.unmake();
		rows.push({move, count: below});
	}
	return rows;
}
