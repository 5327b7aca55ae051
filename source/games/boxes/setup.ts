/**
 * New LINES and BOXES boards: R × C boxes (5 × 5 by default) with `lines` unit segments drawn
 * before the game, placed at random (none by default). The same seed gives the same board, so the
 * two games of a match share one. Pre-drawn lines may close boxes (nobody's); at least one unit
 * segment is always left to draw.
 */
import type {Setup} from '../setup.js';
import {seededRandom} from '../seeded.js';
import {geometryOf, validSize} from './geometry.js';
import {createState, type BoxesState} from './rules.js';

export const DEFAULT_SIZE = 5;

export function randomBoard(setup: Setup = {}): BoxesState {
	const rows = setup.rows ?? DEFAULT_SIZE;
	const columns = setup.columns ?? DEFAULT_SIZE;
	if (!validSize(rows) || !validSize(columns)) throw new RangeError(`a board is 3..8 boxes each way, not ${rows}×${columns}`);
	const g = geometryOf(rows, columns);
	const lines = setup.lines ?? 0;
	if (!Number.isInteger(lines) || lines < 0 || lines >= g.units) {
		throw new RangeError(
			`a ${rows}×${columns} board has ${g.units} unit segments: 0..${g.units - 1} of them may be drawn before the game, not ${lines}`,
		);
	}
	const random = setup.seed === undefined ? Math.random : seededRandom(setup.seed);
	// The first `lines` units of a Fisher–Yates shuffle, drawn in unit order.
	const units = Array.from({length: g.units}, (_, unit) => unit);
	for (let i = 0; i < lines; i++) {
		const j = i + Math.floor(random() * (g.units - i));
		[units[i], units[j]] = [units[j]!, units[i]!];
	}
	const chosen = units.slice(0, lines).sort((a, b) => a - b);
	return createState(
		rows,
		columns,
		chosen.map(unit => g.moveOf(g.unitFrom[unit]!, g.unitTo[unit]!)),
		[],
	);
}
