/**
 * Every finished game is kept (ink-testing-library): the moment a game ends, by a move, a
 * resignation or a flag fall, its record goes into the games folder of the saves folder, once;
 * the menu's Games list shows the games newest first with the result as the person saw it and a
 * tally per game and opponent, and opens one for review (Enter) or on the board (a).
 */
import {readdirSync, readFileSync, utimesSync} from 'node:fs';
import {join} from 'node:path';
import {afterEach, describe, expect, test} from 'vitest';
import {loaps} from '../../source/games/loa/index.js';
import type {Route} from '../../source/ui/app.js';
import {HUMAN, ai} from '../../source/play/session.js';
import {position} from '../games/loa/diagram.js';
import {KEYS, removeScratch, start, type Harness} from './harness.js';

let app: Harness | undefined;
afterEach(() => {
	app?.unmount();
	app = undefined;
	removeScratch();
});

/** RED to move, 20 points to 5, can connect: a1 a2 touches b3 (a won game in one move). */
const oneFromWinning = () =>
	position(['....2.2', '.......', '.......', '.......', '.1.....', '.......', '1......'], {toMove: 1, moveNumber: 30, points: [20, 5]});

const vsAi = (extra: Partial<Extract<Route, {screen: 'play'}>['setup']> = {}): Route => ({
	screen: 'play',
	setup: {game: loaps, seats: [HUMAN, ai(4)], clocked: false, ...extra},
});

const kept = (harness: Harness): string[] => {
	try {
		return readdirSync(join(harness.savesDir, 'games')).sort();
	} catch {
		return [];
	}
};

describe('finished games are kept', () => {
	test('a game won by a move is kept as a record at once, and said; leaving asks nothing', async () => {
		app = start({start: vsAi({line: [oneFromWinning()]})});
		await app.see('RED to play');
		expect(kept(app)).toEqual([]);
		const frame = await app.burst(['m', ...'a1 a2', KEYS.enter], now => now.includes('Kept (the menu'));
		expect(frame).toContain('Game over');
		const files = kept(app);
		expect(files).toHaveLength(1);
		expect(files[0]).toMatch(/^\d{4}-\d\d-\d\d-\d{4}-loaps\.game\.txt$/);
		// The result box names it, on a line of its own.
		expect(frame).toContain(files[0]);
		const record = readFileSync(join(app.savesDir, 'games', files[0]!), 'utf8');
		expect(record).toContain('[RED "you"]');
		expect(record).toContain('[BLUE "potm level 4 Strong"]');
		expect(record).toContain('[Result "1-0"]');
		expect(record).toMatch(/a1 a2/);
		// Nothing is lost by leaving: Esc goes straight to the menu, no question asked.
		await app.press(KEYS.escape, now => now.includes('Play against the AI'));
	});

	test('a resignation and a flag fall are kept too; undo and the same ending again is not kept twice', async () => {
		// Two people: RED plays a move that does not connect, and BLUE resigns.
		app = start({start: {screen: 'play', setup: {game: loaps, seats: [HUMAN, HUMAN], clocked: false, line: [oneFromWinning()]}}});
		await app.see('RED to play');
		await app.burst(['m', ...'b3 c3', KEYS.enter], now => now.includes('BLUE to play'));
		await app.press('x', now => now.includes('Resign this game?'));
		await app.press('y', now => now.includes('Kept (the menu'));
		expect(kept(app)).toHaveLength(1);
		expect(readFileSync(join(app.savesDir, 'games', kept(app)[0]!), 'utf8')).toContain('[Reason "resignation"]');
		app.unmount();

		app = start({start: vsAi({clocked: true, clockSeconds: 5})});
		await app.see('Move 1/50');
		app.advance(6000);
		await app.see('Kept (the menu');
		expect(kept(app)).toHaveLength(1);
		expect(readFileSync(join(app.savesDir, 'games', kept(app)[0]!), 'utf8')).toContain('[Reason "time"]');
	});

	test('a new game that ends as the last one did is kept too; a finished game set up again and ended again is not', async () => {
		app = start({start: {screen: 'play', setup: {game: loaps, seats: [HUMAN, HUMAN], clocked: false, line: [oneFromWinning()]}}});
		await app.see('RED to play');
		await app.burst(['m', ...'a1 a2', KEYS.enter], now => now.includes('Kept (the menu'));
		expect(kept(app)).toHaveLength(1);
		// n: the same start, the same move, the same ending: another game, another record.
		await app.press('n', now => now.includes('New game'));
		await app.burst(['m', ...'a1 a2', KEYS.enter], now => now.includes('Kept (the menu'));
		expect(kept(app)).toHaveLength(2);
		app.unmount();
		// Set up over (a finished save, the game back from its review): u then r is no new game.
		const before = oneFromWinning();
		const move = loaps.parseMove(before, 'a1 a2');
		if (!move.ok) throw new Error(move.error);
		app = start({
			start: {
				screen: 'play',
				setup: {game: loaps, seats: [HUMAN, HUMAN], clocked: false, line: [before, loaps.play(before, move.value)], moves: [move.value]},
			},
		});
		await app.see('Game over');
		await app.press('u', now => now.includes('Took back'));
		await app.press('r', now => now.includes('Game over'));
		expect(kept(app)).toEqual([]);
	});

	test('the game won again after an undo is the same game: kept once; another ending is kept beside it', async () => {
		app = start({start: {screen: 'play', setup: {game: loaps, seats: [HUMAN, HUMAN], clocked: false, line: [oneFromWinning()]}}});
		await app.see('RED to play');
		await app.burst(['m', ...'a1 a2', KEYS.enter], now => now.includes('Kept (the menu'));
		await app.press('u', now => now.includes('Took back'));
		await app.burst(['m', ...'a1 a2', KEYS.enter], now => now.includes('Game over'));
		expect(kept(app)).toHaveLength(1);
		await app.press('u', now => now.includes('Took back'));
		// b3 b2 connects too (onto a bonus square): another game, another record.
		await app.burst(['m', ...'b3 b2', KEYS.enter], now => now.includes('Kept (the menu'));
		expect(kept(app)).toHaveLength(2);
	});
});

describe('the Games list', () => {
	test('from the menu: newest first, the result as the person saw it, the tally; Enter reviews, a opens the board', async () => {
		app = start({start: vsAi({line: [oneFromWinning()]})});
		await app.see('RED to play');
		await app.burst(['m', ...'a1 a2', KEYS.enter], now => now.includes('Kept (the menu'));
		await app.press(KEYS.escape, now => now.includes('Play against the AI'));
		let frame = app.frame();
		expect(frame).toContain('Games played: review or replay them');
		// Down to the Games row: Enter lists the games.
		for (let step = 0; step < 16 && !/[>▸] Games played/.test(app.frame()); step++) await app.press(KEYS.down);
		frame = await app.press(KEYS.enter, now => now.includes('Games played ('));
		expect(frame).toContain('LOAPS vs level 4 Strong: 1 won, 0 lost');
		expect(frame).toMatch(/> \d{4}-\d\d-\d\d \d\d:\d\d {2}LOAPS +won 32-5 · vs level 4 Strong/);
		frame = await app.press(KEYS.enter, now => now.includes('LOAPS review'));
		// Named as the game's header named them ("level 4 Strong", not the record's "potm level 4 Strong").
		expect(frame).toMatch(/RED you vs BLUE level 4 Strong · RED connected/);
		expect(frame).not.toContain('potm level');
		// Esc stops the review (the fake engine judges nothing), Esc again goes back: to the list it was chosen in.
		await app.press(KEYS.escape, now => now.includes('Esc again goes back'));
		frame = await app.press(KEYS.escape, now => now.includes('Games played ('));
		expect(frame).toContain('LOAPS vs level 4 Strong: 1 won, 0 lost');
		frame = await app.press('a', now => /Opened .*games/.test(now));
		expect(frame).toContain('RED connected');
	});

	test('a game lost on time while ahead says so in the list: "lost on time 20-5", not a bare "lost" beside the better score', async () => {
		app = start({start: vsAi({line: [oneFromWinning()], clocked: true, clockSeconds: 60})});
		await app.see('RED to play');
		app.advance(61_000);
		await app.see('RED ran out of time');
		await app.press(KEYS.escape, now => now.includes('Play against the AI'));
		for (let step = 0; step < 16 && !/[>▸] Games played/.test(app.frame()); step++) await app.press(KEYS.down);
		const frame = await app.press(KEYS.enter, now => now.includes('Games played ('));
		expect(frame).toMatch(/> \d{4}-\d\d-\d\d \d\d:\d\d {2}LOAPS +lost on time 20-5 · vs level 4 Strong/);
	});

	test('with no game finished yet it says where they will go; Esc goes back to the menu', async () => {
		app = start();
		await app.see('Play against the AI');
		for (let step = 0; step < 16 && !/[>▸] Games played/.test(app.frame()); step++) await app.press(KEYS.down);
		const frame = await app.press(KEYS.enter, now => now.includes('No finished games yet'));
		expect(frame).toContain(join(app.savesDir, 'games'));
		await app.press(KEYS.escape, now => now.includes('Play against the AI'));
	});
});

describe('a save names its players', () => {
	test('saved from a game against the AI, reviewed from the menu: the header names both sides as the game did', async () => {
		app = start({start: vsAi()});
		await app.see('Move 1/50');
		await app.burst(['m', ...'b1 d3', KEYS.enter], now => now.includes('RED played b1 d3'));
		await app.engine.answer('a6 c6');
		await app.see('BLUE played a6 c6');
		await app.burst(['s', '\u0015', ...'named', KEYS.enter], now => now.includes('Saved'));
		const history = JSON.parse(readFileSync(join(app.savesDir, 'named.history.json'), 'utf8')) as {players: string[]};
		expect(history.players).toEqual(['you', 'potm level 4 Strong']);
		await app.press(KEYS.escape, now => now.includes('Play against the AI'));
		for (let step = 0; step < 16 && !/[>▸] Review a saved game/.test(app.frame()); step++) await app.press(KEYS.down);
		await app.press(KEYS.enter, now => now.includes('named.txt'));
		const frame = await app.press(KEYS.enter, now => now.includes('LOAPS review'));
		expect(frame.split('\n')[0]).toMatch(/^LOAPS review {2}RED you vs BLUE level 4 Strong/);
	});
});

describe('the lists of saves from the menu', () => {
	test("the Game row's game first, each file with its game", async () => {
		const {pahtum} = await import('../../source/games/pahtum/index.js');
		const {saveGame} = await import('../../source/files/saves.js');
		app = start();
		const grid = pahtum.initial({seed: 4});
		// The LOAPS save is the newer: without the order by game it would come first.
		const older = saveGame(app.savesDir, 'zgrid', pahtum, [grid, pahtum.play(grid, pahtum.legalMoves(grid)[0]!)]);
		if (!older.ok) throw new Error(older.error);
		// An hour older, and last by name too.
		const hourAgo = new Date(Date.now() - 3_600_000);
		utimesSync(older.value, hourAgo, hourAgo);
		const later = loaps.initial();
		if (!saveGame(app.savesDir, 'race', loaps, [later, loaps.play(later, loaps.legalMoves(later)[0]!)]).ok) throw new Error('no save');
		await app.see('Play against the AI');
		await app.press(KEYS.up, now => /[>▸] Game /.test(now));
		await app.press(KEYS.left, now => now.includes('potm · LINES and BOXES'));
		await app.press(KEYS.left, now => now.includes('potm · PAH-TUM'));
		for (let step = 0; step < 16 && !/[>▸] Analyse a saved game/.test(app.frame()); step++) await app.press(KEYS.down);
		const frame = await app.press(KEYS.enter, now => now.includes('Analyse a saved game, PAH-TUM first'));
		const rows = frame.split('\n').filter(line => /\.txt/.test(line));
		expect(rows[0]).toMatch(/zgrid\.txt +PAH-TUM · /);
		expect(rows[1]).toMatch(/race\.txt +LOAPS · /);
	});
});
