/**
 * Proving puzzles (source/learn/prove.ts) on positions made by hand: a LOAPS connection in one
 * with one answer, one with two (refused), a PAH-TUM end and a LINES and BOXES endgame solved,
 * the proof search's answers for the puzzle screen, and a stored puzzle checked again (and a
 * tampered one refused, with why).
 */
import {CONNECT_IN_TWO} from './positions.js';
import {describe, expect, test} from 'vitest';
import type {Game} from '../../source/games/game.js';
import {boxes} from '../../source/games/boxes/index.js';
import {classicLoa, loaps} from '../../source/games/loa/index.js';
import {pahtum} from '../../source/games/pahtum/index.js';
import {provePuzzle, reprove, searchMargin, solverMargin, winsWithin, type Proved} from '../../source/learn/prove.js';
import type {Puzzle} from '../../source/learn/puzzle.js';

function read<State>(game: Game<State>, text: string): State {
	const parsed = game.parse(text, 'test');
	if (!parsed.ok) throw new Error(parsed.error.message);
	return parsed.value;
}

/** The solution as the game writes it, and the themes the game gives it. */
function described<State>(game: Game<State>, state: State, proved: Proved) {
	const line = [state];
	const solution = proved.solution.map(move => {
		const text = game.formatMove(line.at(-1)!, move);
		line.push(game.play(line.at(-1)!, move));
		return text;
	});
	const themes = game.puzzleThemes!.classify({start: state, solution: proved.solution, line, ends: proved.ends});
	return {solution, themes};
}

/** RED to move: f4 d4 joins f4 to c3-c4 (four squares along rank 4 holding two pieces), and nothing else connects. */
const CONNECT_IN_ONE = [
	'1 20',
	'1 0 60.0',
	'2 0 60.0',
	'2.....2',
	'.......',
	'.......',
	'..1..1.',
	'..1....',
	'.......',
	'......2',
	'',
].join('\n');

/** The same, with c5 and d5 beside c4: now f4 d4 and f4 e5 both connect (and c4 e4, c5 e5 too). */
const TWO_WAYS = ['1 20', '1 0 60.0', '2 0 60.0', '2.....2', '.......', '..11...', '..1..1.', '.......', '.......', '......2', ''].join(
	'\n',
);

/** X to move with D3 and F7 empty: D3 makes D1-D5 a run of five (25 points) and keeps O from D3-F3; F7 makes nothing. */
const PAHTUM_END = ['XOXOXOX', 'OXOXOXO', 'XOXOXOX', 'XX-XXO+', 'OXOXOXO', 'OXOXOX-', '+OXOOO+', ''].join('\n');

/** A 3×4 board with 24 of its 31 unit segments drawn before the game: C3 and D3 share their missing side. */
const BOXES_END = [
	'1 3 4',
	'1 0 60.0',
	'2 0 60.0',
	...['A1 B1', 'B1 C1', 'C1 D1', 'D1 E1', 'B2 C2', 'C2 D2', 'D2 E2', 'C3 D3', 'D3 E3', 'C4 D4', 'D4 E4', 'B1 B2'].map(line => `0 ${line}`),
	...['C1 C2', 'D1 D2', 'E1 E2', 'A2 A3', 'B2 B3', 'C2 C3', 'D2 D3', 'E2 E3', 'A3 A4', 'B3 B4', 'C3 C4', 'E3 E4'].map(line => `0 ${line}`),
	'',
].join('\n');

describe('the proof search', () => {
	test('a LOAPS connection in one with one answer is a proof puzzle: that move, a won game, found at depth 1', () => {
		const state = read(loaps, CONNECT_IN_ONE);
		const proved = provePuzzle(loaps, state)!;
		expect(proved).toMatchObject({proof: 'proof', ends: 'win', findDepth: 1});
		expect(described(loaps, state, proved)).toEqual({solution: ['f4 d4'], themes: ['connect-in-1']});
		expect(winsWithin(loaps, state, 1)).toBe(true);
	});

	test('a position with two winning first moves is refused, though it is won', () => {
		const state = read(loaps, TWO_WAYS);
		const winning = loaps.legalMoves(state).filter(move => loaps.play(state, move).outcome?.winner === 1);
		expect(winning.map(move => loaps.formatMove(state, move))).toEqual(expect.arrayContaining(['f4 d4', 'f4 e5']));
		expect(provePuzzle(loaps, state)).toBeNull();
		expect(winsWithin(loaps, state, 1)).toBe(true);
	});

	test('a connection in two: one first move, the replies hold out to the end, and every move of the solver wins in time', () => {
		// g5 f4 brings the straggler to rank 4, from where f4 d4 joins c3-c4; BLUE's corner pieces cannot stop it.
		const state = read(
			loaps,
			['1 20', '1 0 60.0', '2 0 60.0', '2.....2', '.......', '......1', '..1....', '..1....', '.......', '......2', ''].join('\n'),
		);
		const proved = provePuzzle(loaps, state)!;
		expect(proved).toMatchObject({proof: 'proof', ends: 'win'});
		expect(described(loaps, state, proved)).toEqual({solution: ['g5 f4', 'g1 f1', 'f4 d4'], themes: ['connect-in-2']});
		expect(winsWithin(loaps, state, 1)).toBe(false);
		expect(winsWithin(loaps, state, 2)).toBe(true);
		const [first, reply] = proved.solution as [number, number];
		const afterFirst = loaps.play(state, first);
		// BLUE, to move, cannot win at all soon; after its reply RED still wins in one.
		expect(winsWithin(loaps, afterFirst, 1)).toBe(false);
		expect(winsWithin(loaps, loaps.play(afterFirst, reply), 1)).toBe(true);
		expect(winsWithin(loaps, state, 0)).toBe(false);
	});
});

describe('the solver proof', () => {
	test('a PAH-TUM end: D3 is the unique best by far more than the margin', () => {
		const state = read(pahtum, PAHTUM_END);
		const proved = provePuzzle(pahtum, state)!;
		expect(proved.proof).toBe('solver');
		expect(described(pahtum, state, proved)).toEqual({solution: ['D3'], themes: ['complete-run', 'block-run', 'last-placements']});
		expect(solverMargin(pahtum)).toBe(300);
	});

	test('a LINES and BOXES endgame: the double-cross first, then the solver takes the rest of its line', () => {
		const state = read(boxes, BOXES_END);
		const proved = provePuzzle(boxes, state)!;
		expect(proved.proof).toBe('solver');
		const {solution, themes} = described(boxes, state, proved);
		expect(solution[0]).toBe('D3 D4');
		expect(solution.length % 2).toBe(1);
		expect(themes).toEqual(['take-chain', 'double-cross']);
		expect(solverMargin(boxes)).toBe(100);
	});
});

describe('margins and re-proofs', () => {
	test('the search margin is what the review calls a blunder: LOAPS 6 points, classic LOA 3 units', () => {
		expect(searchMargin(loaps)).toBe(600);
		expect(searchMargin(classicLoa)).toBe(300);
	});

	test('a stored puzzle proves again; one whose answer was changed does not, and says why', () => {
		const puzzle: Puzzle = {
			id: 'test-0001',
			game: 'loaps',
			position: CONNECT_IN_ONE,
			solution: ['f4 d4'],
			themes: ['connect-in-1'],
			rating: 900,
			proof: 'proof',
			source: 'made by hand',
		};
		expect(reprove(loaps, puzzle)).toBeNull();
		expect(reprove(loaps, {...puzzle, solution: ['f4 f5']})).toBe('the move that wins is f4 d4, not f4 f5');
		// The connection in two, said to be one in one.
		expect(reprove(loaps, {...puzzle, position: CONNECT_IN_TWO, solution: ['g5 f4']})).toBe('no move wins within 1');
		expect(reprove(loaps, {...puzzle, position: CONNECT_IN_TWO, solution: ['g5 f4', 'g1 f1', 'f4 d4']})).toBeNull();
		expect(reprove(pahtum, {...puzzle, game: 'pahtum', position: PAHTUM_END, solution: ['D3'], proof: 'solver'})).toBeNull();
		expect(reprove(pahtum, {...puzzle, game: 'pahtum', position: PAHTUM_END, solution: ['F7'], proof: 'solver'})).toBe(
			'its move 1 is not the unique best by 3',
		);
	});
});
