/**
 * The puzzles screen's reducer and the solving rules, on puzzles made here: a right move brings
 * the forced reply, a wrong one is taken back and rates the attempt a miss (once), `?` shows the
 * answer and counts as a miss, a solve rates it solved, another move that wins on the spot counts,
 * and the next puzzle is chosen near the person's rating from those not tried.
 */
import {readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {describe, expect, test} from 'vitest';
import {loaps} from '../../../source/games/loa/index.js';
import type {LoaState} from '../../../source/games/loa/rules.js';
import {nextAnswer, puzzleBoard, tryMove} from '../../../source/learn/solve.js';
import type {Puzzle} from '../../../source/learn/puzzle.js';
import {parsePuzzles} from '../../../source/learn/puzzle-file.js';
import type {Standing} from '../../../source/learn/standing.js';
import {dailyIndex} from '../../../source/learn/daily.js';
import {
	nextPuzzle,
	puzzlesReducer,
	puzzlesState,
	type PuzzlesAction,
	type PuzzlesEffect,
	type PuzzlesState,
} from '../../../source/ui/learn/puzzles-state.js';

const step = loaps.lessons!.lessons.flatMap(lesson => lesson.steps).find(one => one.id === 'loaps-connect-now')!;

/** A puzzle of the position `position`, with `solution`, made for the test. */
const puzzle = (id: string, position: string, solution: string[], rating = 1500): Puzzle => ({
	id,
	game: 'loaps',
	position,
	solution,
	themes: ['connect-in-1'],
	rating,
	proof: 'proof',
	source: 'made for the test',
});

/** Three plies from the start: RED's, BLUE's reply and RED's again (not a real puzzle: the reducer takes the set as proved). */
function threePlies(): Puzzle {
	let state = loaps.initial();
	const start = loaps.format(state);
	const moves: string[] = [];
	for (let ply = 0; ply < 3; ply++) {
		const move = loaps.legalMoves(state)[ply === 1 ? 0 : 2]!;
		moves.push(loaps.formatMove(state, move));
		state = loaps.play(state, move);
	}
	return puzzle('three', start, moves);
}

const standing: Standing = {
	rating: 1500,
	deviation: 350,
	streak: 0,
	bestStreak: 0,
	tried: new Set(),
	lastTried: new Map(),
	dailyDone: false,
	dayStreak: 0,
	mine: [],
	unscanned: 0,
};

function run(state: PuzzlesState, ...keys: string[]): {state: PuzzlesState; effects: PuzzlesEffect[]} {
	const effects: PuzzlesEffect[] = [];
	for (const name of keys) {
		const action: PuzzlesAction = {type: 'key', name};
		const next = puzzlesReducer(state, action);
		state = next.state;
		effects.push(...next.effects);
	}
	return {state, effects};
}

/** The hub with `set` loaded. */
function hub(set: Puzzle[]): PuzzlesState {
	return puzzlesReducer(puzzlesState(loaps, [loaps], standing, '2026-11-28'), {
		type: 'loaded',
		game: loaps,
		set,
		standing,
		problem: null,
		today: '2026-11-28',
	}).state;
}

const typed = (move: string) => ['m', ...move, 'enter'];

describe('solving', () => {
	test('the answer wins; another move is wrong and taken back; a puzzle of three plies plays the reply after a right move', () => {
		const connect = puzzleBoard(puzzle('connect', step.position, ['a2 d5']));
		if (!connect.ok) throw new Error(connect.error);
		const parse = (text: string) => {
			const parsed = loaps.parseMove(connect.value.line[0] as LoaState, text);
			if (!parsed.ok) throw new Error(parsed.error);
			return parsed.value;
		};
		const wrong = tryMove(
			connect.value,
			loaps.legalMoves(connect.value.line[0] as LoaState).find(move => move !== parse('a2 d5'))!,
		);
		expect(wrong.verdict).toBe('wrong');
		expect(wrong.board.line).toHaveLength(1);
		expect(wrong.board.misses).toBe(1);
		expect(tryMove(wrong.board, parse('a2 d5'))).toMatchObject({verdict: 'solved', board: {status: 'solved', misses: 1}});

		const three = puzzleBoard(threePlies());
		if (!three.ok) throw new Error(three.error);
		const first = tryMove(three.value, three.value.solution[0]!);
		expect(first.verdict).toBe('right');
		expect(first.reply).toBe(threePlies().solution[1]);
		expect(first.board.moves).toEqual(three.value.solution.slice(0, 2));
		expect(nextAnswer(first.board)).toBe(three.value.solution[2]);
		expect(tryMove(first.board, three.value.solution[2]!).verdict).toBe('solved');
	});

	test('past the first move of a forced win, another move that still wins in time is right too, and the longest-holding reply comes (loaps-0106)', () => {
		const text = readFileSync(fileURLToPath(new URL('../../../puzzles/loaps.txt', import.meta.url)), 'utf8');
		const set = parsePuzzles(text, 'puzzles/loaps.txt');
		if (!set.ok) throw new Error(set.error.message);
		const stored = set.value.find(one => one.id === 'loaps-0106')!;
		expect(stored.solution).toHaveLength(5);
		const board = puzzleBoard(stored);
		if (!board.ok) throw new Error(board.error);
		const first = tryMove(board.value, board.value.solution[0]!);
		expect(first.verdict).toBe('right');
		const position = first.board.line.at(-1) as LoaState;
		const other = loaps.parseMove(position, 'c1 c3');
		if (!other.ok) throw new Error(other.error);
		expect(other.value).not.toBe(board.value.solution[2]);
		const second = tryMove(first.board, other.value);
		expect(second.verdict).toBe('right');
		expect(second.reply).not.toBeNull();
		// The line goes on from the move played: its next answer wins at once.
		const answer = nextAnswer(second.board)!;
		const last = tryMove(second.board, answer);
		expect(last.verdict).toBe('solved');
		expect(loaps.outcome(last.board.line.at(-1) as LoaState)?.winner).toBe(1);
		// A move that does not still win is wrong, as before.
		const idle = loaps.legalMoves(position).find(move => tryMove(first.board, move).verdict === 'wrong');
		expect(idle).toBeDefined();
	});

	test('a puzzle whose solution is not legal is refused with its id', () => {
		const bad = puzzleBoard(puzzle('bad', step.position, ['a2 a7']));
		expect(bad.ok ? '' : bad.error).toBe("puzzle bad: its solution's a2 a7 is not a legal move");
	});
});

describe('the reducer', () => {
	test('a miss rates the attempt once (unsolved), the later solve does not rate it again; Enter brings the next', () => {
		const set = [puzzle('connect', step.position, ['a2 d5']), puzzle('other', step.position, ['a2 d5'], 1600)];
		let {state, effects} = run(hub(set), 'enter');
		expect(state.mode).toBe('puzzle');
		expect(state.board!.puzzle.id).toBe('connect');
		({state, effects} = run(state, ...typed('e6 c6')));
		expect(state.status).toMatchObject({mark: 'miss', text: 'e6 c6 is not it: look again (? shows the answer)'});
		expect(effects).toEqual([{kind: 'record', game: loaps, puzzle: set[0], solved: false, rated: true, daily: false, day: '2026-11-28'}]);
		({state, effects} = run(state, ...typed('a2 d5')));
		expect(state.status).toMatchObject({mark: 'pass', text: 'Solved, after a miss. Enter: the next puzzle'});
		expect(effects).toEqual([]);
		// The screen records the attempt and hands back the standing: the next is one not tried.
		state = puzzlesReducer(state, {type: 'recorded', standing: {...standing, tried: new Set(['connect'])}, problem: null}).state;
		({state} = run(state, 'enter'));
		expect(state.board!.puzzle.id).toBe('other');
	});

	test('solved at once, it is rated solved; ? shows the answer and rates a miss', () => {
		const set = [puzzle('connect', step.position, ['a2 d5'])];
		let {state, effects} = run(hub(set), 'enter', ...typed('a2 d5'));
		expect(effects).toEqual([{kind: 'record', game: loaps, puzzle: set[0], solved: true, rated: true, daily: false, day: '2026-11-28'}]);
		expect(state.status.text).toBe('Solved! Enter: the next puzzle');
		({state, effects} = run(hub(set), 'enter', '?'));
		expect(state.status.text).toBe('The answer: a2 d5 (marked on the board)');
		expect(state.answer).toBe(true);
		expect(effects).toEqual([{kind: 'record', game: loaps, puzzle: set[0], solved: false, rated: true, daily: false, day: '2026-11-28'}]);
	});

	test('n skips: the puzzle rated a miss (once) and the next one opened, not the same again', () => {
		const set = [puzzle('connect', step.position, ['a2 d5']), puzzle('other', step.position, ['a2 d5'], 1600)];
		const {state, effects} = run(hub(set), 'enter', 'n');
		expect(effects).toEqual([expect.objectContaining({kind: 'record', puzzle: set[0], solved: false})]);
		expect(state.board!.puzzle.id).toBe('other');
	});

	test('with no set read, Enter says why (its file and line); the Game row with no other game stays', () => {
		const empty = puzzlesReducer(puzzlesState(loaps, [], standing, '2026-11-28'), {
			type: 'loaded',
			game: loaps,
			set: [],
			standing,
			problem: 'puzzles/loaps.txt line 3: unknown key "oops"',
			today: '2026-11-28',
		}).state;
		expect(run(empty, 'enter').state.status.text).toBe('puzzles/loaps.txt line 3: unknown key "oops"');
		expect(run(empty, 'up', 'right')).toMatchObject({effects: []});
	});

	test('the puzzle of the day is the date’s and its attempt says so; the Theme row filters; Esc goes back to the hub, then to the menu', () => {
		const set = Array.from({length: 30}, (_, index) => ({
			...puzzle(`p${index}`, step.position, ['a2 d5']),
			themes: [index % 2 ? 'block' : 'connect-in-1'],
		}));
		const daily = run(hub(set), 'down', 'down', 'enter');
		expect(daily.state.board!.puzzle.id).toBe(set[dailyIndex('loaps', '2026-11-28', set.length)]!.id);
		// Solved, the attempt says it was the day's puzzle, of that day.
		const solved = run(daily.state, ...typed('a2 d5'));
		expect(solved.effects).toEqual([expect.objectContaining({kind: 'record', solved: true, rated: true, daily: true, day: '2026-11-28'})]);
		// Theme: the row after Next; → turns to the first theme, connect-in-1.
		let {state} = run(hub(set), 'down', 'right');
		expect(state.theme).toBe('connect-in-1');
		({state} = run(state, 'up', 'enter'));
		expect(state.board!.puzzle.themes).toEqual(['connect-in-1']);
		({state} = run(state, 'escape'));
		expect(state.mode).toBe('hub');
		const left = run(state, 'escape');
		expect(left.effects).toEqual([{kind: 'menu', game: loaps}]);
	});
});

describe('the next puzzle', () => {
	const set = [1000, 1200, 1450, 1550, 1900, 2400].map(rating => puzzle(`r${rating}`, step.position, ['a2 d5'], rating));
	const tried = (...ids: string[]) => ({tried: new Set(ids), lastTried: new Map(ids.map((id, index) => [id, index] as const))});

	test('of those not tried, one within 200 of the rating; the window widens when none is', () => {
		expect(['r1450', 'r1550']).toContain(nextPuzzle(set, '', 1500, tried())!.id);
		expect(nextPuzzle(set, '', 1500, tried('r1450', 'r1550'))!.id).toMatch(/^r(1200|1900)$/);
		expect(nextPuzzle(set, '', 3000, tried())!.id).toBe('r2400');
	});

	test('when all are tried, the least recently tried; the one just left is never next; a theme with none gives none', () => {
		expect(nextPuzzle(set, '', 1500, tried('r1900', 'r1000', 'r2400', 'r1200', 'r1550', 'r1450'))!.id).toBe('r1900');
		expect(nextPuzzle(set, '', 1500, tried('r1900', 'r1000', 'r2400', 'r1200', 'r1550', 'r1450'), 'r1900')!.id).toBe('r1000');
		expect(nextPuzzle([set[0]!], '', 1500, tried(), 'r1000')).toBeNull();
		expect(nextPuzzle(set, 'block', 1500, tried())).toBeNull();
	});
});
