/** The clock `potm play FILE` (and the other interactive commands) start with (commands/ui.tsx's clockChoices). */
import {expect, test} from 'vitest';
import {clockChoices} from '../../../source/commands/ui.js';
import {loaps} from '../../../source/games/loa/index.js';
import {pahtum} from '../../../source/games/pahtum/index.js';
import type {MenuChoices} from '../../../source/ui/menu/menu-state.js';

const choices: MenuChoices = {side: 1, level: 3, clock: 120, board: 3};

test("--clock given wins; else the game's own clock, but none for a file that says its game was played without one", () => {
	expect(clockChoices({clockGiven: true, choices}, loaps, {clocked: false}).clock).toBe(120);
	expect(clockChoices({clockGiven: true, choices: {...choices, clock: null}}, loaps).clock).toBeNull();
	expect(clockChoices({clockGiven: false, choices}, loaps).clock).toBe(60);
	expect(clockChoices({clockGiven: false, choices}, pahtum).clock).toBe(10);
	expect(clockChoices({clockGiven: false, choices}, loaps, {}).clock).toBe(60);
	expect(clockChoices({clockGiven: false, choices}, loaps, {clocked: false})).toEqual({...choices, clock: null});
	expect(clockChoices({clockGiven: false, choices}, loaps, null).clock).toBe(60);
});
