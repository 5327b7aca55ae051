/**
 * `potm serve`: an SSH server (ssh2, in JavaScript) whose only program is potm. A client with a
 * terminal (`ssh -p 2222 HOST`) gets the arcade drawn on it; there is no shell, no other command,
 * no file transfer, no forwarding of ports or agents. This module starts and stops it: the hall
 * (hall.ts), the rooms' writer, the drawing threads, the listening socket and ssh2, each with the
 * bounds of the options. Everything a client sends is bounded: before it has signed in, by the
 * door on the bare socket (entrance.ts, door.ts, waiting-line.ts); after, on its connection
 * (connection.ts: the tries to sign in, the channels, the key exchanges) and its screens
 * (screen-channel.ts: the sessions at once, the keys a second, the output waiting for a client
 * that does not read, the time idle). A client past a bound is told why where it can be and cut
 * off; the server goes on. Every socket, connection and channel has its error path from the
 * moment it exists: no client, at any stage, can make the process exit.
 */
import './every-frame.js';
import {createServer, type Socket} from 'node:net';
import {hostname} from 'node:os';
import {join} from 'node:path';
// ssh2 is CommonJS: its parts come from the default export.
import ssh2, {type Connection, type KexAlgorithm} from 'ssh2';
import chalk from 'chalk';
import type {Worker} from 'node:worker_threads';
import type {Engine} from '../ui/context.js';
import {hostKeyIn} from './host-key.js';
import {RoomWriter} from './room-writer.js';
import {Hall} from './hall.js';
import {NameKeys} from './name-keys.js';
import {Door, type DoorLimits} from './door.js';
import type {LineLimits} from './waiting-line.js';
import {quietLog} from './quiet-log.js';
import {DrawThreads} from './draw-threads.js';
import {Entrance} from './entrance.js';
import {serveConnection} from './connection.js';
import type {OpenScreen} from './screen-channel.js';
import {readAuthorizedKeys} from './sign-in.js';

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
	/** How long a connection the server has ended may take to close its side before its socket is destroyed (HANG_UP_MS, 5 s). */
	readonly hangUpMs?: number;
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
	/** The wait before a drawing thread that stopped soon after its start is started again, doubling with each (a second). */
	readonly drawRestartMs?: number;
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
export const DEFAULT_CONNECTIONS_PER_MINUTE = 20;
export const DEFAULT_INPUT_PER_SECOND = 16_384;
/** A minute to sign in: enough to type a key's passphrase; OpenSSH gives two. */
export const DEFAULT_SIGN_IN_MS = 60_000;
export const DEFAULT_WAITING_PER_ADDRESS = 10;
/** From 20 connections signing in at once, 30 % of new ones are refused, rising to all at 100. */
export const DEFAULT_WAITING: DoorLimits['waiting'] = {start: 20, rate: 0.3, full: 100};
/** A megabyte of screens not taken: a couple of hundred frames behind. */
export const DEFAULT_OUTPUT_BACKLOG = 1 << 20;
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
/**
 * The line at the door while the server is busy: a hundred at most, as many from one address as may
 * sign in at once, each for 15 s: an ssh2 client gives the whole handshake 20 s, paramiko 15 s to
 * the first line before SSH's version (and 2 s to each next, so those in line are told their place
 * every second); OpenSSH waits as long as it takes, unless its ConnectTimeout is set.
 */
export const DEFAULT_LINE: LineLimits = {most: 100, perAddress: DEFAULT_WAITING_PER_ADDRESS, waitMs: 15_000};

/**
 * The socket under a connection of ssh2's. ssh2 names a connection only by the client's address
 * and port, which two live connections may share (to two addresses of this host): the socket
 * itself is the connection's one true name. `_sock` is ssh2's own field (set in its Client's
 * constructor, ssh2 1.x); were it gone, no connection would find its visitor and every one would
 * be ended at once, which the tests would show.
 */
const socketOf = (client: Connection): Socket | undefined => (client as unknown as {_sock?: Socket})._sock;

/** Servers started in this process and not yet closed, and chalk's level before the first of them. */
let serversOpen = 0;
let levelBefore = chalk.level;

export async function startServer(options: ServeOptions): Promise<RunningServer> {
	const log = options.log ?? (() => undefined);
	const hostKey = hostKeyIn(options.dataDir);
	const allowed = options.authorizedKeys === undefined ? null : readAuthorizedKeys(options.authorizedKeys);
	// Each screen's Ink listens for the process's beforeExit (and lets go when it ends): as many
	// listeners as sessions are no leak, and Node's warning past ten would say they were.
	process.setMaxListeners(Math.max(process.getMaxListeners(), options.maxSessions + 10));
	const open = new Set<OpenScreen>();
	/** What is said of every connection's troubles and refusals: once per address and kind in ten seconds, the repeats counted. */
	const quiet = quietLog(log);
	const door = new Door({
		connections: options.maxSessions * 2 + 10,
		perMinute: options.connectionsPerMinute ?? DEFAULT_CONNECTIONS_PER_MINUTE,
		waitingPerAddress: options.waitingPerAddress ?? DEFAULT_WAITING_PER_ADDRESS,
		waiting: options.waiting ?? DEFAULT_WAITING,
	});
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
	/** How a person reaches this server, without the user name: `ssh -p 2222 HOST`. */
	const reach = () =>
		options.address ?? `ssh -p ${listening} ${options.host === '0.0.0.0' || options.host === '::' ? hostname() : options.host}`;
	const served = {
		maxSessions: options.maxSessions,
		idleMs: options.idleMs ?? DEFAULT_IDLE_MS,
		inputPerSecond: options.inputPerSecond ?? DEFAULT_INPUT_PER_SECOND,
		outputBacklog: options.outputBacklog ?? DEFAULT_OUTPUT_BACKLOG,
		sessionWaitMs: options.sessionWaitMs,
		hangUpMs: options.hangUpMs,
		engine: options.engine,
		log,
		quiet,
		hall,
		writer,
		now,
		open,
		draw: () => draw,
		signIn: {
			allowed,
			authorizedKeys: options.authorizedKeys,
			/** Without --authorized-keys: who owns which name (the first key under it). */
			nameKeys: allowed === null ? new NameKeys(options.dataDir) : null,
			/** The guests' names in use, each on one connection. */
			guests: new Set<string>(),
			quiet,
			log,
			/** How to reach the server under a user name: `ssh -p 2222 ada@HOST`. */
			reachAs: (user: string) => reach().replace(/ (\S+)$/, ` ${user}@$1`),
		},
	};

	// ssh2 speaks SSH on the sockets it is handed (injectSocket); which sockets it is handed is the
	// door's word, given on the bare connection before ssh2 sees a byte of it.
	const ssh = new ssh2.Server({hostKeys: [hostKey.key], ident: 'potm', algorithms: {kex: [...KEY_EXCHANGES]}}, client => {
		// ssh2 tells of the connection once the client has said its version.
		const socket = socketOf(client);
		const visitor = socket && entrance.visits.get(socket);
		if (visitor) serveConnection(served, client, visitor);
		else {
			client.on('error', () => undefined);
			client.end();
		}
	});
	// While the server is busy, newcomers wait in line (waiting-line.ts), before any SSH work.
	const entrance = new Entrance({
		door,
		line: {
			most: options.line?.most ?? DEFAULT_LINE.most,
			perAddress: options.line?.perAddress ?? options.waitingPerAddress ?? DEFAULT_LINE.perAddress,
			waitMs: options.line?.waitMs ?? DEFAULT_LINE.waitMs,
		},
		busy: options.busy ?? (() => null),
		now,
		quiet,
		signInMs: options.signInMs ?? DEFAULT_SIGN_IN_MS,
		hangUpMs: options.hangUpMs,
		letIn: socket => ssh.injectSocket(socket),
	});
	// Each write sent at once (TCP_NODELAY, as OpenSSH's sshd sets for interactive sessions): with
	// Nagle's rule a frame or an answer written while the last is not yet acknowledged waits for the
	// client's delayed acknowledgement, some 40 ms.
	const server = createServer({noDelay: true}, socket => entrance.arrive(socket));
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
	if ((options.drawThreads ?? 0) > 0) draw = new DrawThreads({hall, threads: options.drawThreads!, log, restartMs: options.drawRestartMs});
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
			entrance.close();
			const entries = [...open];
			// Games between people are kept (the turn under way charged) and resume at the next start.
			hall.stop();
			for (const entry of entries)
				entry.end('the server is stopping: games between people go on when it is back; a game against the AI not saved is lost');
			await Promise.all(entries.map(entry => entry.finished));
			await draw?.close();
			// Those that speak SSH are told goodbye (their sockets go within the time to hang up), the others go at once.
			for (const visitor of entrance.visits.values()) visitor.end();
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
