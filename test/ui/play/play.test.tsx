/** Playing against the AI on the board: keys, moves, refusals, undo/redo, hint, clocks, game over. */
import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterEach, describe, expect, test, vi} from 'vitest';
import {EngineClient} from '../../../source/engine/client.js';
import {loaps} from '../../../source/games/loa/index.js';
import {pahtum} from '../../../source/games/pahtum/index.js';
import {HUMAN, ai} from '../../../source/play/session.js';
import type {Route} from '../../../source/ui/app.js';
import {position} from '../../games/loa/diagram.js';
import {KEYS, WAIT, glyphAt, marksAt, removeScratch, start, type Harness} from '../harness.js';

const vsAi = (extra: Partial<Extract<Route, {screen: 'play'}>['setup']> = {}): Route => ({
	screen: 'play',
	setup: {game: loaps, seats: [HUMAN, ai(3)], clocked: true, clockSeconds: 60, ...extra},
});

let app: Harness | undefined;
afterEach(() => {
	app?.unmount();
	app = undefined;
	removeScratch();
});

/** Picks up c1 and puts it on c3 with the cursor keys (the cursor starts on d1). */
async function playC1C3(harness: Harness): Promise<void> {
	await harness.press(KEYS.left);
	expect(marksAt(harness.frame(), 'c1')).toBe('[]');
	await harness.press(KEYS.enter);
	await harness.see('c1: 4 moves');
	await harness.press(KEYS.up);
	expect(marksAt(harness.frame(), 'c2')).toBe('[]');
	await harness.press(KEYS.up);
	await harness.press(KEYS.enter);
	await harness.see('RED played c1 c3');
}

describe('the board', () => {
	test('draws the start with labels, pieces, bonus squares, both clocks, n/50 and whose turn', async () => {
		app = start({start: vsAi()});
		const frame = await app.see('Move 1/50');
		expect(frame).toMatch(/^ +a +b +c +d +e +f +g(?: |$)/m);
		expect(glyphAt(frame, 'b1')).toBe('R');
		expect(glyphAt(frame, 'a2')).toBe('B');
		expect(glyphAt(frame, 'd4')).toBe('*');
		expect(glyphAt(frame, 'b2')).toBe('+');
		expect(glyphAt(frame, 'f6')).toBe('+');
		expect(glyphAt(frame, 'd3')).toBe('.');
		expect(frame).toMatch(/RED\s+R you\s+0 pts\s+1:00(?![.\d])/);
		expect(frame).toMatch(/BLUE\s+B level 3 Club\s+0 pts\s+1:00(?![.\d])/);
		expect(frame).toContain('RED to play (you)');
		for (const line of frame.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
		expect(frame.split('\n').length).toBeLessThanOrEqual(24);
	});

	test('select and move with the cursor; the AI answers, its thinking shown live', async () => {
		app = start({start: vsAi()});
		await app.see('Move 1/50');
		await app.press(KEYS.left);
		await app.press(KEYS.enter);
		const picked = await app.see('c1: 4 moves');
		// Its four destinations are marked: c3, e3, g1 empty, a3 a capture.
		expect(glyphAt(picked, 'c3')).toBe('o');
		expect(glyphAt(picked, 'e3')).toBe('o');
		expect(glyphAt(picked, 'g1')).toBe('o');
		expect(marksAt(picked, 'a3')).toBe('()');
		expect(glyphAt(picked, 'd3')).toBe('.');
		await app.press(KEYS.up);
		await app.press(KEYS.up);
		await app.press(KEYS.enter);
		let frame = await app.see('RED played c1 c3');
		expect(glyphAt(frame, 'c1')).toBe('.');
		expect(glyphAt(frame, 'c3')).toBe('R');
		expect(marksAt(frame, 'c1')).toBe('--');
		// The AI thinks: spinner, budget bar, depth, evaluation and line, as they come.
		await app.see('thinking');
		await app.engine.progress('a6 c4', -35, 5);
		frame = await app.see('depth 5');
		expect(frame).toContain('+0.35');
		expect(frame).toContain('a6 c4');
		expect(frame).toMatch(/\[?[#-]{10}\]? 0\.0\/\d+\.\d s/);
		await app.engine.answer('a6 c4', -35);
		frame = await app.see('BLUE played a6 c4');
		expect(glyphAt(frame, 'c4')).toBe('B');
		expect(frame).toMatch(/1\. c1 c3\s+>a6 c4/);
		expect(frame).toContain('Move 2/50');
	});

	test('the board keeps taking keys while the AI thinks, and a move then is refused with the reason', async () => {
		app = start({start: vsAi()});
		await app.see('Move 1/50');
		await playC1C3(app);
		await app.engine.thinking();
		await app.press(KEYS.right);
		expect(marksAt(app.frame(), 'd3')).toBe('[]');
		await app.press(KEYS.enter, frame => frame.includes('the AI) is to move'));
	});

	test('an illegal destination, a piece of the other side and an empty square are refused with the reason', async () => {
		app = start({start: vsAi()});
		await app.see('Move 1/50');
		await app.press(KEYS.left);
		await app.press(KEYS.enter);
		await app.press(KEYS.up);
		let frame = await app.press(KEYS.enter, now => now.includes('not a legal move'));
		expect(frame).toContain('c1 c2 is not a legal move: a piece moves exactly as many squares');
		expect(frame).toContain('it can go to');
		// The piece stays picked up; Esc lets go of it.
		frame = await app.press(KEYS.escape, now => now.includes('Let go of'));
		await app.press('h');
		await app.press('h');
		await app.press('k');
		frame = await app.press(KEYS.enter, now => now.includes("a3 is not RED's"));
		await app.press('l');
		frame = await app.press(KEYS.space, now => now.includes('There is no piece on b3'));
		expect(app.engine.calls).toHaveLength(0);
	});

	test('a typed move: refused with the reason, then played', async () => {
		app = start({start: vsAi()});
		await app.see('Move 1/50');
		await app.press('m', frame => frame.includes('Type a move'));
		await app.type('b1 b5');
		await app.see('b1 b5_');
		await app.press(KEYS.enter, frame => frame.includes('b1 b5 is not a legal move'));
		await app.press(':', frame => frame.includes('Type a move'));
		await app.type('zz');
		await app.press(KEYS.enter, frame => frame.includes('"zz" is not a move: write the two squares, as in "b1 d3"'));
		await app.press('m');
		await app.type('b1 d3');
		const frame = await app.press(KEYS.enter, now => now.includes('RED played b1 d3'));
		expect(glyphAt(frame, 'd3')).toBe('R');
	});

	test('undo takes back the move pair, redo plays it again', async () => {
		app = start({start: vsAi()});
		await app.see('Move 1/50');
		await playC1C3(app);
		await app.engine.answer('a6 c4');
		await app.see('Move 2/50');
		let frame = await app.press('u', now => now.includes('Took back 2 moves'));
		expect(glyphAt(frame, 'c1')).toBe('R');
		expect(glyphAt(frame, 'c3')).toBe('.');
		expect(glyphAt(frame, 'a6')).toBe('B');
		expect(frame).toContain('Move 1/50');
		expect(app.engine.pending).toBeUndefined();
		frame = await app.press('r', now => now.includes('Replayed 2 moves'));
		expect(glyphAt(frame, 'c3')).toBe('R');
		expect(glyphAt(frame, 'c4')).toBe('B');
		expect(frame).toContain('Move 2/50');
		await app.press('u');
		await app.press('u', now => now.includes('Nothing to take back'));
	});

	test("undo while the AI thinks takes back the person's move and stops the engine", async () => {
		app = start({start: vsAi()});
		await app.see('Move 1/50');
		await playC1C3(app);
		await app.engine.thinking();
		const stops = app.engine.stops;
		const frame = await app.press('u', now => now.includes('Took back 1 move'));
		expect(glyphAt(frame, 'c1')).toBe('R');
		// The think is stopped as the screen leaves that position (an effect after the frame).
		await vi.waitFor(() => {
			expect(app!.engine.stops).toBeGreaterThan(stops);
			expect(app!.frame()).not.toContain('thinking');
		}, WAIT);
	});

	test("hint: the engine's move, shown on the board", async () => {
		app = start({start: vsAi()});
		await app.see('Move 1/50');
		await app.press('t', frame => frame.includes('hint: thinking'));
		await app.engine.answer('b1 d3', 120);
		const frame = await app.see('Hint: b1 d3 (+1.20)');
		expect(marksAt(frame, 'b1')).toBe('!!');
		expect(marksAt(frame, 'd3')).toBe('!!');
		// The hint goes when a move is played.
		await app.press('m');
		await app.type('b1 d3');
		const after = await app.press(KEYS.enter, now => now.includes('RED played b1 d3'));
		expect(marksAt(after, 'd3')).not.toBe('!!');
	});

	test('the clock of the side to move runs; a flag fall loses on time', async () => {
		app = start({start: vsAi({clockSeconds: 5})});
		await app.see('0:05.0');
		app.advance(2500);
		await app.see(/RED\s+R you\s+0 pts\s+0:02\.5/);
		app.advance(3000);
		const frame = await app.see('RED ran out of time: BLUE wins');
		expect(frame).toContain('BLUE wins');
		expect(frame).toContain('rematch');
	});

	test("a dialog stops a person's clock; closing it starts it again", async () => {
		app = start({start: vsAi({clockSeconds: 30})});
		await app.see('Move 1/50');
		app.advance(1000);
		await app.see(/RED\s+R you\s+0 pts\s+0:29(?![.\d])/);
		await app.press('?', now => now.includes('Keys'));
		app.advance(20_000);
		await app.press('z', now => now.includes('Move 1/50'));
		expect(app.frame()).toMatch(/RED\s+R you\s+0 pts\s+0:29(?![.\d])/);
		app.advance(2000);
		await app.see(/RED\s+R you\s+0 pts\s+0:27(?![.\d])/);
	});

	test('game over by connection: who won and why, final points; rematch swaps the sides and starts where this game started', async () => {
		// RED connects with a1 b2, landing on a bonus square: 3 + 12 points.
		const state = position(['.......', '..2.2..', '.......', '.......', '.......', '..1....', '1......'], {toMove: 1, moveNumber: 12});
		app = start({start: vsAi({line: [state]})});
		await app.see('Move 12/50');
		await app.press('m');
		await app.type('a1 b2');
		let frame = await app.press(KEYS.enter, now => now.includes('Game over'));
		expect(frame).toContain('RED wins: well played!');
		expect(frame).toContain('RED connected: RED wins 15 to 0');
		expect(frame).toMatch(/RED\s+R you\s+15 pts/);
		frame = await app.press('w', now => now.includes('Rematch'));
		expect(frame).toMatch(/RED\s+R level 3 Club/);
		expect(frame).toMatch(/BLUE\s+B you/);
		// From the position the game was set up from (a FILE's), not the standard opening.
		expect(frame).toContain('Move 12/50');
		expect(glyphAt(frame, 'a1')).toBe('R');
		expect(glyphAt(frame, 'c2')).toBe('R');
		expect(glyphAt(frame, 'b1')).toBe('.');
		const call = await app.engine.thinking();
		expect(loaps.format(call.state as never)).toBe(loaps.format(loaps.withClocks(state, [60, 60])));
	});

	test('n after a game set up from a position starts again from that position', async () => {
		const state = position(['.......', '..2.2..', '.......', '.......', '.......', '..1....', '1......'], {toMove: 1, moveNumber: 12});
		app = start({start: vsAi({line: [state]})});
		await app.see('Move 12/50');
		await app.press('m');
		await app.type('c2 c4');
		await app.press(KEYS.enter, now => now.includes('RED played c2 c4'));
		await app.engine.answer();
		await app.see('Move 13/50');
		await app.press('n', now => now.includes('Abandon this game'));
		const frame = await app.press('y', now => now.includes('New game'));
		expect(frame).toContain('Move 12/50');
		expect(glyphAt(frame, 'c2')).toBe('R');
		expect(glyphAt(frame, 'c4')).toBe('.');
	});

	test('resign asks first, then ends the game', async () => {
		app = start({start: vsAi()});
		await app.see('Move 1/50');
		await app.press('x', frame => frame.includes('Resign this game?'));
		await app.press('n', frame => !frame.includes('Resign this game?'));
		expect(app.frame()).not.toContain('Game over');
		await app.press('x');
		const frame = await app.press('y', now => now.includes('Game over'));
		expect(frame).toContain('RED resigns: BLUE wins');
		// The clocks stop with the game.
		const redClock = (text: string) => /RED\s+R you\s+0 pts\s+(\d:\d\d(?:\.\d)?)/.exec(text)?.[1];
		expect(redClock(frame)).toBe('1:00');
		app.advance(5000);
		await app.press('f');
		expect(redClock(app.frame())).toBe('1:00');
	});

	test('q and Esc ask first when the game is not saved; s from the question saves, then leaves as asked; after saving they do not ask', async () => {
		app = start({start: vsAi()});
		await app.see('Move 1/50');
		// Nothing played yet: Esc goes straight to the menu.
		await app.press(KEYS.escape, now => now.includes('Play against the AI'));
		await app.press(KEYS.enter, now => now.includes('Move 1/50'));
		await app.press('m');
		await app.type('b1 d3');
		await app.press(KEYS.enter, now => now.includes('RED played b1 d3'));
		await app.press('q', now => now.includes('Quit? It is not saved: y quits, s saves first'));
		await app.press('n', now => !now.includes('Quit?'));
		await app.press(KEYS.escape, now => now.includes('Leave this game for the menu? It is not saved'));
		await app.press('s', now => now.includes('Save the position'));
		await app.press('\u0015');
		await app.type('kept');
		// Saved, and then left for the menu, as the question asked.
		await app.press(KEYS.enter, now => now.includes('Play against the AI'));
		expect(existsSync(join(app.savesDir, 'kept.txt'))).toBe(true);
		// Saved and not played on: Esc leaves without asking.
		await app.press(KEYS.enter, now => now.includes('Move 1/50'));
		await app.burst(['s', '\u0015', ...'again', KEYS.enter], now => now.includes('Saved'));
		await app.press(KEYS.escape, now => now.includes('Play against the AI'));
	});

	test('saved, then u and r back to the same position: still saved, o opens the list without asking; taken back and left there, it asks', async () => {
		app = start({start: {screen: 'play', setup: {game: loaps, seats: [HUMAN, HUMAN], clocked: false}}});
		await app.see('Move 1/50');
		await app.burst(['m', ...'b1 d3', KEYS.enter], now => now.includes('RED played b1 d3'));
		await app.burst(['m', ...'a6 c6', KEYS.enter], now => now.includes('BLUE played a6 c6'));
		await app.burst(['s', '\u0015', ...'here', KEYS.enter], now => now.includes('Saved'));
		await app.press('u', now => now.includes('Took back 1 move'));
		await app.press('r', now => now.includes('Replayed 1 move'));
		let frame = await app.press('o', now => now.includes('Open a saved position'));
		expect(frame).not.toContain('This one is not saved');
		await app.press(KEYS.escape, now => !now.includes('Open a saved position'));
		await app.press('u', now => now.includes('Took back 1 move'));
		frame = await app.press('o', now => now.includes('Open another game? This one is not saved'));
	});

	test('"s saves first": Esc in the save dialog then goes on with the game; o in a game not saved asks too', async () => {
		app = start({start: vsAi()});
		await app.see('Move 1/50');
		await app.burst(['m', ...'b1 d3', KEYS.enter], now => now.includes('RED played b1 d3'));
		await app.burst(['q', 's'], now => now.includes('Save the position'));
		let frame = await app.press(KEYS.escape, now => now.includes('Move 1/50'));
		expect(frame).not.toContain('Quit?');
		frame = await app.press('o', now => now.includes('Open another game? This one is not saved'));
		frame = await app.press('z', now => !now.includes('Open another game?'));
		expect(frame).toContain('Move 1/50 · BLUE to play');
		await app.burst(['o', 'y'], now => now.includes('Open a saved position'));
	});

	test('Ctrl-C while a move is being typed: the typing stops and the question shows', async () => {
		app = start({start: vsAi()});
		await app.see('Move 1/50');
		await app.burst(['m', ...'b1 d3', KEYS.enter], now => now.includes('RED played b1 d3'));
		await app.engine.answer('a6 c6');
		await app.burst(['m', 'c', '1'], now => now.includes('Esc cancels: c1_'));
		const frame = await app.press(KEYS.ctrlC, now => now.includes('Quit? It is not saved'));
		expect(frame).not.toContain('Type a move');
	});

	test('too small a terminal: keys do not play the hidden game, the clock stops, q asks in a game not saved', async () => {
		app = start({start: vsAi(), size: {columns: 50, rows: 12}});
		await app.see('needs at least');
		// A move typed blind is not played; no AI move follows.
		app.stdin.write(['m', ...'b1 d3', KEYS.enter].join(''));
		app.resize(80, 24);
		await app.see('Move 1/50');
		const blind = await app.sync();
		expect(glyphAt(blind, 'b1')).toBe('R');
		expect(app.engine.calls).toHaveLength(0);
		app.unmount();
		// Played, then too small: the clock stands, q asks on the small screen, another key goes on.
		app = start({start: vsAi({clockSeconds: 60})});
		await app.see('Move 1/50');
		app.advance(3000);
		await app.burst(['m', ...'b1 d3', KEYS.enter], now => now.includes('RED played b1 d3'));
		await app.engine.answer('a6 c6');
		await app.see(/RED\s+R you\s+0 pts\s+0:57(?![.\d])/);
		app.resize(50, 12);
		await app.see('needs at least');
		app.advance(20_000);
		let frame = await app.press('q', now => now.includes('Quit? It is not saved'));
		expect(frame).toContain('needs at least');
		await app.press('z', now => now.includes('Make the window larger'));
		app.resize(80, 24);
		frame = await app.see('Move 2/50');
		expect(frame).toMatch(/RED\s+R you\s+0 pts\s+0:57(?![.\d])/);
		expect(glyphAt(frame, 'c6')).toBe('B');
	});

	test("a resignation before any move of one's own can be taken back", async () => {
		app = start({start: {screen: 'play', setup: {game: loaps, seats: [ai(3), HUMAN], clocked: false}}});
		await app.engine.answer('b1 d3');
		await app.see('BLUE to play (you)');
		await app.press('x');
		await app.press('y', now => now.includes('BLUE resigns: RED wins'));
		const frame = await app.press('u', now => !now.includes('Game over'));
		expect(frame).toContain('Took back the resignation');
		expect(frame).toContain('BLUE to play (you)');
		expect(frame).toMatch(/1\.>b1 d3/);
	});

	test('two players at one keyboard: both sides are moved by hand, the engine stays idle', async () => {
		app = start({start: {screen: 'play', setup: {game: loaps, seats: [HUMAN, HUMAN], clocked: false}}});
		await app.see('player 1');
		await app.press('m');
		await app.type('b1 d3');
		await app.press(KEYS.enter, now => now.includes('RED played b1 d3'));
		await app.press('m');
		await app.type('a6 c6');
		const frame = await app.press(KEYS.enter, now => now.includes('BLUE played a6 c6'));
		expect(frame).toContain('no clock');
		expect(app.engine.calls).toHaveLength(0);
		await app.press('u', now => now.includes('Took back 1 move'));
	});

	test("playing BLUE: the board is turned for BLUE, the cursor starts on BLUE's side, the AI moves first", async () => {
		app = start({start: {screen: 'play', setup: {game: loaps, seats: [ai(3), HUMAN], clocked: true, clockSeconds: 60}}});
		const frame = await app.see('Move 1/50');
		const rows = frame.split('\n');
		expect(rows.findIndex(line => line.startsWith(' 1 '))).toBeLessThan(rows.findIndex(line => line.startsWith(' 7 ')));
		// d is the middle file, so the same column either way round.
		expect(marksAt(frame, 'd7')).toBe('[]');
		await app.engine.answer('b1 d3');
		await app.see('RED played b1 d3');
		expect(app.frame()).toContain('BLUE to play (you)');
	});

	test('flip turns the board round', async () => {
		app = start({start: vsAi()});
		const before = await app.see('Move 1/50');
		expect(before.split('\n').findIndex(line => line.startsWith(' 7 '))).toBeLessThan(
			before.split('\n').findIndex(line => line.startsWith(' 1 ')),
		);
		const after = await app.press('f');
		expect(after.split('\n').findIndex(line => line.startsWith(' 7 '))).toBeGreaterThan(
			after.split('\n').findIndex(line => line.startsWith(' 1 ')),
		);
		expect(after).toMatch(/^ +g +f +e +d +c +b +a(?: |$)/m);
	});

	test('help lists every key of the screen from the one binding table; any key closes it', async () => {
		const {bindingsOf, labelOf} = await import('../../../source/ui/keys.js');
		app = start({start: vsAi()});
		await app.see('Move 1/50');
		const frame = await app.press('?', now => now.includes('Keys'));
		// What the box says, its rows joined: a long row goes on under its words.
		const said = (box: string) =>
			box
				.split('\n')
				.map(line => line.replace(/^[|│]\s?|\s*[|│]$/g, ''))
				.join(' ')
				.replace(/\s+/g, ' ');
		// Every label, the four cursor keys on one row.
		for (const binding of bindingsOf('play'))
			expect(said(frame)).toContain(binding.label.startsWith('cursor ') ? 'move the cursor' : labelOf(binding, loaps.phrases));
		// In LOA's words, and no other game's.
		expect(frame).toContain('pick a piece up, then put it down on a marked square');
		expect(frame).toContain('type a move, e.g. b1 d3');
		expect(frame).not.toMatch(/marker|dot|PAH-TUM|C4/);
		expect(frame).toMatch(/Up Down Left Right k j h l +move the cursor/);
		await app.press('z', now => now.includes('Move 1/50'));
		// The menu's help is the menu's keys.
		await app.press(KEYS.escape, now => now.includes('Play against the AI'));
		const menu = await app.press('?', now => now.includes('Keys — Menu'));
		for (const binding of bindingsOf('menu')) expect(said(menu)).toContain(binding.label);
		expect(menu).not.toContain('pick up a piece');
	});

	test('with the real engine in its worker: the AI answers a move', async () => {
		const engine = new EngineClient();
		try {
			app = start({start: {screen: 'play', setup: {game: loaps, seats: [HUMAN, ai(1)], clocked: false}}, engine});
			await app.see('Move 1/50');
			await app.press('m');
			await app.type('b1 d3');
			await app.press(KEYS.enter, frame => frame.includes('RED played b1 d3'));
			const frame = await app.see('BLUE played');
			expect(frame).toContain('Move 2/50');
			expect(frame).toMatch(/1\. b1 d3\s+>[a-g][1-7] [a-g][1-7]/);
			expect(engine.workersStarted).toBe(1);
		} finally {
			await engine.close();
		}
	});
});

describe('time and taking back', () => {
	test('undo takes back the moves, not the time used: the clocks read on from where they were, and the help says so', async () => {
		app = start({start: vsAi()});
		await app.see('Move 1/50');
		app.advance(39_000);
		await app.burst(['m', ...'b1 d3', KEYS.enter], now => now.includes('RED played b1 d3'));
		app.advance(2_000);
		await app.engine.answer('a6 c6');
		await app.see('BLUE played a6 c6');
		let frame = await app.see(/RED\s+R you\s+0 pts\s+0:21(?![.\d])/);
		expect(frame).toMatch(/BLUE\s+B level 3 Club\s+0 pts\s+0:58(?![.\d])/);
		frame = await app.press('u', now => now.includes('Took back 2 moves'));
		// Both moves are gone; the 39 s RED spent and BLUE's 2 s stay spent.
		expect(glyphAt(frame, 'b1')).toBe('R');
		expect(frame).toMatch(/RED\s+R you\s+0 pts\s+0:21(?![.\d])/);
		expect(frame).toMatch(/BLUE\s+B level 3 Club\s+0 pts\s+0:58(?![.\d])/);
		frame = await app.press('?', now => now.includes('Keys —'));
		expect(frame).toContain('take back your move and the reply (not the time used)');
	});

	test("undo then redo: the moves keep the clocks they were played with, in the save's history too", async () => {
		app = start({start: vsAi()});
		await app.see('Move 1/50');
		app.advance(9_000);
		await app.burst(['m', ...'b1 d3', KEYS.enter], now => now.includes('RED played b1 d3'));
		app.advance(2_000);
		await app.engine.answer('a6 c6');
		await app.see('BLUE played a6 c6');
		// RED thinks 25 s more, takes both moves back at 0:26, and plays them again.
		app.advance(25_000);
		await app.press('u', now => now.includes('Took back 2 moves'));
		let frame = await app.press('r', now => /1\. b1 d3\s+>?a6 c6/.test(now) && !now.includes('Took back'));
		expect(frame).toMatch(/RED\s+R you\s+0 pts\s+0:26(?![.\d])/);
		frame = await app.press('s', now => now.includes('Save the position'));
		await app.press('\u0015', now => now.includes('Name:  '));
		await app.type('redone');
		await app.press(KEYS.enter, now => now.includes('Saved'));
		const history = JSON.parse(readFileSync(join(app.savesDir, 'redone.history.json'), 'utf8')) as {
			moves: {move: string; clocks: number[]}[];
		};
		// b1 d3 was played with 0:51 on RED's clock, a6 c6 with 0:58 on BLUE's; RED has 0:26 now.
		expect(history.moves.map(({move, clocks}) => [move, clocks])).toEqual([
			['b1 d3', [51, 60]],
			['a6 c6', [26, 58]],
		]);
	});

	test('a move typed while the AI thinks is a premove: played the moment it answers, if legal then; Esc cancels one', async () => {
		app = start({start: vsAi()});
		await app.see('Move 1/50');
		await app.burst(['m', ...'b1 d3', KEYS.enter], now => now.includes('RED played b1 d3'));
		await app.engine.thinking();
		// Typed in one burst while BLUE thinks: kept, and said; Esc takes it back.
		let frame = await app.burst(['m', ...'e1 e3', KEYS.enter], now => now.includes('Premove e1 e3'));
		expect(frame).toContain('played as soon as BLUE has moved');
		await app.press(KEYS.escape, now => now.includes('Premove e1 e3 cancelled'));
		await app.burst(['m', ...'c1 c3', KEYS.enter], now => now.includes('Premove c1 c3'));
		await app.engine.answer('g6 e6');
		frame = await app.see('(premove)');
		expect(glyphAt(frame, 'c3')).toBe('R');
		expect(glyphAt(frame, 'c1')).toBe('.');
		expect(glyphAt(frame, 'e1')).toBe('R');
		expect(frame).toMatch(/2\.>?c1 c3/);
		// A premove that is not legal when its turn comes (c3 c6: three squares on a file of two pieces) is not played, and says why.
		await app.engine.thinking();
		await app.burst(['m', ...'c3 c6', KEYS.enter], now => now.includes('Premove c3 c6'));
		await app.engine.answer('g5 e5');
		frame = await app.see('premove c3 c6 not played');
		expect(glyphAt(frame, 'c3')).toBe('R');
		expect(frame).toContain('RED to play');
	});

	test("the bell: when the AI moves, when the person's clock drops under 10 s, when the game ends; none with the Bell row off", async () => {
		app = start({start: vsAi()});
		await app.see('Move 1/50');
		await app.burst(['m', ...'b1 d3', KEYS.enter], now => now.includes('RED played b1 d3'));
		expect(app.bells.count).toBe(0);
		await app.engine.answer('a6 c6');
		await app.see('BLUE played a6 c6');
		expect(app.bells.count).toBe(1);
		// 50.5 s more of RED's thinking: 9.5 s left, drawn again, one ring; a second later no other.
		app.advance(50_500);
		await app.sync();
		expect(app.bells.count).toBe(2);
		app.advance(1000);
		await app.sync();
		expect(app.bells.count).toBe(2);
		// A dialog stops the clock and starts it again: no second ring for the same low clock.
		await app.press('?', now => now.includes('Keys —'));
		await app.press('z', now => now.includes('Move 2/50'));
		await app.sync();
		expect(app.bells.count).toBe(2);
		// Resigning ends the game: a ring.
		await app.press('x', now => now.includes('Resign this game?'));
		await app.press('y', now => now.includes('Game over'));
		expect(app.bells.count).toBe(3);
		app.unmount();
		// PAH-TUM's clock is a move's 10 s: it starts under 10 s every turn, and does not ring for that.
		app = start({
			start: {
				screen: 'play',
				setup: {game: pahtum, seats: [HUMAN, ai(1)], clocked: true, clockSeconds: 10, start: pahtum.initial({seed: 9})},
			},
		});
		await app.see('X to play');
		app.advance(1200);
		await app.sync();
		expect(app.bells.count).toBe(0);
		app.unmount();
		app = start({start: vsAi({bell: false})});
		await app.see('Move 1/50');
		await app.burst(['m', ...'b1 d3', KEYS.enter], now => now.includes('RED played b1 d3'));
		await app.engine.answer('a6 c6');
		await app.see('BLUE played a6 c6');
		app.advance(55_000);
		await app.sync();
		expect(app.bells.count).toBe(0);
	});

	test('a game lost on time cannot be taken back', async () => {
		app = start({start: vsAi({clockSeconds: 5})});
		await app.see('Move 1/50');
		app.advance(6000);
		await app.see('RED ran out of time: BLUE wins');
		const frame = await app.press('u', now => now.includes('Time ran out'));
		expect(frame).toContain('taking moves back gives no time back');
		expect(frame).toContain('RED ran out of time: BLUE wins');
	});
});

describe('a question asked while the engine works', () => {
	test('q while the AI thinks: its move comes, and the question stays in view until answered', async () => {
		app = start({start: vsAi()});
		await app.see('Move 1/50');
		await app.burst(['m', ...'b1 d3', KEYS.enter], now => now.includes('RED played b1 d3'));
		await app.engine.thinking();
		await app.press('q', now => now.includes('Quit? It is not saved'));
		await app.engine.answer('a6 c6');
		const frame = await app.see(/1\. b1 d3\s+>a6 c6/);
		expect(frame).toContain('Quit? It is not saved');
		await app.press('n', now => !now.includes('Quit?'));
	});

	test("x while the AI thinks, and the game ends meanwhile (the AI's flag): the question is gone, and y resigns nothing", async () => {
		app = start({start: {screen: 'play', setup: {game: loaps, seats: [ai(3), HUMAN], clocked: true, clockSeconds: 5}}});
		await app.engine.thinking();
		// x asks while the AI is to move, too.
		await app.press('x', now => now.includes('Resign this game?'));
		app.advance(6000);
		const frame = await app.see('RED ran out of time: BLUE wins');
		expect(frame).not.toContain('Resign this game?');
		app.stdin.write('y');
		await app.sync();
		expect(app.frame()).not.toContain('resigned');
		expect(app.frame()).toContain('RED ran out of time: BLUE wins');
	});
});

describe('a new game or a rematch from a position that is over', () => {
	test("n after a FILE whose game the rules ended: the game's own start, a game one can play", async () => {
		const before = position(['.......', '..2.2..', '.......', '.......', '.......', '..1....', '1......'], {toMove: 1, moveNumber: 12});
		const connect = loaps.parseMove(before, 'a1 b2');
		if (!connect.ok) throw new Error(connect.error);
		const over = loaps.play(before, connect.value);
		app = start({start: vsAi({line: [over]})});
		await app.see('Game over');
		let frame = await app.press('n', now => now.includes('New game'));
		expect(frame).not.toContain('Game over');
		expect(frame).toContain('Move 1/50');
		expect(glyphAt(frame, 'b1')).toBe('R');
		app.unmount();
		// The same for a rematch, the sides swapped: the AI (RED) moves first from the start.
		app = start({start: vsAi({line: [over]})});
		await app.see('Game over');
		frame = await app.press('w', now => now.includes('Rematch'));
		expect(frame).toContain('Move 1/50');
		expect(loaps.format((await app.engine.thinking()).state as never)).toBe(loaps.format(loaps.initial()));
	});

	test('a game played without a clock, saved and opened in a game with one, goes on without a clock', async () => {
		app = start({start: {screen: 'play', setup: {game: loaps, seats: [HUMAN, HUMAN], clocked: false}}});
		await app.burst(['m', ...'b1 d3', KEYS.enter], now => now.includes('RED played b1 d3'));
		await app.burst(['s', '\u0015', ...'calm', KEYS.enter], now => now.includes('Saved'));
		const savesDir = app.savesDir;
		app.unmount();
		app = start({savesDir, start: {screen: 'play', setup: {game: loaps, seats: [HUMAN, HUMAN], clocked: true, clockSeconds: 60}}});
		let frame = await app.see('Move 1/50');
		expect(frame).not.toContain('no clock');
		frame = await app.burst(['o', KEYS.enter], now => now.includes('Opened'));
		expect(frame).toContain('no clock');
		expect(frame).not.toMatch(/\d:\d\d/);
	});

	test('a flag fall saved and opened: n starts a game whose clocks have time on them', async () => {
		app = start({start: {screen: 'play', setup: {game: loaps, seats: [HUMAN, HUMAN], clocked: true, clockSeconds: 60}}});
		await app.see('Move 1/50');
		await app.burst(['m', ...'b1 d3', KEYS.enter], now => now.includes('RED played b1 d3'));
		app.advance(61_000);
		await app.see('BLUE ran out of time: RED wins');
		await app.burst(['s', '\u0015', ...'flag', KEYS.enter], now => now.includes('Saved'));
		await app.burst(['o', KEYS.enter], now => now.includes('Opened'));
		await app.see('BLUE ran out of time: RED wins');
		let frame = await app.press('n', now => now.includes('New game'));
		app.advance(1000);
		frame = await app.press('f');
		expect(frame).not.toContain('ran out of time');
		expect(frame).toMatch(/RED\s+R player 1\s+0 pts\s+0:59(?![.\d])/);
	});
});
