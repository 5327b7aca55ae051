/**
 * `potm serve`: an SSH server (ssh2, in JavaScript) whose only program is potm. A client with a
 * terminal (`ssh -p 2222 HOST`) gets the arcade drawn on it; there is no shell, no other command,
 * no file transfer, no forwarding of ports or agents. Everything a client sends is bounded: before
 * it has signed in, by the door (door.ts: connections per address and in all, a minute's new
 * ones, the time to sign in; waiting-line.ts: the line while the server is busy), decided on the
 * bare socket; after, the sessions at once, the channels and the tries to sign in of a connection,
 * the bytes it sends a second, the window's
 * size, the keys a second, the output waiting for a client that does not read, the time a
 * session may sit idle. A client past a bound is told why where it can be and cut off; the server
 * goes on. Every socket, connection and channel has its error path from the moment it exists: no
 * client, at any stage, can make the process exit.
 */
import './every-frame.js';
import {timingSafeEqual} from 'node:crypto';
import {readFileSync} from 'node:fs';
import {createServer, type Socket} from 'node:net';
import {hostname} from 'node:os';
import {join} from 'node:path';
// ssh2 is CommonJS: its parts come from the default export.
import ssh2, {type AuthContext, type Connection, type KexAlgorithm, type ParsedKey, type ServerChannel} from 'ssh2';
import chalk from 'chalk';
import type {Engine} from '../ui/context.js';
import {fingerprintOf, hostKeyIn} from './host-key.js';
import {folderName, playerName, shown} from './names.js';
import {startSession, type Session} from './session.js';
import {RoomWriter} from './room-writer.js';
import type {Route} from '../ui/app.js';
import {windowSize} from './terminal.js';
import {Hall} from './hall.js';
import type {Identity, Person} from '../play/remote.js';
import {guestName, isGuestName, NameKeys, type Standing} from './name-keys.js';
import {addressKey} from './address-key.js';
import {Door, TokenBucket, type DoorLimits} from './door.js';
import {WaitingLine, type LineLimits} from './waiting-line.js';
import {quietLog} from './quiet-log.js';
import {DrawThreads} from './draw-threads.js';
import type {Worker} from 'node:worker_threads';

export interface ServeOptions {
	readonly port: number;
	readonly host: string;
	/** Where the host key, the players' saves and the server's state are kept. */
	readonly dataDir: string;
	/** An OpenSSH authorized_keys file: only these keys may connect. Anyone may without it. */
	readonly authorizedKeys?: string;
	/** Sessions (people connected with a terminal) at once. */
	readonly maxSessions: number;
	/** A session without a key for this long is closed. */
	readonly idleMs?: number;
	/** How long a connection may go without opening a session before it is closed (a minute). */
	readonly sessionWaitMs?: number;
	/** New connections one address may open in a minute. */
	readonly connectionsPerMinute?: number;
	/** How long a connection may take to sign in (OpenSSH's LoginGraceTime). */
	readonly signInMs?: number;
	/** Connections one address may have open that have not signed in yet. */
	readonly waitingPerAddress?: number;
	/** Connections not signed in yet, in all (OpenSSH's MaxStartups start:rate:full). */
	readonly waiting?: DoorLimits['waiting'];
	/** Bytes of output waiting for a client that does not read before it is cut off. */
	readonly outputBacklog?: number;
	/** Bytes of input a session may send in a second before it is cut off as a flood. */
	readonly inputPerSecond?: number;
	/** An engine for a new session (a share of the server's pool of workers); closed when the session ends. */
	readonly engine: () => Engine & {close(): Promise<void>};
	/** Lines for the server's log (who came and went, who was refused and why). */
	readonly log?: (line: string) => void;
	/** How a friend is told to connect, without the user name or a terminal: `ssh -p 2222 HOST` (-t is added where one is needed). */
	readonly address?: string;
	/** The clock of the games' clocks; performance.now by default. */
	readonly now?: () => number;
	/**
	 * Why the server is too busy to take a newcomer now, or null: `potm serve` reads its event loop's
	 * delay (busy.ts). Never busy when absent (a server inside the tests shares its thread with their clients).
	 */
	readonly busy?: () => string | null;
	/** The line newcomers wait in while the server is busy (DEFAULT_LINE). */
	readonly line?: Partial<LineLimits>;
	/**
	 * Worker threads that draw the sessions' screens (draw-threads.ts), beside the main thread that
	 * keeps the connections, the hall and the engines; 0 or absent: the main thread draws them too.
	 * Only with the default clock (the threads read the same performance.now).
	 */
	readonly drawThreads?: number;
	/** Who writes the rooms' files (room-writer.ts); one on a thread of its own if not given (the tests give theirs). */
	readonly roomWriter?: RoomWriter;
}

export interface RunningServer {
	/** The port it listens on (the one asked for, or the one the system gave for port 0). */
	readonly port: number;
	readonly fingerprint: string;
	/** Whether this start made the host key. */
	readonly hostKeyMade: boolean;
	/** How many sessions are open now. */
	sessions(): number;
	/** How many connections are open now, and how many of them have not signed in yet. */
	connections(): {open: number; waiting: number};
	/** The screens each drawing thread draws now (none without --draw-threads). */
	drawing(): number[];
	/** The drawing threads, for the busy gauge. */
	drawingThreads(): readonly Worker[];
	/** The rooms each drawing thread holds copies of (those its screens are on). */
	copied(): number[];
	/** The games between people, open and under way. */
	readonly hall: Hall;
	/** How many games the start resumed from the data folder: under way, and open (waiting for a second player). */
	readonly resumed: {readonly playing: number; readonly open: number};
	/** Stops listening, ends every session and waits for them. */
	close(): Promise<void>;
}

export const DEFAULT_IDLE_MS = 30 * 60_000;
/** How long a session's end waits for the client to close its channel. */
const CHANNEL_CLOSE_MS = 2_000;
/** How long a connection may go without opening a session. */
const SESSION_WAIT_MS = 60_000;
export const DEFAULT_CONNECTIONS_PER_MINUTE = 20;
export const DEFAULT_INPUT_PER_SECOND = 16_384;
/** A minute to sign in: enough to type a key's passphrase; OpenSSH gives two. */
export const DEFAULT_SIGN_IN_MS = 60_000;
export const DEFAULT_WAITING_PER_ADDRESS = 10;
/** From 20 connections signing in at once, 30 % of new ones are refused, rising to all at 100. */
export const DEFAULT_WAITING: DoorLimits['waiting'] = {start: 20, rate: 0.3, full: 100};
/** A megabyte of screens not taken: a couple of hundred frames behind. */
export const DEFAULT_OUTPUT_BACKLOG = 1 << 20;
/** Failed tries to sign in on one connection (OpenSSH's MaxAuthTries is 6; an agent with many keys tries each). */
export const MAX_AUTH_TRIES = 10;
/** Sessions (channels) one connection may have open at once (OpenSSH's MaxSessions). */
export const MAX_CHANNELS = 10;
/** Screens a connection may open: five at once, then one every five seconds. */
export const SCREENS_BURST = 5;
/** Sessions (channels) a connection may open: twice MAX_CHANNELS at once, then one a second. */
const CHANNELS_PER_SECOND = 1;
/**
 * The key exchanges offered: the elliptic curves (every OpenSSH since 2014, PuTTY, ssh2) and one
 * 2048-bit group for older clients. Not ssh2's larger groups nor the group exchange, in which a
 * client that has not signed in makes the server work an 8192-bit group for each exchange (about
 * 22 ms of its thread, over and over).
 */
const KEY_EXCHANGES = [
	'curve25519-sha256',
	'curve25519-sha256@libssh.org',
	'ecdh-sha2-nistp256',
	'ecdh-sha2-nistp384',
	'ecdh-sha2-nistp521',
	'diffie-hellman-group14-sha256',
] as const satisfies readonly KexAlgorithm[];
/** The least packet size a client may name for a channel (OpenSSH's is 32 KiB). */
export const MIN_PACKET = 1024;
const SCREENS_PER_SECOND = 0.2;
/** What a connection may send, SSH's framing and all: far above a person's keys, far below a flood. */
const CONNECTION_INPUT_PER_SECOND = 64 * 1024;
const CONNECTION_INPUT_BURST = 256 * 1024;
/** How long a connection being ended may take to close before its socket is destroyed (a client that no longer reads never does). */
const HANG_UP_MS = 5_000;
/** How long a refused connection may take to close after its line. */
const REFUSED_CLOSE_MS = 1_000;
/**
 * The line at the door while the server is busy: a hundred at most, as many from one address as may
 * sign in at once, each for 15 s: an ssh2 client gives the whole handshake 20 s, paramiko 15 s to
 * the first line before SSH's version (and 2 s to each next, so those in line are told their place
 * every second); OpenSSH waits as long as it takes, unless its ConnectTimeout is set.
 */
export const DEFAULT_LINE: LineLimits = {most: 100, perAddress: DEFAULT_WAITING_PER_ADDRESS, waitMs: 15_000};
/** How often the line is looked at, and how many come in from it each time the server is not busy: 20 a second at most. */
const LINE_TICK_MS = 100;
const LINE_TAKEN_A_TICK = 2;
/** Those in line are told their place again every this many ticks (a second). */
const LINE_TOLD_TICKS = 10;
/** What a client may send while it waits in line (its version and first packet are a few hundred bytes). */
const LINE_KEPT_BYTES = 16 * 1024;

/**
 * The options of an authorized_keys line that potm serve keeps anyway (it forwards nothing and
 * runs no command for anyone); any other (from=, command=, expiry-time=, ...) restricts a key in a
 * way it does not enforce, so a file with one is refused rather than the restriction ignored.
 */
const KEPT_ANYWAY = new Set(['restrict', 'no-port-forwarding', 'no-agent-forwarding', 'no-x11-forwarding', 'no-user-rc']);

/** The keys an authorized_keys file allows (options before a key, and comments, are skipped). */
export function readAuthorizedKeys(path: string): ParsedKey[] {
	const keys: ParsedKey[] = [];
	let text: string;
	try {
		text = readFileSync(path, 'utf8');
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		throw new Error(
			`${path}: ${code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'not readable by this user' : (error as Error).message}`,
		);
	}
	text.split(/\r?\n/).forEach((line, index) => {
		const entry = line.trim();
		if (entry === '' || entry.startsWith('#')) return;
		// "type base64 comment", possibly after options: the key starts at its type.
		const at = entry.search(/(?:^|\s)(?:ssh-|ecdsa-|sk-)/);
		const options = at <= 0 ? [] : (entry.slice(0, at).match(/(?:[^,"]|"[^"]*")+/g) ?? []).map(one => one.trim());
		const unkept = options.find(one => !KEPT_ANYWAY.has(one.toLowerCase()));
		if (unkept !== undefined)
			throw new Error(
				`${path} line ${index + 1}: the option ${unkept.split('=')[0]} is not enforced by potm serve; give it a file without it (only ${[...KEPT_ANYWAY].join(', ')} are kept, being what it does anyway)`,
			);
		const key = ssh2.utils.parseKey(at < 0 ? entry : entry.slice(at).trim());
		if (key instanceof Error) throw new Error(`${path} line ${index + 1}: not a public key (${key.message})`);
		keys.push(key);
	});
	if (keys.length === 0) throw new Error(`${path}: holds no key, so nobody could connect`);
	return keys;
}

/** A connection the door let in: its socket, from the moment it was accepted until it closes. */
interface Visitor {
	readonly socket: Socket;
	readonly address: string;
	/** The address as the door counts it (an IPv6 address's /64): what the quiet log keys a connection's lines by. */
	readonly key: string;
	/** Signed in: no longer counted as waiting at the door, and the time to sign in no longer runs. */
	signedIn(): void;
	/** Ends the connection as the server stops: SSH's goodbye once it speaks SSH, else at once. */
	end: () => void;
}

/** The sockets already bound to be destroyed: one timer each. */
const closing = new WeakSet<Socket>();

/** Destroys `socket` unless it has closed within `ms`: an ended connection whose client does not close its side would stay open. */
function closeSoon(socket: Socket, ms = HANG_UP_MS): void {
	if (socket.destroyed || closing.has(socket)) return;
	closing.add(socket);
	setTimeout(() => socket.destroy(), ms).unref();
}

/**
 * The socket under a connection of ssh2's. ssh2 names a connection only by the client's address
 * and port, which two live connections may share (to two addresses of this host): the socket
 * itself is the connection's one true name. `_sock` is ssh2's own field (set in its Client's
 * constructor, ssh2 1.x); were it gone, no connection would find its visitor and every one would
 * be ended at once, which the tests would show.
 */
const socketOf = (client: Connection): Socket | undefined => (client as unknown as {_sock?: Socket})._sock;

/** "1 session", "3 sessions". */
const sessionCount = (count: number): string => `${count} ${count === 1 ? 'session' : 'sessions'}`;

const sameBytes = (a: Buffer, b: Buffer): boolean => a.length === b.length && timingSafeEqual(a, b);

/** Servers started in this process and not yet closed, and chalk's level before the first of them. */
let serversOpen = 0;
let levelBefore = chalk.level;

export async function startServer(options: ServeOptions): Promise<RunningServer> {
	const log = options.log ?? (() => undefined);
	const hostKey = hostKeyIn(options.dataDir);
	const allowed = options.authorizedKeys === undefined ? null : readAuthorizedKeys(options.authorizedKeys);
	const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
	const inputPerSecond = options.inputPerSecond ?? DEFAULT_INPUT_PER_SECOND;
	// Each screen's Ink listens for the process's beforeExit (and lets go when it ends): as many
	// listeners as sessions are no leak, and Node's warning past ten would say they were.
	process.setMaxListeners(Math.max(process.getMaxListeners(), options.maxSessions + 10));
	const outputBacklog = options.outputBacklog ?? DEFAULT_OUTPUT_BACKLOG;
	const signInMs = options.signInMs ?? DEFAULT_SIGN_IN_MS;
	const open = new Set<{session: Session; end: (farewell?: string) => void; finished: Promise<void>}>();
	/** What is said of every connection's troubles and refusals: once per address and kind in ten seconds, the repeats counted. */
	const quiet = quietLog(log);
	const door = new Door({
		connections: options.maxSessions * 2 + 10,
		perMinute: options.connectionsPerMinute ?? DEFAULT_CONNECTIONS_PER_MINUTE,
		waitingPerAddress: options.waitingPerAddress ?? DEFAULT_WAITING_PER_ADDRESS,
		waiting: options.waiting ?? DEFAULT_WAITING,
	});
	const busy = options.busy ?? (() => null);
	/** The connections let in, by their socket, until they close. */
	const visits = new Map<Socket, Visitor>();
	if (options.now && (options.drawThreads ?? 0) > 0) throw new Error('drawing threads run on the default clock');
	const now = options.now ?? (() => performance.now());
	/** The drawing threads, once the server listens. */
	let draw: DrawThreads | null = null;
	// The rooms' files are written off this thread; the screens' output waits for them (room-writer.ts).
	const writer = options.roomWriter ?? new RoomWriter({log});
	const hall = new Hall({
		writer,
		dataDir: options.dataDir,
		now,
		address: () => reach(),
		// players/NAME/saves, or players/key-FINGERPRINT/NAME/saves where keys are checked.
		savesOf: person => join(options.dataDir, 'players', ...person.id.split('/'), 'saves'),
		log,
	});
	const resumed = hall.resume();
	let listening = options.port;
	/** Without --authorized-keys: who owns which name (the first key under it). */
	const nameKeys = allowed === null ? new NameKeys(options.dataDir) : null;
	/** The guests' names in use, each on one connection. */
	const guests = new Set<string>();
	/** How a person reaches this server, without the user name: `ssh -p 2222 HOST`. */
	const reach = () =>
		options.address ?? `ssh -p ${listening} ${options.host === '0.0.0.0' || options.host === '::' ? hostname() : options.host}`;
	/** The same with a user name: `ssh -p 2222 ada@HOST`. */
	const reachAs = (user: string) => reach().replace(/ (\S+)$/, ` ${user}@$1`);

	/**
	 * Accepts or refuses: the key that proved itself, where keys are asked for (null: none yet, or
	 * none asked); 'refused' when this try failed.
	 */
	function authenticate(ctx: AuthContext, address: string): ParsedKey | null | 'refused' {
		if (allowed === null) {
			ctx.accept();
			return null;
		}
		const refuse = (why?: string): 'refused' => {
			if (why) quiet.say(`${address} ${why}`, `${address}: refused ${why}`);
			ctx.reject(['publickey']);
			return 'refused';
		};
		if (ctx.method !== 'publickey') return refuse();
		const key = allowed.find(one => one.type === ctx.key.algo && sameBytes(one.getPublicSSH(), ctx.key.data));
		if (!key) return refuse(`a key not in ${options.authorizedKeys}`);
		// Without a signature the client only asks whether the key would do; with one it proves it holds it.
		if (!ctx.signature) {
			ctx.accept();
			return null;
		}
		if (key.verify(ctx.blob!, ctx.signature, ctx.hashAlgo) !== true) return refuse('a key whose signature does not hold');
		ctx.accept();
		return key;
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

	/** Says `message` on the channel and closes it with `status`. */
	function refuse(channel: ServerChannel, message: string, status = 1): void {
		channel.write(`potm: ${message}\r\n`);
		channel.exit(status);
		channel.end();
	}

	function onClient(client: Connection, visitor: Visitor): void {
		const {address, socket, key: who} = visitor;
		let name = 'guest';
		let ending = false;
		/** Ends the connection with SSH's goodbye, once, `why` logged (a client may go on sending what led to it); its socket goes all the same (the door's 'finish' rule). */
		const hangUp = (why?: string) => {
			if (ending) return;
			ending = true;
			if (why) quiet.say(`${who} ${why}`, `${address} ${name}: ${why}`);
			client.end();
		};
		visitor.end = hangUp;
		/** Ends the connection at once: a client past a bound, which may no longer read at all. */
		const cutOff = (why: string) => {
			if (socket.destroyed) return;
			quiet.say(`${who} ${why}`, `${address} ${name}: cut off, ${why}`);
			socket.destroy();
		};
		// With --authorized-keys, a person's saves are their key's: another key cannot open them by
		// taking the same name. Without, a name is the key's that owns it (trustOnFirstUse).
		let owner = '';
		// A connection that opens no terminal in a minute is closed: connections without sessions
		// would otherwise pile up past --max-sessions.
		// Counted again from each time the last screen of the connection ends: a connection may not be
		// kept open without one, whether it never opened one or closed them all.
		let screens = 0;
		const screensOpened = new TokenBucket(SCREENS_PER_SECOND, SCREENS_BURST);
		let unused: NodeJS.Timeout | undefined;
		const waitForScreen = () => {
			clearTimeout(unused);
			const waitMs = options.sessionWaitMs ?? SESSION_WAIT_MS;
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
			quiet.say(`${who} ${message}`, `${address} ${name}: ${message}`);
			closeSoon(socket);
		});
		let failures = 0;
		/** How the person signed in is known; null until then. */
		let identity: Identity | null = null;
		/** Why the screens and commands of a connection signed in under a name it does not own are refused. */
		let refusal: string | null = null;
		client.on('authentication', ctx => {
			name = playerName(ctx.username);
			const key = nameKeys === null ? authenticate(ctx, address) : trustOnFirstUse(ctx);
			if (key === 'refused') {
				// 'none' asks which ways there are, as every client does first: no try (OpenSSH does not count it either).
				if (ctx.method !== 'none' && ++failures >= MAX_AUTH_TRIES) cutOff(`${failures} failed tries to sign in`);
				return;
			}
			if (key && nameKeys === null) {
				const fingerprint = fingerprintOf(key);
				identity = {kind: 'authorized', fingerprint};
				owner = `key-${fingerprint.slice(7, 19).replace(/[^A-Za-z0-9]/g, '_')}`;
			}
		});
		client.on('close', () => {
			if (identity?.kind === 'guest') guests.delete(name);
		});

		/**
		 * Without --authorized-keys: a key proves itself and owns its name (the first to come under
		 * it), or is turned away where the name is another key's (the client may offer its next key);
		 * a client without a key (keyboard-interactive, with no question asked) is a guest, or is told,
		 * once it opens a screen, that the name it came under is somebody's. ssh2 checks no signature:
		 * each is verified here.
		 */
		function trustOnFirstUse(ctx: AuthContext): ParsedKey | null | 'refused' {
			const turnAway = (why?: string): 'refused' => {
				if (why) quiet.say(`${address} ${why}`, `${address} ${name}: refused ${why}`);
				ctx.reject(['publickey', 'keyboard-interactive']);
				return 'refused';
			};
			const taken = (standing: Standing) => {
				const whose =
					standing.kind === 'unreadable'
						? 'a key the server cannot read back'
						: standing.kind === 'free'
							? 'nobody'
							: `another key (${standing.owner.fingerprint}, since ${standing.owner.since.slice(0, 10)})`;
				refusal =
					`the name ${name} belongs to ${whose}. Connect with that key (ssh -i KEYFILE ...), ` +
					`under another name (${reachAs('OTHER')}) or as a guest (${reachAs('guest')}); the host can release it (potm serve --forget ${name})`;
			};
			if (ctx.method === 'publickey') {
				// A guest's name belongs to no key: the client goes on without one.
				if (isGuestName(name)) return turnAway();
				const key = ssh2.utils.parseKey(ctx.key.data);
				if (key instanceof Error || Array.isArray(key)) return turnAway('a key that does not read');
				const standing = nameKeys!.standing(name, fingerprintOf(key));
				if (standing.kind === 'taken' || standing.kind === 'unreadable') {
					taken(standing);
					return turnAway();
				}
				// Without a signature the client only asks whether the key would do; with one it proves it holds it.
				if (!ctx.signature) {
					ctx.accept();
					return null;
				}
				if (key.verify(ctx.blob!, ctx.signature, ctx.hashAlgo) !== true) return turnAway('a key whose signature does not hold');
				const claim = nameKeys!.claim(name, key);
				if (claim.kind !== 'yours') {
					taken(claim);
					return turnAway();
				}
				if (claim.claimed) log(`${address} ${name}: the name is now ${claim.owner.fingerprint}'s`);
				identity = {kind: 'owner', fingerprint: claim.owner.fingerprint, claimed: claim.claimed === true};
				refusal = null;
				ctx.accept();
				return key;
			}
			if (ctx.method === 'keyboard-interactive') {
				const owned = isGuestName(name) ? null : nameKeys!.owner(name);
				if (owned !== null) {
					if (refusal === null) taken('unreadable' in owned ? {kind: 'unreadable', why: owned.unreadable} : {kind: 'taken', owner: owned});
				} else {
					// Signed in after all (a try under another name may have been turned away: SSH lets each try name its own user).
					refusal = null;
					const asked = name;
					name = guestName(one => guests.has(one));
					guests.add(name);
					identity = {kind: 'guest'};
					quiet.say(`${address} guest`, `${address} ${name}: a guest, without a key (the user name given: ${JSON.stringify(asked)})`);
				}
				ctx.accept();
				return null;
			}
			return turnAway();
		}
		const refused = (what: string) => quiet.say(`${who} ${what}`, `${address} ${name}: refused ${what}`);
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
				let running: {session: Session; end: (farewell?: string) => void} | null = null;
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
				session.on('exec', (accept, _reject, info) => {
					const channel = opened(accept(), refused);
					if (!channel) return;
					if (refusal !== null) {
						refused(`a session under a name that is another key's`);
						return void refuse(channel, refusal);
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
						openScreen(channel, size, null, looks);
						return;
					}
					if (words.length >= 2 && verb === 'record') {
						// A game just ended is kept once its ending is on the disk (Hall.finish): read after that.
						writer.after(() => {
							const record = hall.record(code, address);
							quiet.say(
								`${who} record`,
								`${address} ${name}: record ${JSON.stringify(code.slice(0, 20))}: ${record.ok ? 'sent' : record.error}`,
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
						openScreen(channel, size, {verb, code}, looks);
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
					if (refusal !== null) {
						refused(`a session under a name that is another key's`);
						return void refuse(channel, refusal);
					}
					if (size === null) {
						refused('a session without a terminal');
						refuse(channel, 'a terminal is needed: connect with ssh -t', 2);
						return;
					}
					openScreen(channel, size, null, {ascii: false, noColor: false});
				});

				/** The arcade on the channel: the lobby, or the room a command word names (refused with why when it cannot be entered). */
				function openScreen(
					channel: ServerChannel,
					at: {columns: number; rows: number},
					room: {verb: 'join' | 'watch'; code: string} | null,
					looks: {ascii: boolean; noColor: boolean},
				): void {
					if (open.size >= options.maxSessions) {
						quiet.say(`${who} full`, `${address} ${name}: refused, the server is full (${sessionCount(open.size)})`);
						refuse(channel, `the server is full (${sessionCount(options.maxSessions)}); try again later`);
						return;
					}
					// A screen costs a first frame and its share of the engines: opened and closed in a loop it
					// would take the server's thread from everyone.
					if (!screensOpened.take(1)) {
						refused('a screen opened too soon after the last');
						refuse(
							channel,
							`at most ${SCREENS_BURST} screens at once on a connection, then one every ${1 / SCREENS_PER_SECOND} s; try again in a moment`,
						);
						return;
					}
					const person: Person = {
						id: [...(owner ? [owner] : identity?.kind === 'guest' ? ['guests'] : []), folderName(name)].join('/'),
						name,
						...(identity === null ? {} : {identity}),
					};
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
							return;
						}
						start = {screen: 'room', code: entered.value.code, side: entered.value.side};
					}
					clearTimeout(unused);
					screens++;
					const engine = options.engine();
					// After the rooms' writes asked for before it: a move shows once it is on the disk.
					const out = writer.gate(data => {
						channel.write(data);
						const waiting = channel.writableLength + socket.writableLength;
						if (waiting > outputBacklog) cutOff(`not reading its screen (${Math.round(waiting / 1024)} KiB waiting)`);
					});
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
						now,
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
					running = entry;
					open.add(entry);
					log(
						`${address} ${name}: came (${sessionCount(open.size)})${room ? `, ${room.verb} ${start.screen === 'room' ? start.code : ''}` : ''}`,
					);
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
					channel.on('close', () => started.close());
					entry.finished = started.ended.then(async () => {
						over = true;
						clearTimeout(idle);
						open.delete(entry);
						if (--screens === 0 && !ending) waitForScreen();
						const left = open.size;
						remote.disconnect();
						await engine.close().catch(() => undefined);
						log(`${address} ${name}: left (${sessionCount(left)})`);
						// The screen's last output (the terminal given back) goes before the farewell and the end,
						// once the rooms' writes before it are done (a moment; not forever if the disk hangs).
						await Promise.race([out.drained(), new Promise(resolve => setTimeout(resolve, CHANNEL_CLOSE_MS))]);
						if (entry.farewell) channel.write(`potm: ${entry.farewell}\r\n`);
						// Settled once the client has closed the channel too (or a moment has passed): a server
						// stopping then ends the connection, and ssh exits with the status, not "disconnected".
						const closed = new Promise<void>(resolve => {
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
				}
			});
		});
	}

	// ssh2 speaks SSH on the sockets it is handed (injectSocket); which sockets it is handed is the
	// door's word, given on the bare connection before ssh2 sees a byte of it.
	const ssh = new ssh2.Server({hostKeys: [hostKey.key], ident: 'potm', algorithms: {kex: [...KEY_EXCHANGES]}}, client => {
		// ssh2 tells of the connection once the client has said its version.
		const socket = socketOf(client);
		const visitor = socket && visits.get(socket);
		if (visitor) onClient(client, visitor);
		else {
			client.on('error', () => undefined);
			client.end();
		}
	});
	/**
	 * Says no at the door: one line before SSH's version (the protocol allows it; OpenSSH shows it),
	 * the socket closed. `kind` keeps apart, in the log's counts of repeats, refusals of one tell for
	 * different reasons.
	 */
	const refuseAtDoor = (socket: Socket, address: string, why: string, tell: string, kind = ''): void => {
		quiet.say(`${addressKey(address)} ${tell}${kind}`, `${address}: refused, ${why}`);
		// What the client sent read and dropped: a socket closed with unread data resets the connection, and the line with it.
		socket.resume();
		socket.end(`potm: ${tell}\r\n`);
		closeSoon(socket, REFUSED_CLOSE_MS);
	};
	const BUSY_TELL = 'the server is too busy to take anyone more just now; try again in a few minutes';
	/**
	 * A newcomer waiting in line: its socket, and what its client sent meanwhile (its version, perhaps
	 * its first packet), read so that its leaving is seen (a socket not read never tells of its end)
	 * and handed back to the socket for ssh2 when it comes in.
	 */
	interface Waiter {
		readonly socket: Socket;
		readonly address: string;
		/** Stops reading and puts back what was read; the socket is then as it came. */
		readonly stop: () => void;
	}
	// While the server is busy, newcomers wait in line (waiting-line.ts), before any SSH work.
	const line = new WaitingLine<Waiter>(
		{
			most: options.line?.most ?? DEFAULT_LINE.most,
			perAddress: options.line?.perAddress ?? options.waitingPerAddress ?? DEFAULT_LINE.perAddress,
			waitMs: options.line?.waitMs ?? DEFAULT_LINE.waitMs,
		},
		now,
	);
	const waitSeconds = Math.round(line.limits.waitMs / 1000);
	/** Why the line formed (the gauge's words when the first joined it). */
	let lineWhy = '';
	let lineTimer: NodeJS.Timeout | null = null;
	let ticks = 0;
	const serveLine = (): void => {
		for (const waiter of line.expired()) {
			waiter.stop();
			if (!waiter.socket.destroyed)
				refuseAtDoor(
					waiter.socket,
					waiter.address,
					`the server is busy, ${busy() ?? lineWhy}; waited ${waitSeconds} s in line`,
					BUSY_TELL,
					'waited out',
				);
		}
		for (let taken = 0; taken < LINE_TAKEN_A_TICK && line.size > 0 && busy() === null;) {
			const waiter = line.next()!;
			waiter.stop();
			if (!waiter.socket.destroyed && enter(waiter.socket, waiter.address, true)) taken++;
		}
		// Each in line told its place again, a line a second: a client that reads what comes before SSH's version a line at a time waits for each (paramiko gives one two seconds).
		if (++ticks % LINE_TOLD_TICKS === 0)
			line.each((waiter, ahead) => waiter.socket.write(`potm: still in line${ahead > 0 ? `, ${ahead} ahead of you` : ', next'}\r\n`));
		if (line.size === 0 && lineTimer) {
			clearInterval(lineTimer);
			lineTimer = null;
		}
	};
	/** Puts a newcomer in line, or turns it away; `crowded`: why the server is busy, null if it is not (others wait already). */
	function wait(socket: Socket, address: string, crowded: string | null): void {
		// A connection in line counts among its address's new ones of the minute now, as one let in does.
		const knocked = door.knock(address);
		if (!knocked.ok) return refuseAtDoor(socket, address, knocked.why, knocked.tell);
		const kept: Buffer[] = [];
		let keptBytes = 0;
		const keep = (chunk: Buffer): void => {
			keptBytes += chunk.length;
			if (keptBytes <= LINE_KEPT_BYTES) return void kept.push(chunk);
			line.leave(waiter);
			quiet.say(`${addressKey(address)} flood`, `${address}: cut off, more than ${LINE_KEPT_BYTES / 1024} KiB sent while in line`);
			socket.destroy();
		};
		// The client gave up: its place goes at once.
		const gone = (): void => {
			line.leave(waiter);
			socket.destroy();
		};
		const waiter: Waiter = {
			socket,
			address,
			stop: () => {
				socket.off('data', keep);
				socket.off('end', gone);
				socket.pause();
				if (kept.length > 0) socket.unshift(Buffer.concat(kept));
			},
		};
		const joined = line.join(addressKey(address), waiter);
		if (!joined.ok) return refuseAtDoor(socket, address, `the server is busy, ${crowded ?? lineWhy}; ${joined.why}`, BUSY_TELL);
		if (line.size === 1) lineWhy = crowded ?? lineWhy;
		socket.on('data', keep);
		socket.once('end', gone);
		socket.once('close', () => line.leave(waiter));
		socket.write(
			`potm: the server is busy; you are in line${joined.ahead > 0 ? `, ${joined.ahead} ahead of you` : ''} (${waitSeconds} s at most)\r\n`,
		);
		quiet.say(
			`${addressKey(address)} in line`,
			`${address}: waits in line, ${crowded === null ? `${joined.ahead} ahead of it (the server was busy: ${lineWhy})` : `the server is busy: ${crowded}`}`,
		);
		lineTimer ??= setInterval(serveLine, LINE_TICK_MS);
	}
	const server = createServer(socket => {
		// Its errors are ssh2's to report once it has the socket; a refused one's are nobody's concern.
		socket.on('error', () => undefined);
		const address = socket.remoteAddress;
		if (address === undefined) return void socket.destroy();
		// Too busy, or others waiting already (they go first): what the threads have is kept for those already here, and the newcomer waits its turn.
		const crowded = busy();
		if (crowded === null && line.size === 0) enter(socket, address);
		else wait(socket, address, crowded);
	});
	/** A connection through the door (true), or turned away by it; `knocked`: counted at the door as it joined the line. */
	function enter(socket: Socket, address: string, knocked = false): boolean {
		const admitted = door.admit(address, knocked);
		if (!admitted.ok) {
			refuseAtDoor(socket, address, admitted.why, admitted.tell);
			return false;
		}
		const {visit} = admitted;
		const signIn = setTimeout(() => {
			quiet.say(`${visit.key} slow to sign in`, `${address}: closed, not signed in within ${Math.round(signInMs / 1000)} s`);
			socket.destroy();
		}, signInMs);
		const visitor: Visitor = {
			socket,
			address,
			key: visit.key,
			signedIn: () => {
				clearTimeout(signIn);
				visit.signedIn();
			},
			end: () => socket.destroy(),
		};
		visits.set(socket, visitor);
		socket.once('close', () => {
			clearTimeout(signIn);
			visits.delete(socket);
			visit.left();
		});
		// Once this side has ended (ssh2 ends a connection after any error it meets, from the very first
		// byte; hangUp too), the client has HANG_UP_MS to close its own: one that does not would keep its
		// place at the door until the time to sign in ran out, or for ever once signed in.
		socket.once('finish', () => closeSoon(socket));
		ssh.injectSocket(socket);
		// After ssh2 has paused the socket: this listener leaves it paused until ssh2 reads.
		const budget = new TokenBucket(CONNECTION_INPUT_PER_SECOND, CONNECTION_INPUT_BURST);
		socket.on('data', (chunk: Buffer) => {
			if (budget.take(chunk.length) || socket.destroyed) return;
			quiet.say(`${visit.key} flood`, `${address}: cut off, more than ${CONNECTION_INPUT_PER_SECOND / 1024} KiB a second sent`);
			socket.destroy();
		});
		return true;
	}
	// A last bound under the door's, should the door be slow to close what it refuses: the kernel's sockets.
	server.maxConnections = options.maxSessions * 4 + 1000;
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port, options.host, () => {
			server.off('error', reject);
			resolve();
		});
	});
	server.on('error', (error: Error) => log(`server: ${error.message}`));
	// Ink draws with chalk, which looks at the server's own output: the sessions' terminals decide.
	// The level the process had comes back when its last server closes (a test's process goes on);
	// a start that failed before this point changed nothing.
	if (serversOpen++ === 0) levelBefore = chalk.level;
	chalk.level = Math.max(chalk.level, 2) as typeof chalk.level;
	let levelGiven = true;
	if ((options.drawThreads ?? 0) > 0) draw = new DrawThreads({hall, threads: options.drawThreads!, log});
	const address = server.address();
	listening = typeof address === 'object' && address !== null ? address.port : options.port;
	return {
		port: listening,
		fingerprint: hostKey.fingerprint,
		hostKeyMade: hostKey.made,
		sessions: () => open.size,
		connections: () => door.counts(),
		drawing: () => draw?.loads() ?? [],
		drawingThreads: () => draw?.threads() ?? [],
		copied: () => draw?.copied() ?? [],
		hall,
		resumed,
		close: async () => {
			// No new connections; the listener closes once the last one has gone.
			const closed = new Promise<void>(resolve => server.close(() => resolve()));
			// Those waiting in line never came in: they go at once.
			if (lineTimer) clearInterval(lineTimer);
			for (const waiter of line.clear()) waiter.socket.destroy();
			const entries = [...open];
			// Games between people are kept (the turn under way charged) and resume at the next start.
			hall.stop();
			for (const entry of entries)
				entry.end('the server is stopping: games between people go on when it is back; a game against the AI not saved is lost');
			await Promise.all(entries.map(entry => entry.finished));
			await draw?.close();
			// Those that speak SSH are told goodbye (their sockets go within HANG_UP_MS), the others go at once.
			for (const visitor of visits.values()) visitor.end();
			await closed;
			// The rooms written (the turns under way, charged) before the server says it has stopped.
			await writer.close();
			quiet.close();
			if (!levelGiven) return;
			levelGiven = false;
			if (--serversOpen === 0) chalk.level = levelBefore;
		},
	};
}
