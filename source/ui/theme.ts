/**
 * How things look, as data: a colour theme, a no-colour theme (marks instead of colours) and an
 * ASCII set of glyphs for terminals without Unicode. chalk ignores NO_COLOR, so the choice is
 * made here, once, from the flags and the environment.
 */

export interface Glyphs {
	/** Pieces of player 1 and player 2, where colour tells them apart (see Theme.lettered). */
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
	/**
	 * Whether pieces are drawn as their side's initial (R and B in LOAPS, B and W in classic
	 * LOA): without colour, or in ASCII, the two sides' discs would look the same.
	 */
	readonly lettered: boolean;
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
	// Never drawn: without Unicode the pieces are always their side's initial (Theme.lettered).
	pieces: ['O', 'X'],
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
}

/** The glyph of a piece of `side` (1 or 2) of a game whose sides are named `sides`. */
export const pieceGlyph = (theme: Theme, side: number, sides: readonly string[]): string =>
	theme.lettered ? sides[side - 1]!.charAt(0) : theme.glyphs.pieces[side - 1]!;

export function makeTheme({color, ascii}: ThemeOptions): Theme {
	return {
		color,
		ascii,
		lettered: ascii || !color,
		glyphs: ascii ? ASCII : UNICODE,
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
