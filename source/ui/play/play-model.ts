/**
 * The play screen's state (play-state.ts is its reducer): its shape, with the actions that come in
 * and the effects that go out; the first state from a setup; and what the screen reads of it (the
 * position shown, whether it is saved, the turn line, the game as played).
 */
import type {Player, Result} from '../../games/game.js';
import type {PlayedGame} from '../../files/review-export.js';
import {recordPlayer} from '../../files/record.js';
import {forcedPass} from '../../games/game.js';
import type {AnyGame} from '../../games/registry.js';
import type {EngineInfo, EngineResult} from '../../engine/client.js';
import {levelOf} from '../../engine/levels.js';
import {boardInput, type BoardInput} from '../boards/board-input.js';
import type {Dialog} from '../dialogs/dialog-state.js';
import type {FileAction, FileEffect} from '../dialogs/files.js';
import type {KeyContext} from '../keys.js';
import type {Thinking} from '../panel.js';
import * as S from '../../play/session.js';
import type {Step} from '../store.js';

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

/** What a step of the play screen's reducer gives: its new state and its effects. */
export type PlayStep = Step<PlayState, PlayEffect>;

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

export const humanSide = (seats: readonly [S.Seat, S.Seat]): number | undefined =>
	seats.findIndex(seat => seat.kind === 'human') + 1 || undefined;

/**
 * The board is seen from the person's side, in a game whose board has sides (LOA's): flipped when
 * only the second side is a person's. A board drawn one way for both (PAH-TUM's grid) never is.
 */
export const flippedFor = (game: AnyGame, state: unknown, seats: readonly [S.Seat, S.Seat]): boolean =>
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
export function startOf(session: S.Session, clockSeconds?: number): unknown {
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

export const bothHuman = (session: S.Session): boolean => session.seats.every(seat => seat.kind === 'human');

/** Whether `line` is the line saved: the same positions (taken back and played again, they are the very same). */
const isSaved = (line: readonly unknown[], saved: readonly unknown[] | null): boolean =>
	line === saved || (saved !== null && line.length === saved.length && line.every((position, index) => position === saved[index]));

/** Whether leaving now would lose moves that are in no file. */
export const unsaved = (state: PlayState): boolean =>
	!S.isOver(state.session) && state.session.moves.length > 0 && !isSaved(state.session.line, state.savedLine);

export const keyContext = (state: PlayState): KeyContext => (S.isOver(state.session) ? 'over' : 'play');

/** The index into the session's line of the position shown: the one walked to, else the game's last. */
export const shownIndex = (state: PlayState): number => state.view ?? state.session.line.length - 1;

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
