/**
 * What the main thread of `potm serve` and its drawing threads (serve/draw-threads.ts,
 * serve/draw-worker.ts) say to each other. The main thread holds the connections, the hall and
 * the engines; a drawing thread holds screens (their Ink trees) and copies of the rooms they show.
 *
 * Two ways across:
 * - the worker's own port: a screen's life (open, keys, size, close), its output, its engine;
 * - the rooms' port: the copies' deltas, and the calls a screen makes to the hall, each answered
 *   at once (the drawing thread waits on a shared flag; the answer and the deltas before it come
 *   in the order the hall made them).
 */
import type {EngineInfo, EngineResult} from '../engine/client.js';
import type {ThinkRequest} from '../engine/players.js';
import type {Route} from '../ui/app.js';
import type {Person} from '../play/remote.js';
import type {RoomWire} from './room-wire.js';

/** Given to each drawing thread at its start. */
export interface DrawSetup {
	/** The rooms' port (a MessagePort, transferred). */
	readonly rooms: unknown;
	/** An Int32Array's buffer of one element: set to 1 when an answer waits on the rooms' port. */
	readonly flag: SharedArrayBuffer;
	/** Where the main thread's performance.now is 0, by process.hrtime.bigint (one monotonic clock for every thread): the games' clocks run on it. */
	readonly origin: bigint;
	/** chalk's level, as the main thread set it. */
	readonly colorLevel: number;
}

export interface OpenScreen {
	readonly type: 'open';
	readonly id: number;
	readonly size: {columns: number; rows: number};
	readonly term: string;
	readonly ascii: boolean;
	readonly noColor: boolean;
	readonly savesDir: string;
	readonly start: Route;
	readonly me: Person;
	readonly address: string;
	readonly plainAddress: string;
}

/** Main to a drawing thread, on the worker's port. */
export type ToDrawer =
	| OpenScreen
	| {readonly type: 'input'; readonly id: number; readonly data: Uint8Array}
	| {readonly type: 'resize'; readonly id: number; readonly size: {columns: number; rows: number}}
	| {readonly type: 'close'; readonly id: number}
	| {readonly type: 'progress'; readonly call: number; readonly info: EngineInfo}
	| {readonly type: 'engine'; readonly call: number; readonly ok: true; readonly value: EngineResult | null}
	| {readonly type: 'engine'; readonly call: number; readonly ok: false; readonly message: string};

/** A drawing thread to main, on the worker's port. */
export type FromDrawer =
	| {readonly type: 'output'; readonly id: number; readonly data: string}
	| {readonly type: 'ended'; readonly id: number}
	/** A line for the server's log; `bug`: an error nothing caught. */
	| {readonly type: 'log'; readonly line: string; readonly bug?: boolean}
	| {
			readonly type: 'think';
			readonly id: number;
			readonly call: number;
			readonly game: string;
			readonly state: unknown;
			readonly request: ThinkRequest;
	  }
	| {readonly type: 'stop'; readonly id: number; readonly call: number}
	| {readonly type: 'clear'; readonly id: number}
	| {readonly type: 'threads'; readonly id: number; readonly count: number};

/** The hall's calls a screen makes (Remote's methods), by name. */
export type HallMethod =
	| 'lobby'
	| 'create'
	| 'enter'
	| 'room'
	| 'follow'
	| 'seen'
	| 'move'
	| 'resign'
	| 'offerDraw'
	| 'declineDraw'
	| 'rematch'
	| 'say'
	| 'leave'
	| 'lobbyOn'
	| 'lobbyOff';

/** A drawing thread to main, on the rooms' port: a call, answered before the thread goes on. */
export interface HallCall {
	readonly type: 'call';
	readonly call: number;
	readonly id: number;
	readonly method: HallMethod;
	readonly args: readonly unknown[];
}

/** Main to a drawing thread, on the rooms' port. */
export type RoomNews =
	| {readonly type: 'room'; readonly wire: RoomWire; readonly told: boolean}
	| {readonly type: 'gone'; readonly code: string}
	| {readonly type: 'lobby'; readonly id: number}
	| {readonly type: 'answer'; readonly call: number; readonly ok: true; readonly value: unknown}
	| {readonly type: 'answer'; readonly call: number; readonly ok: false; readonly message: string};
