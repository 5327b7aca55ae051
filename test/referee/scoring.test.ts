/**
 * Scoring a run (source/referee/scoring.ts) on hand-made game records: standings, the crosstable,
 * the ranking with its head-to-head tie-breaks, and the ratings against closed forms and the
 * likelihood equations they solve. Player indices are chosen so that index order never happens
 * to be the expected order.
 */
import * as fc from 'fast-check';
import {describe, expect, test} from 'vitest';
import type {Player} from '../../source/games/game.js';
import {crosstable, ranking, ratings, standings, type Place} from '../../source/referee/scoring.js';
import {matchPoints, type GameRecord} from '../../source/referee/types.js';

/** A game as player 1 saw it; 'fault' is a loss by disqualification, 'opponent-fault' a win by one. */
type Outcome = 'win' | 'loss' | 'draw' | 'tie' | 'fault' | 'opponent-fault';
const OUTCOMES: readonly Outcome[] = ['win', 'loss', 'draw', 'tie', 'fault', 'opponent-fault'];

const FLIPPED: Record<Outcome, Outcome> = {
	win: 'loss',
	loss: 'win',
	draw: 'draw',
	tie: 'tie',
	fault: 'opponent-fault',
	'opponent-fault': 'fault',
};

let numbered = 0;

/** A game of `first` (player 1) against `second`. Only what scoring reads is meaningful. */
function game(first: number, second: number, outcome: Outcome): GameRecord {
	const winner: Player | null =
		outcome === 'win' || outcome === 'opponent-fault' ? 1 : outcome === 'loss' || outcome === 'fault' ? 2 : null;
	const disqualified: Player | null = outcome === 'fault' ? 1 : outcome === 'opponent-fault' ? 2 : null;
	return {
		number: ++numbered,
		match: 1,
		seats: [first, second],
		result: outcome === 'draw' || outcome === 'tie' ? outcome : 'win',
		winner,
		reason: disqualified !== null ? 'illegal' : outcome === 'draw' ? 'move-limit' : 'connection',
		description: '',
		disqualified,
		points: [0, 0],
		plies: 0,
		clockUsedMs: [0, 0],
		longestMoveMs: [0, 0],
		moves: [],
		finalPosition: '',
	};
}

/** A match of `a` and `b`, each first once; both outcomes as `a` saw them. */
const match = (a: number, b: number, [one, two]: readonly [Outcome, Outcome]): GameRecord[] => [game(a, b, one), game(b, a, FLIPPED[two])];

/** `n` games of `a` against `b`, alternating who moves first, all with `outcome` as `a` saw it. */
const series = (a: number, b: number, n: number, outcome: Outcome): GameRecord[] =>
	Array.from({length: n}, (_, k) => (k % 2 === 0 ? game(a, b, outcome) : game(b, a, FLIPPED[outcome])));

const placesOf = (places: readonly Place[]): [number, number, boolean][] =>
	places.map(({player, place, shared}) => [player, place, shared]);

const ELO = 400 / Math.LN10;

/** Any field of 2..7 players and up to 60 games among them. */
const field = fc.integer({min: 2, max: 7}).chain(count =>
	fc.tuple(
		fc.constant(count),
		fc
			.array(fc.tuple(fc.integer({min: 0, max: count - 1}), fc.integer({min: 0, max: count - 2}), fc.constantFrom(...OUTCOMES)), {
				maxLength: 60,
			})
			.map(list => list.map(([a, b, outcome]) => game(a, b >= a ? b + 1 : b, outcome))),
	),
);

describe('match points and standings', () => {
	test('a win is 2, a draw or a tie 1 each, a loss 0, whichever side', () => {
		for (const [outcome, first, second] of [
			['win', 2, 0],
			['loss', 0, 2],
			['draw', 1, 1],
			['tie', 1, 1],
			['fault', 0, 2],
			['opponent-fault', 2, 0],
		] as const) {
			const record = game(0, 1, outcome);
			expect([matchPoints(record, 1), matchPoints(record, 2)], outcome).toEqual([first, second]);
			const [zero, one] = standings(2, [record]);
			expect([zero?.matchPoints, one?.matchPoints], outcome).toEqual([first, second]);
		}
	});

	test('counts every result on both sides; a disqualification is also a loss', () => {
		const games = [
			game(0, 1, 'win'),
			game(1, 0, 'win'),
			game(0, 2, 'draw'),
			game(2, 0, 'tie'),
			game(1, 2, 'fault'),
			game(2, 1, 'fault'),
			game(0, 2, 'opponent-fault'),
		];
		expect(standings(4, games)).toEqual([
			{player: 0, games: 5, matchPoints: 6, wins: 2, draws: 1, ties: 1, losses: 1, disqualifications: 0},
			{player: 1, games: 4, matchPoints: 4, wins: 2, draws: 0, ties: 0, losses: 2, disqualifications: 1},
			{player: 2, games: 5, matchPoints: 4, wins: 1, draws: 1, ties: 1, losses: 2, disqualifications: 2},
			{player: 3, games: 0, matchPoints: 0, wins: 0, draws: 0, ties: 0, losses: 0, disqualifications: 0},
		]);
	});

	test('refuses a seat outside the field and a player against itself', () => {
		expect(() => standings(2, [game(0, 2, 'win')])).toThrow(RangeError);
		expect(() => crosstable(2, [game(-1, 1, 'win')])).toThrow(RangeError);
		expect(() => ranking(2, [game(1, 1, 'draw')])).toThrow(RangeError);
		expect(() => ratings(2, [game(0, 1.5, 'draw')])).toThrow(RangeError);
	});

	test('an empty field scores to empty lists', () => {
		expect(standings(0, [])).toEqual([]);
		expect(crosstable(0, [])).toEqual({points: [], games: []});
		expect(ranking(0, [])).toEqual([]);
		expect(ratings(0, [])).toEqual([]);
	});
});

describe('crosstable', () => {
	test('points and games by opponent, whichever side each game was played from', () => {
		const games = [...match(0, 1, ['win', 'draw']), game(2, 0, 'tie'), game(1, 2, 'fault')];
		expect(crosstable(3, games)).toEqual({
			points: [
				[0, 3, 1],
				[1, 0, 0],
				[1, 2, 0],
			],
			games: [
				[0, 2, 1],
				[2, 0, 1],
				[1, 1, 0],
			],
		});
	});

	test('every game shares out 2 points: points[i][j] + points[j][i] = 2 × games[i][j]; the diagonal is 0', () => {
		fc.assert(
			fc.property(field, ([count, games]) => {
				const {points, games: played} = crosstable(count, games);
				for (let i = 0; i < count; i++) {
					expect(points[i]![i]).toBe(0);
					expect(played[i]![i]).toBe(0);
					for (let j = 0; j < count; j++) {
						expect(played[i]![j]).toBe(played[j]![i]);
						expect(points[i]![j]! + points[j]![i]!).toBe(2 * played[i]![j]!);
					}
				}
				const totals = standings(count, games).map(row => row.matchPoints);
				expect(points.map(row => row.reduce((sum, value) => sum + value, 0))).toEqual(totals);
			}),
		);
	});
});

describe('ranking', () => {
	test('orders by match points', () => {
		// 1 beats 0 twice, 2 beats 1 twice and draws 0 twice: 2 has 6, 1 has 4, 0 has 2.
		const games = [...match(1, 0, ['win', 'win']), ...match(2, 1, ['win', 'win']), ...match(2, 0, ['draw', 'draw'])];
		expect(placesOf(ranking(3, games))).toEqual([
			[2, 1, false],
			[1, 2, false],
			[0, 3, false],
		]);
	});

	test('breaks a two-way tie by head-to-head', () => {
		// 1 and 0 are level on 3; 1 took 3 of the 4 points between them.
		const games = [...match(1, 0, ['win', 'draw']), ...match(1, 2, ['loss', 'loss']), ...match(0, 2, ['win', 'loss'])];
		expect(standings(3, games).map(row => row.matchPoints)).toEqual([3, 3, 6]);
		expect(placesOf(ranking(3, games))).toEqual([
			[2, 1, false],
			[1, 2, false],
			[0, 3, false],
		]);
	});

	test('a three-way tie: head-to-head separates one, then the other two by their own games', () => {
		const [c, b, a, d] = [0, 1, 2, 3];
		const games = [
			...match(a, b, ['win', 'win']),
			...match(a, c, ['win', 'loss']),
			...match(b, c, ['win', 'draw']),
			...match(a, d, ['draw', 'loss']),
			...match(b, d, ['win', 'win']),
			...match(c, d, ['win', 'win']),
		];
		// All three on 7; among themselves a 6, b 3, c 3; between b and c, b 3 to 1.
		expect(standings(4, games).map(row => row.matchPoints)).toEqual([7, 7, 7, 3]);
		expect(placesOf(ranking(4, games))).toEqual([
			[a, 1, false],
			[b, 2, false],
			[c, 3, false],
			[d, 4, false],
		]);
	});

	test('a tie head-to-head cannot break shares the place, in index order, and the next place skips', () => {
		const games = [...match(0, 1, ['win', 'loss']), ...match(0, 2, ['win', 'win']), ...match(1, 2, ['win', 'win'])];
		expect(placesOf(ranking(3, games))).toEqual([
			[0, 1, true],
			[1, 1, true],
			[2, 3, false],
		]);
	});

	test('a cycle of three level players shares its place', () => {
		const top = 3;
		const bottom = 4;
		const games = [
			...[0, 1, 2, bottom].flatMap(other => match(top, other, ['win', 'win'])),
			...match(0, 1, ['win', 'win']),
			...match(1, 2, ['win', 'win']),
			...match(2, 0, ['win', 'win']),
			...[0, 1, 2].flatMap(other => match(other, bottom, ['win', 'win'])),
		];
		expect(placesOf(ranking(5, games))).toEqual([
			[top, 1, false],
			[0, 2, true],
			[1, 2, true],
			[2, 2, true],
			[bottom, 5, false],
		]);
	});

	test('every player once; match points never rise down the list; a place is 1 + the players above it', () => {
		fc.assert(
			fc.property(field, ([count, games]) => {
				const places = ranking(count, games);
				const points = standings(count, games).map(row => row.matchPoints);
				expect(places.map(entry => entry.player).sort((x, y) => x - y)).toEqual([...Array(count).keys()]);
				places.forEach((entry, k) => {
					const previous = places[k - 1];
					if (previous) expect(points[entry.player]!).toBeLessThanOrEqual(points[previous.player]!);
					const sharing = places.filter(other => other.place === entry.place);
					expect(entry.place).toBe(places.findIndex(other => other.place === entry.place) + 1);
					expect(entry.shared).toBe(sharing.length > 1);
				});
			}),
		);
	});
});

describe('ratings', () => {
	/** Two players: i scored `score` in `n` games against j; with the virtual draw, P(i beats j) = (score + ½) / (n + 1). */
	function twoPlayers(score: number, n: number): {difference: number; margin: number} {
		const p = (score + 0.5) / (n + 1);
		return {difference: 400 * Math.log10(p / (1 - p)), margin: 1.96 * ELO * Math.sqrt(1 / (4 * (n + 1) * p * (1 - p)))};
	}

	test('two players: each at ± half the closed-form difference, with its margin', () => {
		// Player 1: 3 wins, 1 draw, 1 loss against player 0 → p = 4 / 6, a difference of 400 log10 2.
		const games = [...series(1, 0, 3, 'win'), game(0, 1, 'draw'), game(1, 0, 'loss')];
		const expected = twoPlayers(3.5, 5);
		expect(expected.difference).toBeCloseTo(400 * Math.log10(2), 9);
		const [zero, one] = ratings(2, games);
		expect(one!.elo).toBeCloseTo(expected.difference / 2, 6);
		expect(zero!.elo).toBeCloseTo(-expected.difference / 2, 6);
		expect(one!.margin).toBeCloseTo(expected.margin, 6);
		expect(zero!.margin).toBeCloseTo(expected.margin, 6);
	});

	test('a player who won everything is finite, at the closed form even after 200 wins', () => {
		for (const n of [1, 10, 200]) {
			const [zero, one] = ratings(2, series(0, 1, n, 'win'));
			const expected = twoPlayers(n, n);
			expect(Number.isFinite(zero!.elo), `${n}`).toBe(true);
			expect(zero!.elo, `${n}`).toBeCloseTo(expected.difference / 2, 6);
			expect(one!.elo, `${n}`).toBeCloseTo(-expected.difference / 2, 6);
			expect(zero!.margin, `${n}`).toBeCloseTo(expected.margin, 6);
		}
	});

	test('symmetric results give equal ratings', () => {
		// A cycle, each beating the next twice, and a round robin of draws and split matches.
		const cycle = [...match(0, 1, ['win', 'win']), ...match(1, 2, ['win', 'win']), ...match(2, 0, ['win', 'win'])];
		for (const rating of ratings(3, cycle)) expect(rating.elo).toBeCloseTo(0, 9);
		const even = [...match(0, 1, ['draw', 'tie']), ...match(1, 2, ['win', 'loss']), ...match(2, 0, ['loss', 'win'])];
		const result = ratings(3, even);
		for (const rating of result) expect(rating.elo).toBeCloseTo(0, 9);
		expect(result[0]!.margin).toBeCloseTo(result[1]!.margin, 9);
		expect(result[1]!.margin).toBeCloseTo(result[2]!.margin, 9);
	});

	test('three players, all drawn: the margin from the pseudo-inverse of the Laplacian', () => {
		// Each pair: 2 games + the virtual draw, p = ½ → weight a = 3/4; L = a(3I − J), pinv(L) = (I − J/3) / 3a.
		const games = [...match(0, 1, ['draw', 'draw']), ...match(1, 2, ['draw', 'draw']), ...match(2, 0, ['draw', 'draw'])];
		const margin = 1.96 * ELO * Math.sqrt(2 / (9 * 0.75));
		for (const rating of ratings(3, games)) expect(rating.margin).toBeCloseTo(margin, 9);
	});

	test('the player who wins more is rated higher; the ratings sum to 0', () => {
		// 2 beats everyone, 0 beats 1 and 3 once each, 1 and 3 split; 4 never plays.
		const games = [
			...match(2, 0, ['win', 'win']),
			...match(2, 1, ['win', 'win']),
			...match(2, 3, ['win', 'draw']),
			...match(0, 1, ['win', 'loss']),
			...match(0, 3, ['win', 'draw']),
			...match(1, 3, ['win', 'loss']),
		];
		const result = ratings(5, games);
		const elo = result.map(rating => rating.elo);
		expect(elo[2]).toBeGreaterThan(elo[0]!);
		expect(elo[0]).toBeGreaterThan(elo[3]!);
		expect(elo[0]).toBeGreaterThan(elo[1]!);
		expect(elo.reduce((sum, value) => sum + value, 0)).toBeCloseTo(0, 9);
		expect(result[4]).toEqual({player: 4, elo: 0, margin: Infinity});
	});

	test('the ratings solve the likelihood equations: expected score = score, virtual draws included', () => {
		const games = [
			...series(0, 1, 5, 'win'),
			...series(1, 0, 2, 'win'),
			...series(1, 2, 3, 'draw'),
			game(2, 3, 'tie'),
			...series(3, 0, 4, 'win'),
			game(2, 0, 'loss'),
		];
		const count = 4;
		const {points, games: played} = crosstable(count, games);
		const elo = ratings(count, games).map(rating => rating.elo);
		for (let i = 0; i < count; i++) {
			let expected = 0;
			let actual = 0;
			for (let j = 0; j < count; j++) {
				if (played[i]![j] === 0) continue;
				expected += (played[i]![j]! + 1) / (1 + 10 ** ((elo[j]! - elo[i]!) / 400));
				actual += points[i]![j]! / 2 + 0.5;
			}
			expect(expected, `player ${i}`).toBeCloseTo(actual, 9);
		}
	});

	test('more games give a smaller margin', () => {
		const few = ratings(2, match(0, 1, ['win', 'loss']));
		const many = ratings(2, Array.from({length: 10}, () => match(0, 1, ['win', 'loss'])).flat());
		expect(few[0]!.elo).toBeCloseTo(0, 9);
		expect(many[0]!.elo).toBeCloseTo(0, 9);
		expect(many[0]!.margin).toBeLessThan(few[0]!.margin);
		expect(many[1]!.margin).toBeLessThan(few[1]!.margin);
	});

	test('groups that never met are each centred on 0, as if rated alone', () => {
		const games = [...series(0, 2, 4, 'win'), ...series(3, 1, 2, 'win'), game(1, 3, 'draw')];
		const together = ratings(4, games);
		const first = ratings(2, series(0, 1, 4, 'win'));
		const second = ratings(2, [...series(1, 0, 2, 'win'), game(0, 1, 'draw')]);
		expect(together[0]!.elo).toBeCloseTo(first[0]!.elo, 9);
		expect(together[2]!.elo).toBeCloseTo(first[1]!.elo, 9);
		expect(together[1]!.elo).toBeCloseTo(second[0]!.elo, 9);
		expect(together[3]!.elo).toBeCloseTo(second[1]!.elo, 9);
		expect(together[0]!.margin).toBeCloseTo(first[0]!.margin, 9);
		expect(together[3]!.margin).toBeCloseTo(second[1]!.margin, 9);
	});

	test('always finite for players who played, summing to 0; Infinity margin for those who did not', () => {
		fc.assert(
			fc.property(field, ([count, games]) => {
				const result = ratings(count, games);
				const played = standings(count, games).map(row => row.games);
				expect(result.map(rating => rating.player)).toEqual([...Array(count).keys()]);
				for (const rating of result) {
					expect(Number.isFinite(rating.elo)).toBe(true);
					if (played[rating.player]! > 0) {
						expect(Number.isFinite(rating.margin)).toBe(true);
						expect(rating.margin).toBeGreaterThan(0);
					} else {
						expect(rating).toEqual({player: rating.player, elo: 0, margin: Infinity});
					}
				}
				expect(Math.abs(result.reduce((sum, rating) => sum + rating.elo, 0))).toBeLessThan(1e-6);
			}),
		);
	});
});
