/**
 * PAH-TUM's lessons (source/games/pahtum/lessons.ts): each ruling of docs/pahtum.md has the step
 * that teaches it, and each step's first answer does what its `after` says. That every answer
 * passes and every other move fails is test/learn/lessons.test.ts's.
 */
import {describe, expect, test} from 'vitest';
import type {LessonStep} from '../../../source/games/learning.js';
import {pahtum, runs, squareName, type PahtumState} from '../../../source/games/pahtum/index.js';
import {pahtumLessons} from '../../../source/games/pahtum/lessons.js';
import {stepsOf} from '../../../source/learn/lesson.js';
import {sq} from './helpers.js';

const steps = stepsOf(pahtumLessons).map(({data}) => data);

function stepById(id: string): LessonStep {
	const step = steps.find(candidate => candidate.id === id);
	if (!step) throw new Error(`no step ${id}`);
	return step;
}

function positionOf(id: string): PahtumState {
	const step = stepById(id);
	const parsed = pahtum.parse(step.position, step.id);
	if (!parsed.ok) throw new Error(parsed.error.message);
	return parsed.value;
}

/** The position after the step's first answer. */
function answered(id: string): {before: PahtumState; after: PahtumState} {
	const before = positionOf(id);
	const move = pahtum.parseMove(before, stepById(id).pass[0]!);
	if (!move.ok) throw new Error(move.error);
	return {before, after: pahtum.play(before, move.value)};
}

const playing = (state: PahtumState, name: string): PahtumState => pahtum.play(state, sq(name));

/** The most points the side to move can gain with one marker. */
const bestGain = (state: PahtumState): number =>
	Math.max(
		...pahtum.legalMoves(state).map(move => pahtum.scores(pahtum.play(state, move))[state.toMove - 1]! - state.scores[state.toMove - 1]!),
	);

/** The runs of one side, as "C1-C3 3". */
const runsOf = (state: PahtumState, player: 1 | 2): string[] =>
	runs(state.cells)
		.filter(run => run.player === player)
		.map(run => `${squareName(run.squares[0]!)}-${squareName(run.squares.at(-1)!)} ${run.points}`);

describe('each ruling of docs/pahtum.md is taught by a step', () => {
	const table: readonly (readonly [ruling: string, step: string, section: string])[] = [
		['a square is named by its row letter, then its column number', 'pahtum-placing-square', '§1'],
		['a move puts the mover’s letter on one empty square', 'pahtum-placing-square', '§2'],
		['who moves follows from the counts of X and O', 'pahtum-placing-square', '§2'],
		['a hole (+) is out of play', 'pahtum-placing-holes', '§1'],
		['a hole breaks a run', 'pahtum-placing-holes', '§3'],
		['a run of three scores 3', 'pahtum-placing-holes', '§3'],
		['a run of four scores 10, and a run counts once, by its whole length', 'pahtum-runs-four', '§3'],
		['the edge of the board ends a run', 'pahtum-runs-four', '§3'],
		['rows and columns score; diagonals do not', 'pahtum-runs-lines', '§3'],
		['runs of five, six and seven score 25, 56 and 119', 'pahtum-runs-long', '§3'],
		['the other letter ends a run: blocking an end', 'pahtum-blocking-end', '§3'],
		['the other letter ends a run: blocking a gap', 'pahtum-blocking-gap', '§3'],
		['the game ends when every square but the holes is filled', 'pahtum-end-last', '§3'],
		['more points wins, equal points is a tie', 'pahtum-end-last', '§3'],
	];

	test.each(table)('%s: %s (%s)', (_ruling, id, section) => {
		expect(stepById(id).teaches).toContain(section);
	});

	test('the sections that are not rules of play say why', () => {
		expect(Object.keys(pahtumLessons.notRulings).sort()).toEqual(['§4', '§5', '§6', '§7', '§8', '§9']);
	});
});

describe('each step’s first answer does what its after says', () => {
	test('pahtum-placing-square: O on C5 evens the counts, so X moves next; no points', () => {
		const {before, after} = answered('pahtum-placing-square');
		expect(pahtum.toMove(before)).toBe(2);
		expect(after.cells[sq('C5')]).toBe(2);
		expect(pahtum.toMove(after)).toBe(1);
		expect(pahtum.scores(after)).toEqual([0, 0]);
		expect(pahtum.clock.seconds).toBe(10);
		expect(pahtum.clock.per).toBe('move');
	});

	test('pahtum-placing-holes: C1 makes C1-C3, 3 points; the hole on C4 cannot be played', () => {
		const {before, after} = answered('pahtum-placing-holes');
		expect(pahtum.scores(after)).toEqual([3, 0]);
		expect(runsOf(after, 1)).toEqual(['C1-C3 3']);
		expect(pahtum.legalMoves(before)).not.toContain(sq('C4'));
		expect(pahtum.parseMove(before, 'C4')).toEqual({ok: false, error: 'C4 is blocked'});
	});

	test('pahtum-runs-four: X goes from 3 points to 10, the three no longer counted on its own', () => {
		const {before, after} = answered('pahtum-runs-four');
		expect(pahtum.scores(before)[0]).toBe(3);
		expect(pahtum.scores(after)[0]).toBe(10);
		expect(runsOf(after, 1)).toEqual(['C1-C4 10']);
		expect(pahtum.scores(playing(before, 'C5'))[0]).toBe(10);
	});

	test('pahtum-runs-lines: three down column 6 score 3; the diagonal scores nothing, even at four', () => {
		const {before, after} = answered('pahtum-runs-lines');
		expect(pahtum.scores(after)[0]).toBe(3);
		expect(runsOf(after, 1)).toEqual(['C6-E6 3']);
		expect(pahtum.scores(playing(before, 'D4'))[0]).toBe(0);
	});

	test('pahtum-runs-long: A4 gains 113 (a seven in place of two threes); C3 would gain 53, F3 25', () => {
		const {before, after} = answered('pahtum-runs-long');
		const gain = (state: PahtumState) => pahtum.scores(state)[0] - pahtum.scores(before)[0];
		expect(gain(after)).toBe(113);
		expect(runsOf(after, 1)).toContain('A1-A7 119');
		expect(gain(playing(before, 'C3'))).toBe(53);
		expect(gain(playing(before, 'F3'))).toBe(25);
	});

	test('pahtum-blocking-end: after O on E5, X gains nothing with any move; E2-E4 stays 3 points', () => {
		const {before, after} = answered('pahtum-blocking-end');
		expect(pahtum.toMove(before)).toBe(2);
		expect(bestGain(after)).toBe(0);
		expect(runsOf(after, 1)).toEqual(['E2-E4 3']);
		expect(pahtum.scores(playing(playing(before, 'A1'), 'E5'))[0]).toBe(10);
	});

	test('pahtum-blocking-gap: after O on B3, X’s best is a run of three (no five); without it, a five', () => {
		const {before, after} = answered('pahtum-blocking-gap');
		expect(pahtum.toMove(before)).toBe(2);
		expect(bestGain(after)).toBe(3);
		expect(pahtum.scores(playing(playing(after, 'B6'), 'A1'))[0]).toBe(3);
		expect(pahtum.scores(playing(playing(playing(after, 'B6'), 'A1'), 'B7'))[0]).toBe(10);
		expect(pahtum.scores(playing(playing(before, 'A1'), 'B3'))[0]).toBe(25);
	});

	test('pahtum-end-last: O fills D3 and X wins 10 to 3; D3 instead ends in a tie, 13 to 13', () => {
		const {before, after} = answered('pahtum-end-last');
		expect(pahtum.outcome(after)).toBeNull();
		expect(pahtum.legalMoves(after).map(move => squareName(move))).toEqual(['D3']);
		const end = playing(after, 'D3');
		expect(pahtum.outcome(end)).toMatchObject({result: 'win', winner: 1});
		expect(pahtum.scores(end)).toEqual([10, 3]);
		const tie = playing(playing(before, 'D3'), 'D5');
		expect(pahtum.outcome(tie)).toMatchObject({result: 'tie', winner: null});
		expect(pahtum.scores(tie)).toEqual([13, 13]);
	});
});
