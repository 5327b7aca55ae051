/**
 * Every game's lessons, checked from their data: each section of the game's rules page is taught
 * by a step (or said not to be a ruling, with why); every step's position reads; every step
 * passes with its own answers and refuses a wrong move, legal or not, with a message. A new step
 * gets these tests by being written.
 * It runs with the test games registered (TEST_GAMES_TESTS in test/tiers.ts).
 */
import {readFileSync} from 'node:fs';
import {describe, expect, test} from 'vitest';

import {games} from '../../source/games/registry.js';
import {judgeMove, judgeTyped, passingMoves, stepGame, stepPosition, stepsOf} from '../../source/learn/lesson.js';
import {movesBeginning} from '../../source/ui/boards/pointer.js';

/** The numbered sections of a docs page: "§3" -> its title. */
function sectionsOf(page: string): Map<string, string> {
	const sections = new Map<string, string>();
	for (const line of readFileSync(new URL(`../../${page}`, import.meta.url), 'utf8').split('\n')) {
		const heading = /^## (§\d+) (.+)$/.exec(line);
		if (heading) sections.set(heading[1]!, heading[2]!);
	}
	return sections;
}

const taught = games.filter(game => game.lessons !== undefined);

test('the four games and the test game have lessons (classic LOA and its mover-wins ruling share one book)', () => {
	expect(taught.map(game => game.id).sort()).toEqual(['boxes', 'loa', 'loa-mover', 'loaps', 'pahtum', 'tictactoe']);
});

describe.each(taught.map(game => [game.id, game] as const))('%s', (_id, game) => {
	const book = game.lessons!;
	const sections = sectionsOf(book.page);
	const steps = stepsOf(book);

	test('every section of its rules page is taught by a step, or is said not to be a ruling', () => {
		expect(sections.size).toBeGreaterThan(2);
		const teaching = new Set(steps.flatMap(({data}) => data.teaches));
		for (const [section, title] of sections) {
			const why = book.notRulings[section];
			if (why !== undefined) expect(why.length, `${section} ${title}`).toBeGreaterThan(5);
			else expect(teaching.has(section), `${book.page} ${section} ${title} has no step`).toBe(true);
		}
		for (const section of [...teaching, ...Object.keys(book.notRulings)])
			expect(sections.has(section), `${section} is not in ${book.page}`).toBe(true);
	});

	test('the rules in a few lines, for the end of the last lesson: each a sentence or two', () => {
		expect(book.summary.length).toBeGreaterThan(1);
		for (const line of book.summary) expect(line.length, line).toBeGreaterThan(20);
		for (const line of book.summary) expect(line.length, line).toBeLessThanOrEqual(240);
	});

	test('step and lesson ids are unique, and each lesson has steps', () => {
		const ids = steps.map(({data}) => data.id);
		expect(new Set(ids).size).toBe(ids.length);
		const lessonIds = book.lessons.map(lesson => lesson.id);
		expect(new Set(lessonIds).size).toBe(lessonIds.length);
		for (const lesson of book.lessons) expect(lesson.steps.length, lesson.id).toBeGreaterThan(0);
	});

	describe.each(steps.map(({data}) => [data.id, data] as const))('step %s', (_step, step) => {
		const played = stepGame(game, step);
		const position = stepPosition(game, step);

		test('its position reads, and the game is not over in it', () => {
			expect(position.ok ? '' : position.error).toBe('');
			if (position.ok) expect(played.outcome(position.value)).toBeNull();
		});

		test('it says what to do in a sentence or two, with a hint and what it showed', () => {
			expect(step.task.length).toBeGreaterThan(10);
			expect(step.task.length).toBeLessThanOrEqual(240);
			expect(step.hint.length).toBeGreaterThan(5);
			expect(step.after.length).toBeGreaterThan(5);
			expect(step.wrong.length).toBeGreaterThan(5);
			expect(step.teaches.length).toBeGreaterThan(0);
		});

		test('each of its answers is legal and passes', () => {
			if (!position.ok) return expect.fail(position.error);
			const state = position.value;
			expect(step.pass.length).toBeGreaterThan(0);
			for (const text of step.pass) {
				const parsed = played.parseMove(state, text);
				expect(parsed.ok ? played.formatMove(state, parsed.value) : parsed.error, text).toBe(text);
				expect(judgeTyped(played, state, step, text)).toEqual({kind: 'pass', message: step.after});
			}
			expect(passingMoves(played, state, step).length).toBe(step.pass.length);
		});

		test('a legal move that is not an answer gets the step’s reason, and an illegal one the rules engine’s', () => {
			if (!position.ok) return expect.fail(position.error);
			const state = position.value;
			const answers = passingMoves(played, state, step);
			const legal = played.legalMoves(state);
			const others = legal.filter(move => !answers.includes(move));
			// A step every move passes teaches nothing, unless its one legal move is the lesson (a forced pass).
			expect(others.length > 0 || legal.length === 1, 'some legal move fails the task').toBe(true);
			for (const move of others) expect(judgeMove(played, state, step, move)).toEqual({kind: 'wrong', message: step.wrong});
			// A point where no move begins: picking it is refused, with the game's reason.
			const view = played.board(state);
			const points = Array.from({length: view.rows * view.columns}, (_, index) =>
				view.squareAt(Math.floor(index / view.columns), index % view.columns),
			);
			const dead = points.find(point => movesBeginning(played, state, [point]).length === 0);
			if (dead !== undefined) expect(played.explainPick(state, [dead]).length).toBeGreaterThan(5);
			const illegal = judgeTyped(played, state, step, 'zz99');
			expect(illegal.kind).toBe('illegal');
			expect(illegal.message.length).toBeGreaterThan(5);
			// A move well written but not legal here (one of the start's, or of the position a move on): the engine's reason.
			const elsewhere = [played.initial(), ...legal.slice(0, 3).map(move => played.play(state, move))].flatMap(other =>
				played.legalMoves(other).map(move => played.formatMove(other, move)),
			);
			const written = elsewhere.find(text => {
				const parsed = played.parseMove(state, text);
				return !parsed.ok || !legal.includes(parsed.value);
			});
			if (written !== undefined) {
				const told = judgeTyped(played, state, step, written);
				expect(told.kind, written).toBe('illegal');
				expect(told.message, written).not.toBe(step.wrong);
				expect(told.message.length).toBeGreaterThan(5);
			}
		});
	});
});
