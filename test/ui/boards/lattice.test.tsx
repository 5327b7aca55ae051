/**
 * The board of dots and lines (ui/boards/lattice.tsx) from a view made by hand: the vertices and their
 * labels, segments drawn and not, boxes taken, the cursor, a vertex picked and its targets, the
 * last move; in colour and in plain characters; turned half round.
 */
import {render} from 'ink-testing-library';
import {describe, expect, test} from 'vitest';
import {SET_UP, type LatticeBoardView, type LatticeView} from '../../../source/games/game.js';
import {Board, boardSize, COMPACT, NO_MARKS, type BoardMarks} from '../../../source/ui/boards/index.js';
import {layoutFor} from '../../../source/ui/layout.js';
import {makeTheme} from '../../../source/ui/theme.js';

/** A rows × columns board of boxes, vertices named A1.. from the top left, with `drawn` segments. */
function view(rows: number, columns: number, lattice: Partial<LatticeView> = {}): LatticeBoardView {
	const across = columns + 1;
	const name = (vertex: number) => `${'ABCDEFGHI'[vertex % across]}${Math.floor(vertex / across) + 1}`;
	return {
		kind: 'lattice',
		rows: rows + 1,
		columns: across,
		sides: ['RED', 'BLUE'],
		turnsForSecond: false,
		home: [0, 0],
		rowLabels: Array.from({length: rows + 1}, (_, row) => String(row + 1)),
		columnLabels: 'ABCDEFGHI'.slice(0, across).split(''),
		squareAt: (row, column) => row * across + column,
		placeOf: vertex => [Math.floor(vertex / across), vertex % across],
		squareName: name,
		lattice: {
			rows,
			columns,
			horizontal: new Array<number>((rows + 1) * columns).fill(0),
			vertical: new Array<number>(rows * across).fill(0),
			boxes: new Array<number>(rows * columns).fill(0),
			...lattice,
		},
	};
}

const plain = makeTheme({color: false, ascii: true});
const draw = (board: LatticeBoardView, marks: Partial<BoardMarks> = {}, flipped = false): string[] =>
	(render(<Board view={board} marks={{...NO_MARKS, ...marks}} theme={plain} flipped={flipped} cell={COMPACT} />).lastFrame() ?? '').split(
		'\n',
	);

describe('a board of dots and lines', () => {
	test('vertices under their letters, rows numbered down the sides; drawn segments, a box taken, one closed before the game', () => {
		// 3×3 boxes: the top-left box closed by RED (1), the box right of it closed before the game.
		const horizontal = new Array<number>(4 * 3).fill(0);
		const vertical = new Array<number>(3 * 4).fill(0);
		horizontal[0] = 1; // A1 B1
		horizontal[3] = 2; // A2 B2
		vertical[0] = 1; // A1 A2
		vertical[1] = 2; // B1 B2
		horizontal[1] = SET_UP; // B1 C1
		horizontal[4] = SET_UP; // B2 C2
		vertical[2] = SET_UP; // C1 C2
		const boxes = [1, SET_UP, 0, 0, 0, 0, 0, 0, 0];
		const lines = draw(view(3, 3, {horizontal, vertical, boxes}));
		expect(lines[0]).toBe('   A   B   C   D');
		expect(lines[1]).toBe('1  +---+---+   +  1');
		expect(lines[2]).toBe('   | R | # |');
		expect(lines[3]).toBe('2  +---+---+   +  2');
		expect(lines[4]).toBe('');
		expect(lines[7]).toBe('4  +   +   +   +  4');
		expect(lines).toHaveLength(9);
		for (const line of lines) expect(line.length).toBeLessThanOrEqual(boardSize(view(3, 3), COMPACT).columns);
	});

	test("the cursor [ ] round a vertex, the vertex picked < >, the vertices it can reach o, the last move's ends *", () => {
		const board = view(3, 3);
		// The cursor on B2 (vertex 5); A1 (0) picked, with C1 (2) and A3 (8) reachable; the last move D3 D4 (11, 15).
		const lines = draw(board, {cursor: 5, picked: [0], targets: new Set([2, 8]), last: [11, 15]});
		expect(lines[1]).toBe('1 <+>  +   o   +  1');
		expect(lines[3]).toBe('2  +  [+]  +   +  2');
		expect(lines[5]).toBe('3  o   +   +   *  3');
		expect(lines[7]).toBe('4  +   +   +   *  4');
		// The cursor on the right edge: its ] after the last vertex.
		expect(draw(board, {cursor: 3})[1]).toBe('1  +   +   +  [+] 1');
	});

	test('turned half round: D4 top left, A1 bottom right, the segments with it', () => {
		const horizontal = new Array<number>(4 * 3).fill(0);
		horizontal[0] = 1; // A1 B1
		const lines = draw(view(3, 3, {horizontal}), {}, true);
		expect(lines[0]).toBe('   D   C   B   A');
		expect(lines[1]).toBe('4  +   +   +   +  4');
		expect(lines[7]).toBe('1  +   +   +---+  1');
	});

	test('8×8 boxes fit 80×24 beside the panel', () => {
		const layout = layoutFor(80, 24, view(8, 8));
		expect(layout.fits).toBe(true);
		expect(boardSize(view(8, 8), layout.cell).rows + 5).toBeLessThanOrEqual(24);
		// A larger terminal gets larger boxes.
		expect(layoutFor(160, 60, view(8, 8)).cell).not.toEqual(COMPACT);
	});

	test("in colour and Unicode: segments are lines, vertices dots, a taken box its owner's initial, and no character marks", () => {
		const horizontal = new Array<number>(4 * 3).fill(0);
		horizontal[0] = 1;
		const colour = makeTheme({color: true, ascii: false});
		const frame =
			render(
				<Board
					view={view(3, 3, {horizontal, boxes: [2, 0, 0, 0, 0, 0, 0, 0, 0]})}
					marks={NO_MARKS}
					theme={colour}
					flipped={false}
					cell={COMPACT}
				/>,
			).lastFrame() ?? '';
		expect(frame.split('\n')[1]).toBe('1  ·───·   ·   ·  1');
		expect(frame.split('\n')[2]).toBe('     B');
	});
});
