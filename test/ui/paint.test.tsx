/**
 * ui/paint.ts colours text as Ink's <Text> does; a board line painted into one Text draws what
 * the nested Texts of a square and its marks drew (ui/boards/grid.tsx), and the players' rows and
 * the move list's rows what theirs drew (ui/panel.tsx).
 */
import chalk from 'chalk';
import fc from 'fast-check';
import {Box, Text} from 'ink';
import {render} from 'ink-testing-library';
import {Fragment} from 'react';
import {afterEach, beforeEach, expect, test} from 'vitest';
// Ink's own module, not in its exports: the one its Text uses.
import colorize from '../../node_modules/ink/build/colorize.js';
import {embolden, paint, painted} from '../../source/ui/paint.js';
import {Players, type SideLine} from '../../source/ui/panel.js';
import {fit, formatClock} from '../../source/ui/format.js';
import {makeTheme, paletteOf, pieceGlyph} from '../../source/ui/theme.js';
import type {Player} from '../../source/games/game.js';
import {gridLineText} from '../../source/ui/boards/grid.js';

const level = chalk.level;
beforeEach(() => void (chalk.level = 3));
afterEach(() => void (chalk.level = level));

type Instance = ReturnType<typeof render>;

/** The Ink instances the test under way draws in, ended after it. */
const instances: Instance[] = [];
afterEach(() => {
	for (const instance of instances.splice(0)) instance.unmount();
});

/**
 * Where a property draws its runs: a pair of Ink instances for each colour level, the reference's
 * and the painted's, made at its first run at that level. A run draws its two trees again in them,
 * as a screen draws its next frame, rather than in two instances made and ended for it (about a
 * millisecond each). A pair for each level, since a Text drawn again with the same props keeps
 * what it wrote (patches/ink+6.8.0.patch), and chalk's level is not among them.
 */
function instancePairs(): () => readonly [Instance, Instance] {
	const pairs = new Map<number, readonly [Instance, Instance]>();
	return () => {
		let pair = pairs.get(chalk.level);
		if (pair === undefined) {
			pair = [render(<Text />), render(<Text />)];
			instances.push(...pair);
			pairs.set(chalk.level, pair);
		}
		return pair;
	};
}

let draws = 0;

/**
 * The frames `nested` and `flat` draw, each in its instance of the pair for chalk's level now:
 * every other call mounts them afresh (a new key), as a screen's first frame; the others draw them
 * again in place, as a screen's next frame.
 */
function framesOf(
	pairs: () => readonly [Instance, Instance],
	nested: React.ReactElement,
	flat: React.ReactElement,
): [string | undefined, string | undefined] {
	const [reference, painted] = pairs();
	const fresh = draws++ % 2;
	reference.rerender(<Fragment key={fresh}>{nested}</Fragment>);
	painted.rerender(<Fragment key={fresh}>{flat}</Fragment>);
	return [reference.lastFrame(), painted.lastFrame()];
}

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
	const pairs = instancePairs();
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
				const [nested, flat] = framesOf(pairs, <NestedLine line={full} />, <Text>{gridLineText(full)}</Text>);
				expect(flat).toBe(nested);
			},
		),
		{seed: 39, numRuns: 300},
	);
});

const colourArb = fc.constantFrom(...COLOURS.slice(0, 10));

test('a piece painted draws what a nested Text of the same look drew, byte for byte, at every colour level', () => {
	const pairs = instancePairs();
	fc.assert(
		fc.property(
			fc.array(
				fc.record({
					text: fc.constantFrom('', 'x', ' b1 d3', '12.', '…', ' ▶ '),
					color: colourArb,
					backgroundColor: colourArb,
					dim: fc.boolean(),
					bold: fc.boolean(),
					inverse: fc.boolean(),
				}),
				{minLength: 1, maxLength: 5},
			),
			fc.integer({min: 0, max: 3}),
			(pieces, level) => {
				chalk.level = level as 0 | 1 | 2 | 3;
				const [nested, flat] = framesOf(
					pairs,
					<Text>
						{pieces.map((piece, index) => (
							<Text
								key={index}
								color={piece.color}
								backgroundColor={piece.backgroundColor}
								dimColor={piece.dim}
								bold={piece.bold}
								inverse={piece.inverse}
							>
								{piece.text}
							</Text>
						))}
					</Text>,
					<Text>{pieces.map(piece => painted(piece.text, piece)).join('')}</Text>,
				);
				expect(flat).toBe(nested);
			},
		),
		{seed: 39, numRuns: 300},
	);
});

/** The players' rows as nested Texts drew them before (the reference). */
function NestedPlayers({
	sides,
	toMove,
	color,
	over,
	width,
}: {
	sides: readonly [SideLine, SideLine];
	toMove: Player;
	color: boolean;
	over: boolean;
	width: number;
}) {
	const theme = makeTheme({color, ascii: false});
	const palette = paletteOf(undefined);
	const units = ['pt', 'pts'] as const;
	const narrow = Math.min(width, 48);
	const clockWidth = Math.max(0, ...sides.map(side => (side.clock === null ? 0 : formatClock(side.clock).length)));
	return (
		<Box flexDirection="column">
			{sides.map((side, index) => {
				const player = (index + 1) as Player;
				const active = player === toMove && !over;
				const clock = side.clock === null ? '' : formatClock(side.clock);
				const low = side.clock !== null && side.clock < 10;
				const points = side.points === null ? '' : ` ${`${side.points} ${units[side.points === 1 ? 0 : 1]}`.padStart(units[1].length + 3)}`;
				const whoWidth = Math.max(
					4,
					narrow - Math.max(4, side.name.length) - 3 - points.length - (clockWidth > 0 ? clockWidth + 2 : 0) - 2,
				);
				const colour = theme.color ? palette.names[index] : undefined;
				return (
					<Text key={side.name} wrap="truncate">
						<Text color={colour} bold={active}>{`${side.name.padEnd(4)} `}</Text>
						<Text
							color={theme.color ? palette.pieces[index] : undefined}
							backgroundColor={theme.color ? palette.squares[0] : undefined}
							bold
						>
							{pieceGlyph(theme, player, [sides[0].name, sides[1].name])}
						</Text>
						<Text color={colour} bold={active}>{` ${fit(side.who, whoWidth).padEnd(whoWidth)}`}</Text>
						<Text>{points}</Text>
						{side.clock === null ? null : (
							<>
								<Text>{'  '}</Text>
								<Text inverse={active && theme.color} bold={active} color={theme.color && low ? theme.error : undefined}>
									{clock.padStart(clockWidth)}
								</Text>
							</>
						)}
						<Text>{active ? ` ${theme.glyphs.turn}` : '  '}</Text>
					</Text>
				);
			})}
		</Box>
	);
}

test("the players' rows, each painted into one Text, draw what their nested Texts drew, byte for byte", () => {
	const side = (name: string) =>
		fc.record({
			name: fc.constant(name),
			who: fc.constantFrom('you', 'alice (you)', 'level 3 Club', 'a name long enough to be cut here'),
			points: fc.option(fc.integer({min: 0, max: 12})),
			clock: fc.option(fc.constantFrom(0, 3.25, 9.9, 59, 60, 119.5, 3600)),
		});
	const pairs = instancePairs();
	fc.assert(
		fc.property(
			side('RED'),
			side('BLUE'),
			fc.constantFrom(1, 2),
			fc.boolean(),
			fc.boolean(),
			fc.integer({min: 24, max: 60}),
			(red, blue, toMove, color, over, width) => {
				chalk.level = 3;
				// Both with a clock or neither, as every game has.
				const sides = [red, {...blue, clock: red.clock === null ? null : (blue.clock ?? 60)}] as const;
				const theme = makeTheme({color, ascii: false});
				const [nested, flat] = framesOf(
					pairs,
					<NestedPlayers sides={sides} toMove={toMove} color={color} over={over} width={width} />,
					<Players sides={sides} toMove={toMove} theme={theme} width={width} over={over} />,
				);
				expect(flat).toBe(nested);
			},
		),
		{seed: 39, numRuns: 200},
	);
});
