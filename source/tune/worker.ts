/** A tuner's worker thread: plays the games it is sent, one at a time, and posts each record back. */
import {parentPort} from 'node:worker_threads';
import {playTuneGame, type TuneGameSpec} from './play.js';

parentPort!.on('message', (message: {readonly index: number; readonly spec: TuneGameSpec}) => {
	parentPort!.postMessage({index: message.index, record: playTuneGame(message.spec)});
});
