/**
 * The review screen through ink-testing-library: a review run by a real engine on the test's
 * thread (to a fixed depth: the same findings every run), or by the fake engine where the test
 * must hold the review in the middle; walking; Esc; the export; from the end of a game.
 */
import {readdirSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterEach, describe, expect, test} from 'vitest';
import type {Game} from '../../../source/games/game.js';
import type {EngineInfo, EngineResult} from '../../../source/engine/client.js';
import type {ThinkRequest} from '../../../source/engine/players.js';
import {loaps} from '../../../source/games/loa/index.js';
import type {Engine} from '../../../source/ui/context.js';
import type {Route} from '../../../source/ui/app.js';
import {LocalEngine} from '../../helpers/local-engine.js';
import {racePlayed} from '../../helpers/race.js';
import {saveGame} from '../../../source/files/saves.js';
import {KEYS, removeScratch, start} from '../harness.js';

/**
 * The engine on the test's thread, as the UI's engine: stop and clear have nothing to do, a think
 * runs to its depth at once; one without an end (the analysis board's) goes to depth 2, or it would
 * hold the thread for ever.
 */
class ThreadEngine implements Engine {
	readonly local = new LocalEngine();
	think<State>(game: Game<State>, state: State, request: ThinkRequest, onProgress?: (info: EngineInfo) => void): Promise<EngineResult> {
		const {limits} = request;
		const endless = limits.depth === undefined && limits.softMs === undefined && limits.hardMs === undefined && limits.nodes === undefined;
		return this.local.think(game, state, endless ? {...request, limits: {...limits, depth: 2}} : request, onProgress);
	}
	async stop(): Promise<EngineResult | null> {
		return null;
	}
	clear(): void {}
}

afterEach(removeScratch);

function reviewRoute(texts: string[], back: Route | null = null): Route {
	const {line, moves} = racePlayed(...texts);
	return {
		screen: 'review',
		setup: {
			game: loaps,
			line,
			moves,
			ended: null,
			players: ['you', 'potm level 2 Casual'],
			budget: {depth: 4},
			backTo: back ? 'back to the game' : 'menu',
		},
		back,
	};
}

describe('a review of a connection race', () => {
	test('the move that let RED connect first is a blunder, with the winning move as the better one; each side summed up', async () => {
		const app = start({start: reviewRoute(['e4 d4', 'd1 e1']), engine: new ThreadEngine()});
		const frame = await app.see('Reviewed at depth 4');
		// The last position shown: RED's connection.
		expect(frame).toContain('RED won');
		expect(frame).toMatch(/e4 d4\s*\?\?/);
		expect(frame).toMatch(/BLUE\s+loss 24\.00\/move\s+1\?\?/);
		expect(frame).toContain('RED connected');
		// Back to BLUE's move: its judgement in full.
		const blunder = await app.press(KEYS.left);
		expect(blunder).toContain('38... e4 d4');
		expect(blunder).toContain('?? blunder');
		expect(blunder).toMatch(/better a3 d3 BLUE wins in 1 \(-24\.00\)/);
		app.unmount();
	});

	test('the only winning move is marked as such', async () => {
		const app = start({start: reviewRoute(['a3 d3']), engine: new ThreadEngine()});
		await app.see('Reviewed at depth 4');
		const frame = await app.see('! only move');
		expect(frame).toMatch(/a3 d3\s*!/);
		expect(frame).toContain('every other move lost');
		app.unmount();
	});

	test('walking: ← → [ ] Home End and g NUMBER, each key on what the one before left, in bursts too', async () => {
		const app = start({start: reviewRoute(['e4 d4', 'd1 e1']), engine: new ThreadEngine()});
		await app.see('Reviewed at depth 4');
		let frame = await app.press('\u001B[H'); // Home
		expect(frame).toContain('Start ·');
		expect(frame).toContain('the engine would play a3 d3');
		frame = await app.press(KEYS.right);
		expect(frame).toContain('38... e4 d4');
		frame = await app.press(']');
		expect(frame).toContain('39. d1 e1');
		frame = await app.press('[');
		expect(frame).toContain('38... e4 d4');
		frame = await app.burst(
			['\u001B[F', 'g', '3', '8', KEYS.enter],
			current => current.includes('38... e4 d4') && !current.includes('Go to move'),
		);
		frame = await app.burst(
			['[', '[', '[', ']'],
			current => current.includes('38... e4 d4') && current.includes('At the first position') === false,
		);
		expect(frame).toContain('38... e4 d4');
		app.unmount();
	});

	test('fits 80×24, and without colour or Unicode every mark is still there', async () => {
		const app = start({start: reviewRoute(['e4 d4', 'd1 e1']), engine: new ThreadEngine(), ascii: true, color: false});
		const frame = await app.see('Reviewed at depth 4');
		const rows = frame.split('\n');
		expect(rows.length).toBeLessThanOrEqual(23);
		for (const row of rows) expect([...row].length).toBeLessThanOrEqual(80);
		// The graph's proven win for RED, its scale, the current move marked under it.
		expect(frame).toContain('+12');
		expect(frame).toContain('-12');
		expect(frame).toMatch(/\^/);
		expect(frame).toMatch(/R/);
		app.unmount();
	});
});

describe('the review under way', () => {
	test('a progress bar; Esc stops it with what is done kept; Esc again goes back', async () => {
		const app = start({start: reviewRoute(['e4 d4', 'd1 e1'])});
		await app.see('0/3');
		await app.engine.answer('a3 d3', 999_999_999);
		await app.see('1/3');
		await app.engine.thinking();
		let frame = await app.press(KEYS.escape, current => current.includes('Stopped'));
		expect(frame).toContain('Review stopped: 0 of 2 moves judged');
		expect(frame).toContain('not reviewed (the review was stopped)');
		frame = await app.press(
			KEYS.escape,
			current => current.includes('Play against the AI') || current.includes('Menu') || !current.includes('review'),
		);
		expect(frame).not.toContain('LOAPS review');
		app.unmount();
	});
});

test("? lists the review's keys within 80×24; any key goes back to the review", async () => {
	const app = start({start: reviewRoute(['e4 d4', 'd1 e1']), engine: new ThreadEngine()});
	await app.see('Reviewed at depth 4');
	const help = await app.press('?', current => current.includes('Review'));
	for (const words of [
		'one move back',
		'go to move N',
		'go on with a review',
		'write the record',
		'stop the review',
		'more time',
		'?? blunder (6',
		'?W missed a win',
		'! only move',
	])
		expect(help).toContain(words);
	expect(help.split('\n').length).toBeLessThanOrEqual(23);
	for (const row of help.split('\n')) expect([...row].length).toBeLessThanOrEqual(80);
	await app.press('x', current => current.includes('Reviewed at depth 4'));
	app.unmount();
});

describe('the budget and going on', () => {
	test('+ and - set the time of each position still to look at; v goes on after Esc, from where it stopped', async () => {
		const route = reviewRoute(['e4 d4', 'd1 e1']);
		if (route.screen !== 'review') throw new Error('a review route');
		const app = start({start: {...route, setup: {...route.setup, budget: {ms: 1000}}}});
		let call = await app.engine.thinking();
		expect(call.request.limits).toMatchObject({hardMs: 1000, multiPv: 2});
		let frame = await app.press('+', current => current.includes('2.0 s'));
		expect(frame).toContain('Each position still to look at gets 2.0 s');
		await app.press('-', current => current.includes('gets 1.0 s'));
		frame = await app.press('-', current => current.includes('gets 0.5 s'));
		await app.engine.answer('a3 d3', 999_999_999);
		call = await app.engine.thinkingAfter(1);
		expect(call.request.limits).toMatchObject({hardMs: 500});
		frame = await app.press(KEYS.escape, current => current.includes('Review stopped'));
		expect(frame).toContain('v goes on');
		const before = app.engine.calls.length;
		frame = await app.press('v', current => current.includes('Reviewing on at 0.5 s a move'));
		// The first position is not looked at again: the next think is the second position's.
		call = await app.engine.thinkingAfter(before);
		expect(loaps.format(call.state as never)).toBe(loaps.format(racePlayed('e4 d4').line[1]!));
		await app.engine.answer('d1 e1', 999_999_999);
		frame = await app.see('Reviewed at 0.5 s a move');
		expect(frame).toMatch(/e4 d4\s*\?\?/);
		app.unmount();
	});
});

describe('the record', () => {
	test('e writes saves/NAME.game.txt with the findings as comments; e again says where it is', async () => {
		const app = start({start: reviewRoute(['e4 d4', 'd1 e1']), engine: new ThreadEngine()});
		await app.see('Reviewed at depth 4');
		const frame = await app.press('e', current => current.includes('Wrote'));
		const written = readdirSync(app.savesDir).filter(name => name.endsWith('.game.txt'));
		expect(written).toHaveLength(1);
		expect(frame).toContain(written[0]);
		const text = readFileSync(join(app.savesDir, written[0]!), 'utf8');
		expect(text).toContain('[Review "depth 4"]');
		expect(text).toContain('[BLUE "potm level 2 Casual"]');
		expect(text).toMatch(/38\.\.\. e4 d4 .*blunder; better a3 d3/);
		await app.press('e', current => current.includes('Already written'));
		expect(readdirSync(app.savesDir).filter(name => name.endsWith('.game.txt'))).toHaveLength(1);
		app.unmount();
	});
});

describe('from the end of a game', () => {
	test('the board is seen from the side the person played, as it was in the game', async () => {
		const {line, moves} = racePlayed('a3 d3');
		const app = start({
			engine: new ThreadEngine(),
			reviewBudget: {depth: 2},
			start: {screen: 'play', setup: {game: loaps, seats: [{kind: 'ai', level: 1}, {kind: 'human'}], clocked: false, line, moves}},
		});
		await app.see('BLUE wins');
		expect(app.frame()).toMatch(/^\s+g\s+f\s+e\s+d\s+c\s+b\s+a/m);
		const frame = await app.press('v', current => current.includes('LOAPS review'));
		expect(frame).toMatch(/^\s+g\s+f\s+e\s+d\s+c\s+b\s+a/m);
		expect(await app.see('Review done: 1 move judged')).toContain('a3 d3');
		app.unmount();
	});

	test('v reviews the game just played, Esc comes back to its end; e there writes its record', async () => {
		const {line, moves} = racePlayed('e4 d4', 'd1 e1');
		const engine = new ThreadEngine();
		const app = start({
			engine,
			start: {screen: 'play', setup: {game: loaps, seats: [{kind: 'human'}, {kind: 'ai', level: 2}], clocked: false, line, moves}},
		});
		await app.see('RED wins');
		let frame = await app.press('v', current => current.includes('LOAPS review'));
		frame = await app.see('Reviewed at');
		expect(frame).toMatch(/e4 d4\s*\?\?/);
		frame = await app.press(KEYS.escape, current => current.includes('Back from the review'));
		expect(frame).toContain('RED wins');
		frame = await app.press('e', current => current.includes('Wrote'));
		const written = readdirSync(app.savesDir).filter(name => name.endsWith('.game.txt'));
		expect(written).toHaveLength(1);
		expect(readFileSync(join(app.savesDir, written[0]!), 'utf8')).toContain('[RED "you"]');
		app.unmount();
	});
});

describe('from the analysis board', () => {
	test('v reviews the whole line from the position shown, with its clocks and its ending as opened; Esc comes back to that position', async () => {
		// RED resigned after four moves, each taking time off the mover's clock.
		let state = loaps.initial();
		const line = [state];
		const moves: number[] = [];
		for (let ply = 0; ply < 4; ply++) {
			const move = loaps.legalMoves(state)[ply * 3]!;
			const [red, blue] = loaps.clocks(state);
			state = loaps.withClocks(loaps.play(state, move), ply % 2 === 0 ? [red - 1.25, blue] : [red, blue - 2.5]);
			moves.push(move);
			line.push(state);
		}
		const ended = {result: 'win' as const, winner: 2 as const, reason: 'resignation', description: 'RED resigns: BLUE wins'};
		const app = start({
			engine: new ThreadEngine(),
			reviewBudget: {depth: 2},
			start: {screen: 'analysis', setup: {game: loaps, line, moves, ended}},
		});
		await app.see('RED resigns');
		await app.press('[', current => !current.includes('game over'));
		await app.press('[');
		let frame = await app.press('v', current => current.includes('LOAPS review'));
		frame = await app.see('Reviewed at depth 2');
		// The position shown is the one analysis was at: the first [ stepped back before the ending, the second over BLUE's move 2, so RED's move 2 led to it.
		expect(frame).toMatch(/ 2\. [a-g][1-7] [a-g][1-7] {2}/);
		frame = await app.press('e', current => current.includes('Wrote'));
		const written = readdirSync(app.savesDir).filter(name => name.endsWith('.game.txt'));
		const text = readFileSync(join(app.savesDir, written[0]!), 'utf8');
		expect(text).toContain('[Result "0-1"]');
		expect(text).toContain('[Reason "resignation"]');
		expect(text).toContain('{RED 57.50 BLUE 55.00}');
		frame = await app.press(KEYS.escape, current => current.includes('Back from the review'));
		expect(frame).toContain('Move 2/50 · BLUE to play');
		app.unmount();
	});
});

describe('after a flag fall', () => {
	test('back from the review, the end of the game shows the clocks as they fell', async () => {
		const {line, moves} = racePlayed('e4 d4');
		const app = start({
			engine: new ThreadEngine(),
			reviewBudget: {depth: 2},
			start: {screen: 'play', setup: {game: loaps, seats: [{kind: 'human'}, {kind: 'human'}], clocked: true, clockSeconds: 3, line, moves}},
		});
		await app.see('Move 39/50');
		app.advance(3500);
		// Any key draws the screen again; the flag has fallen by then.
		await app.press('f', current => current.includes('ran out of time'));
		let frame = await app.press('v', current => current.includes('LOAPS review'));
		frame = await app.press(KEYS.escape, current => current.includes('Back from the review') || current.includes('Review stopped'));
		if (!frame.includes('Back from the review')) frame = await app.press(KEYS.escape, current => current.includes('Back from the review'));
		expect(frame).toContain('ran out of time');
		expect(frame).toMatch(/RED .*0:00\.0/);
		app.unmount();
	});
});

describe('from the menu', () => {
	test('Review a saved game: the list of saves, Enter reviews the one chosen; a save without moves is refused in the list', async () => {
		const app = start({engine: new ThreadEngine(), reviewBudget: {depth: 2}});
		const {line, moves} = racePlayed('e4 d4', 'd1 e1');
		const saved = saveGame(app.savesDir, 'race', loaps, line, moves);
		if (!saved.ok) throw new Error(saved.error);
		const alone = saveGame(app.savesDir, 'alone', loaps, [loaps.initial()], []);
		if (!alone.ok) throw new Error(alone.error);
		await app.see('Play against the AI');
		let frame = await app.burst([...Array.from({length: 7}, () => KEYS.down)], current => /> Review a saved game/.test(current));
		frame = await app.press(KEYS.enter, current => current.includes('race.txt') && current.includes('alone.txt'));
		// Titled by what it is for; each file with its game.
		expect(frame).toContain('Review a saved game, LOAPS first (');
		expect(frame).not.toContain('Open a saved position');
		expect(frame).toMatch(/race\.txt +LOAPS · /);
		// The newest first: alone.txt, then race.txt.
		frame = await app.press(KEYS.enter, current => current.includes('nothing to review'));
		frame = await app.burst([KEYS.down, KEYS.enter], current => current.includes('LOAPS review'));
		frame = await app.see('Reviewed at depth 2');
		expect(frame).toMatch(/e4 d4\s*\?\?/);
		frame = await app.press(KEYS.escape, current => current.includes('Play against the AI'));
		app.unmount();
	});
});

describe("the record's name", () => {
	test("a game opened from a file gives its record that file's name", async () => {
		const {line, moves} = racePlayed('e4 d4', 'd1 e1');
		const app = start({engine: new ThreadEngine(), reviewBudget: {depth: 2}});
		const saved = saveGame(app.savesDir, 'evening', loaps, line, moves);
		if (!saved.ok) throw new Error(saved.error);
		await app.see('Play against the AI');
		// Open a saved game and play on, the row after Review.
		await app.burst([...Array.from({length: 8}, () => KEYS.down)], current => /> Open a saved game/.test(current));
		await app.press(KEYS.enter, current => current.includes('evening.txt'));
		await app.press(KEYS.enter, current => current.includes('RED wins'));
		const frame = await app.press('e', current => current.includes('Wrote'));
		expect(frame).toContain('evening.game.txt');
		app.unmount();
	});
});
