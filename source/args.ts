/**
 * The one command-line parser of potm, its benchmark, tuner and tools: Node's own util.parseArgs,
 * with what people expect of a command line on top of it: --no-NAME, a negative number as a word
 * ("perft FILE -1"), an option said twice refused, an option's missing value noticed rather than
 * the next option taken for it. parseArgs is built in, so `potm move` (a contest entry, charged
 * its start-up at every move) loads nothing more for it; subcommands are one word, dispatched by
 * the caller.
 *
 * An option is described once, as data (OptionSpec): its type, the name of its value, its help,
 * the commands that take it and the range of a whole number. The help's option lines, and the
 * "unknown option" and "goes with COMMAND" messages, come from that table.
 */
import {parseArgs} from 'node:util';
import {wrapLines} from './text.js';

/** Text by command, '' the program's own (no command); '*' for any command not named. */
export type ByCommand = string | Readonly<Record<string, string>>;

export interface OptionSpec {
	/** 'string' takes a value (--level 3, --level=3); 'boolean' is on or off (--ascii, --no-ascii, --ascii=false). */
	readonly type: 'string' | 'boolean';
	/** A one-letter form: -h. */
	readonly short?: string;
	/** The value's name in the help: --level 1-5. */
	readonly value?: string;
	/** Its line in a command's help; no line where there is no text. */
	readonly help?: ByCommand;
	/** The line of its --no-NAME form (--no-clock, --no-color), where that form is the one to show. */
	readonly negatedHelp?: ByCommand;
	/** The commands that take it ('' the program without one); every command when not said. */
	readonly commands?: readonly string[];
	/** The range of a whole number, for wholeNumber. */
	readonly range?: readonly [number, number];
}

/** Options by name, as typed after the two dashes; the order is the help's. */
export type OptionTable = Readonly<Record<string, OptionSpec>>;

/**
 * What an option said: a string option's text, or true when no value followed it; a boolean's
 * state. False is --no-NAME, for either type (meow's rule, which people rely on: --no-clock).
 */
export type Given = string | boolean;

export interface Parsed {
	/** The words that are not options, in order: the command first where there is one. */
	readonly positionals: readonly string[];
	/** What each option in the table said, by its name. */
	readonly values: ReadonlyMap<string, Given>;
	/** Every option word in order, as typed (text) and by its name in the table (or its own name when the table has none). */
	readonly options: readonly {readonly name: string; readonly text: string}[];
}

type Token = NonNullable<ReturnType<typeof parseArgs>['tokens']>[number];
type Config = NonNullable<NonNullable<Parameters<typeof parseArgs>[0]>['options']>;

/** The option of that name in the table, or undefined: the table's own, not an object's (--constructor is no option). */
const specOf = (table: OptionTable, name: string): OptionSpec | undefined => (Object.hasOwn(table, name) ? table[name] : undefined);

/** A word that is an option, not a value: not "-" (standard input) and not a negative number. */
const optionLike = (word: string): boolean => word.startsWith('-') && word !== '-' && !/^-\d/.test(word);

/**
 * The tokens of parseArgs, but where it took an option's value from the next word and that word
 * is an option itself (--level --quiet), the value is missing: the rest is read again from there.
 */
function tokensOf(words: readonly string[], config: Config): Token[] {
	const {tokens} = parseArgs({args: [...words], options: config, strict: false, allowPositionals: true, tokens: true});
	for (let at = 0; at < tokens.length; at++) {
		const token = tokens[at]!;
		if (token.kind === 'option' && token.inlineValue === false && optionLike(token.value)) {
			const from = token.index + 1;
			const rest = tokensOf(words.slice(from), config).map(one => ({...one, index: one.index + from}));
			return [...tokens.slice(0, at), {...token, value: undefined, inlineValue: undefined}, ...rest];
		}
	}
	return tokens;
}

/**
 * The words of a command line read against the table, or a message: a string option given twice
 * (--no-NAME counts), or a value where an option takes none. Options the table does not have are
 * left for strayOption, which knows the command: they must not stop --help.
 */
export function readArgs(words: readonly string[], table: OptionTable): Parsed | string {
	const config: Config = Object.fromEntries(
		Object.entries(table).map(([name, spec]) => [name, {type: spec.type, ...(spec.short ? {short: spec.short} : {})}]),
	);
	const positionals: string[] = [];
	const values = new Map<string, Given>();
	const options: {name: string; text: string}[] = [];
	// A negative number such as -1.5 comes as several short options of one word: it is kept once.
	let numberAt = -1;
	for (const token of tokensOf(words, config)) {
		if (token.kind === 'option-terminator') continue;
		if (token.kind === 'positional') {
			positionals.push(token.value);
			continue;
		}
		const word = words[token.index]!;
		if (/^-\d/.test(word)) {
			if (token.index !== numberAt) positionals.push(word);
			numberAt = token.index;
			continue;
		}
		// A group of short options (-xy) is named as typed.
		const text = word.startsWith('--') ? token.rawName : word.replace(/=.*$/, '');
		const negated = !specOf(table, token.name) && token.name.startsWith('no-') && specOf(table, token.name.slice(3)) !== undefined;
		const name = negated ? token.name.slice(3) : token.name;
		options.push({name, text});
		const spec = specOf(table, name);
		if (!spec) continue;
		let value: Given;
		if (negated || spec.type === 'boolean') {
			const on = !negated;
			if (token.value === undefined) value = on;
			else if (!negated && (token.value === 'true' || token.value === 'false')) value = token.value === 'true';
			else return `${text} takes no value, not "${token.value}"`;
			if (spec.type === 'boolean') {
				values.set(name, value);
				continue;
			}
		} else value = token.value ?? true;
		if (values.has(name)) return `--${name} is given more than once${spec.negatedHelp ? ` (--no-${name} counts too)` : ''}`;
		values.set(name, value);
	}
	return {positionals, values, options};
}

/** The commands of an option, in the table's words. */
const takes = (spec: OptionSpec, command: string): boolean => spec.commands === undefined || spec.commands.includes(command);

/** The commands that take an option, as "goes with" names them: "play, demo or the menu" (the program without one, ''). */
export function commandsText(commands: readonly string[]): string {
	const named = [...new Set(commands.filter(one => one !== '')), ...(commands.includes('') ? ['the menu'] : [])];
	return named.length <= 1 ? (named[0] ?? '') : `${named.slice(0, -1).join(', ')} or ${named.at(-1)}`;
}

/**
 * The message for the first option `command` does not take, if any: "--red goes with demo" when
 * other commands take it (every one of them named), else "unknown option --x (HELP lists the options)".
 */
export function strayOption(parsed: Parsed, table: OptionTable, command: string, help: string): string | undefined {
	for (const {name, text} of parsed.options) {
		const spec = specOf(table, name);
		if (spec && takes(spec, command)) continue;
		const owners = spec?.commands ? commandsText(spec.commands) : '';
		return owners ? `${text} goes with ${owners}` : `unknown option ${text} (${help} lists the options)`;
	}
	return undefined;
}

/** A whole number from an option within [min, max]; `fallback` when it is not given; or a message. */
export function wholeNumber(
	given: Given | undefined,
	name: string,
	[min, max]: readonly [number, number],
	fallback: number,
): number | string {
	if (given === undefined) return fallback;
	const wanted = `--${name} takes a whole number from ${min} to ${max}`;
	if (typeof given !== 'string') return wanted;
	if (!/^\d+$/.test(given.trim())) return `${wanted}, not "${given}"`;
	const value = Number(given);
	return value < min || value > max ? `${wanted}, not ${value}` : value;
}

const forCommand = (text: ByCommand | undefined, command: string): string | undefined =>
	typeof text === 'string' || text === undefined ? text : (text[command] ?? text['*']);

/**
 * The option lines of `command`'s help, each on a line of its own after a newline: the option at
 * column 4, its text wrapped at column 20 within 80. Lines start with a tab, as the help texts
 * around them are written (the tab is shown as two spaces).
 */
export function optionHelp(table: OptionTable, command: string): string {
	// The text beside its option, or under it where the option's label is longer than the column.
	const line = (label: string, text: string) =>
		`\n\t  ${label.length < 16 ? label.padEnd(16) : `${label}\n\t${' '.repeat(18)}`}${wrapLines(text, 80 - 20).join(`\n\t${' '.repeat(18)}`)}`;
	let lines = '';
	for (const [name, spec] of Object.entries(table)) {
		if (!takes(spec, command)) continue;
		const text = forCommand(spec.help, command);
		const label = spec.short ? `-${spec.short}, --${name}` : `--${name}${spec.value ? ` ${spec.value}` : ''}`;
		if (text !== undefined) lines += line(label, text);
		const negated = forCommand(spec.negatedHelp, command);
		if (negated !== undefined) lines += line(`--no-${name}`, negated);
	}
	return lines;
}
