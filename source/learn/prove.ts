/**
 * Proving a puzzle: that a position has one clearly best move, and by what right. Generic over the
 * game contract (the fast SearchPosition and the friendly Game), so the puzzle builder (build.ts),
 * the re-proof of the shipped sets (`npm run puzzles -- check`, the bench) and a player's own
 * puzzles (a position before a blunder) all prove alike.
 *
 * Three kinds of proof, tried in this order (see Proof in puzzle.ts):
 *
 * - solver: where the game has an exact solver that can finish from here (near the end of a game
 *   small enough to solve there), every root move is solved; the answer is the unique best by the
 *   game's `reviewScale.inaccuracy` at least (what the review would call a loss).
 * - proof: an exact AND/OR search for "the side to move wins by force within N of its moves", N
 *   from 1 up; exactly one first move may win within the least N that any does.
 * - search: the engine's search with two best lines to SEARCH_DEPTH and, as a check, two plies
 *   deeper (depth-limited, and a cap of nodes, never timed: a proof repeats on any machine): both
 *   times the same best move, beating the second by `reviewScale.blunder` at least (a proven win
 *   against none counts as more than any margin). Any other move is what the game's review would
 *   mark a blunder.
 *
 * Every answer comes with `findDepth`, the shallowest depth at which the plain search plays it,
 * which the builder's rating starts from.
 */
import {ONGOING, type Game, type SearchPosition} from '../games/game.js';
import type {Line} from '../games/search.js';
import {decidedIn, Searcher} from '../engine/search.js';
import type {Proof, Puzzle} from './puzzle.js';

/** What a proof may spend: all in nodes or depths, never in time, so the same position proves the same anywhere. */
export interface ProofBudget {
	/** The cheap look first: nodes of a two-line search that a position must pass before any proof. */
	readonly quickNodes: number;
	/** The most moves of the side to move the proof search looks for a forced win within. */
	readonly proofMoves: number;
	/** Nodes the proof search may spend on a position, every N together. */
	readonly proofNodes: number;
	/** Nodes the exact solver may spend on a position, every root move together; 0: do not try. */
	readonly solveNodes: number;
	/** Nodes the search proof's two-line search may take to reach SEARCH_DEPTH + 2: no proof where it cannot. */
	readonly searchNodes: number;
	/** Nodes and deepest depth of the search that finds findDepth. */
	readonly findNodes: number;
	readonly findMaxDepth: number;
	/** The most moves of the solver a solver proof's solution runs to. */
	readonly solverMoves: number;
}

export const DEFAULT_BUDGET: ProofBudget = {
	quickNodes: 3_000,
	proofMoves: 3,
	proofNodes: 600_000,
	solveNodes: 120_000,
	searchNodes: 1_500_000,
	findNodes: 60_000,
	findMaxDepth: 9,
	solverMoves: 3,
};

/** A proved puzzle, in moves as the fast position numbers them. */
export interface Proved {
	/** The solver's move, the opponent's reply, and so on; it ends with the solver's move. */
	readonly solution: readonly number[];
	readonly proof: Proof;
	/** How the solution ends: the game won on the board, or an advantage kept. */
	readonly ends: 'win' | 'advantage';
	/** The shallowest depth whose search's best move is the answer (findMaxDepth + 1 when none is). */
	readonly findDepth: number;
}

/**
 * The search proof's depth D: its best move must hold at D and at D + 2. Four and six plies see a
 * connection in two and the reply, and take a second or less in the middle of any of the games (an
 * opening with over a hundred moves the most: about 4 s).
 */
export const SEARCH_DEPTH = 4;

type Scaled = Pick<Game<unknown>, 'reviewScale'>;

/** The margin a search proof's answer must beat the second best by, in centipoints: what the game's review calls a blunder. */
export const searchMargin = (game: Scaled): number => game.reviewScale.blunder * 100;

/** The margin a solver proof's answer must beat the second best by, in centipoints: an exact value needs only the review's least loss. */
export const solverMargin = (game: Scaled): number => game.reviewScale.inaccuracy * 100;

const marginsOf = (game: Scaled) => ({solver: solverMargin(game), search: searchMargin(game)});

/**
 * The exact AND/OR search: whether the side to move wins by force within n of its own moves. No
 * pruning beyond the cut-offs of AND and OR themselves, no table: a node is a position on the one
 * board, made and unmade, its moves in a buffer of its ply (one Int32Array, stride maxMoves, made
 * once), so the search allocates nothing. A repeated position is a draw, as the engine's search
 * scores it; an empty move list is a lost game for the side to move.
 */
class ProofSearch {
	nodes = 0;
	aborted = false;
	private readonly stride: number;
	private readonly moves: Int32Array;
	/** By move slot: 1 when the move ended the game (or repeated a position), found in a node's first pass. */
	private readonly ended: Uint8Array;

	constructor(
		readonly position: SearchPosition,
		private readonly nodeLimit: number,
		maxMoves: number,
	) {
		this.stride = position.maxMoves;
		// Root, then 2 plies a move of the solver's, and one more for the last replies' check.
		const plies = 2 * maxMoves + 2;
		this.moves = new Int32Array(plies * this.stride);
		this.ended = new Uint8Array(plies * this.stride);
	}

	/** A node made: false once the budget is spent. */
	private count(): boolean {
		if (++this.nodes > this.nodeLimit) this.aborted = true;
		return !this.aborted;
	}

	/** Whether the side that just moved has won already: the game over in its favour, or the side to move stuck. */
	private wonByLastMove(): boolean {
		const position = this.position;
		const result = position.terminal();
		if (result !== ONGOING) return result === -1;
		if (position.repeated()) return false;
		return !(position.hasMoves ? position.hasMoves() : position.countMoves() > 0);
	}

	/** Whether the side to move wins within n (at least 1) of its moves. Moves that win at once are looked for first. */
	wins(n: number, ply: number): boolean {
		const position = this.position;
		const base = ply * this.stride;
		const count = position.generateMoves(this.moves, base);
		for (let i = 0; i < count; i++) {
			if (!this.count()) return false;
			position.make(this.moves[base + i]!);
			const won = this.wonByLastMove();
			this.ended[base + i] = position.terminal() !== ONGOING || position.repeated() ? 1 : 0;
			position.unmake();
			if (won) return true;
		}
		if (n === 1) return false;
		for (let i = 0; i < count; i++) {
			if (this.ended[base + i] === 1) continue;
			position.make(this.moves[base + i]!);
			const won = this.loses(n - 1, ply + 1);
			position.unmake();
			if (won || this.aborted) return won && !this.aborted;
		}
		return false;
	}

	/**
	 * Whether the side to move (the game going on, its position not a repetition) loses within n
	 * moves of its opponent's, whatever it does. Replies that end the game are looked at first:
	 * one that draws or wins refutes at once.
	 */
	loses(n: number, ply: number): boolean {
		const position = this.position;
		if (!(position.hasMoves ? position.hasMoves() : position.countMoves() > 0)) return true;
		if (n === 0) return false;
		const base = ply * this.stride;
		const count = position.generateMoves(this.moves, base);
		for (let i = 0; i < count; i++) {
			if (!this.count()) return false;
			position.make(this.moves[base + i]!);
			const result = position.terminal();
			// The opponent, now to move, has won (1), or not: a draw, a loss or a repetition holds.
			const holds = result === ONGOING ? position.repeated() : result !== 1;
			this.ended[base + i] = result !== ONGOING ? 1 : 0;
			position.unmake();
			if (holds) return false;
		}
		for (let i = 0; i < count; i++) {
			if (this.ended[base + i] === 1) continue;
			position.make(this.moves[base + i]!);
			const lost = this.wins(n, ply + 1);
			position.unmake();
			if (!lost || this.aborted) return false;
		}
		return true;
	}

	/** Whether `move` wins within n moves (this one included); the board is left as it was. */
	moveWins(move: number, n: number, ply: number): boolean {
		const position = this.position;
		position.make(move);
		let won = this.wonByLastMove();
		if (!won && n > 1 && position.terminal() === ONGOING && !position.repeated()) won = this.loses(n - 1, ply + 1);
		position.unmake();
		return won && !this.aborted;
	}

	/** The legal moves of the position now, in a fresh array (the root's and the line's, never in the hot path). */
	listMoves(): number[] {
		const buffer = new Int32Array(this.position.maxMoves);
		return Array.from(buffer.subarray(0, this.position.generateMoves(buffer, 0)));
	}
}

/** What the proof search found at the root: one winner at the least N, several, none within the most N, or out of budget. */
type ProofAnswer =
	| {readonly kind: 'unique'; readonly moves: number; readonly solution: number[]}
	| {readonly kind: 'several'; readonly moves: number}
	| {readonly kind: 'none'}
	| {readonly kind: 'unknown'};

/**
 * The proof search at the root: for N = 1, 2, ... the first moves that win within N; at the first
 * N where any does, exactly one must. Its solution: that move, then the reply that holds out
 * longest (the first such in move order), then a move that wins soonest (the first), and so on to
 * the end of the game.
 */
function proveByForce(position: SearchPosition, maxMoves: number, nodes: number): ProofAnswer {
	const search = new ProofSearch(position, nodes, maxMoves);
	const roots = search.listMoves();
	for (let n = 1; n <= maxMoves; n++) {
		const winners = roots.filter(move => search.moveWins(move, n, 0));
		if (search.aborted) return {kind: 'unknown'};
		if (winners.length > 1) return {kind: 'several', moves: n};
		if (winners.length === 1) {
			const solution = forcedLine(search, winners[0]!, n);
			return solution === null ? {kind: 'unknown'} : {kind: 'unique', moves: n, solution};
		}
	}
	return {kind: 'none'};
}

/** The least k ≤ n within which the side to move wins, or 0 when none does (or the budget ran out). */
function soonestWin(search: ProofSearch, n: number, ply: number): number {
	for (let k = 1; k <= n; k++) if (search.wins(k, ply)) return k;
	return 0;
}

/** The solution line of a move proved to win within n (see proveByForce); null if the budget ran out on the way. */
function forcedLine(search: ProofSearch, first: number, n: number): number[] | null {
	const position = search.position;
	const line = [first];
	position.make(first);
	let left = n - 1;
	try {
		for (;;) {
			if (position.terminal() !== ONGOING || !(position.hasMoves ? position.hasMoves() : position.countMoves() > 0)) return line;
			// The defender's reply that holds out longest: a reply that ends the game holds out for none.
			let reply = -1;
			let hold = -1;
			for (const move of search.listMoves()) {
				position.make(move);
				const lasts = position.terminal() !== ONGOING ? 0 : soonestWin(search, left, 1);
				position.unmake();
				if (search.aborted) return null;
				if (lasts > hold) [reply, hold] = [move, lasts];
			}
			line.push(reply);
			position.make(reply);
			if (hold === 0) return line;
			// The solver's move that wins soonest.
			let answer = -1;
			for (let k = 1; k <= hold && answer < 0; k++) answer = search.listMoves().find(move => search.moveWins(move, k, 1)) ?? -1;
			if (search.aborted || answer < 0) return null;
			line.push(answer);
			position.make(answer);
			left = hold - 1;
		}
	} finally {
		for (let i = 0; i < line.length; i++) position.unmake();
	}
}

/**
 * Whether the side to move in `state` wins by force within `moves` of its own moves: for the
 * puzzle screen, which takes any move that still wins within the moves left. Null when the node
 * budget ran out before an answer.
 */
export function winsWithin<State>(game: Game<State>, state: State, moves: number, nodes = 20_000_000): boolean | null {
	if (game.outcome(state) !== null || moves < 1) return false;
	const search = new ProofSearch(game.searchPosition(state), nodes, moves);
	const won = search.wins(moves, 0);
	return search.aborted ? null : won;
}

interface SolvedRoot {
	readonly moves: readonly number[];
	/** By move: its exact value, in centipoints from the mover's side. */
	readonly values: readonly number[];
	/** By move: the solver's line after it, the opponent's best reply first (empty where the move ends the game). */
	readonly replies: readonly (readonly number[])[];
}

/**
 * The value of each root move by the exact solver, from the mover's side; null when it could not
 * finish the position within its nodes, 'partly' when it finished the position but not every move.
 */
function solveRoot(position: SearchPosition, nodes: number): SolvedRoot | 'partly' | null {
	if (!position.solve || nodes <= 0) return null;
	// The whole position first: where it cannot be solved, no move is tried; where it can, its table answers most of the rest.
	const whole = position.solve({nodes});
	if (!whole) return null;
	let spent = whole.nodes;
	const buffer = new Int32Array(position.maxMoves);
	const moves = Array.from(buffer.subarray(0, position.generateMoves(buffer, 0)));
	const values: number[] = [];
	const replies: number[][] = [];
	for (const move of moves) {
		position.make(move);
		let value: number;
		let line: number[] = [];
		// A game with a solver scores its end by finalScore, as the solver's values are.
		if (position.terminal() !== ONGOING) value = position.finalScore ? 0 - position.finalScore() : 0 - position.terminal();
		else {
			const child = position.solve({nodes: Math.max(1, nodes - spent)});
			if (child) {
				spent += child.nodes;
				value = 0 - child.score;
				line = [...child.pv];
			} else value = NaN;
		}
		position.unmake();
		if (Number.isNaN(value)) return 'partly';
		values.push(value);
		replies.push(line);
	}
	return {moves, values, replies};
}

/** The unique best of values by `margin` at least: its index, or -1. */
function clearBest(values: readonly number[], margin: number): number {
	if (values.length < 2) return -1;
	let best = 0;
	for (let i = 1; i < values.length; i++) if (values[i]! > values[best]!) best = i;
	let second = -Infinity;
	for (let i = 0; i < values.length; i++) if (i !== best && values[i]! > second) second = values[i]!;
	return values[best]! - second >= margin ? best : -1;
}

/**
 * The solver proof: the answer, then while the solver has moves left to give, the opponent's best
 * reply (the solver's line) and the solver's next move, kept only where it too is the unique best
 * by the margin. Null when the solver cannot finish, or no move is clearly best.
 */
function proveBySolver(position: SearchPosition, root: SolvedRoot, margin: number, budget: ProofBudget): number[] | null {
	const best = clearBest(root.values, margin);
	if (best < 0) return null;
	const solution = [root.moves[best]!];
	let reply = root.replies[best]![0];
	let made = 0;
	position.make(solution[0]!);
	made++;
	while (solution.length < 2 * budget.solverMoves - 1 && reply !== undefined && position.terminal() === ONGOING) {
		position.make(reply);
		made++;
		if (position.terminal() !== ONGOING) break;
		const next = solveRoot(position, budget.solveNodes);
		const at = next !== null && next !== 'partly' ? clearBest(next.values, margin) : -1;
		if (next === null || next === 'partly' || at < 0) break;
		solution.push(reply, next.moves[at]!);
		position.make(next.moves[at]!);
		made++;
		reply = next.replies[at]![0];
	}
	for (let i = 0; i < made; i++) position.unmake();
	return solution;
}

/** A searcher for proofs, cleared before each so that a proof depends on its position alone. */
let proofSearcher: Searcher | null = null;

function freshSearcher(): Searcher {
	proofSearcher ??= new Searcher({tableMegabytes: 4});
	proofSearcher.configure({evalNoise: 0});
	proofSearcher.clear();
	return proofSearcher;
}

/** A two-line search to `maxDepth` within `nodes`: the lines of each depth it completed, by depth. */
function linesByDepth(position: SearchPosition, nodes: number, maxDepth: number, multiPv: number): Map<number, readonly Line[]> {
	const byDepth = new Map<number, readonly Line[]>();
	freshSearcher().search(position, {nodes, depth: maxDepth, multiPv}, {onProgress: info => byDepth.set(info.depth, info.lines)});
	byDepth.delete(0);
	return byDepth;
}

/**
 * By how much the best line beats the second, in centipoints: Infinity for a proven win against
 * none, or the only move that is not a proven loss; 0 where both are proven wins, or everything loses.
 */
function marginOf(lines: readonly Line[]): number {
	const [first, second] = lines;
	if (!first || !second) return 0;
	const won = (score: number) => decidedIn(score) !== null && score > 0;
	const lost = (score: number) => decidedIn(score) !== null && score < 0;
	if (lost(first.score)) return 0;
	if (won(first.score)) return won(second.score) ? 0 : Infinity;
	if (lost(second.score)) return Infinity;
	return first.score - second.score;
}

/** The search proof's search: two lines to SEARCH_DEPTH + 2 within its nodes, by depth. */
const searchLines = (position: SearchPosition, budget: ProofBudget) => linesByDepth(position, budget.searchNodes, SEARCH_DEPTH + 2, 2);

/** The search proof's answer: at SEARCH_DEPTH and two plies deeper the same best move, beating the second by `margin`; or -1. */
function searchAnswer(byDepth: ReadonlyMap<number, readonly Line[]>, margin: number): number {
	const shallow = byDepth.get(SEARCH_DEPTH);
	const deep = byDepth.get(SEARCH_DEPTH + 2);
	if (!shallow || !deep || shallow[0]!.move !== deep[0]!.move) return -1;
	return marginOf(shallow) >= margin && marginOf(deep) >= margin ? deep[0]!.move : -1;
}

/** The shallowest depth whose best move is `answer` (a single-line search, fresh), or findMaxDepth + 1. */
function findDepthOf(position: SearchPosition, answer: number, budget: ProofBudget): number {
	const byDepth = linesByDepth(position, budget.findNodes, budget.findMaxDepth, 1);
	for (const depth of [...byDepth.keys()].sort((a, b) => a - b)) if (byDepth.get(depth)![0]?.move === answer) return depth;
	return budget.findMaxDepth + 1;
}

/** How a solution ends: the game over and won by the side that was to move at its start, or not. */
function endsOf(position: SearchPosition, solution: readonly number[]): 'win' | 'advantage' {
	for (const move of solution) position.make(move);
	// The solver made the last move: the side to move now is its opponent.
	const result = position.terminal();
	const stuck = result === ONGOING && !position.repeated() && !(position.hasMoves ? position.hasMoves() : position.countMoves() > 0);
	for (let i = 0; i < solution.length; i++) position.unmake();
	return result === -1 || stuck ? 'win' : 'advantage';
}

/**
 * Proves that `state` is a puzzle: one clearly best move for the side to move, by the first kind
 * of proof that settles it (see the head of this file). Null when the game is over, there are
 * fewer than two moves, or no move is clearly best (or no proof could tell within the budget).
 */
export function provePuzzle<State>(game: Game<State>, state: State, budget: ProofBudget = DEFAULT_BUDGET): Proved | null {
	return provePosition(game, state, budget).proved;
}

/**
 * provePuzzle, and whether the game's exact solver finished on the position and each of its moves
 * (the builder stops asking it once it cannot: earlier positions of a game are further from the end).
 */
export function provePosition<State>(
	game: Game<State>,
	state: State,
	budget: ProofBudget = DEFAULT_BUDGET,
): {readonly proved: Proved | null; readonly solved: boolean} {
	const none = {proved: null, solved: false};
	if (game.outcome(state) !== null) return none;
	const position = game.searchPosition(state);
	if (position.countMoves() < 2) return none;
	const margins = marginsOf(game);
	// A line ending on the opponent's move (every reply lost at once) is no puzzle: a puzzle's last move is the solver's.
	const ended = (solution: readonly number[]): boolean => solution.length % 2 === 1;
	const done = (solution: readonly number[], proof: Proof): Proved => ({
		solution,
		proof,
		ends: endsOf(position, solution),
		findDepth: findDepthOf(position, solution[0]!, budget),
	});

	if (position.solve && budget.solveNodes > 0) {
		const root = solveRoot(position, budget.solveNodes);
		// Solved, the exact values settle it, one way or the other; solved but for some moves, nothing
		// can (the engine's search must not overrule a solver that was only short of nodes).
		if (root === 'partly') return none;
		if (root) {
			const solution = proveBySolver(position, root, margins.solver, budget);
			return {proved: solution ? done(solution, 'solver') : null, solved: true};
		}
	}

	// The cheap look: a position neither won nor with a move that stands out by half the margin is no puzzle.
	const quick = linesByDepth(position, budget.quickNodes, 64, 2);
	const lines = quick.get(Math.max(0, ...quick.keys())) ?? [];
	const margin = marginOf(lines);
	const winning = lines[0] !== undefined && decidedIn(lines[0].score) !== null && lines[0].score > 0;
	if (!winning && margin < margins.search / 2) return none;

	// A win at once is cheap to look for.
	const atOnce = proveByForce(position, 1, budget.proofNodes);
	if (atOnce.kind === 'unique') return {proved: ended(atOnce.solution) ? done(atOnce.solution, 'proof') : null, solved: false};
	if (atOnce.kind === 'several') return none;

	// The search proof's search: where it sees a win the proof search can reach, the proof search
	// decides (one winner, or no puzzle); else its two lines do.
	const byDepth = searchLines(position, budget);
	const deep = byDepth.get(SEARCH_DEPTH + 2)?.[0] ?? quick.get(Math.max(0, ...quick.keys()))?.[0];
	const plies = deep ? decidedIn(deep.score) : null;
	if (plies !== null && plies > 0 && plies <= 2 * budget.proofMoves - 1) {
		const forced = proveByForce(position, budget.proofMoves, budget.proofNodes);
		if (forced.kind === 'unique') return {proved: ended(forced.solution) ? done(forced.solution, 'proof') : null, solved: false};
		// Several winners, or a proof search out of nodes (which could not rule out a second winner):
		// the search's "a win against none" must not stand in for a proof it could not finish.
		return none;
	}
	const answer = searchAnswer(byDepth, margins.search);
	return {proved: answer >= 0 ? done([answer], 'search') : null, solved: false};
}

/** A stored puzzle's position and solution, read back through its game. */
function readBack<State>(game: Game<State>, puzzle: Puzzle): {state: State; solution: number[]} | string {
	const parsed = game.parse(puzzle.position, puzzle.id);
	if (!parsed.ok) return `its position does not read: ${parsed.error.message}`;
	let state = parsed.value;
	const solution: number[] = [];
	for (const text of puzzle.solution) {
		const move = game.parseMove(state, text);
		if (!move.ok) return `its move "${text}" does not read: ${move.error}`;
		solution.push(move.value);
		state = game.play(state, move.value);
	}
	return {state: parsed.value, solution};
}

/**
 * Checks a stored puzzle again by its own kind of proof: for `proof`, that its answer is still
 * the only first move winning within the solution's length and none wins sooner, and that each of
 * the solver's moves in the line still wins within the moves left; for `solver`, that each of the
 * solver's moves is still the unique best by the margin; for `search`, that the search proof
 * still gives its answer. Null when it holds, else why not.
 */
export function reprove<State>(game: Game<State>, puzzle: Puzzle, budget: ProofBudget = DEFAULT_BUDGET): string | null {
	const read = readBack(game, puzzle);
	if (typeof read === 'string') return read;
	const {state, solution} = read;
	const position = game.searchPosition(state);
	const margins = marginsOf(game);
	const answer = solution[0]!;
	const named = (move: number) => game.formatMove(state, move);
	switch (puzzle.proof) {
		case 'proof': {
			const moves = (solution.length + 1) / 2;
			const forced = proveByForce(position, moves, Math.max(budget.proofNodes, 20_000_000));
			if (forced.kind === 'unknown') return 'the proof search ran out of nodes';
			if (forced.kind !== 'unique')
				return forced.kind === 'none' ? `no move wins within ${moves}` : `several moves win within ${forced.moves}`;
			if (forced.moves !== moves) return `the least number of moves to win is ${forced.moves}, not ${moves}`;
			if (forced.solution[0] !== answer) return `the move that wins is ${named(forced.solution[0]!)}, not ${named(answer)}`;
			// Each of the solver's later moves wins within what is left.
			const search = new ProofSearch(position, 20_000_000, moves);
			let made = 0;
			let failure: string | null = null;
			for (let i = 0; i < solution.length && failure === null; i++) {
				if (i % 2 === 0 && !search.moveWins(solution[i]!, moves - i / 2, made)) failure = `its move ${i / 2 + 1} no longer wins in time`;
				position.make(solution[i]!);
				made++;
			}
			if (failure === null && endsOf(position, []) !== 'win') failure = 'its line does not end in a won game';
			for (let i = 0; i < made; i++) position.unmake();
			return failure;
		}
		case 'solver': {
			let made = 0;
			let failure: string | null = null;
			for (let i = 0; i < solution.length && failure === null; i += 2) {
				const root = solveRoot(position, Math.max(budget.solveNodes, 20_000_000));
				if (root === null || root === 'partly') failure = 'the solver could not finish';
				else {
					const best = clearBest(root.values, margins.solver);
					if (best < 0 || root.moves[best] !== solution[i])
						failure = `its move ${i / 2 + 1} is not the unique best by ${margins.solver / 100}`;
				}
				for (const move of solution.slice(i, i + 2)) {
					position.make(move);
					made++;
				}
			}
			for (let i = 0; i < made; i++) position.unmake();
			return failure;
		}
		case 'search': {
			const found = searchAnswer(searchLines(position, budget), margins.search);
			return found === answer
				? null
				: found < 0
					? 'no move is clearly best any more'
					: `the best move is ${named(found)}, not ${named(answer)}`;
		}
	}
}
