/**
 * Players from the command line: `ai:1` .. `ai:5`, `ai:greedy` and `ai:random` are built in;
 * anything else is an external entry's command line, run once per move with the input file's
 * path appended, as POTM ran entries (or fed the position on standard input, in a game whose
 * entries read it there).
 *
 * A command line is split into words as a shell would split simple words (quotes group, a
 * backslash escapes) but is not run by a shell: no pipes, variables or globs. Since the entry
 * runs in a private directory of its own, a word that names a file where potm was started
 * (`./entry`, `my_entry.py`) is made absolute first.
 */
import {accessSync, constants, existsSync, statSync} from 'node:fs';
import {delimiter, isAbsolute, join, resolve} from 'node:path';
import {MAX_LEVEL} from '../engine/levels.js';
import {parsePlayerKind} from '../engine/players.js';
import {fail, ok, type Result} from '../games/game.js';
import type {PlayerSpec} from './types.js';

/** The words of a command line, or why it cannot be split. */
export function splitCommand(text: string): Result<string[], string> {
	const words: string[] = [];
	let word = '';
	let inWord = false;
	let quote: '"' | "'" | null = null;
	for (let i = 0; i < text.length; i++) {
		const char = text[i]!;
		if (quote === "'") {
			if (char === "'") quote = null;
			else word += char;
		} else if (quote === '"') {
			if (char === '"') quote = null;
			else if (char === '\\' && i + 1 < text.length && '"\\$`'.includes(text[i + 1]!)) word += text[++i];
			else word += char;
		} else if (char === "'" || char === '"') {
			quote = char;
			inWord = true;
		} else if (char === '\\') {
			if (i + 1 < text.length) word += text[++i];
			inWord = true;
		} else if (/\s/.test(char)) {
			if (inWord) words.push(word);
			word = '';
			inWord = false;
		} else {
			word += char;
			inWord = true;
		}
	}
	if (quote) return fail(`a ${quote === '"' ? 'double' : 'single'} quote is not closed`);
	if (inWord) words.push(word);
	if (words.length === 0) return fail('the command is empty');
	return ok(words);
}

const executable = (path: string): boolean => {
	try {
		accessSync(path, constants.X_OK);
		return statSync(path).isFile();
	} catch {
		return false;
	}
};

/** Where a program name is found on PATH, or null. */
function onPath(name: string): string | null {
	for (const dir of (process.env['PATH'] ?? '').split(delimiter)) {
		if (dir !== '' && executable(join(dir, name))) return join(dir, name);
	}
	return null;
}

const BUILTINS = `ai:1 .. ai:${MAX_LEVEL}, ai:greedy or ai:random`;

/** A player from its command-line text; `cwd` is where relative paths are taken from. */
export function parsePlayer(text: string, cwd = process.cwd()): Result<PlayerSpec, string> {
	const trimmed = text.trim();
	if (/^ai:/i.test(trimmed)) {
		const player = parsePlayerKind(trimmed);
		if (!player) return fail(`"${text}" is not a built-in player: they are ${BUILTINS}`);
		return ok({kind: 'builtin', name: trimmed.toLowerCase(), player});
	}
	const split = splitCommand(text);
	if (!split.ok) return fail(`entry "${text}": ${split.error}`);
	const [program, ...args] = split.value;
	let path: string;
	if (program!.includes('/')) {
		path = isAbsolute(program!) ? program! : resolve(cwd, program!);
		if (!existsSync(path)) return fail(`entry "${text}": ${program} does not exist`);
		if (!executable(path)) {
			return fail(
				`entry "${text}": ${program} is not an executable file${statSync(path).isFile() ? ` (chmod +x ${program}, or name its interpreter first)` : ''}`,
			);
		}
	} else {
		const found = onPath(program!);
		if (!found) return fail(`entry "${text}": no program "${program}" on the PATH (for a file here, write ./${program})`);
		path = found;
	}
	// Arguments naming files here (a script, a weights file) must still be found from the entry's directory.
	const argv = [
		path,
		...args.map(arg => (!arg.startsWith('-') && !isAbsolute(arg) && existsSync(resolve(cwd, arg)) ? resolve(cwd, arg) : arg)),
	];
	return ok({kind: 'external', name: trimmed, command: text, argv});
}

/**
 * Names that tell the players apart in tables: the text given, and for a name that comes again
 * (a player against itself) the smallest " #2", " #3", ... that no other player is called.
 */
export function distinctNames(specs: readonly PlayerSpec[]): PlayerSpec[] {
	const taken = new Set(specs.map(spec => spec.name));
	const seen = new Set<string>();
	return specs.map(spec => {
		if (!seen.has(spec.name)) {
			seen.add(spec.name);
			return spec;
		}
		let count = 2;
		while (taken.has(`${spec.name} #${count}`)) count++;
		const name = `${spec.name} #${count}`;
		taken.add(name);
		return {...spec, name};
	});
}
