/** The board a LINES and BOXES game starts on from the menu's choices: play, two players and the demo. */
import {describe, expect, test} from 'vitest';
import {boxes, type BoxesState} from '../../../source/games/boxes/index.js';
import {playSetup} from '../../../source/ui/app.js';
import {demoState} from '../../../source/ui/demo/demo-state.js';
import type {MenuChoices} from '../../../source/ui/menu/menu-state.js';

describe('a new LINES and BOXES board from the choices', () => {
	const choices: MenuChoices = {side: 1, level: 1, clock: 60, board: 17, setup: {rows: 4, columns: 7, lines: 6}};
	const expected = boxes.format(boxes.initial({seed: 17, rows: 4, columns: 7, lines: 6}));

	test('play and two players start on the size, lines and seed chosen', () => {
		for (const two of [false, true]) {
			const setup = playSetup(boxes, choices, two);
			expect(boxes.format(setup.start as BoxesState)).toBe(expected);
		}
	});

	test("the demo's first game too (each board twice, then the next seed)", () => {
		const state = demoState({game: boxes, levels: [1, 1], delayMs: 0, games: 2, board: 17, setup: {rows: 4, columns: 7, lines: 6}}, 0);
		const first = (state.session as unknown as {line: unknown[]}).line[0];
		expect(boxes.format(first as BoxesState)).toBe(expected);
	});
});
