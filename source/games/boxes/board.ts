/**
 * The fast, mutable LINES and BOXES position for search (SearchPosition): the drawn unit segments
 * and the sides drawn of each box in typed arrays, the owner of each box, the boxes of each side,
 * and an incremental Zobrist key. Nothing in make, unmake, generateMoves, evaluate or moveGain
 * allocates.
 *
 * A move draws one or more unit segments of one row or column (geometry.ts); a box whose fourth
 * side it draws is the mover's. A move touches each box at most once (a horizontal move is the
 * top of the boxes below it and the bottom of those above), so the boxes it completes are exactly
 * the boxes beside it with three sides drawn, and after it the boxes beside it with four.
 */
import {ONGOING, type Player, type SearchPosition, type SolveLimits, type Solution} from '../game.js';
import {evaluateFor, TAKE_PERCENT} from './eval.js';
import {geometryOf, MAX_LINE, type Geometry} from './geometry.js';
import {solve, solveReach} from './solver.js';
import {solveByTable} from './table3.js';
import {endTableCovers, endTableReach, solveByEndTable} from './endtable.js';
import {seededWords} from '../seeded.js';

/** Zobrist numbers from a fixed seed, so keys agree in every process: two halves per unit segment (at most 144), the side, and the margin. */
const MAX_UNITS = 144;
const MARGIN_OFFSET = 64;
const ZOBRIST = new Int32Array((MAX_UNITS + 1 + 2 * MARGIN_OFFSET + 1) * 2);
{
	const next = seededWords(0x2545f491);
	for (let i = 0; i < ZOBRIST.length; i++) ZOBRIST[i] = next();
}
const SIDE_Z = MAX_UNITS * 2;
const MARGIN_Z = (MAX_UNITS + 1) * 2;

/** Who drew a unit segment or owns a box on the fast board: as in LatticeView (0, 1, 2, SET_UP). */
export class BoxesBoard implements SearchPosition {
	readonly geometry: Geometry;
	readonly maxMoves: number;
	readonly moveSpace: number;
	/** By unit segment: 1 when drawn. */
	readonly drawn: Uint8Array;
	/** By box: how many of its sides are drawn, and its owner (0 open, 1, 2, or 3 closed before the game). */
	readonly sides: Uint8Array;
	readonly owner: Uint8Array;
	/** Boxes of player 1 and of player 2. */
	score1 = 0;
	score2 = 0;
	/** Unit segments not drawn yet: the game ends at 0. */
	free: number;
	sideToMove: Player;
	/** The share of the boxes takeable now the evaluation counts, in per cent (eval.ts); a field so the bench can try others. */
	takePercent = TAKE_PERCENT;
	/** Centipoints for an odd number of safe unit segments left (eval.ts); a field so the bench can try it. */
	parity = 0;
	/** The key of the drawn segments alone (no side, no margin): what the solver's table is keyed by. */
	drawnLo = 0;
	drawnHi = 0;
	private readonly played: Int32Array;
	private ply = 0;

	/**
	 * A board of `rows` × `columns` boxes with the unit segments `drawn` (by unit, nonzero for
	 * drawn), the boxes' owners (by box: 0 open, 1, 2 or 3 nobody's) and the side to move. A box
	 * with four sides must have an owner and an open one none.
	 */
	constructor(rows: number, columns: number, drawn: ArrayLike<number>, owners: ArrayLike<number>, toMove: Player) {
		const g = geometryOf(rows, columns);
		this.geometry = g;
		this.maxMoves = g.moves;
		this.moveSpace = g.moves;
		if (drawn.length !== g.units || owners.length !== g.boxes)
			throw new RangeError(`a ${rows}×${columns} board has ${g.units} unit segments and ${g.boxes} boxes`);
		this.drawn = new Uint8Array(g.units);
		this.sides = new Uint8Array(g.boxes);
		this.owner = new Uint8Array(g.boxes);
		this.free = g.units;
		this.sideToMove = toMove;
		this.played = new Int32Array(g.units + 1);
		for (let unit = 0; unit < g.units; unit++) {
			if (!drawn[unit]) continue;
			this.drawn[unit] = 1;
			this.free--;
			this.drawnLo ^= ZOBRIST[unit * 2]!;
			this.drawnHi ^= ZOBRIST[unit * 2 + 1]!;
			const a = g.unitBoxA[unit]!;
			const b = g.unitBoxB[unit]!;
			if (a >= 0) this.sides[a]!++;
			if (b >= 0) this.sides[b]!++;
		}
		for (let box = 0; box < g.boxes; box++) {
			const owner = owners[box]!;
			if ((this.sides[box] === 4) !== (owner !== 0))
				throw new RangeError(`box ${box} has ${this.sides[box]} sides drawn and owner ${owner}`);
			this.owner[box] = owner;
			if (owner === 1) this.score1++;
			else if (owner === 2) this.score2++;
		}
	}

	get hashLo(): number {
		return this.sideToMove === 1 ? this.drawnLo : this.drawnLo ^ ZOBRIST[SIDE_Z]!;
	}

	get hashHi(): number {
		return this.sideToMove === 1 ? this.drawnHi : this.drawnHi ^ ZOBRIST[SIDE_Z + 1]!;
	}

	/** The value of a position is the drawn segments' and the boxes the side to move leads by. */
	get keyLo(): number {
		return this.hashLo ^ ZOBRIST[MARGIN_Z + (this.margin + MARGIN_OFFSET) * 2]!;
	}

	get keyHi(): number {
		return this.hashHi ^ ZOBRIST[MARGIN_Z + (this.margin + MARGIN_OFFSET) * 2 + 1]!;
	}

	/** Boxes the side to move leads by. */
	get margin(): number {
		return this.sideToMove === 1 ? this.score1 - this.score2 : this.score2 - this.score1;
	}

	generateMoves(buffer: Int32Array, offset: number): number {
		const g = this.geometry;
		const drawn = this.drawn;
		let count = 0;
		for (let line = 0; line < g.lineCount; line++) {
			const length = g.lineLength[line]!;
			const units = line * MAX_LINE;
			let start = 0;
			while (start < length) {
				if (drawn[g.lineUnits[units + start]!]) {
					start++;
					continue;
				}
				let end = start;
				while (end + 1 < length && !drawn[g.lineUnits[units + end + 1]!]) end++;
				for (let a = start; a <= end; a++) {
					const row = (units + a) * MAX_LINE;
					for (let b = a; b <= end; b++) buffer[offset + count++] = g.lineMoves[row + b]!;
				}
				start = end + 1;
			}
		}
		return count;
	}

	/** Whether none of a move's unit segments is drawn: a table's move may come from another position. */
	isLegal(move: number): boolean {
		if (move < 0 || move >= this.moveSpace) return false;
		const g = this.geometry;
		for (let i = g.unitStart[move]!, end = g.unitStart[move + 1]!; i < end; i++) if (this.drawn[g.unitList[i]!]) return false;
		return true;
	}

	hasMoves(): boolean {
		return this.free > 0;
	}

	/**
	 * The moves that take, for the quiescence search, drawn tight: from a unit segment that
	 * completes a box to one that completes a box, within one undrawn run of a row or column. A
	 * longer segment takes the same boxes and draws more besides, which is a quiet choice the main
	 * search weighs. Followed here, every taking unit's many extensions made the quiescence search
	 * 3.3 M of the 3.4 M nodes of a depth-4 search of an 8×8 middle game (83 free unit segments);
	 * tight, 1.3 M of 1.4 M.
	 */
	generateGains(buffer: Int32Array, offset: number): number {
		const g = this.geometry;
		const drawn = this.drawn;
		let count = 0;
		for (let line = 0; line < g.lineCount; line++) {
			const length = g.lineLength[line]!;
			const units = line * MAX_LINE;
			let runStart = 0;
			for (let i = 0; i < length; i++) {
				const unit = g.lineUnits[units + i]!;
				if (drawn[unit]) {
					runStart = i + 1;
					continue;
				}
				if (!this.completes(unit)) continue;
				// Every earlier taking unit of this run to this one.
				for (let j = runStart; j <= i; j++) {
					if (this.completes(g.lineUnits[units + j]!)) buffer[offset + count++] = g.lineMoves[(units + j) * MAX_LINE + i]!;
				}
			}
		}
		return count;
	}

	/** Whether drawing an undrawn unit segment completes a box beside it. */
	private completes(unit: number): boolean {
		const g = this.geometry;
		const a = g.unitBoxA[unit]!;
		const b = g.unitBoxB[unit]!;
		return (a >= 0 && this.sides[a] === 3) || (b >= 0 && this.sides[b] === 3);
	}

	/**
	 * No move that takes nothing ends the game: the last move draws the last free unit segments,
	 * and each is a side of a box that it completes.
	 */
	quietEndPossible(): boolean {
		return false;
	}

	countMoves(): number {
		const g = this.geometry;
		const drawn = this.drawn;
		let count = 0;
		for (let line = 0; line < g.lineCount; line++) {
			const length = g.lineLength[line]!;
			const units = line * MAX_LINE;
			let run = 0;
			for (let i = 0; i < length; i++) {
				if (drawn[g.lineUnits[units + i]!]) {
					count += (run * (run + 1)) >> 1;
					run = 0;
				} else run++;
			}
			count += (run * (run + 1)) >> 1;
		}
		return count;
	}

	make(move: number): void {
		const g = this.geometry;
		const mover = this.sideToMove;
		let gained = 0;
		for (let i = g.unitStart[move]!, end = g.unitStart[move + 1]!; i < end; i++) {
			const unit = g.unitList[i]!;
			this.drawn[unit] = 1;
			this.drawnLo ^= ZOBRIST[unit * 2]!;
			this.drawnHi ^= ZOBRIST[unit * 2 + 1]!;
			const a = g.unitBoxA[unit]!;
			const b = g.unitBoxB[unit]!;
			if (a >= 0 && ++this.sides[a]! === 4) {
				this.owner[a] = mover;
				gained++;
			}
			if (b >= 0 && ++this.sides[b]! === 4) {
				this.owner[b] = mover;
				gained++;
			}
		}
		this.free -= g.unitStart[move + 1]! - g.unitStart[move]!;
		if (mover === 1) this.score1 += gained;
		else this.score2 += gained;
		this.sideToMove = mover === 1 ? 2 : 1;
		this.played[this.ply++] = move;
	}

	unmake(): void {
		const g = this.geometry;
		const move = this.played[--this.ply]!;
		const mover: Player = this.sideToMove === 1 ? 2 : 1;
		let gained = 0;
		for (let i = g.unitStart[move]!, end = g.unitStart[move + 1]!; i < end; i++) {
			const unit = g.unitList[i]!;
			this.drawn[unit] = 0;
			this.drawnLo ^= ZOBRIST[unit * 2]!;
			this.drawnHi ^= ZOBRIST[unit * 2 + 1]!;
			const a = g.unitBoxA[unit]!;
			const b = g.unitBoxB[unit]!;
			if (a >= 0 && this.sides[a]!-- === 4) {
				this.owner[a] = 0;
				gained++;
			}
			if (b >= 0 && this.sides[b]!-- === 4) {
				this.owner[b] = 0;
				gained++;
			}
		}
		this.free += g.unitStart[move + 1]! - g.unitStart[move]!;
		if (mover === 1) this.score1 -= gained;
		else this.score2 -= gained;
		this.sideToMove = mover;
	}

	/** When every unit segment is drawn: 1, 0 or -1 for the side to move by the boxes. */
	terminal(): number {
		if (this.free > 0) return ONGOING;
		const margin = this.margin;
		return margin > 0 ? 1 : margin < 0 ? -1 : 0;
	}

	/** The final box margin in centipoints from the side to move: a bigger margin breaks ties between entries (docs/boxes.md §8). */
	finalScore(): number {
		return 100 * this.margin;
	}

	repeated(): boolean {
		return false;
	}

	/** The boxes a legal move completes: those beside it with three sides drawn. */
	moveGain(move: number): number {
		return this.boxesBeside(move, 3);
	}

	/** The boxes a legal move brings to three sides drawn: what it hands the opponent to take. */
	moveGifts(move: number): number {
		return this.boxesBeside(move, 2);
	}

	/** The boxes beside a move's unit segments that have `drawn` sides drawn now (a box beside two of them counts twice). */
	private boxesBeside(move: number, drawn: number): number {
		const g = this.geometry;
		const sides = this.sides;
		let count = 0;
		for (let i = g.unitStart[move]!, end = g.unitStart[move + 1]!; i < end; i++) {
			const unit = g.unitList[i]!;
			const a = g.unitBoxA[unit]!;
			const b = g.unitBoxB[unit]!;
			if (a >= 0 && sides[a] === drawn) count++;
			if (b >= 0 && sides[b] === drawn) count++;
		}
		return count;
	}

	evaluate(): number {
		return evaluateFor(this, this.takePercent, this.parity);
	}

	/**
	 * The exact rest of the game, or null if it could not be had within the limits. On 3×3 the
	 * table (table3.ts) answers once the position is solved, and the limits go to building it
	 * from the position on: 2^f sets for f free unit segments, quicker than the search solver
	 * (solver.ts) at every f (18 free: 2^18 sets in about 50 ms; the solver takes 200-500 ms).
	 * Other boards: the table of the position's endgame (endtable.ts), when its time (or its nodes,
	 * a set each) builds it or the kept table already holds it; beyond that the search solver, when its time can reach this many free
	 * unit segments (solveReach).
	 */
	solve(limits: SolveLimits): Solution | null {
		if (this.geometry.rows === 3 && this.geometry.columns === 3) return solveByTable(this, limits);
		const timeMs = limits.deadlineMs === undefined ? Infinity : limits.deadlineMs - (limits.now ?? (() => performance.now()))();
		if (this.free <= endTableReach(timeMs, limits.nodes) || endTableCovers(this)) return solveByEndTable(this, limits);
		return this.free > solveReach(timeMs) ? null : solve(this, limits);
	}

	/** The moves played on this board since it was built, oldest first. */
	history(): number[] {
		return Array.from(this.played.subarray(0, this.ply));
	}
}
