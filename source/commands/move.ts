/**
 * `potm move [FILE]`: a POTM contest entry, fed as its game feeds entries: a LOA entry is given a
 * file and prints one line `FROM TO`; a PAH-TUM entry reads the grid on standard input (no FILE,
 * or `-`) and prints the grid with its marker added. It prints exactly the game's entryAnswer on
 * stdout and nothing on stderr; a bad position is one line on stderr and exit 2, a finished one
 * exit 1. Loads no UI code.
 *
 * The search runs on this thread and is timed by the process's CPU clock (user + system, every
 * thread, start-up included), which is what POTM charges: the budget comes from the mover's
 * seconds in the file (LOA's clock for the game) or the game's allowance for a move (PAH-TUM's
 * 10 s, which no position carries), with a reserve for the least cost of each move the game will
 * likely still ask for (engine/time.ts).
 */
import {bookMove, builtBooks} from '../engine/book.js';
import {decide} from '../engine/players.js';
import {planMove} from '../engine/levels.js';
import {clockReading} from '../engine/time.js';
import {searchFor} from '../engine/searches.js';
import {loadForCommand, STANDARD_INPUT} from '../files/load.js';
import {useAssetsFrom} from '../engine/assets.js';
import {games} from '../games/registry.js';

/**
 * CPU milliseconds a `potm move` costs at the least besides its start-up: the shallow search every
 * move gets (depth 2, a few hundred nodes: 15-40 ms in a fresh process, whose caches are empty),
 * the answer and the exit. On the 2-core AMD EPYC VM such a whole move, start-up included, was
 * charged 66-70 ms in late LOAPS positions and up to 100 ms in the middle game (BENCHMARKS.md).
 */
export const MOVE_END_MS = 25;

/**
 * Set by the snapshot's entry when it hands a `potm move` it does not take on to the full command
 * line (snapshot-entry.ts): the CPU milliseconds it had used, which this process's clock does not see.
 */
export const SPENT_VARIABLE = 'POTM_SPENT_MS';

/** CPU milliseconds a whole `potm move` costs at the least, from the start-up it is judged by. */
export const moveOverheadMs = (startupMs: number): number => startupMs * 1.1 + MOVE_END_MS;

/** CPU milliseconds this process has used, all threads. */
function cpuMs(): number {
	const usage = process.cpuUsage();
	return (usage.user + usage.system) / 1000;
}

/** How the process started: from the snapshot (dist/potm) or from the modules. */
export type StartKind = 'snapshot' | 'modules';

/** How the process was started: from the snapshot or the modules, and the build's folder (dist/), which holds the files the games' play reads. */
export interface MoveStart {
	readonly kind: StartKind;
	readonly dist?: string;
}

/**
 * `path` '-' reads the position from standard input. `clockSeconds` is a move's allowance in a
 * game with a clock per move (--clock), the contest's by default.
 */
export function runMove(path: string, wanted?: string, clockSeconds?: number, start: MoveStart = {kind: 'modules'}): number {
	const loaded = loadForCommand(path, wanted);
	if (!loaded) return 2;
	const {game, state} = loaded;
	const named = path === '-' ? STANDARD_INPUT : path;
	if (clockSeconds !== undefined && game.clock.per !== 'move') {
		const perMove = games.filter(one => one.clock.per === 'move').map(one => one.name);
		process.stderr.write(`potm: --clock is for a game with a clock per move (${perMove.join(', ')}); ${named} carries its own clock\n`);
		return 2;
	}
	const position = game.searchPosition(state);
	const mover = game.toMove(state);
	const handedOn = Number(process.env[SPENT_VARIABLE]);
	const startup = cpuMs() + (Number.isFinite(handedOn) && handedOn > 0 ? handedOn : 0);
	if (start.dist !== undefined) useAssetsFrom(start.dist);
	// In a game with a clock per move, clocks() reads the whole allowance of a move (PAH-TUM's 10 s).
	// What the start-up has used is gone from the clock; the moves to come each cost a start-up as
	// this one did, and this one only its end. The entry keeps nothing from move to move (the
	// contests allow no file outside the run folder, and PAH-TUM none that outlives the move), so
	// this process's own start-up is the reading.
	const allowance = clockSeconds ?? game.clocks(state)[mover - 1]!;
	const clock = {...clockReading(game, state, allowance * 1000 - startup, moveOverheadMs(startup)), ownOverheadMs: MOVE_END_MS};
	// A position of the opening book is answered from it: a search far deeper than the clock
	// allows chose the move, and the clock is kept for the middle game.
	// POTM_NO_BOOK (for measuring and tests, never in a contest) searches every move.
	const booked = start.dist === undefined || process.env['POTM_NO_BOOK'] ? undefined : bookMove(game, state, builtBooks(start.dist));
	if (booked !== undefined) {
		process.stdout.write(game.entryAnswer(state, booked));
		if (process.env['POTM_VERBOSE']) process.stderr.write(`book move, startup ${startup.toFixed(0)} ms cpu ${cpuMs().toFixed(0)} ms\n`);
		return 0;
	}
	const plan = planMove(5, {clock});
	const result = decide(searchFor(game, {tableMegabytes: 8}), position, plan, {now: cpuMs});
	if (result.move < 0) {
		const over = game.outcome(state);
		process.stderr.write(
			`potm: ${named}: ${over ? `the game is over (${over.description}): there is no move to make` : 'there is no legal move'}\n`,
		);
		return 1;
	}
	process.stdout.write(game.entryAnswer(state, result.move));
	if (process.env['POTM_VERBOSE']) {
		// For tuning, never in a contest: what the search did, on stderr.
		const {limits} = plan;
		process.stderr.write(
			`depth ${result.depth} score ${result.score} nodes ${result.nodes} startup ${startup.toFixed(0)} ms cpu ${cpuMs().toFixed(0)} ms ` +
				`budget ${limits.softMs?.toFixed(0)}/${limits.hardMs?.toFixed(0)} ms min depth ${limits.minDepth ?? 1} (${result.stoppedBy}) ` +
				`moves left ${clock.expectedMoves?.toFixed(1) ?? '-'} likely ${clock.likelyMoves ?? '-'} of ${clock.movesLeft} overhead ${clock.overheadMs.toFixed(0)} ms\n`,
		);
	}
	return 0;
}
