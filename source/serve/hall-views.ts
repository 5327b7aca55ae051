/**
 * What the hall shows: each room's snapshot (a new object after every change, made once and
 * shared by every screen on it), the lobby's lists as one person sees them, and the telling of
 * both: a room's screens once the request that changed it is done, the lobbies at most every
 * LOBBY_EVERY_MS, the drawing threads' copies (followViews) at once.
 */
import {optionsOf, shownValue} from '../games/setup.js';
import * as S from '../play/session.js';
import type {FinishedGame, LobbyView, Person, RoomSummary, RoomView} from '../play/remote.js';
import {present, sideOf, type Connection, type Room} from './room.js';

/** A person's finished games the lobby recalls. */
const FINISHED_KEPT = 3;
/** The most rows each of the lobby's lists gives (one's own first). */
const LISTED = 100;
/** The lobby is told of changes at most this often: forty games' moves would otherwise redraw every lobby each time. */
const LOBBY_EVERY_MS = 250;

export interface HallViewsOptions {
	/** Milliseconds, the clock the rooms' clocks run on. */
	readonly now: () => number;
	/** How to reach the server without a terminal (HallOptions.address). */
	readonly address: () => string;
	readonly log: (line: string) => void;
	/** Whether the server is stopping: the lobbies are told nothing more then. */
	readonly stopped: () => boolean;
}

export class HallViews {
	private readonly lobbyListeners = new Set<() => void>();
	/** Told of every new snapshot of a room (followViews). */
	private readonly viewFollowers = new Set<(code: string, told: boolean) => void>();
	private lobbyTimer: NodeJS.Timeout | null = null;
	/** Each person's games finished since the start, newest first (FINISHED_KEPT of them). */
	private readonly finishedBy = new Map<string, FinishedGame[]>();

	constructor(private readonly options: HallViewsOptions) {}

	/** No lobby is told any more: the server stops. */
	stop(): void {
		if (this.lobbyTimer) clearTimeout(this.lobbyTimer);
	}

	/** Hall.followViews. */
	followViews(follower: (code: string, told: boolean) => void): () => void {
		this.viewFollowers.add(follower);
		return () => void this.viewFollowers.delete(follower);
	}

	/** The room's snapshot is to be made again, its followers told at once (`told`: and its screens, by changed). */
	remade(room: Room, told: boolean): void {
		room.view = null;
		for (const follower of this.viewFollowers) follower(room.code, told);
	}

	/**
	 * The room's snapshot is made again and its screens told, once the request (or the screen's
	 * draw that looked and saw a flag fall) is done: a screen is never told while one is drawn.
	 * The lobby is told too, soon.
	 */
	changed(room: Room): void {
		this.remade(room, true);
		if (!room.telling) {
			room.telling = true;
			queueMicrotask(() => {
				room.telling = false;
				for (const listener of [...room.listeners]) {
					try {
						listener();
					} catch (error) {
						this.options.log(`a screen of ${room.code} failed to draw: ${(error as Error).message}`);
					}
				}
			});
		}
		this.lobbyChanged();
	}

	/** The lobbies are told, within LOBBY_EVERY_MS. */
	lobbyChanged(): void {
		if (this.lobbyTimer || this.options.stopped()) return;
		this.lobbyTimer = setTimeout(() => {
			this.lobbyTimer = null;
			for (const listener of [...this.lobbyListeners]) {
				try {
					listener();
				} catch (error) {
					this.options.log(`a lobby failed to draw: ${(error as Error).message}`);
				}
			}
		}, LOBBY_EVERY_MS);
		this.lobbyTimer.unref();
	}

	/** A lobby drawn from the hall; gives the unsubscribe. */
	onLobby(listener: () => void): () => void {
		this.lobbyListeners.add(listener);
		return () => void this.lobbyListeners.delete(listener);
	}

	/** How many lobbies are drawn from the hall now. */
	lobbyListenerCount(): number {
		return this.lobbyListeners.size;
	}

	/** The room's snapshot, made once after each change. */
	viewOf(room: Room): RoomView {
		room.view ??= {
			code: room.code,
			game: room.game,
			private: room.private,
			players: [room.players[0], room.players[1]],
			present: [present(room, 1), present(room, 2)],
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

	/** A game just kept (its record `kept`): its players' lobbies recall it. */
	finished(room: Room, kept: string): void {
		const summary: FinishedGame = {
			code: room.code,
			game: room.game,
			players: [room.players[0]?.name ?? '?', room.players[1]?.name ?? '?'],
			result: S.outcomeOf(room.session)?.description ?? 'ended',
			kept,
		};
		for (const player of room.players)
			if (player) this.finishedBy.set(player.id, [summary, ...(this.finishedBy.get(player.id) ?? [])].slice(0, FINISHED_KEPT));
	}

	/** The lobby as `asker` sees it: the rooms open and under way they may see, who is online, their games just finished. */
	lobby(asker: Person, rooms: Iterable<Room>, connections: Iterable<Connection>): LobbyView {
		const listed = [...rooms].filter(room => !room.closed && !room.kept && (!room.private || sideOf(room, asker) !== null));
		// Everyone's rooms in the order they were made; one's own first.
		const ordered = [...listed.filter(room => sideOf(room, asker) !== null), ...listed.filter(room => sideOf(room, asker) === null)];
		return {
			open: ordered
				.filter(room => !room.started)
				.slice(0, LISTED)
				.map(room => this.summary(room, asker)),
			playing: ordered
				.filter(room => room.started && !S.isOver(room.session))
				.slice(0, LISTED)
				.map(room => this.summary(room, asker)),
			online: [...new Set([...connections].map(connection => connection.person.name))].sort(),
			finished: this.finishedBy.get(asker.id) ?? [],
			address: this.options.address().replace(/ (\S+)$/, ' -t $1'),
			plainAddress: this.options.address(),
		};
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
			yours: sideOf(room, asker) !== null,
			watchers: [...room.screens.values()].filter(side => side === null).length,
		};
	}
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
