/**
 * Games for the tuner, reproducible from a seed: a few random plies, then two searchers, each
 * with its own weights (set into the evaluation before each of its moves: the weights are
 * module-level) and its own table, on a fixed node budget a move, so the same seed gives the same
 * game on any machine at any load. Used to make the Texel fit's positions (both sides on the same
 * weights, each position noted with its quiescence line), for SPSA's games and for the match
 * against the defaults.
 */
import {ONGOING, type Player, type SearchPosition} from '../games/game.js';
import {gameById} from '../games/registry.js';
import {seededRandom} from '../games/seeded.js';
import {Searcher} from '../engine/search.js';
import {DEFAULT_MAX_PLIES} from '../bench/selfplay.js';
import {TUNABLE} from './ranges.js';

export type TuneGameId = 'loaps' | 'loa';

export interface TuneGameSpec {
	readonly game: TuneGameId;
	/** Weights of player 1 (who moves first) and of player 2, in weights.ts's order. */
	readonly first: readonly number[];
	readonly second: readonly number[];
	/** Nodes each search may spend. */
	readonly nodes: number;
	readonly seed: number;
	/** Random plies before the searchers take over (drawn from `seed`). */
	readonly openingPlies: number;
	/**
	 * Note the positions from this ply on (the random opening and what follows it skipped), each
	 * with its quiescence line; none if omitted.
	 */
	readonly samplesFrom?: number;
}

export interface TuneGameRecord {
	/** Every move of the game, the random opening included, as the game's move integers. */
	readonly moves: readonly number[];
	/** null for a tie on points, a draw (move limit, repetition, both connected) or the ply cap. */
	readonly winner: Player | null;
	readonly reason: string;
	/** The positions noted (see samplesFrom), in the order played. */
	readonly samples: readonly Sample[];
}

/**
 * A position of a game for the Texel fit: the one after `ply` moves, resolved to the leaf of its
 * quiescence line (the position after `ply` moves and then `line`), where the static evaluation
 * is what the search would see.
 */
export interface Sample {
	readonly ply: number;
	/** Empty for a quiet position. */
	readonly line: readonly number[];
}

/** Two searchers a thread, cleared before every game: a game depends on its spec alone. */
let searchers: [Searcher, Searcher] | null = null;

export function playTuneGame(spec: TuneGameSpec): TuneGameRecord {
	const game = gameById(spec.game)!;
	const values = TUNABLE[spec.game].weights.values;
	const saved = Float64Array.from(values);
	searchers ??= [new Searcher({tableMegabytes: 8}), new Searcher({tableMegabytes: 8})];
	searchers[0].clear();
	searchers[1].clear();
	const random = seededRandom(spec.seed);
	const samples: Sample[] = [];
	const moves: number[] = [];
	let state = game.initial();
	try {
		for (let ply = 0; game.outcome(state) === null; ply++) {
			if (ply >= DEFAULT_MAX_PLIES) return {moves, winner: null, reason: 'cap', samples};
			const legal = game.legalMoves(state);
			let move: number;
			const mover = game.toMove(state);
			if (ply < spec.openingPlies) {
				move = legal[Math.floor(random() * legal.length)]!;
			} else {
				values.set(mover === 1 ? spec.first : spec.second);
				const position = game.searchPosition(state);
				if (spec.samplesFrom !== undefined && ply >= spec.samplesFrom) {
					const line = quiescenceLine(position);
					if (line) samples.push({ply, line});
				}
				move = searchers[mover - 1]!.search(position, {nodes: spec.nodes}).move;
			}
			if (!legal.includes(move)) throw new Error(`the tuner's player ${mover} chose an illegal move ${move}`);
			moves.push(move);
			state = game.play(state, move);
		}
	} finally {
		values.set(saved);
	}
	const outcome = game.outcome(state)!;
	return {moves, winner: outcome.winner, reason: outcome.reason, samples};
}

const WIN = 1_000_000_000;
/** As deep as the engine's quiescence search goes. */
const QUIESCENCE_DEPTH = 6;
let buffer = new Int32Array(0);
/** The principal variation of each depth, triangular: row d holds the line from depth d on. */
const pvTable = new Int32Array((QUIESCENCE_DEPTH + 1) * (QUIESCENCE_DEPTH + 1));
const pvLength = new Int32Array(QUIESCENCE_DEPTH + 2);

/**
 * The quiescence search's line from this position, as the engine's quiescence search would play
 * it: the captures and scoring landings (and their replies) that change the static evaluation,
 * down to the position where the side to move stands pat (its leaf); [] when the position is
 * quiet (the static evaluation is the quiescence value). null when the game is over, when the line
 * decides it (a win at once, a side left without a move, an end on a tie or at the move limit),
 * or when its leaf is not quiet after all. The engine's quiescence search, written again over the
 * SearchPosition interface without its tables: this is not a hot path.
 */
export function quiescenceLine(position: SearchPosition): number[] | null {
	if (position.terminal() !== ONGOING) return null;
	const stride = position.maxMoves;
	if (buffer.length < stride * (QUIESCENCE_DEPTH + 1)) buffer = new Int32Array(stride * (QUIESCENCE_DEPTH + 1));
	const value = quiesce(position, -WIN - 1, WIN + 1, 0);
	if (Math.abs(value) >= WIN / 2) return null;
	const line = Array.from(pvTable.subarray(0, pvLength[0]));
	if (line.length === 0) return line;
	// Below its first ply the quiescence search looks for no quiet win, and it stops at its depth
	// cap: a leaf where the side to move could still gain is no quiet position, and is left out.
	for (const move of line) position.make(move);
	const quiet = position.terminal() === ONGOING && quiesce(position, -WIN - 1, WIN + 1, 0) === position.evaluate();
	for (let k = 0; k < line.length; k++) position.unmake();
	return quiet ? line : null;
}

/** Whether the position is quiet: its quiescence line is empty. */
export const isQuiet = (position: SearchPosition): boolean => quiescenceLine(position)?.length === 0;

function quiesce(position: SearchPosition, alpha: number, beta: number, depth: number): number {
	pvLength[depth] = 0;
	const standPat = position.evaluate();
	if (standPat >= beta || depth >= QUIESCENCE_DEPTH) return position.countMoves() > 0 ? standPat : -WIN;
	if (standPat > alpha) alpha = standPat;
	const base = depth * position.maxMoves;
	const count = position.generateMoves(buffer, base);
	if (count === 0) return -WIN;
	let tactical = 0;
	for (let i = 0; i < count; i++) {
		const move = buffer[base + i]!;
		if (position.moveGain(move) > 0) {
			buffer[base + tactical++] = move;
		} else if (depth === 0 && (position.quietMayEnd === undefined || position.quietMayEnd(move))) {
			position.make(move);
			const result = position.terminal();
			position.unmake();
			if (result === -1) return WIN;
		}
	}
	let best = standPat;
	for (let i = 0; i < tactical; i++) {
		const move = buffer[base + i]!;
		position.make(move);
		const result = position.terminal();
		if (result !== ONGOING) pvLength[depth + 1] = 0;
		const score = result === ONGOING ? -quiesce(position, -beta, -alpha, depth + 1) : -result * WIN;
		position.unmake();
		if (score > best) {
			best = score;
			if (score > alpha) {
				alpha = score;
				// This move and the line below it.
				const row = depth * (QUIESCENCE_DEPTH + 1);
				const below = (depth + 1) * (QUIESCENCE_DEPTH + 1);
				pvTable[row] = move;
				const length = pvLength[depth + 1]!;
				for (let k = 0; k < length; k++) pvTable[row + 1 + k] = pvTable[below + k]!;
				pvLength[depth] = length + 1;
				if (score >= beta) break;
			}
		}
	}
	return best;
}
