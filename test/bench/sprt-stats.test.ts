import {describe, expect, it} from 'vitest';
import {
	addPair,
	describeSprt,
	EMPTY_PENTANOMIAL,
	eloEstimate,
	eloOfScore,
	logLikelihoodRatio,
	nearestWithMean,
	pairIndex,
	scoreOfElo,
	sprtBounds,
	sprtState,
	verdictText,
	type Pentanomial,
} from '../../source/bench/sprt-stats.js';

// The reference figures: fishtest's own LLR_logistic and get_elo (stats/LLRcalc.py and
// stat_util.py, official-stockfish/fishtest b8eecff2, run with scipy), for these counts of pairs
// scoring 0, ¼, ½, ¾ and 1.
const B: Pentanomial = [5, 30, 100, 40, 15];
const C: Pentanomial = [100, 1200, 2500, 1300, 150];
const E: Pentanomial = [3, 41, 190, 52, 9];

describe('the SPRT over pairs of games', () => {
	it('counts a pair of games by the candidate’s points in both', () => {
		expect(pairIndex(0, 0)).toBe(0);
		expect(pairIndex(0, 0.5)).toBe(1);
		expect(pairIndex(0.5, 0)).toBe(1);
		expect(pairIndex(1, 0)).toBe(2);
		expect(pairIndex(0.5, 0.5)).toBe(2);
		expect(pairIndex(1, 0.5)).toBe(3);
		expect(pairIndex(1, 1)).toBe(4);
		expect(() => pairIndex(2, 0)).toThrow(/0, 0.5 or 1/);
		let counts = EMPTY_PENTANOMIAL;
		for (const [first, second] of [
			[1, 0],
			[0, 1],
			[1, 1],
			[0.5, 0],
		] as const)
			counts = addPair(counts, first, second);
		expect(counts).toEqual([0, 1, 2, 0, 1]);
		expect(EMPTY_PENTANOMIAL).toEqual([0, 0, 0, 0, 0]);
	});

	it('turns Elo into an expected score and back (logistic)', () => {
		expect(scoreOfElo(0)).toBe(0.5);
		expect(scoreOfElo(400)).toBeCloseTo(10 / 11, 12);
		expect(eloOfScore(10 / 11)).toBeCloseTo(400, 9);
		expect(eloOfScore(0.75)).toBeCloseTo(190.8485, 3);
		expect(eloOfScore(1)).toBe(Infinity);
		expect(eloOfScore(0)).toBe(-Infinity);
	});

	it('has Wald’s bounds for 5 % false positives and negatives', () => {
		const {lower, upper} = sprtBounds(0.05, 0.05);
		expect(upper).toBeCloseTo(2.9444389791664403, 14);
		expect(lower).toBeCloseTo(-2.9444389791664403, 14);
		expect(() => sprtBounds(0, 0.05)).toThrow(/alpha/);
	});

	it('finds the distribution nearest the counts with a given mean', () => {
		const observed = [0.1, 0.2, 0.4, 0.2, 0.1];
		const fitted = nearestWithMean(observed, 0.6);
		expect(fitted.reduce((sum, p) => sum + p, 0)).toBeCloseTo(1, 9);
		expect(fitted.reduce((sum, p, index) => sum + p * (index / 4), 0)).toBeCloseTo(0.6, 9);
		// Already at its mean: unchanged.
		nearestWithMean(observed, 0.5).forEach((p, index) => expect(p).toBeCloseTo(observed[index]!, 12));
	});

	it('gives fishtest’s log-likelihood ratios', () => {
		const cases: ReadonlyArray<[Pentanomial, number, number, number]> = [
			[[10, 20, 40, 20, 10], 0, 10, -0.13789922175464955],
			[[10, 20, 40, 20, 10], -5, 5, 0],
			[B, 0, 10, 1.8363353261041899],
			[B, -5, 5, 2.2250647003995683],
			[C, 0, 10, 4.2359990929152813],
			[C, -5, 5, 17.293482472665978],
			[E, 0, 10, 1.7825563731564944],
			[E, -5, 5, 2.8078527779768447],
			// Zero counts are a thousandth of a pair.
			[[0, 0, 1, 0, 0], 0, 10, -0.025331399648356092],
		];
		for (const [counts, elo0, elo1, expected] of cases) expect(logLikelihoodRatio(counts, elo0, elo1)).toBeCloseTo(expected, 9);
		expect(logLikelihoodRatio(EMPTY_PENTANOMIAL, 0, 10)).toBe(0);
	});

	it('gives fishtest’s Elo and 95 % margin over pairs', () => {
		for (const [counts, elo, margin] of [
			[B, 27.48632494778397, 21.76255698495849],
			[C, 6.6186211920149338, 3.8341503598235311],
			[E, 13.550966250203365, 13.645369404349021],
		] as const) {
			const estimate = eloEstimate(counts);
			expect(estimate.elo).toBeCloseTo(elo, 9);
			expect((estimate.high - estimate.low) / 2).toBeCloseTo(margin, 9);
		}
		expect(eloEstimate(B).score).toBeCloseTo(0.53947368421052633, 12);
	});

	it('stops when the ratio leaves its bounds', () => {
		const settings = {elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05};
		expect(sprtState(E, settings).verdict).toBeNull();
		expect(sprtState(C, settings).verdict).toBe('H1');
		const worse: Pentanomial = [150, 1300, 2500, 1200, 100];
		const state = sprtState(worse, settings);
		expect(state.verdict).toBe('H0');
		expect(state.elo).toBeLessThan(0);
		expect(describeSprt(C, sprtState(C, settings))).toBe(
			'10500 games, 51.0 %, Elo +6.6 ± 3.8, LLR 4.24 (-2.94, 2.94), pairs [100, 1200, 2500, 1300, 150]',
		);
		expect(() => sprtState(C, {...settings, elo1: 0})).toThrow(/elo1/);
	});

	it('words the verdict for the line a commit quotes', () => {
		const settings = {elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05};
		expect(verdictText(sprtState(C, settings), settings)).toBe('H1 accepted (better by Elo 10 rather than 0)');
		expect(verdictText(sprtState([150, 1300, 2500, 1200, 100], settings), settings)).toBe('H0 accepted (not better by Elo 10)');
		expect(verdictText(sprtState(E, settings), settings)).toBe('undecided');
		expect(verdictText(sprtState(E, settings), settings, 'stopped undecided')).toBe('stopped undecided');
	});
});
