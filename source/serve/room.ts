/**
 * A room as the hall keeps it: a game between two people (its game a play/session.ts session),
 * its seats, the screens on it and the timers that serve it; made here, new or read back from its
 * file. Who sits where, and whether they are here, are read here; only the hall (hall.ts) changes
 * a room.
 */
import type {Outcome, Player} from '../games/game.js';
import type {AnyGame} from '../games/registry.js';
import type {Setup} from '../games/setup.js';
import * as S from '../play/session.js';
import type {ChatLine, Person, RoomView} from '../play/remote.js';

/** Lines of chat a room keeps. */
export const CHAT_KEPT = 50;

/** A room as the hall keeps it; `view` is the snapshot the screens get, made again after every change. */
export interface Room {
	readonly code: string;
	readonly game: AnyGame;
	readonly private: boolean;
	readonly setup: Setup;
	readonly clockSeconds: number | null;
	players: [Person | null, Person | null];
	session: S.Session;
	started: boolean;
	/**
	 * Whether the clocks wait for both players to be here: from the room's making (or a restart of
	 * the server) until both have a screen on it at once. A player who drops later does not stop them.
	 */
	waiting: boolean;
	/** When the host of a room nobody joined was last connected (Date.now), for closing it once they are long gone. */
	hostSeen: number;
	/** When a player last had a screen on it (Date.now), for closing a game abandoned. */
	playedSeen: number;
	/** The timer that starts the clocks once GRACE_MS have passed with one player here. */
	grace: NodeJS.Timeout | null;
	/** The timer that writes the room soon after a line of chat. */
	saveTimer: NodeJS.Timeout | null;
	/** The moves after which the player to move's screen has shown the position (their clock started then). */
	seenMoves: number;
	drawOffer: Player | null;
	rematch: [boolean, boolean];
	chat: ChatLine[];
	kept: string | null;
	next: string | null;
	closed: string | null;
	/** The screens on the room: each connection's, as player (its side) or watcher (null). */
	readonly screens: Map<Connection, Player | null>;
	readonly listeners: Set<() => void>;
	timer: NodeJS.Timeout | null;
	view: RoomView | null;
	/** Whether its screens are to be told of a change already. */
	telling: boolean;
}

/** One person's connection: what their screens are on, for presence and leaving. */
export interface Connection {
	readonly person: Person;
	readonly address: string;
}

/** What a room is made of: a new one's options, or what its file held. */
export interface RoomMaking {
	code: string;
	game: AnyGame;
	private: boolean;
	setup: Setup;
	clockSeconds: number | null;
	players: [Person | null, Person | null];
	started: boolean;
	chat?: ChatLine[];
	line?: readonly unknown[];
	moves?: readonly number[];
	ended?: Outcome | null;
}

/** A room, its clocks paused until both players are here (Room.waiting); `now` on the rooms' clock. */
export function newRoom(options: RoomMaking, now: number): Room {
	const {game, clockSeconds} = options;
	const perMove = game.clock.per === 'move';
	// A game resumed goes on from its positions' clocks; a clock per move, which no position carries, from the room's.
	const fresh = options.line === undefined;
	let session = S.newSession(
		game,
		{
			seats: [S.HUMAN, S.HUMAN],
			clocked: clockSeconds !== null,
			...(clockSeconds !== null && (fresh || perMove) ? {clockSeconds} : {}),
			line: options.line ?? [game.initial(options.setup)],
			moves: options.moves ?? [],
			ended: options.ended ?? null,
		},
		now,
	);
	// The clocks begin once both players are here (see Room.waiting).
	session = S.pauseClock(session, now);
	return {
		code: options.code,
		game,
		private: options.private,
		setup: options.setup,
		clockSeconds,
		players: options.players,
		session,
		started: options.started,
		waiting: true,
		hostSeen: Date.now(),
		playedSeen: Date.now(),
		grace: null,
		saveTimer: null,
		seenMoves: -1,
		drawOffer: null,
		rematch: [false, false],
		chat: options.chat ?? [],
		kept: null,
		next: null,
		closed: null,
		screens: new Map(),
		listeners: new Set(),
		timer: null,
		view: null,
		telling: false,
	};
}

/** The side `person` holds in `room`, if any. */
export function sideOf(room: Room, person: Person): Player | null {
	if (room.players[0]?.id === person.id) return 1;
	if (room.players[1]?.id === person.id) return 2;
	return null;
}

/** Whether a screen of the player of `side` is on the room. */
export function present(room: Room, side: Player): boolean {
	for (const [connection, seat] of room.screens) if (seat === side && connection.person.id === room.players[side - 1]?.id) return true;
	return false;
}
