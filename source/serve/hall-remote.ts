/**
 * The Remote each connection gets (play/remote.ts): the hall as one connected person reaches it,
 * each request made as them, the code as they typed it read as the hall writes it.
 */
import type {Player, Result} from '../games/game.js';
import type {LobbyView, Remote, RoomOptions, RoomView} from '../play/remote.js';
import {normalCode} from './codes.js';
import type {Connection} from './room.js';

/** What the hall answers, for a connection (its requests are checked against its person). */
export interface HallRequests {
	/** How to reach the server without a terminal: `ssh -p 2222 HOST`. */
	address(): string;
	lobbyFor(connection: Connection): LobbyView;
	onLobby(listener: () => void): () => void;
	create(connection: Connection, options: RoomOptions): Result<string, string>;
	enter(connection: Connection, code: string, as: 'play' | 'watch'): Result<{code: string; side: Player | null}, string>;
	/** The room as the connection's screen is shown it now, if it has one on it. */
	roomFor(connection: Connection, code: string): RoomView | undefined;
	onRoom(code: string, listener: () => void): () => void;
	seen(connection: Connection, code: string, moves: number): boolean;
	move(connection: Connection, code: string, move: number): Result<void, string>;
	resign(connection: Connection, code: string): Result<void, string>;
	offerDraw(connection: Connection, code: string): Result<void, string>;
	declineDraw(connection: Connection, code: string): Result<void, string>;
	askRematch(connection: Connection, code: string): Result<void, string>;
	say(connection: Connection, code: string, text: string): Result<void, string>;
	leave(connection: Connection, code: string): void;
	disconnect(connection: Connection): void;
}

/** The Remote of `connection`; `disconnect` when the connection goes. */
export function remoteFor(hall: HallRequests, connection: Connection): Remote & {disconnect(): void} {
	const codeOf = (code: string): string => normalCode(code) ?? code;
	return {
		me: connection.person,
		get address() {
			// -t before the host: `ssh -p 2222 -t HOST`.
			return hall.address().replace(/ (\S+)$/, ' -t $1');
		},
		get plainAddress() {
			return hall.address();
		},
		lobby: () => hall.lobbyFor(connection),
		onLobby: listener => hall.onLobby(listener),
		create: options => hall.create(connection, options),
		enter: (code, as) => hall.enter(connection, code, as),
		room: code => hall.roomFor(connection, codeOf(code)),
		onRoom: (code, listener) => hall.onRoom(codeOf(code), listener),
		seen: (code, moves) => void hall.seen(connection, codeOf(code), moves),
		move: (code, move) => hall.move(connection, codeOf(code), move),
		resign: code => hall.resign(connection, codeOf(code)),
		offerDraw: code => hall.offerDraw(connection, codeOf(code)),
		declineDraw: code => hall.declineDraw(connection, codeOf(code)),
		rematch: code => hall.askRematch(connection, codeOf(code)),
		say: (code, text) => hall.say(connection, codeOf(code), text),
		leave: code => hall.leave(connection, codeOf(code)),
		disconnect: () => hall.disconnect(connection),
	};
}
