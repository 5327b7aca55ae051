/**
 * Solving a puzzle, pure: the position, the moves played on it so far (the person's and the
 * forced replies), and what a move is told. The solution's move is right; so is any move that
 * wins the game on the spot (two ways to finish are both a finish). Anything else is wrong: the
 * puzzle's proof says its move is the only one that keeps what it keeps. A wrong move is taken
 * back, so the person may look on; the puzzle then counts as missed.
 */
import {formatParseError, fail, ok, type Result} from '../games/game.js';
import {gameById, type AnyGame} from '../games/registry.js';
import type {Puzzle} from './puzzle.js';

export interface PuzzleBoard {
	readonly game: AnyGame;
	readonly puzzle: Puzzle;
	/** The positions so far: the puzzle's, then after each move played. */
	readonly line: readonly unknown[];
	/** The moves played, the person's and the replies. */
	readonly moves: readonly number[];
	readonly status: 'solving' | 'solved';
	/** Wrong moves tried (each taken back at once): a puzzle counts as solved only with none. */
	readonly misses: number;
	/** The solution as numbers of the game, from the start: what `?` shows, and what the replies are. */
	readonly solution: readonly number[];
}

/** The puzzle's position on the board, or why it cannot be (a defect of the set, named). */
export function puzzleBoard(puzzle: Puzzle): Result<PuzzleBoard, string> {
	const game = gameById(puzzle.game);
	if (!game) return fail(`puzzle ${puzzle.id}: no game "${puzzle.game}"`);
	const parsed = game.parse(puzzle.position, `puzzle ${puzzle.id}`);
	if (!parsed.ok) return fail(formatParseError(parsed.error));
	const solution: number[] = [];
	let state = parsed.value;
	for (const text of puzzle.solution) {
		const move = game.parseMove(state, text);
		if (!move.ok || !game.legalMoves(state).includes(move.value))
			return fail(`puzzle ${puzzle.id}: its solution's ${text} is not a legal move`);
		solution.push(move.value);
		state = game.play(state, move.value);
	}
	return ok({game, puzzle, line: [parsed.value], moves: [], status: 'solving', misses: 0, solution});
}

/** The position on the board now. */
export const positionOf = (board: PuzzleBoard): unknown => board.line[board.line.length - 1];

/** The side the person plays: the one to move in the puzzle's position. */
export const solverOf = (board: PuzzleBoard) => board.game.toMove(board.line[0]);

/** What a move was told, and the board after it (with the forced reply played, when there is one). */
export interface Attempt {
	readonly board: PuzzleBoard;
	readonly verdict: 'right' | 'solved' | 'wrong';
	/** The reply played after a right move, as written ("c7 c5"), or null. */
	readonly reply: string | null;
}

/** Whether the side that moved into `state` has won there. */
function wonBy(game: AnyGame, state: unknown, mover: 1 | 2): boolean {
	const outcome = game.outcome(state);
	return outcome !== null && outcome.result === 'win' && outcome.winner === mover;
}

/** A move of the person's (legal: the board refuses others first). */
export function tryMove(board: PuzzleBoard, move: number): Attempt {
	const {game} = board;
	const at = board.moves.length;
	const before = positionOf(board);
	const after = game.play(before, move);
	const played = {...board, line: [...board.line, after], moves: [...board.moves, move]};
	const expected = board.solution[at];
	const right = move === expected || wonBy(game, after, game.toMove(before));
	// A wrong move is taken back at once: the person may go on looking, unrated.
	if (!right) return {board: {...board, misses: board.misses + 1}, verdict: 'wrong', reply: null};
	const finished = at + 1 >= board.solution.length || game.outcome(after) !== null || move !== expected;
	if (finished) return {board: {...played, status: 'solved'}, verdict: 'solved', reply: null};
	const reply = board.solution[at + 1]!;
	const replied = game.play(after, reply);
	return {
		board: {...played, line: [...played.line, replied], moves: [...played.moves, reply]},
		verdict: 'right',
		reply: game.formatMove(after, reply),
	};
}

/** The solution's next move from where the board stands (what `?` shows), or null when there is none. */
export function nextAnswer(board: PuzzleBoard): number | null {
	return board.moves.every((move, index) => move === board.solution[index]) ? (board.solution[board.moves.length] ?? null) : null;
}
