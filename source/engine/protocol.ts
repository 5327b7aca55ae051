/** Messages between the engine client (main thread) and the engine worker. */
import type {SearchInfo, SearchResult} from '../games/search.js';
import type {ThinkRequest} from './players.js';

/** A line of the search with its moves written out. */
export interface EngineLine {
	readonly move: number;
	readonly score: number;
	readonly pv: readonly number[];
	/** The moves of `pv` in the game's notation, e.g. ["b1 d3", "a6 d3"]. */
	readonly text: readonly string[];
}

export interface EngineInfo extends Omit<SearchInfo, 'lines'> {
	readonly lines: readonly EngineLine[];
}

export interface EngineResult extends Omit<SearchResult, 'lines'> {
	readonly lines: readonly EngineLine[];
	readonly blundered: boolean;
	/** The move in the game's notation ('' when there is none). */
	readonly moveText: string;
	/**
	 * Milliseconds the worker's thread spent on this think, by its CPU clock where the system
	 * has one (`cpuClock`), else by the wall clock.
	 */
	readonly threadMs: number;
	readonly cpuClock: boolean;
	/** Threads that searched: the worker's own and the helpers that joined it (one when absent). */
	readonly threads?: number;
}

export type ToWorker =
	| {
			readonly type: 'think';
			readonly id: number;
			/** Game id, and the position in that game's file format. */
			readonly game: string;
			readonly position: string;
			/**
			 * The game before the position, where a rule looks back (repetition): an earlier
			 * position in the file format and the moves from it to this one.
			 */
			readonly past?: {readonly start: string; readonly moves: readonly number[]};
			readonly request: ThinkRequest;
			readonly progressMs: number;
			/** Time the search by the worker thread's CPU clock (a referee's game), not the wall clock. */
			readonly cpuClock?: boolean;
			/**
			 * Threads the search may use, the worker's own and its helpers' (1 when absent); only a
			 * search at full strength uses more than one (threadsFor, engine/players.ts).
			 */
			readonly threads?: number;
	  }
	| {readonly type: 'clear'};

/** What the engine worker asks of a Lazy SMP helper: search this position until the think is over. */
export interface ToHelper {
	readonly type: 'search';
	/** The think's id: the helper searches while the control word says this think is under way. */
	readonly id: number;
	readonly game: string;
	readonly position: string;
	readonly past?: {readonly start: string; readonly moves: readonly number[]};
	/** Forget what the helper's searcher learnt (its table aside): the engine worker cleared its own since. */
	readonly forget: boolean;
}

export type FromWorker =
	| {readonly type: 'progress'; readonly id: number; readonly info: EngineInfo}
	| {readonly type: 'done'; readonly id: number; readonly result: EngineResult}
	| {readonly type: 'failed'; readonly id: number; readonly message: string};

/** What the worker is started with. */
export interface WorkerSetup {
	/** One Int32: non-zero asks the search under way to stop. */
	readonly stop: SharedArrayBuffer;
	readonly tableMegabytes: number;
	/**
	 * How much less of the cores the worker's thread asks for than the process's others (its nice
	 * value, where the system keeps one a thread: Linux): potm serve's engines yield to its screens.
	 */
	readonly nice?: number;
	/** Given to a Lazy SMP helper, which the engine worker starts from the same module; absent for the engine worker. */
	readonly helper?: HelperSetup;
}

export interface HelperSetup {
	/** The helper's number, 1 up. */
	readonly index: number;
	/** The transposition table's memory, shared with the engine worker's search. */
	readonly table: SharedArrayBuffer;
	/**
	 * Int32 words (engine/helpers.ts): the id of the think under way (0: none), how many helpers
	 * joined its search, and each helper's: the id of the think it is searching for (0: none), which
	 * the engine worker waits on at the think's end.
	 */
	readonly control: SharedArrayBuffer;
}
