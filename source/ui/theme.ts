/**
 * How things look, as data: a colour theme, a no-colour theme (marks instead of colours) and an
 * ASCII set of glyphs for terminals without Unicode. chalk ignores NO_COLOR, so the choice is
 * made here, once, from the flags and the environment.
 */

export interface Glyphs {
	/** Pieces of player 1 and player 2. */
	readonly pieces: readonly [string, string];
	readonly empty: string;
	/** An empty square the picked-up piece can go to. */
	readonly target: string;
	/** Empty bonus squares, by their value: small (3) and large (7). */
	readonly bonusSmall: string;
	readonly bonusLarge: string;
	readonly spinner: readonly string[];
	readonly barFull: string;
	readonly barEmpty: string;
	readonly turn: string;
}

export interface Theme {
	readonly color: boolean;
	readonly ascii: boolean;
	readonly glyphs: Glyphs;
	/** Ink colour names; unused when `color` is false. */
	readonly sideColors: readonly [string, string];
	readonly bonusSmallBg: string;
	readonly bonusLargeBg: string;
	readonly lastMoveBg: string;
	readonly selectedBg: string;
	readonly hintBg: string;
	readonly squareBg: readonly [string, string];
	readonly accent: string;
	readonly dim: string;
	readonly error: string;
}

const UNICODE: Glyphs = {
	pieces: ['●', '●'],
	empty: '·',
	target: '◦',
	bonusSmall: '+',
	bonusLarge: '*',
	spinner: ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'],
	barFull: '█',
	barEmpty: '░',
	turn: '◀',
};

const ASCII: Glyphs = {
	pieces: ['R', 'B'],
	empty: '.',
	target: 'o',
	bonusSmall: '+',
	bonusLarge: '*',
	spinner: ['|', '/', '-', '\\'],
	barFull: '#',
	barEmpty: '-',
	turn: '<',
};

export interface ThemeOptions {
	readonly color: boolean;
	readonly ascii: boolean;
	/** Letters for the pieces when they cannot be told apart by colour, e.g. ['R', 'B']. */
	readonly letters?: readonly [string, string];
}

export function makeTheme({color, ascii, letters = ['R', 'B']}: ThemeOptions): Theme {
	const base = ascii ? ASCII : UNICODE;
	// Without colour the two sides' discs look the same: letters tell them apart.
	const glyphs = ascii || !color ? {...base, pieces: letters} : base;
	return {
		color,
		ascii,
		glyphs,
		sideColors: ['redBright', 'blueBright'],
		bonusSmallBg: '#5f5f00',
		bonusLargeBg: '#005f00',
		lastMoveBg: '#3a3a5a',
		selectedBg: '#875f00',
		hintBg: '#005f5f',
		squareBg: ['#262626', '#303030'],
		accent: 'cyanBright',
		dim: 'gray',
		error: 'redBright',
	};
}

/** Whether to use colour: off with --no-color, with NO_COLOR set (to anything), or on a dumb terminal. */
export function wantsColor(flag: boolean | undefined, env: NodeJS.ProcessEnv): boolean {
	if (flag === false) return false;
	if (env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '') return false;
	if (env['TERM'] === 'dumb') return false;
	return true;
}
