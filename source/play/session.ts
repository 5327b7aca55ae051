/**
 * A game being played in the UI, as plain data and pure functions: the line of positions from
 * the first known one to the current one, the moves taken back (for redo), who sits on each side,
 * the running clocks, and endings the rules do not know of (time, resignation). No React here:
 * the screens keep a Session in state and call these.
 */
import {hundredths, other, type Outcome, type Player} from '../games/game.js';
import type {AnyGame} from '../games/registry.js';

export type Seat = {readonly kind: 'human'} | {readonly kind: 'ai'; readonly level: number};

export const HUMAN: Seat = {kind: 'human'};
export const ai = (level: number): Seat => ({kind: 'ai', level});

export interface Session {
	readonly game: AnyGame;
	/** Positions from the first known one (line[0]) to the current one (the last). */
	readonly line: readonly unknown[];
	/** moves[i] leads from line[i] to line[i + 1]. */
	readonly moves: readonly number[];
	/** Moves taken back, the next to replay first. */
	readonly redo: readonly number[];
	/**
	 * The positions those moves led to, as they were played (their clocks): a move played again
	 * keeps the clocks it was played with in the line, and so in saves and records.
	 */
	readonly redoLine: readonly unknown[];
	/**
	 * The clocks the game goes on from, where they are not the last position's: after an undo or
	 * a redo the positions keep the clocks their moves were played with, and the time used since
	 * stays used here. Null: the last position's.
	 */
	readonly clocksNow: readonly [number, number] | null;
	readonly seats: readonly [Seat, Seat];
	/** Whether the clocks run and a flag fall loses. */
	readonly clocked: boolean;
	/**
	 * Seconds each move has, in a game whose clock is per move (PAH-TUM's 10 s): the clocks then
	 * start afresh each turn and no position carries them. Null for a clock per game.
	 */
	readonly moveAllowance: number | null;
	/** Milliseconds the side to move has spent on this turn before `runningSince`. */
	readonly spentMs: number;
	/** When the side to move's clock last started (null: stopped, e.g. while a dialog is open). */
	readonly runningSince: number | null;
	/** An ending the rules do not know of: a flag fall or a resignation. */
	readonly ended: Outcome | null;
}

export interface SessionOptions {
	readonly seats: readonly [Seat, Seat];
	readonly clocked: boolean;
	/** Seconds on each clock at the start, overriding the position's readings; in a game with a clock per move, each move's. */
	readonly clockSeconds?: number;
	/** The line of positions to start from and its moves; the game's start by default. */
	readonly line?: readonly unknown[];
	readonly moves?: readonly number[];
	/** How the game ended where the rules do not say (a save's flag fall or resignation). */
	readonly ended?: Outcome | null;
}

export function newSession(game: AnyGame, options: SessionOptions, now: number): Session {
	let line = options.line && options.line.length > 0 ? [...options.line] : [game.initial()];
	const perMove = game.clock.per === 'move';
	if (options.clockSeconds !== undefined && !perMove) {
		const seconds = options.clockSeconds;
		line = line.map(state => game.withClocks(state, [seconds, seconds]));
	}
	return {
		game,
		line,
		moves: options.moves ? [...options.moves] : [],
		redo: [],
		redoLine: [],
		clocksNow: null,
		seats: options.seats,
		clocked: options.clocked,
		moveAllowance: perMove ? (options.clockSeconds ?? game.clock.seconds) : null,
		spentMs: 0,
		runningSince: options.ended ? null : now,
		ended: options.ended ?? null,
	};
}

export const current = (session: Session): unknown => session.line[session.line.length - 1];

export const toMove = (session: Session): Player => session.game.toMove(current(session));

export const seatToMove = (session: Session): Seat => session.seats[toMove(session) - 1]!;

export const outcomeOf = (session: Session): Outcome | null => session.ended ?? session.game.outcome(current(session));

export const isOver = (session: Session): boolean => outcomeOf(session) !== null;

/** Milliseconds the side to move has used on this turn so far. */
function turnMs(session: Session, now: number): number {
	return session.spentMs + (session.runningSince === null ? 0 : Math.max(0, now - session.runningSince));
}

/** Seconds left on each clock now (the side to move's running down). */
export function clockReadings(session: Session, now: number): readonly [number, number] {
	const allowance = session.moveAllowance;
	const [first, second] = allowance === null ? (session.clocksNow ?? session.game.clocks(current(session))) : [allowance, allowance];
	// After the last move of a game the rules ended, no clock runs; after a flag fall or a
	// resignation the turn's time so far still counts (the loser of a flag fall shows 0).
	if (!session.clocked || session.game.outcome(current(session))) return [first, second];
	const used = turnMs(session, now) / 1000;
	return toMove(session) === 1 ? [Math.max(0, first - used), second] : [first, Math.max(0, second - used)];
}

/**
 * What the turn after an undo or a redo starts having used: nothing under a clock per game (the
 * clocks go on from their readings), the time this turn has used under a clock per move.
 */
const keptTurnMs = (session: Session, now: number): number =>
	session.moveAllowance === null || !session.clocked ? 0 : turnMs(session, now);

/** The clock stops (a dialog is open, the demo pauses); `resume` starts it again. */
export function pauseClock(session: Session, now: number): Session {
	if (session.runningSince === null) return session;
	return {...session, spentMs: turnMs(session, now), runningSince: null};
}

export function resumeClock(session: Session, now: number): Session {
	if (session.runningSince !== null) return session;
	return {...session, runningSince: now};
}

/** The clocks as a position keeps them (saved, given to the AI): as they read now, to the hundredth, rounded down. */
export function heldClocks(session: Session, now: number): readonly [number, number] {
	const [first, second] = clockReadings(session, now);
	return [hundredths(first), hundredths(second)];
}

/** The line with its last position's clocks as they read now (for a save, a review, a record): the turn under way charged. */
export const lineNow = (session: Session, now: number): readonly unknown[] =>
	session.clocked ? [...session.line.slice(0, -1), session.game.withClocks(current(session), heldClocks(session, now))] : session.line;

/** Plays a legal move (the caller checked it with the game); the mover's clock is charged. */
export function playMove(session: Session, move: number, now: number): Session {
	const before = current(session);
	let after = session.game.play(before, move);
	if (session.clocked) after = session.game.withClocks(after, heldClocks(session, now));
	return {
		...session,
		line: [...session.line, after],
		moves: [...session.moves, move],
		redo: [],
		redoLine: [],
		clocksNow: null,
		spentMs: 0,
		runningSince: session.runningSince === null ? null : now,
		ended: null,
	};
}

/** Whether the side to move has run out of time: then the session ends with a loss on time. */
export function checkFlag(session: Session, now: number): Session {
	if (!session.clocked || isOver(session)) return session;
	const mover = toMove(session);
	if (clockReadings(session, now)[mover - 1]! > 0) return session;
	const [loser, winner] = [session.game.sides[mover - 1], session.game.sides[other(mover) - 1]];
	return {
		...session,
		spentMs: turnMs(session, now),
		runningSince: null,
		ended: {result: 'win', winner: other(mover), reason: 'time', description: `${loser} ran out of time: ${winner} wins`},
	};
}

export function resign(session: Session, player: Player, now: number): Session {
	if (isOver(session)) return session;
	const [loser, winner] = [session.game.sides[player - 1], session.game.sides[other(player) - 1]];
	return {
		...pauseClock(session, now),
		ended: {result: 'win', winner: other(player), reason: 'resignation', description: `${loser} resigns: ${winner} wins`},
	};
}

const seatAt = (session: Session, state: unknown): Seat => session.seats[session.game.toMove(state) - 1]!;

const hasHuman = (session: Session): boolean => session.seats.some(seat => seat.kind === 'human');

/**
 * Takes back the last move, and more until a person is to move again: against the AI that is
 * the person's move and the AI's reply. Moves are taken back, not the time used (as lichess
 * does): the clocks go on from what they read now, so a game lost on time stays lost. Nothing
 * to take back: the same session.
 */
export function undo(session: Session, now: number): Session {
	if (session.ended?.reason === 'time') return session;
	// A resignation before any move of the person's can still be taken back.
	const unresign = (): Session => (session.ended?.reason === 'resignation' ? {...session, ended: null, runningSince: now} : session);
	if (session.moves.length === 0) return unresign();
	const clocks = heldClocks(session, now);
	const line = [...session.line];
	const moves = [...session.moves];
	const redo = [...session.redo];
	const redoLine = [...session.redoLine];
	do {
		redoLine.unshift(line.pop());
		redo.unshift(moves.pop()!);
	} while (moves.length > 0 && hasHuman(session) && seatAt(session, line[line.length - 1]).kind !== 'human');
	// Back at the AI's turn with nothing of a person's before it: there was nothing to take back.
	if (hasHuman(session) && seatAt(session, line[line.length - 1]).kind !== 'human') return unresign();
	// The positions keep the clocks they were played with; the game goes on from what the clocks read now.
	// The clock runs again, even after a resignation stopped it. A clock per move goes on from what
	// the turn has used: taking back and replaying would otherwise refill it.
	return {
		...session,
		line,
		moves,
		redo,
		redoLine,
		clocksNow: session.clocked ? clocks : null,
		spentMs: keptTurnMs(session, now),
		runningSince: now,
		ended: null,
	};
}

/**
 * Plays `count` of the moves taken back again, each position with the clocks it was played with
 * (so the line, and the saves and records made from it, say when each move was really played);
 * the game goes on from what the clocks read now: the time used since the undo stays used.
 */
function replay(session: Session, count: number, now: number): Session {
	const line = [...session.line];
	for (let index = 0; index < count; index++) {
		// Where a taken-back position is missing, the move is played anew.
		line.push(session.redoLine[index] ?? session.game.play(line[line.length - 1], session.redo[index]!));
	}
	return {
		...session,
		line,
		clocksNow: session.clocked ? heldClocks(session, now) : null,
		moves: [...session.moves, ...session.redo.slice(0, count)],
		redo: session.redo.slice(count),
		redoLine: session.redoLine.slice(count),
		spentMs: 0,
		runningSince: session.runningSince === null ? null : now,
		ended: null,
	};
}

/** Plays again what undo took back, up to the next person's turn. */
export function redo(session: Session, now: number): Session {
	if (session.redo.length === 0 || session.ended) return session;
	// Up to the next person's turn, or the end.
	let count = 0;
	let state = current(session);
	do {
		state = session.game.play(state, session.redo[count]!);
		count++;
	} while (
		count < session.redo.length &&
		hasHuman(session) &&
		session.seats[session.game.toMove(state) - 1]!.kind !== 'human' &&
		!session.game.outcome(state)
	);
	return {...replay(session, count, now), spentMs: keptTurnMs(session, now)};
}

/**
 * The session at position `index` of its line and its moves taken back as one (0: the first
 * position; clamped to them): the moves before it played, those after it left to replay. Going
 * back leaves an ending the rules do not know of (time, resignation) behind, as undo does; the
 * clocks go on from what they read now. For walking a line of play (the analysis board).
 */
export function seek(session: Session, index: number, now: number): Session {
	const all = [...session.moves, ...session.redo];
	const target = Math.max(0, Math.min(all.length, index));
	const here = session.moves.length;
	if (target === here) return session;
	if (target < here) {
		const line = session.line.slice(0, target + 1);
		const redoLine = [...session.line.slice(target + 1), ...session.redoLine];
		return {
			...session,
			line,
			moves: all.slice(0, target),
			redo: all.slice(target),
			redoLine,
			clocksNow: session.clocked ? heldClocks(session, now) : null,
			spentMs: keptTurnMs(session, now),
			runningSince: now,
			ended: null,
		};
	}
	// Nothing is played on after an ending.
	if (session.ended) return session;
	return {...replay(session, target - here, now), spentMs: keptTurnMs(session, now)};
}

export interface MoveEntry {
	/** The mover's move number (1, 1, 2, 2, ... when player 1 started). */
	readonly number: number;
	readonly player: Player;
	readonly text: string;
}

export const entryOf = (game: AnyGame, before: unknown, move: number): MoveEntry => ({
	number: game.moveNumber(before),
	player: game.toMove(before),
	text: game.formatMove(before, move),
});

/** The moves of the line, written out. */
/** Each session's move list, and each position's entries by move: a screen draws the same list again at every frame, and every screen of a game draws it. */
const lists = new WeakMap<Session, readonly MoveEntry[]>();
const entriesFrom = new WeakMap<object, Map<number, MoveEntry>>();

function entryAt(game: AnyGame, before: unknown, move: number): MoveEntry {
	if (typeof before !== 'object' || before === null) return entryOf(game, before, move);
	let entries = entriesFrom.get(before);
	if (!entries) entriesFrom.set(before, (entries = new Map<number, MoveEntry>()));
	let entry = entries.get(move);
	if (!entry) entries.set(move, (entry = entryOf(game, before, move)));
	return entry;
}

export function moveList(session: Session): readonly MoveEntry[] {
	let list = lists.get(session);
	if (!list) lists.set(session, (list = session.moves.map((move, index) => entryAt(session.game, session.line[index], move))));
	return list;
}

/** The moves taken back, written out: what the move list shows after the current move. */
export function redoList(session: Session): MoveEntry[] {
	const {game} = session;
	let state = current(session);
	return session.redo.map(move => {
		const entry = entryOf(game, state, move);
		state = game.play(state, move);
		return entry;
	});
}

/** The squares of the move that led to position `index` of the line (the last by default), for the board. */
export function lastMove(session: Session, index = session.line.length - 1): {ends: readonly number[]} | null {
	if (index <= 0 || index > session.moves.length) return null;
	const before = session.line[index - 1];
	const move = session.moves[index - 1]!;
	return {ends: session.game.moveEnds(before, move)};
}

/** A new game from `start` (a position of the session's game) with the same players, or (rematch) with the sides swapped. */
export function restart(session: Session, now: number, swap: boolean, start: unknown): Session {
	const seats: readonly [Seat, Seat] = swap ? [session.seats[1], session.seats[0]] : session.seats;
	const clockSeconds = session.moveAllowance ?? undefined;
	return newSession(
		session.game,
		{seats, clocked: session.clocked, line: [start], ...(clockSeconds === undefined ? {} : {clockSeconds})},
		now,
	);
}
