/**
 * `potm serve`: an SSH server (ssh2, in JavaScript) whose only program is potm. A client with a
 * terminal (`ssh -p 2222 HOST`) gets the arcade drawn on it; there is no shell, no other command,
 * no file transfer, no forwarding of ports or agents. Everything a client sends is bounded: the
 * sessions at once, new connections per address a minute, the window's size, the keys a second,
 * the time a session may sit idle. A client past a bound is told why and cut off; the server
 * goes on.
 */
import {timingSafeEqual} from 'node:crypto';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
// ssh2 is CommonJS: its parts come from the default export.
import ssh2, {type AuthContext, type Connection, type ParsedKey, type ServerChannel} from 'ssh2';
import chalk from 'chalk';
import type {Engine} from '../ui/context.js';
import {hostKeyIn} from './host-key.js';
import {folderName, playerName} from './names.js';
import {startSession, type Session} from './session.js';
import {windowSize} from './terminal.js';

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
	/** New connections one address may open in a minute. */
	readonly connectionsPerMinute?: number;
	/** Bytes of input a session may send in a second before it is cut off as a flood. */
	readonly inputPerSecond?: number;
	/** An engine for a new session (a share of the server's pool of workers); closed when the session ends. */
	readonly engine: () => Engine & {close(): Promise<void>};
	/** Lines for the server's log (who came and went, who was refused and why). */
	readonly log?: (line: string) => void;
}

export interface RunningServer {
	/** The port it listens on (the one asked for, or the one the system gave for port 0). */
	readonly port: number;
	readonly fingerprint: string;
	/** Whether this start made the host key. */
	readonly hostKeyMade: boolean;
	/** How many sessions are open now. */
	sessions(): number;
	/** Stops listening, ends every session and waits for them. */
	close(): Promise<void>;
}

export const DEFAULT_IDLE_MS = 30 * 60_000;
export const DEFAULT_CONNECTIONS_PER_MINUTE = 20;
export const DEFAULT_INPUT_PER_SECOND = 16_384;

/** The keys an authorized_keys file allows (options before a key, and comments, are skipped). */
export function readAuthorizedKeys(path: string): ParsedKey[] {
	const keys: ParsedKey[] = [];
	readFileSync(path, 'utf8')
		.split(/\r?\n/)
		.forEach((line, index) => {
			const text = line.trim();
			if (text === '' || text.startsWith('#')) return;
			// "type base64 comment", possibly after options: the key starts at its type.
			const at = text.search(/(?:^|\s)(?:ssh-|ecdsa-|sk-)/);
			const key = ssh2.utils.parseKey(at < 0 ? text : text.slice(at).trim());
			if (key instanceof Error) throw new Error(`${path} line ${index + 1}: not a public key (${key.message})`);
			keys.push(key);
		});
	if (keys.length === 0) throw new Error(`${path}: holds no key, so nobody could connect`);
	return keys;
}

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
	const open = new Set<{session: Session; end: () => void}>();
	const clients = new Set<Connection>();
	const recent = new Map<string, number[]>();

	function authenticate(ctx: AuthContext): void {
		if (allowed === null) return ctx.accept();
		if (ctx.method !== 'publickey') return ctx.reject(['publickey']);
		const key = allowed.find(one => one.type === ctx.key.algo && sameBytes(one.getPublicSSH(), ctx.key.data));
		if (!key) return ctx.reject(['publickey']);
		// Without a signature the client only asks whether the key would do; with one it proves it holds it.
		if (ctx.signature && key.verify(ctx.blob!, ctx.signature, ctx.hashAlgo) !== true) return ctx.reject(['publickey']);
		ctx.accept();
	}

	/** Says `message` on the channel and closes it with `status`. */
	function refuse(channel: ServerChannel, message: string, status = 1): void {
		channel.write(`potm: ${message}\r\n`);
		channel.exit(status);
		channel.end();
	}

	function onClient(client: Connection, address: string): void {
		let name = 'guest';
		client.on('error', error => log(`${address}: ${error.message}`));
		client.on('authentication', ctx => {
			name = playerName(ctx.username);
			authenticate(ctx);
		});
		client.on('ready', () => {
			// Nothing but sessions: no port forwarding either way, no streams to sockets.
			client.on('tcpip', (_accept, reject) => reject());
			client.on('openssh.streamlocal', (_accept, reject) => reject());
			client.on('request', (_accept, reject) => reject?.());
			client.on('session', acceptSession => {
				const session = acceptSession();
				let size: {columns: number; rows: number} | null = null;
				let term = '';
				let running: {session: Session; end: () => void} | null = null;
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
				session.on('x11', (_accept, reject) => reject?.());
				session.on('auth-agent', (_accept, reject) => reject?.());
				session.on('subsystem', (_accept, reject) => reject?.());
				session.on('signal', (_accept, reject) => reject?.());
				session.on('exec', (accept, _reject, info) => {
					const channel = accept();
					log(`${address} ${name}: refused the command ${JSON.stringify(info.command.slice(0, 40))}`);
					refuse(channel, `potm serve runs no commands; connect without one for the arcade`, 2);
				});
				session.on('shell', accept => {
					const channel = accept();
					if (size === null) {
						refuse(channel, 'potm needs a terminal: connect with ssh -t', 2);
						return;
					}
					if (open.size >= options.maxSessions) {
						log(`${address} ${name}: refused, the server is full (${open.size} sessions)`);
						refuse(channel, `the server is full (${options.maxSessions} sessions); try again later`);
						return;
					}
					const engine = options.engine();
					const started = startSession({
						sink: {write: data => channel.write(data)},
						size,
						term,
						engine,
						savesDir: join(options.dataDir, 'players', folderName(name), 'saves'),
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
						end: () => started.close(),
					};
					running = entry;
					open.add(entry);
					log(`${address} ${name}: came (${open.size} sessions)`);
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
					void started.ended.then(async () => {
						clearTimeout(idle);
						open.delete(entry);
						await engine.close().catch(() => undefined);
						log(`${address} ${name}: left (${open.size} sessions)`);
						channel.exit(0);
						channel.end();
					});
				});
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
	return {
		port: typeof address === 'object' && address !== null ? address.port : options.port,
		fingerprint: hostKey.fingerprint,
		hostKeyMade: hostKey.made,
		sessions: () => open.size,
		close: async () => {
			// No new connections; the listener closes once the last one has gone.
			const closed = new Promise<void>(resolve => server.close(() => resolve()));
			const endings = [...open].map(entry => entry.session.ended);
			for (const entry of open) entry.end();
			await Promise.all(endings);
			for (const client of clients) client.end();
			await closed;
		},
	};
}
