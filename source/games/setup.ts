/**
 * The options of a game's new boards, as the game declares them (`Game.setup`): the command
 * line's flags and their checks and help, the menu's rows, the demo's boards and the referee's
 * boards of each match all come from these declarations, so a game with options of its own
 * touches nothing outside its folder.
 *
 * A Setup holds whole numbers by key: `seed` (the random board's, for a game whose boards are
 * drawn at random) and each option's value or values (a size keeps its rows and its columns
 * under two keys). A key no option of the game has is ignored.
 */

/** What a new game is set up from: the seed of a random board, and the game's options by key. */
export type Setup = Readonly<Record<string, number>>;

/** What every option says of itself. */
interface OptionBase {
	/** Its name on the command line (--lines) and in messages. */
	readonly name: string;
	/** The menu's row for it, by this label ("Lines"); absent where the menu shows none (the Board row tells PAH-TUM's holes). */
	readonly row?: string;
	/** The help's words for it, its default included, after the value's name (the menu's row, if any, is added where it counts). */
	readonly help: string;
	/** What the boards of a game that has it are like, for a refusal elsewhere: "come in sizes", "have holes". */
	readonly whose: string;
	/** What a game without it has instead, for that refusal ("has one board size"); absent: the options it has. */
	readonly without?: string;
	/**
	 * The referee may vary it from match to match: the name of the option that lists its values,
	 * one a match in turn (--sizes 3x3,5x7). Absent: every match has the one value.
	 */
	readonly perMatch?: string;
}

/** A whole number: holes, lines drawn before the game. */
export interface NumberOption extends OptionBase {
	readonly kind: 'number';
	/** Its key in a Setup. */
	readonly key: string;
	/** The value's name in the help: "N". */
	readonly value: string;
	readonly min: number;
	/** The most, which may depend on the rest of the setup (lines: one fewer than the board's unit segments). */
	readonly max: number | ((setup: Setup) => number);
	/** Why there is that most, for a refusal, given the setup: "a 3x3 board has 24 unit segments, and one is left to draw". */
	readonly maxBecause?: (setup: Setup) => string;
	/** Only odd values (a PAH-TUM board's holes), with the reason, for a refusal: "a board has an odd number of holes". */
	readonly odd?: string;
	/** Its value when none is given; absent: the game chooses one with the board (PAH-TUM's holes). */
	readonly default?: number;
	/** How the menu shows a value: "none drawn before the game". */
	readonly shown?: (value: number) => string;
}

/** A size of rows and columns, written ROWSxCOLUMNS: a LINES and BOXES board's boxes. */
export interface SizeOption extends OptionBase {
	readonly kind: 'size';
	/** The keys of its rows and of its columns in a Setup. */
	readonly keys: readonly [string, string];
	/** What is counted: "boxes". */
	readonly unit: string;
	readonly rows: readonly [number, number];
	readonly columns: readonly [number, number];
	readonly default: readonly [number, number];
}

export type SetupOption = NumberOption | SizeOption;

/** The game's side of it: its options (none for a game of one start). */
export interface SetupOwner {
	readonly name: string;
	readonly setup?: readonly SetupOption[];
}

export const optionsOf = (game: SetupOwner): readonly SetupOption[] => game.setup ?? [];

/** The option of a game by its name, or by the name of its per-match list. */
export const optionNamed = (game: SetupOwner, name: string): SetupOption | undefined =>
	optionsOf(game).find(option => option.name === name || option.perMatch === name);

/** The most a number option may be, given the rest of the setup. */
export const maxOf = (option: NumberOption, setup: Setup): number => (typeof option.max === 'number' ? option.max : option.max(setup));

/** "3 to 8 rows and 3 to 8 columns" of a size option. */
const sizeRange = (option: SizeOption): string =>
	`${option.rows[0]} to ${option.rows[1]} rows and ${option.columns[0]} to ${option.columns[1]} columns`;

/**
 * An option's value from its text on the command line, checked against the rest of the setup
 * (read in the order the game lists its options: a board's size before the lines drawn on it),
 * as the keys and numbers it sets; or a message. `as` is the name the text came under (a
 * per-match list's, whose items are each read so).
 */
export function readOption(option: SetupOption, text: string, setup: Setup, as = option.name): Setup | string {
	if (option.kind === 'size') {
		const match = /^\s*(\d+)\s*[x×X]\s*(\d+)\s*$/.exec(text);
		const wanted = `--${as} takes ROWSxCOLUMNS of ${option.unit}, ${sizeRange(option)}, as in 5x7`;
		if (text.trim() === '') return wanted;
		if (!match) return `${wanted}, not "${text}"`;
		const rows = Number(match[1]);
		const columns = Number(match[2]);
		const [r, c] = [option.rows, option.columns];
		if (rows < r[0] || rows > r[1] || columns < c[0] || columns > c[1]) return `${wanted}, not ${rows}x${columns}`;
		return {[option.keys[0]]: rows, [option.keys[1]]: columns};
	}
	const max = maxOf(option, setup);
	const wanted = option.odd
		? `--${as} takes an odd number from ${option.min} to ${max} (${option.odd})`
		: `--${as} takes a whole number from ${option.min} to ${max}`;
	const because = option.maxBecause ? ` (${option.maxBecause(setup)})` : '';
	// No value at all: an example instead of the empty text.
	if (text.trim() === '') return `${wanted}, e.g. --${as} ${Math.max(option.min, Math.min(max, option.odd ? 5 : 6))}${because}`;
	if (!/^\d+$/.test(text.trim())) return `${wanted}, not "${text}"${because}`;
	const value = Number(text);
	if (value < option.min || value > max || (option.odd && value % 2 === 0)) return `${wanted}, not ${value}${because}`;
	return {[option.key]: value};
}

/** The values of a setup's option as its text on the command line ("5x7", "6"), or undefined where it has none. */
export function optionText(option: SetupOption, setup: Setup): string | undefined {
	if (option.kind === 'size') {
		const [rows, columns] = [setup[option.keys[0]], setup[option.keys[1]]];
		return rows === undefined || columns === undefined ? undefined : `${rows}x${columns}`;
	}
	return setup[option.key]?.toString();
}

/**
 * The setup a new board of `game` is made from: the seed, and each of its options' values as
 * `given` says where they are within bounds, else its default (a number option without one is
 * left to the game). A value bounded by others is kept within them (the lines of a smaller
 * board). Keys of other games' options are dropped.
 */
export function settled(game: SetupOwner, given: Setup): Setup {
	const setup: Record<string, number> = given['seed'] === undefined ? {} : {seed: given['seed']};
	for (const option of optionsOf(game)) {
		if (option.kind === 'size') {
			const [rowsKey, columnsKey] = option.keys;
			const within = (value: number | undefined, [min, max]: readonly [number, number], fallback: number) =>
				value === undefined || value < min || value > max ? fallback : value;
			setup[rowsKey] = within(given[rowsKey], option.rows, option.default[0]);
			setup[columnsKey] = within(given[columnsKey], option.columns, option.default[1]);
			continue;
		}
		const value = given[option.key] ?? option.default;
		if (value === undefined) continue;
		setup[option.key] = Math.max(option.min, Math.min(value, maxOf(option, setup)));
	}
	return setup;
}

/** Every value a size option may take, rows first then columns (3×3, 3×4, ... 8×8). */
function sizes(option: SizeOption): (readonly [number, number])[] {
	const list: (readonly [number, number])[] = [];
	for (let rows = option.rows[0]; rows <= option.rows[1]; rows++)
		for (let columns = option.columns[0]; columns <= option.columns[1]; columns++) list.push([rows, columns]);
	return list;
}

/**
 * The setup with an option turned one step (`step` 1 or -1), round from its last value to its
 * first, as the menu's ← → turn a row: a size through every size, a number through its range
 * (odd ones only where it must be odd). A number without a value starts from its least.
 */
export function stepped(game: SetupOwner, option: SetupOption, given: Setup, step: number): Setup {
	const setup = settled(game, given);
	if (option.kind === 'size') {
		const list = sizes(option);
		const at = list.findIndex(([rows, columns]) => rows === setup[option.keys[0]] && columns === setup[option.keys[1]]);
		const [rows, columns] = list[(at + step + list.length) % list.length]!;
		return {...given, [option.keys[0]]: rows, [option.keys[1]]: columns};
	}
	const stride = option.odd ? 2 : 1;
	const count = Math.floor((maxOf(option, setup) - option.min) / stride) + 1;
	const at = Math.floor(((setup[option.key] ?? option.min) - option.min) / stride);
	return {...given, [option.key]: option.min + ((at + step + count) % count) * stride};
}

/** The square sizes a size option has: from the least to the most that are both a number of rows and of columns. */
export const squareSizes = (option: SizeOption): readonly [number, number] => [
	Math.max(option.rows[0], option.columns[0]),
	Math.min(option.rows[1], option.columns[1]),
];

/** A size option set to `size` × `size` at once (the menu's digits), or null where that square is not one of its sizes. */
export function squared(option: SizeOption, given: Setup, size: number): Setup | null {
	const [least, most] = squareSizes(option);
	return size >= least && size <= most ? {...given, [option.keys[0]]: size, [option.keys[1]]: size} : null;
}

/** An option's value as the menu shows it: "5×5 boxes", "none drawn before the game", "7". */
export function shownValue(option: SetupOption, setup: Setup): string {
	if (option.kind === 'size') return `${setup[option.keys[0]]}×${setup[option.keys[1]]} ${option.unit}`;
	const value = setup[option.key];
	if (value === undefined) return 'drawn with the board';
	return option.shown ? option.shown(value) : String(value);
}
