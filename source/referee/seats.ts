/**
 * The two kinds of player at the referee's table, behind one interface: an external entry (a
 * command run once per move, see entry.ts) and a built-in AI (a search on a worker thread of its
 * own, timed by that thread's CPU clock, under the same clock rules).
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {EngineClient} from '../engine/client.js';
import {planMove} from '../engine/levels.js';
import {clockReading} from '../engine/time.js';
import type {ThinkRequest} from '../engine/players.js';
import type {AnyGame} from '../games/registry.js';
import {HANG_GRACE_MS, runEntry} from './entry.js';
import type {PlayerSpec} from './types.js';

/** A player's answer to one position. */
export interface Answer {
	/** What it printed (a built-in player: what an entry of the game prints for its move). */
	readonly stdout: string;
	readonly stderr: string;
	readonly stderrBytes: number;
	/** An external entry's exit; null for a built-in player. */
	readonly exit: {readonly code: number | null; readonly signal: string | null} | null;
	/** CPU milliseconds charged. */
	readonly cpuMs: number;
	readonly wallMs: number;
	/** Why it was stopped, or 'crash' when it failed without answering; null for an answer. */
	readonly stopped: 'time' | 'hung' | 'flood' | 'aborted' | 'crash' | null;
}

export interface Seat {
	/** Asks for a move in `state` (its clocks as the mover should see them) with `clockMs` left. */
	move(state: unknown, clockMs: number, signal: AbortSignal): Promise<Answer>;
	close(): Promise<void>;
}

/** Milliseconds the clock model sets aside per move for what is not search (the worker's messages). */
const AI_OVERHEAD_MS = 20;

/** Name of the input file in an entry's directory (POTM passed a full path; so do we). */
export const INPUT_FILE = 'input.txt';

/**
 * An external entry, run as its game says: given the input file's path as its last argument
 * (LOA), or the position on its standard input and no argument (PAH-TUM).
 */
export function externalSeat(game: AnyGame, spec: Extract<PlayerSpec, {kind: 'external'}>, dir: string): Seat {
	mkdirSync(dir, {recursive: true});
	const input = join(dir, INPUT_FILE);
	return {
		async move(state, clockMs, signal) {
			const text = game.format(state);
			if (game.entry.input === 'stdin') return runEntry({argv: spec.argv, stdin: text, cwd: dir, clockMs, signal});
			writeFileSync(input, text);
			return runEntry({argv: [...spec.argv, input], cwd: dir, clockMs, signal});
		},
		async close() {},
	};
}

export function builtinSeat(game: AnyGame, spec: Extract<PlayerSpec, {kind: 'builtin'}>, seed: number): Seat {
	const client = new EngineClient({tableMegabytes: 16, progressMs: 60_000});
	let moves = 0;
	return {
		async move(state, clockMs, signal) {
			moves++;
			const kind = spec.player;
			const request: ThinkRequest =
				kind.kind === 'level'
					? {
							...planMove(kind.level, {
								clock: clockReading(game, state, clockMs, AI_OVERHEAD_MS),
								seed,
							}),
							seed: seed + moves,
						}
					: {limits: {}, player: kind.kind, seed: seed + moves};
			const started = performance.now();
			let stopped: Answer['stopped'] = null;
			let closing: NodeJS.Timeout | undefined;
			// The search keeps to its clock itself; this is for a worker that does not answer.
			const overdue = setTimeout(() => {
				stopped = 'hung';
				void client.stop();
				closing = setTimeout(() => void client.close(), HANG_GRACE_MS);
			}, clockMs + HANG_GRACE_MS);
			const onAbort = () => {
				stopped = 'aborted';
				void client.close();
			};
			signal.addEventListener('abort', onAbort);
			try {
				const result = await client.think(game, state, request, undefined, {cpuClock: true});
				const wallMs = performance.now() - started;
				return {
					// What an entry of the game prints for the move: "b1 d3" and a newline in LOA, the new grid in PAH-TUM.
					stdout: result.move < 0 || result.moveText === '' ? '' : game.entryAnswer(state, result.move),
					stderr: '',
					stderrBytes: 0,
					exit: null,
					cpuMs: result.threadMs,
					wallMs,
					stopped: stopped === 'hung' ? null : stopped,
				};
			} catch (error) {
				const wallMs = performance.now() - started;
				const message = `${(error as Error).message}\n`;
				return {
					stdout: '',
					stderr: message,
					stderrBytes: message.length,
					exit: null,
					cpuMs: Math.min(wallMs, clockMs),
					wallMs,
					stopped: stopped ?? 'crash',
				};
			} finally {
				clearTimeout(overdue);
				clearTimeout(closing);
				signal.removeEventListener('abort', onAbort);
			}
		},
		close: () => client.close(),
	};
}
