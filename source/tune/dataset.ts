/**
 * The Texel fit's positions: the noted positions of the generated games, each resolved to its
 * quiescence leaf and labelled with the game's result from the leaf's side to move. They are kept
 * as the games' moves, not as boards: evaluating them all (once per weight set the fit tries)
 * replays each game on one board with make/unmake, which costs far less than a board a position.
 */
import type {SearchPosition} from '../games/game.js';
import {gameById} from '../games/registry.js';
import type {TuneGameId, TuneGameRecord} from './play.js';
import {resultFor} from './texel.js';

export interface PositionSet {
	readonly game: TuneGameId;
	readonly games: readonly TuneGameRecord[];
	/** One result a position, in the order evaluateAll gives the scores. */
	readonly results: Float64Array;
	/** How many of the positions were quiet already (an empty quiescence line). */
	readonly quiet: number;
}

/** Every fifth game (the 5th, 10th, ...) goes to the validation set: the same games for the same seed. */
export const VALIDATION_EVERY = 5;

/** The positions of these games, split by game into a training and a validation set. */
export function splitPositions(game: TuneGameId, records: readonly TuneGameRecord[]): {train: PositionSet; validation: PositionSet} {
	const train = records.filter((_, index) => index % VALIDATION_EVERY !== VALIDATION_EVERY - 1);
	const validation = records.filter((_, index) => index % VALIDATION_EVERY === VALIDATION_EVERY - 1);
	return {train: positionSet(game, train), validation: positionSet(game, validation)};
}

export function positionSet(game: TuneGameId, games: readonly TuneGameRecord[]): PositionSet {
	const results: number[] = [];
	let quiet = 0;
	for (const record of games) {
		for (const sample of record.samples) {
			// The side to move after `ply` moves, then after the line's moves; player 1 moves first.
			// (Classic LOA's pass is a move too, so sides alternate every ply in both games.)
			const side = (sample.ply + sample.line.length) % 2 === 0 ? 1 : 2;
			results.push(resultFor(record.winner, side));
			if (sample.line.length === 0) quiet++;
		}
	}
	return {game, games, results: Float64Array.from(results), quiet};
}

const boards = new Map<TuneGameId, SearchPosition>();

/**
 * The static evaluation of every position of the set with the weights now in the evaluation,
 * into `scores` (one a position, in the order of `set.results`), from the leaf's side to move.
 */
export function evaluateAll(set: PositionSet, scores: Float64Array): void {
	let board = boards.get(set.game);
	if (!board) {
		const game = gameById(set.game)!;
		board = game.searchPosition(game.initial());
		boards.set(set.game, board);
	}
	let index = 0;
	for (const record of set.games) {
		let played = 0;
		for (const sample of record.samples) {
			while (played < sample.ply) board.make(record.moves[played++]!);
			for (const move of sample.line) board.make(move);
			scores[index++] = board.evaluate();
			for (let k = 0; k < sample.line.length; k++) board.unmake();
		}
		while (played > 0) {
			board.unmake();
			played--;
		}
	}
}
