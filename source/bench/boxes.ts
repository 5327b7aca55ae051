/**
 * The LINES and BOXES bench: the 3×3 table's build, how many free unit segments the exact solver
 * proves within 1 s, how fast the search runs, and how level 5 fares against a greedy player and
 * against itself on a tenth of the time, on several board sizes.
 */
import {LocalPlayer} from '../engine/players.js';
import {compareSettings} from './setting.js';
import {seededRandom} from '../engine/random.js';
import {Searcher} from '../engine/search.js';
import {boardOf, boxes, type BoxesState} from '../games/boxes/index.js';
import type {BoxesBoard} from '../games/boxes/board.js';
import {bestTake, safeUnits} from '../games/boxes/eval.js';
import {geometryOf} from '../games/boxes/geometry.js';
import {legalMoves, play} from '../games/boxes/rules.js';
import {clearSolverTable, solve} from '../games/boxes/solver.js';
import {END_TABLE_MAX_FREE, solveByEndTable} from '../games/boxes/endtable.js';
import {buildTable, clearTable, drawnSet, tableValue} from '../games/boxes/table3.js';

/** A position with `free` unit segments undrawn on an R × C board: random moves of one unit from the empty board (seeded). */
export function randomBoxesPosition(seed: number, rows: number, columns: number, free: number): BoxesState {
	const random = seededRandom(seed);
	const g = geometryOf(rows, columns);
	let state = boxes.initial({rows, columns});
	let undrawn = g.units;
	while (undrawn > free) {
		const units = legalMoves(state).filter(move => g.unitStart[move + 1]! - g.unitStart[move]! === 1);
		state = play(state, units[Math.floor(random() * units.length)]!);
		undrawn--;
	}
	return state;
}

/**
 * The greedy player of the issue: the move that takes the most boxes now; when none takes any, a
 * move after which the opponent can take none (else one that leaves it the fewest); ties drawn at
 * random.
 */
export function greedyBoxesMove(board: BoxesBoard, random: () => number): number {
	const moves = new Int32Array(board.maxMoves);
	const count = board.generateMoves(moves, 0);
	let best: number[] = [];
	let bestScore = -Infinity;
	for (let i = 0; i < count; i++) {
		const move = moves[i]!;
		const gain = board.moveGain(move);
		let score = 1000 * gain;
		if (gain === 0) {
			board.make(move);
			score = -bestTake(board);
			board.unmake();
		}
		if (score > bestScore) {
			bestScore = score;
			best = [move];
		} else if (score === bestScore) best.push(move);
	}
	return best.length === 0 ? -1 : best[Math.floor(random() * best.length)]!;
}

/** Milliseconds the 3×3 table takes to build from nothing. */
export function benchTableBuild(log = console.log): void {
	clearTable();
	const start = performance.now();
	buildTable();
	log(`3×3 table of all 2^24 drawn sets: built in ${((performance.now() - start) / 1000).toFixed(1)} s`);
}

/**
 * What holds in this variant, measured against the 3×3 table's exact values on the positions of
 * `games` random games (every legal line equally likely): how often every best move is a line of
 * two or more units; how far the evaluation's guess (the boxes takeable now) is from the exact
 * rest of the game, against guessing 0; how the side to move fares with nothing to take and no
 * safe unit segment (every line hands boxes over); and how often, with nothing to take and safe
 * unit segments left, an odd count of them means the side to move comes out ahead.
 */
export function benchBoxesTheory(games = 4000, log = console.log): void {
	buildTable();
	const random = seededRandom(7);
	let positions = 0;
	let longBest = 0;
	let errorZero = 0;
	let errorTake = 0;
	let forced = 0;
	let forcedLost = 0;
	let forcedSum = 0;
	let parityDecided = 0;
	let parityRight = 0;
	for (let game = 0; game < games; game++) {
		const board = boardOf(boxes.initial({rows: 3, columns: 3}));
		const moves = new Int32Array(board.maxMoves);
		while (board.free > 0) {
			const value = tableValue(drawnSet(board))!;
			const count = board.generateMoves(moves, 0);
			let best = -Infinity;
			let shortest = Infinity;
			for (let i = 0; i < count; i++) {
				const move = moves[i]!;
				const gain = board.moveGain(move);
				board.make(move);
				const after = gain - tableValue(drawnSet(board))!;
				board.unmake();
				const length = board.geometry.unitStart[move + 1]! - board.geometry.unitStart[move]!;
				if (after > best) {
					best = after;
					shortest = length;
				} else if (after === best) shortest = Math.min(shortest, length);
			}
			positions++;
			if (shortest > 1) longBest++;
			const take = bestTake(board);
			const safe = safeUnits(board);
			errorZero += Math.abs(value);
			errorTake += Math.abs(value - take);
			if (take === 0 && safe === 0) {
				forced++;
				forcedSum += value;
				if (value < 0) forcedLost++;
			} else if (take === 0 && value !== 0) {
				parityDecided++;
				if ((safe % 2 === 1) === value > 0) parityRight++;
			}
			board.make(moves[Math.floor(random() * count)]!);
		}
	}
	const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;
	log(
		`LINES and BOXES 3×3, ${positions} positions of ${games} random games against the table: every best move a line of 2+ units in ${percent(longBest, positions)}; ` +
			`the boxes takeable now miss the exact rest by ${(errorTake / positions).toFixed(2)} boxes on average (0 misses by ${(errorZero / positions).toFixed(2)}); ` +
			`nothing to take and no safe unit: the side to move loses ${percent(forcedLost, forced)} (${(forcedSum / forced).toFixed(2)} boxes on average, ${forced} positions); ` +
			`nothing to take, safe units left, decided: an odd count of them is the side to move's win in ${percent(parityRight, parityDecided)} (${parityDecided} positions)`,
	);
}

/**
 * Solver reach: on each size, for growing numbers of free unit segments, `positions` random
 * positions; the largest count at which every one was proven within 1 s (cold table), by the
 * search solver and by the table of the endgame.
 */
export function benchBoxesSolverReach(positions = 6, log = console.log): void {
	const warm = boardOf(randomBoxesPosition(1, 5, 5, 18));
	solve(warm, {deadlineMs: performance.now() + 3000});
	for (const [rows, columns] of [
		[5, 5],
		[8, 8],
		[4, 7],
	] as const) {
		let reach = 0;
		let rate = 0;
		for (let free = 14; free <= 40; free++) {
			const times: number[] = [];
			for (let k = 0; k < positions; k++) {
				clearSolverTable();
				const start = performance.now();
				const solution = solve(boardOf(randomBoxesPosition(1000 * free + k, rows, columns, free)), {deadlineMs: start + 1000});
				const ms = performance.now() - start;
				if (solution) {
					times.push(ms);
					rate = Math.max(rate, (solution.nodes * 1000) / Math.max(ms, 1));
				}
			}
			log(
				`solver ${rows}×${columns}, ${free} free unit segments: ${times.length}/${positions} within 1 s (${times.map(ms => ms.toFixed(0)).join(' ')} ms)`,
			);
			if (times.length < positions) break;
			reach = free;
		}
		log(
			`solver reach ${rows}×${columns}: every position proven from ${reach} free unit segments within 1 s; up to ${(rate / 1e6).toFixed(2)} M nodes/s`,
		);
		// The table of the endgame (endtable.ts) on the same positions: its work is 2^f sets whatever the position.
		let tableReach = 0;
		for (let free = 14; free <= END_TABLE_MAX_FREE; free++) {
			const times: number[] = [];
			for (let k = 0; k < positions; k++) {
				const start = performance.now();
				const solution = solveByEndTable(boardOf(randomBoxesPosition(1000 * free + k, rows, columns, free)), {deadlineMs: start + 1000});
				if (solution) times.push(performance.now() - start);
			}
			log(
				`table ${rows}×${columns}, ${free} free unit segments: ${times.length}/${positions} within 1 s (${times.map(ms => ms.toFixed(0)).join(' ')} ms)`,
			);
			if (times.length < positions) break;
			tableReach = free;
		}
		log(`table reach ${rows}×${columns}: every position solved from ${tableReach} free unit segments within 1 s`);
	}
}

/** Nodes per second and depth of the search in 1 s at several stages of a game. */
export function benchBoxesSearch(log = console.log): void {
	new Searcher().search(boardOf(randomBoxesPosition(1, 5, 5, 40)), {softMs: 300, hardMs: 300});
	for (const [rows, columns, free] of [
		[5, 5, 60],
		[5, 5, 40],
		[8, 8, 144],
		[8, 8, 80],
	] as const) {
		const state = randomBoxesPosition(7 + free, rows, columns, free);
		const result = new Searcher().search(boardOf(state), {softMs: 1000, hardMs: 1000});
		log(
			`search ${rows}×${columns}, ${free} free: depth ${result.depth} (selective ${result.selDepth}) in 1 s, ` +
				`${(result.nodesPerSecond / 1000).toFixed(0)} k nodes/s, score ${result.score}, move ${boxes.formatMove(state, result.move)}`,
		);
	}
}

type Opponent = 'greedy' | 'tenth';

/**
 * Level 5 at `moveMs` a move against `opponent` on an R × C board: each board (pre-drawn lines at
 * random, 0..R·C/2 of them, by the match's seed) played twice, each side first once; 2 match
 * points a game won, 1 a game tied (docs/boxes.md §8). Matches are numbered from `firstMatch`, so that
 * runs side by side (one a core) play different boards and add up.
 */
export function benchBoxesStrength(
	rows: number,
	columns: number,
	opponent: Opponent,
	games: number,
	moveMs: number,
	log = console.log,
	firstMatch = 0,
) {
	const tally = {games: 0, wins: 0, ties: 0, losses: 0, margin: 0};
	for (let match = firstMatch; match < firstMatch + Math.ceil(games / 2); match++) {
		const lines = Math.floor(seededRandom(31 + match)() * ((rows * columns) / 2 + 1));
		for (const levelSide of [1, 2] as const) {
			if (tally.games >= games) break;
			const engine = new LocalPlayer({kind: 'level', level: 5}, 1000 + match);
			const rival = opponent === 'tenth' ? new LocalPlayer({kind: 'level', level: 5}, 2000 + match) : null;
			const random = seededRandom(77 + match * 2 + levelSide);
			let state = boxes.initial({rows, columns, lines, seed: 500 + match});
			while (!state.outcome) {
				const board = boardOf(state);
				const move =
					state.toMove === levelSide
						? engine.choose(board, {fixedMs: moveMs})
						: opponent === 'greedy'
							? greedyBoxesMove(board, random)
							: rival!.choose(board, {fixedMs: moveMs / 10});
				state = play(state, move);
			}
			const margin = levelSide === 1 ? state.scores[0] - state.scores[1] : state.scores[1] - state.scores[0];
			tally.games++;
			tally.margin += margin;
			if (margin > 0) tally.wins++;
			else if (margin < 0) tally.losses++;
			else tally.ties++;
			process.stderr.write(
				`\r${rows}×${columns} level 5 vs ${opponent}: ${tally.games}/${games} games, +${tally.wins} =${tally.ties} -${tally.losses}`,
			);
		}
	}
	process.stderr.write('\r\x1b[K');
	const against = opponent === 'greedy' ? 'greedy (most boxes now, else a move that gives none)' : `itself at ${moveMs / 10} ms a move`;
	const share = (100 * (2 * tally.wins + tally.ties)) / (2 * tally.games);
	const boards = firstMatch === 0 ? '' : ` (boards from match ${firstMatch})`;
	log(
		`strength of LINES and BOXES ${rows}×${columns}${boards}, level 5 at ${moveMs} ms a move vs ${against}: ` +
			`+${tally.wins} =${tally.ties} -${tally.losses} in ${tally.games} games (${share.toFixed(1)} % of the match points), ${(tally.margin / tally.games).toFixed(1)} boxes a game ahead on average`,
	);
	return tally;
}

/**
 * Level 5 against itself with two shares of the boxes takeable now in the evaluation (eval.ts's
 * TAKE_PERCENT, set per board), on random R × C boards, each board both ways.
 */
export function benchTakeShare(
	rows: number,
	columns: number,
	a: number,
	b: number,
	games: number,
	moveMs: number,
	log = console.log,
	parity: readonly [number, number] = [0, 0],
): void {
	const tally = compareSettings(games, `take ${a} % vs ${b} %`, (game, aSide) => {
		const players = [new LocalPlayer({kind: 'level', level: 5}, game), new LocalPlayer({kind: 'level', level: 5}, game + 99)];
		const match = game >> 1;
		let state = boxes.initial({
			rows,
			columns,
			lines: Math.floor(seededRandom(31 + match)() * ((rows * columns) / 2 + 1)),
			seed: 9000 + match,
		});
		while (!state.outcome) {
			const board = boardOf(state);
			board.takePercent = state.toMove === aSide ? a : b;
			board.parity = parity[state.toMove === aSide ? 0 : 1];
			state = play(state, players[state.toMove === aSide ? 0 : 1]!.choose(board, {fixedMs: moveMs}));
		}
		return aSide === 1 ? state.scores[0] - state.scores[1] : state.scores[1] - state.scores[0];
	});
	const odd = parity[0] !== parity[1] ? `, odd safe segments ${parity[0]} vs ${parity[1]}` : '';
	log(
		`LINES and BOXES ${rows}×${columns} evaluation, level 5 at ${moveMs} ms a move, takeable boxes ${a} % vs ${b} %${odd}: ` +
			`+${tally.wins} =${tally.ties} -${tally.losses} in ${games} games, ${tally.margin.toFixed(1)} boxes a game for ${a} %`,
	);
}
