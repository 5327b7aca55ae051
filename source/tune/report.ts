/** What the tuner prints: the weights as a block to paste into weights.ts, and seeds derived from the run's seed. */
import type {Tunable} from './ranges.js';

/**
 * The weights as weights.ts writes them (`export const LOAPS_WEIGHTS = weightSet({...}, [...] as
 * const);`), each changed one with the value the run started from (`before`, the committed
 * weights unless --weights said otherwise) in a comment, to paste over the block there (keeping
 * its comments on what each weight is).
 */
export function weightsBlock(tunable: Tunable, values: readonly number[], before: readonly number[] = tunable.weights.defaults): string {
	const {names} = tunable.weights;
	const entries = names.map((name, i) => {
		const was = values[i] === before[i] ? '' : ` // was ${before[i]}`;
		return `\t\t${name}: ${values[i]},${was}`;
	});
	return [
		`export const ${tunable.exportName} = weightSet(`,
		'\t{',
		...entries,
		'\t},',
		`\t[${names.map(name => `'${name}'`).join(', ')}] as const,`,
		');',
	].join('\n');
}

/** `name=value,...`: the weights as --weights takes them. */
export const weightsOption = (tunable: Tunable, values: readonly number[]): string =>
	tunable.weights.names.map((name, i) => `${name}=${values[i]}`).join(',');

/**
 * A seed for game `index` of one part of the run (`stream`: the Texel games, SPSA, the check
 * match), from the run's seed: distinct parts never share openings.
 */
export function deriveSeed(seed: number, stream: number, index: number): number {
	let h = Math.imul(seed ^ 0x3c6ef372, 0x9e3779b1) ^ Math.imul(stream + 1, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35);
	h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
	h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
	return (h ^ (h >>> 16)) >>> 1;
}
