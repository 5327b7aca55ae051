/**
 * A thread of the SPRT at fixed nodes (sprt.ts): both builds loaded (sprt-play.ts), and the pairs
 * it is given played in turn.
 */
import {parentPort, workerData} from 'node:worker_threads';
import {gameById} from '../games/registry.js';
import {setupText} from './sprt-openings.js';
import {loadSide, playPair, type SprtReply, type SprtWorkerData, type SprtJob} from './sprt-play.js';

const data = workerData as SprtWorkerData;
const port = parentPort!;
try {
	const referee = gameById(data.game)!;
	const sides = [await loadSide(data.builds[0], data.game), await loadSide(data.builds[1], data.game)] as const;
	port.on('message', (job: SprtJob) => {
		try {
			port.postMessage({pair: job.pair, games: playPair(referee, sides, data.nodes, job.moves, job.setup)} satisfies SprtReply);
		} catch (error) {
			port.postMessage({
				error: `pair ${job.pair + 1} (${job.setup ? `${setupText(job.setup)} | ` : ''}${job.moves.join(', ')}): ${(error as Error).message}`,
			} satisfies SprtReply);
		}
	});
	port.postMessage({ready: true});
} catch (error) {
	port.postMessage({error: (error as Error).message} satisfies SprtReply);
}
