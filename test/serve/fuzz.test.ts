/**
 * Whatever a client sends potm serve: random names, random window sizes and changes, random bytes
 * as keys (escape sequences among them), commands. The server never crashes, a session either
 * goes on or is cut off cleanly, what it draws never carries an escape sequence a client sent
 * (no OSC or DCS string comes back), and the next client is served as the first was. A fixed
 * number of visits drawn from a pinned seed, the same on every machine (no time limit cuts them short).
 */
// First: the server draws every frame even where CI is set (source/serve/every-frame.ts).
import '../../source/serve/every-frame.js';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import fc from 'fast-check';
import ssh2, {type ClientChannel} from 'ssh2';
import {made} from '../helpers/made.js';
import {afterAll, describe, expect, test, vi} from 'vitest';
import {FakeEngine} from '../ui/harness.js';
import {startServer, type RunningServer} from '../../source/serve/server.js';
import {boxes} from '../../source/games/boxes/index.js';
import {settled} from '../../source/games/setup.js';
import {keyOf} from './ssh-client.js';

const {Client} = ssh2;
type Client = InstanceType<typeof Client>;

const scratch = mkdtempSync(join(tmpdir(), 'potm-serve-fuzz-'));
afterAll(() => rmSync(scratch, {recursive: true, force: true}));

/** What a fuzzing client does: its name, its window, then chunks of bytes and window changes in turn. */
const visit = fc.record({
	name: fc.string({unit: 'binary', maxLength: 40}),
	// With the name's key (the first under a name owns it), or none: a guest.
	keyless: fc.boolean(),
	window: fc.record({
		cols: fc.oneof(fc.integer({min: 1, max: 300}), fc.integer({min: -5, max: 200_000})),
		rows: fc.integer({min: 0, max: 900}),
	}),
	steps: fc.array(
		fc.oneof(
			fc.uint8Array({minLength: 1, maxLength: 64}).map(bytes => ({keys: Buffer.from(bytes)})),
			// Escape sequences a hostile client might hope to see echoed to someone's terminal.
			fc
				.constantFrom('\u001B]0;owned\u0007', '\u001BP$q\u001B\\', '\u001B[6n', '\u001B[?1049l', 'm\u001B]52;c;aGk=\u0007\r')
				.map(text => ({keys: Buffer.from(text)})),
			fc.record({cols: fc.integer({min: 0, max: 2000}), rows: fc.integer({min: 0, max: 700})}).map(size => ({size})),
		),
		{maxLength: 12},
	),
	command: fc.option(
		fc.oneof(
			fc.string({unit: 'binary', maxLength: 30}),
			// The command words, with codes right, wrong and hostile.
			fc
				.tuple(
					fc.constantFrom('join', 'watch', 'record', 'JOIN'),
					fc.oneof(fc.string({unit: 'binary', maxLength: 20}), fc.constantFrom('ZZZ-ZZZ', '\u001B]0;owned\u0007', '7kq 2xm')),
				)
				.map(([verb, code]) => `${verb} ${code}`),
		),
		{nil: undefined},
	),
});

type Visit = typeof visit extends fc.Arbitrary<infer V> ? V : never;

/**
 * Connects, does what `one` says, and settles with what was shown once the connection has ended:
 * after the steps it ends it, once `until` holds of what is shown if that is given.
 */
function play(port: number, one: Visit, until?: (shown: string) => boolean): Promise<string> {
	return new Promise(resolve => {
		const client: Client = new Client();
		let shown = '';
		const done = () => resolve(shown);
		client.on('error', done);
		client.on('close', done);
		/** The visit's steps on the channel, then the end (once `until` holds, if given). */
		const drive = (channel: ClientChannel) => {
			channel.on('data', (data: Buffer) => (shown += data.toString('latin1')));
			channel.stderr.on('data', (data: Buffer) => (shown += data.toString('latin1')));
			channel.on('close', () => client.end());
			let step = 0;
			const next = () => {
				const now = one.steps[step++];
				if (!now) {
					if (until && !until(shown)) return void setTimeout(next, 20);
					return void setTimeout(() => client.end(), 20);
				}
				if ('keys' in now) channel.write(now.keys);
				else channel.setWindow(now.size.rows, now.size.cols, 0, 0);
				setTimeout(next, 5);
			};
			next();
		};
		client.on('ready', () => {
			const window = {cols: one.window.cols, rows: one.window.rows, term: 'xterm'};
			// A command with a terminal of the visit's window: join and watch need one.
			if (one.command !== undefined) client.exec(one.command, {pty: window}, (error, channel) => (error ? client.end() : drive(channel)));
			else client.shell(window, (error, channel: ClientChannel) => (error ? client.end() : drive(channel)));
		});
		client.connect({
			host: '127.0.0.1',
			port,
			username: one.name,
			...(one.keyless ? {tryKeyboard: true} : {privateKey: keyOf(one.name)}),
			readyTimeout: 10_000,
		});
		// Each write sent at once, as OpenSSH's client does for a terminal (ssh-client.ts).
		client.setNoDelay(true);
	});
}

describe('fuzzing potm serve', () => {
	test('random names, windows, bytes and commands: no crash, no escape string echoed, the next client served', async () => {
		const server: RunningServer = await startServer({
			port: 0,
			host: '127.0.0.1',
			dataDir: join(scratch, 'data'),
			maxSessions: 8,
			connectionsPerMinute: 10_000,
			engine: () => Object.assign(new FakeEngine(), {close: async () => undefined}),
		});
		try {
			await fc.assert(
				fc.asyncProperty(visit, async one => {
					const shown = await play(server.port, one);
					// Ink and the arcade send no OSC or DCS strings: any here would be a client's, echoed.
					expect(shown).not.toContain('\u001B]');
					expect(shown).not.toContain('\u001BP');
				}),
				// Bounded by runs, not seconds: every run checks all 100 visits, however slow the machine.
				{numRuns: 100, seed: 28},
			);
			await vi.waitFor(() => {
				if (server.sessions() !== 0) throw new Error(`${server.sessions()} sessions still open`);
			}, 15_000);
			const after = await play(
				server.port,
				{name: 'next', keyless: false, window: {cols: 80, rows: 24}, steps: [], command: undefined},
				shown => shown.includes('potm on the server'),
			);
			expect(after).toContain('potm on the server');
		} finally {
			await server.close();
		}
	}, 180_000);

	test('a player sending anything, chat among it, never gets an escape string or a control character to the other player or a watcher', async () => {
		const server: RunningServer = await startServer({
			port: 0,
			host: '127.0.0.1',
			dataDir: join(scratch, 'chat'),
			maxSessions: 8,
			connectionsPerMinute: 10_000,
			engine: () => Object.assign(new FakeEngine(), {close: async () => undefined}),
		});
		// alice holds RED from the server's side; mallory joins as BLUE by ssh, again each visit; carol watches by ssh throughout.
		const alice = server.hall.connect({id: 'alice', name: 'alice'}, '127.0.0.1');
		const code = made(
			alice.create({game: boxes, setup: settled(boxes, {rows: 3, columns: 3}), clockSeconds: null, side: 1, private: true}),
		);
		let watched = '';
		const watcher = new Client();
		try {
			await new Promise<void>((resolve, reject) => {
				watcher.on('error', reject);
				watcher.on('ready', () =>
					watcher.exec(`watch ${code}`, {pty: {cols: 100, rows: 30, term: 'xterm'}}, (error, channel) => {
						if (error) return reject(error);
						channel.on('data', (data: Buffer) => (watched += data.toString('latin1')));
						resolve();
					}),
				);
				watcher.connect({host: '127.0.0.1', port: server.port, username: 'carol', privateKey: keyOf('carol'), readyTimeout: 10_000});
			});
			const hostile = fc.constantFrom('\u001B]0;owned\u0007', '\u001BP$q\u001B\\', '\u001B[2J', '\u0007', '\u009B31m', '\u202Eevil');
			const line = fc.array(fc.oneof(fc.string({maxLength: 8}), hostile), {maxLength: 6}).map(parts => parts.join(''));
			const steps = fc.array(
				fc.oneof(
					line.map(text => ({keys: Buffer.from(`c${text}\r`)})),
					fc.uint8Array({minLength: 1, maxLength: 32}).map(bytes => ({keys: Buffer.from(bytes)})),
				),
				{maxLength: 8},
			);
			await fc.assert(
				fc.asyncProperty(steps, async visitSteps => {
					await play(server.port, {
						name: 'mallory',
						keyless: false,
						window: {cols: 100, rows: 30},
						steps: visitSteps,
						command: `join ${code}`,
					});
					for (const said of server.hall.held(code)?.chat ?? [])
						expect(said.text).not.toMatch(/[\u0000-\u001F\u007F-\u009F\u202A-\u202E]/u);
				}),
				{numRuns: 40, seed: 29},
			);
			expect(server.hall.held(code)?.chat.length ?? 0).toBeGreaterThan(0);
			// What carol's screen got: Ink's own drawing (CSI sequences), never a string a client sent.
			expect(watched).toContain(code);
			expect(watched).not.toContain('\u001B]');
			expect(watched).not.toContain('\u001BP');
			expect(watched).not.toContain('\u0007');
		} finally {
			watcher.end();
			await server.close();
		}
	}, 120_000);
});
