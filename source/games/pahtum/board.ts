/**
 * The fast, mutable PAH-TUM position for search (SearchPosition): cells in a typed array (square
 * = row * 7 + column, A1 = 0 at the top left), the code of every row and column (lines.ts) kept
 * up to date, so a move rescores its row and its column by table reads, and an incremental
 * Zobrist key. Nothing in make, unmake, generateMoves, evaluate or moveGain allocates.
 */
import {ONGOING, type Player, type SearchPosition, type SolveLimits, type Solution} from '../game.js';
import {evaluateForX, LINE_OPEN, OPEN_PERCENT} from './eval.js';
import {CELL_BLOCKED, CELL_EMPTY, CELL_O, CELL_X, COLUMN_OF, LINE_O, LINE_X, POW4, ROW_OF, SIZE, SQUARES} from './lines.js';
import {solve} from './solver.js';
import {seededWords} from '../seeded.js';

/**
 * Zobrist numbers, two 32-bit halves per square and cell code, from a fixed seed so keys are the
 * same in every process (the worker's table and the main thread's agree).
 */
const ZOBRIST = new Int32Array(SQUARES * 4 * 2);
{
	const next = seededWords(0x9e3779b9);
	for (let i = 0; i < ZOBRIST.length; i++) ZOBRIST[i] = next();
}

/**
 * The most empty squares the players ask the solver about. The bench (`npm run bench -- pahtum`)
 * found every random position of 21 empty squares proven within 10 s, half of those of 22, and
 * a move gives the solver about a quarter of its 10 s: beyond 22 it would only waste that.
 */
export const SOLVE_MAX_EMPTIES = 22;

export class PahtumBoard implements SearchPosition {
	/** By square: CELL_EMPTY, CELL_X, CELL_O or CELL_BLOCKED. */
	readonly cells = new Uint8Array(SQUARES);
	/** Line codes of rows 0..6 (A..G) and of columns 0..6 (1..7). */
	readonly rowCode = new Int32Array(SIZE);
	readonly columnCode = new Int32Array(SIZE);
	readonly maxMoves = SQUARES;
	readonly moveSpace = SQUARES;
	hashLo = 0;
	hashHi = 0;
	/** Points of X and of O on the board now. */
	scoreX = 0;
	scoreO = 0;
	/** The summed open value of every line (eval.ts), for X. */
	open = 0;
	empties = 0;
	xCount = 0;
	oCount = 0;
	/** The share of the open value the evaluation counts, in per cent (eval.ts); a field so the bench can try others. */
	openPercent = OPEN_PERCENT;
	private readonly played = new Int8Array(SQUARES);
	private ply = 0;

	/** A board from cells of the friendly state's form: 0 empty, 1 X, 2 O, -1 (BLOCKED) blocked. */
	constructor(cells: readonly number[]) {
		if (cells.length !== SQUARES) throw new RangeError(`a PAH-TUM board has ${SQUARES} squares, not ${cells.length}`);
		for (let square = 0; square < SQUARES; square++) {
			const cell = cells[square]!;
			const code = cell < 0 ? CELL_BLOCKED : cell;
			this.cells[square] = code;
			this.rowCode[ROW_OF[square]!]! += code * POW4[COLUMN_OF[square]!]!;
			this.columnCode[COLUMN_OF[square]!]! += code * POW4[ROW_OF[square]!]!;
			this.hashLo ^= ZOBRIST[(square * 4 + code) * 2]!;
			this.hashHi ^= ZOBRIST[(square * 4 + code) * 2 + 1]!;
			if (code === CELL_EMPTY) this.empties++;
			else if (code === CELL_X) this.xCount++;
			else if (code === CELL_O) this.oCount++;
		}
		if (this.xCount !== this.oCount && this.xCount !== this.oCount + 1) {
			throw new RangeError(`${this.xCount} X and ${this.oCount} O: X has as many as O or one more`);
		}
		for (let line = 0; line < SIZE; line++) {
			for (const code of [this.rowCode[line]!, this.columnCode[line]!]) {
				this.scoreX += LINE_X[code]!;
				this.scoreO += LINE_O[code]!;
				this.open += LINE_OPEN[code]!;
			}
		}
	}

	/** X moves when the counts are equal, O when X has one more. */
	get sideToMove(): Player {
		return this.xCount === this.oCount ? 1 : 2;
	}

	/** The side to move follows from the cells, and no rule looks back: the hash is the whole key. */
	get keyLo(): number {
		return this.hashLo;
	}

	get keyHi(): number {
		return this.hashHi;
	}

	/** X's points less O's. */
	get margin(): number {
		return this.scoreX - this.scoreO;
	}

	generateMoves(buffer: Int32Array, offset: number): number {
		if (this.empties === 0) return 0;
		let count = 0;
		const cells = this.cells;
		for (let square = 0; square < SQUARES; square++) if (cells[square] === CELL_EMPTY) buffer[offset + count++] = square;
		return count;
	}

	countMoves(): number {
		return this.empties;
	}

	make(move: number): void {
		const player = this.xCount === this.oCount ? CELL_X : CELL_O;
		this.place(move, player, 1);
		if (player === CELL_X) this.xCount++;
		else this.oCount++;
		this.empties--;
		this.played[this.ply++] = move;
	}

	unmake(): void {
		const move = this.played[--this.ply]!;
		const player = this.cells[move]!;
		this.place(move, player, -1);
		if (player === CELL_X) this.xCount--;
		else this.oCount--;
		this.empties++;
	}

	/** Puts `player` on an empty `square` (sign 1) or takes it off (sign -1), rescoring its row and column. */
	private place(square: number, player: number, sign: 1 | -1): void {
		const row = ROW_OF[square]!;
		const column = COLUMN_OF[square]!;
		const oldRow = this.rowCode[row]!;
		const oldColumn = this.columnCode[column]!;
		const newRow = oldRow + sign * player * POW4[column]!;
		const newColumn = oldColumn + sign * player * POW4[row]!;
		this.rowCode[row] = newRow;
		this.columnCode[column] = newColumn;
		this.scoreX += LINE_X[newRow]! - LINE_X[oldRow]! + LINE_X[newColumn]! - LINE_X[oldColumn]!;
		this.scoreO += LINE_O[newRow]! - LINE_O[oldRow]! + LINE_O[newColumn]! - LINE_O[oldColumn]!;
		this.open += LINE_OPEN[newRow]! - LINE_OPEN[oldRow]! + LINE_OPEN[newColumn]! - LINE_OPEN[oldColumn]!;
		this.cells[square] = sign > 0 ? player : CELL_EMPTY;
		// Empty squares hash as code 0 too: a move swaps the square's empty number for its marker's.
		const z = square * 8;
		this.hashLo ^= ZOBRIST[z]! ^ ZOBRIST[z + player * 2]!;
		this.hashHi ^= ZOBRIST[z + 1]! ^ ZOBRIST[z + player * 2 + 1]!;
	}

	/** When the grid is full: 1, 0 or -1 for the side to move by the final scores. */
	terminal(): number {
		if (this.empties > 0) return ONGOING;
		const margin = this.scoreX - this.scoreO;
		const mine = this.xCount === this.oCount ? margin : -margin;
		return mine > 0 ? 1 : mine < 0 ? -1 : 0;
	}

	/** The final margin in centipoints from the side to move: matches are won on points, so the margin counts, not just who wins. */
	finalScore(): number {
		const margin = this.scoreX - this.scoreO;
		return 100 * (this.xCount === this.oCount ? margin : -margin);
	}

	repeated(): boolean {
		return false;
	}

	/** The points `player` would gain by a marker on the empty `square`, now. */
	gainFor(square: number, player: number): number {
		const row = ROW_OF[square]!;
		const column = COLUMN_OF[square]!;
		const oldRow = this.rowCode[row]!;
		const oldColumn = this.columnCode[column]!;
		const newRow = oldRow + player * POW4[column]!;
		const newColumn = oldColumn + player * POW4[row]!;
		const table = player === CELL_X ? LINE_X : LINE_O;
		return table[newRow]! - table[oldRow]! + table[newColumn]! - table[oldColumn]!;
	}

	/** The points the mover scores at once with this move. */
	moveGain(move: number): number {
		return this.gainFor(move, this.xCount === this.oCount ? CELL_X : CELL_O);
	}

	evaluate(): number {
		const forX = evaluateForX(this.scoreX - this.scoreO, this.open, this.openPercent);
		return this.xCount === this.oCount ? forX : -forX;
	}

	/**
	 * The exact rest of the game by the solver (solver.ts), or null if it could not finish within
	 * the limits. With more than SOLVE_MAX_EMPTIES empty squares it does not try: no budget of a
	 * move's time would do (see the bench's solver reach).
	 */
	solve(limits: SolveLimits): Solution | null {
		return this.empties > SOLVE_MAX_EMPTIES ? null : solve(this, limits);
	}

	/** Cells in the friendly form: 0 empty, 1 X, 2 O, -1 blocked. */
	friendlyCells(): number[] {
		return Array.from(this.cells, code => (code === CELL_BLOCKED ? -1 : code));
	}
}
