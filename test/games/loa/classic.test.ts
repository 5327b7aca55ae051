/**
 * One test per ruling of classic 8×8 Lines of Action (docs/loa.md),
 * on hand-made positions, through the friendly rules (rules.ts) and the Game modules (index.ts):
 * the start, movement, connection, the capture that connects the opponent, the simultaneous
 * connection under both rulings (loa, loa-mover), the pass, and the third repetition, kept across a
 * save and a load. perft (ruling 7) is perft.test.ts's; the file format (ruling 8) potm.test.ts's.
 */
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, test} from 'vitest';
import {loadGame} from '../../../source/files/load-game.js';
import {saveGame} from '../../../source/files/saves.js';
import {ONGOING} from '../../../source/games/game.js';
import {Status} from '../../../source/games/loa/board.js';
import {classicLoa, classicLoaMoverWins, loaps} from '../../../source/games/loa/index.js';
import {encodeMove, moveTo, PASS, squareName} from '../../../source/games/loa/notation.js';
import {
	initialState,
	legalMoves,
	movesFrom,
	newBoardAt,
	occurrences,
	play,
	reversiblePast,
	type LoaState,
} from '../../../source/games/loa/rules.js';
import {CLASSIC_LOA, CLASSIC_LOA_MOVER_WINS, LOAPS} from '../../../source/games/loa/variant.js';
import {position, sq, type DiagramOptions} from './diagram.js';

/** An 8×8 diagram, rank 8 first, classic LOA unless told otherwise. */
const board8 = (rows: readonly string[], options: DiagramOptions = {}): LoaState => position(rows, {variant: CLASSIC_LOA, ...options});

const sq8 = (name: string): number => sq(name, 8);

const dests = (state: LoaState, from: string): string[] =>
	movesFrom(state, sq8(from))
		.map(move => squareName(moveTo(move), 8))
		.sort();

const mv = (text: string): number => {
	const [from, to] = text.split(' ') as [string, string];
	return encodeMove(sq8(from), sq8(to));
};

/** Plays moves written "b1 b3" or "pass", each of which must be legal. */
const playAll = (state: LoaState, moves: readonly string[]): LoaState =>
	moves.reduce((current, text) => play(current, text === 'pass' ? PASS : mv(text)), state);

const piecesOf = (state: LoaState, player: number): string[] =>
	state.cells
		.map((cell, square) => (cell === player ? squareName(square, 8) : ''))
		.filter(name => name !== '')
		.sort();

describe('classic ruling 1: the start', () => {
	test('BLACK (player 1) on b1..g1 and b8..g8, WHITE (player 2) on a2..a7 and h2..h7, BLACK to make move 1', () => {
		const state = initialState(CLASSIC_LOA);
		expect(piecesOf(state, 1)).toEqual(['b1', 'b8', 'c1', 'c8', 'd1', 'd8', 'e1', 'e8', 'f1', 'f8', 'g1', 'g8']);
		expect(piecesOf(state, 2)).toEqual(['a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'h2', 'h3', 'h4', 'h5', 'h6', 'h7']);
		expect(state.cells).toHaveLength(64);
		expect(state.toMove).toBe(1);
		expect(state.moveNumber).toBe(1);
		expect(state.points).toEqual([0, 0]);
		expect(state.outcome).toBeNull();
		for (const game of [classicLoa, classicLoaMoverWins]) {
			expect(game.sides).toEqual(['BLACK', 'WHITE']);
			expect(game.toMove(game.initial())).toBe(1);
			expect(game.initial().cells).toEqual(state.cells);
			// No move limit, no points.
			expect(game.moveLimit).toBeNull();
			expect(game.movesLeft(game.initial())).toBeNull();
			expect(game.scores(game.initial())).toEqual([0, 0]);
		}
		expect(classicLoa.id).toBe('loa');
		expect(classicLoaMoverWins.id).toBe('loa-mover');
		expect(classicLoa.render(classicLoa.initial())).toContain('BLACK to play move 1');
	});
});

describe('classic ruling 2: movement as in LOAPS, on 8×8', () => {
	test('counting the pieces on the whole line, and jumping over its own pieces: b1 goes to b3, d3 and h1 at the start', () => {
		// Column b: b1, b8 (2). Rank 1: b1..g1 (6), over c1..g1, its own, to h1. The diagonal
		// b1-h7: b1 and WHITE's h7 (2), to d3. Every other way leaves the board.
		expect(dests(initialState(CLASSIC_LOA), 'b1')).toEqual(['b3', 'd3', 'h1']);
		expect(legalMoves(initialState(CLASSIC_LOA))).toHaveLength(36);
	});

	test('never over an opponent piece', () => {
		// Rank 1 holds a1 and WHITE's b1: two squares east would cross b1. Column a: a1 alone, one
		// square up. The long diagonal holds a1 and h8: two squares, to c3 over an empty b2.
		const state = board8(['.......2', '........', '........', '...1....', '........', '........', '........', '12......']);
		expect(dests(state, 'a1')).toEqual(['a2', 'c3']);
	});

	test('landing on an opponent piece captures it; no points in classic LOA', () => {
		// Rank 1: a1 and c1, so a1 lands on WHITE's c1.
		const state = board8(['2......2', '........', '........', '....1...', '........', '........', '........', '1.2.....']);
		expect(dests(state, 'a1')).toContain('c1');
		const after = playAll(state, ['a1 c1']);
		expect(piecesOf(after, 1)).toEqual(['c1', 'e5']);
		expect(piecesOf(after, 2)).toEqual(['a8', 'h8']);
		expect(after.history.at(-1)).toEqual({move: mv('a1 c1'), player: 1, capture: true, gained: [0, 0]});
		expect(after.points).toEqual([0, 0]);
		expect(after.outcome).toBeNull();
	});

	test('never onto its own piece', () => {
		const state = board8(['.......2', '........', '........', '........', '........', '........', '2.......', '1.1.....']);
		expect(dests(state, 'a1')).not.toContain('c1');
	});
});

describe('classic ruling 3: connection', () => {
	// h6 is alone on column h: one square up, to h7, next to g8.
	const connecting = ['......1.', '........', '.......1', '........', '..2.....', '........', '2.......', '2.......'];

	test('the first side connected after a move wins outright: no points, no move after', () => {
		const after = playAll(board8(connecting), ['h6 h7']);
		expect(after.outcome).toEqual({result: 'win', winner: 1, reason: 'connection', description: 'BLACK connected: BLACK wins'});
		expect(after.points).toEqual([0, 0]);
		expect(legalMoves(after)).toEqual([]);
		expect(newBoardAt(after).terminal()).toBe(-1);
	});

	test('WHITE connecting wins for WHITE, however many points', () => {
		// WHITE a1 a2 and b4: b4, alone on its column, steps down to b3, next to a2.
		const state = board8(['......1.', '........', '.......1', '........', '.2......', '........', '2.......', '2.......'], {toMove: 2});
		const after = playAll(state, ['b4 b3']);
		expect(after.outcome).toMatchObject({result: 'win', winner: 2, reason: 'connection', description: 'WHITE connected: WHITE wins'});
		expect(after.points).toEqual([0, 0]);
	});

	test('a capture that connects only the opponent makes the opponent win', () => {
		// BLACK h6 takes h8 (column h: h6, h8); BLACK is left with h8 and e8, apart; WHITE a1 a2, together.
		const state = board8(['....1..2', '........', '.......1', '........', '........', '........', '2.......', '2.......']);
		const after = playAll(state, ['h6 h8']);
		expect(after.outcome).toEqual({
			result: 'win',
			winner: 2,
			reason: 'opponent-connected',
			description: "BLACK's capture left WHITE connected: WHITE wins",
		});
		expect(after.points).toEqual([0, 0]);
		expect(newBoardAt(after).terminal()).toBe(1);
	});
});

describe('classic ruling 4: a simultaneous connection', () => {
	// BLACK h6 takes h8 and joins g8; WHITE is left with a1 a2, connected too.
	const both = ['......12', '........', '.......1', '........', '........', '........', '2.......', '2.......'];

	test('is a draw under the Olympiad rules (loa, the default)', () => {
		const after = playAll(board8(both), ['h6 h8']);
		expect(after.status).toBe(Status.bothConnected);
		expect(after.outcome).toEqual({
			result: 'draw',
			winner: null,
			reason: 'simultaneous',
			description: "BLACK's capture connected both sides at once: a draw",
		});
		expect(legalMoves(after)).toEqual([]);
		expect(newBoardAt(after).terminal()).toBe(0);
		expect(classicLoa.outcome(classicLoa.play(board8(both), mv('h6 h8')))?.result).toBe('draw');
	});

	test("is the mover's win under Sackson's ruling (loa-mover)", () => {
		const after = playAll(board8(both, {variant: CLASSIC_LOA_MOVER_WINS}), ['h6 h8']);
		expect(after.status).toBe(Status.bothConnected);
		expect(after.outcome).toEqual({
			result: 'win',
			winner: 1,
			reason: 'simultaneous',
			description: "BLACK's capture connected both sides at once, and the mover wins: BLACK wins",
		});
		// The search sees it lost for the side to move (WHITE), not drawn.
		expect(newBoardAt(after).terminal()).toBe(-1);
		const viaGame = classicLoaMoverWins.play(board8(both, {variant: CLASSIC_LOA_MOVER_WINS}), mv('h6 h8'));
		expect(classicLoaMoverWins.outcome(viaGame)).toMatchObject({result: 'win', winner: 1});
	});

	test("WHITE as the mover: a draw in loa, WHITE's win in loa-mover", () => {
		// The same with colours swapped: WHITE a3 takes a1 (column a: a1, a3) and joins b1; BLACK h7 h8.
		const rows = ['.......1', '.......1', '........', '........', '........', '2.......', '........', '12......'];
		expect(playAll(board8(rows, {toMove: 2}), ['a3 a1']).outcome).toMatchObject({result: 'draw', reason: 'simultaneous'});
		expect(playAll(board8(rows, {toMove: 2, variant: CLASSIC_LOA_MOVER_WINS}), ['a3 a1']).outcome).toMatchObject({
			result: 'win',
			winner: 2,
			description: "WHITE's capture connected both sides at once, and the mover wins: WHITE wins",
		});
	});
});

describe('classic ruling 5: a player with no legal move passes', () => {
	// BLACK a1 and h8 are boxed in by WHITE: every line they could move along crosses a WHITE piece
	// (rank 1 and column a over b1 and a2, the long diagonal, a1 b2 g7 h8, over b2 or g7; rank 8
	// and column h over g8 and h7). WHITE c5 is free and shuffles c5-c6 without touching them.
	const boxed = ['......21', '......22', '........', '..2.....', '........', '........', '22......', '12......'];

	test('legalMoves is exactly [PASS], written "pass", joining no squares', () => {
		const state = board8(boxed, {moveNumber: 5});
		expect(state.outcome).toBeNull();
		expect(legalMoves(state)).toEqual([PASS]);
		expect(movesFrom(state, sq8('a1'))).toEqual([]);
		expect(classicLoa.formatMove(state, PASS)).toBe('pass');
		expect(classicLoa.moveEnds(state, PASS)).toEqual([]);
		// The other side, with moves, does not pass.
		expect(legalMoves(board8(boxed, {toMove: 2}))).not.toContain(PASS);
	});

	test('a move from a square to itself is none, not even "h8 h8", whose number is the pass\'s', () => {
		const state = board8(boxed);
		expect(encodeMove(sq8('h8'), sq8('h8'))).toBe(PASS);
		const typed = classicLoa.parseMove(state, 'h8 h8');
		expect(typed.ok).toBe(false);
		if (!typed.ok) expect(typed.error).toBe('"h8 h8" is not a move: a piece must leave its square');
		expect(classicLoa.readEntryMove(state, 'h8 h8\n')).toEqual({
			ok: false,
			error: {fault: 'illegal', message: '"h8 h8" is not a move: a piece must leave its square'},
		});
		expect(classicLoa.parseMove(classicLoa.initial(), 'b1 b1').ok).toBe(false);
	});

	test('a move from a square to itself where the mover has no piece says what is on it, as any move from there', () => {
		const start = loaps.initial();
		expect(loaps.parseMove(start, 'a1 a1')).toEqual({ok: false, error: 'a1 a1: there is no piece on a1'});
		expect(loaps.parseMove(start, 'a2 a2')).toEqual({ok: false, error: "a2 a2: the piece on a2 is BLUE's, and RED is to move"});
		expect(loaps.parseMove(start, 'b1 b1')).toEqual({ok: false, error: '"b1 b1" is not a move: a piece must leave its square'});
	});

	test('parseMove reads "pass" when it is forced, and refuses it when a piece can move, or in LOAPS', () => {
		const state = board8(boxed);
		expect(classicLoa.parseMove(state, 'pass')).toEqual({ok: true, value: PASS});
		expect(classicLoa.parseMove(state, '  PASS ')).toEqual({ok: true, value: PASS});
		expect(classicLoaMoverWins.parseMove(board8(boxed, {variant: CLASSIC_LOA_MOVER_WINS}), 'pass')).toEqual({ok: true, value: PASS});
		// A piece move where the side must pass says so.
		const moved = classicLoa.parseMove(state, 'a1 c1');
		expect(moved.ok).toBe(false);
		if (!moved.ok) expect(moved.error).toMatch(/must pass/);
		expect(classicLoa.parseMove(classicLoa.initial(), 'pass')).toEqual({
			ok: false,
			error: 'you may pass only when no piece of yours can move',
		});
		expect(classicLoa.parseMove(board8(boxed, {toMove: 2}), 'pass').ok).toBe(false);
		expect(loaps.parseMove(loaps.initial(), 'pass')).toEqual({ok: false, error: 'LOAPS has no passing: a side must move'});
	});

	test('readEntryMove takes "pass" from an entry only when it is forced', () => {
		const state = board8(boxed);
		expect(classicLoa.readEntryMove(state, 'pass\n')).toEqual({ok: true, value: PASS});
		expect(classicLoa.readEntryMove(state, 'pass\r\n')).toEqual({ok: true, value: PASS});
		const unforced = classicLoa.readEntryMove(classicLoa.initial(), 'pass\n');
		expect(unforced.ok).toBe(false);
		if (!unforced.ok) expect(unforced.error.fault).toBe('illegal');
		const moved = classicLoa.readEntryMove(state, 'a1 a2\n');
		expect(moved.ok).toBe(false);
		if (!moved.ok) expect(moved.error.fault).toBe('illegal');
		// LOAPS never passes: the word is no move at all there.
		const inLoaps = loaps.readEntryMove(loaps.initial(), 'pass\n');
		expect(inLoaps.ok).toBe(false);
		if (!inLoaps.ok) expect(inLoaps.error.fault).toBe('unparsable');
	});

	test('play(PASS) hands the move to the other side, keeps the board, and numbers the moves right', () => {
		const state = board8(boxed, {moveNumber: 5});
		const passed = play(state, PASS);
		expect(passed.cells).toEqual(state.cells);
		expect(passed.toMove).toBe(2);
		expect(passed.moveNumber).toBe(5);
		expect(passed.outcome).toBeNull();
		expect(passed.status).toBe(Status.ongoing);
		expect(passed.history).toEqual([{move: PASS, player: 1, capture: false, gained: [0, 0]}]);
		expect(passed.previous).toBe(state);
		// WHITE moves; BLACK (still boxed) passes at move 6.
		const next = play(passed, mv('c5 c6'));
		expect([next.toMove, next.moveNumber]).toEqual([1, 6]);
		expect(legalMoves(next)).toEqual([PASS]);
		expect(play(next, PASS).moveNumber).toBe(6);
	});

	test("WHITE passes too: move numbers go up after WHITE's pass", () => {
		// The colours swapped: WHITE a1 h8 boxed in by BLACK; BLACK c5 free.
		const swapped = boxed.map(row => row.replace(/[12]/g, cell => (cell === '1' ? '2' : '1')));
		const state = board8(swapped, {toMove: 2, moveNumber: 9});
		expect(legalMoves(state)).toEqual([PASS]);
		const passed = play(state, PASS);
		expect([passed.toMove, passed.moveNumber]).toEqual([1, 10]);
		expect(passed.cells).toEqual(state.cells);
	});

	test('the pass on the search board: make flips the side and the key, unmake restores them', () => {
		const board = newBoardAt(board8(boxed));
		const before = [board.hashLo, board.hashHi, board.sideToMove, board.ply, Array.from(board.cells)];
		board.make(PASS);
		expect(board.sideToMove).toBe(2);
		expect(board.computeHash()).toEqual([board.hashLo, board.hashHi]);
		expect(board.terminal()).toBe(ONGOING);
		board.unmake();
		expect([board.hashLo, board.hashHi, board.sideToMove, board.ply, Array.from(board.cells)]).toEqual(before);
	});

	test('a LOAPS side with no move still loses', () => {
		// RED's a1 and g7 are boxed in by BLUE (rules.test.ts, ruling 7).
		const pinned = position(['.....21', '.....22', '.......', '.......', '.......', '22.....', '12.....'], {variant: LOAPS});
		expect(legalMoves(pinned)).toEqual([]);
		expect(pinned.outcome).toMatchObject({result: 'win', winner: 2, reason: 'no-moves'});
		expect(() => play(pinned, PASS)).toThrow(RangeError);
	});
});

describe('classic ruling 6: the third occurrence of a position with the same side to move draws', () => {
	// From the start: b1 b3 (column b: b1 b8), a2 c2 (rank 2: a2 h2), and back the same ways.
	const round = ['b1 b3', 'a2 c2', 'b3 b1', 'c2 a2'];

	test('the start comes back a second time: play goes on; a third time: a draw by repetition', () => {
		const start = initialState(CLASSIC_LOA);
		const twice = playAll(start, round);
		expect(twice.cells).toEqual(start.cells);
		expect(occurrences(twice)).toBe(2);
		expect(twice.outcome).toBeNull();
		expect(legalMoves(twice)).toHaveLength(36);
		const almost = playAll(twice, round.slice(0, 3));
		expect(almost.outcome).toBeNull();
		const thrice = play(almost, mv('c2 a2'));
		expect(occurrences(thrice)).toBe(3);
		expect(thrice.outcome).toEqual({
			result: 'draw',
			winner: null,
			reason: 'repetition',
			description: 'The same position stood a third time with BLACK to move: a draw',
		});
		expect(legalMoves(thrice)).toEqual([]);
		expect(classicLoaMoverWins.outcome(playAll(classicLoaMoverWins.initial(), [...round, ...round]))?.reason).toBe('repetition');
	});

	test('the same cells with the other side to move do not count', () => {
		// BLACK is boxed in and passes; WHITE shuffles c5-c6. The cells of the start stand at plies
		// 0, 1, 4 and 5 (a third time at ply 4), but with BLACK to move only at 0, 4 and 8.
		const boxed = ['......21', '......22', '........', '..2.....', '........', '........', '22......', '12......'];
		const start = board8(boxed);
		const line = ['pass', 'c5 c6', 'pass', 'c6 c5', 'pass', 'c5 c6', 'pass', 'c6 c5'];
		let state = start;
		for (const [ply, text] of line.entries()) {
			expect(state.outcome, `before ply ${ply + 1}`).toBeNull();
			state = playAll(state, [text]);
		}
		expect(state.cells).toEqual(start.cells);
		expect(state.outcome).toMatchObject({result: 'draw', reason: 'repetition'});
		expect(state.outcome?.description).toMatch(/with BLACK to move/);
		// At ply 5 the start's cells stood a third time, the second with WHITE to move.
		expect(occurrences(playAll(start, line.slice(0, 5)))).toBe(2);
	});

	test('LOAPS has no repetition rule', () => {
		const loapsRound = ['b1 b3', 'a2 c2', 'b3 b1', 'c2 a2'];
		let state = loaps.initial();
		for (let time = 0; time < 3; time++) {
			for (const text of loapsRound) {
				const parsed = loaps.parseMove(state, text);
				if (!parsed.ok) throw new Error(parsed.error);
				state = loaps.play(state, parsed.value);
			}
		}
		expect(state.cells).toEqual(loaps.initial().cells);
		expect(state.outcome).toBeNull();
		// Nothing looks back in LOAPS, so the worker is sent no past.
		expect(loaps.past(state)).toEqual({start: state, moves: []});
		expect(classicLoa.past(playAll(classicLoa.initial(), loapsRound)).moves).toHaveLength(4);
	});

	test('a capture starts the count afresh: the position after it is the first that can recur', () => {
		// BLACK d1 takes d3 (column d: d1 d3). Then WHITE h4 f4 (rank 4: a4 h4), BLACK a8 c8 (rank 8:
		// a8 h8), and both back.
		const state = board8(['1......1', '........', '....2...', '........', '2......2', '...2....', '........', '...1....']);
		const captured = playAll(state, ['d1 d3']);
		expect(captured.history.at(-1)?.capture).toBe(true);
		expect(reversiblePast(captured)).toEqual([]);
		expect(classicLoa.past(captured)).toEqual({start: captured, moves: []});
		const shuffle = ['h4 f4', 'a8 c8', 'f4 h4', 'c8 a8'];
		const twice = playAll(captured, shuffle);
		expect(twice.cells).toEqual(captured.cells);
		expect(twice.outcome).toBeNull();
		// What the game could still repeat runs back to the capture and no further.
		const past = reversiblePast(twice);
		expect(past).toHaveLength(4);
		expect(past[0]).toBe(captured);
		expect(classicLoa.past(twice)).toEqual({start: captured, moves: shuffle.map(mv)});
		const thrice = playAll(twice, shuffle);
		expect(thrice.outcome).toMatchObject({result: 'draw', reason: 'repetition'});
		// The search board made at the third occurrence knows it.
		expect(newBoardAt(thrice).repeated()).toBe(true);
		expect(newBoardAt(twice).repeated()).toBe(false);
	});

	describe('kept across a save and a load', () => {
		let dir: string;
		beforeEach(() => {
			dir = mkdtempSync(join(tmpdir(), 'potm-classic-'));
		});
		afterEach(() => rmSync(dir, {recursive: true, force: true}));

		/** The states and moves of `texts` played from `start` with `game`'s parseMove. */
		function line(game: typeof classicLoa, start: LoaState, texts: readonly string[]): {states: LoaState[]; moves: number[]} {
			const states = [start];
			const moves: number[] = [];
			for (const text of texts) {
				const parsed = game.parseMove(states.at(-1)!, text);
				if (!parsed.ok) throw new Error(parsed.error);
				moves.push(parsed.value);
				states.push(game.play(states.at(-1)!, parsed.value));
			}
			return {states, moves};
		}

		test('replaying the history file restores the chain: the next repeating move draws', () => {
			const {states, moves} = line(classicLoa, classicLoa.initial(), [...round, ...round.slice(0, 3)]);
			const path = join(dir, 'repeat.txt');
			expect(saveGame(dir, 'repeat', classicLoa, states, moves)).toEqual({ok: true, value: path});
			const loaded = loadGame(path);
			if (!loaded.ok) throw new Error(loaded.error);
			expect(loaded.value.note).toBeNull();
			expect(loaded.value.game).toBe(classicLoa);
			expect(loaded.value.line).toHaveLength(8);
			const last = loaded.value.line.at(-1) as LoaState;
			expect(occurrences(last)).toBe(2);
			expect(classicLoa.play(last, mv('c2 a2')).outcome).toMatchObject({result: 'draw', reason: 'repetition'});
			// The search board made there knows the chain too.
			const board = newBoardAt(last);
			board.make(mv('c2 a2'));
			expect(board.repeated()).toBe(true);
			// The position alone (no history) does not: the same move plays on.
			const alone = classicLoa.parse(classicLoa.format(last), 'repeat.txt');
			if (!alone.ok) throw new Error(alone.error.message);
			expect(classicLoa.play(alone.value, mv('c2 a2')).outcome).toBeNull();
		});

		test('passes in the history replay too', () => {
			const boxed = board8(['......21', '......22', '........', '..2.....', '........', '........', '22......', '12......']);
			const {states, moves} = line(classicLoa, boxed, ['pass', 'c5 c6', 'pass', 'c6 c5', 'pass', 'c5 c6', 'pass']);
			saveGame(dir, 'passes', classicLoa, states, moves);
			const loaded = loadGame(join(dir, 'passes.txt'));
			if (!loaded.ok) throw new Error(loaded.error);
			expect(loaded.value.note).toBeNull();
			expect(loaded.value.moves).toEqual(moves);
			const last = loaded.value.line.at(-1) as LoaState;
			expect(classicLoa.play(last, mv('c6 c5')).outcome).toMatchObject({result: 'draw', reason: 'repetition'});
		});

		// An 8×8 save's layout is the same for loa and loa-mover: the history says which ruling.
		test('a loa-mover save loads as loa-mover, with its history', () => {
			const {states, moves} = line(classicLoaMoverWins, classicLoaMoverWins.initial(), [...round, ...round.slice(0, 3)]);
			saveGame(dir, 'mover', classicLoaMoverWins, states, moves);
			const loaded = loadGame(join(dir, 'mover.txt'));
			if (!loaded.ok) throw new Error(loaded.error);
			expect(loaded.value.note).toBeNull();
			expect(loaded.value.game).toBe(classicLoaMoverWins);
			expect(loaded.value.line).toHaveLength(8);
		});
	});
});
