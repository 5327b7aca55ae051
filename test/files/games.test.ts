/** The games folder as the Games list reads it (source/files/games.ts): entries, results as the person saw them, tallies. */
import {mkdtempSync, rmSync, utimesSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, test} from 'vitest';
import {listGames, tallies, tallyText} from '../../source/files/games.js';
import {AGREED, formatRecord} from '../../source/files/record.js';
import {pahtum} from '../../source/games/pahtum/index.js';
import {loaps} from '../../source/games/loa/index.js';
import type {Outcome} from '../../source/games/game.js';

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'potm-games-'));
});
afterEach(() => {
	rmSync(dir, {recursive: true, force: true});
});

/** A LOAPS game of one move that `winner` won on time (or drawn by agreement; null: not over), kept as NAME.game.txt, `minutesAgo` old. */
function keep(name: string, players: readonly [string, string], winner: 1 | 2 | 'draw' | null, minutesAgo: number): void {
	const start = loaps.initial();
	const first = loaps.legalMoves(start)[0]!;
	const after = loaps.play(start, first);
	const ended: Outcome | null =
		winner === null
			? null
			: winner === 'draw'
				? {result: 'draw', winner: null, reason: AGREED, description: 'Drawn by agreement'}
				: {result: 'win', winner, reason: 'time', description: `${loaps.sides[2 - winner]} ran out of time`};
	const path = join(dir, `${name}.game.txt`);
	writeFileSync(path, formatRecord({game: loaps, line: [start, after], moves: [first], ended, players, clocked: false}));
	const when = new Date(Date.now() - minutesAgo * 60_000);
	utimesSync(path, when, when);
}

describe('listGames', () => {
	test('newest first; the result and the opponent as the person ("you") saw them, on either side', () => {
		keep('old', ['you', 'potm level 4 Strong'], 1, 30);
		keep('new', ['potm level 2 Casual', 'you'], 1, 1);
		keep('mid', ['you', 'potm level 4 Strong'], 2, 10);
		const entries = listGames(dir);
		expect(entries.map(entry => [entry.path.slice(dir.length + 1), entry.game, entry.result, entry.opponent])).toEqual([
			['new.game.txt', 'LOAPS', 'lost', 'level 2 Casual'],
			['mid.game.txt', 'LOAPS', 'lost', 'level 4 Strong'],
			['old.game.txt', 'LOAPS', 'won', 'level 4 Strong'],
		]);
	});

	test('a game that ended otherwise than by its rules says how: on time, by resignation, by agreement; one by its rules, nothing more', () => {
		keep('flag', ['you', 'potm level 4 Strong'], 2, 3);
		keep('agreed', ['you', 'potm level 4 Strong'], 'draw', 2);
		keep('open', ['you', 'potm level 4 Strong'], null, 1);
		const [open, agreed, flag] = listGames(dir);
		expect(flag).toMatchObject({result: 'lost', ending: 'on time'});
		expect(agreed).toMatchObject({result: 'drawn', ending: 'by agreement'});
		expect(open).toMatchObject({result: 'not over', ending: null});
		// The tally counts them as what they came to.
		expect(tallies(listGames(dir))).toEqual([{game: 'LOAPS', opponent: 'level 4 Strong', won: 0, drawn: 1, lost: 1}]);
	});

	test('a game between two others is told by its winner; one not over says so', () => {
		keep('two', ['player 1', 'player 2'], 2, 2);
		keep('open', ['you', 'potm level 1 Beginner'], null, 1);
		const [open, two] = listGames(dir);
		expect(open).toMatchObject({result: 'not over', opponent: 'level 1 Beginner'});
		expect(two).toMatchObject({result: 'BLUE won', opponent: 'player 1 vs player 2', mine: false});
	});

	test("over potm serve, a game between two people kept in both players' folders is each one's own: their result, the other by name", () => {
		// alice and bob drew, then played the rematch with the sides swapped, which alice (BLUE) won.
		keep('first', ['alice', 'bob'], 'draw', 10);
		keep('rematch', ['bob', 'alice'], 2, 5);
		// Against the AI on the server, the person is "you" as here.
		keep('ai', ['you', 'potm level 4 Strong'], 2, 1);
		const seen = (me: string) => listGames(dir, me).map(entry => [entry.result, entry.opponent, entry.mine]);
		expect(seen('alice')).toEqual([
			['lost', 'level 4 Strong', true],
			['won', 'bob', true],
			['drawn', 'bob', true],
		]);
		expect(seen('bob')).toEqual([
			['lost', 'level 4 Strong', true],
			['lost', 'alice', true],
			['drawn', 'alice', true],
		]);
		expect(tallies(listGames(dir, 'alice')).map(tallyText)).toEqual([
			'LOAPS vs bob: 1 won, 1 drawn, 0 lost',
			'LOAPS vs level 4 Strong: 0 won, 1 lost',
		]);
		expect(tallies(listGames(dir, 'bob')).map(tallyText)).toEqual([
			'LOAPS vs alice: 0 won, 1 drawn, 1 lost',
			'LOAPS vs level 4 Strong: 0 won, 1 lost',
		]);
		// Someone else's name (a folder looked at by another), or none (potm here): a game between two others.
		expect(listGames(dir, 'carol')[1]).toMatchObject({result: 'BLUE won', opponent: 'bob vs alice', mine: false});
		expect(listGames(dir)[1]).toMatchObject({result: 'BLUE won', opponent: 'bob vs alice', mine: false});
	});

	test('a name on both sides (two people under one name, each with a key of their own) tells neither', () => {
		keep('same', ['alice', 'alice'], 1, 1);
		expect(listGames(dir, 'alice')[0]).toMatchObject({result: 'RED won', opponent: 'alice vs alice', mine: false});
	});

	test('a demo game, two AIs: both named shortly, first player first', () => {
		keep('demo', ['potm level 5 Master', 'potm level 3 Club'], 1, 1);
		expect(listGames(dir)[0]).toMatchObject({result: 'RED won', opponent: 'level 5 vs level 3', mine: false});
	});

	test("the points are the person's first", () => {
		// RED scores with its first move, then resigns: BLUE, the person, won with none to RED's.
		const start = loaps.initial();
		const move = loaps.legalMoves(start).find(one => loaps.scores(loaps.play(start, one))[0] > 0)!;
		const line = [start, loaps.play(start, move)];
		const resign: Outcome = {result: 'win', winner: 2, reason: 'resignation', description: 'RED resigns: BLUE wins'};
		writeFileSync(
			join(dir, 'p.game.txt'),
			formatRecord({game: loaps, line, moves: [move], ended: resign, players: ['potm level 3 Club', 'you'], clocked: false}),
		);
		const [entry] = listGames(dir);
		const red = loaps.scores(line[1]!)[0];
		expect(red).toBeGreaterThan(0);
		expect(entry).toMatchObject({game: 'LOAPS', result: 'won', ending: 'by resignation', points: `0-${red}`, opponent: 'level 3 Club'});
		// A PAH-TUM game reads the same way.
		const grid = pahtum.initial({seed: 3});
		const place = pahtum.legalMoves(grid)[0]!;
		writeFileSync(
			join(dir, 'q.game.txt'),
			formatRecord({
				game: pahtum,
				line: [grid, pahtum.play(grid, place)],
				moves: [place],
				ended: resign,
				players: ['you', 'potm level 3 Club'],
				clocked: false,
			}),
		);
		expect(listGames(dir).find(one => one.path.endsWith('q.game.txt'))).toMatchObject({
			game: 'PAH-TUM',
			result: 'lost',
			opponent: 'level 3 Club',
		});
	});

	test('a file that does not read is listed with its error; hidden files, other files and folders are not', () => {
		writeFileSync(join(dir, 'broken.game.txt'), '[Game "Chess"]\n');
		writeFileSync(join(dir, '.half.game.txt.123.0123abcd.tmp'), 'x');
		writeFileSync(join(dir, 'notes.txt'), 'x');
		const entries = listGames(dir);
		expect(entries).toHaveLength(1);
		expect(entries[0]!.error).toMatch(/broken\.game\.txt line 1: unknown game "Chess"/);
		expect(listGames(join(dir, 'none'))).toEqual([]);
	});
});

describe('tallies', () => {
	test('per game and opponent, most played first; games between others and unfinished ones left out', () => {
		keep('a', ['you', 'potm level 4 Strong'], 1, 5);
		keep('b', ['potm level 4 Strong', 'you'], 1, 4);
		keep('c', ['you', 'potm level 4 Strong'], 2, 3);
		keep('d', ['you', 'potm level 2 Casual'], 1, 2);
		keep('e', ['player 1', 'player 2'], 1, 1);
		keep('f', ['you', 'potm level 2 Casual'], null, 1);
		// Drawn between others counts for nobody either.
		keep('g', ['player 1', 'player 2'], 'draw', 1);
		keep('h', ['potm level 5 Master', 'potm level 3 Club'], 'draw', 1);
		expect(tallies(listGames(dir)).map(tallyText)).toEqual([
			'LOAPS vs level 4 Strong: 1 won, 2 lost',
			'LOAPS vs level 2 Casual: 1 won, 0 lost',
		]);
	});
});
