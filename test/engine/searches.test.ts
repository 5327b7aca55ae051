/** Where searches are made (engine/searches.ts): a game's own search where it declares one, else the engine's alpha-beta search. */
import {describe, expect, test} from 'vitest';
import {LocalPlayer} from '../../source/engine/players.js';
import {Searcher} from '../../source/engine/search.js';
import {alphaBeta, searchFor, Searches} from '../../source/engine/searches.js';
import type {GameSearch, SearcherConfig, SearchFactory} from '../../source/games/search.js';
import {loaps} from '../../source/games/loa/index.js';

/** A search that always plays the first legal move, and counts what it was asked. */
function firstMoveSearch(): {factory: SearchFactory; made: SearcherConfig[]; searched: number[]} {
	const made: SearcherConfig[] = [];
	const searched: number[] = [];
	const factory: SearchFactory = config => {
		made.push(config);
		const search: GameSearch = {
			search(position) {
				const moves = new Int32Array(position.moveSpace);
				const count = position.generateMoves(moves, 0);
				searched.push(count);
				const move = count > 0 ? moves[0]! : -1;
				return {
					move,
					score: 0,
					lines: move < 0 ? [] : [{move, score: 0, pv: [move]}],
					depth: 1,
					selDepth: 1,
					nodes: 1,
					nodesPerSecond: 0,
					elapsedMs: 0,
					stoppedBy: 'depth',
				};
			},
			configure() {},
			clear() {},
			forgetOwn() {},
		};
		return search;
	};
	return {factory, made, searched};
}

describe('searches', () => {
	test('a game that declares no search gets the alpha-beta search', () => {
		expect(searchFor(loaps, {tableMegabytes: 1})).toBeInstanceOf(Searcher);
		expect(new Searches({tableMegabytes: 1}).of(loaps)).toBeInstanceOf(Searcher);
	});

	test("a game that declares a search gets it, made with the caller's settings", () => {
		const own = firstMoveSearch();
		const game = {...loaps, search: own.factory};
		const search = searchFor(game, {tableMegabytes: 3});
		expect(search).not.toBeInstanceOf(Searcher);
		expect(own.made).toEqual([{tableMegabytes: 3}]);
		const result = search.search(game.searchPosition(game.initial()));
		expect(game.legalMoves(game.initial())).toContain(result.move);
		expect(own.searched).toHaveLength(1);
	});

	test('a thread keeps one search a kind: the games of one kind share it, another kind has its own', () => {
		const own = firstMoveSearch();
		const shelf = new Searches({tableMegabytes: 1});
		const mine = {...loaps, id: 'mine', search: own.factory};
		const other = {...loaps, id: 'other', search: own.factory};
		const plain = {...loaps, id: 'plain'};
		expect(shelf.of(mine)).toBe(shelf.of(other));
		expect(shelf.of(plain)).toBe(shelf.of(loaps));
		expect(shelf.of(plain)).not.toBe(shelf.of(mine));
		expect(own.made).toHaveLength(1);
		expect([...shelf.each()]).toHaveLength(2);
	});

	test('a built-in player searches with the search it is given, the alpha-beta search by default', () => {
		const own = firstMoveSearch();
		const state = loaps.initial();
		const player = new LocalPlayer({kind: 'level', level: 1}, 1, 1, own.factory);
		const move = player.choose(loaps.searchPosition(state), {fixedMs: 50});
		expect(loaps.legalMoves(state)).toContain(move);
		expect(own.made).toEqual([{tableMegabytes: 1}]);
		expect(own.searched.length).toBeGreaterThan(0);
		expect(alphaBeta({tableMegabytes: 1})).toBeInstanceOf(Searcher);
	});
});
