/** The referee's schedule: every pairing, every match, each side first once per match. */
import {describe, expect, test} from 'vitest';
import {schedule} from '../../source/referee/run.js';

describe('schedule', () => {
	test.each([
		[2, 1],
		[2, 3],
		[3, 1],
		[4, 2],
		[5, 2],
		[8, 1],
	])('%i players, %i matches: each pair plays each match once each way round', (players, matches) => {
		const games = schedule(players, matches);
		const pairs = (players * (players - 1)) / 2;
		expect(games).toHaveLength(pairs * matches * 2);
		expect(games.map(game => game.number)).toEqual(games.map((_, index) => index + 1));
		const seen = new Map<string, number>();
		for (const game of games) {
			const [first, second] = game.seats;
			expect(first).not.toBe(second);
			expect(first).toBeGreaterThanOrEqual(0);
			expect(second).toBeLessThan(players);
			const key = `${game.match}:${first}-${second}`;
			seen.set(key, (seen.get(key) ?? 0) + 1);
		}
		// Every ordered pair once per match: each side first once.
		expect(seen.size).toBe(pairs * 2 * matches);
		expect([...seen.values()].every(count => count === 1)).toBe(true);
	});

	test("a match's two games come together, and every player plays early in the run", () => {
		const games = schedule(6, 1);
		for (let i = 0; i < games.length; i += 2) {
			expect(games[i + 1]!.seats).toEqual([games[i]!.seats[1], games[i]!.seats[0]]);
		}
		// The first round (3 pairings, 6 games) has all six players.
		const early = new Set(games.slice(0, 6).flatMap(game => game.seats));
		expect(early.size).toBe(6);
	});

	test('matches alternate who is first in their first game', () => {
		const games = schedule(2, 2);
		expect(games.map(game => [game.match, ...game.seats])).toEqual([
			[1, 0, 1],
			[1, 1, 0],
			[2, 1, 0],
			[2, 0, 1],
		]);
	});
});
