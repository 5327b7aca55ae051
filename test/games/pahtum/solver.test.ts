/**
 * The exact solver against a plain brute force (no pruning, no move order: every way of filling
 * the empty squares, each grid searched once), and the players' use of it.
 */
import {describe, expect, test} from 'vitest';
import {planMove} from '../../../source/engine/levels.js';
import {decide} from '../../../source/engine/players.js';
import {DECIDED, Searcher} from '../../../source/engine/search.js';
import {PahtumBoard} from '../../../source/games/pahtum/board.js';
import {clearSolverTable, solve} from '../../../source/games/pahtum/solver.js';
import {legalMoves, play, type PahtumState} from '../../../source/games/pahtum/rules.js';
import {randomBoard} from '../../../source/games/pahtum/setup.js';
import {seededRandom} from '../../../source/games/seeded.js';
import {plainScores} from './helpers.js';

/**
 * Plain minimax on the final margin, for the side to move: every empty square tried in turn,
 * the full grid scored by plainScores. No pruning and no order: the only shortcut is that a grid
 * reached again by another order (the same cells, and so the same side to move) is looked up
 * rather than searched again, which changes no value (10 empty squares: fewer than 3^10 = 59 049
 * grids for 10! = 3.6 million orders). A grid is known by what its squares empty at the start hold,
 * a digit of 0 to 2 each, in base 3.
 */
function bruteForce(cells: number[], mover: 1 | 2): number {
	const place = new Map<number, number>();
	for (let square = 0, digit = 1; square < 49; square++) {
		if (cells[square] !== 0) continue;
		place.set(square, digit);
		digit *= 3;
	}
	const memo = new Map<number, number>();
	const search = (key: number, mover: 1 | 2): number => {
		const known = memo.get(key);
		if (known !== undefined) return known;
		let best = -Infinity;
		let empty = false;
		for (const [square, digit] of place) {
			if (cells[square] !== 0) continue;
			empty = true;
			cells[square] = mover;
			const value = -search(key + mover * digit, mover === 1 ? 2 : 1);
			cells[square] = 0;
			if (value > best) best = value;
		}
		// `+ 0` turns the -0 of a negated 0 into 0.
		let value = best + 0;
		if (!empty) {
			const [x, o] = plainScores(cells);
			value = mover === 1 ? x - o : o - x;
		}
		memo.set(key, value);
		return value;
	};
	return search(0, mover);
}

/** A random position with `empties` empty squares: a random board played at random (seeded). */
function randomPosition(seed: number, empties: number): PahtumState {
	const random = seededRandom(seed);
	let state = randomBoard({seed, holes: 1 + 2 * Math.floor(random() * 13)});
	while (legalMoves(state).length > empties) {
		const moves = legalMoves(state);
		state = play(state, moves[Math.floor(random() * moves.length)]!);
	}
	return state;
}

describe('the exact solver', () => {
	test('agrees with plain brute force on 200 random grids with 1 to 8 empty squares, and its move gets the value', () => {
		clearSolverTable();
		for (let i = 0; i < 200; i++) {
			const state = randomPosition(1000 + i, 1 + (i % 8));
			const expected = bruteForce([...state.cells], state.toMove);
			const board = new PahtumBoard(state.cells);
			const solution = solve(board, {});
			expect(solution, `grid ${i}`).not.toBeNull();
			expect(solution!.score).toBe(100 * expected);
			// Its move is one that keeps the value: the opponent's best after it is the negation.
			const after = play(state, solution!.move);
			const reply = after.outcome
				? after.toMove === 1
					? after.scores[0] - after.scores[1]
					: after.scores[1] - after.scores[0]
				: bruteForce([...after.cells], after.toMove);
			expect(0 - reply).toBe(expected);
			expect(solution!.pv[0]).toBe(solution!.move);
			expect(Array.from(board.cells)).toEqual(Array.from(new PahtumBoard(state.cells).cells));
		}
	});

	test('agrees with brute force on three grids with 10 empty squares (3.6 million orders each for the brute force)', () => {
		for (let i = 0; i < 3; i++) {
			const state = randomPosition(77 + i, 10);
			const expected = bruteForce([...state.cells], state.toMove);
			clearSolverTable();
			expect(solve(new PahtumBoard(state.cells), {})?.score).toBe(100 * expected);
		}
	});

	test('gives up (null) when its node budget runs out, leaving the board as it was', () => {
		const state = randomPosition(5, 20);
		clearSolverTable();
		const board = new PahtumBoard(state.cells);
		const before = [board.hashLo, board.hashHi, board.scoreX, board.scoreO];
		expect(solve(board, {nodes: 1000})).toBeNull();
		expect([board.hashLo, board.hashHi, board.scoreX, board.scoreO]).toEqual(before);
		expect(solve(board, {shouldStop: () => true, nodes: 5000})).toBeNull();
	});

	test('a finished grid has nothing to solve', () => {
		const state = randomPosition(3, 0);
		expect(state.outcome).not.toBeNull();
		expect(solve(new PahtumBoard(state.cells), {})).toBeNull();
	});
});

describe('the players and the solver', () => {
	test('the full-strength level plays the proven move, scored by the exact final margin', () => {
		const state = randomPosition(11, 8);
		const expected = bruteForce([...state.cells], state.toMove);
		const decision = decide(new Searcher({tableMegabytes: 1}), new PahtumBoard(state.cells), planMove(5, {fixedMs: 2000}));
		expect(decision.stoppedBy).toBe('decided');
		expect(decision.score).toBe(100 * expected);
		const after = play(state, decision.move);
		expect(after.outcome ? null : -bruteForce([...after.cells], after.toMove)).toBe(after.outcome ? null : expected);
	});

	test('analysis of several lines near the end: every line proven, with its exact margin, best first', () => {
		const state = randomPosition(14, 7);
		const decision = decide(new Searcher({tableMegabytes: 1}), new PahtumBoard(state.cells), {limits: {multiPv: 3}});
		expect(decision.stoppedBy).toBe('decided');
		expect(decision.lines).toHaveLength(3);
		const values = legalMoves(state).map(move => {
			const after = play(state, move);
			const margin = after.outcome
				? after.toMove === 1
					? after.scores[0] - after.scores[1]
					: after.scores[1] - after.scores[0]
				: bruteForce([...after.cells], after.toMove);
			return {move, value: 100 * (0 - margin)};
		});
		const best = values
			.map(entry => entry.value)
			.sort((a, b) => b - a)
			.slice(0, 3);
		// A position where the moves differ, so that the order is checked.
		expect(new Set(values.map(entry => entry.value)).size).toBeGreaterThan(1);
		expect(decision.lines.map(line => line.score)).toEqual(best);
		for (const line of decision.lines) expect(values.find(entry => entry.move === line.move)!.value).toBe(line.score);
		expect(decision.score).toBe(best[0]);
	});

	test('a weak level (a depth limit) does not ask the solver', () => {
		const state = randomPosition(12, 8);
		const decision = decide(new Searcher({tableMegabytes: 1}), new PahtumBoard(state.cells), planMove(3, {fixedMs: 200}));
		expect(decision.stoppedBy).not.toBe('decided');
	});

	test('when the solver gives up, the search plays within what is left of the time', () => {
		const state = randomPosition(13, 24);
		let clock = 0;
		// A fake clock: every reading is 1 ms later, so the solver's half of 40 ms runs out quickly.
		const now = () => clock++;
		const decision = decide(new Searcher({tableMegabytes: 1}), new PahtumBoard(state.cells), {limits: {softMs: 40, hardMs: 40}}, {now});
		expect(decision.stoppedBy).not.toBe('decided');
		expect(legalMoves(state)).toContain(decision.move);
	});

	test('the search scores a finished game by its margin, not as a won game', () => {
		const state = randomPosition(21, 2);
		const expected = bruteForce([...state.cells], state.toMove);
		const result = new Searcher({tableMegabytes: 1}).search(new PahtumBoard(state.cells), {depth: 2});
		expect(Math.abs(result.score)).toBeLessThan(DECIDED);
		expect(result.score).toBe(100 * expected);
	});
});
