/**
 * The search on hand-made LOAPS positions. Each tactical test first asks the rules engine what the
 * candidate moves lead to, so the test shows why the expected move is the right one; then it asks
 * the Searcher, always with a depth limit (never wall time), so every run searches the same tree.
 */
import {describe, expect, test} from 'vitest';
import type {SearcherConfig, SearchLimits, SearchResult} from '../../source/games/search.js';
import {decidedIn, Searcher} from '../../source/engine/search.js';
import {LoaBoard} from '../../source/games/loa/board.js';
import {classicLoa, loaps} from '../../source/games/loa/index.js';
import {encodeMove, PASS} from '../../source/games/loa/notation.js';
import {newBoardAt, type LoaState} from '../../source/games/loa/rules.js';
import {CLASSIC_LOA} from '../../source/games/loa/variant.js';
import {CLASSIC_POSITIONS} from '../games/loa/classic-positions.js';
import {position, sq} from '../games/loa/diagram.js';
import {connectOnBonus} from './positions.js';
import {loadSave, sampleNames} from '../helpers/saves.js';

const mv = (text: string): number => {
	const [from, to] = text.split(' ') as [string, string];
	return encodeMove(sq(from), sq(to));
};

const name = (state: LoaState, move: number): string => loaps.formatMove(state, move);

const boardOf = (state: LoaState): LoaBoard => loaps.searchPosition(state) as LoaBoard;

function search(state: LoaState, limits: SearchLimits, config: SearcherConfig = {}): SearchResult {
	return new Searcher({tableMegabytes: 1, ...config}).search(boardOf(state), limits);
}

/** Every legal move by name, with the state it leads to. */
const replies = (state: LoaState): Array<{text: string; after: LoaState}> =>
	loaps.legalMoves(state).map(move => ({text: name(state, move), after: loaps.play(state, move)}));

/** The moves that end the game at once with `winner` winning (null: a tie or draw), by name. */
const endingWith = (state: LoaState, winner: 1 | 2 | null): string[] =>
	replies(state)
		.filter(({after}) => after.outcome !== null && after.outcome.winner === winner)
		.map(({text}) => text)
		.sort();

/** The moves after which the opponent has a reply that wins at once (or that lose on the spot). */
function losingAtOnce(state: LoaState): string[] {
	const me = loaps.toMove(state);
	const opponent = me === 1 ? 2 : 1;
	return replies(state)
		.filter(({after}) => (after.outcome ? after.outcome.winner !== me : endingWith(after, opponent).length > 0))
		.map(({text}) => text)
		.sort();
}

/** Plays a line from `state`, checking that each move is legal and that nothing follows the end. */
function playLine(state: LoaState, line: readonly number[]): LoaState {
	let current = state;
	line.forEach((move, index) => {
		expect(current.outcome, `move ${index + 1} of the line comes after the end`).toBeNull();
		expect(loaps.legalMoves(current), `move ${index + 1} of the line is legal`).toContain(move);
		current = loaps.play(current, move);
	});
	return current;
}

/** What search must leave as it found it. */
function boardState(board: LoaBoard) {
	return {
		cells: Array.from(board.cells),
		hash: [board.hashLo, board.hashHi],
		key: [board.keyLo, board.keyHi],
		points: Array.from(board.points),
		euler4: Array.from(board.euler4),
		ply: board.ply,
		sideToMove: board.sideToMove,
		status: board.status,
		undoDepth: board.undoDepth,
	};
}

const saves = sampleNames().map(file => [file, loadSave(file)] as const);

// -----------------------------------------------------------------------------------------------
// The positions
// -----------------------------------------------------------------------------------------------

/** RED 0, BLUE 20: every RED connection (c5-d6, c5-d4, f6-d6, f6-d4; via d4 it is 19) loses. */
const behindBy20 = position(['.......', '.....12', '..1.1..', '..2....', '.....2.', '.......', '.22....'], {
	moveNumber: 10,
	points: [0, 20],
});

/**
 * RED 2, BLUE 0. d2xd4 scores 1 + 7 but leaves BLUE's g6 g7 connected: BLUE's 12 beats RED's 10.
 * BLUE also threatens d4-f6 (connects, 15 to 2); only d2-c3 blocks that diagonal.
 */
const poisonedCapture = position(['1.....2', '1.....2', '.......', '...2...', '.......', '...1...', '.......'], {
	moveNumber: 10,
	points: [2, 0],
});

/** RED 5, BLUE 0. e5xe3 is RED's only scoring move (+1) and leaves BLUE's f6 g5 connected: 6 to 12. */
const poisonedCapture2 = position(['.....1.', '.....2.', '....112', '.......', '....21.', '.......', '...1...'], {
	moveNumber: 10,
	points: [5, 0],
});

/**
 * RED to make its move 50, 20 points behind: after BLUE's move 50 the game is drawn. e1-b1 connects
 * and loses 12 to 20; after most moves BLUE connects (b3-d3, b3-d5) or captures on e1 and leaves RED
 * connected, winning either way. Only a2-a4 leaves BLUE nothing but the draw.
 */
const lastMoves = position(['.......', '.......', '....2..', '....2..', '.2.....', '1......', '1.1.1..'], {
	moveNumber: 50,
	points: [0, 20],
});

/** The same pieces with BLUE to make the last move of the game, 20 behind: b3-d5 connects and loses. */
const lastMoveBlue = position(['.......', '.......', '....2..', '....2..', '.2.....', '1......', '1.1.1..'], {
	toMove: 2,
	moveNumber: 50,
	points: [20, 0],
});

/**
 * RED 20, BLUE 0: any RED connection wins. g2-e4 connects now (quiet: g2-f2's +3 comes first in
 * the move order); RED has other ways to connect a move later that BLUE cannot stop.
 */
const winNowOrLater = position(['..2.2..', '......2', '...1...', '.....1.', '...1...', '......1', '2.2....'], {
	moveNumber: 10,
	points: [20, 0],
});

/**
 * BLUE to move, 30 points behind. RED's g7 is boxed in; b4-b2 or b4-c3 boxes a1 in as well, and a
 * player with no legal move loses whatever the points (the greedy test's 'pin' position).
 */
const pin = position(['.....21', '.....22', '.......', '.2.....', '.......', '2......', '12.....'], {
	toMove: 2,
	moveNumber: 10,
	points: [30, 0],
});

// -----------------------------------------------------------------------------------------------
// Tactics
// -----------------------------------------------------------------------------------------------

describe('search: connections and points', () => {
	test('plays the one connection that wins on points, not one that loses or a point grab', () => {
		const state = connectOnBonus;
		expect(endingWith(state, 1)).toEqual(['d2 f2']);
		expect(endingWith(state, 2)).toEqual(['g2 e2', 'g2 f1']);
		expect(loaps.play(state, mv('d2 f2')).points).toEqual([15, 14]);
		expect(loaps.play(state, mv('g2 e2')).points).toEqual([12, 14]);
		const grab = loaps.play(state, mv('d2 d4'));
		expect([grab.outcome, grab.points]).toEqual([null, [7, 14]]);
		expect(loaps.play(state, mv('e1 f2')).outcome).toBeNull();
		for (const depth of [1, 2, 3, 4]) {
			const result = search(state, {depth});
			expect(name(state, result.move), `depth ${depth}`).toBe('d2 f2');
			expect(decidedIn(result.score)).toBe(1);
		}
	});

	test('does not connect when connecting loses on points', () => {
		const state = behindBy20;
		const connecting = replies(state).filter(({after}) => after.outcome?.reason === 'connection');
		expect(connecting.map(({text}) => text).sort()).toEqual(['c5 d4', 'c5 d6', 'f6 d4', 'f6 d6']);
		expect(connecting.every(({after}) => after.outcome?.winner === 2)).toBe(true);
		expect(loaps.play(state, mv('c5 d4')).points).toEqual([19, 20]);
		for (const depth of [1, 2, 3, 4, 5]) {
			const result = search(state, {depth});
			const after = loaps.play(state, result.move);
			expect(after.outcome, `depth ${depth}: ${name(state, result.move)}`).toBeNull();
			// Nor can BLUE win straight after it, and the search does not see itself lost (a full
			// search with the rules engine finds no forced result within 4 plies after any
			// non-connecting move here).
			expect(endingWith(after, 2), `depth ${depth}: ${name(state, result.move)}`).toEqual([]);
			expect(decidedIn(result.score)).toBeNull();
		}
	});

	test('does not capture when the capture leaves the opponent connected', () => {
		for (const [state, capture, safe] of [
			[poisonedCapture, 'd2 d4', ['d2 c3']],
			[poisonedCapture2, 'e5 e3', null],
		] as const) {
			const captured = loaps.play(state, mv(capture));
			expect(captured.outcome).toMatchObject({reason: 'opponent-connected', winner: 2});
			expect(captured.points[0]).toBeGreaterThan(state.points[0]);
			const losing = losingAtOnce(state);
			expect(losing).toContain(capture);
			const notLosing = replies(state)
				.map(({text}) => text)
				.filter(text => !losing.includes(text))
				.sort();
			if (safe) expect(notLosing).toEqual(safe);
			else expect(notLosing.length).toBeGreaterThan(1);
			for (const depth of [1, 2, 3, 4]) {
				const result = search(state, {depth});
				expect(notLosing, `depth ${depth}`).toContain(name(state, result.move));
			}
		}
	});

	test('the side behind keeps the game going to the draw at move 50', () => {
		const state = lastMoves;
		expect(endingWith(state, 2)).toEqual(['e1 b1']);
		expect(loaps.play(state, mv('e1 b1')).points).toEqual([12, 20]);
		const all = replies(state).map(({text}) => text);
		expect(all.filter(text => !losingAtOnce(state).includes(text))).toEqual(['a2 a4']);
		// After a2-a4 every BLUE move is the last of the game: a draw.
		const after = loaps.play(state, mv('a2 a4'));
		expect(replies(after).every(({after: end}) => end.outcome?.reason === 'move-limit')).toBe(true);
		for (const depth of [2, 3, 4]) {
			const result = search(state, {depth});
			expect(name(state, result.move), `depth ${depth}`).toBe('a2 a4');
			expect(result.score, `depth ${depth}: a draw`).toBe(0);
			const end = playLine(state, result.lines[0]!.pv);
			expect(end.outcome).toMatchObject({result: 'draw', reason: 'move-limit'});
		}
	});

	test('on the very last move the side behind takes the draw, not a losing connection', () => {
		const state = lastMoveBlue;
		expect(endingWith(state, 1)).toEqual(['b3 d5']);
		expect(endingWith(state, null).length).toBe(loaps.legalMoves(state).length - 1);
		for (const depth of [1, 3]) {
			const result = search(state, {depth});
			expect(loaps.play(state, result.move).outcome).toMatchObject({result: 'draw', reason: 'move-limit'});
			expect(result.score).toBe(0);
		}
	});

	test("sees the opponent's quiet winning connection beyond the horizon: depth 1 does not allow it", () => {
		// BLUE to move, 5 to 12 behind. d2-d4 lands on d4 for 7 (12-12), but then RED's f7-f4
		// (no capture, no bonus) connects RED and wins 24-12. d2-f2 (+3) leaves RED no such win, as
		// do f1-c4 and d1-f3; which of them the evaluation likes best depends on its weights.
		const state = position(['2....1.', '2......', '.2.....', '.......', '.....1.', '...2..1', '...2.2.'], {
			toMove: 2,
			moveNumber: 22,
			points: [12, 5],
		});
		const greedy = loaps.play(state, encodeMove(sq('d2'), sq('d4')));
		const connection = loaps.play(greedy, encodeMove(sq('f7'), sq('f4')));
		expect(connection.outcome).toMatchObject({winner: 1, reason: 'connection'});
		expect(connection.history.at(-1)).toMatchObject({capture: false, gained: [12, 0]});
		const result = search(state, {depth: 1});
		expect(loaps.formatMove(state, result.move)).not.toBe('d2 d4');
		expect(decidedIn(result.score)).toBeNull();
		const after = loaps.play(state, result.move);
		expect(loaps.legalMoves(after).every(move => loaps.play(after, move).outcome?.winner !== 1)).toBe(true);
	});
});

describe('search: the quiescence looks for quiet connections at every ply', () => {
	test("a scoring landing that lets the opponent connect is refuted deep in the quiescence: depth 1 sees RED's best is to stand pat", () => {
		// BLUE to move, 11 to 4. f4-d4 lands for 7 (18 to 4). RED's only gains then are three
		// landings for 3 (d2-f2, d2-b2, c7-b6), and after each BLUE's quiet a6-c4 connects and wins
		// 30 to 7: a quiet move two plies into the quiescence. Seeing it, RED stands pat.
		const state = position(['..11...', '2......', '..1.1..', '....22.', '..21...', '1..1...', '.......'], {
			toMove: 2,
			moveNumber: 16,
			points: [4, 11],
		});
		const landing = loaps.play(state, encodeMove(sq('f4'), sq('d4')));
		expect(landing.points).toEqual([4, 18]);
		const gains = loaps.legalMoves(landing).filter(move => {
			const after = loaps.play(landing, move).history.at(-1)!;
			return after.capture || after.gained[0] > 0;
		});
		expect(gains.map(move => loaps.formatMove(landing, move)).sort()).toEqual(['c7 b6', 'd2 b2', 'd2 f2']);
		for (const move of gains) {
			const after = loaps.play(landing, move);
			const connection = loaps.play(after, encodeMove(sq('a6'), sq('c4')));
			expect(connection.history.at(-1)).toMatchObject({capture: false, gained: [0, 12]});
			expect(connection.outcome).toMatchObject({winner: 2, reason: 'connection'});
		}
		const result = search(state, {depth: 1});
		expect(loaps.formatMove(state, result.move)).toBe('f4 d4');
		expect(result.score).toBe(-loaps.searchPosition(landing).evaluate());
	});
});

describe('search: decided games', () => {
	test('prefers the shorter win: connects at once rather than a move later', () => {
		const state = winNowOrLater;
		expect(endingWith(state, 1)).toEqual(['g2 e4']);
		expect(boardOf(state).moveGain(mv('g2 f2'))).toBeGreaterThan(boardOf(state).moveGain(mv('g2 e4')));
		const result = search(state, {depth: 5});
		expect(name(state, result.move)).toBe('g2 e4');
		expect(decidedIn(result.score)).toBe(1);
		expect(result.stoppedBy).toBe('decided');
		// Other moves win too, two plies later: the line shows how, and it ends in a RED win.
		const lines = search(state, {depth: 3, multiPv: 3}).lines;
		expect(lines.map(line => decidedIn(line.score))).toEqual([1, 3, 3]);
		expect(name(state, lines[0]!.move)).toBe('g2 e4');
		for (const line of lines.slice(1)) {
			expect(line.pv).toHaveLength(3);
			expect(playLine(state, line.pv).outcome).toMatchObject({winner: 1, reason: 'connection'});
		}
	});

	test('leaving the opponent without a legal move wins, even 30 points behind', () => {
		const state = pin;
		expect(endingWith(state, 2)).toEqual(['b4 b2', 'b4 c3']);
		for (const depth of [1, 3]) {
			const result = search(state, {depth});
			expect(['b4 b2', 'b4 c3']).toContain(name(state, result.move));
			expect(decidedIn(result.score)).toBe(1);
			const after = loaps.play(state, result.move);
			expect(after.outcome).toMatchObject({winner: 2, reason: 'no-moves'});
			expect(after.points).toEqual([30, state.points[1] + (name(state, result.move) === 'b4 b2' ? 3 : 0)]);
		}
		// Both pins score as wins in one; the next best line is not decided.
		const lines = search(state, {depth: 2, multiPv: 3}).lines;
		expect(
			lines
				.slice(0, 2)
				.map(line => name(state, line.move))
				.sort(),
		).toEqual(['b4 b2', 'b4 c3']);
		expect(lines.map(line => decidedIn(line.score))).toEqual([1, 1, null]);
		// The pinned side has no move: the search says so rather than inventing one.
		const pinned = loaps.play(state, mv('b4 c3'));
		expect(loaps.legalMoves(pinned)).toEqual([]);
		const stuck = search(pinned, {depth: 3});
		expect([stuck.move, stuck.stoppedBy, stuck.lines]).toEqual([-1, 'no-move', []]);
	});
});

// -----------------------------------------------------------------------------------------------
// Invariants
// -----------------------------------------------------------------------------------------------

const invariantPositions: ReadonlyArray<readonly [string, LoaState]> = [
	['start', loaps.initial()],
	...saves,
	['connectOnBonus', connectOnBonus],
	['behindBy20', behindBy20],
	['lastMoves', lastMoves],
];

/** Positions early in the game, where the search has plenty to do (start.txt is the start again). */
const openings = invariantPositions.filter(([label]) => label === 'start' || label === 'red-move-10.txt' || label === 'blue-move-28.txt');

describe('search: invariants', () => {
	test('when every move ends the game (the last move before the limit), one iteration is enough', () => {
		const state = position(['.11.11.', '2.....2', '2.....2', '.......', '2.....2', '2.....2', '.11.11.'], {
			toMove: 2,
			moveNumber: 50,
			points: [20, 10],
		});
		expect(loaps.legalMoves(state).every(move => loaps.play(state, move).outcome?.reason === 'move-limit')).toBe(true);
		const result = search(state, {softMs: 60_000, hardMs: 60_000});
		expect(result.depth).toBe(1);
		expect(result.score).toBe(0);
		expect(result.stoppedBy).toBe('depth');
	});

	test('finds the saves', () => {
		expect(saves.map(([file]) => file)).toEqual(expect.arrayContaining(['start.txt', 'red-move-10.txt', 'blue-move-28.txt']));
	});

	test('plays a legal move, its line is legal and starts with it, the depth is the one asked for', () => {
		for (const [label, state] of invariantPositions) {
			const board = boardOf(state);
			const before = boardState(board);
			const result = new Searcher({tableMegabytes: 1}).search(board, {depth: 3});
			expect(boardState(board), label).toEqual(before);
			expect(loaps.legalMoves(state), label).toContain(result.move);
			expect(result.lines[0]!.pv[0], label).toBe(result.move);
			expect(result.lines[0]!.move, label).toBe(result.move);
			expect(result.lines[0]!.score, label).toBe(result.score);
			playLine(state, result.lines[0]!.pv);
			if (decidedIn(result.score) === null) {
				expect([result.depth, result.stoppedBy], label).toEqual([3, 'depth']);
				expect(result.lines[0]!.pv.length, label).toBeGreaterThanOrEqual(1);
			} else {
				expect(result.stoppedBy, label).toBe('decided');
			}
			expect(result.nodes, label).toBeGreaterThan(0);
		}
	});

	test('each depth limit is kept exactly', () => {
		const state = saves.find(([file]) => file === 'red-move-10.txt')![1];
		for (const depth of [1, 2, 4]) {
			const result = search(state, {depth});
			expect([result.depth, result.stoppedBy]).toEqual([depth, 'depth']);
		}
	});

	test('a node limit stops the search near it, with a legal move', () => {
		for (const [label, state] of openings) {
			for (const nodes of [1, 3000, 20_000]) {
				const board = boardOf(state);
				const before = boardState(board);
				const result = new Searcher({tableMegabytes: 1}).search(board, {nodes});
				expect(result.stoppedBy, `${label} ${nodes}`).toBe('nodes');
				expect(result.nodes, `${label} ${nodes}`).toBeLessThanOrEqual(nodes + 2048);
				expect(loaps.legalMoves(state), `${label} ${nodes}`).toContain(result.move);
				expect(boardState(board), `${label} ${nodes}`).toEqual(before);
			}
		}
	});

	test('multiPv 3 gives three different first moves, best first, each with a legal line', () => {
		for (const [label, state] of invariantPositions) {
			const result = search(state, {depth: 3, multiPv: 3});
			const lines = result.lines;
			expect(lines, label).toHaveLength(3);
			expect(new Set(lines.map(line => line.move)).size, label).toBe(3);
			expect(result.move, label).toBe(lines[0]!.move);
			for (let i = 1; i < lines.length; i++) expect(lines[i]!.score, `${label} line ${i + 1}`).toBeLessThanOrEqual(lines[i - 1]!.score);
			for (const line of lines) {
				expect(line.pv[0], label).toBe(line.move);
				playLine(state, line.pv);
			}
		}
	});

	test('a position with no move to make answers -1, stopped by no-move', () => {
		const connected = loaps.play(connectOnBonus, mv('d2 f2'));
		const drawn = loaps.play(lastMoveBlue, mv('e4 d4'));
		const pinned = loaps.play(pin, mv('b4 b2'));
		for (const [label, state, reason] of [
			['connection', connected, 'connection'],
			['move limit', drawn, 'move-limit'],
			['pinned', pinned, 'no-moves'],
		] as const) {
			expect(state.outcome?.reason, label).toBe(reason);
			const result = search(state, {depth: 4});
			expect([result.move, result.stoppedBy, result.lines], label).toEqual([-1, 'no-move', []]);
		}
	});

	test('searching again with a warm table gives a legal move and leaves the board as it was', () => {
		const searcher = new Searcher({tableMegabytes: 1});
		for (const [label, state] of invariantPositions) {
			const board = boardOf(state);
			const before = boardState(board);
			const first = searcher.search(board, {depth: 3});
			expect(boardState(board), label).toEqual(before);
			const second = searcher.search(board, {depth: 3});
			expect(boardState(board), label).toEqual(before);
			for (const result of [first, second]) {
				expect(loaps.legalMoves(state), label).toContain(result.move);
				playLine(state, result.lines[0]!.pv);
			}
			// A decided result does not change its mind; an undecided one is still the same depth.
			if (decidedIn(first.score) !== null) expect(second.score, label).toBe(first.score);
			else expect(second.depth, label).toBe(3);
		}
	});
});

describe('search: stopping', () => {
	test('a stop request at the first poll ends the search with a legal move', () => {
		for (const [label, state] of openings) {
			let polls = 0;
			const board = boardOf(state);
			const before = boardState(board);
			// The node limit only keeps a search that ignored the request from running on.
			const result = new Searcher({tableMegabytes: 1}).search(
				board,
				{depth: 30, nodes: 200_000},
				{
					shouldStop: () => {
						polls++;
						return true;
					},
				},
			);
			expect(polls, label).toBe(1);
			expect(result.stoppedBy, label).toBe('stop');
			expect(result.nodes, label).toBeLessThan(2048);
			expect(loaps.legalMoves(state), label).toContain(result.move);
			expect(result.lines[0]!.pv[0], label).toBe(result.move);
			expect(boardState(board), label).toEqual(before);
		}
	});

	test('a stop request after the first poll ends the search with a legal move', () => {
		for (const [label, state] of openings) {
			let polls = 0;
			const result = new Searcher({tableMegabytes: 1}).search(boardOf(state), {depth: 30, nodes: 200_000}, {shouldStop: () => ++polls > 1});
			expect(polls, label).toBe(2);
			expect(result.stoppedBy, label).toBe('stop');
			expect(loaps.legalMoves(state), label).toContain(result.move);
			playLine(state, result.lines[0]!.pv);
		}
	});
});

describe('search: evaluation noise', () => {
	const seeds = [1, 2, 3, 4, 5, 6];

	test('with noise the moves stay legal, a seed repeats itself, and different seeds differ', () => {
		const picks = new Set<string>();
		for (const [label, state] of [...openings, ['behindBy20', behindBy20] as const]) {
			for (const seed of seeds) {
				const result = search(state, {depth: 2}, {evalNoise: 300, seed});
				expect(loaps.legalMoves(state), `${label} seed ${seed}`).toContain(result.move);
				playLine(state, result.lines[0]!.pv);
				const again = search(state, {depth: 2}, {evalNoise: 300, seed});
				expect([again.move, again.score], `${label} seed ${seed} again`).toEqual([result.move, result.score]);
				picks.add(`${label}: ${name(state, result.move)}`);
			}
		}
		// Noise of up to 3 points must change the choice in some of the four positions among six seeds.
		expect(picks.size).toBeGreaterThan(4);
	});

	test('noise does not touch decided games: the winning connection and the pin are still found', () => {
		for (const seed of seeds) {
			const win = search(connectOnBonus, {depth: 3}, {evalNoise: 300, seed});
			expect(name(connectOnBonus, win.move)).toBe('d2 f2');
			expect(decidedIn(win.score)).toBe(1);
			const pinning = search(pin, {depth: 3}, {evalNoise: 300, seed});
			expect(['b4 b2', 'b4 c3']).toContain(name(pin, pinning.move));
		}
	});
});

describe('search: classic LOA, the repetition rule', () => {
	/** The classic mid-game position black-move-8 (classic-positions.ts). */
	const root = (): LoaState => {
		const parsed = classicLoa.parse(CLASSIC_POSITIONS['black-move-8'].text, 'black-move-8');
		if (!parsed.ok) throw new Error(parsed.error.message);
		return parsed.value;
	};

	/**
	 * The root's board, told that the game before it went root, child, root, child for each of its
	 * children in turn, `times` times each (a record of positions, not a real game): with 2, every
	 * move brings a position back for the third time. Captures too, which the record cannot make
	 * repeat: a capture is never undone, so nothing before it counts.
	 */
	function boardWithPast(times: number): {board: LoaBoard; moves: number[]; captures: number[]} {
		const state = root();
		const probe = newBoardAt(state);
		const buffer = new Int32Array(probe.maxMoves);
		const moves = Array.from(buffer.subarray(0, probe.generateMoves(buffer, 0)));
		const captures = moves.filter(move => probe.cells[move >> 6] !== 0);
		const earlier: Array<{cells: number[]; toMove: 1 | 2}> = [];
		for (const move of moves) {
			probe.make(move);
			const child = {cells: Array.from(probe.cells), toMove: probe.sideToMove};
			probe.unmake();
			for (let time = 0; time < times; time++) earlier.push({cells: [...state.cells], toMove: state.toMove}, child);
		}
		const board = new LoaBoard(CLASSIC_LOA, {cells: state.cells, toMove: state.toMove, ply: 0, points: [0, 0], earlier});
		return {board, moves, captures};
	}

	test('a board whose past makes every quiet move a third repetition: each scores 0, a draw; captures do not', () => {
		for (const depth of [1, 3]) {
			const {board, moves, captures} = boardWithPast(2);
			expect(captures.length).toBeGreaterThan(0);
			const result = new Searcher({tableMegabytes: 1}).search(board, {depth, multiPv: moves.length});
			expect(result.lines, `depth ${depth}`).toHaveLength(moves.length);
			const scores = new Map(result.lines.map(line => [line.move, line.score]));
			const quiet = moves.filter(move => !captures.includes(move));
			expect(
				quiet.map(move => scores.get(move)),
				`depth ${depth}`,
			).toEqual(quiet.map(() => 0));
			expect(
				captures.map(move => scores.get(move)).filter(score => score === 0),
				`depth ${depth}`,
			).toEqual([]);
			expect(board.undoDepth).toBe(0);
		}
	});

	test('the same with each child seen only once before (a second occurrence): the moves keep their own scores', () => {
		const {board, moves} = boardWithPast(1);
		const result = new Searcher({tableMegabytes: 1}).search(board, {depth: 1, multiPv: moves.length});
		expect(result.lines.filter(line => line.score !== 0).length).toBeGreaterThan(moves.length / 2);
	});

	test('after a line that goes round twice, the move that closes the third round scores 0; unseen history, it does not', () => {
		// From the start: b1 b3, a2 c2, b3 b1, c2 a2, twice over but for the last move.
		let state = classicLoa.initial();
		for (const text of ['b1 b3', 'a2 c2', 'b3 b1', 'c2 a2', 'b1 b3', 'a2 c2', 'b3 b1']) {
			const parsed = classicLoa.parseMove(state, text);
			if (!parsed.ok) throw new Error(parsed.error);
			state = classicLoa.play(state, parsed.value);
		}
		const closing = encodeMove(sq('c2', 8), sq('a2', 8));
		const count = classicLoa.legalMoves(state).length;
		const scoreOf = (board: LoaBoard) =>
			new Searcher({tableMegabytes: 1}).search(board, {depth: 1, multiPv: count}).lines.find(line => line.move === closing)?.score;
		expect(scoreOf(classicLoa.searchPosition(state) as LoaBoard)).toBe(0);
		const alone = classicLoa.parse(classicLoa.format(state), 'alone');
		if (!alone.ok) throw new Error(alone.error.message);
		const without = scoreOf(classicLoa.searchPosition(alone.value) as LoaBoard);
		expect(without).toBeDefined();
		expect(without).not.toBe(0);
	});

	test('a side that must pass: the search plays the pass', () => {
		const parsed = classicLoa.parse(CLASSIC_POSITIONS.boxed.text, 'boxed');
		if (!parsed.ok) throw new Error(parsed.error.message);
		const result = new Searcher({tableMegabytes: 1}).search(classicLoa.searchPosition(parsed.value), {depth: 3});
		expect(result.move).toBe(PASS);
		expect(result.lines[0]!.pv[0]).toBe(PASS);
	});
});
