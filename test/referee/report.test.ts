/**
 * The referee's tables and texts fit the terminal: 80 columns (a pipe, a file), or the
 * terminal's width when it is wider. Long entry names are cut, the least useful columns left out,
 * only as far as the width needs.
 */
import {describe, expect, test} from 'vitest';
import {loaps} from '../../source/games/loa/index.js';
import {fittedTable, matchReport, tournamentReport, type RunReport} from '../../source/referee/report.js';
import type {GameRecord, PlayerSpec} from '../../source/referee/types.js';

const builtin = (name: string): PlayerSpec => ({kind: 'builtin', name, player: {kind: 'random'}});
const entry = (name: string): PlayerSpec => ({kind: 'external', name, command: name, argv: name.split(' ')}) as unknown as PlayerSpec;

function record(
	number: number,
	seats: [number, number],
	winner: 1 | 2 | null,
	reason: string,
	cpu: [number, number] = [41_800, 52_400],
): GameRecord {
	return {
		number,
		match: Math.ceil(number / 2),
		seats,
		result: winner === null ? 'draw' : 'win',
		winner,
		reason,
		description: `game ${number}`,
		disqualified: null,
		points: [19, 7],
		plies: 41,
		clockUsedMs: cpu,
		longestMoveMs: [8_700, 2_100],
		moves: [],
		finalPosition: '',
	};
}

const widest = (text: string): number => Math.max(...text.split('\n').map(line => [...line].length));

const matchOf = (players: PlayerSpec[]): RunReport => ({
	game: loaps,
	players,
	matches: 1,
	clockMs: 60_000,
	scheduled: 2,
	games: [record(1, [0, 1], 1, 'opponent-connected'), record(2, [1, 0], null, 'move-limit')],
	stopped: false,
});

describe('the match report', () => {
	test('the header gives the clock as it was asked for, 0.5 s or 2.25 s, not rounded to 0.0', () => {
		expect(matchReport({...matchOf([builtin('a'), builtin('b')]), clockMs: 500})).toMatch(/^LOAPS match: .*, 0\.5 s clocks/);
		expect(matchReport({...matchOf([builtin('a'), builtin('b')]), clockMs: 2250})).toMatch(/, 2\.25 s clocks/);
	});

	test('two built-in players at 80 columns: every line fits, the rows say who won and how', () => {
		const text = matchReport(matchOf([builtin('ai:5'), builtin('ai:random')]));
		expect(widest(text)).toBeLessThanOrEqual(80);
		expect(text).toMatch(/^\s+1(\s+1)?\s+ai:5\s+ai:random\s+RED\s+opponent-connected\s+19-7\s+41\s+41\.8\/52\.4/m);
		expect(text).toMatch(/^\s+2(\s+1)?\s+ai:random\s+ai:5\s+draw\s+move-limit\s+19-7\s+41/m);
		expect(text).toContain('RED moved first');
	});

	test('long entry names at 80 columns: cut with an ellipsis, the rest of the row kept', () => {
		const text = matchReport(
			matchOf([entry('python3 /home/someone/entries/loaps/final_entry.py'), entry('node /srv/potm/entries/other-entry/index.js --fast')]),
		);
		expect(widest(text)).toBeLessThanOrEqual(80);
		expect(text).toMatch(/python3 ?\S*…/);
		expect(text).toMatch(/\s+RED\s+opponent-connected\s+19-7\s+41/);
		expect(text).toMatch(/^\s+2\s+node \S*…\s+python3 ?\S*…\s+draw\s+move-limit/m);
	});

	test('a wider terminal shows what 80 columns leave out: the match and the longest move', () => {
		const narrow = matchReport(matchOf([builtin('ai:5'), builtin('ai:random')]), 80);
		const wide = matchReport(matchOf([builtin('ai:5'), builtin('ai:random')]), 120);
		expect(widest(wide)).toBeLessThanOrEqual(120);
		expect(wide).toMatch(/^game\s+match\s+RED\s+BLUE\s+winner\s+reason\s+points\s+plies\s+CPU s\s+longest$/m);
		expect(wide).toContain('8.7/2.1');
		expect(wide).toContain("longest: each side's longest move");
		// At 80 a column that is left out takes its note with it.
		if (!/\blongest$/m.test(narrow)) expect(narrow).not.toContain("longest: each side's");
	});
});

describe('the tournament report', () => {
	test('eight players, some with long names: the crosstable and every line within 80 columns', () => {
		const players = [
			...['ai:1', 'ai:2', 'ai:3', 'ai:4', 'ai:5', 'ai:greedy'].map(builtin),
			entry('python3 my_first_entry.py --depth 4'),
			entry('./another-entry-with-a-long-name'),
		];
		const games: GameRecord[] = [];
		let number = 0;
		for (let a = 0; a < players.length; a++)
			for (let b = a + 1; b < players.length; b++)
				games.push(record(++number, [a, b], 1, 'connection'), record(++number, [b, a], 2, 'connection'));
		const text = tournamentReport({game: loaps, players, matches: 1, clockMs: 60_000, scheduled: games.length, games, stopped: false});
		expect(widest(text)).toBeLessThanOrEqual(80);
		expect(text).toMatch(/^rank\s+player\s+MP\s+1\s+2\s+3\s+4\s+5\s+6\s+7\s+8\s/m);
		expect(text).toContain('python3 my_');
	});
});

describe('a tournament too many for the crosstable beside the standings', () => {
	test.each([10, 12, 16, 20, 24, 30])(
		'%i players: the crosstable beside the standings while they fit, else in a table of its own (in blocks of ranks if need be); all within 80 columns',
		count => {
			const players = Array.from({length: count}, (_, index) => builtin(`ai:p${index}`));
			const games: GameRecord[] = [];
			let number = 0;
			for (let a = 0; a < count; a++)
				for (let b = a + 1; b < count; b++)
					games.push(record(++number, [a, b], 1, 'connection'), record(++number, [b, a], 2, 'connection'));
			const text = tournamentReport({game: loaps, players, matches: 1, clockMs: 60_000, scheduled: games.length, games, stopped: false});
			expect(widest(text)).toBeLessThanOrEqual(80);
			const heads = text.split('\n').filter(line => /^rank\s+player/.test(line));
			expect(heads.some(line => /\bMP\b.*\bElo$/.test(line))).toBe(true);
			// Every rank has its column, once.
			const crossHeads = heads.filter(line => !/\bMP\b/.test(line) || /\b1\s+2\b/.test(line)).join(' ');
			for (let rank = 1; rank <= count; rank++)
				expect(crossHeads.match(new RegExp(`\\s${rank}(?=\\s|$)`, 'g'))?.length, `column ${rank}`).toBe(1);
			if (count >= 12) expect(heads.length).toBeGreaterThanOrEqual(2);
		},
	);
});

describe('fittedTable', () => {
	const columns = [{head: 'a'}, {head: 'name', least: 4}, {head: 'extra', optional: 1}, {head: 'n', right: true}];
	const body = [['x', 'a fairly long name indeed', 'something', '12']];

	test('fits as it is when it can', () => {
		expect(fittedTable(columns, body, 200)).toBe(
			'a  name                       extra       n\nx  a fairly long name indeed  something  12',
		);
	});

	test('cuts text as far as needed down to a fair length, then leaves out optional columns, then cuts further', () => {
		expect(fittedTable(columns, body, 40)).toBe('a  name                    extra       n\nx  a fairly long name in…  something  12');
		// Cut to 12 the row is still 30 wide: the optional column goes.
		expect(fittedTable(columns, body, 20)).toBe('a  name           n\nx  a fairly lo…  12');
		expect(fittedTable(columns, body, 12)).toBe('a  name    n\nx  a fa…  12');
	});
});
