/**
 * Ink's Text as patched (patches/ink+6.8.0.patch, components/Text.js): one transform and one style
 * object for each look, so that a Text drawn again as it was gives its node the same props and
 * the node keeps what it wrote. What a Text draws must be what Ink's own Text drew.
 */
import chalk from 'chalk';
import fc from 'fast-check';
import {Box, Text} from 'ink';
import {render} from 'ink-testing-library';
import {afterEach, beforeEach, expect, onTestFinished, test, vi} from 'vitest';
// Ink's own modules, not in its exports.
import colorize from '../../node_modules/ink/build/colorize.js';
import instances from '../../node_modules/ink/build/instances.js';

const level = chalk.level;
beforeEach(() => void (chalk.level = 3));
afterEach(() => void (chalk.level = level));

interface Look {
	color?: string;
	backgroundColor?: string;
	dimColor?: boolean;
	bold?: boolean;
	italic?: boolean;
	underline?: boolean;
	strikethrough?: boolean;
	inverse?: boolean;
}

/** Ink 6.8's Text transform before the patch, kept here as the reference. */
function reference(text: string, look: Look, inherited: string | undefined): string {
	let children = text;
	if (look.dimColor) children = chalk.dim(children);
	if (look.color) children = colorize(children, look.color, 'foreground');
	const background = look.backgroundColor ?? inherited;
	if (background) children = colorize(children, background, 'background');
	if (look.bold) children = chalk.bold(children);
	if (look.italic) children = chalk.italic(children);
	if (look.underline) children = chalk.underline(children);
	if (look.strikethrough) children = chalk.strikethrough(children);
	if (look.inverse) children = chalk.inverse(children);
	return children;
}

const colour = fc.constantFrom(undefined, '', 'red', 'blueBright', '#875f00', 'ansi256(67)', 'rgb(1, 2, 3)');

test("a Text of any look transforms and draws as Ink's own Text did, inside a Box with a background or not", () => {
	const [boxed, alone, plain] = [render(<Box />), render(<Text />), render(<Text />)];
	onTestFinished(() => [boxed, alone, plain].forEach(instance => instance.unmount()));
	let run = 0;
	fc.assert(
		fc.property(
			fc.record(
				{
					color: colour,
					backgroundColor: colour,
					dimColor: fc.boolean(),
					bold: fc.boolean(),
					italic: fc.boolean(),
					underline: fc.boolean(),
					strikethrough: fc.boolean(),
					inverse: fc.boolean(),
				},
				{requiredKeys: []},
			),
			colour,
			fc.constantFrom('x', 'ab c', '●'),
			(look, inherited, text) => {
				// Each run drawn in the same three instances: every other one mounts its Texts afresh (a new
				// key), as a screen's first frame; the others draw them again, as a screen's next frame (a Text
				// drawn again as it was keeps what it wrote: that is the patch's, and its frame must be right too).
				const fresh = run++ % 2;
				boxed.rerender(
					<Box key={fresh} backgroundColor={inherited}>
						<Text {...look}>{text}</Text>
					</Box>,
				);
				const [node] = textNodes(boxed.stdout);
				expect((node!.internal_transform as (text: string) => string)(text)).toBe(reference(text, look, inherited || undefined));
				// The frame: as the reference's text drawn by a Text of no look (both through Ink's rows).
				alone.rerender(
					<Text key={fresh} {...look}>
						{text}
					</Text>,
				);
				plain.rerender(<Text key={fresh}>{reference(text, look, undefined)}</Text>);
				expect(alone.lastFrame()).toBe(plain.lastFrame());
			},
		),
		{seed: 39, numRuns: 400},
	);
});

/** The ink-text nodes of a rendered tree, in order. */
function textNodes(stdout: object): {internal_transform: unknown; style: unknown}[] {
	const found: {internal_transform: unknown; style: unknown}[] = [];
	const walk = (node: {nodeName: string; childNodes?: unknown[]}) => {
		if (node.nodeName === 'ink-text') found.push(node as never);
		for (const child of node.childNodes ?? []) walk(child as never);
	};
	walk((instances.get(stdout as never) as unknown as {rootNode: never}).rootNode);
	return found;
}

test('a Text drawn again with the same look keeps the same transform and style; another look, another transform; two Texts of one look share theirs', async () => {
	const Screen = ({first}: {first: string}) => (
		<Box>
			<Text color={first} bold>
				a
			</Text>
			<Text color="red" bold>
				b
			</Text>
			<Text>c</Text>
		</Box>
	);
	const app = render(<Screen first="red" />);
	// The nodes are changed in place: their props are read as they are at each step.
	const looks = () => textNodes(app.stdout).map(node => ({transform: node.internal_transform, style: node.style}));
	const [a, b, c] = looks();
	expect(a!.transform).toBe(b!.transform);
	expect(a!.transform).not.toBe(c!.transform);
	expect(a!.style).toBe(c!.style);
	app.rerender(<Screen first="red" />);
	expect(looks()).toEqual([a, b, c]);
	expect(looks()[0]!.style).toBe(a!.style);
	app.rerender(<Screen first="blue" />);
	const expected = render(<Text>{`${chalk.bold(chalk.blue('a'))}${chalk.bold(chalk.red('b'))}c`}</Text>).lastFrame();
	await vi.waitFor(() => expect(app.lastFrame()).toBe(expected));
	const [blue, red] = looks();
	expect(blue!.transform).not.toBe(a!.transform);
	expect(red!.transform).toBe(b!.transform);
	app.unmount();
});
