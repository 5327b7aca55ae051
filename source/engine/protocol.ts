/** Messages between the engine client (main thread) and the engine worker. */
import type {SearchInfo, SearchResult} from './search.js';
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
	  }
	| {readonly type: 'clear'};

export type FromWorker =
	| {readonly type: 'progress'; readonly id: number; readonly info: EngineInfo}
	| {readonly type: 'done'; readonly id: number; readonly result: EngineResult}
	| {readonly type: 'failed'; readonly id: number; readonly message: string};

/** What the worker is started with. */
export interface WorkerSetup {
	/** One Int32: non-zero asks the search under way to stop. */
	readonly stop: SharedArrayBuffer;
	readonly tableMegabytes: number;
}
