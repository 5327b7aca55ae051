/**
 * Where the tuner may take each weight of the two LOA evaluations, and in what steps. The ranges
 * keep every term what its name says (a penalty stays a penalty, a share stays between 0 and 1,
 * the tempo stays a small bonus), so a fit cannot turn a term inside out to explain noise.
 */
import {CLASSIC_WEIGHTS, LOAPS_WEIGHTS, type WeightSet} from '../games/loa/weights.js';
import type {WeightRange} from './texel.js';

const LOAPS_RANGES: Readonly<Record<keyof typeof LOAPS_WEIGHTS.index, WeightRange>> = {
	tempo: {min: 0, max: 60, step: 5, precision: 1},
	spread: {min: 0, max: 120, step: 5, precision: 1},
	group: {min: 0, max: 150, step: 5, precision: 1},
	euler: {min: 0, max: 80, step: 5, precision: 1},
	avoidShare: {min: 0, max: 1, step: 0.05, precision: 0.01},
	centre: {min: 0, max: 30, step: 2, precision: 1},
	mobility: {min: 0, max: 20, step: 1, precision: 0.5},
	bonusReach: {min: 0, max: 60, step: 3, precision: 1},
	threatShare: {min: 0, max: 1, step: 0.05, precision: 0.01},
	// In plies; the margin is worth at least half a point a point however near the limit.
	marginFade: {min: 2, max: 100, step: 5, precision: 1},
	// Centipoints a point while the margin is within the connection's 12 (100 beyond it).
	raceMargin: {min: 10, max: 150, step: 10, precision: 1},
	// Points; the connection's 12 at the least.
	leadCap: {min: 12, max: 1000, step: 4, precision: 1},
	uniformity: {min: 0, max: 40, step: 2, precision: 1},
	massCentre: {min: 0, max: 60, step: 3, precision: 1},
};

const CLASSIC_RANGES: Readonly<Record<keyof typeof CLASSIC_WEIGHTS.index, WeightRange>> = {
	tempo: {min: 0, max: 60, step: 5, precision: 1},
	concentration: {min: 0, max: 120, step: 5, precision: 1},
	group: {min: 0, max: 150, step: 5, precision: 1},
	euler: {min: 0, max: 80, step: 5, precision: 1},
	ring0: {min: -40, max: 20, step: 2, precision: 1},
	ring1: {min: -20, max: 30, step: 2, precision: 1},
	ring2: {min: -10, max: 40, step: 2, precision: 1},
	ring3: {min: -10, max: 50, step: 2, precision: 1},
	corner: {min: -60, max: 0, step: 3, precision: 1},
	massCentre: {min: 0, max: 40, step: 2, precision: 1},
	mobility: {min: 0, max: 20, step: 1, precision: 0.5},
	blocked: {min: 0, max: 60, step: 3, precision: 1},
	blockedEdge: {min: 0, max: 60, step: 3, precision: 1},
};

/** The weights of a LOA game's evaluation and their ranges, in the order of `weights.names`. */
export interface Tunable {
	readonly game: 'loaps' | 'loa';
	/** The name of the export in weights.ts. */
	readonly exportName: string;
	readonly weights: WeightSet;
	readonly ranges: readonly WeightRange[];
}

export const TUNABLE: Readonly<Record<'loaps' | 'loa', Tunable>> = {
	loaps: {
		game: 'loaps',
		exportName: 'LOAPS_WEIGHTS',
		weights: LOAPS_WEIGHTS,
		ranges: LOAPS_WEIGHTS.names.map(name => LOAPS_RANGES[name as keyof typeof LOAPS_RANGES]),
	},
	loa: {
		game: 'loa',
		exportName: 'CLASSIC_WEIGHTS',
		weights: CLASSIC_WEIGHTS,
		ranges: CLASSIC_WEIGHTS.names.map(name => CLASSIC_RANGES[name as keyof typeof CLASSIC_RANGES]),
	},
};

/**
 * `name=value,name=value` as a full list of weights (the defaults where a name is not given), or
 * a message saying what is wrong with it.
 */
export function parseWeights(text: string, tunable: Tunable): number[] | string {
	const values = [...tunable.weights.defaults];
	for (const part of text
		.split(',')
		.map(entry => entry.trim())
		.filter(entry => entry.length > 0)) {
		const match = /^([A-Za-z][A-Za-z0-9]*)\s*=\s*(\S+)$/.exec(part);
		if (!match) return `--weights: "${part}" is not name=value`;
		const index = tunable.weights.names.indexOf(match[1]!);
		if (index < 0) return `--weights: ${tunable.exportName} has no weight ${match[1]} (it has ${tunable.weights.names.join(', ')})`;
		const value = Number(match[2]);
		const range = tunable.ranges[index]!;
		if (!Number.isFinite(value) || value < range.min || value > range.max)
			return `--weights: ${match[1]} takes a number from ${range.min} to ${range.max}`;
		values[index] = value;
	}
	return values;
}
