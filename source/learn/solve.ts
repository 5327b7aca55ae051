/**
 * Solving a puzzle, pure: the position, the moves played on it so far (the person's and the
 * forced replies), and what a move is told. The solution's move is right; so is any move that
 * wins the game on the spot (two ways to finish are both a finish), and, past the first move of
 * a forced win, any move that still wins within the moves left (the reply is then the one that
 * holds out longest, found by the exact proof search). Anything else is wrong: the
 * puzzle's proof says its move is the only one that keeps what it keeps. A wrong move is taken
 * back, so the person may look on; the puzzle then counts as missed.
 */
import {formatParseError, fail, ok, type Result} from '../games/game.js';
import {gameById, type AnyGame} from '../games/registry.js';
import type {Puzzle} from './puzzle.js';
import {winsWithin} from './prove.js';

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

/**
 * The reply to `after` (the person's move played, the opponent to move) that holds out longest
 * when every reply loses within `moves` more moves of the person's, with how many it takes; null
 * when some reply does not lose in time (or the proof search gave up). Exact (prove.ts's search).
 */
function longestReply(game: AnyGame, after: unknown, moves: number): {reply: number; need: number} | null {
	let best: {reply: number; need: number} | null = null;
	for (const reply of game.legalMoves(after)) {
		const next = game.play(after, reply);
		let need = 0;
		for (let within = 1; within <= moves && need === 0; within++) if (winsWithin(game, next, within) === true) need = within;
		if (need === 0) return null;
		if (best === null || need > best.need) best = {reply, need};
	}
	return best;
}

/** A line from `state` in which its side to move wins within `moves` of its moves (its first such move, the longest-holding replies), or null. */
function winningLine(game: AnyGame, state: unknown, moves: number): number[] | null {
	const mover = game.toMove(state);
	for (const move of game.legalMoves(state)) {
		const after = game.play(state, move);
		if (wonBy(game, after, mover)) return [move];
		if (moves < 2 || game.outcome(after) !== null) continue;
		const held = longestReply(game, after, moves - 1);
		const rest = held === null ? null : winningLine(game, game.play(after, held.reply), held.need);
		if (held !== null && rest !== null) return [move, held.reply, ...rest];
	}
	return null;
}

/**
 * The line on from a move other than the stored one, in a puzzle proved by a forced win: the
 * move, the reply that holds out longest, then a win within what is left; null when the move does
 * not still win within the person's moves left. The first move is proved the only one, so this
 * is asked only after it.
 */
function otherWin(board: PuzzleBoard, after: unknown): number[] | null {
	const {game} = board;
	const left = Math.ceil((board.solution.length - board.moves.length) / 2) - 1;
	if (board.puzzle.proof !== 'proof' || board.moves.length === 0 || left < 1 || game.outcome(after) !== null) return null;
	const held = longestReply(game, after, left);
	const rest = held === null ? null : winningLine(game, game.play(after, held.reply), held.need);
	return held === null || rest === null ? null : [held.reply, ...rest];
}

/** A move of the person's (legal: the board refuses others first). */
export function tryMove(board: PuzzleBoard, move: number): Attempt {
	const {game} = board;
	const at = board.moves.length;
	const before = positionOf(board);
	const after = game.play(before, move);
	const expected = board.solution[at];
	const wonNow = wonBy(game, after, game.toMove(before));
	// Past the first move of a forced win, another move that still wins in time is as right.
	const onward = move === expected || wonNow ? null : otherWin(board, after);
	const right = move === expected || wonNow || onward !== null;
	// A wrong move is taken back at once: the person may go on looking, unrated.
	if (!right) return {board: {...board, misses: board.misses + 1}, verdict: 'wrong', reply: null};
	const solution = onward === null ? board.solution : [...board.moves, move, ...onward];
	const played = {...board, solution, line: [...board.line, after], moves: [...board.moves, move]};
	const finished = at + 1 >= solution.length || game.outcome(after) !== null || (wonNow && move !== expected);
	if (finished) return {board: {...played, status: 'solved'}, verdict: 'solved', reply: null};
	const reply = solution[at + 1]!;
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
