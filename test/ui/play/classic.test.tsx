/**
 * Classic 8×8 Lines of Action in the UI: the menu's game row, a game started from the menu, the
 * 8×8 board fitting 80×24 (4×2 squares) on the play, analysis and demo screens, the forced pass
 * (Enter anywhere, or "m" and "pass"), and no points anywhere for a game without them.
 */
import {afterEach, describe, expect, test} from 'vitest';
import {classicLoa, classicLoaMoverWins} from '../../../source/games/loa/index.js';
import type {LoaState} from '../../../source/games/loa/rules.js';
import type {Route} from '../../../source/ui/app.js';
import {HUMAN, ai} from '../../../source/play/session.js';
import {KEYS, glyphAt, marksAt, removeScratch, start, type Harness} from '../harness.js';

let app: Harness | undefined;
afterEach(() => {
	app?.unmount();
	app = undefined;
	removeScratch();
});

/** A classic LOA position from its POTM file text (8 board lines, rank 8 first). */
function classic(text: string): LoaState {
	const parsed = classicLoa.parse(text, 'test position');
	if (!parsed.ok) throw new Error(parsed.error.message);
	return parsed.value;
}

/**
 * BLACK to play move 7 with no legal move: a1 is walled in by b1, a2, b2 and h8 by g8, h7, g7
 * (every line out of either square runs over a WHITE piece), so BLACK's only move is the pass.
 * Neither side is connected.
 */
const PASS_TEXT = '1 7\n1 0 60.0\n2 0 60.0\n......21\n......22\n........\n........\n........\n........\n22......\n12......\n';
const mustPass = (): LoaState => classic(PASS_TEXT);

/** BLACK to play a1 a2, which joins a1 to b3: BLACK connects and wins. */
const CONNECT_TEXT = '1 9\n1 0 60.0\n2 0 60.0\n.......2\n........\n........\n........\n........\n.1......\n........\n1......2\n';

const playRoute = (extra: Partial<Extract<Route, {screen: 'play'}>['setup']> = {}): Route => ({
	screen: 'play',
	setup: {game: classicLoa, seats: [HUMAN, ai(3)], clocked: true, clockSeconds: 60, ...extra},
});

/** The frame keeps within the terminal: no line wider than it, and one row kept free. */
function expectFits(frame: string, size = {columns: 80, rows: 24}): void {
	const lines = frame.split('\n');
	for (const line of lines) expect(line.length, `too wide: "${line}"`).toBeLessThanOrEqual(size.columns);
	expect(lines.length).toBeLessThanOrEqual(size.rows - 1);
}

/** The 8×8 board drawn with narrow squares: 4 columns a file, 2 rows a rank, labels a..h and 1..8. */
function expectNarrowBoard(frame: string): void {
	const lines = frame.split('\n');
	const labels = lines.find(line => /^\s+a\s+b\s+c\s+d\s+e\s+f\s+g\s+h(\s|$)/.test(line));
	expect(labels, `no a..h labels in:\n${frame}`).toBeDefined();
	const columns = [...'abcdefgh'].map(file => labels!.indexOf(file));
	for (let file = 1; file < 8; file++) expect(columns[file]! - columns[file - 1]!, 'columns per square').toBe(4);
	const rankRow = (rank: number) => lines.findIndex(line => line.startsWith(` ${rank} `));
	for (let rank = 1; rank <= 8; rank++) expect(rankRow(rank), `rank ${rank}`).toBeGreaterThanOrEqual(0);
	for (let rank = 8; rank > 1; rank--) expect(rankRow(rank - 1) - rankRow(rank), 'rows per square').toBe(2);
}

/** Walks the menu's cursor up to the game row and turns it `steps` times to the right. */
async function chooseGame(harness: Harness, steps: number): Promise<string> {
	let frame = await harness.see('Play against the AI');
	frame = await harness.press(KEYS.up, now => /^> Game /m.test(now));
	for (let step = 0; step < steps; step++) frame = await harness.press(KEYS.right);
	return frame;
}

describe("the menu's game row", () => {
	test('the cursor starts on "Play against the AI", under the game row', async () => {
		app = start();
		const frame = await app.see('Play against the AI');
		const lines = frame.split('\n');
		const game = lines.findIndex(line => /^ {2}Game +< LOAPS >/.test(line));
		expect(game, frame).toBeGreaterThanOrEqual(0);
		expect(lines[game + 1]).toMatch(/^> Play against the AI/);
	});

	test('← and → cycle LOAPS, Lines of Action, Lines of Action (mover wins); the title, tagline and side names follow', async () => {
		app = start();
		let frame = await chooseGame(app, 0);
		expect(frame).toMatch(/^> Game +< LOAPS >/m);
		expect(frame).toContain('POTM-style Lines of Action: 7×7');
		expect(frame).toMatch(/Your side +< RED \(moves first\) >/);

		frame = await app.press(KEYS.right, now => now.includes('< Lines of Action >'));
		expect(frame).toMatch(/^potm · Lines of Action$/m);
		expect(frame).toContain('Classic Lines of Action: 8×8, Computer Olympiad rules, no points');
		expect(frame).not.toContain('POTM-style');
		expect(frame).toMatch(/Your side +< BLACK \(moves first\) >/);

		frame = await app.press(KEYS.right, now => now.includes('< Lines of Action (mover wins) >'));
		expect(frame).toMatch(/^potm · Lines of Action \(mover wins\)$/m);
		// Whole, at 80 columns.
		expect(frame).toContain('Classic Lines of Action; a capture connecting both sides wins for the mover');
		expect(frame).toMatch(/Your side +< BLACK \(moves first\) >/);

		// PAH-TUM, registered after the LOA family, comes next, then LINES and BOXES; then round to LOAPS.
		frame = await app.press(KEYS.right, now => now.includes('< PAH-TUM >'));
		frame = await app.press(KEYS.right, now => now.includes('< LINES and BOXES >'));
		frame = await app.press(KEYS.right, now => now.includes('< LOAPS >'));
		expect(frame).toMatch(/Your side +< RED \(moves first\) >/);
		// And back the other way round.
		frame = await app.press(KEYS.left, now => now.includes('< LINES and BOXES >'));
		frame = await app.press(KEYS.left, now => now.includes('< PAH-TUM >'));
		frame = await app.press(KEYS.left, now => now.includes('< Lines of Action (mover wins) >'));
		frame = await app.press(KEYS.left, now => /< Lines of Action >/.test(now));

		// The side row names the classic sides: WHITE, moving second.
		await app.press(KEYS.down);
		await app.press(KEYS.down);
		frame = await app.press(KEYS.right, now => now.includes('< WHITE >'));
		expectFits(frame);
	});

	test('Lines of Action → Play: an 8×8 game against the AI, 4×2 squares within 80×24; a keyboard move; the AI thinks at LOA', async () => {
		app = start();
		await chooseGame(app, 1);
		await app.press(KEYS.down);
		let frame = await app.press(KEYS.enter, now => now.includes('Move 1 '));
		expect(frame).toMatch(/^Lines of Action {2}BLACK you vs WHITE level 3 Club/);
		expectNarrowBoard(frame);
		expectFits(frame);
		// The classic start: BLACK on b1..g1 and b8..g8, WHITE on a2..a7 and h2..h7, corners empty.
		const black = glyphAt(frame, 'b1');
		const white = glyphAt(frame, 'a2');
		expect(black).not.toBe('.');
		expect(white).not.toBe('.');
		expect(white).not.toBe(black);
		for (const square of ['c1', 'g1', 'b8', 'g8']) expect(glyphAt(frame, square), square).toBe(black);
		for (const square of ['a7', 'h2', 'h7']) expect(glyphAt(frame, square), square).toBe(white);
		for (const square of ['a1', 'h1', 'a8', 'h8', 'd4', 'e5']) expect(glyphAt(frame, square), square).toBe('.');
		// No move limit, no points, and the clocks.
		expect(frame).toContain('Move 1 · BLACK to play (you)');
		expect(frame).not.toContain('/50');
		expect(frame).not.toMatch(/\bpts\b/);
		expect(frame).toMatch(/BLACK\s+\S you\s+1:00(?![.\d])/);
		expect(frame).toMatch(/WHITE\s+\S level 3 Club\s+1:00(?![.\d])/);

		// The cursor starts on e1; e1 e3 by the keys (two pieces on the e file: two squares).
		expect(marksAt(frame, 'e1')).toBe('[]');
		await app.press(KEYS.enter, now => now.includes('e1: '));
		await app.press(KEYS.up, now => marksAt(now, 'e2') === '[]');
		await app.press(KEYS.up, now => marksAt(now, 'e3') === '[]');
		frame = await app.press(KEYS.enter, now => now.includes('BLACK played e1 e3'));
		expect(glyphAt(frame, 'e1')).toBe('.');
		expect(glyphAt(frame, 'e3')).toBe(black);
		const call = await app.engine.thinking();
		expect(call.game.id).toBe('loa');
		expect(call.game.toMove(call.state)).toBe(2);
		await app.engine.answer('a2 c2');
		frame = await app.see('WHITE played a2 c2');
		expect(glyphAt(frame, 'c2')).toBe(white);
		expect(glyphAt(frame, 'a2')).toBe('.');
		expect(frame).toMatch(/1\. e1 e3\s+>a2 c2/);
		expect(frame).toContain('Move 2 · BLACK to play (you)');
		expectFits(frame);
	});

	test('playing WHITE from the menu: the AI (BLACK) moves first at LOA', async () => {
		app = start();
		await chooseGame(app, 1);
		await app.press(KEYS.down);
		await app.press(KEYS.down);
		await app.press(KEYS.right, now => now.includes('< WHITE >'));
		const frame = await app.press(KEYS.enter, now => now.includes('Move 1 '));
		expect(frame).toMatch(/^Lines of Action {2}BLACK level 3 Club vs WHITE you/);
		const call = await app.engine.thinking();
		expect(call.game.id).toBe('loa');
		await app.engine.answer('b1 b3');
		await app.see('BLACK played b1 b3');
		expect(app.frame()).toContain('WHITE to play (you)');
	});

	test("the game row stays where it was after Esc back to the menu (App keeps the menu's game)", async () => {
		app = start();
		await chooseGame(app, 2);
		await app.press(KEYS.down);
		let frame = await app.press(KEYS.enter, now => now.includes('Move 1 '));
		expect(frame).toMatch(/^Lines of Action \(mover wins\) {2}BLACK you/);
		frame = await app.press(KEYS.escape, now => now.includes('Play against the AI'));
		expect(frame).toMatch(/Game +< Lines of Action \(mover wins\) >/);
		expect(frame).toMatch(/^potm · Lines of Action \(mover wins\)$/m);
		// Enter plays that game again.
		frame = await app.press(KEYS.enter, now => now.includes('Move 1 '));
		expect(frame).toMatch(/^Lines of Action \(mover wins\) /);
	});

	test('a game started from a file (potm play FILE) leads back to a menu of its game, not the default', async () => {
		// The harness's App is given LOAPS as its game, as runUi gives the default without --game.
		app = start({start: playRoute()});
		expect(await app.see('Move 1 ')).toMatch(/^Lines of Action {2}BLACK you/);
		const frame = await app.press(KEYS.escape, now => now.includes('Play against the AI'));
		expect(frame).toMatch(/^potm · Lines of Action$/m);
		expect(frame).toMatch(/Game +< Lines of Action >/);
		expect(frame).toMatch(/Your side +< BLACK \(moves first\) >/);
	});

	test('analysis of a classic position leads back to a menu of classic LOA too', async () => {
		app = start({start: {screen: 'analysis', setup: {game: classicLoa, line: [classicLoa.initial()]}}});
		await app.engine.thinking();
		const frame = await app.press(KEYS.escape, now => now.includes('Play against the AI'));
		expect(frame).toMatch(/Game +< Lines of Action >/);
	});

	test('two players and the demo from the menu start the chosen game', async () => {
		app = start();
		await chooseGame(app, 1);
		for (let i = 0; i < 5; i++) await app.press(KEYS.down);
		let frame = await app.press(KEYS.enter, now => now.includes('player 1'));
		expect(frame).toMatch(/^Lines of Action {2}BLACK player 1 vs WHITE player 2/);
		expectNarrowBoard(frame);
		app.unmount();

		app = start();
		await chooseGame(app, 1);
		for (let i = 0; i < 6; i++) await app.press(KEYS.down);
		frame = await app.press(KEYS.enter, now => now.includes('level 3 Club'));
		const call = await app.engine.thinking();
		expect(call.game.id).toBe('loa');
		expectNarrowBoard(app.frame());
	});
});

describe('the 8×8 board fits 80×24', () => {
	test('play: the board at 4×2, the panel beside it, nothing wider than 80 or taller than 23 rows', async () => {
		app = start({start: playRoute()});
		const frame = await app.see('Move 1 ');
		expectNarrowBoard(frame);
		expectFits(frame);
		// The status and keys rows are still there, under the board.
		expect(frame.split('\n').at(-1)).toMatch(/Enter · m type · u undo/);
	});

	test('play, with a piece picked up and its targets marked, and after the game is over', async () => {
		app = start({start: playRoute()});
		await app.see('Move 1 ');
		let frame = await app.press(KEYS.enter, now => now.includes('e1: '));
		expect(glyphAt(frame, 'e3')).toBe('o');
		expectNarrowBoard(frame);
		expectFits(frame);
		app.unmount();
		app = start({start: playRoute({line: [classic(CONNECT_TEXT)]})});
		frame = await app.see('Move 9 ');
		expectFits(frame);
		await app.press('m', now => now.includes('Type a move'));
		await app.type('a1 a2');
		frame = await app.press(KEYS.enter, now => now.includes('Game over'));
		expectNarrowBoard(frame);
		expectFits(frame);
	});

	test('analysis', async () => {
		app = start({start: {screen: 'analysis', setup: {game: classicLoa}}});
		await app.engine.thinking();
		await app.engine.progress('b1 b3', 20, 5);
		const frame = await app.see('depth 5');
		expect(frame).toMatch(/1\.\s+\+0\.20\s+b1 b3/);
		expectNarrowBoard(frame);
		expectFits(frame);
		expect(frame).not.toMatch(/Points/);
		expect(app.engine.calls[0]!.game.id).toBe('loa');
	});

	test('demo: the board and both sides, no points', async () => {
		app = start({start: {screen: 'demo', setup: {game: classicLoa, levels: [5, 3], delayMs: 0, games: 0, clockSeconds: 60}}});
		await app.see('level 5 Master');
		await app.engine.progress('b1 b3', 30, 4);
		await app.engine.answer('b1 b3', 30);
		const frame = await app.see(/1\. b1 b3/);
		expectNarrowBoard(frame);
		expectFits(frame);
		expect(frame).toMatch(/BLACK\s+\S level 5 Master/);
		expect(frame).toMatch(/WHITE\s+\S level 3 Club/);
		expect(frame).not.toMatch(/\bpts\b/);
	});

	test('a larger terminal still gets larger squares (9×4 at 120×40, square to the eye)', async () => {
		app = start({start: playRoute(), size: {columns: 120, rows: 40}});
		const frame = await app.see('Move 1 ');
		const lines = frame.split('\n');
		expect(lines.findIndex(line => line.startsWith(' 7 ')) - lines.findIndex(line => line.startsWith(' 8 '))).toBe(4);
		const files = lines.find(line => /^\s+a\s+b\s+c/.test(line))!;
		expect(files.indexOf('b') - files.indexOf('a')).toBe(9);
		expectFits(frame, {columns: 120, rows: 40});
	});
});

describe('the forced pass', () => {
	test('Enter on any square passes for a side with no legal move; the AI then moves', async () => {
		app = start({start: playRoute({line: [mustPass()]})});
		let frame = await app.see('Move 7 ');
		const before = frame.split('\n').filter(line => /^ [1-8] /.test(line));
		// The cursor on an empty square far from BLACK's pieces: Enter there passes all the same.
		await app.press(KEYS.up, now => marksAt(now, 'e2') === '[]');
		await app.press(KEYS.up, now => marksAt(now, 'e3') === '[]');
		frame = await app.press(KEYS.enter, now => now.includes('BLACK passed (no piece could move)'));
		expect(frame).toMatch(/7\.>pass/);
		expect(frame).toContain('Move 7 · WHITE to play');
		// No piece moved.
		const squares = (lines: readonly string[]) => lines.map(line => line.slice(0, 38).replace(/[[\]]/g, ' '));
		expect(squares(frame.split('\n').filter(line => /^ [1-8] /.test(line)))).toEqual(squares(before));
		const call = await app.engine.thinking();
		expect(call.game.toMove(call.state)).toBe(2);
		expect(app.engine.calls).toHaveLength(1);
	});

	test('Enter on one of the walled-in pieces passes too (it is not picked up)', async () => {
		app = start({start: playRoute({line: [mustPass()]})});
		await app.see('Move 7 ');
		for (let i = 0; i < 4; i++) await app.press(KEYS.left);
		expect(marksAt(app.frame(), 'a1')).toBe('[]');
		const frame = await app.press(KEYS.enter, now => now.includes('BLACK passed (no piece could move)'));
		expect(frame).not.toContain('a1: ');
		await app.engine.thinking();
	});

	test('"m" and "pass" passes; "pass" is refused when a piece can move', async () => {
		app = start({start: playRoute()});
		await app.see('Move 1 ');
		await app.press('m', now => now.includes('Type a move'));
		await app.type('pass');
		await app.press(KEYS.enter, now => now.includes('you may pass only when no piece of yours can move'));
		expect(app.engine.calls).toHaveLength(0);
		app.unmount();

		app = start({start: playRoute({line: [mustPass()]})});
		await app.see('Move 7 ');
		await app.press('m', now => now.includes('Type a move'));
		await app.type('pass');
		const frame = await app.press(KEYS.enter, now => now.includes('BLACK passed (no piece could move)'));
		expect(frame).toMatch(/7\.>pass/);
		await app.engine.thinking();
	});

	test('in analysis Enter passes too', async () => {
		app = start({start: {screen: 'analysis', setup: {game: classicLoa, line: [mustPass()]}}});
		await app.engine.thinking();
		const frame = await app.press(KEYS.enter, now => now.includes('Move 7 · WHITE to play'));
		expect(frame).toMatch(/7\.>pass/);
		await app.engine.thinkingAfter(1);
	});

	test('the panel says so at 120×40: "no move, Enter passes" for a person, "must pass" for the AI', async () => {
		app = start({start: playRoute({line: [mustPass()]}), size: {columns: 120, rows: 40}});
		expect(await app.see('Move 7 ')).toContain('Move 7 · BLACK: no move, Enter passes');
		app.unmount();
		app = start({start: playRoute({line: [mustPass()], seats: [ai(3), HUMAN]}), size: {columns: 120, rows: 40}});
		expect(await app.see('Move 7 ')).toContain('Move 7 · BLACK: no move, must pass');
		await app.engine.thinking();
	});

	// Beside an 8×8 board at 80×24 the panel is 41 columns wide: the prompt must fit in it.
	test('the panel says "no move, Enter passes" at 80×24 too (play and analysis)', async () => {
		app = start({start: playRoute({line: [mustPass()]})});
		expect(await app.see('Move 7 ')).toContain('Enter passes');
		app.unmount();
		app = start({start: {screen: 'analysis', setup: {game: classicLoa, line: [mustPass()]}}});
		await app.engine.thinking();
		expect(await app.see('Move 7 ')).toContain('Enter passes');
	});
});

describe('no points in classic LOA', () => {
	test('the players panel and the game-over box show none; the winner and why are there', async () => {
		app = start({start: playRoute({line: [classic(CONNECT_TEXT)]})});
		let frame = await app.see('Move 9 ');
		expect(frame).not.toMatch(/\bpts\b/);
		await app.press('m', now => now.includes('Type a move'));
		await app.type('a1 a2');
		frame = await app.press(KEYS.enter, now => now.includes('Game over'));
		expect(frame).toContain('BLACK wins: well played!');
		expect(frame).toMatch(/BLACK connected/);
		expect(frame).not.toMatch(/Points/);
		expect(frame).not.toMatch(/\bpts\b/);
	});

	test('the control: LOAPS does show them (so the checks above can fail)', async () => {
		const {loaps} = await import('../../../source/games/loa/index.js');
		app = start({start: {screen: 'play', setup: {game: loaps, seats: [HUMAN, ai(3)], clocked: true, clockSeconds: 60}}});
		expect(await app.see('Move 1/50')).toMatch(/\bpts\b/);
	});

	test('mover-wins: the same board and the same lack of points', async () => {
		app = start({start: playRoute({game: classicLoaMoverWins})});
		const frame = await app.see('Move 1 ');
		expect(frame).toMatch(/^Lines of Action \(mover wins\) /);
		expectNarrowBoard(frame);
		expectFits(frame);
		expect(frame).not.toMatch(/\bpts\b/);
	});
});

describe('the pieces without colour', () => {
	// The text rendering (renderLoa) letters them the same way.
	test("BLACK's pieces are lettered B and WHITE's W", async () => {
		app = start({start: playRoute()});
		const frame = await app.see('Move 1 ');
		expect(glyphAt(frame, 'b1')).toBe('B');
		expect(glyphAt(frame, 'a2')).toBe('W');
	});
});
