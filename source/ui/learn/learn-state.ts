/**
 * The lessons screen as a reducer: the list of a game's lessons, then a step on the board. The
 * board's keys are the play screen's (board-input.ts); what a move is told comes from the lesson
 * runner (learn/lesson.ts): the rules engine's reason for an illegal move, the step's for a legal
 * one that misses the task. Progress is written by the screen (an effect) each time a step passes.
 */
import type {LessonBook} from '../../games/learning.js';
import {baseGameId, games, type AnyGame} from '../../games/registry.js';
import {HINT_AFTER_MISSES, judgeMove, passingMoves, stepGame, stepPosition} from '../../learn/lesson.js';
import {boardInput, dropped, typingKey, type BoardInput, type BoardOutcome, type Permission, seekingKey} from '../boards/board-input.js';
import {doing, stay, type Step} from '../store.js';

/** The games that have lessons, one per book (classic LOA's mover-wins ruling shares classic LOA's). */
export const teachableGames = (): AnyGame[] => games.filter(game => game.lessons !== undefined && baseGameId(game) === game.id);

export interface LearnState {
	readonly game: AnyGame;
	readonly book: LessonBook;
	/** The step ids passed (saved), of this game's book. */
	readonly passed: ReadonlySet<string>;
	/** The list of lessons, a step, the rules in a few lines (r), or the end of the last lesson (which shows them too). */
	readonly mode: 'list' | 'step' | 'rules' | 'done';
	/** The lesson under the list's cursor, or being taken. */
	readonly lesson: number;
	readonly step: number;
	/** The step's game (the book's, or the ruling it names) and its position; after a passing move, the position after it. */
	readonly played: AnyGame;
	readonly position: unknown;
	/** The move that passed the step, or null while the step is open; and its points, shown on the board. */
	readonly passedWith: number | null;
	readonly passedEnds: readonly number[];
	readonly input: BoardInput;
	readonly misses: number;
	/** Whether the answer is shown on the board (`?`). */
	readonly answer: boolean;
	/** What the last move or key was told; `mark`: a step passed or a miss, drawn as a tick or a cross. */
	readonly status: {readonly text: string; readonly error: boolean; readonly mark?: 'pass' | 'miss'};
	readonly flipped: boolean;
	readonly scroll: number;
	/** A problem writing the progress, shown once on the list. */
	readonly problem: string | null;
	readonly left: boolean;
}

export type LearnAction =
	| {readonly type: 'key'; readonly name: string}
	/** The progress file was written, or why not. */
	| {readonly type: 'saved'; readonly problem: string | null}
	/** Progress read afresh (another game chosen): the steps passed in it. */
	| {readonly type: 'progress'; readonly game: AnyGame; readonly passed: ReadonlySet<string>};

export type LearnEffect =
	/** Record the step passed in the progress file. */
	| {readonly kind: 'pass'; readonly game: AnyGame; readonly step: string; readonly lesson: string; readonly lessonDone: boolean}
	/** Read the progress of another game (the list's ← →). */
	| {readonly kind: 'read'; readonly game: AnyGame}
	| {readonly kind: 'menu'; readonly game: AnyGame}
	/** The last lesson done: a first game against level 1. */
	| {readonly kind: 'first-game'; readonly game: AnyGame}
	| {readonly kind: 'quit'; readonly code: number};

type LearnStep = Step<LearnState, LearnEffect>;

const NOTHING_SAID = {text: '', error: false};

/** Whether every step of lesson `index` is passed. */
export const lessonDone = (state: Pick<LearnState, 'book' | 'passed'>, index: number): boolean =>
	state.book.lessons[index]!.steps.every(step => state.passed.has(step.id));

/** The first lesson not done (the list's cursor starts there), or the first when all are. */
const firstOpen = (book: LessonBook, passed: ReadonlySet<string>): number => {
	const at = book.lessons.findIndex(lesson => lesson.steps.some(step => !passed.has(step.id)));
	return at < 0 ? 0 : at;
};

/** The list of `game`'s lessons, the cursor on the first not done. */
export function learnState(game: AnyGame, passed: ReadonlySet<string>, problem: string | null = null): LearnState {
	const book = game.lessons!;
	const lesson = firstOpen(book, passed);
	return {
		game,
		book,
		passed,
		mode: 'list',
		lesson,
		step: 0,
		played: game,
		position: null,
		passedWith: null,
		passedEnds: [],
		input: {cursor: 0, picked: [], typing: null},
		misses: 0,
		answer: false,
		status: NOTHING_SAID,
		flipped: false,
		scroll: 0,
		problem,
		left: false,
	};
}

/** The step at (lesson, step) on the board, afresh. */
export function atStep(state: LearnState, lesson: number, step: number): LearnState {
	const data = state.book.lessons[lesson]!.steps[step]!;
	const played = stepGame(state.game, data);
	const position = stepPosition(state.game, data);
	// The tests hold every step's position to reading; a defect would show here, not throw.
	if (!position.ok) return {...state, mode: 'list', lesson, status: {text: position.error, error: true}};
	return {
		...state,
		mode: 'step',
		lesson,
		step,
		played,
		position: position.value,
		passedWith: null,
		passedEnds: [],
		input: boardInput(played, position.value),
		misses: 0,
		answer: false,
		status: NOTHING_SAID,
	};
}

/** The step being taken. */
export const currentStep = (state: LearnState) => state.book.lessons[state.lesson]!.steps[state.step]!;

/** The answer's points on the board, when shown (`?`), else none. */
export function answerPoints(state: LearnState): readonly number[] {
	if (!state.answer || state.passedWith !== null) return [];
	const move = passingMoves(state.played, state.position, currentStep(state))[0];
	return move === undefined ? [] : state.played.moveEnds(state.position, move);
}

/** The next step, lesson after lesson; null after the last. */
function following(state: LearnState): {lesson: number; step: number} | null {
	const {lessons} = state.book;
	if (state.step + 1 < lessons[state.lesson]!.steps.length) return {lesson: state.lesson, step: state.step + 1};
	if (state.lesson + 1 < lessons.length) return {lesson: state.lesson + 1, step: 0};
	return null;
}

/** A move on the step: passed (the board shows it played, progress is written), or refused with the reason. */
function moved(state: LearnState, move: number): LearnStep {
	const data = currentStep(state);
	const verdict = judgeMove(state.played, state.position, data, move);
	if (verdict.kind !== 'pass') return missed(state, verdict.message);
	const passed = new Set(state.passed).add(data.id);
	const lesson = state.book.lessons[state.lesson]!;
	const done = lesson.steps.every(step => passed.has(step.id));
	const next = following(state);
	const onward = next === null ? 'Enter: finish' : next.lesson !== state.lesson ? 'Enter: the next lesson' : 'Enter: the next step';
	return doing(
		{
			...state,
			passed,
			position: state.played.play(state.position, move),
			passedWith: move,
			passedEnds: state.played.moveEnds(state.position, move),
			input: dropped(state.input),
			answer: false,
			status: {text: `${verdict.message}  ${onward}`, error: false, mark: 'pass'},
		},
		{kind: 'pass', game: state.game, step: data.id, lesson: lesson.id, lessonDone: done},
	);
}

/** A miss: the reason, and the hint once there have been enough. */
function missed(state: LearnState, reason: string): LearnStep {
	const misses = state.misses + 1;
	const hint = misses >= HINT_AFTER_MISSES ? `  Hint: ${currentStep(state).hint}` : '';
	return stay({...state, misses, input: dropped(state.input), status: {text: `${reason}${hint}`, error: true, mark: 'miss'}});
}

/** What a board key did on an open step. */
function onBoard(state: LearnState, outcome: BoardOutcome): LearnStep {
	const next = {...state, input: outcome.input};
	if (outcome.move !== undefined) return moved(next, outcome.move);
	// A refused pick or typed move on an open step is a miss too: the rules engine's reason. On a
	// step passed it is only the reminder that Enter goes on.
	if (outcome.say?.error && state.passedWith === null) return missed(next, outcome.say.text);
	return stay(outcome.say ? {...next, status: outcome.say} : next);
}

const OPEN: Permission = {canMove: true, cannotMove: ''};
const SHUT: Permission = {canMove: false, cannotMove: 'Step passed: Enter goes on'};

function stepKey(state: LearnState, name: string): LearnStep {
	const open = state.passedWith === null;
	const typed = typingKey(state.input, name, state.played, state.position, open ? OPEN : SHUT);
	if (typed) return onBoard(state, typed);
	if (name === '?') {
		if (!open) return stay(state);
		const move = passingMoves(state.played, state.position, currentStep(state))[0];
		const text = move === undefined ? '' : state.played.formatMove(state.position, move);
		return stay({...state, answer: true, status: {text: `The answer: ${text} (marked on the board)`, error: false}});
	}
	if (name === 'n' || (!open && (name === 'enter' || name === 'space'))) {
		const next = following(state);
		if (next !== null) return stay(atStep(state, next.lesson, next.step));
		// The end of the book: done only when every step is passed; else the list says how many are open.
		const left = state.book.lessons.flatMap(lesson => lesson.steps).filter(step => !state.passed.has(step.id)).length;
		if (left === 0) return stay({...state, mode: 'done', status: NOTHING_SAID});
		const lesson = state.book.lessons.findIndex((_, index) => !lessonDone(state, index));
		return stay({...state, mode: 'list', lesson, problem: `${left} step${left === 1 ? '' : 's'} still open: Enter takes up the first`});
	}
	if (name === 'b') {
		if (state.step > 0) return stay(atStep(state, state.lesson, state.step - 1));
		if (state.lesson > 0) return stay(atStep(state, state.lesson - 1, state.book.lessons[state.lesson - 1]!.steps.length - 1));
		return stay(state);
	}
	if (name === 'escape' && state.input.picked.length === 0) return stay({...state, mode: 'list', status: NOTHING_SAID});
	const key = seekingKey(state.input, state, name, state.played, state.position, open ? OPEN : SHUT);
	switch (key.kind) {
		case 'board':
			return onBoard(state, key.outcome);
		case 'view':
			return stay({...state, ...key.view});
		case 'quit':
			return leave(state, {kind: 'quit', code: key.code});
		case 'none':
			return stay(state);
	}
}

const leave = (state: LearnState, effect: LearnEffect): LearnStep => doing({...state, left: true}, effect);

/** The first step of a lesson not passed yet, or its first when all are. */
function openStep(state: LearnState, lesson: number): number {
	const at = state.book.lessons[lesson]!.steps.findIndex(step => !state.passed.has(step.id));
	return at < 0 ? 0 : at;
}

function listKey(state: LearnState, name: string): LearnStep {
	const count = state.book.lessons.length;
	switch (name) {
		case 'up':
		case 'k':
			return stay({...state, lesson: (state.lesson - 1 + count) % count, problem: null});
		case 'down':
		case 'j':
			return stay({...state, lesson: (state.lesson + 1) % count, problem: null});
		case 'left':
		case 'h':
		case 'right':
		case 'l': {
			const list = teachableGames();
			const at = list.findIndex(game => game.id === baseGameId(state.game));
			const step = name === 'left' || name === 'h' ? -1 : 1;
			return doing(state, {kind: 'read', game: list[(at + step + list.length) % list.length]!});
		}
		case 'enter':
		case 'space':
			return stay(atStep(state, state.lesson, openStep(state, state.lesson)));
		case 'r':
			return stay({...state, mode: 'rules', problem: null});
		// Every lesson done: the first game against level 1 is offered here too (a third tryout left
		// the end's offer with Esc and found no way back to it).
		case 'p':
			return state.book.lessons.every((_, index) => lessonDone(state, index))
				? leave(state, {kind: 'first-game', game: state.game})
				: stay(state);
		case 'escape':
			return leave(state, {kind: 'menu', game: state.game});
		case 'q':
			return leave(state, {kind: 'quit', code: 0});
		case 'ctrl+c':
			return leave(state, {kind: 'quit', code: 130});
		default:
			return stay(state);
	}
}

function doneKey(state: LearnState, name: string): LearnStep {
	switch (name) {
		case 'enter':
		case 'space':
			return leave(state, {kind: 'first-game', game: state.game});
		case 'escape':
			return stay({...state, mode: 'list'});
		case 'q':
			return leave(state, {kind: 'quit', code: 0});
		case 'ctrl+c':
			return leave(state, {kind: 'quit', code: 130});
		default:
			return stay(state);
	}
}

export function learnReducer(state: LearnState, action: LearnAction): LearnStep {
	if (state.left) return stay(state);
	switch (action.type) {
		case 'saved':
			return stay(action.problem === null ? state : {...state, problem: action.problem});
		case 'progress':
			return stay({...learnState(action.game, action.passed, state.problem), flipped: state.flipped});
		case 'key':
			switch (state.mode) {
				case 'list':
					return listKey(state, action.name);
				case 'done':
					return doneKey(state, action.name);
				case 'rules':
					// Any key back to the list; q and Ctrl-C as there.
					return action.name === 'q' || action.name === 'ctrl+c' ? listKey(state, action.name) : stay({...state, mode: 'list'});
				case 'step':
					return stepKey(state, action.name);
			}
	}
}
