/**
 * How things look, as data: a colour theme, a no-colour theme (marks instead of colours) and an
 * ASCII set of glyphs for terminals without Unicode. chalk ignores NO_COLOR, so the choice is
 * made here, once, from the flags and the environment.
 */
import type {Colours} from '../games/game.js';

export interface Glyphs {
	/** Pieces of player 1 and player 2, where colour tells them apart (see Theme.lettered). */
	readonly pieces: readonly [string, string];
	readonly empty: string;
	/** An empty square the picked-up piece can go to. */
	readonly target: string;
	/** Empty bonus squares, by their value: small (3) and large (7). */
	readonly bonusSmall: string;
	readonly bonusLarge: string;
	/** A square out of play (PAH-TUM's holes). */
	readonly blocked: string;
	readonly spinner: readonly string[];
	readonly barFull: string;
	readonly barEmpty: string;
	readonly turn: string;
	/** Before the move list's current move, where no colour can show it. */
	readonly current: string;
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
	readonly bonusSmallBg: string;
	readonly bonusLargeBg: string;
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
	blocked: '▒',
	spinner: ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'],
	barFull: '█',
	barEmpty: '░',
	turn: '◀',
	current: '▸',
};

const ASCII: Glyphs = {
	// Never drawn: without Unicode the pieces are always their side's initial (Theme.lettered).
	pieces: ['O', 'X'],
	empty: '.',
	target: 'o',
	bonusSmall: '+',
	bonusLarge: '*',
	blocked: '#',
	spinner: ['|', '/', '-', '\\'],
	barFull: '#',
	barEmpty: '-',
	turn: '<',
	current: '>',
};

export interface ThemeOptions {
	readonly color: boolean;
	readonly ascii: boolean;
}

/**
 * The glyph of a piece of `side` (1 or 2) of a game whose sides are named `sides`: a disc, or its
 * side's initial; a side named by one letter (PAH-TUM's X and O) is always that letter.
 */
export const pieceGlyph = (theme: Theme, side: number, sides: readonly string[]): string =>
	theme.lettered || sides[side - 1]!.length === 1 ? sides[side - 1]!.charAt(0) : theme.glyphs.pieces[side - 1]!;

export function makeTheme({color, ascii}: ThemeOptions): Theme {
	return {
		color,
		ascii,
		lettered: ascii || !color,
		glyphs: ascii ? ASCII : UNICODE,
		bonusSmallBg: '#5f5f00',
		bonusLargeBg: '#005f00',
		accent: 'cyanBright',
		dim: 'gray',
		error: 'redBright',
	};
}

/**
 * The colours of a game's pieces and board, from its sides' names, which say what the pieces look
 * like: red and blue pieces on a dark board; black and white ones on a mid-toned (wooden) board
 * that both read on, whatever the terminal's own background.
 */
export interface Palette {
	/** The pieces of player 1 and player 2. */
	readonly pieces: readonly [string, string];
	/**
	 * The side names' text in the panel: the pieces' colour where it reads on any terminal, none
	 * (the terminal's own text colour) where it would not: black on a dark terminal, white on a light one.
	 */
	readonly names: readonly [string | undefined, string | undefined];
	readonly squares: readonly [string, string];
	readonly lastMove: string;
	readonly selected: string;
	readonly hint: string;
	/** Squares out of play, and squares of runs that score. */
	readonly blocked: string;
	readonly scoring: string;
}

const COLOURED: Palette = {
	pieces: ['redBright', 'blueBright'],
	names: ['redBright', 'blueBright'],
	squares: ['#262626', '#303030'],
	lastMove: '#3a3a5a',
	selected: '#875f00',
	hint: '#005f5f',
	blocked: '#000000',
	scoring: '#5f5f00',
};

/**
 * Colours of the 256-colour cube by number, as every colour terminal shows them (chalk's rounding
 * of an RGB colour to the cube would shift these): black 16 and white 231; wood, tan 137
 * (175,135,95) and brown 94 (135,95,0), each readable under a black and a white piece (contrast
 * 3.3 to 6.4); steel blue 67 for the last move, gold 136 for the piece picked up, teal 66 for a hint.
 */
const BLACK_AND_WHITE: Palette = {
	pieces: ['ansi256(16)', 'ansi256(231)'],
	names: [undefined, undefined],
	squares: ['ansi256(137)', 'ansi256(94)'],
	lastMove: 'ansi256(67)',
	selected: 'ansi256(136)',
	hint: 'ansi256(66)',
	blocked: 'ansi256(16)',
	scoring: 'ansi256(136)',
};

/** The palette of pieces coloured so (a board view's `colours`; red and blue when absent). */
export const paletteOf = (colours: Colours | undefined): Palette => (colours === 'black-white' ? BLACK_AND_WHITE : COLOURED);

/** Whether to use colour: off with --no-color, with NO_COLOR set (to anything), or on a dumb terminal. */
export function wantsColor(flag: boolean | undefined, env: NodeJS.ProcessEnv): boolean {
	if (flag === false) return false;
	if (env['NO_COLOR'] !== undefined && env['NO_COLOR'] !== '') return false;
	if (env['TERM'] === 'dumb') return false;
	return true;
}
