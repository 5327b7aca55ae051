/**
 * The engine worker: searches on its own thread so the UI never blocks. Positions arrive in the
 * game's file format; progress and the result go back with their moves written out. A stop is a
 * shared flag the search polls, since a running search does not read messages.
 *
 * The same module is a Lazy SMP helper when its setup says so (engine/helpers.ts): the engine
 * worker starts its helpers from it, and each searches the think's position on the shared table.
 */
import {fileURLToPath} from 'node:url';
import {setPriority} from 'node:os';
import {parentPort, workerData} from 'node:worker_threads';
import {useAssetsFrom} from './assets.js';
import {formatParseError, type Game} from '../games/game.js';
import {gameById} from '../games/registry.js';
import {spawnEngineWorker} from './client.js';
import {BUSY, Helpers, JOINED, THINK} from './helpers.js';
import {decide, searchesOnThreads} from './players.js';
import type {EngineLine, FromWorker, HelperSetup, ToHelper, ToWorker, WorkerSetup} from './protocol.js';
import type {Line} from '../games/search.js';
import {Searches} from './searches.js';
import {threadClock} from './thread-clock.js';
import {written} from './written.js';

type Think = Extract<ToWorker, {type: 'think'}>;

const setup = workerData as WorkerSetup;
if (setup.nice !== undefined) {
	try {
		// This thread alone (Linux keeps a nice value a thread); its Lazy SMP helpers, started from it, inherit it.
		setPriority(setup.nice);
	} catch {
		// A system that does not allow it: the engine runs as the others do.
	}
}
// The build's folder (dist/, from dist/engine/worker.js) holds the files the games' play reads.
useAssetsFrom(fileURLToPath(new URL('..', import.meta.url)));
const stop = new Int32Array(setup.stop);
const port = parentPort!;

/**
 * The position with the game that led to it, replayed from `past`, so that a rule that looks back
 * (repetition) sees it; the position alone if the replay does not arrive at it.
 */
function replayed<State>(game: Game<State>, past: Think['past'], position: State): State {
	if (!past) return position;
	const start = game.parse(past.start, 'start');
	if (!start.ok) return position;
	let state = start.value;
	for (const move of past.moves) {
		if (!game.legalMoves(state).includes(move)) return position;
		state = game.play(state, move);
	}
	state = game.withClocks(state, game.clocks(position));
	return game.format(state) === game.format(position) ? state : position;
}

/** The game and position a message names, or why it cannot be read. */
function positionOf(
	message: Pick<Think, 'game' | 'position' | 'past'>,
): {readonly game: Game<unknown>; readonly state: unknown} | {readonly error: string} {
	const game = gameById(message.game);
	if (!game) return {error: `no game "${message.game}"`};
	const parsed = game.parse(message.position, 'position');
	if (!parsed.ok) return {error: formatParseError(parsed.error)};
	return {game, state: replayed(game, message.past, parsed.value)};
}

/** The engine worker: thinks as the client asks, with helpers where the think may use threads. */
function engine(): void {
	// Shared, so that helpers can search on it; the same table, and as fast, for a search on one thread.
	const searches = new Searches({tableMegabytes: setup.tableMegabytes, sharedTable: true});
	const post = (message: FromWorker) => port.postMessage(message);
	const cpu = threadClock();
	/** The game of the last think: the table's scores are that game's (two rulings of classic LOA share keys). */
	let lastGame: string | null = null;
	/** The helper threads of each shared table: a search of another kind has its own table, and helpers that make that kind. */
	const helpersOf = new Map<SharedArrayBuffer, Helpers>();
	const wall = () => performance.now();

	const clear = () => {
		for (const search of searches.each()) search.clear();
		for (const helpers of helpersOf.values()) helpers.forget();
	};

	function think(message: Think): void {
		const useCpu = message.cpuClock === true && cpu.cpu;
		const now = useCpu ? cpu.now : wall;
		const started = now();
		const read = positionOf(message);
		if ('error' in read) {
			post({type: 'failed', id: message.id, message: read.error});
			return;
		}
		const {game, state} = read;
		if (lastGame !== null && lastGame !== message.game) clear();
		lastGame = message.game;
		const lines = (found: readonly Line[]): EngineLine[] => found.map(line => ({...line, text: written(game, state, line.pv)}));
		// A search on a CPU clock (a referee's game) is charged its own thread's time: it keeps to one.
		const searcher = searches.of(game);
		const table = searcher.tableMemory;
		const shared = typeof SharedArrayBuffer === 'function' && table instanceof SharedArrayBuffer ? table : null;
		const threads = message.cpuClock === true || shared === null || !searchesOnThreads(message.request) ? 1 : (message.threads ?? 1);
		let helpers: Helpers | undefined;
		if (threads > 1 && shared !== null) {
			// Settled before the helpers start: a change of noise clears the table they fill.
			searcher.configure(message.request.config ?? {});
			helpers = helpersOf.get(shared);
			if (!helpers) {
				helpers = new Helpers(spawnEngineWorker, setup.stop, shared);
				helpersOf.set(shared, helpers);
			}
			helpers.start(threads - 1, {
				id: message.id,
				game: message.game,
				position: message.position,
				...(message.past ? {past: message.past} : {}),
			});
		}
		let result;
		let joined = 0;
		try {
			result = decide(searcher, game.searchPosition(state), message.request, {
				now,
				shouldStop: () => Atomics.load(stop, 0) !== 0,
				progressMs: message.progressMs,
				onProgress: info => post({type: 'progress', id: message.id, info: {...info, lines: lines(info.lines)}}),
			});
		} finally {
			if (helpers) joined = helpers.finish();
		}
		post({
			type: 'done',
			id: message.id,
			result: {
				...result,
				lines: lines(result.lines),
				moveText: result.move < 0 ? '' : game.formatMove(state, result.move),
				threadMs: now() - started,
				cpuClock: useCpu,
				threads: 1 + joined,
			},
		});
	}

	port.on('message', (message: ToWorker) => {
		if (message.type === 'think') think(message);
		else clear();
	});
}

/** A Lazy SMP helper: searches each position it is sent until the think is over; reports nothing. */
function helper({index, table, control: memory}: HelperSetup): void {
	const control = new Int32Array(memory);
	// The table is the one search the engine worker made for this kind of search; these helpers are given its games only.
	const searches = new Searches({sharedTable: table});
	let lastGame: string | null = null;
	port.on('message', (message: ToHelper) => {
		// In the think first, then the check: the engine worker, ending the think, either waits for
		// this helper or has ended it before the check (the atomics are in one order for both threads).
		Atomics.store(control, BUSY + index, message.id);
		try {
			if (Atomics.load(control, THINK) !== message.id) return;
			const read = positionOf(message);
			if ('error' in read) return;
			const searcher = searches.of(read.game);
			if (message.forget || (lastGame !== null && lastGame !== message.game)) searcher.forgetOwn();
			lastGame = message.game;
			Atomics.add(control, JOINED, 1);
			searcher.search(
				read.game.searchPosition(read.state),
				{},
				{helper: index, shouldStop: () => Atomics.load(control, THINK) !== message.id || Atomics.load(stop, 0) !== 0},
			);
		} finally {
			Atomics.store(control, BUSY + index, 0);
			Atomics.notify(control, BUSY + index);
		}
	});
}

if (setup.helper) helper(setup.helper);
else engine();
