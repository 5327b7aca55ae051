/**
 * A run of the referee: every pairing plays its matches (two games each, each side first once),
 * up to `jobs` games at a time. Clocks count CPU time, so games side by side stay fair as long
 * as each has a core. Ctrl-C (the signal) stops the games under way; the run then ends with the
 * games finished so far.
 */
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import type {AnyGame} from '../games/registry.js';
import {playGame, type PlayedGame} from './play.js';
import type {PlayerSpec} from './types.js';

export interface RunOptions {
	readonly game: AnyGame;
	readonly players: readonly PlayerSpec[];
	/** Matches each pairing plays. */
	readonly matches: number;
	readonly clockMs: number;
	/** Games played at the same time. */
	readonly jobs: number;
	readonly signal: AbortSignal;
	/** The position a match's games start from (both games of a match, and every match of that number, on one board); the game's initial() if none. */
	readonly start?: (match: number) => unknown;
	/** Seed of the built-in players' dice (each game gets its own from it). */
	readonly seed?: number;
	/** A game has started. */
	readonly onStart?: (number: number) => void;
	/** A game has ended; called in the order games end. */
	readonly onGame?: (played: PlayedGame) => void | Promise<void>;
}

export interface ScheduledGame {
	readonly number: number;
	readonly match: number;
	/** Player indices by side: seats[0] moves first. */
	readonly seats: readonly [number, number];
}

/**
 * The games of a round robin: match by match, the pairings in rounds (the circle method, so
 * every player's games are spread through the run), each pairing's two games together.
 */
export function schedule(players: number, matches: number): ScheduledGame[] {
	const ids = Array.from({length: players}, (_, index) => index);
	if (ids.length % 2 === 1) ids.push(-1);
	const rounds: (readonly [number, number])[][] = [];
	const count = ids.length;
	for (let round = 0; round < count - 1; round++) {
		const pairs: (readonly [number, number])[] = [];
		for (let i = 0; i < count / 2; i++) {
			const a = ids[i]!;
			const b = ids[count - 1 - i]!;
			if (a >= 0 && b >= 0) pairs.push(a < b ? [a, b] : [b, a]);
		}
		rounds.push(pairs);
		// Keep the first fixed, turn the others one step.
		ids.splice(1, 0, ids.pop()!);
	}
	const games: ScheduledGame[] = [];
	for (let match = 1; match <= matches; match++) {
		for (const pairs of rounds) {
			for (const [a, b] of pairs) {
				// The lower-numbered player moves first in the first game of odd matches.
				const [first, second] = match % 2 === 1 ? [a, b] : [b, a];
				games.push({number: games.length + 1, match, seats: [first, second]});
				games.push({number: games.length + 1, match, seats: [second, first]});
			}
		}
	}
	return games;
}

/** Plays the run; resolves with the games that finished, in their scheduled order. */
export async function runGames(options: RunOptions): Promise<PlayedGame[]> {
	const games = schedule(options.players.length, options.matches);
	const root = mkdtempSync(join(tmpdir(), 'potm-referee-'));
	const cleanUp = () => rmSync(root, {recursive: true, force: true});
	process.on('exit', cleanUp);
	const finished: PlayedGame[] = [];
	const seed = options.seed ?? Date.now() & 0x7fffffff;
	let next = 0;
	// A game that fails (a full disk, say) stops the others: their entries must not outlive the run.
	const failed = new AbortController();
	const signal = AbortSignal.any([options.signal, failed.signal]);
	const worker = async (): Promise<void> => {
		while (!signal.aborted && next < games.length) {
			const scheduled = games[next++]!;
			options.onStart?.(scheduled.number);
			const played = await playGame({
				game: options.game,
				number: scheduled.number,
				match: scheduled.match,
				seats: scheduled.seats,
				players: [options.players[scheduled.seats[0]]!, options.players[scheduled.seats[1]]!],
				clockMs: options.clockMs,
				...(options.start ? {start: options.start(scheduled.match)} : {}),
				dir: join(root, `game-${scheduled.number}`),
				seed: (seed + scheduled.number * 7919) & 0x7fffffff,
				signal,
			}).catch((error: unknown) => {
				failed.abort();
				throw error;
			});
			if (played) {
				finished.push(played);
				await options.onGame?.(played);
			}
		}
	};
	try {
		const workers = Array.from({length: Math.max(1, Math.min(options.jobs, games.length))}, worker);
		const results = await Promise.allSettled(workers);
		const failure = results.find(result => result.status === 'rejected');
		if (failure) throw failure.reason;
	} finally {
		process.off('exit', cleanUp);
		cleanUp();
	}
	return finished.sort((a, b) => a.record.number - b.record.number);
}
