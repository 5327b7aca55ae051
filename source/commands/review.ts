/**
 * `potm review FILE --json`: the review of a game for scripts. The engine goes over every
 * position in its worker, as the review screen does; the per-move findings and each side's
 * summary are printed as JSON on stdout, progress on stderr when it is a terminal. Ctrl-C stops
 * the review and prints what was done, marked "complete": false.
 */
import {EngineClient} from '../engine/client.js';
import {readReviewable} from '../files/source.js';
import {reviewOf} from '../review/judge.js';
import {budgetText, evaluateLine, type Budget} from '../review/run.js';
import {MARK_WORDS} from '../review/types.js';
import {scoreText} from '../review/text.js';

/** `threads`: what a search by time may use (--threads; docs/ai.md §5). */
export async function runReviewJson(file: string, wanted: string | undefined, budget: Budget, threads = 1): Promise<number> {
	const source = readReviewable(file, wanted);
	if (!source.ok) {
		process.stderr.write(`potm: ${source.error}\n`);
		return 2;
	}
	const {game, line, moves, ended, players, note} = source.value;
	if (note !== null) process.stderr.write(`potm: ${note}\n`);
	const engine = new EngineClient({threads});
	let stop = false;
	const interrupt = () => {
		stop = true;
		engine.stop().catch(() => undefined);
	};
	process.once('SIGINT', interrupt);
	const live = process.stderr.isTTY === true;
	const total = line.length;
	try {
		const {evals, stopped} = await evaluateLine(engine, game, line, moves, budget, {
			shouldStop: () => stop,
			onEval: (_index, _evaluation, done) => {
				if (live) process.stderr.write(`\rpotm: reviewing ${file}: ${done}/${total} positions`);
			},
		});
		if (live) process.stderr.write('\r\x1b[K');
		const review = reviewOf(game, line, moves, evals, budget);
		const outcome = ended ?? game.outcome(line.at(-1));
		const report = {
			game: game.id,
			file,
			sides: game.sides,
			players: players ?? null,
			result: outcome ? {result: outcome.result, winner: outcome.winner, reason: outcome.reason, description: outcome.description} : null,
			budget: {...budget, text: budgetText(budget)},
			thresholds: {...game.reviewScale, unit: game.hasPoints ? 'game points' : 'evaluation units'},
			complete: !stopped && review.moves.length === moves.length,
			moves: review.moves.map(move => ({
				...move,
				text: scoreText(move.score, move.proven, game.sides),
				markText: move.mark ? MARK_WORDS[move.mark] : null,
			})),
			summary: review.summary,
		};
		process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
		return stopped ? 130 : 0;
	} finally {
		process.off('SIGINT', interrupt);
		await engine.close();
	}
}
