/** The review screen's reducer, where a key's effect is simplest read off the state. */
import {describe, expect, test} from 'vitest';
import {loaps} from '../../../source/games/loa/index.js';
import {reviewReducer, reviewState, type ReviewState} from '../../../source/ui/review/review-state.js';
import {racePlayed} from '../../helpers/race.js';

function state(budget: {ms: number} | {depth: number}): ReviewState {
	const {line, moves} = racePlayed('e4 d4', 'd1 e1');
	return reviewState({game: loaps, line, moves, ended: null, budget, backTo: 'menu'});
}

const press = (from: ReviewState, ...keys: string[]): ReviewState =>
	keys.reduce((at, name) => reviewReducer(at, {type: 'key', name}).state, from);

describe('+ and -', () => {
	test.each([
		[{ms: 1000}, '+', {ms: 2000}],
		[{ms: 1000}, '-', {ms: 500}],
		[{ms: 50}, '-', {ms: 50}],
		[{ms: 50}, '+', {ms: 100}],
		[{ms: 45_000}, '+', {ms: 45_000}],
		[{ms: 45_000}, '-', {ms: 30_000}],
		[{ms: 300}, '+', {ms: 500}],
		[{ms: 300}, '-', {ms: 200}],
		[{depth: 5}, '+', {depth: 6}],
		[{depth: 1}, '-', {depth: 1}],
	] as const)('%o with %s gives %o: never the other way', (from, key, to) => {
		expect(press(state(from), key).budget).toEqual(to);
	});

	test('the record says every budget the positions had', () => {
		let at = state({ms: 1000});
		at = reviewReducer(at, {
			type: 'eval',
			index: 0,
			evaluation: {score: 0, proven: false, best: -1, line: [], second: null, secondProven: false, legal: 3, depth: 1, nodes: 1},
		}).state;
		at = press(at, '+');
		at = reviewReducer(at, {
			type: 'eval',
			index: 1,
			evaluation: {score: 0, proven: false, best: -1, line: [], second: null, secondProven: false, legal: 3, depth: 1, nodes: 1},
		}).state;
		const step = reviewReducer(at, {type: 'key', name: 'e'});
		expect(step.effects[0]).toMatchObject({kind: 'export', budget: '1.0 s a move, then 2.0 s a move'});
	});
});

describe('walking', () => {
	test("Home at the first position, End at the last: each says where it is; g NUMBER by the first player's moves", () => {
		let at = press(state({depth: 2}), 'home');
		expect(at.view).toBe(0);
		at = press(at, 'home');
		expect(at.status.text).toBe('At the first position');
		at = press(at, 'left');
		expect(at.status.text).toBe('At the first position');
		at = press(at, 'end', 'end');
		expect(at.status.text).toBe('At the last position');
		at = press(at, 'right');
		expect(at.status.text).toBe('At the last position');
		// RED's move 38 came before this game's first position: g 38 is that position, g 39 after RED's 39th.
		at = press(at, 'left', 'g', '3', '8', 'enter');
		expect(at.view).toBe(0);
		at = press(at, 'g', '3', '9', 'enter');
		expect(at.view).toBe(2);
	});
});
