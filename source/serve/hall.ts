/**
 * The server's rooms: games between people who connected to `potm serve`, and those watching
 * them. The hall holds every game (its positions, clocks and ending) and is the only one that
 * changes it: a person's screens ask, through the Remote the hall gives each connection, and the
 * hall checks who asks (their seat, their turn), the rules (the game's legal moves) and the
 * clock (a flag fallen) before anything happens.
 *
 * Nothing is lost: a room is written to DATA/rooms/CODE.json (whole, atomically) after every
 * change of its game, and a server started again resumes every game in progress from there. A
 * finished game is kept as a record in DATA/records/CODE.game.txt (what `ssh ... record CODE`
 * prints) and in each player's own games folder, where their menu lists it.
 *
 * A room is found by its code, six characters of 32 (30 bits): a private room is listed to
 * nobody but its players, and an address that gives too many wrong codes is refused for a while.
 */
import {randomInt} from 'node:crypto';
import {existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync} from 'node:fs';
import {join} from 'node:path';
import {fail, ok, other, type Outcome, type Player, type Result} from '../games/game.js';
import {gameById, type AnyGame} from '../games/registry.js';
import {optionsOf, shownValue, type Setup} from '../games/setup.js';
import {writeWhole} from '../files/atomic.js';
import {AGREED, formatRecord, parseRecord, RECORD_EXTENSION} from '../files/record.js';
import {keepGame} from '../files/review-export.js';
import * as S from '../play/session.js';
import {
	MAX_CHAT,
	type ChatLine,
	type FinishedGame,
	type LobbyView,
	type Person,
	type Remote,
	type RoomOptions,
	type RoomSummary,
	type RoomView,
} from '../play/remote.js';
import {CODE_ALPHABET, MAX_NAME, shown} from './names.js';
import {addressKey} from './address-key.js';

/**
 * A person's id as a room file may hold it: a folder name (names.ts's folderName), after
 * key-FINGERPRINT/ where keys are checked, or guests/ for a guest.
 */
const PERSON_ID = /^(?:key-[A-Za-z0-9_]+\/|guests\/)?[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export {CODE_ALPHABET};
const CODE_LENGTH = 6;
/** Wrong codes an address may give in WRONG_CODE_WINDOW_MS before it is refused until the oldest is that old. */
export const WRONG_CODES = 10;
export const WRONG_CODE_WINDOW_MS = 10 * 60_000;
/** Lines of chat a room keeps. */
const CHAT_KEPT = 50;
/** A room nobody joined closes once its host has been gone (no connection at all) this long. */
export const WAITING_MS = 30 * 60_000;
/** Rooms one person may have waiting for a friend: a new one past this closes their oldest. */
export const WAITING_ROOMS = 5;
/** Games one person may sit in at once, waiting or under way: a new one past this is refused. */
export const GAMES_EACH = 10;
/** Games the server holds at once unless HallOptions.maxRooms says. */
export const MAX_ROOMS = 1000;
/** How long the clocks wait for the second player after a restart (or a host gone to the lobby) before they run anyway. */
export const GRACE_MS = 2 * 60_000;
/** A game under way nobody has had a screen on for this long closes (its record kept as it stands, not over). */
export const ABANDONED_MS = 24 * 60 * 60_000;
/** Lines of chat one person may say in CHAT_WINDOW_MS. */
export const CHAT_LINES = 5;
export const CHAT_WINDOW_MS = 5_000;
/** Chat is written with the room this long after a line (moves write it at once). */
const CHAT_SAVE_MS = 2_000;
/** The most time to draw a screen a player to move is given back (Hall.seen). */
export const SEEN_MS = 10_000;
/** A person's finished games the lobby recalls. */
const FINISHED_KEPT = 3;
/** The most rows each of the lobby's lists gives (one's own first). */
const LISTED = 100;
/** The lobby is told of changes at most this often: forty games' moves would otherwise redraw every lobby each time. */
const LOBBY_EVERY_MS = 250;

/** A code as people type it (any case, with or without the dash, spaces around) as the hall writes it, or null if it cannot be one. */
export function normalCode(text: string): string | null {
	const bare = text.toUpperCase().replace(/[\s-]/g, '');
	if (bare.length !== CODE_LENGTH || [...bare].some(char => !CODE_ALPHABET.includes(char))) return null;
	return `${bare.slice(0, 3)}-${bare.slice(3)}`;
}

function newCode(taken: (code: string) => boolean): string {
	for (;;) {
		let bare = '';
		for (let index = 0; index < CODE_LENGTH; index++) bare += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
		const code = `${bare.slice(0, 3)}-${bare.slice(3)}`;
		if (!taken(code)) return code;
	}
}

export interface HallOptions {
	/** The server's folder: rooms/, records/ and players/ in it. */
	readonly dataDir: string;
	/** Milliseconds, the clock the rooms' clocks run on (the screens' `now` too). */
	readonly now: () => number;
	/** How to reach the server without a terminal: `ssh -p 2222 HOST` (known once it listens); with one, -t goes before the host. */
	readonly address: () => string;
	/** Where a player's saves are kept (their games folder is in it), from their id. */
	readonly savesOf: (person: Person) => string;
	readonly log?: (line: string) => void;
	/** The code of the room made `made`-th (1, 2, ...), where tests pin them; random otherwise. */
	readonly codeFor?: (made: number) => string;
	/** Games held at once (MAX_ROOMS). */
	readonly maxRooms?: number;
	/**
	 * Who writes and removes the rooms' files, in the order asked (potm serve's RoomWriter, on a
	 * thread of its own, holding the screens' output until they are done); here, at once, if none.
	 */
	readonly writer?: {write(path: string, data: string): void; remove(path: string): void; after(then: () => void): void};
}

/** A room as the hall keeps it; `view` is the snapshot the screens get, made again after every change. */
interface Room {
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
interface Connection {
	readonly person: Person;
	readonly address: string;
}

/** What the hall writes of a room, to resume it: the game as a record, the rest beside it. */
interface RoomFile {
	readonly version: 1;
	readonly code: string;
	readonly game: string;
	readonly private: boolean;
	readonly setup: Setup;
	readonly clockSeconds: number | null;
	readonly players: readonly [Person | null, Person | null];
	readonly started: boolean;
	readonly chat: readonly ChatLine[];
	readonly record: string;
}

export class Hall {
	private readonly rooms = new Map<string, Room>();
	private readonly connections = new Set<Connection>();
	private readonly lobbyListeners = new Set<() => void>();
	/** Told of every new snapshot of a room (followViews). */
	private readonly viewFollowers = new Set<(code: string, told: boolean) => void>();
	private lobbyTimer: NodeJS.Timeout | null = null;
	/** Each address's wrong codes, the times they were given. */
	private readonly wrongCodes = new Map<string, number[]>();
	private stopped = false;
	private made = 0;
	/** Each person's games finished since the start, newest first (FINISHED_KEPT of them). */
	private readonly finishedBy = new Map<string, FinishedGame[]>();
	/** The rooms whose ending waits for the rooms' writer before it is kept (finish). */
	private readonly finishing = new Set<string>();
	/** Each person's last lines of chat, the times they were said. */
	private readonly said = new Map<string, number[]>();

	private readonly sweeper: NodeJS.Timeout;

	constructor(private readonly options: HallOptions) {
		mkdirSync(this.roomsDir, {recursive: true});
		mkdirSync(this.recordsDir, {recursive: true});
		this.sweeper = setInterval(() => this.sweep(), 60_000);
		this.sweeper.unref();
	}

	private get roomsDir(): string {
		return join(this.options.dataDir, 'rooms');
	}

	private get recordsDir(): string {
		return join(this.options.dataDir, 'records');
	}

	private log(line: string): void {
		this.options.log?.(line);
	}

	/** The screens of one connected person; `disconnect` when the connection goes. */
	connect(person: Person, address: string): Remote & {disconnect(): void} {
		const connection: Connection = {person, address};
		this.connections.add(connection);
		this.lobbyChanged();
		return this.remoteFor(connection);
	}

	/** The text of a finished game's record, for `record CODE`: undefined for a code with none (counted as a wrong code). */
	record(code: string, address: string): Result<string, string> {
		const refused = this.refusal(address);
		if (refused) return fail(refused);
		const normal = normalCode(code);
		if (normal === null) {
			this.wrong(address);
			return fail(`"${shown(code, 12)}" is no code: codes are six letters and digits, like 7KQ-2XM`);
		}
		try {
			return ok(readFileSync(this.recordPath(normal), 'utf8'));
		} catch {
			// none: below
		}
		this.wrong(address);
		const room = this.rooms.get(normal);
		return fail(
			room && !room.kept ? `${normal} is not over yet: its record is kept when it ends` : `No finished game has the code ${normal}`,
		);
	}

	/**
	 * Loads the games a stopped server left: gives how many were under way and how many open (waiting
	 * for a second player). A file that does not read is set aside (.bad) and logged.
	 */
	resume(): {readonly playing: number; readonly open: number} {
		const count = {playing: 0, open: 0};
		for (const name of readdirSync(this.roomsDir)) {
			if (!name.endsWith('.json')) continue;
			const path = join(this.roomsDir, name);
			let room: Room | string;
			try {
				room = this.readRoom(path);
			} catch (error) {
				room = (error as Error).message;
			}
			if (typeof room === 'string') {
				this.log(`room file ${path} set aside (${room}): ${path}.bad`);
				try {
					renameSync(path, `${path}.bad`);
				} catch {
					// left where it is; read (and refused) again next time
				}
				continue;
			}
			// A game found over (killed between its end and its record) was kept as it was read.
			if (room.kept) continue;
			this.rooms.set(room.code, room);
			this.schedule(room);
			if (room.started) count.playing++;
			else count.open++;
		}
		return count;
	}

	/**
	 * The server stops: every game in progress is written with its clocks as they read now (the
	 * turn under way charged), and no timer is left.
	 */
	stop(): void {
		this.stopped = true;
		clearInterval(this.sweeper);
		if (this.lobbyTimer) clearTimeout(this.lobbyTimer);
		for (const room of this.rooms.values()) {
			for (const timer of [room.timer, room.grace, room.saveTimer]) if (timer) clearTimeout(timer);
			[room.timer, room.grace, room.saveTimer] = [null, null, null];
			if (!room.kept && !room.closed) this.save(room, true);
		}
	}

	/** A code no room has. */
	private newCode(): string {
		this.made++;
		const pinned = this.options.codeFor?.(this.made);
		return (
			pinned ??
			newCode(
				code => this.rooms.has(code) || existsSync(join(this.recordsDir, `${code}${RECORD_EXTENSION}`)) || existsSync(this.roomPath(code)),
			)
		);
	}

	/**
	 * Calls `follower` each time a room's snapshot is to be made again (`held` gives the new one),
	 * at once, with whether its screens are told (a move, a line of chat) or not (a clock given
	 * back: each screen reads it at its next draw). For the drawing threads' copies of the rooms.
	 * Gives the unsubscribe.
	 */
	followViews(follower: (code: string, told: boolean) => void): () => void {
		this.viewFollowers.add(follower);
		return () => void this.viewFollowers.delete(follower);
	}

	private remade(room: Room, told: boolean): void {
		room.view = null;
		for (const follower of this.viewFollowers) follower(room.code, told);
	}

	/** The room as it stands, whoever looks: for the server itself and its tests (people's screens go through their Remote). */
	held(code: string): RoomView | undefined {
		const room = this.rooms.get(normalCode(code) ?? code);
		return room && this.viewOf(room);
	}

	/** How many lobbies are drawn from the hall now (a screen gone unsubscribes). */
	lobbyListenerCount(): number {
		return this.lobbyListeners.size;
	}

	/** Where a person's saves are kept (their games folder in it). */
	savesOf(person: Person): string {
		return this.options.savesOf(person);
	}

	// --- rooms

	private newRoom(options: {
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
	}): Room {
		const {game, clockSeconds} = options;
		const now = this.options.now();
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

	private create(connection: Connection, options: RoomOptions): Result<string, string> {
		const refused = this.tooMany(connection.person);
		if (refused) return fail(refused);
		const waiting = [...this.rooms.values()].filter(room => !room.started && !room.closed && this.sideOf(room, connection.person) !== null);
		for (const room of waiting.slice(0, Math.max(0, waiting.length - WAITING_ROOMS + 1)))
			this.close(room, `${connection.person.name} opened more than ${WAITING_ROOMS} rooms; the oldest closes`);
		const code = this.newCode();
		const players: [Person | null, Person | null] = options.side === 1 ? [connection.person, null] : [null, connection.person];
		const room = this.newRoom({
			code,
			game: options.game,
			private: options.private,
			setup: options.setup,
			clockSeconds: options.clockSeconds,
			players,
			started: false,
		});
		this.rooms.set(code, room);
		room.screens.set(connection, options.side);
		this.save(room);
		this.log(`${connection.person.name} opened ${options.private ? 'a private' : 'a'} ${options.game.name} room ${code}`);
		this.changed(room);
		return ok(code);
	}

	/** Why `person` may not sit in another game (too many of theirs, or of the server's), or null. */
	private tooMany(person: Person): string | null {
		const held = [...this.rooms.values()].filter(room => !room.kept && !room.closed);
		if (held.length >= (this.options.maxRooms ?? MAX_ROOMS)) return `The server holds ${held.length} games, all it takes: try again later`;
		const mine = held.filter(room => this.sideOf(room, person) !== null);
		if (mine.length >= GAMES_EACH) return `You are in ${mine.length} games already, all one person may be: finish or resign one first`;
		return null;
	}

	/** The side `person` holds in `room`, if any. */
	private sideOf(room: Room, person: Person): Player | null {
		if (room.players[0]?.id === person.id) return 1;
		if (room.players[1]?.id === person.id) return 2;
		return null;
	}

	private enter(connection: Connection, code: string, as: 'play' | 'watch'): Result<{code: string; side: Player | null}, string> {
		const normal = normalCode(code);
		const room = normal === null ? undefined : this.rooms.get(normal);
		// A room the lobby lists to the asker (a public one, or one of theirs) needs no guessing: an address
		// refused for wrong codes still enters it; a private one, or none, waits out the refusal.
		const listed = room !== undefined && !room.closed && (!room.private || this.sideOf(room, connection.person) !== null);
		const refused = listed ? null : this.refusal(connection.address);
		if (refused) return fail(refused);
		if (!room && normal !== null && existsSync(this.recordPath(normal)))
			// A finished game nobody looks at any more is let go (prune): its code is right, and its record is kept.
			return fail(`${normal} is over: ${this.options.address()} record ${normal} prints its record`);
		if (!room || room.closed) {
			this.wrong(connection.address);
			return fail(
				normal === null
					? `"${shown(code, 12)}" is no code: codes are six letters and digits, like 7KQ-2XM`
					: `No game has the code ${normal}`,
			);
		}
		const mine = this.sideOf(room, connection.person);
		if (as === 'watch' || mine !== null || room.kept) {
			room.screens.set(connection, as === 'watch' ? null : mine);
			this.meet(room);
			this.changed(room);
			return ok({code: room.code, side: as === 'watch' ? null : mine});
		}
		const open = room.players[0] === null ? 1 : room.players[1] === null ? 2 : null;
		if (open === null) {
			const [first, second] = room.players.map(player => player!.name);
			return fail(`${room.code} has its players (${first} and ${second}): watch it instead`);
		}
		const full = this.tooMany(connection.person);
		if (full) return fail(full);
		room.players[open - 1] = connection.person;
		room.screens.set(connection, open);
		room.started = true;
		this.log(`${connection.person.name} joined ${room.code}`);
		this.save(room);
		this.meet(room);
		this.changed(room);
		return ok({code: room.code, side: open});
	}

	/** Both players here at once for the first time (since the room was made or the server started): the clocks begin. */
	private meet(room: Room): void {
		if (!room.started || !room.waiting) return;
		if (this.present(room, 1) && this.present(room, 2)) return this.begin(room, 'both players are here');
		// One is here: the other has GRACE_MS, then the clocks run all the same.
		if (!room.grace && (this.present(room, 1) || this.present(room, 2)) && !this.stopped) {
			room.grace = setTimeout(() => {
				room.grace = null;
				if (room.waiting && (this.present(room, 1) || this.present(room, 2)))
					this.guard(room, () => this.begin(room, 'the other player did not come in time'));
			}, GRACE_MS);
			room.grace.unref();
		}
	}

	/** The clocks begin (both players here, or one after the grace). */
	private begin(room: Room, why: string): void {
		if (room.grace) clearTimeout(room.grace);
		room.grace = null;
		room.waiting = false;
		if (S.isOver(room.session)) return;
		room.session = S.resumeClock(room.session, this.options.now());
		this.log(`${room.code}: ${why}; the clocks run`);
		this.schedule(room);
		this.changed(room);
	}

	/** Runs a timer's work; what it throws is logged, never the server's end. */
	private guard(room: Room, work: () => void): void {
		try {
			work();
		} catch (error) {
			this.log(`${room.code}: ${(error as Error).message}`);
		}
	}

	/**
	 * Rooms nobody joined whose host has been gone for WAITING_MS close (the sweep runs each
	 * minute); a person's rooms waiting past WAITING_ROOMS close from the oldest.
	 */
	private sweep(): void {
		const now = Date.now();
		const connected = new Set([...this.connections].map(connection => connection.person.id));
		for (const room of [...this.rooms.values()]) {
			if (room.kept || room.closed) {
				this.prune(room);
				continue;
			}
			if (!room.started) {
				const host = room.players[0] ?? room.players[1];
				if (host && connected.has(host.id)) room.hostSeen = now;
				else if (now - room.hostSeen >= WAITING_MS) this.close(room, 'nobody joined, and its host left');
				continue;
			}
			if (this.present(room, 1) || this.present(room, 2)) room.playedSeen = now;
			else if (now - room.playedSeen >= ABANDONED_MS) this.abandon(room);
		}
		for (const [address, times] of this.wrongCodes)
			if (times.every(time => now - time >= WRONG_CODE_WINDOW_MS)) this.wrongCodes.delete(address);
		for (const [id, times] of this.said) if (times.every(time => now - time >= CHAT_WINDOW_MS)) this.said.delete(id);
	}

	/** A game nobody has looked at for ABANDONED_MS closes; its record is kept as it stands (not over). */
	private abandon(room: Room): void {
		this.guard(room, () =>
			writeWhole({
				path: join(this.recordsDir, `${room.code}${RECORD_EXTENSION}`),
				data: formatRecord({...this.played(room), date: new Date()}),
			}),
		);
		this.close(room, 'nobody came back to it for a day');
	}

	/** Closes a room nobody joined: its file goes, its screens are told why. */
	private close(room: Room, why: string): void {
		for (const timer of [room.grace, room.saveTimer]) if (timer) clearTimeout(timer);
		[room.grace, room.saveTimer] = [null, null];
		room.closed = why;
		this.forget(room);
		this.log(`${room.code} closed: ${why}`);
		this.changed(room);
		this.prune(room);
	}

	private leave(connection: Connection, code: string): void {
		const room = this.rooms.get(code);
		if (!room || !room.screens.has(connection)) return;
		room.screens.delete(connection);
		// The server stopping ends every screen: the rooms stay as written, to resume.
		if (this.stopped) return;
		// A player who leaves keeps the seat, and a host the room: the lobby lists it as theirs.
		this.changed(room);
		this.prune(room);
	}

	/** Whether a screen of the player of `side` is on the room. */
	private present(room: Room, side: Player): boolean {
		for (const [connection, seat] of room.screens) if (seat === side && connection.person.id === room.players[side - 1]?.id) return true;
		return false;
	}

	/** A finished or closed room nobody looks at any more is let go (its record is on disk). */
	private prune(room: Room): void {
		if ((room.kept || room.closed) && room.screens.size === 0) {
			this.rooms.delete(room.code);
			this.remade(room, false);
		}
	}

	/**
	 * The room and the asker's side, for a request on its game under way, the flag checked first (a
	 * fallen one ends it); or why not: no such room, a watcher, not begun, over, or the clocks
	 * still waiting for both players (unless `evenWaiting`: a resignation).
	 */
	private playing(connection: Connection, code: string, evenWaiting = false): Result<{room: Room; side: Player}, string> {
		const room = this.rooms.get(code);
		if (!room || room.closed) return fail(`No game has the code ${code}`);
		if (this.stopped) return fail('The server is stopping');
		const side = this.sideOf(room, connection.person);
		if (side === null) return fail('You are watching this game: only its players play it');
		this.flag(room);
		if (!room.started) return fail('The game begins when someone joins');
		if (S.isOver(room.session)) return fail('The game is over');
		if (room.waiting && !evenWaiting) {
			const away = room.players[this.present(room, 1) ? 1 : 0]!;
			return fail(`The clocks wait for both players: waiting for ${away.name} (two minutes at most once one is here)`);
		}
		return ok({room, side});
	}

	private move(connection: Connection, code: string, move: number): Result<void, string> {
		const found = this.playing(connection, code);
		if (!found.ok) return found;
		const {room, side} = found.value;
		const {game} = room;
		const position = S.current(room.session);
		if (game.toMove(position) !== side) return fail(`It is ${room.players[other(side) - 1]?.name ?? 'the other side'}'s move`);
		if (!game.legalMoves(position).includes(move)) return fail('That move is not legal here');
		room.session = S.playMove(room.session, move, this.options.now());
		room.drawOffer = null;
		// Only a player here when the move is made has the time to draw it given back (one away has their clock run).
		room.seenMoves = this.present(room, S.toMove(room.session)) ? -1 : room.session.moves.length;
		this.afterChange(room);
		return ok(undefined);
	}

	/**
	 * The player to move's screen shows the position after `moves` moves: their clock starts now
	 * if it started earlier (the time the server took to draw it is given back), once a move.
	 */
	private seen(connection: Connection, code: string, moves: number): boolean {
		const room = this.rooms.get(code);
		if (!room || room.closed || this.stopped || room.waiting || !room.started) return false;
		const session = room.session;
		if (session.moves.length !== moves || room.seenMoves === moves || S.isOver(session) || session.runningSince === null) return false;
		if (this.sideOf(room, connection.person) !== S.toMove(session)) return false;
		room.seenMoves = moves;
		// At most SEEN_MS given back: a screen that took longer was not drawing this move.
		const now = Math.min(this.options.now(), session.runningSince + SEEN_MS);
		if (now <= session.runningSince) return false;
		room.session = {...session, runningSince: now};
		this.schedule(room);
		// The snapshot is made again, but no screen is told: each draws its running clock again within
		// the second and reads it then (telling them would draw every screen of the room twice a move).
		this.remade(room, false);
		return true;
	}

	private resign(connection: Connection, code: string): Result<void, string> {
		// A player may resign while the clocks wait for the other.
		const found = this.playing(connection, code, true);
		if (!found.ok) return found;
		const {room, side} = found.value;
		room.session = S.resign(room.session, side, this.options.now());
		this.afterChange(room);
		return ok(undefined);
	}

	private offerDraw(connection: Connection, code: string): Result<void, string> {
		const found = this.playing(connection, code);
		if (!found.ok) return found;
		const {room, side} = found.value;
		if (room.drawOffer === side) return fail('Your offer of a draw stands until the other side answers or a move is played');
		if (room.drawOffer === other(side)) {
			const now = this.options.now();
			room.session = {
				...S.pauseClock(room.session, now),
				ended: {result: 'draw', winner: null, reason: AGREED, description: 'Drawn by agreement'},
			};
			room.drawOffer = null;
			this.afterChange(room);
			return ok(undefined);
		}
		room.drawOffer = side;
		this.changed(room);
		return ok(undefined);
	}

	private declineDraw(connection: Connection, code: string): Result<void, string> {
		const found = this.playing(connection, code);
		if (!found.ok) return found;
		const {room, side} = found.value;
		if (room.drawOffer !== other(side)) return fail('No draw is offered to you');
		room.drawOffer = null;
		this.changed(room);
		return ok(undefined);
	}

	private askRematch(connection: Connection, code: string): Result<void, string> {
		const room = this.rooms.get(code);
		if (!room) return fail(`No game has the code ${code}`);
		const side = this.sideOf(room, connection.person);
		if (side === null) return fail('Only the players ask for a rematch');
		this.flag(room);
		if (!S.isOver(room.session)) return fail('A rematch is asked for once the game is over');
		if (room.next) return ok(undefined);
		room.rematch[side - 1] = true;
		if (room.rematch[0] && room.rematch[1]) {
			const code = this.newCode();
			const next = this.newRoom({
				code,
				game: room.game,
				private: room.private,
				setup: room.setup,
				clockSeconds: room.clockSeconds,
				players: [room.players[1], room.players[0]],
				started: true,
			});
			this.rooms.set(code, next);
			room.next = code;
			this.save(next);
			this.log(`${room.code}: rematch ${code}, sides swapped`);
			this.changed(next);
		}
		this.changed(room);
		return ok(undefined);
	}

	private say(connection: Connection, code: string, text: string): Result<void, string> {
		const room = this.rooms.get(code);
		if (!room || room.closed) return fail(`No game has the code ${code}`);
		if (this.stopped) return fail('The server is stopping');
		if (this.sideOf(room, connection.person) === null) return fail('Only the players chat; watchers read');
		const line = shown(text, MAX_CHAT);
		if (line === '') return fail('Nothing to say');
		const now = Date.now();
		const recent = (this.said.get(connection.person.id) ?? []).filter(time => now - time < CHAT_WINDOW_MS);
		if (recent.length >= CHAT_LINES) return fail(`Slow down: at most ${CHAT_LINES} lines in ${CHAT_WINDOW_MS / 1000} seconds`);
		this.said.set(connection.person.id, [...recent, now]);
		room.chat = [...room.chat.slice(-(CHAT_KEPT - 1)), {from: connection.person.name, text: line}];
		// Written soon, with whatever else is said meanwhile (a move writes it at once).
		if (!room.kept && !room.saveTimer) {
			room.saveTimer = setTimeout(() => {
				room.saveTimer = null;
				if (!room.kept && !room.closed && !this.stopped) this.guard(room, () => this.save(room));
			}, CHAT_SAVE_MS);
			room.saveTimer.unref();
		}
		this.changed(room);
		return ok(undefined);
	}

	/**
	 * The room as a screen sees it now, without changing anything: a flag that has fallen since the
	 * last change (its timer not yet run) is shown fallen, and the hall ends the game once this
	 * read is over (written, kept, everyone told), not from inside the screen's draw.
	 */
	private lookAt(room: Room): RoomView {
		const view = this.viewOf(room);
		const shown = flagShown(view, this.options.now());
		if (shown !== view) queueMicrotask(() => this.guard(room, () => this.flag(room)));
		return shown;
	}

	/** Ends the game if the side to move's flag has fallen. */
	private flag(room: Room): void {
		if (!room.started || S.isOver(room.session)) return;
		const checked = S.checkFlag(room.session, this.options.now());
		if (checked === room.session) return;
		room.session = checked;
		this.afterChange(room);
	}

	/** After a move or an ending: written, kept if over, the flag's timer set again, and everyone told. */
	private afterChange(room: Room): void {
		// The ending is written with the room before its record: a kill between the two keeps it at the next start.
		this.save(room);
		if (S.isOver(room.session)) this.finish(room);
		this.schedule(room);
		this.changed(room);
	}

	/** Sets the timer that ends the game the moment the side to move's clock runs out. */
	private schedule(room: Room): void {
		if (room.timer) clearTimeout(room.timer);
		room.timer = null;
		if (this.stopped || !room.started || room.waiting || !room.session.clocked || S.isOver(room.session)) return;
		const session = room.session;
		const left = S.clockReadings(session, this.options.now())[S.toMove(session) - 1]!;
		room.timer = setTimeout(
			() => {
				room.timer = null;
				this.guard(room, () => {
					this.flag(room);
					// Still going (a timer a little early): look again.
					if (!S.isOver(room.session)) this.schedule(room);
				});
			},
			Math.ceil(left * 1000) + 1,
		);
		room.timer.unref();
	}

	/**
	 * The game as a record takes it: its line with the turn under way charged, its players' names.
	 * Every room's game, a rematch's too, began on the room's full clock: the start says so even
	 * where no move was made (a resignation at once, whose turn is charged to no move, or a game
	 * taken up after a stop that charged its first turn to its start).
	 */
	private played(room: Room) {
		const {game, clockSeconds} = room;
		const line = S.lineNow(room.session, this.options.now());
		const onFullClock = room.session.clocked && clockSeconds !== null && game.clock.per === 'game';
		return {
			game: room.game,
			line: onFullClock ? [game.withClocks(line[0], [clockSeconds, clockSeconds]), ...line.slice(1)] : line,
			moves: room.session.moves,
			ended: room.session.ended,
			players: room.players.map(player => player?.name ?? '?') as [string, string],
			clocked: room.session.clocked,
		};
	}

	/**
	 * The game is over: kept in each player's games, then as the record for download; only then
	 * does the room's file go. A record already there (a kill after it was written) is the game
	 * kept already. A record that cannot be written leaves the room's file, to try again at the
	 * next start. With the rooms' writer, all this waits until the room's ending is on the disk: a
	 * kill before leaves the ending to be kept at the next start, never a game kept in the
	 * players' games whose room goes on.
	 */
	private finish(room: Room): void {
		if (room.kept || this.finishing.has(room.code)) return;
		const writer = this.options.writer;
		if (!writer) {
			this.keep(room);
			this.prune(room);
			return;
		}
		this.finishing.add(room.code);
		writer.after(() => {
			this.finishing.delete(room.code);
			this.guard(room, () => {
				this.keep(room);
				this.changed(room);
				this.prune(room);
			});
		});
	}

	/** finish's work: the game kept in each player's games and as its record, the room's file gone. */
	private keep(room: Room): void {
		if (room.kept) return;
		const name = `${room.code}${RECORD_EXTENSION}`;
		const path = join(this.recordsDir, name);
		if (!existsSync(path)) {
			const played = this.played(room);
			const date = new Date();
			for (const player of room.players) {
				if (!player) continue;
				const kept = keepGame(played, this.options.savesOf(player), date);
				if (!kept.ok) this.log(`${room.code}: not kept in ${player.name}'s games: ${kept.error}`);
			}
			try {
				writeWhole({path, data: formatRecord({...played, date})});
			} catch (error) {
				this.log(`${room.code}: its record could not be written (${(error as Error).message}); the room's file stays`);
				return;
			}
		}
		room.kept = name;
		const summary: FinishedGame = {
			code: room.code,
			game: room.game,
			players: [room.players[0]?.name ?? '?', room.players[1]?.name ?? '?'],
			result: S.outcomeOf(room.session)?.description ?? 'ended',
			kept: name,
		};
		for (const player of room.players)
			if (player) this.finishedBy.set(player.id, [summary, ...(this.finishedBy.get(player.id) ?? [])].slice(0, FINISHED_KEPT));
		this.guard(room, () => this.forget(room));
		this.log(`${room.code} over: ${S.outcomeOf(room.session)?.description ?? 'ended'}`);
	}

	// --- presence and telling the screens

	private disconnect(connection: Connection): void {
		this.connections.delete(connection);
		for (const room of [...this.rooms.values()]) {
			if (!room.screens.has(connection)) continue;
			// A dropped connection keeps its seat, even in a room nobody joined yet: the host comes back with its code.
			room.screens.delete(connection);
			this.changed(room);
			this.prune(room);
		}
		this.lobbyChanged();
	}

	/**
	 * The room's snapshot is made again and its screens told, once the request (or the screen's
	 * draw that looked and saw a flag fall) is done: a screen is never told while one is drawn.
	 * The lobby is told too, soon.
	 */
	private changed(room: Room): void {
		this.remade(room, true);
		if (!room.telling) {
			room.telling = true;
			queueMicrotask(() => {
				room.telling = false;
				for (const listener of [...room.listeners]) {
					try {
						listener();
					} catch (error) {
						this.log(`a screen of ${room.code} failed to draw: ${(error as Error).message}`);
					}
				}
			});
		}
		this.lobbyChanged();
	}

	private lobbyChanged(): void {
		if (this.lobbyTimer || this.stopped) return;
		this.lobbyTimer = setTimeout(() => {
			this.lobbyTimer = null;
			for (const listener of [...this.lobbyListeners]) {
				try {
					listener();
				} catch (error) {
					this.log(`a lobby failed to draw: ${(error as Error).message}`);
				}
			}
		}, LOBBY_EVERY_MS);
		this.lobbyTimer.unref();
	}

	private viewOf(room: Room): RoomView {
		room.view ??= {
			code: room.code,
			game: room.game,
			private: room.private,
			players: [room.players[0], room.players[1]],
			present: [this.present(room, 1), this.present(room, 2)],
			session: room.session,
			started: room.started,
			clockSeconds: room.clockSeconds,
			drawOffer: room.drawOffer,
			rematch: [room.rematch[0], room.rematch[1]],
			chat: room.chat,
			watchers: [...room.screens].filter(([, side]) => side === null).map(([connection]) => connection.person.name),
			kept: room.kept,
			next: room.next,
			closed: room.closed,
		};
		return room.view;
	}

	private summary(room: Room, asker: Person): RoomSummary {
		const now = this.options.now();
		const clocks = room.session.clocked ? S.clockReadings(room.session, now) : null;
		return {
			code: room.code,
			game: room.game,
			private: room.private,
			players: [room.players[0]?.name ?? null, room.players[1]?.name ?? null],
			moves: room.session.moves.length,
			clocks,
			clockSeconds: room.clockSeconds,
			details: details(room),
			yours: this.sideOf(room, asker) !== null,
			watchers: [...room.screens.values()].filter(side => side === null).length,
		};
	}

	private lobby(asker: Person): LobbyView {
		const listed = [...this.rooms.values()].filter(
			room => !room.closed && !room.kept && (!room.private || this.sideOf(room, asker) !== null),
		);
		// Everyone's rooms in the order they were made; one's own first.
		const ordered = [
			...listed.filter(room => this.sideOf(room, asker) !== null),
			...listed.filter(room => this.sideOf(room, asker) === null),
		];
		return {
			open: ordered
				.filter(room => !room.started)
				.slice(0, LISTED)
				.map(room => this.summary(room, asker)),
			playing: ordered
				.filter(room => room.started && !S.isOver(room.session))
				.slice(0, LISTED)
				.map(room => this.summary(room, asker)),
			online: [...new Set([...this.connections].map(connection => connection.person.name))].sort(),
			finished: this.finishedBy.get(asker.id) ?? [],
			address: this.options.address().replace(/ (\S+)$/, ' -t $1'),
			plainAddress: this.options.address(),
		};
	}

	// --- the wrong-code limit

	private refusal(address: string): string | null {
		const now = Date.now();
		const key = addressKey(address);
		const times = (this.wrongCodes.get(key) ?? []).filter(time => now - time < WRONG_CODE_WINDOW_MS);
		if (times.length === 0) this.wrongCodes.delete(key);
		else this.wrongCodes.set(key, times);
		if (times.length < WRONG_CODES) return null;
		const minutes = Math.ceil((times[0]! + WRONG_CODE_WINDOW_MS - now) / 60_000);
		return `Too many wrong codes from your address: try again in ${minutes} minute${minutes === 1 ? '' : 's'}`;
	}

	private wrong(address: string): void {
		const key = addressKey(address);
		const times = this.wrongCodes.get(key) ?? [];
		times.push(Date.now());
		this.wrongCodes.set(key, times);
		if (times.length === WRONG_CODES) this.log(`${address}: ${WRONG_CODES} wrong codes; refused for a while`);
	}

	// --- files

	/** Where a finished game's record is kept. */
	private recordPath(code: string): string {
		return join(this.recordsDir, `${code}${RECORD_EXTENSION}`);
	}

	private roomPath(code: string): string {
		return join(this.roomsDir, `${code}.json`);
	}

	/** Writes the room whole; `charged`: with the turn under way charged to the clocks (the server stops). */
	private save(room: Room, charged = false): void {
		const session = room.session;
		const line = charged && room.started ? S.lineNow(session, this.options.now()) : session.line;
		const file: RoomFile = {
			version: 1,
			code: room.code,
			game: room.game.id,
			private: room.private,
			setup: room.setup,
			clockSeconds: room.clockSeconds,
			players: room.players,
			started: room.started,
			chat: room.chat,
			record: formatRecord({
				game: room.game,
				line,
				moves: session.moves,
				ended: session.ended,
				players: room.players.map(player => player?.name ?? '?') as [string, string],
				clocked: session.clocked,
			}),
		};
		try {
			const data = `${JSON.stringify(file, null, '\t')}\n`;
			if (this.options.writer) this.options.writer.write(this.roomPath(room.code), data);
			else writeWhole({path: this.roomPath(room.code), data});
		} catch (error) {
			this.log(`${room.code}: not written: ${(error as Error).message}`);
		}
	}

	/** The room's file goes (its game over, or closed). */
	private forget(room: Room): void {
		if (room.timer) clearTimeout(room.timer);
		room.timer = null;
		if (this.options.writer) this.options.writer.remove(this.roomPath(room.code));
		else rmSync(this.roomPath(room.code), {force: true});
	}

	private readRoom(path: string): Room | string {
		let read: unknown;
		try {
			read = JSON.parse(readFileSync(path, 'utf8'));
		} catch (error) {
			return `not JSON: ${(error as Error).message}`;
		}
		if (typeof read !== 'object' || read === null || Array.isArray(read)) return 'not an object';
		const file = read as Partial<RoomFile>;
		if (file.version !== 1) return `version ${String(file.version)}, not 1`;
		const game = typeof file.game === 'string' ? gameById(file.game) : undefined;
		if (!game) return `no game "${String(file.game)}"`;
		const code = typeof file.code === 'string' ? normalCode(file.code) : null;
		if (code === null) return 'no code';
		// An id names a folder under players/ (a name's, or key-FINGERPRINT/ and a name's): nothing else.
		const person = (value: unknown): Person | null | undefined => {
			if (value === null) return null;
			const {id, name} = (value ?? {}) as {id?: unknown; name?: unknown};
			if (typeof id !== 'string' || typeof name !== 'string' || !PERSON_ID.test(id)) return undefined;
			return {id, name: shown(name, MAX_NAME) || 'guest'};
		};
		const players = Array.isArray(file.players) && file.players.length === 2 ? file.players.map(person) : [];
		if (players.length !== 2 || players.includes(undefined)) return 'its players do not read';
		if (typeof file.record !== 'string') return 'no record';
		const parsed = parseRecord(file.record, path);
		if (!parsed.ok) return `its record: line ${parsed.error.line ?? '?'}: ${parsed.error.message}`;
		if (parsed.value.game.id !== game.id) return `its record is of ${parsed.value.game.name}, not ${game.name}`;
		const {line, moves, ended} = parsed.value;
		const clockSeconds = typeof file.clockSeconds === 'number' && file.clockSeconds > 0 ? file.clockSeconds : null;
		const chat = (Array.isArray(file.chat) ? (file.chat as unknown[]) : []).flatMap(entry => {
			const {from, text} = (entry ?? {}) as {from?: unknown; text?: unknown};
			return typeof from === 'string' && typeof text === 'string' ? [{from: shown(from, 40), text: shown(text, MAX_CHAT)}] : [];
		});
		const setup = Object.fromEntries(
			Object.entries(file.setup && typeof file.setup === 'object' ? file.setup : {}).filter(([, value]) => Number.isInteger(value)),
		);
		const room = this.newRoom({
			code,
			game,
			private: file.private === true,
			setup,
			clockSeconds,
			players: players as [Person | null, Person | null],
			started: file.started === true && players[0] !== null && players[1] !== null,
			chat: chat.slice(-CHAT_KEPT),
			line,
			moves,
			ended,
		});
		if (S.isOver(room.session)) {
			// Over before it was kept (a kill between the ending and the record): kept now, or found kept
			// already. Its ending was just read from the disk: nothing to wait for (finish).
			this.keep(room);
		} else if (existsSync(this.recordPath(room.code))) {
			// Its record written, its ending not yet in this file (a kill before the rooms' writer wrote it,
			// or a game abandoned before its file went): the record is the game, kept already. Nobody saw
			// the ending before it was written (room-writer.ts).
			room.kept = `${room.code}${RECORD_EXTENSION}`;
			this.forget(room);
		}
		return room;
	}

	// --- the Remote each connection gets

	private remoteFor(connection: Connection): Remote & {disconnect(): void} {
		const codeOf = (code: string): string => normalCode(code) ?? code;
		const address = () => this.options.address();
		return {
			me: connection.person,
			get address() {
				// -t before the host: `ssh -p 2222 -t HOST`.
				return address().replace(/ (\S+)$/, ' -t $1');
			},
			get plainAddress() {
				return address();
			},
			lobby: () => this.lobby(connection.person),
			onLobby: listener => {
				this.lobbyListeners.add(listener);
				return () => void this.lobbyListeners.delete(listener);
			},
			create: options => this.create(connection, options),
			enter: (code, as) => this.enter(connection, code, as),
			room: code => {
				const room = this.rooms.get(codeOf(code));
				if (!room || !room.screens.has(connection)) return undefined;
				return this.lookAt(room);
			},
			onRoom: (code, listener) => {
				const room = this.rooms.get(codeOf(code));
				if (!room) return () => undefined;
				room.listeners.add(listener);
				return () => void room.listeners.delete(listener);
			},
			seen: (code, moves) => void this.seen(connection, codeOf(code), moves),
			move: (code, move) => this.move(connection, codeOf(code), move),
			resign: code => this.resign(connection, codeOf(code)),
			offerDraw: code => this.offerDraw(connection, codeOf(code)),
			declineDraw: code => this.declineDraw(connection, codeOf(code)),
			rematch: code => this.askRematch(connection, codeOf(code)),
			say: (code, text) => this.say(connection, codeOf(code), text),
			leave: code => this.leave(connection, codeOf(code)),
			disconnect: () => this.disconnect(connection),
		};
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

/** A room's board and clock in words: "3×3 boxes, 60 s each", "10 s a move", "no clock". */
function details(room: Pick<Room, 'game' | 'setup' | 'clockSeconds'>): string {
	// The board's size always; another option where it is not the game's default (lines drawn before the game).
	const board = optionsOf(room.game)
		.filter(option => option.kind === 'size' || (room.setup[option.key] !== undefined && room.setup[option.key] !== option.default))
		.map(option => shownValue(option, room.setup));
	const clock = room.clockSeconds === null ? 'no clock' : `${room.clockSeconds} s ${room.game.clock.per === 'move' ? 'a move' : 'each'}`;
	return [...board, clock].join(', ');
}
