/**
 * The sparring ladder's sums (source/bench/ladder-score.ts) and openings (openings.ts), on
 * hand-made games: the referee's own summary of them read back, the tally from the new entry's
 * side, the Elo difference against the referee's ratings, the targets, --clocks, the table. The
 * ladder itself (minutes of real games) is a benchmark, never a test.
 */
import {describe, expect, test} from 'vitest';
import {classicLoa, loaps} from '../../source/games/loa/index.js';
import type {Game, Player} from '../../source/games/game.js';
import {summary, type RunReport} from '../../source/referee/report.js';
import {ratings} from '../../source/referee/scoring.js';
import type {GameRecord, PlayerSpec} from '../../source/referee/types.js';
import {
	eloDifference,
	ladderTable,
	parseClocks,
	readSummary,
	tallyPairing,
	TARGET_GAMES,
	verdict,
	type PairingTally,
} from '../../source/bench/ladder-score.js';
import {ladderOpenings} from '../../source/bench/openings.js';

const NEW = './dist/potm move';
const BASE = 'baseline 92b0d44c6765';
const entry = (name: string): PlayerSpec => ({kind: 'external', name, command: name, argv: [name]});
const players = [entry(NEW), entry(BASE)];

interface Made {
	/** Seats by side: [0, 1] the new entry first. */
	readonly seats: [number, number];
	readonly result: GameRecord['result'];
	readonly winner: Player | null;
	readonly reason: string;
	readonly disqualified?: Player;
	readonly plies: number;
	/** CPU seconds by side. */
	readonly cpu: [number, number];
}

const record = (made: Made, index: number): GameRecord => ({
	number: index + 1,
	match: Math.floor(index / 2) + 1,
	seats: made.seats,
	result: made.result,
	winner: made.winner,
	reason: made.reason,
	description: `game ${index + 1}`,
	disqualified: made.disqualified ?? null,
	points: [0, 0],
	plies: made.plies,
	clockUsedMs: [made.cpu[0] * 1000, made.cpu[1] * 1000],
	longestMoveMs: [0, 0],
	moves: [],
	finalPosition: '',
});

const NEW_FIRST: [number, number] = [0, 1];
const BASE_FIRST: [number, number] = [1, 0];

/**
 * Nine games on 10 s clocks, the new entry's side of each: a win as first mover, a win as
 * second, a tie, a move-limit draw, the baseline's loss on time, the baseline's illegal move,
 * the new entry's loss on time, a plain loss, another tie (so ties and draws differ).
 */
const GAMES: readonly Made[] = [
	{seats: NEW_FIRST, result: 'win', winner: 1, reason: 'connection', plies: 20, cpu: [6, 2]},
	{seats: BASE_FIRST, result: 'win', winner: 2, reason: 'connection', plies: 30, cpu: [2, 6]},
	{seats: NEW_FIRST, result: 'tie', winner: null, reason: 'connection', plies: 40, cpu: [5, 3]},
	{seats: BASE_FIRST, result: 'draw', winner: null, reason: 'move-limit', plies: 100, cpu: [3, 5]},
	{seats: NEW_FIRST, result: 'win', winner: 1, reason: 'time', disqualified: 2, plies: 50, cpu: [4, 10]},
	{seats: BASE_FIRST, result: 'win', winner: 2, reason: 'illegal', disqualified: 1, plies: 10, cpu: [1, 1]},
	{seats: BASE_FIRST, result: 'win', winner: 1, reason: 'time', disqualified: 2, plies: 60, cpu: [4, 10]},
	{seats: NEW_FIRST, result: 'win', winner: 2, reason: 'connection', plies: 10, cpu: [3, 3]},
	{seats: BASE_FIRST, result: 'tie', winner: null, reason: 'connection', plies: 30, cpu: [4, 4]},
];

const report = (made: readonly Made[], stopped = false): RunReport => ({
	game: loaps,
	players,
	matches: Math.ceil(made.length / 2),
	clockMs: 10_000,
	scheduled: stopped ? made.length + 2 : made.length,
	games: made.map(record),
	stopped,
});

/** The referee's JSON summary of the games, as JSON.parse gives it back from summary.json. */
const summaryOf = (made: readonly Made[], stopped = false): unknown => JSON.parse(JSON.stringify(summary(report(made, stopped))));

function tally(made: readonly Made[], stopped = false): PairingTally {
	const read = readSummary(summaryOf(made, stopped));
	if (!read.ok) throw new Error(read.error);
	const counted = tallyPairing(read.value, NEW);
	if (!counted.ok) throw new Error(counted.error);
	return counted.value;
}

describe("the tally of a pairing, from the referee's summary", () => {
	test("counts each game from the new entry's side, whichever side it played", () => {
		expect(tally(GAMES)).toEqual({
			game: 'loaps',
			clockSeconds: 10,
			games: 9,
			scheduled: 9,
			stopped: false,
			points: 2 + 2 + 1 + 1 + 2 + 2 + 0 + 0 + 1,
			wins: 4,
			draws: 1,
			ties: 2,
			losses: 2,
			timeLosses: [1, 1],
			faults: [0, 1],
			averagePlies: 350 / 9,
			// The new entry's CPU by game: 6, 6, 5, 5, 4, 1, 10, 3, 4 of 10 s; the baseline's: 2, 2, 3, 3, 10, 1, 4, 3, 4.
			cpuShare: [expect.closeTo(44 / 90, 12), expect.closeTo(32 / 90, 12)],
		});
	});

	test("tells the other player's side when asked for it", () => {
		const read = readSummary(summaryOf(GAMES));
		if (!read.ok) throw new Error(read.error);
		const theirs = tallyPairing(read.value, BASE);
		expect(theirs.ok && theirs.value).toMatchObject({points: 18 - 11, wins: 2, losses: 4, timeLosses: [1, 1], faults: [1, 0]});
	});

	test('keeps a stopped run stopped, with the games it finished', () => {
		expect(tally(GAMES.slice(0, 3), true)).toMatchObject({games: 3, scheduled: 5, stopped: true, points: 5});
	});

	test('an empty run has no averages to divide by zero', () => {
		expect(tally([])).toMatchObject({games: 0, points: 0, averagePlies: 0, cpuShare: [0, 0]});
	});

	test('names a player the summary does not have', () => {
		const read = readSummary(summaryOf(GAMES));
		if (!read.ok) throw new Error(read.error);
		expect(tallyPairing(read.value, 'ai:5')).toEqual({
			ok: false,
			error: `the referee's summary has no player ai:5 (it has ${NEW} and ${BASE})`,
		});
	});
});

describe('reading the summary', () => {
	const good = summaryOf(GAMES) as {games: Record<string, unknown>[]} & Record<string, unknown>;
	/** The good summary with one change made to a copy. */
	const changed = (change: (copy: typeof good) => void): unknown => {
		const copy = structuredClone(good);
		change(copy);
		return copy;
	};

	test.each([
		['not an object', [1, 2], "the referee's summary: not an object"],
		[
			'a tournament of three',
			changed(copy => (copy['players'] as unknown[]).push({name: 'ai:3'})),
			"the referee's summary: players is not a list of two (a match has two)",
		],
		[
			'a game with someone else',
			changed(copy => (copy.games[2]!['players'] = [NEW, 'ai:3'])),
			`the referee's summary: games[2].players is not ${NEW} and ${BASE}, one a side`,
		],
		[
			'a winner who did not play',
			changed(copy => (copy.games[0]!['winner'] = 'ai:3')),
			"the referee's summary: games[0].winner is neither a player nor null",
		],
		[
			'a win without a winner',
			changed(copy => (copy.games[1]!['winner'] = null)),
			"the referee's summary: games[1]: a win without a winner",
		],
		[
			'a fault without a culprit',
			changed(copy => (copy.games[4]!['disqualified'] = null)),
			"the referee's summary: games[4]: fault and disqualified disagree",
		],
		[
			'a disqualified winner',
			changed(copy => (copy.games[4]!['winner'] = BASE)),
			"the referee's summary: games[4]: the disqualified player won",
		],
		[
			'CPU for one side only',
			changed(copy => (copy.games[3]!['clockUsed'] = [1.5])),
			"the referee's summary: games[3].clockUsed is not two numbers of seconds",
		],
		['no clock', changed(copy => delete copy['clockSeconds']), "the referee's summary: clockSeconds is not a positive number"],
	])('refuses %s, naming the field', (_, json, message) => {
		expect(readSummary(json)).toEqual({ok: false, error: message});
	});

	test("reads the referee's own summary whole", () => {
		const read = readSummary(good);
		expect(read.ok && read.value.games).toHaveLength(GAMES.length);
		expect(read.ok && read.value.players).toEqual([NEW, BASE]);
	});
});

describe('the Elo difference', () => {
	/** The referee's ratings of a match of `games` games in which the first player scored `wins` wins and `draws` draws. */
	function refereeRatings(wins: number, draws: number, games: number) {
		const made: Made[] = Array.from({length: games}, (_, index) => ({
			seats: index % 2 === 0 ? NEW_FIRST : BASE_FIRST,
			result: index < wins ? 'win' : index < wins + draws ? 'draw' : 'win',
			winner: index < wins + draws && index >= wins ? null : index < wins === (index % 2 === 0) ? 1 : 2,
			reason: 'connection',
			plies: 1,
			cpu: [0, 0],
		}));
		return ratings(2, made.map(record));
	}

	test.each([
		[10, 0, 20],
		[15, 2, 20],
		[20, 0, 20],
		[0, 0, 20],
		[3, 1, 4],
		[7, 5, 12],
	])("is the referee's model: %i wins and %i draws of %i games", (wins, draws, games) => {
		const [ours, theirs] = refereeRatings(wins, draws, games);
		const difference = eloDifference(wins + draws / 2, games);
		expect(difference.elo).toBeCloseTo(ours!.elo - theirs!.elo, 6);
		// The referee gives each of the two half the difference's margin, around their average.
		expect(difference.margin).toBeCloseTo(2 * ours!.margin, 6);
	});

	test('is 0 at an even score, symmetric, and finite for a sweep', () => {
		expect(eloDifference(10, 20).elo).toBeCloseTo(0, 9);
		expect(eloDifference(15, 20).elo).toBeCloseTo(-eloDifference(5, 20).elo, 9);
		const sweep = eloDifference(20, 20);
		expect(sweep.elo).toBeCloseTo(400 * Math.log10(41), 6);
		expect(Number.isFinite(sweep.margin)).toBe(true);
	});

	test('says nothing of no games', () => {
		expect(eloDifference(0, 0)).toEqual({elo: 0, margin: Infinity});
	});
});

describe('the targets', () => {
	test.each([
		[10, 30, 40, true],
		[10, 29, 40, false],
		[60, 26, 40, true],
		[60, 25, 40, false],
	])('at %i s, %i match points of %i: met %s', (clockSeconds, points, ofPoints, met) => {
		expect(verdict({clockSeconds, points, games: ofPoints / 2})).toEqual({target: clockSeconds === 10 ? 0.75 : 0.65, met, enough: true});
	});

	test("fewer than the issue's games is not enough for a verdict; no games meet nothing", () => {
		expect(verdict({clockSeconds: 10, points: 4, games: 2})).toEqual({target: 0.75, met: true, enough: false});
		expect(verdict({clockSeconds: 10, points: 0, games: 0})).toMatchObject({met: false});
		expect(TARGET_GAMES).toBe(20);
	});

	test('a clock without a target has no verdict', () => {
		expect(verdict({clockSeconds: 30, points: 40, games: 20})).toBeNull();
	});
});

describe('--clocks', () => {
	test.each([
		['10,60', [10, 60]],
		['60', [60]],
		[' 10 , 2.5 ', [10, 2.5]],
	])('reads %j', (text, clocks) => {
		expect(parseClocks(text)).toEqual({ok: true, value: clocks});
	});

	test.each(['', '10,,60', '0', '-10', 'ten', '10;60', 'Infinity'])('refuses %j, saying what it takes', text => {
		expect(parseClocks(text)).toEqual({ok: false, error: `--clocks takes seconds separated by commas (10,60), not "${text}"`});
	});

	test('refuses a clock named twice', () => {
		expect(parseClocks('10,60,10')).toEqual({ok: false, error: '--clocks names 10 s twice'});
	});
});

describe('the table', () => {
	const names = (id: string) => (id === 'loaps' ? 'LOAPS' : id);

	test('has a row a pairing with its share, results, Elo, faults, CPU and target', () => {
		const text = ladderTable([tally(GAMES)], names);
		const row = text.split('\n')[1]!.split(/\s{2,}/);
		const elo = eloDifference(11 / 2, 9);
		expect(row).toEqual([
			'LOAPS',
			'10 s',
			'9',
			'61.1 %',
			'4',
			'1',
			'2',
			'2',
			`+${Math.round(elo.elo)} ± ${Math.round(elo.margin)}`,
			'1/1',
			'0/1',
			'38.9',
			'49 %',
			'36 %',
			'≥ 75 %: no*',
		]);
		expect(text).toContain(`* fewer than ${TARGET_GAMES} games: not a verdict on the target.`);
	});

	test('says a target is met; no footnote when the games suffice', () => {
		const sweep = Array.from({length: 20}, (_, index) => GAMES[index % 2]!);
		const text = ladderTable([tally(sweep)], names);
		expect(
			text
				.split('\n')[1]!
				.split(/\s{2,}/)
				.slice(2, 4),
		).toEqual(['20', '100.0 %']);
		expect(
			text
				.split('\n')[1]!
				.split(/\s{2,}/)
				.at(-1),
		).toBe('≥ 75 %: yes');
		expect(text).not.toContain('* fewer than');
		expect(text).not.toContain('stopped by Ctrl-C');
	});

	test('marks a stopped pairing and a missed target', () => {
		const many = Array.from({length: 3}, () => GAMES)
			.flat()
			.slice(0, 22);
		const text = ladderTable([tally(many, true)], names);
		const row = text.split('\n')[1]!.split(/\s{2,}/);
		expect(row[2]).toBe('22/24');
		expect(row.at(-1)).toBe(`≥ 75 %: no`);
		expect(text).toContain('games n/m: stopped by Ctrl-C after n of the m games.');
	});
});

describe('the openings', () => {
	test.each([
		['LOAPS', loaps as Game<unknown>],
		['classic LOA', classicLoa as Game<unknown>],
	])('%s: match 1 from the start, the others two plies in, all different, the same from the same seed', (_, game) => {
		const openings = ladderOpenings(game, 10);
		expect(openings.map(opening => opening.match)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
		expect(openings[0]!.moves).toEqual([]);
		expect(game.format(openings[0]!.state)).toBe(game.format(game.initial()));
		for (const opening of openings.slice(1)) {
			expect(opening.moves).toHaveLength(2);
			// The state is the start with those moves played, the game still going.
			let state = game.initial();
			for (const text of opening.moves) {
				const move = game.parseMove(state, text);
				if (!move.ok) throw new Error(move.error);
				state = game.play(state, move.value);
			}
			expect(game.format(opening.state)).toBe(game.format(state));
			expect(game.outcome(opening.state)).toBeNull();
		}
		expect(new Set(openings.map(opening => opening.moves.join(' '))).size).toBe(10);
		expect(ladderOpenings(game, 10).map(opening => opening.moves)).toEqual(openings.map(opening => opening.moves));
		expect(ladderOpenings(game, 10, 2, 2).map(opening => opening.moves)).not.toEqual(openings.map(opening => opening.moves));
	});
});
