/**
 * PAH-TUM in the UI, driven by keys through ink-testing-library: the menu's Board row and its
 * preview, a game on the chosen board (Enter places, m types, keys in a burst), the clock per
 * move, the points so far, and the end with its tally.
 */
import {mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterEach, describe, expect, test} from 'vitest';
import {BLOCKED, EMPTY} from '../../../source/games/game.js';
import {pahtum} from '../../../source/games/pahtum/index.js';
import {KEYS, removeScratch, start, type Harness} from '../harness.js';
import {gridView} from '../../helpers/views.js';

let app: Harness | undefined;

afterEach(() => {
	app?.unmount();
	app = undefined;
	removeScratch();
});

const NAMES = 'ABCDEFG';

/**
 * The grids on the screen, by square name ("C4" → 'X', 'O', '.', or '#' for a hole): the first
 * one drawn (the menu draws one beside its rows, the game one on the left).
 */
function gridOf(frame: string): Map<string, string> {
	const lines = frame.split('\n');
	const header = lines.findIndex(line => /\s1\s+2\s+3\s+4\s+5\s+6\s+7(\s|$)/.test(line));
	if (header < 0) throw new Error(`no grid in:\n${frame}`);
	const label = lines[header]!;
	const columns = [...'1234567'].map(digit => label.indexOf(digit, label.indexOf('1')));
	const cells = new Map<string, string>();
	for (const row of NAMES) {
		const line = lines.slice(header + 1).find(text => new RegExp(`(^|\\s)${row}\\s`).test(text.slice(0, columns[0])));
		if (line === undefined) throw new Error(`no row ${row} in:\n${frame}`);
		columns.forEach((column, index) => cells.set(`${row}${index + 1}`, line.charAt(column)));
	}
	return cells;
}

/** The grid pahtum.initial({seed}) draws, as the screen shows it. */
function expectedGrid(seed: number): Map<string, string> {
	const view = gridView(pahtum.board(pahtum.initial({seed})));
	const cells = new Map<string, string>();
	view.cells.forEach((cell, square) =>
		cells.set(view.squareName(square), cell === BLOCKED ? '#' : cell === EMPTY ? '.' : view.sides[cell - 1]!),
	);
	return cells;
}

async function toPahtum(harness: Harness): Promise<string> {
	await harness.see('Play against the AI');
	await harness.press(KEYS.up, now => /^> Game /m.test(now));
	let frame = '';
	for (let step = 0; step < 8 && !frame.includes('< PAH-TUM >'); step++) frame = await harness.press(KEYS.right);
	expect(frame).toContain('< PAH-TUM >');
	return frame;
}

describe('PAH-TUM in the menu', () => {
	test('the Board row shows the seed and the holes, ← → re-roll it, and the preview beside the rows is that board', async () => {
		app = start({choices: {side: 1, level: 1, clock: 60, board: 5}});
		let frame = await toPahtum(app);
		expect(frame).toMatch(/^potm · PAH-TUM$/m);
		expect(frame).toContain('runs of 3 to 7 score');
		const holes = (seed: number) => [...expectedGrid(seed).values()].filter(cell => cell === '#').length;
		expect(frame).toMatch(new RegExp(`Board +< ${holes(5)} holes · seed 5 >`));
		expect(gridOf(frame)).toEqual(expectedGrid(5));
		// A game of PAH-TUM has a clock per move: the clock row says so, and offers its own 10 s.
		expect(frame).toMatch(/Clock +< 10 s a move >/);

		frame = await app.press(KEYS.down, now => /^> Board /m.test(now));
		frame = await app.press(KEYS.right, now => now.includes('seed 6 >'));
		expect(gridOf(frame)).toEqual(expectedGrid(6));
		frame = await app.press(KEYS.left, now => now.includes('seed 5 >'));
		frame = await app.press(KEYS.left, now => now.includes('seed 4 >'));
		expect(gridOf(frame)).toEqual(expectedGrid(4));

		// On to LINES and BOXES (a Size row, the board's lines), then back to LOAPS: no Board row, and its clock is per side again.
		frame = await app.press(KEYS.up, now => /^> Game /m.test(now));
		frame = await app.press(KEYS.right, now => now.includes('< LINES and BOXES >'));
		expect(frame).toMatch(/Size +< 5×5 boxes >/);
		expect(frame).toMatch(/Lines +< none drawn before the game >/);
		expect(frame).toMatch(/Board +< seed 4 >/);
		frame = await app.press(KEYS.right, now => now.includes('< LOAPS >'));
		expect(frame).not.toContain('Size ');
		expect(frame).not.toContain('Board ');
		expect(frame).not.toMatch(/^. Lines /m);
		expect(frame).toMatch(/Clock +< 60 s each >/);
	});
});

describe('a game of PAH-TUM', () => {
	test('Enter on the Board row plays on that board: Enter places X, the AI answers, m types a move, keys in a burst, points so far', async () => {
		app = start({choices: {side: 1, level: 1, clock: 10, board: 9}});
		await toPahtum(app);
		await app.press(KEYS.down, now => /^> Board /m.test(now));
		let frame = await app.press(KEYS.enter, now => now.includes('X to play (you)'));
		const board = expectedGrid(9);
		expect(gridOf(frame)).toEqual(board);
		// The clock is each move's: 10 s for the one to move.
		expect(frame).toMatch(/X you .*0:10/);
		// The cursor starts in the centre, D4.
		expect(board.get('D4'), 'seed 9 leaves D4 open').toBe('.');
		frame = await app.press(KEYS.enter, now => gridOf(now).get('D4') === 'X');
		expect(frame).toContain('1.>D4');
		// The AI (the fake engine) answers with a square of its choosing.
		let reply = await app.engine.answer('D5');
		frame = await app.see(/Move 2 . X to play/);
		expect(reply).toBe('D5');
		expect(gridOf(frame).get('D5')).toBe('O');

		// Enter on a taken square says so and plays nothing.
		frame = await app.press(KEYS.enter, now => now.includes('D4 is taken by X'));
		// A hole: find one and walk there by typing it instead: m, the square, Enter, in one burst.
		const hole = [...board].find(([, cell]) => cell === '#')![0];
		frame = await app.burst(['m', ...hole, KEYS.enter], now => now.includes(`${hole} is blocked`));
		const open = [...board].find(([name, cell]) => cell === '.' && name !== 'D4' && name !== 'D5')![0];
		frame = await app.burst(['m', ...open.toLowerCase(), KEYS.enter], now => gridOf(now).get(open) === 'X');
		reply = await app.engine.answer();
		frame = await app.see(/Move 3 . X to play/);
		expect(gridOf(frame).get(reply)).toBe('O');
		// No run yet: both sides have 0 points so far.
		expect(frame).toMatch(/X you +0 pts/);
	});

	test('? speaks of placing a marker and a square typed as C4, not of pieces or dots', async () => {
		app = start({
			start: {
				screen: 'play',
				setup: {game: pahtum, seats: [{kind: 'human'}, {kind: 'human'}], clocked: false, start: pahtum.initial({seed: 9})},
			},
		});
		await app.see('X to play');
		const help = await app.press('?', now => now.includes('Keys — Playing'));
		expect(help).toContain('place a marker');
		expect(help).toContain('type a move, e.g. C4');
		expect(help).not.toMatch(/piece|dot|LOA|b1 d3/);
	});

	test('playing O, the grid is still drawn as the seed writes it: row A on top, columns 1 to 7 left to right', async () => {
		app = start({
			start: {
				screen: 'play',
				setup: {game: pahtum, seats: [{kind: 'ai', level: 1}, {kind: 'human'}], clocked: false, start: pahtum.initial({seed: 9})},
			},
		});
		await app.engine.answer('D4');
		const frame = await app.see('O to play (you)');
		const rows = frame
			.split('\n')
			.map(line => /^\s*([A-G])\s/.exec(line)?.[1])
			.filter(Boolean);
		expect(rows.slice(0, 7)).toEqual([...'ABCDEFG']);
		expect(frame).toMatch(/^\s+1\s+2\s+3\s+4\s+5\s+6\s+7/m);
		expect(gridOf(frame)).toEqual(new Map([...expectedGrid(9)].map(([name, cell]) => [name, name === 'D4' ? 'X' : cell])));
	});

	test("a save opened from the menu plays on the menu's clock per move (no grid carries one)", async () => {
		app = start({choices: {side: 1, level: 1, clock: 60, board: 9}});
		mkdirSync(app.savesDir, {recursive: true});
		writeFileSync(join(app.savesDir, 'grid.txt'), pahtum.format(pahtum.initial({seed: 9})));
		await toPahtum(app);
		// 60 s each in LOAPS is 10 s a move in PAH-TUM; one step right on the clock row makes it 30.
		let frame = await app.burst([KEYS.down, KEYS.down, KEYS.down, KEYS.down, KEYS.down, KEYS.right], now =>
			/Clock +< 30 s a move >/.test(now),
		);
		frame = await app.burst([KEYS.down, KEYS.down, KEYS.down, KEYS.down, KEYS.down, KEYS.enter], now => now.includes('grid.txt'));
		frame = await app.press(KEYS.enter, now => now.includes('Opened'));
		expect(frame).toMatch(/X you .*0:30/);
	});

	test("the end of a game: the result box with who won, by how much, and each side's tally", async () => {
		// Two squares left, X to move: X completes C1-C3, O takes the last square, G7.
		const rows = ['XXXXXXX', 'XOOXXX+', 'X-X+XXO', 'OOOOXOO', 'OO++XOO', 'OOOXXXX', '+OOOOO-'];
		const parsed = pahtum.parse(rows.map(row => `${row}\n`).join(''), 'end.txt');
		if (!parsed.ok) throw new Error(parsed.error.message);
		app = start({
			start: {
				screen: 'play',
				setup: {game: pahtum, seats: [{kind: 'human'}, {kind: 'ai', level: 1}], clocked: false, line: [parsed.value]},
			},
		});
		let frame = await app.see('X to play (you)');
		frame = await app.burst(['m', 'C', '2', KEYS.enter], now => gridOf(now).get('C2') === 'X');
		expect(await app.engine.answer()).toBe('G7');
		frame = await app.see('X wins');
		expect(frame).toContain('X wins 197 to 85');
		// The tally, wrapped in the box: each run by its ends and points.
		const box = frame.replace(/[│|]\s*\n[^│|]*[│|]\s*/g, ' ');
		// Rows break between runs (after a comma), never between a run and its points.
		expect(box).toMatch(/X 197: A1-A7 119,\s+B4-B6 3,\s+C1-C3 3,\s+F4-F7 10/);
		expect(box).toMatch(/O 85: D1-D4 10/);
	});
});
