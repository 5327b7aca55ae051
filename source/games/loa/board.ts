/**
 * The fast, mutable LOA position for search: typed arrays, each line's filling (line-moves.ts)
 * and the sums kept from them (line-tally.ts), piece lists and 64-bit piece masks, make/unmake
 * with an undo stack, and a 64-bit Zobrist key kept as two 32-bit halves. Nothing in
 * generateMoves, countMoves, make, unmake or terminal allocates.
 *
 * Squares are rank * size + file (a1 = 0). Moves are `from | to << 6`.
 */
import {ONGOING, type Player, type SearchPosition} from '../game.js';
import {evaluate} from './eval.js';
import {PASS, parseSquare} from './notation.js';
import type {LoaVariant} from './variant.js';
import {seededWords} from '../seeded.js';
import {LIST_STRIDE} from './piece-list.js';
import {
	BONUS_BITS,
	BONUS_LOW_BITS,
	BONUS_MASK,
	BONUS_SIDE,
	bonusTally,
	mobilityTally,
	MOBILITY_MASK,
	MOBILITY_SIDE,
	NO_LINE,
	type LineTally,
} from './line-tally.js';
import {codeBase, FILLINGS, INFO_CAPTURES, INFO_TARGETS, lineMoves, lowest, POW3, TALLY_CAPTURES, TALLY_MOVES} from './line-moves.js';

/** Why the game ended with the last move. */
export const Status = {
	ongoing: 0,
	/** The mover connected (and the opponent did not). */
	moverConnected: 1,
	/** The mover captured and left the opponent connected; the mover is not. */
	opponentConnected: 2,
	/** The mover captured and both sides are connected. */
	bothConnected: 3,
	/** Player 2 made the last move the limit allows. */
	moveLimit: 4,
} as const;

/** 8 directions as (file, rank) steps; direction d lies on line family d >> 1. */
const STEPS: ReadonlyArray<readonly [number, number]> = [
	[1, 0],
	[-1, 0],
	[0, 1],
	[0, -1],
	[1, 1],
	[-1, -1],
	[1, -1],
	[-1, 1],
];

export {LIST_STRIDE} from './piece-list.js';
/**
 * An undo record: the move, what was captured (slot or -1), the points it gained each side, the
 * status and reversibleFrom before it, then (from UNDO_SUMS on) the sums the cells keep as they
 * were before it, which unmake puts back instead of working them out again: the tallies, both
 * Euler numbers, the piece keys, the hash and the key's state part.
 */
const UNDO_STRIDE = 18;
const UNDO_SUMS = 6;

/** Everything about a board size that never changes: line ids, rays, neighbours, Zobrist keys. */
export interface Geometry {
	readonly size: number;
	readonly squares: number;
	readonly lineCount: number;
	/** lineOf[square * 4 + family]: index of the square's row, column, diagonal, anti-diagonal. */
	readonly lineOf: Int8Array;
	/**
	 * linePos[square * 4 + family]: where the square stands on that line, counting along the
	 * family's even direction (0 at the line's first square); lineSquares[line * 8 + i] the
	 * line's i-th square that way; lineLength[line] its squares.
	 */
	readonly linePos: Int8Array;
	readonly lineSquares: Int8Array;
	readonly lineLength: Int8Array;
	/** Where a line's fillings begin in the move tables (line-moves.ts): codeBase of its length. */
	readonly lineBase: Int32Array;
	/**
	 * lineStep[square * 4 + family]: the square's line on that family (the low byte) and the
	 * weight of its place in the line's code (the rest): lineOf and POW3 of linePos in one.
	 */
	readonly lineStep: Int32Array;
	/** rays[(square * 8 + direction) * size + i]: the i-th square from `square` that way. */
	readonly rays: Int8Array;
	readonly rayLength: Int8Array;
	readonly neighbours: Int8Array;
	readonly neighbourCount: Int8Array;
	/** A square's neighbours as a 64-bit mask, squares 0-31 in haloLo and 32-63 in haloHi. */
	readonly haloLo: Int32Array;
	readonly haloHi: Int32Array;
	/** zobrist{Lo,Hi}[side * squares + square]; side 0 is unused. */
	readonly zobristLo: Int32Array;
	readonly zobristHi: Int32Array;
	readonly sideLo: number;
	readonly sideHi: number;
	/** fileOf[square], rankOf[square]. */
	readonly fileOf: Int8Array;
	readonly rankOf: Int8Array;
	/** Twice the king-distance of a square from the middle of the board. */
	readonly offCentre2: Int8Array;
	/**
	 * The 2×2 quads of the board padded by an empty ring, (size + 1)² of them: quadSquares[q * 4 + j]
	 * is corner j (a b / c d, a and d diagonal) or -1 off the board; quadsOf[square * 4 + k] the
	 * four quads a square is a corner of.
	 */
	readonly quadSquares: Int8Array;
	readonly quadsOf: Int16Array;
	/** The weight of a square in each of its quads' pattern codes: 1, 3, 9 or 27 (its corner). */
	readonly quadWeightOf: Int8Array;
}

/**
 * A quad's share of 4 × Euler number (8-connected: groups less holes) of side 1 and side 2, by
 * its pattern a + 3b + 9c + 27d of cells 0, 1, 2: Q1 counts +1, Q3 -1, a diagonal pair -2.
 */
const QUAD_EULER: readonly [Int8Array, Int8Array] = (() => {
	const one = new Int8Array(81);
	const two = new Int8Array(81);
	for (let code = 0; code < 81; code++) {
		const corners = [code % 3, Math.floor(code / 3) % 3, Math.floor(code / 9) % 3, Math.floor(code / 27)];
		for (const [side, table] of [
			[1, one],
			[2, two],
		] as const) {
			const mine = corners.map(cell => cell === side);
			const count = mine.filter(Boolean).length;
			table[code] = count === 1 ? 1 : count === 3 ? -1 : count === 2 && mine[0] === mine[3] ? -2 : 0;
		}
	}
	return [one, two];
})();

/** Both sides' shares at once: side 1's plus 32 times side 2's (each within -2 .. 1). */
const QUAD_EULER_BOTH = Int16Array.from(QUAD_EULER[0], (one, code) => one + 32 * QUAD_EULER[1][code]!);

const geometries = new Map<number, Geometry>();

export function geometry(size: number): Geometry {
	const cached = geometries.get(size);
	if (cached) return cached;
	if (size < 3 || size > 8) throw new RangeError(`LOA boards are 3×3 to 8×8, not ${size}×${size}`);
	const squares = size * size;
	const lineOf = new Int8Array(squares * 4);
	const rays = new Int8Array(squares * 8 * size);
	const rayLength = new Int8Array(squares * 8);
	const neighbours = new Int8Array(squares * 8);
	const neighbourCount = new Int8Array(squares);
	for (let square = 0; square < squares; square++) {
		const file = square % size;
		const rank = (square - file) / size;
		lineOf[square * 4] = rank;
		lineOf[square * 4 + 1] = size + file;
		lineOf[square * 4 + 2] = 2 * size + (file - rank + size - 1);
		lineOf[square * 4 + 3] = 2 * size + (2 * size - 1) + (file + rank);
		for (let direction = 0; direction < 8; direction++) {
			const [df, dr] = STEPS[direction]!;
			let length = 0;
			for (let f = file + df, r = rank + dr; f >= 0 && f < size && r >= 0 && r < size; f += df, r += dr) {
				rays[(square * 8 + direction) * size + length] = r * size + f;
				length++;
			}
			rayLength[square * 8 + direction] = length;
			if (length > 0) neighbours[square * 8 + neighbourCount[square]!++] = rays[(square * 8 + direction) * size]!;
		}
	}
	const lineCount = 2 * size + 2 * (2 * size - 1);
	const linePos = new Int8Array(squares * 4);
	const lineSquares = new Int8Array(lineCount * 8);
	const lineLength = new Int8Array(lineCount);
	for (let square = 0; square < squares; square++) {
		for (let family = 0; family < 4; family++) {
			// A line's first square has nothing behind it (its odd direction).
			if (rayLength[square * 8 + 2 * family + 1] !== 0) continue;
			const line = lineOf[square * 4 + family]!;
			lineSquares[line * 8] = square;
			lineLength[line] = rayLength[square * 8 + 2 * family]! + 1;
			const ray = (square * 8 + 2 * family) * size;
			for (let i = 0; i < rayLength[square * 8 + 2 * family]!; i++) {
				const next = rays[ray + i]!;
				lineSquares[line * 8 + i + 1] = next;
				linePos[next * 4 + family] = i + 1;
			}
		}
	}
	const lineBase = new Int32Array(lineCount);
	const lineStep = new Int32Array(squares * 4);
	for (let k = 0; k < squares * 4; k++) lineStep[k] = lineOf[k]! | (POW3[linePos[k]!]! << 8);
	for (let line = 0; line < lineCount; line++) lineBase[line] = codeBase[lineLength[line]!]!;
	const haloLo = new Int32Array(squares);
	const haloHi = new Int32Array(squares);
	for (let k = 0; k < squares * 8; k++) {
		const square = k >> 3;
		if ((k & 7) >= neighbourCount[square]!) continue;
		const next = neighbours[k]!;
		if (next < 32) haloLo[square]! |= 1 << next;
		else haloHi[square]! |= 1 << (next - 32);
	}
	const fileOf = new Int8Array(squares);
	const rankOf = new Int8Array(squares);
	const offCentre2 = new Int8Array(squares);
	for (let square = 0; square < squares; square++) {
		fileOf[square] = square % size;
		rankOf[square] = Math.floor(square / size);
		offCentre2[square] = Math.max(Math.abs(2 * fileOf[square]! - (size - 1)), Math.abs(2 * rankOf[square]! - (size - 1)));
	}
	// Quad q = (rank + 1) * (size + 1) + (file + 1) has its lower-left corner at (file, rank).
	const quadSquares = new Int8Array((size + 1) * (size + 1) * 4).fill(-1);
	const quadsOf = new Int16Array(squares * 4);
	const quadWeightOf = new Int8Array(squares * 4);
	const seen = new Int8Array(squares);
	for (let rank = -1; rank < size; rank++) {
		for (let file = -1; file < size; file++) {
			const q = (rank + 1) * (size + 1) + (file + 1);
			const corners = [
				[file, rank],
				[file + 1, rank],
				[file, rank + 1],
				[file + 1, rank + 1],
			] as const;
			corners.forEach(([f, r], j) => {
				if (f < 0 || r < 0 || f >= size || r >= size) return;
				const square = r * size + f;
				quadSquares[q * 4 + j] = square;
				quadWeightOf[square * 4 + seen[square]!] = 3 ** j;
				quadsOf[square * 4 + seen[square]!++] = q;
			});
		}
	}
	// Seeded, so the keys are the same in every run and thread.
	const next = seededWords(0x10a95eed ^ size);
	const zobristLo = new Int32Array(3 * squares);
	const zobristHi = new Int32Array(3 * squares);
	for (let i = squares; i < 3 * squares; i++) {
		zobristLo[i] = next();
		zobristHi[i] = next();
	}
	const result: Geometry = {
		size,
		squares,
		lineCount,
		lineOf,
		linePos,
		lineSquares,
		lineLength,
		lineBase,
		lineStep,
		rays,
		rayLength,
		neighbours,
		neighbourCount,
		haloLo,
		haloHi,
		zobristLo,
		zobristHi,
		sideLo: next(),
		sideHi: next(),
		fileOf,
		rankOf,
		offCentre2,
		quadSquares,
		quadsOf,
		quadWeightOf,
	};
	geometries.set(size, result);
	return result;
}

/** What a fresh LoaBoard is set up from: cells (0 empty, 1, 2), side to move, plies played, points. */
export interface BoardSetup {
	readonly cells: ArrayLike<number>;
	readonly toMove: Player;
	/** Half-moves played since the start of the game (for the move limit). */
	readonly ply: number;
	readonly points: readonly [number, number];
	/** How the move that led here ended the game (Status); ongoing if omitted. */
	readonly status?: number;
	/**
	 * The positions of the game before this one that it could still repeat (back to the last
	 * capture), oldest first, as cells and side to move; for the repetition rule. None if omitted.
	 */
	readonly earlier?: ReadonlyArray<{readonly cells: ArrayLike<number>; readonly toMove: Player}>;
}

export class LoaBoard implements SearchPosition {
	readonly variant: LoaVariant;
	readonly geometry: Geometry;
	readonly size: number;
	readonly squares: number;
	readonly maxMoves: number;
	readonly moveSpace = 64 * 64;
	/** 0 empty, 1 or 2: whose piece. */
	readonly cells: Int8Array;
	/**
	 * lineFilling[line]: what stands on each row, column, diagonal and anti-diagonal (ids from
	 * geometry.lineOf), as the line's filling in the tables of line-moves.ts (codeBase of its
	 * length plus the base-3 code of its places); kept with the cells.
	 */
	readonly lineFilling: Int16Array;
	/**
	 * The sum of the lines' tallies (line-moves.ts): both sides' moves (if each were to move now,
	 * the pass not counted) and lines where each has a capture, a byte each; kept with the cells.
	 * Read through moveCount and captureLines.
	 */
	private tally = 0;
	/** bitsLo/Hi[side]: the squares of a side's pieces as a 64-bit mask; kept with the cells. */
	readonly bitsLo = new Int32Array(3);
	readonly bitsHi = new Int32Array(3);
	/** pieceList[side * 16 + i], i < pieceCount[side]: the squares of a side's pieces. */
	readonly pieceList: Int8Array;
	readonly pieceCount: Int8Array;
	/** Where a square's piece stands in its side's list. Valid only for occupied squares. */
	private readonly slot: Int8Array;
	readonly bonus: Int8Array;
	/** The squares with a bonus. */
	readonly bonusList: Int8Array;
	/** BONUS_LOW_BITS for the bonus squares there are: none in classic LOA, whose tally is mobility. */
	private readonly bonusFields: number;
	/** lineBonus[line]: the places of a line that are bonus squares, a bit a place. */
	private readonly lineBonus: Uint8Array;
	/**
	 * The sum of the lines' numbers in the variant's line tally (line-tally.ts), kept with the
	 * cells: in LOAPS the bonus tally (for each side and bonus square, on how many lines the side
	 * has a move that lands on it: reachesBonus, bonusReached), in classic LOA the weighted
	 * mobility of both sides (weightedMobility).
	 */
	private extraTally = 0;
	private readonly extra: LineTally;
	/** points[1], points[2]. */
	readonly points: Int32Array;
	/** euler4[1], euler4[2]: four times each side's Euler number, kept up to date by make/unmake. */
	readonly euler4: Int32Array;
	/** Each quad's pattern code a + 3b + 9c + 27d, kept up to date with the cells. */
	private readonly quadCode: Int8Array;
	sideToMove: Player = 1;
	ply = 0;
	/**
	 * Zobrist key of the pieces and the side to move. It leaves out the points and the ply, which
	 * change a LOAPS position's value: a transposition table must key those in as well.
	 */
	hashLo = 0;
	hashHi = 0;
	/** What the key adds to the hash: the points margin and, with a move limit, the ply, mixed. */
	private stateLo = 0;
	private stateHi = 0;
	/**
	 * pieceKeyLo/Hi[side]: the Zobrist key of one side's pieces alone, for what the evaluation
	 * works out from them alone (kept with the cells).
	 */
	readonly pieceKeyLo = new Int32Array(3);
	readonly pieceKeyHi = new Int32Array(3);
	/** Status of the last move (see Status). */
	status: number = Status.ongoing;
	private readonly capturePoints: number;
	/** moveGain's parts: landing on a square (its bonus), and capturing (its points, or 1 in a game without). */
	private readonly landingGain: Int16Array;
	private readonly captureGain: number;
	readonly connectionPoints: number;
	/** Plies after which the game is drawn; 0 for no limit. */
	readonly limitPly: number;
	private undo: Int32Array;
	private depth = 0;
	private readonly scratch: Int32Array;
	/**
	 * The Zobrist keys of the positions of the game so far: the earlier ones given to setUp, then
	 * the set-up position (index `seeded`), then one per move made since. Only positions from
	 * `reversibleFrom` on can come again: a capture is never undone.
	 */
	private pastLo: Int32Array;
	private pastHi: Int32Array;
	private seeded = 0;
	private reversibleFrom = 0;
	private readonly passes: boolean;
	/**
	 * For quietMayEnd, by the square of one of the side to move's pieces: the squares where that
	 * piece would join all the side's other pieces into one group (a 64-bit mask, as two halves),
	 * and the position (hash) they were worked out for. By square, not by the piece's slot in the
	 * list: the same position reached by another move order may list its pieces in another order.
	 */
	private readonly joinLo = new Int32Array(64);
	private readonly joinHi = new Int32Array(64);
	private readonly joinKeyLo = new Int32Array(64);
	private readonly joinKeyHi = new Int32Array(64);
	/**
	 * For quietMayEnd and quietEndPossible, by the square of one of the mover's pieces: the
	 * squares next to every group of the mover but the piece's own (prepareNear), and the
	 * position they are for.
	 */
	private readonly nearLo = new Int32Array(64);
	private readonly nearHi = new Int32Array(64);
	private nearKeyLo = 0;
	private nearKeyHi = 0;
	private nearAny = false;
	/** Scratch of prepareNear, by group: its pieces and its halo. */
	private readonly groupLo = new Int32Array(LIST_STRIDE);
	private readonly groupHi = new Int32Array(LIST_STRIDE);
	private readonly groupHaloLo = new Int32Array(LIST_STRIDE);
	private readonly groupHaloHi = new Int32Array(LIST_STRIDE);
	/** The group the last flood filled, and the squares next to it. */
	private floodLo = 0;
	private floodHi = 0;
	private haloOfLo = 0;
	private haloOfHi = 0;

	constructor(variant: LoaVariant, setup?: BoardSetup) {
		this.variant = variant;
		this.size = variant.size;
		this.geometry = geometry(variant.size);
		this.squares = this.geometry.squares;
		this.maxMoves = variant.maxPieces * 8;
		this.cells = new Int8Array(this.squares);
		this.lineFilling = new Int16Array(this.geometry.lineCount);
		this.pieceList = new Int8Array(3 * LIST_STRIDE);
		this.pieceCount = new Int8Array(3);
		this.slot = new Int8Array(this.squares);
		this.bonus = new Int8Array(this.squares);
		this.points = new Int32Array(3);
		this.euler4 = new Int32Array(3);
		this.quadCode = new Int8Array(this.geometry.quadSquares.length / 4);
		this.capturePoints = variant.scoring?.capture ?? 0;
		this.connectionPoints = variant.scoring?.connection ?? 0;
		this.limitPly = variant.moveLimit * 2;
		const bonusSquares: number[] = [];
		this.lineBonus = new Uint8Array(this.geometry.lineCount);
		for (const [name, value] of Object.entries(variant.scoring?.bonus ?? {})) {
			const square = parseSquare(name, this.size);
			this.bonus[square] = value;
			bonusSquares.push(square);
			for (let k = square * 4; k < square * 4 + 4; k++) this.lineBonus[this.geometry.lineOf[k]!]! |= 1 << this.geometry.linePos[k]!;
		}
		this.bonusList = Int8Array.from(bonusSquares);
		this.bonusFields = BONUS_LOW_BITS & ((1 << (this.bonusList.length * BONUS_BITS)) - 1);
		this.landingGain = Int16Array.from(this.bonus, value => value * 100);
		this.captureGain = (variant.scoring === null ? 1 : this.capturePoints) * 100;
		// One tally for each size and set of bonus squares (the tables depend on nothing else).
		const tallyId = variant.scoring ? `bonus ${this.size} ${bonusSquares.join(',')}` : `weighted mobility ${this.size}`;
		let extra = talliesByVariant.get(tallyId);
		if (!extra) {
			extra = variant.scoring ? bonusTally(this.geometry, this.lineBonus, this.bonusList) : mobilityTally(this.geometry);
			talliesByVariant.set(tallyId, extra);
		}
		this.extra = extra;
		this.undo = new Int32Array(256 * UNDO_STRIDE);
		this.scratch = new Int32Array(this.maxMoves);
		this.passes = variant.noMove === 'passes';
		this.pastLo = new Int32Array(256);
		this.pastHi = new Int32Array(256);
		this.setUp(setup ?? startSetup(variant));
	}

	/** Replaces the whole position; forgets the undo stack. */
	setUp(setup: BoardSetup): void {
		const {cells, pieceList, pieceCount, slot} = this;
		const {zobristLo, zobristHi} = this.geometry;
		cells.fill(0);
		this.lineFilling.set(this.geometry.lineBase);
		this.tally = 0;
		this.extraTally = 0;
		// The empty lines have no moves; addToLines counts what each piece set up adds.
		this.bitsLo.fill(0);
		this.bitsHi.fill(0);
		this.pieceKeyLo.fill(0);
		this.pieceKeyHi.fill(0);
		pieceCount.fill(0);
		this.hashLo = 0;
		this.hashHi = 0;
		for (let square = 0; square < this.squares; square++) {
			const side = setup.cells[square]!;
			if (side === 0) continue;
			if (side !== 1 && side !== 2) throw new RangeError(`cell ${square} holds ${side}, not 0, 1 or 2`);
			if (pieceCount[side]! >= Math.min(LIST_STRIDE, this.variant.maxPieces)) {
				throw new RangeError(`side ${side} has more than ${this.variant.maxPieces} pieces`);
			}
			cells[square] = side;
			this.flipPiece(square, side);
			this.addToLines(square, side);
			slot[square] = pieceCount[side]!;
			pieceList[side * LIST_STRIDE + pieceCount[side]!++] = square;
			this.hashLo ^= zobristLo[side * this.squares + square]!;
			this.hashHi ^= zobristHi[side * this.squares + square]!;
		}
		this.sideToMove = setup.toMove;
		if (setup.toMove === 2) {
			this.hashLo ^= this.geometry.sideLo;
			this.hashHi ^= this.geometry.sideHi;
		}
		this.ply = setup.ply;
		this.points[0] = 0;
		this.points[1] = setup.points[0];
		this.points[2] = setup.points[1];
		this.refreshState();
		this.status = setup.status ?? Status.ongoing;
		this.depth = 0;
		// What quietMayEnd worked out belongs to the old position.
		this.nearKeyLo = ~this.hashLo;
		this.joinKeyLo.fill(~this.hashLo);
		this.seedPast(setup.earlier ?? []);
		this.euler4.fill(0);
		const {quadSquares} = this.geometry;
		for (let q = 0; q < this.quadCode.length; q++) {
			let code = 0;
			for (let j = 3; j >= 0; j--) {
				const square = quadSquares[q * 4 + j]!;
				code = code * 3 + (square < 0 ? 0 : cells[square]!);
			}
			this.quadCode[q] = code;
			this.euler4[1]! += QUAD_EULER[0][code]!;
			this.euler4[2]! += QUAD_EULER[1][code]!;
		}
	}

	/** Records the keys of the earlier positions and of the one now set up. */
	private seedPast(earlier: NonNullable<BoardSetup['earlier']>): void {
		const {zobristLo, zobristHi, sideLo, sideHi} = this.geometry;
		const count = earlier.length;
		while (this.pastLo.length < count + 256) this.growPast();
		for (let index = 0; index < count; index++) {
			const {cells, toMove} = earlier[index]!;
			let lo = toMove === 2 ? sideLo : 0;
			let hi = toMove === 2 ? sideHi : 0;
			for (let square = 0; square < this.squares; square++) {
				const side = cells[square]!;
				if (side === 0) continue;
				lo ^= zobristLo[side * this.squares + square]!;
				hi ^= zobristHi[side * this.squares + square]!;
			}
			this.pastLo[index] = lo;
			this.pastHi[index] = hi;
		}
		this.seeded = count;
		this.reversibleFrom = 0;
		this.pastLo[count] = this.hashLo;
		this.pastHi[count] = this.hashHi;
	}

	private growPast(): void {
		const lo = new Int32Array(this.pastLo.length * 2);
		const hi = new Int32Array(this.pastHi.length * 2);
		lo.set(this.pastLo);
		hi.set(this.pastHi);
		this.pastLo = lo;
		this.pastHi = hi;
	}

	/**
	 * Whether the search should score the position on the board as a draw by repetition: its
	 * third occurrence in the game with the same side to move (the rule), or its second where
	 * the earlier one is the set-up position or came after it (a line that goes round in a
	 * circle gains nothing, so a search need not go round twice). Always false in a game without
	 * the rule. perft does not ask (docs/loa.md §7: repetition is not applied inside perft).
	 */
	repeated(): boolean {
		if (!this.variant.repetitionDraw) return false;
		const now = this.seeded + this.depth;
		const lo = this.hashLo;
		const hi = this.hashHi;
		const {pastLo, pastHi} = this;
		let seen = 0;
		for (let index = now - 2; index >= this.reversibleFrom; index -= 2) {
			if (pastLo[index] !== lo || pastHi[index] !== hi) continue;
			if (index >= this.seeded || ++seen >= 2) return true;
		}
		return false;
	}

	/**
	 * Adds `change` to the digit of `square` in the codes of its four lines, and keeps the tally
	 * of both sides' moves and lines with a capture: what the four lines add to it is read off
	 * the line tables before and after.
	 */
	private addToLines(square: number, change: number): void {
		const {lineStep} = this.geometry;
		const {tally} = lineMoves;
		const fillings = this.lineFilling;
		const extraBase = this.extra.base;
		const extraValues = this.extra.values;
		let sum = this.tally;
		let extraSum = this.extraTally;
		for (let k = square * 4; k < square * 4 + 4; k++) {
			const step = lineStep[k]!;
			const line = step & 255;
			const before = fillings[line]!;
			const after = before + change * (step >> 8);
			fillings[line] = after;
			sum += tally[after]! - tally[before]!;
			const base = extraBase[line]!;
			if (base === NO_LINE) continue;
			let was = extraValues[base + before]!;
			if (was < 0) was = this.extra.work(line, before);
			let now = extraValues[base + after]!;
			if (now < 0) now = this.extra.work(line, after);
			extraSum += now - was;
		}
		this.tally = sum;
		this.extraTally = extraSum;
	}

	/** How many moves `side` would have if it were to move now (the pass not counted). */
	moveCount(side: Player): number {
		return (this.tally >> TALLY_MOVES[side]) & 255;
	}

	/** On how many lines `side` has a capture. */
	captureLines(side: Player): number {
		return (this.tally >> TALLY_CAPTURES[side]) & 255;
	}

	/** The hash from the piece keys and the side to move. */
	private rehash(toMove: Player): void {
		const {sideLo, sideHi} = this.geometry;
		this.hashLo = this.pieceKeyLo[1]! ^ this.pieceKeyLo[2]! ^ (toMove === 2 ? sideLo : 0);
		this.hashHi = this.pieceKeyHi[1]! ^ this.pieceKeyHi[2]! ^ (toMove === 2 ? sideHi : 0);
	}

	/** Puts `side`'s piece on `square` or takes it off in the side's piece mask. */
	private flipBit(square: number, side: number): void {
		if (square < 32) this.bitsLo[side]! ^= 1 << square;
		else this.bitsHi[side]! ^= 1 << (square - 32);
	}

	/** Puts `side`'s piece on `square` or takes it off: its bit and its side's piece key. */
	private flipPiece(square: number, side: number): void {
		this.flipBit(square, side);
		this.pieceKeyLo[side]! ^= this.geometry.zobristLo[side * this.squares + square]!;
		this.pieceKeyHi[side]! ^= this.geometry.zobristHi[side * this.squares + square]!;
	}

	/**
	 * setCell for unmake, which puts back the sums from its undo record: only the cell, its bit,
	 * its lines' fillings and its quads' codes.
	 */
	private restoreCell(square: number, value: number): void {
		const old = this.cells[square]!;
		const change = value - old;
		this.cells[square] = value;
		if (old !== 0) this.flipBit(square, old);
		if (value !== 0) this.flipBit(square, value);
		const {lineStep, quadsOf, quadWeightOf} = this.geometry;
		const fillings = this.lineFilling;
		const codes = this.quadCode;
		for (let k = square * 4; k < square * 4 + 4; k++) {
			const step = lineStep[k]!;
			fillings[step & 255]! += change * (step >> 8);
			codes[quadsOf[k]!]! += change * quadWeightOf[k]!;
		}
	}

	/** Sets a square's cell, keeping the line codes, the bits, the piece keys, its four quads' codes and both sides' Euler numbers. */
	private setCell(square: number, value: number): void {
		const old = this.cells[square]!;
		const change = value - old;
		this.cells[square] = value;
		if (old !== 0) this.flipPiece(square, old);
		if (value !== 0) this.flipPiece(square, value);
		this.addToLines(square, change);
		const {quadsOf, quadWeightOf} = this.geometry;
		const codes = this.quadCode;
		let delta = 0;
		for (let k = square * 4; k < square * 4 + 4; k++) {
			const q = quadsOf[k]!;
			const before = codes[q]!;
			const after = before + change * quadWeightOf[k]!;
			codes[q] = after;
			delta += QUAD_EULER_BOTH[after]! - QUAD_EULER_BOTH[before]!;
		}
		// Four quads change side 1's share by at most 12 either way: it is the low five bits.
		const deltaOne = ((delta + 16) & 31) - 16;
		this.euler4[1]! += deltaOne;
		this.euler4[2]! += (delta - deltaOne) / 32;
	}

	/**
	 * The legal moves, line by line (rows, columns, diagonals, anti-diagonals), each line's read
	 * off the move table of its filling (line-moves.ts).
	 */
	generateMoves(buffer: Int32Array, offset: number): number {
		const fillings = this.lineFilling;
		const {lineSquares, lineCount} = this.geometry;
		const {moveStart, moves} = lineMoves;
		const starts = (this.sideToMove - 1) * (FILLINGS + 1);
		let n = offset;
		for (let line = 0; line < lineCount; line++) {
			const at = starts + fillings[line]!;
			const end = moveStart[at + 1]!;
			const squares = line * 8;
			for (let i = moveStart[at]!; i < end; i++) {
				const places = moves[i]!;
				buffer[n++] = lineSquares[squares + (places & 7)]! | (lineSquares[squares + (places >> 3)]! << 6);
			}
		}
		// Classic LOA: a side with no move passes, and the pass is its one legal move.
		if (n === offset && this.passes) buffer[n++] = PASS;
		return n - offset;
	}

	/**
	 * Whether `side`'s moves would land on the bonus square bonusList[index] if it were to move
	 * now (from the bonus tally, kept with the cells).
	 */
	reachesBonus(side: Player, index: number): boolean {
		return ((this.extraTally >> ((side - 1) * BONUS_SIDE + index * BONUS_BITS)) & BONUS_MASK) !== 0;
	}

	/**
	 * The bonus squares `side`'s moves would land on if it were to move now, all at once: bit
	 * index × BONUS_BITS is set for bonusList[index] where reachesBonus(side, index).
	 */
	bonusReached(side: Player): number {
		const fields = this.extraTally >> ((side - 1) * BONUS_SIDE);
		return (fields | (fields >> 1) | (fields >> 2)) & this.bonusFields;
	}

	/**
	 * In classic LOA: the weighted mobility of `side`'s moves if it were to move now (each 4, or 2
	 * to the edge, 1 more towards the middle, a capture double), from the tally kept with the cells.
	 */
	weightedMobility(side: Player): number {
		return (this.extraTally >> ((side - 1) * MOBILITY_SIDE)) & MOBILITY_MASK;
	}

	/**
	 * The moves that gain (moveGain above 0): captures, and landings on a bonus square. Only the
	 * lines where the side to move captures or reaches a bonus square are read.
	 */
	generateGains(buffer: Int32Array, offset: number): number {
		const fillings = this.lineFilling;
		const {lineSquares, lineCount} = this.geometry;
		const {moveStart, moves, info} = lineMoves;
		const lineBonus = this.lineBonus;
		const side = this.sideToMove - 1;
		const starts = side * (FILLINGS + 1);
		let n = offset;
		for (let line = 0; line < lineCount; line++) {
			const filling = fillings[line]!;
			const word = info[filling * 2 + side]!;
			const wanted = (word >>> INFO_CAPTURES) | ((word >> INFO_TARGETS) & lineBonus[line]!);
			if (wanted === 0) continue;
			const at = starts + filling;
			const end = moveStart[at + 1]!;
			const squares = line * 8;
			for (let i = moveStart[at]!; i < end; i++) {
				const places = moves[i]!;
				if (((wanted >> (places >> 3)) & 1) === 0) continue;
				buffer[n++] = lineSquares[squares + (places & 7)]! | (lineSquares[squares + (places >> 3)]! << 6);
			}
		}
		return n - offset;
	}

	isLegal(move: number): boolean {
		if (move === PASS) return this.passes && this.moveCount(this.sideToMove) === 0;
		const from = move & 63;
		const to = move >> 6;
		if (move < 0 || move >= 64 * 64 || from >= this.squares || to >= this.squares || this.cells[from] !== this.sideToMove) return false;
		const {lineOf, linePos} = this.geometry;
		for (let k = 0; k < 4; k++) {
			const line = lineOf[from * 4 + k]!;
			if (line !== lineOf[to * 4 + k] || from === to) continue;
			// The move runs along this line: it is legal when the line's table lists it.
			const places = linePos[from * 4 + k]! | (linePos[to * 4 + k]! << 3);
			const at = (this.sideToMove - 1) * (FILLINGS + 1) + this.lineFilling[line]!;
			const {moveStart, moves} = lineMoves;
			for (let i = moveStart[at]!; i < moveStart[at + 1]!; i++) if (moves[i] === places) return true;
			return false;
		}
		return false;
	}

	hasMoves(): boolean {
		return this.passes || this.moveCount(this.sideToMove) > 0;
	}

	countMoves(): number {
		return this.generateMoves(this.scratch, 0);
	}

	moveGain(move: number): number {
		if (move === PASS) return 0;
		const to = move >> 6;
		// A legal move lands on an empty square or captures.
		return this.landingGain[to]! + (this.cells[to] !== 0 ? this.captureGain : 0);
	}

	get keyLo(): number {
		return this.hashLo ^ this.stateLo;
	}

	get keyHi(): number {
		return this.hashHi ^ this.stateHi;
	}

	/**
	 * Works out stateLo/Hi again after the points or the ply changed: a Zobrist number for the
	 * margin and one for the ply, from tables (a margin or ply beyond them gets mixed numbers).
	 */
	private refreshState(): void {
		const margin = this.points[1]! - this.points[2]! + STATE_MARGINS / 2;
		const ply = this.limitPly > 0 ? this.ply + 1 : 0;
		if (margin >= 0 && margin < STATE_MARGINS && ply < STATE_PLIES) {
			this.stateLo = STATE_KEYS[margin * 2]! ^ STATE_KEYS[(STATE_MARGINS + ply) * 2]!;
			this.stateHi = STATE_KEYS[margin * 2 + 1]! ^ STATE_KEYS[(STATE_MARGINS + ply) * 2 + 1]!;
		} else {
			this.stateLo = mix(Math.imul(margin, 0x9e3779b1) ^ Math.imul(ply, 0x2545f491));
			this.stateHi = mix(Math.imul(margin, 0x27d4eb2f) ^ Math.imul(ply, 0x165667b1));
		}
	}

	/** Opens the undo record of a move: the move, the status and the sums unmake puts back. Returns where it starts. */
	private recordUndo(move: number): number {
		if (this.depth * UNDO_STRIDE === this.undo.length) this.growUndo();
		const u = this.depth * UNDO_STRIDE;
		const undo = this.undo;
		undo[u] = move;
		undo[u + 4] = this.status;
		undo[u + 5] = this.reversibleFrom;
		const sums = u + UNDO_SUMS;
		undo[sums] = this.tally;
		undo[sums + 1] = this.extraTally;
		undo[sums + 2] = this.euler4[1]!;
		undo[sums + 3] = this.euler4[2]!;
		undo[sums + 4] = this.pieceKeyLo[1]!;
		undo[sums + 5] = this.pieceKeyHi[1]!;
		undo[sums + 6] = this.pieceKeyLo[2]!;
		undo[sums + 7] = this.pieceKeyHi[2]!;
		undo[sums + 8] = this.hashLo;
		undo[sums + 9] = this.hashHi;
		undo[sums + 10] = this.stateLo;
		undo[sums + 11] = this.stateHi;
		return u;
	}

	make(move: number): void {
		const {cells, pieceList, pieceCount, slot, points} = this;
		const from = move & 63;
		const to = move >> 6;
		const me = this.sideToMove;
		const opponent = (3 - me) as Player;
		const u = this.recordUndo(move);
		if (move === PASS) {
			this.undo[u + 1] = -1;
			this.undo[u + 2] = 0;
			this.undo[u + 3] = 0;
			this.hashLo ^= this.geometry.sideLo;
			this.hashHi ^= this.geometry.sideHi;
			this.status = Status.ongoing;
			this.finishMake(opponent);
			if (this.limitPly > 0) this.refreshState();
			return;
		}

		this.setCell(from, 0);
		const moving = slot[from]!;
		let gainMe = this.bonus[to]!;
		let captured = -1;
		if (cells[to] === opponent) {
			captured = slot[to]!;
			const last = --pieceCount[opponent]!;
			const lastSquare = pieceList[opponent * LIST_STRIDE + last]!;
			pieceList[opponent * LIST_STRIDE + captured] = lastSquare;
			slot[lastSquare] = captured;
			gainMe += this.capturePoints;
		}
		this.setCell(to, me);
		pieceList[me * LIST_STRIDE + moving] = to;
		slot[to] = moving;
		this.rehash(opponent);

		let status: number = Status.ongoing;
		let gainOpponent = 0;
		const moverConnected = this.connected(me);
		const opponentConnected = captured >= 0 && this.connected(opponent);
		if (moverConnected) {
			status = opponentConnected ? Status.bothConnected : Status.moverConnected;
			gainMe += this.connectionPoints;
		} else if (opponentConnected) {
			status = Status.opponentConnected;
			gainOpponent = this.connectionPoints;
		} else if (this.limitPly > 0 && this.ply + 1 >= this.limitPly) {
			status = Status.moveLimit;
		}
		points[me]! += gainMe;
		points[opponent]! += gainOpponent;
		this.undo[u + 1] = captured;
		this.undo[u + 2] = gainMe;
		this.undo[u + 3] = gainOpponent;
		this.status = status;
		this.finishMake(opponent);
		if (this.limitPly > 0 || gainMe !== gainOpponent) this.refreshState();
		if (captured >= 0) this.reversibleFrom = this.seeded + this.depth;
	}

	/**
	 * A null move: the turn passes, nothing else changes (its ply counts, as a pass's does). The
	 * positions before it are no longer searched for repetitions: a line through a null move is no
	 * game. unmake() takes it back.
	 */
	makeNull(): void {
		this.make(PASS);
		this.reversibleFrom = this.seeded + this.depth;
		// A null move that takes the last ply ends the game as a move would: no move after the limit.
		if (this.limitPly > 0 && this.ply >= this.limitPly) this.status = Status.moveLimit;
	}

	/** The side to move, ply and depth after a move, and the new position's key in the record. */
	private finishMake(opponent: Player): void {
		this.ply++;
		this.sideToMove = opponent;
		this.depth++;
		const index = this.seeded + this.depth;
		if (index === this.pastLo.length) this.growPast();
		this.pastLo[index] = this.hashLo;
		this.pastHi[index] = this.hashHi;
	}

	unmake(): void {
		const {pieceList, pieceCount, slot, points} = this;
		const u = --this.depth * UNDO_STRIDE;
		const move = this.undo[u]!;
		const captured = this.undo[u + 1]!;
		const from = move & 63;
		const to = move >> 6;
		const opponent = this.sideToMove;
		const me = (3 - opponent) as Player;
		points[me]! -= this.undo[u + 2]!;
		points[opponent]! -= this.undo[u + 3]!;
		this.status = this.undo[u + 4]!;
		this.reversibleFrom = this.undo[u + 5]!;
		this.sideToMove = me;
		this.ply--;
		const undo = this.undo;
		const sums = u + UNDO_SUMS;
		this.tally = undo[sums]!;
		this.extraTally = undo[sums + 1]!;
		this.euler4[1] = undo[sums + 2]!;
		this.euler4[2] = undo[sums + 3]!;
		this.pieceKeyLo[1] = undo[sums + 4]!;
		this.pieceKeyHi[1] = undo[sums + 5]!;
		this.pieceKeyLo[2] = undo[sums + 6]!;
		this.pieceKeyHi[2] = undo[sums + 7]!;
		this.hashLo = undo[sums + 8]!;
		this.hashHi = undo[sums + 9]!;
		this.stateLo = undo[sums + 10]!;
		this.stateHi = undo[sums + 11]!;
		if (move === PASS) return;

		const moving = slot[to]!;
		pieceList[me * LIST_STRIDE + moving] = from;
		slot[from] = moving;
		this.restoreCell(from, me);
		if (captured >= 0) {
			// Undo the swap-remove exactly, so the piece lists come back in their old order.
			const end = pieceCount[opponent]!++;
			const moved = pieceList[opponent * LIST_STRIDE + captured]!;
			pieceList[opponent * LIST_STRIDE + end] = moved;
			slot[moved] = end;
			pieceList[opponent * LIST_STRIDE + captured] = to;
			slot[to] = captured;
			this.restoreCell(to, opponent);
		} else {
			this.restoreCell(to, 0);
		}
	}

	/** Whether all of a side's pieces form one 8-connected group (a single piece does). */
	connected(side: number): boolean {
		const count = this.pieceCount[side]!;
		if (count <= 1) return true;
		// One group has an Euler number of 1 less its holes: above 1, the side is in pieces.
		if (this.euler4[side]! > 4) return false;
		const ownLo = this.bitsLo[side]!;
		const ownHi = this.bitsHi[side]!;
		this.flood(lowestSquare(ownLo, ownHi), ownLo, ownHi);
		return this.floodLo === ownLo && this.floodHi === ownHi;
	}

	/** How many 8-connected groups a side's pieces form. */
	groups(side: number): number {
		const count = this.pieceCount[side]!;
		if (count <= 1) return count;
		const ownLo = this.bitsLo[side]!;
		const ownHi = this.bitsHi[side]!;
		let restLo = ownLo;
		let restHi = ownHi;
		let groups = 0;
		while ((restLo | restHi) !== 0) {
			groups++;
			this.flood(lowestSquare(restLo, restHi), ownLo, ownHi);
			restLo &= ~this.floodLo;
			restHi &= ~this.floodHi;
		}
		return groups;
	}

	/**
	 * Whether a quiet move could end the game: the last move the move limit allows, or a move
	 * that connects the mover (a quiet move leaves the opponent's pieces as they were). Exact
	 * for a non-capture: the moved piece must land next to every group the mover's other pieces
	 * form without it. Those landing squares are worked out once per piece and position.
	 */
	quietMayEnd(move: number): boolean {
		if (this.limitPly > 0 && this.ply + 1 >= this.limitPly) return true;
		if (move === PASS) return false;
		const from = move & 63;
		const to = move >> 6;
		this.prepareNear();
		// Not next to every other group: certainly no connection. Else the exact test.
		if ((to < 32 ? (this.nearLo[from]! >>> to) & 1 : (this.nearHi[from]! >>> (to - 32)) & 1) === 0) return false;
		if (this.joinKeyLo[from] !== this.hashLo || this.joinKeyHi[from] !== this.hashHi) {
			this.findJoins(from);
			this.joinKeyLo[from] = this.hashLo;
			this.joinKeyHi[from] = this.hashHi;
		}
		return to < 32 ? ((this.joinLo[from]! >>> to) & 1) === 1 : ((this.joinHi[from]! >>> (to - 32)) & 1) === 1;
	}

	/**
	 * Whether some quiet move could end the game (see quietMayEnd): none can when no piece of the
	 * mover has a square next to every group but its own, so the quiescence search need not look
	 * at the quiet moves at all.
	 */
	quietEndPossible(): boolean {
		if (this.limitPly > 0 && this.ply + 1 >= this.limitPly) return true;
		this.prepareNear();
		return this.nearAny;
	}

	/**
	 * Sets nearLo/nearHi[square] for each of the mover's pieces: the squares next to every group
	 * of the mover's pieces but the piece's own (every square when there is one group), found
	 * with one flood a group; and nearAny, whether any of them is not empty. A superset of what
	 * findJoins finds, at a fraction of its cost. Once per position.
	 */
	private prepareNear(): void {
		if (this.nearKeyLo === this.hashLo && this.nearKeyHi === this.hashHi) return;
		this.nearKeyLo = this.hashLo;
		this.nearKeyHi = this.hashHi;
		const me = this.sideToMove;
		const {groupLo, groupHi, groupHaloLo, groupHaloHi} = this;
		const ownLo = this.bitsLo[me]!;
		const ownHi = this.bitsHi[me]!;
		let restLo = ownLo;
		let restHi = ownHi;
		let groups = 0;
		while ((restLo | restHi) !== 0) {
			this.flood(lowestSquare(restLo, restHi), ownLo, ownHi);
			restLo &= ~this.floodLo;
			restHi &= ~this.floodHi;
			groupLo[groups] = this.floodLo;
			groupHi[groups] = this.floodHi;
			groupHaloLo[groups] = this.haloOfLo;
			groupHaloHi[groups++] = this.haloOfHi;
		}
		// Each group's squares next to all the others: the AND of the others' halos.
		let any = false;
		for (let g = 0; g < groups; g++) {
			let lo = -1;
			let hi = -1;
			for (let h = 0; h < groups; h++) {
				if (h === g) continue;
				lo &= groupHaloLo[h]!;
				hi &= groupHaloHi[h]!;
			}
			if ((lo | hi) !== 0) any = true;
			for (let bits = groupLo[g]!; bits !== 0; bits &= bits - 1) {
				const square = lowest(bits);
				this.nearLo[square] = lo;
				this.nearHi[square] = hi;
			}
			for (let bits = groupHi[g]!; bits !== 0; bits &= bits - 1) {
				const square = 32 + lowest(bits);
				this.nearLo[square] = lo;
				this.nearHi[square] = hi;
			}
		}
		this.nearAny = any;
	}

	/** Sets joinLo/joinHi[from]: the squares next to every group of the mover's pieces but the one on `from`. */
	private findJoins(from: number): void {
		const me = this.sideToMove;
		// The piece is lifted off the board while its side's other groups are found.
		const ownLo = this.bitsLo[me]! & ~(from < 32 ? 1 << from : 0);
		const ownHi = this.bitsHi[me]! & ~(from >= 32 ? 1 << (from - 32) : 0);
		let restLo = ownLo;
		let restHi = ownHi;
		let lo = -1;
		let hi = -1;
		while ((restLo | restHi) !== 0 && (lo | hi) !== 0) {
			this.flood(lowestSquare(restLo, restHi), ownLo, ownHi);
			restLo &= ~this.floodLo;
			restHi &= ~this.floodHi;
			lo &= this.haloOfLo;
			hi &= this.haloOfHi;
		}
		this.joinLo[from] = lo;
		this.joinHi[from] = hi;
	}

	/**
	 * The group of pieces (of the set ownLo/ownHi) that holds `start`, 8-connected, in
	 * floodLo/Hi, and the squares next to any of them in haloOfLo/Hi, as 64-bit masks.
	 */
	private flood(start: number, ownLo: number, ownHi: number): void {
		const {haloLo, haloHi} = this.geometry;
		let groupLo = start < 32 ? 1 << start : 0;
		let groupHi = start < 32 ? 0 : 1 << (start - 32);
		let frontierLo = groupLo;
		let frontierHi = groupHi;
		let aroundLo = 0;
		let aroundHi = 0;
		while ((frontierLo | frontierHi) !== 0) {
			let square: number;
			if (frontierLo !== 0) {
				square = lowest(frontierLo);
				frontierLo &= frontierLo - 1;
			} else {
				square = 32 + lowest(frontierHi);
				frontierHi &= frontierHi - 1;
			}
			const nearLo = haloLo[square]!;
			const nearHi = haloHi[square]!;
			aroundLo |= nearLo;
			aroundHi |= nearHi;
			const addLo = nearLo & ownLo & ~groupLo;
			const addHi = nearHi & ownHi & ~groupHi;
			groupLo |= addLo;
			groupHi |= addHi;
			frontierLo |= addLo;
			frontierHi |= addHi;
		}
		this.floodLo = groupLo;
		this.floodHi = groupHi;
		this.haloOfLo = aroundLo;
		this.haloOfHi = aroundHi;
	}

	terminal(): number {
		const status = this.status;
		if (status === Status.ongoing) return ONGOING;
		if (status === Status.moveLimit) return 0;
		const me = this.sideToMove;
		if (this.variant.scoring) {
			const margin = this.points[me]! - this.points[3 - me]!;
			return margin > 0 ? 1 : margin < 0 ? -1 : 0;
		}
		// Without points, a connection decides: the side that is connected alone wins; both at
		// once is a draw, or the mover's win under Sackson's ruling.
		if (status === Status.bothConnected) return this.variant.bothConnected === 'mover' ? -1 : 0;
		return status === Status.opponentConnected ? 1 : -1;
	}

	evaluate(): number {
		return evaluate(this);
	}

	/** Moves made since the last setUp; what unmake can take back. */
	get undoDepth(): number {
		return this.depth;
	}

	/** The Zobrist key computed from scratch, to check the incremental one. */
	computeHash(): [number, number] {
		const {zobristLo, zobristHi} = this.geometry;
		let lo = 0;
		let hi = 0;
		for (let square = 0; square < this.squares; square++) {
			const side = this.cells[square]!;
			if (side === 0) continue;
			lo ^= zobristLo[side * this.squares + square]!;
			hi ^= zobristHi[side * this.squares + square]!;
		}
		if (this.sideToMove === 2) {
			lo ^= this.geometry.sideLo;
			hi ^= this.geometry.sideHi;
		}
		return [lo, hi];
	}

	private growUndo(): void {
		const bigger = new Int32Array(this.undo.length * 2);
		bigger.set(this.undo);
		this.undo = bigger;
	}
}

/** A 32-bit finaliser (murmur3's), so nearby margins and plies give unrelated keys. */
function mix(value: number): number {
	let h = value ^ (value >>> 16);
	h = Math.imul(h, 0x85ebca6b);
	h ^= h >>> 13;
	h = Math.imul(h, 0xc2b2ae35);
	return h ^ (h >>> 16);
}

/** Margins (centred on 0) and plies the key's state part has table numbers for. */
const STATE_MARGINS = 1024;
const STATE_PLIES = 256;
/** Lo and hi numbers of margin m + 512 at 2m, 2m + 1, then of ply p at 2 (1024 + p), 2 (1024 + p) + 1. */
const STATE_KEYS = Int32Array.from({length: 2 * (STATE_MARGINS + STATE_PLIES)}, seededWords(0x57a7e5));

/** One line tally for each board size and set of bonus squares (see the constructor), shared by the boards. */
const talliesByVariant = new Map<string, LineTally>();

/** The lowest square of a non-empty 64-bit square mask (squares 0-31 in lo, 32-63 in hi). */
function lowestSquare(lo: number, hi: number): number {
	return lo !== 0 ? lowest(lo) : 32 + lowest(hi);
}

export function startSetup(variant: LoaVariant): BoardSetup {
	const cells = new Array<number>(variant.size * variant.size).fill(0);
	variant.start.forEach((squares, index) => {
		for (const name of squares) cells[parseSquare(name, variant.size)] = index + 1;
	});
	return {cells, toMove: 1, ply: 0, points: [0, 0]};
}
