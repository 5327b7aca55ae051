/**
 * A drawing thread of `potm serve` (serve/draw-threads.ts starts it): the screens of some of the
 * sessions, each an Ink tree as serve/session.tsx makes it, with a Remote that reads copies of
 * the rooms (serve/room-wire.ts) and asks the hall, in the main thread, for everything else. A
 * call to the hall waits for its answer (the Remote's calls answer at once, as the screens expect);
 * the rooms' deltas that came before the answer are taken in first, in order.
 */
import './every-frame.js';
import {parentPort, receiveMessageOnPort, workerData, type MessagePort} from 'node:worker_threads';
import chalk from 'chalk';
import type {EngineInfo, EngineResult} from '../engine/client.js';
import {gameById, type AnyGame} from '../games/registry.js';
import type {Game, Result} from '../games/game.js';
import type {Engine} from '../ui/context.js';
import type {LobbyView, Remote} from '../play/remote.js';
import type {DrawSetup, FromDrawer, HallCall, HallMethod, OpenScreen, RoomNews, ToDrawer} from './draw-protocol.js';
import {normalCode} from './codes.js';
import {flagShown} from './room-clocks.js';
import {RoomCopies} from './room-wire.js';
import {startSession, type Session} from './session.js';

/** How long a call to the hall may wait for its answer before the screen gives up on it. */
const CALL_MS = 30_000;

const setup = workerData as DrawSetup;
const port = parentPort!;
const rooms = setup.rooms as MessagePort;
const flag = new Int32Array(setup.flag);
chalk.level = setup.colorLevel as typeof chalk.level;
// The games' clocks run on the main thread's performance.now, read on the clock it is made of.
const now = (): number => Number(process.hrtime.bigint() - setup.origin) / 1e6;

const send = (message: FromDrawer): void => port.postMessage(message);
const say = (line: string): void => send({type: 'log', line});

const copies = new RoomCopies();
/** Every screen's listeners of each room. */
const roomListeners = new Map<string, Set<() => void>>();
/** Each screen's listeners of the lobby. */
const lobbyListeners = new Map<number, Set<() => void>>();
const screens = new Map<number, Session>();

/** Listeners are told after the call or message in hand, each on its own (one that throws spoils no other). */
function tell(listeners: Iterable<() => void> | undefined, what: string): void {
	if (!listeners) return;
	const called = [...listeners];
	queueMicrotask(() => {
		for (const listener of called) {
			try {
				listener();
			} catch (error) {
				say(`a screen of ${what} failed to draw: ${(error as Error).message}`);
			}
		}
	});
}

function take(news: RoomNews): void {
	switch (news.type) {
		case 'room':
			copies.apply(news.wire);
			if (news.told) tell(roomListeners.get(news.wire.code), news.wire.code);
			break;
		case 'gone':
			copies.forget(news.code);
			break;
		case 'lobby':
			tell(lobbyListeners.get(news.id), 'the lobby');
			break;
		case 'answer':
			// An answer nobody waits for: its call gave up.
			break;
	}
}

rooms.on('message', take);

let calls = 0;

/** Asks the hall and waits for the answer: the deltas sent before it are taken in on the way. */
function ask<T>(id: number, method: HallMethod, ...args: unknown[]): T {
	const call = ++calls;
	rooms.postMessage({type: 'call', call, id, method, args} satisfies HallCall);
	for (;;) {
		if (Atomics.wait(flag, 0, 0, CALL_MS) === 'timed-out') throw new Error(`the server did not answer (${method}) in ${CALL_MS / 1000} s`);
		Atomics.store(flag, 0, 0);
		for (let received = receiveMessageOnPort(rooms); received; received = receiveMessageOnPort(rooms)) {
			const news = received.message as RoomNews;
			if (news.type !== 'answer' || news.call !== call) {
				take(news);
				continue;
			}
			if (!news.ok) throw new Error(news.message);
			return news.value as T;
		}
	}
}

/** A call whose answer nobody needs: it goes in order with the others. */
const tellHall = (id: number, method: HallMethod, ...args: unknown[]): void =>
	rooms.postMessage({type: 'call', call: 0, id, method, args} satisfies HallCall);

type WireLobby = Omit<LobbyView, 'open' | 'playing' | 'finished'> & {
	readonly [K in 'open' | 'playing' | 'finished']: readonly (Omit<LobbyView[K][number], 'game'> & {readonly game: string})[];
};

const withGames = <T extends {readonly game: string}>(rows: readonly T[]): (Omit<T, 'game'> & {game: AnyGame})[] =>
	rows.map(row => ({...row, game: gameById(row.game) as AnyGame}));

function remoteFor(open: OpenScreen): Remote {
	const id = open.id;
	const normal = (code: string): string => normalCode(code) ?? code;
	/** The rooms this screen is on (the hall shows a room to a screen on it only). */
	const mine = new Set<string>();
	return {
		me: open.me,
		address: open.address,
		plainAddress: open.plainAddress,
		lobby: () => {
			const view = ask<WireLobby>(id, 'lobby');
			return {...view, open: withGames(view.open), playing: withGames(view.playing), finished: withGames(view.finished)};
		},
		onLobby: listener => {
			let listeners = lobbyListeners.get(id);
			if (!listeners) {
				listeners = new Set();
				lobbyListeners.set(id, listeners);
				tellHall(id, 'lobbyOn');
			}
			const held = listeners;
			held.add(listener);
			return () => {
				held.delete(listener);
				if (held.size > 0 || lobbyListeners.get(id) !== held) return;
				lobbyListeners.delete(id);
				tellHall(id, 'lobbyOff');
			};
		},
		create: options => {
			const made = ask<Result<string, string>>(id, 'create', {...options, game: options.game.id});
			if (made.ok) mine.add(made.value);
			return made;
		},
		enter: (code, as) => {
			const entered = ask<ReturnType<Remote['enter']>>(id, 'enter', code, as);
			if (entered.ok) mine.add(entered.value.code);
			return entered;
		},
		room: code => {
			let known = normal(code);
			if (!mine.has(known)) {
				const shown = ask<string | null>(id, 'room', code);
				if (shown === null) return undefined;
				known = shown;
				mine.add(known);
			}
			const view = copies.get(known);
			// A flag fallen since the room's last change shows fallen, as the hall shows it (the hall ends the game by its own timer).
			return view && flagShown(view, now());
		},
		onRoom: (code, listener) => {
			let known = normal(code);
			if (!copies.get(known)) {
				const followed = ask<string | null>(id, 'follow', code);
				if (followed === null) return () => undefined;
				known = followed;
			}
			let listeners = roomListeners.get(known);
			if (!listeners) roomListeners.set(known, (listeners = new Set()));
			const held = listeners;
			held.add(listener);
			return () => {
				held.delete(listener);
				if (held.size === 0 && roomListeners.get(known) === held) roomListeners.delete(known);
			};
		},
		seen: (code, moves) => tellHall(id, 'seen', code, moves),
		move: (code, move) => ask(id, 'move', code, move),
		resign: code => ask(id, 'resign', code),
		offerDraw: code => ask(id, 'offerDraw', code),
		declineDraw: code => ask(id, 'declineDraw', code),
		rematch: code => ask(id, 'rematch', code),
		say: (code, text) => ask(id, 'say', code, text),
		leave: code => {
			mine.delete(normal(code));
			tellHall(id, 'leave', code);
		},
	};
}

/** The thinks under way of every screen's engine, by call. */
const thinking = new Map<
	number,
	{resolve: (result: EngineResult | null) => void; reject: (error: Error) => void; onProgress?: ((info: EngineInfo) => void) | undefined}
>();
let engineCalls = 0;

function answered(call: number, result: Result<EngineResult | null, string>): void {
	const one = thinking.get(call);
	if (!one) return;
	thinking.delete(call);
	if (result.ok) one.resolve(result.value);
	else one.reject(new Error(result.error));
}

/** The screen's engine: its thinks go to the main thread's pool of engines. */
function engineFor(id: number): Engine {
	const wait = (call: number, onProgress?: (info: EngineInfo) => void) =>
		new Promise<EngineResult | null>((resolve, reject) => thinking.set(call, {resolve, reject, onProgress}));
	return {
		think: async <State>(
			game: Game<State>,
			state: State,
			request: Parameters<Engine['think']>[2],
			onProgress?: (info: EngineInfo) => void,
		) => {
			const call = ++engineCalls;
			const answer = wait(call, onProgress);
			send({type: 'think', id, call, game: game.id, state, request});
			return (await answer)!;
		},
		stop: () => {
			const call = ++engineCalls;
			const answer = wait(call);
			send({type: 'stop', id, call});
			return answer;
		},
		clear: () => send({type: 'clear', id}),
		setThreads: count => send({type: 'threads', id, count}),
	};
}

function openScreen(open: OpenScreen): void {
	let session: Session;
	try {
		session = drawn(open);
	} catch (error) {
		caught(error);
		send({type: 'ended', id: open.id});
		return;
	}
	screens.set(open.id, session);
	void session.ended.then(() => {
		screens.delete(open.id);
		if (lobbyListeners.delete(open.id)) tellHall(open.id, 'lobbyOff');
		send({type: 'ended', id: open.id});
	});
}

function drawn(open: OpenScreen): Session {
	return startSession({
		// Output that waits for a slow client is bounded in the main thread, which writes it.
		sink: {
			write: data => {
				send({type: 'output', id: open.id, data});
				return true;
			},
		},
		size: open.size,
		term: open.term,
		ascii: open.ascii,
		noColor: open.noColor,
		engine: engineFor(open.id),
		savesDir: open.savesDir,
		remote: remoteFor(open),
		start: open.start,
		now,
	});
}

port.on('message', (message: ToDrawer) => {
	switch (message.type) {
		case 'open':
			openScreen(message);
			break;
		case 'input':
			screens.get(message.id)?.input(Buffer.from(message.data));
			break;
		case 'resize':
			screens.get(message.id)?.resize(message.size);
			break;
		case 'close':
			screens.get(message.id)?.close();
			break;
		case 'progress':
			thinking.get(message.call)?.onProgress?.(message.info);
			break;
		case 'engine':
			answered(message.call, message.ok ? {ok: true, value: message.value} : {ok: false, error: message.message});
			break;
	}
});

// An error nothing caught is a bug: the main thread logs it with the last resort's words, and the
// thread's other screens go on.
function caught(error: unknown): void {
	const {stack, message} = error instanceof Error ? error : {stack: undefined, message: String(error)};
	send({type: 'log', line: (stack ?? message).replace(/\n\s*/g, ' | '), bug: true});
}
process.on('uncaughtException', caught);
process.on('unhandledRejection', caught);
