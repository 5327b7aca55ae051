/**
 * The puzzle of the day: the same one for everyone who plays a game on a calendar date (UTC, so
 * that a day is one day around the world), chosen by a fixed hash of the game and the date. No
 * state and no randomness: any potm, on any machine, gives the same puzzle for the same day, and
 * the day-streak of a person (store.ts) can tell whether a puzzle solved was that day's.
 *
 * The days of a set of `count` puzzles are dealt in rounds of `count` days: each round is the set
 * shuffled by a seed hashed from the game and the round, so that no puzzle comes twice in a round
 * and consecutive days never give the same one.
 */
import {seededWords} from '../games/seeded.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The calendar date of `date` in UTC: "2026-11-21". */
export function utcDay(date: Date): string {
	return date.toISOString().slice(0, 10);
}

/** Whether `text` is a real calendar date written YYYY-MM-DD ("2026-02-30" is not). */
export function isDay(text: string): boolean {
	const parts = DAY.exec(text);
	if (!parts) return false;
	const time = Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]));
	return Number.isFinite(time) && utcDay(new Date(time)) === text;
}

/** Days since 1970-01-01 of a date (its UTC day) or of a YYYY-MM-DD. */
export function dayNumber(date: Date | string): number {
	if (typeof date !== 'string') {
		if (Number.isNaN(date.getTime())) throw new RangeError('not a date: an invalid Date');
		return Math.floor(date.getTime() / DAY_MS);
	}
	if (!isDay(date)) throw new RangeError(`not a date written YYYY-MM-DD: ${JSON.stringify(date)}`);
	return Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

/** FNV-1a, 32 bits, over the UTF-16 units of `text`: small, fixed, and the same everywhere. */
export function fnv1a(text: string): number {
	let hash = 0x811c9dc5;
	for (let index = 0; index < text.length; index++) {
		hash ^= text.charCodeAt(index);
		hash = Math.imul(hash, 0x01000193);
	}
	return hash >>> 0;
}

/** The order of a round: 0..count-1 shuffled (Fisher-Yates) by the round's seed. */
function round(gameId: string, number: number, count: number): number[] {
	const order = Array.from({length: count}, (_, index) => index);
	const next = seededWords(fnv1a(`${gameId}:daily:${number}`));
	for (let index = count - 1; index > 0; index--) {
		const other = (next() >>> 0) % (index + 1);
		[order[index], order[other]] = [order[other]!, order[index]!];
	}
	return order;
}

/**
 * The index, 0..count-1, of the puzzle of the day `date` (a Date, read in UTC, or YYYY-MM-DD) in
 * a set of `count` puzzles of the game `gameId`. The set must keep its order for the days to
 * stay what they were: a set built again gives other days from then on, the same for everyone.
 */
export function dailyIndex(gameId: string, date: Date | string, count: number): number {
	if (!Number.isInteger(count) || count < 1) throw new RangeError(`a set of ${count} puzzles has no puzzle of the day`);
	const day = dayNumber(date);
	// One puzzle is every day's; two simply take turns, as a shuffle per round could not promise.
	if (count === 1) return 0;
	if (count === 2) return (day + fnv1a(gameId)) & 1;
	// Rounds count from the epoch; a day before it (a clock set wrong) still falls in one.
	const number = Math.floor(day / count);
	const place = day - number * count;
	const order = round(gameId, number, count);
	// A round must not open with the puzzle that closed the one before: its first two change places.
	if (place <= 1 && order[0] === round(gameId, number - 1, count)[count - 1]) {
		[order[0], order[1]] = [order[1]!, order[0]!];
	}
	return order[place]!;
}
