/**
 * The MCTS-Solver of issue 38's lead 6 (source/bench/mcts.ts) on LOAPS positions: legal moves, a
 * winning connection taken at once, and won and lost positions proven by the solver's rule. Every
 * search is held to a number of iterations with a pinned seed, never to time.
 */
import {describe, expect, test} from 'vitest';
import {MctsSolver, mctsMove} from '../../source/bench/mcts.js';
import {loadOpenings} from '../../source/bench/sprt-openings.js';
import {loaps} from '../../source/games/loa/index.js';
import type {LoaBoard} from '../../source/games/loa/board.js';
import type {LoaState} from '../../source/games/loa/rules.js';
import {encodeMove} from '../../source/games/loa/notation.js';
import {position, sq} from '../games/loa/diagram.js';
import {connectOnBonus} from '../engine/positions.js';

const boardOf = (state: LoaState): LoaBoard => loaps.searchPosition(state) as LoaBoard;
const mv = (text: string): number => {
	const [from, to] = text.split(' ') as [string, string];
	return encodeMove(sq(from), sq(to));
};
const name = (state: LoaState, move: number): string => loaps.formatMove(state, move);

/** The moves that end the game at once with `winner` winning (null: a tie or draw), by name. */
const endingWith = (state: LoaState, winner: 1 | 2 | null): string[] =>
	loaps
		.legalMoves(state)
		.filter(move => {
			const after = loaps.play(state, move);
			return after.outcome !== null && after.outcome.winner === winner;
		})
		.map(move => name(state, move))
		.sort();

/**
 * RED 12, BLUE 16, RED to make move 13 (from a random game): no RED move wins at once (d3-g6 loses
 * to a BLUE connection), but b3-c2 does in three plies whatever BLUE answers.
 */
const wonInThree = position(['.......', '.1....2', '.......', '...2...', '.121...', '.2.2...', '.11....'], {
	moveNumber: 13,
	points: [12, 16],
});

/** RED 12, BLUE 8, BLUE to make move 7 (from a random game): every BLUE move lets RED win at once. */
const lostInTwo = position(['.22....', '.....22', '....1..', '..11...', '...1..2', '.2...1.', '....1..'], {
	toMove: 2,
	moveNumber: 7,
	points: [12, 8],
});

/** What a search must leave as it found it. */
const boardState = (board: LoaBoard) => ({
	cells: Array.from(board.cells),
	hash: [board.hashLo, board.hashHi],
	key: [board.keyLo, board.keyHi],
	points: Array.from(board.points),
	sideToMove: board.sideToMove,
	undoDepth: board.undoDepth,
});

describe('the MCTS-Solver', () => {
	test('plays a legal move from the start and from openings, and leaves the board as it found it', () => {
		const openings = loadOpenings(loaps, 'shipped', 3);
		if (!openings.ok) throw new Error(openings.error);
		expect(openings.value).toHaveLength(3);
		const solver = new MctsSolver();
		for (const state of [loaps.initial(), ...openings.value.map(opening => opening.state)]) {
			const board = boardOf(state);
			const before = boardState(board);
			const result = solver.search(board, {iterations: 300, seed: 1});
			expect(loaps.legalMoves(state)).toContain(result.move);
			expect(result.iterations).toBe(300);
			expect(result.value).toBeGreaterThanOrEqual(0);
			expect(result.value).toBeLessThanOrEqual(1);
			expect(boardState(board)).toEqual(before);
		}
	});

	test('the same seed gives the same move', () => {
		const state = loaps.initial();
		const first = mctsMove(boardOf(state), {iterations: 500, seed: 7});
		expect(mctsMove(boardOf(state), {iterations: 500, seed: 7})).toBe(first);
	});

	test('takes the one connection that wins on points, proven at once', () => {
		const state = connectOnBonus;
		expect(endingWith(state, 1)).toEqual(['d2 f2']);
		expect(endingWith(state, 2)).toEqual(['g2 e2', 'g2 f1']);
		const result = new MctsSolver().search(boardOf(state), {iterations: 1000, seed: 1});
		expect(name(state, result.move)).toBe('d2 f2');
		expect(result.proven).toBe('won');
		// The root's children are made before the first iteration: the win is seen there.
		expect(result.iterations).toBe(0);
		expect(result.value).toBe(1);
	});

	test('proves a win in three plies by the solver rule: every reply proven lost for BLUE', () => {
		const state = wonInThree;
		expect(endingWith(state, 1)).toEqual([]);
		expect(endingWith(state, 2)).toEqual(['d3 g6']);
		// After b3-c2, each BLUE reply leaves RED a winning move.
		const after = loaps.play(state, mv('b3 c2'));
		expect(after.outcome).toBeNull();
		for (const reply of loaps.legalMoves(after)) {
			const next = loaps.play(after, reply);
			expect(next.outcome === null ? endingWith(next, 1).length : next.outcome.winner === 1 ? 1 : 0, name(after, reply)).toBeGreaterThan(0);
		}
		const result = new MctsSolver().search(boardOf(state), {iterations: 20_000, seed: 1});
		expect(result.proven).toBe('won');
		expect(result.iterations).toBeLessThan(20_000);
		expect(name(state, result.move)).toBe('b3 c2');
		expect(result.value).toBe(1);
	});

	test('proves a lost position: every move lets the opponent win at once', () => {
		const state = lostInTwo;
		for (const move of loaps.legalMoves(state)) {
			const after = loaps.play(state, move);
			expect(after.outcome === null ? endingWith(after, 1).length : after.outcome.winner === 1 ? 1 : 0, name(state, move)).toBeGreaterThan(
				0,
			);
		}
		const result = new MctsSolver().search(boardOf(state), {iterations: 20_000, seed: 1});
		expect(result.proven).toBe('lost');
		expect(result.iterations).toBeLessThan(20_000);
		expect(loaps.legalMoves(state)).toContain(result.move);
		expect(result.value).toBe(0);
	});

	test('answers -1 where the game is over or the side to move has no move', () => {
		// BLUE's b4-b2 boxes RED's a1 in (RED's g7 is boxed already): RED to move has none.
		const stuck = position(['.....21', '.....22', '.......', '.......', '.......', '22.....', '12.....']);
		expect(loaps.legalMoves(stuck)).toEqual([]);
		expect(new MctsSolver().search(boardOf(stuck), {iterations: 10, seed: 1}).move).toBe(-1);
	});
});
