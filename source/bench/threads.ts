/**
 * `npm run bench -- threads`: what Lazy SMP's threads give the engine (docs/ai.md §5), measured on
 * the engine worker as the app runs it (EngineClient and the built worker).
 *
 *   depths  each file of saves/ searched without limit on one thread and on two, in turns, each
 *           search on an empty table: the time at which each depth was complete, the medians of
 *           --rounds runs (3) of --seconds each (8), and the ratio of one thread's time to two's;
 *           beside them the main search's own nodes to each depth and their ratio, the work the
 *           helper spared it, which a busy machine does not skew as it skews the times
 *   match   level 5 on two threads against level 5 on one, LOAPS, on wall clocks of --clock
 *           seconds a side (10), from the shipped paired openings (bench/openings/loaps.txt, in
 *           an order drawn from --seed), each played both ways, for --games games (40): the score
 *           of two threads with its 95 % margin, counted by pairs as the SPRT counts them
 *
 * Both take the machine's cores as they find them: on a machine busy with other work two
 * threads get less than two cores, and the figures say so (the main thread's nodes a second).
 */
import {EngineClient, type EngineInfo} from '../engine/client.js';
import {planMove} from '../engine/levels.js';
import {seededRandom} from '../engine/random.js';
import {clockReading, WORKER_OVERHEAD_MS} from '../engine/time.js';
import type {Game} from '../games/game.js';
import {loaps} from '../games/loa/index.js';
import {median} from './median.js';
import {loadOpenings} from './sprt-openings.js';
import {addPair, describeElo, EMPTY_PENTANOMIAL, eloEstimate, gameScore, pairsOf, scoreOfElo, type Pentanomial} from './sprt-stats.js';

/** Depths whose median time on one thread is below this are left out: too quick to time. */
const LEAST_MS = 20;

/** When each depth was complete in one search, by depth (index 0 unused): the time, and the main search's nodes so far. */
export interface DepthMarks {
	readonly ms: readonly number[];
	readonly nodes: readonly number[];
}

/** A search's depth marks, read off its progress events; a depth skipped over takes the next one's. */
export function depthMarks(events: readonly Pick<EngineInfo, 'depth' | 'elapsedMs' | 'nodes'>[]): DepthMarks {
	const ms: number[] = [];
	const nodes: number[] = [];
	for (const {depth, elapsedMs, nodes: count} of events) {
		for (let reached = ms.length; reached <= depth; reached++) {
			ms[reached] = elapsedMs;
			nodes[reached] = count;
		}
	}
	return {ms, nodes};
}

export interface DepthRow {
	readonly depth: number;
	/** Medians over the runs that all reached the depth: the time, and the main search's nodes. */
	readonly oneMs: number;
	readonly twoMs: number;
	/** oneMs / twoMs: above 1, two threads reached the depth sooner. */
	readonly ratio: number;
	readonly oneNodes: number;
	readonly twoNodes: number;
	/** oneNodes / twoNodes: above 1, the helper spared the main search that share of its work. */
	readonly nodeRatio: number;
}

/** The rows of one file: each depth every run of both reached, whose time on one thread is worth timing. */
export function depthRows(one: readonly DepthMarks[], two: readonly DepthMarks[]): DepthRow[] {
	const deepest = Math.min(...[...one, ...two].map(marks => marks.ms.length - 1));
	const rows: DepthRow[] = [];
	for (let depth = 1; depth <= deepest; depth++) {
		const at = (runs: readonly DepthMarks[], what: 'ms' | 'nodes') => median(runs.map(marks => marks[what][depth]!));
		const [oneMs, twoMs, oneNodes, twoNodes] = [at(one, 'ms'), at(two, 'ms'), at(one, 'nodes'), at(two, 'nodes')];
		if (oneMs < LEAST_MS) continue;
		rows.push({depth, oneMs, twoMs, ratio: oneMs / Math.max(twoMs, 1e-3), oneNodes, twoNodes, nodeRatio: oneNodes / Math.max(twoNodes, 1)});
	}
	return rows;
}

/** The geometric mean of ratios (1 when there are none). */
export const geometricMean = (ratios: readonly number[]): number =>
	ratios.length === 0 ? 1 : Math.exp(ratios.reduce((sum, ratio) => sum + Math.log(ratio), 0) / ratios.length);

export interface DepthsOptions {
	readonly files: readonly {readonly name: string; readonly game: Game<unknown>; readonly state: unknown}[];
	readonly rounds: number;
	readonly seconds: number;
	readonly say: (line: string) => void;
}

/** One search without limit for `seconds`, on an empty table: when each depth was complete, and the main thread's nodes a second. */
async function timedSearch(
	client: EngineClient,
	game: Game<unknown>,
	state: unknown,
	seconds: number,
): Promise<{marks: DepthMarks; nodesPerSecond: number; threads: number}> {
	client.clear();
	const events: EngineInfo[] = [];
	const thinking = client.think(game, state, {limits: {}}, info => events.push(info));
	const timer = setTimeout(() => void client.stop(), seconds * 1000);
	const result = await thinking;
	clearTimeout(timer);
	return {marks: depthMarks(events), nodesPerSecond: result.nodesPerSecond, threads: result.threads ?? 1};
}

export async function benchDepths({files, rounds, seconds, say}: DepthsOptions): Promise<void> {
	// Events only when an iteration is complete: the time each depth took is read off them.
	const one = new EngineClient({threads: 1, progressMs: 3_600_000});
	const two = new EngineClient({threads: 2, progressMs: 3_600_000});
	try {
		// Warmed up, and the helper started: a second's search each.
		for (const client of [one, two]) await client.think(loaps, loaps.initial(), {limits: {softMs: 1000, hardMs: 1000}});
		say(
			`threads, depths: each file searched ${seconds} s on 1 thread and on 2, in turns, on an empty table; the median of ${rounds} runs ` +
				'of the time at which each depth was complete, and of the main search’s own nodes to it:',
		);
		say(
			`  ${'file'.padEnd(18)} ${'depth'.padStart(5)} ${'1 thread'.padStart(10)} ${'2 threads'.padStart(10)} ${'ratio'.padStart(7)}` +
				` ${'nodes, 1'.padStart(11)} ${'main of 2'.padStart(11)} ${'ratio'.padStart(7)}`,
		);
		const deepestRatios: number[] = [];
		const allRatios: number[] = [];
		const nodeRatios: number[] = [];
		const speeds: {one: number[]; two: number[]} = {one: [], two: []};
		for (const {name, game, state} of files) {
			const runs: {one: DepthMarks[]; two: DepthMarks[]} = {one: [], two: []};
			for (let round = 0; round < rounds; round++) {
				process.stderr.write(`\rthreads, depths: ${name}, run ${round + 1} of ${rounds}`);
				const alone = await timedSearch(one, game, state, seconds);
				const helped = await timedSearch(two, game, state, seconds);
				if (helped.threads !== 2) throw new Error(`the search on two threads ran on ${helped.threads}`);
				runs.one.push(alone.marks);
				runs.two.push(helped.marks);
				speeds.one.push(alone.nodesPerSecond);
				speeds.two.push(helped.nodesPerSecond);
			}
			process.stderr.write('\r\x1b[K');
			const rows = depthRows(runs.one, runs.two);
			for (const row of rows) {
				say(
					`  ${name.padEnd(18)} ${String(row.depth).padStart(5)} ${`${row.oneMs.toFixed(0)} ms`.padStart(10)} ` +
						`${`${row.twoMs.toFixed(0)} ms`.padStart(10)} ${`${row.ratio.toFixed(2)}×`.padStart(7)} ` +
						`${row.oneNodes.toFixed(0).padStart(11)} ${row.twoNodes.toFixed(0).padStart(11)} ${`${row.nodeRatio.toFixed(2)}×`.padStart(7)}`,
				);
				allRatios.push(row.ratio);
				nodeRatios.push(row.nodeRatio);
			}
			if (rows.length > 0) deepestRatios.push(rows.at(-1)!.ratio);
		}
		const kilo = (values: number[]) => (median(values) / 1000).toFixed(0);
		say(
			`threads, depths: 1 thread's time / 2 threads', geometric mean ${geometricMean(allRatios).toFixed(2)}× over every depth shown, ` +
				`${geometricMean(deepestRatios).toFixed(2)}× at each file's deepest; the main search's nodes, alone / beside its helper, ` +
				`${geometricMean(nodeRatios).toFixed(2)}×; its nodes a second, median ${kilo(speeds.one)} k alone, ${kilo(speeds.two)} k beside its helper`,
		);
	} finally {
		await Promise.all([one.close(), two.close()]);
	}
}

export interface MatchOptions {
	readonly games: number;
	readonly clockSeconds: number;
	readonly seed: number;
	readonly say: (line: string) => void;
}

export interface ClockedGame {
	/** The side that won (1 moves first), or null for a draw or a tie. */
	readonly winner: 1 | 2 | null;
	readonly reason: string;
	readonly plies: number;
}

/**
 * One game of level 5 against level 5 from `start`, `first` moving first, each on a wall clock of
 * `clockMs` charged with each think's time, as the app's clocks are; a side whose clock runs out
 * loses.
 */
export async function playClockedGame<State>(
	game: Game<State>,
	start: State,
	first: EngineClient,
	second: EngineClient,
	clockMs: number,
	seed: number,
): Promise<ClockedGame> {
	for (const client of [first, second]) client.clear();
	const clocks = [clockMs, clockMs];
	let state = start;
	let plies = 0;
	for (;;) {
		const outcome = game.outcome(state);
		if (outcome) return {winner: outcome.winner, reason: outcome.reason, plies};
		const mover = game.toMove(state);
		const client = mover === 1 ? first : second;
		const plan = planMove(5, {clock: clockReading(game, state, clocks[mover - 1]!, WORKER_OVERHEAD_MS), seed});
		const readings = [clocks[0]! / 1000, clocks[1]! / 1000] as const;
		const started = performance.now();
		const result = await client.think(game, game.withClocks(state, readings), {...plan, seed: seed + plies});
		clocks[mover - 1]! -= performance.now() - started;
		if (clocks[mover - 1]! <= 0) return {winner: mover === 1 ? 2 : 1, reason: 'time', plies};
		if (result.move < 0) throw new Error(`level 5 found no move at ply ${plies} where the rules go on`);
		state = game.play(state, result.move);
		plies++;
	}
}

/**
 * The score of a pentanomial with its 95 % margin, in points a game: "52.5 % ± 6.1 %, Elo +17.4 ±
 * 42.6"; the score alone where there is no margin to give (one pair, or every pair won or lost).
 */
export function describeScore(counts: Pentanomial): string {
	const estimate = eloEstimate(counts);
	if (pairsOf(counts) < 2 || !Number.isFinite(estimate.low) || !Number.isFinite(estimate.high))
		return `${(100 * estimate.score).toFixed(1)} %`;
	const margin = (scoreOfElo(estimate.high) - scoreOfElo(estimate.low)) / 2;
	return `${(100 * estimate.score).toFixed(1)} % ± ${(100 * margin).toFixed(1)} %, ${describeElo(estimate)}`;
}

export async function benchMatch({games, clockSeconds, seed, say}: MatchOptions): Promise<void> {
	const openings = loadOpenings(loaps);
	if (!openings.ok) throw new Error(openings.error);
	const random = seededRandom(seed);
	const order = openings.value.map(opening => ({opening, key: random()})).sort((a, b) => a.key - b.key);
	const pairs = Math.ceil(games / 2);
	if (pairs > order.length) throw new Error(`--games ${games}: the openings give ${order.length * 2} games at most`);
	const two = new EngineClient({threads: 2, progressMs: 3_600_000});
	const one = new EngineClient({threads: 1, progressMs: 3_600_000});
	let counts: Pentanomial = EMPTY_PENTANOMIAL;
	const reasons = new Map<string, number>();
	const started = performance.now();
	say(
		`threads, match: level 5 on 2 threads against level 5 on 1, LOAPS, ${clockSeconds} s a side on wall clocks, ` +
			`${pairs} openings of bench/openings/loaps.txt each played both ways (seed ${seed}):`,
	);
	try {
		for (let pair = 0; pair < pairs; pair++) {
			const {opening} = order[pair]!;
			const scores: number[] = [];
			for (const twoFirst of [true, false]) {
				const played = await playClockedGame(
					loaps,
					opening.state,
					twoFirst ? two : one,
					twoFirst ? one : two,
					clockSeconds * 1000,
					seed + pair,
				);
				const twoSide = twoFirst ? 1 : 2;
				scores.push(played.winner === null ? 0.5 : played.winner === twoSide ? 1 : 0);
				reasons.set(played.reason, (reasons.get(played.reason) ?? 0) + 1);
			}
			counts = addPair(counts, scores[0]!, scores[1]!);
			const minutes = ((performance.now() - started) / 60_000).toFixed(1);
			process.stderr.write(`\r\x1b[Kthreads, match: ${pairsOf(counts) * 2} games, 2 threads ${describeScore(counts)} [${minutes} min]`);
		}
	} finally {
		process.stderr.write('\r\x1b[K');
		await Promise.all([one.close(), two.close()]);
	}
	const ends = [...reasons].map(([reason, count]) => `${reason} ${count}`).join(', ');
	say(
		`threads, match: ${pairsOf(counts) * 2} games, 2 threads scored ${gameScore(counts)} points, ${describeScore(counts)} ` +
			`(95 %), pairs [${counts.join(', ')}]; ends: ${ends}`,
	);
}
