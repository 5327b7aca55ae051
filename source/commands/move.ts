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
 * 10 s, which no position carries), with a reserve for the least cost of each move still to come.
 */
import {choose, decide} from '../engine/players.js';
import {planMove} from '../engine/levels.js';
import {clockReading} from '../engine/time.js';
import {Searcher} from '../engine/search.js';
import {loadForCommand, STANDARD_INPUT} from '../files/load.js';

/**
 * CPU milliseconds a `potm move` costs at the least besides its search, judged from this
 * process's own start-up (what it has used when the search would begin): the start-up, then a
 * minimal move (below), the answer and the exit. Measured on the 2-core AMD EPYC VM under load,
 * 224 minimal moves of dist/potm-move from LOAPS and classic positions, charged as the referee
 * charges (the finished process's user + system time): 63 ms in the median, of which the start-up
 * 50-60 ms and the rest 8-9 ms (15 ms at most); this formula was above every one of them.
 */
export const moveOverheadMs = (startupMs: number): number => startupMs * 1.1 + 15;

/**
 * A move whose hard budget is below this plays the one-ply greedy look-ahead instead of searching:
 * the search's first iteration, which time never stops, costs 7-20 ms of CPU in a fresh process
 * (its code not yet compiled), the look-ahead 1-4 ms. So the least a move costs, which the time
 * plan keeps in reserve for every move to the move limit, is smaller by that much.
 */
export const MIN_SEARCH_MS = 30;

/** CPU milliseconds this process has used, all threads. */
function cpuMs(): number {
	const usage = process.cpuUsage();
	return (usage.user + usage.system) / 1000;
}

/**
 * `path` '-' reads the position from standard input. `clockSeconds` is a move's allowance in a
 * game with a clock per move (--clock), the contest's by default.
 */
export function runMove(path: string, wanted?: string, clockSeconds?: number): number {
	const loaded = loadForCommand(path, wanted);
	if (!loaded) return 2;
	const {game, state} = loaded;
	const named = path === '-' ? STANDARD_INPUT : path;
	if (clockSeconds !== undefined && game.clock.per !== 'move') {
		process.stderr.write(`potm: --clock is for a game with a clock per move (PAH-TUM); ${named} carries its own clock\n`);
		return 2;
	}
	const position = game.searchPosition(state);
	const mover = game.toMove(state);
	const startup = cpuMs();
	// In a game with a clock per move, clocks() reads the whole allowance of a move (PAH-TUM's 10 s).
	// The start-up so far is part of this move's overhead, not taken off the clock twice.
	const allowance = clockSeconds ?? game.clocks(state)[mover - 1]!;
	const clock = clockReading(game, state, allowance * 1000, moveOverheadMs(startup));
	const plan = planMove(5, {clock});
	const minimal = plan.limits.hardMs! < MIN_SEARCH_MS;
	const result = minimal ? choose('greedy', position, 1, {now: cpuMs}) : decide(new Searcher({tableMegabytes: 8}), position, plan, {now: cpuMs});
	if (result.move < 0) {
		const over = game.outcome(state);
		process.stderr.write(`potm: ${named}: ${over ? `the game is over (${over.description}): there is no move to make` : 'there is no legal move'}\n`);
		return 1;
	}
	process.stdout.write(game.entryAnswer(state, result.move));
	if (process.env['POTM_VERBOSE']) {
		// For tuning, never in a contest: what the search did, on stderr.
		process.stderr.write(
			`depth ${result.depth} score ${result.score} nodes ${result.nodes} startup ${startup.toFixed(0)} ms cpu ${cpuMs().toFixed(0)} ms ` +
				`budget ${plan.limits.softMs?.toFixed(0)}/${plan.limits.hardMs?.toFixed(0)} ms (${minimal ? 'one-ply look-ahead' : result.stoppedBy}) ` +
				`moves left ${clock.expectedMoves?.toFixed(1) ?? '-'} of ${clock.movesLeft} overhead ${clock.overheadMs.toFixed(0)} ms\n`,
		);
	}
	return 0;
}
