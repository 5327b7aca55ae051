/**
 * Self-play: one game between two built-in players at a fixed time per move, from an opening of
 * a few random plies (so a series of games differs), scored by match points (docs/contest-entry-and-referee.md §6).
 *
 * A game without a move limit (classic LOA) ends by its repetition rule when play goes round in
 * circles, but a benchmark must never hang: after `maxPlies` plies a game still going is
 * adjudicated a draw, with the reason 'cap' so the tables show it.
 */
import type {Game, Outcome, Player} from '../games/game.js';
import {LocalPlayer, type PlayerKind} from '../engine/players.js';
import {seededRandom} from '../engine/random.js';
import {searchOf} from '../engine/searches.js';

export interface GameSpec {
	/** Player kinds of player 1 (first mover) and player 2. */
	readonly first: PlayerKind;
	readonly second: PlayerKind;
	readonly moveMs: number;
	/** Seed of the random opening; the same seed gives the same opening. */
	readonly openingSeed: number;
	readonly openingPlies: number;
	/** Plies after which an unfinished game is adjudicated a draw (reason 'cap'); DEFAULT_MAX_PLIES if omitted. */
	readonly maxPlies?: number;
}

/** Far beyond any real game of the family (LOAPS stops at 100 plies; classic games run 40 to 150). */
export const DEFAULT_MAX_PLIES = 600;

export interface GameRecord {
	readonly outcome: Outcome;
	readonly plies: number;
	readonly points: readonly [number, number];
	readonly moves: readonly string[];
}

/** Match points of `player` for a finished game: 2 for a win, 1 for a draw or tie, 0 for a loss. */
export const matchPoints = (outcome: Outcome, player: Player): number => (outcome.winner === null ? 1 : outcome.winner === player ? 2 : 0);

export function playGame<State>(game: Game<State>, spec: GameSpec): GameRecord {
	const search = searchOf(game);
	const players = [
		new LocalPlayer(spec.first, spec.openingSeed * 2 + 1, undefined, search),
		new LocalPlayer(spec.second, spec.openingSeed * 2 + 2, undefined, search),
	];
	const random = seededRandom(spec.openingSeed);
	// A game with random boards draws its board from the opening's seed: both games of a match share it.
	let state = game.initial({seed: spec.openingSeed});
	const moves: string[] = [];
	const maxPlies = spec.maxPlies ?? DEFAULT_MAX_PLIES;
	for (let ply = 0; game.outcome(state) === null; ply++) {
		if (ply >= maxPlies) {
			const outcome: Outcome = {
				result: 'draw',
				winner: null,
				reason: 'cap',
				description: `No result after ${maxPlies} plies: adjudicated a draw`,
			};
			return {outcome, plies: moves.length, points: game.scores(state), moves};
		}
		const legal = game.legalMoves(state);
		let move: number;
		if (ply < spec.openingPlies) move = legal[Math.floor(random() * legal.length)]!;
		else move = players[game.toMove(state) - 1]!.choose(game.searchPosition(state), {fixedMs: spec.moveMs});
		if (!legal.includes(move)) throw new Error(`player ${game.toMove(state)} chose an illegal move ${move}`);
		moves.push(game.formatMove(state, move));
		state = game.play(state, move);
	}
	return {outcome: game.outcome(state)!, plies: moves.length, points: game.scores(state), moves};
}
