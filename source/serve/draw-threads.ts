/**
 * Screens drawn on other cores: `potm serve --draw-threads N` opens each session's screen on one
 * of N worker threads (serve/draw-worker.ts), the one with the fewest, instead of in the main
 * thread. The main thread keeps what must be one: the connections and their SSH, the hall (every
 * room, seat and clock), the engines. It forwards a screen's keys and size to its thread and the
 * frames back to the channel, answers the screens' calls to the hall, sends each thread the
 * deltas of the rooms its screens look at (serve/room-wire.ts), and runs their engines' thinks.
 *
 * `open` is startSession's twin: the same options, the same Session back.
 */
// First: it may draw screens on the main thread, every frame even where CI is set.
import './every-frame.js';
import {MessageChannel, type MessagePort, type Worker} from 'node:worker_threads';
import chalk from 'chalk';
import {gameById, type AnyGame} from '../games/registry.js';
import type {LobbyView, Remote, RoomOptions} from '../play/remote.js';
import type {Engine} from '../ui/context.js';
import {SCREEN_RESTORED} from '../ui/screen-codes.js';
import {startWorker} from '../worker-start.js';
import type {DrawSetup, FromDrawer, HallCall, RoomNews, ToDrawer} from './draw-protocol.js';
import type {Hall} from './hall.js';
import {normalCode} from './codes.js';
import {LAST_RESORT} from './last-resort.js';
import {wireOf} from './room-wire.js';
import {startSession, type Session, type SessionOptions} from './session.js';

/** A screen as the main thread keeps it. */
interface Screen {
	readonly options: SessionOptions & {readonly remote: Remote};
	readonly done: () => void;
	/** Unsubscribes its thread from the lobby's changes. */
	lobbyOff: (() => void) | null;
}

interface Drawer {
	readonly worker: Worker;
	readonly rooms: MessagePort;
	readonly flag: Int32Array;
	readonly screens: Map<number, Screen>;
	/** The rooms the thread holds copies of: how many positions of each line it has. */
	readonly copies: Map<string, number>;
	/** The rooms changed since their copies were last sent, and whether their screens are to be told. */
	readonly changed: Map<string, boolean>;
	/** The screens on each room copied (entered, made, looked at or followed, and not left): a room none holds is let go. */
	readonly holds: Map<string, Set<number>>;
	/** When it started (performance.now). */
	readonly since: number;
	sending: boolean;
	gone: boolean;
}

/** The line a person whose screen's thread stopped is told. */
export const STOPPED =
	'potm: the server could not go on drawing your screen (a fault it has logged); a game between people keeps your seat: connect again';

/** A thread that stops sooner than this after its start failed to start: the next waits (RESTART_MS, doubling). */
const STEADY_MS = 10_000;
const RESTART_MS = 1000;
const RESTART_MOST_MS = 60_000;

export interface DrawThreadsOptions {
	readonly hall: Hall;
	readonly threads: number;
	readonly log: (line: string) => void;
	/** The wait before a thread is started again after the first that failed at its start, doubling with each (RESTART_MS, a second, if not given). */
	readonly restartMs?: number | undefined;
}

export class DrawThreads {
	private readonly drawers: Drawer[] = [];
	private ids = 0;
	private readonly unfollow: () => void;
	private closed = false;
	/** Threads that stopped soon after their start, one after the other. */
	private failures = 0;
	private readonly restarts = new Set<NodeJS.Timeout>();

	constructor(private readonly options: DrawThreadsOptions) {
		for (let index = 0; index < options.threads; index++) this.drawers.push(this.start());
		this.unfollow = options.hall.followViews((code, told) => {
			for (const drawer of this.drawers) {
				if (!drawer.copies.has(code)) continue;
				drawer.changed.set(code, told || drawer.changed.get(code) === true);
				this.sendSoon(drawer);
			}
		});
	}

	/** The threads, for the busy gauge (busy.ts) to read their share of time at work. */
	threads(): readonly Worker[] {
		return this.drawers.map(drawer => drawer.worker);
	}

	/** How many screens each thread draws. */
	loads(): number[] {
		return this.drawers.map(drawer => drawer.screens.size);
	}

	/** How many rooms each thread holds copies of. */
	copied(): number[] {
		return this.drawers.map(drawer => drawer.copies.size);
	}

	/**
	 * The screen on the thread drawing the fewest; in the main thread while there is none (every
	 * thread failed to start, the next try not yet made).
	 */
	open(options: SessionOptions): Session {
		const remote = options.remote;
		if (!remote) throw new Error('a drawing thread draws a served screen, with the hall');
		if (this.drawers.length === 0) return startSession(options);
		const drawer = this.drawers.reduce((least, drawer) => (drawer.screens.size < least.screens.size ? drawer : least));
		const id = ++this.ids;
		let done!: () => void;
		const ended = new Promise<void>(resolve => (done = resolve));
		drawer.screens.set(id, {options: {...options, remote}, done, lobbyOff: null});
		const post = (message: ToDrawer) => {
			if (!drawer.gone) drawer.worker.postMessage(message);
		};
		post({
			type: 'open',
			id,
			size: options.size,
			term: options.term,
			ascii: options.ascii === true,
			noColor: options.noColor === true,
			savesDir: options.savesDir,
			start: options.start ?? {screen: 'lobby'},
			me: remote.me,
			address: remote.address,
			plainAddress: remote.plainAddress,
		});
		return {
			// A copy: the channel's buffer may be a slice of a pool reused after this turn.
			input: data => post({type: 'input', id, data: typeof data === 'string' ? Buffer.from(data) : new Uint8Array(data)}),
			resize: size => post({type: 'resize', id, size}),
			close: () => post({type: 'close', id}),
			ended,
		};
	}

	/** Stops the threads (their screens ended first: the server closes its sessions before). */
	async close(): Promise<void> {
		if (this.closed) return;
		this.closed = true;
		this.unfollow();
		for (const timer of this.restarts) clearTimeout(timer);
		await Promise.all(
			this.drawers.map(async drawer => {
				drawer.gone = true;
				drawer.rooms.close();
				await drawer.worker.terminate();
				this.endAll(drawer);
			}),
		);
	}

	private start(): Drawer {
		const {port1, port2} = new MessageChannel();
		const flag = new SharedArrayBuffer(4);
		// The games' clocks are this thread's performance.now: the same monotonic clock (hrtime) from its origin.
		const origin = process.hrtime.bigint() - BigInt(Math.round(performance.now() * 1e6));
		const setup: DrawSetup = {rooms: port2, flag, origin, colorLevel: chalk.level};
		const worker = startWorker(import.meta.url, 'draw-worker', {workerData: setup, transferList: [port2]});
		const drawer: Drawer = {
			worker,
			rooms: port1,
			flag: new Int32Array(flag),
			screens: new Map(),
			copies: new Map(),
			changed: new Map(),
			holds: new Map(),
			since: performance.now(),
			sending: false,
			gone: false,
		};
		worker.on('message', (message: FromDrawer) => this.heard(drawer, message));
		port1.on('message', (call: HallCall) => this.answer(drawer, call));
		worker.on('error', error =>
			this.options.log(`${LAST_RESORT}: a drawing thread: ${error.stack ?? error.message}`.replace(/\n\s*/g, ' | ')),
		);
		worker.on('exit', code => {
			if (this.closed) return;
			// Its screens end; a new thread draws for the next ones.
			const count = drawer.screens.size;
			drawer.gone = true;
			port1.close();
			// Its screens could not restore their terminals: done here, with a line that says what happened.
			for (const screen of drawer.screens.values()) screen.options.sink.write(`${SCREEN_RESTORED}${STOPPED}\r\n`);
			this.endAll(drawer);
			const at = this.drawers.indexOf(drawer);
			if (at >= 0) this.drawers.splice(at, 1);
			// One that failed at its start (a build not whole, no memory) is tried again later and later,
			// the main thread drawing new screens meanwhile if it was the last.
			const lived = performance.now() - drawer.since;
			this.failures = lived < STEADY_MS ? this.failures + 1 : 0;
			const wait = this.failures === 0 ? 0 : Math.min(RESTART_MOST_MS, (this.options.restartMs ?? RESTART_MS) * 2 ** (this.failures - 1));
			this.options.log(
				`a drawing thread stopped (exit ${code}${this.failures > 0 ? `, ${(lived / 1000).toFixed(1)} s after its start` : ''}): ` +
					`${count === 1 ? 'its screen ends' : `its ${count} screens end`}; ` +
					(wait === 0 ? 'a new one starts' : `a new one starts in ${wait / 1000} s`),
			);
			const timer = setTimeout(() => {
				this.restarts.delete(timer);
				if (!this.closed) this.drawers.push(this.start());
			}, wait);
			this.restarts.add(timer);
		});
		return drawer;
	}

	private endAll(drawer: Drawer): void {
		for (const screen of drawer.screens.values()) {
			screen.lobbyOff?.();
			screen.done();
		}
		drawer.screens.clear();
		drawer.holds.clear();
	}

	/** A screen's end: the rooms it held are let go where no other screen of its thread holds them. */
	private ended(drawer: Drawer, id: number): void {
		const screen = drawer.screens.get(id);
		if (!screen) return;
		screen.lobbyOff?.();
		drawer.screens.delete(id);
		for (const code of [...drawer.holds.keys()]) this.release(drawer, code, id);
		screen.done();
	}

	private heard(drawer: Drawer, message: FromDrawer): void {
		const screen = 'id' in message ? drawer.screens.get(message.id) : undefined;
		switch (message.type) {
			case 'output':
				screen?.options.sink.write(message.data);
				break;
			case 'ended':
				this.ended(drawer, message.id);
				break;
			case 'log':
				this.options.log(message.bug ? `${LAST_RESORT}: a drawing thread: ${message.line}` : message.line);
				break;
			case 'think': {
				const game = gameById(message.game);
				if (!screen || !game) {
					this.tellEngine(drawer, {type: 'engine', call: message.call, ok: false, message: 'no such screen or game'});
					break;
				}
				const engine: Engine = screen.options.engine;
				engine
					.think(game, message.state, message.request, info => this.tellEngine(drawer, {type: 'progress', call: message.call, info}))
					.then(
						value => this.tellEngine(drawer, {type: 'engine', call: message.call, ok: true, value}),
						(error: Error) => this.tellEngine(drawer, {type: 'engine', call: message.call, ok: false, message: error.message}),
					);
				break;
			}
			case 'stop':
				if (!screen) {
					this.tellEngine(drawer, {type: 'engine', call: message.call, ok: true, value: null});
					break;
				}
				screen.options.engine.stop().then(
					value => this.tellEngine(drawer, {type: 'engine', call: message.call, ok: true, value}),
					(error: Error) => this.tellEngine(drawer, {type: 'engine', call: message.call, ok: false, message: error.message}),
				);
				break;
			case 'clear':
				screen?.options.engine.clear();
				break;
			case 'threads':
				screen?.options.engine.setThreads?.(message.count);
				break;
		}
	}

	private tellEngine(drawer: Drawer, message: ToDrawer): void {
		if (!drawer.gone) drawer.worker.postMessage(message);
	}

	/** The thread is to hold a copy of the room for screen `id` (sent with the next deltas). */
	private follow(drawer: Drawer, code: string, id: number): void {
		let holds = drawer.holds.get(code);
		if (!holds) drawer.holds.set(code, (holds = new Set()));
		holds.add(id);
		if (drawer.copies.has(code)) return;
		drawer.copies.set(code, 0);
		drawer.changed.set(code, drawer.changed.get(code) === true);
	}

	/** Screen `id` is off the room: a room no screen of the thread holds is let go there too (in order with its deltas). */
	private release(drawer: Drawer, code: string, id: number): void {
		const holds = drawer.holds.get(code);
		if (!holds?.delete(id) || holds.size > 0) return;
		drawer.holds.delete(code);
		drawer.changed.delete(code);
		if (!drawer.copies.delete(code) || drawer.gone) return;
		drawer.rooms.postMessage({type: 'gone', code} satisfies RoomNews);
	}

	private sendSoon(drawer: Drawer): void {
		if (drawer.sending) return;
		drawer.sending = true;
		queueMicrotask(() => this.sendChanged(drawer));
	}

	/** The deltas of the rooms changed since the last. */
	private sendChanged(drawer: Drawer): void {
		drawer.sending = false;
		if (drawer.gone) return;
		for (const [code, told] of drawer.changed) {
			try {
				const view = this.options.hall.held(code);
				if (view) {
					drawer.rooms.postMessage({type: 'room', wire: wireOf(view, drawer.copies.get(code) ?? 0), told} satisfies RoomNews);
					drawer.copies.set(code, view.session.line.length);
					continue;
				}
			} catch (error) {
				// A room that cannot be copied (a bug) is let go on the thread: its other rooms and calls go on.
				this.options.log(`${LAST_RESORT}: room ${code} for a drawing thread: ${(error as Error).message}`);
			}
			drawer.rooms.postMessage({type: 'gone', code} satisfies RoomNews);
			drawer.copies.delete(code);
			drawer.holds.delete(code);
		}
		drawer.changed.clear();
	}

	/**
	 * A screen's call to the hall: made as its person, the deltas it caused sent, then the answer
	 * (the rooms it changed are written by the server's RoomWriter, on its own thread: no wait here).
	 */
	private answer(drawer: Drawer, call: HallCall): void {
		let answer: RoomNews;
		try {
			answer = {type: 'answer', call: call.call, ok: true, value: this.make(drawer, call)};
		} catch (error) {
			answer = {type: 'answer', call: call.call, ok: false, message: (error as Error).message};
		}
		this.sendChanged(drawer);
		if (call.call === 0 || drawer.gone) return;
		try {
			drawer.rooms.postMessage(answer);
		} catch (error) {
			drawer.rooms.postMessage({type: 'answer', call: call.call, ok: false, message: (error as Error).message} satisfies RoomNews);
		}
		Atomics.store(drawer.flag, 0, 1);
		Atomics.notify(drawer.flag, 0);
	}

	private make(drawer: Drawer, call: HallCall): unknown {
		const screen = drawer.screens.get(call.id);
		if (!screen) throw new Error('the screen has ended');
		const remote = screen.options.remote;
		const [first, second] = call.args as [unknown, unknown];
		const code = String(first);
		switch (call.method) {
			case 'lobby':
				return wireLobby(remote.lobby());
			case 'lobbyOn':
				screen.lobbyOff ??= remote.onLobby(() => {
					if (!drawer.gone) drawer.rooms.postMessage({type: 'lobby', id: call.id} satisfies RoomNews);
				});
				return null;
			case 'lobbyOff':
				screen.lobbyOff?.();
				screen.lobbyOff = null;
				return null;
			case 'create': {
				const options = first as Omit<RoomOptions, 'game'> & {game: string};
				const game = gameById(options.game);
				if (!game) throw new Error(`no game ${options.game}`);
				const made = remote.create({...options, game});
				if (made.ok) this.follow(drawer, made.value, call.id);
				return made;
			}
			case 'enter': {
				const entered = remote.enter(code, second as 'play' | 'watch');
				if (entered.ok) this.follow(drawer, entered.value.code, call.id);
				return entered;
			}
			case 'room': {
				const view = remote.room(code);
				if (!view) return null;
				this.follow(drawer, view.code, call.id);
				return view.code;
			}
			case 'follow': {
				const view = this.options.hall.held(code);
				if (!view) return null;
				this.follow(drawer, view.code, call.id);
				return view.code;
			}
			case 'seen':
				remote.seen(code, Number(second));
				return null;
			case 'move':
				return remote.move(code, Number(second));
			case 'resign':
				return remote.resign(code);
			case 'offerDraw':
				return remote.offerDraw(code);
			case 'declineDraw':
				return remote.declineDraw(code);
			case 'rematch':
				return remote.rematch(code);
			case 'say':
				return remote.say(code, String(second));
			case 'leave':
				remote.leave(code);
				this.release(drawer, normalCode(code) ?? code, call.id);
				return null;
		}
	}
}

/** The lobby with its games by id, to cross to a thread. */
function wireLobby(view: LobbyView): unknown {
	const ids = <T extends {readonly game: AnyGame}>(rows: readonly T[]) => rows.map(row => ({...row, game: row.game.id}));
	return {...view, open: ids(view.open), playing: ids(view.playing), finished: ids(view.finished)};
}
