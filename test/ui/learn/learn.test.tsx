/**
 * The lessons screen (`potm learn`, the menu's "Learn the rules"): the list, a step on the board,
 * a wrong move told why (the step's reason, or the rules engine's), the hint after two misses, `?`
 * for the answer, progress kept in saves/learning.json and read back, a file that does not read
 * set aside with a message, and the way from the last lesson to a first game against level 1.
 * It runs with the test games registered (TEST_GAMES_TESTS in test/tiers.ts).
 */
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterEach, describe, expect, test} from 'vitest';

import {gameById} from '../../../source/games/registry.js';
import {KEYS, removeScratch, scratchDir, start, type Harness} from '../harness.js';

let app: Harness | undefined;

afterEach(() => {
	app?.unmount();
	app = undefined;
	removeScratch();
});

const pahtum = gameById('pahtum')!;
const book = pahtum.lessons!;
const first = book.lessons[0]!.steps[0]!;
const second = book.lessons[0]!.steps[1]!;

/** The panel beside the board, its lines joined: what stands right of the board's column labels (1..7), row by row. */
function panel(frame: string): string {
	const lines = frame.split('\n').slice(1, -2);
	const column = /^\s+(?:\d\s+){6}\d\s+/.exec(lines[0] ?? '')?.[0].length ?? 0;
	return lines
		.map(line => line.slice(column))
		.join(' ')
		.replace(/\s+/g, ' ');
}

/** The learning file's step ids passed in a game. */
function passedIn(savesDir: string, game: string): string[] {
	const data = JSON.parse(readFileSync(join(savesDir, 'learning.json'), 'utf8')) as {lessons: Record<string, {passed: string[]}>};
	return data.lessons[game]?.passed ?? [];
}

describe('the lessons screen', () => {
	test('a step: the task, a wrong legal move told why, an illegal one the rules engine’s reason, the hint after two misses, ? for the answer, then the pass kept in saves/', async () => {
		app = start({start: {screen: 'learn', game: pahtum}});
		let frame = await app.see('Learn PAH-TUM');
		expect(frame).toContain(`0 of ${book.lessons.length} lessons done`);
		expect(frame).toContain(`> [ ] 1. ${book.lessons[0]!.title}`);
		frame = await app.press(KEYS.enter, now => now.includes('step 1 of'));
		expect(panel(frame)).toContain(first.task);
		// A legal square that is not the task's: the step's own reason.
		await app.press('m', now => now.includes('Type a move'));
		await app.type('A1');
		frame = await app.press(KEYS.enter, now => now.includes('No: '));
		expect(panel(frame)).toContain(`No: ${first.wrong}`);
		expect(frame).not.toContain('Hint:');
		// A square taken: the rules engine's reason, and the second miss brings the hint.
		await app.press('m', now => now.includes('Esc cancels: _'));
		await app.type('E4');
		frame = await app.press(KEYS.enter, now => now.includes('Hint:'));
		expect(panel(frame)).toMatch(/No: E4 is taken/);
		expect(panel(frame)).toContain(`Hint: ${first.hint}`);
		expect(existsSync(join(app.savesDir, 'learning.json'))).toBe(false);
		// ? shows the answer.
		frame = await app.press('?', now => now.includes('The answer: C5'));
		// Played on the board with the cursor: from O's home square (the middle) up one, right one.
		await app.press(KEYS.up);
		await app.press(KEYS.right);
		frame = await app.press(KEYS.enter, now => now.includes('Enter: the next step'));
		expect(frame).toContain('OK: ');
		expect(panel(frame)).toContain(`OK: ${first.after}`);
		expect(passedIn(app.savesDir, 'pahtum')).toEqual([first.id]);
		frame = await app.press(KEYS.enter, now => now.includes('step 2 of'));
		expect(panel(frame)).toContain(second.task);
	});

	test('progress is read back: the list shows the steps passed, Enter opens the first step not passed, and the menu row counts the lessons', async () => {
		const savesDir = join(scratchDir(), 'saves');
		mkdirSync(savesDir, {recursive: true});
		const passed = book.lessons[0]!.steps.map(step => step.id);
		writeFileSync(
			join(savesDir, 'learning.json'),
			JSON.stringify({
				format: 'potm-learning',
				version: 1,
				lessons: {pahtum: {passed, finishedAt: {}}},
				puzzles: {},
				personal: {puzzles: [], scanned: []},
			}),
		);
		app = start({savesDir, start: {screen: 'learn', game: pahtum}});
		let frame = await app.see(`1 of ${book.lessons.length} lessons done`);
		expect(frame).toContain(`[x] 1. ${book.lessons[0]!.title}`);
		// The cursor starts on the first lesson not done.
		expect(frame).toContain(`> [ ] 2. ${book.lessons[1]!.title}`);
		frame = await app.press(KEYS.enter, now => now.includes('lesson 2 of'));
		expect(frame).toContain('step 1 of');
		frame = await app.press(KEYS.escape, now => now.includes('lessons done'));
		frame = await app.press(KEYS.escape, now => now.includes('Play against the AI'));
		expect(frame).toContain(`Learn the rules (1 of ${book.lessons.length} lessons)`);
	});

	test('a learning file that does not read is set aside, with a message that names it and the line', async () => {
		const savesDir = join(scratchDir(), 'saves');
		mkdirSync(savesDir, {recursive: true});
		writeFileSync(join(savesDir, 'learning.json'), '{\n  "format": "potm-learning",\n  oops\n}\n');
		app = start({savesDir, start: {screen: 'learn', game: pahtum}});
		const frame = (await app.see('set aside')).replace(/\s+/g, ' ');
		expect(frame).toContain(`${join(savesDir, 'learning.json')} line 3`);
		expect(existsSync(join(savesDir, 'learning.json.bad'))).toBe(true);
		expect(frame).toContain('0 of');
	});

	test('opened from the menu, a learning file that does not read is said there, in the level’s rows', async () => {
		const savesDir = join(scratchDir(), 'saves');
		mkdirSync(savesDir, {recursive: true});
		writeFileSync(join(savesDir, 'learning.json'), '{"format": "potm-learning", "version": 99}\n');
		app = start({savesDir});
		const frame = (await app.see('set aside')).replace(/\s+/g, ' ');
		expect(frame).toContain(join(savesDir, 'learning.json'));
		expect(existsSync(join(savesDir, 'learning.json.bad'))).toBe(true);
		expect(frame).toContain('Learn the rules (0 of');
	});

	test('skipping to the end is not the end: the list says how many steps are still open', async () => {
		const tictactoe = gameById('tictactoe')!;
		app = start({start: {screen: 'learn', game: tictactoe}});
		await app.see('Learn Tic-tac-toe');
		await app.press(KEYS.enter, now => now.includes('step 1 of'));
		await app.press('n', now => now.includes('step 2 of'));
		const frame = await app.press('n', now => now.includes('2 steps still open'));
		expect(frame).not.toContain('That was the last lesson');
	});

	test('← → turn to another game’s lessons, r shows the rules in a few lines; b goes back a step, n skips one without passing it', async () => {
		app = start({start: {screen: 'learn', game: pahtum}});
		await app.see('Learn PAH-TUM');
		let frame = await app.press(KEYS.right, now => !now.includes('Learn PAH-TUM'));
		expect(frame).toMatch(/Learn (LINES and BOXES|Tic-tac-toe|LOAPS|Lines of Action)/);
		frame = await app.press(KEYS.left, now => now.includes('Learn PAH-TUM'));
		// r: the rules in a few lines; any key back.
		frame = await app.press('r', now => now.includes('PAH-TUM: the rules in a few lines'));
		expect(frame.replace(/\s+/g, ' ')).toContain(book.summary[1]!);
		frame = await app.press('x', now => now.includes('Learn PAH-TUM'));
		await app.press(KEYS.enter, now => now.includes('step 1 of'));
		frame = await app.press('n', now => now.includes('step 2 of'));
		frame = await app.press('b', now => now.includes('step 1 of'));
		expect(existsSync(join(app.savesDir, 'learning.json'))).toBe(false);
	});

	test('the last lesson done hands over to a first game against level 1', async () => {
		const tictactoe = gameById('tictactoe')!;
		const steps = tictactoe.lessons!.lessons.flatMap(lesson => lesson.steps);
		app = start({start: {screen: 'learn', game: tictactoe}});
		await app.see('Learn Tic-tac-toe');
		await app.press(KEYS.enter, now => now.includes('step 1 of'));
		for (const [index, step] of steps.entries()) {
			await app.press('m', now => now.includes('Type a move'));
			await app.type(step.pass[0]!);
			await app.press(KEYS.enter, now => now.includes(index === steps.length - 1 ? 'Enter: finish' : 'Enter: the next'));
			await app.press(KEYS.enter);
		}
		let frame = await app.see('That was the last lesson');
		// The rules in a few lines, then a first game with no clock.
		for (const line of tictactoe.lessons!.summary) expect(frame.replace(/\s+/g, ' ')).toContain(line);
		// Esc to the lessons: the first game is still offered there, by p.
		frame = await app.press(KEYS.escape, now => now.includes('lessons done'));
		expect(frame).toContain('All done: p plays a first game against level 1, with no clock.');
		frame = await app.press('p', now => now.includes('level 1'));
		expect(frame).toMatch(/X you vs O level 1 Beginner · no clock/);
	});
});
