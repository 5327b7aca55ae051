/** The one command-line parser (source/args.ts): what it reads, and how it says what is wrong. */
import {describe, expect, test} from 'vitest';
import {optionHelp, readArgs, strayOption, wholeNumber, type OptionTable, type Parsed} from '../source/args.js';

const TABLE: OptionTable = {
	level: {type: 'string', value: 'N', commands: ['play'], range: [1, 5], help: 'the level'},
	clock: {type: 'string', value: 'S', commands: ['play', 'move'], help: {play: 'seconds on each clock'}, negatedHelp: {play: 'no clocks'}},
	color: {type: 'boolean', commands: ['', 'play'], negatedHelp: 'no colours'},
	divide: {type: 'boolean', commands: ['perft'], help: 'one line per move'},
	game: {type: 'string', value: 'GAME', commands: ['', 'play', 'analyze', 'move', 'match']},
	'mover-wins': {type: 'boolean', help: 'a ruling'},
	help: {type: 'boolean', short: 'h', help: {'': 'this help'}},
};

function read(words: string[]): Parsed {
	const parsed = readArgs(words, TABLE);
	if (typeof parsed === 'string') throw new Error(parsed);
	return parsed;
}

describe('readArgs', () => {
	test('--name value and --name=value say the same; a boolean is on', () => {
		expect(read(['play', '--level', '3']).values.get('level')).toBe('3');
		expect(read(['play', '--level=3']).values.get('level')).toBe('3');
		expect(read(['play', '--level=']).values.get('level')).toBe('');
		expect(read(['play', '--mover-wins']).values.get('mover-wins')).toBe(true);
		expect(read(['play', '--mover-wins=false']).values.get('mover-wins')).toBe(false);
		expect(read(['play', '-h']).values.get('help')).toBe(true);
	});

	test('--no-NAME is false, for a boolean or a string option', () => {
		expect(read(['--no-color']).values.get('color')).toBe(false);
		expect(read(['play', '--no-clock']).values.get('clock')).toBe(false);
		expect(read(['play']).values.has('color')).toBe(false);
	});

	test('a missing value is true, and the option after it is read as an option', () => {
		const parsed = read(['play', '--level', '--mover-wins', 'x.txt']);
		expect(parsed.values.get('level')).toBe(true);
		expect(parsed.values.get('mover-wins')).toBe(true);
		expect(parsed.positionals).toEqual(['play', 'x.txt']);
		expect(read(['play', '--clock']).values.get('clock')).toBe(true);
		expect(wholeNumber(true, 'level', [1, 5], 3)).toBe('--level takes a whole number from 1 to 5');
	});

	test('a negative number is a word, not an option: a positional, or the value of the option before it', () => {
		expect(read(['perft', 'FILE', '-1']).positionals).toEqual(['perft', 'FILE', '-1']);
		expect(read(['perft', 'FILE', '-1.5']).positionals).toEqual(['perft', 'FILE', '-1.5']);
		expect(read(['play', '--level', '-2']).values.get('level')).toBe('-2');
		expect(read(['-', 'x']).positionals).toEqual(['-', 'x']);
	});

	test('-- ends the options: what follows is words', () => {
		const parsed = read(['perft', '--', 'FILE', '--divide', '-h']);
		expect(parsed.positionals).toEqual(['perft', 'FILE', '--divide', '-h']);
		expect(parsed.values.size).toBe(0);
		expect(parsed.options).toEqual([]);
	});

	test('a string option given twice is refused, --no-NAME counting; a boolean may be repeated', () => {
		expect(readArgs(['--level', '2', '--level=3'], TABLE)).toBe('--level is given more than once');
		expect(readArgs(['--clock', '8', '--no-clock'], TABLE)).toBe('--clock is given more than once (--no-clock counts too)');
		expect(read(['--color', '--no-color']).values.get('color')).toBe(false);
	});

	test('a value for an option that takes none is refused', () => {
		expect(readArgs(['--divide=yes'], TABLE)).toBe('--divide takes no value, not "yes"');
		expect(readArgs(['--no-color=1'], TABLE)).toBe('--no-color takes no value, not "1"');
	});

	test('options not in the table are kept as typed, for strayOption', () => {
		expect(read(['play', '--bogus=1', '-xy', '--moverWins']).options).toEqual([
			{name: 'bogus', text: '--bogus'},
			{name: 'x', text: '-xy'},
			{name: 'y', text: '-xy'},
			{name: 'moverWins', text: '--moverWins'},
		]);
	});
});

describe('strayOption', () => {
	const stray = (words: string[], command: string) => strayOption(read(words), TABLE, command, `potm ${command} --help`);

	test('an option of another command: every command it goes with, as the table lists them, the menu last', () => {
		expect(stray(['move', '--level', '3'], 'move')).toBe('--level goes with play');
		expect(stray(['perft', '--no-color'], 'perft')).toBe('--no-color goes with play or the menu');
		expect(stray(['move', '--divide'], 'move')).toBe('--divide goes with perft');
		expect(stray(['serve', '--game', 'loa'], 'serve')).toBe('--game goes with play, analyze, move, match or the menu');
	});

	test('an option no command takes: unknown, and where the options are listed', () => {
		expect(stray(['play', '--bogus'], 'play')).toBe('unknown option --bogus (potm play --help lists the options)');
		expect(stray(['play', '-x'], 'play')).toBe('unknown option -x (potm play --help lists the options)');
	});

	test("the command's own options, --help and options for every command pass", () => {
		expect(stray(['play', '--level', '3', '--no-clock', '--mover-wins', '-h'], 'play')).toBeUndefined();
		expect(stray(['move', '--clock', '5'], 'move')).toBeUndefined();
	});
});

describe('wholeNumber', () => {
	test('the fallback when not given, the number in range, else a sentence naming the option', () => {
		expect(wholeNumber(undefined, 'level', [1, 5], 3)).toBe(3);
		expect(wholeNumber(' 4', 'level', [1, 5], 3)).toBe(4);
		expect(wholeNumber('9', 'level', [1, 5], 3)).toBe('--level takes a whole number from 1 to 5, not 9');
		expect(wholeNumber('-1', 'level', [1, 5], 3)).toBe('--level takes a whole number from 1 to 5, not "-1"');
		expect(wholeNumber(false, 'level', [1, 5], 3)).toBe('--level takes a whole number from 1 to 5');
	});
});

describe('optionHelp', () => {
	test("a command's lines: its options, with their values and --no- forms, wrapped at column 20", () => {
		const play = optionHelp(TABLE, 'play').replace(/\t/g, '  ');
		expect(play.split('\n').slice(1)).toEqual([
			'    --level N       the level',
			'    --clock S       seconds on each clock',
			'    --no-clock      no clocks',
			'    --no-color      no colours',
			'    --mover-wins    a ruling',
		]);
		expect(optionHelp(TABLE, '')).toContain('-h, --help      this help');
		expect(optionHelp(TABLE, 'move')).not.toContain('--clock');
		const long = optionHelp({x: {type: 'boolean', help: 'word '.repeat(30)}}, 'any').replace(/\t/g, '  ');
		for (const line of long.split('\n')) expect([...line].length).toBeLessThanOrEqual(80);
		expect(long.split('\n').length).toBeGreaterThan(2);
	});
});
