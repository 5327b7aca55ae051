/** What the tuner prints and reads: match figures, the weights block, --weights, seeds, and its options. */
import {spawnSync} from 'node:child_process';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, it} from 'vitest';
import {CLASSIC_WEIGHTS, LOAPS_WEIGHTS} from '../../source/games/loa/weights.js';
import {parseWeights, TUNABLE} from '../../source/tune/ranges.js';
import {deriveSeed, weightsBlock, weightsOption} from '../../source/tune/report.js';
import {describeMatch, eloOf, summarise} from '../../source/tune/stats.js';

describe('summarise', () => {
	it('counts the match points, their share, its 95 % margin and Elo', () => {
		const even = summarise([2, 0, 2, 0, 1, 1]);
		expect(even).toMatchObject({games: 6, wins: 2, drawn: 2, losses: 2, share: 0.5, elo: 0});
		// Scores 1, 0, 1, 0, .5, .5: variance 1/6 about the mean 0.5.
		expect(even.margin).toBeCloseTo(1.959964 * Math.sqrt(1 / 6 / 6), 9);
		const ahead = summarise([2, 2, 2, 0]);
		expect(ahead.share).toBe(0.75);
		expect(ahead.elo).toBeCloseTo(190.85, 2);
		expect(ahead.eloLow).toBeLessThan(ahead.elo);
		expect(ahead.eloHigh).toBeGreaterThan(ahead.elo);
		expect(eloOf(0.25)).toBeCloseTo(-190.85, 2);
		expect(eloOf(1)).toBe(Infinity);
		expect(describeMatch(ahead)).toBe('75.0 % ± 42.4 % of the match points (+3 =0 -1 in 4 games), Elo +191 (-126 .. +inf)');
	});
});

describe('the weights block', () => {
	it('writes the set as weights.ts does, the changed values with what they were', () => {
		const values = [...LOAPS_WEIGHTS.defaults];
		values[LOAPS_WEIGHTS.index.spread] = 34;
		const block = weightsBlock(TUNABLE.loaps, values);
		expect(block.split('\n')[0]).toBe('export const LOAPS_WEIGHTS = weightSet(');
		expect(block).toContain(`\t\tspread: 34, // was ${LOAPS_WEIGHTS.defaults[LOAPS_WEIGHTS.index.spread]}\n`);
		expect(block).toContain(`\t\ttempo: ${LOAPS_WEIGHTS.defaults[0]},\n`);
		expect(block).toContain(`[${LOAPS_WEIGHTS.names.map(name => `'${name}'`).join(', ')}] as const,`);
	});

	it('round-trips through --weights', () => {
		const values = CLASSIC_WEIGHTS.defaults.map((value, i) => (i === CLASSIC_WEIGHTS.index.corner ? -20 : value));
		expect(parseWeights(weightsOption(TUNABLE.loa, values), TUNABLE.loa)).toEqual(values);
		expect(parseWeights('', TUNABLE.loa)).toEqual(CLASSIC_WEIGHTS.defaults);
		expect(parseWeights('spread=40', TUNABLE.loa)).toMatch(/has no weight spread/);
		expect(parseWeights('mobility=-3', TUNABLE.loa)).toMatch(/mobility takes a number from 0 to 20/);
		expect(parseWeights('mobility', TUNABLE.loa)).toMatch(/is not name=value/);
	});

	it('keeps the committed weights within the ranges the tuner may use', () => {
		for (const tunable of Object.values(TUNABLE)) {
			expect(tunable.ranges).toHaveLength(tunable.weights.names.length);
			tunable.weights.defaults.forEach((value, i) => {
				expect(value).toBeGreaterThanOrEqual(tunable.ranges[i]!.min);
				expect(value).toBeLessThanOrEqual(tunable.ranges[i]!.max);
			});
		}
	});
});

describe('deriveSeed', () => {
	it('is the same for the same run, part and game, and differs between them', () => {
		expect(deriveSeed(1, 1, 0)).toBe(deriveSeed(1, 1, 0));
		const seeds = new Set<number>();
		for (const seed of [1, 2])
			for (const stream of [1, 2, 3]) for (let index = 0; index < 100; index++) seeds.add(deriveSeed(seed, stream, index));
		expect(seeds.size).toBe(600);
		expect([...seeds].every(seed => Number.isInteger(seed) && seed >= 0)).toBe(true);
	});
});

describe('npm run tune (the built dist-dev/tune/index.js)', () => {
	const root = fileURLToPath(new URL('../..', import.meta.url));
	const tune = (args: string[]) =>
		spawnSync(process.execPath, [join(root, 'dist-dev', 'tune', 'index.js'), ...args], {cwd: root, encoding: 'utf8'});

	it.each([
		[['--game', 'pahtum'], /^tune: --game takes loaps or loa/],
		[['--method', 'adam'], /^tune: --method takes texel, spsa or none/],
		[['--games', '0'], /^tune: --games takes a whole number, 1 or more/],
		[['--seed', 'x'], /^tune: --seed takes a whole number/],
		[['--nodes'], /^tune: --nodes needs a value/],
		[['--frobnicate'], /^tune: unknown option --frobnicate/],
		[['--method', 'none'], /^tune: --method none only checks weights: give --check N/],
		[['--weights', 'tempo=5'], /^tune: --weights names one evaluation's weights/],
		[['--game', 'loaps', '--weights', 'tempo=500'], /^tune: --weights: tempo takes a number from 0 to 60/],
	])('%j: one line saying what is wrong, exit 2', (args, message) => {
		const run = tune(args);
		expect(run.status).toBe(2);
		expect(run.stderr).toMatch(message);
		expect(run.stderr.trim().split('\n')).toHaveLength(1);
		expect(run.stdout).toBe('');
	});

	it('gives the same figures and weights for the same seed', () => {
		const args = ['--game', 'loaps', '--games', '5', '--nodes', '200', '--seed', '7', '--threads', '2'];
		const first = tune(args);
		expect(first.status).toBe(0);
		const figures = (text: string) => text.replace(/\[\d+ s\]/g, '[time]').replace(/\(\d threads?\)/, '');
		expect(first.stdout).toMatch(/training: \d+ positions/);
		expect(first.stdout).toMatch(/export const LOAPS_WEIGHTS = weightSet\(/);
		expect(figures(tune([...args.slice(0, -1), '1']).stdout)).toBe(figures(first.stdout));
	});
});
