/**
 * The plain `potm move` that cli.ts runs without the command-line parser: which command lines
 * take that path. Everything else goes to command-line.ts, whose messages cli-*.test.ts check.
 */
import {describe, expect, test} from 'vitest';
import {plainMove} from '../source/move-entry.js';

describe('plainMove', () => {
	test.each([[['move']], [['move', 'saves/start.txt']], [['move', '-']], [['move', 'a file with spaces.txt']]])('%j runs without the parser', words => {
		expect(plainMove(words)).toBe(true);
	});
	test.each([
		[['move', '--game', 'loaps', 'saves/start.txt']],
		[['move', 'saves/start.txt', '--clock', '5']],
		[['move', '--help']],
		[['move', '-h']],
		[['move', 'a', 'b']],
		[['perft', 'saves/start.txt']],
		[[]],
	])('%j goes through the parser', words => {
		expect(plainMove(words)).toBe(false);
	});
});
