/** Self-play for the strength benchmark: games of any game of the registry, never without an end. */
import {describe, expect, it} from 'vitest';
import {DEFAULT_MAX_PLIES, matchPoints, playGame} from '../../source/bench/selfplay.js';
import {gameById} from '../../source/games/registry.js';

const random = {kind: 'random'} as const;

describe('self-play', () => {
	it('adjudicates a game still going at the ply cap a draw, with the reason cap', () => {
		const record = playGame(gameById('loa')!, {first: random, second: random, moveMs: 1, openingSeed: 7, openingPlies: 2, maxPlies: 6});
		expect(record.plies).toBe(6);
		expect(record.moves).toHaveLength(6);
		expect(record.outcome).toMatchObject({result: 'draw', winner: null, reason: 'cap'});
		expect(matchPoints(record.outcome, 1)).toBe(1);
		expect(matchPoints(record.outcome, 2)).toBe(1);
	});

	it('plays classic LOA to its end by the rules, within the default cap', () => {
		expect(DEFAULT_MAX_PLIES).toBeGreaterThanOrEqual(300);
		for (let seed = 1; seed <= 5; seed++) {
			const record = playGame(gameById('loa')!, {first: {kind: 'greedy'}, second: random, moveMs: 1, openingSeed: seed, openingPlies: 2});
			expect(record.plies).toBeLessThan(DEFAULT_MAX_PLIES);
			expect(record.outcome.reason).not.toBe('cap');
		}
	});

	it('plays LOAPS as before: the move limit ends a game at 100 plies at the latest', () => {
		const record = playGame(gameById('loaps')!, {first: random, second: random, moveMs: 1, openingSeed: 3, openingPlies: 2});
		expect(record.plies).toBeLessThanOrEqual(100);
		expect(record.outcome.reason).not.toBe('cap');
	});
});
