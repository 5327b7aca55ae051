/**
 * The review screen as a reducer: the game under review, the engine's evaluations as they come
 * in, the position shown (walked with the arrows, [ ], Home, End and g NUMBER), and the export.
 * The review itself runs in the engine worker, one position after another; the screen carries
 * it out (review-screen.tsx) and reports each evaluation here.
 */
import type {PlayedGame} from './review-export.js';
import type {EngineInfo} from '../engine/client.js';
import type {Budget} from '../review/run.js';
import {reviewOf} from '../review/judge.js';
import type {GameReview, PositionEval} from '../review/types.js';
import {actionFor} from './keys.js';
import type {MoveEntry} from './session.js';
import {goToKey, positionAfterMove} from './walk.js';
import type {Status} from './play-state.js';
import {doing, stay, type Step} from './store.js';

export interface ReviewSetup extends PlayedGame {
	readonly budget: Budget;
	/** The evaluations of a review done before, if the same game is reviewed again. */
	readonly evals?: readonly (PositionEval | undefined)[];
	readonly note?: string;
	/** Where Esc goes, for the keys row ("Esc back to the game"). */
	readonly backTo: string;
}

export interface ReviewState {
	readonly setup: ReviewSetup;
	readonly evals: readonly (PositionEval | undefined)[];
	readonly review: GameReview;
	/** The review's progress: running, stopped by Esc, or done. */
	readonly phase: 'running' | 'stopped' | 'done';
	/** The position being searched and what the search has found so far. */
	readonly searching: {readonly index: number; readonly info: EngineInfo | null} | null;
	/** The position shown: 0 the first, line.length - 1 the last. */
	readonly view: number;
	/** The digits typed after g, or null when no jump is being typed. */
	readonly jump: string | null;
	readonly flipped: boolean;
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
	| {readonly type: 'exported'; readonly result: {readonly ok: true; readonly value: string} | {readonly ok: false; readonly error: string}};

export type ReviewEffect =
	| {readonly kind: 'stop-review'}
	| {readonly kind: 'back'}
	| {readonly kind: 'exit'; readonly code: number}
	| {readonly kind: 'export'; readonly review: GameReview};

type ReviewStep = Step<ReviewState, ReviewEffect>;

export function reviewState(setup: ReviewSetup): ReviewState {
	const evals = setup.evals && setup.evals.length === setup.line.length ? setup.evals : Array.from({length: setup.line.length}, () => undefined);
	const complete = evals.every(evaluation => evaluation !== undefined);
	return {
		setup,
		evals,
		review: reviewOf(setup.game, setup.line, setup.moves, evals, setup.budget),
		phase: complete ? 'done' : 'running',
		searching: null,
		view: setup.line.length - 1,
		jump: null,
		flipped: false,
		status: {text: setup.note ?? (complete ? 'The review of this game, done before' : 'Reviewing the game: Esc stops (what is done is kept)'), error: false},
		help: false,
		fits: true,
		left: false,
		exported: null,
	};
}

const say = (state: ReviewState, text: string, error = false): ReviewState => ({...state, status: {text, error}});

/** Whether the review still needs positions looked at (a review stopped early does). */
export const unfinished = (state: ReviewState): boolean => state.evals.some(evaluation => evaluation === undefined);

/** The moves of the game under review, as the move list writes them. */
export function reviewEntries(setup: ReviewSetup): MoveEntry[] {
	const {game, line, moves} = setup;
	return moves.map((move, index) => ({number: game.moveNumber(line[index]), player: game.toMove(line[index]), text: game.formatMove(line[index], move)}));
}

function walk(state: ReviewState, to: number): ReviewState {
	const last = state.setup.line.length - 1;
	const view = Math.max(0, Math.min(last, to));
	if (view === state.view) return say(state, to < 0 ? 'At the first position' : 'At the last position', true);
	return {...state, view, status: {text: '', error: false}};
}

function jumpKey(state: ReviewState, jump: string, name: string): ReviewState {
	const step = goToKey(jump, name);
	if (step.go !== undefined) return walk({...state, jump: null}, positionAfterMove(reviewEntries(state.setup), step.go));
	return step.typed === null ? say({...state, jump: null}, '') : {...state, jump: step.typed};
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
			return stay({...state, flipped: !state.flipped});
		case 'export':
			if (state.exported && state.exported.judged === state.review.moves.length) return stay(say(state, `Already written: ${state.exported.path}`));
			return doing(state, {kind: 'export', review: state.review});
		case 'help':
			return stay({...state, help: true});
		case 'cancel':
		case 'menu':
			if (state.phase === 'running') return doing(say({...state, phase: 'stopped', searching: null}, `Review stopped: ${state.review.moves.length} of ${state.review.total} moves judged; Esc again goes back`), {kind: 'stop-review'});
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
			const {game, line, moves, budget} = state.setup;
			return stay({...state, evals, review: reviewOf(game, line, moves, evals, budget)});
		}
		case 'finished': {
			if (state.phase !== 'running') return stay(state);
			const done = !action.stopped && !unfinished(state);
			return stay(say({...state, phase: done ? 'done' : 'stopped', searching: null}, done ? `Review done: ${state.review.moves.length} moves judged` : state.status.text));
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
