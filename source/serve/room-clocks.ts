/**
 * The rooms' clocks on the server: the timer that looks at the flag the moment the side to move's
 * clock runs out, the grace a second player has before the clocks run without them, and a room as
 * a screen is shown it at a moment (its flag fallen since its last change). What a fallen flag or
 * a grace run out does to the game is the hall's (hall.ts): these call it.
 */
import * as S from '../play/session.js';
import type {RoomView} from '../play/remote.js';
import {present, type Room} from './room.js';

/** How long the clocks wait for the second player after a restart (or a host gone to the lobby) before they run anyway. */
export const GRACE_MS = 2 * 60_000;
/** The most time to draw a screen a player to move is given back (Hall.seen). */
export const SEEN_MS = 10_000;

/** What the clocks ask of the hall. */
export interface ClockCalls {
	/** Milliseconds, the clock the rooms' clocks run on. */
	readonly now: () => number;
	/** Whether the server is stopping: no timer is set then. */
	readonly stopped: () => boolean;
	/** Runs a timer's work; what it throws is logged, never the server's end. */
	readonly guard: (room: Room, work: () => void) => void;
	/** Ends the game if the side to move's flag has fallen. */
	readonly flag: (room: Room) => void;
	/** The clocks begin (both players here, or one after the grace), `why` logged. */
	readonly begin: (room: Room, why: string) => void;
}

export class RoomClocks {
	constructor(private readonly calls: ClockCalls) {}

	/** Both players here at once for the first time (since the room was made or the server started): the clocks begin. */
	meet(room: Room): void {
		if (!room.started || !room.waiting) return;
		if (present(room, 1) && present(room, 2)) return this.calls.begin(room, 'both players are here');
		// One is here: the other has GRACE_MS, then the clocks run all the same.
		if (!room.grace && (present(room, 1) || present(room, 2)) && !this.calls.stopped()) {
			room.grace = setTimeout(() => {
				room.grace = null;
				if (room.waiting && (present(room, 1) || present(room, 2)))
					this.calls.guard(room, () => this.calls.begin(room, 'the other player did not come in time'));
			}, GRACE_MS);
			room.grace.unref();
		}
	}

	/** Sets the timer that ends the game the moment the side to move's clock runs out. */
	schedule(room: Room): void {
		if (room.timer) clearTimeout(room.timer);
		room.timer = null;
		if (this.calls.stopped() || !room.started || room.waiting || !room.session.clocked || S.isOver(room.session)) return;
		const session = room.session;
		const left = S.clockReadings(session, this.calls.now())[S.toMove(session) - 1]!;
		room.timer = setTimeout(
			() => {
				room.timer = null;
				this.calls.guard(room, () => {
					this.calls.flag(room);
					// Still going (a timer a little early): look again.
					if (!S.isOver(room.session)) this.schedule(room);
				});
			},
			Math.ceil(left * 1000) + 1,
		);
		room.timer.unref();
	}
}

/**
 * The room as a screen is shown it at `now`: with the side to move's flag fallen if its clock has
 * run out since the room's last change (a new snapshot), else the snapshot itself. Changes nothing.
 */
export function flagShown(view: RoomView, now: number): RoomView {
	if (!view.started || S.isOver(view.session)) return view;
	const checked = S.checkFlag(view.session, now);
	return checked === view.session ? view : {...view, session: checked};
}
