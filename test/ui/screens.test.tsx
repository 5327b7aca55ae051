/** Save and load, analysis, demo, the menu and the layout, through the keys. */
import {existsSync, readFileSync, writeFileSync, mkdirSync} from 'node:fs';
import {join} from 'node:path';
import {afterEach, describe, expect, test, vi} from 'vitest';
import {loaps} from '../../source/games/loa/index.js';
import {HUMAN, ai} from '../../source/play/session.js';
import type {Route} from '../../source/ui/app.js';
import {betweenGames} from '../../source/ui/demo/demo-state.js';
import {position} from '../games/loa/diagram.js';
import {WIN} from '../../source/engine/search.js';
import {KEYS, WAIT, glyphAt, marksAt, removeScratch, start, type Harness} from './harness.js';

const vsAi: Route = {screen: 'play', setup: {game: loaps, seats: [HUMAN, ai(2)], clocked: true, clockSeconds: 60}};

let app: Harness | undefined;
afterEach(() => {
	app?.unmount();
	app = undefined;
	removeScratch();
});

async function typedMove(harness: Harness, move: string, mover: string): Promise<string> {
	await harness.press('m', frame => frame.includes('Type a move'));
	await harness.type(move);
	return harness.press(KEYS.enter, frame => frame.includes(`${mover} played ${move}`));
}

describe('save and load', () => {
	test('a save writes the clocks to the hundredth, rounded down, as the referee gives them', async () => {
		app = start({start: vsAi});
		await app.see('Move 1/50');
		app.advance(1234.5678);
		await typedMove(app, 'b1 d3', 'RED');
		await app.engine.answer('a6 c6');
		await app.see('BLUE played a6 c6');
		await app.press('s', now => now.includes('Save the position'));
		await app.press('\u0015');
		await app.type('clocks');
		await app.press(KEYS.enter, now => now.includes('Saved'));
		const lines = readFileSync(join(app.savesDir, 'clocks.txt'), 'utf8').split('\n');
		expect(lines[1]).toBe('1 0 58.76');
		expect(lines[2]).toBe('2 0 60.0');
		const history = JSON.parse(readFileSync(join(app.savesDir, 'clocks.history.json'), 'utf8')) as {moves: {clocks: number[]}[]};
		expect(history.moves[0]!.clocks).toEqual([58.76, 60]);
	});

	test('s saves under a typed name, atomically, with the history; o lists it and opens it, undo works after', async () => {
		app = start({start: vsAi});
		await app.see('Move 1/50');
		await typedMove(app, 'b1 d3', 'RED');
		await app.engine.answer('a6 c6');
		await app.see('Move 2/50');
		let frame = await app.press('s', now => now.includes('Save the position'));
		expect(frame).toMatch(/Name: \d{4}-\d{2}-\d{2}-\d{4}/);
		await app.press('\u0015', now => /Name: \s/.test(now) || now.includes('Name:  '));
		await app.type('opening');
		frame = await app.press(KEYS.enter, now => now.includes('Saved'));
		expect(frame).toContain(`Saved ${join(app.savesDir, 'opening.txt')}`);
		const text = readFileSync(join(app.savesDir, 'opening.txt'), 'utf8');
		const parsed = loaps.parse(text, 'opening.txt');
		expect(parsed.ok).toBe(true);
		if (!parsed.ok) return;
		expect(parsed.value.toMove).toBe(1);
		expect(parsed.value.moveNumber).toBe(2);
		// d3 (rank 3, file d) holds RED's piece.
		expect(parsed.value.cells[2 * 7 + 3]).toBe(1);
		expect(existsSync(join(app.savesDir, 'opening.history.json'))).toBe(true);

		// Play on, then open the save: the position comes back, and undo reaches the start.
		await typedMove(app, 'd3 d4', 'RED');
		await app.engine.thinking();
		// The game since the save is not saved: o asks first.
		await app.press('o', now => now.includes('Open another game? This one is not saved'));
		frame = await app.press('y', now => now.includes('Open a saved position'));
		expect(frame).toMatch(/opening\.txt\s+LOAPS · RED to move, move 2\/50/);
		frame = await app.press(KEYS.enter, now => now.includes('Opened'));
		expect(glyphAt(frame, 'd3')).toBe('R');
		expect(glyphAt(frame, 'd4')).toBe('*');
		expect(frame).toContain('Move 2/50');
		expect(frame).toMatch(/1\. b1 d3\s+>a6 c6/);
		frame = await app.press('u', now => now.includes('Took back 2 moves'));
		expect(glyphAt(frame, 'b1')).toBe('R');
	});

	test('a bad file in the list shows its parse error (file and line) and the program keeps running', async () => {
		app = start({start: vsAi});
		mkdirSync(app.savesDir, {recursive: true});
		writeFileSync(join(app.savesDir, 'broken.txt'), '1 1\n1 0 60.0\n2 0 sixty\n.11.11.\n');
		writeFileSync(join(app.savesDir, 'good.txt'), loaps.format(loaps.initial()));
		await app.see('Move 1/50');
		let frame = await app.press('o', now => now.includes('Open a saved position'));
		expect(frame).toMatch(/broken\.txt\s+x cannot be read/);
		expect(frame).toMatch(/good\.txt\s+LOAPS · RED to move, move 1\/50/);
		const row = (name: string) => frame.split('\n').findIndex(line => line.includes(name));
		// Go to broken.txt and try to open it.
		const steps = row('broken.txt') - row('>');
		for (let i = 0; i < steps; i++) frame = await app.press(KEYS.down);
		frame = await app.press(KEYS.enter, now => now.includes('broken.txt line 3'));
		expect(frame).toMatch(/broken\.txt line 3: .*clock|seconds|number/);
		// Esc closes the list; the game goes on.
		frame = await app.press(KEYS.escape, now => now.includes('Move 1/50'));
		await typedMove(app, 'b1 d3', 'RED');
	});

	test('a broken history beside an opened file stays in view when the AI moves first', async () => {
		app = start({start: {screen: 'play', setup: {game: loaps, seats: [ai(2), HUMAN], clocked: false}}});
		mkdirSync(app.savesDir, {recursive: true});
		writeFileSync(join(app.savesDir, 'x.txt'), loaps.format(loaps.initial()));
		writeFileSync(join(app.savesDir, 'x.history.json'), '{"format": nope');
		await app.engine.answer('b1 d3');
		await app.see('RED played b1 d3');
		await app.burst(['o', 'y'], now => now.includes('x.txt'));
		await app.press(KEYS.enter, now => now.includes('Opened'));
		await app.engine.thinkingAfter(1);
		await app.engine.answer('c1 c3');
		// The status line wraps onto its second row: read it as one line.
		const status = (await app.see('RED played c1 c3')).replace(/\s+/g, ' ');
		expect(status).toContain('x.history.json: not valid JSON');
		expect(status).toContain('you play BLUE');
	});

	test('saving over an existing name asks first', async () => {
		app = start({start: vsAi});
		await app.see('Move 1/50');
		await app.press('s', now => now.includes('Save the position'));
		await app.press('\u0015');
		await app.type('same');
		await app.press(KEYS.enter, now => now.includes('Saved'));
		await typedMove(app, 'b1 d3', 'RED');
		await app.press('s', now => now.includes('Save the position'));
		await app.press('\u0015');
		await app.type('same');
		await app.press(KEYS.enter, now => now.includes('same.txt exists: Enter replaces it'));
		expect(loaps.parse(readFileSync(join(app.savesDir, 'same.txt'), 'utf8'), 'same.txt')).toMatchObject({
			ok: true,
			value: {moveNumber: 1, toMove: 1},
		});
		await app.press(KEYS.enter, now => now.includes('Saved'));
		expect(loaps.parse(readFileSync(join(app.savesDir, 'same.txt'), 'utf8'), 'same.txt')).toMatchObject({
			ok: true,
			value: {moveNumber: 1, toMove: 2},
		});
	});

	test('a finished game saves and opens again, over', async () => {
		app = start({start: {screen: 'play', setup: {game: loaps, seats: [HUMAN, HUMAN], clocked: false}}});
		await app.see('Move 1/50');
		await app.press('x');
		await app.press('y', now => now.includes('Game over'));
		await app.press('s', now => now.includes('Save the position'));
		await app.press('\u0015');
		await app.type('resigned');
		await app.press(KEYS.enter, now => now.includes('Saved'));
		await app.press('n', now => !now.includes('Game over'));
		let frame = await app.press('o', now => now.includes('resigned.txt'));
		// The history keeps the resignation, which the position alone does not tell.
		expect(frame).toMatch(/resigned\.txt\s+LOAPS · RED resigns: BLUE wins/);
		frame = await app.press(KEYS.enter, now => now.includes('Opened'));
		expect(frame).toContain('Game over');
		expect(frame).toContain('RED resigns: BLUE wins');
	});
});

describe('analysis', () => {
	const analysis: Route = {screen: 'analysis', setup: {game: loaps}};

	test('shows the best lines as they come, and starts again after a move', async () => {
		app = start({start: analysis});
		const call = await app.engine.thinking();
		expect(call.request.limits).toEqual({multiPv: 3});
		await app.engine.progress('b1 d3', 45, 6);
		let frame = await app.see('depth 6');
		expect(frame).toMatch(/1\.\s+\+0\.45\s+b1 d3/);
		await app.engine.progress('c1 c3', -20, 7);
		frame = await app.see('depth 7');
		expect(frame).toMatch(/1\.\s+-0\.20\s+c1 c3/);
		expect(marksAt(frame, 'c1')).toBe('!!');
		await typedMove(app, 'b1 d3', 'RED');
		await app.engine.thinkingAfter(1);
		expect(app.engine.calls).toHaveLength(2);
		expect(app.engine.calls[0]!.settled).toBe(true);
		frame = await app.press('+', now => now.includes('4 lines'));
		expect((await app.engine.thinkingAfter(2)).request.limits).toEqual({multiPv: 4});
	});

	test('[ steps back, ] steps on: through the moves taken back, then along the best line', async () => {
		app = start({start: analysis});
		await app.engine.thinking();
		await typedMove(app, 'b1 d3', 'RED');
		// One think per position: the start, after b1 d3, back at the start, after b1 d3 again.
		await app.engine.thinkingAfter(1);
		let frame = await app.press('[', now => glyphAt(now, 'b1') === 'R');
		expect(glyphAt(frame, 'd3')).toBe('.');
		await app.engine.thinkingAfter(2);
		frame = await app.press(']', now => glyphAt(now, 'd3') === 'R');
		await app.engine.thinkingAfter(3);
		await app.engine.progress('a6 c6', 10, 5);
		await app.see('depth 5');
		frame = await app.press(']', now => now.includes('Followed the best line: a6 c6'));
		expect(glyphAt(frame, 'c6')).toBe('B');
	});

	test('Esc with no piece picked up goes back to the menu, and stops the engine', async () => {
		app = start({start: analysis});
		await app.engine.thinking();
		await app.press(KEYS.left);
		await app.press(KEYS.enter, now => now.includes('moves (Enter on a marked square'));
		await app.press(KEYS.escape, now => now.includes('Let go of'));
		expect(app.frame()).toContain('analysis');
		await app.press(KEYS.escape, now => now.includes('Play against the AI'));
		await vi.waitFor(() => expect(app!.engine.pending).toBeUndefined(), WAIT);
	});

	test('opened from a file with a broken history: the note says so, the position is there', async () => {
		app = start({start: analysis});
		mkdirSync(app.savesDir, {recursive: true});
		writeFileSync(join(app.savesDir, 'x.txt'), loaps.format(loaps.initial()));
		writeFileSync(join(app.savesDir, 'x.history.json'), '{"format": nope');
		await app.engine.thinking();
		await app.press('o', now => now.includes('x.txt'));
		const frame = await app.press(KEYS.enter, now => now.includes('Opened'));
		expect(frame).toContain('x.history.json: not valid JSON');
		expect(glyphAt(frame, 'b1')).toBe('R');
	});
});

describe('small things a walkthrough found', () => {
	test("the menu's Bell row turns the bell off for the game it starts", async () => {
		app = start();
		await app.see('Play against the AI');
		for (let step = 0; step < 16 && !/[>▸] +Bell /.test(app.frame()); step++) await app.press(KEYS.down);
		expect(app.frame()).toMatch(/Bell +< on >/);
		await app.press(KEYS.left, now => /Bell +< off >/.test(now));
		// Enter turns it too; back to off, then up to Play.
		await app.press(KEYS.enter, now => /Bell +< on/.test(now));
		await app.press(KEYS.enter, now => /Bell +< off >/.test(now));
		for (let step = 0; step < 16 && !/[>▸] Play against the AI/.test(app.frame()); step++) await app.press(KEYS.up);
		await app.press(KEYS.enter, now => now.includes('Move 1/50'));
		await app.burst(['m', ...'b1 d3', KEYS.enter], now => now.includes('RED played b1 d3'));
		await app.engine.answer('a6 c6');
		await app.see('BLUE played a6 c6');
		expect(app.bells.count).toBe(0);
	});

	test("the menu's Threads row: ← → and Enter step it, and the game it starts sets the engine's threads", async () => {
		app = start({choices: {side: 1, level: 5, clock: 60, board: 1, threads: {count: 2, cores: 4}}});
		await app.see('Play against the AI');
		for (let step = 0; step < 20 && !/[>▸] +Threads /.test(app.frame()); step++) await app.press(KEYS.down);
		expect(app.frame()).toMatch(/Threads +< 2 of 4 cores >/);
		await app.press(KEYS.right, now => /Threads +< 3 of 4 cores >/.test(now));
		await app.press(KEYS.enter, now => /Threads +< 4 of 4 cores >/.test(now));
		await app.press(KEYS.right, now => /Threads +< 1 of 4 cores >/.test(now));
		await app.press(KEYS.left, now => /Threads +< 4 of 4 cores >/.test(now));
		expect(app.engine.threads).toEqual([]);
		for (let step = 0; step < 20 && !/[>▸] Play against the AI/.test(app.frame()); step++) await app.press(KEYS.up);
		await app.press(KEYS.enter, now => now.includes('Move 1/50'));
		expect(app.engine.threads).toEqual([4]);
	});

	test('without threads in the choices (a served menu, an engine not its own) there is no Threads row', async () => {
		app = start();
		await app.see('Play against the AI');
		expect(app.frame()).toMatch(/Bell/);
		expect(app.frame()).not.toMatch(/Threads/);
	});

	test('the menu in too small a terminal says how big it must be, acts on no key but q, and comes back whole when it grows', async () => {
		app = start({size: {columns: 40, rows: 10}});
		let frame = await app.see('potm needs at least');
		expect(frame).toMatch(/^The terminal is 40×10; potm needs at least \d+×\d+\./);
		expect(frame).not.toContain('Play against the AI');
		// Enter would start a game nobody can see: nothing happens.
		app.stdin.write('\r');
		app.resize(80, 24);
		frame = await app.see('Play against the AI');
		expect(frame).toMatch(/^potm · LOAPS/);
		expect(frame).toMatch(/[>▸] Play against the AI/);
		// LINES and BOXES has three rows more (Size, Lines, Board): 80×22 is too small for it, 80×23 is not.
		await app.press(KEYS.up, now => /[>▸] Game /.test(now));
		frame = await app.press(KEYS.left, now => now.includes('potm · LINES and BOXES'));
		expect(frame).toContain('Size');
		app.resize(80, 22);
		frame = await app.see('potm needs at least');
		expect(frame).toMatch(/The terminal is 80×22; potm needs at least \d+×23\./);
		app.resize(80, 23);
		frame = await app.see('potm · LINES and BOXES');
		expect(frame).toMatch(/[>▸] Game /);
	});

	test("analysis: ] ] ] in one write walks the engine's line, before it has looked at the positions it reaches", async () => {
		app = start({start: {screen: 'analysis', setup: {game: loaps}}});
		const call = await app.engine.thinking();
		let state = loaps.initial();
		const pv: number[] = [];
		for (const text of ['b1 d3', 'a6 c6', 'c1 c4']) {
			const move = loaps.parseMove(state, text);
			if (!move.ok) throw new Error(move.error);
			pv.push(move.value);
			state = loaps.play(state, move.value);
		}
		call.onProgress?.({
			depth: 5,
			selDepth: 7,
			nodes: 5000,
			nodesPerSecond: 200_000,
			elapsedMs: 500,
			lines: [{move: pv[0]!, score: 20, pv, text: ['b1 d3', 'a6 c6', 'c1 c4']}],
		});
		await app.see('depth 5');
		const frame = await app.burst([']', ']', ']'], now => now.includes('Followed the best line: c1 c4'));
		expect(glyphAt(frame, 'd3')).toBe('R');
		expect(glyphAt(frame, 'c6')).toBe('B');
		expect(glyphAt(frame, 'c4')).toBe('R');
	});

	test('a flag fall after a hint: the status says how the game ended, not the old hint', async () => {
		app = start({start: {screen: 'play', setup: {game: loaps, seats: [HUMAN, ai(2)], clocked: true, clockSeconds: 5}}});
		await app.see('Move 1/50');
		await app.press('t', now => now.includes('hint:'));
		await app.engine.answer('b1 d3');
		await app.see('Hint: b1 d3');
		app.advance(6000);
		const frame = await app.see('Game over');
		expect(frame).not.toContain('Hint: b1 d3');
		expect(frame.split('\n').filter(line => line.startsWith('RED ran out of time'))).toHaveLength(1);
		expect(frame).not.toMatch(/u undo/);
	});

	test('the demo: "no move yet" before a side has thought; paused, it says the pause between moves', async () => {
		app = start({start: {screen: 'demo', setup: {game: loaps, levels: [5, 3], delayMs: 0, games: 0, clockSeconds: 60}}});
		let frame = await app.see('level 5 Master');
		expect(frame).toContain('RED: no move yet');
		await app.press(KEYS.space, now => now.includes('Paused'));
		frame = await app.press('-', now => now.includes('Paused (0.05 s between moves)'));
	});

	test('the open list says where it stands when it scrolls', async () => {
		app = start({start: vsAi});
		mkdirSync(app.savesDir, {recursive: true});
		for (let index = 0; index < 30; index++)
			writeFileSync(join(app.savesDir, `game-${String(index).padStart(2, '0')}.txt`), loaps.format(loaps.initial()));
		await app.see('Move 1/50');
		const frame = await app.press('o', now => now.includes('Open a saved position'));
		expect(frame).toMatch(/Open a saved position \(.*\) · 1–\d+ of 30/);
	});
});

describe('too small a terminal hides the board from the keys too', () => {
	test('analysis: a move typed while the board cannot be drawn is not played', async () => {
		app = start({start: {screen: 'analysis', setup: {game: loaps}}});
		await app.engine.thinking();
		app.resize(50, 12);
		await app.see('needs at least');
		app.stdin.write(['m', ...'b1 d3', KEYS.enter].join(''));
		app.resize(80, 24);
		await app.see('Move 1/50');
		const frame = await app.sync();
		expect(glyphAt(frame, 'b1')).toBe('R');
		expect(glyphAt(frame, 'd3')).toBe('.');
	});

	test('analysis: the open list, hidden by too small a terminal, does not open a file on Enter', async () => {
		app = start({start: {screen: 'analysis', setup: {game: loaps}}});
		mkdirSync(app.savesDir, {recursive: true});
		const moved = loaps.parseMove(loaps.initial(), 'b1 d3');
		if (!moved.ok) throw new Error(moved.error);
		writeFileSync(join(app.savesDir, 'other.txt'), loaps.format(loaps.play(loaps.initial(), moved.value)));
		writeFileSync(join(app.savesDir, 'start.txt'), loaps.format(loaps.initial()));
		await app.engine.thinking();
		await app.press('o', now => now.includes('other.txt'));
		app.resize(50, 12);
		await app.see('needs at least');
		app.stdin.write(KEYS.enter);
		app.resize(80, 24);
		await app.see('other.txt');
		// ↓ moves the list's cursor: once it has, the Enter before it was handled, and opened nothing.
		const frame = await app.press(KEYS.down);
		expect(frame).toContain('Open a saved position');
		expect(frame).not.toContain('Opened');
	});

	test('demo: Space while the board cannot be drawn does not pause it', async () => {
		app = start({start: {screen: 'demo', setup: {game: loaps, levels: [5, 3], delayMs: 0, games: 0, clockSeconds: 60}}});
		await app.see('level 5 Master');
		app.resize(50, 12);
		await app.see('needs at least');
		app.stdin.write(KEYS.space);
		app.resize(80, 24);
		await app.see('level 5 Master');
		const frame = await app.sync();
		expect(frame).not.toContain('Paused');
	});
});

describe('analysis of a game that is over', () => {
	// RED connects with a1 b2, landing on a bonus square: 3 + 12 points.
	const before = position(['.......', '..2.2..', '.......', '.......', '.......', '..1....', '1......'], {toMove: 1, moveNumber: 12});
	const connect = loaps.parseMove(before, 'a1 b2');
	if (!connect.ok) throw new Error(connect.error);
	const after = loaps.play(before, connect.value);

	test('the rules ended it: the panel says so and why, no engine thinks; [ steps back into analysis', async () => {
		app = start({start: {screen: 'analysis', setup: {game: loaps, line: [before, after], moves: [connect.value]}}});
		let frame = await app.see('RED connected: RED wins 15 to 0');
		expect(frame).toContain('game over ([ steps back)');
		expect(frame).toMatch(/\|\s*RED wins\s*\|/);
		expect(frame).not.toMatch(/done|depth \d+\/\d+/);
		// Drawn again after a key: any think the screen would start has started by then.
		await app.sync();
		expect(app.engine.calls).toHaveLength(0);
		frame = await app.press('[', now => !now.includes('Game over'));
		await app.engine.thinking();
		expect(glyphAt(frame, 'a1')).toBe('R');
	});

	test('a save that ended by resignation: the history says so, and so does the panel', async () => {
		const ended = {result: 'win' as const, winner: 2 as const, reason: 'resignation', description: 'RED resigns: BLUE wins'};
		app = start({start: {screen: 'analysis', setup: {game: loaps, line: [loaps.initial()], ended}}});
		const frame = await app.see('RED resigns: BLUE wins');
		expect(frame).toMatch(/\|\s*BLUE wins\s*\|/);
		expect(app.engine.calls).toHaveLength(0);
	});

	test('a save lost on time: [ goes back to the position before the ending, and the engine looks at it; [ again steps back a move', async () => {
		const first = loaps.initial();
		const move = loaps.parseMove(first, 'b1 d3');
		if (!move.ok) throw new Error(move.error);
		const ended = {result: 'win' as const, winner: 1 as const, reason: 'time', description: 'BLUE ran out of time: RED wins'};
		app = start({
			start: {screen: 'analysis', setup: {game: loaps, line: [first, loaps.play(first, move.value)], moves: [move.value], ended}},
		});
		await app.see('game over ([ steps back)');
		let frame = await app.press('[', now => now.includes('Back before the ending'));
		expect(frame).toContain('Move 1/50 · BLUE to play');
		await app.engine.thinking();
		frame = await app.press('[', now => glyphAt(now, 'b1') === 'R');
		expect(frame).toContain('RED to play');
	});

	test('a position the engine sees to the end says "solved", not "done depth 80"', async () => {
		app = start({start: {screen: 'analysis', setup: {game: loaps}}});
		// A win for the side to move (RED) in 5 plies.
		await app.engine.answer('b1 d3', WIN - 5);
		const frame = await app.see('solved: RED wins in 3 with best play');
		expect(frame).not.toMatch(/done depth/);
	});
});

describe('demo', () => {
	test('two AIs play; Space pauses (the next move waits), → steps, +/- change the speed', async () => {
		app = start({start: {screen: 'demo', setup: {game: loaps, levels: [5, 3], delayMs: 0, games: 0, clockSeconds: 60}}});
		await app.see('level 5 Master');
		await app.engine.progress('b1 d3', 30, 4);
		await app.see('depth 4');
		await app.engine.answer('b1 d3', 30);
		let frame = await app.see(/1\. b1 d3/);
		expect(glyphAt(frame, 'd3')).toBe('R');
		// What each side thought: the move, the evaluation, the depth (written out), the line.
		expect(frame).toContain('RED: b1 d3  +0.30  depth 4');
		expect(frame).not.toMatch(/\bd4\b(?! )/);
		frame = await app.press(KEYS.space, now => now.includes('Paused'));
		await app.engine.answer('a6 c6');
		frame = await app.see('next: a6 c6');
		// Paused, the move waits however long: the clock 5 s on and the screen drawn again, it is still not on the board.
		app.advance(5000);
		frame = await app.sync();
		expect(glyphAt(frame, 'c6')).toBe('.');
		expect(frame).toContain('next: a6 c6');
		frame = await app.press(KEYS.right, now => glyphAt(now, 'c6') === 'B');
		expect(frame).toContain('Paused');
		// Both sides' last thoughts stay on screen.
		expect(frame).toMatch(/RED: b1 d3/);
		expect(frame).toMatch(/BLUE: a6 c6/);
		frame = await app.press('-', now => now.includes('Paused') || now.includes('between moves'));
		await app.press(KEYS.space, now => now.includes('0.05 s between moves'));
		await app.press('+', now => now.includes('0.00 s between moves'));
	});

	test('a game over at 80×24: the result box says who won and why, in full, however long', async () => {
		// BLUE makes the 50th move: the move limit ends the game, "Both sides made 50 moves: ...".
		const last = position(['1.....2', '.......', '2.....1', '.......', '1.....2', '.......', '2.....1'], {toMove: 2, moveNumber: 50});
		app = start({
			start: {screen: 'demo', setup: {game: loaps, levels: [5, 3], delayMs: 0, games: 1, clockSeconds: 60, start: last}},
			size: {columns: 80, rows: 24},
		});
		await app.see('Move 50/50');
		await app.engine.answer();
		const frame = await app.see('Game over');
		const lines = frame.split('\n');
		for (const line of lines) expect(line.length).toBeLessThanOrEqual(80);
		expect(lines.length).toBeLessThan(24);
		expect(frame).toContain('A draw');
		// The box's rows, read as one text: nothing cut off.
		const box = lines
			.filter(line => /\|.*\|\s*$/.test(line.slice(40)))
			.map(line => line.slice(40).replace(/[|]/g, '').trim())
			.join(' ');
		expect(box).toContain('Both sides made 50 moves: a draw, whatever the points');
		expect(box).toContain('Points: RED 0 · BLUE 0');
		expect(frame).toContain('level 5 won 0, level 3 won 0, 1 drawn');
	});

	test('after a game the next starts with the sides swapped, and the series score is kept', async () => {
		// Both games from a position five moves before the move limit (every game of a series starts there), not
		// from the start: ten plies a game instead of a hundred, each drawn and answered alike.
		const late = position(['1.....2', '.......', '2.....1', '.......', '1.....2', '.......', '2.....1'], {toMove: 1, moveNumber: 46});
		// The result stays up 50 ms rather than its 2.5 s (betweenGames, below): the test is of what comes after.
		app = start({
			start: {screen: 'demo', setup: {game: loaps, levels: [4, 2], delayMs: 0, resultMs: 50, games: 2, clockSeconds: 60, start: late}},
		});
		await app.see('game 1 of 2');
		expect(app.frame()).toMatch(/RED\s+. level 4 Strong/);
		let swapped = false;
		// The fake engine plays each side's first legal move until the series is over.
		for (let plies = 0; plies < 300; plies++) {
			await vi.waitFor(
				() => {
					if (!app!.engine.pending && !app!.frame().includes('Series over')) throw new Error(`waiting:\n${app!.frame()}`);
				},
				// Looked at often: the engine's request follows each answer within a render or two.
				{timeout: 10_000, interval: 2},
			);
			if (app.frame().includes('Series over')) break;
			if (app.frame().includes('game 2 of 2')) swapped ||= /RED\s+. level 2 Casual/.test(app.frame());
			await app.engine.answer();
		}
		const frame = await app.see('Series over');
		expect(swapped).toBe(true);
		const [, a, b, drawn] = /level 4 won (\d), level 2 won (\d)(?:, (\d) drawn)?/.exec(frame) ?? [];
		expect(Number(a) + Number(b) + Number(drawn ?? 0)).toBe(2);
		expect(app.engine.clears).toBe(1);
	}, 120_000);

	test("between games a game's result stays up three pauses between moves, 2.5 s at least and 5 s at most", () => {
		expect([0, 300, 1000, 1500, 2000, 10_000].map(betweenGames)).toEqual([2500, 2500, 3000, 4500, 5000, 5000]);
	});
});

describe('menu and layout', () => {
	test('the menu: level and side change with ←/→, Enter starts the game with them', async () => {
		app = start();
		let frame = await app.see('Play against the AI');
		for (const item of [
			'Two players at one keyboard',
			'Watch a demo',
			'Analyse a saved game',
			'Review a saved game',
			'Open a saved game',
			'Keys',
			'Quit',
		])
			expect(frame).toContain(item);
		await app.press(KEYS.down);
		frame = await app.press(KEYS.right, now => now.includes('BLUE'));
		await app.press(KEYS.down);
		frame = await app.press(KEYS.right, now => now.includes('4 Strong'));
		await app.press(KEYS.down);
		frame = await app.press(KEYS.right, now => now.includes('120 s each'));
		frame = await app.press(KEYS.enter, now => now.includes('Move 1/50'));
		expect(frame).toMatch(/RED\s+R level 4 Strong/);
		expect(frame).toMatch(/BLUE\s+B you/);
		expect(frame).toMatch(/RED\s+R level 4 Strong\s+0 pts\s+2:00(?![.\d])/);
		await app.engine.thinking();
	});

	test("the help says what it does where it is: the menu tells of a game's keys; only a game asks before quitting", async () => {
		app = start();
		await app.see('Play against the AI');
		let frame = await app.press('?', now => now.includes('Keys — Menu'));
		expect(frame).toContain('change the setting (game, board, side, level, clock, bell)');
		expect(frame).toMatch(/q Ctrl-C\s+quit\s*\|/);
		// Every game's words for Enter and a typed move, LINES and BOXES too.
		const short = frame.replace(/[|\s]+/g, ' ');
		expect(short).toContain('In a game the arrows (or h j k l) move the cursor and Enter plays');
		expect(short).toContain('LOAPS and Lines of Action: pick a piece up, then put it down on a marked square, or type m b1 d3');
		expect(short).toContain('PAH-TUM: place a marker, or type m C4');
		expect(short).toContain('LINES and BOXES: pick a dot, then the dot at the other end of the line, or type m A3 C3');
		app.unmount();
		app = start({start: {screen: 'analysis', setup: {game: loaps}}});
		await app.engine.thinking();
		frame = await app.press('?', now => now.includes('Keys — Analysis'));
		expect(frame).toMatch(/q Ctrl-C\s+quit\s*\|/);
		app.unmount();
		app = start({start: vsAi});
		await app.see('Move 1/50');
		frame = await app.press('?', now => now.includes('Keys — Playing'));
		expect(frame).toContain('quit (asks first when the game is not saved)');
	});

	test('nothing cut off at 80×24: the level\'s description whole below the list, "level 1 Beginner" in the panel', async () => {
		app = start();
		await app.see('Play against the AI');
		await app.burst([KEYS.down, KEYS.down, KEYS.left, KEYS.left], now => now.includes('< 1 Beginner >'));
		let frame = app.frame();
		expect(frame).toContain('Level 1 Beginner: looks one move ahead, misjudges often, blunders now and then');
		for (const line of frame.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
		frame = await app.press(KEYS.enter, now => now.includes('Move 1/50'));
		expect(frame).toMatch(/BLUE\s+B level 1 Beginner\s+0 pts\s+1:00/);
	});

	test('the key line keeps "? keys" and quit when the terminal is narrow; the status breaks between words', async () => {
		app = start({start: vsAi, size: {columns: 64, rows: 19}});
		let frame = await app.see('Move 1/50');
		const keys = frame.split('\n').at(-1) ?? frame.split('\n').filter(Boolean).at(-1)!;
		expect(frame).toMatch(/ · \? keys · q quit$/m);
		expect(keys.length).toBeLessThanOrEqual(64);
		frame = await app.burst(['m', ...'b1 d3', KEYS.enter, 'q'], now => now.includes('Quit?'));
		// No row of the status starts with the space it was broken at.
		const status = frame.split('\n').filter(line => /Quit\?|goes on/.test(line));
		for (const line of status) expect(line).not.toMatch(/^ /);
	});

	test('two players and the demo from the menu', async () => {
		app = start();
		await app.see('Play against the AI');
		for (let i = 0; i < 4; i++) await app.press(KEYS.down);
		let frame = await app.press(KEYS.enter, now => now.includes('player 1'));
		expect(frame).toContain('player 2');
		app.unmount();
		app = start();
		await app.see('Play against the AI');
		for (let i = 0; i < 5; i++) await app.press('j');
		frame = await app.press(KEYS.enter, now => now.includes('demo'));
		await app.engine.thinking();
	});

	test.each([[{columns: 50, rows: 12}], [{columns: 80, rows: 18}], [{columns: 63, rows: 24}]])(
		'too small a terminal (%j): says how big it must be instead of drawing',
		async size => {
			app = start({start: vsAi, size});
			const frame = await app.see('needs at least');
			expect(frame).toContain(`The terminal is ${size.columns}×${size.rows}; potm needs at least 64×19.`);
			expect(frame).not.toContain('Move 1/50');
		},
	);

	test.each([
		[{columns: 120, rows: 40}, 4, 9],
		[{columns: 100, rows: 30}, 3, 7],
		[{columns: 80, rows: 24}, 2, 5],
		[{columns: 64, rows: 19}, 1, 3],
	])(
		'at %j a square is %i rows high and %i columns wide (about square to the eye from 100×30 up), and the screen keeps within the terminal',
		async (size, height, width) => {
			app = start({start: vsAi, size});
			const frame = await app.see('Move 1/50');
			const lines = frame.split('\n');
			expect(lines.findIndex(line => line.startsWith(' 6 ')) - lines.findIndex(line => line.startsWith(' 7 '))).toBe(height);
			const files = lines.find(line => /^\s+a\s+b\s+c/.test(line))!;
			expect(files.indexOf('b') - files.indexOf('a')).toBe(width);
			// The panel's players: points and clock near the names, not pushed to a wide panel's edge.
			const red = lines.find(line => /RED\s+R you/.test(line))!;
			expect(red.slice(red.indexOf('RED')).trimEnd().length).toBeLessThanOrEqual(48);
			expect(lines.length).toBeLessThan(size.rows);
			for (const line of lines) expect(line.length).toBeLessThanOrEqual(size.columns);
			expect(glyphAt(frame, 'b1')).toBe('R');
		},
	);

	test('colour theme: the same board with colours (bonus squares still marked)', async () => {
		app = start({start: vsAi, color: true, ascii: false});
		const frame = await app.see('Move 1/50');
		expect(frame).toContain('●');
		expect(glyphAt(frame, 'd4')).toBe('*');
	});
});
