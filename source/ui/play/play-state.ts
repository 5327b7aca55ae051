/**
 * A game against the AI or between two people, as a reducer over the state of play-model.ts: the
 * session, the board's cursor and typed move, the dialog or question open, the engine's work
 * shown, the status line. Keys, the engine's answers and the clock come in as actions; leaving,
 * files and the engine go out as effects.
 */
import type {Player} from '../../games/game.js';
import type {Thinking} from '../panel.js';
import {sameGame} from '../../files/review-export.js';
import {recordName} from '../../files/export.js';
import type {EngineResult} from '../../engine/client.js';
import {boardAction, boardInput, dropped, pickedIn, typingKey, viewAction, type BoardOutcome} from '../boards/board-input.js';
import {dialogKey, helpDialog, openRefused, saveRefused, type Dialog} from '../dialogs/dialog-state.js';
import {formatScore, playedText} from '../format.js';
import {actionFor, type Action} from '../keys.js';
import * as S from '../../play/session.js';
import {doing, stay} from '../store.js';
import {boardOutcome, goToAnswer, moved as movedTo, permission, say, walkedTo} from '../reducer-helpers.js';
import {positionAfterMove} from '../walk.js';
import {
	bothHuman,
	flippedFor,
	humanSide,
	keyContext,
	playedGame,
	shownIndex,
	startOf,
	unsaved,
	type PlayAction,
	type PlayEffect,
	type PlayState,
	type PlayStep,
	type Question,
} from './play-model.js';

/**
 * The clocks as the screen stands: a person's clock stops while a dialog or a question is open
 * (the AI, thinking on meanwhile, keeps its own running); no clock runs once the game is over.
 */
function settle(state: PlayState, now: number): PlayState {
	const {session} = state;
	// A terminal too small to draw the game hides the board: the person cannot play on either.
	const open = state.dialog !== null || state.question !== null || !state.fits;
	const stopped = S.isOver(session) || (open && S.seatToMove(session).kind === 'human');
	const next = stopped ? S.pauseClock(session, now) : S.resumeClock(session, now);
	return next === session ? state : {...state, session: next};
}

/** A new position: the hint and the scroll go, and so does the piece picked up; a position walked to may be gone. */
const moved = (state: PlayState, session: S.Session): PlayState => movedTo(state, session, {hint: null, view: null, premove: null});

/** The position shown, at `index` of the line (the last: the game as it stands, not walked back). */
const walkTo = (state: PlayState, index: number): PlayState => walkedTo(state, state.session, index);

/** The walking keys: [ ] Home End, and g opening "Go to move"; null for any other action. */
function walk(state: PlayState, action: Action): PlayState | null {
	const at = shownIndex(state);
	switch (action) {
		case 'walk-back':
			return at === 0 ? say(state, 'At the first position', true) : walkTo(state, at - 1);
		case 'walk-on': {
			if (state.view !== null) return walkTo(state, at + 1);
			const redo = state.session.redo.length > 0 ? ' (r plays again what was taken back)' : '';
			return say(state, `At the game as it stands${redo}`, true);
		}
		case 'walk-first':
			return at === 0 ? say(state, 'At the first position', true) : walkTo(state, 0);
		case 'walk-last':
			return walkTo(state, state.session.line.length - 1);
		case 'walk-to':
			return {...state, goTo: ''};
		default:
			return null;
	}
}

/** A key while a move number is typed after g. */
const goTo = (state: PlayState, typed: string, name: string): PlayState =>
	goToAnswer(state, typed, name, (closed, number) => walkTo(closed, positionAfterMove(S.moveList(state.session), number)));

/**
 * Keys that act on the game: while a past position is shown, they first go back to the game as
 * it stands, then act on it, as if it had never been walked.
 */
const ON_THE_GAME: ReadonlySet<Action> = new Set<Action>([
	'select',
	'type-move',
	'undo',
	'redo',
	'hint',
	'resign',
	'new-game',
	'rematch',
	'save',
	'load',
]);

/** The effect of stopping a hint under way, if one is. */
const stopHint = (state: PlayState): PlayEffect[] => (state.task?.kind === 'hint' ? [{kind: 'stop-hint'}] : []);

const withoutHint = (state: PlayState): PlayState => (state.task?.kind === 'hint' ? {...state, task: null} : state);

function leave(state: PlayState, effect: PlayEffect): PlayStep {
	return doing({...state, left: true}, effect);
}

/** A question in the status line; a move being typed or a piece picked up is let go, so the question shows. */
const ask = (state: PlayState, question: Omit<Question, 'text'>, text: string): PlayState => ({
	...state,
	question: {...question, text},
	input: dropped(state.input),
});

/** Resigning or starting afresh is no longer the question once the game has ended meanwhile (the AI's move, a flag fall). */
const moot = (state: PlayState): PlayState =>
	state.question && (state.question.kind === 'resign' || state.question.kind === 'new') && S.isOver(state.session)
		? {...state, question: null}
		: state;

/** q, Esc or Ctrl-C: leaves, asking first when the game is not saved. */
function leaveAsking(state: PlayState, quit: boolean, interrupt = false): PlayStep {
	const code = interrupt ? 130 : 0;
	if (!unsaved(state)) return leave(state, quit ? {kind: 'exit', code} : {kind: 'menu', game: state.session.game});
	const question = {kind: quit ? ('quit' as const) : ('leave' as const), ...(interrupt ? {interrupt} : {})};
	const again = interrupt ? ', Ctrl-C again quits' : '';
	return stay(
		ask(
			state,
			question,
			`${quit ? 'Quit' : 'Leave this game for the menu'}? It is not saved: y ${quit ? 'quits' : 'leaves'}, s saves first${again}, any other key goes on`,
		),
	);
}

function restart(state: PlayState, now: number, swap: boolean): PlayStep {
	const next = S.restart(state.session, now, swap, state.start);
	const seats = next.seats;
	const fresh: PlayState = {
		...moved(withoutHint(state), next),
		name: null,
		kept: null,
		keptPath: null,
		input: boardInput(next.game, S.current(next), humanSide(seats)),
		flipped: swap ? flippedFor(next.game, S.current(next), seats) : state.flipped,
	};
	return doing(say(fresh, swap ? 'Rematch: sides swapped' : 'New game'), ...stopHint(state), {kind: 'clear-engine'});
}

/** A move made on the board or typed: played, said. */
function play(state: PlayState, move: number, now: number): PlayState {
	const {session} = state;
	return say(moved(state, S.playMove(session, move, now)), playedText(session.game, S.current(session), move));
}

/** What a key did to the board: a move played, a premove kept, or what it says said. */
const fromBoard = (state: PlayState, outcome: BoardOutcome, now: number): PlayState =>
	boardOutcome(
		state,
		outcome,
		(next, move) => play(next, move, now),
		(next, premove) => {
			const ai = state.session.game.sides[S.toMove(state.session) - 1];
			return say({...next, premove}, `Premove ${premove}: played as soon as ${ai} has moved, if legal then; Esc cancels it`);
		},
	);

function answerQuestion(state: PlayState, question: Question, name: string, now: number): PlayStep {
	const answer = name.toLowerCase();
	const closed = {...state, question: null};
	if (question.kind === 'quit' || question.kind === 'leave' || question.kind === 'open') {
		const then: PlayState['afterSave'] =
			question.kind === 'quit'
				? {kind: 'exit', code: question.interrupt ? 130 : 0}
				: question.kind === 'leave'
					? {kind: 'menu'}
					: {kind: 'load'};
		if (answer === 'y') return afterSaving(closed, then);
		// Save, then do what was asked.
		return answer === 's' ? doing({...closed, afterSave: then}, {kind: 'show', dialog: 'save'}) : stay(closed);
	}
	if (answer !== 'y') return stay(closed);
	if (question.kind === 'new') return restart(closed, now, false);
	// Ended meanwhile: there is nothing to resign.
	if (S.isOver(state.session)) return stay(closed);
	const {session} = state;
	// moved() below lets go of a premove too.
	const resigner = bothHuman(session) ? S.toMove(session) : ((session.seats.findIndex(seat => seat.kind === 'human') + 1) as Player);
	return doing(
		say(moved(withoutHint(closed), S.resign(session, resigner, now)), `${session.game.sides[resigner - 1]} resigned`),
		...stopHint(state),
	);
}

/** Quit, leave for the menu or open another game, as asked before a save (or without one). */
function afterSaving(state: PlayState, then: NonNullable<PlayState['afterSave']>): PlayStep {
	const done = {...state, afterSave: null};
	if (then.kind === 'exit') return leave(done, then);
	if (then.kind === 'menu') return leave(done, {kind: 'menu', game: state.session.game});
	return doing(withoutHint(done), ...stopHint(state), {kind: 'show', dialog: 'load'});
}

function dialogAnswer(state: PlayState, dialog: Dialog, name: string, now: number): PlayStep {
	const answer = dialogKey(dialog, name);
	switch (answer.kind) {
		case 'stay':
			return stay({...state, dialog: answer.dialog});
		case 'close':
			// Closed without saving: what was to follow the save is off too.
			return stay({...state, dialog: null, afterSave: null});
		case 'interrupt':
			return leaveAsking({...state, dialog: null, afterSave: null}, true, true);
		case 'save': {
			const {session} = state;
			// The clocks as they read now, not as the turn began.
			const line = S.lineNow(session, now);
			const {players} = playedGame(state, now);
			return doing(state, {
				kind: 'save',
				name: answer.name,
				replace: answer.replace,
				game: session.game,
				line,
				moves: session.moves,
				ended: session.ended,
				from: session.line,
				...(players ? {players} : {}),
				...(session.clocked ? {} : {clocked: false}),
			});
		}
		case 'open':
			return doing(state, {kind: 'open', path: answer.path});
	}
}

function undoRedo(state: PlayState, back: boolean, now: number): PlayStep {
	const before = state.session;
	const after = back ? S.undo(before, now) : S.redo(before, now);
	const stopped = withoutHint(state);
	if (after === before) {
		const why = !back
			? 'Nothing to play again'
			: before.ended?.reason === 'time'
				? 'Time ran out: taking moves back gives no time back (n starts a new game)'
				: 'Nothing to take back';
		return doing(say(stopped, why, true), ...stopHint(state));
	}
	const count = Math.abs(after.moves.length - before.moves.length);
	const what = count === 0 ? 'the resignation' : `${count} move${count === 1 ? '' : 's'}`;
	return doing(say(moved(stopped, after), `${back ? 'Took back' : 'Replayed'} ${what}`), ...stopHint(state));
}

function askHint(state: PlayState, now: number): PlayStep {
	const {session} = state;
	const allowed = permission(session);
	if (!allowed.canMove) return stay(say(state, allowed.cannotMove, true));
	if (state.task) return stay(state);
	const mover = S.toMove(session);
	const thinking: Thinking = {who: 'hint:', info: null, startedAt: now, budgetMs: HINT_MS, mover};
	return doing(
		{...state, task: {kind: 'hint', line: session.line, thinking}},
		{kind: 'hint', game: session.game, state: S.current(session), line: session.line},
	);
}

/** How long a hint may think. */
export const HINT_MS = 1500;

function key(state: PlayState, name: string, now: number): PlayStep {
	if (state.question) {
		if (name === 'ctrl+c') {
			const asked = state.question.kind === 'quit' || state.question.kind === 'leave';
			return asked ? leave(state, {kind: 'exit', code: 130}) : leaveAsking({...state, question: null}, true, true);
		}
		return answerQuestion(state, state.question, name, now);
	}
	if (name === 'ctrl+c') return leaveAsking({...state, dialog: null, afterSave: null, goTo: null}, true, true);
	// Too small a terminal shows the game to nobody: no key plays it unseen; q quits (asking).
	if (!state.fits) return name === 'q' ? leaveAsking({...state, dialog: null, afterSave: null, goTo: null}, true) : stay(state);
	if (state.dialog) return dialogAnswer(state, state.dialog, name, now);
	if (state.goTo !== null) return stay(goTo(state, state.goTo, name));
	const {session} = state;
	const game = session.game;
	const position = S.current(session);
	const allowed = permission(session);
	const typed = typingKey(state.input, name, game, position, allowed);
	if (typed) return stay(fromBoard(state, typed, now));
	const action = actionFor(keyContext(state), name);
	if (action === undefined) return stay(state);
	if (state.premove !== null && action === 'cancel' && state.input.picked.length === 0)
		return stay(say({...state, premove: null}, `Premove ${state.premove} cancelled`));
	const walked = walk(state, action);
	if (walked) return stay(walked);
	if (state.view !== null) {
		// Esc while walking goes back to the game rather than leaving it.
		if (action === 'cancel' || action === 'menu') return stay(walkTo(state, session.line.length - 1));
		if (ON_THE_GAME.has(action)) return act(walkTo(state, session.line.length - 1), action, now);
	}
	return act(state, action, now);
}

/** What an action does to the game as it stands (the board's keys, the game's, the view's). */
function act(state: PlayState, action: Action, now: number): PlayStep {
	const {session} = state;
	const game = session.game;
	const position = S.current(session);
	const allowed = permission(session);
	if (action === 'cancel' && pickedIn(state.input, game, position).length === 0) return leaveAsking(state, false);
	const onBoard = boardAction(state.input, action, game, position, state.flipped, allowed);
	if (onBoard) return stay(fromBoard(state, onBoard, now));
	const viewed = viewAction(state, action);
	if (viewed) return stay(viewed);
	const over = S.isOver(session);
	switch (action) {
		case 'undo':
		case 'redo':
			return undoRedo(state, action === 'undo', now);
		case 'hint':
			return askHint(state, now);
		case 'resign':
			return over ? stay(state) : stay(ask(state, {kind: 'resign'}, 'Resign this game? y resigns, any other key goes on'));
		case 'new-game':
			if (over || session.moves.length === 0) return restart(state, now, false);
			return stay(ask(state, {kind: 'new'}, 'Abandon this game and start a new one? y starts afresh, any other key goes on'));
		case 'rematch':
			return restart(state, now, true);
		case 'save':
			return doing(state, {kind: 'show', dialog: 'save'});
		case 'load':
			if (unsaved(state))
				return stay(
					ask(state, {kind: 'open'}, 'Open another game? This one is not saved: y opens the list, s saves first, any other key goes on'),
				);
			return afterSaving(state, {kind: 'load'});
		case 'help':
			return stay({...state, dialog: helpDialog(keyContext(state), state.session.game.phrases)});
		case 'review':
			return over
				? doing(state, {kind: 'review', played: playedGame(state, now), seats: session.seats, flipped: state.flipped})
				: stay(state);
		case 'export':
			return over ? doing(state, {kind: 'export', played: playedGame(state, now)}) : stay(state);
		case 'menu':
			return leaveAsking(state, false);
		case 'quit':
			return leaveAsking(state, true);
		default:
			return stay(state);
	}
}

function aiAnswer(state: PlayState, line: readonly unknown[], result: EngineResult, now: number): PlayState {
	const done = {...state, task: null};
	const {session} = state;
	if (session.line !== line) return done;
	const {game} = session;
	const position = S.current(session);
	if (result.move < 0 || !game.legalMoves(position).includes(result.move)) {
		return say(done, `The engine gave no legal move (${result.moveText || 'none'}); u takes back, n starts again`, true);
	}
	const mover = S.toMove(session);
	const best = result.lines[0];
	const played = `${playedText(game, position, result.move)}${best ? ` (${formatScore(best.score, mover, game.sides)}, depth ${result.depth})` : ''}`;
	// A warning from opening the file stays in view after the AI's first move.
	const status =
		state.status.error && state.status.text.startsWith('Opened')
			? {text: `${played} · ${state.status.text}`, error: true}
			: {text: played, error: false};
	const answered: PlayState = {...state, task: null, session: S.playMove(session, result.move, now), scroll: 0, status};
	return state.premove === null ? answered : playPremove(answered, state.premove, now);
}

/** The premove, now that the AI has answered: played if it is legal where the game now stands, else said why not. */
function playPremove(state: PlayState, typed: string, now: number): PlayState {
	const cleared = {...state, premove: null};
	const allowed = permission(state.session);
	if (!allowed.canMove) return say(cleared, `${state.status.text} · premove ${typed} not played: ${allowed.cannotMove}`, true);
	const parsed = state.session.game.parseMove(S.current(state.session), typed);
	if (!parsed.ok) return say(cleared, `${state.status.text} · premove ${typed} not played: ${parsed.error}`, true);
	const played = play(cleared, parsed.value, now);
	return say(played, `${state.status.text} · ${played.status.text} (premove)`);
}

function reduce(state: PlayState, action: PlayAction): PlayStep {
	switch (action.type) {
		case 'key':
			return key(state, action.name, action.now);
		case 'size':
			return stay(state.fits === action.fits ? state : {...state, fits: action.fits});
		case 'tick': {
			const flagged = S.checkFlag(state.session, action.now);
			// What the status said before (a hint, say) is no longer the news.
			return stay(
				flagged === state.session
					? state
					: moot(
							say({...state, session: flagged, input: dropped(state.input), hint: null, premove: null}, flagged.ended?.description ?? ''),
						),
			);
		}
		case 'ai-thinking':
			return stay(
				state.session.line === action.line ? {...state, task: {kind: 'ai', line: action.line, thinking: action.thinking}} : state,
			);
		case 'ai-progress':
			return stay(
				state.task?.kind === 'ai' && state.task.line === action.line
					? {...state, task: {...state.task, thinking: {...state.task.thinking, info: action.info}}}
					: state,
			);
		case 'ai-answer': {
			const answered = moot(aiAnswer(state, action.line, action.result, action.now));
			// The AI moved: the person hears it (the game's end rings on its own).
			const moved = answered.session.line !== state.session.line;
			return moved && state.bell && !S.isOver(answered.session) ? doing(answered, {kind: 'bell'}) : stay(answered);
		}
		case 'ai-failed':
			return stay(
				state.session.line === action.line
					? say({...state, task: null}, `The engine failed: ${action.message}. u takes back; the next move starts it again`, true)
					: state,
			);
		case 'ai-gone':
			return stay(state.task?.kind === 'ai' && state.task.line === action.line ? {...state, task: null} : state);
		case 'hint-progress':
			return stay(
				state.task?.kind === 'hint' && state.task.line === action.line
					? {...state, task: {...state.task, thinking: {...state.task.thinking, info: action.info}}}
					: state,
			);
		case 'hint-answer': {
			const done = withoutHint(state);
			const {result} = action;
			if (!result || result.move < 0 || state.session.line !== action.line) return stay(done);
			const {game} = state.session;
			const position = S.current(state.session);
			const best = result.lines[0];
			const score = best ? ` (${formatScore(best.score, S.toMove(state.session), game.sides)})` : '';
			return stay(say({...done, hint: {ends: game.moveEnds(position, result.move)}}, `Hint: ${result.moveText}${score}`));
		}
		case 'dialog':
			return stay({...state, dialog: action.dialog});
		case 'saved': {
			const {outcome} = action;
			if (state.dialog?.kind !== 'save') return stay(state);
			if (outcome.kind !== 'saved') return stay({...state, dialog: saveRefused(state.dialog, outcome)});
			const saved = say({...state, dialog: null, savedLine: action.line, name: recordName(outcome.path)}, `Saved ${outcome.path}`);
			return state.afterSave ? afterSaving(saved, state.afterSave) : stay(saved);
		}
		case 'opened': {
			const {session} = state;
			const next = S.newSession(
				action.game,
				// A game saved as played without a clock goes on without one.
				{
					seats: session.seats,
					clocked: session.clocked && action.clocked !== false,
					line: action.line,
					moves: action.moves,
					ended: action.ended,
				},
				action.now,
			);
			const human = session.seats.findIndex(seat => seat.kind === 'human');
			// Against the AI a person keeps their seat: say which side that is in the game opened.
			const side = bothHuman(session) || human < 0 ? '' : ` · you play ${action.game.sides[human]}`;
			const opened: PlayState = {
				...moved(state, next),
				start: startOf(next, state.clockSeconds),
				dialog: null,
				savedLine: next.line,
				name: recordName(action.path),
				kept: S.isOver(next) ? {game: action.game, line: next.line, moves: next.moves} : null,
				keptPath: null,
				input: action.game === session.game ? dropped(state.input) : boardInput(action.game, S.current(next), humanSide(session.seats)),
			};
			return stay(say(opened, `Opened ${action.path}${side}${action.note ? ` (${action.note})` : ''}`, action.note !== null));
		}
		case 'open-failed':
			return stay(state.dialog?.kind === 'load' ? {...state, dialog: openRefused(state.dialog, action.error)} : state);
		case 'exported':
			return stay(action.result.ok ? say(state, `Wrote ${action.result.value}`) : say(state, action.result.error, true));
		case 'kept':
			// The result box says where it went; the status line goes on saying how the game ended.
			if (!action.result.ok) return stay(say({...state, keptPath: null}, `The game could not be kept: ${action.result.error}`, true));
			return stay({...state, keptPath: action.result.value});
	}
}

/**
 * The effect that keeps a game that has just ended (`before` was not over, `after` is: by a move,
 * a resignation, a flag fall, even before any move): every finished game goes into the games
 * folder, once, whatever is pressed next.
 */
function keeping(before: PlayState, after: PlayState, now: number): {state: PlayState; effects: PlayEffect[]} {
	if (S.isOver(before.session) || !S.isOver(after.session)) return {state: after, effects: []};
	const played = playedGame(after, now);
	if (after.kept && sameGame(after.kept, played)) return {state: after, effects: []};
	const ring: PlayEffect[] = after.bell ? [{kind: 'bell'}] : [];
	return {state: {...after, kept: {game: played.game, line: played.line, moves: played.moves}}, effects: [{kind: 'keep', played}, ...ring]};
}

/** The play screen's reducer: every action, then the clocks as the screen then stands. */
export function playReducer(state: PlayState, action: PlayAction): PlayStep {
	if (state.left) return stay(state);
	const step = reduce(state, action);
	if (!('now' in action)) return step;
	// A game opened finished is a file already; one that ends here is kept.
	const kept = action.type === 'opened' ? {state: step.state, effects: []} : keeping(state, step.state, action.now);
	return {state: settle(kept.state, action.now), effects: [...step.effects, ...kept.effects]};
}
