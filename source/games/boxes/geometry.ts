/**
 * The geometry of a LINES and BOXES board of R × C boxes (docs/boxes.md §1, §2), computed
 * once per size and shared: vertices, unit segments, boxes, and the table of every move.
 *
 * - A vertex is `row * (C + 1) + column`, row 0 the top one (the seed's row 1), column 0 `A`.
 * - A unit segment is numbered as in game.ts's LatticeView: the horizontal ones first,
 *   `r * C + c` joining (r, c)-(r, c + 1), then the vertical ones, `H + r * (C + 1) + c` joining
 *   (r, c)-(r + 1, c), where H = (R + 1) · C.
 * - A box is `r * C + c`, named by its top-left vertex.
 * - A move is an index into the table of all segments of any length, lesser vertex first: the
 *   horizontal ones row by row (in a row by start, then end), then the vertical ones column by
 *   column. A 3×3 board has 48 (docs/boxes.md §9), an 8×8 one 648.
 */

export const MIN_SIZE = 3;
export const MAX_SIZE = 8;

export class Geometry {
	readonly rows: number;
	readonly columns: number;
	/** Vertices across and down: C + 1 and R + 1. */
	readonly width: number;
	readonly height: number;
	readonly vertices: number;
	readonly horizontalUnits: number;
	readonly verticalUnits: number;
	readonly units: number;
	readonly boxes: number;
	readonly moves: number;
	/** By move: its lesser and greater vertex. */
	readonly moveFrom: Int16Array;
	readonly moveTo: Int16Array;
	/** By move: its unit segments are unitList[unitStart[m] .. unitStart[m + 1]). */
	readonly unitStart: Int32Array;
	readonly unitList: Int16Array;
	/** By unit segment: its vertices, and the one or two boxes it is a side of (-1 for none). */
	readonly unitFrom: Int16Array;
	readonly unitTo: Int16Array;
	readonly unitBoxA: Int16Array;
	readonly unitBoxB: Int16Array;
	/** By box: its four sides (top, bottom, left, right). */
	readonly boxSides: Int16Array;
	/** By pair of vertices (from * vertices + to): the move joining them, or -1. */
	readonly moveOfPair: Int32Array;
	/**
	 * The lines of the board, each a row of horizontal unit segments or a column of vertical ones:
	 * lineUnits[line * MAX_LINE + i] is its i-th unit (left to right or top to bottom) and
	 * lineMoves[line * MAX_LINE² + a * MAX_LINE + b] (a ≤ b) the move over its units a..b.
	 */
	readonly lineCount: number;
	readonly lineLength: Int8Array;
	readonly lineUnits: Int16Array;
	readonly lineMoves: Int32Array;
	/** By unit: its line and place on it. */
	readonly unitLine: Int16Array;
	readonly unitPlace: Int8Array;

	constructor(rows: number, columns: number) {
		if (!validSize(rows) || !validSize(columns)) throw new RangeError(`a board is 3..8 boxes each way, not ${rows}×${columns}`);
		this.rows = rows;
		this.columns = columns;
		this.width = columns + 1;
		this.height = rows + 1;
		this.vertices = this.width * this.height;
		this.horizontalUnits = this.height * columns;
		this.verticalUnits = rows * this.width;
		this.units = this.horizontalUnits + this.verticalUnits;
		this.boxes = rows * columns;
		this.unitFrom = new Int16Array(this.units);
		this.unitTo = new Int16Array(this.units);
		this.unitBoxA = new Int16Array(this.units).fill(-1);
		this.unitBoxB = new Int16Array(this.units).fill(-1);
		this.boxSides = new Int16Array(this.boxes * 4);
		for (let r = 0; r <= rows; r++) {
			for (let c = 0; c < columns; c++) {
				const unit = r * columns + c;
				this.unitFrom[unit] = r * this.width + c;
				this.unitTo[unit] = r * this.width + c + 1;
				if (r > 0) {
					this.unitBoxA[unit] = (r - 1) * columns + c;
					this.boxSides[((r - 1) * columns + c) * 4 + 1] = unit;
				}
				if (r < rows) {
					this.unitBoxB[unit] = r * columns + c;
					this.boxSides[(r * columns + c) * 4] = unit;
				}
			}
		}
		for (let r = 0; r < rows; r++) {
			for (let c = 0; c <= columns; c++) {
				const unit = this.horizontalUnits + r * this.width + c;
				this.unitFrom[unit] = r * this.width + c;
				this.unitTo[unit] = (r + 1) * this.width + c;
				if (c > 0) {
					this.unitBoxA[unit] = r * columns + c - 1;
					this.boxSides[(r * columns + c - 1) * 4 + 3] = unit;
				}
				if (c < columns) {
					this.unitBoxB[unit] = r * columns + c;
					this.boxSides[(r * columns + c) * 4 + 2] = unit;
				}
			}
		}
		// Lines: rows of horizontal units, then columns of vertical ones.
		this.lineCount = this.height + this.width;
		this.lineLength = new Int8Array(this.lineCount);
		this.lineUnits = new Int16Array(this.lineCount * MAX_LINE);
		this.lineMoves = new Int32Array(this.lineCount * MAX_LINE * MAX_LINE).fill(-1);
		this.unitLine = new Int16Array(this.units);
		this.unitPlace = new Int8Array(this.units);
		this.moveOfPair = new Int32Array(this.vertices * this.vertices).fill(-1);
		const from: number[] = [];
		const to: number[] = [];
		const unitStart: number[] = [0];
		const unitList: number[] = [];
		for (let line = 0; line < this.lineCount; line++) {
			const horizontal = line < this.height;
			const length = horizontal ? columns : rows;
			this.lineLength[line] = length;
			for (let i = 0; i < length; i++) {
				const unit = horizontal ? line * columns + i : this.horizontalUnits + i * this.width + (line - this.height);
				this.lineUnits[line * MAX_LINE + i] = unit;
				this.unitLine[unit] = line;
				this.unitPlace[unit] = i;
			}
			for (let a = 0; a < length; a++) {
				for (let b = a; b < length; b++) {
					const move = from.length;
					const first = this.lineUnits[line * MAX_LINE + a]!;
					const last = this.lineUnits[line * MAX_LINE + b]!;
					from.push(this.unitFrom[first]!);
					to.push(this.unitTo[last]!);
					for (let i = a; i <= b; i++) unitList.push(this.lineUnits[line * MAX_LINE + i]!);
					unitStart.push(unitList.length);
					this.lineMoves[(line * MAX_LINE + a) * MAX_LINE + b] = move;
					this.moveOfPair[this.unitFrom[first]! * this.vertices + this.unitTo[last]!] = move;
				}
			}
		}
		this.moves = from.length;
		this.moveFrom = Int16Array.from(from);
		this.moveTo = Int16Array.from(to);
		this.unitStart = Int32Array.from(unitStart);
		this.unitList = Int16Array.from(unitList);
	}

	/** "C4": the column letter and the row number from 1 at the top. */
	vertexName(vertex: number): string {
		return `${LETTERS[vertex % this.width]}${Math.floor(vertex / this.width) + 1}`;
	}

	/** The move joining two vertices, lesser first, or -1 if they are not a segment of a row or a column. */
	moveOf(from: number, to: number): number {
		if (from < 0 || to < 0 || from >= this.vertices || to >= this.vertices) return -1;
		return this.moveOfPair[from * this.vertices + to]!;
	}
}

/** The longest line: 8 unit segments. */
export const MAX_LINE = MAX_SIZE;

export const LETTERS = 'ABCDEFGHI';

/** Unit segments of a board of R × C boxes: R + 1 rows of C, and C + 1 columns of R. */
export const unitSegments = (rows: number, columns: number): number => (rows + 1) * columns + (columns + 1) * rows;

export const validSize = (size: number): boolean => Number.isInteger(size) && size >= MIN_SIZE && size <= MAX_SIZE;

const cache = new Map<number, Geometry>();

/** The geometry of an R × C board, built once. RangeError for a size out of 3..8. */
export function geometryOf(rows: number, columns: number): Geometry {
	const key = rows * 16 + columns;
	let geometry = cache.get(key);
	if (!geometry) {
		geometry = new Geometry(rows, columns);
		cache.set(key, geometry);
	}
	return geometry;
}
