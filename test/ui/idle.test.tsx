/**
 * A screen waiting for a person draws nothing: it is drawn again only when something it shows
 * changes (a running clock's tenth, a spinner while the engine thinks). ink-testing-library
 * records every frame drawn, so a screen at rest shows as a count that does not move. The
 * test's clock stands still unless a test moves it, and so do its timers: "a while" is the
 * timers run forward by that much (vi's fake timers), whatever the machine's speed, so a timer
 * the screen set to draw itself again fires within it for certain.
 */
import {afterEach, beforeEach, describe, expect, test, vi} from 'vitest';
import {loaps} from '../../source/games/loa/index.js';
import {THINKING_FRAME_MS} from '../../source/ui/context.js';
import {HUMAN, ai} from '../../source/play/session.js';
import type {Route} from '../../source/ui/app.js';
import {WAIT, removeScratch, start, type Harness} from './harness.js';
import {racePlayed} from '../helpers/race.js';

let app: Harness | undefined;
beforeEach(() => {
	// Timers only: React's own scheduling (setImmediate, MessageChannel) runs as it does.
	vi.useFakeTimers({toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval']});
});
afterEach(() => {
	app?.unmount();
	app = undefined;
	vi.useRealTimers();
	removeScratch();
});

/** Frames drawn while the timers run `ms` forward, nothing else happening (and what they drew let settle). */
async function framesIn(harness: Harness, ms: number): Promise<number> {
	const before = harness.renders();
	await vi.advanceTimersByTimeAsync(ms);
	// React commits what the timers set off on its own scheduling, outside the fake timers.
	await new Promise(resolve => setImmediate(resolve));
	await new Promise(resolve => setImmediate(resolve));
	return harness.renders() - before;
}

describe('a screen at rest draws nothing', () => {
	test('a review done, and one stopped by Esc', async () => {
		const {line, moves} = racePlayed('e4 d4', 'd1 e1');
		const evaluation = {score: 0, proven: false, best: -1, line: [], second: null, secondProven: false, legal: 2, depth: 1, nodes: 1};
		app = start({
			start: {
				screen: 'review',
				setup: {game: loaps, line, moves, ended: null, budget: {depth: 1}, backTo: 'menu', evals: [evaluation, evaluation, evaluation]},
				back: null,
			},
		});
		await app.see('LOAPS review');
		expect(await framesIn(app, 600)).toBe(0);
		app.unmount();
		app = start({
			start: {screen: 'review', setup: {game: loaps, line, moves, ended: null, budget: {depth: 1}, backTo: 'menu'}, back: null},
		});
		await app.engine.thinking();
		await app.press('\u001B', current => current.includes('Review stopped'));
		expect(await framesIn(app, 600)).toBe(0);
	});

	test('a game without clocks, the person to move', async () => {
		app = start({start: {screen: 'play', setup: {game: loaps, seats: [HUMAN, ai(3)], clocked: false}}});
		await app.see('Move 1/50');
		expect(await framesIn(app, 600)).toBe(0);
	});

	test('a game with clocks: drawn when the running clock shows another tenth, not in between', async () => {
		app = start({start: {screen: 'play', setup: {game: loaps, seats: [HUMAN, ai(3)], clocked: true, clockSeconds: 60}}});
		await app.see('Move 1/50');
		// The clock stands still: nothing shown changes.
		expect(await framesIn(app, 600)).toBe(0);
		app.advance(1000);
		await app.see(/RED\s+R you\s+0 pts\s+0:59(?![.\d])/);
		expect(await framesIn(app, 600)).toBe(0);
	});

	test('two people, no clock; the menu; the help', async () => {
		app = start({start: {screen: 'play', setup: {game: loaps, seats: [HUMAN, HUMAN], clocked: false}}});
		await app.see('Move 1/50');
		expect(await framesIn(app, 400)).toBe(0);
		app.unmount();
		app = start();
		await app.see('Play against the AI');
		expect(await framesIn(app, 400)).toBe(0);
		await app.press('?', now => now.includes('Keys —'));
		expect(await framesIn(app, 400)).toBe(0);
	});

	test('analysis once the engine has finished', async () => {
		const over: Route = {screen: 'analysis', setup: {game: loaps}};
		app = start({start: over});
		await app.engine.answer('b1 d3', 12);
		await app.see(/solved|done/);
		expect(await framesIn(app, 600)).toBe(0);
	});

	test('while the AI thinks and its progress pauses, the spinner turns with the time and only then, a frame and a half after the last', async () => {
		const thinking = start({start: {screen: 'play', setup: {game: loaps, seats: [ai(3), HUMAN], clocked: false}}});
		app = thinking;
		await thinking.see('thinking');
		expect(await framesIn(thinking, 400)).toBe(0);
		// A frame's time: the progress would have drawn it; the spinner waits half a frame more for it.
		thinking.advance(THINKING_FRAME_MS);
		expect(await framesIn(thinking, 400)).toBe(0);
		const before = thinking.renders();
		thinking.advance(THINKING_FRAME_MS / 2);
		await vi.waitFor(() => expect(thinking.renders() - before).toBeGreaterThan(0), WAIT);
	});
});
