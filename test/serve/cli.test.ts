/**
 * `potm serve` as a program: it says where it listens and how to connect, serves the arcade to an
 * SSH client, refuses a taken port or a bad option in one line, and Ctrl-C (SIGINT) ends it with
 * status 0 and its sessions closed.
 */
import {spawnSync, type ChildProcess} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {availableParallelism, tmpdir} from 'node:os';
import {join} from 'node:path';
import {connect as connectTcp, type Socket} from 'node:net';
import {fileURLToPath, pathToFileURL} from 'node:url';
import ssh2 from 'ssh2';
import {afterAll, afterEach, describe, expect, test, vi} from 'vitest';
import {LAST_RESORT} from '../../source/commands/serve.js';
import {spawnServe, type Spawned} from './spawned.js';
import {keyOf} from './ssh-client.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(root, 'dist', 'cli.js');
const scratch = mkdtempSync(join(tmpdir(), 'potm-serve-cli-'));
afterAll(() => rmSync(scratch, {recursive: true, force: true}));

const running: ChildProcess[] = [];
afterEach(() => {
	for (const child of running.splice(0)) child.kill('SIGKILL');
});

/** An ssh2 client signed in to the server on `port` as ada (`extra` added to its options). */
function signedIn(port: number, extra: Partial<ssh2.ConnectConfig> = {}): Promise<ssh2.Client> {
	return new Promise((resolve, reject) => {
		const client = new ssh2.Client();
		client.once('error', reject);
		client.once('ready', () => resolve(client));
		client.connect({host: '127.0.0.1', port, username: 'ada', ...('privateKey' in extra ? {} : {privateKey: keyOf('ada')}), ...extra});
	});
}

/** What a shell on `client` showed until its lobby. */
const lobbyOn = (client: ssh2.Client): Promise<string> =>
	new Promise((resolve, reject) =>
		client.shell({cols: 80, rows: 24, term: 'xterm'}, (error, channel) => {
			if (error) return reject(error);
			let text = '';
			channel.on('data', (data: Buffer) => {
				text += data.toString();
				if (text.includes('potm on the server')) resolve(text);
			});
		}),
	);

/** `potm serve` on 127.0.0.1 and a port of the system's choosing. */
const serve = (data: string): Promise<Spawned> => spawnServe(data, 0, child => running.push(child));

describe('potm serve', () => {
	test('says how to connect and the host key; serves the lobby; SIGINT ends the session and the server with status 0', async () => {
		const server = await serve(join(scratch, 'one'));
		expect(server.out()).toMatch(
			/^potm serve: listening on 127\.0\.0\.1 port \d+\n {2}connect with: ssh -p \d+ NAME@127\.0\.0\.1 \(NAME: who you play as\)\n/,
		);
		expect(server.out()).toMatch(/host key SHA256:\S{43} \(made now in .*one\)/);
		// One drawing thread a core (none on a single core), said as it starts.
		const cores = availableParallelism();
		expect(server.out()).toContain(
			cores > 1
				? `  the screens drawn on ${cores} threads beside the one that holds the connections and the games (--draw-threads)\n`
				: '  the screens drawn on the thread that holds the connections and the games (--draw-threads 0)\n',
		);
		const client = await signedIn(server.port);
		const text = await lobbyOn(client);
		expect(text).toContain('potm on the server');
		const closed = new Promise(resolve => client.on('close', () => resolve(null)));
		const exited = new Promise<number | null>(resolve => server.child.on('exit', code => resolve(code)));
		server.child.kill('SIGINT');
		expect(await exited).toBe(0);
		await closed;
		expect(server.log()).toMatch(/ada: came \(1 session\)[\s\S]*SIGINT: ending 1 session\n[\s\S]*stopped/);
		// The log is plain text: no terminal code (Ink's cursor restore at exit writes only to a terminal).
		expect(server.log()).not.toContain('\u001B');
		expect(server.log()).not.toContain(LAST_RESORT);
	});

	// The command line's own refusals (a port out of range, a FILE) are checked in process: test/command-line/parse.test.ts.
	test('a taken port is refused in one line, status 2', async () => {
		const first = await serve(join(scratch, 'two'));
		const taken = spawnSync(
			process.execPath,
			[cli, 'serve', '--port', String(first.port), '--host', '127.0.0.1', '--data', join(scratch, 'two')],
			{
				encoding: 'utf8',
				timeout: 30_000,
			},
		);
		expect(taken.status).toBe(2);
		expect(taken.stderr).toBe(
			`potm: serve: port ${first.port} on 127.0.0.1 is taken: another server listens there (--port chooses another)\n`,
		);
	});

	test("forty connections from one address send their version and reset at once (the issue's case): the server goes on, and serves the next", async () => {
		const server = await serve(join(scratch, 'three'));
		const sockets = await Promise.all(
			Array.from(
				{length: 40},
				() =>
					new Promise<{socket: Socket; answer: () => string}>((resolve, reject) => {
						// allowHalfOpen: the client keeps its side open after the server's end, as the report's did.
						const socket = connectTcp({port: server.port, host: '127.0.0.1', allowHalfOpen: true});
						let answer = '';
						socket.on('data', (data: Buffer) => (answer += data.toString('latin1')));
						socket.on('error', () => undefined);
						socket.once('connect', () => {
							socket.write('SSH-2.0-x\r\n');
							resolve({socket, answer: () => answer});
						});
						socket.once('error', reject);
					}),
			),
		);
		await vi.waitFor(() => {
			if (!sockets.every(one => one.answer().includes('\n'))) throw new Error('not every connection answered');
		}, 15_000);
		for (const {socket} of sockets) socket.resetAndDestroy();
		// From another address: this one has had its connections for the minute.
		const client = await signedIn(server.port, {localAddress: '127.0.0.2'});
		const shown = await lobbyOn(client);
		expect(shown).toContain('potm on the server');
		client.end();
		expect(server.child.exitCode).toBe(null);
		expect(server.log()).toContain('127.0.0.1: refused, 10 connections from it not signed in yet');
		expect(server.log()).not.toContain(LAST_RESORT);
	});

	test('a channel whose packets may hold no byte is closed: ssh2 would loop for ever cutting its output into packets of none', async () => {
		const server = await serve(join(scratch, 'four'));
		const client = await signedIn(server.port, {username: 'zero'});
		// The client names the largest packet it takes when it opens a channel: here, none.
		const protocol = (client as unknown as {_protocol: {session: (channel: number, window: number, packet: number) => void}})._protocol;
		const session = protocol.session.bind(protocol);
		protocol.session = (channel, window) => session(channel, window, 0);
		const answer = await new Promise<string>(resolve =>
			client.exec('hello', (error, channel) => {
				if (error) return resolve(error.message);
				let text = '';
				channel.on('data', (data: Buffer) => (text += data.toString()));
				channel.on('close', () => resolve(`closed: ${JSON.stringify(text)}`));
			}),
		);
		expect(answer).toBe('closed: ""');
		protocol.session = session;
		// The server's thread is free: the next session gets its lobby.
		expect(await lobbyOn(client)).toContain('potm on the server');
		client.end();
		expect(server.log()).toContain('zero: refused a channel with packets of 0 bytes at most');
		expect(server.log()).not.toContain(LAST_RESORT);
	});

	test('the last resort logs an error nothing caught, thrown or rejected, and the process goes on', () => {
		const script = [
			`const {lastResort} = await import(${JSON.stringify(pathToFileURL(join(root, 'dist', 'commands', 'serve.js')).href)});`,
			'lastResort(line => process.stderr.write(line + "\\n"));',
			'setTimeout(() => { throw new Error("thrown in a timer"); });',
			'setTimeout(() => void Promise.reject(new Error("rejected, never awaited")), 10);',
			'setTimeout(() => process.stdout.write("still serving\\n"), 50);',
		].join('\n');
		const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {encoding: 'utf8', timeout: 30_000});
		expect(run.stdout).toBe('still serving\n');
		expect(run.status).toBe(0);
		const logged = run.stderr.split('\n').filter(line => line.startsWith(LAST_RESORT));
		expect(logged).toHaveLength(2);
		expect(logged[0]).toMatch(/: Error: thrown in a timer \| at /);
		expect(logged[1]).toMatch(/: Error: rejected, never awaited \| at /);
	});
});
