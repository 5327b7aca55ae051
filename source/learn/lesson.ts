/**
 * Running a lesson step, pure: its position, and what a move played on it is told. The rules
 * engine judges legality (its own messages); the step's data judges the task.
 */
import {formatParseError, type Result, fail, ok} from '../games/game.js';
import type {LessonBook, LessonStep} from '../games/learning.js';
import {gameById, type AnyGame} from '../games/registry.js';

/** What a move on a step is told. */
export type StepVerdict =
	| {readonly kind: 'pass'; readonly message: string}
	/** Legal, but not the task: the step's `wrong`. */
	| {readonly kind: 'wrong'; readonly message: string}
	/** Not a legal move: the rules engine's reason. */
	| {readonly kind: 'illegal'; readonly message: string};

/** Misses before the hint shows itself. */
export const HINT_AFTER_MISSES = 2;

/** The game a step is played under: the book's, or the ruling it names. */
export function stepGame(game: AnyGame, step: LessonStep): AnyGame {
	if (step.ruling === undefined) return game;
	const ruling = gameById(step.ruling);
	if (!ruling) throw new RangeError(`lesson step ${step.id}: no game "${step.ruling}"`);
	return ruling;
}

/** The step's position, read by its game; an error names the step (a defect of the data, which the tests catch). */
export function stepPosition(game: AnyGame, step: LessonStep): Result<unknown, string> {
	const parsed = stepGame(game, step).parse(step.position, `lesson step ${step.id}`);
	return parsed.ok ? ok(parsed.value) : fail(formatParseError(parsed.error));
}

/** The moves that pass, as numbers of `state`'s game; a pass move that does not read is left out (the tests catch it). */
export function passingMoves(game: AnyGame, state: unknown, step: LessonStep): number[] {
	const moves: number[] = [];
	for (const text of step.pass) {
		const parsed = game.parseMove(state, text);
		if (parsed.ok && !moves.includes(parsed.value)) moves.push(parsed.value);
	}
	return moves;
}

/** What a move (a number of `game`, which is stepGame's) is told on `step`. */
export function judgeMove(game: AnyGame, state: unknown, step: LessonStep, move: number): StepVerdict {
	if (!game.legalMoves(state).includes(move)) return {kind: 'illegal', message: `${game.formatMove(state, move)} is not a legal move here`};
	if (passingMoves(game, state, step).includes(move)) return {kind: 'pass', message: step.after};
	return {kind: 'wrong', message: step.wrong};
}

/** What a typed move is told: the rules engine's reason when it does not read as a legal move. */
export function judgeTyped(game: AnyGame, state: unknown, step: LessonStep, text: string): StepVerdict {
	const parsed = game.parseMove(state, text);
	if (!parsed.ok) return {kind: 'illegal', message: parsed.error};
	return judgeMove(game, state, step, parsed.value);
}

/** Every step of a book, in order, with where it stands. */
export function stepsOf(book: LessonBook): {lesson: number; step: number; data: LessonStep}[] {
	return book.lessons.flatMap((lesson, lessonIndex) => lesson.steps.map((data, step) => ({lesson: lessonIndex, step, data})));
}
