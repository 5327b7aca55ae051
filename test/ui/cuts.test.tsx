/**
 * Nothing cut at 80×24 (ink-testing-library, Unicode, no colour): every game's menu, a review's
 * header with long names and a long ending, a solved LINES and BOXES analysis on the narrow panel
 * of an 8×8 board, PAH-TUM's result box. A text cut to fit ends in "…": none may.
 */
import {afterEach, describe, expect, test} from 'vitest';
import {boxes} from '../../source/games/boxes/index.js';
import {classicLoa, loaps} from '../../source/games/loa/index.js';
import type {AnyGame} from '../../source/games/registry.js';
import {pahtum} from '../../source/games/pahtum/index.js';
import {nodesPerSecondText} from '../../source/ui/analysis/analysis-screen.js';
import {wrapItems} from '../../source/ui/panel.js';
import {reviewHeader} from '../../source/ui/review/review-screen.js';
import {KEYS, removeScratch, start, type Harness} from './harness.js';

let app: Harness | undefined;
afterEach(() => {
	app?.unmount();
	app = undefined;
	removeScratch();
});

/** The rows of a frame that were cut, or wider than the terminal. */
const cut = (frame: string, columns = 80): string[] => frame.split('\n').filter(line => line.includes('…') || [...line].length > columns);

describe('nothing cut at 80×24', () => {
	test('the menu of every game: its title, its tagline and every row whole', async () => {
		app = start({ascii: false});
		let frame = await app.see('Play against the AI');
		await app.press(KEYS.up, now => /▸ Game /.test(now));
		const seen = new Set<string>();
		for (let step = 0; step < 5; step++) {
			const name = /^potm · (.+)$/m.exec(frame)![1]!;
			seen.add(name);
			expect(cut(frame), name).toEqual([]);
			frame = await app.press(KEYS.right, now => /^potm · (.+)$/m.exec(now)![1] !== name);
		}
		expect([...seen]).toEqual(expect.arrayContaining(['LOAPS', 'Lines of Action', 'PAH-TUM', 'LINES and BOXES']));
	});

	test("a review's header: long names shortened, then left out, before the ending is cut", async () => {
		const start0 = loaps.initial();
		const move = loaps.legalMoves(start0)[0]!;
		const line = [start0, loaps.play(start0, move)];
		const ended = {result: 'win' as const, winner: 2 as const, reason: 'time', description: 'RED ran out of time: BLUE wins on the clock'};
		app = start({
			ascii: false,
			start: {
				screen: 'review',
				setup: {game: loaps, line, moves: [move], ended, players: ['you', 'potm level 4 Strong'], budget: {depth: 1}, backTo: 'menu'},
				back: null,
			},
		});
		const frame = await app.see('LOAPS review');
		const header = frame.split('\n')[0]!;
		expect(header).toContain('RED ran out of time: BLUE wins on the clock');
		expect(cut(frame)).toEqual([]);
		// The steps, as a function.
		expect(reviewHeader(loaps, ['you', 'potm level 4 Strong'], 'RED connected', 79)).toBe(
			' RED you vs BLUE potm level 4 Strong · RED connected',
		);
		expect(reviewHeader(loaps, ['you', 'potm level 4 Strong'], 'RED ran out of time: BLUE wins', 79)).toBe(
			' RED you vs BLUE level 4 · RED ran out of time: BLUE wins',
		);
		expect(
			reviewHeader(loaps, ['a long name of a person', 'another long name of a program'], 'RED ran out of time: BLUE wins on the clock', 79),
		).toBe(' · RED ran out of time: BLUE wins on the clock');
	});

	test('LINES and BOXES analysis on 8×8, solved: the verdict whole, the speed left out where it does not fit', async () => {
		app = start({
			ascii: false,
			start: {screen: 'analysis', setup: {game: boxes, line: [boxes.initial({rows: 8, columns: 8, seed: 1})], moves: []}},
		});
		await app.engine.answer(undefined, 100, 'decided');
		const frame = await app.see('solved:');
		expect(cut(frame)).toEqual([]);
		expect(frame).toMatch(/solved: RED wins by 1\b/);
		// A speed under a thousand nodes a second is not "0k".
		expect(nodesPerSecondText(420)).toBe('420 nodes/s');
		expect(nodesPerSecondText(12_345)).toBe('12k nodes/s');
	});

	test("PAH-TUM's result box keeps each run with its points", async () => {
		// A whole game of the first legal move each turn, to the full grid.
		let state = pahtum.initial({seed: 9});
		while (!pahtum.outcome(state)) state = pahtum.play(state, pahtum.legalMoves(state)[0]!);
		app = start({
			ascii: false,
			start: {screen: 'play', setup: {game: pahtum, seats: [{kind: 'human'}, {kind: 'human'}], clocked: false, line: [state]}},
		});
		const frame = await app.see('Game over');
		expect(cut(frame)).toEqual([]);
		// No row of the box ends in a run whose points went to the next row.
		expect(frame).not.toMatch(/[A-G]\d-[A-G]\d\s*│?\s*$/m);
		// The rule itself: "C2-F2 10" is never broken.
		const rows = wrapItems('O 128: C2-C7 56, E1-E6 56, C2-F2 10, E3-G3 3, E5-G5 3', 32);
		expect(rows).toEqual(['O 128: C2-C7 56, E1-E6 56,', 'C2-F2 10, E3-G3 3, E5-G5 3']);
	});
});

describe('every screen of every game at 80×24', () => {
	const boards: [string, AnyGame, unknown][] = [
		['LOAPS', loaps, loaps.initial()],
		['Lines of Action', classicLoa, classicLoa.initial()],
		['PAH-TUM', pahtum, pahtum.initial({seed: 9})],
		['LINES and BOXES 5×5', boxes, boxes.initial({rows: 5, columns: 5, seed: 1})],
		['LINES and BOXES 8×8', boxes, boxes.initial({rows: 8, columns: 8, seed: 1})],
	];
	/** Two moves from the start: the first legal move each time. */
	const twoMoves = (game: AnyGame, start: unknown) => {
		const line = [start];
		const moves: number[] = [];
		for (let ply = 0; ply < 2; ply++) {
			const move = (game.legalMoves(line.at(-1)) as number[])[0]!;
			moves.push(move);
			line.push(game.play(line.at(-1), move));
		}
		return {line, moves};
	};

	test.each(boards)('%s: play, analysis, demo and review, Unicode and colour, nothing cut', async (_name, game, first) => {
		app = start({
			ascii: false,
			color: true,
			start: {screen: 'play', setup: {game, seats: [{kind: 'human'}, {kind: 'ai', level: 4}], clocked: true, start: first}},
		});
		let frame = await app.see('to play');
		expect(cut(frame), 'play').toEqual([]);
		app.unmount();
		app = start({ascii: false, color: true, start: {screen: 'analysis', setup: {game, line: [first], moves: []}}});
		await app.engine.progress(game.formatMove(first, (game.legalMoves(first) as number[])[0]!), 35, 6);
		frame = await app.see('depth 6');
		expect(cut(frame), 'analysis').toEqual([]);
		app.unmount();
		app = start({
			ascii: false,
			color: true,
			start: {screen: 'demo', setup: {game, levels: [5, 3], delayMs: 0, games: 0, clockSeconds: 60, start: first}},
		});
		frame = await app.see('level 5');
		expect(cut(frame), 'demo').toEqual([]);
		app.unmount();
		const {line, moves} = twoMoves(game, first);
		const players = ['you', 'potm level 4 Strong'] as const;
		app = start({
			ascii: false,
			color: true,
			start: {screen: 'review', setup: {game, line, moves, ended: null, players, budget: {depth: 1}, backTo: 'menu'}, back: null},
		});
		frame = await app.see('review');
		expect(cut(frame), 'review').toEqual([]);
	});
});

describe("the engine's line while it thinks", () => {
	test("at 80×24 a deep search's score is whole: the bar gives way first", async () => {
		app = start({
			ascii: false,
			start: {screen: 'play', setup: {game: loaps, seats: [{kind: 'ai', level: 5}, {kind: 'human'}], clocked: true, clockSeconds: 60}},
		});
		await app.engine.progress('b1 d3', -345, 12);
		const frame = await app.see('depth 12');
		const row = frame.split('\n').find(line => line.includes('depth 12'))!;
		expect(row).toMatch(/depth 12 +-3\.45/);
		expect(cut(frame)).toEqual([]);
	});
});
