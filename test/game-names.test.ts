/**
 * No game's name outside its folder (issue 40, item 4): the program's code outside source/games/
 * names no game, by id or by name, in any string it holds; what it needs of a game it asks the
 * game (its sides, its clock, its rulings, its assets). Comments are free to, and so is help
 * prose kept as data (HELP_DATA below). bench/, tune/ and tools/ are not the program: they
 * measure and tune particular games by design, and are built apart from it.
 * It runs with the test games registered (TEST_GAMES_TESTS in test/tiers.ts).
 */
import {readdirSync, readFileSync} from 'node:fs';
import {join, relative} from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, test} from 'vitest';

import {games} from '../source/games/registry.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const source = join(root, 'source');
/** The folders of source/ that are not the program's code, or are the games' own. */
const APART = new Set(['games', 'bench', 'tune', 'tools']);
/**
 * Help prose kept as data, which may name games as a reader would: each file with why. A file
 * here holds help and nothing else.
 */
const HELP_DATA: ReadonlyMap<string, string> = new Map([['source/command-line/help.ts', "the commands' help texts, written for people"]]);
/**
 * Strings of the program's output that are prose about a game's history, with why; each must
 * still be found where it is listed, so that the list cannot go stale.
 */
const PROSE: readonly {readonly file: string; readonly text: string; readonly why: string}[] = [
	{
		file: 'source/referee/report.ts',
		text: 'as the LOAPS contest did',
		why: "the tournament report's note on the tie-break the LOAPS contest used",
	},
];

/** Every module of the program outside the games' folders. */
function programFiles(folder = source): string[] {
	return readdirSync(folder, {withFileTypes: true}).flatMap(entry => {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) return folder === source && APART.has(entry.name) ? [] : programFiles(path);
		return /\.(ts|tsx|mjs)$/.test(entry.name) ? [path] : [];
	});
}

/** The text with its comments blanked out (strings kept, so that // in a string is no comment). */
export function withoutComments(text: string): string {
	let out = '';
	let at = 0;
	while (at < text.length) {
		const here = text[at]!;
		const next = text[at + 1];
		if (here === '/' && next === '/') {
			while (at < text.length && text[at] !== '\n') at++;
		} else if (here === '/' && next === '*') {
			const end = text.indexOf('*/', at + 2);
			const stop = end < 0 ? text.length : end + 2;
			out += text.slice(at, stop).replace(/[^\n]/g, ' ');
			at = stop;
		} else if (here === "'" || here === '"' || here === '`') {
			let end = at + 1;
			while (end < text.length && text[end] !== here) end += text[end] === '\\' ? 2 : 1;
			out += text.slice(at, end + 1);
			at = end + 1;
		} else {
			out += here;
			at++;
		}
	}
	return out;
}

/**
 * Whether the literal at `index` is help prose kept as data: the value of a `help` property,
 * directly or within an object of helps by command (`help: {play: '...', demo: '...'}`), or an
 * item of a constant named for its help (`const SIDE_LEVEL_HELP = ['...', '...']`).
 */
const isHelp = (text: string, index: number): boolean =>
	/(?:\bhelp\s*:|\b[A-Z_]+_HELP\s*=)\s*(?:[[{](?:[^{}[\]'"`]|'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")*)?$/.test(
		text.slice(Math.max(0, index - 600), index),
	);

/** The string literals of a text without comments, each with its line, help prose left out. */
function literals(text: string): {text: string; line: number}[] {
	const found: {text: string; line: number}[] = [];
	for (const match of text.matchAll(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g)) {
		if (isHelp(text, match.index)) continue;
		found.push({text: match[0].slice(1, -1), line: text.slice(0, match.index).split('\n').length});
	}
	return found;
}

/** What in `literal` names a game: the whole string is a game's id, or it holds a game's name. */
function naming(literal: string): string | undefined {
	const id = games.find(game => literal.toLowerCase() === game.id);
	if (id) return `the id "${id.id}"`;
	const name = games.find(game => new RegExp(`(^|[^A-Za-z])${game.name.replace(/[()]/g, '\\$&')}($|[^A-Za-z])`).test(literal));
	return name ? `the name "${name.name}"` : undefined;
}

describe('no game is named outside its folder', () => {
	test('the test sees every game, the test-only ones too', () => {
		expect(games.map(game => game.id)).toEqual(expect.arrayContaining(['tictactoe', 'nim']));
	});

	test("the helpers: comments are blanked, strings kept; a help property's prose is help data, other strings are not", () => {
		expect(withoutComments("a // 'x'\nb /* 'y' */ 'c // d'")).toBe("a \nb           'c // d'");
		const table = "{help: 'in LOAPS', helps: {play: 'x', demo: \"in LOA\"}, help2: 1, message: 'LOAPS'}";
		expect(literals(table).map(literal => literal.text)).toEqual(['x', 'in LOA', 'LOAPS']);
		const nested = "{help: {play: 'one, two', demo: \"it's three\"}, name: 'four'}";
		expect(literals(nested).map(literal => literal.text)).toEqual(['four']);
		expect(literals("const SIDE_HELP = ['in LOAPS', 'in LOA'];\nconst SIDES = ['LOAPS'];").map(literal => literal.text)).toEqual(['LOAPS']);
	});

	test('no string of the program outside source/games/ names a game, help data and listed prose aside', () => {
		const found: string[] = [];
		for (const path of programFiles()) {
			const file = relative(root, path);
			if (HELP_DATA.has(file)) continue;
			for (const literal of literals(withoutComments(readFileSync(path, 'utf8')))) {
				const what = naming(literal.text);
				if (what === undefined) continue;
				if (PROSE.some(prose => prose.file === file && literal.text.includes(prose.text))) continue;
				found.push(`${file}:${literal.line}: ${what} in ${JSON.stringify(literal.text.slice(0, 80))}`);
			}
		}
		expect(found).toEqual([]);
	});

	test('each help file and each listed prose is still there', () => {
		for (const file of HELP_DATA.keys()) expect(programFiles().map(path => relative(root, path))).toContain(file);
		for (const prose of PROSE) expect(readFileSync(join(root, prose.file), 'utf8')).toContain(prose.text);
	});
});
