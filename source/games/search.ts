/**
 * The seam between a game and the search that plays it: what any search of a game's positions is
 * asked (limits, a clock, a stop flag) and answers (a move, its lines), and the factory a game may
 * declare to bring a search of its own. The engine's alpha-beta search (engine/search.ts) is the
 * one a game gets when it declares none; the worker, the built-in players, `potm move` and the
 * start-up warm-up make theirs through engine/searches.ts, so that another search (Monte-Carlo,
 * threads, a native or WebAssembly core) is one module that implements GameSearch.
 */
import type {SearchPosition} from './game.js';

/** What to search for and how long. Times are in the clock's milliseconds from the search's start. */
export interface SearchLimits {
	/** Deepest iteration; by default as deep as time allows. */
	readonly depth?: number;
	/** Stop after about this many nodes. */
	readonly nodes?: number;
	/** Do not begin another iteration after this (stretched up to `hardMs` when the position is unclear). */
	readonly softMs?: number;
	/** Stop searching at this time whatever is under way, once `minDepth` is complete. */
	readonly hardMs?: number;
	/**
	 * The iterations to this depth are finished whatever `hardMs` says (1 by default): a clocked
	 * move sees at least the opponent's replies. Only `cutoffMs`, a stop request or the node limit
	 * cut them short; time never stops the first.
	 */
	readonly minDepth?: number;
	/** Stop at this time even before `minDepth` is complete (a clock in its last moments); none by default. */
	readonly cutoffMs?: number;
	/** How many best moves to find, each with its own line (analysis); 1 by default. */
	readonly multiPv?: number;
}

export interface SearchOptions {
	/** The clock, in milliseconds; wall time by default. */
	readonly now?: () => number;
	/** Polled with the clock: true stops the search (the worker's stop flag). */
	readonly shouldStop?: () => boolean;
	/** Called after each iteration and at least every `progressMs` while searching. */
	readonly onProgress?: (info: SearchInfo) => void;
	readonly progressMs?: number;
	/**
	 * This search is helper number `helper` (1 up) of a Lazy SMP search (docs/ai.md §5): beside the
	 * main search of the same position, on a table they share, it takes the generation of the main
	 * search rather than begin one, and skips some depths (skipsDepth), so that the threads do not
	 * all search the same tree in step.
	 */
	readonly helper?: number;
}

/** A best move with its score and line. */
export interface Line {
	readonly move: number;
	/** Centipoints from the side to move's view; beyond ±DECIDED a decided game (see decidedIn). */
	readonly score: number;
	readonly pv: readonly number[];
}

export interface SearchInfo {
	/** The deepest completed iteration (an iteration under way may already have improved the move). */
	readonly depth: number;
	/** The deepest ply any line reached, quiescence included. */
	readonly selDepth: number;
	/** Best first: lines[0] is the move the engine would play. */
	readonly lines: readonly Line[];
	readonly nodes: number;
	readonly nodesPerSecond: number;
	readonly elapsedMs: number;
}

export interface SearchResult extends SearchInfo {
	/** The move to play, or -1 when there is none (the game is over or the side to move is stuck). */
	readonly move: number;
	readonly score: number;
	/** Why the search ended. */
	readonly stoppedBy: 'depth' | 'time' | 'nodes' | 'stop' | 'decided' | 'only-move' | 'no-move';
}

export interface SearcherConfig {
	/** Transposition table size in MiB. */
	readonly tableMegabytes?: number;
	/**
	 * A table threads share: true makes it in a new SharedArrayBuffer (`tableMemory` gives it to the
	 * others), or the memory of another searcher's to share that one (its size is the memory's).
	 */
	readonly sharedTable?: true | SharedArrayBuffer;
	/** Up to this many centipoints of deterministic noise on each evaluation (weaker levels). */
	readonly evalNoise?: number;
	/** Seed of the noise. */
	readonly seed?: number;
}

/** A search of a game's positions, kept from move to move (its table, what it has learnt). */
export interface GameSearch {
	/** The best move (and lines) of `position` within `limits`. */
	search(position: SearchPosition, limits?: SearchLimits, options?: SearchOptions): SearchResult;
	/** New noise settings (the weaker levels); what was learnt under other settings is forgotten. */
	configure(config: Pick<SearcherConfig, 'evalNoise' | 'seed'>): void;
	/** Forget everything learnt (a new game). */
	clear(): void;
	/** Forget what this search learnt apart from a table it shares with other threads. */
	forgetOwn(): void;
	/**
	 * The table's memory where other threads may share it (made with `sharedTable: true`): the
	 * worker's helper threads search on it. A search without one thinks on one thread.
	 */
	readonly tableMemory?: ArrayBuffer | SharedArrayBuffer;
}

/** Makes a game's search; the same factory makes the helper threads' searches, given the table to share. */
export type SearchFactory = (config: SearcherConfig) => GameSearch;
