/**
 * What a person keeps of their learning, in one file of their saves folder, DIR/learning.json:
 * the lesson steps they passed, their puzzle rating and streaks in each game, the ratings of the
 * puzzles as their own attempts moved them, and the puzzles made from their own games. The name
 * is a plain one: the load list shows only .txt files (listSaves), so it is never taken for a save.
 *
 * The file is JSON, versioned ("format": "potm-learning", "version": 1), and checked field by
 * field on loading. One that cannot be read, does not parse or does not check is not patched up
 * (a broken entry dropped in silence would be progress lost unseen): it is renamed aside whole
 * (learning.json.bad), for its owner to look at, and progress starts afresh with a note saying so. Writing goes through writeWhole, so the
 * file is always the old one or the new one, never half of each.
 *
 * The updaters are pure: each gives new data and leaves what it was given as it was.
 */
import {closeSync, constants, fstatSync, linkSync, lstatSync, openSync, readFileSync, renameSync, statSync, unlinkSync} from 'node:fs';
import {join} from 'node:path';
import {sweepTemporaries, taken, writeWhole} from '../files/atomic.js';
import {makeFolder, writeProblem} from '../files/saves.js';
import type {LessonBook} from '../games/learning.js';
import {dailyIndex, isDay, utcDay} from './daily.js';
import {attempt as rateAttempt, builtPuzzleRating, MAX_DEVIATION, MAX_RATING, MIN_RATING, NEW_RATING, type Rating} from './glicko2.js';
import type {Proof, Puzzle} from './puzzle.js';

/** The file's name in the saves folder. */
export const LEARNING_FILE = 'learning.json';
const FORMAT = 'potm-learning';
const VERSION = 1;
/** Attempts kept per game, the newest: enough for a rating's recent course, and a bound on the file. */
export const MAX_ATTEMPTS = 500;
/** A file larger than this is no learning file potm wrote (thousands of puzzles tried make a few hundred KiB). */
const MAX_BYTES = 16 << 20;

/** A game's lessons: the steps passed, and when each lesson was finished. */
export interface LessonRecord {
	/** Step ids, in the order they were first passed. */
	readonly passed: readonly string[];
	/** By lesson id: when it was first finished, an ISO date. */
	readonly finishedAt: Readonly<Record<string, string>>;
}

export interface Streak {
	readonly current: number;
	readonly best: number;
}

/** Puzzles of the day solved on consecutive days. */
export interface DailyStreak extends Streak {
	/** The last day (UTC, YYYY-MM-DD) a puzzle of the day was solved; null before the first. */
	readonly last: string | null;
}

/** One attempt at a puzzle. */
export interface Attempt {
	readonly puzzle: string;
	/** When, an ISO date. */
	readonly date: string;
	readonly solved: boolean;
	/** The player's rating after it. */
	readonly rating: number;
}

/** A game's puzzles. */
export interface PuzzleRecord {
	readonly rating: Rating;
	/** Puzzles solved in a row. */
	readonly streak: Streak;
	/** The last MAX_ATTEMPTS attempts, oldest first. */
	readonly attempts: readonly Attempt[];
	/** By puzzle id: its rating as this player's attempts moved it (a puzzle not here has its built rating). */
	readonly puzzleRatings: Readonly<Record<string, Rating>>;
	readonly daily: DailyStreak;
}

/** Puzzles from the player's own games (the personal set), and the kept games already looked through for them. */
export interface PersonalSet {
	readonly puzzles: readonly Puzzle[];
	/** File names of kept games already scanned for mistakes. */
	readonly scanned: readonly string[];
}

/** Everything learning.json keeps; by game id where it is per game. */
export interface Learning {
	readonly lessons: Readonly<Record<string, LessonRecord>>;
	readonly puzzles: Readonly<Record<string, PuzzleRecord>>;
	readonly personal: PersonalSet;
}

/** Nothing learnt yet. */
export const freshLearning = (): Learning => ({lessons: {}, puzzles: {}, personal: {puzzles: [], scanned: []}});

const freshLessons = (): LessonRecord => ({passed: [], finishedAt: {}});

const freshPuzzles = (): PuzzleRecord => ({
	rating: NEW_RATING,
	streak: {current: 0, best: 0},
	attempts: [],
	puzzleRatings: {},
	daily: {last: null, current: 0, best: 0},
});

/** A record's own entry (never one of Object.prototype's: a game or puzzle could be called "constructor"). */
function own<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
	return Object.hasOwn(record, key) ? record[key] : undefined;
}

/** The path of the learning file in the saves folder `dir`. */
export const learningPath = (dir: string): string => join(dir, LEARNING_FILE);

// ---------------------------------------------------------------------------------------------
// Reading and checking the file.

/** What is wrong with the file, where the checks found it; `line` when JSON.parse said where. */
class Unfit extends Error {
	constructor(
		message: string,
		readonly line: number | null = null,
	) {
		super(message);
	}
}

/** A field's path for messages: puzzles.loaps.attempts[3].solved, lessons["two words"]. */
function field(path: string, key: string | number): string {
	if (typeof key === 'number') return `${path}[${key}]`;
	if (!/^[A-Za-z_][\w-]*$/.test(key)) return `${path}[${JSON.stringify(key)}]`;
	return path === '' ? key : `${path}.${key}`;
}

/** A value as a message shows it: short. */
function shown(value: unknown): string {
	const text = JSON.stringify(value) ?? String(value);
	return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** An object; with `keys`, one with exactly those fields. `path` '' is the file's top level. */
function object(value: unknown, path: string, keys?: readonly string[]): Record<string, unknown> {
	const what = path === '' ? 'the file' : path;
	if (typeof value !== 'object' || value === null || Array.isArray(value))
		throw new Unfit(`${what} must be an object, not ${shown(value)}`);
	const record = value as Record<string, unknown>;
	if (keys) {
		// Every field, no more: a misspelt one would otherwise be lost on the next write.
		for (const key of keys) if (!Object.hasOwn(record, key)) throw new Unfit(`${what} has no "${key}"`);
		for (const key of Object.keys(record)) if (!keys.includes(key)) throw new Unfit(`${field(path, key)} is not a field potm knows`);
	}
	return record;
}

function list(value: unknown, path: string, most = Infinity): unknown[] {
	if (!Array.isArray(value)) throw new Unfit(`${path} must be a list, not ${shown(value)}`);
	if (value.length > most) throw new Unfit(`${path} has ${value.length} entries, more than the ${most} kept`);
	return value;
}

/** An id or a name: a non-empty string of one line. */
function name(value: unknown, path: string): string {
	if (typeof value !== 'string' || value === '' || value.length > 1000 || /[\u0000-\u001f\u007f]/.test(value)) {
		throw new Unfit(`${path} must be a name (a string of one line), not ${shown(value)}`);
	}
	return value;
}

function text(value: unknown, path: string): string {
	if (typeof value !== 'string') throw new Unfit(`${path} must be a string, not ${shown(value)}`);
	return value;
}

function number(value: unknown, path: string, low: number, high: number, lowIncluded = true): number {
	if (typeof value !== 'number' || !Number.isFinite(value) || value > high || (lowIncluded ? value < low : value <= low)) {
		throw new Unfit(`${path} must be a number from ${low}${lowIncluded ? '' : ' (not included)'} to ${high}, not ${shown(value)}`);
	}
	return value;
}

function count(value: unknown, path: string): number {
	if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
		throw new Unfit(`${path} must be a whole number, 0 or more, not ${shown(value)}`);
	return value;
}

function boolean(value: unknown, path: string): boolean {
	if (typeof value !== 'boolean') throw new Unfit(`${path} must be true or false, not ${shown(value)}`);
	return value;
}

/** A moment as toISOString writes it: "2026-11-21T15:30:00.000Z". */
function isoDate(value: unknown, path: string): string {
	// Date.parse alone would take "2026-11-31" for 1 December.
	const parts = typeof value === 'string' ? /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,3})?Z$/.exec(value) : null;
	if (typeof value !== 'string' || !parts || !isDay(parts[1]!)) {
		throw new Unfit(`${path} must be a date such as "2026-11-21T15:30:00.000Z", not ${shown(value)}`);
	}
	return value;
}

function day(value: unknown, path: string): string {
	if (typeof value !== 'string' || !isDay(value)) throw new Unfit(`${path} must be a day such as "2026-11-21", not ${shown(value)}`);
	return value;
}

/** Names with none twice: a set, written as a list. */
function names(value: unknown, path: string): string[] {
	const all = list(value, path).map((entry, index) => name(entry, field(path, index)));
	const seen = new Set<string>();
	all.forEach((one, index) => {
		if (seen.has(one)) throw new Unfit(`${field(path, index)}: ${shown(one)} is listed twice`);
		seen.add(one);
	});
	return all;
}

/** An object of entries by name, each checked by `entry`. */
function byName<T>(value: unknown, path: string, entry: (value: unknown, path: string) => T): Record<string, T> {
	const record: Record<string, T> = {};
	for (const [key, one] of Object.entries(object(value, path))) {
		const where = field(path, key);
		name(key, `${where} (its name)`);
		// Defined as the object's own field, so that a key such as "__proto__" is only a name.
		Object.defineProperty(record, key, {value: entry(one, where), enumerable: true, writable: true, configurable: true});
	}
	return record;
}

function streak(value: unknown, path: string): Streak {
	const fields = object(value, path, ['current', 'best']);
	const current = count(fields['current'], field(path, 'current'));
	const best = count(fields['best'], field(path, 'best'));
	if (current > best) throw new Unfit(`${path}: the current streak (${current}) is longer than the best (${best})`);
	return {current, best};
}

function rating(value: unknown, path: string): Rating {
	const fields = object(value, path, ['rating', 'deviation', 'volatility']);
	return {
		rating: number(fields['rating'], field(path, 'rating'), MIN_RATING, MAX_RATING),
		deviation: number(fields['deviation'], field(path, 'deviation'), 0, MAX_DEVIATION, false),
		volatility: number(fields['volatility'], field(path, 'volatility'), 0, 1, false),
	};
}

function lessonRecord(value: unknown, path: string): LessonRecord {
	const fields = object(value, path, ['passed', 'finishedAt']);
	return {
		passed: names(fields['passed'], field(path, 'passed')),
		finishedAt: byName(fields['finishedAt'], field(path, 'finishedAt'), isoDate),
	};
}

function attemptRecord(value: unknown, path: string): Attempt {
	const fields = object(value, path, ['puzzle', 'date', 'solved', 'rating']);
	return {
		puzzle: name(fields['puzzle'], field(path, 'puzzle')),
		date: isoDate(fields['date'], field(path, 'date')),
		solved: boolean(fields['solved'], field(path, 'solved')),
		rating: number(fields['rating'], field(path, 'rating'), MIN_RATING, MAX_RATING),
	};
}

function puzzleRecord(value: unknown, path: string): PuzzleRecord {
	const fields = object(value, path, ['rating', 'streak', 'attempts', 'puzzleRatings', 'daily']);
	const dailyPath = field(path, 'daily');
	const daily = object(fields['daily'], dailyPath, ['last', 'current', 'best']);
	const dailyStreak = streak({current: daily['current'], best: daily['best']}, dailyPath);
	return {
		rating: rating(fields['rating'], field(path, 'rating')),
		streak: streak(fields['streak'], field(path, 'streak')),
		attempts: list(fields['attempts'], field(path, 'attempts'), MAX_ATTEMPTS).map((one, index) =>
			attemptRecord(one, field(field(path, 'attempts'), index)),
		),
		puzzleRatings: byName(fields['puzzleRatings'], field(path, 'puzzleRatings'), rating),
		daily: {last: daily['last'] === null ? null : day(daily['last'], field(dailyPath, 'last')), ...dailyStreak},
	};
}

const PROOFS: readonly Proof[] = ['solver', 'proof', 'search'];

function puzzle(value: unknown, path: string): Puzzle {
	const fields = object(value, path, ['id', 'game', 'position', 'solution', 'themes', 'rating', 'proof', 'source']);
	const solution = list(fields['solution'], field(path, 'solution')).map((move, index) =>
		name(move, field(field(path, 'solution'), index)),
	);
	if (solution.length === 0) throw new Unfit(`${field(path, 'solution')} must hold at least one move`);
	const themes = names(fields['themes'], field(path, 'themes'));
	if (themes.length === 0) throw new Unfit(`${field(path, 'themes')} must hold at least one theme`);
	const proof = fields['proof'];
	if (!PROOFS.includes(proof as Proof))
		throw new Unfit(`${field(path, 'proof')} must be one of ${PROOFS.map(one => `"${one}"`).join(', ')}, not ${shown(proof)}`);
	return {
		id: name(fields['id'], field(path, 'id')),
		game: name(fields['game'], field(path, 'game')),
		position: text(fields['position'], field(path, 'position')),
		solution,
		themes,
		rating: number(fields['rating'], field(path, 'rating'), 0, MAX_RATING),
		proof: proof as Proof,
		source: text(fields['source'], field(path, 'source')),
	};
}

function personalSet(value: unknown, path: string): PersonalSet {
	const fields = object(value, path, ['puzzles', 'scanned']);
	const puzzles = list(fields['puzzles'], field(path, 'puzzles')).map((one, index) => puzzle(one, field(field(path, 'puzzles'), index)));
	const ids = new Set<string>();
	puzzles.forEach((one, index) => {
		if (ids.has(one.id)) throw new Unfit(`${field(field(path, 'puzzles'), index)}: the id ${shown(one.id)} is taken by an earlier puzzle`);
		ids.add(one.id);
	});
	return {puzzles, scanned: names(fields['scanned'], field(path, 'scanned'))};
}

/** A JSON.parse message in one line (V8's quote of the text dropped), and the line it names, if any. */
function jsonProblem(error: unknown, source: string): Unfit {
	const raw = error instanceof Error ? error.message : String(error);
	const position = /at position (\d+)/.exec(raw);
	const line = position ? source.slice(0, Number(position[1])).split('\n').length : null;
	const message = raw
		.replace(/, ".*" is not valid JSON$/s, '')
		.replace(/ in JSON at position \d+.*$/s, '')
		.replace(/\s+/g, ' ');
	return new Unfit(`not valid JSON: ${message}`, line);
}

/** The learning data of a file's text; throws Unfit. */
export function parseLearning(source: string): Learning {
	let data: unknown;
	try {
		// A byte order mark, as some editors put first, is no part of the JSON.
		data = JSON.parse(source.replace(/^\uFEFF/, ''));
	} catch (error) {
		throw jsonProblem(error, source);
	}
	if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new Unfit('not a learning file: expected a JSON object');
	const top = data as Record<string, unknown>;
	if (top['format'] !== FORMAT) throw new Unfit(`not a learning file: expected "format": "${FORMAT}"`);
	if (top['version'] !== VERSION) throw new Unfit(`version ${shown(top['version'])}, and this potm reads version ${VERSION}`);
	const fields = object(data, '', ['format', 'version', 'lessons', 'puzzles', 'personal']);
	return {
		lessons: byName(fields['lessons'], 'lessons', lessonRecord),
		puzzles: byName(fields['puzzles'], 'puzzles', puzzleRecord),
		personal: personalSet(fields['personal'], 'personal'),
	};
}

/** The file's text: JSON, with tabs, so that a person can read it (and a line named in a message is a line). */
export function learningText(data: Learning): string {
	const file = {format: FORMAT, version: VERSION, lessons: data.lessons, puzzles: data.puzzles, personal: data.personal};
	return `${JSON.stringify(file, null, '\t')}\n`;
}

/** Which file a name led to when it was read: a file written over the name since is another. */
export interface FileIdentity {
	readonly dev: number;
	readonly ino: number;
}

const sameFile = (a: FileIdentity, b: FileIdentity): boolean => a.dev === b.dev && a.ino === b.ino;

/**
 * The bytes at `path` as text; throws Unfit for anything that is not a readable UTF-8 file, an
 * errno error for a missing one. `opened` is told which file was opened, before anything is read.
 */
function readLearning(path: string, opened: (identity: FileIdentity) => void): string {
	// Non-blocking, so that a pipe of this name is found out rather than waited on.
	const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
	try {
		const stats = fstatSync(fd);
		opened(stats);
		if (!stats.isFile()) throw new Unfit(stats.isDirectory() ? 'not a file: a folder' : 'not a file');
		if (stats.size > MAX_BYTES) throw new Unfit(`over ${MAX_BYTES >> 20} MiB, too large to be a learning file`);
		try {
			return new TextDecoder('utf-8', {fatal: true}).decode(readFileSync(fd));
		} catch (error) {
			if (error instanceof TypeError) throw new Unfit('not a text file (bytes that are not UTF-8 text)');
			throw error;
		}
	} finally {
		closeSync(fd);
	}
}

/** Why a file could not be read, in a few words. */
function readProblem(error: unknown): string {
	const code = (error as NodeJS.ErrnoException).code;
	if (code === 'EACCES' || code === 'EPERM') return 'cannot be read: permission denied';
	if (code === 'ELOOP') return 'a link that leads round in a circle';
	return `cannot be read (${(error as Error).message.split('\n')[0]})`;
}

const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);

/** The identity of what `path` leads to, or null when nothing does. */
function identityOf(path: string): FileIdentity | null {
	try {
		return statSync(path);
	} catch {
		return null;
	}
}

/**
 * Moves the file at `path` aside, to path.bad, or path.bad-2, path.bad-3, ... the first name that
 * nothing has. A hard link, unlike a rename, fails rather than replace a file, so two potm
 * setting files aside at once never put one over the other; the old name is then removed if it
 * is still the file linked. Where hard links cannot be made (some file systems; a folder), a
 * rename to a name found free.
 *
 * Given the `identity` of the file that was read, only that file is set aside: gives null when
 * the name has gone (another potm set it aside first) or leads to another file (one written
 * there since, which may well read). Gives the name it was set aside as; throws what failed.
 */
export function setAside(path: string, identity?: FileIdentity): string | null {
	for (let number = 1; number <= 1000; number++) {
		const bad = number === 1 ? `${path}.bad` : `${path}.bad-${number}`;
		try {
			linkSync(path, bad);
		} catch (error) {
			const code = (error as NodeJS.ErrnoException).code;
			if (code === 'ENOENT') return null;
			if (code === 'EEXIST') continue;
			if (!NO_HARD_LINKS.has(code ?? '')) throw error;
			if (taken(bad)) continue;
			const now = identityOf(path);
			if (now === null || (identity && !sameFile(now, identity))) return null;
			try {
				renameSync(path, bad);
			} catch (failed) {
				if ((failed as NodeJS.ErrnoException).code === 'ENOENT') return null;
				throw failed;
			}
			return bad;
		}
		// Linked: but if the name led to a newer file by then, that file stays where it is.
		const linked = identityOf(bad);
		if (identity && (linked === null || !sameFile(linked, identity))) {
			unlinkSync(bad);
			return null;
		}
		try {
			const before = lstatSync(path);
			const after = lstatSync(bad);
			if (before.ino === after.ino && before.dev === after.dev) unlinkSync(path);
		} catch (error) {
			// Another potm set the same file aside meanwhile: both names keep it, nothing is lost.
			if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
		}
		return bad;
	}
	throw new Error('a thousand files are set aside already');
}

export interface LoadedLearning {
	readonly data: Learning;
	/** Why the file was set aside, in one line; null when it read (or there was none). */
	readonly note: string | null;
}

/** Tries at loading when the file changes under the load (other potm setting it aside, or writing it). */
const LOAD_TRIES = 5;

/**
 * The learning data of the saves folder `dir`. No file gives fresh data and no note. A file that
 * cannot be read, does not parse or does not check (every field, its type and its range) is
 * renamed aside whole (setAside), and the note names the file, the line where JSON.parse gave
 * one, and what is wrong: "saves/learning.json line 3: not valid JSON: ... — set aside as
 * saves/learning.json.bad; progress starts afresh". A file replaced while it was read is read
 * again. Never throws.
 */
export function loadLearning(dir: string): LoadedLearning {
	const path = learningPath(dir);
	for (let tries = 1; ; tries++) {
		let identity: FileIdentity | undefined;
		let problem: Unfit;
		try {
			return {data: parseLearning(readLearning(path, opened => (identity = opened))), note: null};
		} catch (error) {
			const code = (error as NodeJS.ErrnoException).code;
			if (code === 'ENOENT' || code === 'ENOTDIR') return {data: freshLearning(), note: null};
			problem = error instanceof Unfit ? error : new Unfit(readProblem(error));
		}
		const where = problem.line === null ? path : `${path} line ${problem.line}`;
		let aside: string;
		try {
			const name = setAside(path, identity);
			if (name === null && tries < LOAD_TRIES) continue;
			aside = name === null ? 'it changed as it was read, again and again' : `set aside as ${name}`;
		} catch (error) {
			aside = `it could not be set aside (${writeProblem(error, dir, false)})`;
		}
		return {data: freshLearning(), note: `${where}: ${problem.message} — ${aside}; progress starts afresh`};
	}
}

/**
 * Writes the learning data to the saves folder `dir` (made if need be), whole or not at all
 * (writeWhole): a write that fails leaves the file as it was. Gives null, or the problem in one
 * line; never throws.
 */
export function saveLearning(dir: string, data: Learning): string | null {
	const path = learningPath(dir);
	let making = true;
	try {
		makeFolder(dir);
		making = false;
		sweepTemporaries(dir);
		writeWhole({path, data: learningText(data)});
		return null;
	} catch (error) {
		// A limit on file sizes (ulimit -f) is one writeProblem does not word.
		const why =
			(error as NodeJS.ErrnoException).code === 'EFBIG'
				? 'the file is larger than this system lets it be'
				: writeProblem(error, dir, making);
		return `cannot save ${path}: ${why}`;
	}
}

// ---------------------------------------------------------------------------------------------
// The updaters.

const lessonsOf = (data: Learning, gameId: string): LessonRecord => own(data.lessons, gameId) ?? freshLessons();
const puzzlesOf = (data: Learning, gameId: string): PuzzleRecord => own(data.puzzles, gameId) ?? freshPuzzles();

const withLessons = (data: Learning, gameId: string, record: LessonRecord): Learning => ({
	...data,
	lessons: {...data.lessons, [gameId]: record},
});

/** The step ids passed in a game's lessons. */
export function passedSteps(data: Learning, gameId: string): ReadonlySet<string> {
	return new Set(lessonsOf(data, gameId).passed);
}

/** The data with `stepId` passed in the game's lessons (the same data if it was). */
export function passStep(data: Learning, gameId: string, stepId: string): Learning {
	const record = lessonsOf(data, gameId);
	if (record.passed.includes(stepId)) return data;
	return withLessons(data, gameId, {...record, passed: [...record.passed, stepId]});
}

/** The data with the lesson finished at `date`; the first finish is the one kept. */
export function finishLesson(data: Learning, gameId: string, lessonId: string, date: Date): Learning {
	const record = lessonsOf(data, gameId);
	if (own(record.finishedAt, lessonId) !== undefined) return data;
	return withLessons(data, gameId, {...record, finishedAt: {...record.finishedAt, [lessonId]: date.toISOString()}});
}

/**
 * How many of a book's lessons are done ("LOAPS: 6 of 9 lessons"): a lesson is done when every
 * one of its steps is passed. Counted from the steps rather than from finishedAt, so that a step
 * added to a lesson in a later potm makes it open again until that step is passed too.
 */
export function lessonProgress(data: Learning, gameId: string, book: LessonBook): {done: number; total: number} {
	const passed = passedSteps(data, gameId);
	const done = book.lessons.filter(lesson => lesson.steps.every(step => passed.has(step.id))).length;
	return {done, total: book.lessons.length};
}

/** The game's puzzle record: the player's rating, streaks and attempts (fresh ones before the first attempt). */
export function puzzleRecordOf(data: Learning, gameId: string): PuzzleRecord {
	return puzzlesOf(data, gameId);
}

/** A puzzle's rating for this player: as their attempts moved it, or as it was built. */
export function puzzleRatingOf(data: Learning, gameId: string, puzzle: Puzzle): Rating {
	return own(puzzlesOf(data, gameId).puzzleRatings, puzzle.id) ?? builtPuzzleRating(puzzle.rating);
}

/** The day-streak as it stands on `today`: a streak whose last day is before yesterday has lapsed. */
export function dailyStreakOn(data: Learning, gameId: string, today: Date): DailyStreak {
	const daily = puzzlesOf(data, gameId).daily;
	if (daily.last === null) return daily;
	const yesterday = utcDay(new Date(today.getTime() - 24 * 60 * 60 * 1000));
	return daily.last === utcDay(today) || daily.last === yesterday ? daily : {...daily, current: 0};
}

/** Whether `puzzle` is the puzzle of the day `date` in `set` (the set in its order: dailyIndex). */
export function isDailyPuzzle(set: readonly Puzzle[], gameId: string, puzzle: Puzzle, date: Date): boolean {
	return set.length > 0 && set[dailyIndex(gameId, date, set.length)]?.id === puzzle.id;
}

/**
 * The data after an attempt at `puzzle` in the game `gameId` at `date`: the player's rating and
 * the puzzle's move (glicko2's attempt), the streak grows or ends, the attempt is kept (the last
 * MAX_ATTEMPTS), and when `daily` (the puzzle is that day's, isDailyPuzzle) and solved, the
 * day-streak counts the day, once. Every attempt recorded is rated: a screen that lets a puzzle
 * be tried again once its answer is known should not record the retry.
 */
export function recordAttempt(
	data: Learning,
	gameId: string,
	puzzle: Puzzle,
	solved: boolean,
	date: Date,
	options: {readonly daily?: boolean} = {},
): Learning {
	const record = puzzlesOf(data, gameId);
	const rated = rateAttempt(record.rating, puzzleRatingOf(data, gameId, puzzle), solved);
	const current = solved ? record.streak.current + 1 : 0;
	const entry: Attempt = {puzzle: puzzle.id, date: date.toISOString(), solved, rating: rated.player.rating};
	const puzzles: PuzzleRecord = {
		rating: rated.player,
		streak: {current, best: Math.max(current, record.streak.best)},
		attempts: [...record.attempts, entry].slice(-MAX_ATTEMPTS),
		puzzleRatings: {...record.puzzleRatings, [puzzle.id]: rated.puzzle},
		daily: solved && options.daily === true ? dayCounted(record.daily, date) : record.daily,
	};
	return {...data, puzzles: {...data.puzzles, [gameId]: puzzles}};
}

/**
 * The data with the day of `date` counted in the game's day-streak, and nothing else: the puzzle
 * of the day solved again (tried before, so not rated again) still counts its day.
 */
export function countDay(data: Learning, gameId: string, date: Date): Learning {
	const record = puzzlesOf(data, gameId);
	const daily = dayCounted(record.daily, date);
	return daily === record.daily ? data : {...data, puzzles: {...data.puzzles, [gameId]: {...record, daily}}};
}

/** The day-streak with the day of `date` counted: one more after yesterday, 1 after a gap, as it was if already counted. */
function dayCounted(daily: DailyStreak, date: Date): DailyStreak {
	const today = utcDay(date);
	if (daily.last === today) return daily;
	const yesterday = utcDay(new Date(date.getTime() - 24 * 60 * 60 * 1000));
	const current = daily.last === yesterday ? daily.current + 1 : 1;
	return {last: today, current, best: Math.max(current, daily.best)};
}

/**
 * The data with puzzles of the player's own games added to the personal set (those whose id is
 * there already left out) and the kept games they came from noted as scanned.
 */
export function addPersonal(data: Learning, puzzles: readonly Puzzle[], scanned: readonly string[]): Learning {
	const ids = new Set(data.personal.puzzles.map(one => one.id));
	const added = puzzles.filter(one => !ids.has(one.id) && ids.add(one.id));
	const names = new Set(data.personal.scanned);
	const newNames = scanned.filter(one => !names.has(one) && names.add(one));
	return {...data, personal: {puzzles: [...data.personal.puzzles, ...added], scanned: [...data.personal.scanned, ...newNames]}};
}
