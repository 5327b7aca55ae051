/**
 * Worker threads that play the tuner's games, kept for the whole run (SPSA asks for a few games
 * at a time, hundreds of times). Each game depends on its spec alone, so the records are the same
 * whichever thread plays which game, and however many threads there are.
 */
import {Worker} from 'node:worker_threads';
import type {TuneGameRecord, TuneGameSpec} from './play.js';

export class GamePool {
	private readonly workers: Worker[];

	constructor(threads: number) {
		this.workers = Array.from({length: Math.max(1, threads)}, () => new Worker(new URL('./worker.js', import.meta.url)));
	}

	/** Plays every spec; the records in the specs' order. `onGame` hears how many are done. */
	run(specs: readonly TuneGameSpec[], onGame?: (done: number) => void): Promise<TuneGameRecord[]> {
		const records = new Array<TuneGameRecord>(specs.length);
		let next = 0;
		let done = 0;
		return new Promise((resolve, reject) => {
			if (specs.length === 0) {
				resolve(records);
				return;
			}
			for (const worker of this.workers) {
				const feed = () => {
					if (next < specs.length) {
						const index = next++;
						worker.postMessage({index, spec: specs[index]});
					}
				};
				const onMessage = (message: {index: number; record: TuneGameRecord}) => {
					records[message.index] = message.record;
					done++;
					onGame?.(done);
					if (done === specs.length) {
						for (const each of this.workers) {
							each.removeAllListeners('message');
							each.removeAllListeners('error');
						}
						resolve(records);
					} else feed();
				};
				worker.on('message', onMessage);
				worker.on('error', reject);
				feed();
			}
		});
	}

	async close(): Promise<void> {
		await Promise.all(this.workers.map(worker => worker.terminate()));
	}
}
