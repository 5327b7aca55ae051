/** The simple yardstick players over PAH-TUM positions: the move that gains most now, and flat Monte-Carlo. */
import {describe, expect, test} from 'vitest';
import {gainMove, greedyMove} from '../../source/engine/greedy.js';
import {monteCarloMove} from '../../source/engine/montecarlo.js';
import {seededRandom} from '../../source/engine/random.js';
import {PahtumBoard} from '../../source/games/pahtum/board.js';
import {legalMoves, play} from '../../source/games/pahtum/rules.js';
import {randomBoard} from '../../source/games/pahtum/setup.js';
import {cellsOf, sq} from '../games/pahtum/helpers.js';

// X to move; B1 makes row B's run of 3 a run of 4 (3 → 10 points: gains 7), A3 makes row A X X X (3).
const ROWS = ['XX--OO-', '-XXX-+O', 'O--O---', '-------', '--++---', '-------', '+------'];

describe('the move that gains most now', () => {
	test('takes the square that scores the most at once', () => {
		const board = new PahtumBoard(cellsOf(ROWS));
		expect(board.moveGain(sq('B1'))).toBe(7);
		expect(board.moveGain(sq('A3'))).toBe(3);
		expect(gainMove(board)).toBe(sq('B1'));
	});

	test('has no move on a full grid', () => {
		let state = randomBoard({seed: 4});
		while (!state.outcome) state = play(state, legalMoves(state)[0]!);
		expect(gainMove(new PahtumBoard(state.cells))).toBe(-1);
	});
});

describe('flat Monte-Carlo', () => {
	test('with two squares left every playout is the real end: it takes the better one, by margin', () => {
		let state = randomBoard({seed: 8});
		const random = seededRandom(3);
		while (legalMoves(state).length > 2) {
			const moves = legalMoves(state);
			state = play(state, moves[Math.floor(random() * moves.length)]!);
		}
		const [a, b] = legalMoves(state) as [number, number];
		const margin = (move: number) => {
			const other = move === a ? b : a;
			const end = play(play(state, move), other);
			return state.toMove === 1 ? end.scores[0] - end.scores[1] : end.scores[1] - end.scores[0];
		};
		const best = margin(a) >= margin(b) ? a : b;
		expect(monteCarloMove(new PahtumBoard(state.cells), seededRandom(1), {playouts: 10})).toBe(best);
		// The one-ply greedy player also reads a finished game by its margin.
		expect(greedyMove(new PahtumBoard(state.cells))).toBe(best);
	});

	test('leaves the position as it was', () => {
		const board = new PahtumBoard(randomBoard({seed: 2}).cells);
		const before = [board.hashLo, board.hashHi, board.empties];
		monteCarloMove(board, seededRandom(1), {playouts: 5});
		expect([board.hashLo, board.hashHi, board.empties]).toEqual(before);
	});
});
