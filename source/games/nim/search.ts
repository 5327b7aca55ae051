/**
 * Nim's own search (games/search.ts's seam for another search): perfect play from the value of
 * every position (values.ts). It reads the table the build made (nimTableAsset) where the program
 * gave it one, and where it was not read (no build folder, a missing or broken file) works the
 * values out itself, keeping them until clear(). Either way it plays the quickest win, or where
 * the position is lost the longest resistance, and reports the game as decided.
 *
 * What it reports is its own: `nodes` counts the values it asked for (one a move with the table,
 * every position it worked out without), `depth` the plies to the end of the game, and the score
 * the engine's decided score (WIN less those plies, engine/search.ts decidedIn). It has no clock
 * to keep (512 sets of heaps a ruling at the most) and no noise (a weaker level's blunders are the
 * players' own, engine/players.ts), and thinks on one thread (no table to share).
 */
import {ONGOING, type SearchPosition} from '../game.js';
import type {GameSearch, Line, SearchFactory, SearchLimits, SearchOptions, SearchResult} from '../search.js';
import {indexAfter, movesFrom, NimBoard} from './board.js';
import {HEAPS, MAX_TAKE, type Ruling} from './rules.js';
import {pliesOf, storedTable, Values, wins} from './values.js';

/** A won game's score, less the plies to its end: the engine's (engine/tt.ts WIN), which a game module does not import. */
export const WIN = 1_000_000_000;

/** The score of a move from the mover's side, given the value of the position it leads to. */
const scoreAfter = (reply: number): number => (wins(reply) ? -(WIN - pliesOf(reply) - 1) : WIN - pliesOf(reply) - 1);

class NimSearch implements GameSearch {
	/** What this search worked out without a table, kept until clear(). */
	private values = new Values(null);
	private readonly moves = new Int32Array(HEAPS * MAX_TAKE);

	search(position: SearchPosition, limits: SearchLimits = {}, options: SearchOptions = {}): SearchResult {
		if (!(position instanceof NimBoard)) throw new TypeError("Nim's search plays Nim positions only");
		const now = options.now ?? (() => performance.now());
		const started = now();
		const table = storedTable();
		const values = table === null ? this.values : new Values(table);
		const before = values.asked;
		const ranked = position.terminal() === ONGOING ? this.ranked(values, position.index, position.ruling) : [];
		const lines: Line[] = ranked
			.slice(0, Math.max(1, limits.multiPv ?? 1))
			.map(({move, score}) => ({move, score, pv: [move, ...this.bestLine(values, indexAfter(position.index, move), position.ruling)]}));
		const elapsedMs = now() - started;
		const nodes = values.asked - before;
		const depth = lines[0]?.pv.length ?? 0;
		const info = {
			depth,
			selDepth: depth,
			lines,
			nodes,
			nodesPerSecond: elapsedMs > 0 ? Math.round((nodes * 1000) / elapsedMs) : 0,
			elapsedMs,
		};
		options.onProgress?.(info);
		const best = lines[0];
		return best ? {...info, move: best.move, score: best.score, stoppedBy: 'decided'} : {...info, move: -1, score: 0, stoppedBy: 'no-move'};
	}

	/** The moves from `index`, best first (ties in the order they are generated), each with its score. */
	private ranked(values: Values, index: number, ruling: Ruling): {move: number; score: number}[] {
		const count = movesFrom(index, this.moves, 0);
		return Array.from(this.moves.subarray(0, count), move => ({move, score: scoreAfter(values.of(indexAfter(index, move), ruling))})).sort(
			(a, b) => b.score - a.score,
		);
	}

	/** The moves of best play from `index` to the end of the game. */
	private bestLine(values: Values, index: number, ruling: Ruling): number[] {
		const line: number[] = [];
		for (let at = index; at !== 0;) {
			const move = this.ranked(values, at, ruling)[0]!.move;
			line.push(move);
			at = indexAfter(at, move);
		}
		return line;
	}

	configure(): void {}

	clear(): void {
		this.values = new Values(null);
	}

	forgetOwn(): void {
		this.clear();
	}
}

/** Makes Nim's search: the same for every thread and setting (it keeps no table to share or size). */
export const nimSearch: SearchFactory = () => new NimSearch();
