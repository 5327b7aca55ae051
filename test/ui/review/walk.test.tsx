/**
 * Walking a game where a move list is shown: [ ] Home End and g N Enter on the play screen (the
 * game goes on meanwhile), the same and 1 to 5 on the analysis board, and the move list's
 * current move, through the keys.
 */
import {afterEach, describe, expect, test} from 'vitest';
import {classicLoa, loaps} from '../../../source/games/loa/index.js';
import type {EngineLine} from '../../../source/engine/client.js';
import {HUMAN, ai} from '../../../source/play/session.js';
import type {Route} from '../../../source/ui/app.js';
import {KEYS, glyphAt, marksAt, removeScratch, start, type Harness} from '../harness.js';

const twoPeople: Route = {screen: 'play', setup: {game: loaps, seats: [HUMAN, HUMAN], clocked: false}};
const vsAi: Route = {screen: 'play', setup: {game: loaps, seats: [HUMAN, ai(3)], clocked: true, clockSeconds: 60}};
const analysis: Route = {screen: 'analysis', setup: {game: loaps}};
/** A legal start in LOAPS: RED, BLUE, RED. */
const OPENING = ['b1 d3', 'a6 c6', 'c1 c4'] as const;

let app: Harness | undefined;
afterEach(() => {
	app?.unmount();
	app = undefined;
	removeScratch();
});

/** Types a move (m, the move, Enter in one write) and waits for the status to say it was played. */
const typedMove = (harness: Harness, move: string) => harness.burst(['m', ...move, KEYS.enter], now => now.includes(` played ${move}`));

/** The opening played by hand, the status saying so after each move. */
async function playOpening(harness: Harness): Promise<string> {
	let frame = '';
	for (const move of OPENING) frame = await typedMove(harness, move);
	return frame;
}

/** The engine's line through `moves` from `state`, scored `score`, as the search reports it. */
function lineOf(state: unknown, moves: readonly string[], score: number): EngineLine {
	const pv: number[] = [];
	let at = state as ReturnType<typeof loaps.initial>;
	for (const text of moves) {
		const move = loaps.parseMove(at, text);
		if (!move.ok) throw new Error(move.error);
		pv.push(move.value);
		at = loaps.play(at, move.value);
	}
	return {move: pv[0]!, score, pv, text: [...moves]};
}

const info = (lines: readonly EngineLine[]) => ({depth: 5, selDepth: 7, nodes: 5000, nodesPerSecond: 200_000, elapsedMs: 500, lines});

describe('play: walking the game', () => {
	test('[ [ ] Home End and g 1 Enter show the positions of the game, the move that led there highlighted', async () => {
		app = start({start: twoPeople});
		await app.see('Move 1/50');
		await playOpening(app);
		let frame = await app.see(/2\.>c1 c4/);
		expect(frame).toMatch(/1\. b1 d3\s+a6 c6/);

		frame = await app.press('[', now => now.includes('Viewing move 1 · End returns'));
		// After BLUE's a6 c6: c1 is RED's again, c4 empty.
		expect(glyphAt(frame, 'c1')).toBe('R');
		expect(glyphAt(frame, 'c4')).toBe('.');
		expect(glyphAt(frame, 'c6')).toBe('B');
		expect(frame).toMatch(/1\. b1 d3\s+>a6 c6/);
		expect(frame).toContain('Viewing move 1 (BLUE a6 c6)');
		// The last move marked on the board is the one that led here: a6 and c6.
		expect(marksAt(frame, 'c6')).toBe('--');

		frame = await app.press('[', now => /1\.>b1 d3\s+a6 c6/.test(now));
		expect(glyphAt(frame, 'd3')).toBe('R');
		expect(glyphAt(frame, 'a6')).toBe('B');
		expect(glyphAt(frame, 'c6')).toBe('.');
		expect(frame).toContain('Viewing move 1 · End returns');

		frame = await app.press(']', now => /1\. b1 d3\s+>a6 c6/.test(now));
		expect(glyphAt(frame, 'c6')).toBe('B');

		frame = await app.press('\u001B[H', now => now.includes('Viewing the start · End returns'));
		expect(glyphAt(frame, 'b1')).toBe('R');
		expect(glyphAt(frame, 'd3')).toBe('.');
		expect(frame).not.toMatch(/>[a-g][1-7] [a-g][1-7]/);
		frame = await app.press('[', now => now.includes('At the first position'));

		frame = await app.press('\u001B[F', now => now.includes('Back to the game as it stands'));
		expect(frame).toContain('Move 2/50 · BLUE to play');
		expect(glyphAt(frame, 'c4')).toBe('R');
		expect(frame).toMatch(/2\.>c1 c4/);
		await app.press(']', now => now.includes('At the game as it stands'));

		await app.press('g', now => now.includes('Go to move: _'));
		await app.press('1', now => now.includes('Go to move: 1_'));
		frame = await app.press(KEYS.enter, now => now.includes('Viewing move 1 · End returns'));
		expect(frame).toMatch(/1\.>b1 d3/);
		expect(frame).not.toContain('Go to move');
	});

	test('g: Backspace edits the number, a number beyond the game goes to its end, Esc and other keys only close it', async () => {
		app = start({start: twoPeople});
		await app.see('Move 1/50');
		await playOpening(app);
		await app.press('[', now => now.includes('Viewing move 1'));
		await app.press('g', now => now.includes('Go to move: _'));
		await app.type('12');
		await app.press(KEYS.backspace, now => now.includes('Go to move: 1_'));
		await app.press('9', now => now.includes('Go to move: 19_'));
		let frame = await app.press(KEYS.enter, now => now.includes('Back to the game as it stands'));
		expect(frame).toContain('Move 2/50 · BLUE to play');
		// Esc closes it, and does not leave for the menu.
		await app.press('g', now => now.includes('Go to move: _'));
		frame = await app.press(KEYS.escape, now => !now.includes('Go to move'));
		expect(frame).toContain('Move 2/50 · BLUE to play');
		// x closes it, and does not ask to resign.
		await app.press('g', now => now.includes('Go to move: _'));
		frame = await app.press('x', now => !now.includes('Go to move'));
		expect(frame).not.toContain('Resign');
	});

	test('[[ in one write is two steps back', async () => {
		app = start({start: twoPeople});
		await app.see('Move 1/50');
		await playOpening(app);
		const frame = await app.burst(['[', '['], now => /1\.>b1 d3\s+a6 c6/.test(now));
		expect(glyphAt(frame, 'c6')).toBe('.');
		expect(frame).toContain('Viewing move 1 · End returns');
	});

	test('while walking, the cursor moves as before; Enter goes back to the game and picks up the piece there', async () => {
		app = start({start: twoPeople});
		await app.see('Move 1/50');
		await playOpening(app);
		await app.burst(['[', '['], now => now.includes('Viewing move 1'));
		// From d1 to a2: a BLUE piece in the game as it stands.
		let frame = await app.burst([KEYS.left, KEYS.left, KEYS.left, KEYS.up], now => marksAt(now, 'a2') === '[]');
		expect(frame).toContain('Viewing move 1');
		frame = await app.press(KEYS.enter, now => now.includes('a2: '));
		expect(frame).not.toContain('Viewing');
		expect(frame).toContain('Move 2/50 · BLUE to play');
		expect(glyphAt(frame, 'c4')).toBe('R');
	});

	test('u while walking takes back in the game as it stands; Esc while walking goes back to it and stays', async () => {
		app = start({start: twoPeople});
		await app.see('Move 1/50');
		await playOpening(app);
		await app.press('\u001B[H', now => now.includes('Viewing the start'));
		let frame = await app.press('u', now => now.includes('Took back 1 move'));
		expect(frame).toContain('Move 2/50 · RED to play');
		expect(frame).toMatch(/1\. b1 d3\s+>a6 c6/);
		await app.press('[', now => now.includes('Viewing move 1'));
		frame = await app.press(KEYS.escape, now => now.includes('Back to the game as it stands'));
		expect(frame).toContain('Move 2/50 · RED to play');
		// r plays again what u took back; ] does not.
		frame = await app.press(']', now => now.includes('r plays again what was taken back'));
		frame = await app.press('r', now => now.includes('Replayed 1 move'));
		expect(glyphAt(frame, 'c4')).toBe('R');
	});

	test('the AI moves while a past position is shown: the view stays; the clocks run on; End shows its move', async () => {
		app = start({start: vsAi});
		await app.see('Move 1/50');
		await typedMove(app, 'b1 d3');
		await app.engine.thinking();
		let frame = await app.press('[', now => now.includes('Viewing the start · End returns'));
		// The AI thinks on about the game as it stands.
		expect(app.engine.pending).toBeDefined();
		expect(app.engine.calls).toHaveLength(1);
		await app.engine.answer('a6 c6');
		frame = await app.see('BLUE played a6 c6');
		expect(frame).toContain('Viewing the start · End returns');
		expect(glyphAt(frame, 'b1')).toBe('R');
		expect(glyphAt(frame, 'a6')).toBe('B');
		expect(frame).toMatch(/1\. b1 d3\s+a6 c6/);
		expect(frame).not.toMatch(/>[a-g][1-7] [a-g][1-7]/);
		app.advance(5_000);
		frame = await app.press(']', now => now.includes('Viewing move 1 · End returns'));
		expect(frame).toMatch(/RED\s+R you\s+0 pts\s+0:55(?![.\d])/);
		frame = await app.press('\u001B[F', now => now.includes('Move 2/50 · RED to play (you)'));
		expect(glyphAt(frame, 'c6')).toBe('B');
		expect(frame).toMatch(/1\. b1 d3\s+>a6 c6/);
	});

	test('a game over is walked too: [ shows the position before, the result stays in view', async () => {
		app = start({start: twoPeople});
		await app.see('Move 1/50');
		await playOpening(app);
		await app.press('x', now => now.includes('Resign this game?'));
		await app.press('y', now => now.includes('Game over'));
		const frame = await app.press('[', now => now.includes('Viewing move 1 · End returns'));
		expect(frame).toContain('BLUE resigns: RED wins');
		expect(glyphAt(frame, 'c4')).toBe('.');
		await app.press('\u001B[F', now => now.includes('Game over'));
	});

	test('8×8 classic at 80×24: the turn line fits beside the board', async () => {
		app = start({start: {screen: 'play', setup: {game: classicLoa, seats: [HUMAN, HUMAN], clocked: false}}});
		await app.see('Move 1 · BLACK to play');
		await typedMove(app, 'b1 b3');
		const frame = await app.press('[', now => now.includes('Viewing the start · End returns'));
		expect(frame).toMatch(/Viewing the start · End returns\s*$/m);
	});

	test('help lists the walking keys; the keys row names [ ] walk', async () => {
		app = start({start: twoPeople});
		let frame = await app.see('Move 1/50');
		expect(frame.split('\n').at(-1)).toContain('[ ] walk');
		frame = await app.press('?', now => now.includes('Keys — Playing'));
		expect(frame).toMatch(/\[ \] +view one move back; one move on \(the game goes on\)/);
		expect(frame).toMatch(/Home End +view the first position; back to the game as it stands/);
		expect(frame).toMatch(/g +go to move N: g, the number, Enter/);
		expect(frame).toMatch(/u +take back your move/);
		// Within 24 rows, one kept free.
		expect(frame.split('\n').length).toBeLessThanOrEqual(23);
	});
});

describe('analysis: walking the line', () => {
	test('moves taken back stay listed after the current one; Home, End and g 1 Enter walk them', async () => {
		app = start({start: analysis});
		await app.engine.thinking();
		await playOpening(app);
		let frame = await app.burst(['[', '['], now => /1\.>b1 d3\s+a6 c6/.test(now));
		expect(frame.indexOf('>b1 d3')).toBeLessThan(frame.indexOf('a6 c6'));
		expect(frame.indexOf('a6 c6')).toBeLessThan(frame.indexOf('2. c1 c4'));
		expect(glyphAt(frame, 'c6')).toBe('.');

		frame = await app.press('\u001B[H', now => now.includes('At the first position'));
		expect(glyphAt(frame, 'b1')).toBe('R');
		expect(frame).toMatch(/1\. b1 d3\s+a6 c6/);
		expect(frame).toContain('2. c1 c4');
		expect(frame).not.toMatch(/>[a-g][1-7] [a-g][1-7]/);
		await app.press('\u001B[H', now => now.includes('Already at the first position'));

		frame = await app.press('\u001B[F', now => now.includes('At move 2 (RED c1 c4)'));
		expect(glyphAt(frame, 'c4')).toBe('R');
		expect(frame).toMatch(/2\.>c1 c4/);

		await app.press('g', now => now.includes('Go to move: _'));
		await app.press('1', now => now.includes('Go to move: 1_'));
		frame = await app.press(KEYS.enter, now => now.includes('At move 1 (RED b1 d3)'));
		expect(frame).toMatch(/1\.>b1 d3\s+a6 c6/);
		expect(glyphAt(frame, 'd3')).toBe('R');
		expect(glyphAt(frame, 'c6')).toBe('.');
		// ] steps on through what was taken back.
		frame = await app.press(']', now => /1\. b1 d3\s+>a6 c6/.test(now));
		expect(glyphAt(frame, 'c6')).toBe('B');
	});

	test('2 plays the first move of line 2 as shown (best first), and ] follows line 2 on', async () => {
		app = start({start: analysis});
		const call = await app.engine.thinking();
		await app.press('1', now => now.includes('The engine has no lines yet'));
		// Reported worst first: shown best first, b1 d3 is line 1 and c1 c3 line 2.
		call.onProgress?.(info([lineOf(call.state, ['c1 c3', 'a6 c6'], 10), lineOf(call.state, ['b1 d3', 'a6 c6', 'c1 c4'], 30)]));
		let frame = await app.see('depth 5');
		// Each move whole, apart from the next: a LOA move has a space in it.
		expect(frame).toMatch(/1\.\s+\+0\.30\s+b1 d3, a6 c6, c1 c4/);
		expect(frame).toMatch(/2\.\s+\+0\.10\s+c1 c3, a6 c6/);
		await app.press('4', now => now.includes('Line 4 is not shown: 3 are (+ shows more)'));
		await app.press('3', now => now.includes('The engine has no line 3 yet (2 so far)'));

		frame = await app.press('2', now => now.includes('Followed line 2: c1 c3'));
		expect(glyphAt(frame, 'c3')).toBe('R');
		// The engine's best here is another move: ] still goes on along line 2.
		const next = await app.engine.thinkingAfter(1);
		const other = (loaps.legalMoves(next.state as ReturnType<typeof loaps.initial>) as number[]).find(
			move => loaps.formatMove(next.state as ReturnType<typeof loaps.initial>, move) !== 'a6 c6',
		)!;
		const otherText = loaps.formatMove(next.state as ReturnType<typeof loaps.initial>, other);
		next.onProgress?.(info([lineOf(next.state, [otherText], 50)]));
		await app.see(new RegExp(`1\\.\\s+-0\\.50\\s+${otherText}`));
		frame = await app.press(']', now => now.includes('Followed line 2: a6 c6'));
		expect(glyphAt(frame, 'c6')).toBe('B');
		expect(frame).toMatch(/1\. c1 c3\s+>a6 c6/);
		// Line 2 is played out, and the engine has nothing here yet.
		await app.engine.thinkingAfter(2);
		await app.press(']', now => now.includes('No line to follow yet'));
	});

	test('1 plays the best line as shown; the help lists 1 to 5, Home End and g', async () => {
		app = start({start: analysis});
		const call = await app.engine.thinking();
		call.onProgress?.(info([lineOf(call.state, ['c1 c3'], -20), lineOf(call.state, ['b1 d3'], 40)]));
		await app.see('depth 5');
		const frame = await app.press('1', now => now.includes('Followed line 1: b1 d3'));
		expect(glyphAt(frame, 'd3')).toBe('R');
		const help = await app.press('?', now => now.includes('Keys — Analysis'));
		expect(help).toMatch(/1 2 3 4 5 +play line N's first move; \] goes on along it/);
		expect(help).toMatch(/Home End +the first position; the last of the moves taken back/);
		expect(help).toMatch(/g +go to move N/);
		expect(help.split('\n').length).toBeLessThanOrEqual(23);
	});

	test('at 120×40 the help is wider and cuts nothing: a long row goes on under its words', async () => {
		app = start({start: analysis, size: {columns: 120, rows: 40}});
		await app.engine.thinking();
		const help = await app.press('?', now => now.includes('Keys — Analysis'));
		const box = help.split('\n').filter(line => /^[|│]/.test(line));
		expect(box.length).toBeGreaterThan(0);
		expect(Math.max(...box.map(line => [...line].length))).toBe(100);
		expect(help).not.toContain('…');
		// The review's row whole, over two lines, the second under the first's words.
		expect(help).toMatch(/[|│] v {14}review the game: the engine judges every move \(marks:[^\n]*\n[|│] {16}\S[^\n]*□ only move\)/);
		expect(help.split('\n').length).toBeLessThanOrEqual(39);
	});
});

describe('the move list without colour', () => {
	test('ASCII: > before the current move', async () => {
		app = start({start: twoPeople, color: false, ascii: true});
		await app.see('Move 1/50');
		await typedMove(app, 'b1 d3');
		await app.see(/1\.>b1 d3/);
	});

	test('Unicode: ▸ before the current move; with colour, no marker (the move is drawn inverse)', async () => {
		app = start({start: twoPeople, color: false, ascii: false});
		await app.see('Move 1/50');
		await typedMove(app, 'b1 d3');
		await app.see(/1\.▸b1 d3/);
		app.unmount();
		app = start({start: twoPeople, color: true, ascii: false});
		await app.see('Move 1/50');
		const frame = await typedMove(app, 'b1 d3');
		expect(frame).toMatch(/1\. b1 d3/);
		expect(frame).not.toContain('▸');
	});
});
