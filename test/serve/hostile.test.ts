/**
 * potm serve against hostile clients, on 127.0.0.1: raw sockets and ssh2's client that reset,
 * half close, send garbage or stall at every stage of a connection (before their version, after
 * it, in the key exchange, signing in, signed in, with one session or several); floods of
 * connections from one address and from many, past every limit; versions too long or never
 * ending; storms of tries to sign in; a hundred sessions on one connection; floods of window
 * changes and of keys; a client that stops reading its screen.
 *
 * Through it all a game of LOAPS goes on between alice and bob (ssh2 sessions from addresses of
 * their own, carol watching): after each case the next move is typed and shows on all three
 * screens, and a newcomer's session reaches the lobby. The server runs in this process without
 * the program's last resort: an error that no handler caught fails the run here.
 */
import '../../source/serve/every-frame.js';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {connect as tcp, type Socket} from 'node:net';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import ssh2, {type ClientChannel} from 'ssh2';
import {afterAll, afterEach, beforeAll, describe, expect, test} from 'vitest';
import {loaps} from '../../source/games/loa/index.js';
import type {LoaState} from '../../source/games/loa/rules.js';
import {seededRandom} from '../../source/games/seeded.js';
import {settled} from '../../source/games/setup.js';
import {newKeyPair} from '../../source/serve/host-key.js';
import {startServer, type RunningServer, type ServeOptions} from '../../source/serve/server.js';
import {MAX_AUTH_TRIES, MAX_CHANNELS} from '../../source/serve/connection.js';
import {SCREENS_BURST} from '../../source/serve/screen-channel.js';
import {playedText} from '../../source/ui/format.js';
import {made} from '../helpers/made.js';
import {FakeEngine} from '../ui/harness.js';
import {connect, intoAGameAgainstTheAi, keyOf, LOBBY, screen, shell, until, type Client} from './ssh-client.js';

const scratch = mkdtempSync(join(tmpdir(), 'potm-hostile-'));
const random = seededRandom(36);
/** Bytes no SSH peer sends: the seeded random's, newlines and all. */
const garbage = (length: number): Buffer => Buffer.from(Array.from({length}, () => Math.floor(random() * 256)));

/** The test server's bounds: small enough to pass in a test, the defaults' shape. */
const LIMITS = {
	maxSessions: 20,
	// Well over the time a connection takes to sign in beside four others (the flood's waves below):
	// some 0.1 s, up to 0.7 s with the machine loaded past reason (load 13 on two cores).
	signInMs: 1500,
	// Longer than the flood below takes to sign in its sixty in waves (up to 3 s seen at load 9, 4.5 s
	// at load 13), all of which must still be open, without a session, when it counts them.
	sessionWaitMs: 5000,
	waiting: {start: 30, rate: 1, full: 30},
	outputBacklog: 16 * 1024,
	// Two may wait in line while the server is busy, each for 2 s.
	line: {most: 2, waitMs: 2000},
} satisfies Partial<ServeOptions>;
/** Connections open at once: twice the sessions and ten. */
const CONNECTIONS = LIMITS.maxSessions * 2 + 10;

const lines: string[] = [];
const kept: Client[] = [];
const sockets: Socket[] = [];
let running: RunningServer;
/** Why the server is too busy for a newcomer, as its gauge of the event loop would say (busy.ts); null: it is not. */
let crowded: string | null = null;
afterEach(() => {
	for (const client of kept.splice(0)) client.end();
	for (const socket of sockets.splice(0)) socket.destroy();
});
afterAll(async () => {
	await running?.close();
	rmSync(scratch, {recursive: true, force: true});
});

const engine = () => Object.assign(new FakeEngine(), {close: async () => undefined});

/** Each hostile connection from an address of its own on 127/8, so that no case spends another's allowance. */
let addresses = 0;
const nextAddress = (): string => `127.0.${10 + Math.floor(addresses / 250)}.${2 + (addresses++ % 250)}`;

interface Raw {
	readonly socket: Socket;
	/** What the server sent. */
	received(): Buffer;
	/** Settles when the connection has closed. */
	readonly closed: Promise<void>;
}

/** A bare TCP connection to the server from `from`; allowHalfOpen, as a hostile client may keep its side open after the server's end. */
function raw(port: number, from: string): Promise<Raw> {
	return new Promise((resolve, reject) => {
		const socket = tcp({port, host: '127.0.0.1', localAddress: from, allowHalfOpen: true});
		sockets.push(socket);
		let received = Buffer.alloc(0);
		socket.on('data', (data: Buffer) => (received = Buffer.concat([received, data])));
		socket.on('error', () => undefined);
		// Closed by the server: its end (this side stays open, as such a client may keep it) or the socket gone.
		const closed = new Promise<void>(settle => {
			socket.once('end', () => settle());
			socket.once('close', () => settle());
		});
		socket.once('connect', () => resolve({socket, received: () => received, closed}));
		socket.once('error', reject);
	});
}

/** The server's version line and its first packet (its KEXINIT, in the clear), once both have come (after any lines before the version). */
async function serverHello(connection: Raw): Promise<Buffer> {
	let packet: Buffer | null = null;
	await until(
		() => {
			const all = connection.received();
			const version = all.indexOf('SSH-2.0-potm');
			if (version < 0) return false;
			const end = all.indexOf('\r\n', version);
			if (end < 0 || all.length < end + 6) return false;
			const length = all.readUInt32BE(end + 2) + 4;
			if (all.length < end + 2 + length) return false;
			packet = all.subarray(end + 2, end + 2 + length);
			return true;
		},
		() => `no version and KEXINIT from the server: ${JSON.stringify(connection.received().toString('latin1'))}`,
	);
	return packet!;
}

/** The types of the packets the server has sent in the clear after its version. */
function clearPackets(connection: Raw): number[] {
	const all = connection.received();
	let at = all.indexOf('\r\n', all.indexOf('SSH-2.0-potm')) + 2;
	const types: number[] = [];
	while (at + 6 <= all.length && at + 4 + all.readUInt32BE(at) <= all.length) {
		types.push(all[at + 5]!);
		at += 4 + all.readUInt32BE(at);
	}
	return types;
}

/** A client's SSH_MSG_KEX_ECDH_INIT (30) with a curve25519 public key (any 32 bytes are one), framed in the clear. */
function ecdhInit(): Buffer {
	const payload = Buffer.concat([Buffer.from([30, 0, 0, 0, 32]), Buffer.alloc(32, 7)]);
	const padding = 8 - ((4 + 1 + payload.length) % 8) + (8 - ((4 + 1 + payload.length) % 8) < 4 ? 8 : 0);
	const packet = Buffer.alloc(4 + 1 + payload.length + padding);
	packet.writeUInt32BE(1 + payload.length + padding, 0);
	packet[4] = padding;
	payload.copy(packet, 5);
	return packet;
}

const STAGES = [
	'connected',
	'version sent',
	'key exchange begun',
	'signing in',
	'signed in',
	'a session open',
	'three sessions open',
] as const;
type Stage = (typeof STAGES)[number];

/** A connection from an address of its own brought to `stage`: its socket, and when it has closed. */
async function reach(stage: Stage): Promise<{socket: Socket; closed: Promise<void>}> {
	const from = nextAddress();
	if (stage === 'connected' || stage === 'version sent' || stage === 'key exchange begun') {
		const connection = await raw(running.port, from);
		if (stage !== 'connected') {
			connection.socket.write('SSH-2.0-hostile\r\n');
			const kexinit = await serverHello(connection);
			// The server's own KEXINIT is one a client may send: the exchange begins, and is then abandoned.
			if (stage === 'key exchange begun') connection.socket.write(kexinit);
		}
		return connection;
	}
	const socket = tcp({port: running.port, host: '127.0.0.1', localAddress: from, noDelay: true});
	sockets.push(socket);
	socket.on('error', () => undefined);
	const closed = new Promise<void>(settle => socket.once('close', () => settle()));
	await new Promise(settle => socket.once('connect', settle));
	const client = new ssh2.Client();
	kept.push(client);
	client.on('error', () => undefined);
	await new Promise<void>((resolve, reject) => {
		// Refused at the door: the connection closes before it is ready.
		client.once('close', () => reject(new Error('closed before it was ready')));
		client.connect({
			sock: socket,
			username: 'mallory',
			privateKey: keyOf('mallory'),
			// Signing in: the client is asked how, and says nothing.
			...(stage === 'signing in' ? {authHandler: () => resolve()} : {}),
		});
		client.once('ready', () => resolve());
	});
	if (stage === 'a session open' || stage === 'three sessions open') {
		for (let count = stage === 'a session open' ? 1 : 3; count > 0; count--) {
			const shown = screen(await shell(client));
			await until(
				() => shown.text().includes(LOBBY),
				() => shown.text(),
			);
		}
	}
	return {socket, closed};
}

interface Seat {
	readonly channel: ClientChannel;
	readonly shown: ReturnType<typeof screen>;
}

let state: LoaState = loaps.initial();
let seats: {alice: Seat; bob: Seat; carol: Seat};
/** The connections of the game's three, which every case leaves open. */
let baseline: number;

/** `name` from `from` in the room with `code`, to play (join) or watch. */
async function seat(name: string, from: string, command: string, code: string): Promise<Seat> {
	const client = await connect(running.port, name, {localAddress: from}, []);
	const channel = await new Promise<ClientChannel>((resolve, reject) =>
		client.exec(command, {pty: {cols: 100, rows: 30, term: 'xterm-256color'}}, (error, opened) =>
			error ? reject(error) : resolve(opened),
		),
	);
	const shown = screen(channel);
	await until(
		() => shown.text().includes(code),
		() => shown.text(),
	);
	return {channel, shown};
}

beforeAll(async () => {
	running = await startServer({
		port: 0,
		host: '127.0.0.1',
		dataDir: join(scratch, 'data'),
		engine,
		log: line => lines.push(line),
		...LIMITS,
		busy: () => crowded,
	});
	const host = running.hall.connect({id: 'alice', name: 'alice'}, '127.0.0.2');
	const code = made(host.create({game: loaps, setup: settled(loaps, {}), clockSeconds: 3600, side: 1, private: false}));
	host.disconnect();
	seats = {
		alice: await seat('alice', '127.0.0.2', `join ${code}`, code),
		bob: await seat('bob', '127.0.0.3', `join ${code}`, code),
		carol: await seat('carol', '127.0.0.4', `watch ${code}`, code),
	};
	baseline = running.connections().open;
	expect(baseline).toBe(3);
});

/** The connections back to the game's three: whatever a case opened has been closed and counted out. */
const settledBack = () =>
	until(
		() => running.connections().open === baseline && running.connections().waiting === 0 && running.sessions() === 3,
		() => `connections ${JSON.stringify(running.connections())}, sessions ${running.sessions()}; the log:\n${lines.slice(-10).join('\n')}`,
	);

/** The game takes its next move (a seeded legal one), shown on the three screens; a newcomer's session reaches the lobby. */
async function stillPlays(): Promise<void> {
	const legal = loaps.legalMoves(state);
	const move = legal[Math.floor(random() * legal.length)]!;
	const said = playedText(loaps, state, move);
	const mover = loaps.toMove(state) === 1 ? seats.alice : seats.bob;
	const text = loaps.formatMove(state, move);
	state = loaps.play(state, move);
	const everyone = [seats.alice, seats.bob, seats.carol];
	const from = everyone.map(one => one.shown.text().length);
	mover.channel.write(`m${text}\r`);
	for (const [index, one] of everyone.entries())
		await until(
			() => one.shown.text().slice(from[index]).includes(said),
			() => `${said} not shown:\n${one.shown.text().slice(from[index])}`,
		);
	const newcomer = await connect(running.port, 'newcomer', {localAddress: nextAddress()}, kept);
	const shown = screen(await shell(newcomer));
	await until(
		() => shown.text().includes(LOBBY),
		() => shown.text(),
	);
	newcomer.end();
	await settledBack();
}

describe('a connection ended at every stage', () => {
	test.each(STAGES)('reset %s', async stage => {
		const {socket} = await reach(stage);
		socket.resetAndDestroy();
		await settledBack();
		await stillPlays();
	});

	test.each(STAGES)('half closed %s: the server closes its side too', async stage => {
		const {socket, closed} = await reach(stage);
		socket.end();
		await closed;
		await settledBack();
		await stillPlays();
	});

	test.each(STAGES)('garbage sent %s: the server ends the connection, or it waits out the time to sign in', async stage => {
		const {socket, closed} = await reach(stage);
		socket.write(garbage(8192));
		await closed;
		await settledBack();
		await stillPlays();
	});

	test('stalled before signing in, or signed in without a session: each is closed in its time, all at once', async () => {
		const before = lines.length;
		const waiting = await Promise.all((['connected', 'version sent', 'key exchange begun', 'signing in'] as const).map(reach));
		const started = Date.now();
		const signedIn = await reach('signed in');
		await Promise.all(waiting.map(one => one.closed));
		// The time to sign in (1.5 s) said in whole seconds.
		const slow = lines.slice(before).filter(line => /: closed, not signed in within 2 s$/.test(line));
		expect(slow).toHaveLength(4);
		await signedIn.closed;
		// Not before its time to open a session (5 s) is over.
		expect(Date.now() - started).toBeGreaterThanOrEqual(LIMITS.sessionWaitMs - 100);
		expect(lines.slice(before).filter(line => /mallory: closed, 5 s without a session$/.test(line))).toHaveLength(1);
		await settledBack();
		await stillPlays();
	});
});

test('a connection the server ended keeps no place at the door, though its client never closes its side', async () => {
	const patient = await startServer({
		port: 0,
		host: '127.0.0.1',
		dataDir: join(scratch, 'patient'),
		engine,
		maxSessions: 4,
		signInMs: 60_000,
		// A second to close its side once the server has ended the connection (5 s in potm serve).
		hangUpMs: 1000,
	});
	try {
		const connection = await raw(patient.port, nextAddress());
		connection.socket.write('not SSH at all\r\n');
		await connection.closed;
		expect(patient.connections()).toEqual({open: 1, waiting: 1});
		// Within the time to hang up (a second here) of its end, not the minute to sign in.
		const ended = Date.now();
		await until(
			() => patient.connections().open === 0,
			() => JSON.stringify(patient.connections()),
		);
		expect(Date.now() - ended).toBeLessThan(10_000);
		expect(connection.socket.destroyed).toBe(false);
	} finally {
		await patient.close();
	}
});

test('too busy: a newcomer waits in line at the door, before any SSH work, and comes in once the server is free; one that gives up leaves the line; past the line, or after its wait, it is told so; those already in play on', async () => {
	const inLine = 'potm: the server is busy; you are in line';
	const tooBusy = 'potm: the server is too busy to take anyone more just now; try again in a few minutes\r\n';
	/** The lines a connection got, and whether all but its first, and its last where `last` says it, are its place told again. */
	const toldAgain = (received: string, last?: string) => {
		const lines = received.split(/(?<=\r\n)/);
		const middle = lines.slice(1, last === undefined ? undefined : -1);
		return (
			middle.every(one => /^potm: still in line(, \d+ ahead of you|, next)\r\n$/.test(one)) && (last === undefined || lines.at(-1) === last)
		);
	};
	crowded = 'its thread 900 ms behind';
	// Alone in line, and the server stays busy: told its place each second, then after the line's wait
	// told the server is too busy, and closed. What it sent meanwhile was read, and dropped.
	const patient = await raw(running.port, nextAddress());
	patient.socket.write('SSH-2.0-x\r\n');
	await patient.closed;
	const said = patient.received().toString('latin1');
	expect(said.startsWith(`${inLine} (2 s at most)\r\npotm: still in line, next\r\n`)).toBe(true);
	expect(toldAgain(said, tooBusy)).toBe(true);
	expect(lines.some(line => line.includes(': refused, the server is busy, its thread 900 ms behind; waited 2 s in line'))).toBe(true);
	// One that sends its version and closes its side while in line leaves it: the next is first.
	const quitter = await raw(running.port, nextAddress());
	await until(
		() => quitter.received().length > 0,
		() => 'the quitter has no answer',
	);
	quitter.socket.end('SSH-2.0-x\r\n');
	await quitter.closed;
	// Closed as it went, not told at the end of the line's wait.
	expect(quitter.received().toString('latin1')).not.toContain(tooBusy);
	// Two in line, each told its place, and nothing of SSH's; a third, past the line's two, is turned away.
	const first = await raw(running.port, nextAddress());
	await until(
		() => first.received().length > 0,
		() => 'the first has no answer',
	);
	first.socket.write('SSH-2.0-x\r\n');
	const second = await raw(running.port, nextAddress());
	await until(
		() => second.received().length > 0,
		() => 'the second has no answer',
	);
	second.socket.write('SSH-2.0-y\r\n');
	const third = await raw(running.port, nextAddress());
	await third.closed;
	expect(first.received().toString('latin1').startsWith(`${inLine} (2 s at most)\r\n`)).toBe(true);
	expect(second.received().toString('latin1').startsWith(`${inLine}, 1 ahead of you (2 s at most)\r\n`)).toBe(true);
	expect(third.received().toString('latin1')).toBe(tooBusy);
	expect(
		lines.some(line =>
			line.includes(': refused, the server is busy, its thread 900 ms behind; 2 connections waiting in line, the most there may be'),
		),
	).toBe(true);
	// The server free again: the two come in, and SSH begins after what the line said (its version, then, the client's version read, its first packet).
	crowded = null;
	const kexinits = [];
	for (const one of [first, second]) {
		kexinits.push(await serverHello(one));
		const text = one.received().toString('latin1');
		expect(toldAgain(text.slice(0, text.indexOf('SSH-2.0-potm')))).toBe(true);
	}
	// The first's version, sent while in line, reached ssh2: it goes on with the key exchange (its reply, 31).
	first.socket.write(Buffer.concat([kexinits[0]!, ecdhInit()]));
	await until(
		() => clearPackets(first).includes(31),
		() => `the server's packets: ${clearPackets(first).join(', ')}`,
	);
	for (const one of [first, second]) one.socket.resetAndDestroy();
	await settledBack();
	// An SSH client that waited in line signs in as any other.
	crowded = 'its threads at work 95 % of the time';
	const waiting = connect(running.port, 'newcomer', {localAddress: nextAddress()}, kept);
	await until(
		() => lines.some(line => line.includes('waits in line, the server is busy: its threads at work 95 % of the time')),
		() => lines.slice(-5).join('\n'),
	);
	crowded = null;
	(await waiting).end();
	await settledBack();
	await stillPlays();
});

describe('floods past every limit', () => {
	test("forty connections from one address send their version, then all reset at once (the issue's case): ten are let in to sign in, the rest told why", async () => {
		const from = nextAddress();
		const connections = await Promise.all(Array.from({length: 40}, () => raw(running.port, from)));
		for (const connection of connections) connection.socket.write('SSH-2.0-x\r\n');
		// Each has its answer: the server's version, or a refusal and the connection closed.
		await until(
			() => connections.every(one => one.received().toString('latin1').includes('\n')),
			() => `${connections.filter(one => one.received().length === 0).length} without an answer`,
		);
		const answers = connections.map(one => one.received().toString('latin1'));
		expect(answers.filter(answer => answer.startsWith('SSH-2.0-potm'))).toHaveLength(10);
		expect(
			answers.filter(answer => answer === 'potm: too many connections from your address are signing in; try again in a moment\r\n'),
		).toHaveLength(30);
		for (const connection of connections) connection.socket.resetAndDestroy();
		await settledBack();
		expect(lines.some(line => line.includes(`${from}: refused, 10 connections from it not signed in yet`))).toBe(true);
		await stillPlays();
	});

	test('a flood from many addresses, not signing in, past the connections signing in at once; then all reset', async () => {
		const connections = await Promise.all(Array.from({length: 45}, () => raw(running.port, nextAddress())));
		for (const connection of connections) connection.socket.write('SSH-2.0-x\r\n');
		await until(
			() => connections.every(one => one.received().toString('latin1').includes('\n')),
			() => `${connections.filter(one => one.received().length === 0).length} without an answer`,
		);
		const answers = connections.map(one => one.received().toString('latin1'));
		expect(answers.filter(answer => answer.startsWith('SSH-2.0-potm'))).toHaveLength(LIMITS.waiting.full);
		expect(answers.filter(answer => answer.startsWith('potm: too many connections are signing in at once'))).toHaveLength(15);
		for (const connection of connections) connection.socket.resetAndDestroy();
		await settledBack();
		await stillPlays();
	});

	test('a flood from many addresses, signed in, past the connections open at once; then all reset', async () => {
		const flood: Array<Promise<{socket: Socket} | null>> = [];
		// In waves the door lets sign in, until past the connections the server holds.
		for (let wave = 0; wave < 12; wave++) {
			const batch = Array.from({length: 5}, () => reach('signed in').catch(() => null));
			flood.push(...batch);
			await Promise.all(batch);
		}
		const signedIn = (await Promise.all(flood)).filter(one => one !== null);
		expect(signedIn).toHaveLength(CONNECTIONS - baseline);
		expect(running.connections().open).toBe(CONNECTIONS);
		expect(lines.some(line => / refused, 50 connections open, the most there may be/.test(line))).toBe(true);
		for (const one of signedIn) one.socket.resetAndDestroy();
		await settledBack();
		await stillPlays();
	});

	test('a version line too long is refused at once; one that never ends is closed in the time to sign in', async () => {
		const long = await raw(running.port, nextAddress());
		const sent = Date.now();
		long.socket.write(`SSH-2.0-${'x'.repeat(20_000)}`);
		await long.closed;
		// Ended by the server on reading it, not by the time to sign in.
		expect(Date.now() - sent).toBeLessThan(LIMITS.signInMs);
		const dripping = await raw(running.port, nextAddress());
		dripping.socket.write('SSH-2.0-');
		const drip = setInterval(() => dripping.socket.write('x'), 50);
		const started = Date.now();
		try {
			await dripping.closed;
		} finally {
			clearInterval(drip);
		}
		expect(Date.now() - started).toBeGreaterThanOrEqual(LIMITS.signInMs - 100);
		await settledBack();
		await stillPlays();
	});

	test('a storm of sign-ins: forty connections from forty addresses sign in and leave at once, three times over', async () => {
		for (let storm = 0; storm < 3; storm++) {
			const clients = await Promise.all(Array.from({length: 40}, () => reach('signed in').catch(() => null)));
			expect(clients.filter(one => one !== null).length).toBeGreaterThan(0);
			for (const one of clients) one?.socket.resetAndDestroy();
		}
		await settledBack();
		await stillPlays();
	});

	test('a session that opens a hundred channels gets ten; a hundred window changes at once and a flood of keys cost the others nothing', async () => {
		const client = await connect(running.port, 'hydra', {localAddress: nextAddress()}, kept);
		const opened = await Promise.allSettled(Array.from({length: 100}, () => shell(client)));
		expect(opened.filter(one => one.status === 'fulfilled')).toHaveLength(MAX_CHANNELS);
		// Of the ten, five have a screen: the others are told to wait for one.
		await until(
			() => running.sessions() === 3 + SCREENS_BURST,
			() => `${running.sessions()} sessions`,
		);
		expect(lines.some(line => line.includes(`hydra: refused a session past ${MAX_CHANNELS} on one connection`))).toBe(true);
		const channels = opened.flatMap(one => (one.status === 'fulfilled' ? [one.value] : []));
		for (const channel of channels) channel.resume();
		// Window changes by the thousand on one channel, keys by the megabyte on another, while the game goes on.
		for (let count = 0; count < 2000; count++) channels[0]!.setWindow(24 + (count % 2) * 6, 80 + (count % 2) * 20, 0, 0);
		const flooded = new Promise(resolve => channels[1]!.on('close', resolve));
		channels[1]!.write('j'.repeat(1 << 20));
		await stillPlays();
		await flooded;
		expect(lines.some(line => /hydra: cut off, (\d+ bytes of input in a second|more than 64 KiB a second sent)/.test(line))).toBe(true);
		client.end();
		await settledBack();
		await stillPlays();
	});

	test('screens opened in a loop: five at once, the sixth told to wait; a connection whose screens have all ended gets the time to open one again, then is closed', async () => {
		const client = await connect(running.port, 'looper', {localAddress: nextAddress()}, kept);
		const closed = new Promise(resolve => client.on('close', () => resolve(null)));
		const screens = await Promise.all(
			Array.from({length: SCREENS_BURST + 1}, () => shell(client).then(channel => ({channel, shown: screen(channel)}))),
		);
		await until(
			() => screens.every(one => one.shown.text().includes(LOBBY) || one.shown.text().includes('potm: at most 5 screens at once')),
			() => screens.map(one => one.shown.text().slice(-200)).join('\n---\n'),
		);
		expect(screens.filter(one => one.shown.text().includes(LOBBY))).toHaveLength(SCREENS_BURST);
		// q in the lobby ends each screen; the connection stays, without one.
		for (const one of screens) one.channel.write('q');
		await until(
			() => running.sessions() === 3,
			() => `${running.sessions()} sessions`,
		);
		const ended = Date.now();
		await closed;
		expect(Date.now() - ended).toBeGreaterThanOrEqual(LIMITS.sessionWaitMs - 200);
		expect(lines.some(line => /looper: closed, 5 s without a session$/.test(line))).toBe(true);
		await settledBack();
		await stillPlays();
	});

	test('sessions opened and closed in a loop, and keys exchanged again and again: refused past their allowance, then cut off', async () => {
		const client = await connect(running.port, 'churner', {localAddress: nextAddress()}, kept);
		// Twenty at once are allowed (twice the ten open at once), then one a second: of 40 opened and closed, some are refused.
		const results: boolean[] = [];
		for (let count = 0; count < 40; count++) {
			results.push(
				await new Promise<boolean>(resolve =>
					client.exec('record ZZZ-ZZZ', (error, channel) => {
						if (error) return resolve(false);
						channel.resume();
						channel.on('close', () => resolve(true));
					}),
				),
			);
		}
		expect(results.filter(Boolean).length).toBeGreaterThanOrEqual(2 * MAX_CHANNELS);
		expect(results.filter(Boolean).length).toBeLessThan(40);
		expect(lines.some(line => line.includes('churner: refused a session opened too soon after the last'))).toBe(true);
		// Four key exchanges in all are allowed at once (the first, then three); the fifth cuts the connection.
		const closed = new Promise(resolve => client.on('close', () => resolve(null)));
		// A new key exchange asked for by the client's protocol (ssh2's client keeps it to itself), each awaited.
		const protocol = (client as unknown as {_protocol: {rekey: () => void}})._protocol;
		for (let count = 0; count < 6; count++) {
			const exchanged = new Promise(resolve => client.once('handshake', resolve));
			protocol.rekey();
			await Promise.race([exchanged, closed]);
		}
		await closed;
		expect(lines.some(line => line.includes('churner: cut off, keys exchanged too often'))).toBe(true);
		await settledBack();
		await stillPlays();
	});

	test('a client that stops reading its screen (its window never opened) is cut off once 16 KiB wait for it: memory stays bounded', async () => {
		const client = await connect(running.port, 'sleeper', {localAddress: nextAddress()}, kept);
		// A session whose window is a single byte and never grows: everything the server draws waits.
		const protocol = (client as unknown as {_protocol: {session: (channel: number, window: number, packet: number) => void}})._protocol;
		const session = protocol.session.bind(protocol);
		protocol.session = (channel, _window, packet) => session(channel, 1, packet);
		const channel = await shell(client);
		const closed = new Promise(resolve => client.on('close', () => resolve(null)));
		// The key list opened and closed, over and over: the screen drawn again each time. The keys
		// come 10 to 40 ms apart (seeded): at a steady 20 ms every frame of a screen drawn at most 30
		// times a second came after an even number of them, and showed what the last one showed.
		let redraws: NodeJS.Timeout | undefined;
		const redraw = () => {
			channel.write('?');
			redraws = setTimeout(redraw, 10 + Math.floor(random() * 30));
		};
		redraw();
		try {
			await closed;
		} finally {
			clearTimeout(redraws);
		}
		expect(lines.some(line => /sleeper: cut off, not reading its screen \((1[6-9]|[2-9]\d|\d{3}) KiB waiting\)/.test(line))).toBe(true);
		await settledBack();
		await stillPlays();
	});
});

describe('signing in with keys', () => {
	test(`a connection that fails to sign in ${MAX_AUTH_TRIES} times is cut off; the key that is allowed then plays`, async () => {
		const allowed = newKeyPair('allowed');
		const keys = join(scratch, 'authorized_keys');
		writeFileSync(keys, `${allowed.public}\n`);
		const keyed = await startServer({
			port: 0,
			host: '127.0.0.1',
			dataDir: join(scratch, 'keyed'),
			engine,
			log: line => lines.push(line),
			maxSessions: 4,
			authorizedKeys: keys,
		});
		try {
			let tries = 0;
			const storm = new ssh2.Client();
			kept.push(storm);
			const ended = new Promise<string>(resolve => {
				storm.on('error', error => resolve(error.message));
				storm.on('close', () => resolve('closed'));
			});
			storm.connect({
				host: '127.0.0.1',
				port: keyed.port,
				username: 'mallory',
				// Another password each time it is asked, for ever.
				authHandler: (_methods, _partial, next) => next({type: 'password', username: 'mallory', password: `guess ${++tries}`}),
			});
			await ended;
			expect(tries).toBeLessThanOrEqual(MAX_AUTH_TRIES + 1);
			expect(lines.some(line => line.includes(`mallory: cut off, ${MAX_AUTH_TRIES} failed tries to sign in`))).toBe(true);
			const client = await connect(keyed.port, 'ada', {privateKey: allowed.private, localAddress: nextAddress()}, kept);
			const channel = await shell(client);
			const shown = screen(channel);
			await intoAGameAgainstTheAi(channel, shown);
			channel.write('mb1 d3\r');
			await until(
				() => shown.text().includes('RED played b1 d3'),
				() => shown.text().slice(-1500),
			);
		} finally {
			await keyed.close();
		}
		await stillPlays();
	});
});
