/**
 * `npm run tune [-- OPTIONS]`: tunes the weights of the LOA evaluations (weights.ts) from games
 * it plays, and measures the tuned weights against the committed ones. See USAGE.
 */
import {availableParallelism} from 'node:os';
import {readArgs, strayOption, type OptionTable} from '../args.js';
import {gameById} from '../games/registry.js';
import {evaluateAll, splitPositions, type PositionSet} from './dataset.js';
import type {TuneGameId, TuneGameRecord, TuneGameSpec} from './play.js';
import {GamePool} from './pool.js';
import {parseWeights, TUNABLE, type Tunable} from './ranges.js';
import {deriveSeed, weightsBlock, weightsOption} from './report.js';
import {spsa, type SpsaPair} from './spsa.js';
import {describeMatch, summarise} from './stats.js';
import {fitK, localSearch, meanSquaredError} from './texel.js';

const USAGE = `npm run tune [-- OPTIONS]

Tunes the weights of the LOA evaluations (source/games/loa/weights.ts) from self-play games,
and prints them as a block for weights.ts with the figures. The same options and seed give the
same games, positions and weights (every move is searched to a fixed number of nodes).

  --game loaps|loa        which evaluation (default: LOAPS, then classic LOA)
  --method texel|spsa|none
                          texel (default): a logistic fit of the evaluation to the results of
                            positions of self-play games; spsa: perturbed weight sets play
                            each other and the weights follow the results; none: no tuning,
                            only the check of --weights against the committed weights
  --seed N                the run's seed (default 1)
  --games N               games to play for the tuning (default 2000)
  --nodes N               nodes a move in the tuning games (default 3000)
  --weights a=1,b=2       start from these weights (the committed ones where not named)
  --check N               then play N games of the tuned weights against the committed ones,
                            each opening both ways (default 0: none)
  --check-nodes N         nodes a move in those games (default 20000)
  --threads N             worker threads (default 2, at most the cores)
  --help                  this text`;

/** Random plies that open every game, and how far past them the Texel fit's positions start. */
const OPENING_PLIES = 4;
const SAMPLES_FROM = 8;
/** SPSA plays this many pairs of games an iteration, whatever the threads (the same seed, the same weights). */
const SPSA_PAIRS = 2;
const STREAM = {texel: 1, spsa: 2, check: 3} as const;

interface Options {
	readonly games: readonly TuneGameId[];
	readonly method: 'texel' | 'spsa' | 'none';
	readonly seed: number;
	readonly tuneGames: number;
	readonly nodes: number;
	readonly weights: string | undefined;
	readonly check: number;
	readonly checkNodes: number;
	readonly threads: number;
}

class UsageError extends Error {}

/** The options, read by the one parser (args.ts); USAGE describes them. */
const OPTION_TABLE: OptionTable = Object.fromEntries(
	['game', 'method', 'seed', 'games', 'nodes', 'weights', 'check', 'check-nodes', 'threads'].map(name => [name, {type: 'string'}]),
);

function parseOptions(argv: readonly string[]): Options | 'help' {
	const parsed = readArgs(argv, {...OPTION_TABLE, help: {type: 'boolean', short: 'h'}});
	if (typeof parsed === 'string') throw new UsageError(parsed);
	if (parsed.values.get('help') === true) return 'help';
	const stray = strayOption(parsed, OPTION_TABLE, '', 'npm run tune -- --help');
	if (stray !== undefined) throw new UsageError(stray);
	if (parsed.positionals.length > 0)
		throw new UsageError(`unexpected "${parsed.positionals[0]}" (npm run tune -- --help lists the options)`);
	const take = (name: string): string | undefined => {
		const value = parsed.values.get(name.slice(2));
		if (value === true || value === false) throw new UsageError(`${name} needs a value`);
		return value;
	};
	const whole = (name: string, fallback: number, least: number): number => {
		const text = take(name);
		if (text === undefined) return fallback;
		const value = Number(text);
		if (!Number.isInteger(value) || value < least) throw new UsageError(`${name} takes a whole number, ${least} or more (not "${text}")`);
		return value;
	};
	const gameText = take('--game');
	let games: TuneGameId[] = ['loaps', 'loa'];
	if (gameText !== undefined) {
		const id = gameText.toLowerCase();
		if (id !== 'loaps' && id !== 'loa')
			throw new UsageError(`--game takes loaps or loa (the games with tuned evaluations), not "${gameText}"`);
		games = [id];
	}
	const methodText = take('--method') ?? 'texel';
	if (methodText !== 'texel' && methodText !== 'spsa' && methodText !== 'none')
		throw new UsageError(`--method takes texel, spsa or none, not "${methodText}"`);
	const options: Options = {
		games,
		method: methodText,
		seed: whole('--seed', 1, 0),
		tuneGames: whole('--games', 2000, 1),
		nodes: whole('--nodes', 3000, 100),
		weights: take('--weights'),
		check: whole('--check', 0, 0),
		checkNodes: whole('--check-nodes', 20_000, 100),
		threads: Math.min(whole('--threads', 2, 1), availableParallelism()),
	};
	if (options.method === 'none' && options.check === 0) throw new UsageError('--method none only checks weights: give --check N');
	if (options.weights !== undefined && options.games.length > 1)
		throw new UsageError("--weights names one evaluation's weights: give --game loaps or --game loa too");
	return options;
}

const progress = (text: string) => process.stderr.write(`\r\x1b[K${text}`);
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(0)} s`;

async function main(): Promise<number> {
	let options: Options | 'help';
	try {
		options = parseOptions(process.argv.slice(2));
	} catch (error) {
		if (!(error instanceof UsageError)) throw error;
		console.error(`tune: ${error.message}`);
		return 2;
	}
	if (options === 'help') {
		console.log(USAGE);
		return 0;
	}
	const starts = new Map<TuneGameId, number[]>();
	for (const id of options.games) {
		const start = options.weights === undefined ? [...TUNABLE[id].weights.defaults] : parseWeights(options.weights, TUNABLE[id]);
		if (typeof start === 'string') {
			console.error(`tune: ${start}`);
			return 2;
		}
		starts.set(id, start);
	}
	const pool = new GamePool(options.threads);
	try {
		for (const id of options.games) await tuneGame(pool, TUNABLE[id], starts.get(id)!, options);
	} finally {
		await pool.close();
	}
	return 0;
}

async function tuneGame(pool: GamePool, tunable: Tunable, start: readonly number[], options: Options): Promise<void> {
	const name = gameById(tunable.game)!.name;
	const {method, seed} = options;
	console.log(
		`\n== ${name}: ${method === 'none' ? 'no tuning' : `${method}, seed ${seed}, ${options.tuneGames} games at ${options.nodes} nodes a move`} (${options.threads} threads)`,
	);
	let tuned: number[];
	if (method === 'texel') tuned = await texel(pool, tunable, start, options);
	else if (method === 'spsa') tuned = await runSpsa(pool, tunable, start, options);
	else {
		tuned = [...start];
		console.log(`weights: ${weightsOption(tunable, tuned)}`);
	}
	if (method !== 'none') {
		console.log(`\n${tunable.exportName}, tuned (${method}, seed ${seed}, ${options.tuneGames} games at ${options.nodes} nodes a move):\n`);
		console.log(weightsBlock(tunable, tuned, start));
		console.log(`\nas --weights: ${weightsOption(tunable, tuned)}`);
	}
	if (options.check > 0) await check(pool, tunable, tuned, options);
}

/** The Texel fit: games, their positions resolved to quiescence leaves, K, then the local search. */
async function texel(pool: GamePool, tunable: Tunable, start: readonly number[], options: Options): Promise<number[]> {
	const started = performance.now();
	const specs: TuneGameSpec[] = Array.from({length: options.tuneGames}, (_, index) => ({
		game: tunable.game,
		first: start,
		second: start,
		nodes: options.nodes,
		seed: deriveSeed(options.seed, STREAM.texel, index),
		openingPlies: OPENING_PLIES,
		samplesFrom: SAMPLES_FROM,
	}));
	const records = await pool.run(specs, done => progress(`Texel: ${done}/${specs.length} games played`));
	progress('');
	console.log(`games: ${describeGames(records)} [${seconds(started)}]`);
	const {train, validation} = splitPositions(tunable.game, records);
	const count = (set: PositionSet) =>
		`${set.results.length} positions (${set.quiet} quiet, the others resolved to their quiescence leaf) from ${set.games.length} games`;
	console.log(`training: ${count(train)}; validation: ${count(validation)}`);
	const values = tunable.weights.values;
	const saved = Float64Array.from(values);
	try {
		const trainScores = new Float64Array(train.results.length);
		const validationScores = new Float64Array(validation.results.length);
		const lossOf = (set: PositionSet, scores: Float64Array, k: number, weights: readonly number[]) => {
			values.set(weights);
			evaluateAll(set, scores);
			return meanSquaredError(k, scores, set.results);
		};
		values.set(start);
		evaluateAll(train, trainScores);
		const {k, loss: trainBefore} = fitK(trainScores, train.results);
		const validationBefore = lossOf(validation, validationScores, k, start);
		console.log(`K = ${k.toPrecision(4)} (sigmoid(K × centipoints); fitted to the training positions with the starting weights)`);
		const fitStarted = performance.now();
		const report = localSearch(start, tunable.ranges, weights => lossOf(train, trainScores, k, weights), {
			onPass: (pass, loss) => progress(`Texel: pass ${pass}, training loss ${loss.toFixed(6)} [${seconds(fitStarted)}]`),
		});
		progress('');
		const validationAfter = lossOf(validation, validationScores, k, report.weights);
		console.log(
			`training loss ${trainBefore.toFixed(6)} -> ${report.loss.toFixed(6)}; validation loss ${validationBefore.toFixed(6)} -> ${validationAfter.toFixed(6)}`,
		);
		console.log(`${report.passes} passes, ${report.evaluations} evaluations of the training set [${seconds(fitStarted)}]`);
		return report.weights;
	} finally {
		values.set(saved);
	}
}

async function runSpsa(pool: GamePool, tunable: Tunable, start: readonly number[], options: Options): Promise<number[]> {
	const started = performance.now();
	const iterations = Math.max(1, Math.ceil(options.tuneGames / (2 * SPSA_PAIRS)));
	const playPairs = async (pairs: readonly SpsaPair[]): Promise<number[]> => {
		const specs = pairs.flatMap(pair => [
			{game: tunable.game, first: pair.plus, second: pair.minus, nodes: options.nodes, seed: pair.seed, openingPlies: OPENING_PLIES},
			{game: tunable.game, first: pair.minus, second: pair.plus, nodes: options.nodes, seed: pair.seed, openingPlies: OPENING_PLIES},
		]);
		const records = await pool.run(specs);
		// The + side played first in the pair's first game, second in its second.
		return pairs.map((_, p) => plusScore(records[2 * p]!, 1) + plusScore(records[2 * p + 1]!, 2));
	};
	const report = await spsa(start, tunable.ranges, playPairs, {
		iterations,
		pairsPerIteration: SPSA_PAIRS,
		seed: deriveSeed(options.seed, STREAM.spsa, 0),
		onIteration: (k, weights) => {
			progress(`SPSA: iteration ${k}/${iterations} [${seconds(started)}]`);
			if (k % Math.max(1, Math.round(iterations / 5)) === 0 || k === iterations) {
				progress('');
				console.log(
					`after ${k} iterations: ${weightsOption(
						tunable,
						weights.map(value => Number(value.toPrecision(3))),
					)}`,
				);
			}
		},
	});
	progress('');
	console.log(
		`SPSA: ${report.iterations} iterations of ${SPSA_PAIRS} pairs, ${report.games} games, the pairs' results summed without sign ${report.decisive} [${seconds(started)}]`,
	);
	return report.weights;
}

/** The + side's result in one game, as SPSA counts it: 1 a win, 0 a draw or tie, −1 a loss. */
const plusScore = (record: TuneGameRecord, plusIs: 1 | 2): number => (record.winner === null ? 0 : record.winner === plusIs ? 1 : -1);

/** The tuned weights against the committed ones: each opening both ways, at `checkNodes` a move. */
async function check(pool: GamePool, tunable: Tunable, tuned: readonly number[], options: Options): Promise<void> {
	const started = performance.now();
	const defaults = tunable.weights.defaults;
	const specs: TuneGameSpec[] = [];
	for (let index = 0; specs.length < options.check; index++) {
		const seed = deriveSeed(options.seed, STREAM.check, index);
		const common = {game: tunable.game, nodes: options.checkNodes, seed, openingPlies: OPENING_PLIES};
		specs.push({...common, first: tuned, second: defaults});
		if (specs.length < options.check) specs.push({...common, first: defaults, second: tuned});
	}
	const records = await pool.run(specs, done => progress(`check: ${done}/${specs.length} games`));
	progress('');
	const points = records.map((record, index) => {
		const tunedIs = index % 2 === 0 ? 1 : 2;
		return record.winner === null ? 1 : record.winner === tunedIs ? 2 : 0;
	});
	console.log(
		`\ncheck, ${options.check} games at ${options.checkNodes} nodes a move, these weights against ${tunable.exportName} as committed:`,
	);
	console.log(`  ${describeMatch(summarise(points))}; ${describeGames(records)} [${seconds(started)}]`);
}

function describeGames(records: readonly TuneGameRecord[]): string {
	const plies = records.reduce((sum, record) => sum + record.moves.length, 0) / Math.max(1, records.length);
	const first = records.filter(record => record.winner === 1).length;
	const second = records.filter(record => record.winner === 2).length;
	const reasons = new Map<string, number>();
	for (const record of records) reasons.set(record.reason, (reasons.get(record.reason) ?? 0) + 1);
	const why = [...reasons].map(([reason, count]) => `${reason} ${count}`).join(', ');
	return `${records.length} games, ${plies.toFixed(1)} plies on average; the first player won ${first}, the second ${second}, ${records.length - first - second} without a winner (${why})`;
}

try {
	process.exitCode = await main();
} catch (error) {
	console.error(`tune: ${(error as Error).message}`);
	process.exitCode = 70;
}
