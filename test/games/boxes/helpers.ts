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

export const plainName = ([row, column]: readonly [number, number]): string => `${LETTERS[column]}${row + 1}`;
export const plainMoveName = (move: PlainMove): string => `${plainName(move.from)} ${plainName(move.to)}`;

/** Every legal move, by pairs of vertices, lesser first. */
export function plainMoves(position: Plain): PlainMove[] {
	const moves: PlainMove[] = [];
	for (let r1 = 0; r1 <= position.rows; r1++) {
		for (let c1 = 0; c1 <= position.columns; c1++) {
			for (let r2 = r1; r2 <= position.rows; r2++) {
				for (let c2 = 0; c2 <= position.columns; c2++) {
					const horizontal = r1 === r2 && c2 > c1;
					const vertical = c1 === c2 && r2 > r1;
					if (!horizontal && !vertical) continue;
					const units: string[] = [];
					if (horizontal) for (let c = c1; c < c2; c++) units.push(`h ${r1} ${c}`);
					else for (let r = r1; r < r2; r++) units.push(`v ${r} ${c1}`);
					if (units.some(unit => position.drawn.has(unit))) continue;
					moves.push({from: [r1, c1], to: [r2, c2], units});
				}
			}
		}
	}
	return moves;
}

export const plainUnits = (rows: number, columns: number): number => (rows + 1) * columns + rows * (columns + 1);

/** Whether box (r, c) has its four sides drawn. */
export const plainClosed = (drawn: ReadonlySet<string>, r: number, c: number): boolean =>
	drawn.has(`h ${r} ${c}`) && drawn.has(`h ${r + 1} ${c}`) && drawn.has(`v ${r} ${c}`) && drawn.has(`v ${r} ${c + 1}`);

/** Boxes closed by drawing `move` (boxes closed before it excluded). */
export function plainGain(position: Plain, move: PlainMove): number {
	const after = new Set([...position.drawn, ...move.units]);
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

/** The best final margin of boxes still to take for the side to move, by plain minimax over every move (memoised on the drawn set). */
export function plainSolve(position: Plain, memo = new Map<string, number>()): number {
	const key = [...position.drawn].sort().join(',');
	const known = memo.get(key);
	if (known !== undefined) return known;
	const moves = plainMoves(position);
	let best = moves.length === 0 ? 0 : -Infinity;
	for (const move of moves) {
		const value = plainGain(position, move) - plainSolve({...position, drawn: new Set([...position.drawn, ...move.units])}, memo);
		if (value > best) best = value;
	}
	memo.set(key, best);
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
