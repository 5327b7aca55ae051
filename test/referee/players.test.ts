/** Players from the command line: built-in names, and external command lines split and resolved. */
import {chmodSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, test} from 'vitest';
import {distinctNames, parsePlayer, splitCommand} from '../../source/referee/players.js';

const here = mkdtempSync(join(tmpdir(), 'potm-players-'));
writeFileSync(join(here, 'entry.sh'), '#!/bin/sh\necho b1 d3\n');
chmodSync(join(here, 'entry.sh'), 0o755);
writeFileSync(join(here, 'weights.bin'), '');
writeFileSync(join(here, 'plain.txt'), 'not executable');
afterAll(() => rmSync(here, {recursive: true, force: true}));

describe('splitCommand', () => {
	test.each([
		['python3 my.py', ['python3', 'my.py']],
		['  ./a.out   --fast  ', ['./a.out', '--fast']],
		[`run "two words" 'single $x' plain\\ space`, ['run', 'two words', 'single $x', 'plain space']],
		[`say "a \\"quote\\" here"`, ['say', 'a "quote" here']],
		[`empty "" arg`, ['empty', '', 'arg']],
	])('%s', (text, words) => {
		expect(splitCommand(text)).toEqual({ok: true, value: words});
	});

	test('an unclosed quote or an empty line is refused', () => {
		expect(splitCommand('run "open')).toEqual({ok: false, error: 'a double quote is not closed'});
		expect(splitCommand("run 'open")).toEqual({ok: false, error: 'a single quote is not closed'});
		expect(splitCommand('   ')).toEqual({ok: false, error: 'the command is empty'});
	});
});

describe('parsePlayer', () => {
	test.each([
		['ai:1', {kind: 'level', level: 1}],
		['ai:5', {kind: 'level', level: 5}],
		['AI:Greedy', {kind: 'greedy'}],
		['ai:random', {kind: 'random'}],
	])('%s is built in', (text, player) => {
		const parsed = parsePlayer(text);
		expect(parsed).toEqual({ok: true, value: {kind: 'builtin', name: text.toLowerCase(), player}});
	});

	test('an unknown built-in names the ones there are', () => {
		for (const text of ['ai:9', 'ai:0', 'ai:bogus', 'ai:']) {
			const parsed = parsePlayer(text);
			expect(parsed.ok).toBe(false);
			if (!parsed.ok) expect(parsed.error).toBe(`"${text}" is not a built-in player: they are ai:1 .. ai:5, ai:greedy or ai:random`);
		}
	});

	test('a relative entry and the files it names are made absolute; options and other words are left alone', () => {
		const parsed = parsePlayer('./entry.sh --depth 3 weights.bin missing.bin', here);
		expect(parsed).toEqual({
			ok: true,
			value: {
				kind: 'external',
				name: './entry.sh --depth 3 weights.bin missing.bin',
				command: './entry.sh --depth 3 weights.bin missing.bin',
				argv: [join(here, 'entry.sh'), '--depth', '3', join(here, 'weights.bin'), 'missing.bin'],
			},
		});
	});

	test('a program on the PATH is found there', () => {
		const parsed = parsePlayer('sh -c true', here);
		expect(parsed.ok && parsed.value.kind === 'external' && parsed.value.argv[0]).toMatch(/\/sh$/);
	});

	test.each([
		['./missing', 'entry "./missing": ./missing does not exist'],
		['./plain.txt', 'entry "./plain.txt": ./plain.txt is not an executable file (chmod +x ./plain.txt, or name its interpreter first)'],
		[
			'no-such-program-here',
			'entry "no-such-program-here": no program "no-such-program-here" on the PATH (for a file here, write ./no-such-program-here)',
		],
		['./entry.sh "open', 'entry "./entry.sh "open": a double quote is not closed'],
		['.', 'entry ".": no program "." on the PATH (for a file here, write ./.)'],
		['./', 'entry "./": ./ is not an executable file'],
	])('%s is refused', (text, message) => {
		expect(parsePlayer(text, here)).toEqual({ok: false, error: message});
	});
});

test('distinctNames numbers a player that comes again', () => {
	const random = {kind: 'builtin', name: 'ai:random', player: {kind: 'random'}} as const;
	const greedy = {kind: 'builtin', name: 'ai:greedy', player: {kind: 'greedy'}} as const;
	expect(distinctNames([random, greedy, random, random]).map(player => player.name)).toEqual([
		'ai:random',
		'ai:greedy',
		'ai:random #2',
		'ai:random #3',
	]);
});

test('distinctNames never makes a name another player has', () => {
	const entry = (name: string) => ({kind: 'external', name, command: name, argv: ['/bin/true']}) as const;
	const names = distinctNames([entry('./e'), entry('./e'), entry('./e #2'), entry('./e')]).map(player => player.name);
	expect(names).toEqual(['./e', './e #3', './e #2', './e #4']);
	expect(new Set(names).size).toBe(names.length);
});
