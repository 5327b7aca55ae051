/**
 * `potm match` and `potm tournament` end to end: the built CLI (dist/cli.js, built by the global
 * setup) run as a user runs it, against the built-in players and the fake entries in
 * test/fixtures/entries. What is checked: the JSON summary and the tables and where each goes,
 * the records kept with --out (and that a second run cannot overwrite them), external entries
 * (absolute, relative, with a file argument), the players and folders refused, Ctrl-C (exit 130,
 * no entry and no temporary folder left behind) and a hung entry that must not hold the referee.
 * How the command line reads the options and the players' count, and the help, is checked in
 * process: test/command-line/parse.test.ts.
 */
import {spawn, spawnSync} from 'node:child_process';
import {
	chmodSync,
	copyFileSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	readFileSync,
	readlinkSync,
	rmSync,
	statSync,
	writeFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterAll, describe, expect, test} from 'vitest';
import {loadGame} from '../../source/files/load-game.js';
import {loaps} from '../../source/games/loa/index.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(root, 'dist', 'cli.js');
const entries = join(root, 'test', 'fixtures', 'entries');
const garbage = join(entries, 'garbage.sh');
const sleeper = join(entries, 'sleeper.sh');
// Not "potm-referee-...": that is the prefix of the referee's own temporary folders.
const scratch = mkdtempSync(join(tmpdir(), 'potm-test-referee-cli-'));
afterAll(() => rmSync(scratch, {recursive: true, force: true}));

interface Run {
	readonly status: number | null;
	readonly signal: string | null;
	readonly stdout: string;
	readonly stderr: string;
	/** Wall milliseconds from start to exit. */
	readonly ms: number;
}

function potm(args: readonly string[], options: {cwd?: string; env?: Record<string, string>; timeoutMs?: number} = {}): Run {
	const started = performance.now();
	const run = spawnSync(process.execPath, [cli, ...args], {
		cwd: options.cwd ?? root,
		encoding: 'utf8',
		env: {...process.env, ...options.env},
		timeout: options.timeoutMs ?? 45_000,
		killSignal: 'SIGKILL',
	});
	return {status: run.status, signal: run.signal, stdout: run.stdout, stderr: run.stderr, ms: performance.now() - started};
}

/** A fresh folder inside the scratch folder. */
let folders = 0;
function folder(name: string): string {
	const path = join(scratch, `${name}-${++folders}`);
	mkdirSync(path);
	return path;
}

/** The parts of the JSON summary these tests read. */
interface Summary {
	game: string;
	clockSeconds: number;
	matchesPerPairing: number;
	gamesScheduled: number;
	gamesPlayed: number;
	stopped: boolean;
	players: {name: string; builtin: boolean; command?: string}[];
	games: {
		number: number;
		match: number;
		players: string[];
		firstMover: string;
		result: string;
		winner: string | null;
		reason: string;
		fault: boolean;
		disqualified: string | null;
		description: string;
		points: number[];
		pointsCount: boolean;
		plies: number;
		clockUsed: number[];
		longestMove: number[];
	}[];
	totals: {
		player: string;
		matchPoints: number;
		games: number;
		wins: number;
		draws: number;
		ties: number;
		losses: number;
		disqualifications: number;
	}[];
	ranking: {place: number; shared: boolean; player: string}[];
	ratings: {player: string; elo: number; margin: number | null}[];
	crosstable: {player: string; against: Record<string, {games: number; matchPoints: number} | null>}[];
}

/** stdout of a --json run: exactly one JSON document (JSON.parse refuses anything before or after it). */
function summaryOf(run: Run): Summary {
	expect(run.stdout.startsWith('{'), run.stdout.slice(0, 200)).toBe(true);
	expect(run.stdout.endsWith('}\n')).toBe(true);
	return JSON.parse(run.stdout) as Summary;
}

const totalsOf = (summary: Summary, player: string) => {
	const row = summary.totals.find(total => total.player === player);
	if (!row) throw new Error(`no totals for ${player} in ${JSON.stringify(summary.totals)}`);
	return row;
};

/** Every game of the summary is well formed and consistent with the clock. */
function expectWellFormedGames(summary: Summary): void {
	for (const game of summary.games) {
		expect(['win', 'tie', 'draw']).toContain(game.result);
		expect(game.reason).toMatch(/^[a-z-]+$/);
		expect(game.firstMover).toBe(game.players[0]);
		expect(game.points).toHaveLength(2);
		for (const points of game.points) expect(Number.isInteger(points) && points >= 0).toBe(true);
		expect(Number.isInteger(game.plies) && game.plies >= 0).toBe(true);
		expect(game.clockUsed).toHaveLength(2);
		expect(game.longestMove).toHaveLength(2);
		for (const side of [0, 1]) {
			const used = game.clockUsed[side]!;
			const longest = game.longestMove[side]!;
			expect(Number.isFinite(used) && used >= 0, `clockUsed ${used}`).toBe(true);
			expect(Number.isFinite(longest) && longest >= 0, `longestMove ${longest}`).toBe(true);
			expect(longest).toBeLessThanOrEqual(used);
		}
		if (game.result === 'win') expect(game.players).toContain(game.winner);
		else expect(game.winner).toBeNull();
	}
}

/** A usage error: exit 2, nothing on stdout, one `potm:` line (and perhaps the pointer to --help), no stack trace. */
function expectUsageError(run: Run, message: RegExp): void {
	expect(run.status, run.stderr).toBe(2);
	expect(run.stdout).toBe('');
	const lines = run.stderr.split('\n').filter(line => line !== '');
	const said = lines.filter(line => line.startsWith('potm: '));
	expect(said, run.stderr).toHaveLength(1);
	expect(said[0]).toMatch(message);
	// One line, as docs/command-line.md §13 promises.
	expect(lines).toEqual(said);
	expect(run.stderr).not.toMatch(/^\s+at |internal error|Error:/m);
}

/** The contents and modification times of every file in `dir`. */
function snapshot(dir: string): Record<string, {text: string; mtimeMs: number}> {
	const files: Record<string, {text: string; mtimeMs: number}> = {};
	for (const name of readdirSync(dir).sort()) {
		const path = join(dir, name);
		files[name] = {text: readFileSync(path, 'utf8'), mtimeMs: statSync(path).mtimeMs};
	}
	return files;
}

describe('potm match, built-in players', () => {
	test('--json: one JSON document on stdout, two games with the sides swapped, totals, the tables on stderr', () => {
		const run = potm(['match', 'ai:random', 'ai:greedy', '--clock', '5', '--json']);
		expect(run.status, run.stderr).toBe(0);
		const summary = summaryOf(run);
		expect(summary).toMatchObject({
			game: 'loaps',
			clockSeconds: 5,
			matchesPerPairing: 1,
			gamesScheduled: 2,
			gamesPlayed: 2,
			stopped: false,
		});
		expect(summary.players).toEqual([
			{name: 'ai:random', builtin: true},
			{name: 'ai:greedy', builtin: true},
		]);
		expect(summary.games.map(game => game.number)).toEqual([1, 2]);
		const [one, two] = summary.games as [Summary['games'][0], Summary['games'][0]];
		expect(one.players[0]).toBe(two.players[1]);
		expect(one.players[1]).toBe(two.players[0]);
		expect(new Set([one.firstMover, two.firstMover])).toEqual(new Set(['ai:random', 'ai:greedy']));
		expectWellFormedGames(summary);
		// Built-in players make no faults.
		for (const game of summary.games) expect(game).toMatchObject({fault: false, disqualified: null, pointsCount: true});

		expect(summary.totals.map(total => total.player).sort()).toEqual(['ai:greedy', 'ai:random']);
		expect(summary.totals.reduce((sum, total) => sum + total.matchPoints, 0)).toBe(4);
		for (const total of summary.totals) {
			expect(total.games).toBe(2);
			expect(total.wins + total.draws + total.ties + total.losses).toBe(2);
			expect(total.disqualifications).toBe(0);
		}

		// The tables for people went to stderr, beside the progress lines.
		expect(run.stderr).toContain('LOAPS match: ai:random against ai:greedy, 1 match (2 games), 5 s clocks');
		expect(run.stderr).toMatch(/^game(\s+match)?\s+RED\s+BLUE\s+winner/m);
		expect(run.stderr).toMatch(/^rank\s+player\s+MP\s+games\s+W\s+D\s+T\s+L\s+DQ\s+Elo$/m);
	});

	test('without --json: the games table and the standings on stdout, one progress line per game on stderr', () => {
		const run = potm(['match', 'ai:random', 'ai:greedy', '--clock', '5']);
		expect(run.status, run.stderr).toBe(0);
		// The header, wrapped at 80 columns.
		expect(run.stdout.split('\n\n')[0]!.replace(/\n/g, ' ')).toBe(
			'LOAPS match: ai:random against ai:greedy, 1 match (2 games), 5 s clocks (CPU time)',
		);
		expect(run.stdout).toMatch(/^game(\s+match)?\s+RED\s+BLUE\s+winner\s+reason\s+points\s+plies/m);
		expect(run.stdout).toMatch(/^\s+1(\s+1)?\s+ai:random\s+ai:greedy\s+\S/m);
		expect(run.stdout).toMatch(/^\s+2(\s+1)?\s+ai:greedy\s+ai:random\s+\S/m);
		for (const line of run.stdout.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(80);
		expect(run.stdout).toMatch(/^rank\s+player\s+MP\s+games/m);
		expect(run.stdout).toMatch(/^\s+=?[12]\s+ai:random\s+\d+\s+2\s/m);
		expect(run.stdout).toMatch(/^\s+=?[12]\s+ai:greedy\s+\d+\s+2\s/m);
		expect(run.stdout).not.toMatch(/game \d\/2:/);
		expect(run.stdout).not.toMatch(/^\s*\{/m);

		const lines = run.stderr.split('\n').filter(line => line !== '');
		expect(lines, run.stderr).toHaveLength(2);
		for (const line of lines) {
			expect(line).toMatch(/^game [12]\/2: .+\(.*\d+ plies\)/);
			expect(line).toContain('ai:random');
			expect(line).toContain('ai:greedy');
		}
		expect(lines.map(line => line.slice(0, 'game 1/2'.length)).sort()).toEqual(['game 1/2', 'game 2/2']);
	});
});

describe('potm match --out DIR', () => {
	test('keeps each game (position, history, record), summary.json and results.txt; the history reaches the final position', () => {
		const dir = join(folder('out'), 'run');
		const run = potm(['match', 'ai:random', 'ai:greedy', '--clock', '5', '--json', '--out', dir]);
		expect(run.status, run.stderr).toBe(0);
		const summary = summaryOf(run);
		expect(readdirSync(dir).sort()).toEqual([
			'game-001.history.json',
			'game-001.record.txt',
			'game-001.txt',
			'game-002.history.json',
			'game-002.record.txt',
			'game-002.txt',
			'results.txt',
			'summary.json',
		]);
		expect(readFileSync(join(dir, 'summary.json'), 'utf8')).toBe(run.stdout);
		const results = readFileSync(join(dir, 'results.txt'), 'utf8');
		expect(results).toMatch(/^LOAPS match: ai:random against ai:greedy/);
		expect(run.stderr).toContain(results);

		let connected = 0;
		for (const game of summary.games) {
			const name = `game-00${game.number}`;
			const path = join(dir, `${name}.txt`);
			const loaded = loadGame(path);
			if (!loaded.ok) throw new Error(`loadGame(${path}): ${loaded.error}`);
			expect(loaded.value.game.id).toBe('loaps');
			expect(loaded.value.note).toBeNull();
			expect(loaded.value.line).toHaveLength(game.plies + 1);
			expect(loaded.value.moves).toHaveLength(game.plies);
			const text = readFileSync(path, 'utf8');
			expect(loaded.value.game.format(loaded.value.line.at(-1))).toBe(text);
			if (game.reason === 'connection' || game.reason === 'opponent-connected' || game.reason === 'simultaneous') {
				// A connected position is no position to play from: only the history makes it loadable.
				connected++;
				expect(loaps.parse(text, path).ok).toBe(false);
			}

			const record = readFileSync(join(dir, `${name}.record.txt`), 'utf8');
			const [first, second] = game.players as [string, string];
			expect(record).toContain(`RED (moves first): ${first} (built in)`);
			expect(record).toContain(`BLUE: ${second} (built in)`);
			expect(record).toContain(`Result: ${game.description}`);
			expect(record).toContain(`Reason: ${game.reason}; points ${game.points[0]}-${game.points[1]}; ${game.plies} plies`);
			expect(record).toContain(`Final position: ${path}`);
			// One row per ply under the header.
			expect(record.match(/^\s+\d+\s+(RED|BLUE)\s+[a-g][1-7] [a-g][1-7]\s/gm)).toHaveLength(game.plies);
		}
		// ai:greedy takes a connection as soon as it has one: the case the history is there for did come up.
		expect(connected).toBeGreaterThan(0);

		// A second run into the same folder is refused and leaves the first run's files alone.
		const before = snapshot(dir);
		const again = potm(['match', 'ai:random', 'ai:greedy', '--clock', '5', '--json', '--out', dir]);
		expectUsageError(again, /^potm: --out .+ already holds the records of a run/);
		expect(again.stderr.split('\n').filter(line => line !== '')).toHaveLength(1);
		expect(snapshot(dir)).toEqual(before);
	});
});

describe('potm match against an external entry', () => {
	test('garbage.sh (absolute path) loses both games as unparsable; the record keeps what it printed', () => {
		const dir = join(folder('garbage'), 'run');
		const run = potm(['match', 'ai:random', garbage, '--clock', '5', '--json', '--out', dir]);
		expect(run.status, run.stderr).toBe(0);
		const summary = summaryOf(run);
		expect(summary.players[1]).toEqual({name: garbage, builtin: false, command: garbage});
		expect(summary.games).toHaveLength(2);
		expectWellFormedGames(summary);
		for (const game of summary.games) {
			expect(game).toMatchObject({
				result: 'win',
				winner: 'ai:random',
				reason: 'unparsable',
				fault: true,
				disqualified: garbage,
				pointsCount: false,
			});
			expect(game.description).toContain('I resign, good game!');
		}
		expect(totalsOf(summary, garbage)).toMatchObject({matchPoints: 0, games: 2, losses: 2, disqualifications: 2});
		expect(totalsOf(summary, 'ai:random')).toMatchObject({matchPoints: 4, games: 2, wins: 2, disqualifications: 0});
		for (const number of [1, 2]) {
			const record = readFileSync(join(dir, `game-00${number}.record.txt`), 'utf8');
			expect(record).toContain(`${garbage}   [runs: ${garbage} INPUT]`);
			expect(record).toContain('ai:random (built in)');
			expect(record).toMatch(/^Reason: unparsable;/m);
			// What it printed, as printed (JSON-quoted in the output column).
			expect(record).toContain('"I resign, good game!\\n"');
		}
	});

	test('a relative entry path works: the entry runs in a private folder, so potm makes the path absolute', () => {
		const run = potm(['match', 'ai:random', './garbage.sh', '--clock', '5', '--json'], {cwd: entries});
		expect(run.status, run.stderr).toBe(0);
		const summary = summaryOf(run);
		expect(summary.players[1]).toEqual({name: './garbage.sh', builtin: false, command: './garbage.sh'});
		// Had it been run as "./garbage.sh" from its private folder, it would not have started: a crash.
		for (const game of summary.games) expect(game).toMatchObject({winner: 'ai:random', reason: 'unparsable', disqualified: './garbage.sh'});
		expect(totalsOf(summary, './garbage.sh').disqualifications).toBe(2);
	});

	test('an argument naming a file where potm was started is found by the entry too', () => {
		const dir = folder('fixed');
		// Two legal plies from the start; the third is not listed, so fixed.sh then exits 1.
		writeFileSync(join(dir, 'moves.txt'), '1 1 b1 b3\n2 1 a6 c4\n');
		const entry = `${join(entries, 'fixed.sh')} moves.txt`;
		const run = potm(['match', entry, entry, '--clock', '5', '--json'], {cwd: dir});
		expect(run.status, run.stderr).toBe(0);
		const summary = summaryOf(run);
		expect(summary.players.map(player => player.name)).toEqual([entry, `${entry} #2`]);
		for (const game of summary.games) {
			// Both plies were played from moves.txt: the file was found from the entry's own folder.
			expect(game).toMatchObject({plies: 2, reason: 'crash', disqualified: game.players[0]});
			expect(game.description).toContain('exited with status 1');
		}
	});
});

describe('potm tournament', () => {
	const players = ['ai:random', 'ai:greedy', garbage];

	test('three players: six games, ranking, finite ratings, the crosstable; the same games with --jobs 1', () => {
		const run = potm(['tournament', ...players, '--clock', '5', '--json']);
		expect(run.status, run.stderr).toBe(0);
		const summary = summaryOf(run);
		expect(summary).toMatchObject({gamesScheduled: 6, gamesPlayed: 6, stopped: false});
		expect(summary.games).toHaveLength(6);
		expectWellFormedGames(summary);
		// Each pairing: two games, each side first once.
		for (const [a, b] of [
			[0, 1],
			[0, 2],
			[1, 2],
		] as const) {
			const pair = summary.games.filter(game => game.players.includes(players[a]!) && game.players.includes(players[b]!));
			expect(pair).toHaveLength(2);
			expect(new Set(pair.map(game => game.firstMover))).toEqual(new Set([players[a], players[b]]));
		}
		for (const game of summary.games.filter(one => one.players.includes(garbage))) {
			expect(game).toMatchObject({reason: 'unparsable', disqualified: garbage});
		}
		expect(totalsOf(summary, garbage)).toMatchObject({games: 4, losses: 4, disqualifications: 4, matchPoints: 0});

		expect(summary.ranking).toHaveLength(3);
		expect(summary.ranking.map(place => place.player).sort()).toEqual([...players].sort());
		expect(summary.ranking.at(-1)).toMatchObject({place: 3, player: garbage});
		expect(summary.ratings).toHaveLength(3);
		for (const rating of summary.ratings) {
			expect(Number.isFinite(rating.elo), JSON.stringify(rating)).toBe(true);
			expect(rating.margin !== null && Number.isFinite(rating.margin) && rating.margin > 0, JSON.stringify(rating)).toBe(true);
		}
		expect(summary.ratings.reduce((sum, rating) => sum + rating.elo, 0)).toBeGreaterThanOrEqual(-2);
		expect(summary.ratings.reduce((sum, rating) => sum + rating.elo, 0)).toBeLessThanOrEqual(2);

		expect(summary.crosstable.map(row => row.player)).toEqual(players);
		for (const row of summary.crosstable) {
			expect(Object.keys(row.against).sort()).toEqual([...players].sort());
			expect(row.against[row.player]).toBeNull();
			for (const other of players.filter(name => name !== row.player)) {
				const cell = row.against[other]!;
				const back = summary.crosstable.find(one => one.player === other)!.against[row.player]!;
				expect(cell.games).toBe(2);
				expect(cell.matchPoints + back.matchPoints).toBe(4);
			}
			const total = totalsOf(summary, row.player).matchPoints;
			expect(Object.values(row.against).reduce((sum, cell) => sum + (cell?.matchPoints ?? 0), 0)).toBe(total);
		}

		// The text report, on stderr: the crosstable's numbered columns, a dot on the diagonal.
		expect(run.stderr).toContain('LOAPS tournament: 3 players, 1 match per pairing (6 games), 5 s clocks');
		expect(run.stderr).toMatch(/^rank\s+player\s+MP\s+1\s+2\s+3\s+games\s+W\s+D\s+T\s+L\s+DQ\s+Elo$/m);
		const rows = run.stderr.split('\n').filter(line => /^\s+=?\d\s+(ai:|\/)/.test(line));
		expect(rows).toHaveLength(3);
		rows.forEach((line, index) => {
			// Read from the right (a long name is cut to fit 80 columns): Elo "+93 ± 214", DQ L T D W
			// games, and before them the crosstable, one cell per rank, "·" at the player's own.
			const cells = line.trim().split(/\s+/).slice(0, -9).slice(-3);
			expect(cells[index]).toBe('·');
			expect(cells.filter(cell => cell === '·')).toHaveLength(1);
		});
		// The report (after the progress lines, one a game) fits 80 columns.
		for (const line of run.stderr.slice(run.stderr.indexOf('LOAPS tournament:')).split('\n'))
			expect([...line].length, line).toBeLessThanOrEqual(80);

		const serial = potm(['tournament', ...players, '--clock', '5', '--json', '--jobs', '1']);
		expect(serial.status, serial.stderr).toBe(0);
		const one = summaryOf(serial);
		expect(one.gamesPlayed).toBe(summary.gamesPlayed);
		expect(one.games.map(game => game.players)).toEqual(summary.games.map(game => game.players));
		// With one job the games end in their order: the progress lines say so.
		expect(
			serial.stderr
				.split('\n')
				.filter(line => /^game \d\/6:/.test(line))
				.map(line => line.slice(5, 6)),
		).toEqual(['1', '2', '3', '4', '5', '6']);
	});

	// BUG: distinctNames (source/referee/players.ts) gives a repeated player "NAME #2" without checking
	// that no other player is already called "NAME #2". Here the third player is the entry run with
	// the argument "#2", so two players end up named "./garbage.sh #2": the tables and the progress
	// lines cannot tell them apart, and the JSON crosstable, keyed by name, loses a cell (the second
	// player's row shows a game against "itself"). Fix: count the given names first and, for a
	// repeat, take the smallest " #k" that no player's name (given or assigned) uses yet.
	test('players whose names collide after numbering still get names of their own', () => {
		const run = potm(['tournament', './garbage.sh', './garbage.sh', './garbage.sh #2', '--clock', '5', '--json'], {cwd: entries});
		expect(run.status, run.stderr).toBe(0);
		const summary = summaryOf(run);
		const names = summary.players.map(player => player.name);
		expect(names[0]).toBe('./garbage.sh');
		expect(new Set(names).size, JSON.stringify(names)).toBe(3);
		for (const row of summary.crosstable) {
			expect(Object.keys(row.against)).toHaveLength(3);
			expect(Object.values(row.against).filter(cell => cell === null)).toHaveLength(1);
		}
	});
});

describe('argument errors: exit 2, one potm: line, no stack trace', () => {
	const noExec = join(scratch, 'not-executable.sh');
	writeFileSync(noExec, '#!/bin/sh\necho "b1 d3"\n', {mode: 0o644});
	chmodSync(noExec, 0o644);
	const aFile = join(scratch, 'a-file.txt');
	writeFileSync(aFile, 'not a folder\n');

	test.each<[string, string[], RegExp]>([
		['ai:9', ['match', 'ai:9', 'ai:1'], /"ai:9" is not a built-in player: .*ai:greedy/],
		['ai:bogus', ['match', 'ai:1', 'ai:bogus'], /"ai:bogus" is not a built-in player/],
		['a missing entry file', ['match', './nope', 'ai:1'], /entry "\.\/nope": \.\/nope does not exist/],
		['a file without the x bit', ['match', noExec, 'ai:1'], /is not an executable file \(chmod \+x/],
		['a program not on the PATH', ['match', 'ai:1', 'no-such-potm-entry-program'], /no program "no-such-potm-entry-program" on the PATH/],
		['an unclosed quote', ['match', 'ai:1', `${garbage} 'oops`], /a single quote is not closed/],
		['--out at a file', ['match', 'ai:1', 'ai:2', '--out', aFile], /--out .*a-file\.txt: it is a file, not a folder/],
		// Node's own recursive mkdir spins forever there.
		[
			'--out where no folder can be made',
			['match', 'ai:1', 'ai:2', '--out', '/proc/no-such-potm-folder/run'],
			/--out \/proc\/no-such-potm-folder\/run: cannot make the folder/,
		],
	])('%s', (_, args, message) => {
		const run = potm(args, {cwd: scratch});
		expectUsageError(run, message);
		expect(run.ms).toBeLessThan(15_000);
	});

	test('--out at a file leaves the file alone', () => {
		potm(['match', 'ai:1', 'ai:2', '--out', aFile], {cwd: scratch});
		expect(readFileSync(aFile, 'utf8')).toBe('not a folder\n');
	});
});

interface Proc {
	readonly pid: number;
	readonly state: string;
	readonly cmdline: string;
	readonly cwd: string;
}

/** Every process /proc shows, with its state (R, S, Z, ...), command line and working folder. */
function processes(): Proc[] {
	const list: Proc[] = [];
	for (const name of readdirSync('/proc')) {
		if (!/^\d+$/.test(name)) continue;
		try {
			const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
			const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0]!;
			const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
			let cwd = '';
			try {
				cwd = readlinkSync(`/proc/${name}/cwd`);
			} catch {
				// A zombie or a process of another user.
			}
			list.push({pid: Number(name), state, cmdline, cwd});
		} catch {
			// Gone since the listing.
		}
	}
	return list;
}

/** Live (not zombie) processes of a run: running `program`, or working in a folder under `tmp` (the entries' private folders). */
const liveOf = (program: string, tmp: string): Proc[] =>
	processes().filter(proc => proc.state !== 'Z' && (proc.cmdline.includes(program) || proc.cwd.startsWith(`${tmp}/`)));

const pause = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

/** Described for the failure message, then killed: a failing test must not leave sleepers behind. */
function reap(procs: readonly Proc[]): string[] {
	const described = procs.map(proc => `${proc.pid} ${proc.state} ${proc.cmdline.trim()}`);
	for (const proc of procs) {
		try {
			process.kill(proc.pid, 'SIGKILL');
		} catch {
			// Gone already.
		}
	}
	return described;
}

describe('entries that never answer', () => {
	test('Ctrl-C: exit 130 within seconds, a report that says it stopped, no entry and no temporary folder left', async () => {
		// A copy at a path of its own, so that other tests' sleepers are not counted.
		const home = folder('ctrl-c');
		const program = join(home, 'sleeper.sh');
		copyFileSync(sleeper, program);
		chmodSync(program, 0o755);
		const tmp = folder('ctrl-c-tmp');
		const before = readdirSync(tmp);

		const child = spawn(process.execPath, [cli, 'match', program, program, '--clock', '60', '--jobs', '2'], {
			cwd: root,
			env: {...process.env, TMPDIR: tmp},
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
		child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
		const exited = new Promise<{code: number | null; signal: string | null}>(resolve =>
			child.on('exit', (code, signal) => resolve({code, signal})),
		);
		try {
			// Both games under way: their sleepers (and the sleepers' children) are running, once started.
			const started = performance.now();
			// The entries' processes (not potm itself, whose command line names the sleeper too).
			const entryProcesses = () => liveOf(program, tmp).filter(proc => proc.pid !== child.pid && proc.cwd.startsWith(`${tmp}/`));
			const sleepers = (procs: readonly Proc[]) =>
				procs.filter(proc => proc.cmdline.includes(program) && !proc.cmdline.includes('potm-entry'));
			const sleeps = (procs: readonly Proc[]) => procs.filter(proc => /^sleep 1000/.test(proc.cmdline));
			while ((sleepers(entryProcesses()).length < 2 || sleeps(entryProcesses()).length < 2) && performance.now() - started < 15_000)
				await pause(20);
			const running = entryProcesses();
			expect(sleepers(running).length, stderr).toBe(2);
			// The `sleep 1000` each sleeper started, found by its working folder.
			expect(sleeps(running)).toHaveLength(2);
			// TMPDIR was honoured: the referee's temporary folder is in ours.
			expect(readdirSync(tmp).filter(name => name.startsWith('potm-referee-'))).toHaveLength(1);

			const interrupted = performance.now();
			child.kill('SIGINT');
			const timeout = pause(20_000).then(() => null);
			const exit = await Promise.race([exited, timeout]);
			const took = performance.now() - interrupted;
			expect(exit, `${stdout}\n${stderr}`).toEqual({code: 130, signal: null});
			expect(took).toBeLessThan(6_000);
		} finally {
			if (child.exitCode === null && child.signalCode === null) {
				child.kill('SIGKILL');
				await pause(200);
				reap(liveOf(program, tmp));
			}
		}
		expect(stdout.split('\n\n')[0]!.replace(/\n/g, ' ')).toMatch(/^LOAPS match: .* — stopped after 0 of 2 games$/);
		expect(stdout).toMatch(/^rank\s+player/m);
		expect(stderr).toMatch(/^potm: stopping: /m);
		expect(stderr).not.toMatch(/internal error|^\s+at /m);

		// The kills are sent before the exit; give a moment for them to land, then nothing of ours may be alive.
		let left = liveOf(program, tmp);
		for (let tries = 0; left.length > 0 && tries < 20; tries++) {
			await pause(100);
			left = liveOf(program, tmp);
		}
		expect(reap(left)).toEqual([]);
		expect(readdirSync(tmp)).toEqual(before);
	});

	test('a hung entry never holds the referee beyond its clock and the grace: it loses "hung", both games within seconds', () => {
		const dir = join(folder('hung'), 'run');
		const tmp = folder('hung-tmp');
		// One game at a time, so that the bound below is the sum of both hangs. On 1 s (it was 2 s):
		// the bounds are the clock and the grace (HANG_GRACE_MS, 1 s), on any clock, and half the
		// clock (the bound on the sleeper's CPU below) is still far more than a sleeper uses.
		const run = potm(['match', 'ai:random', sleeper, '--clock', '1', '--jobs', '1', '--json', '--out', dir], {
			env: {TMPDIR: tmp},
			timeoutMs: 40_000,
		});
		expect(run.status, run.stderr).toBe(0);
		// 2 × (1 s clock + 1 s grace) and a few seconds for the rest.
		expect(run.ms).toBeLessThan(2 * (1_000 + 1_000) + 4_000);
		const summary = summaryOf(run);
		expect(summary.games).toHaveLength(2);
		for (const game of summary.games) {
			expect(game).toMatchObject({winner: 'ai:random', reason: 'hung', fault: true, disqualified: sleeper});
			const sleeperSide = game.players.indexOf(sleeper);
			// It was not computing: next to nothing on its clock.
			expect(game.clockUsed[sleeperSide]).toBeLessThan(0.5);
			// The hung move's wall time, from the record: not before its clock, not long after clock and grace.
			const record = readFileSync(join(dir, `game-00${game.number}.record.txt`), 'utf8');
			const hung = /^\s+\d+\s+(?:RED|BLUE)\s+-\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+(?:""\s+)?stopped by the referee: it hung$/m.exec(record);
			expect(hung, record).not.toBeNull();
			const wall = Number(hung![2]);
			expect(wall).toBeGreaterThanOrEqual(1);
			expect(wall).toBeLessThan(1 + 1 + 1.5);
		}
		expect(totalsOf(summary, sleeper)).toMatchObject({losses: 2, disqualifications: 2});
		// The sleepers were killed, their children too, and the temporary folder is gone.
		expect(reap(liveOf(sleeper, tmp).filter(proc => proc.cwd.startsWith(`${tmp}/`)))).toEqual([]);
		expect(readdirSync(tmp)).toEqual([]);
		expect(existsSync(join(dir, 'summary.json'))).toBe(true);
	});
});
