/**
 * Ink's incremental log-update as patched (patches/ink+6.8.0.patch): a frame may come as its rows
 * (render.rows, as Ink's renderer gives them) instead of a string, neither joined nor split. Whatever
 * the frames, as rows or as strings or both in turn, what it writes must be what it wrote for the
 * same frames as strings before the patch: the reference below, the algorithm as it was.
 */
import ansiEscapes from 'ansi-escapes';
import fc from 'fast-check';
import {expect, test} from 'vitest';
// Ink's own module, not in its exports: the one its Ink instance uses.
import logUpdate from '../../node_modules/ink/build/log-update.js';

/** Ink 6.8's incremental render of a string frame (no cursor set), as it was: the lines that changed rewritten. */
function reference(write: (text: string) => void) {
	let previousLines: string[] = [];
	let previousOutput = '';
	let hidden = false;
	return (str: string): boolean => {
		if (!hidden) {
			write('\u001B[?25l');
			hidden = true;
		}
		if (str === previousOutput) return false;
		const nextLines = str.split('\n');
		const visible = (lines: string[], text: string) => (text.endsWith('\n') ? lines.length - 1 : lines.length);
		const visibleCount = visible(nextLines, str);
		const previousVisible = visible(previousLines, previousOutput);
		if (str === '\n' || previousOutput.length === 0) {
			write(ansiEscapes.eraseLines(previousLines.length) + str);
			previousOutput = str;
			previousLines = nextLines;
			return true;
		}
		const trailing = str.endsWith('\n');
		let out = '';
		if (visibleCount < previousVisible) {
			out +=
				ansiEscapes.eraseLines(previousVisible - visibleCount + (previousOutput.endsWith('\n') ? 1 : 0)) +
				ansiEscapes.cursorUp(visibleCount);
		} else out += ansiEscapes.cursorUp(previousLines.length - 1);
		for (let i = 0; i < visibleCount; i++) {
			const last = i === visibleCount - 1;
			if (nextLines[i] === previousLines[i]) {
				if (!last || trailing) out += ansiEscapes.cursorNextLine;
				continue;
			}
			out += ansiEscapes.cursorTo(0) + nextLines[i] + ansiEscapes.eraseEndLine + (last && !trailing ? '' : '\n');
		}
		write(out);
		previousOutput = str;
		previousLines = nextLines;
		return true;
	};
}

/** A stream that keeps what is written to it. */
function sink() {
	const written: string[] = [];
	return {stream: {write: (text: string) => void written.push(text), isTTY: true}, written};
}

const frame = fc.record({
	// Few kinds of rows, so that rows repeat from one frame to the next as a screen's do.
	rows: fc.array(fc.constantFrom('', 'a', 'b', 'RED ● alice  0:59', '\u001B[1mbold\u001B[22m', '  1. b1 d3'), {maxLength: 6}),
	trailing: fc.boolean(),
	// How the patched log-update is given it.
	asRows: fc.boolean(),
});

test('a frame as its rows writes what the same frame as a string wrote, frame after frame, rows and strings mixed', () => {
	fc.assert(
		fc.property(fc.array(frame, {minLength: 1, maxLength: 25}), frames => {
			const expected = sink();
			const patched = sink();
			const before = reference(expected.stream.write);
			const after = logUpdate.create(patched.stream as unknown as NodeJS.WriteStream, {incremental: true}) as unknown as {
				(str: string): boolean;
				rows(rows: readonly string[], trailing: boolean): boolean;
				willRender(str: string): boolean;
				willRenderRows(rows: readonly string[], trailing: boolean): boolean;
			};
			for (const {rows, trailing, asRows} of frames) {
				const text = rows.join('\n') + (trailing ? '\n' : '');
				const will = asRows ? after.willRenderRows(rows, trailing) : after.willRender(text);
				const wrote = asRows ? after.rows(rows, trailing) : after(text);
				expect(wrote).toBe(before(text));
				expect(will).toBe(wrote);
				expect(patched.written.join('')).toBe(expected.written.join(''));
			}
		}),
		{seed: 39, numRuns: 500},
	);
});
