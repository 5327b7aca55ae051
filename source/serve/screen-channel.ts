/**
 * A screen on an SSH channel: the arcade started for the person signed in (the lobby, or the room
 * a command word names), drawn here or on a drawing thread, its keys taken from the channel and
 * its frames written to it once the rooms' writes before them are done; bounded (the sessions at
 * once, the screens a connection opens, the keys a second, the output a client does not read, the
 * time idle), and ended with the terminal given back, a farewell where the server ends it.
 */
import type {Socket} from 'node:net';
import type {ServerChannel} from 'ssh2';
import type {Route} from '../ui/app.js';
import type {Engine} from '../ui/context.js';
import type {Person} from '../play/remote.js';
import type {DrawThreads} from './draw-threads.js';
import type {Hall} from './hall.js';
import type {QuietLog} from './quiet-log.js';
import type {RoomWriter} from './room-writer.js';
import {startSession, type Session} from './session.js';

/** How long a session's end waits for the client to close its channel. */
const CHANNEL_CLOSE_MS = 2_000;
/** Screens a connection may open: five at once, then one every five seconds. */
export const SCREENS_BURST = 5;
export const SCREENS_PER_SECOND = 0.2;

/** A screen open: its session, how the server ends it, and when it is over. */
export interface OpenScreen {
	readonly session: Session;
	/** Ends the screen, `farewell` told after it. */
	end(farewell?: string): void;
	/** Settles when the session is over and its channel closed. */
	readonly finished: Promise<void>;
}

/** What a screen uses of the server. */
export interface ScreenServices {
	readonly maxSessions: number;
	/** A session without a key for this long is closed. */
	readonly idleMs: number;
	/** Bytes of input a session may send in a second before it is cut off as a flood. */
	readonly inputPerSecond: number;
	/** Bytes of output waiting for a client that does not read before it is cut off. */
	readonly outputBacklog: number;
	readonly engine: () => Engine & {close(): Promise<void>};
	readonly log: (line: string) => void;
	readonly quiet: QuietLog;
	readonly hall: Hall;
	readonly writer: RoomWriter;
	readonly now: () => number;
	/** The screens open, on every connection. */
	readonly open: Set<OpenScreen>;
	/** The drawing threads, once the server listens (none: the screens are drawn on this thread). */
	readonly draw: () => DrawThreads | null;
}

/** What a screen uses of the connection it is opened on. */
export interface ScreenHost {
	readonly address: string;
	/** The address as the door counts it, for the quiet log's keys. */
	readonly who: string;
	readonly socket: Socket;
	/** The name the person plays under. */
	readonly name: string;
	/** The person signed in, as the hall knows them. */
	person(): Person;
	/** Logs a refusal of the connection's (quietly). */
	refused(what: string): void;
	/** Ends the connection at once. */
	readonly cutOff: (why: string) => void;
	/** Whether the connection may open another screen now (SCREENS_BURST, then SCREENS_PER_SECOND). */
	takeScreen(): boolean;
	/** A screen opened on the connection, and ended. */
	screenOpened(): void;
	screenEnded(): void;
}

/** "1 session", "3 sessions". */
const sessionCount = (count: number): string => `${count} ${count === 1 ? 'session' : 'sessions'}`;

/** Says `message` on the channel and closes it with `status`. */
export function refuse(channel: ServerChannel, message: string, status = 1): void {
	channel.write(`potm: ${message}\r\n`);
	channel.exit(status);
	channel.end();
}

/**
 * The arcade on the channel: the lobby, or the room a command word names (refused with why when
 * it cannot be entered). Gives the screen open, or undefined when it was refused.
 */
export function openScreen(
	served: ScreenServices,
	host: ScreenHost,
	channel: ServerChannel,
	at: {columns: number; rows: number},
	term: string,
	room: {verb: 'join' | 'watch'; code: string} | null,
	looks: {ascii: boolean; noColor: boolean},
): OpenScreen | undefined {
	const {open, quiet, log, hall, writer, outputBacklog, idleMs, inputPerSecond} = served;
	const {address, who, name, socket, cutOff} = host;
	if (open.size >= served.maxSessions) {
		quiet.say(`${who} full`, `${address} ${name}: refused, the server is full (${sessionCount(open.size)})`);
		refuse(channel, `the server is full (${sessionCount(served.maxSessions)}); try again later`);
		return undefined;
	}
	// A screen costs a first frame and its share of the engines: opened and closed in a loop it
	// would take the server's thread from everyone.
	if (!host.takeScreen()) {
		host.refused('a screen opened too soon after the last');
		refuse(
			channel,
			`at most ${SCREENS_BURST} screens at once on a connection, then one every ${1 / SCREENS_PER_SECOND} s; try again in a moment`,
		);
		return undefined;
	}
	const person = host.person();
	const remote = hall.connect(person, address);
	let start: Route = {screen: 'lobby'};
	if (room) {
		const entered = remote.enter(room.code, room.verb === 'join' ? 'play' : 'watch');
		if (!entered.ok) {
			remote.disconnect();
			quiet.say(
				`${who} ${room.verb} refused`,
				`${address} ${name}: ${room.verb} ${JSON.stringify(room.code.slice(0, 20))} refused: ${entered.error}`,
			);
			refuse(channel, entered.error);
			return undefined;
		}
		start = {screen: 'room', code: entered.value.code, side: entered.value.side};
	}
	host.screenOpened();
	const engine = served.engine();
	// After the rooms' writes asked for before it: a move shows once it is on the disk.
	const out = writer.gate(data => {
		channel.write(data);
		const waiting = channel.writableLength + socket.writableLength;
		if (waiting > outputBacklog) cutOff(`not reading its screen (${Math.round(waiting / 1024)} KiB waiting)`);
	});
	const draw = served.draw();
	const started = (draw ? draw.open.bind(draw) : startSession)({
		// Output waiting for a client that does not take it (its window closed, or its socket not read)
		// is bounded: past outputBacklog the connection is cut off.
		sink: {
			write: data => {
				out.write(data);
				// What waits for the disk counts against the bound too.
				if (out.held() > outputBacklog) cutOff(`not reading its screen (${Math.round(out.held() / 1024)} KiB waiting)`);
			},
		},
		size: at,
		term,
		...looks,
		engine,
		savesDir: hall.savesOf(person),
		remote,
		start,
		now: served.now,
	});
	let idle: NodeJS.Timeout | undefined;
	let over = false;
	const wake = () => {
		if (over) return;
		clearTimeout(idle);
		idle = setTimeout(() => {
			log(`${address} ${name}: closed after ${Math.round(idleMs / 1000)} s idle`);
			started.close();
		}, idleMs);
	};
	let second = Date.now();
	let bytes = 0;
	let flooded = false;
	const entry = {
		session: started,
		/** What the person is told after the screen, when the server ends it. */
		farewell: '',
		/** Settles when the session is over and its channel closed. */
		finished: Promise.resolve(),
		end: (farewell = '') => {
			entry.farewell = farewell;
			started.close();
		},
	};
	open.add(entry);
	log(`${address} ${name}: came (${sessionCount(open.size)})${room ? `, ${room.verb} ${start.screen === 'room' ? start.code : ''}` : ''}`);
	wake();
	channel.on('data', (data: Buffer) => {
		if (over) return;
		const now = Date.now();
		if (now - second >= 1000) [second, bytes] = [now, 0];
		bytes += data.length;
		if (bytes > inputPerSecond) {
			if (!flooded) log(`${address} ${name}: cut off, ${bytes} bytes of input in a second`);
			flooded = true;
			started.close();
			return;
		}
		wake();
		started.input(data);
	});
	/** Whether the client has closed the channel (its close is not waited for again). */
	let channelClosed = false;
	channel.on('close', () => {
		channelClosed = true;
		started.close();
	});
	entry.finished = started.ended.then(async () => {
		over = true;
		clearTimeout(idle);
		open.delete(entry);
		host.screenEnded();
		const left = open.size;
		remote.disconnect();
		await engine.close().catch(() => undefined);
		log(`${address} ${name}: left (${sessionCount(left)})`);
		// The screen's last output (the terminal given back) goes before the farewell and the end,
		// once the rooms' writes before it are done (a moment; not forever if the disk hangs).
		// The timer cleared once drained: left to run, it kept a stopping process alive for its 2 s.
		let late: NodeJS.Timeout | undefined;
		await Promise.race([out.drained(), new Promise(resolve => (late = setTimeout(resolve, CHANNEL_CLOSE_MS)))]);
		clearTimeout(late);
		if (entry.farewell) channel.write(`potm: ${entry.farewell}\r\n`);
		// Settled once the client has closed the channel too (or a moment has passed): a server
		// stopping then ends the connection, and ssh exits with the status, not "disconnected". A
		// channel the client closed first (its leaving ended the session) has nothing to wait for.
		const closed = new Promise<void>(resolve => {
			if (channelClosed) return resolve();
			const timer = setTimeout(resolve, CHANNEL_CLOSE_MS);
			channel.once('close', () => {
				clearTimeout(timer);
				resolve();
			});
		});
		channel.exit(0);
		channel.end();
		await closed;
	});
	return entry;
}
