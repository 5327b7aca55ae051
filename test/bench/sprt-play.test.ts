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
import {loadOpenings, readOpenings, RECIPES, SPRT_GAMES} from '../../source/bench/sprt-openings.js';
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

	it('ships a few thousand different starts for each LOA game, all playable', () => {
		for (const id of SPRT_GAMES) {
			const game = gameById(id)!;
			const read = loadOpenings(game);
			if (!read.ok) throw new Error(read.error);
			const count = RECIPES[id].count;
			expect(count).toBeGreaterThanOrEqual(2000);
			expect(read.value.length).toBe(count);
			const positions = new Set(read.value.map(opening => game.format(opening.state)));
			expect(positions.size).toBe(count);
			for (const opening of read.value) {
				expect(opening.moves.length).toBeGreaterThanOrEqual(4);
				expect(opening.moves.length).toBeLessThanOrEqual(8);
			}
		}
		expect(SPRT_GAMES).toEqual([loaps.id, classicLoa.id]);
	});
});
