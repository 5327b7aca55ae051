/**
 * A game against the AI or between two people, as a reducer: the session, the board's cursor
 * and typed move, the dialog or question open, the engine's work shown, the status line. Keys,
 * the engine's answers and the clock come in as actions; leaving, files and the engine go out
 * as effects.
 */
import type {Player, Result} from '../games/game.js';
import {sameGame, type PlayedGame} from '../files/review-export.js';
import {recordName} from '../files/export.js';
import {recordPlayer} from '../files/record.js';
import {forcedPass} from '../games/game.js';
import type {AnyGame} from '../games/registry.js';
import type {EngineInfo, EngineResult} from '../engine/client.js';
import {levelOf} from '../engine/levels.js';
import {boardAction, boardInput, dropped, pickedIn, typingKey, viewAction, type BoardInput, type BoardOutcome} from './board-input.js';
import {dialogKey, helpDialog, openRefused, saveRefused, type Dialog} from './dialog-state.js';
import type {FileAction, FileEffect} from './files.js';
import {formatScore, playedText} from './format.js';
import {actionFor, type Action, type KeyContext} from './keys.js';
import type {Thinking} from './panel.js';
import * as S from '../play/session.js';
import {doing, stay, type Step} from './store.js';
import {boardOutcome, goToAnswer, moved as movedTo, permission, say, walkedTo} from './reducer-helpers.js';
import {positionAfterMove} from './walk.js';

/** Questions asked in the status line, answered by the next key. */
export interface Question {
	/** Resign, start afresh, quit, leave for the menu, open another game (the last three when this one is not saved). */
	readonly kind: 'resign' | 'new' | 'quit' | 'leave' | 'open';
	/** Asked because of Ctrl-C: leaving then exits with 130, and a second Ctrl-C leaves. */
	readonly interrupt?: boolean;
	/** The question as the status line shows it until it is answered, whatever else happens meanwhile. */
	readonly text: string;
}

/** What the engine is doing for this screen: the AI's move, or a hint for the person. */
export interface Task {
	readonly kind: 'ai' | 'hint';
	/** The session's line it thinks about. */
	readonly line: readonly unknown[];
	readonly thinking: Thinking;
}

export interface Status {
	readonly text: string;
	readonly error: boolean;
}

export interface PlayState {
	readonly session: S.Session;
	/** Where a new game (n) or a rematch (w) starts: the position this game was set up from. */
	readonly start: unknown;
	readonly status: Status;
	readonly dialog: Dialog | null;
	readonly question: Question | null;
	readonly flipped: boolean;
	readonly input: BoardInput;
	/** Rows the move list is scrolled back. */
	readonly scroll: number;
	/**
	 * The position shown while the game is walked ([ ] Home End g), as an index into the
	 * session's line, never its last; null: the game as it stands. The game goes on meanwhile.
	 */
	readonly view: number | null;
	/** The move number typed after g, while it is typed. */
	readonly goTo: string | null;
	readonly task: Task | null;
	/** The hint shown on the board. */
	readonly hint: {readonly ends: readonly number[]} | null;
	/** The line last saved or opened: leaving it as it is loses nothing. */
	readonly savedLine: readonly unknown[] | null;
	/** The screen is being left: nothing more happens here. */
	readonly left: boolean;
	/** Seeds the AI's noise (levels 1 to 3). */
	readonly seed: number;
	/** What was asked for before saving ("s saves first"), done once the save is made. */
	readonly afterSave: {readonly kind: 'exit'; readonly code: number} | {readonly kind: 'menu'} | {readonly kind: 'load'} | null;
	/** Whether the terminal is large enough to draw the game: if not, the game waits, unseen. */
	readonly fits: boolean;
	/** The seconds on each clock a new game gets when it cannot start from a position's own (--clock). */
	readonly clockSeconds: number | undefined;
	/** The name the game's record takes (the file it was opened from or saved as), or null: the date's. */
	readonly name: string | null;
	/** The finished game last kept in the games folder: the same game ended again (undo, redo) is not kept twice. */
	readonly kept: Pick<PlayedGame, 'game' | 'line' | 'moves'> | null;
	/** Where it was kept, for the result box; null before. */
	readonly keptPath: string | null;
	/** A move typed while the AI thinks, to play the moment it has answered (if legal then); Esc cancels it. */
	readonly premove: string | null;
	/** Whether the bell rings (the menu's Bell row, --quiet). */
	readonly bell: boolean;
}

export type PlayAction =
	/** `fits`: whether the screen is drawn (too small a terminal has no status line to ask in). */
	| {readonly type: 'key'; readonly name: string; readonly now: number}
	/** The terminal grew or shrank past the size the game needs. */
	| {readonly type: 'size'; readonly fits: boolean; readonly now: number}
	/** Time passed: a flag may have fallen. */
	| {readonly type: 'tick'; readonly now: number}
	| {readonly type: 'ai-thinking'; readonly line: readonly unknown[]; readonly thinking: Thinking}
	| {readonly type: 'ai-progress'; readonly line: readonly unknown[]; readonly info: EngineInfo}
	| {readonly type: 'ai-answer'; readonly line: readonly unknown[]; readonly result: EngineResult; readonly now: number}
	| {readonly type: 'ai-failed'; readonly line: readonly unknown[]; readonly message: string}
	/** The AI's think for `line` is over or abandoned. */
	| {readonly type: 'ai-gone'; readonly line: readonly unknown[]}
	| {readonly type: 'hint-progress'; readonly line: readonly unknown[]; readonly info: EngineInfo}
	| {readonly type: 'hint-answer'; readonly line: readonly unknown[]; readonly result: EngineResult | null}
	/** The record e asked for is written, or why not. */
	| {readonly type: 'exported'; readonly result: Result<string, string>}
	/** The finished game is kept in the games folder, or why not. */
	| {readonly type: 'kept'; readonly result: Result<string, string>}
	| FileAction;

export type PlayEffect =
	| {readonly kind: 'menu'; readonly game: AnyGame}
	| {readonly kind: 'exit'; readonly code: number}
	| FileEffect
	| {readonly kind: 'hint'; readonly game: AnyGame; readonly state: unknown; readonly line: readonly unknown[]}
	| {readonly kind: 'stop-hint'}
	| {readonly kind: 'clear-engine'}
	/** The game to the review screen, or written as a record (v and e at the end). */
	| {readonly kind: 'review'; readonly played: PlayedGame; readonly seats: readonly [S.Seat, S.Seat]; readonly flipped: boolean}
	| {readonly kind: 'export'; readonly played: PlayedGame}
	/** A game that has just ended, to keep as a record in the games folder (the menu's Games list). */
	| {readonly kind: 'keep'; readonly played: PlayedGame}
	/** The terminal's bell: the AI has moved, or the game has ended. */
	| {readonly kind: 'bell'};

type PlayStep = Step<PlayState, PlayEffect>;

export interface PlaySetup {
	readonly game: AnyGame;
	readonly seats: readonly [S.Seat, S.Seat];
	readonly clocked: boolean;
	/** Seconds on each clock at the start (each move's, in a game whose clock is per move); the position's own readings when absent. */
	readonly clockSeconds?: number;
	/** The position a new game starts from (the menu's random board); the game's start when absent. */
	readonly start?: unknown;
	readonly line?: readonly unknown[];
	readonly moves?: readonly number[];
	/** How the game ended where the rules do not say, as its save recorded. */
	readonly ended?: S.Session['ended'];
	/** Shown in the status line at the start (e.g. where the game was loaded from). */
	readonly note?: string;
	/** The name the game's record takes: the file it was opened from, or saved as. */
	readonly name?: string;
	/** Whether the bell rings when the AI moves and when the game ends (and the screen, when the person's clock drops under 10 s); on when absent. */
	readonly bell?: boolean;
}

const humanSide = (seats: readonly [S.Seat, S.Seat]): number | undefined => seats.findIndex(seat => seat.kind === 'human') + 1 || undefined;

/**
 * The board is seen from the person's side, in a game whose board has sides (LOA's): flipped when
 * only the second side is a person's. A board drawn one way for both (PAH-TUM's grid) never is.
 */
const flippedFor = (game: AnyGame, state: unknown, seats: readonly [S.Seat, S.Seat]): boolean =>
	game.board(state).turnsForSecond && seats[0].kind === 'ai' && seats[1].kind === 'human';

export function playState(setup: PlaySetup, now: number): PlayState {
	const {game} = setup;
	const session = S.newSession(
		game,
		{
			seats: setup.seats,
			clocked: setup.clocked,
			...(setup.clockSeconds === undefined ? {} : {clockSeconds: setup.clockSeconds}),
			...(setup.line ? {line: setup.line} : setup.start !== undefined ? {line: [setup.start]} : {}),
			...(setup.moves ? {moves: setup.moves} : {}),
			...(setup.ended ? {ended: setup.ended} : {}),
		},
		now,
	);
	const state = S.current(session);
	return {
		session,
		start: startOf(session, setup.clockSeconds),
		status: {text: setup.note ?? '', error: false},
		dialog: null,
		question: null,
		flipped: flippedFor(game, S.current(session), setup.seats),
		input: boardInput(game, state, humanSide(setup.seats)),
		scroll: 0,
		view: null,
		goTo: null,
		task: null,
		hint: null,
		savedLine: setup.line ? session.line : null,
		left: false,
		seed: Math.floor(now) >>> 0,
		afterSave: null,
		fits: true,
		clockSeconds: setup.clockSeconds,
		name: setup.name ?? null,
		// A game set up over (a finished save opened, the game back from its review) is a file
		// already: taken back and ended again the same way, it is not kept as another.
		kept: S.isOver(session) ? {game, line: session.line, moves: session.moves} : null,
		keptPath: null,
		premove: null,
		bell: setup.bell ?? true,
	};
}

/**
 * Where a new game (n) or a rematch (w) starts: the position the game was set up from (a FILE's),
 * when a game can go on from there; else the first position of its line (a save's history
 * starts there); else the game's own start. A position is no start when its game is over, by
 * the rules or by an ending its save recorded, or when a clock in it has run out.
 */
function startOf(session: S.Session, clockSeconds?: number): unknown {
	const {game} = session;
	const playable = (state: unknown) =>
		!game.outcome(state) && (!session.clocked || (game.clocks(state) as readonly number[]).every(seconds => seconds > 0));
	const last = S.current(session);
	if (session.ended === null && playable(last)) return last;
	if (playable(session.line[0])) return session.line[0];
	const fresh = game.initial();
	return clockSeconds === undefined ? fresh : game.withClocks(fresh, [clockSeconds, clockSeconds]);
}

export const seatName = (seat: S.Seat, bothHuman: boolean, player: Player): string =>
	seat.kind === 'ai' ? `level ${seat.level} ${levelOf(seat.level).name}` : bothHuman ? `player ${player}` : 'you';

const bothHuman = (session: S.Session): boolean => session.seats.every(seat => seat.kind === 'human');

/** Whether `line` is the line saved: the same positions (taken back and played again, they are the very same). */
const isSaved = (line: readonly unknown[], saved: readonly unknown[] | null): boolean =>
	line === saved || (saved !== null && line.length === saved.length && line.every((position, index) => position === saved[index]));

/** Whether leaving now would lose moves that are in no file. */
export const unsaved = (state: PlayState): boolean =>
	!S.isOver(state.session) && state.session.moves.length > 0 && !isSaved(state.session.line, state.savedLine);

export const keyContext = (state: PlayState): KeyContext => (S.isOver(state.session) ? 'over' : 'play');

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

/** The index into the session's line of the position shown: the one walked to, else the game's last. */
export const shownIndex = (state: PlayState): number => state.view ?? state.session.line.length - 1;

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

/** The game as played, for its review and its record: who sat where, by the names the screen shows. */
export function playedGame(state: PlayState, now: number): PlayedGame {
	const {session} = state;
	const both = bothHuman(session);
	// The clocks as they read now: a flag fall or a resignation ends a turn the last position does not charge.
	const line = S.lineNow(session, now);
	return {
		game: session.game,
		line,
		moves: session.moves,
		ended: session.ended,
		players: [recordPlayer(seatName(session.seats[0], both, 1)), recordPlayer(seatName(session.seats[1], both, 2))],
		clocked: session.clocked,
		...(state.name === null ? {} : {name: state.name}),
	};
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

/** The status line when a side must pass, or the turn line. */
export function turnLine(state: PlayState): string {
	const {session} = state;
	const {game} = session;
	const position = S.current(session);
	const mover = S.toMove(session);
	const seat = S.seatToMove(session);
	if (state.view !== null) {
		// Short enough for the panel beside an 8×8 board at 80×24; the move list shows whose move.
		return `Viewing ${state.view > 0 ? `move ${game.moveNumber(session.line[state.view - 1])}` : 'the start'} · End returns`;
	}
	if (S.isOver(session)) return 'Game over';
	const limit = game.moveLimit;
	if (forcedPass(game, position) !== undefined) {
		// Short enough for the panel beside an 8×8 board at 80×24.
		return `Move ${game.moveNumber(position)} · ${game.sides[mover - 1]}: no move, ${seat.kind === 'human' ? 'Enter passes' : 'must pass'}`;
	}
	return `Move ${game.moveNumber(position)}${limit ? `/${limit}` : ''} · ${game.sides[mover - 1]} to play${seat.kind === 'human' && !bothHuman(session) ? ' (you)' : ''}`;
}
