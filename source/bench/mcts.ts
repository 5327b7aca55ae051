/**
 * An MCTS-Solver player (issue 38, lead 6), an experiment against the alpha-beta engine: Monte-Carlo
 * tree search in the manner of Winands' MC-LOA, generic over SearchPosition but tuned (lightly) for
 * LOAPS. `npm run bench -- mcts` plays it against level 5 at the same time a move.
 *
 * What it does, as MC-LOA does:
 * - **UCT** selection over a tree kept in typed arrays (one node a move, a node's children made all
 *   at once, side by side, when it is first walked through a second time), with **progressive
 *   bias**: each child's selection value gets W · H / (n + 1), H the child's prior.
 * - **MCTS-Solver** (Winands, Björnsson and Saito 2008): a move that ends the game is proven when
 *   its node is made; a child proven a win for the side that moves into it proves its parent a loss
 *   for the side that moved into the parent, and all children proven losses prove the parent a win.
 *   Proven losses are never selected; a proven node returns its exact value instead of a playout.
 *   Draws are proven too where certain (a tie on points, the move limit, or every child a proven
 *   draw or loss for its mover), so a proof is the minimax value over the decided outcomes.
 * - **Short playouts guided by the evaluation**: from the new leaf a few plies (`playoutPlies`, 3 by
 *   default), each an ε-greedy one-ply choice (with chance ε a random move, else the move whose
 *   position the static evaluation likes best; a move that wins at once is always taken), then the
 *   leaf scored by the static evaluation as a win probability, 1 / (1 + e^(−eval / scale)). MC-LOA
 *   cut its playouts off where the evaluation judged the game decided, and its αβ-playout version
 *   chose each playout move by a two-ply search; here every playout is cut off after the same few
 *   plies, each chosen by one ply, which is what the time allows in JavaScript.
 *
 * Simplified from MC-LOA: the prior H is the static evaluation after the move (as a win
 * probability), not MC-LOA's move-category transition probabilities; no tree reuse between moves,
 * no transpositions (a tree, not a graph), no parallelism; the final move is the most visited child
 * that is not a proven loss (MC-LOA's "secure child" differs little), or a proven win at once.
 *
 * Tuned only lightly, MCTS against MCTS at 100 ms a move, 12 games (6 openings both ways) a
 * comparison, so within the noise: 3 playout plies beat 0 (9 of 12) and tied 6 (6 of 12, half the
 * iterations); exploration 0.3 beat 0.6 (9 of 12) and 0.15 beat 0.3 (8 of 12), hence 0.2; scale
 * 200 against 400 and no progressive bias against W = 1 were even (5.5 and 7.5 of 12), so those
 * stayed. About 5,000 iterations a second in the middle game, on a 2-core machine busy with another
 * benchmark (12,000 at the start on a quieter one).
 *
 * Nothing allocates per iteration: the nodes are struct-of-arrays typed arrays that grow by
 * doubling, the move buffers are made once, and one SearchPosition is walked by make/unmake.
 */
import {ONGOING, type Game, type SearchPosition} from '../games/game.js';
import {loaps} from '../games/loa/index.js';
import {planMove} from '../engine/levels.js';
import {decide} from '../engine/players.js';
import {seededRandom} from '../engine/random.js';
import {Searcher} from '../engine/search.js';
import {DEFAULT_MAX_PLIES} from './selfplay.js';
import {loadOpenings} from './sprt-openings.js';
import {addPair, describeSprt, EMPTY_PENTANOMIAL, sprtState, verdictText, type Pentanomial, type SprtSettings} from './sprt-stats.js';

/** A node's proof: not proven, or proven for the side that moved into it. */
const UNKNOWN = 0;
const WON = 1;
const LOST = -1;
const DRAWN = 2;

/** The deepest a walk down the tree may go (LOAPS ends by ply 100). */
const MAX_PATH = 512;
/** The most nodes the tree may hold; past it the leaves are no longer expanded. */
const MAX_NODES = 1 << 23;

export interface MctsOptions {
	/** Stop after this many milliseconds of `now`'s clock. */
	readonly timeMs?: number;
	/** Stop after this many iterations (simulations). */
	readonly iterations?: number;
	readonly seed?: number;
	/** Plies of each playout before the evaluation scores it; 3 by default. */
	readonly playoutPlies?: number;
	/** The chance of a random move at each playout ply; 0.1 by default. */
	readonly epsilon?: number;
	/** Centipoints to the logistic's unit: win probability 1 / (1 + e^(−eval / scale)); 400 by default. */
	readonly scale?: number;
	/** UCT's exploration constant; 0.2 by default. */
	readonly exploration?: number;
	/** Progressive bias weight W; 1 by default. */
	readonly bias?: number;
	/** The clock, in milliseconds; wall time by default. */
	readonly now?: () => number;
}

export interface MctsResult {
	/** The move to play, or -1 where there is none. */
	readonly move: number;
	/** The root's proof for the side to move: 'won', 'lost', 'drawn' or null (not proven). */
	readonly proven: 'won' | 'lost' | 'drawn' | null;
	/** The chosen child's mean value for the side to move (0..1), or its proven value. */
	readonly value: number;
	readonly iterations: number;
	readonly nodes: number;
	readonly elapsedMs: number;
}

export class MctsSolver {
	private capacity = 0;
	private move = new Int32Array(0);
	private first = new Int32Array(0);
	private count = new Int32Array(0);
	private visits = new Int32Array(0);
	/** Summed values for the side that moved into the node, each 0..1. */
	private wins = new Float64Array(0);
	private prior = new Float32Array(0);
	private proof = new Int8Array(0);
	private used = 0;
	private readonly path = new Int32Array(MAX_PATH);
	/** The moves of the node being expanded, or of the playout's current ply. */
	private moves = new Int32Array(0);
	private position!: SearchPosition;
	private random: () => number = Math.random;
	private playoutPlies = 3;
	private epsilon = 0.1;
	private scale = 400;
	private exploration = 0.2;
	private bias = 1;

	constructor() {
		this.grow(1 << 16);
	}

	search(position: SearchPosition, options: MctsOptions = {}): MctsResult {
		const now = options.now ?? (() => performance.now());
		const start = now();
		this.position = position;
		this.random = seededRandom(options.seed ?? 1);
		this.playoutPlies = options.playoutPlies ?? 3;
		this.epsilon = options.epsilon ?? 0.1;
		this.scale = options.scale ?? 400;
		this.exploration = options.exploration ?? 0.2;
		this.bias = options.bias ?? 1;
		const timeMs = options.timeMs ?? Infinity;
		const maxIterations = options.iterations ?? (timeMs === Infinity ? 10_000 : Infinity);
		if (this.moves.length !== position.maxMoves) this.moves = new Int32Array(position.maxMoves);
		this.used = 1;
		this.resetNode(0, -1);
		const done = (move: number, proven: MctsResult['proven'], value: number, iterations: number): MctsResult => ({
			move,
			proven,
			value,
			iterations,
			nodes: this.used,
			elapsedMs: now() - start,
		});
		// No move at all (the game over, or the side to move stuck): nothing to play.
		if (position.terminal() !== ONGOING || !this.expand(0) || this.count[0] === 0) return done(-1, null, 0, 0);
		let iterations = 0;
		while (this.proof[0] === UNKNOWN && iterations < maxIterations) {
			this.iterate();
			iterations++;
			// The clock every iteration: one costs tens of microseconds.
			if (timeMs !== Infinity && now() - start >= timeMs) break;
		}
		const child = this.bestChild();
		const rootProof = this.proof[0]!;
		// The root's proof is for the side that moved into it: the side to move has the opposite.
		const proven = rootProof === LOST ? 'won' : rootProof === WON ? 'lost' : rootProof === DRAWN ? 'drawn' : null;
		const childProof = this.proof[child]!;
		const value =
			childProof === WON ? 1 : childProof === LOST ? 0 : childProof === DRAWN ? 0.5 : this.wins[child]! / Math.max(1, this.visits[child]!);
		return done(this.move[child]!, proven, value, iterations);
	}

	/** The root's child to play: a proven win, else the most visited that is not a proven loss (ties: the better mean). */
	private bestChild(): number {
		const first = this.first[0]!;
		const end = first + this.count[0]!;
		let best = first;
		let bestKey = -Infinity;
		for (let child = first; child < end; child++) {
			const proof = this.proof[child]!;
			if (proof === WON) return child;
			const visits = this.visits[child]!;
			const mean = visits > 0 ? this.wins[child]! / visits : this.prior[child]!;
			// A proven loss only where every move is one; a proven draw by its value.
			const key = (proof === LOST ? -1e12 : 0) + visits + mean * 1e-3;
			if (key > bestKey) {
				bestKey = key;
				best = child;
			}
		}
		return best;
	}

	/** One simulation: down the tree, expand, a short playout, the value back up, the proofs too. */
	private iterate(): void {
		const position = this.position;
		const path = this.path;
		let depth = 0;
		let node = 0;
		path[0] = 0;
		let value: number;
		for (;;) {
			const proof = this.proof[node]!;
			if (proof !== UNKNOWN) {
				value = proof === WON ? 1 : proof === LOST ? 0 : 0.5;
				break;
			}
			if (this.count[node]! === 0) {
				// A leaf: made into an inner node the second time it is reached, if room is left.
				if (this.visits[node]! === 0 || depth + 1 >= MAX_PATH || !this.expand(node)) {
					value = this.playout();
					break;
				}
				if (this.proof[node]! !== UNKNOWN) {
					// A child ended the game: the node is proven at once.
					this.propagate(depth);
					continue;
				}
			}
			node = this.select(node);
			position.make(this.move[node]!);
			path[++depth] = node;
		}
		// Back up: `value` is for the side that moved into path[depth].
		for (let at = depth; at >= 0; at--) {
			const here = path[at]!;
			this.visits[here]!++;
			this.wins[here]! += value;
			value = 1 - value;
		}
		for (let at = depth; at > 0; at--) position.unmake();
	}

	/** The child of `node` to walk into: UCT with progressive bias, proven losses left out. */
	private select(node: number): number {
		const first = this.first[node]!;
		const end = first + this.count[node]!;
		const logParent = Math.log(this.visits[node]! + 1);
		const c = this.exploration;
		const w = this.bias;
		let best = -1;
		let bestScore = -Infinity;
		for (let child = first; child < end; child++) {
			const proof = this.proof[child]!;
			if (proof === LOST) continue;
			const visits = this.visits[child]!;
			const prior = this.prior[child]!;
			const mean = proof === DRAWN ? 0.5 : visits > 0 ? this.wins[child]! / visits : prior;
			const score = mean + c * Math.sqrt(logParent / (visits + 1)) + (w * prior) / (visits + 1);
			if (score > bestScore) {
				bestScore = score;
				best = child;
			}
		}
		return best;
	}

	/**
	 * Makes the children of `node` (the position now on the board): each move's prior from the
	 * evaluation after it, and its proof where it ends the game. Sets the node's own proof from them.
	 * False where the tree is full.
	 */
	private expand(node: number): boolean {
		const position = this.position;
		const total = position.generateMoves(this.moves, 0);
		if (this.used + total > this.capacity) {
			if (this.used + total > MAX_NODES) return false;
			this.grow(Math.min(MAX_NODES, this.capacity * 2));
		}
		const first = this.used;
		this.used += total;
		this.first[node] = first;
		this.count[node] = total;
		for (let i = 0; i < total; i++) {
			const child = first + i;
			const move = this.moves[i]!;
			this.resetNode(child, move);
			position.make(move);
			const result = this.ended();
			if (result !== ONGOING) {
				// `result` is for the side to move after the move: the opposite for the child's mover.
				this.proof[child] = result > 0 ? LOST : result < 0 ? WON : DRAWN;
				this.prior[child] = result > 0 ? 0 : result < 0 ? 1 : 0.5;
			} else {
				this.prior[child] = 1 - this.probability(position.evaluate());
			}
			position.unmake();
		}
		this.prove(node);
		return true;
	}

	/** How the game stands for the side to move: ONGOING, or 1, 0, -1 (a side with no move has lost). */
	private ended(): number {
		const position = this.position;
		const result = position.terminal();
		if (result !== ONGOING) return result;
		if (position.repeated()) return 0;
		const has = position.hasMoves ? position.hasMoves() : position.countMoves() > 0;
		return has ? ONGOING : -1;
	}

	/** Sets `node`'s proof from its children's (a minimax over the decided ones); whether it changed. */
	private prove(node: number): boolean {
		if (this.proof[node] !== UNKNOWN) return false;
		const first = this.first[node]!;
		const end = first + this.count[node]!;
		let open = false;
		let drawn = false;
		for (let child = first; child < end; child++) {
			const proof = this.proof[child]!;
			if (proof === WON) {
				this.proof[node] = LOST;
				return true;
			}
			if (proof === UNKNOWN) open = true;
			else if (proof === DRAWN) drawn = true;
		}
		if (open || end === first) return false;
		this.proof[node] = drawn ? DRAWN : WON;
		return true;
	}

	/** A proof just made at path[depth]: its ancestors proven in turn as far as they follow. */
	private propagate(depth: number): void {
		for (let at = depth - 1; at >= 0; at--) {
			if (!this.prove(this.path[at]!)) return;
		}
	}

	/**
	 * A short playout from the position on the board: its value for the side that moved into it (the
	 * side not to move now), 0..1. Leaves the position as it was.
	 */
	private playout(): number {
		const position = this.position;
		let plies = 0;
		// The value for the side to move at the end.
		let value = -1;
		for (;;) {
			const result = position.terminal();
			if (result !== ONGOING) {
				value = (result + 1) / 2;
				break;
			}
			if (plies >= this.playoutPlies) {
				value = this.probability(position.evaluate());
				break;
			}
			const total = position.generateMoves(this.moves, 0);
			if (total === 0) {
				value = 0;
				break;
			}
			let move: number;
			if (this.random() < this.epsilon) move = this.moves[Math.floor(this.random() * total)]!;
			else move = this.greedy(total);
			position.make(move);
			plies++;
		}
		for (let i = 0; i < plies; i++) position.unmake();
		// `value` is for the side to move at the end: after an even number of plies, the side to move now.
		return plies % 2 === 0 ? 1 - value : value;
	}

	/** Of the moves in the buffer, the one whose position the evaluation likes best for the mover; a win at once first. */
	private greedy(total: number): number {
		const position = this.position;
		let best = this.moves[0]!;
		let bestScore = -Infinity;
		for (let i = 0; i < total; i++) {
			const move = this.moves[i]!;
			position.make(move);
			const result = position.terminal();
			let score: number;
			if (result !== ONGOING) score = result < 0 ? 1e9 : result > 0 ? -1e9 : 0;
			else score = 0 - position.evaluate() + this.random();
			position.unmake();
			if (score >= 1e9) return move;
			if (score > bestScore) {
				bestScore = score;
				best = move;
			}
		}
		return best;
	}

	/** The evaluation (centipoints, the side to move's) as the side to move's chance to win. */
	private probability(evaluation: number): number {
		return 1 / (1 + Math.exp(-evaluation / this.scale));
	}

	private resetNode(node: number, move: number): void {
		this.move[node] = move;
		this.first[node] = 0;
		this.count[node] = 0;
		this.visits[node] = 0;
		this.wins[node] = 0;
		this.prior[node] = 0.5;
		this.proof[node] = UNKNOWN;
	}

	private grow(capacity: number): void {
		const copy = <T extends {set(array: ArrayLike<number>): void}>(old: ArrayLike<number>, made: T): T => {
			made.set(old);
			return made;
		};
		this.move = copy(this.move, new Int32Array(capacity));
		this.first = copy(this.first, new Int32Array(capacity));
		this.count = copy(this.count, new Int32Array(capacity));
		this.visits = copy(this.visits, new Int32Array(capacity));
		this.wins = copy(this.wins, new Float64Array(capacity));
		this.prior = copy(this.prior, new Float32Array(capacity));
		this.proof = copy(this.proof, new Int8Array(capacity));
		this.capacity = capacity;
	}
}

let shared: MctsSolver | null = null;

/** The MCTS-Solver's move for the position (-1 where there is none), on a solver kept from call to call. */
export function mctsMove(position: SearchPosition, options: MctsOptions = {}): number {
	shared ??= new MctsSolver();
	return shared.search(position, options).move;
}

export interface MctsMatchOptions {
	/** Milliseconds a move, for both players (wall time on this thread). */
	readonly ms: number;
	/** Stop after this many pairs if the test has not decided. */
	readonly pairs: number;
	readonly settings: SprtSettings;
	/** Seed of the MCTS player's randomness (and level 5's, which uses none at full strength). */
	readonly seed: number;
	readonly say: (line: string) => void;
}

/** One game's end, from the MCTS player's side. */
interface MatchGame {
	readonly score: number;
	readonly reason: string;
}

/** What each side spent, summed over a match: moves, milliseconds, and the MCTS player's iterations and proofs. */
interface MatchSpend {
	mctsMoves: number;
	mctsMs: number;
	iterations: number;
	proven: number;
	searchMoves: number;
	searchMs: number;
	depth: number;
}

/**
 * One game of the MCTS-Solver against level 5 from `start`, each on `ms` milliseconds a move of
 * wall time, one after the other on this thread; level 5's searcher keeps its table through the game
 * (as it does in play), the MCTS player starts each move afresh.
 */
function playMctsGame<State>(
	game: Game<State>,
	start: State,
	mctsFirst: boolean,
	solver: MctsSolver,
	searcher: Searcher,
	options: MctsMatchOptions,
	spend: MatchSpend,
): MatchGame {
	searcher.clear();
	const mctsSide = mctsFirst ? 1 : 2;
	const plan = planMove(5, {fixedMs: options.ms, seed: options.seed});
	let state = start;
	for (let plies = 0; ; plies++) {
		const outcome = game.outcome(state);
		if (outcome) return {score: outcome.winner === null ? 0.5 : outcome.winner === mctsSide ? 1 : 0, reason: outcome.reason};
		if (plies >= DEFAULT_MAX_PLIES) return {score: 0.5, reason: 'cap'};
		const position = game.searchPosition(state);
		const started = performance.now();
		let move: number;
		if (game.toMove(state) === mctsSide) {
			const result = solver.search(position, {timeMs: options.ms, seed: options.seed + plies});
			move = result.move;
			spend.mctsMoves++;
			spend.mctsMs += performance.now() - started;
			spend.iterations += result.iterations;
			if (result.proven !== null) spend.proven++;
		} else {
			const decision = decide(searcher, position, {...plan, seed: options.seed + plies});
			move = decision.move;
			spend.searchMoves++;
			spend.searchMs += performance.now() - started;
			spend.depth += decision.depth;
		}
		if (move < 0 || !game.legalMoves(state).includes(move))
			throw new Error(`${game.toMove(state) === mctsSide ? 'MCTS' : 'level 5'} chose no legal move at ply ${plies}`);
		state = game.play(state, move);
	}
}

/**
 * `npm run bench -- mcts`: the MCTS-Solver against level 5's alpha-beta, LOAPS, the same
 * milliseconds a move each, from the shipped SPRT openings in the set's order, each played twice
 * with the colours swapped, until the SPRT decides or `pairs` pairs are played. One game at a time
 * on this thread, so both players have the same CPU.
 */
export function benchMcts(options: MctsMatchOptions): void {
	const {ms, settings, say} = options;
	const openings = loadOpenings(loaps);
	if (!openings.ok) throw new Error(openings.error);
	const pairs = Math.min(options.pairs, openings.value.length);
	const solver = new MctsSolver();
	const searcher = new Searcher({tableMegabytes: 16});
	const spend: MatchSpend = {mctsMoves: 0, mctsMs: 0, iterations: 0, proven: 0, searchMoves: 0, searchMs: 0, depth: 0};
	const reasons = new Map<string, number>();
	let counts: Pentanomial = EMPTY_PENTANOMIAL;
	let state = sprtState(counts, settings);
	const started = performance.now();
	say(
		`mcts: the MCTS-Solver (bench/mcts.ts) against level 5, LOAPS, ${ms} ms a move each on one thread, ` +
			`up to ${pairs} openings of bench/openings/loaps.txt each played both ways; ` +
			`SPRT elo0 ${settings.elo0}, elo1 ${settings.elo1}, alpha ${settings.alpha}, beta ${settings.beta}`,
	);
	for (let pair = 0; pair < pairs; pair++) {
		const opening = openings.value[pair]!;
		const scores = [true, false].map(mctsFirst => {
			const played = playMctsGame(loaps, opening.state, mctsFirst, solver, searcher, options, spend);
			reasons.set(played.reason, (reasons.get(played.reason) ?? 0) + 1);
			return played.score;
		});
		counts = addPair(counts, scores[0]!, scores[1]!);
		state = sprtState(counts, settings);
		const minutes = ((performance.now() - started) / 60_000).toFixed(1);
		say(
			`mcts: pair ${pair + 1} (line ${opening.line}): ${scores[0]} first, ${scores[1]} second; ${describeSprt(counts, state)} [${minutes} min]`,
		);
		if (state.verdict !== null) break;
	}
	const ends = [...reasons].map(([reason, count]) => `${reason} ${count}`).join(', ');
	const verdict = verdictText(state, settings);
	const mean = (total: number, count: number, digits = 0) => (count > 0 ? (total / count).toFixed(digits) : '-');
	say(
		`mcts: moves took ${mean(spend.mctsMs, spend.mctsMoves, 1)} ms (MCTS, ${mean(spend.iterations, spend.mctsMoves)} iterations a move, ` +
			`${spend.proven} of ${spend.mctsMoves} moves with the root proven) and ${mean(spend.searchMs, spend.searchMoves, 1)} ms ` +
			`(level 5, depth ${mean(spend.depth, spend.searchMoves, 1)}) on average; ends: ${ends}`,
	);
	say(`mcts: loaps ${ms} ms a move, ${describeSprt(counts, state)}, ${verdict}`);
}
