/**
 * SPSA (simultaneous perturbation stochastic approximation, Spall 1992) over game results, as
 * chess engines tune in self-play (Fishtest's tuner): every iteration perturbs all the weights at
 * once by ±c_k (each sign drawn at random), plays the + set against the − set, and moves every
 * weight along its sign times the + set's result. Noisy per game, unbiased over many.
 *
 * The gains follow Spall's schedule, c_k = c / k^0.101 and a_k = a / (A + k)^0.602 with
 * A = N / 10, scaled so that c_N is a weight's `step` and a_N / c_N² is 2 / sqrt(pairs played):
 * over a run the random walk of a weight that does not matter stays about a step or two, while one
 * whose step of change moves a pair's result by a few hundredths drifts several steps. The pairs
 * of an iteration (one a worker thread) each count as an update of their own.
 */
import {seededRandom} from '../games/seeded.js';
import {clampWeight, type WeightRange} from './texel.js';

const ALPHA = 0.602;
const GAMMA = 0.101;

export interface SpsaPair {
	/** Weights of the + side and of the − side. */
	readonly plus: readonly number[];
	readonly minus: readonly number[];
	/** The seed of the pair's opening. */
	readonly seed: number;
}

export interface SpsaOptions {
	readonly iterations: number;
	/** Pairs of games an iteration (each pair with a perturbation of its own), played at once. */
	readonly pairsPerIteration: number;
	readonly seed: number;
	/** After each iteration: its number (from 1) and the weights, unrounded. */
	readonly onIteration?: (iteration: number, weights: readonly number[]) => void;
}

/**
 * The + side's result over a pair of games, each side first once, for every pair asked: from −2
 * (the − side won both) to 2 (the + side won both); a draw or tie counts half a win.
 */
export type PlayPairs = (pairs: readonly SpsaPair[]) => Promise<number[]>;

export interface SpsaReport {
	/** The tuned weights, rounded to their precision. */
	readonly weights: number[];
	readonly iterations: number;
	readonly games: number;
	/** The pairs' results summed without their signs: how much the games told the sets apart. */
	readonly decisive: number;
}

export async function spsa(
	start: readonly number[],
	ranges: readonly WeightRange[],
	playPairs: PlayPairs,
	options: SpsaOptions,
): Promise<SpsaReport> {
	const n = start.length;
	const iterations = Math.max(1, options.iterations);
	const pairs = Math.max(1, options.pairsPerIteration);
	const theta = start.map((value, i) => Math.min(ranges[i]!.max, Math.max(ranges[i]!.min, value)));
	const bigA = iterations / 10;
	const rate = 2 / Math.sqrt(iterations * pairs);
	// c_N = step and a_N = rate × step² (a weight's own step: the weights have different units).
	const cScale = iterations ** GAMMA;
	const aScale = rate * (bigA + iterations) ** ALPHA;
	const random = seededRandom(options.seed);
	let decisive = 0;
	for (let k = 1; k <= iterations; k++) {
		const cK = 1 / k ** GAMMA;
		const aK = 1 / (bigA + k) ** ALPHA;
		const deltas: number[][] = [];
		const asked: SpsaPair[] = [];
		for (let p = 0; p < pairs; p++) {
			const delta = Array.from({length: n}, () => (random() < 0.5 ? -1 : 1));
			deltas.push(delta);
			const shift = (i: number) => delta[i]! * cK * cScale * ranges[i]!.step;
			const clamp = (value: number, i: number) => Math.min(ranges[i]!.max, Math.max(ranges[i]!.min, value));
			asked.push({
				plus: theta.map((value, i) => clamp(value + shift(i), i)),
				minus: theta.map((value, i) => clamp(value - shift(i), i)),
				seed: Math.floor(random() * 0x7fffffff),
			});
		}
		const results = await playPairs(asked);
		for (let p = 0; p < pairs; p++) {
			const result = results[p]!;
			decisive += Math.abs(result);
			for (let i = 0; i < n; i++) {
				// θ += a_k ĝ, ĝ_i = result / (2 c_k Δ_i), in the weight's own units (a step).
				const step = ranges[i]!.step;
				const gradient = result / (2 * cK * cScale * deltas[p]![i]!);
				theta[i] = Math.min(ranges[i]!.max, Math.max(ranges[i]!.min, theta[i]! + aK * aScale * step * gradient));
			}
		}
		options.onIteration?.(k, theta);
	}
	return {weights: theta.map((value, i) => clampWeight(value, ranges[i]!)), iterations, games: 2 * iterations * pairs, decisive};
}
