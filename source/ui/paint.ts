/**
 * Styled text as a string, for a component that draws many styled pieces in one Ink <Text>: the
 * codes Ink's own <Text color backgroundColor bold> would wrap the same text in (a colour named as
 * chalk names it, `#rrggbb`, `ansi256(n)` or `rgb(r, g, b)`; undefined: none), so that one Text
 * of painted pieces draws what nested Texts drew, without a React element and an Ink node a piece.
 */
import chalk from 'chalk';

type Layer = 'foreground' | 'background';

const ANSI256 = /^ansi256\(\s?(\d+)\s?\)$/;
const RGB = /^rgb\(\s?(\d+),\s?(\d+),\s?(\d+)\s?\)$/;

/** `text` in `color`, as Ink colours a Text's foreground or background. */
export function paint(text: string, color: string | undefined, layer: Layer = 'foreground'): string {
	if (!color) return text;
	const back = layer === 'background';
	if (color in chalk) {
		const name = (back ? `bg${color[0]!.toUpperCase()}${color.slice(1)}` : color) as keyof typeof chalk;
		return (chalk[name] as (text: string) => string)(text);
	}
	if (color.startsWith('#')) return (back ? chalk.bgHex(color) : chalk.hex(color))(text);
	const indexed = ANSI256.exec(color);
	if (indexed) return (back ? chalk.bgAnsi256(Number(indexed[1])) : chalk.ansi256(Number(indexed[1])))(text);
	const rgb = RGB.exec(color);
	if (rgb) {
		const [red, green, blue] = [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
		return (back ? chalk.bgRgb(red, green, blue) : chalk.rgb(red, green, blue))(text);
	}
	return text;
}

/** `text` bold where `bold` says so, as a Text's `bold` (applied after its colours, as Ink does). */
export const embolden = (text: string, bold: boolean | undefined): string => (bold ? chalk.bold(text) : text);

/** How a piece of text looks: a Text's props of the same names. */
export interface Look {
	readonly color?: string | undefined;
	readonly backgroundColor?: string | undefined;
	readonly dim?: boolean | undefined;
	readonly bold?: boolean | undefined;
	readonly inverse?: boolean | undefined;
}

/** `text` as a <Text color backgroundColor dimColor bold inverse> nested in a plain Text draws it: Ink's order, dim first and inverse last. */
export function painted(text: string, {color, backgroundColor, dim, bold, inverse}: Look): string {
	let out = dim ? chalk.dim(text) : text;
	out = embolden(paint(paint(out, color), backgroundColor, 'background'), bold);
	return inverse ? chalk.inverse(out) : out;
}
