/**
 * What the screens of a served potm (`potm serve`) need from the server: the lobby's lists and
 * the rooms where two people play and others watch. The server holds every game; a screen only
 * shows a room's snapshot and asks the server to move, resign, offer a draw, chat. The server
 * checks everything it is asked (whose seat, whose turn, the rules) and answers with a reason
 * when it refuses. serve/hall.ts is the one implementation (through serve/hall-remote.ts); the
 * screens' tests use it too.
 */
import type {Player, Result} from '../games/game.js';
import type {AnyGame} from '../games/registry.js';
import type {Setup} from '../games/setup.js';
import type {Session} from './session.js';

/**
 * How a person is known to the server: by a key that owns their name (`claimed`: it came under
 * the name first just now), by a key of the server's list (--authorized-keys), or as a guest
 * without a key, who owns no name.
 */
export type Identity =
	| {readonly kind: 'owner'; readonly fingerprint: string; readonly claimed: boolean}
	| {readonly kind: 'authorized'; readonly fingerprint: string}
	| {readonly kind: 'guest'};

/** Someone connected: `id` tells people apart (their folder on the server), `name` is shown. */
export interface Person {
	readonly id: string;
	readonly name: string;
	/** How the server knows them (absent where nobody asks: the screens' tests). */
	readonly identity?: Identity;
}

export interface ChatLine {
	/** The writer's name, as shown. */
	readonly from: string;
	/** One line, stripped of control characters and escapes, at most MAX_CHAT characters. */
	readonly text: string;
}

/** The longest line of chat. */
export const MAX_CHAT = 120;

/** A room as it stands: a new snapshot (a new object) after every change. */
export interface RoomView {
	/** The code that finds it: XXX-XXX. */
	readonly code: string;
	readonly game: AnyGame;
	/** A private room is listed to nobody but its players, and joined or watched only with its code. */
	readonly private: boolean;
	/** Who sits on each side, RED's (the first player's) first; null while the seat is open. */
	readonly players: readonly [Person | null, Person | null];
	/** Whether each side's player has a screen on the room now (a dropped connection keeps the seat). */
	readonly present: readonly [boolean, boolean];
	/**
	 * The game: its positions, moves, clocks (running on the server's clock, the environment's
	 * `now`) and ending. Not started while a seat is open: no clock runs then.
	 */
	readonly session: Session;
	/** Whether the game has begun (both seats taken). */
	readonly started: boolean;
	/** The clock each side had at the start, seconds (a move's, under a clock per move); null without clocks. */
	readonly clockSeconds: number | null;
	/** The side offering a draw now, if any. */
	readonly drawOffer: Player | null;
	/** Which sides have asked for a rematch since the game ended. */
	readonly rematch: readonly [boolean, boolean];
	readonly chat: readonly ChatLine[];
	/** The names of those watching. */
	readonly watchers: readonly string[];
	/** Once over: the record's file name, as `ssh ... record CODE` prints it and the players' games lists keep it. */
	readonly kept: string | null;
	/** Once both asked for a rematch: the new room's code, sides swapped. */
	readonly next: string | null;
	/** Set when the room was closed (nobody joined and its host was long gone; nobody came back to its game for a day): why. */
	readonly closed: string | null;
}

/** A line of the lobby: a room, as its list shows it. */
export interface RoomSummary {
	readonly code: string;
	readonly game: AnyGame;
	readonly private: boolean;
	readonly players: readonly [string | null, string | null];
	/** Moves played so far. */
	readonly moves: number;
	/** The clocks now, seconds; null without clocks. */
	readonly clocks: readonly [number, number] | null;
	readonly clockSeconds: number | null;
	/** The board and clock in words: "3×3 boxes, 60 s each". */
	readonly details: string;
	/** Whether the person asking holds a seat in it. */
	readonly yours: boolean;
	readonly watchers: number;
}

/** A game of the asker's that has ended, as the lobby recalls it. */
export interface FinishedGame {
	readonly code: string;
	readonly game: AnyGame;
	readonly players: readonly [string, string];
	/** How it ended, in a sentence: "BLUE resigns: RED wins". */
	readonly result: string;
	/** The record's file name (`ssh ... record CODE` prints it). */
	readonly kept: string;
}

export interface LobbyView {
	/** Rooms waiting for a second player: the public ones, and the asker's own. */
	readonly open: readonly RoomSummary[];
	/** Games under way: the public ones, and the asker's own. */
	readonly playing: readonly RoomSummary[];
	/** The names of the people connected, each once. */
	readonly online: readonly string[];
	/** The asker's games finished since the server started, newest first (at most a few): where their records are. */
	readonly finished: readonly FinishedGame[];
	/** How to reach the server with a terminal, for the line a host gives a friend: `ssh -p 2222 -t HOST` (join, watch). */
	readonly address: string;
	/** The same without a terminal, for a command whose output is kept: `ssh -p 2222 HOST` (record CODE > FILE). */
	readonly plainAddress: string;
}

/** What a new room is: the game, its board's setup, the clock, the host's side, private or public. */
export interface RoomOptions {
	readonly game: AnyGame;
	/** The board's setup as settled (setup.ts): the game's options (the boxes' size) and a random board's seed. */
	readonly setup: Setup;
	/** Seconds on each clock (a move's, under a clock per move); null for no clocks. */
	readonly clockSeconds: number | null;
	/** The side the host plays. */
	readonly side: Player;
	readonly private: boolean;
}

/**
 * The server as one connected person's screens see it. Every call acts as that person and from
 * their address: nobody can move, resign or chat for anyone else.
 */
export interface Remote {
	readonly me: Person;
	lobby(): LobbyView;
	/** Calls `listener` after every change the lobby shows (rooms, people); gives the unsubscribe. */
	onLobby(listener: () => void): () => void;
	/** How to reach the server, with a terminal (`ssh -p 2222 -t HOST`) and without (`ssh -p 2222 HOST`), as LobbyView gives them. */
	readonly address: string;
	readonly plainAddress: string;
	/** A new room with the asker in its seat; gives its code, or why not (the asker's games, or the server's, at their most). */
	create(options: RoomOptions): Result<string, string>;
	/**
	 * Takes the open seat of the room with `code` (or the asker's own seat again), or watches it.
	 * Gives the code as the server writes it and the side the asker plays (null: watching), or why
	 * not: no such room (a limited number of wrong codes an address may try), a full room.
	 */
	enter(code: string, as: 'play' | 'watch'): Result<{readonly code: string; readonly side: Player | null}, string>;
	/** The room as it stands; undefined when there is none (closed, or never). */
	room(code: string): RoomView | undefined;
	onRoom(code: string, listener: () => void): () => void;
	/**
	 * The asker's screen has drawn the game as it stands after `moves` moves. The first time the
	 * player to move's screen shows them the position, their clock starts: the time the server
	 * took to draw it (a busy server's queue) is not theirs. Ignored from anyone else. Nothing is
	 * answered, and no screen is told (each reads the clock at its next draw, within the second):
	 * a screen drawn on another thread does not wait for it.
	 */
	seen(code: string, moves: number): void;
	/** Plays a move for the asker's side: refused unless it is their turn and the move legal. */
	move(code: string, move: number): Result<void, string>;
	resign(code: string): Result<void, string>;
	/** Offers a draw; accepts the other side's offer if there is one. */
	offerDraw(code: string): Result<void, string>;
	/** Turns down the other side's offer of a draw. */
	declineDraw(code: string): Result<void, string>;
	/** Asks for a rematch, sides swapped; when both have asked, the new room's code is the old one's `next`. */
	rematch(code: string): Result<void, string>;
	/** A line of chat, from a player of the room. */
	say(code: string, text: string): Result<void, string>;
	/** The asker's screen leaves the room: a player keeps the seat (and the clock runs), and a host the room nobody joined yet. */
	leave(code: string): void;
}
