/** Property tests of the fast board and the friendly rules against the plain model (helpers.ts), on random boards and playouts. */
import fc from 'fast-check';
import {describe, expect, it} from 'vitest';
import {ONGOING, SET_UP} from '../../../source/games/game.js';
import {boardOf} from '../../../source/games/boxes/index.js';
import {formatBoxes, parseBoxes} from '../../../source/games/boxes/potm.js';
import {legalMoves, moveName, play, type BoxesState} from '../../../source/games/boxes/rules.js';
import {randomBoard} from '../../../source/games/boxes/setup.js';
import {plainClosed, plainGain, plainMoveName, plainMoves, plainOf, type Plain} from './helpers.js';

/** A random position: a random size, some pre-drawn unit segments, then random moves. */
const positions = fc
	.record({
		seed: fc.integer(),
		rows: fc.integer({min: 3, max: 8}),
		columns: fc.integer({min: 3, max: 8}),
		lines: fc.nat(30),
		order: fc.array(fc.nat(10_000), {minLength: 40, maxLength: 40}),
		played: fc.nat(40),
		clocks: fc.tuple(fc.integer({min: 0, max: 6000}), fc.integer({min: 0, max: 6000})),
	})
	.map(({seed, rows, columns, lines, order, played, clocks}) => {
		// At least one unit segment is left undrawn (2RC + R + C of them).
		let state = randomBoard({seed, rows, columns, lines: Math.min(lines, 2 * rows * columns + rows + columns - 1)});
		for (let i = 0; i < played && !state.outcome; i++) {
			const moves = legalMoves(state);
			state = play(state, moves[order[i]! % moves.length]!);
		}
		return {...state, clocks: [clocks[0] / 100, clocks[1] / 100] as const};
	});

/** The plain model of a friendly state. */
const plainOfState = (state: BoxesState): Plain =>
	plainOf(
		state.rows,
		state.columns,
		[...state.setUp, ...state.moves].map(move => moveName(state, move)),
	);

/** A plain move's unit segment alone as a move. */
const unitMove = (move: ReturnType<typeof plainMoves>[number], index: number) => {
	const [kind, r, c] = move.units[index]!.split(' ');
	const from = [Number(r), Number(c)] as const;
	const to = kind === 'h' ? ([Number(r), Number(c) + 1] as const) : ([Number(r) + 1, Number(c)] as const);
	return {from, to, units: [move.units[index]!]};
};

describe('LINES and BOXES properties', () => {
	it('make then unmake restores the position and its hash', () => {
		fc.assert(
			fc.property(positions, fc.array(fc.nat(10_000), {minLength: 1, maxLength: 12}), (start, order) => {
				const board = boardOf(start);
				const snapshot = () => [
					board.hashLo,
					board.hashHi,
					board.keyLo,
					board.keyHi,
					Array.from(board.drawn),
					Array.from(board.sides),
					Array.from(board.owner),
					board.score1,
					board.score2,
					board.free,
					board.sideToMove,
				];
				const before = snapshot();
				const buffer = new Int32Array(board.maxMoves);
				let made = 0;
				for (const pick of order) {
					if (board.terminal() !== ONGOING) break;
					const count = board.generateMoves(buffer, 0);
					board.make(buffer[pick % count]!);
					made++;
				}
				for (let i = 0; i < made; i++) board.unmake();
				expect(snapshot()).toEqual(before);
			}),
			{numRuns: 200},
		);
	});

	it("the incremental hash equals a fresh board's after any moves, and the friendly state agrees with the fast board", () => {
		fc.assert(
			fc.property(positions, fc.array(fc.nat(10_000), {minLength: 1, maxLength: 8}), (start, order) => {
				const board = boardOf(start);
				let state = start;
				for (const pick of order) {
					if (state.outcome) break;
					const moves = legalMoves(state);
					const move = moves[pick % moves.length]!;
					expect(board.moveGain(move)).toBe(play(state, move).scores[state.toMove - 1]! - state.scores[state.toMove - 1]!);
					board.make(move);
					state = play(state, move);
				}
				const fresh = boardOf(state);
				expect([board.hashLo, board.hashHi, board.keyLo, board.keyHi]).toEqual([fresh.hashLo, fresh.hashHi, fresh.keyLo, fresh.keyHi]);
				expect([board.score1, board.score2]).toEqual(state.scores);
				expect(board.countMoves()).toBe(legalMoves(state).length);
			}),
			{numRuns: 200},
		);
	});

	it('after a random playout the boxes each side holds are the boxes closed plainly, and the game is scored by them', () => {
		fc.assert(
			fc.property(positions, fc.array(fc.nat(10_000), {minLength: 150, maxLength: 150}), (start, order) => {
				let state = start;
				const board = boardOf(start);
				let i = 0;
				while (!state.outcome) {
					const moves = legalMoves(state);
					const move = moves[order[i++ % order.length]! % moves.length]!;
					state = play(state, move);
					board.make(move);
				}
				const lines = [...state.setUp, ...state.moves].map(move => moveName(state, move));
				const plain = plainOf(state.rows, state.columns, lines);
				const setUpOnly = plainOf(
					state.rows,
					state.columns,
					state.setUp.map(move => moveName(state, move)),
				);
				let closedBefore = 0;
				let closed = 0;
				for (let r = 0; r < state.rows; r++) {
					for (let c = 0; c < state.columns; c++) {
						expect(plainClosed(plain.drawn, r, c)).toBe(true);
						closed++;
						if (plainClosed(setUpOnly.drawn, r, c)) {
							closedBefore++;
							expect(state.boxes[r * state.columns + c]).toBe(SET_UP);
						}
					}
				}
				expect(state.scores[0] + state.scores[1]).toBe(closed - closedBefore);
				expect([board.score1, board.score2]).toEqual(state.scores);
				const margin = board.sideToMove === 1 ? state.scores[0] - state.scores[1] : state.scores[1] - state.scores[0];
				expect(board.terminal()).toBe(Math.sign(margin));
				expect(board.finalScore()).toBe(100 * margin);
				// Each side's boxes, counted move by move from the plain model.
				const scores = [0, 0];
				let drawn = new Set(setUpOnly.drawn);
				state.moves.forEach((move, index) => {
					const next = new Set([...drawn, ...plainOf(state.rows, state.columns, [moveName(state, move)]).drawn]);
					for (let r = 0; r < state.rows; r++)
						for (let c = 0; c < state.columns; c++)
							if (plainClosed(next, r, c) && !plainClosed(drawn, r, c)) scores[index % 2] = scores[index % 2]! + 1;
					drawn = next;
				});
				expect(state.scores).toEqual(scores);
			}),
			{numRuns: 60},
		);
	});

	it('parse(format(x)) = x', () => {
		fc.assert(
			fc.property(positions, state => {
				const parsed = parseBoxes(formatBoxes(state), 'x.txt');
				expect(parsed).toEqual({ok: true, value: state});
			}),
			{numRuns: 200},
		);
	});

	it('the moves that take for the quiescence search are the tight ones, a taking unit segment at each end, and lose no take', () => {
		let takes = 0;
		fc.assert(
			fc.property(positions, state => {
				const board = boardOf(state);
				const buffer = new Int32Array(board.maxMoves);
				const count = board.generateGains(buffer, 0);
				const listed = Array.from(buffer.subarray(0, count), move => moveName(state, move)).sort();
				expect(new Set(listed).size).toBe(count);
				const plain = plainOfState(state);
				const moves = plainMoves(plain);
				const takes1 = (move: (typeof moves)[number], index: number) => plainGain(plain, unitMove(move, index)) > 0;
				const tight = moves.filter(move => takes1(move, 0) && takes1(move, move.units.length - 1));
				expect(listed).toEqual(tight.map(plainMoveName).sort());
				// Every move that takes has a tight part that takes as much.
				for (const move of moves) {
					const gain = plainGain(plain, move);
					if (gain === 0) continue;
					takes++;
					const units = new Set(move.units);
					expect(tight.some(part => part.units.every(unit => units.has(unit)) && plainGain(plain, part) === gain)).toBe(true);
				}
			}),
			{numRuns: 150},
		);
		// The positions had moves that take: the property was not met by empty lists alone.
		expect(takes).toBeGreaterThan(0);
	});

	it('isLegal is true of exactly the listed moves', () => {
		fc.assert(
			fc.property(positions, state => {
				const board = boardOf(state);
				const buffer = new Int32Array(board.maxMoves);
				const count = board.generateMoves(buffer, 0);
				const legal = new Set(buffer.subarray(0, count));
				// Looked at plainly, expect() only where they differ: an expect a move was most of the test's time.
				for (let move = -1; move <= board.moveSpace; move++)
					if (board.isLegal(move) !== legal.has(move)) expect(board.isLegal(move), `move ${move}`).toBe(legal.has(move));
				expect(board.hasMoves()).toBe(count > 0);
			}),
			{numRuns: 200},
		);
	});

	it('a move that ends the game takes a box (quietEndPossible is always false)', () => {
		let ends = 0;
		fc.assert(
			fc.property(positions, fc.array(fc.nat(10_000), {minLength: 150, maxLength: 150}), (start, order) => {
				let state = start;
				let i = 0;
				// Random moves that leave a unit segment free, and at 3, 2 and 1 free every move that ends the game.
				for (;;) {
					const board = boardOf(state);
					const moves = legalMoves(state);
					if (board.free <= 3) {
						expect(board.quietEndPossible()).toBe(false);
						for (const move of moves) {
							if (segmentUnits(board, move) < board.free) continue;
							ends++;
							expect(board.moveGain(move)).toBeGreaterThan(0);
						}
					}
					const leaving = moves.filter(move => segmentUnits(board, move) < board.free);
					if (leaving.length === 0) break;
					state = play(state, leaving[order[i++ % order.length]! % leaving.length]!);
				}
			}),
			{numRuns: 100},
		);
		expect(ends).toBeGreaterThan(0);
	});
});

/** How many unit segments a move draws. */
function segmentUnits(board: ReturnType<typeof boardOf>, move: number): number {
	return board.geometry.unitStart[move + 1]! - board.geometry.unitStart[move]!;
}
