/**
 * Runs the search over a few positions of every game while the contest entry's start-up snapshot
 * is built (snapshot-entry.ts), so that the snapshot holds the search's code compiled to bytecode
 * and a move does not compile it first: a move's shallowest search (depth 2, a few hundred nodes)
 * took 25-37 ms of CPU from a cold snapshot and 15 ms from a warm one on the 2-core VM. What the
 * searches cached is given back before the snapshot is taken, so that it carries code, not data.
 */
import {Searches} from './engine/searches.js';
import {games} from './games/registry.js';

/** Plies each game is played into, a search at each, and how deep. */
const PLIES = 8;
const DEPTH = 3;

export function warmUp(): void {
	const searches = new Searches({tableMegabytes: 1});
	for (const game of games) {
		const searcher = searches.of(game);
		let state = game.initial();
		for (let ply = 0; ply < PLIES && game.outcome(state) === null; ply++) {
			const result = searcher.search(game.searchPosition(state), {depth: DEPTH});
			if (result.move < 0) break;
			state = game.play(state, result.move);
		}
		searcher.clear();
	}
	for (const game of games) game.releaseCaches?.();
}
