/**
 * The demo as a reducer: two AIs play game after game, the sides swapping each game, a pause
 * between moves; keys pause, step, change the speed. The thinks and the timers are the screen's;
 * what they found and when they fire come in as actions.
 */
import type {Player, Result} from '../../games/game.js';
import {recordPlayer} from '../../files/record.js';
import type {PlayedGame} from '../../files/review-export.js';
import type {AnyGame} from '../../games/registry.js';
import type {EngineInfo, EngineResult} from '../../engine/client.js';
import {viewAction} from '../boards/board-input.js';
import {dialogKey, helpDialog, type HelpDialog} from '../dialogs/dialog-state.js';
import {formatScore, lineText} from '../format.js';
import {actionFor} from '../keys.js';
import type {Thinking} from '../panel.js';
import {setupOf} from '../menu/menu-state.js';
import type {Setup} from '../../games/setup.js';
import {seatName} from '../play/play-model.js';
import * as S from '../../play/session.js';
import {doing, stay, type Step} from '../store.js';

export interface DemoSetup {
	readonly game: AnyGame;
	/** Levels of the AI that starts as player 1 (A) and as player 2 (B). */
	readonly levels: readonly [number, number];
	/** Milliseconds between moves. */
	readonly delayMs: number;
	/**
	 * Milliseconds a game's result stays up before the next game starts: betweenGames of the pause
	 * between moves when absent (as the menu and the command line leave it); a test's series sets it short.
	 */
	readonly resultMs?: number;
	/** Games to play; 0 for no end. */
	readonly games: number;
	/** Seconds on each clock (per move, in a game whose clock is); the game's own when absent. */
	readonly clockSeconds?: number;
	/** Whether the games are played on clocks (the menu's Clock row: "no clock" plays without); true when absent. */
	readonly clocked?: boolean;
	/** The position every game starts from (a FILE's); the game's start when absent. */
	readonly start?: unknown;
	/**
	 * In a game whose boards are drawn at random, the seed of the first board: each board is played
	 * twice, each side first once, then the next seed's.
	 */
	readonly board?: number;
	/** The boards' options as chosen (the menu's; setup.ts), the game's defaults where none is. */
	readonly setup?: Setup;
}

export const MIN_DELAY = 0;
export const MAX_DELAY = 10_000;
/** The pauses + and - step through, so that + then - comes back to where it was. */
export const DELAY_STEPS: readonly number[] = [0, 50, 100, 150, 200, 300, 500, 750, 1000, 1500, 2000, 3000, 5000, 7500, 10_000];

/** The next pause of DELAY_STEPS shorter (`faster`) or longer than `delay`; from one between two steps, the one on that side. */
export function stepDelay(delay: number, faster: boolean): number {
	if (faster) return [...DELAY_STEPS].reverse().find(step => step < delay) ?? MIN_DELAY;
	return DELAY_STEPS.find(step => step > delay) ?? MAX_DELAY;
}

/** Milliseconds the result of a game stays up before the next starts: three pauses, at least long enough to read it. */
export const betweenGames = (delay: number): number => Math.min(5000, Math.max(2500, delay * 3));

export interface Tally {
	/** Games won by A and by B, and the games drawn or tied. */
	readonly wins: readonly [number, number];
	readonly draws: number;
}

export interface DemoState {
	readonly setup: DemoSetup;
	readonly session: S.Session;
	/** The game of the series shown, from 0: A plays first in the even ones. */
	readonly gameIndex: number;
	readonly paused: boolean;
	/** Play the next move (or start the next game) now, paused or not. */
	readonly stepOnce: boolean;
	readonly delay: number;
	/** The move found, waiting for its pause to end. */
	readonly pending: {readonly line: readonly unknown[]; readonly move: number; readonly text: string} | null;
	readonly thinking: (Thinking & {readonly line: readonly unknown[]}) | null;
	/** The last line each side thought, by player. */
	readonly thoughts: readonly [string, string];
	readonly tally: Tally;
	/** The game last counted in the tally. */
	readonly counted: number;
	readonly help: HelpDialog | null;
	readonly flipped: boolean;
	readonly scroll: number;
	/** What went wrong with the last think; it is tried again after a second. */
	readonly failure: string | null;
	/** Thinks tried again so far (a new try starts a new think). */
	readonly attempt: number;
	/** When the last move was played (the pause runs from there). */
	readonly lastMoveAt: number;
	readonly left: boolean;
	/** Whether the terminal is large enough to draw the board: if not, only q and Ctrl-C act. */
	readonly fits: boolean;
	/** Where the last finished game was kept (the games folder), or why it could not be; null before. */
	readonly kept: {readonly path: string} | {readonly error: string} | null;
}

export type DemoAction =
	| {readonly type: 'key'; readonly name: string}
	| {readonly type: 'size'; readonly fits: boolean}
	| {readonly type: 'think-start'; readonly line: readonly unknown[]; readonly thinking: Thinking}
	| {readonly type: 'think-progress'; readonly line: readonly unknown[]; readonly info: EngineInfo}
	| {readonly type: 'think-answer'; readonly line: readonly unknown[]; readonly result: EngineResult; readonly now: number}
	| {readonly type: 'think-failed'; readonly line: readonly unknown[]; readonly message: string}
	/** A second after a failure: think again. */
	| {readonly type: 'retry'}
	/** The pause after the last move is over: the move found is played. */
	| {readonly type: 'play-pending'; readonly now: number}
	/** The result has been up long enough: the next game starts. */
	| {readonly type: 'next-game'; readonly now: number}
	| {readonly type: 'tick'; readonly now: number}
	/** The game just finished is kept in the games folder, or why not. */
	| {readonly type: 'kept'; readonly result: Result<string, string>};

export type DemoEffect =
	| {readonly kind: 'menu'}
	| {readonly kind: 'exit'; readonly code: number}
	| {readonly kind: 'clear-engine'}
	/** A game of the series that has just ended, to keep like a game played (the menu's Games list). */
	| {readonly kind: 'keep'; readonly played: PlayedGame}
	/** v on a finished game: to the review screen. */
	| {readonly kind: 'review'; readonly played: PlayedGame};

type DemoStep = Step<DemoState, DemoEffect>;

/** Game `index` has A as player 1 when it is even: the sides swap every game. */
function seatsFor(setup: DemoSetup, index: number): readonly [S.Seat, S.Seat] {
	const [a, b] = [S.ai(setup.levels[0]), S.ai(setup.levels[1])];
	return index % 2 === 0 ? [a, b] : [b, a];
}

/** Where game `index` starts: FILE's position, a random board (the same for each pair of games), or the game's start. */
function startOf(setup: DemoSetup, index: number): unknown {
	if (setup.start !== undefined) return setup.start;
	const {game} = setup;
	if (!game.randomBoards) return game.initial();
	return game.initial(setupOf(game, {...setup, board: ((setup.board ?? 1) + Math.floor(index / 2)) % 0x80000000}));
}

const freshSession = (setup: DemoSetup, index: number, now: number): S.Session =>
	S.newSession(
		setup.game,
		{
			seats: seatsFor(setup, index),
			clocked: setup.clocked ?? true,
			...(setup.clockSeconds === undefined ? {} : {clockSeconds: setup.clockSeconds}),
			line: [startOf(setup, index)],
		},
		now,
	);

export function demoState(setup: DemoSetup, now: number): DemoState {
	return {
		setup,
		session: freshSession(setup, 0, now),
		gameIndex: 0,
		paused: false,
		stepOnce: false,
		delay: setup.delayMs,
		pending: null,
		thinking: null,
		thoughts: ['', ''],
		tally: {wins: [0, 0], draws: 0},
		counted: -1,
		help: null,
		flipped: false,
		scroll: 0,
		failure: null,
		attempt: 0,
		lastMoveAt: now,
		left: false,
		fits: true,
		kept: null,
	};
}

export const played = (tally: Tally): number => tally.wins[0] + tally.wins[1] + tally.draws;

export const seriesOver = (state: DemoState): boolean => state.setup.games > 0 && played(state.tally) >= state.setup.games;

/** A finished game counts once in the tally. */
function count(state: DemoState): DemoState {
	const outcome = S.outcomeOf(state.session);
	if (!outcome || state.counted === state.gameIndex) return state;
	const {wins, draws} = state.tally;
	const aIsFirst = state.gameIndex % 2 === 0;
	const tally: Tally = !outcome.winner
		? {wins, draws: draws + 1}
		: (outcome.winner === 1) === aIsFirst
			? {wins: [wins[0] + 1, wins[1]], draws}
			: {wins: [wins[0], wins[1] + 1], draws};
	return {...state, tally, counted: state.gameIndex};
}

function key(state: DemoState, name: string): DemoStep {
	if (name === 'ctrl+c') return doing({...state, left: true}, {kind: 'exit', code: 130});
	if (!state.fits) return name === 'q' ? doing({...state, left: true}, {kind: 'exit', code: 0}) : stay(state);
	if (state.help) {
		const answer = dialogKey(state.help, name);
		return answer.kind === 'interrupt' ? doing({...state, left: true}, {kind: 'exit', code: 130}) : stay({...state, help: null});
	}
	const action = actionFor('demo', name);
	const viewed = action === undefined ? null : viewAction(state, action);
	if (viewed) return stay(viewed);
	switch (action) {
		case 'pause':
			return stay({...state, paused: !state.paused});
		case 'step':
			return stay(state.paused ? {...state, stepOnce: true} : state);
		case 'faster':
			return stay({...state, delay: stepDelay(state.delay, true)});
		case 'slower':
			return stay({...state, delay: stepDelay(state.delay, false)});
		case 'help':
			return stay({...state, help: helpDialog('demo')});
		case 'review': {
			// The game on the board once it is over (the series waits meanwhile: the screen is left).
			const {session} = state;
			if (!S.isOver(session)) return stay(state);
			return doing({...state, left: true}, {kind: 'review', played: playedOf(session, state.lastMoveAt)});
		}
		case 'menu':
			return doing({...state, left: true}, {kind: 'menu'});
		case 'quit':
			return doing({...state, left: true}, {kind: 'exit', code: 0});
		default:
			return stay(state);
	}
}

/** What a side thought, for the panel: "c1 c3  +0.35  depth 5  a6 c4, c3 c5 ...". */
function thought(result: EngineResult, mover: Player, sides: readonly [string, string]): string {
	const best = result.lines[0];
	return best
		? `${result.moveText}  ${formatScore(best.score, mover, sides)}  depth ${result.depth}  ${lineText(best.text.slice(1))}`.trimEnd()
		: result.moveText;
}

/** Every game of the series is kept once it ends, as a game played is: the step, with the effect that keeps it. */
export function demoReducer(state: DemoState, action: DemoAction): DemoStep {
	const step = reduce(state, action);
	const next = step.state;
	if (next.counted === state.counted || next.counted !== next.gameIndex || !('now' in action)) return step;
	return {state: next, effects: [...step.effects, {kind: 'keep', played: playedOf(next.session, action.now)}]};
}

/** A demo game as its record and review have it: the two levels by name, the clocks as they read at `now`. */
function playedOf(session: S.Session, now: number): PlayedGame {
	const players = [recordPlayer(seatName(session.seats[0], false, 1)), recordPlayer(seatName(session.seats[1], false, 2))] as const;
	return {game: session.game, line: S.lineNow(session, now), moves: session.moves, ended: session.ended, players, clocked: session.clocked};
}

function reduce(state: DemoState, action: DemoAction): DemoStep {
	if (state.left) return stay(state);
	const {session} = state;
	const current = (line: readonly unknown[]) => session.line === line;
	switch (action.type) {
		case 'key':
			return key(state, action.name);
		case 'size':
			return stay(state.fits === action.fits ? state : {...state, fits: action.fits});
		case 'think-start':
			// The side to move's clock runs while it thinks.
			return stay(
				current(action.line)
					? {...state, session: S.resumeClock(session, action.thinking.startedAt), thinking: {...action.thinking, line: action.line}}
					: state,
			);
		case 'think-progress':
			return stay(
				state.thinking && state.thinking.line === action.line ? {...state, thinking: {...state.thinking, info: action.info}} : state,
			);
		case 'think-answer': {
			if (!current(action.line) || S.isOver(session))
				return stay(state.thinking?.line === action.line ? {...state, thinking: null} : state);
			const {result} = action;
			if (result.move < 0) return stay({...state, thinking: null, failure: 'the engine found no move'});
			const mover = S.toMove(session);
			const thoughts: readonly [string, string] =
				mover === 1
					? [thought(result, mover, session.game.sides), state.thoughts[1]]
					: [state.thoughts[0], thought(result, mover, session.game.sides)];
			// The clock stops while the move waits to be shown.
			return stay({
				...state,
				session: S.pauseClock(session, action.now),
				thinking: null,
				thoughts,
				pending: {line: action.line, move: result.move, text: result.moveText},
			});
		}
		case 'think-failed':
			return stay(current(action.line) ? {...state, thinking: null, failure: `the engine failed: ${action.message}`} : state);
		case 'retry':
			return stay({...state, failure: null, attempt: state.attempt + 1});
		case 'play-pending': {
			const {pending} = state;
			if (!pending || !current(pending.line)) return stay({...state, pending: null});
			return stay(
				count({...state, session: S.playMove(session, pending.move, action.now), pending: null, stepOnce: false, lastMoveAt: action.now}),
			);
		}
		case 'next-game': {
			const next = state.gameIndex + 1;
			const fresh: DemoState = {
				...state,
				gameIndex: next,
				session: freshSession(state.setup, next, action.now),
				pending: null,
				thinking: null,
				thoughts: ['', ''],
				stepOnce: false,
				scroll: 0,
				lastMoveAt: action.now,
			};
			return doing(fresh, {kind: 'clear-engine'});
		}
		case 'tick': {
			const flagged = S.checkFlag(session, action.now);
			return stay(flagged === session ? state : count({...state, session: flagged, pending: null}));
		}
		case 'kept':
			return stay({...state, kept: action.result.ok ? {path: action.result.value} : {error: action.result.error}});
	}
}

/** "level 5 won 2, level 3 won 1, 1 drawn": the series so far, in games. */
export function seriesText(state: DemoState): string {
	const [a, b] = state.setup.levels;
	const names = a === b ? [`level ${a} (A)`, `level ${b} (B)`] : [`level ${a}`, `level ${b}`];
	const {wins, draws} = state.tally;
	if (played(state.tally) === 0) return `${names[0]} against ${names[1]}`;
	return `${names[0]} won ${wins[0]}, ${names[1]} won ${wins[1]}${draws > 0 ? `, ${draws} drawn` : ''}`;
}
