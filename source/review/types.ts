/**
 * What a game review finds, as plain data: the engine's evaluation of each position of a game
 * and a judgement of each move against the engine's best. Shared by the review itself, the
 * record files (which keep it as comments), the command line (`potm review --json`) and the UI.
 */
import type {Player} from '../games/game.js';

export type {ReviewScale} from '../games/game.js';

/** How a move is marked, by what it lost against the engine's best. */
export type Mark = 'blunder' | 'mistake' | 'inaccuracy' | 'missed-win' | 'only-move';

export const MARKS: readonly Mark[] = ['blunder', 'mistake', 'inaccuracy', 'missed-win', 'only-move'];

/** The words a mark is written with in records, reports and the UI. */
export const MARK_WORDS: Readonly<Record<Mark, string>> = {
	blunder: 'blunder',
	mistake: 'mistake',
	inaccuracy: 'inaccuracy',
	'missed-win': 'missed a win',
	'only-move': 'only move',
};

/** The engine's look at one position of the game. */
export interface PositionEval {
	/** The best score, centipoints from the side to move's view (beyond ±DECIDED a decided game, as the search gives it). */
	readonly score: number;
	/** Whether the score is proven: a decided game, or a game decided on points solved to its end. */
	readonly proven: boolean;
	/** The engine's best move here, or -1 at the end of the game. */
	readonly best: number;
	/** Its line, as the game writes moves, the best move first. */
	readonly line: readonly string[];
	/** The second best move's score (side to move's view), null when there was one legal move or none. */
	readonly second: number | null;
	readonly secondProven: boolean;
	/** Legal moves in the position. */
	readonly legal: number;
	readonly depth: number;
	readonly nodes: number;
}

/** One move of the game, judged. */
export interface MoveReview {
	/** The ply, from 0: moves[ply] leads from line[ply] to line[ply + 1]. */
	readonly ply: number;
	readonly player: Player;
	/** The mover's move number, as the game counts them. */
	readonly number: number;
	/** The move as the game writes it. */
	readonly move: string;
	/** The evaluation after the move, centipoints from player 1's view (beyond ±DECIDED a decided game). */
	readonly score: number;
	readonly proven: boolean;
	/** Centipoints the move lost against the best, from the mover's view, clipped at the game's decisive margin; 0 for the best move. */
	readonly loss: number;
	readonly mark: Mark | null;
	/** The engine's better move and its evaluation (player 1's view), where the move played was not the best. */
	readonly better: {readonly move: string; readonly score: number; readonly proven: boolean} | null;
}

/** A side's summary: average loss per move and how many moves got each mark. */
export interface SideSummary {
	readonly player: Player;
	readonly moves: number;
	/** Average centipoints lost per move judged. */
	readonly averageLoss: number;
	readonly counts: Readonly<Record<Mark, number>>;
}

/** A whole review: each move judged (as far as the review went), and each side's summary. */
export interface GameReview {
	/** Milliseconds of search a position was given (or the depth, for a review to a fixed depth). */
	readonly budget: {readonly ms: number} | {readonly depth: number};
	/** Moves judged so far (all of them when the review is complete). */
	readonly moves: readonly MoveReview[];
	/** Moves in the game. */
	readonly total: number;
	readonly summary: readonly [SideSummary, SideSummary];
}
