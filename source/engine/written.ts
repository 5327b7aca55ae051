/** A line of moves in notation, for people: what the worker sends with its lines, and what the tests' engine gives. */
import type {Game} from '../games/game.js';

/** The moves of a line in notation, played out from `state` (stops at anything unplayable). */
export function written<State>(game: Game<State>, state: State, pv: readonly number[]): string[] {
	const text: string[] = [];
	let current = state;
	for (const move of pv) {
		if (!game.legalMoves(current).includes(move)) break;
		text.push(game.formatMove(current, move));
		current = game.play(current, move);
	}
	return text;
}
