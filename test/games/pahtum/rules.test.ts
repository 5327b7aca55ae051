/** The PAH-TUM rulings (docs/pahtum.md §1–§3), one test each, through the friendly rules and the fast board. */
import {describe, expect, test} from 'vitest';
import {BLOCKED, ONGOING} from '../../../source/games/game.js';
import {PahtumBoard} from '../../../source/games/pahtum/board.js';
import {pahtum} from '../../../source/games/pahtum/index.js';
import {LINE_O, LINE_X, POW4} from '../../../source/games/pahtum/lines.js';
import {createState, legalMoves, play, runs, scoreOf} from '../../../source/games/pahtum/rules.js';
import {cellsOf, SEED_FULL, SEED_IN_PROGRESS, SEED_START, SEED_X_ONLY, sq, stateOf} from './helpers.js';

/** The fast board's scoring of cells it cannot be built from (no counts check): row and column codes through the line tables. */
function tableScores(cells: readonly number[]): [number, number] {
	let x = 0;
	let o = 0;
	for (let line = 0; line < 7; line++) {
		let row = 0;
		let column = 0;
		for (let i = 0; i < 7; i++) {
			const code = (cell: number) => (cell === BLOCKED ? 3 : cell);
			row += code(cells[line * 7 + i]!) * POW4[i]!;
			column += code(cells[i * 7 + line]!) * POW4[i]!;
		}
		x += LINE_X[row]! + LINE_X[column]!;
		o += LINE_O[row]! + LINE_O[column]!;
	}
	return [x, o];
}

describe('scoring (ruling 3)', () => {
	test("the seed's example: X alone scores 194, run by run as the seed tallies it", () => {
		const cells = cellsOf(SEED_X_ONLY);
		expect(scoreOf(cells)).toEqual([194, 0]);
		expect(tableScores(cells)).toEqual([194, 0]);
		const tally = runs(cells).map(run => `${run.direction} ${run.length} ${run.points}`);
		// Row A 119, row B 3, row F 10; column 1 3, column 5 56, column 6 3.
		expect(tally).toEqual(['row 7 119', 'row 3 3', 'row 4 10', 'column 3 3', 'column 6 56', 'column 3 3']);
	});

	test("the seed's example with O on every empty square: X 194, O 100, and X wins by 94", () => {
		const state = stateOf(SEED_FULL);
		expect(state.scores).toEqual([194, 100]);
		expect(
			runs(state.cells)
				.filter(run => run.player === 2)
				.map(run => run.points)
				.sort((a, b) => a - b),
		).toEqual([3, 3, 3, 10, 25, 56]);
		expect(state.outcome).toEqual({result: 'win', winner: 1, reason: 'board-full', description: 'X wins 194 to 100'});
		const board = new PahtumBoard(state.cells);
		expect([board.scoreX, board.scoreO]).toEqual([194, 100]);
		// X to move on the full board (22 each): X has won.
		expect(board.terminal()).toBe(1);
		expect(board.finalScore()).toBe(9400);
	});

	test('runs of 3 to 7 score 3, 10, 25, 56, 119; runs of 1 and 2 nothing', () => {
		const rows = ['XXXXXXX', 'OOOOOO+', 'XXXXX+O', 'OOOO+XX', 'XXX+OO+', 'OO+X+O+', '+++++++'];
		const runsOf = runs(cellsOf(rows)).filter(run => run.direction === 'row');
		expect(runsOf.map(run => [run.length, run.points])).toEqual([
			[7, 119],
			[6, 56],
			[5, 25],
			[4, 10],
			[3, 3],
		]);
	});

	test('a blocked square breaks a run, and so does the edge: no wrap-around, no diagonals', () => {
		// X X X + X X X: two runs of 3 (3 + 3), not one of 6 or 7.
		expect(scoreOf(cellsOf(['XXX+XXX', '+------', '-------', '-------', '-------', '-------', '-------']))[0]).toBe(6);
		// Row A ends in X X, row B starts with X: no wrap.
		expect(scoreOf(cellsOf(['-----XX', 'X------', '+------', '-------', '-------', '-------', '-------']))[0]).toBe(0);
		// A diagonal of 7 scores nothing.
		const diagonal = Array.from({length: 7}, (_, row) => Array.from({length: 7}, (_, column) => (row === column ? 'X' : '-')).join(''));
		expect(scoreOf(cellsOf(diagonal))[0]).toBe(0);
	});

	test('only the maximal run scores: a run of 5 is 25, not 25 plus its runs of 3 and 4', () => {
		expect(scoreOf(cellsOf(['XXXXX--', '+------', '-------', '-------', '-------', '-------', '-------']))[0]).toBe(25);
	});

	test('an opponent marker breaks a run', () => {
		expect(scoreOf(cellsOf(['XXXOXXX', '+------', '-------', '-------', '-------', '-------', '-------']))).toEqual([6, 0]);
	});
});

describe('turns (ruling 2)', () => {
	test('X moves first on an empty grid', () => {
		expect(stateOf(SEED_START).toMove).toBe(1);
	});

	test('equal counts: X to move; one more X: O to move', () => {
		expect(stateOf(SEED_IN_PROGRESS).toMove).toBe(1);
		const oneMore = play(stateOf(SEED_IN_PROGRESS), sq('B1'));
		expect(oneMore.toMove).toBe(2);
		expect(new PahtumBoard(oneMore.cells).sideToMove).toBe(2);
	});

	test('any other count is no position', () => {
		expect(() => stateOf(['OO-----', '------+', '-------', '-------', '-------', '-------', '-------'])).toThrow(RangeError);
		expect(() => stateOf(['XXX----', 'O-----+', '-------', '-------', '-------', '-------', '-------'])).toThrow(RangeError);
	});

	test('a move turns one - into the mover’s letter and the turn passes', () => {
		const state = stateOf(SEED_START);
		const next = play(state, sq('C4') + 1);
		expect(next.cells[sq('C5')]).toBe(1);
		expect(next.toMove).toBe(2);
		expect(next.history).toEqual([sq('C5')]);
		expect(pahtum.moveNumber(next)).toBe(1);
		expect(pahtum.moveNumber(play(next, sq('A1')))).toBe(2);
	});

	test('a blocked, taken or unknown square is no move (RangeError)', () => {
		const state = stateOf(SEED_IN_PROGRESS);
		expect(() => play(state, sq('C4'))).toThrow('C4 is blocked');
		expect(() => play(state, sq('A2'))).toThrow('A2 is taken by O');
		expect(() => play(state, 49)).toThrow(RangeError);
	});

	test('the legal moves are the empty squares: the seed counts 28 in its game in progress, 44 at its start', () => {
		expect(legalMoves(stateOf(SEED_IN_PROGRESS))).toHaveLength(28);
		expect(legalMoves(stateOf(SEED_START))).toHaveLength(44);
		expect(new PahtumBoard(stateOf(SEED_IN_PROGRESS).cells).countMoves()).toBe(28);
	});
});

describe('the end (ruling 3)', () => {
	test('the game ends when no - is left: a full grid is finished, with no legal move', () => {
		const state = stateOf(SEED_FULL);
		expect(state.outcome).not.toBeNull();
		expect(legalMoves(state)).toEqual([]);
		expect(new PahtumBoard(state.cells).terminal()).not.toBe(ONGOING);
	});

	test('equal points is a tie', () => {
		// Rows alternate so that every run is 1 long: 0 to 0.
		const rows = ['XOXOXOX', 'OXOXOXO', 'XOXOXOX', 'OXOXOXO', 'XOXOXOX', 'OXOXOXO', 'XOXOXO+'];
		const state = stateOf(rows);
		expect(state.outcome).toEqual({result: 'tie', winner: null, reason: 'board-full', description: 'a tie, 0 to 0'});
		expect(new PahtumBoard(state.cells).terminal()).toBe(0);
	});

	test('more points wins: O ahead on a full board', () => {
		const rows = ['OOOXOXX', 'XOXOXOX', 'OXOXOXO', 'XOXOXOX', 'OXOXOXO', 'XOXOXOX', 'OXOXOX+'];
		const state = createState(cellsOf(rows));
		expect(state.scores).toEqual([0, 3]);
		expect(state.outcome?.description).toBe('O wins 3 to 0');
		// 24 X and 24 O: X would move, and X has lost.
		expect(new PahtumBoard(state.cells).terminal()).toBe(-1);
	});
});
