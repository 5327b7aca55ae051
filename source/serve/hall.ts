/**
 * The authority on the games between people who connected to `potm serve`: the hall holds every
 * room (room.ts) and is the only one that changes one. A person's screens ask, through the Remote
 * the hall gives each connection (hall-remote.ts), and the hall checks who asks (their seat,
 * their turn), the rules (the game's legal moves) and the clock (a flag fallen) before anything
 * happens; then it has the room written (room-files.ts) and its screens told (hall-views.ts).
 * The clocks' timers (room-clocks.ts) and the rate limits (hall-limits.ts) serve it.
 *
 * A room is found by its code (codes.ts): a private room is listed to nobody but its players, and
 * an address that gives too many wrong codes is refused for a while.
 */
import {fail, ok, other, type Player, type Result} from '../games/game.js';
import {AGREED, RECORD_EXTENSION} from '../files/record.js';
import * as S from '../play/session.js';
import {MAX_CHAT, type LobbyView, type Person, type Remote, type RoomOptions, type RoomView} from '../play/remote.js';
import {shown} from './names.js';
import {newCode, normalCode} from './codes.js';
import {CHAT_KEPT, newRoom, present, sideOf, type Connection, type Room, type RoomMaking} from './room.js';
import {RoomFiles} from './room-files.js';
import {flagShown, RoomClocks, SEEN_MS} from './room-clocks.js';
import {HallLimits} from './hall-limits.js';
import {HallViews} from './hall-views.js';
import {remoteFor, type HallRequests} from './hall-remote.js';

/** A room nobody joined closes once its host has been gone (no connection at all) this long. */
export const WAITING_MS = 30 * 60_000;
/** Rooms one person may have waiting for a friend: a new one past this closes their oldest. */
export const WAITING_ROOMS = 5;
/** Games one person may sit in at once, waiting or under way: a new one past this is refused. */
export const GAMES_EACH = 10;
/** Games the server holds at once unless HallOptions.maxRooms says. */
export const MAX_ROOMS = 1000;
/** A game under way nobody has had a screen on for this long closes (its record kept as it stands, not over). */
export const ABANDONED_MS = 24 * 60 * 60_000;
/** Chat is written with the room this long after a line (moves write it at once). */
const CHAT_SAVE_MS = 2_000;

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

export class Hall implements HallRequests {
	private readonly rooms = new Map<string, Room>();
	private readonly connections = new Set<Connection>();
	private stopped = false;
	private made = 0;
	/** The rooms whose ending waits for the rooms' writer before it is kept (finish). */
	private readonly finishing = new Set<string>();
	private readonly files: RoomFiles;
	private readonly views: HallViews;
	private readonly clocks: RoomClocks;
	private readonly limits: HallLimits;
	private readonly sweeper: NodeJS.Timeout;

	constructor(private readonly options: HallOptions) {
		const log = (line: string) => this.log(line);
		this.files = new RoomFiles({dataDir: options.dataDir, now: options.now, savesOf: options.savesOf, log, writer: options.writer});
		this.views = new HallViews({now: options.now, address: options.address, log, stopped: () => this.stopped});
		this.clocks = new RoomClocks({
			now: options.now,
			stopped: () => this.stopped,
			guard: (room, work) => this.guard(room, work),
			flag: room => this.flag(room),
			begin: (room, why) => this.begin(room, why),
		});
		this.limits = new HallLimits(log);
		this.sweeper = setInterval(() => this.sweep(), 60_000);
		this.sweeper.unref();
	}

	private log(line: string): void {
		this.options.log?.(line);
	}

	/** The screens of one connected person; `disconnect` when the connection goes. */
	connect(person: Person, address: string): Remote & {disconnect(): void} {
		const connection: Connection = {person, address};
		this.connections.add(connection);
		this.views.lobbyChanged();
		return remoteFor(this, connection);
	}

	/** The text of a finished game's record, for `record CODE`: undefined for a code with none (counted as a wrong code). */
	record(code: string, address: string): Result<string, string> {
		const refused = this.limits.refusal(address);
		if (refused) return fail(refused);
		const normal = normalCode(code);
		if (normal === null) {
			this.limits.wrong(address);
			return fail(`"${shown(code, 12)}" is no code: codes are six letters and digits, like 7KQ-2XM`);
		}
		try {
			return ok(this.files.record(normal));
		} catch {
			// none: below
		}
		this.limits.wrong(address);
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
		for (const path of this.files.paths()) {
			let room: Room | string;
			try {
				room = this.files.read(path);
				if (typeof room !== 'string') this.settle(room);
			} catch (error) {
				room = (error as Error).message;
			}
			if (typeof room === 'string') {
				this.files.setAside(path, room);
				continue;
			}
			// A game found over (killed between its end and its record) was kept as it was read.
			if (room.kept) continue;
			this.rooms.set(room.code, room);
			this.clocks.schedule(room);
			if (room.started) count.playing++;
			else count.open++;
		}
		return count;
	}

	/** A room just read whose game is over, or kept already: kept now (its file gone). */
	private settle(room: Room): void {
		if (S.isOver(room.session)) {
			// Over before it was kept (a kill between the ending and the record): kept now, or found kept
			// already. Its ending was just read from the disk: nothing to wait for (finish).
			this.keep(room);
		} else if (this.files.hasRecord(room.code)) {
			// Its record written, its ending not yet in this file (a kill before the rooms' writer wrote it,
			// or a game abandoned before its file went): the record is the game, kept already. Nobody saw
			// the ending before it was written (room-writer.ts).
			room.kept = `${room.code}${RECORD_EXTENSION}`;
			this.forget(room);
		}
	}

	/**
	 * The server stops: every game in progress is written with its clocks as they read now (the
	 * turn under way charged), and no timer is left.
	 */
	stop(): void {
		this.stopped = true;
		clearInterval(this.sweeper);
		this.views.stop();
		for (const room of this.rooms.values()) {
			for (const timer of [room.timer, room.grace, room.saveTimer]) if (timer) clearTimeout(timer);
			[room.timer, room.grace, room.saveTimer] = [null, null, null];
			if (!room.kept && !room.closed) this.files.save(room, true);
		}
	}

	/** A code no room has. */
	private newCode(): string {
		this.made++;
		return this.options.codeFor?.(this.made) ?? newCode(code => this.rooms.has(code) || this.files.taken(code));
	}

	/**
	 * Calls `follower` each time a room's snapshot is to be made again (`held` gives the new one),
	 * at once, with whether its screens are told (a move, a line of chat) or not (a clock given
	 * back: each screen reads it at its next draw). For the drawing threads' copies of the rooms.
	 * Gives the unsubscribe.
	 */
	followViews(follower: (code: string, told: boolean) => void): () => void {
		return this.views.followViews(follower);
	}

	/** The room as it stands, whoever looks: for the server itself and its tests (people's screens go through their Remote). */
	held(code: string): RoomView | undefined {
		const room = this.rooms.get(normalCode(code) ?? code);
		return room && this.views.viewOf(room);
	}

	/** How many lobbies are drawn from the hall now (a screen gone unsubscribes). */
	lobbyListenerCount(): number {
		return this.views.lobbyListenerCount();
	}

	/** Where a person's saves are kept (their games folder in it). */
	savesOf(person: Person): string {
		return this.options.savesOf(person);
	}

	// --- what a connection's Remote asks (hall-remote.ts), checked against its person

	address(): string {
		return this.options.address();
	}

	lobbyFor(connection: Connection): LobbyView {
		return this.views.lobby(connection.person, this.rooms.values(), this.connections);
	}

	onLobby(listener: () => void): () => void {
		return this.views.onLobby(listener);
	}

	/**
	 * The room as a screen sees it now, without changing anything: a flag that has fallen since the
	 * last change (its timer not yet run) is shown fallen, and the hall ends the game once this
	 * read is over (written, kept, everyone told), not from inside the screen's draw.
	 */
	roomFor(connection: Connection, code: string): RoomView | undefined {
		const room = this.rooms.get(code);
		if (!room || !room.screens.has(connection)) return undefined;
		const view = this.views.viewOf(room);
		const shown = flagShown(view, this.options.now());
		if (shown !== view) queueMicrotask(() => this.guard(room, () => this.flag(room)));
		return shown;
	}

	onRoom(code: string, listener: () => void): () => void {
		const room = this.rooms.get(code);
		if (!room) return () => undefined;
		room.listeners.add(listener);
		return () => void room.listeners.delete(listener);
	}

	create(connection: Connection, options: RoomOptions): Result<string, string> {
		const refused = this.tooMany(connection.person);
		if (refused) return fail(refused);
		const waiting = [...this.rooms.values()].filter(room => !room.started && !room.closed && sideOf(room, connection.person) !== null);
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
		room.screens.set(connection, options.side);
		this.files.save(room);
		this.log(`${connection.person.name} opened ${options.private ? 'a private' : 'a'} ${options.game.name} room ${code}`);
		this.views.changed(room);
		return ok(code);
	}

	enter(connection: Connection, code: string, as: 'play' | 'watch'): Result<{code: string; side: Player | null}, string> {
		const normal = normalCode(code);
		const room = normal === null ? undefined : this.rooms.get(normal);
		// A room the lobby lists to the asker (a public one, or one of theirs) needs no guessing: an address
		// refused for wrong codes still enters it; a private one, or none, waits out the refusal.
		const listed = room !== undefined && !room.closed && (!room.private || sideOf(room, connection.person) !== null);
		const refused = listed ? null : this.limits.refusal(connection.address);
		if (refused) return fail(refused);
		if (!room && normal !== null && this.files.hasRecord(normal))
			// A finished game nobody looks at any more is let go (prune): its code is right, and its record is kept.
			return fail(`${normal} is over: ${this.options.address()} record ${normal} prints its record`);
		if (!room || room.closed) {
			this.limits.wrong(connection.address);
			return fail(
				normal === null
					? `"${shown(code, 12)}" is no code: codes are six letters and digits, like 7KQ-2XM`
					: `No game has the code ${normal}`,
			);
		}
		const mine = sideOf(room, connection.person);
		if (as === 'watch' || mine !== null || room.kept) {
			room.screens.set(connection, as === 'watch' ? null : mine);
			this.clocks.meet(room);
			this.views.changed(room);
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
		this.files.save(room);
		this.clocks.meet(room);
		this.views.changed(room);
		return ok({code: room.code, side: open});
	}

	leave(connection: Connection, code: string): void {
		const room = this.rooms.get(code);
		if (!room || !room.screens.has(connection)) return;
		room.screens.delete(connection);
		// The server stopping ends every screen: the rooms stay as written, to resume.
		if (this.stopped) return;
		// A player who leaves keeps the seat, and a host the room: the lobby lists it as theirs.
		this.views.changed(room);
		this.prune(room);
	}

	disconnect(connection: Connection): void {
		this.connections.delete(connection);
		for (const room of [...this.rooms.values()]) {
			if (!room.screens.has(connection)) continue;
			// A dropped connection keeps its seat, even in a room nobody joined yet: the host comes back with its code.
			room.screens.delete(connection);
			this.views.changed(room);
			this.prune(room);
		}
		this.views.lobbyChanged();
	}

	move(connection: Connection, code: string, move: number): Result<void, string> {
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
		room.seenMoves = present(room, S.toMove(room.session)) ? -1 : room.session.moves.length;
		this.afterChange(room);
		return ok(undefined);
	}

	/**
	 * The player to move's screen shows the position after `moves` moves: their clock starts now
	 * if it started earlier (the time the server took to draw it is given back), once a move.
	 */
	seen(connection: Connection, code: string, moves: number): boolean {
		const room = this.rooms.get(code);
		if (!room || room.closed || this.stopped || room.waiting || !room.started) return false;
		const session = room.session;
		if (session.moves.length !== moves || room.seenMoves === moves || S.isOver(session) || session.runningSince === null) return false;
		if (sideOf(room, connection.person) !== S.toMove(session)) return false;
		room.seenMoves = moves;
		// At most SEEN_MS given back: a screen that took longer was not drawing this move.
		const now = Math.min(this.options.now(), session.runningSince + SEEN_MS);
		if (now <= session.runningSince) return false;
		room.session = {...session, runningSince: now};
		this.clocks.schedule(room);
		// The snapshot is made again, but no screen is told: each draws its running clock again within
		// the second and reads it then (telling them would draw every screen of the room twice a move).
		this.views.remade(room, false);
		return true;
	}

	resign(connection: Connection, code: string): Result<void, string> {
		// A player may resign while the clocks wait for the other.
		const found = this.playing(connection, code, true);
		if (!found.ok) return found;
		const {room, side} = found.value;
		room.session = S.resign(room.session, side, this.options.now());
		this.afterChange(room);
		return ok(undefined);
	}

	offerDraw(connection: Connection, code: string): Result<void, string> {
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
		this.views.changed(room);
		return ok(undefined);
	}

	declineDraw(connection: Connection, code: string): Result<void, string> {
		const found = this.playing(connection, code);
		if (!found.ok) return found;
		const {room, side} = found.value;
		if (room.drawOffer !== other(side)) return fail('No draw is offered to you');
		room.drawOffer = null;
		this.views.changed(room);
		return ok(undefined);
	}

	askRematch(connection: Connection, code: string): Result<void, string> {
		const room = this.rooms.get(code);
		if (!room) return fail(`No game has the code ${code}`);
		const side = sideOf(room, connection.person);
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
			room.next = code;
			this.files.save(next);
			this.log(`${room.code}: rematch ${code}, sides swapped`);
			this.views.changed(next);
		}
		this.views.changed(room);
		return ok(undefined);
	}

	say(connection: Connection, code: string, text: string): Result<void, string> {
		const room = this.rooms.get(code);
		if (!room || room.closed) return fail(`No game has the code ${code}`);
		if (this.stopped) return fail('The server is stopping');
		if (sideOf(room, connection.person) === null) return fail('Only the players chat; watchers read');
		const line = shown(text, MAX_CHAT);
		if (line === '') return fail('Nothing to say');
		const tooFast = this.limits.chat(connection.person.id);
		if (tooFast) return fail(tooFast);
		room.chat = [...room.chat.slice(-(CHAT_KEPT - 1)), {from: connection.person.name, text: line}];
		// Written soon, with whatever else is said meanwhile (a move writes it at once).
		if (!room.kept && !room.saveTimer) {
			room.saveTimer = setTimeout(() => {
				room.saveTimer = null;
				if (!room.kept && !room.closed && !this.stopped) this.guard(room, () => this.files.save(room));
			}, CHAT_SAVE_MS);
			room.saveTimer.unref();
		}
		this.views.changed(room);
		return ok(undefined);
	}

	// --- the rooms' lives

	/** A new room, held. */
	private newRoom(making: RoomMaking): Room {
		const room = newRoom(making, this.options.now());
		this.rooms.set(room.code, room);
		return room;
	}

	/** Why `person` may not sit in another game (too many of theirs, or of the server's), or null. */
	private tooMany(person: Person): string | null {
		const held = [...this.rooms.values()].filter(room => !room.kept && !room.closed);
		if (held.length >= (this.options.maxRooms ?? MAX_ROOMS)) return `The server holds ${held.length} games, all it takes: try again later`;
		const mine = held.filter(room => sideOf(room, person) !== null);
		if (mine.length >= GAMES_EACH) return `You are in ${mine.length} games already, all one person may be: finish or resign one first`;
		return null;
	}

	/** The clocks begin (both players here, or one after the grace). */
	private begin(room: Room, why: string): void {
		if (room.grace) clearTimeout(room.grace);
		room.grace = null;
		room.waiting = false;
		if (S.isOver(room.session)) return;
		room.session = S.resumeClock(room.session, this.options.now());
		this.log(`${room.code}: ${why}; the clocks run`);
		this.clocks.schedule(room);
		this.views.changed(room);
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
			if (present(room, 1) || present(room, 2)) room.playedSeen = now;
			else if (now - room.playedSeen >= ABANDONED_MS) this.abandon(room);
		}
		this.limits.sweep(now);
	}

	/** A game nobody has looked at for ABANDONED_MS closes; its record is kept as it stands (not over). */
	private abandon(room: Room): void {
		this.guard(room, () => this.files.writeAbandoned(room));
		this.close(room, 'nobody came back to it for a day');
	}

	/** Closes a room nobody joined: its file goes, its screens are told why. */
	private close(room: Room, why: string): void {
		for (const timer of [room.grace, room.saveTimer]) if (timer) clearTimeout(timer);
		[room.grace, room.saveTimer] = [null, null];
		room.closed = why;
		this.forget(room);
		this.log(`${room.code} closed: ${why}`);
		this.views.changed(room);
		this.prune(room);
	}

	/** A finished or closed room nobody looks at any more is let go (its record is on disk). */
	private prune(room: Room): void {
		if ((room.kept || room.closed) && room.screens.size === 0) {
			this.rooms.delete(room.code);
			this.views.remade(room, false);
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
		const side = sideOf(room, connection.person);
		if (side === null) return fail('You are watching this game: only its players play it');
		this.flag(room);
		if (!room.started) return fail('The game begins when someone joins');
		if (S.isOver(room.session)) return fail('The game is over');
		if (room.waiting && !evenWaiting) {
			const away = room.players[present(room, 1) ? 1 : 0]!;
			return fail(`The clocks wait for both players: waiting for ${away.name} (two minutes at most once one is here)`);
		}
		return ok({room, side});
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
		this.files.save(room);
		if (S.isOver(room.session)) this.finish(room);
		this.clocks.schedule(room);
		this.views.changed(room);
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
				this.views.changed(room);
				this.prune(room);
			});
		});
	}

	/** finish's work: the game kept in each player's games and as its record, the room's file gone. */
	private keep(room: Room): void {
		if (room.kept) return;
		if (!this.files.keep(room)) return;
		room.kept = `${room.code}${RECORD_EXTENSION}`;
		this.views.finished(room, room.kept);
		this.guard(room, () => this.forget(room));
		this.log(`${room.code} over: ${S.outcomeOf(room.session)?.description ?? 'ended'}`);
	}

	/** The room's file goes (its game over, or closed), and its flag's timer. */
	private forget(room: Room): void {
		if (room.timer) clearTimeout(room.timer);
		room.timer = null;
		this.files.remove(room.code);
	}
}
