/**
 * One refereed game: each side in turn is given the position with both clocks, its answer is
 * timed and read, and the game goes on until the rules end it or a player loses by a fault (its
 * clock, its output, a crash). Every move is recorded, with what an external entry printed.
 */
import {rmSync} from 'node:fs';
import {join} from 'node:path';
import {forcedPass, hundredths, other, type Player} from '../games/game.js';
import type {AnyGame} from '../games/registry.js';
import {builtinSeat, externalSeat, type Answer, type Seat} from './seats.js';
import type {Fault, GameRecord, MoveRecord, PlayerSpec} from './types.js';

export interface GameSetup {
	readonly game: AnyGame;
	readonly number: number;
	readonly match: number;
	/** Indices of the players by side, and the players themselves. */
	readonly seats: readonly [number, number];
	readonly players: readonly [PlayerSpec, PlayerSpec];
	/** Milliseconds of CPU on each clock: for the whole game, or for each move in a game with a clock per move. */
	readonly clockMs: number;
	/** The position the game starts from (the match's board in a game with random boards); the game's initial() if none. */
	readonly start?: unknown;
	/** A private folder for this game's entries (made and removed here). */
	readonly dir: string;
	readonly seed: number;
	readonly signal: AbortSignal;
}

/** The game as played, with each position (for saving the record) and each move. */
export interface PlayedGame {
	readonly record: GameRecord;
	readonly line: readonly unknown[];
	readonly moves: readonly number[];
}

/** Seconds as an entry is shown them: rounded down to the hundredth, so it never thinks it has more than it has. */
const shownSeconds = (ms: number): number => hundredths(ms / 1000);

/** Why an answer loses, in a few words, or null when it is a move to read. */
function faultOf(answer: Answer, overClock: boolean, perMoveMs: number | null): {fault: Fault; message: string} | null {
	const cpu = `${(answer.cpuMs / 1000).toFixed(2)} s of CPU`;
	const ranOut = perMoveMs === null ? 'its clock ran out' : `it went over its ${perMoveMs / 1000} s for the move`;
	switch (answer.stopped) {
		case 'time':
			return {fault: 'time', message: `${ranOut} (stopped after ${cpu})`};
		case 'hung':
			return {
				fault: 'hung',
				message: `it did not answer within its clock and was hardly computing (${cpu} in ${(answer.wallMs / 1000).toFixed(1)} s)`,
			};
		case 'flood':
			return {fault: 'flood', message: 'it flooded its output (a move is one short line)'};
		case 'crash':
			return {fault: 'crash', message: answer.stderr.trim() || 'it failed'};
		default:
			break;
	}
	if (overClock) return {fault: 'time', message: `${ranOut} (this move took ${cpu})`};
	const exit = answer.exit;
	if (exit && (exit.code !== 0 || exit.signal !== null)) {
		// A shell's 126 and 127: the command could not be run at all (its own message is not the entry's stderr).
		const why =
			exit.code === 127
				? ' (not found: a missing program or #! interpreter?)'
				: exit.code === 126
					? ' (it could not be run: permissions, or not a program?)'
					: '';
		return {fault: 'crash', message: exit.signal ? `it was killed by ${exit.signal}` : `it exited with status ${exit.code}${why}`};
	}
	return null;
}

export async function playGame(setup: GameSetup): Promise<PlayedGame | null> {
	const {game, players, clockMs, signal} = setup;
	const seat = (side: Player): Seat => {
		const spec = players[side - 1]!;
		return spec.kind === 'builtin'
			? builtinSeat(game, spec, setup.seed * 2 + side)
			: externalSeat(game, spec, join(setup.dir, `player-${side}`));
	};
	const seats = [seat(1), seat(2)] as const;
	const names = [players[0].name, players[1].name] as const;
	const sides = game.sides;
	// A clock per move (PAH-TUM's) starts afresh at every move, and no position carries it.
	const perMove = game.clock.per === 'move';
	const remaining = [clockMs, clockMs];
	const used = [0, 0];
	const longest = [0, 0];
	let state = game.withClocks(setup.start ?? game.initial(), [clockMs / 1000, clockMs / 1000]);
	const line = [state];
	const moves: number[] = [];
	const records: MoveRecord[] = [];
	let fault: {side: Player; fault: Fault; message: string} | null = null;
	try {
		while (game.outcome(state) === null) {
			const side = game.toMove(state);
			if (perMove) remaining[side - 1] = clockMs;
			const given = game.withClocks(state, [shownSeconds(remaining[0]!), shownSeconds(remaining[1]!)]);
			const pass = forcedPass(game, given);
			if (pass !== undefined) {
				// The player has no choice (and an entry may not know how to write a pass): the
				// referee plays it, and nothing is charged.
				records.push({
					player: side,
					move: game.formatMove(given, pass),
					cpuMs: 0,
					wallMs: 0,
					clockAfter: shownSeconds(remaining[side - 1]!),
					forced: true,
				});
				state = game.play(given, pass);
				line.push(state);
				moves.push(pass);
				continue;
			}
			const answer = await seats[side - 1]!.move(given, remaining[side - 1]!, signal);
			if (answer.stopped === 'aborted' || signal.aborted) return null;
			const cpuMs = answer.cpuMs;
			remaining[side - 1]! -= cpuMs;
			used[side - 1]! += cpuMs;
			longest[side - 1] = Math.max(longest[side - 1]!, cpuMs);
			const clocks: [number, number] = [shownSeconds(remaining[0]!), shownSeconds(remaining[1]!)];
			const badAnswer = faultOf(answer, remaining[side - 1]! < 0, perMove ? clockMs : null);
			const read = badAnswer ? null : game.readEntryMove(given, answer.stdout);
			const move = read?.ok ? read.value : -1;
			const asExpected = move >= 0 && answer.stdout === game.entryAnswer(given, move);
			records.push({
				player: side,
				move: move < 0 ? '' : game.formatMove(given, move),
				cpuMs,
				wallMs: answer.wallMs,
				clockAfter: clocks[side - 1]!,
				...(answer.exit ? {stdout: answer.stdout, exit: answer.exit} : {}),
				...(asExpected ? {asExpected: true as const} : {}),
				...(answer.stderrBytes > 0 ? {stderr: answer.stderr} : {}),
				...(answer.stopped === 'time' || answer.stopped === 'hung' || answer.stopped === 'flood' ? {stopped: answer.stopped} : {}),
			});
			if (badAnswer) fault = {side, ...badAnswer};
			else if (read && !read.ok) fault = {side, ...read.error};
			if (fault) {
				state = game.withClocks(given, clocks);
				line[line.length - 1] = state;
				break;
			}
			// The position after the move keeps the clocks after it: a game whose positions carry no
			// clock (PAH-TUM's grid) would otherwise read its contest's clock there in the history.
			state = game.withClocks(game.play(given, move), clocks);
			line.push(state);
			moves.push(move);
		}
	} finally {
		await Promise.all(seats.map(one => one.close().catch(() => undefined)));
		rmSync(setup.dir, {recursive: true, force: true});
	}

	const points = game.scores(state);
	const name = (side: Player) => `${names[side - 1]} (${sides[side - 1]})`;
	let result: GameRecord['result'];
	let winner: Player | null;
	let reason: string;
	let description: string;
	if (fault) {
		result = 'win';
		winner = other(fault.side);
		reason = fault.fault;
		description = `${name(fault.side)} loses: ${fault.message}`;
	} else {
		const outcome = game.outcome(state)!;
		result = outcome.result;
		winner = outcome.winner;
		reason = outcome.reason;
		description = winner === null ? outcome.description : `${name(winner)} wins. ${outcome.description}`;
	}
	return {
		record: {
			number: setup.number,
			match: setup.match,
			seats: setup.seats,
			result,
			winner,
			reason,
			description,
			disqualified: fault ? fault.side : null,
			points: [points[0], points[1]],
			plies: moves.length,
			clockUsedMs: [used[0]!, used[1]!],
			longestMoveMs: [longest[0]!, longest[1]!],
			moves: records,
			finalPosition: game.format(state),
		},
		line,
		moves,
	};
}
