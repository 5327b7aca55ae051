/**
 * The thread of potm serve's RoomWriter (room-writer.ts): writes the rooms' files whole (flushed
 * to the disk, then renamed in place) and removes them, in the order asked, each answered in turn.
 */
import {rmSync} from 'node:fs';
import {parentPort} from 'node:worker_threads';
import {writeWhole} from '../files/atomic.js';
import type {WriterAnswer, WriterJob} from './room-writer.js';

const port = parentPort!;
port.on('message', (job: WriterJob) => {
	let answer: WriterAnswer;
	try {
		if (job.data === null) rmSync(job.path, {force: true});
		else writeWhole({path: job.path, data: job.data});
		answer = {error: null};
	} catch (error) {
		answer = {error: (error as Error).message};
	}
	port.postMessage(answer);
});
