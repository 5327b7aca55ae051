/**
 * LINES and BOXES's lessons (source/games/boxes/lessons.ts): each ruling of docs/boxes.md has the
 * step that teaches it, and each step's first answer does what its `after` says. That every
 * answer passes and every other move fails is test/learn/lessons.test.ts's.
 */
import {describe, expect, test} from 'vitest';
import {SET_UP} from '../../../source/games/game.js';
import type {LessonStep} from '../../../source/games/learning.js';
import {boxes, type BoxesState} from '../../../source/games/boxes/index.js';
import {boxesLessons} from '../../../source/games/boxes/lessons.js';
import {stepsOf} from '../../../source/learn/lesson.js';

const steps = stepsOf(boxesLessons).map(({data}) => data);

function stepById(id: string): LessonStep {
	const step = steps.find(candidate => candidate.id === id);
	if (!step) throw new Error(`no step ${id}`);
	return step;
}

function positionOf(id: string): BoxesState {
	const step = stepById(id);
	const parsed = boxes.parse(step.position, step.id);
	if (!parsed.ok) throw new Error(parsed.error.message);
	return parsed.value;
}

function playing(state: BoxesState, text: string): BoxesState {
	const move = boxes.parseMove(state, text);
	if (!move.ok) throw new Error(move.error);
	return boxes.play(state, move.value);
}

/** The position after the step's first answer. */
function answered(id: string): {before: BoxesState; after: BoxesState} {
	const before = positionOf(id);
	return {before, after: playing(before, stepById(id).pass[0]!)};
}

/** The most boxes the side to move can take with one line. */
const bestGain = (state: BoxesState): number =>
	Math.max(
		...boxes.legalMoves(state).map(move => boxes.scores(boxes.play(state, move))[state.toMove - 1]! - state.scores[state.toMove - 1]!),
	);

/** Who owns the box named by its top-left vertex ("C3") on a 3×3 board: 0, 1, 2 or SET_UP. */
const ownerOf = (state: BoxesState, name: string): number =>
	state.boxes[(Number(name.slice(1)) - 1) * state.columns + 'ABC'.indexOf(name[0]!)]!;

const drawnUnits = (state: BoxesState): number => [...state.horizontal, ...state.vertical].filter(owner => owner !== 0).length;

describe('each ruling of docs/boxes.md is taught by a step', () => {
	const table: readonly (readonly [ruling: string, step: string, section: string])[] = [
		['vertices are named by column letter and row number, A1 at the top left', 'boxes-lines-long', '§1'],
		['a move draws a straight line of any length between two vertices of a row or a column', 'boxes-lines-long', '§2'],
		['a move is written as its two ends, the lesser first', 'boxes-lines-long', '§2'],
		['no overlap: every unit segment a line covers must be empty', 'boxes-lines-overlap', '§2'],
		['lines may meet or cross at a vertex', 'boxes-lines-overlap', '§2'],
		['a box takes the name of its upper-left vertex', 'boxes-boxes-close', '§1'],
		['the move that draws a box’s last side owns it, whichever side and however long the line', 'boxes-boxes-close', '§3'],
		['a box closed by lines drawn before the game belongs to nobody', 'boxes-boxes-close', '§3'],
		['one line can close several boxes', 'boxes-boxes-two', '§3'],
		['turns always alternate: taking a box gives no extra move', 'boxes-turns-take', '§4'],
		['so a line that draws a box’s third side hands it to the opponent', 'boxes-turns-safe', '§4'],
		['the game is over when no undrawn unit segment remains', 'boxes-end-last', '§5'],
		['more boxes wins; the same number is a tie', 'boxes-end-last', '§5'],
	];

	test.each(table)('%s: %s (%s)', (_ruling, id, section) => {
		expect(stepById(id).teaches).toContain(section);
	});

	test('the sections that are not rules of play say why', () => {
		expect(Object.keys(boxesLessons.notRulings).sort()).toEqual(['§10', '§11', '§6', '§7', '§8', '§9']);
	});

	test('every step is on a board of 3×3 boxes', () => {
		for (const step of steps) expect([positionOf(step.id).rows, positionOf(step.id).columns], step.id).toEqual([3, 3]);
	});
});

describe('each step’s first answer does what its after says', () => {
	test('boxes-lines-long: one move draws three unit segments, all RED’s; BLUE moves next', () => {
		const {before, after} = answered('boxes-lines-long');
		expect(drawnUnits(before)).toBe(0);
		expect(drawnUnits(after)).toBe(3);
		expect(after.horizontal.slice(0, 3)).toEqual([1, 1, 1]);
		expect(boxes.toMove(after)).toBe(2);
		// Typed the other way round, it reads as the same line, written lesser first.
		const reversed = boxes.parseMove(before, 'D1 A1');
		expect(reversed.ok && boxes.formatMove(before, reversed.value)).toBe('A1 D1');
	});

	test('boxes-lines-overlap: A3 C3 crosses B1 B4 and meets C3 D3; A3 D3 is refused', () => {
		const {before, after} = answered('boxes-lines-overlap');
		expect(drawnUnits(after) - drawnUnits(before)).toBe(2);
		const refused = boxes.parseMove(before, 'A3 D3');
		expect(refused.ok).toBe(false);
		if (!refused.ok) expect(refused.error).toContain('overlaps');
	});

	test('boxes-boxes-close: the line takes C3 for RED; A1, closed before the game, is nobody’s', () => {
		const {before, after} = answered('boxes-boxes-close');
		expect(ownerOf(before, 'A1')).toBe(SET_UP);
		expect(boxes.scores(before)).toEqual([0, 0]);
		expect(ownerOf(after, 'C3')).toBe(1);
		expect(boxes.scores(after)).toEqual([1, 0]);
		// A unit line does it as well as the long one.
		expect(ownerOf(playing(before, 'C4 D4'), 'C3')).toBe(1);
	});

	test('boxes-boxes-two: one line takes A2 and B2 for BLUE', () => {
		const {before, after} = answered('boxes-boxes-two');
		expect(boxes.toMove(before)).toBe(2);
		expect(boxes.scores(after)).toEqual([0, 2]);
		expect([ownerOf(after, 'A2'), ownerOf(after, 'B2')]).toEqual([2, 2]);
		expect(boxes.toMove(after)).toBe(1);
	});

	test('boxes-turns-take: RED takes A1, then BLUE moves and can take B1', () => {
		const {after} = answered('boxes-turns-take');
		expect(boxes.scores(after)).toEqual([1, 0]);
		expect(ownerOf(after, 'A1')).toBe(1);
		expect(boxes.toMove(after)).toBe(2);
		expect(bestGain(after)).toBe(1);
		expect(ownerOf(playing(after, 'C1 C2'), 'B1')).toBe(2);
	});

	test('boxes-turns-safe: after the answer RED has no box to take; a line in row 1 would hand one over', () => {
		const {before, after} = answered('boxes-turns-safe');
		expect(boxes.toMove(after)).toBe(1);
		expect(bestGain(after)).toBe(0);
		expect(bestGain(playing(before, 'A1 A2'))).toBe(1);
	});

	test('boxes-end-last: the line takes the last three boxes, ends the game, and RED wins 5 to 4', () => {
		const {before, after} = answered('boxes-end-last');
		expect(boxes.scores(before)).toEqual([2, 4]);
		expect(boxes.outcome(after)).toMatchObject({result: 'win', winner: 1});
		expect(boxes.scores(after)).toEqual([5, 4]);
		expect(boxes.legalMoves(after)).toEqual([]);
		// A shorter line leaves the game to BLUE.
		const shorter = playing(before, 'A4 C4');
		expect(boxes.outcome(shorter)).toBeNull();
		expect(boxes.toMove(shorter)).toBe(2);
	});
});
