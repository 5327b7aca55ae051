/**
 * The exact solver and the 3×3 table against a plain brute force (helpers.ts's plainSolve: every
 * move of every position, by pairs of vertices, boxes by their sides), and the players' use of them.
 */
import {describe, expect, test} from 'vitest';
import {planMove} from '../../../source/engine/levels.js';
import {decide} from '../../../source/engine/players.js';
import {Searcher} from '../../../source/engine/search.js';
import {boardOf, boxes} from '../../../source/games/boxes/index.js';
import {geometryOf} from '../../../source/games/boxes/geometry.js';
import {legalMoves, moveName, play, type BoxesState} from '../../../source/games/boxes/rules.js';
import {clearSolverTable, solve, SOLVE_MAX_FREE, solveReach} from '../../../source/games/boxes/solver.js';
import {buildTable, drawnSet, solveByTable, tableValue} from '../../../source/games/boxes/table3.js';
import {seededRandom} from '../../../source/games/seeded.js';
import {plainOf, plainSolve, type PlainMemo} from './helpers.js';

/** A random position with `free` unit segments undrawn: random pre-drawn units, then random moves of one unit (seeded). */
function randomPosition(seed: number, rows: number, columns: number, free: number): BoxesState {
	const random = seededRandom(seed);
	const g = geometryOf(rows, columns);
	const setUp = Math.floor(random() * (g.units - free));
	let state = boxes.initial({rows, columns, lines: setUp, seed});
	const undrawn = () => [...state.horizontal, ...state.vertical].filter(owner => owner === 0).length;
	while (undrawn() > free) {
		const units = legalMoves(state).filter(move => g.unitStart[move + 1]! - g.unitStart[move]! === 1);
		state = play(state, units[Math.floor(random() * units.length)]!);
	}
	return state;
}

const plainOfState = (state: BoxesState) =>
	plainOf(
		state.rows,
		state.columns,
		[...state.setUp, ...state.moves].map(move => moveName(state, move)),
	);
const marginOf = (state: BoxesState) => (state.toMove === 1 ? state.scores[0] - state.scores[1] : state.scores[1] - state.scores[0]);
/** The final margin for the side to move with best play, plainly. */
const bruteForce = (state: BoxesState, memo?: PlainMemo) => marginOf(state) + plainSolve(plainOfState(state), memo);

describe('the exact solver', () => {
	test('agrees with brute force on 28 random 3×3 positions with 1 to 14 free unit segments, and its move keeps the value', () => {
		clearSolverTable();
		const memo: PlainMemo = new Map();
		for (let i = 0; i < 28; i++) {
			const state = randomPosition(100 + i, 3, 3, 1 + (i % 14));
			const expected = bruteForce(state, memo);
			const board = boardOf(state);
			const solution = solve(board, {});
			expect(solution, `position ${i}`).not.toBeNull();
			expect(solution!.score).toBe(100 * expected);
			const after = play(state, solution!.move);
			expect(0 - (after.outcome ? marginOf(after) : bruteForce(after, memo))).toBe(expected);
			expect(solution!.pv[0]).toBe(solution!.move);
			expect(board.free).toBe(boardOf(state).free);
		}
	});

	test('agrees with brute force on rectangles (3×5, 4×3) with up to 12 free unit segments', () => {
		const memo: PlainMemo = new Map();
		for (let i = 0; i < 20; i++) {
			const [rows, columns] = i % 2 === 0 ? [3, 5] : [4, 3];
			const state = randomPosition(300 + i, rows, columns, 2 + (i % 11));
			expect(solve(boardOf(state), {})?.score, `position ${i}`).toBe(100 * bruteForce(state, memo));
		}
	});

	test('gives up (null) when its node budget runs out, leaving the board as it was', () => {
		const board = boardOf(randomPosition(5, 5, 5, 30));
		clearSolverTable();
		const before = [board.hashLo, board.hashHi, board.score1, board.score2, board.free];
		expect(solve(board, {nodes: 1000})).toBeNull();
		expect([board.hashLo, board.hashHi, board.score1, board.score2, board.free]).toEqual(before);
		expect(solve(board, {shouldStop: () => true, nodes: 5000})).toBeNull();
	});

	test('a finished game has nothing to solve', () => {
		const state = randomPosition(3, 3, 3, 0);
		expect(state.outcome).not.toBeNull();
		expect(solve(boardOf(state), {})).toBeNull();
	});
});

describe('perfect play on 3×3: the table of every drawn set', () => {
	test('built in full, it agrees with brute force and with the solver; the empty board is a win by 3 for the second player', () => {
		expect(buildTable()).toBe(true);
		expect(tableValue(0)).toBe(-3);
		const memo: PlainMemo = new Map();
		for (let i = 0; i < 30; i++) {
			const state = randomPosition(500 + i, 3, 3, 1 + (i % 12));
			const solution = solveByTable(boardOf(state));
			expect(solution?.score, `position ${i}`).toBe(100 * bruteForce(state, memo));
			// The line it gives keeps the value to the end.
			let line = state;
			for (const move of solution!.pv) line = play(line, move);
			expect(line.outcome).not.toBeNull();
			const final = state.toMove === 1 ? line.scores[0] - line.scores[1] : line.scores[1] - line.scores[0];
			expect(100 * final).toBe(solution!.score);
		}
		clearSolverTable();
		for (let i = 0; i < 5; i++) {
			const board = boardOf(randomPosition(700 + i, 3, 3, 17));
			expect(solve(board, {})?.score).toBe(100 * (board.margin + tableValue(drawnSet(board))!));
		}
	});

	test("the players play the table's move from the empty board, scored -3 boxes", () => {
		const state = boxes.initial({rows: 3, columns: 3});
		const decision = decide(new Searcher({tableMegabytes: 1}), boardOf(state), planMove(5, {fixedMs: 500}));
		expect(decision.stoppedBy).toBe('decided');
		expect(decision.score).toBe(-300);
	});
});

describe('the players and the solver', () => {
	test('the full-strength level plays the proven move near the end of a 5×5 game', () => {
		const state = randomPosition(11, 5, 5, 12);
		const expected = bruteForce(state);
		const decision = decide(new Searcher({tableMegabytes: 1}), boardOf(state), planMove(5, {fixedMs: 2000}));
		expect(decision.stoppedBy).toBe('decided');
		expect(decision.score).toBe(100 * expected);
	});

	test('when the solver gives up, the search plays within what is left of the time', () => {
		const state = randomPosition(13, 6, 6, 60);
		let clock = 0;
		const now = () => clock++;
		const decision = decide(new Searcher({tableMegabytes: 1}), boardOf(state), {limits: {softMs: 40, hardMs: 40}}, {now});
		expect(decision.stoppedBy).not.toBe('decided');
		expect(legalMoves(state)).toContain(decision.move);
	});
});

describe('how far the solver is asked: as far as the time reaches', () => {
	test('21 free unit segments in 1 s, about one more for each 1.8 times the time, none with none', () => {
		expect(solveReach(1000)).toBe(21);
		expect(solveReach(250)).toBe(18);
		expect(solveReach(6000)).toBe(24);
		expect(solveReach(30_000)).toBe(26);
		expect(solveReach(0)).toBe(0);
		expect(solveReach(Infinity)).toBe(SOLVE_MAX_FREE);
		for (let ms = 10; ms < 100_000; ms *= 1.3) expect(solveReach(ms * 1.3)).toBeGreaterThanOrEqual(solveReach(ms));
	});

	test('a board solves what its time reaches and no more: 18 free on 5×5 with 10 s, not with 10 ms', () => {
		const board = boardOf(randomPosition(7, 5, 5, 18));
		expect(board.free).toBe(18);
		let now = 0;
		const clock = () => now;
		expect(board.solve({deadlineMs: 10, now: clock})).toBeNull();
		now = 0;
		expect(board.solve({deadlineMs: 10_000, now: clock})).not.toBeNull();
	});
});
