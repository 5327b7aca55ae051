/**
 * The demo as the menu starts it and as it keeps its games (ink-testing-library): the Level row
 * plays against itself on the Clock row's clock, "no clock" included; + and - step the pause
 * and come back to where they were; every finished game of the series is kept like a game played.
 */
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterEach, describe, expect, test} from 'vitest';
import {planMove} from '../../../source/engine/levels.js';
import {loaps} from '../../../source/games/loa/index.js';
import {DELAY_STEPS, stepDelay} from '../../../source/ui/demo/demo-state.js';
import {position} from '../../games/loa/diagram.js';
import {KEYS, removeScratch, start, type Harness} from '../harness.js';

let app: Harness | undefined;
afterEach(() => {
	app?.unmount();
	app = undefined;
	removeScratch();
});

/** Down the menu to the row whose label matches. */
async function toRow(harness: Harness, label: RegExp): Promise<string> {
	for (let step = 0; step < 16 && !label.test(harness.frame()); step++) await harness.press(KEYS.down);
	return harness.frame();
}

describe('the demo from the menu', () => {
	test("PAH-TUM with no clock: the Level row against itself, no clock on the panel, no clock in the AI's plan", async () => {
		app = start({choices: {side: 1, level: 2, clock: null, board: 4}});
		await app.see('Play against the AI');
		await app.press(KEYS.up, now => /[>▸] Game /.test(now));
		await app.press(KEYS.left, now => now.includes('potm · LINES and BOXES'));
		await app.press(KEYS.left, now => now.includes('potm · PAH-TUM'));
		const menu = await toRow(app, /[>▸] Watch a demo/);
		expect(menu).toContain('Watch a demo: level 2 against itself');
		expect(menu).toMatch(/Clock +< no clock >/);
		await app.press(KEYS.enter, now => now.includes('level 2 Casual'));
		const call = await app.engine.thinking();
		expect(call.game.id).toBe('pahtum');
		// Planned as a game without a clock is: the level's own pace, not PAH-TUM's 10 s a move.
		expect(call.request.limits).toEqual(planMove(2, {seed: 7}).limits);
		const frame = app.frame();
		expect(frame).toMatch(/X +X level 2 Casual +\d+ pts( <)?\s*$/m);
		expect(frame).not.toMatch(/\d:\d\d/);
	});

	test('+ and - step the pause and come back to where they were', async () => {
		for (const delay of DELAY_STEPS.slice(1, -1)) expect(stepDelay(stepDelay(delay, true), false)).toBe(delay);
		expect(stepDelay(300, true)).toBe(200);
		expect(stepDelay(420, true)).toBe(300);
		expect(stepDelay(420, false)).toBe(500);
		app = start({start: {screen: 'demo', setup: {game: loaps, levels: [5, 3], delayMs: 300, games: 0, clockSeconds: 60}}});
		await app.see('0.30 s between moves');
		await app.press('+', now => now.includes('0.20 s between moves'));
		await app.press('-', now => now.includes('0.30 s between moves'));
	});
});

describe('demo games are kept', () => {
	test('a game of the series that ends goes into the games folder, named by its levels; the series says where', async () => {
		// RED, to move, connects with a1 a2.
		const last = position(['....2.2', '.......', '.......', '.......', '.1.....', '.......', '1......'], {
			toMove: 1,
			moveNumber: 30,
			points: [20, 5],
		});
		app = start({start: {screen: 'demo', setup: {game: loaps, levels: [5, 3], delayMs: 0, games: 1, clockSeconds: 60, start: last}}});
		await app.engine.answer('a1 a2');
		const frame = await app.see('Series over');
		expect(frame).toContain(`kept in ${join(app.savesDir, 'games')}/`);
		const files = readdirSync(join(app.savesDir, 'games'));
		expect(files).toHaveLength(1);
		const record = readFileSync(join(app.savesDir, 'games', files[0]!), 'utf8');
		expect(record).toContain('[RED "potm level 5 Master"]');
		expect(record).toContain('[BLUE "potm level 3 Club"]');
		expect(record).toContain('[Result "1-0"]');
		// v reviews it, both levels named.
		expect(frame).toContain('v review');
		const review = await app.press('v', now => now.includes('LOAPS review'));
		// Names shortened to leave the ending whole.
		expect(review.split('\n')[0]).toMatch(/RED level 5( Master)? vs BLUE level 3( Club)? · RED connected: RED wins 32 to 5/);
	});
});
