/**
 * One SSH connection to `potm serve`, once the door has let it in: its signing in (sign-in.ts),
 * the bounds on it (failed tries, key exchanges, sessions at once and a second, a minute without
 * a screen), everything but sessions refused (forwarding, requests, subsystems, environment), and
 * each session's terminal, window and command words: the arcade's screen (screen-channel.ts),
 * `join CODE` and `watch CODE` on a room, `record CODE` a finished game's record.
 */
import type {Connection, ServerChannel} from 'ssh2';
import {TokenBucket} from './door.js';
import type {Visitor} from './entrance.js';
import {closeSoon} from './entrance.js';
import {shown} from './names.js';
import {openScreen, refuse, SCREENS_BURST, SCREENS_PER_SECOND, type ScreenHost, type ScreenServices} from './screen-channel.js';
import {SignIn, type SignInRules} from './sign-in.js';
import {windowSize} from './terminal.js';

/** How long a connection may go without opening a session. */
const SESSION_WAIT_MS = 60_000;
/** Failed tries to sign in on one connection (OpenSSH's MaxAuthTries is 6; an agent with many keys tries each). */
export const MAX_AUTH_TRIES = 10;
/** Sessions (channels) one connection may have open at once (OpenSSH's MaxSessions). */
export const MAX_CHANNELS = 10;
/** Sessions (channels) a connection may open: twice MAX_CHANNELS at once, then one a second. */
const CHANNELS_PER_SECOND = 1;
/** The least packet size a client may name for a channel (OpenSSH's is 32 KiB). */
export const MIN_PACKET = 1024;

/** What a connection uses of the server. */
export interface ConnectionServices extends ScreenServices {
	readonly signIn: SignInRules;
	/** How long a connection may go without opening a session before it is closed (a minute). */
	readonly sessionWaitMs?: number | undefined;
	/** How long a connection ended after an error may take to close its side (entrance.ts's HANG_UP_MS if not given). */
	readonly hangUpMs?: number | undefined;
}

/**
 * A channel just accepted, with its error path (a write after the client closed it, say), read
 * from the start: none when the session had one already (a second shell or exec asked for on
 * it), or when the client's packets are too small to write to (the channel is closed).
 */
function opened(channel: ServerChannel | undefined, refused: (what: string) => void): ServerChannel | undefined {
	if (!channel) return undefined;
	channel.on('error', () => undefined);
	channel.stderr.on('error', () => undefined);
	// What the client sends on it is read, whether anything wants it or not: ssh2 keeps taking data
	// past a window a client ignores, and a channel nobody reads would keep all of it.
	channel.resume();
	// ssh2 cuts its output into packets of the size the client names, and loops for ever on 0; a
	// size of a few bytes would cost a packet's encryption for each.
	const packetSize = (channel as unknown as {outgoing?: {packetSize?: number}}).outgoing?.packetSize ?? 0;
	if (packetSize < MIN_PACKET) {
		refused(`a channel with packets of ${packetSize} bytes at most`);
		channel.close();
		return undefined;
	}
	return channel;
}

/** Serves the connection `client` of the visitor the door let in, until it goes. */
export function serveConnection(served: ConnectionServices, client: Connection, visitor: Visitor): void {
	const {quiet, hall, writer} = served;
	const {address, socket, key: who} = visitor;
	const signIn = new SignIn(served.signIn, address);
	let ending = false;
	/** Ends the connection with SSH's goodbye, once, `why` logged (a client may go on sending what led to it); its socket goes all the same (the door's 'finish' rule). */
	const hangUp = (why?: string) => {
		if (ending) return;
		ending = true;
		if (why) quiet.say(`${who} ${why}`, `${address} ${signIn.name}: ${why}`);
		client.end();
	};
	visitor.end = hangUp;
	/** Ends the connection at once: a client past a bound, which may no longer read at all. */
	const cutOff = (why: string) => {
		if (socket.destroyed) return;
		quiet.say(`${who} ${why}`, `${address} ${signIn.name}: cut off, ${why}`);
		socket.destroy();
	};
	// A connection that opens no terminal in a minute is closed: connections without sessions
	// would otherwise pile up past --max-sessions.
	// Counted again from each time the last screen of the connection ends: a connection may not be
	// kept open without one, whether it never opened one or closed them all.
	let screens = 0;
	const screensOpened = new TokenBucket(SCREENS_PER_SECOND, SCREENS_BURST);
	let unused: NodeJS.Timeout | undefined;
	const waitForScreen = () => {
		clearTimeout(unused);
		const waitMs = served.sessionWaitMs ?? SESSION_WAIT_MS;
		unused = setTimeout(() => hangUp(`closed, ${Math.round(waitMs / 1000)} s without a session`), waitMs);
	};
	waitForScreen();
	client.on('close', () => {
		// Gone: a screen that ends after this (its end is drawn later) starts no wait.
		ending = true;
		clearTimeout(unused);
	});
	// ssh2 ends a connection after every error it reports; one that does not close soon is destroyed.
	client.on('error', error => {
		// A client's own words may be in it (the reason it gave for disconnecting): cleaned for the log.
		const message = shown(error.message, 120);
		quiet.say(`${who} ${message}`, `${address} ${signIn.name}: ${message}`);
		closeSoon(socket, served.hangUpMs);
	});
	let failures = 0;
	client.on('authentication', ctx => {
		if (signIn.attempt(ctx) !== 'refused') return;
		// 'none' asks which ways there are, as every client does first: no try (OpenSSH does not count it either).
		if (ctx.method !== 'none' && ++failures >= MAX_AUTH_TRIES) cutOff(`${failures} failed tries to sign in`);
	});
	client.on('close', () => signIn.gone());
	const refused = (what: string) => quiet.say(`${who} ${what}`, `${address} ${signIn.name}: refused ${what}`);
	/** What a screen uses of this connection. */
	const host: ScreenHost = {
		address,
		who,
		socket,
		get name() {
			return signIn.name;
		},
		person: () => signIn.person(),
		refused,
		cutOff,
		takeScreen: () => screensOpened.take(1),
		screenOpened: () => {
			clearTimeout(unused);
			screens++;
		},
		screenEnded: () => {
			if (--screens === 0 && !ending) waitForScreen();
		},
	};
	let channels = 0;
	const channelsOpened = new TokenBucket(CHANNELS_PER_SECOND, MAX_CHANNELS * 2);
	// Key exchanges: the first, and a few more (clients exchange keys again after an hour or a gigabyte).
	const exchanges = new TokenBucket(1 / 60, 4);
	client.on('handshake', () => {
		if (!exchanges.take(1)) cutOff('keys exchanged too often');
	});
	client.on('ready', () => {
		visitor.signedIn();
		// Nothing but sessions: no port forwarding either way, no streams to sockets.
		client.on('tcpip', (_accept, reject) => {
			refused('a forwarded connection');
			reject();
		});
		client.on('openssh.streamlocal', (_accept, reject) => {
			refused('a forwarded socket');
			reject();
		});
		client.on('request', (_accept, reject, request) => {
			refused(`the request ${JSON.stringify(request.slice(0, 40))}`);
			reject?.();
		});
		client.on('session', (acceptSession, rejectSession) => {
			if (channels >= MAX_CHANNELS) {
				refused(`a session past ${MAX_CHANNELS} on one connection`);
				rejectSession();
				return;
			}
			// ssh2 keeps a session closed before its shell in its table until the connection ends: opened
			// and closed in a loop they would grow without end.
			if (!channelsOpened.take(1)) {
				refused('a session opened too soon after the last');
				rejectSession();
				return;
			}
			const session = acceptSession();
			channels++;
			session.once('close', () => channels--);
			let size: {columns: number; rows: number} | null = null;
			let term = '';
			let running: {session: {resize(size: {columns: number; rows: number}): void}} | undefined;
			session.on('pty', (accept, reject, info) => {
				size = windowSize(info.cols, info.rows);
				term = info.term;
				if (size === null) {
					reject?.();
					hangUp(`closed, a window of ${info.cols}×${info.rows}`);
					return;
				}
				accept?.();
			});
			session.on('window-change', (accept, _reject, info) => {
				const next = windowSize(info.cols, info.rows);
				accept?.();
				if (next === null) {
					hangUp(`closed, a window of ${info.cols}×${info.rows}`);
					return;
				}
				size = next;
				running?.session.resize(next);
			});
			// Refused: environment variables, X11, agent forwarding, subsystems (sftp), signals.
			session.on('env', (_accept, reject) => reject?.());
			session.on('x11', (_accept, reject) => {
				refused('X11 forwarding');
				reject?.();
			});
			session.on('auth-agent', (_accept, reject) => {
				refused('agent forwarding');
				reject?.();
			});
			session.on('subsystem', (_accept, reject, info) => {
				refused(`the subsystem ${JSON.stringify(info.name.slice(0, 20))}`);
				reject?.();
			});
			session.on('signal', (_accept, reject) => reject?.());
			/** The arcade on the channel: the lobby, or the room a command word names. */
			const screen = (
				channel: ServerChannel,
				at: {columns: number; rows: number},
				room: {verb: 'join' | 'watch'; code: string} | null,
				looks: {ascii: boolean; noColor: boolean},
			) => {
				running = openScreen(served, host, channel, at, term, room, looks) ?? running;
			};
			session.on('exec', (accept, _reject, info) => {
				const channel = opened(accept(), refused);
				if (!channel) return;
				if (signIn.refusal !== null) {
					refused(`a session under a name that is another key's`);
					return void refuse(channel, signIn.refusal);
				}
				// The screen's options, anywhere among the words: --ascii (plain characters), --no-color.
				const all = info.command
					.trim()
					.split(/\s+/)
					.filter(word => word !== '');
				// With or without the dashes: OpenSSH reads `ssh HOST --ascii` as its own option (`ssh HOST -- --ascii` or `ssh HOST ascii` get here).
				const looks = {ascii: all.some(word => /^(?:--)?ascii$/.test(word)), noColor: all.some(word => /^(?:--)?no-colou?r$/.test(word))};
				const words = all.filter(word => word !== '--' && !/^(?:--)?(?:ascii|no-colou?r)$/.test(word));
				// A code may be typed with spaces in it (7kq 2xm): the words after the verb are the code.
				const [verb, code] = [words[0]?.toLowerCase(), words.slice(1).join('')];
				if (words.length === 1 && (verb === 'join' || verb === 'watch' || verb === 'record')) {
					refuse(channel, `${verb} needs a code: ${verb} CODE, the code as the lobby or the friend gives it (7KQ-2XM)`, 2);
					return;
				}
				if (words.length === 0 && all.length > 0) {
					if (size === null) {
						refused('a session without a terminal');
						refuse(channel, 'a terminal is needed: connect with ssh -t', 2);
						return;
					}
					screen(channel, size, null, looks);
					return;
				}
				if (words.length >= 2 && verb === 'record') {
					// A game just ended is kept once its ending is on the disk (Hall.finish): read after that.
					writer.after(() => {
						const record = hall.record(code, address);
						quiet.say(
							`${who} record`,
							`${address} ${signIn.name}: record ${JSON.stringify(code.slice(0, 20))}: ${record.ok ? 'sent' : record.error}`,
						);
						// Without a terminal (ssh ... record CODE > FILE) the text goes as it is; a terminal wants CRLF.
						const text = (line: string) => (size === null ? line : line.replace(/\n/g, '\r\n'));
						if (record.ok) channel.write(text(record.value));
						else channel.stderr.write(text(`potm: ${record.error}\n`));
						channel.exit(record.ok ? 0 : 1);
						channel.end();
					});
					return;
				}
				if (words.length >= 2 && (verb === 'join' || verb === 'watch')) {
					if (size === null) {
						refused(`${verb} without a terminal`);
						refuse(channel, `${verb} needs a terminal: ssh -t ... ${verb} CODE`, 2);
						return;
					}
					screen(channel, size, {verb, code}, looks);
					return;
				}
				refused(`the command ${JSON.stringify(info.command.slice(0, 40))}`);
				refuse(
					channel,
					'this server runs no commands but join CODE, watch CODE (with ssh -t) and record CODE, and takes ascii and no-color; connect without one for the arcade',
					2,
				);
			});
			session.on('shell', accept => {
				const channel = opened(accept(), refused);
				if (!channel) return;
				if (signIn.refusal !== null) {
					refused(`a session under a name that is another key's`);
					return void refuse(channel, signIn.refusal);
				}
				if (size === null) {
					refused('a session without a terminal');
					refuse(channel, 'a terminal is needed: connect with ssh -t', 2);
					return;
				}
				screen(channel, size, null, {ascii: false, noColor: false});
			});
		});
	});
}
