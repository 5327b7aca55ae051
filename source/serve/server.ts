/**
 * `potm serve`: an SSH server (ssh2, in JavaScript) whose only program is potm. A client with a
 * terminal (`ssh -p 2222 HOST`) gets the arcade drawn on it; there is no shell, no other command,
 * no file transfer, no forwarding of ports or agents. Everything a client sends is bounded: the
 * sessions at once, new connections per address a minute, the window's size, the keys a second,
 * the time a session may sit idle. A client past a bound is told why and cut off; the server
 * goes on.
 */
import './every-frame.js';
import {timingSafeEqual} from 'node:crypto';
import {readFileSync} from 'node:fs';
import {hostname} from 'node:os';
import {join} from 'node:path';
// ssh2 is CommonJS: its parts come from the default export.
import ssh2, {type AuthContext, type Connection, type ParsedKey, type ServerChannel} from 'ssh2';
import chalk from 'chalk';
import type {Engine} from '../ui/context.js';
import {fingerprintOf, hostKeyIn} from './host-key.js';
import {folderName, playerName} from './names.js';
import {startSession, type Session} from './session.js';
import type {Route} from '../ui/app.js';
import {windowSize} from './terminal.js';
import {Hall} from './hall.js';
import type {Person} from '../ui/remote.js';

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
}

export interface RunningServer {
	/** The port it listens on (the one asked for, or the one the system gave for port 0). */
	readonly port: number;
	readonly fingerprint: string;
	/** Whether this start made the host key. */
	readonly hostKeyMade: boolean;
	/** How many sessions are open now. */
	sessions(): number;
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

/** The keys an authorized_keys file allows (options before a key, and comments, are skipped). */
/**
 * The options of an authorized_keys line that potm serve keeps anyway (it forwards nothing and
 * runs no command for anyone); any other (from=, command=, expiry-time=, ...) restricts a key in a
 * way it does not enforce, so a file with one is refused rather than the restriction ignored.
 */
const KEPT_ANYWAY = new Set(['restrict', 'no-port-forwarding', 'no-agent-forwarding', 'no-x11-forwarding', 'no-user-rc']);

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

/** "1 session", "3 sessions". */
const sessionCount = (count: number): string => `${count} ${count === 1 ? 'session' : 'sessions'}`;

const sameBytes = (a: Buffer, b: Buffer): boolean => a.length === b.length && timingSafeEqual(a, b);

export async function startServer(options: ServeOptions): Promise<RunningServer> {
	const log = options.log ?? (() => undefined);
	const hostKey = hostKeyIn(options.dataDir);
	const allowed = options.authorizedKeys === undefined ? null : readAuthorizedKeys(options.authorizedKeys);
	const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
	const perMinute = options.connectionsPerMinute ?? DEFAULT_CONNECTIONS_PER_MINUTE;
	const inputPerSecond = options.inputPerSecond ?? DEFAULT_INPUT_PER_SECOND;
	// Ink draws with chalk, which looks at the server's own output: the sessions' terminals decide.
	chalk.level = Math.max(chalk.level, 2) as typeof chalk.level;
	const open = new Set<{session: Session; end: (farewell?: string) => void; finished: Promise<void>}>();
	const clients = new Set<Connection>();
	const recent = new Map<string, number[]>();
	const now = options.now ?? (() => performance.now());
	const hall = new Hall({
		dataDir: options.dataDir,
		now,
		address: () =>
			options.address ?? `ssh -p ${listening} ${options.host === '0.0.0.0' || options.host === '::' ? hostname() : options.host}`,
		// players/NAME/saves, or players/key-FINGERPRINT/NAME/saves where keys are checked.
		savesOf: person => join(options.dataDir, 'players', ...person.id.split('/'), 'saves'),
		log,
	});
	const resumed = hall.resume();
	let listening = options.port;

	/** Accepts or refuses; gives the key that proved itself, where keys are asked for (null: none yet, or none asked). */
	function authenticate(ctx: AuthContext, address: string): ParsedKey | null {
		if (allowed === null) {
			ctx.accept();
			return null;
		}
		if (ctx.method !== 'publickey') {
			ctx.reject(['publickey']);
			return null;
		}
		const key = allowed.find(one => one.type === ctx.key.algo && sameBytes(one.getPublicSSH(), ctx.key.data));
		if (!key) {
			log(`${address}: refused a key not in ${options.authorizedKeys}`);
			ctx.reject(['publickey']);
			return null;
		}
		// Without a signature the client only asks whether the key would do; with one it proves it holds it.
		if (!ctx.signature) {
			ctx.accept();
			return null;
		}
		if (key.verify(ctx.blob!, ctx.signature, ctx.hashAlgo) !== true) {
			log(`${address}: refused a key whose signature does not hold`);
			ctx.reject(['publickey']);
			return null;
		}
		ctx.accept();
		return key;
	}

	/** Says `message` on the channel and closes it with `status`. */
	function refuse(channel: ServerChannel, message: string, status = 1): void {
		channel.write(`potm: ${message}\r\n`);
		channel.exit(status);
		channel.end();
	}

	function onClient(client: Connection, address: string): void {
		let name = 'guest';
		// With --authorized-keys, a person's saves are their key's: another key cannot open them by
		// taking the same name. Without, names are not checked: anyone may play under any name.
		let owner = '';
		// A connection that opens no terminal in a minute is closed: connections without sessions
		// would otherwise pile up past --max-sessions.
		let unused: NodeJS.Timeout | undefined = setTimeout(() => {
			log(`${address} ${name}: closed, no session opened`);
			client.end();
		}, options.sessionWaitMs ?? SESSION_WAIT_MS);
		client.on('close', () => clearTimeout(unused));
		client.on('error', error => log(`${address}: ${error.message}`));
		client.on('authentication', ctx => {
			name = playerName(ctx.username);
			const key = authenticate(ctx, address);
			if (key)
				owner = `key-${fingerprintOf(key)
					.slice(7, 19)
					.replace(/[^A-Za-z0-9]/g, '_')}`;
		});
		const refused = (what: string) => log(`${address} ${name}: refused ${what}`);
		client.on('ready', () => {
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
				refused(`the request ${request}`);
				reject?.();
			});
			client.on('session', acceptSession => {
				const session = acceptSession();
				let size: {columns: number; rows: number} | null = null;
				let term = '';
				let running: {session: Session; end: (farewell?: string) => void} | null = null;
				session.on('pty', (accept, reject, info) => {
					size = windowSize(info.cols, info.rows);
					term = info.term;
					if (size === null) {
						reject?.();
						log(`${address} ${name}: cut off, a window of ${info.cols}×${info.rows}`);
						client.end();
						return;
					}
					accept?.();
				});
				session.on('window-change', (accept, _reject, info) => {
					const next = windowSize(info.cols, info.rows);
					accept?.();
					if (next === null) {
						log(`${address} ${name}: cut off, a window of ${info.cols}×${info.rows}`);
						client.end();
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
					const channel = accept();
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
						const record = hall.record(code, address);
						log(`${address} ${name}: record ${JSON.stringify(code.slice(0, 20))}: ${record.ok ? 'sent' : record.error}`);
						// Without a terminal (ssh ... record CODE > FILE) the text goes as it is; a terminal wants CRLF.
						const text = (line: string) => (size === null ? line : line.replace(/\n/g, '\r\n'));
						if (record.ok) channel.write(text(record.value));
						else channel.stderr.write(text(`potm: ${record.error}\n`));
						channel.exit(record.ok ? 0 : 1);
						channel.end();
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
					log(`${address} ${name}: refused the command ${JSON.stringify(info.command.slice(0, 40))}`);
					refuse(
						channel,
						'this server runs no commands but join CODE, watch CODE (with ssh -t) and record CODE, and takes ascii and no-color; connect without one for the arcade',
						2,
					);
				});
				session.on('shell', accept => {
					const channel = accept();
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
						log(`${address} ${name}: refused, the server is full (${sessionCount(open.size)})`);
						refuse(channel, `the server is full (${sessionCount(options.maxSessions)}); try again later`);
						return;
					}
					const person: Person = {id: [...(owner ? [owner] : []), folderName(name)].join('/'), name};
					const remote = hall.connect(person, address);
					let start: Route = {screen: 'lobby'};
					if (room) {
						const entered = remote.enter(room.code, room.verb === 'join' ? 'play' : 'watch');
						if (!entered.ok) {
							remote.disconnect();
							log(`${address} ${name}: ${room.verb} ${JSON.stringify(room.code.slice(0, 20))} refused: ${entered.error}`);
							refuse(channel, entered.error);
							return;
						}
						start = {screen: 'room', code: entered.value.code, side: entered.value.side};
					}
					clearTimeout(unused);
					unused = undefined;
					const engine = options.engine();
					const started = startSession({
						sink: {write: data => channel.write(data)},
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
					const wake = () => {
						clearTimeout(idle);
						idle = setTimeout(() => {
							log(`${address} ${name}: closed after ${Math.round(idleMs / 1000)} s idle`);
							started.close();
						}, idleMs);
					};
					let second = Date.now();
					let bytes = 0;
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
						const now = Date.now();
						if (now - second >= 1000) [second, bytes] = [now, 0];
						bytes += data.length;
						if (bytes > inputPerSecond) {
							log(`${address} ${name}: cut off, ${bytes} bytes of input in a second`);
							started.close();
							return;
						}
						wake();
						started.input(data);
					});
					channel.on('close', () => started.close());
					entry.finished = started.ended.then(async () => {
						clearTimeout(idle);
						open.delete(entry);
						const left = open.size;
						remote.disconnect();
						await engine.close().catch(() => undefined);
						log(`${address} ${name}: left (${sessionCount(left)})`);
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

	const server = new ssh2.Server({hostKeys: [hostKey.key], ident: 'potm'}, (client, info) => {
		const address = info.ip;
		const now = Date.now();
		const times = (recent.get(address) ?? []).filter(time => now - time < 60_000);
		times.push(now);
		recent.set(address, times);
		if (times.length > perMinute) {
			log(`${address}: refused, ${times.length} connections in a minute`);
			client.end();
			return;
		}
		// Connections at once, sessions or not, are bounded too.
		if (clients.size >= options.maxSessions * 2 + 10) {
			log(`${address}: refused, ${clients.size} connections open`);
			client.end();
			return;
		}
		clients.add(client);
		client.on('close', () => clients.delete(client));
		onClient(client, address);
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port, options.host, () => {
			server.off('error', reject);
			resolve();
		});
	});
	server.on('error', (error: Error) => log(`server: ${error.message}`));
	const address = server.address();
	listening = typeof address === 'object' && address !== null ? address.port : options.port;
	return {
		port: listening,
		fingerprint: hostKey.fingerprint,
		hostKeyMade: hostKey.made,
		sessions: () => open.size,
		hall,
		resumed,
		close: async () => {
			// No new connections; the listener closes once the last one has gone.
			const closed = new Promise<void>(resolve => server.close(() => resolve()));
			const entries = [...open];
			// Games between people are kept (the turn under way charged) and resume at the next start.
			hall.stop();
			for (const entry of entries)
				entry.end('the server is stopping: games between people go on when it is back; a game against the AI not saved is lost');
			await Promise.all(entries.map(entry => entry.finished));
			for (const client of clients) client.end();
			await closed;
		},
	};
}
