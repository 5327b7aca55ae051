/**
 * The PAH-TUM bench: how far from the end the exact solver proves the result (within 1 s and
 * within 10 s), how fast the search runs, and how level 5 fares against the simple players.
 */
import {gainMove} from '../engine/greedy.js';
import {monteCarloMove} from '../engine/montecarlo.js';
import {compareSettings} from './setting.js';
import {LocalPlayer, type PlayerKind} from '../engine/players.js';
import {seededRandom} from '../engine/random.js';
import {Searcher} from '../engine/search.js';
import {pahtum, type PahtumState} from '../games/pahtum/index.js';
import {PahtumBoard} from '../games/pahtum/board.js';
import {legalMoves, play} from '../games/pahtum/rules.js';
import {clearSolverTable, solve} from '../games/pahtum/solver.js';

/** A position `empties` squares from the end: a random board (3..13 holes) played at random from `seed`. */
export function randomPosition(seed: number, empties: number): PahtumState {
	const random = seededRandom(seed);
	let state = pahtum.initial({seed});
	while (legalMoves(state).length > empties) {
		const moves = legalMoves(state);
		state = play(state, moves[Math.floor(random() * moves.length)]!);
	}
	return state;
}

/** Milliseconds to solve, or null when the solver gave up at `limitMs`; from a cold table. */
function timeSolve(state: PahtumState, limitMs: number): {ms: number; nodes: number} | null {
	clearSolverTable();
	const start = performance.now();
	const solution = solve(new PahtumBoard(state.cells), {deadlineMs: start + limitMs});
	const ms = performance.now() - start;
	return solution ? {ms, nodes: solution.nodes} : null;
}

/**
 * Solver reach: for growing numbers of empty squares, `positions` random positions each; the
 * largest count at which every one was proven within 1 s, and within 10 s (tried only from where
 * 1 s stopped being enough, and only while every position still fits).
 */
export function benchSolverReach(positions = 6, log = console.log): void {
	timeSolve(randomPosition(1, 14), 5000); // warm-up, so the JIT has compiled the solver
	let reach1 = 0;
	let reach10 = 0;
	let rate = 0;
	for (let empties = 12; empties <= 30; empties += 1) {
		const times: number[] = [];
		let allWithin1 = true;
		for (let k = 0; k < positions; k++) {
			const timed = timeSolve(randomPosition(1000 * empties + k, empties), 1000);
			if (timed) {
				times.push(timed.ms);
				rate = Math.max(rate, (timed.nodes * 1000) / Math.max(timed.ms, 1));
			} else allWithin1 = false;
		}
		log(`solver ${empties} empty squares: ${times.length}/${positions} within 1 s (${times.map(ms => ms.toFixed(0)).join(' ')} ms)`);
		if (allWithin1) {
			reach1 = empties;
			reach10 = Math.max(reach10, empties);
			continue;
		}
		let allWithin10 = true;
		const slow: number[] = [];
		for (let k = 0; k < positions && allWithin10; k++) {
			const timed = timeSolve(randomPosition(1000 * empties + k, empties), 10_000);
			if (timed) slow.push(timed.ms);
			else allWithin10 = false;
		}
		log(
			`solver ${empties} empty squares: ${slow.length}/${positions} within 10 s${allWithin10 ? '' : ' (stopped at the first failure)'} (${slow.map(ms => ms.toFixed(0)).join(' ')} ms)`,
		);
		if (!allWithin10) break;
		reach10 = empties;
	}
	log(
		`solver reach: every position proven from ${reach1} empty squares within 1 s, from ${reach10} within 10 s; up to ${(rate / 1e6).toFixed(2)} M nodes/s`,
	);
}

/** Nodes per second and depth of the search in 1 s from random positions at several stages of the game. */
export function benchPahtumSearch(log = console.log): void {
	new Searcher().search(new PahtumBoard(randomPosition(1, 30).cells), {softMs: 300, hardMs: 300});
	for (const empties of [44, 36, 28, 22]) {
		const state = randomPosition(7 + empties, empties);
		const result = new Searcher().search(new PahtumBoard(state.cells), {softMs: 1000, hardMs: 1000});
		log(
			`search ${empties} empty squares: depth ${result.depth} (selective ${result.selDepth}) in 1 s, ` +
				`${(result.nodesPerSecond / 1000).toFixed(0)} k nodes/s, score ${result.score}, move ${pahtum.formatMove(state, result.move)}`,
		);
	}
}

/**
 * A player of the strength table: the move that gains most now, flat Monte-Carlo, or level 5 on a
 * tenth of the time (time odds: level 5 at `moveMs` against itself at `moveMs / 10`).
 */
type Opponent = 'gain' | 'montecarlo' | 'tenth';

interface Tally {
	games: number;
	wins: number;
	ties: number;
	losses: number;
	/** Level 5's points less the opponent's, over all games. */
	margin: number;
	matchesWon: number;
	matchesTied: number;
	matchesLost: number;
}

/**
 * Level 5 at `moveMs` a move against `opponent` on random boards: each board is played twice,
 * each side first once (a PAH-TUM match, decided on the total points).
 */
export function benchPahtumStrength(opponent: Opponent, games: number, moveMs: number, log = console.log): Tally {
	const tally: Tally = {games: 0, wins: 0, ties: 0, losses: 0, margin: 0, matchesWon: 0, matchesTied: 0, matchesLost: 0};
	const level: PlayerKind = {kind: 'level', level: 5};
	for (let match = 0; match < Math.ceil(games / 2); match++) {
		let matchMargin = 0;
		for (const levelSide of [1, 2] as const) {
			if (tally.games >= games) break;
			const engine = new LocalPlayer(level, 1000 + match);
			const rival = opponent === 'tenth' ? new LocalPlayer(level, 2000 + match) : null;
			const random = seededRandom(77 + match * 2 + levelSide);
			let state = pahtum.initial({seed: 500 + match});
			while (!state.outcome) {
				const position = new PahtumBoard(state.cells);
				const move =
					state.toMove === levelSide
						? engine.choose(position, {fixedMs: moveMs})
						: opponent === 'gain'
							? gainMove(position)
							: opponent === 'tenth'
								? rival!.choose(position, {fixedMs: moveMs / 10})
								: monteCarloMove(position, random, {playouts: 1000});
				state = play(state, move);
			}
			const [x, o] = state.scores;
			const margin = levelSide === 1 ? x - o : o - x;
			tally.games++;
			tally.margin += margin;
			matchMargin += margin;
			if (margin > 0) tally.wins++;
			else if (margin < 0) tally.losses++;
			else tally.ties++;
			process.stderr.write(`\rlevel 5 vs ${opponent}: ${tally.games}/${games} games`);
		}
		if (matchMargin > 0) tally.matchesWon++;
		else if (matchMargin < 0) tally.matchesLost++;
		else tally.matchesTied++;
	}
	process.stderr.write('\r\x1b[K');
	const against = {
		gain: 'greedy (the move that gains most now)',
		montecarlo: 'flat Monte-Carlo (1000 playouts per legal move)',
		tenth: `itself at ${moveMs / 10} ms a move`,
	}[opponent];
	const matches = tally.matchesWon + tally.matchesTied + tally.matchesLost;
	// Match points: 2 for a match won on the total of its two games, 1 for a tied one.
	const share = matches === 0 ? 0 : (100 * (2 * tally.matchesWon + tally.matchesTied)) / (2 * matches);
	log(
		`strength of PAH-TUM, level 5 at ${moveMs} ms a move vs ${against}: ` +
			`+${tally.wins} =${tally.ties} -${tally.losses} in ${tally.games} games, matches +${tally.matchesWon} =${tally.matchesTied} -${tally.matchesLost} (${share.toFixed(1)} % of the match points), ` +
			`${(tally.margin / tally.games).toFixed(1)} points a game ahead on average`,
	);
	return tally;
}

/**
 * Level 5 against itself with two shares of the open value in the evaluation (eval.ts's
 * OPEN_PERCENT, set per board), on random boards, each board both ways: how the share was tuned.
 */
export function benchOpenShare(a: number, b: number, games: number, moveMs: number, log = console.log): void {
	const tally = compareSettings(games, `open value ${a} % vs ${b} %`, (game, aSide) => {
		const players = [new LocalPlayer({kind: 'level', level: 5}, game), new LocalPlayer({kind: 'level', level: 5}, game + 99)];
		let state = pahtum.initial({seed: 9000 + (game >> 1)});
		while (!state.outcome) {
			const board = new PahtumBoard(state.cells);
			board.openPercent = state.toMove === aSide ? a : b;
			state = play(state, players[state.toMove === aSide ? 0 : 1]!.choose(board, {fixedMs: moveMs}));
		}
		return aSide === 1 ? state.scores[0] - state.scores[1] : state.scores[1] - state.scores[0];
	});
	log(
		`PAH-TUM evaluation, level 5 at ${moveMs} ms a move, open value ${a} % vs ${b} %: +${tally.wins} =${tally.ties} -${tally.losses} in ${games} games, ${tally.margin.toFixed(1)} points a game for ${a} %`,
	);
}
