import * as fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import {greedyMove} from '../../source/engine/greedy.js';
import {moveName} from '../../source/games/loa/notation.js';
import {legalMoves, newBoardAt, play, type LoaState} from '../../source/games/loa/rules.js';
import {initialState} from '../../source/games/loa/rules.js';
import {LOAPS} from '../../source/games/loa/variant.js';
import {position} from '../games/loa/diagram.js';

const choose = (state: LoaState): string => moveName(greedyMove(newBoardAt(state)), 7);

describe('the one-ply greedy player', () => {
	test('wins by leaving the opponent without a legal move', () => {
		// BLUE's b4 can reach b2 or c3, boxing RED's a1 in; RED's g7 is boxed already.
		const state = position(['.....21', '.....22', '.......', '.2.....', '.......', '2......', '12.....'], {toMove: 2, moveNumber: 10});
		const after = play(state, greedyMove(newBoardAt(state)));
		expect(after.outcome).toMatchObject({winner: 2, reason: 'no-moves'});
	});

	test('takes a connection that wins on points', () => {
		const state = position(['....2.2', '.......', '.......', '.......', '.1.....', '.......', '1......'], {points: [20, 5]});
		expect(play(state, greedyMove(newBoardAt(state))).outcome).toMatchObject({winner: 1, reason: 'connection'});
	});

	test('does not connect when connecting loses on points', () => {
		// Every RED connection ends the game 12-plus to 40: RED must play on instead.
		const state = position(['....2.2', '.......', '.......', '.......', '.1.....', '.......', '1......'], {points: [0, 40]});
		const connecting = legalMoves(state).filter(move => play(state, move).outcome?.reason === 'connection');
		expect(connecting.length).toBeGreaterThan(0);
		expect(play(state, greedyMove(newBoardAt(state))).outcome).toBeNull();
	});

	test('grabs points when nothing is decided: d4 is worth 7', () => {
		const state = position(['...1..2', '...2...', '.......', '.......', '.......', '.......', '...1..2']);
		expect(choose(state)).toBe('d1 d4');
	});

	test('answers -1 when there is no legal move', () => {
		const state = position(['.....21', '.....22', '.......', '.......', '.......', '22.....', '12.....']);
		expect(greedyMove(newBoardAt(state))).toBe(-1);
	});

	test('always plays a legal move, and leaves the board as it found it', () => {
		fc.assert(
			fc.property(fc.array(fc.nat(), {maxLength: 40}), choices => {
				let state = initialState(LOAPS);
				for (const choice of choices) {
					const moves = legalMoves(state);
					if (moves.length === 0) break;
					state = play(state, moves[choice % moves.length]!);
				}
				if (state.outcome) return;
				const board = newBoardAt(state);
				const before = [board.hashLo, board.hashHi, Array.from(board.cells), Array.from(board.points)];
				expect(legalMoves(state)).toContain(greedyMove(board));
				expect([board.hashLo, board.hashHi, Array.from(board.cells), Array.from(board.points)]).toEqual(before);
			}),
			{numRuns: 100},
		);
	});
});
