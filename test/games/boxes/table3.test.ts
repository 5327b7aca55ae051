/**
 * The 3×3 table, built from the position asked about: a build solves the supersets of its root
 * drawn set alone (2^f sets for f free unit segments), resumes where it stopped, and answers the
 * later positions of the game, which are supersets too.
 */
import {beforeAll, describe, expect, test} from 'vitest';
import {boardOf} from '../../../source/games/boxes/index.js';
import {parseBoxes} from '../../../source/games/boxes/potm.js';
import {
	buildTable,
	clearTable,
	drawnSet,
	MAX_BUILDS,
	solveByTable,
	tableValue,
	useStoredTable,
} from '../../../source/games/boxes/table3.js';
import {fileOf, plainOf, plainSolve} from './helpers.js';

const stateOf = (lines: readonly string[]) => {
	const parsed = parseBoxes(fileOf(['1 3 3', '1 0 60', '2 0 60', ...lines.map(line => `0 ${line}`)]), 'x.txt');
	if (!parsed.ok) throw new Error(parsed.error.message);
	return parsed.value;
};

/** Ten pre-drawn segments over 14 unit segments: 10 of the 24 left. */
const LATE = ['A3 A4', 'B3 B4', 'C3 C4', 'D3 D4', 'A1 D1', 'B2 C2', 'A2 A3', 'A4 D4', 'A2 B2', 'D1 D2'];

// Another file of the worker may have built the whole table, or named a file to read it from:
// these start from none, and build what they ask for.
beforeAll(() => {
	useStoredTable(null);
	clearTable();
});

describe('the 3×3 table, built from the position asked about', () => {
	test('a position of 10 free unit segments is solved by one chunk (2^10 sets), exactly; its later positions are answered without a build, others not', () => {
		const board = boardOf(stateOf(LATE));
		expect(board.free).toBe(10);
		expect(tableValue(drawnSet(board))).toBeNull();
		const solution = solveByTable(board, {nodes: 1});
		expect(solution?.score).toBe(100 * plainSolve(plainOf(3, 3, LATE)));
		// A later position: a superset of the drawn set, answered from the same build.
		const later = [...LATE, 'B1 B2'];
		expect(tableValue(drawnSet(boardOf(stateOf(later))))).toBe(plainSolve(plainOf(3, 3, later)));
		// Another position is not a superset: not solved by it.
		const other = ['A1 A4', 'B1 B4', 'C1 C4', 'D1 D4', 'A1 D1', 'A4 D4'];
		expect(tableValue(drawnSet(boardOf(stateOf(other))))).toBeNull();
	});

	test('a build stops at its budget and resumes where it stopped: 2^20 sets in four budgets of 2^18; the full board is solved first, the root last', () => {
		const board = boardOf(stateOf(['A1 D1']));
		const root = drawnSet(board);
		expect(board.free).toBe(21);
		const early = boardOf(stateOf(['A1 D1', 'A2 A3']));
		expect(early.free).toBe(20);
		const set = drawnSet(early);
		for (let call = 1; call <= 3; call++) {
			expect(buildTable({nodes: 1 << 18}, set), `call ${call}`).toBe(false);
			expect(tableValue(set)).toBeNull();
			expect(tableValue((1 << 24) - 1)).toBe(0);
		}
		expect(buildTable({nodes: 1 << 18}, set)).toBe(true);
		expect(tableValue(set)).not.toBeNull();
		// The root of 21 free is a subset: not solved by this build.
		expect(tableValue(root)).toBeNull();
		expect(solveByTable(boardOf(stateOf([])), {nodes: 1})).toBeNull();
	});

	test('past MAX_BUILDS builds the oldest is forgotten, never the one just asked for', () => {
		clearTable();
		// MAX_BUILDS + 1 sets of 20 drawn units (4 free), none a superset of another: unit 23 and three of units 0..22 free
		// (below 2^23, so no chunk of the empty board's build below reaches them).
		const sets: number[] = [];
		for (let a = 0; a < 23; a++)
			for (let b = a + 1; b < 23; b++) for (let c = b + 1; c < 23; c++) sets.push(((1 << 23) - 1) & ~((1 << a) | (1 << b) | (1 << c)));
		sets.length = MAX_BUILDS + 1;
		for (const set of sets) expect(buildTable({nodes: 1 << 15}, set)).toBe(true);
		expect(tableValue(sets[MAX_BUILDS]!)).not.toBeNull();
		expect(tableValue(sets[1]!)).not.toBeNull();
		expect(tableValue(sets[0]!)).toBeNull();
		// An unfinished build (the empty board's: when it comes the oldest finished, sets[1], goes) is forgotten before any finished one.
		expect(buildTable({nodes: 1}, 0)).toBe(false);
		expect(tableValue(sets[1]!)).toBeNull();
		expect(buildTable({nodes: 1 << 15}, ((1 << 23) - 1) & ~0b11)).toBe(true);
		expect(tableValue(sets[2]!)).not.toBeNull();
		expect(tableValue(((1 << 23) - 1) & ~0b11)).not.toBeNull();
	});
});
