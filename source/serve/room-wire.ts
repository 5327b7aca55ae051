/**
 * A room's snapshot as it crosses to a drawing thread (serve/draw-threads.ts), and the copy of it
 * that thread keeps. The rooms stay the hall's, in the main thread; a drawing thread's screens
 * read copies. A copy is kept up by deltas: the room's plain fields whole, and of its game only
 * the positions the copy lacks, each made again there by the rules from the move that led to it
 * and given the clocks the hall's position had. The first position crosses once; a game's line,
 * whose positions link back to the ones before, never crosses whole again.
 */
import {gameById} from '../games/registry.js';
import type {Session} from '../play/session.js';
import type {RoomView} from '../play/remote.js';

/** A room's session, from position `from` of its line on. */
export interface SessionWire {
	/** The first position sent: 0 sends the line whole, from its first position (`first`). */
	readonly from: number;
	readonly first?: unknown;
	/** Every move of the game. */
	readonly moves: readonly number[];
	/** The clocks of each position from max(from, 1) on, as the hall's positions hold them. */
	readonly clocks: readonly (readonly [number, number])[];
	readonly clocksNow: readonly [number, number] | null;
	readonly seats: Session['seats'];
	readonly clocked: boolean;
	readonly moveAllowance: number | null;
	readonly spentMs: number;
	readonly runningSince: number | null;
	readonly ended: Session['ended'];
}

/** A room's snapshot, its game by id and its session as a delta. */
export interface RoomWire extends Omit<RoomView, 'game' | 'session'> {
	readonly game: string;
	readonly session: SessionWire;
}

/**
 * The delta that brings a copy holding `has` positions of the room's line up to `view`. A room
 * of the hall never has moves taken back: positions are only added, so the copy's are the
 * hall's first ones. A copy holding more than the hall (never, short of a bug) gets the line whole.
 */
export function wireOf(view: RoomView, has: number): RoomWire {
	const session = view.session;
	if (session.redo.length > 0) throw new Error(`room ${view.code}: a served game has no moves taken back`);
	const from = has > 0 && has <= session.line.length ? has : 0;
	const game = session.game;
	const clocks: (readonly [number, number])[] = [];
	for (let index = Math.max(from, 1); index < session.line.length; index++) clocks.push(game.clocks(session.line[index]));
	return {
		...view,
		game: view.game.id,
		session: {
			from,
			...(from === 0 ? {first: session.line[0]} : {}),
			moves: session.moves,
			clocks,
			clocksNow: session.clocksNow,
			seats: session.seats,
			clocked: session.clocked,
			moveAllowance: session.moveAllowance,
			spentMs: session.spentMs,
			runningSince: session.runningSince,
			ended: session.ended,
		},
	};
}

/** A drawing thread's copies of the rooms its screens look at. */
export class RoomCopies {
	private readonly views = new Map<string, RoomView>();

	/** The copy of the room, as last sent. */
	get(code: string): RoomView | undefined {
		return this.views.get(code);
	}

	/** How many positions of the room's line the copy holds (0: none). */
	held(code: string): number {
		return this.views.get(code)?.session.line.length ?? 0;
	}

	/** Takes a delta in: the copy is a new snapshot (a new object), as the hall's are after a change. */
	apply(wire: RoomWire): RoomView {
		const game = gameById(wire.game);
		if (!game) throw new Error(`room ${wire.code}: no game ${JSON.stringify(wire.game)}`);
		const before = this.views.get(wire.code);
		const sent = wire.session;
		let line: unknown[];
		if (sent.from === 0) {
			line = [sent.first];
		} else {
			if (!before || before.session.line.length !== sent.from) {
				throw new Error(`room ${wire.code}: a delta from position ${sent.from} for a copy of ${before?.session.line.length ?? 0}`);
			}
			line = before.session.line.slice();
		}
		for (let index = line.length; index <= sent.moves.length; index++) {
			const played = game.play(line[index - 1], sent.moves[index - 1]!);
			line.push(game.withClocks(played, sent.clocks[index - Math.max(sent.from, 1)]!));
		}
		const session: Session = {
			game,
			line,
			moves: sent.moves,
			redo: [],
			redoLine: [],
			clocksNow: sent.clocksNow,
			seats: sent.seats,
			clocked: sent.clocked,
			moveAllowance: sent.moveAllowance,
			spentMs: sent.spentMs,
			runningSince: sent.runningSince,
			ended: sent.ended,
		};
		const view: RoomView = {...wire, game, session};
		this.views.set(wire.code, view);
		return view;
	}

	forget(code: string): void {
		this.views.delete(code);
	}
}
