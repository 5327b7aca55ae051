/** A benchmark worker: plays the games it is sent, one at a time, and posts each record back. */
import {parentPort} from 'node:worker_threads';
import {gameById} from '../games/registry.js';
import {playGame, type GameSpec} from './selfplay.js';

parentPort!.on('message', (message: {readonly index: number; readonly game: string; readonly spec: GameSpec} | null) => {
	if (message === null) {
		process.exit(0);
	}
	const game = gameById(message.game)!;
	parentPort!.postMessage({index: message.index, record: playGame(game, message.spec)});
});
