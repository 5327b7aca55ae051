/**
 * What a person keeps of their learning (source/learn/store.ts): the file read back as written,
 * a file that does not read set aside whole (never patched up, never written over) with a note
 * naming it, writes that fail leaving the old file, and the pure updaters. Every test works in a
 * fresh temporary folder of its own.
 */
import {spawn, spawnSync} from 'node:child_process';
import {
	chmodSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	renameSync,
	rmSync,
	statSync,
	writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterEach, beforeAll, beforeEach, describe, expect, test} from 'vitest';
import type {LessonBook, LessonStep} from '../../source/games/learning.js';
import {dailyIndex} from '../../source/learn/daily.js';
import {attempt, builtPuzzleRating, NEW_RATING} from '../../source/learn/glicko2.js';
import type {Puzzle} from '../../source/learn/puzzle.js';
import {
	addPersonal,
	dailyStreakOn,
	finishLesson,
	freshLearning,
	isDailyPuzzle,
	learningText,
	lessonProgress,
	loadLearning,
	MAX_ATTEMPTS,
	passedSteps,
	passStep,
	puzzleRatingOf,
	puzzleRecordOf,
	recordAttempt,
	saveLearning,
	setAside,
	type Learning,
} from '../../source/learn/store.js';
import {bundled} from '../helpers/ts-worker.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The store module as one plain JavaScript file, for the child processes of the tests below,
 * bundled once (ts-worker.ts): with `--import tsx` each child compiled the module and all it
 * imports again, four times what it then spent on its test.
 */
let storeModule: string;

beforeAll(() => {
	storeModule = bundled(new URL('../../source/learn/store.ts', import.meta.url));
});

let dir: string;
let file: string;

beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'potm-learning-'));
	file = join(dir, 'learning.json');
});

afterEach(() => {
	// A test may have made the folder read-only; removing it needs write permission back.
	chmodSync(dir, 0o755);
	rmSync(dir, {recursive: true, force: true});
});

const puzzle = (id: string, rating = 1500): Puzzle => ({
	id,
	game: 'loaps',
	position: 'the position\n',
	solution: ['b1 d3'],
	themes: ['connect-1'],
	rating,
	proof: 'solver',
	source: 'level 3 v greedy, seed 17, move 23',
});

const step = (id: string): LessonStep => ({id, position: '', task: '', pass: ['a1'], wrong: '', hint: '', after: '', teaches: ['§1']});

const book: LessonBook = {
	page: 'docs/loaps.md',
	notRulings: {},
	summary: [],
	lessons: [
		{id: 'moving', title: 'Moving', steps: [step('move-1'), step('move-2')]},
		{id: 'capturing', title: 'Capturing', steps: [step('capture-1')]},
		{id: 'winning', title: 'Winning', steps: [step('win-1'), step('win-2'), step('win-3')]},
	],
};

const NOW = new Date('2026-11-21T15:30:00.000Z');

/** Data with something of everything in it. */
function someLearning(): Learning {
	let data = freshLearning();
	data = passStep(data, 'loaps', 'move-1');
	data = passStep(data, 'loaps', 'move-2');
	data = finishLesson(data, 'loaps', 'moving', NOW);
	data = passStep(data, 'pahtum', 'row-1');
	data = recordAttempt(data, 'loaps', puzzle('loaps-0001', 1400), true, NOW);
	data = recordAttempt(data, 'loaps', puzzle('loaps-0002', 1700), false, new Date('2026-11-21T15:31:00.000Z'), {daily: true});
	data = recordAttempt(data, 'loaps', puzzle('loaps-0003', 1600), true, new Date('2026-11-21T15:32:00.000Z'), {daily: true});
	data = addPersonal(data, [{...puzzle('mine-1a2b'), source: 'your game of 2026-11-20, move 14'}], ['2026-11-20-1530-loaps.game.txt']);
	return data;
}

/** The file's entries, sorted: what a failed write or a set-aside left. */
const contents = (): string[] => readdirSync(dir).sort();

describe('loadLearning and saveLearning', () => {
	test('the data comes back as it was written, and the file says what it is', () => {
		const data = someLearning();
		expect(saveLearning(dir, data)).toBeNull();
		expect(loadLearning(dir)).toEqual({data, note: null});
		const written = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
		expect(written['format']).toBe('potm-learning');
		expect(written['version']).toBe(1);
		// Only the file: no temporary left behind.
		expect(contents()).toEqual(['learning.json']);
	});

	test('no file gives fresh data and no note; nor does a folder that is not there yet', () => {
		expect(loadLearning(dir)).toEqual({data: freshLearning(), note: null});
		expect(loadLearning(join(dir, 'not', 'yet'))).toEqual({data: freshLearning(), note: null});
		expect(contents()).toEqual([]);
	});

	test('the folder is made when it is not there, as saves make it', () => {
		const saves = join(dir, 'deeper', 'saves');
		expect(saveLearning(saves, someLearning())).toBeNull();
		expect(loadLearning(saves).data).toEqual(someLearning());
	});

	test('a name such as "__proto__" or "constructor" is only a name', () => {
		let data = passStep(freshLearning(), '__proto__', 'step');
		data = passStep(data, 'constructor', 'other');
		data = recordAttempt(data, 'loaps', puzzle('__proto__'), true, NOW);
		expect(saveLearning(dir, data)).toBeNull();
		const loaded = loadLearning(dir);
		expect(loaded.note).toBeNull();
		expect([...passedSteps(loaded.data, '__proto__')]).toEqual(['step']);
		expect([...passedSteps(loaded.data, 'constructor')]).toEqual(['other']);
		expect([...passedSteps(loaded.data, 'toString')]).toEqual([]);
		expect(Object.getPrototypeOf(loaded.data.lessons)).toBe(Object.prototype);
		expect(puzzleRatingOf(loaded.data, 'loaps', puzzle('__proto__'))).toEqual(puzzleRatingOf(data, 'loaps', puzzle('__proto__')));
	});

	test('a file that is not JSON is set aside whole, and the note names the file, the line and the problem', () => {
		const text = '{\n\t"format": "potm-learning",\n\t"version": 1\n\t"lessons": {}\n}\n';
		writeFileSync(file, text);
		const {data, note} = loadLearning(dir);
		expect(data).toEqual(freshLearning());
		expect(note).toMatch(new RegExp(`^${file}(?: line 4)?: not valid JSON: [^\\n]+ — set aside as ${file}\\.bad; progress starts afresh$`));
		// V8 gives the position in every message it has for this mistake.
		expect(note).toContain(`${file} line 4:`);
		expect(note).not.toContain('"format"');
		expect(contents()).toEqual(['learning.json.bad']);
		expect(readFileSync(`${file}.bad`, 'utf8')).toBe(text);
		// Then progress starts afresh: the next load finds nothing, and a save writes a new file.
		expect(loadLearning(dir)).toEqual({data: freshLearning(), note: null});
		expect(saveLearning(dir, someLearning())).toBeNull();
		expect(contents()).toEqual(['learning.json', 'learning.json.bad']);
	});

	test('a file of another version is set aside, and the note says which version', () => {
		const text = learningText(someLearning()).replace('"version": 1', '"version": 2');
		writeFileSync(file, text);
		const {data, note} = loadLearning(dir);
		expect(data).toEqual(freshLearning());
		expect(note).toBe(`${file}: version 2, and this potm reads version 1 — set aside as ${file}.bad; progress starts afresh`);
		expect(readFileSync(`${file}.bad`, 'utf8')).toBe(text);
	});

	test('another file altogether, or an empty one, is set aside', () => {
		writeFileSync(file, '{"format": "potm-history", "version": 1}');
		expect(loadLearning(dir).note).toBe(
			`${file}: not a learning file: expected "format": "potm-learning" — set aside as ${file}.bad; progress starts afresh`,
		);
		writeFileSync(file, '');
		expect(loadLearning(dir).note).toMatch(new RegExp(`^${file}: not valid JSON: .+ — set aside as ${file}\\.bad-2;`));
		writeFileSync(file, '[]');
		expect(loadLearning(dir).note).toContain(': not a learning file: expected a JSON object — set aside as');
	});

	/** How a test breaks the file: a field set to a value, removed, or given one more entry. */
	type Change = {readonly set: unknown} | {readonly remove: true} | {readonly push: unknown};

	/** The text of someLearning with the field at `path` changed. */
	function edited(path: readonly (string | number)[], change: Change): string {
		const json = JSON.parse(learningText(someLearning())) as unknown;
		const parent = path.slice(0, -1).reduce<unknown>((value, key) => (value as Record<string | number, unknown>)[key], json) as Record<
			string | number,
			unknown
		>;
		const last = path.at(-1)!;
		if ('set' in change) parent[last] = change.set;
		else if ('remove' in change) delete parent[last];
		else (parent[last] as unknown[]).push(change.push);
		return JSON.stringify(json, null, '\t');
	}

	const anAttempt = puzzleRecordOf(someLearning(), 'loaps').attempts[0];
	const aPuzzle = someLearning().personal.puzzles[0];

	test.each<[string, (string | number)[], Change, string]>([
		[
			'a rating out of range',
			['puzzles', 'loaps', 'rating', 'deviation'],
			{set: -5},
			'puzzles.loaps.rating.deviation must be a number from 0 (not included) to 350, not -5',
		],
		[
			'a rating that is a string',
			['puzzles', 'loaps', 'rating', 'rating'],
			{set: '1500'},
			'puzzles.loaps.rating.rating must be a number from 400 to 4000, not "1500"',
		],
		[
			'a streak longer than the best',
			['puzzles', 'loaps', 'streak'],
			{set: {current: 5, best: 2}},
			'puzzles.loaps.streak: the current streak (5) is longer than the best (2)',
		],
		[
			'a count that is not whole',
			['puzzles', 'loaps', 'daily', 'best'],
			{set: 1.5},
			'puzzles.loaps.daily.best must be a whole number, 0 or more, not 1.5',
		],
		[
			'a broken attempt',
			['puzzles', 'loaps', 'attempts', 1, 'solved'],
			{set: 'yes'},
			'puzzles.loaps.attempts[1].solved must be true or false, not "yes"',
		],
		['an attempt without its date', ['puzzles', 'loaps', 'attempts', 0, 'date'], {remove: true}, 'puzzles.loaps.attempts[0] has no "date"'],
		[
			'a date that is none',
			['puzzles', 'loaps', 'attempts', 2, 'date'],
			{set: '2026-11-31T10:00:00Z'},
			'puzzles.loaps.attempts[2].date must be a date such as',
		],
		[
			'a daily streak on a day that is none',
			['puzzles', 'loaps', 'daily', 'last'],
			{set: '21/11/2026'},
			'puzzles.loaps.daily.last must be a day such as "2026-11-21", not "21/11/2026"',
		],
		[
			'more attempts than are kept',
			['puzzles', 'loaps', 'attempts'],
			{set: Array.from({length: 501}, () => anAttempt)},
			'puzzles.loaps.attempts has 501 entries, more than the 500 kept',
		],
		['a step passed twice', ['lessons', 'loaps', 'passed'], {push: 'move-1'}, 'lessons.loaps.passed[2]: "move-1" is listed twice'],
		[
			'a step that is not a name',
			['lessons', 'pahtum', 'passed'],
			{push: 7},
			'lessons.pahtum.passed[1] must be a name (a string of one line), not 7',
		],
		[
			'a finish that is not a date',
			['lessons', 'loaps', 'finishedAt', 'moving'],
			{set: true},
			'lessons.loaps.finishedAt.moving must be a date such as',
		],
		['a misspelt field', ['puzzles', 'loaps', 'strek'], {set: {current: 0, best: 0}}, 'puzzles.loaps.strek is not a field potm knows'],
		['a field missing at the top', ['personal'], {remove: true}, 'the file has no "personal"'],
		[
			'a puzzle of an unknown proof',
			['personal', 'puzzles', 0, 'proof'],
			{set: 'hunch'},
			'personal.puzzles[0].proof must be one of "solver", "proof", "search", not "hunch"',
		],
		[
			'a puzzle without a solution',
			['personal', 'puzzles', 0, 'solution'],
			{set: []},
			'personal.puzzles[0].solution must hold at least one move',
		],
		[
			'two puzzles of one id',
			['personal', 'puzzles'],
			{push: aPuzzle},
			'personal.puzzles[1]: the id "mine-1a2b" is taken by an earlier puzzle',
		],
		['a game of no name', ['lessons', ''], {set: {passed: [], finishedAt: {}}}, 'lessons[""] (its name) must be a name'],
		['lessons that are a list', ['lessons'], {set: []}, 'lessons must be an object, not []'],
	])('%s: the whole file is set aside, and the note names the field', (_name, path, change, message) => {
		const text = edited(path, change);
		writeFileSync(file, text);
		const {data, note} = loadLearning(dir);
		expect(data).toEqual(freshLearning());
		expect(note).toContain(`${file}: ${message}`);
		expect(note).toMatch(new RegExp(` — set aside as ${file}\\.bad; progress starts afresh$`));
		expect(note).not.toContain('\n');
		expect(readFileSync(`${file}.bad`, 'utf8')).toBe(text);
		expect(existsSync(file)).toBe(false);
	});

	test('bytes that are not UTF-8 text are set aside', () => {
		writeFileSync(file, Buffer.from([0x7b, 0xff, 0xfe, 0x7d]));
		expect(loadLearning(dir).note).toBe(
			`${file}: not a text file (bytes that are not UTF-8 text) — set aside as ${file}.bad; progress starts afresh`,
		);
	});

	test('a byte order mark, as some editors write first, is no problem', () => {
		writeFileSync(file, `\uFEFF${learningText(someLearning())}`);
		expect(loadLearning(dir)).toEqual({data: someLearning(), note: null});
	});

	test('a folder of that name is set aside as well, so that progress can be saved again', () => {
		mkdirSync(file);
		writeFileSync(join(file, 'inside.txt'), 'kept');
		expect(loadLearning(dir).note).toBe(`${file}: not a file: a folder — set aside as ${file}.bad; progress starts afresh`);
		expect(readFileSync(join(`${file}.bad`, 'inside.txt'), 'utf8')).toBe('kept');
		expect(saveLearning(dir, someLearning())).toBeNull();
	});

	test.skipIf(spawnSync('mkfifo', ['--version']).status !== 0)('a pipe of that name is set aside, never waited on', () => {
		expect(spawnSync('mkfifo', [file]).status).toBe(0);
		expect(loadLearning(dir).note).toBe(`${file}: not a file — set aside as ${file}.bad; progress starts afresh`);
	});

	test('a name taken by earlier files set aside gets the next free number, and those are left as they were', () => {
		writeFileSync(`${file}.bad`, 'first');
		writeFileSync(`${file}.bad-2`, 'second');
		writeFileSync(`${file}.bad-4`, 'fourth');
		writeFileSync(file, 'third');
		expect(loadLearning(dir).note).toContain(`— set aside as ${file}.bad-3; progress starts afresh`);
		expect(contents()).toEqual(['learning.json.bad', 'learning.json.bad-2', 'learning.json.bad-3', 'learning.json.bad-4']);
		expect(['', '-2', '-3', '-4'].map(suffix => readFileSync(`${file}.bad${suffix}`, 'utf8'))).toEqual([
			'first',
			'second',
			'third',
			'fourth',
		]);
	});

	test('setAside leaves a file written over the name since it was read, and a name that has gone', () => {
		writeFileSync(file, 'broken');
		const read = statSync(file);
		// Another potm writes a good file over the name, whole (a rename), before this one sets aside.
		writeFileSync(join(dir, 'newer'), learningText(someLearning()));
		renameSync(join(dir, 'newer'), file);
		expect(setAside(file, read)).toBeNull();
		expect(contents()).toEqual(['learning.json']);
		expect(loadLearning(dir)).toEqual({data: someLearning(), note: null});
		rmSync(file);
		expect(setAside(file, read)).toBeNull();
		expect(contents()).toEqual([]);
	});

	test('potm processes setting broken files aside at the same time never put one over another', async () => {
		// Each writes a broken file of its own text over the name, loads, and reports where its
		// load set the file aside and what it found there; a later report must still be true. They
		// start together, once all are loaded (a file tells them to go), so that they race.
		const go = join(dir, '.go');
		const child = `
			import {existsSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
			const {loadLearning} = await import(${JSON.stringify(storeModule)});
			const dir = process.env.DIR;
			console.log('ready');
			while (!existsSync(${JSON.stringify(go)})) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
			for (let round = 0; round < 60; round++) {
				const text = 'broken ' + process.pid + ' ' + round;
				writeFileSync(dir + '/.mine-' + process.pid, text);
				renameSync(dir + '/.mine-' + process.pid, dir + '/learning.json');
				const {note} = loadLearning(dir);
				const aside = note && / set aside as (\\S+);/.exec(note);
				console.log(JSON.stringify(aside ? {name: aside[1], text: readFileSync(aside[1], 'utf8')} : {note}));
			}`;
		const children = Array.from({length: 4}, () => {
			const started = spawn(process.execPath, ['--input-type=module', '-e', child], {
				cwd: root,
				env: {...process.env, DIR: dir},
			});
			let output = '';
			let errors = '';
			let isReady: () => void = () => {};
			const ready = new Promise<void>(resolve => (isReady = resolve));
			started.stdout.on('data', chunk => {
				output += String(chunk);
				if (output.startsWith('ready\n')) isReady();
			});
			started.stderr.on('data', chunk => (errors += String(chunk)));
			const done = new Promise<string>((resolve, reject) => {
				started.on('error', reject);
				started.on('close', code => (code === 0 ? resolve(output) : reject(new Error(`a child exited ${code}: ${errors}`))));
			});
			// A child that fails before it is ready must not leave the test waiting for it.
			return {ready: Promise.race([ready, done.then(() => undefined)]), done};
		});
		await Promise.all(children.map(one => one.ready));
		writeFileSync(go, '');
		const lines = (await Promise.all(children.map(one => one.done)))
			.join('')
			.split('\n')
			.filter(line => line !== '' && line !== 'ready')
			.map(line => JSON.parse(line) as {name?: string; text?: string; note?: string | null});
		// A load that found the name empty (another took the file first) has no note. One that
		// found it replaced as it read, time after time, leaves it: no other note.
		const others = lines.filter(line => line.note !== undefined && line.note !== null);
		expect(others.filter(line => !line.note!.includes(' — it changed as it was read, again and again;'))).toEqual([]);
		const reports = lines.filter(line => line.name !== undefined) as {name: string; text: string}[];
		expect(reports.length).toBeGreaterThan(60);
		// Every set-aside under a name of its own, and each still holds what it held.
		expect(new Set(reports.map(report => report.name)).size).toBe(reports.length);
		for (const report of reports) expect(readFileSync(report.name, 'utf8')).toBe(report.text);
		expect(reports.every(report => /^broken \d+ \d+$/.test(report.text))).toBe(true);
	}, 60_000);

	test('a saves folder that is a file: the save says so and nothing is written', () => {
		const notAFolder = join(dir, 'saves');
		writeFileSync(notAFolder, 'a file');
		expect(saveLearning(notAFolder, someLearning())).toBe(
			`cannot save ${join(notAFolder, 'learning.json')}: ${notAFolder} is not a folder`,
		);
		expect(readFileSync(notAFolder, 'utf8')).toBe('a file');
		// Loading from it finds nothing to read, and sets nothing aside.
		expect(loadLearning(notAFolder)).toEqual({data: freshLearning(), note: null});
	});

	test.skipIf(process.getuid?.() === 0)('saving into a read-only folder fails with "permission denied" and keeps the old file', () => {
		const old = freshLearning();
		expect(saveLearning(dir, old)).toBeNull();
		chmodSync(dir, 0o555);
		expect(saveLearning(dir, someLearning())).toBe(`cannot save ${file}: permission denied`);
		chmodSync(dir, 0o755);
		expect(loadLearning(dir)).toEqual({data: old, note: null});
		expect(contents()).toEqual(['learning.json']);
	});

	test('a write cut short (a limit on file sizes, which holds for root too) keeps the old file whole', () => {
		const old = passStep(freshLearning(), 'loaps', 'move-1');
		expect(saveLearning(dir, old)).toBeNull();
		const before = readFileSync(file, 'utf8');
		// ulimit -f 1: no file may grow past 512 bytes, and the new data is longer. SIGXFSZ is
		// ignored so that the write fails (EFBIG) rather than the process.
		const script = `
			process.on('SIGXFSZ', () => {});
			const {saveLearning} = await import(${JSON.stringify(storeModule)});
			const data = JSON.parse(process.env.DATA);
			console.log(saveLearning(process.env.DIR, data));`;
		const result = spawnSync('bash', ['-c', 'ulimit -f 1 && exec "$0" --input-type=module -e "$1"', process.execPath, script], {
			cwd: root,
			env: {...process.env, DIR: dir, DATA: JSON.stringify(someLearning())},
			encoding: 'utf8',
		});
		expect(result.stderr).toBe('');
		expect(result.stdout.trim()).toBe(`cannot save ${file}: the file is larger than this system lets it be`);
		expect(readFileSync(file, 'utf8')).toBe(before);
		expect(contents()).toEqual(['learning.json']);
	});
});

describe('lessons', () => {
	test('passStep keeps each step once, per game, and leaves the data given as it was', () => {
		const fresh = freshLearning();
		const once = passStep(fresh, 'loaps', 'move-1');
		expect(passStep(once, 'loaps', 'move-1')).toBe(once);
		expect([...passedSteps(once, 'loaps')]).toEqual(['move-1']);
		expect([...passedSteps(once, 'pahtum')]).toEqual([]);
		expect(fresh).toEqual(freshLearning());
	});

	test('finishLesson keeps the first finish', () => {
		const first = finishLesson(freshLearning(), 'loaps', 'moving', NOW);
		expect(first.lessons['loaps']?.finishedAt).toEqual({moving: '2026-11-21T15:30:00.000Z'});
		expect(finishLesson(first, 'loaps', 'moving', new Date('2027-01-01T00:00:00Z'))).toBe(first);
	});

	test('lessonProgress counts a lesson done when all its steps are passed', () => {
		let data = freshLearning();
		expect(lessonProgress(data, 'loaps', book)).toEqual({done: 0, total: 3});
		data = passStep(data, 'loaps', 'move-1');
		data = passStep(data, 'loaps', 'win-1');
		data = passStep(data, 'loaps', 'win-2');
		expect(lessonProgress(data, 'loaps', book)).toEqual({done: 0, total: 3});
		data = passStep(data, 'loaps', 'move-2');
		data = passStep(data, 'loaps', 'capture-1');
		expect(lessonProgress(data, 'loaps', book)).toEqual({done: 2, total: 3});
		// A lesson finished once but given a new step since is open again.
		data = finishLesson(data, 'loaps', 'winning', NOW);
		expect(lessonProgress(data, 'loaps', book)).toEqual({done: 2, total: 3});
		expect(lessonProgress(passStep(data, 'loaps', 'win-3'), 'loaps', book)).toEqual({done: 3, total: 3});
	});
});

describe('puzzle attempts', () => {
	test("an attempt moves the player's rating and the puzzle's as glicko2's attempt does, and is kept", () => {
		const data = recordAttempt(freshLearning(), 'loaps', puzzle('loaps-0001', 1600), true, NOW);
		const expected = attempt(NEW_RATING, builtPuzzleRating(1600), true);
		const record = puzzleRecordOf(data, 'loaps');
		expect(record.rating).toEqual(expected.player);
		expect(puzzleRatingOf(data, 'loaps', puzzle('loaps-0001', 1600))).toEqual(expected.puzzle);
		expect(record.attempts).toEqual([
			{puzzle: 'loaps-0001', date: '2026-11-21T15:30:00.000Z', solved: true, rating: expected.player.rating},
		]);
		// Another game's are its own.
		expect(puzzleRecordOf(data, 'pahtum').rating).toEqual(NEW_RATING);
		// A second attempt at the puzzle starts from where the first left its rating.
		const again = recordAttempt(data, 'loaps', puzzle('loaps-0001', 1600), false, NOW);
		expect(puzzleRatingOf(again, 'loaps', puzzle('loaps-0001'))).toEqual(attempt(expected.player, expected.puzzle, false).puzzle);
	});

	test('the streak grows with each solve and ends with a miss; the best stays', () => {
		let data = freshLearning();
		for (const solved of [true, true, true, false, true]) data = recordAttempt(data, 'loaps', puzzle('p'), solved, NOW);
		expect(puzzleRecordOf(data, 'loaps').streak).toEqual({current: 1, best: 3});
	});

	test(`only the last ${MAX_ATTEMPTS} attempts are kept`, () => {
		let data = freshLearning();
		for (let index = 0; index < MAX_ATTEMPTS + 20; index++) data = recordAttempt(data, 'loaps', puzzle(`p-${index}`), index % 3 !== 0, NOW);
		const attempts = puzzleRecordOf(data, 'loaps').attempts;
		expect(attempts).toHaveLength(MAX_ATTEMPTS);
		expect(attempts[0]?.puzzle).toBe('p-20');
		expect(attempts.at(-1)?.puzzle).toBe(`p-${MAX_ATTEMPTS + 19}`);
		expect(saveLearning(dir, data)).toBeNull();
		expect(loadLearning(dir).note).toBeNull();
	});

	test('the day-streak counts each day a puzzle of the day is solved, once, and lapses after a day without', () => {
		const at = (date: string) => new Date(`${date}T12:00:00Z`);
		let data = freshLearning();
		data = recordAttempt(data, 'loaps', puzzle('a'), true, at('2026-11-20'), {daily: true});
		data = recordAttempt(data, 'loaps', puzzle('b'), false, at('2026-11-21'), {daily: true});
		// Not the day's puzzle: no count.
		data = recordAttempt(data, 'loaps', puzzle('c'), true, at('2026-11-21'));
		expect(puzzleRecordOf(data, 'loaps').daily).toEqual({last: '2026-11-20', current: 1, best: 1});
		data = recordAttempt(data, 'loaps', puzzle('b'), true, at('2026-11-21'), {daily: true});
		data = recordAttempt(data, 'loaps', puzzle('b'), true, new Date('2026-11-21T23:59:00Z'), {daily: true});
		expect(puzzleRecordOf(data, 'loaps').daily).toEqual({last: '2026-11-21', current: 2, best: 2});
		// The streak stands on the next day, lapses the day after.
		expect(dailyStreakOn(data, 'loaps', at('2026-11-22')).current).toBe(2);
		expect(dailyStreakOn(data, 'loaps', at('2026-11-23')).current).toBe(0);
		data = recordAttempt(data, 'loaps', puzzle('d'), true, at('2026-11-24'), {daily: true});
		expect(puzzleRecordOf(data, 'loaps').daily).toEqual({last: '2026-11-24', current: 1, best: 2});
	});

	test('isDailyPuzzle tells the puzzle of the day of a set', () => {
		const set = Array.from({length: 50}, (_, index) => puzzle(`loaps-${index}`));
		const today = set[dailyIndex('loaps', NOW, set.length)]!;
		expect(isDailyPuzzle(set, 'loaps', today, NOW)).toBe(true);
		expect(
			isDailyPuzzle(
				set,
				'loaps',
				set.find(one => one !== today)!,
				NOW,
			),
		).toBe(false);
		expect(isDailyPuzzle([], 'loaps', today, NOW)).toBe(false);
	});
});

test('addPersonal adds puzzles and scanned games not there yet', () => {
	const data = addPersonal(freshLearning(), [puzzle('mine-1'), puzzle('mine-2')], ['a.game.txt']);
	const more = addPersonal(data, [puzzle('mine-2'), puzzle('mine-3'), puzzle('mine-3')], ['a.game.txt', 'b.game.txt']);
	expect(more.personal.puzzles.map(one => one.id)).toEqual(['mine-1', 'mine-2', 'mine-3']);
	expect(more.personal.scanned).toEqual(['a.game.txt', 'b.game.txt']);
	expect(data.personal.scanned).toEqual(['a.game.txt']);
});
