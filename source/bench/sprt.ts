/**
 * `npm run bench -- sprt`: a candidate build against a base build until a sequential probability
 * ratio test decides (issue 38 §1). Both are built side by side from git refs as the ladder
 * builds its baseline (the candidate is this checkout's own build unless --candidate names a
 * ref). Each opening of the shipped set (sprt-openings.ts) is played twice, the colours swapped,
 * and the pairs' scores feed the test (sprt-stats.ts).
 *
 * Two budgets:
 * - fixed nodes a move (`--nodes N`), in-process: a worker thread a job, each with both builds
 *   loaded, every move a cleared search of N nodes, the exact solvers' tables cleared too (as
 *   `potm move` starts each move afresh). The same opening gives the same games on any machine
 *   at any load.
 * - a clock (`--clock S`, seconds a side a game): both entries as external processes under the
 *   referee's CPU clocks (`<build>/dist/potm move`, as `potm match` runs them), `--jobs` games
 *   at a time (one a core).
 */
import {existsSync} from 'node:fs';
import {join, relative} from 'node:path';
import {fileURLToPath} from 'node:url';
import {Worker} from 'node:worker_threads';
import {gameById, type AnyGame} from '../games/registry.js';
import {parsePlayer} from '../referee/players.js';
import {runGames} from '../referee/run.js';
import {matchPoints, type PlayerSpec} from '../referee/types.js';
import {buildBaseline, minutes} from './ladder.js';
import {loadOpenings, type SprtOpening} from './sprt-openings.js';
import {
	addPair,
	describeSprt,
	EMPTY_PENTANOMIAL,
	sprtState,
	verdictText,
	type Pentanomial,
	type SprtSettings,
	type SprtState,
} from './sprt-stats.js';
import {pairCollector, type SprtJob, type SprtReply, type SprtWorkerData} from './sprt-play.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

export type SprtBudget = {readonly nodes: number} | {readonly clockSeconds: number};

export interface SprtOptions {
	readonly game: string;
	/** A git ref, or undefined for this checkout's build. */
	readonly candidate: string | undefined;
	readonly base: string;
	readonly budget: SprtBudget;
	readonly settings: SprtSettings;
	/** Games at a time. */
	readonly jobs: number;
	/** Stop undecided after this many pairs (by default every opening of the set once). */
	readonly maxPairs: number | undefined;
	/**
	 * Where the pairs start: the shipped openings (the default); every pair from the game's start
	 * (`start`, on clocks only: the games differ by the clocks' jitter alone), as a contest plays;
	 * or each first move (`first`, in the order of the legal moves), as a contest plays on from it.
	 * The last two are what an opening book is judged by. `end`: the game's shipped endgames
	 * (sprt-openings.ts END_RECIPES), for what decides the last moves.
	 */
	readonly openings?: 'shipped' | 'end' | 'start' | 'first';
}

/** Pairs from the start when none is asked for. */
export const START_PAIRS = 100;

export interface SprtOutcome {
	readonly counts: Pentanomial;
	readonly state: SprtState;
	/** Games lost by a fault (clocks only), by side. */
	readonly faults: {readonly candidate: number; readonly base: number};
	/**
	 * Pairs whose two games went move for move alike (fixed nodes only): where every pair does,
	 * the builds choose alike and the change does nothing to play.
	 */
	readonly alike: number;
	readonly stopped: boolean;
}

interface Build {
	readonly label: string;
	/** The project folder (its dist inside). */
	readonly dir: string;
}

/** A build for a ref: this checkout (undefined), or one made side by side in node_modules/.cache. */
function buildFor(ref: string | undefined, say: (line: string) => void): Build {
	if (ref === undefined) {
		if (!existsSync(join(root, 'dist', 'cli.js')))
			throw new Error('dist/cli.js is missing: npm run build makes it (npm run bench builds first)');
		return {label: 'this checkout', dir: root};
	}
	const built = buildBaseline(ref, say);
	return {label: `${ref} (${built.commit.slice(0, 12)})`, dir: built.dir};
}

const budgetText = (budget: SprtBudget): string =>
	'nodes' in budget ? `${budget.nodes.toLocaleString('en-US')} nodes a move` : `${budget.clockSeconds} s a side on CPU clocks`;

/**
 * Whether the test is decided, as the live line says it; the line is rewritten in place on a
 * terminal, and written every 20 pairs (and at the end) elsewhere.
 */
function reporter(settings: SprtSettings): {pair(counts: Pentanomial): SprtState; end(): void} {
	const live = process.stderr.isTTY === true;
	let last = '';
	return {
		pair(counts) {
			const state = sprtState(counts, settings);
			last = `sprt: ${describeSprt(counts, state)}`;
			if (live) process.stderr.write(`\r\x1b[K${last}`);
			else if (state.pairs % 20 === 0) process.stderr.write(`${last}\n`);
			return state;
		},
		end() {
			if (live && last !== '') process.stderr.write('\r\x1b[K');
		},
	};
}

/** The pairs still to play, in the set's order. */
function pairsToPlay<State>(openings: readonly SprtOpening<State>[], maxPairs: number | undefined): readonly SprtOpening<State>[] {
	return maxPairs === undefined ? openings : openings.slice(0, maxPairs);
}

async function playAtNodes(
	game: AnyGame,
	builds: readonly [Build, Build],
	nodes: number,
	openings: readonly SprtOpening<unknown>[],
	options: SprtOptions,
	signal: AbortSignal,
): Promise<SprtOutcome> {
	const report = reporter(options.settings);
	let counts = EMPTY_PENTANOMIAL;
	let state = sprtState(counts, options.settings);
	const data: SprtWorkerData = {game: game.id, nodes, builds: [join(builds[0].dir, 'dist'), join(builds[1].dir, 'dist')]};
	const workers = Array.from(
		{length: Math.min(options.jobs, openings.length)},
		() => new Worker(new URL('./sprt-worker.js', import.meta.url), {workerData: data}),
	);
	let next = 0;
	let done = 0;
	let alike = 0;
	try {
		await new Promise<void>((resolve, reject) => {
			const finish = () => resolve();
			signal.addEventListener('abort', finish, {once: true});
			for (const worker of workers) {
				const feed = () => {
					if (signal.aborted || state.verdict !== null) return;
					if (next < openings.length) {
						const pair = next++;
						const opening = openings[pair]!;
						worker.postMessage({pair, moves: opening.moves, ...(opening.setup ? {setup: opening.setup} : {})} satisfies SprtJob);
					}
				};
				worker.on('message', (message: SprtReply | {ready: true}) => {
					if ('ready' in message) return feed();
					if ('error' in message) return reject(new Error(message.error));
					counts = addPair(counts, message.games[0].score, message.games[1].score);
					if (message.games[0].moves === message.games[1].moves) alike++;
					state = report.pair(counts);
					done++;
					if (state.verdict !== null || done === openings.length) return finish();
					feed();
				});
				worker.on('error', reject);
			}
		});
	} finally {
		report.end();
		await Promise.all(workers.map(worker => worker.terminate()));
	}
	return {counts, state, faults: {candidate: 0, base: 0}, alike, stopped: signal.aborted};
}

/** A build's contest entry as the referee's player: its dist/potm (the start-up snapshot), as a contest runs it. */
function entryOf(build: Build, name: string): PlayerSpec {
	const launcher = join(build.dir, 'dist', 'potm');
	const program = existsSync(launcher) ? launcher : join(build.dir, 'dist', 'cli.js');
	const path = relative(root, program);
	const parsed = parsePlayer(program === launcher ? `./${path} move` : `node ${path} move`, root);
	if (!parsed.ok) throw new Error(parsed.error);
	return {...parsed.value, name};
}

async function playOnClocks(
	game: AnyGame,
	builds: readonly [Build, Build],
	clockSeconds: number,
	openings: readonly SprtOpening<unknown>[],
	options: SprtOptions,
	signal: AbortSignal,
): Promise<SprtOutcome> {
	const report = reporter(options.settings);
	const players = [entryOf(builds[0], 'candidate'), entryOf(builds[1], 'base')] as const;
	let counts = EMPTY_PENTANOMIAL;
	let state = sprtState(counts, options.settings);
	const faults = {candidate: 0, base: 0};
	const pairs = pairCollector();
	const decided = new AbortController();
	signal.addEventListener('abort', () => decided.abort(), {once: true});
	await runGames({
		game,
		players,
		matches: openings.length,
		clockMs: clockSeconds * 1000,
		jobs: options.jobs,
		start: match => openings[match - 1]!.state,
		seed: 1,
		signal: decided.signal,
		onGame: ({record}) => {
			if (decided.signal.aborted) return;
			const side = record.seats[0] === 0 ? 1 : 2;
			const score = matchPoints(record, side) / 2;
			if (record.disqualified !== null) {
				const loser = record.seats[record.disqualified - 1] === 0 ? 'candidate' : 'base';
				faults[loser]++;
				process.stderr.write(`\nsprt: game ${record.number}: ${record.description}\n`);
			}
			const pair = pairs.add(record.match, score);
			if (pair === null) return;
			counts = addPair(counts, pair[0], pair[1]);
			state = report.pair(counts);
			if (state.verdict !== null) decided.abort();
		},
	});
	report.end();
	return {counts, state, faults, alike: 0, stopped: signal.aborted};
}

/** Runs the test and prints its verdict, a line to quote in a commit message. */
export async function benchSprt(options: SprtOptions): Promise<SprtOutcome> {
	const started = performance.now();
	const say = (line: string) => process.stderr.write(`${line}\n`);
	sprtState(EMPTY_PENTANOMIAL, options.settings); // says what is wrong with the bounds before anything is built
	const game = gameById(options.game)!;
	let openings: readonly SprtOpening<unknown>[];
	if (options.openings === 'start') {
		if (!('clockSeconds' in options.budget))
			throw new Error('--openings start is for --clock: at fixed nodes every pair from the start is one game');
		openings = Array.from({length: options.maxPairs ?? START_PAIRS}, () => ({line: 0, moves: [], state: game.initial()}));
	} else if (options.openings === 'first') {
		const start = game.initial();
		const first = game.legalMoves(start).map(move => ({line: 0, moves: [game.formatMove(start, move)], state: game.play(start, move)}));
		openings = pairsToPlay(first, options.maxPairs);
	} else {
		const loaded = loadOpenings(game, options.openings === 'end' ? 'end' : 'shipped');
		if (!loaded.ok) throw new Error(loaded.error);
		openings = pairsToPlay(loaded.value, options.maxPairs);
	}
	const builds = [buildFor(options.candidate, say), buildFor(options.base, say)] as const;
	const {elo0, elo1, alpha, beta} = options.settings;
	console.log(
		`sprt: ${game.name}, ${builds[0].label} against ${builds[1].label}, ${budgetText(options.budget)}; ` +
			`H0 Elo ${elo0}, H1 Elo ${elo1}, alpha ${alpha}, beta ${beta}; up to ${openings.length} ${options.openings === 'start' ? 'pairs from the start' : options.openings === 'first' ? 'first moves, each played on both ways' : 'openings, each played both ways'}, ${options.jobs} at a time`,
	);
	const controller = new AbortController();
	const interrupt = () => {
		if (controller.signal.aborted) process.exit(130);
		controller.abort();
		say('\nsprt: stopping (Ctrl-C again to leave at once)');
	};
	process.on('SIGINT', interrupt);
	let outcome: SprtOutcome;
	try {
		outcome =
			'nodes' in options.budget
				? await playAtNodes(game, builds, options.budget.nodes, openings, options, controller.signal)
				: await playOnClocks(game, builds, options.budget.clockSeconds, openings, options, controller.signal);
	} finally {
		process.off('SIGINT', interrupt);
	}
	const {state, counts, faults} = outcome;
	const verdict = verdictText(state, options.settings, outcome.stopped ? 'stopped undecided' : 'undecided when the openings ran out');
	const faultText =
		'clockSeconds' in options.budget
			? `; games lost by a fault: candidate ${faults.candidate}, base ${faults.base}`
			: outcome.alike === state.pairs && state.pairs > 0
				? '; every pair played one game twice: the builds chose alike in every position'
				: `; ${outcome.alike} of ${state.pairs} pairs played one game twice`;
	console.log(
		`sprt: ${verdict}: ${game.id} ${'nodes' in options.budget ? `${options.budget.nodes} nodes` : `${options.budget.clockSeconds} s`}, ` +
			`${describeSprt(counts, state)}${faultText} [${minutes(performance.now() - started)}]`,
	);
	return outcome;
}
