/**
 * The puzzles screen (`potm puzzles`, the menu's Puzzles row) on the test's own set of two LOAPS
 * puzzles (test/fixtures/puzzles): the next rated puzzle near the rating, a miss taken back and
 * rated, a solve after a forced reply, the rating and the attempts kept in saves/learning.json,
 * the puzzle of the day, and puzzles from the person's own kept games (a blunder found by the
 * review's look and proved on the engine), which are not rated.
 */
import {readFileSync} from 'node:fs';
import {basename, join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, afterEach, beforeAll, describe, expect, test} from 'vitest';
import {loaps} from '../../../source/games/loa/index.js';
import {dailyIndex, utcDay} from '../../../source/learn/daily.js';
import {parsePuzzles} from '../../../source/learn/puzzle-file.js';
import {keepGame} from '../../../source/files/review-export.js';
import {LocalEngine} from '../../helpers/local-engine.js';
import {racePlayed} from '../../helpers/race.js';
import {KEYS, removeScratch, scratchDir, start, type Harness} from '../harness.js';

// The test's own set, looked for from here on (learn/sets.ts), and the shipped ones after it.
beforeAll(() => {
	process.env['POTM_PUZZLES'] = fileURLToPath(new URL('../../fixtures/puzzles', import.meta.url));
});
afterAll(() => {
	delete process.env['POTM_PUZZLES'];
});

let app: Harness | undefined;

afterEach(() => {
	app?.unmount();
	app = undefined;
	removeScratch();
});

const fixture = fileURLToPath(new URL('../../fixtures/puzzles/loaps.txt', import.meta.url));
const read = parsePuzzles(readFileSync(fixture, 'utf8'), fixture);
if (!read.ok) throw new Error(read.error.message);
const [one, two] = read.value as [(typeof read.value)[0], (typeof read.value)[0]];

interface Kept {
	puzzles: Record<
		string,
		{rating: {rating: number}; attempts: {puzzle: string; solved: boolean}[]; streak: {current: number}; daily: {last: string | null}}
	>;
	personal: {puzzles: {id: string; solution: string[]; source: string}[]; scanned: string[]};
}
const kept = (savesDir: string): Kept => JSON.parse(readFileSync(join(savesDir, 'learning.json'), 'utf8')) as Kept;

/** The panel beside the board, its lines joined: what stands right of the board's column labels, row by row. */
function panel(frame: string): string {
	const lines = frame.split('\n').slice(1, -2);
	const column = /^\s+(?:\S\s+){6,7}\S\s+/.exec(lines[0] ?? '')?.[0].length ?? 0;
	return lines
		.map(line => line.slice(column))
		.join(' ')
		.replace(/\s+/g, ' ');
}

/** Types a move (m, the move, Enter) and waits until the panel says `said`. */
const typed = async (app: Harness, move: string, said: string) => {
	await app.press('m', now => now.includes('Esc cancels: _'));
	await app.type(move);
	return app.press(KEYS.enter, now => panel(now).includes(said));
};

describe('the puzzles screen', () => {
	test('the next rated puzzle: a miss taken back and rated, then solved; the next one after a forced reply; the rating kept', async () => {
		expect(one.rating).toBeLessThan(two.rating);
		app = start({start: {screen: 'puzzles', game: loaps}});
		let frame = await app.see('Next puzzle, rated (2 in the set)');
		expect(frame).toContain('Your rating 1500 ± 700');
		frame = await app.press(KEYS.enter, now => now.includes(`Puzzle ${one.id}`));
		expect(frame).toContain('RED to move: find the best move.');
		// A legal move that is not the answer: taken back, the attempt rated a miss.
		frame = await typed(app, 'f7 g7', 'No: f7 g7 is not it');
		let data = kept(app.savesDir);
		expect(data.puzzles['loaps']!.attempts).toEqual([expect.objectContaining({puzzle: one.id, solved: false})]);
		expect(data.puzzles['loaps']!.rating.rating).toBeLessThan(1500);
		frame = await typed(app, one.solution[0]!, 'Solved, after a miss.');
		expect(frame).toContain('Themes: Connect in 1');
		// The miss's rating change, shown beside the rating it left.
		expect(panel(frame)).toMatch(new RegExp(`your rating ${Math.round(data.puzzles['loaps']!.rating.rating)} \\(−\\d+\\)`));
		expect(kept(app.savesDir).puzzles['loaps']!.attempts).toHaveLength(1);
		// Enter: the one not tried yet, two moves of RED's with BLUE's forced reply between.
		frame = await app.press(KEYS.enter, now => now.includes(`Puzzle ${two.id}`));
		expect(panel(frame)).toContain('RED to move: find the best move (2 moves of yours).');
		expect(panel(frame)).toContain('RED 25 · BLUE 4 points · move 15/50');
		frame = await typed(app, two.solution[0]!, `BLUE answers ${two.solution[1]}: go on.`);
		frame = await typed(app, two.solution[2]!, 'Solved! Enter: the next puzzle');
		data = kept(app.savesDir);
		expect(data.puzzles['loaps']!.attempts.map(attempt => [attempt.puzzle, attempt.solved])).toEqual([
			[one.id, false],
			[two.id, true],
		]);
		expect(data.puzzles['loaps']!.streak.current).toBe(1);
		// Back in the hub the rating shown is the one kept.
		frame = await app.press(KEYS.escape, now => now.includes('Next puzzle, rated'));
		expect(frame).toContain(`Your rating ${Math.round(data.puzzles['loaps']!.rating.rating)} ±`);
		expect(frame).toContain('2 tried');
	});

	test('the puzzle of the day is the date’s; solved, its row says so and the day is counted', async () => {
		const today = utcDay(new Date());
		const daily = read.value[dailyIndex('loaps', today, read.value.length)]!;
		app = start({start: {screen: 'puzzles', game: loaps}});
		await app.see('Next puzzle, rated');
		await app.press(KEYS.down);
		await app.press(KEYS.down, now => now.includes(`> Puzzle of the day, ${today}`));
		let frame = await app.press(KEYS.enter, now => now.includes(`Puzzle ${daily.id}`));
		expect(frame).toContain(`puzzle of the day ${today}`);
		for (const [index, move] of daily.solution.entries()) {
			if (index % 2 === 1) continue;
			frame = await typed(app, move, index === daily.solution.length - 1 ? 'Solved!' : 'go on.');
		}
		frame = await app.press(KEYS.enter, now => now.includes('Puzzle of the day') && now.includes('[solved]'));
		const once = kept(app.savesDir).puzzles['loaps']!;
		expect(once.daily.last).toBe(today);
		expect(once.attempts).toHaveLength(1);
		// Solved again: tried before, so not rated again (the rating and the attempts as they were).
		frame = await app.press(KEYS.enter, now => now.includes(`Puzzle ${daily.id}`));
		for (const [index, move] of daily.solution.entries()) {
			if (index % 2 === 1) continue;
			frame = await typed(app, move, index === daily.solution.length - 1 ? 'Solved!' : 'go on.');
		}
		const twice = kept(app.savesDir).puzzles['loaps']!;
		expect(twice.attempts).toHaveLength(1);
		expect(twice.rating).toEqual(once.rating);
	});

	test('a theme chosen on the command line is the Theme row’s; Enter there starts one of it, named; a theme with none says so', async () => {
		app = start({start: {screen: 'puzzles', game: loaps, theme: 'connect-in-2'}});
		let frame = await app.see('Theme    < Connect in 2 >');
		expect(frame).toContain('Next puzzle, rated (1 in the theme)');
		await app.press(KEYS.down, now => now.includes('> Theme'));
		frame = await app.press(KEYS.enter, now => now.includes(`Puzzle ${two.id}`));
		expect(frame).toContain('LOAPS · rated · Connect in 2');
		await app.press(KEYS.escape, now => now.includes('Next puzzle, rated'));
		for (let turn = 0; turn < 8 && !frame.includes('< Block the connection >'); turn++) frame = await app.press(KEYS.right);
		expect(frame).toContain('< Block the connection >');
		expect(frame).toContain('(0 in the theme)');
		frame = await app.press(KEYS.enter, now => now.includes('No puzzle in this theme.'));
	});

	test('puzzles from your own games: a kept game’s blunder found by the review’s look, proved on the engine, played unrated', async () => {
		const savesDir = join(scratchDir(), 'saves');
		// BLUE (you) played e4 d4, a blunder: only a3 d3 won, and RED connected with d1 e1.
		const {line, moves} = racePlayed('e4 d4', 'd1 e1');
		const game = keepGame({game: loaps, line, moves, ended: null, players: ['potm level 3 Club', 'you']}, savesDir, new Date());
		if (!game.ok) throw new Error(game.error);
		const engine = Object.assign(new LocalEngine(), {stop: async () => null, clear: () => undefined});
		app = start({start: {screen: 'puzzles', game: loaps}, engine, savesDir});
		await app.see('Next puzzle, rated');
		for (let row = 0; row < 3; row++) await app.press(KEYS.down);
		let frame = await app.see(/> Puzzles from your games: 0 found, 1 kept game to look through \(Enter\)/);
		frame = await app.press(KEYS.enter, now => now.includes('Looked through 1 game: 1 blunder of yours, 1 of them a puzzle.'));
		expect(frame).toMatch(/> Puzzles from your games: 1 found/);
		const data = kept(savesDir);
		expect(data.personal.scanned).toEqual([basename(game.value)]);
		expect(data.personal.puzzles).toEqual([
			expect.objectContaining({solution: ['a3 d3'], source: expect.stringContaining('(you played e4 d4)') as string}),
		]);
		frame = await app.press(KEYS.enter, now => now.includes('from your games (not rated)'));
		frame = await typed(app, 'a3 d3', 'Solved!');
		// Practice: no rating moved, no attempt kept.
		expect(kept(savesDir).puzzles['loaps']).toBeUndefined();
		// Looked through once only.
		frame = await app.press(KEYS.escape, now => now.includes('Next puzzle, rated'));
		expect(frame).not.toContain('to look through');
	});
});
