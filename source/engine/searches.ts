/**
 * Where every search of a game is made: the game's own (its `search` factory, games/search.ts) or
 * the engine's alpha-beta search. The worker, its helper threads, the built-in players, `potm
 * move` and the start-up warm-up make theirs here and nowhere else.
 */
import type {GameSearch, SearcherConfig, SearchFactory} from '../games/search.js';
import {Searcher} from './search.js';

/** A game, as far as its search goes. */
type Searched = {readonly search?: SearchFactory};

/** The engine's alpha-beta search, for a game that declares no search of its own. */
export const alphaBeta: SearchFactory = config => new Searcher(config);

/** The factory of `game`'s search. */
export const searchOf = (game: Searched): SearchFactory => game.search ?? alphaBeta;

/** A new search for `game`. */
export const searchFor = (game: Searched, config: SearcherConfig = {}): GameSearch => searchOf(game)(config);

/**
 * The searches of one thread, one for each kind of search its games ask for, made when first
 * asked and kept: the games that play with the same search share it (and its table), as a thread
 * holds one table however many games it plays.
 */
export class Searches {
	private readonly made = new Map<SearchFactory, GameSearch>();

	constructor(private readonly config: SearcherConfig) {}

	/** The search `game` plays with. */
	of(game: Searched): GameSearch {
		const factory = searchOf(game);
		let search = this.made.get(factory);
		if (!search) {
			search = factory(this.config);
			this.made.set(factory, search);
		}
		return search;
	}

	/** Each search made so far. */
	each(): IterableIterator<GameSearch> {
		return this.made.values();
	}
}
