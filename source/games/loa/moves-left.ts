/**
 * How many more moves a LOA game will last, judged from the position: what the time plan shares
 * the clock over (engine/time.ts). Read from the friendly state's cells, once per move: nothing
 * here is on the search's path.
 */
import type {LoaState} from './rules.js';

/** What the estimate reads of one side's pieces. */
export interface SideShape {
	readonly pieces: number;
	/** 8-connected groups. */
	readonly groups: number;
	/** Pieces outside the largest group. */
	readonly outside: number;
	/**
	 * The summed Chebyshev distance of the pieces to their centre of mass (rounded to a square),
	 * less the least that many pieces can have (0 for one, 1 a piece round a centre up to 9...):
	 * how far the side is from a compact block.
	 */
	readonly spread: number;
	/** The farthest piece from the centre of mass, in king steps. */
	readonly reach: number;
}

/** The least summed distance to a centre that `n` pieces can have: rings of 8, 16, 24 round it. */
export function leastSpread(n: number): number {
	let sum = 0;
	let ring = 1;
	let left = n - 1;
	while (left > 0) {
		const inRing = Math.min(left, 8 * ring);
		sum += inRing * ring;
		left -= inRing;
		ring++;
	}
	return sum;
}

export function sideShape(cells: readonly number[], size: number, side: number): SideShape {
	const squares: number[] = [];
	for (let square = 0; square < cells.length; square++) if (cells[square] === side) squares.push(square);
	const pieces = squares.length;
	if (pieces === 0) return {pieces, groups: 0, outside: 0, spread: 0, reach: 0};
	let fileSum = 0;
	let rankSum = 0;
	for (const square of squares) {
		fileSum += square % size;
		rankSum += Math.floor(square / size);
	}
	const centreFile = Math.round(fileSum / pieces);
	const centreRank = Math.round(rankSum / pieces);
	let distance = 0;
	let reach = 0;
	for (const square of squares) {
		const d = Math.max(Math.abs((square % size) - centreFile), Math.abs(Math.floor(square / size) - centreRank));
		distance += d;
		reach = Math.max(reach, d);
	}
	// Groups by flood fill over the 8 neighbours.
	const seen = new Uint8Array(cells.length);
	let groups = 0;
	let largest = 0;
	const stack: number[] = [];
	for (const start of squares) {
		if (seen[start]) continue;
		groups++;
		let count = 0;
		seen[start] = 1;
		stack.push(start);
		while (stack.length > 0) {
			const square = stack.pop()!;
			count++;
			const file = square % size;
			const rank = Math.floor(square / size);
			for (let df = -1; df <= 1; df++) {
				for (let dr = -1; dr <= 1; dr++) {
					const f = file + df;
					const r = rank + dr;
					if (f < 0 || r < 0 || f >= size || r >= size) continue;
					const next = r * size + f;
					if (cells[next] === side && !seen[next]) {
						seen[next] = 1;
						stack.push(next);
					}
				}
			}
		}
		largest = Math.max(largest, count);
	}
	return {pieces, groups, outside: pieces - largest, spread: distance - leastSpread(pieces), reach};
}

/** The shapes of the side to move and of its opponent. */
export function shapes(state: LoaState): readonly [SideShape, SideShape] {
	const size = state.variant.size;
	const opponent = state.toMove === 1 ? 2 : 1;
	return [sideShape(state.cells, size, state.toMove), sideShape(state.cells, size, opponent)];
}

/**
 * Moves left ≈ intercept + slope × distance, where distance is the spread plus the groups of both
 * sides together: how far the board is from a side being connected. Fitted by least squares on
 * the moves really left from every position of level 5's self-play (source/tools/moves-left-data.ts
 * plays the games and checks an estimate against them), on the 2-core AMD EPYC VM, 2026-11-25:
 *
 * - LOAPS: 292 games, 8161 positions (level 5 against itself at 30, 100 and 300 ms a move, and
 *   against level 3 from four random plies). Mean absolute error 2.26 moves (1.82 within five
 *   moves of the end); a fixed 20, capped by the move limit, as the plan before had it, was off by
 *   12.15, and the mean of the data itself by 3.90; a line in the ply number alone by 2.55, and
 *   least squares on ten features of both sides (pieces, groups, pieces outside the largest
 *   group, spread, the farthest piece) by 2.29: the one sum does as well as all of them.
 * - Classic LOA: 223 games, 8996 positions, the same pairings; fitted on the 100 and 300 ms games,
 *   whose games run longer than at 30 ms, nearer what a clock of 10 or 60 s gives. Off by 3.29 on
 *   all of them (fixed 20: 9.62, the mean: 5.50).
 * - On 32 later games none of these was fitted on (test/fixtures/moves-left-games.jsonl, 200 ms a
 *   move): LOAPS 2.32 (fixed 20: 12.31), classic 2.39 (fixed 20: 8.78).
 *
 * The line is an average: at LOAPS's start it says 14.1 moves, and from there 10 % of the games
 * lasted 10 moves or fewer, 10 % 19 or more. The plan shares the clock by it and reads it again each
 * move.
 */
export interface MovesLeftFit {
	readonly intercept: number;
	readonly slope: number;
}

export const LOAPS_FIT: MovesLeftFit = {intercept: -2.7, slope: 0.4};
export const CLASSIC_FIT: MovesLeftFit = {intercept: -1.6, slope: 0.38};

/** Spread plus groups of both sides: 2 for a lone piece a side, 42 at LOAPS's start, 60 at classic's. */
export function distance(state: LoaState): number {
	const [me, them] = shapes(state);
	return me.spread + me.groups + them.spread + them.groups;
}

/**
 * Whether a LOAPS game is lopsided, or near it: a margin of LOPSIDED_SHARE of the connection's
 * points or more (8 of 12). At the connection's points the side behind can no longer win by
 * connecting: it stops trying and stands in the way (or plays for the draw at move 50), and the
 * game can last until the side ahead connects through it, or to the limit, however near the fit
 * says the end is: the fit learnt races (in self-play such games still end soon), but against the
 * strong sparring partner positions read as 2 to 5 moves from the end lasted 15 to 25 more. Short
 * of it, margins go back and forth across it (10, 13, 10 in one game against the plain
 * alpha-beta, which then collected points to move 47).
 */
export const LOPSIDED_SHARE = 2 / 3;

export function lopsided(state: LoaState): boolean {
	const connection = state.variant.scoring?.connection;
	return (
		connection !== undefined && state.variant.moveLimit > 0 && Math.abs(state.points[0] - state.points[1]) >= connection * LOPSIDED_SHARE
	);
}

/** The moves the side to move will most likely still make, this one included: at least 1, at most the move limit allows. */
export function expectedMovesLeft(state: LoaState): number {
	const fit = state.variant.id === 'loaps' ? LOAPS_FIT : CLASSIC_FIT;
	const limit = state.variant.moveLimit > 0 ? state.variant.moveLimit - state.moveNumber + 1 : Infinity;
	return Math.max(1, Math.min(limit, fit.intercept + fit.slope * distance(state)));
}
