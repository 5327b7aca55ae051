/**
 * The warm-up of the contest entry's start-up snapshot (warm-up.ts): it searches positions of
 * every game, then has each game give back what its positions cached, so the snapshot carries code.
 */
import {afterEach, describe, expect, test, vi} from 'vitest';
import {loaps} from '../source/games/loa/index.js';
import {SideCache} from '../source/games/loa/side-cache.js';
import {games} from '../source/games/registry.js';
import {warmUp} from '../source/warm-up.js';

afterEach(() => {
	vi.restoreAllMocks();
});

describe('warmUp', () => {
	test('searches a position of every game, then has every game that caches give its caches back', () => {
		const searched = games.map(game => vi.spyOn(game, 'searchPosition'));
		const released = games.flatMap(game => (game.releaseCaches ? [vi.spyOn(game, 'releaseCaches')] : []));
		expect(released.length).toBeGreaterThan(0);
		warmUp();
		for (const spy of searched) expect(spy).toHaveBeenCalled();
		for (const spy of released) expect(spy).toHaveBeenCalledOnce();
	});

	test("a LOA game's caches are given back: their memory is taken again, empty, at the next look-up", () => {
		const cache = new SideCache(4, 8);
		expect(cache.find(5, 7)).toBe(-1);
		const at = cache.claim(5, 7);
		cache.data[at] = 42;
		expect(cache.find(5, 7)).toBe(at);
		loaps.releaseCaches!();
		expect(cache.data).toHaveLength(0);
		expect(cache.find(5, 7)).toBe(-1);
	});
});
