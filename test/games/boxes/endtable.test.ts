/**
 * The table of a position's small endgame (endtable.ts) against the search solver and the plain
 * brute force of helpers.ts, its line, its limits and its reach.
 */
import {describe, expect, test} from 'vitest';
import {boardOf, boxes} from '../../../source/games/boxes/index.js';
import {END_TABLE_MAX_FREE, endTableReach, solveByEndTable} from '../../../source/games/boxes/endtable.js';
import {geometryOf} from '../../../source/games/boxes/geometry.js';
import {legalMoves, moveName, play, type BoxesState} from '../../../source/games/boxes/rules.js';
import {clearSolverTable, solve} from '../../../source/games/boxes/solver.js';
import {seededRandom} from '../../../source/games/seeded.js';
import {plainOf, plainSolve, type PlainMemo} from './helpers.js';

/** A random position with `free` unit segments undrawn: random pre-drawn units, then random moves of one unit (seeded). */
function randomPosition(seed: number, rows: number, columns: number, free: number): BoxesState {
	const random = seededRandom(seed);
	const g = geometryOf(rows, columns);
	let state = boxes.initial({rows, columns, lines: Math.max(0, g.units - free - 1 - Math.floor(random() * 4)), seed});
	const undrawn = () => [...state.horizontal, ...state.vertical].filter(owner => owner === 0).length;
	while (undrawn() > free) {
		const units = legalMoves(state).filter(move => g.unitStart[move + 1]! - g.unitStart[move]! === 1);
		state = play(state, units[Math.floor(random() * units.length)]!);
	}
	return state;
}

const marginOf = (state: BoxesState) => (state.toMove === 1 ? state.scores[0] - state.scores[1] : state.scores[1] - state.scores[0]);

describe('the table of a small endgame', () => {
	test('agrees with brute force on 3×5 and 4×4 positions of 1 to 11 free unit segments', () => {
		const memo: PlainMemo = new Map();
		for (let i = 0; i < 22; i++) {
			const [rows, columns] = i % 2 === 0 ? [3, 5] : [4, 4];
			const state = randomPosition(700 + i, rows, columns, 1 + (i % 11));
			const plain = plainOf(
				rows,
				columns,
				[...state.setUp, ...state.moves].map(move => moveName(state, move)),
			);
			expect(solveByEndTable(boardOf(state))?.score, `position ${i}`).toBe(100 * (marginOf(state) + plainSolve(plain, memo)));
		}
	});

	test('agrees with the search solver on 5×5, 8×8 and 4×7 positions of 12 to 16 free unit segments, and its line keeps the value', () => {
		for (let i = 0; i < 15; i++) {
			const [rows, columns] = [
				[5, 5],
				[8, 8],
				[4, 7],
			][i % 3]!;
			const state = randomPosition(900 + i, rows!, columns!, 12 + (i % 5));
			clearSolverTable();
			const board = boardOf(state);
			const byTable = solveByEndTable(board);
			expect(byTable, `position ${i}`).not.toBeNull();
			expect(byTable!.score, `position ${i}`).toBe(solve(board)!.score);
			// Played out, the line ends the game at the value it promised.
			let after = state;
			for (const move of byTable!.pv) after = play(after, move);
			expect(after.outcome, `position ${i}`).not.toBeNull();
			const mover = state.toMove;
			const final = mover === 1 ? after.scores[0] - after.scores[1] : after.scores[1] - after.scores[0];
			expect(100 * final).toBe(byTable!.score);
			expect(board.free).toBe(boardOf(state).free);
		}
	});

	test('answers nothing past its limits, past its size, or when the game is over', () => {
		const board = boardOf(randomPosition(5, 5, 5, 20));
		expect(solveByEndTable(board, {nodes: 1000})).toBeNull();
		expect(solveByEndTable(board, {shouldStop: () => true})).toBeNull();
		let now = 0;
		expect(solveByEndTable(board, {deadlineMs: 0, now: () => now++})).toBeNull();
		expect(solveByEndTable(boardOf(randomPosition(6, 5, 5, END_TABLE_MAX_FREE + 1)))).toBeNull();
		const last = randomPosition(7, 3, 4, 1);
		const over = play(last, legalMoves(last)[0]!);
		expect(over.outcome).not.toBeNull();
		expect(solveByEndTable(boardOf(over))).toBeNull();
	});

	test("a board's exact answer comes from its table within the table's reach, else from the search solver", () => {
		clearSolverTable();
		const board = boardOf(randomPosition(11, 8, 8, 18));
		const clock = () => 0;
		// 1 s reaches 21 free unit segments: the table's 2^18 sets, one node each.
		expect(board.solve({deadlineMs: 1000, now: clock})?.nodes).toBe(2 ** 18);
		// Kept, the table answers again at no cost, even in 10 ms.
		expect(board.solve({deadlineMs: 10, now: clock})?.nodes).toBe(0);
		// Forgotten: 10 ms reaches 14, and neither is asked.
		clearSolverTable();
		expect(board.solve({deadlineMs: 10, now: clock})).toBeNull();
		// A budget of nodes reaches what the sets it allows build: 2^17 is too few, and the search solver gets it.
		const solved = board.solve({nodes: 2 ** 17 + 1});
		expect(solved === null || solved.nodes !== 2 ** 18).toBe(true);
	});

	test('a later position of the same endgame reads its value and line from the kept table, building nothing; clearSolverTable forgets it', () => {
		const state = randomPosition(31, 8, 8, 16);
		clearSolverTable();
		const first = solveByEndTable(boardOf(state));
		expect(first!.nodes).toBe(2 ** 16);
		// Two moves of its line later, and a position off the line: each read, and each as a fresh build says.
		const later = play(play(state, first!.pv[0]!), first!.pv[1]!);
		const off = play(
			state,
			legalMoves(state).find(move => move !== first!.pv[0])!,
		);
		for (const position of [later, off]) {
			const read = solveByEndTable(boardOf(position));
			expect(read!.nodes).toBe(0);
			clearSolverTable();
			const fresh = solveByEndTable(boardOf(position));
			expect(fresh!.nodes).toBeGreaterThan(0);
			expect(read!.score).toBe(fresh!.score);
			expect(read!.pv[0]).toBeDefined();
			clearSolverTable();
			solveByEndTable(boardOf(state));
		}
		// A position with a unit free that the kept root had drawn is not read.
		const other = boardOf(randomPosition(32, 8, 8, 12));
		expect(solveByEndTable(other)!.nodes).toBe(2 ** 12);
	});

	test('reaches as far as its sets a second allow, never past its size', () => {
		expect(endTableReach(1000)).toBe(21);
		expect(endTableReach(2000)).toBe(22);
		expect(endTableReach(Infinity)).toBe(END_TABLE_MAX_FREE);
		expect(endTableReach(Infinity, 10_000)).toBe(13);
		expect(endTableReach(0)).toBe(0);
		for (let ms = 1; ms < 100_000; ms *= 1.5) expect(endTableReach(ms * 1.5)).toBeGreaterThanOrEqual(endTableReach(ms));
	});
});
