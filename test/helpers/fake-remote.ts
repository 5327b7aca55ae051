/**
 * A server in memory for the screens' tests: rooms held in a map, and a `Remote` per person
 * connected, all sharing it, as serve/hall.ts's do. It checks what a request needs checked
 * (whose seat, whose turn, the game's legal moves) so that the screens' refusals can be seen,
 * and nothing more: no limits on codes tried, no records written.
 */
import {fail, ok, other, type Player, type Result} from '../../source/games/game.js';
import type {AnyGame} from '../../source/games/registry.js';
import {optionsOf, shownValue, type Setup} from '../../source/games/setup.js';
import {
	MAX_CHAT,
	type ChatLine,
	type LobbyView,
	type Person,
	type Remote,
	type RoomOptions,
	type RoomSummary,
	type RoomView,
} from '../../source/ui/remote.js';
import * as S from '../../source/ui/session.js';

interface Room {
	readonly code: string;
	readonly game: AnyGame;
	readonly setup: Setup;
	readonly private: boolean;
	players: [Person | null, Person | null];
	present: [boolean, boolean];
	session: S.Session;
	readonly clockSeconds: number | null;
	drawOffer: Player | null;
	rematch: [boolean, boolean];
	chat: ChatLine[];
	watchers: Person[];
	kept: string | null;
	next: string | null;
	closed: string | null;
	/** The snapshot the screens see, made anew after every change. */
	view?: RoomView;
}

const started = (room: Room): boolean => room.players.every(seat => seat !== null);

export class FakeHall {
	private readonly rooms = new Map<string, Room>();
	private readonly lobbyListeners = new Set<() => void>();
	private readonly roomListeners = new Map<string, Set<() => void>>();
	private readonly people: Person[] = [];
	private made = 0;

	constructor(
		readonly now: () => number,
		readonly address = 'ssh -p 2222 -t potm.test',
	) {}

	/** The server as `person`'s screens see it. */
	remote(person: Person): Remote {
		if (!this.people.some(one => one.id === person.id)) this.people.push(person);
		return new FakeRemote(this, person);
	}

	/** The room, as the hall keeps it (for a test's checks). */
	held(code: string): RoomView | undefined {
		return this.rooms.get(code)?.view;
	}

	listeners(code: string): number {
		return this.roomListeners.get(code)?.size ?? 0;
	}

	lobbyListenerCount(): number {
		return this.lobbyListeners.size;
	}

	/** @internal the requests, acting as `me`. */
	open(me: Person, options: RoomOptions): string {
		this.made++;
		const code = `ABC-${String(this.made).padStart(3, '0')}`;
		const players: [Person | null, Person | null] = options.side === 1 ? [me, null] : [null, me];
		const session = S.pauseClock(
			S.newSession(
				options.game,
				{
					seats: [S.HUMAN, S.HUMAN],
					clocked: options.clockSeconds !== null,
					...(options.clockSeconds === null ? {} : {clockSeconds: options.clockSeconds}),
					line: [options.game.initial(options.setup)],
				},
				this.now(),
			),
			this.now(),
		);
		const room: Room = {
			code,
			game: options.game,
			setup: options.setup,
			private: options.private,
			players,
			present: options.side === 1 ? [true, false] : [false, true],
			session,
			clockSeconds: options.clockSeconds,
			drawOffer: null,
			rematch: [false, false],
			chat: [],
			watchers: [],
			kept: null,
			next: null,
			closed: null,
		};
		this.rooms.set(code, room);
		this.changed(room);
		return code;
	}

	enter(me: Person, text: string, as: 'play' | 'watch'): Result<{readonly code: string; readonly side: Player | null}, string> {
		const code = text.trim().toUpperCase();
		const room = this.rooms.get(code);
		if (!room || room.closed) return fail(`No room ${code || '(no code)'}: check the code`);
		const seat = this.seatOf(room, me);
		if (as === 'watch' || (seat === null && started(room))) {
			if (as === 'play') return fail(`${code} is full: w watches it`);
			if (!room.watchers.some(one => one.id === me.id)) room.watchers.push(me);
			this.changed(room);
			return ok({code, side: null});
		}
		if (seat !== null) {
			room.present[seat - 1] = true;
			this.changed(room);
			return ok({code, side: seat});
		}
		const side: Player = room.players[0] === null ? 1 : 2;
		room.players[side - 1] = me;
		room.present[side - 1] = true;
		room.session = S.resumeClock(room.session, this.now());
		this.changed(room);
		return ok({code, side});
	}

	room(code: string): RoomView | undefined {
		return this.rooms.get(code)?.view;
	}

	move(me: Person, code: string, move: number): Result<void, string> {
		return this.playing(me, code, (room, side) => {
			const {session} = room;
			if (S.toMove(session) !== side) return fail('It is not your turn');
			if (!(room.game.legalMoves(S.current(session)) as number[]).includes(move)) return fail('Not a legal move');
			room.session = S.playMove(session, move, this.now());
			room.drawOffer = null;
			return ok(undefined);
		});
	}

	resign(me: Person, code: string): Result<void, string> {
		return this.playing(me, code, (room, side) => {
			room.session = S.resign(room.session, side, this.now());
			return ok(undefined);
		});
	}

	offerDraw(me: Person, code: string): Result<void, string> {
		return this.playing(me, code, (room, side) => {
			if (room.drawOffer === other(side)) {
				room.session = {
					...S.pauseClock(room.session, this.now()),
					ended: {result: 'draw', winner: null, reason: 'agreement', description: 'A draw, agreed'},
				};
				room.drawOffer = null;
			} else room.drawOffer = side;
			return ok(undefined);
		});
	}

	declineDraw(me: Person, code: string): Result<void, string> {
		return this.playing(me, code, (room, side) => {
			if (room.drawOffer !== other(side)) return fail('No draw is offered');
			room.drawOffer = null;
			return ok(undefined);
		});
	}

	rematch(me: Person, code: string): Result<void, string> {
		const room = this.rooms.get(code);
		const side = room ? this.seatOf(room, me) : null;
		if (!room || side === null) return fail('Only the players ask for a rematch');
		if (!S.isOver(room.session)) return fail('The game is not over');
		room.rematch[side - 1] = true;
		if (room.rematch[0] && room.rematch[1] && room.next === null) {
			const [first, second] = room.players;
			const next = this.open(second!, {
				game: room.game,
				setup: room.setup,
				clockSeconds: room.clockSeconds,
				side: 1,
				private: room.private,
			});
			room.next = next;
			const fresh = this.rooms.get(next)!;
			fresh.players = [second, first];
			fresh.present = [false, false];
			fresh.session = S.resumeClock(fresh.session, this.now());
			this.changed(fresh);
		}
		this.changed(room);
		return ok(undefined);
	}

	say(me: Person, code: string, text: string): Result<void, string> {
		const room = this.rooms.get(code);
		if (!room || this.seatOf(room, me) === null) return fail('Only the players chat here');
		room.chat.push({from: me.name, text: text.slice(0, MAX_CHAT)});
		this.changed(room);
		return ok(undefined);
	}

	leave(me: Person, code: string): void {
		const room = this.rooms.get(code);
		if (!room) return;
		const seat = this.seatOf(room, me);
		room.watchers = room.watchers.filter(one => one.id !== me.id);
		if (seat !== null) {
			room.present[seat - 1] = false;
			if (!started(room)) room.closed = `${me.name} closed the room`;
		}
		this.changed(room);
	}

	lobby(me: Person): LobbyView {
		const summaries = [...this.rooms.values()]
			.filter(room => !room.closed && (!room.private || this.seatOf(room, me) !== null))
			.map(room => this.summary(room, me));
		return {
			open: summaries.filter(summary => summary.players.includes(null)),
			playing: summaries.filter(summary => !summary.players.includes(null) && !S.isOver(this.rooms.get(summary.code)!.session)),
			online: this.people.map(person => person.name),
			address: this.address,
		};
	}

	onLobby(listener: () => void): () => void {
		this.lobbyListeners.add(listener);
		return () => void this.lobbyListeners.delete(listener);
	}

	onRoom(code: string, listener: () => void): () => void {
		const set = this.roomListeners.get(code) ?? new Set();
		set.add(listener);
		this.roomListeners.set(code, set);
		return () => void set.delete(listener);
	}

	private seatOf(room: Room, me: Person): Player | null {
		const at = room.players.findIndex(seat => seat?.id === me.id);
		return at < 0 ? null : ((at + 1) as Player);
	}

	/** A request of a player of a game under way. */
	private playing(me: Person, code: string, act: (room: Room, side: Player) => Result<void, string>): Result<void, string> {
		const room = this.rooms.get(code);
		const side = room ? this.seatOf(room, me) : null;
		if (!room || side === null) return fail('You are watching: only the players play');
		if (!started(room)) return fail('The game has not begun: a seat is open');
		if (S.isOver(room.session)) return fail('The game is over');
		const done = act(room, side);
		if (!done.ok) return done;
		if (S.isOver(room.session)) {
			room.session = S.pauseClock(room.session, this.now());
			room.kept = `${code}.game.txt`;
		}
		this.changed(room);
		return done;
	}

	private summary(room: Room, me: Person): RoomSummary {
		const size = optionsOf(room.game)[0];
		return {
			code: room.code,
			game: room.game,
			private: room.private,
			players: [room.players[0]?.name ?? null, room.players[1]?.name ?? null],
			moves: room.session.moves.length,
			clocks: room.session.clocked ? S.clockReadings(room.session, this.now()) : null,
			clockSeconds: room.clockSeconds,
			details: `${size ? `${shownValue(size, room.setup)}, ` : ''}${room.clockSeconds === null ? 'no clock' : `${room.clockSeconds} s each`}`,
			yours: this.seatOf(room, me) !== null,
			watchers: room.watchers.length,
		};
	}

	private changed(room: Room): void {
		room.view = {
			code: room.code,
			game: room.game,
			private: room.private,
			players: [...room.players],
			present: [...room.present],
			session: room.session,
			started: started(room),
			clockSeconds: room.clockSeconds,
			drawOffer: room.drawOffer,
			rematch: [...room.rematch],
			chat: [...room.chat],
			watchers: room.watchers.map(one => one.name),
			kept: room.kept,
			next: room.next,
			closed: room.closed,
		};
		for (const listener of [...(this.roomListeners.get(room.code) ?? [])]) listener();
		for (const listener of [...this.lobbyListeners]) listener();
	}
}

/** One person's view of the hall. */
class FakeRemote implements Remote {
	constructor(
		private readonly hall: FakeHall,
		readonly me: Person,
	) {}

	lobby = (): LobbyView => this.hall.lobby(this.me);
	onLobby = (listener: () => void): (() => void) => this.hall.onLobby(listener);
	create = (options: RoomOptions): string => this.hall.open(this.me, options);
	enter = (code: string, as: 'play' | 'watch') => this.hall.enter(this.me, code, as);
	room = (code: string): RoomView | undefined => this.hall.room(code);
	onRoom = (code: string, listener: () => void): (() => void) => this.hall.onRoom(code, listener);
	move = (code: string, move: number) => this.hall.move(this.me, code, move);
	resign = (code: string) => this.hall.resign(this.me, code);
	offerDraw = (code: string) => this.hall.offerDraw(this.me, code);
	declineDraw = (code: string) => this.hall.declineDraw(this.me, code);
	rematch = (code: string) => this.hall.rematch(this.me, code);
	say = (code: string, text: string) => this.hall.say(this.me, code, text);
	leave = (code: string): void => this.hall.leave(this.me, code);
}
