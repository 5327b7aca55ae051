/**
 * The sums of a sequential probability ratio test over paired games (`npm run bench -- sprt`;
 * sprt.ts plays them). Pure: the tests feed it counts.
 *
 * Each opening is played twice, the colours swapped, and the pair is the unit of the test: its
 * score (the candidate's points over both games, halved) is one of 0, ¼, ½, ¾ and 1, and the five
 * counts of those scores are the pentanomial. Scoring pairs rather than games cancels the first
 * player's edge, and it leaves the correlation inside a pair in the variance, where counting the
 * games one by one would hide it.
 *
 * The test asks whether the candidate's expected score is that of an Elo difference elo1 (H1) or
 * of elo0 (H0), on the logistic scale. The log-likelihood ratio is that of the pentanomial's
 * maximum-likelihood distributions under each hypothesis: the distribution nearest the observed
 * frequencies (in the Kullback-Leibler sense) whose mean is the hypothesis's score (Van den
 * Bergh's generalised SPRT). Counts of zero are taken as a thousandth of a pair, so that a short
 * run with no pair of some kind still has a mean on either side of every score it tests.
 */

/** The score of a pair, by its index in the pentanomial. */
export const PAIR_SCORES: readonly number[] = [0, 0.25, 0.5, 0.75, 1];

/** How many pairs scored 0, ¼, ½, ¾ and 1 for the candidate. */
export type Pentanomial = readonly [number, number, number, number, number];

export const EMPTY_PENTANOMIAL: Pentanomial = [0, 0, 0, 0, 0];

/** A count of no pairs stands for this many, so that every score keeps some weight. */
const ZERO_COUNT = 1e-3;

/** The expected score of the side an Elo difference of `elo` favours (logistic). */
export const scoreOfElo = (elo: number): number => 1 / (1 + 10 ** (-elo / 400));

/** The Elo difference whose expected score is `score` (±Infinity at 0 and 1). */
export const eloOfScore = (score: number): number => (score <= 0 ? -Infinity : score >= 1 ? Infinity : -400 * Math.log10(1 / score - 1));

/**
 * Where a pair of games goes in the pentanomial: the candidate's score in each (1 a win, ½ a draw
 * or a tie on points, 0 a loss).
 */
export function pairIndex(first: number, second: number): number {
	for (const score of [first, second]) {
		if (score !== 0 && score !== 0.5 && score !== 1) throw new RangeError(`a game scores 0, 0.5 or 1, not ${score}`);
	}
	return (first + second) * 2;
}

/** The counts with one more pair. */
export function addPair(counts: Pentanomial, first: number, second: number): Pentanomial {
	const index = pairIndex(first, second);
	return counts.map((count, at) => (at === index ? count + 1 : count)) as unknown as Pentanomial;
}

export const pairsOf = (counts: Pentanomial): number => counts.reduce((sum, count) => sum + count, 0);

/** The games' wins, draws and losses a pentanomial holds cannot be told apart (¼ is a loss and a draw); its game score can. */
export const gameScore = (counts: Pentanomial): number => counts.reduce((sum, count, index) => sum + count * PAIR_SCORES[index]!, 0) * 2;

/** The counts with zeros replaced (see ZERO_COUNT), their total, and the observed frequencies. */
function regularised(counts: Pentanomial): {total: number; observed: number[]} {
	const regular = counts.map(count => (count === 0 ? ZERO_COUNT : count));
	const total = regular.reduce((sum, count) => sum + count, 0);
	return {total, observed: regular.map(count => count / total)};
}

/**
 * The distribution nearest `observed` (on the scores PAIR_SCORES) whose mean is `mean`: p_i =
 * o_i / (1 + λ (a_i - mean)), with λ the root of Σ o_i (a_i - mean) / (1 + λ (a_i - mean)) = 0,
 * which decreases in λ over the interval where every p_i is positive; found by bisection.
 */
export function nearestWithMean(observed: readonly number[], mean: number): number[] {
	if (!(mean > 0 && mean < 1)) throw new RangeError(`a pair's mean score lies between 0 and 1, not ${mean}`);
	const gaps = PAIR_SCORES.map(score => score - mean);
	const slope = (lambda: number) => observed.reduce((sum, weight, index) => sum + (weight * gaps[index]!) / (1 + lambda * gaps[index]!), 0);
	// 1 + λ·gap > 0 for every gap: λ between -1/max(gap) and -1/min(gap).
	let low = -1 / Math.max(...gaps);
	let high = -1 / Math.min(...gaps);
	for (let step = 0; step < 200; step++) {
		const middle = (low + high) / 2;
		if (middle === low || middle === high) break;
		if (slope(middle) > 0) low = middle;
		else high = middle;
	}
	const lambda = (low + high) / 2;
	return observed.map((weight, index) => weight / (1 + lambda * gaps[index]!));
}

/** The log-likelihood ratio of H1 (Elo elo1) against H0 (Elo elo0), from the pairs counted. */
export function logLikelihoodRatio(counts: Pentanomial, elo0: number, elo1: number): number {
	if (pairsOf(counts) === 0) return 0;
	const {total, observed} = regularised(counts);
	const under0 = nearestWithMean(observed, scoreOfElo(elo0));
	const under1 = nearestWithMean(observed, scoreOfElo(elo1));
	return total * observed.reduce((sum, weight, index) => sum + weight * Math.log(under1[index]! / under0[index]!), 0);
}

/** Where the test stops: below `lower` it accepts H0, above `upper` H1 (Wald's bounds). */
export function sprtBounds(alpha: number, beta: number): {lower: number; upper: number} {
	for (const [name, rate] of [
		['alpha', alpha],
		['beta', beta],
	] as const) {
		if (!(rate > 0 && rate < 0.5)) throw new RangeError(`${name} is a rate between 0 and 0.5, not ${rate}`);
	}
	return {lower: Math.log(beta / (1 - alpha)), upper: Math.log((1 - beta) / alpha)};
}

export interface EloEstimate {
	/** The candidate's mean score a game (0..1). */
	readonly score: number;
	readonly elo: number;
	/** The ends of the 95 % interval of the Elo difference (from the pairs' variance). */
	readonly low: number;
	readonly high: number;
}

/** The two-sided 95 % point of the normal distribution. */
const Z95 = 1.959963984540054;

/** The Elo difference the pairs measure, and its 95 % interval, the variance taken over pairs. */
export function eloEstimate(counts: Pentanomial): EloEstimate {
	const pairs = pairsOf(counts);
	if (pairs === 0) return {score: 0.5, elo: 0, low: -Infinity, high: Infinity};
	const observed = counts.map(count => count / pairs);
	const score = observed.reduce((sum, weight, index) => sum + weight * PAIR_SCORES[index]!, 0);
	const variance = observed.reduce((sum, weight, index) => sum + weight * (PAIR_SCORES[index]! - score) ** 2, 0);
	const margin = Z95 * Math.sqrt(variance / pairs);
	return {score, elo: eloOfScore(score), low: eloOfScore(score - margin), high: eloOfScore(score + margin)};
}

export interface SprtSettings {
	readonly elo0: number;
	readonly elo1: number;
	readonly alpha: number;
	readonly beta: number;
}

export const DEFAULT_SPRT: SprtSettings = {elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05};

export type Verdict = 'H1' | 'H0' | null;

export interface SprtState extends EloEstimate {
	readonly pairs: number;
	readonly llr: number;
	readonly lower: number;
	readonly upper: number;
	/** H1: the candidate is better by elo1 rather than elo0; H0: not; null: play on. */
	readonly verdict: Verdict;
}

export function sprtState(counts: Pentanomial, settings: SprtSettings): SprtState {
	if (!(settings.elo1 > settings.elo0)) throw new RangeError(`elo1 (${settings.elo1}) must be above elo0 (${settings.elo0})`);
	const {lower, upper} = sprtBounds(settings.alpha, settings.beta);
	const llr = logLikelihoodRatio(counts, settings.elo0, settings.elo1);
	const verdict: Verdict = llr >= upper ? 'H1' : llr <= lower ? 'H0' : null;
	return {...eloEstimate(counts), pairs: pairsOf(counts), llr, lower, upper, verdict};
}

const signed = (value: number, digits = 1): string =>
	value === Infinity ? '+inf' : value === -Infinity ? '-inf' : `${value >= 0 ? '+' : ''}${value.toFixed(digits)}`;

/** "Elo +12.3 ± 8.1 (+4.2 .. +20.4)": the half-width the mean of the interval's two sides. */
export function describeElo(estimate: EloEstimate): string {
	if (!Number.isFinite(estimate.low) || !Number.isFinite(estimate.high)) return `Elo ${signed(estimate.elo)}`;
	return `Elo ${signed(estimate.elo)} ± ${((estimate.high - estimate.low) / 2).toFixed(1)}`;
}

/**
 * The line a run shows and a commit message quotes:
 * "412 games, 52.1 %, Elo +14.6 ± 11.2, LLR 1.23 (-2.94, 2.94), pairs [3, 41, 190, 52, 9]".
 */
export function describeSprt(counts: Pentanomial, state: SprtState): string {
	return (
		`${state.pairs * 2} games, ${(100 * state.score).toFixed(1)} %, ${describeElo(state)}, ` +
		`LLR ${state.llr.toFixed(2)} (${state.lower.toFixed(2)}, ${state.upper.toFixed(2)}), pairs [${counts.join(', ')}]`
	);
}

/** The verdict's words, or `undecided` where the test has none yet. */
export function verdictText(state: SprtState, settings: SprtSettings, undecided = 'undecided'): string {
	if (state.verdict === 'H1') return `H1 accepted (better by Elo ${settings.elo1} rather than ${settings.elo0})`;
	if (state.verdict === 'H0') return `H0 accepted (not better by Elo ${settings.elo1})`;
	return undecided;
}
