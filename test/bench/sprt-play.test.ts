/**
 * The SPRT's pairing (source/bench/sprt-play.ts) and its openings (sprt-openings.ts): each
 * opening played twice, the colours swapped, the pairs made whatever order games end in, and the
 * shipped sets read back. The runs themselves (two builds, minutes of games) are a benchmark,
 * never a test.
 */
import {describe, expect, it} from 'vitest';
import {decide} from '../../source/engine/players.js';
import {Searcher} from '../../source/engine/search.js';
import type {SearchPosition} from '../../source/games/game.js';
import {classicLoa, loaps} from '../../source/games/loa/index.js';
import {pairCollector, playGame, playPair, type Side} from '../../source/bench/sprt-play.js';
import {END_RECIPES, loadOpenings, readOpenings, RECIPES, setupText, SPRT_GAMES} from '../../source/bench/sprt-openings.js';
import {boxes, randomBoard} from '../../source/games/boxes/index.js';
import {unitSegments} from '../../source/games/boxes/geometry.js';
import {clearSolverTable} from '../../source/games/boxes/solver.js';
import {gameById} from '../../source/games/registry.js';

/** A side that searches a few thousand nodes a move, and notes which player it moved for. */
function searching(asked: number[]): Side {
	const searcher = new Searcher({tableMegabytes: 1});
	return {
		game: loaps,
		searcher,
		decide: (own, position, request) => {
			asked.push((position as SearchPosition).sideToMove);
			return decide(own as Searcher, position as SearchPosition, request as Parameters<typeof decide>[2]);
		},
	};
}

/** A side that plays a legal move at random. */
const random = (asked: number[]): Side => ({
	game: loaps,
	searcher: {clear() {}},
	decide: (_own, position) => {
		asked.push((position as SearchPosition).sideToMove);
		return decide(new Searcher({tableMegabytes: 1}), position as SearchPosition, {limits: {}, player: 'random', seed: 7});
	},
});

const OPENING = ['b1 d3', 'g2 e2'];

describe('the SPRT’s pairs of games', () => {
	it('plays each opening twice, the candidate on each side once, from the opening', () => {
		const candidate: number[] = [];
		const base: number[] = [];
		const sides = [searching(candidate), random(base)] as const;
		const first = playGame(loaps, sides, 3000, OPENING, true);
		// After an even opening player 1 moves: the candidate, as player 1, moved for player 1 only.
		expect(candidate.length).toBeGreaterThan(0);
		expect(new Set(candidate)).toEqual(new Set([1]));
		expect(new Set(base)).toEqual(new Set([2]));
		candidate.length = 0;
		base.length = 0;
		const second = playGame(loaps, sides, 3000, OPENING, false);
		expect(new Set(candidate)).toEqual(new Set([2]));
		expect(new Set(base)).toEqual(new Set([1]));
		// The searcher beats the random mover from either side.
		expect([first.score, second.score]).toEqual([1, 1]);
		for (const played of [first, second]) expect(played.plies).toBeGreaterThan(0);
	});

	it('scores the pair from the candidate’s side', () => {
		const pair = playPair(loaps, [random([]), searching([])], 3000, OPENING);
		expect(pair.map(game => game.score)).toEqual([0, 0]);
		expect(pair.every(game => game.reason !== 'cap')).toBe(true);
	});

	it('plays one game twice when both sides choose alike, and tells it by the moves', () => {
		const [first, second] = playPair(loaps, [searching([]), searching([])], 2000, OPENING);
		expect(first.moves).not.toBe('');
		expect(second.moves).toBe(first.moves);
		expect(first.score + second.score).toBe(1);
		const [against] = playPair(loaps, [searching([]), random([])], 2000, OPENING);
		expect(against.moves).not.toBe(first.moves);
	});

	it('stops on a move the referee’s rules refuse, naming the side', () => {
		const cheat: Side = {...searching([]), decide: () => ({move: 0})};
		// Move 0 is a square's own index to itself: no LOA move.
		expect(() => playGame(loaps, [cheat, searching([])], 1000, OPENING, true)).toThrow(/the referee/);
	});

	it('pairs the games of a match whichever ends first', () => {
		const pairs = pairCollector();
		expect(pairs.add(2, 1)).toBeNull();
		expect(pairs.add(1, 0.5)).toBeNull();
		expect(pairs.add(1, 0)).toEqual([0.5, 0]);
		expect(pairs.add(3, 0)).toBeNull();
		expect(pairs.add(2, 1)).toEqual([1, 1]);
		// A match's third game starts a new pair: each pair is two games.
		expect(pairs.add(1, 1)).toBeNull();
	});
});

describe('the SPRT’s openings', () => {
	it('reads an opening a line, comments and blank lines skipped', () => {
		const read = readOpenings(loaps, '# a comment\n\nb1 d3, g2 e2\nc1 c3\n', 'x.txt');
		expect(read.ok).toBe(true);
		if (!read.ok) return;
		expect(read.value.map(opening => [opening.line, opening.moves])).toEqual([
			[3, ['b1 d3', 'g2 e2']],
			[4, ['c1 c3']],
		]);
		expect(loaps.moveNumber(read.value[0]!.state)).toBe(2);
	});

	it('reads the first openings alone when asked for so many, the lines after them unread', () => {
		const read = readOpenings(loaps, '# a comment\nb1 d3\nc1 c3\nb1 zz\n', 'x.txt', 2);
		expect(read.ok && read.value.map(opening => opening.line)).toEqual([2, 3]);
		expect(readOpenings(loaps, 'b1 d3\nc1 c3\nb1 zz\n', 'x.txt', 3).ok).toBe(false);
	});

	it('names the file, the line and the move that is wrong', () => {
		expect(readOpenings(loaps, 'b1 d3\nb1 d3, b1 d3\n', 'x.txt')).toEqual({
			ok: false,
			error: expect.stringMatching(/^x\.txt, line 2: move 2, "b1 d3"/),
		});
		expect(readOpenings(loaps, 'b1 zz\n', 'x.txt')).toEqual({
			ok: false,
			error: expect.stringMatching(/^x\.txt, line 1: move 1, "b1 zz": /),
		});
		expect(readOpenings(loaps, '# only a comment\n', 'x.txt')).toEqual({ok: false, error: 'x.txt has no opening'});
	});

	it('reads a new board’s options before the bar, and the moves after it', () => {
		const read = readOpenings(boxes, 'rows=4 columns=7 lines=20 seed=17 |\nrows=5 columns=5 lines=0 seed=3 | A1 B1\n', 'b.txt');
		if (!read.ok) throw new Error(read.error);
		const [first, second] = read.value;
		expect(first!.setup).toEqual({rows: 4, columns: 7, lines: 20, seed: 17});
		expect(first!.moves).toEqual([]);
		expect(boxes.format(first!.state)).toBe(boxes.format(randomBoard({rows: 4, columns: 7, lines: 20, seed: 17})));
		expect(second!.moves).toEqual(['A1 B1']);
		expect(boxes.format(second!.state)).not.toBe(boxes.format(randomBoard({rows: 5, columns: 5, lines: 0, seed: 3})));
		expect(setupText(first!.setup!)).toBe('rows=4 columns=7 lines=20 seed=17');
	});

	it('names the file and line of a board option it cannot use', () => {
		expect(readOpenings(boxes, 'rows=5 columns=five |\n', 'b.txt')).toEqual({
			ok: false,
			error: expect.stringMatching(/^b\.txt, line 1: "columns=five" is not an option/),
		});
		expect(readOpenings(boxes, 'rows=5 columns=5 lines=0 seed=1 |\nrows=9 columns=5 lines=0 seed=1 |\n', 'b.txt')).toEqual({
			ok: false,
			error: 'b.txt, line 2: a board is 3..8 boxes each way, not 9×5',
		});
	});

	it('plays both games of a pair from the opening’s own board', () => {
		// Each move from a cold solver, as a `potm move` process starts (the harness's forget): the
		// solver's table would keep what one game proved into the next, which may then prove a move
		// sooner and pick another of equal value.
		const side = (): Side => ({
			game: boxes,
			searcher: new Searcher({tableMegabytes: 1}),
			decide: decide as Side['decide'],
			forget: clearSolverTable,
		});
		const setup = {rows: 3, columns: 4, lines: 10, seed: 5};
		const [first, second] = playPair(boxes, [side(), side()], 2000, [], setup);
		// Alike sides from one board play one game twice, whoever the candidate is.
		expect(second.moves).toBe(first.moves);
		expect(first.score + second.score).toBe(1);
		// The board's own segments are not moves: a 3×4 board has 31 unit segments, 10 drawn.
		expect(first.moves.split(', ').length).toBe(first.plies);
		expect(first.plies).toBeLessThanOrEqual(21);
		let state = randomBoard(setup);
		for (const text of first.moves.split(', ')) {
			const move = boxes.parseMove(state, text);
			if (!move.ok) throw new Error(move.error);
			state = boxes.play(state, move.value);
		}
		expect(boxes.outcome(state)).not.toBeNull();
	});

	it('ships two thousand or more different starts for each game, all playable', () => {
		for (const id of SPRT_GAMES) {
			const game = gameById(id)!;
			const read = loadOpenings(game);
			if (!read.ok) throw new Error(read.error);
			const count = RECIPES[id].count;
			expect(count).toBeGreaterThanOrEqual(2000);
			expect(read.value.length).toBe(count);
			const positions = new Set(read.value.map(opening => game.format(opening.state)));
			expect(positions.size).toBe(count);
			if (id === 'boxes') {
				const sizes = new Set(read.value.map(opening => `${opening.setup!['rows']}x${opening.setup!['columns']}`));
				expect([...sizes].sort()).toEqual(['4x7', '5x5', '8x8']);
				// A plain check of each opening and one expect() for the lines of those that fail it (an
				// expect() per opening was a tenth of the test's time).
				const wrong = read.value.filter(({setup, moves}) => {
					const share = setup!['lines']! / unitSegments(setup!['rows']!, setup!['columns']!);
					return !(share >= 0.24 && share <= 0.51) || moves.length > 0;
				});
				expect(
					wrong.map(opening => opening.line),
					'boards with under 24 % or over 51 % of the unit segments drawn, or with moves',
				).toEqual([]);
				continue;
			}
			const wrong = read.value.filter(opening => opening.setup !== undefined || opening.moves.length < 4 || opening.moves.length > 8);
			expect(
				wrong.map(opening => opening.line),
				`${id} openings with a setup, or with fewer than 4 or more than 8 moves`,
			).toEqual([]);
		}
		expect(SPRT_GAMES).toEqual([loaps.id, classicLoa.id, boxes.id]);
	});

	it("ships LINES and BOXES's endgames: a thousand boards of the three sizes with 24 to 32 unit segments free", () => {
		const read = loadOpenings(boxes, 'end');
		if (!read.ok) throw new Error(read.error);
		expect(read.value.length).toBe(END_RECIPES.boxes!.count);
		expect(read.value.length).toBe(1000);
		expect(new Set(read.value.map(opening => boxes.format(opening.state))).size).toBe(1000);
		const sizes = new Set(read.value.map(opening => `${opening.setup!['rows']}x${opening.setup!['columns']}`));
		expect([...sizes].sort()).toEqual(['4x7', '5x5', '8x8']);
		const wrong = read.value.filter(({state, moves}) => {
			const free = [...state.horizontal, ...state.vertical].filter(owner => owner === 0).length;
			return moves.length > 0 || free < 24 || free > 32;
		});
		expect(
			wrong.map(opening => opening.line),
			'endgames with moves, or with fewer than 24 or more than 32 unit segments free',
		).toEqual([]);
		expect(loadOpenings(classicLoa, 'end')).toEqual({
			ok: false,
			error: expect.stringMatching(/loa-end\.txt .*sprt-openings --openings end writes it/),
		});
	});
});
