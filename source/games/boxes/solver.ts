/**
 * The exact LINES and BOXES solver: the final box margin with best play on both sides, and a move
 * that gets it. Negamax alpha-beta over the fast board with a null window for every move after
 * the first, a transposition table and move ordering (the table's move, then the boxes a move
 * takes).
 *
 * What is left to win depends on the drawn segments only: who moves does not change the choices
 * (turns always alternate, the two sides have the same moves), and the boxes already taken are
 * added outside. So the table holds "boxes the side to move gains over the rest of the game" by
 * the key of the drawn segments alone, and a position reached with other scores or the other side
 * to move finds it solved. Facts about positions, not about a search: the table is kept from one
 * solve to the next (and cleared when the board size changes).
 */
import {ONGOING, type SolveLimits, type Solution} from '../game.js';
import type {BoxesBoard} from './board.js';
import type {Geometry} from './geometry.js';
import {forgetEndTable} from './endtable.js';
import {entryBound, entryMove, entryValue, EXACT, LOWER, SolveBudget, SolvedTable, UPPER} from '../solved-table.js';

/**
 * The most undrawn unit segments worth asking the solver about in a given time. The bench (`npm
 * run bench -- boxes`) found every random position of 20 to 21 free unit segments proven within
 * 1 s on 5×5, 8×8 and 4×7, and each unit more took about SOLVE_GROWTH times as long (5×5, 5
 * positions each: 0.3-2.1 s at 20, 0.6-4.4 s at 22, 9 s or more at 24, on a busy 2-core VM). So a
 * move reaches as far as its time: 18 free in a quarter of a second, 21 in 1 s, 24 in 6 s; with
 * no time limit (a count of nodes) SOLVE_MAX_FREE. Ordering by the boxes a move hands over
 * (moveGifts) searched 17 % fewer nodes on 20 positions of 18 to 20 free segments.
 */
export const SOLVE_MAX_FREE = 22;
export const SOLVE_FREE_AT_1S = 21;
export const SOLVE_GROWTH = 1.8;

/** The most free unit segments to try to solve within `ms` milliseconds. */
export function solveReach(ms: number): number {
	if (!Number.isFinite(ms)) return SOLVE_MAX_FREE;
	if (ms <= 0) return 0;
	return Math.floor(SOLVE_FREE_AT_1S + Math.log(ms / 1000) / Math.log(SOLVE_GROWTH));
}

const INFINITE = 1 << 20;
const MAX_PLIES = 145;

const table = new SolvedTable(21);
let tableGeometry: Geometry | null = null;

let moves = new Int32Array(0);
let order = new Int32Array(0);

const budget = new SolveBudget();

/**
 * Solves the position: its exact value (the final margin for the side to move, in centipoints)
 * and a best move, or null when the limits ran out first or the game is over. Leaves the board as
 * it found it.
 */
export function solve(board: BoxesBoard, limits: SolveLimits = {}): Solution | null {
	if (board.terminal() !== ONGOING) return null;
	prepare(board.geometry);
	budget.start(limits);
	const rest = negamax(board, -INFINITE, INFINITE, 0);
	if (budget.aborted) return null;
	const pv = principalVariation(board);
	return {move: pv[0]!, score: (100 * (board.margin + rest)) | 0, pv, nodes: budget.nodes};
}

/** Forgets every solved position, the kept table of the endgame (endtable.ts) too (for measuring from cold, and for the SPRT: each move as cold as a `potm move` process). */
export function clearSolverTable(): void {
	table.clear();
	forgetEndTable();
}

function prepare(geometry: Geometry): void {
	if (tableGeometry !== geometry) {
		table.clear();
		tableGeometry = geometry;
	}
	if (moves.length < MAX_PLIES * geometry.moves) {
		moves = new Int32Array(MAX_PLIES * geometry.moves);
		order = new Int32Array(MAX_PLIES * geometry.moves);
	}
}

/** The boxes the side to move gains over the rest of the game, less the opponent's, with best play: fail-soft within the window. */
function negamax(board: BoxesBoard, alpha: number, beta: number, ply: number): number {
	if (budget.spent()) return 0;
	const free = board.free;
	if (free === 0) return 0;

	const keyLo = board.drawnLo;
	const keyHi = board.drawnHi;
	let tableMove = -1;
	const entry = table.entry(keyLo, keyHi);
	if (entry !== 0) {
		const value = entryValue(entry);
		const bound = entryBound(entry);
		tableMove = entryMove(entry);
		if (ply > 0) {
			if (bound === EXACT || (bound === LOWER ? value >= beta : value <= alpha)) return value;
			if (bound === LOWER && value > alpha) alpha = value;
			else if (bound === UPPER && value < beta) beta = value;
			if (alpha >= beta) return value;
		}
	}

	const stride = board.maxMoves;
	const base = ply * stride;
	const count = board.generateMoves(moves, base);
	for (let i = 0; i < count; i++) {
		const move = moves[base + i]!;
		// The table's move, then boxes taken, then moves that hand over fewer boxes (sides brought to three), then shorter segments.
		order[base + i] =
			move === tableMove
				? 1 << 30
				: board.moveGain(move) * 1024 -
					board.moveGifts(move) * 32 -
					(board.geometry.unitStart[move + 1]! - board.geometry.unitStart[move]!);
	}

	const startAlpha = alpha;
	let best = -INFINITE;
	let bestMove = -1;
	for (let i = 0; i < count; i++) {
		let pick = base + i;
		for (let j = pick + 1; j < base + count; j++) if (order[j]! > order[pick]!) pick = j;
		const move = moves[pick]!;
		moves[pick] = moves[base + i]!;
		order[pick] = order[base + i]!;
		const gain = board.moveGain(move);
		board.make(move);
		let value: number;
		if (i === 0) value = gain - negamax(board, gain - beta, gain - alpha, ply + 1);
		else {
			value = gain - negamax(board, gain - alpha - 1, gain - alpha, ply + 1);
			if (value > alpha && value < beta && !budget.aborted) value = gain - negamax(board, gain - beta, gain - alpha, ply + 1);
		}
		board.unmake();
		if (budget.aborted) return 0;
		if (value > best) {
			best = value;
			bestMove = move;
			if (value > alpha) {
				alpha = value;
				if (value >= beta) break;
			}
		}
	}
	const bound = best >= beta ? LOWER : best > startAlpha ? EXACT : UPPER;
	table.store(keyLo, keyHi, best, bound, bound === UPPER ? tableMove : bestMove, free);
	return best;
}

/** The best line, read back from the table's exact entries. */
function principalVariation(board: BoxesBoard): number[] {
	const line: number[] = [];
	const buffer = new Int32Array(board.maxMoves);
	while (board.free > 0) {
		const entry = table.entry(board.drawnLo, board.drawnHi);
		if (entry === 0 || entryBound(entry) !== EXACT) break;
		const move = entryMove(entry);
		const count = board.generateMoves(buffer, 0);
		if (!buffer.subarray(0, count).includes(move)) break;
		line.push(move);
		board.make(move);
	}
	for (let i = 0; i < line.length; i++) board.unmake();
	return line;
}
