/** The menu of LINES and BOXES at 80×24: the Size row, the Board row and the board beside them, for every size. */
import {afterEach, describe, expect, test} from 'vitest';
import {gameById} from '../../../source/games/registry.js';
import {KEYS, removeScratch, start, type Harness} from '../harness.js';

let app: Harness | undefined;

afterEach(() => {
	app?.unmount();
	app = undefined;
	removeScratch();
});

describe('LINES and BOXES in the menu', () => {
	test('on the Size row the keys row says a digit gives a square size, and 3 gives 3×3 at once', async () => {
		app = start({choices: {side: 1, level: 1, clock: 60, board: 3, setup: {rows: 5, columns: 5, lines: 0}}});
		await app.see('Play against the AI');
		let frame = await app.press(KEYS.up, now => /^> Game /m.test(now));
		for (let step = 0; step < 8 && !frame.includes('< LINES and BOXES >'); step++) frame = await app.press(KEYS.right);
		expect(frame).not.toContain('3-8 square');
		frame = await app.press(KEYS.down, now => /^> Size /m.test(now));
		// At 80 columns in ASCII the keys row has no room for it; Enter starts stays.
		expect(frame).toMatch(/Left\/Right change · Enter starts · \? keys/);
		app.resize(100, 30);
		frame = await app.see('3-8 square');
		expect(frame).toMatch(/Left\/Right change · Enter starts · 3-8 square · \? keys/);
		frame = await app.press('3', now => now.includes('< 3×3 boxes >'));
		expect(frame).toMatch(/A +B +C +D\s*$/m);
	});

	test('the Size row steps through the sizes and the board beside the rows follows, within 80×24 (an 8-row board only where there is room)', async () => {
		app = start({choices: {side: 1, level: 1, clock: 60, board: 3, setup: {rows: 8, columns: 7, lines: 4}}});
		await app.see('Play against the AI');
		let frame = await app.press(KEYS.up, now => /^> Game /m.test(now));
		for (let step = 0; step < 8 && !frame.includes('< LINES and BOXES >'); step++) frame = await app.press(KEYS.right);
		expect(frame).toContain('< LINES and BOXES >');
		expect(gameById('boxes')!.setup?.map(option => option.row)).toEqual(['Size', 'Lines']);
		expect(frame).toMatch(/Size +< 8×7 boxes >/);
		expect(frame).toMatch(/Lines +< 4 drawn at random >/);
		expect(frame).toMatch(/Board +< seed 3 >/);
		frame = await app.press(KEYS.down, now => /^> Size /m.test(now));
		frame = await app.press(KEYS.right, now => now.includes('< 8×8 boxes >'));
		const fits = (text: string) => {
			const lines = text.split('\n');
			expect(lines.length).toBeLessThanOrEqual(24);
			for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(80);
		};
		fits(frame);
		// 8 rows of boxes take 19 lines: no room beside the rows in 24 lines, so no preview (it would not fit).
		expect(frame).not.toMatch(/A +B +C +D/);
		// A 3×3 board is drawn beside the rows, A..D across and 1..4 down.
		frame = await app.press(KEYS.right, now => now.includes('< 3×3 boxes >'));
		fits(frame);
		expect(frame).toMatch(/A +B +C +D\s*$/m);
		expect(frame).not.toMatch(/A +B +C +D +E/);
		// On a larger terminal the 8×8 board shows, A..I.
		app.resize(100, 30);
		frame = await app.press(KEYS.left, now => now.includes('< 8×8 boxes >'));
		expect(frame).toMatch(/A +B +C +D +E +F +G +H +I/);
		// The Lines row: → draws one more line on the board beside the rows, ← takes it back.
		const drawn = (text: string) => [...text.matchAll(/─|│|-|\|/g)].length;
		frame = await app.press(KEYS.down, now => /^> Lines /m.test(now));
		const before = drawn(frame);
		frame = await app.press(KEYS.right, now => now.includes('< 5 drawn at random >'));
		expect(drawn(frame)).toBeGreaterThan(before);
		frame = await app.press(KEYS.left, now => now.includes('< 4 drawn at random >'));
		expect(drawn(frame)).toBe(before);
	});
});
