/**
 * A thread of the book's builder (book.ts): each position it is given, as moves from the start,
 * searched afresh to the recipe's nodes.
 */
import {parentPort, workerData} from 'node:worker_threads';
import {gameById} from '../games/registry.js';
import {decide} from '../engine/players.js';
import {Searcher} from '../engine/search.js';
import type {BookJob, BookReply} from './book.js';
import {replay} from './sprt-play.js';

const {game: gameId, nodes} = workerData as {game: string; nodes: number};
const port = parentPort!;
const game = gameById(gameId)!;
const searcher = new Searcher({tableMegabytes: 64});
port.on('message', (job: BookJob) => {
	try {
		const state = replay(game, job.path, 'the book');
		searcher.clear();
		const result = decide(searcher, game.searchPosition(state), {limits: {nodes}});
		const judged = {score: Math.round(result.score), depth: result.depth, move: game.formatMove(state, result.move)};
		port.postMessage({index: job.index, judged} satisfies BookReply);
	} catch (error) {
		port.postMessage({error: `${job.path.join(' ')}: ${(error as Error).message}`} satisfies BookReply);
	}
});
