/**
 * Property tests of the fast PAH-TUM board and the friendly rules against plain scoring
 * (helpers.ts's plainScores), on random boards and random playouts.
 */
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {BLOCKED, EMPTY, ONGOING} from '../../../source/games/game.js';
import {PahtumBoard} from '../../../source/games/pahtum/board.js';
import {formatGrid, parseGrid} from '../../../source/games/pahtum/grid.js';
import {createState, legalMoves, play, runs, scoreOf} from '../../../source/games/pahtum/rules.js';
import {randomBoard} from '../../../source/games/pahtum/setup.js';
import {plainScores} from './helpers.js';

/** A random position: an odd number of holes (1..25), then some markers, X first and alternating. */
const positions = fc
	.record({
		seed: fc.integer(),
		holes: fc.integer({min: 0, max: 12}).map(half => 2 * half + 1),
		order: fc.array(fc.nat(48), {minLength: 49, maxLength: 49}),
		played: fc.nat(48),
	})
	.map(({seed, holes, order, played}) => {
		let state = randomBoard({seed, holes});
		for (let i = 0; i < played && !state.outcome; i++) {
			const moves = legalMoves(state);
			state = play(state, moves[order[i]! % moves.length]!);
		}
		return state;
	});

const boardKey = (board: PahtumBoard) => [
	board.hashLo,
	board.hashHi,
	Array.from(board.cells),
	board.scoreX,
	board.scoreO,
	board.open,
	board.empties,
	board.sideToMove,
];

describe('PAH-TUM properties', () => {
	it("a random playout's final score is the sum of its maximal runs, scored plainly", () => {
		fc.assert(
			fc.property(positions, fc.array(fc.nat(48), {minLength: 49, maxLength: 49}), (start, order) => {
				const board = new PahtumBoard(start.cells);
				const buffer = new Int32Array(49);
				let i = 0;
				while (board.terminal() === ONGOING) {
					const count = board.generateMoves(buffer, 0);
					board.make(buffer[order[i++]! % count]!);
				}
				const cells = board.friendlyCells();
				const [x, o] = plainScores(cells);
				expect([board.scoreX, board.scoreO]).toEqual([x, o]);
				expect(board.terminal()).toBe(Math.sign(board.sideToMove === 1 ? x - o : o - x));
				expect(board.finalScore()).toBe(100 * (board.sideToMove === 1 ? x - o : o - x));
				expect(createState(cells).scores).toEqual([x, o]);
				expect(runs(cells).reduce((sum, run) => sum + run.points, 0)).toBe(x + o);
			}),
			{numRuns: 300},
		);
	});

	it('the incremental score equals the score recomputed, after every move', () => {
		fc.assert(
			fc.property(positions, fc.array(fc.nat(48), {minLength: 1, maxLength: 12}), (start, order) => {
				const board = new PahtumBoard(start.cells);
				const buffer = new Int32Array(49);
				for (const pick of order) {
					if (board.terminal() !== ONGOING) break;
					board.make(buffer[pick % board.generateMoves(buffer, 0)]!);
					const fresh = new PahtumBoard(board.friendlyCells());
					expect(boardKey(board)).toEqual(boardKey(fresh));
					expect([board.scoreX, board.scoreO]).toEqual(plainScores(board.friendlyCells()));
				}
			}),
			{numRuns: 200},
		);
	});

	it('make then unmake restores the position and its hash', () => {
		fc.assert(
			fc.property(positions, fc.array(fc.nat(48), {minLength: 1, maxLength: 10}), (start, order) => {
				const board = new PahtumBoard(start.cells);
				const before = boardKey(board);
				const buffer = new Int32Array(49);
				let made = 0;
				for (const pick of order) {
					if (board.terminal() !== ONGOING) break;
					board.make(buffer[pick % board.generateMoves(buffer, 0)]!);
					made++;
				}
				for (let i = 0; i < made; i++) board.unmake();
				expect(boardKey(board)).toEqual(before);
			}),
			{numRuns: 300},
		);
	});

	it('the same position reached in another order has the same hash', () => {
		fc.assert(
			fc.property(positions, fc.nat(48), fc.nat(48), fc.nat(48), fc.nat(48), (start, a, b, c, d) => {
				const moves = legalMoves(start);
				fc.pre(moves.length >= 4);
				const pick = (n: number, not: number[]) => moves.filter(move => !not.includes(move))[n % (moves.length - not.length)]!;
				const x1 = pick(a, []);
				const o1 = pick(b, [x1]);
				const x2 = pick(c, [x1, o1]);
				const o2 = pick(d, [x1, o1, x2]);
				const first = new PahtumBoard(start.cells);
				for (const move of [x1, o1, x2, o2]) first.make(move);
				const second = new PahtumBoard(start.cells);
				for (const move of [x2, o2, x1, o1]) second.make(move);
				expect([first.hashLo, first.hashHi]).toEqual([second.hashLo, second.hashHi]);
			}),
			{numRuns: 200},
		);
	});

	it('moveGain is what the move adds to the mover’s score', () => {
		fc.assert(
			fc.property(positions, fc.nat(48), (start, pick) => {
				fc.pre(!start.outcome);
				const board = new PahtumBoard(start.cells);
				const moves = legalMoves(start);
				const move = moves[pick % moves.length]!;
				const mover = start.toMove;
				const after = scoreOf(play(start, move).cells);
				expect(board.moveGain(move)).toBe(after[mover - 1]! - start.scores[mover - 1]!);
			}),
			{numRuns: 300},
		);
	});

	it('parse(format(x)) is x for random grids', () => {
		fc.assert(
			fc.property(positions, state => {
				const text = formatGrid(state.cells);
				expect(text).toHaveLength(56);
				const parsed = parseGrid(text, 'random');
				expect(parsed.ok && parsed.value).toEqual({...state, history: []});
			}),
			{numRuns: 300},
		);
	});

	it('the evaluation is antisymmetric: swapping X and O (and the move) negates it', () => {
		fc.assert(
			fc.property(positions, state => {
				// With equal counts, swapping the letters keeps X to move: the evaluation for X flips sign.
				fc.pre(state.toMove === 1 && !state.outcome);
				const swapped = state.cells.map(cell => (cell === 1 ? 2 : cell === 2 ? 1 : cell));
				const board = new PahtumBoard(state.cells);
				const mirror = new PahtumBoard(swapped);
				expect(board.evaluate() + mirror.evaluate()).toBeLessThanOrEqual(1);
				expect(board.evaluate() + mirror.evaluate()).toBeGreaterThanOrEqual(-1);
				expect(board.cells.filter(cell => cell === 0).length).toBe(state.cells.filter(cell => cell === EMPTY).length);
				expect(state.cells.filter(cell => cell === BLOCKED).length % 2).toBe(1);
			}),
			{numRuns: 200},
		);
	});
});
