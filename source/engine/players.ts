/**
 * Players that choose a move on the calling thread: the levels (the search, with a level's noise
 * and blunders), the one-ply greedy player and the random player. The worker, `potm move` and the
 * benchmarks all play through `decide`.
 */
import {ONGOING, type SearchPosition, type Solution, type SolveLimits} from '../games/game.js';
import {greedyMove} from './greedy.js';
import {planMove} from './levels.js';
import {randomMove, seededRandom} from './random.js';
import type {GameSearch, Line, SearcherConfig, SearchFactory, SearchLimits, SearchOptions, SearchResult} from '../games/search.js';
import {alphaBeta} from './searches.js';
import type {ClockReading} from './time.js';

/** One search request: its limits, the searcher's settings, and the chance of a blunder. */
export interface ThinkRequest {
	readonly limits: SearchLimits;
	readonly config?: Pick<SearcherConfig, 'evalNoise' | 'seed'>;
	readonly blunderRate?: number;
	/** Seed of the blunder dice (and of the random player). */
	readonly seed?: number;
	/** A player that does not search: the one-ply greedy player or the random one. */
	readonly player?: 'greedy' | 'random';
}

/**
 * Whether a search may run on several threads (Lazy SMP, docs/ai.md §5): only one at full strength
 * without a depth limit (levels 4 and 5, hints, analysis, a review by time). A search held to a
 * depth keeps one thread, so that it finds the same on every machine and every run (levels 1 to 3,
 * a review by depth), and so does a player that does not search.
 */
export function searchesOnThreads(request: ThinkRequest): boolean {
	return (
		request.player === undefined &&
		request.limits.depth === undefined &&
		(request.config?.evalNoise ?? 0) === 0 &&
		(request.blunderRate ?? 0) === 0
	);
}

export interface Decision extends SearchResult {
	/** True when the level threw the search's move away for a random one. */
	readonly blundered: boolean;
}

/**
 * Of a move's soft time, the share the exact solver may spend before the search takes over. The
 * search then has what is left of the move's time, so a move that is not solved costs no more.
 */
export const SOLVE_SHARE = 0.5;
/** Milliseconds the solver may spend when the search has no time limit (analysis), before the search starts. */
export const UNTIMED_SOLVE_MS = 1000;

export function decide(searcher: GameSearch, position: SearchPosition, request: ThinkRequest, options: SearchOptions = {}): Decision {
	if (request.player) return choose(request.player, position, request.seed ?? 1, options);
	const solved = trySolve(position, request, options);
	if (solved && 'move' in solved) return solved;
	const limits = solved ? solved.limits : request.limits;
	searcher.configure(request.config ?? {});
	const result = searcher.search(position, limits, options);
	const rate = request.blunderRate ?? 0;
	if (result.move >= 0 && rate > 0) {
		const random = seededRandom((request.seed ?? 1) ^ position.keyLo);
		if (random() < rate) {
			const move = randomMove(position, random);
			return {...result, move, blundered: move !== result.move};
		}
	}
	return {...result, blundered: false};
}

/**
 * Plays perfectly where the game can prove it: the position's exact solver (PAH-TUM's, near the
 * end) gets part of the move's time; a proof is the move. When it gives up, the search gets the
 * limits left. Only the full-strength levels (no depth limit) ask: a weaker level keeps its
 * horizon. Analysis of several lines has each line proven, or the search's estimates.
 */
function trySolve(position: SearchPosition, request: ThinkRequest, options: SearchOptions): Decision | {limits: SearchLimits} | null {
	const limits = request.limits;
	if (!position.solve || limits.depth !== undefined) return null;
	const now = options.now ?? (() => performance.now());
	const start = now();
	const timeMs = Math.min(limits.softMs ?? Infinity, limits.hardMs ?? Infinity);
	const budgetMs = timeMs !== Infinity ? timeMs * SOLVE_SHARE : limits.nodes === undefined ? UNTIMED_SOLVE_MS : Infinity;
	const solveLimits: SolveLimits = {
		deadlineMs: start + budgetMs,
		now,
		...(limits.nodes === undefined ? {} : {nodes: Math.ceil(limits.nodes * SOLVE_SHARE)}),
		...(options.shouldStop ? {shouldStop: options.shouldStop} : {}),
	};
	const multiPv = limits.multiPv ?? 1;
	const solution: (Solution & {lines?: Line[]}) | null =
		multiPv > 1 ? solveLines(position, solveLimits, multiPv) : position.solve(solveLimits);
	const elapsedMs = now() - start;
	if (solution) {
		const info = {
			depth: solution.pv.length,
			selDepth: solution.pv.length,
			lines: solution.lines ?? [{move: solution.move, score: solution.score, pv: solution.pv}],
			nodes: solution.nodes,
			nodesPerSecond: elapsedMs > 0 ? Math.round((solution.nodes * 1000) / elapsedMs) : 0,
			elapsedMs,
		};
		options.onProgress?.(info);
		return {...info, move: solution.move, score: solution.score, stoppedBy: 'decided', blundered: false};
	}
	// What the search may still spend of the move.
	return {
		limits: {
			...limits,
			...(limits.softMs === undefined ? {} : {softMs: Math.max(1, limits.softMs - elapsedMs)}),
			...(limits.hardMs === undefined ? {} : {hardMs: Math.max(1, limits.hardMs - elapsedMs)}),
			...(limits.cutoffMs === undefined ? {} : {cutoffMs: Math.max(1, limits.cutoffMs - elapsedMs)}),
		},
	};
}

/**
 * Analysis of several lines, proven: each move of the position solved in turn (the solver's table
 * shared between them), the best `count` with their exact values; null when any could not be
 * solved within the limits (the search then shows its estimates instead).
 */
function solveLines(position: SearchPosition, limits: SolveLimits, count: number): (Solution & {lines: Line[]}) | null {
	const moves = new Int32Array(position.maxMoves);
	const total = position.generateMoves(moves, 0);
	const lines: Line[] = [];
	let nodes = 0;
	for (let index = 0; index < total; index++) {
		const move = moves[index]!;
		position.make(move);
		let line: Line | null = null;
		if (position.terminal() !== ONGOING) {
			// The move ends the game: its value is the final margin, from the mover's side.
			line = {move, score: position.finalScore ? 0 - position.finalScore() : 0, pv: [move]};
		} else {
			const reply = position.solve!({...limits, ...(limits.nodes === undefined ? {} : {nodes: limits.nodes - nodes})});
			if (reply) {
				nodes += reply.nodes;
				line = {move, score: 0 - reply.score, pv: [move, ...reply.pv]};
			}
		}
		position.unmake();
		if (!line) return null;
		lines.push(line);
	}
	if (lines.length === 0) return null;
	lines.sort((a, b) => b.score - a.score);
	const best = lines[0]!;
	return {move: best.move, score: best.score, pv: best.pv, nodes, lines: lines.slice(0, count)};
}

/** The greedy or random player's move as a search result (a one-move line, no score). */
export function choose(player: 'greedy' | 'random', position: SearchPosition, seed: number, options: SearchOptions): Decision {
	const now = options.now ?? (() => performance.now());
	const start = now();
	const move = player === 'greedy' ? greedyMove(position) : randomMove(position, seededRandom(seed ^ position.keyLo));
	const elapsedMs = now() - start;
	const lines = move < 0 ? [] : [{move, score: 0, pv: [move]}];
	return {
		move,
		score: 0,
		lines,
		depth: 1,
		selDepth: 1,
		nodes: 0,
		nodesPerSecond: 0,
		elapsedMs,
		stoppedBy: move < 0 ? 'no-move' : 'depth',
		blundered: false,
	};
}

export type PlayerKind = {readonly kind: 'level'; readonly level: number} | {readonly kind: 'greedy'} | {readonly kind: 'random'};

/** `5`, `level5`, `greedy`, `random` (with or without `ai:`) as a player kind, or null. */
export function parsePlayerKind(text: string): PlayerKind | null {
	const name = text
		.trim()
		.toLowerCase()
		.replace(/^ai:/, '')
		.replace(/^level/, '');
	if (name === 'greedy') return {kind: 'greedy'};
	if (name === 'random') return {kind: 'random'};
	if (/^[1-5]$/.test(name)) return {kind: 'level', level: Number(name)};
	return null;
}

export const playerName = (kind: PlayerKind): string => (kind.kind === 'level' ? `level ${kind.level}` : kind.kind);

/** A built-in player on this thread, with a search of its own (the game's: `search`) kept from move to move. */
export class LocalPlayer {
	private searcher: GameSearch | null = null;
	private readonly random: () => number;
	private moves = 0;

	constructor(
		readonly kind: PlayerKind,
		private readonly seed = 1,
		private readonly tableMegabytes = 16,
		private readonly search: SearchFactory = alphaBeta,
	) {
		this.random = seededRandom(seed);
	}

	/** The move to play (-1 if none), by a fixed time per move or the mover's clock. */
	choose(position: SearchPosition, timing: {fixedMs?: number; clock?: ClockReading}, options: SearchOptions = {}): number {
		this.moves++;
		switch (this.kind.kind) {
			case 'random':
				return randomMove(position, this.random);
			case 'greedy':
				return greedyMove(position);
			case 'level': {
				this.searcher ??= this.search({tableMegabytes: this.tableMegabytes});
				const plan = planMove(this.kind.level, {...timing, seed: this.seed});
				const request = {...plan, seed: this.seed + this.moves};
				return decide(this.searcher, position, request, options).move;
			}
		}
	}

	/** A new game: forget the previous one's table. */
	newGame(): void {
		this.searcher?.clear();
		this.moves = 0;
	}
}
