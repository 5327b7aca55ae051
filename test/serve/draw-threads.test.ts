/**
 * potm serve with its screens drawn on drawing threads (--draw-threads, source/serve/draw-threads.ts),
 * driven by ssh2's client: a game between two people made in the lobby, joined by its code and
 * watched, each screen showing the other's moves; a game against the AI whose thinks run on the
 * main thread's engine, its progress and answer drawn on the thread; the lobby told of changes.
 *
 * The server is the built one (dist/serve/server.js), whose threads load the built screens as
 * potm serve's do: from the sources, each thread went through tsx's loader for every module of the
 * screens, which took it a second or more longer to start (1.3-2 s against 0.5 s, more under load).
 */
// First: the server draws every frame even where CI is set (source/serve/every-frame.ts).
import '../../source/serve/every-frame.js';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import type {ClientChannel} from 'ssh2';
import {afterAll, afterEach, describe, expect, test} from 'vitest';
import {connect as connectAs, intoAGameAgainstTheAi, LOBBY, screen, shell, until, type Client} from './ssh-client.js';
import {FakeEngine} from '../ui/harness.js';
import type {RunningServer} from '../../source/serve/server.js';
import {STOPPED} from '../../source/serve/draw-threads.js';
import {loaps} from '../../source/games/loa/index.js';
import {playedText} from '../../source/ui/format.js';
import {EventEmitter} from 'node:events';
import type {Worker} from 'node:worker_threads';
import {RoomWriter, type WriterJob} from '../../source/serve/room-writer.js';

const {startServer} = (await import(
	new URL('../../dist/serve/server.js', import.meta.url).href
)) as typeof import('../../source/serve/server.js');

const scratch = mkdtempSync(join(tmpdir(), 'potm-draw-'));
afterAll(() => rmSync(scratch, {recursive: true, force: true}));

let server: RunningServer | undefined;
const clients: Client[] = [];
afterEach(async () => {
	for (const client of clients.splice(0)) client.end();
	await server?.close();
	server = undefined;
});

const engines: FakeEngine[] = [];
const logs: string[] = [];

async function serve(drawThreads: number, roomWriter?: RoomWriter): Promise<RunningServer> {
	server = await startServer({
		...(roomWriter ? {roomWriter} : {}),
		// A thread that stops within its first ten seconds counts as one that failed at its start: the
		// next is started 50 ms later, not potm serve's second (draw-restart.test.ts holds that one).
		drawRestartMs: 50,
		port: 0,
		host: '127.0.0.1',
		dataDir: join(scratch, `data-${drawThreads}-${Date.now()}`),
		maxSessions: 6,
		drawThreads,
		engine: () => {
			const engine = new FakeEngine();
			engines.push(engine);
			return Object.assign(engine, {close: async () => undefined});
		},
		log: line => logs.push(line),
	});
	return server;
}

const window = {cols: 100, rows: 30, term: 'xterm-256color'};

/** A command's session with a terminal (`join CODE`, `watch CODE`). */
const exec = (client: Client, command: string): Promise<ClientChannel> =>
	new Promise((resolve, reject) => client.exec(command, {pty: window}, (error, channel) => (error ? reject(error) : resolve(channel))));

const seen = (shown: ReturnType<typeof screen>, what: RegExp | string) =>
	until(
		() => (typeof what === 'string' ? shown.text().includes(what) : what.test(shown.text())),
		() => `never saw ${String(what)}; the screen ends with:\n${shown.text().slice(-1500)}`,
	);

/** `name` connects and, from the lobby, makes a game for a friend (LOAPS, the menu's defaults): its channel, screen and code. */
async function hostAGame(port: number, name: string) {
	const channel = await shell(await connectAs(port, name, {}, clients), window);
	const shown = screen(channel);
	await seen(shown, 'Create a game for a friend');
	channel.write('\u001B[B\r');
	await seen(shown, 'Play a friend here');
	channel.write('\r');
	await seen(shown, /join ([2-9A-Z]{3}-[2-9A-Z]{3})/);
	return {channel, shown, code: /join ([2-9A-Z]{3}-[2-9A-Z]{3})/.exec(shown.text())![1]!};
}

describe('screens on drawing threads', () => {
	test.each([1, 2])(
		'%i thread(s): a game made in the lobby, joined by its code and watched; a move reaches the opponent and the watcher; a resignation ends it on every screen',
		async threads => {
			const running = await serve(threads);
			const {channel: adaChannel, shown: adaScreen, code} = await hostAGame(running.port, 'ada');

			const bob = await connectAs(running.port, 'bob', {}, clients);
			const bobScreen = screen(await exec(bob, `join ${code}`));
			const carol = await connectAs(running.port, 'carol', {}, clients);
			const carolScreen = screen(await exec(carol, `watch ${code}`));
			const header = `RED ada vs BLUE bob · ${code}`;
			for (const shown of [adaScreen, bobScreen]) await seen(shown, header);
			await seen(carolScreen, `${code} (watching)`);
			// The three screens are the threads', shared out.
			expect(running.drawing()).toEqual(threads === 1 ? [3] : [2, 1]);

			const start = loaps.initial();
			const move = loaps.legalMoves(start)[0]!;
			adaChannel.write(`m${loaps.formatMove(start, move)}\r`);
			const said = playedText(loaps, start, move);
			for (const shown of [adaScreen, bobScreen, carolScreen]) await seen(shown, said);

			// ada resigns: y confirms.
			adaChannel.write('x');
			await seen(adaScreen, 'Resign this game?');
			adaChannel.write('y');
			for (const shown of [adaScreen, bobScreen, carolScreen]) await seen(shown, 'RED resigns: BLUE wins');
			expect(logs.filter(line => /caught by the last resort|failed to draw/.test(line))).toEqual([]);
		},
	);

	test('against the AI: the think runs on the main thread’s engine, its answer is drawn; the lobby hears of a new game', async () => {
		const running = await serve(1);
		const bob = await connectAs(running.port, 'bob', {}, clients);
		const bobScreen = screen(await shell(bob, window));
		await seen(bobScreen, LOBBY);
		// carol makes a game for a friend: bob's lobby, drawn on the thread, lists it.
		const {code} = await hostAGame(running.port, 'carol');
		await seen(bobScreen, code);

		const ada = await connectAs(running.port, 'ada', {}, clients);
		const adaChannel = await shell(ada, window);
		const adaScreen = screen(adaChannel);
		await intoAGameAgainstTheAi(adaChannel, adaScreen);
		const start = loaps.initial();
		const move = loaps.legalMoves(start)[0]!;
		adaChannel.write(`m${loaps.formatMove(start, move)}\r`);
		await seen(adaScreen, playedText(loaps, start, move));
		// ada's engine, the last made (for her session): its think came from the drawing thread.
		const engine = engines.at(-1)!;
		const call = await engine.thinking();
		expect(loaps.toMove(call.state as never)).toBe(2);
		expect(call.game.id).toBe(loaps.id);
		expect(running.drawing()).toEqual([3]);
		const answer = await engine.answer();
		await seen(adaScreen, `BLUE played ${answer}`);
		expect(logs.filter(line => /caught by the last resort|failed to draw/.test(line))).toEqual([]);
	});

	test('a drawing thread that stops ends its screens, each terminal given back and told why, and is logged; a new one draws for the next person', async () => {
		const running = await serve(1);
		const ada = await connectAs(running.port, 'ada', {}, clients);
		const adaChannel = await shell(ada, window);
		const adaScreen = screen(adaChannel);
		await seen(adaScreen, LOBBY);
		const closed = new Promise<void>(resolve => adaChannel.on('close', () => resolve()));
		const [thread] = running.drawingThreads();
		await thread!.terminate();
		await closed;
		// The terminal is given back (the normal screen, the cursor) and told why.
		expect(adaScreen.raw()).toMatch(/\u001B\[\?1049l\u001B\[\?25h.*could not go on drawing your screen/s);
		expect(adaScreen.text()).toContain(STOPPED);
		expect(logs.some(line => /a drawing thread stopped \(exit 1[^)]*\): its screen ends; a new one starts/.test(line))).toBe(true);
		await until(
			() => running.drawing().length === 1 && running.drawingThreads()[0] !== thread && running.sessions() === 0,
			() => `threads ${JSON.stringify(running.drawing())}, sessions ${running.sessions()}`,
		);
		const bob = await connectAs(running.port, 'bob', {}, clients);
		const bobScreen = screen(await shell(bob, window));
		await seen(bobScreen, LOBBY);
		expect(running.drawing()).toEqual([1]);
	});

	test('a thread lets go of a room none of its screens is on: a watcher who leaves a game under way gets no more of its moves', async () => {
		const running = await serve(3);
		const {channel: adaChannel, code} = await hostAGame(running.port, 'ada');
		const bobScreen = screen(await exec(await connectAs(running.port, 'bob', {}, clients), `join ${code}`));
		const carolChannel = await exec(await connectAs(running.port, 'carol', {}, clients), `watch ${code}`);
		const carolScreen = screen(carolChannel);
		await seen(carolScreen, `${code} (watching)`);
		// One screen a thread, each holding the room's copy.
		expect(running.drawing()).toEqual([1, 1, 1]);
		expect(running.copied()).toEqual([1, 1, 1]);
		// carol leaves the room for the lobby: her thread lets the room go; the players' keep it.
		carolChannel.write('q');
		await seen(carolScreen, LOBBY);
		await until(
			() => JSON.stringify(running.copied()) === '[1,1,0]',
			() => `copies ${JSON.stringify(running.copied())}`,
		);
		const start = loaps.initial();
		const move = loaps.legalMoves(start)[0]!;
		adaChannel.write(`m${loaps.formatMove(start, move)}\r`);
		await seen(bobScreen, playedText(loaps, start, move));
		expect(running.copied()).toEqual([1, 1, 0]);
	});
});

/** A rooms' writer thread that answers at once, or, while held, only when let go (it writes nothing). */
class HeldThread extends EventEmitter {
	held = false;
	readonly waiting: WriterJob[] = [];
	postMessage(job: WriterJob): void {
		if (this.held) this.waiting.push(job);
		else queueMicrotask(() => this.emit('message', {error: null}));
	}
	letGo(): void {
		this.held = false;
		for (const _ of this.waiting.splice(0)) this.emit('message', {error: null});
	}
	unref(): void {}
	terminate(): Promise<number> {
		return Promise.resolve(0);
	}
}

describe('nothing shown before it is on the disk', () => {
	test.each([0, 1])(
		'%i drawing thread(s): a move shows on no screen until its room is written; a stopping server gives the terminal back before its farewell',
		async threads => {
			const thread = new HeldThread();
			const writer = new RoomWriter({log: line => logs.push(line), start: () => thread as unknown as Worker});
			const running = await serve(threads, writer);
			const {channel: adaChannel, shown: adaScreen, code} = await hostAGame(running.port, 'ada');
			const bob = await connectAs(running.port, 'bob', {}, clients);
			const bobScreen = screen(await exec(bob, `join ${code}`));
			for (const shown of [adaScreen, bobScreen]) await seen(shown, `RED ada vs BLUE bob · ${code}`);

			thread.held = true;
			const start = loaps.initial();
			const move = loaps.legalMoves(start)[0]!;
			adaChannel.write(`m${loaps.formatMove(start, move)}\r`);
			const said = playedText(loaps, start, move);
			// The move's room is asked to be written, and both screens' frames of it wait.
			await until(
				() => thread.waiting.length > 0 && writer.holdingSinks() === 2,
				() => `writes waiting ${thread.waiting.length}, sinks holding ${writer.holdingSinks()}`,
			);
			for (const shown of [adaScreen, bobScreen]) expect(shown.text()).not.toContain(said);
			thread.letGo();
			for (const shown of [adaScreen, bobScreen]) await seen(shown, said);

			// Stopping: the turn under way is written (held), and each terminal is given back before the farewell.
			thread.held = true;
			const closing = running.close();
			// Let go only once ada's session has ended and her farewell is due: it waits for her screen's last output.
			await until(
				() => thread.waiting.length > 0 && logs.some(line => / ada: left/.test(line)),
				() => `writes waiting ${thread.waiting.length}; ${logs.slice(-3).join(' | ')}`,
			);
			thread.letGo();
			await closing;
			server = undefined;
			const raw = adaScreen.raw();
			expect(raw.lastIndexOf('\u001B[?1049l')).toBeGreaterThan(raw.lastIndexOf(said));
			expect(raw.indexOf('the server is stopping')).toBeGreaterThan(raw.lastIndexOf('\u001B[?1049l'));
		},
	);
});
