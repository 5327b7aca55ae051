/**
 * ui/paint.ts colours text as Ink's <Text> does, and a board line painted into one Text draws
 * what the nested Texts of a square and its marks drew (ui/boards/grid.tsx).
 */
import chalk from 'chalk';
import fc from 'fast-check';
import {Text} from 'ink';
import {render} from 'ink-testing-library';
import {afterEach, beforeEach, expect, test} from 'vitest';
// Ink's own module, not in its exports: the one its Text uses.
import colorize from '../../node_modules/ink/build/colorize.js';
import {embolden, paint} from '../../source/ui/paint.js';
import {gridLineText} from '../../source/ui/boards/grid.js';

const level = chalk.level;
beforeEach(() => void (chalk.level = 3));
afterEach(() => void (chalk.level = level));

const COLOURS = [
	undefined,
	'',
	'red',
	'redBright',
	'blueBright',
	'yellow',
	'gray',
	'#262626',
	'#875f00',
	'ansi256(16)',
	'ansi256( 231 )',
	'rgb(1, 2, 3)',
	'rgb(1,2,3)',
	'ansi256(x)',
	'rgb(1)',
	'nocolour',
];

test("paint gives Ink's colours, foreground and background, at every colour level", () => {
	for (const chalkLevel of [0, 1, 2, 3] as const) {
		chalk.level = chalkLevel;
		for (const colour of COLOURS)
			for (const layer of ['foreground', 'background'] as const)
				for (const text of ['', 'x', ' ● ', `a${chalk.bold('b')}c`])
					expect(paint(text, colour, layer), `${chalkLevel} ${colour} ${layer}`).toBe(colorize(text, colour, layer));
	}
	expect(embolden('x', true)).toBe(chalk.bold('x'));
	expect(embolden('x', false)).toBe('x');
});

/** The line as nested Texts drew it before (the reference). */
function NestedLine({line}: {line: Parameters<typeof gridLineText>[0]}) {
	const {label, middle, looks, width, padLeft, padRight, dim} = line;
	return (
		<Text>
			<Text color={dim}>{middle ? `${label} ` : '   '}</Text>
			{looks.map((look, index) =>
				middle ? (
					<Text key={index} backgroundColor={look.background}>
						{' '.repeat(padLeft)}
						<Text color={look.markColor} bold>
							{look.left}
						</Text>
						<Text color={look.glyphColor} bold={look.bold}>
							{look.glyph}
						</Text>
						<Text color={look.markColor} bold>
							{look.right}
						</Text>
						{' '.repeat(padRight)}
					</Text>
				) : (
					<Text key={index} backgroundColor={look.background}>
						{' '.repeat(width)}
					</Text>
				),
			)}
			<Text color={dim}>{middle ? ` ${label.trim()}`.padEnd(3) : '   '}</Text>
		</Text>
	);
}

test('a board line painted into one Text draws what the nested Texts drew, byte for byte', () => {
	const colour = fc.constantFrom(...COLOURS.slice(0, 10));
	const look = fc.record({
		left: fc.constantFrom(' ', '[', '<', '(', '!', '-', '=', '+'),
		glyph: fc.constantFrom('●', '○', '·', '+', 'x', 'R', '#', '◆'),
		right: fc.constantFrom(' ', ']', '>', ')', '!', '-', '=', '+'),
		glyphColor: colour,
		markColor: colour,
		background: colour,
		bold: fc.boolean(),
	});
	fc.assert(
		fc.property(
			fc.record({
				label: fc.constantFrom(' 1', ' 7', '10', ' a'),
				middle: fc.boolean(),
				looks: fc.array(look, {minLength: 1, maxLength: 8}),
				width: fc.integer({min: 3, max: 6}),
				dim: colour,
			}),
			fc.integer({min: 0, max: 3}),
			(line, level) => {
				chalk.level = level as 0 | 1 | 2 | 3;
				const padLeft = Math.ceil((line.width - 3) / 2);
				const full = {...line, padLeft, padRight: line.width - 3 - padLeft};
				const nested = render(<NestedLine line={full} />);
				const flat = render(<Text>{gridLineText(full)}</Text>);
				expect(flat.lastFrame()).toBe(nested.lastFrame());
				nested.unmount();
				flat.unmount();
			},
		),
		{seed: 39, numRuns: 300},
	);
});
