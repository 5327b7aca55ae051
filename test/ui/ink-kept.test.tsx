/**
 * Ink as patched keeps what each node wrote last frame and writes it again while nothing in it
 * changed and it stands where it stood (patches/ink+6.8.0.patch, render-node-to-output.js). A
 * frame must still show every change: deep in a kept neighbour's tree, above it (moving it down),
 * beside it (narrowing it), and a node taken out or put back.
 */
import {Box, Text} from 'ink';
import {render} from 'ink-testing-library';
import {memo} from 'react';
import {expect, test} from 'vitest';

const Still = memo(function Still({rows}: {rows: readonly string[]}) {
	return (
		<Box flexDirection="column" borderStyle="single">
			{rows.map(row => (
				<Text key={row}>
					<Text bold>{row.slice(0, 1)}</Text>
					{row.slice(1)}
				</Text>
			))}
		</Box>
	);
});

function Screen({top, clock, side, deep, shown}: {top: number; clock: string; side: number; deep: string; shown: boolean}) {
	return (
		<Box flexDirection="column" width={30}>
			{Array.from({length: top}, (_, index) => (
				<Text key={index}>{`top ${index}`}</Text>
			))}
			<Box>
				<Box width={side}>
					<Text>{'<'.repeat(side)}</Text>
				</Box>
				<Still rows={['alpha', 'beta', deep]} />
			</Box>
			{shown ? <Text>{`clock ${clock}`}</Text> : null}
		</Box>
	);
}

const lines = (frame: string | undefined) => (frame ?? '').split('\n').map(line => line.trimEnd());

test('a kept subtree is drawn where it moved, as wide as it became, with the change deep inside it', () => {
	const app = render(<Screen top={0} clock="9:59" side={2} deep="gamma" shown />);
	expect(lines(app.lastFrame())).toEqual(['<<┌─────┐', '  │alpha│', '  │beta │', '  │gamma│', '  └─────┘', 'clock 9:59']);
	// Only the clock: the box is kept.
	app.rerender(<Screen top={0} clock="9:58" side={2} deep="gamma" shown />);
	expect(lines(app.lastFrame())).toEqual(['<<┌─────┐', '  │alpha│', '  │beta │', '  │gamma│', '  └─────┘', 'clock 9:58']);
	// A row above it: the box moves down.
	app.rerender(<Screen top={1} clock="9:58" side={2} deep="gamma" shown />);
	expect(lines(app.lastFrame())).toEqual(['top 0', '<<┌─────┐', '  │alpha│', '  │beta │', '  │gamma│', '  └─────┘', 'clock 9:58']);
	// Its neighbour wider: it moves right.
	app.rerender(<Screen top={1} clock="9:58" side={4} deep="gamma" shown />);
	expect(lines(app.lastFrame())).toEqual([
		'top 0',
		'<<<<┌─────┐',
		'    │alpha│',
		'    │beta │',
		'    │gamma│',
		'    └─────┘',
		'clock 9:58',
	]);
	// A change deep inside it.
	app.rerender(<Screen top={1} clock="9:58" side={4} deep="delta" shown />);
	expect(lines(app.lastFrame())[4]).toBe('    │delta│');
	// A node taken out and put back.
	app.rerender(<Screen top={1} clock="9:58" side={4} deep="delta" shown={false} />);
	expect(lines(app.lastFrame())).toHaveLength(6);
	app.rerender(<Screen top={1} clock="9:57" side={4} deep="delta" shown />);
	expect(lines(app.lastFrame()).at(-1)).toBe('clock 9:57');
	app.unmount();
});
