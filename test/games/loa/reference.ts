/**
 * A plain, slow, obviously-correct reference for the Lines of Action rules (docs/loaps.md, docs/loa.md), written for
 * the tests and sharing no code with the fast core (source/games/loa/board.ts).
 *
 * A position is a grid[rank][file] of 0 (empty), 1 or 2, with rank 0 the bottom rank (a1 =
 * grid[0][0]). Moves are found by counting the pieces on every row, column and diagonal once, then
 * walking each of the 8 directions from each piece; connection is a depth-first search over
 * 8-neighbours. Nothing is kept from one position to the next and nothing is mutated: every move
 * makes a new position.
 *
 * Moves are the engine's integers, `from | to << 6` with squares `rank * size + file`.
 */
import type {Player} from '../../../source/games/game.js';
import {encodeMove, squareName} from '../../../source/games/loa/notation.js';

/**
 * Classic LOA's pass (a side with no legal move passes), spelled out here rather than imported,
 * so that the reference does not take the core's word for it: from and to both 63.
 */
export const REF_PASS = 63 | (63 << 6);
import type {LoaVariant} from '../../../source/games/loa/variant.js';

export interface RefPosition {
	readonly variant: LoaVariant;
	/** grid[rank][file]: 0 empty, 1 or 2. */
	readonly grid: readonly (readonly number[])[];
	readonly toMove: Player;
	/** The upcoming move number of the player to move, from 1. */
	readonly moveNumber: number;
	/** Points of player 1 and player 2. */
	readonly points: readonly [number, number];
}

/** Why a move ended the game. */
export type RefEnd = 'connection' | 'opponent-connected' | 'both-connected' | 'move-limit';

export interface RefMoveResult {
	readonly position: RefPosition;
	readonly mover: Player;
	readonly captured: boolean;
	/** Points this move earned player 1 and player 2. */
	readonly gained: readonly [number, number];
	/** How the move ended the game, or null if it did not. */
	readonly end: RefEnd | null;
}

export interface RefOutcome {
	readonly result: 'win' | 'tie' | 'draw';
	readonly winner: Player | null;
}

/** The 8 directions as (file step, rank step). */
export const DIRECTIONS: ReadonlyArray<readonly [number, number]> = [
	[1, 0],
	[-1, 0],
	[0, 1],
	[0, -1],
	[1, 1],
	[-1, -1],
	[1, -1],
	[-1, 1],
];

/** One step along each kind of line: row, column, diagonal (a1-h8 way), anti-diagonal (a8-h1 way). */
export const LINE_STEPS: ReadonlyArray<readonly [number, number]> = [
	[1, 0],
	[0, 1],
	[1, 1],
	[1, -1],
];

const opponentOf = (side: Player): Player => (side === 1 ? 2 : 1);

export function refFromCells(
	variant: LoaVariant,
	cells: ArrayLike<number>,
	toMove: Player,
	moveNumber: number,
	points: readonly [number, number],
): RefPosition {
	const size = variant.size;
	const grid: number[][] = [];
	for (let rank = 0; rank < size; rank++) {
		const row: number[] = [];
		for (let file = 0; file < size; file++) row.push(cells[rank * size + file]!);
		grid.push(row);
	}
	return {variant, grid, toMove, moveNumber, points: [points[0], points[1]]};
}

/** The start position, from the square names in the variant. */
export function refStart(variant: LoaVariant): RefPosition {
	const size = variant.size;
	const grid: number[][] = [];
	for (let rank = 0; rank < size; rank++) {
		const row: number[] = [];
		for (let file = 0; file < size; file++) {
			const name = squareName(rank * size + file, size);
			row.push(variant.start[0].includes(name) ? 1 : variant.start[1].includes(name) ? 2 : 0);
		}
		grid.push(row);
	}
	return {variant, grid, toMove: 1, moveNumber: 1, points: [0, 0]};
}

/** The cells as one array, index rank * size + file. */
export function refCells(position: RefPosition): number[] {
	const cells: number[] = [];
	for (const row of position.grid) for (const cell of row) cells.push(cell);
	return cells;
}

/** Half-moves played since the start of the game. */
export function refPly(position: RefPosition): number {
	return 2 * (position.moveNumber - 1) + (position.toMove === 2 ? 1 : 0);
}

const onBoard = (size: number, file: number, rank: number): boolean => file >= 0 && file < size && rank >= 0 && rank < size;

/** Pieces of both colours on the whole line through (file, rank) in direction (df, dr), the square itself included. */
export function piecesOnLine(position: RefPosition, file: number, rank: number, df: number, dr: number): number {
	const size = position.variant.size;
	// Walk back to the edge, then scan the whole line forwards.
	let f = file;
	let r = rank;
	while (onBoard(size, f - df, r - dr)) {
		f -= df;
		r -= dr;
	}
	let count = 0;
	while (onBoard(size, f, r)) {
		if (position.grid[r]![f] !== 0) count++;
		f += df;
		r += dr;
	}
	return count;
}

/**
 * The legal moves of the side to move, sorted by their integer. In classic LOA a side whose pieces
 * cannot move has exactly one move, the pass; in LOAPS it has none (and loses).
 */
export function refMoves(position: RefPosition): number[] {
	const moves = pieceMoves(position);
	if (moves.length === 0 && position.variant.noMove === 'passes') return [REF_PASS];
	return moves;
}

/**
 * Pieces of both colours on every line of the board, each line counted once: rows by rank,
 * columns by file, diagonals (a1-h8 way) by file − rank + size − 1, anti-diagonals by file + rank.
 */
interface LineCounts {
	readonly rows: number[];
	readonly columns: number[];
	readonly diagonals: number[];
	readonly antiDiagonals: number[];
}

function countLines(position: RefPosition): LineCounts {
	const size = position.variant.size;
	const counts: LineCounts = {
		rows: new Array<number>(size).fill(0),
		columns: new Array<number>(size).fill(0),
		diagonals: new Array<number>(2 * size - 1).fill(0),
		antiDiagonals: new Array<number>(2 * size - 1).fill(0),
	};
	for (let rank = 0; rank < size; rank++) {
		for (let file = 0; file < size; file++) {
			if (position.grid[rank]![file] === 0) continue;
			counts.rows[rank]!++;
			counts.columns[file]!++;
			counts.diagonals[file - rank + size - 1]!++;
			counts.antiDiagonals[file + rank]!++;
		}
	}
	return counts;
}

/** The count of the line through (file, rank) in direction (df, dr), from countLines. */
function onLine(counts: LineCounts, size: number, file: number, rank: number, df: number, dr: number): number {
	if (dr === 0) return counts.rows[rank]!;
	if (df === 0) return counts.columns[file]!;
	return df === dr ? counts.diagonals[file - rank + size - 1]! : counts.antiDiagonals[file + rank]!;
}

/** The moves of the pieces of the side to move, sorted by their integer. */
function pieceMoves(position: RefPosition): number[] {
	const size = position.variant.size;
	const {grid} = position;
	const me = position.toMove;
	const opponent = opponentOf(me);
	const counts = countLines(position);
	const moves: number[] = [];
	for (let rank = 0; rank < size; rank++) {
		for (let file = 0; file < size; file++) {
			if (grid[rank]![file] !== me) continue;
			for (const [df, dr] of DIRECTIONS) {
				const distance = onLine(counts, size, file, rank, df, dr);
				const toFile = file + distance * df;
				const toRank = rank + distance * dr;
				if (!onBoard(size, toFile, toRank)) continue;
				if (grid[toRank]![toFile] === me) continue;
				let blocked = false;
				for (let step = 1; step < distance && !blocked; step++) {
					if (grid[rank + step * dr]![file + step * df] === opponent) blocked = true;
				}
				if (blocked) continue;
				// Into its place among the moves found so far, which are in order.
				const move = encodeMove(rank * size + file, toRank * size + toFile);
				let at = moves.length;
				for (; at > 0 && moves[at - 1]! > move; at--) moves[at] = moves[at - 1]!;
				moves[at] = move;
			}
		}
	}
	return moves;
}

/** Whether all of a side's pieces form one group under 8-neighbour adjacency (a single piece does). */
export function refConnected(position: RefPosition, side: Player): boolean {
	const size = position.variant.size;
	const {grid} = position;
	// A depth-first search from the first piece found, over the squares index rank * size + file.
	const seen = new Array<boolean>(size * size).fill(false);
	let pieces = 0;
	let first = -1;
	for (let square = 0; square < size * size; square++) {
		if (grid[Math.floor(square / size)]![square % size] !== side) continue;
		pieces++;
		if (first < 0) first = square;
	}
	if (pieces <= 1) return true;
	seen[first] = true;
	let reached = 1;
	const stack = [first];
	while (stack.length > 0) {
		const square = stack.pop()!;
		const file = square % size;
		const rank = Math.floor(square / size);
		for (let dr = -1; dr <= 1; dr++) {
			for (let df = -1; df <= 1; df++) {
				const f = file + df;
				const r = rank + dr;
				if (!onBoard(size, f, r) || grid[r]![f] !== side || seen[r * size + f]) continue;
				seen[r * size + f] = true;
				reached++;
				stack.push(r * size + f);
			}
		}
	}
	return reached === pieces;
}

/** Points for landing on a square (LOAPS bonus squares), 0 elsewhere or without scoring. */
function bonusAt(variant: LoaVariant, square: number): number {
	return variant.scoring?.bonus[squareName(square, variant.size)] ?? 0;
}

/**
 * Plays a move (which must be legal: one of refMoves) and says what it scored and whether it
 * ended the game. docs/loaps.md §3, §4 and §6; classic LOA has no points and no move limit.
 */
export function applyMove(position: RefPosition, move: number): RefMoveResult {
	const {variant} = position;
	if (move === REF_PASS) {
		if (variant.noMove !== 'passes' || pieceMoves(position).length > 0)
			throw new RangeError('a pass is legal only in classic LOA, with no piece able to move');
		// The other side to move, the board as it was; nothing captured, scored or ended.
		const mover = position.toMove;
		return {
			position: {...position, toMove: opponentOf(mover), moveNumber: mover === 2 ? position.moveNumber + 1 : position.moveNumber},
			mover,
			captured: false,
			gained: [0, 0],
			end: null,
		};
	}
	const size = variant.size;
	const from = move & 63;
	const to = move >> 6;
	const me = position.toMove;
	const opponent = opponentOf(me);
	const [fromFile, fromRank] = [from % size, Math.floor(from / size)];
	const [toFile, toRank] = [to % size, Math.floor(to / size)];
	if (position.grid[fromRank]![fromFile] !== me) throw new RangeError(`no piece of player ${me} on ${squareName(from, size)}`);
	if (position.grid[toRank]![toFile] === me) throw new RangeError(`player ${me} cannot land on its own piece`);

	const captured = position.grid[toRank]![toFile] === opponent;
	const grid = position.grid.map(row => [...row]);
	grid[fromRank]![fromFile] = 0;
	grid[toRank]![toFile] = me;

	const scoring = variant.scoring;
	let gainMe = 0;
	let gainOpponent = 0;
	if (scoring) {
		if (captured) gainMe += scoring.capture;
		gainMe += bonusAt(variant, to);
	}

	const after: RefPosition = {...position, grid};
	const meConnected = refConnected(after, me);
	const opponentConnected = refConnected(after, opponent);
	let end: RefEnd | null = null;
	if (meConnected) {
		end = opponentConnected ? 'both-connected' : 'connection';
		gainMe += scoring?.connection ?? 0;
	} else if (captured && opponentConnected) {
		end = 'opponent-connected';
		gainOpponent += scoring?.connection ?? 0;
	} else if (variant.moveLimit > 0 && me === 2 && position.moveNumber >= variant.moveLimit) {
		end = 'move-limit';
	}

	const gained: [number, number] = me === 1 ? [gainMe, gainOpponent] : [gainOpponent, gainMe];
	return {
		position: {
			variant,
			grid,
			toMove: opponent,
			moveNumber: me === 2 ? position.moveNumber + 1 : position.moveNumber,
			points: [position.points[0] + gained[0], position.points[1] + gained[1]],
		},
		mover: me,
		captured,
		gained,
		end,
	};
}

/**
 * How a game ended after this move, or null if it goes on: a connection is decided by the points
 * in LOAPS and by who is connected in classic LOA (both at once is a draw there, or the mover's
 * win under Sackson's ruling); the move limit is a draw; in LOAPS a player left without a legal
 * move loses (in classic LOA it passes). Repetition is the line's business (refRepetitions).
 */
export function refOutcome(result: RefMoveResult): RefOutcome | null {
	const {position, mover, end} = result;
	const scored = position.variant.scoring !== null;
	const byPoints = (): RefOutcome => {
		const [p1, p2] = position.points;
		return p1 === p2 ? {result: 'tie', winner: null} : {result: 'win', winner: p1 > p2 ? 1 : 2};
	};
	switch (end) {
		case 'connection':
			return scored ? byPoints() : {result: 'win', winner: mover};
		case 'opponent-connected':
			return scored ? byPoints() : {result: 'win', winner: opponentOf(mover)};
		case 'both-connected':
			if (scored) return byPoints();
			return position.variant.bothConnected === 'mover' ? {result: 'win', winner: mover} : {result: 'draw', winner: null};
		case 'move-limit':
			return {result: 'draw', winner: null};
		case null:
			break;
	}
	if (scored && refMoves(position).length === 0) return {result: 'win', winner: mover};
	return null;
}

/**
 * A finished game seen from the side to move after the move: 1 won, 0 draw or tie, -1 lost, or
 * null if the move did not end the game (a side without moves is not seen here).
 */
export function refTerminal(result: RefMoveResult): 1 | 0 | -1 | null {
	if (result.end === null) return null;
	const outcome = refOutcome(result)!;
	if (outcome.winner === null) return 0;
	return outcome.winner === result.position.toMove ? 1 : -1;
}

/**
 * perft as docs/command-line.md §7 defines it: the number of move sequences of exactly `depth` moves. A move that
 * ends the game counts at the last depth and is not continued below it; a position without legal
 * moves contributes nothing.
 */
export function perftRef(position: RefPosition, depth: number): number {
	if (depth <= 0) return 1;
	let total = 0;
	for (const move of refMoves(position)) {
		if (depth === 1) {
			total += 1;
			continue;
		}
		const result = applyMove(position, move);
		if (result.end === null) total += perftRef(result.position, depth - 1);
	}
	return total;
}

/**
 * How many times the last position of `line` (a game, oldest first, each position the one before
 * after a move; `captured[i]` whether the move into line[i] captured) has stood with the same side
 * to move, this time included, counting back to the last capture. Plain comparison of the grids.
 */
export function refRepetitions(line: readonly RefPosition[], captured: readonly boolean[]): number {
	const last = line.at(-1)!;
	const key = (position: RefPosition) => `${position.toMove}:${position.grid.map(row => row.join('')).join('/')}`;
	let count = 0;
	for (let index = line.length - 1; index >= 0; index--) {
		if (key(line[index]!) === key(last)) count++;
		if (captured[index]) break;
	}
	return count;
}
