/** The menu's reducer: the clock row follows the kind of clock of the game chosen. */
import {describe, expect, test} from 'vitest';
import {classicLoa, loaps} from '../../source/games/loa/index.js';
import {pahtum} from '../../source/games/pahtum/index.js';
import {menuReducer, menuState, type MenuState} from '../../source/ui/menu-state.js';

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
		// And back: 30 s a move is 120 s each again.
		const back = keys(toPahtum(onGame(120)), ['right']);
		expect(back.game).toBe(loaps);
		expect(back.choices.clock).toBe(120);
	});

	test('← → on the clock row step through the game\'s own list; an unlisted clock steps to the first', () => {
		let state = keys(menuState(pahtum, {side: 1, level: 3, clock: 10, board: 1}), ['down', 'down', 'down']);
		expect(state.row).toBe('clock');
		state = key(state, 'right');
		expect(state.choices.clock).toBe(30);
		state = keys(state, ['left', 'left']);
		expect(state.choices.clock).toBeNull();
		const odd = keys(menuState(loaps, {side: 1, level: 3, clock: 45, board: 1}), ['down', 'down', 'down', 'right']);
		expect(odd.row).toBe('clock');
		expect(odd.choices.clock).toBe(60);
	});
});
