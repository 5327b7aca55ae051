/**
 * Matches won on the total of game points (PAH-TUM's rule, source/referee/scoring.ts
 * matchResults and scoredRecords): the two games of a match are added up from each player's side,
 * the higher total wins the match whatever each game's own winner, equal totals tie, and a fault
 * loses the match outright. The standings then count matches, 2/1/0.
 */
import {describe, expect, test} from 'vitest';
import type {Player} from '../../source/games/game.js';
import {matchResults, scoredRecords, standings} from '../../source/referee/scoring.js';
import type {GameRecord} from '../../source/referee/types.js';

let numbered = 0;

/** A game of `first` (player 1) against `second` with these board points; `fault` the side that lost by one. */
function game(match: number, first: number, second: number, points: readonly [number, number], fault: Player | null = null): GameRecord {
	const byPoints: Player | null = points[0] > points[1] ? 1 : points[1] > points[0] ? 2 : null;
	const winner = fault !== null ? ((3 - fault) as Player) : byPoints;
	return {
		number: ++numbered,
		match,
		seats: [first, second],
		result: winner === null ? 'tie' : 'win',
		winner,
		reason: fault !== null ? 'illegal' : 'full',
		description: fault !== null ? 'it printed a grid with two markers more' : '',
		disqualified: fault,
		points,
		plies: 10,
		clockUsedMs: [100, 200],
		longestMoveMs: [10, 20],
		moves: [],
		finalPosition: '',
	};
}

describe('matchResults', () => {
	test("the totals decide, added from each player's side, not the games won", () => {
		// Player 4 wins game 1 by 1 point as X and loses game 2 by 30 as O: player 7 takes the match 60 to 31.
		const games = [game(1, 4, 7, [21, 20]), game(1, 7, 4, [40, 10])];
		const [result] = matchResults(games);
		expect(result!.record).toMatchObject({
			seats: [4, 7],
			winner: 2,
			result: 'win',
			reason: 'points',
			points: [31, 60],
			disqualified: null,
			plies: 20,
		});
		expect(result!.record.clockUsedMs).toEqual([300, 300]);
		expect(result!.games).toEqual(games);
	});

	test('equal totals tie the match, though each game had a winner', () => {
		const [result] = matchResults([game(1, 0, 1, [30, 20]), game(1, 1, 0, [25, 15])]);
		expect(result!.record).toMatchObject({winner: null, result: 'tie', points: [45, 45], reason: 'points'});
	});

	test('a fault loses the match whatever the points', () => {
		// Player 0 crushes game 1 but gives a bad answer in game 2.
		const [result] = matchResults([game(1, 0, 1, [119, 3]), game(1, 1, 0, [6, 0], 2)]);
		expect(result!.record).toMatchObject({winner: 2, reason: 'illegal', disqualified: 1});
		expect(result!.record.description).toMatch(/fault in game \d+: it printed a grid/);
	});

	test('a fault each ties the match; a lone unfinished game counts only when a fault decided it', () => {
		const both = matchResults([game(1, 0, 1, [10, 3], 1), game(1, 1, 0, [6, 0], 1)]);
		expect(both[0]!.record).toMatchObject({winner: null, result: 'tie', reason: 'faults', disqualified: null});
		expect(matchResults([game(1, 0, 1, [10, 3])])).toEqual([]);
		expect(matchResults([game(1, 0, 1, [10, 3], 1)])[0]!.record).toMatchObject({winner: 2, disqualified: 1});
	});

	test('matches are told apart by number and pairing, listed by their first game, seats as in it', () => {
		const games = [
			game(2, 1, 0, [5, 9]),
			game(1, 0, 1, [3, 3]),
			game(1, 2, 0, [1, 0]),
			game(1, 1, 0, [3, 3]),
			game(2, 0, 1, [9, 4]),
			game(1, 0, 2, [1, 0]),
		];
		const results = matchResults(games);
		expect(results.map(one => [one.record.match, one.record.seats, one.games.map(played => played.number)])).toEqual([
			[2, [1, 0], [numbered - 5, numbered - 1]],
			[1, [0, 1], [numbered - 4, numbered - 2]],
			[1, [2, 0], [numbered - 3, numbered]],
		]);
		// Match 2: player 1 has 5 + 4 = 9, player 0 has 9 + 9 = 18.
		expect(results[0]!.record).toMatchObject({seats: [1, 0], points: [9, 18], winner: 2});
		expect(results[2]!.record).toMatchObject({winner: null, points: [1, 1]});
	});
});

describe('standings of a game won on points count matches, 2, 1 or 0 each', () => {
	test('two matches: one won, one tied', () => {
		const games = [game(1, 0, 1, [20, 10]), game(1, 1, 0, [20, 15]), game(2, 1, 0, [3, 3]), game(2, 0, 1, [3, 3])];
		const rows = standings(2, scoredRecords('points', games));
		expect(rows[0]).toMatchObject({games: 2, matchPoints: 3, wins: 1, ties: 1, losses: 0});
		expect(rows[1]).toMatchObject({games: 2, matchPoints: 1, wins: 0, ties: 1, losses: 1});
		// By games (LOA's rule) the same records would give 2 + 0 + 1 + 1.
		expect(standings(2, scoredRecords('games', games))[0]).toMatchObject({games: 4, matchPoints: 4});
	});
});
