/**
 * The openings of a ladder's matches. Full-strength entries are deterministic but for where their
 * clock cuts a search short, so matches replayed from one start repeat the same games (seen on the
 * ladder: of two matches at 10 s, the second replayed one game of the first move for move). Match
 * 1 starts where the contest does; every later match from a position a few random plies in, none
 * drawn twice, and both its games from that one (each side first once), so that neither side is
 * favoured by the dice.
 */
import type {Game} from '../games/game.js';
import type {Setup} from '../games/setup.js';
import {seededRandom} from '../engine/random.js';

export interface Opening<State> {
	readonly match: number;
	/** The moves played at random before the entries take over (none for match 1). */
	readonly moves: readonly string[];
	readonly state: State;
}

/**
 * `plies` random legal moves from the start (of a new board of `setup`'s, for a game that has
 * them; fewer if the game ends first), drawn from `random`: the moves as the game writes them, and
 * the position they lead to.
 */
export function randomPlies<State>(game: Game<State>, random: () => number, plies: number, setup?: Setup): {moves: string[]; state: State} {
	let state = game.initial(setup);
	const moves: string[] = [];
	for (let ply = 0; ply < plies && game.outcome(state) === null; ply++) {
		const legal = game.legalMoves(state);
		const move = legal[Math.floor(random() * legal.length)]!;
		moves.push(game.formatMove(state, move));
		state = game.play(state, move);
	}
	return {moves, state};
}

/** Draws per opening before one already drawn is allowed again (a game with very few openings). */
const TRIES = 1000;

/** `matches` openings of `plies` random plies each (match 1: the start), reproducible from `seed`. */
export function ladderOpenings<State>(game: Game<State>, matches: number, plies = 2, seed = 1): Opening<State>[] {
	const random = seededRandom(seed);
	const start = game.initial();
	const openings: Opening<State>[] = [];
	const drawn = new Set<string>();
	for (let match = 1; match <= matches; match++) {
		if (match === 1) {
			openings.push({match, moves: [], state: start});
			drawn.add('');
			continue;
		}
		let opening: Opening<State> | null = null;
		for (let attempt = 0; attempt < TRIES && opening === null; attempt++) {
			const {moves, state} = randomPlies(game, random, plies);
			const key = moves.join(' ');
			// An opening that ends the game leaves the entries nothing to play.
			if (game.outcome(state) !== null || (drawn.has(key) && attempt < TRIES - 1)) continue;
			drawn.add(key);
			opening = {match, moves, state};
		}
		if (opening === null) throw new RangeError(`${game.name}: no opening of ${plies} plies leaves the game going`);
		openings.push(opening);
	}
	return openings;
}
