/**
 * The exact PAH-TUM solver: the final margin with best play on both sides, and a move that gets
 * it. Negamax alpha-beta over the fast board with principal-variation search (a null window for
 * every move after the first), a transposition table, move ordering by what a square gains the
 * mover and denies the opponent, and the last two squares summed directly. Scores are game points
 * from the side to move: the whole final margin, not just who wins, since a PAH-TUM match is won
 * on the total of points.
 *
 * The table holds facts about positions, not about a search (every value is searched to the end),
 * so it is kept from one solve to the next: a game's later moves find their positions solved.
 */
import {ONGOING, type SolveLimits, type Solution} from '../game.js';
import type {PahtumBoard} from './board.js';
import {LINE_OPEN} from './eval.js';
import {entryBound, entryMove, entryValue, EXACT, LOWER, SolveBudget, SolvedTable, UPPER} from '../solved-table.js';
import {CELL_EMPTY, CELL_O, CELL_X, COLUMN_OF, POW4, ROW_OF, SQUARES} from './lines.js';

const INFINITE = 1 << 20;
/**
 * Eighths of a centipoint of open value (eval.ts) that count in the move order, beside 100 a point
 * gained or denied now; 4 searched the fewest nodes of 0, 1, 2, 4, 8 and 16 (6 positions with 18
 * empty squares: 6.4 M nodes; 38.7 M without the open value).
 */
const ORDER_OPEN = 4;

const table = new SolvedTable(20);

const moves = new Int32Array(SQUARES * SQUARES);
const order = new Int32Array(SQUARES * SQUARES);

const budget = new SolveBudget();

/**
 * Solves the position: its exact value and a best move, or null when the limits ran out first
 * (or the game is over). Leaves the board as it found it.
 */
export function solve(board: PahtumBoard, limits: SolveLimits = {}): Solution | null {
	if (board.terminal() !== ONGOING) return null;
	budget.start(limits);
	const value = negamax(board, -INFINITE, INFINITE, 0);
	if (budget.aborted) return null;
	const pv = principalVariation(board);
	// `| 0` turns the -0 of a negated 0 into 0.
	return {move: pv[0]!, score: (100 * value) | 0, pv, nodes: budget.nodes};
}

/** Forgets every solved position (for measuring the solver from cold). */
export function clearSolverTable(): void {
	table.clear();
}

/** Final margin for the side to move with best play from here, in points, within the window (fail-soft). */
function negamax(board: PahtumBoard, alpha: number, beta: number, ply: number): number {
	if (budget.spent()) return 0;
	const mover = board.xCount === board.oCount ? CELL_X : CELL_O;
	const margin = mover === CELL_X ? board.scoreX - board.scoreO : board.scoreO - board.scoreX;
	const empties = board.empties;
	if (empties === 0) return margin;
	const cells = board.cells;
	if (empties === 1) {
		// The last move is forced: its gain is the whole story.
		for (let square = 0; square < SQUARES; square++) if (cells[square] === CELL_EMPTY) return margin + board.gainFor(square, mover);
	}
	// (Not at the root, which needs its move in the table.)
	if (empties === 2 && ply > 0) return lastTwo(board, margin, mover);

	const keyLo = board.hashLo;
	const keyHi = board.hashHi;
	let tableMove = -1;
	const entry = table.entry(keyLo, keyHi);
	if (entry !== 0) {
		const value = entryValue(entry);
		const bound = entryBound(entry);
		tableMove = entryMove(entry);
		// The root is searched with its whole window, so its value and move come out exact: the
		// table gives it only its move.
		if (ply > 0) {
			if (bound === EXACT || (bound === LOWER ? value >= beta : value <= alpha)) return value;
			if (bound === LOWER && value > alpha) alpha = value;
			else if (bound === UPPER && value < beta) beta = value;
		}
	}

	// Ordering: the table's move, then what a square gains the mover plus what it denies the
	// opponent, now and in open value (the open value it adds for the mover, less what the
	// opponent's marker there would add for the opponent).
	const opponent = CELL_X + CELL_O - mover;
	const sign = mover === CELL_X ? 1 : -1;
	const base = ply * SQUARES;
	let count = 0;
	for (let square = 0; square < SQUARES; square++) {
		if (cells[square] !== CELL_EMPTY) continue;
		moves[base + count] = square;
		if (square === tableMove) order[base + count] = 1 << 30;
		else {
			const row = ROW_OF[square]!;
			const column = COLUMN_OF[square]!;
			const rowCode = board.rowCode[row]!;
			const columnCode = board.columnCode[column]!;
			const open =
				LINE_OPEN[rowCode + mover * POW4[column]!]! -
				LINE_OPEN[rowCode]! +
				LINE_OPEN[columnCode + mover * POW4[row]!]! -
				LINE_OPEN[columnCode]!;
			const denied =
				LINE_OPEN[rowCode + opponent * POW4[column]!]! -
				LINE_OPEN[rowCode]! +
				LINE_OPEN[columnCode + opponent * POW4[row]!]! -
				LINE_OPEN[columnCode]!;
			order[base + count] =
				100 * (board.gainFor(square, mover) + board.gainFor(square, opponent)) + (sign * (open - denied) * ORDER_OPEN) / 8;
		}
		count++;
	}

	const startAlpha = alpha;
	let best = -INFINITE;
	let bestMove = -1;
	for (let i = 0; i < count; i++) {
		// Selection sort step: the best remaining move to i.
		let pick = base + i;
		for (let j = pick + 1; j < base + count; j++) if (order[j]! > order[pick]!) pick = j;
		const move = moves[pick]!;
		moves[pick] = moves[base + i]!;
		order[pick] = order[base + i]!;
		board.make(move);
		let value: number;
		if (i === 0) value = -negamax(board, -beta, -alpha, ply + 1);
		else {
			value = -negamax(board, -alpha - 1, -alpha, ply + 1);
			if (value > alpha && value < beta && !budget.aborted) value = -negamax(board, -beta, -alpha, ply + 1);
		}
		board.unmake();
		if (budget.aborted) return 0;
		if (value > best) {
			best = value;
			bestMove = move;
			if (value > alpha) {
				alpha = value;
				if (value >= beta) {
					break;
				}
			}
		}
	}
	const bound = best >= beta ? LOWER : best > startAlpha ? EXACT : UPPER;
	table.store(keyLo, keyHi, best, bound, bound === UPPER ? tableMove : bestMove, empties);
	return best;
}

/**
 * Two empty squares: the mover takes one and the opponent the other, so the value is the better
 * of two sums of gains, with no table and no move list (these nodes are most of a search).
 */
function lastTwo(board: PahtumBoard, margin: number, mover: number): number {
	const cells = board.cells;
	let a = 0;
	while (cells[a] !== CELL_EMPTY) a++;
	let b = a + 1;
	while (cells[b] !== CELL_EMPTY) b++;
	const opponent = CELL_X + CELL_O - mover;
	// What the mover's marker gains, then what the opponent's gains on the square left after it.
	const gainA = board.gainFor(a, mover);
	const gainB = board.gainFor(b, mover);
	board.make(a);
	const takeA = gainA - board.gainFor(b, opponent);
	board.unmake();
	board.make(b);
	const takeB = gainB - board.gainFor(a, opponent);
	board.unmake();
	return margin + (takeA > takeB ? takeA : takeB);
}

/**
 * The best line, read back from the table: each exact entry's move. The root's entry is exact (it
 * was searched with an open window); below it a line is followed while its positions have exact
 * entries, and the last empty square ends it.
 */
function principalVariation(board: PahtumBoard): number[] {
	const line: number[] = [];
	while (board.empties > 0) {
		let move = -1;
		if (board.empties === 1) {
			for (let square = 0; square < SQUARES; square++) if (board.cells[square] === CELL_EMPTY) move = square;
		} else {
			const entry = table.entry(board.hashLo, board.hashHi);
			if (entry === 0 || entryBound(entry) !== EXACT) break;
			move = entryMove(entry);
		}
		if (move < 0 || board.cells[move] !== CELL_EMPTY) break;
		line.push(move);
		board.make(move);
	}
	for (let i = 0; i < line.length; i++) board.unmake();
	return line;
}
