/**
 * The review screen as a reducer: the game under review, the engine's evaluations as they come
 * in, the position shown (walked with the arrows, [ ], Home, End and g NUMBER), and the export.
 * The review itself runs in the engine worker, one position after another; the screen carries
 * it out (review-screen.tsx) and reports each evaluation here.
 */
import type {PlayedGame} from '../../files/review-export.js';
import type {EngineInfo} from '../../engine/client.js';
import type {Result} from '../../games/game.js';
import {budgetText, type Budget} from '../../review/run.js';
import {reviewOf} from '../../review/judge.js';
import type {GameReview, PositionEval} from '../../review/types.js';
import {actionFor} from '../keys.js';
import {viewAction} from '../boards/board-input.js';
import {entryOf, type MoveEntry} from '../../play/session.js';
import {goToKey, positionAfterMove} from '../walk.js';
import type {Status} from '../play/play-model.js';
import {doing, stay, type Step} from '../store.js';

export interface ReviewSetup extends PlayedGame {
	readonly budget: Budget;
	/** The evaluations of a review done before, if the same game is reviewed again. */
	readonly evals?: readonly (PositionEval | undefined)[];
	/** Whether the board is seen from the second side (as the game was played from it). */
	readonly flipped?: boolean;
	/** The position to show first (an index into the line); the last by default. */
	readonly view?: number;
	/** The budgets those evaluations had, as the record says them. */
	readonly budgetsUsed?: readonly string[];
	readonly note?: string;
	/** Where Esc goes, for the keys row ("Esc back to the game"). */
	readonly backTo: string;
}

export interface ReviewState {
	readonly setup: ReviewSetup;
	/** What each position still to look at gets: the setup's, then as + and - set it. */
	readonly budget: Budget;
	readonly evals: readonly (PositionEval | undefined)[];
	/** The budgets the positions looked at had ("1.0 s a move"), each once, in the order first used. */
	readonly budgetsUsed: readonly string[];
	readonly review: GameReview;
	/** The review's progress: running, stopped by Esc, or done. */
	readonly phase: 'running' | 'stopped' | 'done';
	/** Counts the runs: v after a stop starts another, from where the last one stopped. */
	readonly run: number;
	/** The position being searched and what the search has found so far. */
	readonly searching: {readonly index: number; readonly info: EngineInfo | null} | null;
	/** The position shown: 0 the first, line.length - 1 the last. */
	readonly view: number;
	/** The digits typed after g, or null when no jump is being typed. */
	readonly jump: string | null;
	readonly flipped: boolean;
	/** Rows the move list is scrolled back from the move walked to. */
	readonly scroll: number;
	readonly status: Status;
	readonly help: boolean;
	readonly fits: boolean;
	readonly left: boolean;
	/** The record last written, so that e again says where it is rather than writing another. */
	readonly exported: {readonly path: string; readonly judged: number} | null;
}

export type ReviewAction =
	| {readonly type: 'key'; readonly name: string}
	| {readonly type: 'size'; readonly fits: boolean}
	| {readonly type: 'searching'; readonly index: number; readonly info: EngineInfo | null}
	| {readonly type: 'eval'; readonly index: number; readonly evaluation: PositionEval}
	| {readonly type: 'finished'; readonly stopped: boolean}
	| {readonly type: 'failed'; readonly message: string}
	| {readonly type: 'exported'; readonly result: Result<string, string>};

export type ReviewEffect =
	| {readonly kind: 'stop-review'}
	| {readonly kind: 'back'}
	| {readonly kind: 'exit'; readonly code: number}
	| {readonly kind: 'export'; readonly review: GameReview; readonly budget: string};

type ReviewStep = Step<ReviewState, ReviewEffect>;

export function reviewState(setup: ReviewSetup): ReviewState {
	const evals =
		setup.evals && setup.evals.length === setup.line.length ? setup.evals : Array.from({length: setup.line.length}, () => undefined);
	const complete = evals.every(evaluation => evaluation !== undefined);
	return {
		setup,
		budget: setup.budget,
		evals,
		budgetsUsed: setup.evals ? (setup.budgetsUsed ?? []) : [],
		review: reviewOf(setup.game, setup.line, setup.moves, evals, setup.budget),
		phase: complete ? 'done' : 'running',
		run: 0,
		searching: null,
		view: Math.max(0, Math.min(setup.line.length - 1, setup.view ?? setup.line.length - 1)),
		jump: null,
		flipped: setup.flipped ?? false,
		scroll: 0,
		status: {
			text: setup.note ?? (complete ? 'The review of this game, done before' : 'Reviewing the game: Esc stops (what is done is kept)'),
			error: false,
		},
		help: false,
		fits: true,
		left: false,
		exported: null,
	};
}

const say = (state: ReviewState, text: string, error = false): ReviewState => ({...state, status: {text, error}});

/** What the positions looked at were given: "1.0 s a move", or "1.0 s a move, then 2.0 s a move" after + or -. */
export const budgetsText = (state: ReviewState): string =>
	state.budgetsUsed.length === 0 ? budgetText(state.budget) : state.budgetsUsed.join(', then ');

/** Whether the review still needs positions looked at (a review stopped early does). */
export const unfinished = (state: ReviewState): boolean => state.evals.some(evaluation => evaluation === undefined);

/** The moves of the game under review, as the move list writes them. */
export function reviewEntries(setup: ReviewSetup): MoveEntry[] {
	return setup.moves.map((move, index) => entryOf(setup.game, setup.line[index], move));
}

function walk(state: ReviewState, to: number): ReviewState {
	const last = state.setup.line.length - 1;
	const view = Math.max(0, Math.min(last, to));
	if (view === state.view)
		return say(state, view === 0 ? 'At the first position' : view === last ? 'At the last position' : 'Already there', true);
	return {...state, view, scroll: 0, status: {text: '', error: false}};
}

function jumpKey(state: ReviewState, jump: string, name: string): ReviewState {
	const step = goToKey(jump, name);
	if (step.go !== undefined) return walk({...state, jump: null}, positionAfterMove(reviewEntries(state.setup), step.go));
	return step.typed === null ? say({...state, jump: null}, '') : {...state, jump: step.typed};
}

/** Seconds a position may get, from + and -. */
const STEPS_MS = [100, 200, 500, 1000, 2000, 5000, 10_000, 30_000];

/** Another budget for the positions still to look at: the next step of time, or a ply deeper or shallower. */
function retimed(state: ReviewState, more: boolean): ReviewState {
	const {budget} = state;
	let next: Budget;
	if ('depth' in budget) next = {depth: Math.max(1, Math.min(40, budget.depth + (more ? 1 : -1)))};
	else {
		// The next step strictly beyond the budget, whatever it was set to on the command line.
		const step = more ? STEPS_MS.find(ms => ms > budget.ms) : STEPS_MS.findLast(ms => ms < budget.ms);
		next = {ms: step ?? budget.ms};
	}
	const left =
		state.phase === 'running'
			? 'each position still to look at gets'
			: state.phase === 'stopped'
				? 'v goes on with the review, giving each position'
				: 'the review is done; it gave each position';
	if (state.phase === 'done')
		return say(state, `The review is done: each position had ${budgetText(state.review.budget).replace(/ a move$/, '')}`);
	return say({...state, budget: next}, `${left} ${budgetText(next)}`.replace(/^./, first => first.toUpperCase()).replace(/ a move$/, ''));
}

function key(state: ReviewState, name: string): ReviewStep {
	if (name === 'ctrl+c') return doing({...state, left: true}, {kind: 'exit', code: 130});
	if (!state.fits) return name === 'q' ? doing({...state, left: true}, {kind: 'exit', code: 0}) : stay(state);
	if (state.help) return stay({...state, help: false});
	if (state.jump !== null) return stay(jumpKey(state, state.jump, name));
	const action = actionFor('review', name);
	switch (action) {
		case 'walk-back':
			return stay(walk(state, state.view - 1));
		case 'walk-on':
			return stay(walk(state, state.view + 1));
		case 'walk-first':
			return stay(walk(state, 0));
		case 'walk-last':
			return stay(walk(state, state.setup.line.length - 1));
		case 'walk-to':
			return stay({...state, jump: ''});
		case 'flip':
		case 'scroll-up':
		case 'scroll-down':
			return stay(viewAction(state, action) ?? state);
		case 'more-time':
		case 'less-time':
			return stay(retimed(state, action === 'more-time'));
		case 'export':
			if (state.exported && state.exported.judged === state.review.moves.length)
				return stay(say(state, `Already written: ${state.exported.path}`));
			return doing(state, {kind: 'export', review: state.review, budget: budgetsText(state)});
		case 'help':
			return stay({...state, help: true});
		case 'review':
			if (state.phase === 'running') return stay(say(state, 'The review is under way: Esc stops it'));
			if (state.phase === 'done') return stay(say(state, 'The review is done'));
			return stay(say({...state, phase: 'running', run: state.run + 1}, `Reviewing on at ${budgetText(state.budget)}: Esc stops`));
		case 'cancel':
		case 'menu':
			if (state.phase === 'running')
				return doing(
					say(
						{...state, phase: 'stopped', searching: null},
						`Review stopped: ${state.review.moves.length} of ${state.review.total} moves judged; v goes on, Esc again goes back`,
					),
					{kind: 'stop-review'},
				);
			return doing({...state, left: true}, {kind: 'stop-review'}, {kind: 'back'});
		case 'quit':
			return doing({...state, left: true}, {kind: 'stop-review'}, {kind: 'exit', code: 0});
		default:
			return stay(state);
	}
}

export function reviewReducer(state: ReviewState, action: ReviewAction): ReviewStep {
	if (state.left) return stay(state);
	switch (action.type) {
		case 'key':
			return key(state, action.name);
		case 'size':
			return stay(state.fits === action.fits ? state : {...state, fits: action.fits});
		case 'searching':
			return stay(state.phase === 'running' ? {...state, searching: {index: action.index, info: action.info}} : state);
		case 'eval': {
			if (state.evals[action.index] !== undefined) return stay(state);
			const evals = state.evals.map((evaluation, index) => (index === action.index ? action.evaluation : evaluation));
			const {game, line, moves} = state.setup;
			const used = budgetText(state.budget);
			const budgetsUsed = state.budgetsUsed.includes(used) ? state.budgetsUsed : [...state.budgetsUsed, used];
			return stay({...state, evals, budgetsUsed, review: reviewOf(game, line, moves, evals, state.budget)});
		}
		case 'finished': {
			if (state.phase !== 'running') return stay(state);
			const done = !action.stopped && !unfinished(state);
			return stay(
				say(
					{...state, phase: done ? 'done' : 'stopped', searching: null},
					done ? `Review done: ${state.review.moves.length} move${state.review.moves.length === 1 ? '' : 's'} judged` : state.status.text,
				),
			);
		}
		case 'failed':
			return stay(say({...state, phase: 'stopped', searching: null}, `The engine failed: ${action.message}; what is done is kept`, true));
		case 'exported':
			return stay(
				action.result.ok
					? say({...state, exported: {path: action.result.value, judged: state.review.moves.length}}, `Wrote ${action.result.value}`)
					: say(state, action.result.error, true),
			);
	}
}
