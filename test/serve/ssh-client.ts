/**
 * An SSH client as people's ssh would be, for the tests of potm serve in this process: ssh2's
 * own client on 127.0.0.1 (from another loopback address where a test needs many), a terminal,
 * the screen it shows as plain text, and waiting for that screen.
 */
import {existsSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import ssh2, {type ClientChannel} from 'ssh2';
import {vi} from 'vitest';
import {newKeyPair} from '../../source/serve/host-key.js';

const {Client} = ssh2;
export type Client = InstanceType<typeof Client>;

/** The first screen of a session: the lobby's title. */
export const LOBBY = 'potm on the server';

const keys = new Map<string, string>();

/**
 * The private key a test's person `name` comes with, the same for the whole test file: on a
 * server without --authorized-keys, the first key under a name owns it.
 */
export function keyOf(name: string): string {
	let key = keys.get(name);
	// The comment is not the name: a name may hold characters no key file can (a line break).
	if (key === undefined) keys.set(name, (key = newKeyPair(`person ${keys.size + 1} of the tests`).private));
	return key;
}

/**
 * OpenSSH's options to come with `name`'s key (keyOf), written to a file in `dir` readable by its
 * owner alone, and with no other key (none of the machine's, none of an agent's).
 */
export function sshKeyOptions(dir: string, name: string): string[] {
	const path = join(dir, `${name}_ed25519`);
	if (!existsSync(path)) writeFileSync(path, keyOf(name), {mode: 0o600});
	return ['-i', path, '-o', 'IdentitiesOnly=yes', '-o', 'IdentityAgent=none'];
}

/** OpenSSH's options for a test's server on `port`: no host key kept or checked, errors only. */
export const sshOptions = (port: number): string[] => [
	'-p',
	String(port),
	'-o',
	'StrictHostKeyChecking=no',
	'-o',
	'UserKnownHostsFile=/dev/null',
	'-o',
	'LogLevel=ERROR',
];

/** A client without a key: the server's guests (ssh2 tries keyboard-interactive only when asked). */
export const KEYLESS = {tryKeyboard: true} as const;

/**
 * A connected client (user `name`), or the error its connection ended with; kept in `kept` to be
 * ended after the test. It comes with `name`'s key (keyOf) unless `extra` says how it signs in.
 */
export function connect(port: number, name: string, extra: Record<string, unknown>, kept: Client[]): Promise<Client> {
	const signs = ['privateKey', 'agent', 'password', 'tryKeyboard', 'authHandler'].some(field => field in extra);
	return new Promise((resolve, reject) => {
		const client = new Client();
		kept.push(client);
		client.once('ready', () => resolve(client));
		client.once('error', reject);
		// A connection the server ends before it is ready (refused at once) closes without an error.
		client.once('close', () => reject(new Error('the connection closed before it was ready')));
		client.connect({host: '127.0.0.1', port, username: name, readyTimeout: 10_000, ...(signs ? {} : {privateKey: keyOf(name)}), ...extra});
		// Each write sent at once, as OpenSSH's client does for a terminal (TCP_NODELAY): with Nagle's rule
		// a request written while the last is not yet acknowledged waits some 40 ms for the server's ACK.
		client.setNoDelay(true);
	});
}

/** Everything a channel has shown, its escape sequences taken out (once for each time it has shown more: `until` asks often). */
export function screen(channel: ClientChannel): {text: () => string; raw: () => string} {
	let raw = '';
	let text: string | null = '';
	channel.on('data', (data: Buffer) => {
		raw += data.toString('utf8');
		text = null;
	});
	return {text: () => (text ??= raw.replace(/\u001B\[[0-?]*[ -/]*[@-~]|\u001B[()][A-Z0-9]|\u001B[=>78]/g, '')), raw: () => raw};
}

export const shell = (client: Client, window = {cols: 80, rows: 24, term: 'xterm-256color'}): Promise<ClientChannel> =>
	new Promise((resolve, reject) => client.shell(window, (error, channel) => (error ? reject(error) : resolve(channel))));

/** Waits (15 s at most) until `what` holds, looking every 10 ms; else fails with `message()`. */
export const until = (what: () => boolean, message: () => string) =>
	vi.waitFor(
		() => {
			if (!what()) throw new Error(message());
		},
		{timeout: 15_000, interval: 10},
	);

/** From the lobby on `channel` (shown by `shown`) to the arcade's menu: the lobby's first row. */
export async function intoTheArcade(channel: ClientChannel, shown: ReturnType<typeof screen>): Promise<void> {
	await until(
		() => shown.text().includes(LOBBY),
		() => shown.text(),
	);
	channel.write('\r');
	await until(
		() => shown.text().includes('Play against the AI'),
		() => shown.text().slice(-2000),
	);
}

/** From the lobby on `channel` into a game against the AI: the arcade's menu, whose first row plays. */
export async function intoAGameAgainstTheAi(channel: ClientChannel, shown: ReturnType<typeof screen>): Promise<void> {
	await intoTheArcade(channel, shown);
	channel.write('\r');
	await until(
		() => shown.text().includes('Move 1/50'),
		() => shown.text().slice(-2000),
	);
}
