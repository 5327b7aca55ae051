/**
 * Keys that arrive together — typing ahead, auto-repeat, tmux's `send-keys Down Down Enter`, a
 * paste — come in one write. Every key must act on what the key before it left, on every screen
 * and in every dialog, also when a key opens a dialog or another screen: the keys after it go
 * there.
 */
import {existsSync, mkdirSync, readFileSync, utimesSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterEach, describe, expect, test} from 'vitest';
import {loaps} from '../../source/games/loa/index.js';
import {HUMAN, ai} from '../../source/play/session.js';
import type {Route} from '../../source/ui/app.js';
import {KEYS, glyphAt, marksAt, removeScratch, start, type Harness} from './harness.js';

const vsAi: Route = {screen: 'play', setup: {game: loaps, seats: [HUMAN, ai(3)], clocked: true, clockSeconds: 60}};
const typed = (text: string): string[] => [...text];

let app: Harness | undefined;
afterEach(() => {
	app?.unmount();
	app = undefined;
	removeScratch();
});

/** Two saves: `newer.txt` (the start, listed first) and `older.txt` (after b1 d3, listed second). */
function twoSaves(dir: string): void {
	mkdirSync(dir, {recursive: true});
	const start = loaps.initial();
	const move = loaps.parseMove(start, 'b1 d3');
	if (!move.ok) throw new Error(move.error);
	const moved = loaps.play(start, move.value);
	writeFileSync(join(dir, 'older.txt'), loaps.format(moved));
	writeFileSync(join(dir, 'newer.txt'), loaps.format(start));
	utimesSync(join(dir, 'older.txt'), new Date(2020, 0, 1), new Date(2020, 0, 1));
}

/** The menu row the cursor is on. */
const chosenRow = (frame: string): string => frame.split('\n').find(line => /^[>▸] /.test(line)) ?? '';

describe('the menu', () => {
	test('↓ ↓ ↓ ↓ Enter: the cursor on "Two players" starts a game of two players', async () => {
		app = start();
		await app.see('Play against the AI');
		const frame = await app.burst([KEYS.down, KEYS.down, KEYS.down, KEYS.down, KEYS.enter], now => now.includes('Move 1/50'));
		expect(frame).toContain('player 1');
		expect(frame).toContain('player 2');
		expect(app.engine.calls).toHaveLength(0);
	});

	test('↓ ↓ →: the cursor lands on Level and the level changes', async () => {
		app = start();
		await app.see('Play against the AI');
		const frame = await app.burst([KEYS.down, KEYS.down, KEYS.right], now => chosenRow(now).includes('Level') && now.includes('4 Strong'));
		expect(frame).toContain('< RED (moves first) >');
	});

	test('↑ → → ←: the game row changes, twice forward and once back', async () => {
		app = start();
		await app.see('Play against the AI');
		const frame = await app.burst(
			[KEYS.up, KEYS.right, KEYS.right, KEYS.left],
			now => chosenRow(now).includes('Game') && now.includes('< Lines of Action >'),
		);
		expect(frame).toContain('potm · Lines of Action');
	});

	test('? then another key: the help opens and that key closes it; the key after moves the cursor', async () => {
		app = start();
		await app.see('Play against the AI');
		// Were the help not closed by x, ↓ would close it and the cursor would stay on Play.
		await app.burst(['?', 'x', KEYS.down], now => chosenRow(now).includes('Your side'));
		expect(app.frame()).not.toContain('Keys —');
	});

	test('Enter starts the game and the keys after it act on its board', async () => {
		app = start();
		await app.see('Play against the AI');
		const frame = await app.burst([KEYS.enter, KEYS.left, KEYS.enter], now => now.includes('c1: 4 moves'));
		expect(marksAt(frame, 'c1')).toBe('[]');
		expect(glyphAt(frame, 'c3')).toBe('o');
	});

	test('↓ ×8 Enter ↓ Enter: the open list comes up and its second file is opened', async () => {
		app = start();
		twoSaves(app.savesDir);
		await app.see('Play against the AI');
		const keys = [...Array.from({length: 8}, () => KEYS.down), KEYS.enter, KEYS.down, KEYS.enter];
		const frame = await app.burst(keys, now => now.includes('Opened'));
		expect(frame).toContain('older.txt');
		expect(glyphAt(frame, 'd3')).toBe('R');
	});
});

describe('the open list', () => {
	test('the cursor on the second file, ↑ Enter opens the first (in the menu)', async () => {
		app = start();
		twoSaves(app.savesDir);
		await app.see('Play against the AI');
		for (let step = 0; step < 8; step++) await app.press(KEYS.down);
		let frame = await app.press(KEYS.enter, now => now.includes('Open a saved game and play on, LOAPS first ('));
		expect(frame).toMatch(/^. > newer\.txt/m);
		frame = await app.press(KEYS.down, now => /^. > older\.txt/m.test(now));
		frame = await app.burst([KEYS.up, KEYS.enter], now => now.includes('Opened'));
		expect(frame).toContain('newer.txt');
		expect(glyphAt(frame, 'd3')).toBe('.');
	});

	test('o ↓ Enter in a game: the list opens and the second file is opened', async () => {
		app = start({start: vsAi});
		twoSaves(app.savesDir);
		await app.see('Move 1/50');
		const frame = await app.burst(['o', KEYS.down, KEYS.enter], now => now.includes('Opened'));
		expect(frame).toContain('older.txt');
		expect(glyphAt(frame, 'd3')).toBe('R');
	});
});

describe('the game', () => {
	test('← Enter ↑ ↑ Enter plays c1 c3', async () => {
		app = start({start: vsAi});
		await app.see('Move 1/50');
		const frame = await app.burst([KEYS.left, KEYS.enter, KEYS.up, KEYS.up, KEYS.enter], now => now.includes('RED played c1 c3'));
		expect(glyphAt(frame, 'c3')).toBe('R');
	});

	test('s, a name and Enter save; a move typed after it in the same write is played', async () => {
		app = start({start: vsAi});
		await app.see('Move 1/50');
		const keys = ['s', '\u0015', ...typed('quick'), KEYS.enter, 'm', ...typed('b1 d3'), KEYS.enter];
		const frame = await app.burst(keys, now => now.includes('RED played b1 d3'));
		expect(frame).toContain('Move 1/50');
		expect(existsSync(join(app.savesDir, 'quick.txt'))).toBe(true);
		expect(loaps.parse(readFileSync(join(app.savesDir, 'quick.txt'), 'utf8'), 'quick.txt')).toMatchObject({
			ok: true,
			value: {toMove: 1, moveNumber: 1},
		});
	});

	test('x y: the question is asked and answered, the game is resigned', async () => {
		app = start({start: vsAi});
		await app.see('Move 1/50');
		const frame = await app.burst(['x', 'y'], now => now.includes('RED resigned'));
		expect(frame).toContain('Game over');
	});

	test('? then another key: the help opens and that key closes it (no resignation asked)', async () => {
		app = start({start: vsAi});
		await app.see('Move 1/50');
		await app.burst(['?', 'x', KEYS.left], now => marksAt(now, 'c1') === '[]');
		expect(app.frame()).not.toContain('Resign this game?');
		expect(app.frame()).not.toContain('Keys —');
	});

	test('q and another key in an unsaved game: asked, and the game goes on', async () => {
		app = start({start: {screen: 'play', setup: {game: loaps, seats: [HUMAN, HUMAN], clocked: false}}});
		await app.see('Move 1/50');
		await app.burst(['m', ...typed('b1 d3'), KEYS.enter], now => now.includes('RED played b1 d3'));
		// n answers the question (no new-game question follows), and ← then moves the cursor (were q
		// not asking, n would ask "Abandon this game?" and ← would answer it).
		const frame = await app.burst(['q', 'n', KEYS.left], now => marksAt(now, 'c1') === '[]');
		expect(frame).not.toContain('Abandon this game');
		expect(frame).not.toContain('Quit?');
		expect(glyphAt(frame, 'd3')).toBe('R');
	});

	test('u r after the AI answered: both moves taken back, then played again', async () => {
		app = start({start: vsAi});
		await app.see('Move 1/50');
		await app.burst(['m', ...typed('b1 d3'), KEYS.enter], now => now.includes('RED played b1 d3'));
		await app.engine.answer('a6 c6');
		await app.see('BLUE played a6 c6');
		const frame = await app.burst(['u', 'r'], now => now.includes('Replayed 2 moves'));
		expect(glyphAt(frame, 'c6')).toBe('B');
		expect(glyphAt(frame, 'd3')).toBe('R');
	});
});

describe('Escape and the key after it', () => {
	test('in the open list, Esc Enter closes the list (Enter then acts on the game, not on a file)', async () => {
		app = start({start: vsAi});
		twoSaves(app.savesDir);
		await app.see('Move 1/50');
		await app.press('o', now => now.includes('Open a saved position'));
		const frame = await app.burst([KEYS.escape, KEYS.enter], now => now.includes('There is no piece on d1'));
		expect(frame).not.toContain('Opened');
		expect(frame).not.toContain('Open a saved position');
	});

	test('a piece picked up, Esc ←: put back, then the cursor moves', async () => {
		app = start({start: vsAi});
		await app.see('Move 1/50');
		await app.burst([KEYS.left, KEYS.enter], now => now.includes('c1: 4 moves'));
		const frame = await app.burst([KEYS.escape, KEYS.left], now => marksAt(now, 'b1') === '[]');
		expect(frame).toContain('Let go of');
		expect(glyphAt(frame, 'c3')).toBe('.');
	});

	test('Esc Esc: the piece put back, then back to the menu', async () => {
		app = start({start: vsAi});
		await app.see('Move 1/50');
		await app.burst([KEYS.left, KEYS.enter], now => now.includes('c1: 4 moves'));
		await app.burst([KEYS.escape, KEYS.escape], now => now.includes('Play against the AI'));
	});

	test("the menu's help: Esc ↓ closes it, then moves the cursor", async () => {
		app = start();
		await app.see('Play against the AI');
		await app.press('?', now => now.includes('Keys —'));
		await app.burst([KEYS.escape, KEYS.down], now => chosenRow(now).includes('Your side'));
	});
});

describe("keys that are not keys of potm's, and pastes", () => {
	test("F1 (ESC O P) and the Linux console's F1 (ESC [ [ A) do nothing: no Escape, no [", async () => {
		app = start({start: vsAi});
		await app.see('Move 1/50');
		await app.burst(['m', ...'b1 d3', KEYS.enter], now => now.includes('RED played b1 d3'));
		await app.engine.answer('a6 c6');
		await app.see('BLUE played a6 c6');
		await app.burst(['\u001BOP', '\u001B[[A', KEYS.left], now => marksAt(now, 'c1') === '[]');
		const frame = app.frame();
		expect(frame).not.toContain('Leave this game');
		// No [ either: the game is not walked back (the last move is the current one, marked >).
		expect(frame).toMatch(/1\. b1 d3\s+>a6 c6/);
		expect(frame).not.toContain('Viewing');
	});

	test('a pasted name with a line break in the save dialog: the line break is no Enter', async () => {
		app = start({start: vsAi});
		await app.see('Move 1/50');
		await app.burst(['s', '\u0015', '\u001B[200~', 'kept\rx', '\u001B[201~'], now => now.includes('Name: keptx'));
		expect(app.frame()).toContain('Save the position');
		await app.press(KEYS.enter, now => now.includes('Saved'));
		expect(existsSync(join(app.savesDir, 'keptx.txt'))).toBe(true);
	});
});

describe('many keys at once', () => {
	test('201 flips in one write (a key held down, a paste): each acts, and the screen goes on', async () => {
		app = start({start: {screen: 'play', setup: {game: loaps, seats: [HUMAN, HUMAN], clocked: false}}});
		await app.see('Move 1/50');
		// The board is flipped after every odd flip: a frame drawn in the middle of the burst can show
		// it flipped too. The help, asked for after the flips, shows only once all 201 have acted.
		await app.burst([...Array.from({length: 201}, () => 'f'), '?'], now => now.includes('Keys —'));
		await app.press(KEYS.escape, now => /^ +g +f +e/m.test(now));
		await app.press(KEYS.left, now => marksAt(now, 'e1') === '[]');
	});

	test('a 70-character name pasted into the save dialog is saved whole', async () => {
		app = start({start: vsAi});
		await app.see('Move 1/50');
		const name = 'a-very-long-name-for-a-save-pasted-into-the-dialog-in-one-go-0123456789';
		await app.burst(['s', '\u0015', ...typed(name), KEYS.enter], now => now.includes('Saved'));
		expect(existsSync(join(app.savesDir, `${name}.txt`))).toBe(true);
	});
});

describe('analysis', () => {
	test('a typed move and [ in one write: the move is played, then taken back', async () => {
		app = start({start: {screen: 'analysis', setup: {game: loaps}}});
		await app.engine.thinking();
		const frame = await app.burst(
			['m', ...typed('b1 d3'), KEYS.enter, '['],
			now => glyphAt(now, 'b1') === 'R' && glyphAt(now, 'd3') === '.',
		);
		expect(frame).not.toContain('At the first position');
		// ] plays it again.
		await app.press(']', now => glyphAt(now, 'd3') === 'R');
	});

	test('+ + -: the lines go 3 → 5 → 4', async () => {
		app = start({start: {screen: 'analysis', setup: {game: loaps}}});
		await app.engine.thinking();
		await app.burst(['+', '+', '-'], now => now.includes('4 lines'));
	});
});

describe('demo', () => {
	const demo: Route = {screen: 'demo', setup: {game: loaps, levels: [5, 3], delayMs: 0, games: 0, clockSeconds: 60}};

	test('Space → in one write: paused, and the next move is played at once', async () => {
		app = start({start: demo});
		await app.engine.answer('b1 d3');
		await app.see(/1\. b1 d3/);
		await app.engine.thinkingAfter(1);
		await app.burst([KEYS.space, KEYS.right], now => now.includes('Paused'));
		await app.engine.answer('a6 c6');
		const frame = await app.see(/1\. b1 d3\s+a6 c6/);
		expect(glyphAt(frame, 'c6')).toBe('B');
		expect(frame).toContain('Paused');
	});

	test('? then another key: the help opens and that key closes it', async () => {
		app = start({start: demo});
		await app.see('level 5 Master');
		// Were the help not closed by x, f would close it and the board would not flip.
		await app.burst(['?', 'x', 'f'], now => /^ +g +f +e/m.test(now));
		expect(app.frame()).not.toContain('Keys —');
	});
});
