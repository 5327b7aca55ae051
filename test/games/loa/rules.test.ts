/**
 * One test per LOAPS ruling (docs/loaps.md), on hand-made positions. Its §8 (clock) and §9 (file)
 * are the referee's and potm.test.ts's; ruling 10 is perft.test.ts's.
 */
import {describe, expect, test} from 'vitest';
import {encodeMove, moveFrom, moveTo, squareName} from '../../../source/games/loa/notation.js';
import {initialState, legalMoves, movesFrom, play, type LoaState} from '../../../source/games/loa/rules.js';
import {LOAPS} from '../../../source/games/loa/variant.js';
import {position, sq} from './diagram.js';

const dests = (state: LoaState, from: string): string[] =>
	movesFrom(state, sq(from))
		.map(move => squareName(moveTo(move), 7))
		.sort();

const move = (state: LoaState, text: string): LoaState => {
	const [from, to] = text.split(' ') as [string, string];
	return play(state, encodeMove(sq(from), sq(to)));
};

const piecesOf = (state: LoaState, player: number): string[] =>
	state.cells
		.map((cell, square) => (cell === player ? squareName(square, 7) : ''))
		.filter(name => name !== '')
		.sort();

describe('ruling 1: the start', () => {
	test('player 1 (RED) on b1 c1 e1 f1 b7 c7 e7 f7, player 2 (BLUE) on a2 a3 a5 a6 g2 g3 g5 g6, RED to move', () => {
		const state = initialState(LOAPS);
		expect(piecesOf(state, 1)).toEqual(['b1', 'b7', 'c1', 'c7', 'e1', 'e7', 'f1', 'f7']);
		expect(piecesOf(state, 2)).toEqual(['a2', 'a3', 'a5', 'a6', 'g2', 'g3', 'g5', 'g6']);
		expect(state.toMove).toBe(1);
		expect(state.moveNumber).toBe(1);
		expect(state.points).toEqual([0, 0]);
		expect(state.clocks).toEqual([60, 60]);
		expect(LOAPS.sideNames).toEqual(['RED', 'BLUE']);
	});
});

describe('ruling 2: movement', () => {
	test('a piece moves exactly as many squares as there are pieces of both colours on the whole line, itself included', () => {
		// Column d holds d1 (RED), d5 (BLUE), d7 (RED): three pieces, so d1 goes up to d4.
		const state = position(['...1...', '.......', '...2...', '.......', '.......', '.......', '...1..2']);
		// Row 1 holds d1 and g1: two squares sideways. The diagonals hold only d1: one square.
		expect(dests(state, 'd1')).toEqual(['b1', 'c2', 'd4', 'e2', 'f1']);
	});

	test('a piece may pass over its own pieces', () => {
		const state = position(['.......', '.......', '.......', '.......', '......2', '2......', '11.....']);
		expect(dests(state, 'a1')).toContain('c1');
	});

	test('a piece never passes over an opponent piece', () => {
		const state = position(['.......', '.......', '.......', '.......', '......2', '.......', '12.....']);
		// Row 1 has a1 and b1: a1 would land on c1 over BLUE's b1.
		expect(dests(state, 'a1')).not.toContain('c1');
		expect(dests(state, 'a1')).toEqual(['a2', 'b2']);
	});

	test('a piece may land on an opponent piece, which is captured and removed', () => {
		// Row 1 holds a1 and c1: a1 moves two squares, onto BLUE's c1.
		const state = position(['....2.2', '.......', '.......', '......1', '.......', '.......', '1.2....']);
		expect(dests(state, 'a1')).toContain('c1');
		const after = move(state, 'a1 c1');
		expect(piecesOf(after, 1)).toEqual(['c1', 'g4']);
		expect(piecesOf(after, 2)).toEqual(['e7', 'g7']);
		expect(after.history.at(-1)?.capture).toBe(true);
	});

	test('a piece may not land on its own piece', () => {
		const state = position(['......2', '.......', '.......', '.......', '.......', '2......', '1.1....']);
		expect(dests(state, 'a1')).not.toContain('c1');
	});

	test('no wrap-around: a move that would leave the board does not exist', () => {
		// Row 4 holds e4, g4: g4 moves two squares, west onto e4; east is off the board.
		const state = position(['2......', '.......', '.......', '....2.1', '.......', '.......', '1......']);
		expect(dests(state, 'g4')).toEqual(['e4', 'f3', 'f5', 'g3', 'g5']);
		for (const legal of legalMoves(state)) {
			const from = moveFrom(legal);
			const to = moveTo(legal);
			const df = Math.abs((to % 7) - (from % 7));
			const dr = Math.abs(Math.floor(to / 7) - Math.floor(from / 7));
			expect(df === 0 || dr === 0 || df === dr).toBe(true);
		}
	});
});

describe('ruling 3: points for the mover', () => {
	test('a capture scores 1', () => {
		const state = position(['....2.2', '.......', '.......', '......1', '.......', '.......', '1.2....']);
		expect(move(state, 'a1 c1').points).toEqual([1, 0]);
	});

	test('landing on d4 scores 7', () => {
		// Column d: d1, d6 and d7, so d1 moves three squares up to d4.
		const state = position(['...1..2', '...2...', '.......', '.......', '.......', '.......', '...1..2']);
		const after = move(state, 'd1 d4');
		expect(after.points).toEqual([7, 0]);
		expect(after.history.at(-1)?.gained).toEqual([7, 0]);
	});

	// Each corner piece is alone on its diagonal, so it moves one square, onto the bonus square.
	test.each([
		['b2', 'a1 b2', ['...1...', '.......', '.......', '..2....', '.......', '.......', '1...2..']],
		['b6', 'a7 b6', ['1...2..', '.......', '.......', '..2....', '.......', '.......', '...1...']],
		['f2', 'g1 f2', ['...1...', '.......', '.......', '..2....', '.......', '.......', '..2...1']],
		['f6', 'g7 f6', ['..2...1', '.......', '.......', '..2....', '.......', '.......', '...1...']],
	] as const)('landing on %s scores 3', (_target, played, rows) => {
		expect(move(position(rows), played).points).toEqual([3, 0]);
	});

	test('a capture on a bonus square scores both', () => {
		// BLUE on d4; RED's d1 reaches it (column d: d1, d4, d7). BLUE keeps a6 and g7, apart.
		const state = position(['...1..2', '2......', '.......', '...2...', '.......', '.......', '...1...']);
		const after = move(state, 'd1 d4');
		expect(after.points).toEqual([8, 0]);
	});

	test('every landing scores again: the same bonus square twice scores twice', () => {
		// Column f: f4 and f7, so f4 goes down to f2 (+3) and back up; BLUE shuffles far away.
		let state = position(['2....1.', '.......', '.......', '.....1.', '.......', '.......', '1.....2']);
		const blueQuiet = (current: LoaState) => {
			const quiet = legalMoves(current).find(candidate => {
				const next = play(current, candidate);
				return !next.outcome && next.points[1] === current.points[1] && moveTo(candidate) % 7 !== 5;
			});
			if (quiet === undefined) throw new Error('BLUE has no quiet move in this test position');
			return play(current, quiet);
		};
		state = move(state, 'f4 f2');
		expect(state.points[0]).toBe(3);
		state = blueQuiet(state);
		state = move(state, 'f2 f4');
		expect(state.points[0]).toBe(3);
		state = blueQuiet(state);
		state = move(state, 'f4 f2');
		expect(state.points[0]).toBe(6);
	});
});

describe('ruling 4: connection', () => {
	test('a mover who connects scores 12 and the game ends', () => {
		// a1 goes up one square to a2, next to b3.
		const state = position(['....2.2', '.......', '.......', '.......', '.1.....', '.......', '1......']);
		const after = move(state, 'a1 a2');
		expect(after.points).toEqual([12, 0]);
		expect(after.outcome).toMatchObject({result: 'win', winner: 1, reason: 'connection'});
		expect(legalMoves(after)).toEqual([]);
	});

	test('a capture that leaves the opponent connected gives the opponent 12 and ends the game', () => {
		// RED's e1 takes g1; BLUE's e7 f7 are left, and they touch.
		const state = position(['....22.', '.......', '.......', '1......', '.......', '.......', '....1.2']);
		const after = move(state, 'e1 g1');
		expect(after.points).toEqual([1, 12]);
		expect(after.outcome).toMatchObject({result: 'win', winner: 2, reason: 'opponent-connected'});
	});

	test('one piece left counts as connected', () => {
		const state = position(['...2...', '.......', '.......', '1......', '.......', '.......', '....1.2']);
		const after = move(state, 'e1 g1');
		expect(after.points).toEqual([1, 12]);
		expect(after.outcome).toMatchObject({winner: 2, reason: 'opponent-connected'});
	});

	test('both connected at once: only the mover scores the 12, plus its capture point', () => {
		// e1 takes g1 next to g2 (RED connects); BLUE is left with d7 alone (also connected).
		const state = position(['...2...', '.......', '.......', '.......', '.......', '......1', '....1.2']);
		const after = move(state, 'e1 g1');
		expect(after.points).toEqual([13, 0]);
		expect(after.outcome).toMatchObject({result: 'win', winner: 1, reason: 'simultaneous'});
	});

	test('a move that does not connect and does not capture goes on', () => {
		const state = position(['....2.2', '.......', '.......', '.......', '.1.....', '.......', '1......']);
		const after = move(state, 'a1 b1');
		expect(after.outcome).toBeNull();
		expect(after.toMove).toBe(2);
	});
});

describe('ruling 5: who wins a game that ends by connection', () => {
	test('the connecting side loses if it still has fewer points', () => {
		const state = position(['....2.2', '.......', '.......', '.......', '.1.....', '.......', '1......'], {points: [0, 20]});
		const after = move(state, 'a1 a2');
		expect(after.points).toEqual([12, 20]);
		expect(after.outcome).toMatchObject({result: 'win', winner: 2, reason: 'connection'});
		// The winner's points first.
		expect(after.outcome?.description).toBe('RED connected: BLUE wins 20 to 12');
	});

	test('equal points is a tie', () => {
		const state = position(['....2.2', '.......', '.......', '.......', '.1.....', '.......', '1......'], {points: [3, 15]});
		const after = move(state, 'a1 a2');
		expect(after.points).toEqual([15, 15]);
		expect(after.outcome).toMatchObject({result: 'tie', winner: null});
	});

	test('the opponent connected by a capture can still lose on points', () => {
		const state = position(['...2...', '.......', '.......', '1......', '.......', '.......', '....1.2'], {points: [20, 0]});
		const after = move(state, 'e1 g1');
		expect(after.points).toEqual([21, 12]);
		expect(after.outcome).toMatchObject({result: 'win', winner: 1, reason: 'opponent-connected'});
	});
});

describe('ruling 6: the move limit', () => {
	const open = ['....2.2', '.......', '.......', '.......', '.1.....', '.......', '1......'];

	test("after player 2's move 50 the game is a draw, whatever the points", () => {
		const state = position(open, {toMove: 2, moveNumber: 50, points: [40, 0]});
		const after = move(state, 'g7 g6');
		expect(after.outcome).toMatchObject({result: 'draw', winner: null, reason: 'move-limit'});
		expect(legalMoves(after)).toEqual([]);
	});

	test("player 1's move 50 does not end the game", () => {
		const state = position(open, {toMove: 1, moveNumber: 50});
		const after = move(state, 'a1 b1');
		expect(after.outcome).toBeNull();
		expect(after.toMove).toBe(2);
		expect(after.moveNumber).toBe(50);
	});

	test("a connection on player 2's move 50 ends the game by connection, not as a draw", () => {
		// BLUE's e7 steps diagonally to f6, next to g7.
		const state = position(open, {toMove: 2, moveNumber: 50, points: [0, 0]});
		const after = move(state, 'e7 f6');
		expect(after.outcome).toMatchObject({result: 'win', winner: 2, reason: 'connection'});
		expect(after.points).toEqual([0, 15]);
	});

	test('move numbers count per player: player 2 to play move N means player 1 made N moves', () => {
		const state = position(open, {toMove: 2, moveNumber: 7});
		const after = move(state, 'g7 g6');
		expect(after.toMove).toBe(1);
		expect(after.moveNumber).toBe(8);
	});
});

describe('ruling 7: no legal move', () => {
	// RED's a1 and g7 are boxed in by BLUE: every line they could move along is blocked.
	const pinned = ['.....21', '.....22', '.......', '.......', '.......', '22.....', '12.....'];

	test('a player to move with no legal move loses (it may not pass)', () => {
		const state = position(pinned);
		expect(legalMoves(state)).toEqual([]);
		expect(state.outcome).toMatchObject({result: 'win', winner: 2, reason: 'no-moves'});
		expect(state.outcome?.description).toMatch(/RED has no legal move/);
	});

	test('the same position with the other side to move goes on', () => {
		const state = position(pinned, {toMove: 2});
		expect(state.outcome).toBeNull();
		expect(legalMoves(state).length).toBeGreaterThan(0);
	});
});
