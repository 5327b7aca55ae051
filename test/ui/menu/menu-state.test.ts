/** The menu's reducer: the clock row follows the kind of clock of the game chosen. */
import {describe, expect, test} from 'vitest';
import {classicLoa, loaps} from '../../../source/games/loa/index.js';
import {pahtum} from '../../../source/games/pahtum/index.js';
import {boxes, type BoxesState} from '../../../source/games/boxes/index.js';
import {gameById} from '../../../source/games/registry.js';
import {boardOf, menuReducer, menuState, rowsFor, rowsOf, setupOf, type MenuState} from '../../../source/ui/menu/menu-state.js';

const key = (state: MenuState, name: string): MenuState => menuReducer(state, {type: 'key', name}).state;
const keys = (state: MenuState, names: readonly string[]): MenuState => names.reduce(key, state);

/** The menu with the cursor on the game row. */
const onGame = (clock: number | null, game = loaps): MenuState => key(menuState(game, {side: 1, level: 3, clock, board: 1}), 'up');

describe('the clock row', () => {
	test('a clock given on the command line stays while the game keeps its kind of clock, even one not in the list', () => {
		let state = onGame(45);
		expect(state.choices.clock).toBe(45);
		state = key(state, 'right');
		expect(state.game).toBe(classicLoa);
		expect(state.choices.clock).toBe(45);
	});

	test('between a clock per game and one per move the choice keeps its place in the list: 60 s each is 10 s a move, 120 is 30, none is none', () => {
		const toPahtum = (state: MenuState): MenuState => {
			let next = state;
			while (next.game !== pahtum) next = key(next, 'right');
			return next;
		};
		expect(toPahtum(onGame(60)).choices.clock).toBe(10);
		expect(toPahtum(onGame(120)).choices.clock).toBe(30);
		expect(toPahtum(onGame(30)).choices.clock).toBe(5);
		expect(toPahtum(onGame(null)).choices.clock).toBeNull();
		// A clock not in LOAPS's list becomes PAH-TUM's own.
		expect(toPahtum(onGame(45)).choices.clock).toBe(10);
		// And on: 30 s a move is 120 s each again, in LINES and BOXES (after PAH-TUM), then LOAPS.
		const back = keys(toPahtum(onGame(120)), ['right']);
		expect(back.game).toBe(boxes);
		expect(back.choices.clock).toBe(120);
		expect(key(back, 'right').game).toBe(loaps);
		expect(key(back, 'right').choices.clock).toBe(120);
	});

	test("← → on the clock row step through the game's own list, ← shorter down to no clock, → longer; an unlisted clock steps to the next that way", () => {
		let state = keys(menuState(pahtum, {side: 1, level: 3, clock: 10, board: 1}), ['down', 'down', 'down']);
		expect(state.row).toBe('clock');
		state = key(state, 'right');
		expect(state.choices.clock).toBe(30);
		state = keys(state, ['left', 'left']);
		expect(state.choices.clock).toBe(5);
		expect(key(state, 'left').choices.clock).toBeNull();
		// LOAPS: 60 → 30 → no clock with ←; 60 → 120 → 300 with →, then round to no clock.
		const loa = keys(menuState(loaps, {side: 1, level: 3, clock: 60, board: 1}), ['down', 'down', 'down']);
		const walked = (steps: readonly string[]) => {
			let at = loa;
			return steps.map(step => (at = key(at, step)).choices.clock);
		};
		expect(walked(['left', 'left'])).toEqual([30, null]);
		expect(walked(['right', 'right', 'right'])).toEqual([120, 300, null]);
		const odd = keys(menuState(loaps, {side: 1, level: 3, clock: 45, board: 1}), ['down', 'down', 'down']);
		expect(odd.row).toBe('clock');
		expect(key(odd, 'right').choices.clock).toBe(60);
		expect(key(odd, 'left').choices.clock).toBe(30);
		expect(
			key(keys(menuState(loaps, {side: 1, level: 3, clock: 600, board: 1}), ['down', 'down', 'down']), 'right').choices.clock,
		).toBeNull();
	});
});

describe('the size row (a game whose boards have sizes)', () => {
	test('shows only for a game with sizes, between the game row and the board row, with the Lines row after it', () => {
		const registered = gameById('boxes')!;
		expect(registered).toBe(boxes);
		let state = keys(menuState(boxes, {side: 1, level: 3, clock: 60, board: 1}), ['up']);
		expect(state.row).toBe('board');
		state = key(state, 'up');
		expect(state.row).toBe('lines');
		state = key(state, 'up');
		expect(state.row).toBe('size');
		expect(key(state, 'up').row).toBe('game');
		expect(keys(menuState(pahtum, {side: 1, level: 3, clock: 10, board: 1}), ['up', 'up']).row).toBe('game');
		expect(keys(menuState(loaps, {side: 1, level: 3, clock: 60, board: 1}), ['up']).row).toBe('game');
	});

	test('a digit on the Size row is that square size at once (5×5 to 3×3 in one key); elsewhere, or off the sizes, it does nothing', () => {
		let state = keys(menuState(boxes, {side: 1, level: 3, clock: 60, board: 1}), ['up', 'up', 'up']);
		expect(state.row).toBe('size');
		state = key(state, '3');
		expect(state.choices.setup).toMatchObject({rows: 3, columns: 3});
		expect(boardOf(boxes, state.choices)).toMatchObject({rows: 3, columns: 3});
		// Then ← → one step at a time from there: 3×4.
		expect(key(state, 'right').choices.setup).toMatchObject({rows: 3, columns: 4});
		expect(key(state, '8').choices.setup).toMatchObject({rows: 8, columns: 8});
		// 9 and 2 are no size of LINES and BOXES; on the Lines row a digit is nothing.
		expect(key(state, '9').choices).toBe(state.choices);
		const lines = key(state, 'down');
		expect(lines.row).toBe('lines');
		expect(key(lines, '4').choices).toBe(lines.choices);
	});

	test('← → step through every size, rows then columns, from the default 5×5; the board follows', () => {
		let state = keys(menuState(boxes, {side: 1, level: 3, clock: 60, board: 1}), ['up', 'up', 'up']);
		expect(setupOf(boxes, state.choices)).toMatchObject({rows: 5, columns: 5});
		state = key(state, 'right');
		expect(state.choices.setup).toMatchObject({rows: 5, columns: 6});
		expect(boardOf(boxes, state.choices)).toMatchObject({rows: 5, columns: 6});
		state = keys(state, ['left', 'left']);
		expect(state.choices.setup).toMatchObject({rows: 5, columns: 4});
		// Round from 3×3 to 8×8.
		state = menuState(boxes, {side: 1, level: 3, clock: 60, board: 1, setup: {rows: 3, columns: 3}});
		state = keys(state, ['up', 'up', 'up', 'left']);
		expect(state.choices.setup).toMatchObject({rows: 8, columns: 8});
		// Enter on the row plays on that board.
		const step = menuReducer(state, {type: 'key', name: 'enter'});
		expect(step.effects[0]).toMatchObject({kind: 'play', game: boxes, choices: {setup: {rows: 8, columns: 8}}});
	});

	test('the setup passes the size, the lines (kept below the unit segments) and the seed; holes only to a game of one size', () => {
		expect(setupOf(boxes, {board: 7, setup: {rows: 4, columns: 6, lines: 5, holes: 3}})).toEqual({seed: 7, rows: 4, columns: 6, lines: 5});
		expect(setupOf(boxes, {board: 7, setup: {rows: 3, columns: 3, lines: 99}})).toEqual({seed: 7, rows: 3, columns: 3, lines: 23});
		expect(setupOf(boxes, {board: 7})).toEqual({seed: 7, rows: 5, columns: 5, lines: 0});
		expect(setupOf(pahtum, {board: 7, setup: {holes: 5, rows: 4, columns: 6, lines: 5}})).toEqual({seed: 7, holes: 5});
		const board = boardOf(boxes, {side: 1, level: 3, clock: 60, board: 7, setup: {rows: 4, columns: 6, lines: 5}}) as BoxesState;
		expect(board.setUp).toHaveLength(5);
		expect(board.moves).toHaveLength(0);
		expect(boxes.format(board)).toBe(
			boxes.format(boardOf(boxes, {side: 2, level: 1, clock: 60, board: 7, setup: {rows: 4, columns: 6, lines: 5}}) as BoxesState),
		);
	});
});

describe('the lines row (segments drawn before the game, on a board with sizes)', () => {
	test('← → step the lines drawn by one, from none to one fewer than the unit segments and round again; the board follows; a new size keeps what it can', () => {
		let state = keys(menuState(boxes, {side: 1, level: 3, clock: 60, board: 1, setup: {rows: 3, columns: 3}}), ['up', 'up']);
		expect(state.row).toBe('lines');
		expect(setupOf(boxes, state.choices)['lines']).toBe(0);
		state = keys(state, ['right', 'right']);
		expect(state.choices.setup?.['lines']).toBe(2);
		expect((boardOf(boxes, state.choices) as BoxesState).setUp).toHaveLength(2);
		// 3×3 has 24 unit segments: left of none is 23, and right of 23 is none.
		state = keys(state, ['left', 'left', 'left']);
		expect(state.choices.setup?.['lines']).toBe(23);
		expect(key(state, 'right').choices.setup?.['lines']).toBe(0);
		// On 3×4 (31 unit segments) the 23 stand; back on 3×3 an 8×8's 100 would be kept to 23.
		state = key(key(state, 'up'), 'right');
		expect(setupOf(boxes, state.choices)).toMatchObject({rows: 3, columns: 4, lines: 23});
		expect(setupOf(boxes, {...state.choices, setup: {rows: 3, columns: 3, lines: 100}})['lines']).toBe(23);
		expect(menuReducer(key(state, 'down'), {type: 'key', name: 'enter'}).effects[0]).toMatchObject({
			kind: 'play',
			choices: {setup: {rows: 3, columns: 4, lines: 23}},
		});
		expect(rowsFor(pahtum)).not.toContain('lines');
		expect(rowsFor(loaps)).not.toContain('lines');
	});
});

describe('the threads row (the threads the AI searches on at full strength)', () => {
	const choices = (count: number, cores: number) => ({side: 1 as const, level: 3, clock: 60, board: 1, threads: {count, cores}});
	/** The menu with the cursor on the Threads row. */
	const onThreads = (count: number, cores: number): MenuState => {
		let state = menuState(loaps, choices(count, cores));
		while (state.row !== 'threads') state = key(state, 'down');
		return state;
	};

	test('after the Bell row where the choices have threads; not without them, nor served; LINES and BOXES still fits 24 rows', () => {
		const rows = rowsOf(menuState(loaps, choices(2, 2)));
		expect(rows.indexOf('threads')).toBe(rows.indexOf('bell') + 1);
		expect(rowsOf(menuState(loaps, {side: 1, level: 3, clock: 60, board: 1}))).not.toContain('threads');
		expect(rowsOf(menuState(loaps, choices(2, 2), null, {}))).not.toContain('threads');
		// The menu needs its rows and four more (menu-screen.tsx).
		expect(rowsFor(boxes, false, true).length + 4).toBeLessThanOrEqual(24);
	});

	test('← → step from 1 to the cores and round again, Enter steps on, and the count goes with the game started', () => {
		let state = onThreads(3, 4);
		expect(keys(state, ['right']).choices.threads).toEqual({count: 4, cores: 4});
		expect(keys(state, ['right', 'right']).choices.threads).toEqual({count: 1, cores: 4});
		expect(keys(state, ['left', 'left', 'left']).choices.threads).toEqual({count: 4, cores: 4});
		state = keys(state, ['enter']);
		expect(state.choices.threads).toEqual({count: 4, cores: 4});
		expect(state.left).toBe(false);
		while (state.row !== 'play') state = key(state, 'up');
		expect(menuReducer(state, {type: 'key', name: 'enter'}).effects[0]).toMatchObject({kind: 'play', choices: {threads: {count: 4}}});
		// One core: one thread, whatever is pressed.
		expect(keys(onThreads(1, 1), ['right', 'left', 'enter']).choices.threads).toEqual({count: 1, cores: 1});
	});

	test('a count beyond the cores (--threads 8 on 2) steps down to the cores, or round to 1', () => {
		expect(key(onThreads(8, 2), 'left').choices.threads).toEqual({count: 2, cores: 2});
		expect(key(onThreads(8, 2), 'right').choices.threads).toEqual({count: 1, cores: 2});
	});
});
