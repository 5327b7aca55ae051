/**
 * The analysis board as a reducer: the line of play (stepped back and on), the engine's search
 * of the position shown, the number of lines asked for, the board's cursor and typed move.
 */
import type {AnyGame} from '../../games/registry.js';
import type {EngineInfo, EngineLine} from '../../engine/client.js';
import {boardAction, boardInput, pickedIn, typingKey, viewAction, type BoardInput, type BoardOutcome} from '../boards/board-input.js';
import {dialogKey, helpDialog, openRefused, saveRefused, type Dialog} from '../dialogs/dialog-state.js';
import type {FileAction, FileEffect} from '../dialogs/files.js';
import {playedText} from '../format.js';
import {actionFor, type Action} from '../keys.js';
import * as S from '../../play/session.js';
import {sameGame, type PlayedGame} from '../../files/review-export.js';
import {recordName} from '../../files/export.js';
import {doing, stay, type Step} from '../store.js';
import type {Status} from '../play/play-model.js';
import {boardOutcome, goToAnswer, moved, permission, say} from '../reducer-helpers.js';
import {positionAfterMove, positionName} from '../walk.js';

export const MAX_LINES = 5;

export interface Search {
	/** The line whose last position is searched. */
	readonly line: readonly unknown[];
	readonly startedAt: number;
	readonly info: EngineInfo | null;
	/** The search ended by itself. */
	readonly done: boolean;
}

export interface AnalysisState {
	readonly session: S.Session;
	/** How many lines the engine is asked for. */
	readonly lines: number;
	readonly search: Search | null;
	readonly dialog: Dialog | null;
	readonly flipped: boolean;
	readonly scroll: number;
	readonly status: Status;
	readonly input: BoardInput;
	readonly left: boolean;
	/** Whether the terminal is large enough to draw the board: if not, only q and Ctrl-C act. */
	readonly fits: boolean;
	/** The rest of the engine's line being followed (] or 1 to 5), from the position `line` ends in. */
	readonly following: Following | null;
	/**
	 * The game as opened, with its positions as they were (their clocks) and its ending: what a
	 * review gets while the moves are still those, since stepping on replays them without either.
	 */
	readonly opened: PlayedGame | null;
	/** The name the game's record takes (the file it was opened from or saved as), or null: the date's. */
	readonly name: string | null;
	/** The move number typed after g, while it is typed. */
	readonly goTo: string | null;
}

export interface Following {
	readonly line: readonly unknown[];
	readonly moves: readonly number[];
	readonly texts: readonly string[];
	/** Which of the lines shown it was (1: the best). */
	readonly which: number;
}

export type AnalysisAction =
	| {readonly type: 'key'; readonly name: string; readonly now: number}
	| {readonly type: 'size'; readonly fits: boolean}
	| {readonly type: 'search-start'; readonly line: readonly unknown[]; readonly startedAt: number}
	| {readonly type: 'search-progress'; readonly line: readonly unknown[]; readonly info: EngineInfo; readonly done: boolean}
	| {readonly type: 'search-failed'; readonly line: readonly unknown[]; readonly message: string}
	| FileAction;

/** Leaving, and the files (the search is the screen's, from the state). */
export type AnalysisEffect =
	| {readonly kind: 'menu'; readonly game: AnyGame}
	| {readonly kind: 'exit'; readonly code: number}
	/** The whole line, the moves taken back included, to the review screen. */
	| {readonly kind: 'review'; readonly played: PlayedGame; readonly at: number}
	| FileEffect;

type AnalysisStep = Step<AnalysisState, AnalysisEffect>;

export interface AnalysisSetup {
	readonly game: AnyGame;
	readonly line?: readonly unknown[];
	readonly moves?: readonly number[];
	/** How the game ended where the rules do not say (time, resignation), as its save recorded. */
	readonly ended?: S.Session['ended'];
	readonly note?: string;
	/** The name the game's record takes: the file it was opened from. */
	readonly name?: string;
	/** The position to show first, as an index into the line (the rest of the line then comes after it, to step on to); the last by default. */
	readonly at?: number;
}

const TWO_PEOPLE: readonly [S.Seat, S.Seat] = [S.HUMAN, S.HUMAN];

function analysisSession(
	game: AnyGame,
	line: readonly unknown[] | undefined,
	moves: readonly number[] | undefined,
	ended: S.Session['ended'] | undefined,
	now: number,
): S.Session {
	const session = S.newSession(game, {seats: TWO_PEOPLE, clocked: false, ...(line ? {line} : {}), ...(moves ? {moves} : {})}, now);
	return ended ? {...session, ended} : session;
}

export function analysisState(setup: AnalysisSetup, now: number): AnalysisState {
	const whole = analysisSession(setup.game, setup.line, setup.moves, setup.ended, now);
	const session = setup.at === undefined ? whole : S.seek(whole, setup.at, now);
	return {
		session,
		opened: setup.line && setup.moves ? {game: setup.game, line: setup.line, moves: setup.moves, ended: setup.ended ?? null} : null,
		name: setup.name ?? null,
		lines: 3,
		search: null,
		dialog: null,
		flipped: false,
		scroll: 0,
		status: {text: setup.note ?? 'The engine analyses without end; play moves on the board, [ and ] step back and on', error: false},
		input: boardInput(setup.game, S.current(session)),
		left: false,
		fits: true,
		following: null,
		goTo: null,
	};
}

function play(state: AnalysisState, move: number, now: number, said?: string): AnalysisState {
	const {session} = state;
	return say(moved(state, S.playMove(session, move, now)), said ?? playedText(session.game, S.current(session), move));
}

/** What a key did to the board: a move played, or what it says said. */
const fromBoard = (state: AnalysisState, outcome: BoardOutcome, now: number): AnalysisState =>
	boardOutcome(state, outcome, (next, move) => play(next, move, now));

/**
 * The engine's lines for the position shown, best first, as many as are asked for: the screen
 * lists them in this order and 1 to 5 pick from it. Lines of an iteration under way can come in
 * before their order is settled.
 */
export function shownLines(state: AnalysisState): EngineLine[] {
	const {search, session} = state;
	if (!search?.info || search.line !== session.line || S.isOver(session)) return [];
	return [...search.info.lines].sort((a, b) => b.score - a.score).slice(0, state.lines);
}

/** The best line of the search of the position shown, if there is one yet. */
export const bestLine = (state: AnalysisState): EngineLine | undefined => shownLines(state)[0];

/** Plays the first move of a line and keeps the rest to follow with ]; said as "Followed <label>: <move>". */
function follow(state: AnalysisState, line: Omit<Following, 'line'>, label: string, now: number): AnalysisState {
	const after = play(state, line.moves[0]!, now, `Followed ${label}: ${line.texts[0]}`);
	return {...after, following: {line: after.session.line, moves: line.moves.slice(1), texts: line.texts.slice(1), which: line.which}};
}

const playable = (session: S.Session, move: number | undefined): boolean =>
	move !== undefined && session.game.legalMoves(S.current(session)).includes(move);

function step(state: AnalysisState, forward: boolean, now: number): AnalysisState {
	const {session} = state;
	if (!forward) {
		// A game that ended by time or resignation: first back to its last position, played on.
		if (session.ended)
			return say(
				moved(state, {...session, ended: null}),
				`Back before the ending (${session.ended.description}): the engine looks at the position`,
			);
		const back = S.undo(session, now);
		return back === session ? say(state, 'At the first position', true) : moved(state, back);
	}
	if (session.redo.length > 0) return moved(state, S.redo(session, now));
	const rest = state.following?.line === session.line && state.following.moves.length > 0 ? state.following : null;
	// A line picked by its number goes on as the engine saw it then; the best line is this
	// position's search's when it has one, else the rest of the one followed so far (] ] ] walks
	// it before the engine has looked at each position it reaches).
	if (rest && rest.which > 1 && playable(session, rest.moves[0])) return follow(state, rest, `line ${rest.which}`, now);
	const best = bestLine(state);
	const line = best ? {moves: best.pv, texts: best.text, which: 1} : rest;
	if (!line || !playable(session, line.moves[0])) return say(state, 'No line to follow yet', true);
	return follow(state, line, line.which > 1 ? `line ${line.which}` : 'the best line', now);
}

/** 1 to 5: the first move of that line as shown, and the line followed from there. */
function followLine(state: AnalysisState, which: number, now: number): AnalysisState {
	const allowed = permission(state.session);
	if (!allowed.canMove) return say(state, allowed.cannotMove, true);
	if (which > state.lines)
		return say(state, `Line ${which} is not shown: ${state.lines} ${state.lines === 1 ? 'is' : 'are'} (+ shows more)`, true);
	const lines = shownLines(state);
	const line = lines[which - 1];
	if (!line)
		return say(
			state,
			lines.length === 0 ? 'The engine has no lines yet' : `The engine has no line ${which} yet (${lines.length} so far)`,
			true,
		);
	if (!playable(state.session, line.pv[0])) return say(state, 'No line to follow yet', true);
	return follow(state, {moves: line.pv, texts: line.text, which}, `line ${which}`, now);
}

/** The moves of the line, played and taken back, written out: positions index into them. */
const allMoves = (session: S.Session) => [...S.moveList(session), ...S.redoList(session)];

/** To position `index` of the line, played and taken back as one (Home, End, g). */
function seek(state: AnalysisState, index: number, now: number, already: string, error = true): AnalysisState {
	const {session} = state;
	const next = S.seek(session, index, now);
	if (next === session) return say(state, already, error);
	return say(moved(state, next), `At ${positionName(allMoves(next), session.game.sides, next.moves.length)}`);
}

/** The walking keys beyond [ and ]: Home, End, g, 1 to 5; null for any other action. */
function walk(state: AnalysisState, action: Action, name: string, now: number): AnalysisState | null {
	const {session} = state;
	switch (action) {
		case 'walk-first':
			return seek(state, 0, now, 'Already at the first position');
		case 'walk-last':
			return seek(state, session.moves.length + session.redo.length, now, 'Already at the end of the line');
		case 'walk-to':
			return {...state, goTo: ''};
		case 'follow-line':
			return followLine(state, Number(name), now);
		default:
			return null;
	}
}

/** A key while a move number is typed after g. */
const goTo = (state: AnalysisState, typed: string, name: string, now: number): AnalysisState =>
	goToAnswer(state, typed, name, (closed, number) => {
		const entries = allMoves(state.session);
		const target = positionAfterMove(entries, number);
		return seek(closed, target, now, `Already at ${positionName(entries, state.session.game.sides, target)}`, false);
	});

function dialogAnswer(state: AnalysisState, dialog: Dialog, name: string): AnalysisStep {
	const answer = dialogKey(dialog, name);
	switch (answer.kind) {
		case 'stay':
			return stay({...state, dialog: answer.dialog});
		case 'close':
			return stay({...state, dialog: null});
		case 'interrupt':
			return doing({...state, left: true}, {kind: 'exit', code: 130});
		case 'save': {
			const {session} = state;
			return doing(state, {
				kind: 'save',
				name: answer.name,
				replace: answer.replace,
				game: session.game,
				line: session.line,
				moves: session.moves,
				from: session.line,
				ended: session.ended,
			});
		}
		case 'open':
			return doing(state, {kind: 'open', path: answer.path});
	}
}

function key(state: AnalysisState, name: string, now: number): AnalysisStep {
	if (name === 'ctrl+c') return doing({...state, left: true}, {kind: 'exit', code: 130});
	// Too small a terminal shows nothing of the board or a dialog: no key acts on them unseen.
	if (!state.fits) return name === 'q' ? doing({...state, left: true}, {kind: 'exit', code: 0}) : stay(state);
	if (state.dialog) return dialogAnswer(state, state.dialog, name);
	if (state.goTo !== null) return stay(goTo(state, state.goTo, name, now));
	const {session} = state;
	const {game} = session;
	const position = S.current(session);
	const allowed = permission(session);
	const typed = typingKey(state.input, name, game, position, allowed);
	if (typed) return stay(fromBoard(state, typed, now));
	const action = actionFor('analysis', name);
	if (action === undefined) return stay(state);
	if (action === 'cancel' && pickedIn(state.input, game, position).length === 0) return doing({...state, left: true}, {kind: 'menu', game});
	const onBoard = boardAction(state.input, action, game, position, state.flipped, allowed);
	if (onBoard) return stay(fromBoard(state, onBoard, now));
	const viewed = viewAction(state, action);
	if (viewed) return stay(viewed);
	const walked = walk(state, action, name, now);
	if (walked) return stay(walked);
	switch (action) {
		case 'undo':
			return stay(step(state, false, now));
		case 'redo':
			return stay(step(state, true, now));
		case 'more-lines':
			return stay({...state, lines: Math.min(MAX_LINES, state.lines + 1)});
		case 'fewer-lines':
			return stay({...state, lines: Math.max(1, state.lines - 1)});
		case 'save':
			return doing(state, {kind: 'show', dialog: 'save'});
		case 'load':
			return doing(state, {kind: 'show', dialog: 'load'});
		case 'help':
			return stay({...state, dialog: helpDialog('analysis', state.session.game.phrases)});
		case 'review': {
			const {session, opened} = state;
			const all = [...session.moves, ...session.redo];
			if (all.length === 0) return stay(say(state, 'No moves to review: play some, or open a saved game', true));
			const same = opened !== null && sameGame(opened, {game: session.game, line: session.line, moves: all});
			const whole = S.seek(session, all.length, now);
			const found: PlayedGame = same ? opened : {game: whole.game, line: whole.line, moves: whole.moves, ended: whole.ended};
			const played: PlayedGame = state.name === null ? found : {...found, name: state.name};
			return doing(state, {kind: 'review', played, at: session.moves.length});
		}
		case 'quit':
			return doing({...state, left: true}, {kind: 'exit', code: 0});
		default:
			return stay(state);
	}
}

export function analysisReducer(state: AnalysisState, action: AnalysisAction): AnalysisStep {
	if (state.left) return stay(state);
	switch (action.type) {
		case 'key':
			return key(state, action.name, action.now);
		case 'size':
			return stay(state.fits === action.fits ? state : {...state, fits: action.fits});
		case 'search-start':
			return stay({...state, search: {line: action.line, startedAt: action.startedAt, info: null, done: false}});
		case 'search-progress': {
			const {search} = state;
			return stay(search && search.line === action.line ? {...state, search: {...search, info: action.info, done: action.done}} : state);
		}
		case 'search-failed':
			return stay(
				state.search?.line === action.line
					? say({...state, search: null}, `The engine failed: ${action.message}; any move starts it again`, true)
					: state,
			);
		case 'dialog':
			return stay({...state, dialog: action.dialog});
		case 'saved': {
			const {outcome} = action;
			if (state.dialog?.kind !== 'save') return stay(state);
			if (outcome.kind !== 'saved') return stay({...state, dialog: saveRefused(state.dialog, outcome)});
			return stay(say({...state, dialog: null, name: recordName(outcome.path)}, `Saved ${outcome.path}`));
		}
		case 'opened': {
			const session = analysisSession(action.game, action.line, action.moves, action.ended, action.now);
			const opened: AnalysisState = {
				...moved(state, session),
				dialog: null,
				input: boardInput(action.game, S.current(session)),
				opened: {game: action.game, line: action.line, moves: action.moves, ended: action.ended},
				name: recordName(action.path),
			};
			return stay(say(opened, `Opened ${action.path}${action.note ? ` (${action.note})` : ''}`, action.note !== null));
		}
		case 'open-failed':
			return stay(state.dialog?.kind === 'load' ? {...state, dialog: openRefused(state.dialog, action.error)} : state);
	}
}
