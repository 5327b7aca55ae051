/**
 * A plain, independent model of LINES and BOXES for the tests: vertices as [row, column], unit
 * segments as strings ("h r c" joins (r, c)-(r, c + 1), "v r c" joins (r, c)-(r + 1, c)), moves
 * found by trying every pair of vertices of a row or a column, boxes by looking at their four
 * sides. No tables, no counters, nothing shared with the source but the rules.
 */

export interface Plain {
	readonly rows: number;
	readonly columns: number;
	readonly drawn: Set<string>;
}

export interface PlainMove {
	readonly from: readonly [number, number];
	readonly to: readonly [number, number];
	readonly units: readonly string[];
}

const LETTERS = 'ABCDEFGHI';

/** Each unit segment's name made once, by kind, row and column: a name met again is the same string, its hash kept. */
const unitNames = {h: [] as string[][], v: [] as string[][]};
const unitName = (kind: 'h' | 'v', r: number, c: number): string => ((unitNames[kind][r] ??= [])[c] ??= `${kind} ${r} ${c}`);

export const plainName = ([row, column]: readonly [number, number]): string => `${LETTERS[column]}${row + 1}`;
export const plainMoveName = (move: PlainMove): string => `${plainName(move.from)} ${plainName(move.to)}`;

/**
 * Every legal move, by pairs of vertices, lesser first. Going away from a vertex along its row or
 * its column, a segment is open while each unit it adds is undrawn, and none longer is once one is
 * drawn.
 */
export function plainMoves(position: Plain): PlainMove[] {
	const moves: PlainMove[] = [];
	for (let r1 = 0; r1 <= position.rows; r1++) {
		for (let c1 = 0; c1 <= position.columns; c1++) {
			let rowOpen = true;
			let columnOpen = true;
			for (let r2 = r1; r2 <= position.rows; r2++) {
				if (r2 > r1 && position.drawn.has(unitName('v', r2 - 1, c1))) columnOpen = false;
				for (let c2 = 0; c2 <= position.columns; c2++) {
					const horizontal = r1 === r2 && c2 > c1;
					const vertical = c1 === c2 && r2 > r1;
					if (!horizontal && !vertical) continue;
					if (horizontal && position.drawn.has(unitName('h', r1, c2 - 1))) rowOpen = false;
					if (horizontal ? !rowOpen : !columnOpen) continue;
					const units: string[] = [];
					if (horizontal) for (let c = c1; c < c2; c++) units.push(unitName('h', r1, c));
					else for (let r = r1; r < r2; r++) units.push(unitName('v', r, c1));
					moves.push({from: [r1, c1], to: [r2, c2], units});
				}
			}
		}
	}
	return moves;
}

export const plainUnits = (rows: number, columns: number): number => (rows + 1) * columns + rows * (columns + 1);

/** The four sides of each box met so far, by row and column: top, bottom, left, right. */
const boxSides: (readonly string[])[][] = [];

/** Whether box (r, c) has its four sides drawn. */
export function plainClosed(drawn: Pick<ReadonlySet<string>, 'has'>, r: number, c: number): boolean {
	const sides = ((boxSides[r] ??= [])[c] ??= [unitName('h', r, c), unitName('h', r + 1, c), unitName('v', r, c), unitName('v', r, c + 1)]);
	return drawn.has(sides[0]!) && drawn.has(sides[1]!) && drawn.has(sides[2]!) && drawn.has(sides[3]!);
}

/** Boxes closed by drawing `move` (boxes closed before it excluded). */
export function plainGain(position: Plain, move: PlainMove): number {
	const after = {has: (unit: string) => position.drawn.has(unit) || move.units.includes(unit)};
	let gain = 0;
	for (let r = 0; r < position.rows; r++)
		for (let c = 0; c < position.columns; c++) if (plainClosed(after, r, c) && !plainClosed(position.drawn, r, c)) gain++;
	return gain;
}

/** perft by the plain model: a move that draws the last unit segment ends its sequence. */
export function plainPerft(position: Plain, depth: number): number {
	const moves = plainMoves(position);
	if (depth === 1) return moves.length;
	let total = 0;
	for (const move of moves) {
		const drawn = new Set([...position.drawn, ...move.units]);
		if (drawn.size === plainUnits(position.rows, position.columns)) continue;
		total += plainPerft({...position, drawn}, depth - 1);
	}
	return total;
}

const unitBits = new Map<string, ReadonlyMap<string, bigint>>();

/** Every unit segment of a board of `rows` × `columns`, each with its bit (a power of 2) in a drawn set's number. */
function plainUnitBits(rows: number, columns: number): ReadonlyMap<string, bigint> {
	const size = `${rows}×${columns}`;
	let bits = unitBits.get(size);
	if (bits === undefined) {
		const units = new Map<string, bigint>();
		for (let r = 0; r <= rows; r++) for (let c = 0; c < columns; c++) units.set(`h ${r} ${c}`, 1n << BigInt(units.size));
		for (let r = 0; r < rows; r++) for (let c = 0; c <= columns; c++) units.set(`v ${r} ${c}`, 1n << BigInt(units.size));
		unitBits.set(size, (bits = units));
	}
	return bits;
}

/** What plainSolve remembers: for each board size, the value of each drawn set it solved (by its number, a bit a unit segment). */
export type PlainMemo = Map<string, Map<bigint, number>>;

/**
 * The best final margin of boxes still to take for the side to move, by plain minimax over every
 * move, memoised on the drawn set: a move's boxes are those its drawing closes (each box by its
 * four sides).
 */
export function plainSolve(position: Plain, memo: PlainMemo = new Map()): number {
	const size = `${position.rows}×${position.columns}`;
	let solved = memo.get(size);
	if (solved === undefined) memo.set(size, (solved = new Map<bigint, number>()));
	const bits = plainUnitBits(position.rows, position.columns);
	let key = 0n;
	for (const unit of position.drawn) key += bits.get(unit)!;
	// One drawn set for the whole search: each move drawn on it, then rubbed out again.
	return solveFrom({...position, drawn: new Set(position.drawn)}, key, bits, solved);
}

/**
 * Boxes closed by drawing `move`, on a position where it is drawn already: the boxes beside its
 * unit segments (above and below a row's, left and right of a column's) with their four sides drawn
 * now. None of them had all four before, the move's units being undrawn then.
 */
function plainGainDrawn(position: Plain, move: PlainMove): number {
	const [r1, c1] = move.from;
	const [r2, c2] = move.to;
	let gain = 0;
	if (r1 === r2) {
		for (let c = c1; c < c2; c++) {
			if (r1 > 0 && plainClosed(position.drawn, r1 - 1, c)) gain++;
			if (r1 < position.rows && plainClosed(position.drawn, r1, c)) gain++;
		}
	} else {
		for (let r = r1; r < r2; r++) {
			if (c1 > 0 && plainClosed(position.drawn, r, c1 - 1)) gain++;
			if (c1 < position.columns && plainClosed(position.drawn, r, c1)) gain++;
		}
	}
	return gain;
}

/**
 * plainSolve from `position`, whose drawn set's number is `key`: each move is drawn on
 * position.drawn (plainSolve's own copy), its boxes counted, its child looked up by its number or
 * else solved, and rubbed out again.
 */
function solveFrom(position: Plain, key: bigint, bits: ReadonlyMap<string, bigint>, solved: Map<bigint, number>): number {
	const known = solved.get(key);
	if (known !== undefined) return known;
	const moves = plainMoves(position);
	let best = moves.length === 0 ? 0 : -Infinity;
	for (const move of moves) {
		let next = key;
		for (const unit of move.units) next += bits.get(unit)!;
		for (const unit of move.units) position.drawn.add(unit);
		const gain = plainGainDrawn(position, move);
		const after = solved.get(next) ?? solveFrom(position, next, bits, solved);
		for (const unit of move.units) position.drawn.delete(unit);
		const value = gain - after;
		if (value > best) best = value;
	}
	solved.set(key, best);
	return best;
}

/** The plain model of a file's lines "A1 C1" (lesser first, as the files write them). */
export function plainOf(rows: number, columns: number, lines: readonly string[]): Plain {
	const drawn = new Set<string>();
	for (const line of lines) {
		const [a, b] = line.split(' ').map(name => [Number(name.slice(1)) - 1, LETTERS.indexOf(name[0]!)] as const) as [
			readonly [number, number],
			readonly [number, number],
		];
		if (a[0] === b[0]) for (let c = a[1]; c < b[1]; c++) drawn.add(`h ${a[0]} ${c}`);
		else for (let r = a[0]; r < b[0]; r++) drawn.add(`v ${r} ${a[1]}`);
	}
	return {rows, columns, drawn};
}

/** A file's text from its lines. */
export const fileOf = (lines: readonly string[]): string => lines.join('\n') + '\n';

/** The seed's three sample files. */
export const SEED_EMPTY = fileOf(['1 5 5', '1 0 60.00', '2 0 60.00']);
export const SEED_BOX = fileOf(['1 5 7', '1 0 60.00', '2 0 60.00', '0 A2 A3', '0 A2 B2', '0 B2 B3', '0 A3 B3']);
export const SEED_PLAYED = fileOf(['2 8 3', '1 0 58.32', '2 1 43.16', '0 A2 D2', '0 B1 B9', '1 A1 C1', '2 A1 A5', '1 C1 C9']);
