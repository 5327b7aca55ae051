/**
 * The command line read in process (source/command-line/parse.ts): every command, every option
 * and every refusal, as the words a person types. test/cli*.test.ts run the built program for what
 * only a run shows (a move, a file read, an exit status, the missing terminal).
 */
import {readFileSync} from 'node:fs';
import {describe, expect, test} from 'vitest';
import {helpText} from '../../source/command-line/help.js';
import {parse, type Command} from '../../source/command-line/parse.js';

const START = 'test/fixtures/positions/start.txt';
const LOA_START = 'test/fixtures/positions/loa-start.txt';

/** What the words ask for; the test fails with the refusal if they are refused. */
function command(words: string[]): Command {
	const read = parse(words);
	if ('error' in read) throw new Error(`${words.join(' ')}: ${read.error}`);
	return read;
}

/** Why the words are refused; the test fails if they are not. */
function refusal(words: string[]): string {
	const read = parse(words);
	if (!('error' in read)) throw new Error(`${words.join(' ')} is not refused: ${JSON.stringify(read)}`);
	// One line, as docs/command-line.md §13 promises (dispatch.ts writes it after "potm: ").
	expect(read.error, words.join(' ')).not.toContain('\n');
	return read.error;
}

/** A screen's command, for the options it starts with. */
function screen(words: string[]) {
	const read = command(words);
	if (read.kind !== 'screen') throw new Error(`${words.join(' ')} is not a screen: ${read.kind}`);
	return read;
}

/** A test for each command line of `cases`, refused with its sentence. */
function refusedEach(cases: readonly [string[], string][]): void {
	test.each(cases)('%j is refused', (words, message) => {
		expect(refusal(words)).toBe(message);
	});
}

const GAMES =
	'loaps (LOAPS, 7×7, the default), loa (Lines of Action, 8×8), pahtum (PAH-TUM, 7×7) or boxes (LINES and BOXES, 3×3..8×8 boxes)';

describe('the commands', () => {
	test('the menu, play, analyze (or analyse), demo, review, learn and puzzles open a screen, with the defaults', () => {
		expect(command([])).toEqual({
			kind: 'screen',
			options: {
				screen: 'menu',
				choices: {side: 1, level: 3, clock: 60, bell: true},
				clockGiven: false,
				newBoard: [],
				demo: {levels: [5, 3], delayMs: 1000, games: 0},
				ascii: false,
				color: true,
			},
			seed: undefined,
			threads: undefined,
		});
		expect(screen(['play']).options).toMatchObject({screen: 'play'});
		expect(screen(['play', START]).options).toMatchObject({screen: 'play', file: START});
		expect(screen(['analyze', START]).options).toMatchObject({screen: 'analysis', file: START});
		expect(screen(['analyse', START]).options).toMatchObject({screen: 'analysis', file: START});
		expect(screen(['demo', START]).options).toMatchObject({screen: 'demo', file: START});
		expect(screen(['review', 'a.txt']).options).toMatchObject({screen: 'review', file: 'a.txt', reviewBudget: {ms: 1000}});
		expect(screen(['learn', '--game', 'boxes']).options).toMatchObject({screen: 'learn', game: 'boxes'});
		expect(screen(['puzzles']).options).toMatchObject({screen: 'puzzles'});
		expect(screen(['puzzles', '--theme', ' CONNECT-IN-2 ']).options).toMatchObject({screen: 'puzzles', theme: 'connect-in-2'});
	});

	test('move: FILE, or - or nothing for standard input; --clock', () => {
		expect(command(['move', START])).toEqual({kind: 'move', file: START, game: undefined, clockSeconds: undefined});
		expect(command(['move'])).toMatchObject({kind: 'move', file: '-'});
		expect(command(['move', '-', '--clock', '1.5'])).toMatchObject({kind: 'move', file: '-', clockSeconds: 1.5});
		expect(command(['move', LOA_START, '--game', ' LOA '])).toMatchObject({game: 'loa'});
	});

	test('perft FILE DEPTH [--divide]', () => {
		expect(command(['perft', START, '4'])).toEqual({kind: 'perft', file: START, depth: 4, divide: false, game: undefined});
		expect(command(['perft', START, '0', '--divide', '--mover-wins'])).toEqual({
			kind: 'perft',
			file: START,
			depth: 0,
			divide: true,
			game: 'loa-mover',
		});
		expect(command(['perft', START, '30'])).toMatchObject({depth: 30});
	});

	test('match and tournament: the players and the run as the options give it', () => {
		expect(command(['match', 'ai:1', 'ai:2'])).toEqual({
			kind: 'referee',
			options: {kind: 'match', players: ['ai:1', 'ai:2'], matches: 1, setup: {}, varied: [], out: undefined, json: false},
			jobs: undefined,
		});
		expect(
			command(['tournament', 'ai:1', 'ai:2', 'x y', '--matches', '3', '--clock', '5', '--jobs', '2', '--out', 'runs/1', '--json']),
		).toEqual({
			kind: 'referee',
			options: {
				kind: 'tournament',
				players: ['ai:1', 'ai:2', 'x y'],
				matches: 3,
				clockSeconds: 5,
				setup: {},
				varied: [],
				out: 'runs/1',
				json: true,
			},
			jobs: 2,
		});
		expect(command(['match', 'a', 'b', '--game', 'pahtum', '--seed', '7', '--board', 'b.txt'])).toMatchObject({
			options: {game: 'pahtum', seed: 7, board: 'b.txt'},
		});
		expect(command(['match', 'a', 'b', '--game', 'pahtum', '--holes', '5'])).toMatchObject({options: {setup: {holes: 5}}});
		expect(command(['match', 'a', 'b', '--game', 'boxes', '--sizes', '3x3,5x7', '--lines', '4'])).toMatchObject({
			options: {
				setup: {lines: 4},
				varied: [
					{rows: 3, columns: 3},
					{rows: 5, columns: 7},
				],
			},
		});
	});

	test('review FILE: the board, or with --json the findings; --time or --depth', () => {
		expect(command(['review', 'g.txt', '--json'])).toEqual({
			kind: 'review-json',
			file: 'g.txt',
			game: undefined,
			budget: {ms: 1000},
			threads: undefined,
		});
		expect(command(['review', 'g.txt', '--json', '--depth', '4', '--threads', '2'])).toMatchObject({budget: {depth: 4}, threads: 2});
		expect(command(['review', 'g.txt', '--json', '--time', '.5'])).toMatchObject({budget: {ms: 500}});
		expect(command(['review', 'g.txt', '--json', '--time', '600'])).toMatchObject({budget: {ms: 600_000}});
		expect(screen(['review', 'g.txt', '--time', '0.05', '--threads', '3', '--ascii'])).toMatchObject({
			options: {screen: 'review', reviewBudget: {ms: 50}, ascii: true},
			threads: 3,
		});
	});

	test('export FILE', () => {
		expect(command(['export', 'g.txt'])).toEqual({kind: 'export', file: 'g.txt', game: undefined});
		expect(command(['export', 'g.txt', '--game', 'boxes'])).toMatchObject({game: 'boxes'});
	});

	test('serve, and its --names and --forget', () => {
		expect(command(['serve'])).toEqual({kind: 'serve', options: {port: 2222, host: '0.0.0.0', maxSessions: 50}, drawThreads: undefined});
		expect(command('serve --port 0 --host 127.0.0.1 --data d --authorized-keys k --max-sessions 1000 --draw-threads 0'.split(' '))).toEqual(
			{
				kind: 'serve',
				options: {port: 0, host: '127.0.0.1', maxSessions: 1000, dataDir: 'd', authorizedKeys: 'k'},
				drawThreads: 0,
			},
		);
		expect(command(['serve', '--names'])).toEqual({kind: 'names', data: undefined, forget: undefined});
		expect(command(['serve', '--names', '--data', 'd'])).toEqual({kind: 'names', data: 'd', forget: undefined});
		// --no-names asks for the names too: the option is given.
		expect(command(['serve', '--no-names'])).toMatchObject({kind: 'names'});
		expect(command(['serve', '--forget', 'ada', '--data', 'd'])).toEqual({kind: 'names', data: 'd', forget: 'ada'});
	});

	test('--version, before anything else on the line', () => {
		expect(command(['--version'])).toEqual({kind: 'version'});
		expect(command(['--version', 'extra'])).toEqual({kind: 'version'});
		expect(command(['fly', '--version', '--bogus'])).toEqual({kind: 'version'});
	});

	test('an unknown command, and a word after the menu', () => {
		expect(refusal(['fly'])).toBe('unknown command "fly" (potm --help lists the commands)');
		expect(refusal(['x', 'y'])).toBe('unknown command "x" (potm --help lists the commands)');
		expect(refusal(['--ascii', 'a', 'b'])).toBe('unknown command "a" (potm --help lists the commands)');
	});
});

describe('help', () => {
	test("--help, -h and help COMMAND give the command's help; an unknown command or none, the program's", () => {
		const cases: [string[], string][] = [
			[['--help'], ''],
			[['-h'], ''],
			[['help'], ''],
			[['help', 'fly'], ''],
			[['fly', '--help'], ''],
			[['--help', '--bogus'], ''],
			[['move', '--help'], 'move'],
			[['move', START, '--help'], 'move'],
			[['perft', '-h'], 'perft'],
			[['analyse', '-h'], 'analyze'],
			[['help', 'analyse'], 'analyze'],
			[['help', 'demo'], 'demo'],
			[['play', '-hx'], 'play'],
		];
		for (const [words, topic] of cases) expect(command(words), words.join(' ')).toEqual({kind: 'help', text: helpText(topic)});
		expect(helpText('')).not.toBe(helpText('play'));
	});

	test('the help lists every command, with examples', () => {
		const help = helpText('');
		for (const text of [
			'potm move [FILE]',
			'potm perft FILE DEPTH',
			'potm play [FILE]',
			'potm analyze FILE',
			'potm demo',
			'potm learn',
			'potm puzzles',
			'--ascii',
			'--no-color',
			'Examples',
			'potm move saves/start.txt',
			'(saves/loa-start.txt)',
			'potm play --game loa',
		])
			expect(help).toContain(text);
		expect(help.startsWith('\n  potm: a terminal arcade')).toBe(true);
		expect(help.endsWith('(please report it).\n\n')).toBe(true);
		// The games as the registry lists them, the default first.
		expect(help.replace(/\s+/g, ' ')).toContain(`--game GAME ${GAMES}; a FILE tells its own game`);
	});

	test("each command's help has its own options", () => {
		const cases: [string, string[]][] = [
			['move', ['potm move FILE', 'CPU time']],
			['perft', ['potm perft FILE DEPTH', '--divide']],
			['play', ['--side 1|2', '--level 1-5', '--threads N', '--clock S', '--no-clock', '--ascii', '--no-color', 'potm play --side 2']],
			['analyze', ['potm analyze FILE', '--ascii']],
			['demo', ['--red LEVEL', '--blue LEVEL', '--delay MS', '--games N', '--no-color', '--black', '--white']],
			['learn', ['potm learn [--game']],
			['export', ['potm export FILE']],
			['serve', ['--port PORT', '--max-sessions N', '--draw-threads N', '--names', '--forget NAME']],
			['match', ['ai:greedy']],
			['tournament', ['ai:greedy']],
		];
		for (const [topic, texts] of cases) for (const text of texts) expect(helpText(topic), topic).toContain(text);
		expect(helpText('puzzles')).toMatch(/--theme THEME +only puzzles of THEME \(LOAPS: connect-in-1/);
		expect(helpText('match')).toMatch(
			/\$ potm match A B \[--game loa\] \[--matches N\] \[--clock S\] \[--jobs J\]\n\s+\[--out DIR\] \[--json\]/,
		);
		expect(helpText('match')).toMatch(/--jobs J\s+games played at the same time/);
		expect(helpText('match')).not.toContain('potm play [FILE]');
		expect(helpText('match')).not.toContain('potm tournament P1');
		expect(helpText('tournament')).toMatch(/\$ potm tournament P1 P2 P3 \.\.\. \[--game loa\] \[--matches N\]/);
		expect(helpText('tournament')).toMatch(/--jobs J\s+games played at the same time/);
		expect(helpText('tournament')).not.toContain('potm match A B');
		expect(helpText('tournament')).not.toContain('potm play [FILE]');
		for (const topic of ['play', 'analyze', 'demo', 'move', 'perft', 'match', 'tournament']) {
			expect(helpText(topic), topic).toContain('--game');
			expect(helpText(topic), topic).toContain('--mover-wins');
		}
		const play = helpText('play').replace(/\s+/g, ' ');
		expect(play).toContain(
			'in LINES and BOXES it picks one end of a line, marks the vertices it can reach, and Enter on one of those draws it',
		);
		expect(play).toContain("(none by default); the menu's Lines row");
	});

	test('every help fits 80 columns, and claims no game potm does not have yet', () => {
		for (const topic of [
			'',
			'play',
			'analyze',
			'demo',
			'learn',
			'puzzles',
			'move',
			'perft',
			'review',
			'export',
			'match',
			'tournament',
			'serve',
		])
			for (const line of helpText(topic).split('\n')) expect([...line].length, `${topic} --help: ${line}`).toBeLessThanOrEqual(80);
		expect(helpText('').replace(/\s+/g, ' ')).toContain('contests: LOAPS, classic Lines of Action, PAH-TUM and LINES and BOXES.');
		const {description} = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {description: string};
		expect(description).toMatch(/PAH-TUM and LINES and BOXES$/);
	});
});

describe('options, as every command reads them', () => {
	test('an option the command does not take: the commands that do, or the help that lists them', () => {
		const cases: [string[], string][] = [
			[['--bogus'], 'unknown option --bogus (potm --help lists the options)'],
			[['play', '--bogus'], 'unknown option --bogus (potm play --help lists the options)'],
			[['analyse', START, '--bogus'], 'unknown option --bogus (potm analyse --help lists the options)'],
			[['perft', START, '1', '-x'], 'unknown option -x (potm perft --help lists the options)'],
			[['move', START, '--divide'], '--divide goes with perft'],
			[['demo', '--level', '3'], '--level goes with play'],
			[['play', '--red', '3'], '--red goes with demo'],
			[['play', '--black', '3'], '--black goes with demo'],
			[['move', START, '--quiet'], '--quiet goes with play, analyze, demo, review, learn, puzzles or the menu'],
			[['move', START, '--ascii'], '--ascii goes with play, analyze, demo, review, learn, puzzles or the menu'],
			[['move', START, '--threads', '2'], '--threads goes with play, analyze, demo, review or the menu'],
			[['serve', '--threads', '2'], '--threads goes with play, analyze, demo, review or the menu'],
			// Every command that takes it, not the first alone (analyse, analyze's other spelling, once).
			[
				['serve', '--game', 'loa'],
				'--game goes with play, analyze, demo, learn, puzzles, move, perft, export, review, match, tournament or the menu',
			],
			[
				['serve', '--mover-wins'],
				'--mover-wins goes with play, analyze, demo, learn, puzzles, move, perft, export, review, match, tournament or the menu',
			],
			[['learn', '--theme', 'block'], '--theme goes with puzzles'],
			[['export', 'x.txt', '--level', '3'], '--level goes with play'],
			[['match', 'ai:1', 'ai:2', '--side', '2'], '--side goes with play'],
			[['play', '--game', 'boxes', '--sizes', '3x3'], '--sizes goes with match or tournament'],
			[['match', 'a', 'b', '--delay', '3'], '--delay goes with demo'],
			[['move', START, '--seed', '3'], '--seed goes with play, demo, match, tournament or the menu'],
			[['review', 'g', '--port', '3'], '--port goes with serve'],
		];
		for (const [words, message] of cases) expect(refusal(words), words.join(' ')).toBe(message);
	});

	test("a name of a JavaScript object's own (constructor, toString, __proto__) is no option, no command and no help", () => {
		expect(refusal(['play', '--constructor'])).toBe('unknown option --constructor (potm play --help lists the options)');
		expect(refusal(['play', '--toString', '3'])).toBe('unknown option --toString (potm play --help lists the options)');
		expect(refusal(['play', '--no-constructor'])).toBe('unknown option --no-constructor (potm play --help lists the options)');
		expect(refusal(['constructor'])).toBe('unknown command "constructor" (potm --help lists the commands)');
		expect(command(['help', 'constructor'])).toEqual({kind: 'help', text: helpText('')});
		expect(command(['__proto__', '--help'])).toEqual({kind: 'help', text: helpText('')});
	});

	test('an option given twice, or a value where it takes none', () => {
		expect(refusal(['play', '--level', '2', '--level', '3'])).toBe('--level is given more than once');
		expect(refusal(['play', '--clock', '8', '--no-clock'])).toBe('--clock is given more than once (--no-clock counts too)');
		expect(refusal(['play', '--ascii=x'])).toBe('--ascii takes no value, not "x"');
		expect(refusal(['--mover-wins=x'])).toBe('--mover-wins takes no value, not "x"');
		// Of a switch said twice, the last counts.
		expect(screen(['play', '--ascii', '--no-ascii']).options.ascii).toBe(false);
		expect(screen(['play', '--ascii=false', '--ascii=true']).options.ascii).toBe(true);
	});

	test('a missing value is noticed, not the next option taken for it', () => {
		expect(refusal(['play', '--level', '--quiet'])).toBe('--level takes a whole number from 1 to 5');
		expect(refusal(['play', '--no-level'])).toBe('--level takes a whole number from 1 to 5');
		expect(refusal(['play', '--no-threads'])).toBe('--threads takes a whole number from 1 to 64');
		expect(screen(['play', '--', '--level']).options.file).toBe('--level');
	});
});

describe('--game and the rulings (--mover-wins)', () => {
	test('--game names a game, in any case, the default when none; --mover-wins is classic LOA under its ruling', () => {
		expect(screen(['play']).options.game).toBeUndefined();
		expect(screen(['play', '--game', 'loa']).options.game).toBe('loa');
		expect(screen(['--game', 'LOA']).options.game).toBe('loa');
		expect(screen(['--game', ' pahtum ']).options.game).toBe('pahtum');
		expect(screen(['--mover-wins']).options.game).toBe('loa-mover');
		expect(screen(['--mover-wins=true']).options.game).toBe('loa-mover');
		expect(screen(['--mover-wins=false', '--game', 'loaps']).options.game).toBe('loaps');
		expect(screen(['--no-mover-wins', '--game', 'loaps']).options.game).toBe('loaps');
		expect(screen(['play', '--game', 'loa', '--mover-wins', '--side', '2']).options).toMatchObject({game: 'loa-mover', choices: {side: 2}});
		expect(screen(['analyze', LOA_START, '--game', 'loa']).options).toMatchObject({game: 'loa', file: LOA_START});
		expect(screen(['puzzles', '--game', 'loa', '--mover-wins']).options.game).toBe('loa-mover');
		expect(command(['match', 'a', 'b', '--mover-wins'])).toMatchObject({options: {game: 'loa-mover'}});
		expect(command(['export', 'g', '--mover-wins'])).toMatchObject({game: 'loa-mover'});
	});

	refusedEach([
		[['--game', 'chess'], `--game takes ${GAMES}, not "chess"`],
		[['play', '--game', 'chess'], `--game takes ${GAMES}, not "chess"`],
		[['move', START, '--game', 'go'], `--game takes ${GAMES}, not "go"`],
		// A ruling is not a game of its own on the command line.
		[['move', START, '--game', 'loa-mover'], `--game takes ${GAMES}, not "loa-mover"`],
		[['match', 'ai:1', 'ai:2', '--game', 'xyz'], `--game takes ${GAMES}, not "xyz"`],
		[['move', LOA_START, '--game'], `--game takes ${GAMES}`],
		[['--no-game'], `--game takes ${GAMES}`],
		[
			['--game', 'loaps', '--mover-wins'],
			'--mover-wins is a ruling of classic Lines of Action (--game loa); LOAPS decides a simultaneous connection by the points',
		],
		[
			['play', '--game', 'loaps', '--mover-wins'],
			'--mover-wins is a ruling of classic Lines of Action (--game loa); LOAPS decides a simultaneous connection by the points',
		],
		[
			['tournament', 'ai:1', 'ai:2', '--game', 'loaps', '--mover-wins'],
			'--mover-wins is a ruling of classic Lines of Action (--game loa); LOAPS decides a simultaneous connection by the points',
		],
		[
			['perft', START, '1', '--mover-wins', '--game', 'loaps'],
			'--mover-wins is a ruling of classic Lines of Action (--game loa); LOAPS decides a simultaneous connection by the points',
		],
		[['--game', 'pahtum', '--mover-wins'], '--mover-wins is a ruling of classic Lines of Action (--game loa), not of PAH-TUM'],
		[['--game', 'boxes', '--mover-wins'], '--mover-wins is a ruling of classic Lines of Action (--game loa), not of LINES and BOXES'],
	]);
});

describe('the screens: side, level, the demo, clocks, display', () => {
	test('what they start with', () => {
		expect(
			screen(['play', '--side', '2', '--level', '5', '--threads', '64', '--clock', '90', '--quiet', '--ascii', '--no-color']),
		).toMatchObject({
			options: {
				choices: {side: 2, level: 5, clock: 90, bell: false},
				clockGiven: true,
				demo: {clockSeconds: 90},
				ascii: true,
				color: false,
			},
			threads: 64,
		});
		expect(screen(['play', '--no-clock']).options).toMatchObject({choices: {clock: null}, clockGiven: false});
		expect(screen(['demo', '--red', '2', '--blue', '4', '--delay', '0', '--games', '10000']).options.demo).toEqual({
			levels: [2, 4],
			delayMs: 0,
			games: 10_000,
		});
		expect(screen(['--threads', '1']).threads).toBe(1);
	});

	test("--side by number or by the side's name, in the game asked for or any game without one", () => {
		const side = (words: string[]) => screen(['play', ...words]).options.choices.side;
		expect(side(['--side', '1'])).toBe(1);
		expect(side(['--side', ' 2 '])).toBe(2);
		expect(side(['--side', 'blue'])).toBe(2);
		expect(side(['--side', 'white'])).toBe(2);
		expect(side(['--side', 'x'])).toBe(1);
		expect(side(['--side', 'O'])).toBe(2);
		expect(side(['--game', 'loa', '--side', 'black'])).toBe(1);
		expect(side(['--game', 'loa', '--side', 'WHITE'])).toBe(2);
		expect(side(['--game', 'pahtum', '--side', 'o'])).toBe(2);
	});

	test("the demo's levels by either name of a side: --red or --black, --blue or --white", () => {
		const levels = (words: string[]) => screen(['demo', ...words]).options.demo.levels;
		expect(levels([])).toEqual([5, 3]);
		expect(levels(['--game', 'loa', '--black', '2', '--white', '4'])).toEqual([2, 4]);
		expect(levels(['--red', '2', '--white', '4'])).toEqual([2, 4]);
		expect(levels(['--black', '1'])).toEqual([1, 3]);
	});

	refusedEach([
		[['play', '--level', '9'], '--level takes a whole number from 1 to 5, not 9'],
		[['play', '--level=9'], '--level takes a whole number from 1 to 5, not 9'],
		[['play', '--level', 'hard'], '--level takes a whole number from 1 to 5, not "hard"'],
		[['play', '--side', '3'], '--side takes 1 (RED, moves first) or 2 (BLUE), not "3"'],
		[['play', '--no-side'], '--side takes 1 (RED, moves first) or 2 (BLUE)'],
		[['play', '--side'], '--side takes 1 (RED, moves first) or 2 (BLUE)'],
		[['play', '--game', 'loa', '--side', 'red'], '--side takes 1 (BLACK, moves first) or 2 (WHITE), not "red"'],
		[['play', '--game', 'loa', '--side', '3'], '--side takes 1 (BLACK, moves first) or 2 (WHITE), not "3"'],
		[['play', '--game', 'loaps', '--side', 'white'], '--side takes 1 (RED, moves first) or 2 (BLUE), not "white"'],
		[['play', '--game', 'pahtum', '--side', 'red'], '--side takes 1 (X, moves first) or 2 (O), not "red"'],
		[['demo', '--black', '3', '--red', '4'], '--red and --black name the same side: give one of them'],
		[['demo', '--red', '3', '--black', '4'], '--red and --black name the same side: give one of them'],
		[['demo', '--game', 'loa', '--white', '2', '--blue', '2'], '--blue and --white name the same side: give one of them'],
		[['demo', '--black', '9'], '--black takes a whole number from 1 to 5, not 9'],
		[['demo', '--white', 'x'], '--white takes a whole number from 1 to 5, not "x"'],
		[['demo', '--red', '6', '--blue', '0'], '--red takes a whole number from 1 to 5, not 6'],
		[['demo', '--blue', '0'], '--blue takes a whole number from 1 to 5, not 0'],
		[['demo', '--delay=-5'], '--delay takes a whole number from 0 to 10000, not "-5"'],
		[['demo', '--games', '0'], '--games takes a whole number from 1 to 10000, not 0'],
		[['play', '--threads', '0'], '--threads takes a whole number from 1 to 64, not 0'],
		[['demo', '--threads', '1.5'], '--threads takes a whole number from 1 to 64, not "1.5"'],
		[['--threads', 'all'], '--threads takes a whole number from 1 to 64, not "all"'],
		[['analyze', START, '--threads', '65'], '--threads takes a whole number from 1 to 64, not 65'],
		[['review', START, '--json', '--threads', '-2'], '--threads takes a whole number from 1 to 64, not "-2"'],
		[['play', '--clock', '0'], '--clock takes the seconds on each clock, more than 0 and at most 3600, not "0" (--no-clock plays without)'],
		[
			['play', '--clock', 'soon'],
			'--clock takes the seconds on each clock, more than 0 and at most 3600, not "soon" (--no-clock plays without)',
		],
		[['play', '--clock'], '--clock takes the seconds on each clock, more than 0 and at most 3600 (--no-clock plays without)'],
		[['demo', '--no-clock'], 'the demo plays on clocks: --clock S sets them'],
		[['play', 'a.txt', 'b.txt'], 'play takes at most one FILE, not also "b.txt"'],
		[['demo', START, START], `demo takes at most one FILE, not also "${START}"`],
		[['analyze'], 'analyze takes one FILE, e.g. "potm analyze saves/red-move-10.txt"'],
		[['analyse', 'a', 'b'], 'analyze takes one FILE, e.g. "potm analyze saves/red-move-10.txt"'],
		[['', 'x'], 'unexpected "x"'],
		[['learn', START], `learn takes no FILE, not "${START}"`],
		[['puzzles', 'x'], 'puzzles takes no FILE, not "x"'],
		[
			['puzzles', '--game', 'pahtum', '--theme', 'connect-in-2'],
			'--theme takes a theme of PAH-TUM\'s puzzles: complete-run, block-run, last-placements, build, not "connect-in-2"',
		],
		[
			['puzzles', '--theme'],
			"--theme takes a theme of LOAPS's puzzles: connect-in-1, connect-in-2, connect-in-3, capture-win, bonus-race, block, move-50, points",
		],
	]);
});

describe('the board options: --seed and each game its own (--holes, --size, --lines, --sizes)', () => {
	test('read by the game asked for, or by the game that has the option', () => {
		expect(screen(['play', '--game', 'pahtum', '--holes', '5', '--seed', '4'])).toMatchObject({
			options: {choices: {setup: {holes: 5}}, newBoard: ['seed', 'holes']},
			seed: 4,
		});
		expect(screen(['play', '--game', 'boxes', '--size', '3x8', '--lines', '5', '--seed', '4'])).toMatchObject({
			options: {choices: {setup: {rows: 3, columns: 8, lines: 5}}, newBoard: ['seed', 'size', 'lines']},
			seed: 4,
		});
		expect(screen(['demo', '--game', 'boxes', '--size', '8X8']).options.choices.setup).toEqual({rows: 8, columns: 8});
		expect(screen(['--size', '4x6']).options.choices.setup).toEqual({rows: 4, columns: 6});
		expect(screen(['--lines', '3']).options.choices.setup).toEqual({lines: 3});
		// The seed alone: checked by the screen against the game (commands/ui.tsx), which the FILE may tell.
		expect(screen(['play', '--seed', '4'])).toMatchObject({options: {newBoard: ['seed']}, seed: 4});
		expect(screen(['play', START, '--seed', '4'])).toMatchObject({options: {file: START, newBoard: ['seed']}, seed: 4});
		expect(screen(['play', START, '--size', '4x4']).options.newBoard).toEqual(['size']);
	});

	refusedEach([
		[
			['play', '--game', 'boxes', '--size', '9x3'],
			'--size takes ROWSxCOLUMNS of boxes, 3 to 8 rows and 3 to 8 columns, as in 5x7, not 9x3',
		],
		[['play', '--game', 'boxes', '--size', '5'], '--size takes ROWSxCOLUMNS of boxes, 3 to 8 rows and 3 to 8 columns, as in 5x7, not "5"'],
		[
			['demo', '--game', 'boxes', '--holes', '3'],
			'--holes is for a game whose boards have holes (PAH-TUM: --game pahtum); LINES and BOXES sets a new board with --size and --lines',
		],
		[
			['play', '--holes', '3', '--seed', '4'],
			'--holes is for a game whose boards have holes (PAH-TUM: --game pahtum); LOAPS has one start position',
		],
		[
			['play', '--game', 'pahtum', '--size', '5x5'],
			'--size is for a game whose boards come in sizes (LINES and BOXES: --game boxes); PAH-TUM has one board size',
		],
		[
			['play', '--size', '5x5'],
			'--size is for a game whose boards come in sizes (LINES and BOXES: --game boxes); LOAPS has one board size',
		],
		[
			['play', '--game', 'loa', '--lines', '2'],
			'--lines is for a game whose boards come in sizes (LINES and BOXES: --game boxes); Lines of Action has one board size',
		],
		[
			['play', '--game', 'boxes', '--size', '3x3', '--lines', '24'],
			'--lines takes a whole number from 0 to 23, not 24 (a 3x3 board has 24 unit segments, and one is left to draw)',
		],
		// Without a game, each option is read by the game that has it: both are checked.
		[['--holes', '5', '--size', '99x99'], '--size takes ROWSxCOLUMNS of boxes, 3 to 8 rows and 3 to 8 columns, as in 5x7, not 99x99'],
		[['--holes', '4', '--size', '3x3'], '--holes takes an odd number from 1 to 25 (a board has an odd number of holes), not 4'],
		[['play', '--game', 'pahtum', '--holes', '4'], '--holes takes an odd number from 1 to 25 (a board has an odd number of holes), not 4'],
		[
			['play', '--game', 'pahtum', '--holes', '27'],
			'--holes takes an odd number from 1 to 25 (a board has an odd number of holes), not 27',
		],
		[
			['play', '--game', 'pahtum', '--holes', 'x'],
			'--holes takes an odd number from 1 to 25 (a board has an odd number of holes), not "x"',
		],
		[
			['play', '--game', 'boxes', '--lines'],
			'--lines takes a whole number from 0 to 59, e.g. --lines 6 (a 5x5 board has 60 unit segments, and one is left to draw)',
		],
		[['play', '--game', 'pahtum', '--seed', '2147483648'], '--seed takes a whole number from 0 to 2147483647, not 2147483648'],
		[['--seed', '-4'], '--seed takes a whole number from 0 to 2147483647, not "-4"'],
		[['--no-seed'], '--seed takes a whole number from 0 to 2147483647'],
	]);
});

describe('move, perft, review, export: their FILE and options', () => {
	refusedEach([
		[['move', START, START], `move takes one FILE (or none, or -, for standard input), not also "${START}"`],
		[['move', START, '--no-clock'], '--clock cannot be turned off: the clock is part of the contest'],
		[['move', START, '--clock', 'x'], '--clock takes the seconds on each clock, more than 0 and at most 3600, not "x"'],
		[['move', LOA_START, '--mover-wins', '--clock', '0'], '--clock takes the seconds on each clock, more than 0 and at most 3600, not "0"'],
		[['perft'], 'perft takes a FILE and a DEPTH, e.g. "potm perft saves/start.txt 4"'],
		[['perft', START, '1', '2'], 'perft takes a FILE and a DEPTH, e.g. "potm perft saves/start.txt 4"'],
		[['perft', START], 'the depth of perft must be a whole number from 0 to 30, after the file'],
		...['three', '-1', '1.5', '-0', '31'].map((depth): [string[], string] => [
			['perft', START, depth],
			`the depth of perft must be a whole number from 0 to 30, not "${depth}"`,
		]),
		[['review'], 'review takes one FILE, e.g. "potm review saves/my-game.txt"'],
		[['review', 'a', 'b'], 'review takes one FILE, e.g. "potm review saves/my-game.txt", not also "b"'],
		[['review', 'x.txt', '--time', '1', '--depth', '3'], '--time and --depth both say how long a position is searched: give one of them'],
		[
			['review', 'x.txt', '--time', 'soon'],
			'--time takes the seconds a position is searched, from 0.05 to 600, e.g. --time 0.5, not "soon"',
		],
		[
			['review', 'x.txt', '--time', '0.01'],
			'--time takes the seconds a position is searched, from 0.05 to 600, e.g. --time 0.5, not "0.01"',
		],
		[['review', 'x.txt', '--time', '601'], '--time takes the seconds a position is searched, from 0.05 to 600, e.g. --time 0.5, not "601"'],
		[['review', 'x.txt', '--time'], '--time takes the seconds a position is searched, from 0.05 to 600, e.g. --time 0.5'],
		[['review', 'x.txt', '--depth', '0'], '--depth takes a whole number from 1 to 40, not 0'],
		[['review', 'x.txt', '--depth', '41', '--json'], '--depth takes a whole number from 1 to 40, not 41'],
		[['export'], 'export takes one FILE, e.g. "potm export saves/red-move-10.txt"'],
		[['export', 'a', 'b'], 'export takes one FILE, e.g. "potm export saves/red-move-10.txt", not also "b"'],
		[['export', '-'], 'export takes a FILE: a save, a referee game or record, or a game record (not standard input)'],
	]);
});

describe('match and tournament: players and options', () => {
	refusedEach([
		[['match'], 'match takes two players, e.g. "potm match ai:5 ./my_entry"'],
		[['match', 'ai:1'], 'match takes two players, e.g. "potm match ai:5 ./my_entry"'],
		[['match', 'ai:1', 'ai:2', 'ai:3'], 'match takes two players, e.g. "potm match ai:5 ./my_entry" (for more, potm tournament)'],
		[['tournament', 'ai:1'], 'tournament takes two players or more, e.g. "potm tournament ai:1 ai:3 ai:5"'],
		[['match', 'ai:1', 'ai:2', '--clock', '0'], '--clock takes the seconds on each clock, more than 0 and at most 3600, not "0"'],
		[['match', 'ai:1', 'ai:2', '--clock', 'x'], '--clock takes the seconds on each clock, more than 0 and at most 3600, not "x"'],
		[['match', 'ai:1', 'ai:2', '--no-clock'], '--clock cannot be turned off: the clock is part of the contest'],
		[['tournament', 'ai:1', 'ai:2', '--matches', '0'], '--matches takes a whole number from 1 to 10000, not 0'],
		[['match', 'ai:1', 'ai:2', '--jobs', '0'], '--jobs takes a whole number from 1 to 256, not 0'],
		[['match', 'ai:1', 'ai:2', '--seed', '-1'], '--seed takes a whole number from 0 to 2147483647, not "-1"'],
		[['match', 'ai:1', 'ai:2', '--board'], '--board takes a FILE holding a start board, e.g. --board board.txt'],
		[['match', 'ai:1', 'ai:2', '--board', ' '], '--board takes a FILE holding a start board, e.g. --board board.txt'],
		[['match', 'ai:1', 'ai:2', '--out'], '--out takes a folder, e.g. --out runs/first'],
		[['match', 'ai:1', 'ai:2', '--out', ''], '--out takes a folder, e.g. --out runs/first'],
		[
			['match', 'ai:1', 'ai:2', '--board', 'b.txt', '--holes', '3'],
			'--board and --holes both say which board to play on: give one of them',
		],
		[
			['match', 'ai:1', 'ai:2', '--size', '3x3'],
			'--size is for a game whose boards come in sizes (LINES and BOXES: --game boxes); LOAPS has one board size',
		],
		[
			['match', 'ai:1', 'ai:2', '--game', 'boxes', '--size', '3x3', '--sizes', '3x3,4x4'],
			'--size and --sizes both say the size of the boards: give one of them',
		],
		[
			['match', 'ai:1', 'ai:2', '--game', 'boxes', '--sizes', '3x3,9x9'],
			'--sizes takes ROWSxCOLUMNS of boxes, 3 to 8 rows and 3 to 8 columns, as in 5x7, not 9x9 (several are separated by commas)',
		],
		[
			['match', 'ai:1', 'ai:2', '--game', 'boxes', '--sizes', ''],
			'--sizes takes ROWSxCOLUMNS of boxes, 3 to 8 rows and 3 to 8 columns, as in 5x7 (several are separated by commas)',
		],
		// --lines is checked on every size of --sizes.
		[
			['match', 'ai:1', 'ai:2', '--game', 'boxes', '--sizes', '3x3,4x4', '--lines', '30'],
			'--lines takes a whole number from 0 to 23, not 30 (a 3x3 board has 24 unit segments, and one is left to draw)',
		],
	]);
});

describe('serve: its options', () => {
	refusedEach([
		[['serve', 'x'], 'serve takes no FILE, not "x"'],
		[['serve', '--port', '99999'], '--port takes a whole number from 0 to 65535, not 99999'],
		[['serve', '--port', '-1'], '--port takes a whole number from 0 to 65535, not "-1"'],
		[['serve', '--no-port'], '--port takes a whole number from 0 to 65535'],
		[['serve', '--max-sessions', '0'], '--max-sessions takes a whole number from 1 to 1000, not 0'],
		[['serve', '--draw-threads', '65'], '--draw-threads takes a whole number from 0 to 64, not 65'],
		[['serve', '--host'], '--host takes a value, e.g. --host 127.0.0.1'],
		[['serve', '--no-host'], '--host takes a value, e.g. --host 127.0.0.1'],
		[['serve', '--data', ' '], '--data takes a value, e.g. --data ~/potm-server'],
		[['serve', '--authorized-keys'], '--authorized-keys takes a value, e.g. --authorized-keys ~/.ssh/authorized_keys'],
		[['serve', '--forget'], '--forget takes a NAME, e.g. --forget ada'],
		[['serve', '--forget', ''], '--forget takes a NAME, e.g. --forget ada'],
		[['serve', '--names', '--port', '3'], '--names goes with --data alone, not --port'],
		[['serve', '--names', '--max-sessions', '5'], '--names goes with --data alone, not --max-sessions'],
		[['serve', '--forget', 'ada', '--names'], '--forget goes with --data alone, not --names'],
		[['serve', '--forget', 'ada', '--draw-threads', '1'], '--forget goes with --data alone, not --draw-threads'],
		[['serve', '--names=x'], '--names takes no value, not "x"'],
	]);
});
