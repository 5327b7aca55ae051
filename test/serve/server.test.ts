/**
 * potm serve on a loopback port, driven by ssh2's own client as people's ssh would: the arcade on
 * a terminal of the client's size, its keys, a resize; the host key kept between starts; the
 * sessions bounded; no commands, subsystems or forwarding; authorized keys only when given; a
 * flood of input or a silly window cut off while the server goes on.
 */
// First: the server draws every frame even where CI is set (source/serve/every-frame.ts).
import '../../source/serve/every-frame.js';
import {mkdtempSync, readdirSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import chalk from 'chalk';
import ssh2, {type ClientChannel} from 'ssh2';
import {connect as connectAs, intoAGameAgainstTheAi, intoTheArcade, LOBBY, screen, shell, until, type Client} from './ssh-client.js';

const {utils} = ssh2;
import {made} from '../helpers/made.js';
import {afterAll, afterEach, describe, expect, test} from 'vitest';
import {FakeEngine} from '../ui/harness.js';
import {startServer, type RunningServer, type ServeOptions} from '../../source/serve/server.js';
import {folderName, playerName, shown} from '../../source/serve/names.js';
import {HOST_KEY_FILE, newKeyPair} from '../../source/serve/host-key.js';
import {boxes} from '../../source/games/boxes/index.js';
import {settled} from '../../source/games/setup.js';

const scratch = mkdtempSync(join(tmpdir(), 'potm-serve-'));
afterAll(() => rmSync(scratch, {recursive: true, force: true}));

let server: RunningServer | undefined;
const clients: Client[] = [];
afterEach(async () => {
	for (const client of clients.splice(0)) client.end();
	await server?.close();
	server = undefined;
});

let folders = 0;
/** A server's options: on 127.0.0.1, with fake engines and its own folder. */
const optionsFor = (port: number): ServeOptions => ({
	port,
	host: '127.0.0.1',
	dataDir: join(scratch, `data-${++folders}`),
	maxSessions: 4,
	engine: () => Object.assign(new FakeEngine(), {close: async () => undefined}),
});

/** A server on a port of the system's choosing. */
async function serve(options: Partial<ServeOptions> = {}): Promise<RunningServer> {
	server = await startServer({...optionsFor(0), ...options});
	return server;
}

/** A connected client (user `name`), or the error its connection ended with. */
const connect = (port: number, name = 'ada', extra: Record<string, unknown> = {}): Promise<Client> => connectAs(port, name, extra, clients);

/** Runs a command (with a terminal if `window` is given): its exit status, standard output and standard error. */
function run(
	client: Client,
	command: string,
	window?: {cols: number; rows: number; term: string},
): Promise<{code: number | null; stdout: string; stderr: string}> {
	return new Promise((resolve, reject) => {
		const started = (error: Error | undefined, channel: ClientChannel) => {
			if (error) return reject(error);
			let [stdout, stderr] = ['', ''];
			channel.on('data', (data: Buffer) => (stdout += data.toString()));
			channel.stderr.on('data', (data: Buffer) => (stderr += data.toString()));
			let code: number | null = null;
			channel.on('exit', (status: number | null) => (code = status));
			// The close comes after all it wrote (its exit may come before the last of that is read).
			channel.on('close', () => resolve({code, stdout, stderr}));
		};
		if (window) client.exec(command, {pty: window}, started);
		else client.exec(command, started);
	});
}

describe('the arcade over SSH', () => {
	test('a client with a terminal gets the lobby at its size; Enter opens the menu, Enter plays; q goes back to the lobby, q there ends the session', async () => {
		const running = await serve();
		const client = await connect(running.port);
		const channel = await shell(client);
		const shown = screen(channel);
		await until(
			() => shown.text().includes(LOBBY),
			() => shown.text(),
		);
		expect(shown.raw()).toContain('\u001B[?1049h');
		expect(running.sessions()).toBe(1);
		await intoAGameAgainstTheAi(channel, shown);
		const closed = new Promise<number | null>(resolve => channel.on('exit', (code: number | null) => resolve(code)));
		// q leaves the game (no move made, nothing to save) for the lobby, and q there ends the session.
		const before = shown.text().length;
		channel.write('q');
		await until(
			() => shown.text().slice(before).includes('Back from the arcade'),
			() => shown.text().slice(before),
		);
		expect(running.sessions()).toBe(1);
		channel.write('q');
		expect(await closed).toBe(0);
		await until(
			() => running.sessions() === 0,
			() => `${running.sessions()} sessions`,
		);
	});

	test("chalk draws the sessions' colours while a server runs, and has the process's level again when the last one has closed, a start that failed left aside", async () => {
		const level = chalk.level;
		try {
			chalk.level = 0;
			const first = await serve();
			expect(chalk.level).toBe(2);
			const second = await startServer({...optionsFor(first.port)}).catch((error: Error) => error);
			expect(second).toBeInstanceOf(Error);
			expect((second as Error).message).toMatch(/EADDRINUSE/);
			await first.close();
			server = undefined;
			expect(chalk.level).toBe(0);
		} finally {
			chalk.level = level;
		}
	});

	test('q in the lobby ends the session with status 0', async () => {
		const running = await serve();
		const channel = await shell(await connect(running.port));
		const shown = screen(channel);
		await until(
			() => shown.text().includes(LOBBY),
			() => shown.text(),
		);
		const closed = new Promise<number | null>(resolve => channel.on('exit', (code: number | null) => resolve(code)));
		channel.write('q');
		expect(await closed).toBe(0);
	});

	test('a new key pair always reads back, though ssh2 makes one in about 256 that does not (a host key made so would stop every start)', () => {
		for (let count = 0; count < 1000; count++) {
			const pair = newKeyPair('test');
			expect(utils.parseKey(pair.private)).not.toBeInstanceOf(Error);
			expect(utils.parseKey(pair.public)).not.toBeInstanceOf(Error);
		}
	});

	test('a window change draws the screen again at the new size; the host key is kept and made private', async () => {
		const running = await serve();
		expect(running.hostKeyMade).toBe(true);
		expect(running.fingerprint).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
		const client = await connect(running.port);
		const channel = await shell(client, {cols: 60, rows: 21, term: 'xterm'});
		const shown = screen(channel);
		await intoTheArcade(channel, shown);
		// 21 rows leave no room for the game's tagline under the served menu's title; 30 do.
		const before = shown.text().length;
		expect(shown.text()).not.toContain('POTM-style Lines of Action');
		channel.setWindow(30, 120, 0, 0);
		await until(
			() => shown.text().slice(before).includes('POTM-style Lines of Action'),
			() => shown.text().slice(before),
		);
		const dataDir = join(scratch, `data-${folders}`);
		expect(statSync(join(dataDir, HOST_KEY_FILE)).mode & 0o777).toBe(0o600);
		const fingerprint = running.fingerprint;
		await running.close();
		server = undefined;
		const again = await serve({dataDir});
		expect(again.hostKeyMade).toBe(false);
		expect(again.fingerprint).toBe(fingerprint);
	});

	test('beyond --max-sessions a client is told the server is full; the others play on', async () => {
		const running = await serve({maxSessions: 1});
		const first = await shell(await connect(running.port, 'one'));
		const firstShown = screen(first);
		await until(
			() => firstShown.text().includes(LOBBY),
			() => firstShown.text(),
		);
		const second = await shell(await connect(running.port, 'two'));
		const secondShown = screen(second);
		// Its exit status as its channel closes (after all it showed): the exit itself may have come before this line.
		const code = await new Promise<number | null>(resolve => second.on('close', (status: number | null) => resolve(status)));
		expect(code).toBe(1);
		expect(secondShown.text()).toContain('potm: the server is full (1 session); try again later');
		expect(running.sessions()).toBe(1);
	});
});

describe('learning on the server', () => {
	test('the arcade’s menu leads to the lessons and the puzzles; a step passed is kept under the person’s name, and the menu counts it', async () => {
		const running = await serve();
		const channel = await shell(await connect(running.port, 'grace'));
		const shown = screen(channel);
		await intoTheArcade(channel, shown);
		// From Play up to Learn the rules: Game, then round to the last rows, Lobby, Bell, Puzzles, Learn.
		channel.write('kkkkk\r');
		await until(
			() => shown.text().includes('Learn LOAPS'),
			() => shown.text().slice(-2000),
		);
		channel.write('\r');
		await until(
			() => shown.text().includes('step 1 of'),
			() => shown.text().slice(-2000),
		);
		let before = shown.text().length;
		channel.write('mc1 g1\r');
		await until(
			() => shown.text().slice(before).includes('Enter: on to the next'),
			() => shown.text().slice(before),
		);
		const kept = join(scratch, `data-${folders}`, 'players', folderName('grace'), 'saves', 'learning.json');
		expect(statSync(kept).isFile()).toBe(true);
		// Esc to the lessons, Esc to the menu: the Learn row counts the step's lesson as begun, not done.
		before = shown.text().length;
		channel.write('\u001B');
		await until(
			() => shown.text().slice(before).includes('lessons done'),
			() => shown.text().slice(before),
		);
		before = shown.text().length;
		channel.write('\u001B');
		await until(
			() => shown.text().slice(before).includes('Learn the rules (0 of 5 lessons)'),
			() => shown.text().slice(before),
		);
		expect(shown.text().slice(before)).toContain('Puzzles: not tried yet');
		// The Puzzles row, four up from Play (Game, Lobby, Bell, Puzzles): the hub, the set's count, this person's rating.
		before = shown.text().length;
		channel.write('kkkk\r');
		await until(
			() => shown.text().slice(before).includes('Next puzzle, rated (320 in the set)'),
			() => shown.text().slice(before),
		);
		expect(shown.text().slice(before)).toContain('Your rating 1500');
	});
});

describe('nothing but the arcade', () => {
	test('a command, a subsystem (sftp) and a port forward are refused; no pty is refused with a reason', async () => {
		const running = await serve();
		const client = await connect(running.port);
		const output = await run(client, 'cat /etc/passwd');
		expect(output.code).toBe(2);
		expect(output.stdout).toContain('potm: this server runs no commands');
		await expect(new Promise((resolve, reject) => client.sftp((error, sftp) => (error ? reject(error) : resolve(sftp))))).rejects.toThrow();
		await expect(
			new Promise((resolve, reject) =>
				client.forwardOut('127.0.0.1', 1, '127.0.0.1', 22, (error, stream) => (error ? reject(error) : resolve(stream))),
			),
		).rejects.toThrow();
		await expect(
			new Promise((resolve, reject) => client.forwardIn('127.0.0.1', 0, error => (error ? reject(error) : resolve(null)))),
		).rejects.toThrow();
		const bare = await new Promise<string>((resolve, reject) =>
			client.shell(false, (error, channel) => {
				if (error) return reject(error);
				let text = '';
				channel.on('data', (data: Buffer) => (text += data.toString()));
				// Its close comes after all it showed; its exit may come before the last of that is read.
				channel.on('close', () => resolve(text));
			}),
		);
		expect(bare).toContain('potm: a terminal is needed: connect with ssh -t');
	});

	test('the command words: record CODE prints a finished game; join and watch need a terminal and a code that is there; --ascii and --no-color are taken; nothing else runs', async () => {
		const running = await serve();
		// A game between two people, played to its end on the server (alice resigns).
		const alice = running.hall.connect({id: 'alice', name: 'alice'}, '127.0.0.1');
		const bob = running.hall.connect({id: 'bob', name: 'bob'}, '127.0.0.1');
		const code = made(alice.create({game: boxes, setup: settled(boxes, {rows: 3, columns: 3}), clockSeconds: 60, side: 1, private: true}));
		expect(bob.enter(code, 'play').ok).toBe(true);
		expect(alice.resign(code).ok).toBe(true);
		const client = await connect(running.port);
		const record = await run(client, `record ${code.toLowerCase()}`);
		expect(record).toMatchObject({code: 0, stderr: ''});
		expect(record.stdout).toMatch(/^\[Game "LINES and BOXES"\]\n/);
		expect(record.stdout).toContain('[BLUE "bob"]');
		expect(record.stdout).toContain('[Reason "resignation"]');
		expect(record.stdout).not.toContain('\r');
		expect(await run(client, 'record ZZZ-ZZZ')).toMatchObject({
			code: 1,
			stdout: '',
			stderr: 'potm: No finished game has the code ZZZ-ZZZ\n',
		});
		// A code as people type it, spaces and all; a word without its code is told what it needs.
		expect((await run(client, `record ${code.toLowerCase().replace('-', ' ')}`)).stdout).toBe(record.stdout);
		expect(await run(client, 'join')).toMatchObject({
			code: 2,
			stdout: 'potm: join needs a code: join CODE, the code as the lobby or the friend gives it (7KQ-2XM)\r\n',
		});
		expect(await run(client, `join ${code}`)).toMatchObject({code: 2, stdout: 'potm: join needs a terminal: ssh -t ... join CODE\r\n'});
		const wrong = await run(client, 'join ZZZ-ZZZ', {cols: 80, rows: 24, term: 'xterm'});
		expect(wrong).toMatchObject({code: 1, stdout: 'potm: No game has the code ZZZ-ZZZ\r\n'});
		// --ascii and --no-color, alone (the lobby) or with a command word: plain characters, no colours, whatever TERM says.
		const plain = await new Promise<ReturnType<typeof screen>>((resolve, reject) =>
			client.exec('ascii -- --no-color', {pty: {cols: 80, rows: 24, term: 'xterm-256color'}}, (error, channel) =>
				error ? reject(error) : resolve(screen(channel)),
			),
		);
		await until(
			() => plain.text().includes('> Play the AI, watch a demo, your games: the arcade'),
			() => plain.text(),
		);
		expect(plain.raw()).not.toMatch(/[▸─│·]/u);
		expect(plain.raw()).not.toMatch(/\u001B\[(?:3[0-9]|9[0-7]|38;)/);
		const other = await run(client, 'sh -c id');
		expect(other.code).toBe(2);
		expect(other.stdout).toContain(
			'runs no commands but join CODE, watch CODE (with ssh -t) and record CODE, and takes ascii and no-color',
		);
	});

	test('with --authorized-keys only those keys get in', async () => {
		const allowed = newKeyPair('allowed');
		const other = newKeyPair('other');
		const keys = join(scratch, 'authorized_keys');
		writeFileSync(keys, `# the friends\n${allowed.public}\n`);
		const running = await serve({authorizedKeys: keys});
		await expect(connect(running.port, 'ada', {privateKey: other.private})).rejects.toThrow(/authentication/i);
		await expect(connect(running.port, 'ada', {password: 'anything'})).rejects.toThrow(/authentication/i);
		const client = await connect(running.port, 'ada', {privateKey: allowed.private});
		const shown = screen(await shell(client));
		await until(
			() => shown.text().includes(LOBBY),
			() => shown.text(),
		);
		// Saves are the key's (players/key-.../ada): another key under the same name would not find them.
		const channel = await shell(client);
		const saving = screen(channel);
		await intoAGameAgainstTheAi(channel, saving);
		channel.write('s');
		await until(
			() => /Save/.test(saving.text().split('Move 1/50').at(-1)!),
			() => saving.text().slice(-1500),
		);
		channel.write('\r');
		await until(
			() => saving.text().includes('Saved'),
			() => saving.text().slice(-1500),
		);
		const players = readdirSync(join(scratch, `data-${folders}`, 'players'));
		expect(players).toHaveLength(1);
		expect(players[0]).toMatch(/^key-[A-Za-z0-9_]{12}$/);
		expect(readdirSync(join(scratch, `data-${folders}`, 'players', players[0]!, 'ada', 'saves')).some(name => name.endsWith('.txt'))).toBe(
			true,
		);
		await running.close();
		server = undefined;
		writeFileSync(keys, '# nobody\n');
		await expect(serve({authorizedKeys: keys})).rejects.toThrow(/holds no key/);
		// A restriction potm serve does not enforce is refused, not ignored; those it keeps anyway are fine.
		writeFileSync(keys, `from="10.9.9.9" ${allowed.public}\n`);
		await expect(serve({authorizedKeys: keys})).rejects.toThrow(/line 1: the option from is not enforced by potm serve/);
		writeFileSync(keys, `restrict,no-port-forwarding ${allowed.public}\n`);
		await expect(serve({authorizedKeys: keys})).resolves.toBeDefined();
		await server!.close();
		server = undefined;
		await expect(serve({authorizedKeys: join(scratch, 'missing')})).rejects.toThrow(/missing: no such file/);
	});

	test('a flood of input and a window no terminal has are cut off; the server takes the next client', async () => {
		const running = await serve({inputPerSecond: 1000});
		const flooding = await shell(await connect(running.port, 'flood'));
		const floodShown = screen(flooding);
		await until(
			() => floodShown.text().includes(LOBBY),
			() => floodShown.text(),
		);
		const ended = new Promise(resolve => flooding.on('close', resolve));
		flooding.write('j'.repeat(5000));
		await ended;
		const huge = await connect(running.port, 'huge');
		const gone = new Promise(resolve => huge.on('close', () => resolve(null)));
		huge.shell({cols: 100_000, rows: 24, term: 'xterm'}, () => undefined);
		await gone;
		const next = screen(await shell(await connect(running.port, 'next')));
		await until(
			() => next.text().includes(LOBBY),
			() => next.text(),
		);
	});
});

describe('bounds in time', () => {
	test('a session without a key for the idle time is closed, and logged; one that types is not', async () => {
		const lines: string[] = [];
		const running = await serve({idleMs: 1500, log: line => lines.push(line)});
		const quiet = await shell(await connect(running.port, 'quiet'));
		// Read (a stream not read never ends), though nothing is looked at.
		screen(quiet);
		const quietClosed = new Promise(resolve => quiet.on('close', () => resolve(null)));
		const busy = await shell(await connect(running.port, 'busy'));
		const busyShown = screen(busy);
		await until(
			() => busyShown.text().includes(LOBBY),
			() => busyShown.text(),
		);
		// The busy one presses a key (down, then up: the menu as it was) more often than the idle time.
		const keys = setInterval(() => busy.write('\u001B[B\u001B[A'), 100);
		try {
			await quietClosed;
			expect(lines.some(line => /quiet: closed after 2 s idle/.test(line))).toBe(true);
			expect(running.sessions()).toBe(1);
		} finally {
			clearInterval(keys);
		}
	});

	test('a connection that opens no session in time is closed; a server stopping says so on every screen it ends', async () => {
		const lines: string[] = [];
		const running = await serve({sessionWaitMs: 1000, log: line => lines.push(line)});
		const idle = await connect(running.port, 'lurker');
		await new Promise(resolve => idle.on('close', () => resolve(null)));
		expect(lines.some(line => /lurker: closed, 1 s without a session/.test(line))).toBe(true);
		const playing = await shell(await connect(running.port, 'ada'));
		const shown = screen(playing);
		await until(
			() => shown.text().includes(LOBBY),
			() => shown.text(),
		);
		const ended = new Promise(resolve => playing.on('close', () => resolve(null)));
		await running.close();
		server = undefined;
		await ended;
		expect(shown.text()).toContain(
			'potm: the server is stopping: games between people go on when it is back; a game against the AI not saved is lost',
		);
		expect(shown.raw()).toContain('\u001B[?1049l');
	});

	test('more new connections from one address in a minute than allowed are refused at once', async () => {
		const lines: string[] = [];
		const running = await serve({connectionsPerMinute: 3, log: line => lines.push(line)});
		for (let count = 0; count < 3; count++) await connect(running.port, `n${count}`);
		await expect(connect(running.port, 'fourth')).rejects.toThrow();
		expect(lines.some(line => /127\.0\.0\.1: refused, 3 connections from it in the last minute already/.test(line))).toBe(true);
	});
});

describe('after a session', () => {
	test('keys typed into a session that has ended start no idle time (its screen would be kept for it)', async () => {
		const lines: string[] = [];
		const running = await serve({idleMs: 1000, log: line => lines.push(line)});
		const channel = await shell(await connect(running.port, 'typist'));
		const shown = screen(channel);
		await until(
			() => shown.text().includes(LOBBY),
			() => shown.text(),
		);
		const exited = new Promise(resolve => channel.on('exit', resolve));
		channel.write('q');
		await exited;
		await until(
			() => lines.some(line => line.includes('typist: left')),
			() => lines.join('\n'),
		);
		// Keys on after the end, for longer than the idle time, then a moment more than it.
		for (let count = 0; count < 15; count++) {
			channel.write('j');
			await new Promise(resolve => setTimeout(resolve, 100));
		}
		await new Promise(resolve => setTimeout(resolve, 1500));
		expect(lines.filter(line => line.includes('typist: closed after'))).toEqual([]);
	});
});

describe('names', () => {
	test('escape sequences and control characters never reach another screen; names are bounded and folder-safe', () => {
		expect(shown('ada\u001B[2J\u001B]0;owned\u0007\u0007 lovelace', 40)).toBe('ada lovelace');
		expect(shown('\u202Eevil\u200B', 40)).toBe('evil');
		expect(playerName('x'.repeat(100))).toHaveLength(20);
		expect(playerName('\u001B[31m')).toBe('guest');
		expect(folderName('ada')).toBe('ada');
		expect(folderName('../etc')).toMatch(/^__etc-[0-9a-f]{8}$/);
		expect(folderName('a b')).not.toBe(folderName('a_b'));
	});
});
