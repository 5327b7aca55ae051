/** The play screen's reducer, as data: what keys do, and what the screen is told to do (its effects). */
import {describe, expect, test} from 'vitest';
import {loaps} from '../../../source/games/loa/index.js';
import {playState, type PlayAction, type PlayEffect, type PlayState} from '../../../source/ui/play/play-model.js';
import {playReducer} from '../../../source/ui/play/play-state.js';
import {HUMAN, ai} from '../../../source/play/session.js';

/** Keys through the reducer, one after another; the state and every effect they asked for. */
function keys(state: PlayState, names: readonly string[]): {state: PlayState; effects: PlayEffect[]} {
	const effects: PlayEffect[] = [];
	for (const name of names) {
		const action: PlayAction = {type: 'key', name, now: 1000};
		const step = playReducer(state, action);
		state = step.state;
		effects.push(...step.effects);
	}
	return {state, effects};
}

const fresh = () => playState({game: loaps, seats: [HUMAN, ai(3)], clocked: false}, 0);
const typed = (text: string) => ['m', ...text, 'enter'];

describe('leaving', () => {
	test('Ctrl-C with nothing to lose leaves at once, with status 130', () => {
		expect(keys(fresh(), ['ctrl+c']).effects).toEqual([{kind: 'exit', code: 130}]);
	});

	test('Ctrl-C in a game that is not saved asks; a second Ctrl-C leaves with 130; any other key goes on', () => {
		const played = keys(fresh(), typed('b1 d3')).state;
		let {state, effects} = keys(played, ['ctrl+c']);
		expect(effects).toEqual([]);
		expect(state.question).toMatchObject({kind: 'quit', interrupt: true});
		expect(state.question?.text).toContain('Ctrl-C again quits');
		expect(keys(state, ['ctrl+c']).effects).toEqual([{kind: 'exit', code: 130}]);
		expect(keys(state, ['y']).effects).toEqual([{kind: 'exit', code: 130}]);
		({state, effects} = keys(state, ['z']));
		expect(state.question).toBeNull();
		expect(effects).toEqual([]);
	});

	test('q asks in an unsaved game; y leaves with 0, s opens the save dialog', () => {
		const played = keys(fresh(), typed('b1 d3')).state;
		expect(keys(played, ['q', 'y']).effects).toEqual([{kind: 'exit', code: 0}]);
		expect(keys(played, ['q', 's']).effects).toEqual([{kind: 'show', dialog: 'save'}]);
		expect(keys(fresh(), ['q']).effects).toEqual([{kind: 'exit', code: 0}]);
	});

	test('once leaving, later keys do nothing', () => {
		const {state, effects} = keys(fresh(), ['q', 'm', 'b', '1']);
		expect(effects).toEqual([{kind: 'exit', code: 0}]);
		expect(state.input.typing).toBeNull();
	});
});

describe('keys act on what the key before left', () => {
	test('? then x: the help opens, and x closes it rather than asking to resign', () => {
		const {state} = keys(fresh(), ['?', 'x']);
		expect(state.dialog).toBeNull();
		expect(state.question).toBeNull();
	});

	test('← Enter ↑ ↑ Enter: c1 c3 played', () => {
		const {state} = keys(fresh(), ['left', 'enter', 'up', 'up', 'enter']);
		expect(state.status.text).toBe('RED played c1 c3');
		expect(state.session.moves).toHaveLength(1);
	});
});
