/**
 * The pure parts of the Texel fit: the logistic curve that turns an evaluation into an expected
 * result, the mean squared error against the games' results, the fit of its scale K, and the
 * local search over the weights. Nothing here knows a game: the positions come in as evaluations
 * (a function of the weights) and results.
 *
 * Texel's method (Peter Österlund's Texel engine, 2014): with K fitted once to the evaluation as
 * it stands, change one weight at a time by a step, keep a change that lowers the error, and
 * halve the steps when no change does.
 */
import type {Player} from '../games/game.js';

/** The expected result (0 a loss, 1 a win) of a position its side to move evaluates `score` centipoints up. */
export const sigmoid = (k: number, score: number): number => 1 / (1 + Math.exp(-k * score));

/** Mean squared error between the results and sigmoid(k × score); 0 for no positions. */
export function meanSquaredError(k: number, scores: ArrayLike<number>, results: ArrayLike<number>): number {
	const count = scores.length;
	if (count === 0) return 0;
	let total = 0;
	for (let i = 0; i < count; i++) {
		const error = results[i]! - sigmoid(k, scores[i]!);
		total += error * error;
	}
	return total / count;
}

/**
 * A game's result from the view of `side`, the side to move in a position of it: 1 won, 0 lost,
 * 0.5 for a tie on points, a draw at the move limit, by repetition or by a simultaneous
 * connection (every ending without a winner).
 */
export const resultFor = (winner: Player | null, side: Player): number => (winner === null ? 0.5 : winner === side ? 1 : 0);

/**
 * The K in [low, high] that makes meanSquaredError least for these evaluations: a golden-section
 * search on log K (the error is unimodal in K for any sensible data). Also returns that error.
 */
export function fitK(scores: ArrayLike<number>, results: ArrayLike<number>, low = 1e-5, high = 1): {k: number; loss: number} {
	const ratio = (Math.sqrt(5) - 1) / 2;
	let a = Math.log(low);
	let b = Math.log(high);
	let c = b - ratio * (b - a);
	let d = a + ratio * (b - a);
	let fc = meanSquaredError(Math.exp(c), scores, results);
	let fd = meanSquaredError(Math.exp(d), scores, results);
	for (let i = 0; i < 100 && b - a > 1e-6; i++) {
		if (fc < fd) {
			b = d;
			d = c;
			fd = fc;
			c = b - ratio * (b - a);
			fc = meanSquaredError(Math.exp(c), scores, results);
		} else {
			a = c;
			c = d;
			fc = fd;
			d = a + ratio * (b - a);
			fd = meanSquaredError(Math.exp(d), scores, results);
		}
	}
	const k = Math.exp((a + b) / 2);
	return {k, loss: meanSquaredError(k, scores, results)};
}

/** How far a weight may go and in what steps the search moves it. */
export interface WeightRange {
	readonly min: number;
	readonly max: number;
	/** The first step of the local search (and SPSA's perturbation). */
	readonly step: number;
	/** The finest step; the tuned weights are rounded to it. */
	readonly precision: number;
}

/** A weight rounded to its precision and kept within its range. */
export function clampWeight(value: number, range: WeightRange): number {
	const rounded = Math.round(value / range.precision) * range.precision;
	// Rounding leaves binary fractions (0.30000000000000004): keep the digits the precision has.
	const digits = Math.max(0, -Math.floor(Math.log10(range.precision) + 1e-9));
	return Number(Math.min(range.max, Math.max(range.min, rounded)).toFixed(digits));
}

export interface LocalSearchReport {
	readonly weights: number[];
	readonly loss: number;
	/** Passes over all the weights, and the losses computed (the cost). */
	readonly passes: number;
	readonly evaluations: number;
}

/**
 * Texel's local search: from `start`, try each weight one step up, then one down, and keep a
 * change that lowers `loss`; after a pass that changed nothing, halve the steps (never below a
 * weight's precision); stop when a pass at the finest steps changes nothing, or after
 * `maxPasses`. Deterministic: the same loss function and start give the same weights.
 */
export function localSearch(
	start: readonly number[],
	ranges: readonly WeightRange[],
	loss: (weights: readonly number[]) => number,
	options: {maxPasses?: number; onPass?: (pass: number, loss: number, weights: readonly number[]) => void} = {},
): LocalSearchReport {
	const weights = start.map((value, i) => clampWeight(value, ranges[i]!));
	const steps = ranges.map(range => Math.max(range.precision, range.step));
	let best = loss(weights);
	let evaluations = 1;
	let passes = 0;
	const maxPasses = options.maxPasses ?? 100;
	while (passes < maxPasses) {
		passes++;
		let improved = false;
		for (let i = 0; i < weights.length; i++) {
			const before = weights[i]!;
			for (const direction of [1, -1]) {
				const value = clampWeight(before + direction * steps[i]!, ranges[i]!);
				if (value === before) continue;
				weights[i] = value;
				const tried = loss(weights);
				evaluations++;
				if (tried < best) {
					best = tried;
					improved = true;
					break;
				}
				weights[i] = before;
			}
		}
		options.onPass?.(passes, best, weights);
		if (!improved) {
			const finest = steps.every((step, i) => step <= ranges[i]!.precision);
			if (finest) break;
			for (let i = 0; i < steps.length; i++) steps[i] = Math.max(ranges[i]!.precision, clampStep(steps[i]! / 2, ranges[i]!.precision));
		}
	}
	return {weights, loss: best, passes, evaluations};
}

const clampStep = (step: number, precision: number): number => Math.round(step / precision) * precision;
