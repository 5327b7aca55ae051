/**
 * The game-agnostic search: iterative deepening, negamax alpha-beta with principal-variation
 * search, late-move reductions and null-move pruning (where the game has a null move), a
 * quiescence search over scoring moves (and, at its first
 * ply, quiet moves that win at once), a transposition
 * table, and move ordering by table move, immediate gain, killers and history (and what a move
 * hands the opponent, where the game says).
 *
 * It talks to the SearchPosition interface only. Everything the node loop touches (move lists,
 * their ordering scores, killers, history, the principal-variation table) is a typed array made
 * once, so searching allocates nothing; what is reported (lines, progress) is built at the root.
 *
 * Time is read from an injected clock (`now`), polled every 256 nodes, so the same code runs
 * on wall time in the worker, on the process's CPU time in `potm move`, and on a fake clock in
 * tests.
 */
import {ONGOING, type SearchPosition} from '../games/game.js';
import type {GameSearch, Line, SearcherConfig, SearchInfo, SearchLimits, SearchOptions, SearchResult} from '../games/search.js';
import {Bound, DECIDED, TranspositionTable, WIN} from './tt.js';

export {DECIDED, WIN} from './tt.js';

const MAX_PLY = 96;
// Scores are negated as 0 - x, not -x: -0 is not a small integer to V8, and meeting one makes the
// optimised search fall back and start again on slower arithmetic.
const INFINITY = WIN + 1;
/** The clock and the stop flag are read every 256 nodes (a millisecond or two). */
const POLL_MASK = 255;
const QUIESCENCE_DEPTH = 6;
/** Null-move pruning from this depth on, searching that many plies less (one more from NULL_DEEP). */
const NULL_DEPTH = 3;
const NULL_REDUCTION = 2;
const NULL_DEEP = 7;
const HISTORY_LIMIT = 1 << 20;
/** Below every history score: a quiet move that hands something over goes after those that do not. */
const GIFT_ORDER = HISTORY_LIMIT * 2;
const EVAL_CACHE_MASK = (1 << 16) - 1;
/** Marks an empty evaluation-cache slot; no evaluation is this value (they are clamped within ±DECIDED). */
const EVAL_EMPTY = -0x3fffffff;

/**
 * Lazy SMP's staggered depths (the scheme Stockfish 7 to 10 used): helper h skips the depths of
 * every other block of SKIP_SIZE[i] depths, the blocks shifted by SKIP_PHASE[i] (i = (h - 1) mod
 * 20). The first helper searches the even depths, the next two every other pair, and so on, so
 * that at any moment some threads are an iteration or two ahead of the main search and fill the
 * table with the deeper results it will ask for next.
 */
const SKIP_SIZE = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
const SKIP_PHASE = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];

/** Whether helper `helper` (1 up; 0 is the main search, which skips none) skips the iteration of `depth`. */
export function skipsDepth(helper: number, depth: number): boolean {
	if (helper <= 0) return false;
	const i = (helper - 1) % SKIP_SIZE.length;
	return Math.floor((depth + SKIP_PHASE[i]!) / SKIP_SIZE[i]!) % 2 === 1;
}

/** Plies to the end of a decided game (positive: the side to move wins), or null. */
export function decidedIn(score: number): number | null {
	if (score > DECIDED) return WIN - score;
	if (score < -DECIDED) return -(WIN + score);
	return null;
}

/** The engine's alpha-beta search: the one every game plays with unless it declares another (games/search.ts). */
export class Searcher implements GameSearch {
	private readonly table: TranspositionTable;
	private position!: SearchPosition;
	private stride = 0;
	private moves = new Int32Array(0);
	private order = new Int32Array(0);
	private history = new Int32Array(0);
	private readonly killers = new Int32Array(MAX_PLY * 2);
	private readonly pvTable = new Int32Array(MAX_PLY * MAX_PLY);
	private readonly pvLength = new Int32Array(MAX_PLY);
	private rootMoves = new Int32Array(0);
	private rootScores = new Float64Array(0);
	private rootCount = 0;
	private rootPvs: number[][] = [];
	private nodes = 0;
	private nodeLimit = Infinity;
	private selDepth = 0;
	private aborted = false;
	private abortReason: SearchResult['stoppedBy'] = 'time';
	private hardMs = Infinity;
	private minDepth = 1;
	private cutoffMs = Infinity;
	private start = 0;
	private lastProgress = 0;
	private now: () => number = () => performance.now();
	private shouldStop: (() => boolean) | undefined;
	private onProgress: ((info: SearchInfo) => void) | undefined;
	private progressMs = 100;
	private completedDepth = 0;
	private lines: Line[] = [];
	private readonly evalCache = new Int32Array(2 * (EVAL_CACHE_MASK + 1)).fill(EVAL_EMPTY);
	private evalNoise = 0;
	private seed = 0x5eed;
	/** Whether the move into each ply was a null move: two in a row prove nothing. */
	private readonly nullAt = new Uint8Array(MAX_PLY + 1);

	constructor(config: SearcherConfig = {}) {
		const shared = config.sharedTable;
		this.table =
			// Not `instanceof SharedArrayBuffer`: potm move's start-up snapshot is built without one.
			typeof shared === 'object'
				? new TranspositionTable(shared)
				: new TranspositionTable(config.tableMegabytes ?? 16, {shared: shared === true});
		this.configure(config);
	}

	/** The table's memory, to hand to other threads' searchers where it is shared. */
	get tableMemory(): ArrayBuffer | SharedArrayBuffer {
		return this.table.memory;
	}

	/** New noise settings; the table is cleared when they change, as its scores no longer apply. */
	configure(config: Pick<SearcherConfig, 'evalNoise' | 'seed'>): void {
		const evalNoise = Math.max(0, Math.round(config.evalNoise ?? 0));
		const seed = (config.seed ?? 0x5eed) | 0;
		if (evalNoise !== this.evalNoise || (evalNoise > 0 && seed !== this.seed)) {
			this.table.clear();
			this.evalCache.fill(EVAL_EMPTY);
		}
		this.evalNoise = evalNoise;
		this.seed = seed;
	}

	/** Forget everything learnt (a new game). */
	clear(): void {
		this.table.clear();
		this.forgetOwn();
	}

	/**
	 * Forget what this searcher learnt apart from its table: a helper's, whose table another thread
	 * clears, perhaps while a search of its own is under way.
	 */
	forgetOwn(): void {
		this.evalCache.fill(EVAL_EMPTY);
		this.history.fill(0);
		this.killers.fill(-1);
	}

	search(position: SearchPosition, limits: SearchLimits = {}, options: SearchOptions = {}): SearchResult {
		this.prepare(position, options);
		this.start = this.now();
		this.lastProgress = this.start;
		this.hardMs = limits.hardMs ?? Infinity;
		this.nodeLimit = limits.nodes ?? Infinity;
		this.cutoffMs = limits.cutoffMs ?? Infinity;
		const softMs = Math.min(limits.softMs ?? Infinity, this.hardMs);
		const maxDepth = Math.max(1, Math.min(limits.depth ?? MAX_PLY - 16, MAX_PLY - 16));
		const timed = softMs !== Infinity;
		this.minDepth = Math.max(1, Math.min(limits.minDepth ?? 1, maxDepth));

		this.rootCount = position.terminal() === ONGOING ? position.generateMoves(this.rootMoves, 0) : 0;
		if (this.rootCount === 0) return this.result(-1, 0, 'no-move');
		this.rootPvs = [];
		for (let i = 0; i < this.rootCount; i++) this.rootPvs.push([this.rootMoves[i]!]);
		this.orderRoot();
		const multiPv = Math.max(1, Math.min(limits.multiPv ?? 1, this.rootCount));
		this.lines = [{move: this.rootMoves[0]!, score: 0, pv: [this.rootMoves[0]!]}];

		let stoppedBy: SearchResult['stoppedBy'] = 'depth';
		let previousBest = -1;
		let previousScore = 0;
		let instability = 0;
		const helper = options.helper ?? 0;
		for (let depth = 1; depth <= maxDepth; depth++) {
			if (skipsDepth(helper, depth)) continue;
			// The main search begins its generation a moment after a helper starts, maybe: once an iteration, the helper takes it up.
			if (helper > 0) this.table.joinGeneration();
			const nodesBefore = this.nodes;
			const lines: Line[] = [];
			for (let pvIndex = 0; pvIndex < multiPv; pvIndex++) {
				const line = this.searchRoot(depth, pvIndex);
				if (line) lines.push(line);
				if (this.aborted) break;
			}
			if (this.aborted) {
				// A partly searched iteration still counts where it found a better first move.
				if (lines.length > 0) {
					const older = this.lines.filter(old => !lines.some(line => line.move === old.move));
					this.lines = [...lines, ...older].sort((a, b) => b.score - a.score).slice(0, multiPv);
				}
				stoppedBy = this.abortReason;
				break;
			}
			this.lines = lines;
			this.completedDepth = depth;
			this.report();
			// Every root move ended the game (the last move before the move limit, say): deeper is the same.
			if (this.nodes === nodesBefore) break;
			const best = lines[0]!;
			if (this.rootCount === 1 && timed) {
				stoppedBy = 'only-move';
				break;
			}
			const ends = decidedIn(best.score);
			if (ends !== null && Math.abs(ends) <= depth && multiPv === 1) {
				stoppedBy = 'decided';
				break;
			}
			if (timed) {
				// Unclear positions (a new best move, a falling score) earn more time, up to the hard limit.
				if (previousBest >= 0 && best.move !== previousBest) instability += 1;
				if (previousBest >= 0 && best.score < previousScore - 50) instability += 0.5;
				instability *= 0.8;
				const allowed = Math.min(this.hardMs, softMs * (1 + Math.min(instability, 1.5)));
				// The next iteration takes longer than all before it: do not start what cannot finish.
				// (With soft = hard, a fixed time per move, the whole time is used: a partly searched
				// iteration still improves the move.)
				const elapsed = this.now() - this.start;
				if (depth >= this.minDepth && (elapsed >= this.hardMs || (softMs < this.hardMs && elapsed > allowed * 0.55))) {
					stoppedBy = 'time';
					break;
				}
			}
			previousBest = best.move;
			previousScore = best.score;
		}
		const best = this.lines[0]!;
		return this.result(best.move, best.score, stoppedBy);
	}

	private prepare(position: SearchPosition, options: SearchOptions): void {
		this.position = position;
		if (this.stride !== position.maxMoves) {
			this.stride = position.maxMoves;
			this.moves = new Int32Array(MAX_PLY * this.stride);
			this.order = new Int32Array(MAX_PLY * this.stride);
			this.rootMoves = new Int32Array(this.stride);
			this.rootScores = new Float64Array(this.stride);
		}
		if (this.history.length !== 2 * position.moveSpace) this.history = new Int32Array(2 * position.moveSpace);
		this.killers.fill(-1);
		this.now = options.now ?? (() => performance.now());
		this.shouldStop = options.shouldStop;
		this.onProgress = options.onProgress;
		this.progressMs = options.progressMs ?? 100;
		this.nodes = 0;
		this.selDepth = 0;
		this.aborted = false;
		this.completedDepth = 0;
		if (options.helper === undefined) this.table.nextGeneration();
		else this.table.joinGeneration();
	}

	/** Root moves in a first order: immediate gain, then history; the table move first. */
	private orderRoot(): void {
		const position = this.position;
		const entry = this.table.probe(position.keyLo, position.keyHi);
		const tableMove = entry >= 0 ? this.table.move() : -1;
		for (let i = 0; i < this.rootCount; i++) {
			const move = this.rootMoves[i]!;
			this.rootScores[i] = move === tableMove ? 1e9 : position.moveGain(move);
		}
		this.sortRoot(0);
	}

	/** Stable sort of root moves from `from` on by rootScores, best first. */
	private sortRoot(from: number): void {
		for (let i = from + 1; i < this.rootCount; i++) {
			const move = this.rootMoves[i]!;
			const score = this.rootScores[i]!;
			const pv = this.rootPvs[i];
			let j = i - 1;
			while (j >= from && this.rootScores[j]! < score) {
				this.rootMoves[j + 1] = this.rootMoves[j]!;
				this.rootScores[j + 1] = this.rootScores[j]!;
				if (pv) this.rootPvs[j + 1] = this.rootPvs[j]!;
				j--;
			}
			this.rootMoves[j + 1] = move;
			this.rootScores[j + 1] = score;
			if (pv) this.rootPvs[j + 1] = pv;
		}
	}

	/**
	 * One root search at `depth` over the moves from `pvIndex` on (the moves before it are the
	 * better lines already found). Returns the best line, or null if stopped before any move was
	 * searched to the end.
	 */
	private searchRoot(depth: number, pvIndex: number): Line | null {
		const position = this.position;
		let alpha = -INFINITY;
		const beta = INFINITY;
		let bestIndex = -1;
		let bestScore = -INFINITY;
		for (let i = pvIndex; i < this.rootCount; i++) {
			const move = this.rootMoves[i]!;
			position.make(move);
			let score: number;
			if (i === pvIndex) {
				score = 0 - this.negamax(depth - 1, 0 - beta, 0 - alpha, 1, true);
			} else {
				score = 0 - this.negamax(depth - 1, -1 - alpha, 0 - alpha, 1, false);
				if (score > alpha && !this.aborted) score = 0 - this.negamax(depth - 1, 0 - beta, 0 - alpha, 1, true);
			}
			position.unmake();
			if (this.aborted) break;
			// Moves that failed low keep their rank below the best, in the order they were tried.
			this.rootScores[i] = score > alpha || i === pvIndex ? score : -INFINITY - i;
			if (score > bestScore) {
				bestScore = score;
				bestIndex = i;
				alpha = score;
				const pv = [move];
				for (let k = 1; k < this.pvLength[1]!; k++) pv.push(this.pvTable[MAX_PLY + k]!);
				this.rootPvs[i] = pv;
			}
		}
		if (bestIndex < 0) return null;
		const pv = this.rootPvs[bestIndex]!;
		// The best goes to pvIndex; the others follow in score order for the next iteration.
		this.rootScores[bestIndex] = Infinity;
		this.sortRoot(pvIndex);
		this.rootScores[pvIndex] = bestScore;
		if (!this.aborted && pvIndex === 0) {
			this.table.store(position.keyLo, position.keyHi, depth, Bound.exact, bestScore, this.rootMoves[pvIndex]!, 0);
		}
		// `| 0` turns the -0 of a negated draw into 0.
		return {move: this.rootMoves[pvIndex]!, score: bestScore | 0, pv};
	}

	private negamax(depth: number, alpha: number, beta: number, ply: number, pvNode: boolean): number {
		const position = this.position;
		this.pvLength[ply] = ply;
		const result = position.terminal();
		if (result !== ONGOING) return this.endScore(result, ply);
		if (position.repeated()) return 0;
		if (depth <= 0) return this.quiesce(alpha, beta, ply, 0);
		if ((++this.nodes & POLL_MASK) === 0 || this.nodes >= this.nodeLimit) this.poll();
		if (this.aborted) return 0;
		if (ply >= MAX_PLY - 1) return this.evaluate();
		if (ply > this.selDepth) this.selDepth = ply;

		// Nothing can be better than winning at once, or worse than losing at once.
		if (alpha < -(WIN - ply)) alpha = -(WIN - ply);
		if (beta > WIN - ply - 1) beta = WIN - ply - 1;
		if (alpha >= beta) return alpha;

		const table = this.table;
		const keyLo = position.keyLo;
		const keyHi = position.keyHi;
		let tableMove = -1;
		const entry = table.probe(keyLo, keyHi);
		if (entry >= 0) {
			tableMove = table.move();
			if (!pvNode && table.depth() >= depth) {
				const score = table.score(ply);
				const bound = table.bound();
				if (bound === Bound.exact || (bound === Bound.lower ? score >= beta : score <= alpha)) return score;
			}
		}

		// Null-move pruning: where passing still leaves the side to move at beta or above after a
		// search NULL_REDUCTION plies shallower, a real move would too (LOA has no zugzwang to speak
		// of; a game with one has no null move). Not twice in a row, not in a line the score of which
		// is exact, not near a decided score.
		if (
			position.makeNull !== undefined &&
			!pvNode &&
			depth >= NULL_DEPTH &&
			this.nullAt[ply] === 0 &&
			beta < DECIDED &&
			beta > -DECIDED &&
			this.evaluate() >= beta
		) {
			position.makeNull();
			this.nullAt[ply + 1] = 1;
			const reduction = depth >= NULL_DEEP ? NULL_REDUCTION + 1 : NULL_REDUCTION;
			const score = 0 - this.negamax(depth - 1 - reduction, 0 - beta, 1 - beta, ply + 1, false);
			this.nullAt[ply + 1] = 0;
			position.unmake();
			if (this.aborted) return 0;
			if (score >= beta) return score >= DECIDED ? beta : score;
		}

		const side = position.sideToMove - 1;
		const startAlpha = alpha;
		let bestScore = -INFINITY;
		let bestMove = -1;
		// The table's move is tried before the others are listed: where it cuts off, as it mostly
		// does, listing and ordering them is saved. Tried first all the same, the tree is the same.
		let first = 0;
		if (tableMove >= 0 && position.isLegal !== undefined && position.isLegal(tableMove)) {
			position.make(tableMove);
			const score = 0 - this.negamax(depth - 1, 0 - beta, 0 - alpha, ply + 1, pvNode);
			position.unmake();
			if (this.aborted) return 0;
			bestScore = score;
			bestMove = tableMove;
			if (score > alpha) {
				alpha = score;
				this.updatePv(ply, tableMove);
				if (score >= beta) {
					table.store(keyLo, keyHi, depth, Bound.lower, bestScore, bestMove, ply);
					return bestScore;
				}
			}
			first = 1;
		}

		const base = ply * this.stride;
		const count = position.generateMoves(this.moves, base);
		if (count === 0) return -(WIN - ply);
		this.scoreMoves(base, count, tableMove, ply);
		// The table's move, searched already, goes first, where the first pick would have put it.
		if (first === 1) this.pick(base, 0, count);

		for (let i = first; i < count; i++) {
			const move = this.pick(base, i, count);
			const quiet = this.order[base + i]! < 1 << 23;
			position.make(move);
			let score: number;
			if (i === 0) {
				score = 0 - this.negamax(depth - 1, 0 - beta, 0 - alpha, ply + 1, pvNode);
			} else {
				const reduction = depth >= 3 && i >= 3 && quiet ? (i >= 10 && depth >= 5 ? 2 : 1) : 0;
				score = 0 - this.negamax(depth - 1 - reduction, -1 - alpha, 0 - alpha, ply + 1, false);
				if (score > alpha && reduction > 0 && !this.aborted) {
					score = 0 - this.negamax(depth - 1, -1 - alpha, 0 - alpha, ply + 1, false);
				}
				if (score > alpha && score < beta && !this.aborted) {
					score = 0 - this.negamax(depth - 1, 0 - beta, 0 - alpha, ply + 1, true);
				}
			}
			position.unmake();
			if (this.aborted) return 0;
			if (score > bestScore) {
				bestScore = score;
				bestMove = move;
				if (score > alpha) {
					alpha = score;
					this.updatePv(ply, move);
					if (score >= beta) {
						if (quiet) this.rememberCutoff(side, move, depth, ply);
						break;
					}
				}
			}
		}
		const bound = bestScore >= beta ? Bound.lower : bestScore > startAlpha ? Bound.exact : Bound.upper;
		table.store(keyLo, keyHi, depth, bound, bestScore, bound === Bound.upper ? -1 : bestMove, ply);
		return bestScore;
	}

	/** Stand pat on the evaluation, or follow the captures and scoring landings. */
	private quiesce(alpha: number, beta: number, ply: number, qDepth: number): number {
		const position = this.position;
		if ((++this.nodes & POLL_MASK) === 0 || this.nodes >= this.nodeLimit) this.poll();
		if (this.aborted) return 0;
		if (ply > this.selDepth) this.selDepth = ply;
		// The evaluation first: where it stands pat, only whether there is a move at all matters.
		const standPat = this.evaluate();
		if (standPat >= beta || qDepth >= QUIESCENCE_DEPTH || ply >= MAX_PLY - 1) {
			return (position.hasMoves ? position.hasMoves() : position.countMoves() > 0) ? standPat : -(WIN - ply);
		}
		if (standPat > alpha) alpha = standPat;
		const base = ply * this.stride;
		let bestScore = standPat;
		let tactical = 0;
		// Only the moves that gain are followed, and at the first ply the quiet moves that may end
		// the game: where there are none of those and the game can list the others alone, it does.
		const gainsOnly =
			position.generateGains !== undefined &&
			position.hasMoves !== undefined &&
			(position.quietEndPossible !== undefined ? !position.quietEndPossible() : qDepth > 0);
		const count = gainsOnly ? position.generateGains!(this.moves, base) : position.generateMoves(this.moves, base);
		if (gainsOnly ? count === 0 && !position.hasMoves!() : count === 0) return -(WIN - ply);
		for (let i = 0; i < count; i++) {
			const move = this.moves[base + i]!;
			const gain = position.moveGain(move);
			if (gain > 0) {
				this.moves[base + tactical] = move;
				this.order[base + tactical++] = gain;
			} else if (
				(qDepth === 0 || position.quietEndPossible !== undefined) &&
				(position.quietMayEnd === undefined || position.quietMayEnd(move))
			) {
				// A quiet move that wins at once (a LOAPS connection ahead on points) ends the game:
				// standing pat would not see it. Worth 62 % of match points against the same engine
				// without this check (100 games at 100 ms a move), for about 10 % fewer nodes a second.
				// Looked for at every ply of the quiescence, not the first only, where the game can
				// tell cheaply that no quiet move ends it (quietEndPossible): a capture that lets a
				// side connect is seen (issue 38, lead 1: SPRT at 20 000 nodes, LOAPS, H1, 1792 games,
				// Elo +11.8 ± 9.4; no slower at equal nodes, 30 openings at 300 000 nodes each).
				// In a game decided on points (finalScore), a quiet last move is scored by its margin.
				position.make(move);
				const result = position.terminal();
				const score = result !== ONGOING && position.finalScore ? 0 - this.endScore(result, ply + 1) : 0;
				position.unmake();
				if (result === -1 && !position.finalScore) return WIN - ply - 1;
				if (result !== ONGOING && position.finalScore && score > bestScore) {
					bestScore = score;
					if (score > alpha) {
						alpha = score;
						if (score >= beta) return score;
					}
				}
			}
		}
		for (let i = 0; i < tactical; i++) {
			const move = this.pick(base, i, tactical);
			position.make(move);
			const result = position.terminal();
			const score = result === ONGOING ? 0 - this.quiesce(0 - beta, 0 - alpha, ply + 1, qDepth + 1) : 0 - this.endScore(result, ply + 1);
			position.unmake();
			if (this.aborted) return 0;
			if (score > bestScore) {
				bestScore = score;
				if (score > alpha) {
					alpha = score;
					if (score >= beta) break;
				}
			}
		}
		return bestScore;
	}

	/**
	 * The score of a finished game for the side to move at `ply`: its final margin where the game
	 * is decided on points (finalScore, kept within ±DECIDED so it never reads as a won game),
	 * else won, drawn or lost, sooner wins scored higher.
	 */
	private endScore(result: number, ply: number): number {
		const position = this.position;
		if (position.finalScore) return Math.max(-(DECIDED - 1), Math.min(DECIDED - 1, position.finalScore()));
		return result === 0 ? 0 : result > 0 ? WIN - ply : -(WIN - ply);
	}

	/** Static evaluations are cached by key: the quiescence search meets the same positions again and again. */
	private evaluate(): number {
		const position = this.position;
		const keyLo = position.keyLo;
		const keyHi = position.keyHi;
		const slot = (keyLo & EVAL_CACHE_MASK) * 2;
		const cache = this.evalCache;
		if (cache[slot] === keyHi && cache[slot + 1] !== EVAL_EMPTY) return cache[slot + 1]!;
		const score = this.freshEvaluation(keyLo, keyHi);
		cache[slot] = keyHi;
		cache[slot + 1] = score;
		return score;
	}

	private freshEvaluation(keyLo: number, keyHi: number): number {
		let score = this.position.evaluate();
		if (this.evalNoise > 0) {
			const h = Math.imul(keyLo ^ this.seed, 0x9e3779b1) ^ keyHi;
			score += ((Math.imul(h ^ (h >>> 15), 0x2c1b3c6d) >>> 8) % (2 * this.evalNoise + 1)) - this.evalNoise;
		}
		// No evaluation may pass for a decided game.
		if (score > DECIDED - 1) score = DECIDED - 1;
		else if (score < -(DECIDED - 1)) score = -(DECIDED - 1);
		return score;
	}

	/**
	 * Ordering keys: table move, then gains, killers, history. Where the game says what a move hands
	 * over (moveGifts), equal gains go fewest handed over first, and the quiet moves that hand
	 * something over go after all that do not, fewest first.
	 */
	private scoreMoves(base: number, count: number, tableMove: number, ply: number): void {
		const position = this.position;
		const killer1 = this.killers[ply * 2]!;
		const killer2 = this.killers[ply * 2 + 1]!;
		const history = this.history;
		const offset = (position.sideToMove - 1) * position.moveSpace;
		const gifts = position.moveGifts !== undefined;
		for (let i = base; i < base + count; i++) {
			const move = this.moves[i]!;
			let key: number;
			if (move === tableMove) key = 1 << 29;
			else {
				const gain = position.moveGain(move);
				const given = gifts ? position.moveGifts!(move) : 0;
				if (gain > 0) key = (1 << 24) + gain * 64 - Math.min(given, 63);
				else if (move === killer1) key = (1 << 23) + 1;
				else if (move === killer2) key = 1 << 23;
				else key = history[offset + move]! - given * GIFT_ORDER;
			}
			this.order[i] = key;
		}
	}

	/** Selection sort step: brings the best remaining move to index i and returns it. */
	private pick(base: number, i: number, count: number): number {
		const moves = this.moves;
		const order = this.order;
		let best = base + i;
		for (let j = best + 1; j < base + count; j++) if (order[j]! > order[best]!) best = j;
		const move = moves[best]!;
		if (best !== base + i) {
			const key = order[best]!;
			moves[best] = moves[base + i]!;
			order[best] = order[base + i]!;
			moves[base + i] = move;
			order[base + i] = key;
		}
		return move;
	}

	private rememberCutoff(side: number, move: number, depth: number, ply: number): void {
		if (this.killers[ply * 2] !== move) {
			this.killers[ply * 2 + 1] = this.killers[ply * 2]!;
			this.killers[ply * 2] = move;
		}
		const index = side * this.position.moveSpace + move;
		const value = this.history[index]! + depth * depth;
		this.history[index] = value;
		if (value > HISTORY_LIMIT) for (let i = 0; i < this.history.length; i++) this.history[i] = this.history[i]! >> 1;
	}

	private updatePv(ply: number, move: number): void {
		const row = ply * MAX_PLY;
		const next = row + MAX_PLY;
		this.pvTable[row + ply] = move;
		const end = this.pvLength[ply + 1]!;
		for (let k = ply + 1; k < end; k++) this.pvTable[row + k] = this.pvTable[next + k]!;
		this.pvLength[ply] = Math.max(end, ply + 1);
	}

	private poll(): void {
		if (this.nodes >= this.nodeLimit) {
			this.abort('nodes');
			return;
		}
		const now = this.now();
		const elapsed = now - this.start;
		if (elapsed >= this.hardMs && (this.completedDepth >= this.minDepth || elapsed >= this.cutoffMs)) this.abort('time');
		if (this.aborted) return;
		// A stop request counts even while time waits for the first iteration.
		if (this.shouldStop?.()) this.abort('stop');
		// A little early rather than late: the next poll may be a few milliseconds away.
		else if (this.onProgress && now - this.lastProgress >= this.progressMs - 5) this.report(now);
	}

	/**
	 * Stops the search. Time waits for the first iteration (a few hundred nodes, well under a
	 * millisecond), so even a clock in its last moments gets a move that was looked at, and before
	 * `cutoffMs` for the iterations to `minDepth`; a stop request or a node limit stops at once (the
	 * first root move in order is legal).
	 */
	private abort(reason: SearchResult['stoppedBy']): void {
		if (reason === 'time' && this.completedDepth === 0) return;
		this.aborted = true;
		this.abortReason = reason;
	}

	private info(now: number): SearchInfo {
		const elapsedMs = Math.max(0, now - this.start);
		return {
			depth: this.completedDepth,
			selDepth: this.selDepth,
			lines: this.lines,
			nodes: this.nodes,
			nodesPerSecond: elapsedMs > 0 ? Math.round((this.nodes * 1000) / elapsedMs) : 0,
			elapsedMs,
		};
	}

	private report(now = this.now()): void {
		this.lastProgress = now;
		this.onProgress?.(this.info(now));
	}

	private result(move: number, score: number, stoppedBy: SearchResult['stoppedBy']): SearchResult {
		const info = this.info(this.now());
		return {...info, lines: move < 0 ? [] : info.lines, move, score, stoppedBy};
	}
}
