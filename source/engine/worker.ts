/**
 * The engine worker: searches on its own thread so the UI never blocks. Positions arrive in the
 * game's file format; progress and the result go back with their moves written out. A stop is a
 * shared flag the search polls, since a running search does not read messages.
 */
import {fileURLToPath} from 'node:url';
import {parentPort, workerData} from 'node:worker_threads';
import {useTable3From} from '../files/table3-file.js';
import {formatParseError, type Game} from '../games/game.js';
import {gameById} from '../games/registry.js';
import {decide} from './players.js';
import type {EngineLine, FromWorker, ToWorker, WorkerSetup} from './protocol.js';
import {Searcher, type Line} from './search.js';
import {threadClock} from './thread-clock.js';
import {written} from './written.js';

const setup = workerData as WorkerSetup;
// The build's folder (dist/, from dist/engine/worker.js) holds the whole 3×3 LINES and BOXES table.
useTable3From(fileURLToPath(new URL('..', import.meta.url)));
const stop = new Int32Array(setup.stop);
const searcher = new Searcher({tableMegabytes: setup.tableMegabytes});
const port = parentPort!;
const post = (message: FromWorker) => port.postMessage(message);
const cpu = threadClock();
/** The game of the last think: the table's scores are that game's (two rulings of classic LOA share keys). */
let lastGame: string | null = null;
const wall = () => performance.now();

/**
 * The position with the game that led to it, replayed from `past`, so that a rule that looks back
 * (repetition) sees it; the position alone if the replay does not arrive at it.
 */
function replayed<State>(game: Game<State>, past: Extract<ToWorker, {type: 'think'}>['past'], position: State): State {
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

function think(message: Extract<ToWorker, {type: 'think'}>): void {
	const useCpu = message.cpuClock === true && cpu.cpu;
	const now = useCpu ? cpu.now : wall;
	const started = now();
	const game = gameById(message.game);
	if (!game) {
		post({type: 'failed', id: message.id, message: `no game "${message.game}"`});
		return;
	}
	const parsed = game.parse(message.position, 'position');
	if (!parsed.ok) {
		post({type: 'failed', id: message.id, message: formatParseError(parsed.error)});
		return;
	}
	if (lastGame !== null && lastGame !== message.game) searcher.clear();
	lastGame = message.game;
	const state = replayed(game, message.past, parsed.value);
	const lines = (found: readonly Line[]): EngineLine[] => found.map(line => ({...line, text: written(game, state, line.pv)}));
	const result = decide(searcher, game.searchPosition(state), message.request, {
		now,
		shouldStop: () => Atomics.load(stop, 0) !== 0,
		progressMs: message.progressMs,
		onProgress: info => post({type: 'progress', id: message.id, info: {...info, lines: lines(info.lines)}}),
	});
	post({
		type: 'done',
		id: message.id,
		result: {
			...result,
			lines: lines(result.lines),
			moveText: result.move < 0 ? '' : game.formatMove(state, result.move),
			threadMs: now() - started,
			cpuClock: useCpu,
		},
	});
}

port.on('message', (message: ToWorker) => {
	if (message.type === 'think') think(message);
	else searcher.clear();
});
