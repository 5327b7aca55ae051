/**
 * Judging a game's moves from the engine's look at each of its positions: what each move lost
 * against the engine's best, the mark that earns, the better move, and each side's summary.
 * Pure: the evaluations come from review/run.ts (or a test).
 *
 * A move's loss is the best score of the position before it less the score of the position after
 * it, both from the mover's side and clipped at the game's decisive margin (a proven win counts as
 * that margin): the value it gave up, as the search of the next position sees the line it chose.
 * The engine's own choice loses too when that search, a ply deeper into its line, sees it worse
 * (a drop from +3 to -5 is not "as good"), and every drop in the graph is some move's loss. Only
 * a move that was the only legal one loses nothing.
 */
import {other, type Game, type Player} from '../games/game.js';
import {decidedIn, WIN} from '../engine/search.js';
import type {GameReview, Mark, MoveReview, PositionEval, ReviewScale, SideSummary} from './types.js';
import {MARKS} from './types.js';

/** A score in centipoints from the side to move's view, as a value clipped at ± the decisive margin. */
export function clipped(score: number, scale: ReviewScale): number {
	const decisive = scale.decisive * 100;
	if (decidedIn(score) !== null) return score > 0 ? decisive : -decisive;
	return Math.max(-decisive, Math.min(decisive, score));
}

/** Whether a score says the side it is from has won: a decided game, or a proven positive final margin. */
export const winning = (score: number, proven: boolean): boolean => (decidedIn(score) !== null ? score > 0 : proven && score > 0);

export const losing = (score: number, proven: boolean): boolean => (decidedIn(score) !== null ? score < 0 : proven && score < 0);

/**
 * The evaluation of a position where the game is over, without a search: from the side to move's
 * view, a won or lost game as the search scores one ended now, or the final margin in a game
 * decided on points (PAH-TUM's). Null while the game goes on.
 */
export function endEval<State>(game: Game<State>, state: State): PositionEval | null {
	const outcome = game.outcome(state);
	if (!outcome) return null;
	const position = game.searchPosition(state);
	const mover = game.toMove(state);
	const score = position.finalScore ? position.finalScore() : outcome.winner === null ? 0 : outcome.winner === mover ? WIN : -WIN;
	return {score, proven: true, best: -1, line: [], second: null, secondProven: false, legal: 0, depth: 0, nodes: 0};
}

/** The mark a move earns, from its loss and what the scores before and after it prove. */
function markOf(before: PositionEval, after: number, afterProven: boolean, loss: number, best: boolean, scale: ReviewScale): Mark | null {
	if (best && loss < scale.inaccuracy * 100) {
		// Every other move lost, and this one does not: the only move.
		const others = before.second !== null && losing(before.second, before.secondProven);
		return others && before.legal > 1 && !losing(before.score, before.proven) ? 'only-move' : null;
	}
	// A game not lost, now lost: a blunder, even where it was won (worse than missing the win);
	// where it was all but lost already, the loss alone says what the move was.
	if (!losing(before.score, before.proven) && losing(after, afterProven) && loss >= scale.mistake * 100) return 'blunder';
	// A win the next search cannot prove again, where the evaluation hardly fell, is a win still (another way to it).
	if (winning(before.score, before.proven) && !winning(after, afterProven) && loss >= scale.inaccuracy * 100) return 'missed-win';
	if (loss >= scale.blunder * 100) return 'blunder';
	if (loss >= scale.mistake * 100) return 'mistake';
	if (loss >= scale.inaccuracy * 100) return 'inaccuracy';
	return null;
}

/** A score from the side to move's view of `state`, as player 1 sees it. */
export const forFirst = (score: number, mover: Player): number => (mover === 1 ? score : 0 - score);

/**
 * Each move of the game judged, as far as the evaluations go: `evals[i]` is the engine's look at
 * line[i] (undefined where the review has not been yet); a move needs the positions before and
 * after it.
 */
export function judgeMoves<State>(
	game: Game<State>,
	line: readonly State[],
	moves: readonly number[],
	evals: readonly (PositionEval | undefined)[],
): MoveReview[] {
	const scale = game.reviewScale;
	const judged: MoveReview[] = [];
	for (let ply = 0; ply < moves.length; ply++) {
		const before = evals[ply];
		const next = evals[ply + 1];
		if (!before || !next) break;
		const state = line[ply]!;
		const move = moves[ply]!;
		const mover = game.toMove(state);
		const nextMover = game.toMove(line[ply + 1]!);
		const after = nextMover === mover ? next.score : 0 - next.score;
		const best = move === before.best || before.legal <= 1;
		const loss = before.legal <= 1 ? 0 : Math.max(0, clipped(before.score, scale) - clipped(after, scale));
		const mark = markOf(before, after, next.proven, loss, best, scale);
		judged.push({
			ply,
			player: mover,
			number: game.moveNumber(state),
			move: game.formatMove(state, move),
			score: forFirst(next.score, nextMover),
			proven: next.proven,
			loss,
			mark,
			// The engine's own choice has no better move to name: its loss is what the deeper look found.
			better:
				loss > 0 && before.best >= 0 && before.best !== move
					? {move: game.formatMove(state, before.best), score: forFirst(before.score, mover), proven: before.proven}
					: null,
		});
	}
	return judged;
}

/** Each side's average loss per move and the counts of its marks. */
export function summarize(judged: readonly MoveReview[]): readonly [SideSummary, SideSummary] {
	const side = (player: Player): SideSummary => {
		const own = judged.filter(move => move.player === player);
		const counts = Object.fromEntries(MARKS.map(mark => [mark, own.filter(move => move.mark === mark).length])) as Record<Mark, number>;
		const averageLoss = own.length === 0 ? 0 : own.reduce((sum, move) => sum + move.loss, 0) / own.length;
		return {player, moves: own.length, averageLoss, counts};
	};
	return [side(1), side(other(1))];
}

/** The review of a game from its evaluations so far. */
export function reviewOf<State>(
	game: Game<State>,
	line: readonly State[],
	moves: readonly number[],
	evals: readonly (PositionEval | undefined)[],
	budget: GameReview['budget'],
): GameReview {
	const judged = judgeMoves(game, line, moves, evals);
	return {budget, moves: judged, total: moves.length, summary: summarize(judged)};
}
