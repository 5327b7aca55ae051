/**
 * A game of LINES and BOXES by the keys (ink-testing-library, --ascii): Enter picks a vertex and
 * marks where a line from it can reach, Enter on one of those draws it, either end first; m types
 * a line; keys in a burst; a refused line says why; the AI's answer drawn; a box taken lettered.
 */
import {afterEach, describe, expect, test} from 'vitest';
import {boxes} from '../../../source/games/boxes/index.js';
import {lineText} from '../../../source/ui/format.js';
import {KEYS, removeScratch, start, type Harness} from '../harness.js';

let app: Harness | undefined;

afterEach(() => {
	app?.unmount();
	app = undefined;
	removeScratch();
});

/** The line of a vertex row on the screen: the one starting with its number. */
const vertexRow = (frame: string, row: number): string =>
	frame.split('\n').find(line => new RegExp(`^\\s*${row} +[+*o<\\[]`).test(line)) ?? '';

const human = {kind: 'human'} as const;
const ai = {kind: 'ai', level: 1} as const;

describe('a game of LINES and BOXES', () => {
	test('Enter on a vertex picks it and marks the reachable ones; Enter on one draws the line; the other end first works too', async () => {
		const start3 = boxes.initial({rows: 3, columns: 3, seed: 1});
		app = start({start: {screen: 'play', setup: {game: boxes, seats: [human, ai], clocked: false, start: start3}}});
		let frame = await app.see('RED to play (you)');
		// The cursor starts on the centre vertex, B2 on a 3×3 board (4×4 vertices): row 2, or C3.
		frame = await app.press(KEYS.enter, now => /: \d+ moves \(Enter on a marked dot; Esc lets go\)/.test(now));
		const picked = /([A-D][1-4]): (\d+) moves/.exec(frame)!;
		// Every vertex of its row and its column can be reached: 6 of them.
		expect(Number(picked[2])).toBe(6);
		expect(frame).toMatch(/o/);
		// → then Enter: the line to the vertex on its right.
		frame = await app.press(KEYS.right);
		frame = await app.press(KEYS.enter, now => /1\.>[A-D][1-4] [A-D][1-4]/.test(now));
		const [from, to] = /1\.>([A-D][1-4]) ([A-D][1-4])/.exec(frame)!.slice(1) as [string, string];
		expect(from).toBe(picked[1]);
		expect(to.charCodeAt(0)).toBe(from.charCodeAt(0) + 1);
		// Drawn: dashes between its two ends (marked * as the last move, the cursor's [ ] on one).
		expect(vertexRow(frame, Number(from[1]))).toMatch(/\*-+\[?\*/);
		const reply = await app.engine.answer();
		// The reply is the current move now: > before it (no colour).
		frame = await app.see(new RegExp(`1\\. ${from} ${to} +>${reply}`));

		// The greater end first: Enter on the vertex the cursor stands on (the line's right end),
		// then ↑ and Enter: the line up from it, written lesser end first.
		frame = await app.burst([KEYS.enter], now => /Esc lets go/.test(now));
		frame = await app.burst([KEYS.up, KEYS.enter], now => /2\.>[A-D][1-4] [A-D][1-4]/.test(now));
		const upper = `${to[0]}${Number(to[1]) - 1}`;
		expect(frame).toContain(`2.>${upper} ${to}`);
		await app.engine.answer();
		// A line over one drawn already is refused with the reason.
		frame = await app.burst(['m', ...`${from} ${to}`, KEYS.enter], now => now.includes(`${from} ${to}`) && /drawn/.test(now));
	});

	test('a box taken is lettered by its taker; m types a line in any case and either order', async () => {
		// A1 B1, A1 A2, B1 B2 drawn (RED, BLUE, RED): BLUE's A2 B2 closes the box A1.
		let state = boxes.initial({rows: 3, columns: 3, seed: 1});
		for (const text of ['A1 B1', 'A1 A2', 'B1 B2']) {
			const move = boxes.parseMove(state, text);
			if (!move.ok) throw new Error(move.error);
			state = boxes.play(state, move.value);
		}
		app = start({start: {screen: 'play', setup: {game: boxes, seats: [human, human], clocked: false, line: [state]}}});
		await app.see('BLUE to play');
		const frame = await app.burst(['m', ...'b2 a2', KEYS.enter], now => now.includes('1 box'));
		// The box under A1 B1 now shows B (BLUE took it), between the | of A and B.
		expect(frame).toMatch(/^\s+\|\s+B\s+\|/m);
		// Boxes, not points: one box for BLUE, none for RED.
		expect(frame).toMatch(/BLUE .* 1 box\b/);
		expect(frame).toMatch(/RED .* 0 boxes/);
		expect(frame).not.toMatch(/\bpts?\b/);
	});

	test('? explains the game on the board: picking a dot and its other end, a line typed as A3 C3; nothing of pieces or markers', async () => {
		app = start({
			start: {
				screen: 'play',
				setup: {game: boxes, seats: [human, human], clocked: false, start: boxes.initial({rows: 3, columns: 3, seed: 1})},
			},
		});
		await app.see('RED to play');
		const help = await app.press('?', now => now.includes('Keys — Playing'));
		expect(help).toContain('pick a dot, then the dot at the other end of the line');
		expect(help).toContain('type a move, e.g. A3 C3');
		expect(help).not.toMatch(/piece|marker|LOA|PAH-TUM|b1 d3/);
	});

	test('analysis with two moves left shows two lines, not an empty third; a line is written move by move', async () => {
		// Every unit segment of the 3×3 drawn but two (C4 D4 and D3 D4 meet at D4, one across, one down: two moves).
		const isUnit = (text: string) => {
			const [from, to] = text.split(' ') as [string, string];
			return Math.abs(to.charCodeAt(0) - from.charCodeAt(0)) + Math.abs(Number(to.slice(1)) - Number(from.slice(1))) === 1;
		};
		let state = boxes.initial({rows: 3, columns: 3});
		const keep = new Set(['C4 D4', 'D3 D4']);
		for (;;) {
			const move = boxes.legalMoves(state).find(one => isUnit(boxes.formatMove(state, one)) && !keep.has(boxes.formatMove(state, one)));
			if (move === undefined) break;
			state = boxes.play(state, move);
		}
		expect(
			boxes
				.legalMoves(state)
				.map(move => boxes.formatMove(state, move))
				.sort(),
		).toEqual(['C4 D4', 'D3 D4']);
		app = start({start: {screen: 'analysis', setup: {game: boxes, line: [state], moves: []}}});
		const frame = await app.see('3 lines (+/-)');
		expect(frame).toMatch(/^.*\b1\.\s*$/m);
		expect(frame).toMatch(/^.*\b2\.\s*$/m);
		expect(frame).not.toMatch(/\b3\.\s*$/m);
		expect(lineText(['A1 B1', 'B1 C1', 'D1 E1'])).toBe('A1 B1, B1 C1, D1 E1');
		expect(lineText(['C4', 'D5'])).toBe('C4 D5');
	});

	test('analysis of the empty 3×3, once proven, says who wins with best play and by how much: the second player, BLUE, by 3', async () => {
		app = start({start: {screen: 'analysis', setup: {game: boxes, line: [boxes.initial({rows: 3, columns: 3})], moves: []}}});
		await app.engine.answer('A1 B1', -300, 'decided');
		// The verdict whole; the speed beside it only where it fits.
		const frame = await app.see(/solved: (the second player \(BLUE\)|BLUE) wins by 3/);
		expect(frame).not.toContain('…');
		expect(frame).not.toMatch(/done at depth/);
	});
});
