/** The session model under the play screen: undo/redo by move pairs, clocks, flag fall, the key table. */
import {describe, expect, test} from 'vitest';
import {loaps} from '../../source/games/loa/index.js';
import {pahtum} from '../../source/games/pahtum/index.js';
import {BINDINGS, PASTE_START, PASTE_END, keysOf, pastedKeys, type KeyContext} from '../../source/ui/keys.js';
import {toAscii} from '../../source/ui/ascii.js';
import * as S from '../../source/play/session.js';

type Loaps = ReturnType<typeof loaps.initial>;
/** The position a LOAPS session stands at (a session holds its game's states as unknown). */
const here = (session: S.Session): Loaps => S.current(session) as Loaps;

const move = (session: S.Session, text: string): number => {
	const parsed = loaps.parseMove(here(session), text);
	if (!parsed.ok) throw new Error(parsed.error);
	return parsed.value;
};
const play = (session: S.Session, text: string, now = 0): S.Session => S.playMove(session, move(session, text), now);

describe('undo and redo', () => {
	test('against the AI a take-back is a whole move pair; redo replays it', () => {
		let session = S.newSession(loaps, {seats: [S.HUMAN, S.ai(3)], clocked: false}, 0);
		session = play(play(session, 'b1 d3'), 'a6 c6');
		const back = S.undo(session, 0);
		expect(back.moves).toEqual([]);
		expect(back.redo).toHaveLength(2);
		const again = S.redo(back, 0);
		expect(S.moveList(again).map(entry => entry.text)).toEqual(['b1 d3', 'a6 c6']);
		expect(again.redo).toEqual([]);
	});

	test('when the AI moved first and the person has not moved, there is nothing to take back', () => {
		let session = S.newSession(loaps, {seats: [S.ai(3), S.HUMAN], clocked: false}, 0);
		session = play(session, 'b1 d3');
		expect(S.undo(session, 0)).toBe(session);
	});

	test('two people take back one move at a time; a new move forgets what was taken back', () => {
		let session = S.newSession(loaps, {seats: [S.HUMAN, S.HUMAN], clocked: false}, 0);
		session = play(play(session, 'b1 d3'), 'a6 c6');
		const back = S.undo(session, 0);
		expect(back.moves).toHaveLength(1);
		expect(play(back, 'a5 c5').redo).toEqual([]);
	});

	test('undo clears a resignation; it takes back moves, not the time used', () => {
		let session = S.newSession(loaps, {seats: [S.HUMAN, S.HUMAN], clocked: true, clockSeconds: 60}, 0);
		session = play(session, 'b1 d3', 4000);
		expect(loaps.clocks(here(session))).toEqual([56, 60]);
		session = S.resign(session, 2, 5000);
		expect(S.outcomeOf(session)?.reason).toBe('resignation');
		const back = S.undo(session, 9000);
		expect(S.outcomeOf(back)).toBeNull();
		// RED's 4 s on b1 d3 and BLUE's second before resigning stay used.
		expect(S.clockReadings(back, 9000)).toEqual([56, 59]);
		expect(S.clockReadings(back, 10_000)).toEqual([55, 59]);
		// The position taken back to (the start) keeps its own clocks; a save writes what they read now.
		expect(loaps.clocks(here(back))).toEqual([60, 60]);
		expect(loaps.clocks(S.lineNow(back, 10_000).at(-1) as Loaps)).toEqual([55, 59]);
	});

	test('against the AI, undo takes back the pair; both clocks keep what they read', () => {
		let session = S.newSession(loaps, {seats: [S.HUMAN, S.ai(3)], clocked: true, clockSeconds: 60}, 0);
		session = play(session, 'b1 d3', 21_000);
		session = play(session, 'a6 c6', 23_500);
		expect(S.clockReadings(session, 25_000)).toEqual([37.5, 57.5]);
		const back = S.undo(session, 25_000);
		expect(back.moves).toEqual([]);
		expect(S.clockReadings(back, 25_000)).toEqual([37.5, 57.5]);
		// Played again, the moves cost the time since, and no more.
		const again = S.redo(back, 26_000);
		expect(again.moves).toHaveLength(2);
		expect(S.clockReadings(again, 26_000)).toEqual([36.5, 57.5]);
	});

	test('a move played again keeps the clocks it was played with; only the clock now running shows the time since', () => {
		// RED plays b1 d3 with 0:51 left, BLUE answers at 0:58, RED takes both back at 0:26 and plays them again.
		let session = S.newSession(loaps, {seats: [S.HUMAN, S.ai(3)], clocked: true, clockSeconds: 60}, 0);
		session = play(session, 'b1 d3', 9000);
		session = play(session, 'a6 c6', 11_000);
		const played = session.line.map(state => loaps.clocks(state as Loaps));
		expect(played).toEqual([
			[60, 60],
			[51, 60],
			[51, 58],
		]);
		const back = S.undo(session, 36_000);
		expect(S.clockReadings(back, 36_000)).toEqual([26, 58]);
		const again = S.redo(back, 36_000);
		// Every position as it was played: b1 d3 at 0:51 for RED; the clocks go on from what they read now.
		expect(again.line.map(state => loaps.clocks(state as Loaps))).toEqual(played);
		expect(S.clockReadings(again, 37_000)).toEqual([25, 58]);
		// What a save or a record gets: the moves' clocks, then the position now.
		expect(S.lineNow(again, 37_000).map(state => loaps.clocks(state as Loaps))).toEqual([
			[60, 60],
			[51, 60],
			[25, 58],
		]);
		// Two people, one move at a time, the clocks running between: the same.
		let two = S.newSession(loaps, {seats: [S.HUMAN, S.HUMAN], clocked: true, clockSeconds: 60}, 0);
		two = play(play(two, 'b1 d3', 9000), 'a6 c6', 11_000);
		two = S.undo(S.undo(two, 20_000), 30_000);
		two = S.redo(S.redo(two, 31_000), 32_000);
		expect(two.line.map(state => loaps.clocks(state as Loaps))).toEqual(played);
		// RED ran 11 to 20 s and 30 to 31 s, BLUE 20 to 30 s and 31 to 32 s.
		expect(S.clockReadings(two, 32_000)).toEqual([41, 47]);
	});

	test('a game lost on time is not taken back: the time is gone', () => {
		const session = S.newSession(loaps, {seats: [S.HUMAN, S.ai(1)], clocked: true, clockSeconds: 5}, 0);
		const flagged = S.checkFlag(play(session, 'b1 d3', 1000), 7000);
		expect(S.outcomeOf(flagged)?.reason).toBe('time');
		expect(S.undo(flagged, 8000)).toBe(flagged);
	});

	test('clocks are kept to the hundredth, rounded down, as the referee gives them', () => {
		let session = S.newSession(loaps, {seats: [S.HUMAN, S.HUMAN], clocked: true, clockSeconds: 60}, 0);
		session = play(session, 'b1 d3', 23_016.171095);
		expect(loaps.clocks(here(session))).toEqual([36.98, 60]);
		expect(S.heldClocks(session, 25_000)).toEqual([36.98, 58.01]);
		expect(S.heldClocks(session, 25_020)).toEqual([36.98, 57.99]);
	});
});

describe('clocks', () => {
	test('only the side to move runs down; a paused clock does not', () => {
		let session = S.newSession(loaps, {seats: [S.HUMAN, S.HUMAN], clocked: true, clockSeconds: 10}, 1000);
		expect(S.clockReadings(session, 3000)).toEqual([8, 10]);
		session = S.pauseClock(session, 3000);
		expect(S.clockReadings(session, 60_000)).toEqual([8, 10]);
		session = S.resumeClock(session, 60_000);
		session = play(session, 'b1 d3', 61_000);
		expect(S.clockReadings(session, 62_000)).toEqual([7, 9]);
	});

	test('the flag falls at zero: the side to move loses on time; not before, and never without clocks', () => {
		const session = S.newSession(loaps, {seats: [S.HUMAN, S.ai(1)], clocked: true, clockSeconds: 5}, 0);
		expect(S.checkFlag(session, 4999)).toBe(session);
		expect(S.outcomeOf(S.checkFlag(session, 5000))).toMatchObject({
			winner: 2,
			reason: 'time',
			description: 'RED ran out of time: BLUE wins',
		});
		// The loser's clock shows 0.
		const flagged = S.checkFlag(session, 5200);
		expect(S.clockReadings(flagged, 9000)).toEqual([0, 5]);
		const free = S.newSession(loaps, {seats: [S.HUMAN, S.ai(1)], clocked: false}, 0);
		expect(S.checkFlag(free, 10_000_000)).toBe(free);
	});

	test('a clock per move (PAH-TUM): each turn starts afresh; the flag falls when one move runs over', () => {
		const start = pahtum.initial({seed: 3});
		const [first, second] = pahtum.legalMoves(start) as [number, number];
		let session = S.newSession(pahtum, {seats: [S.HUMAN, S.HUMAN], clocked: true, line: [start]}, 0);
		expect(session.moveAllowance).toBe(10);
		expect(S.clockReadings(session, 4000)).toEqual([6, 10]);
		session = S.playMove(session, first, 4000);
		// O's turn starts with its whole 10 s; X's is full again for its next move.
		expect(S.clockReadings(session, 13_000)).toEqual([10, 1]);
		expect(S.checkFlag(session, 13_999)).toBe(session);
		expect(S.outcomeOf(S.checkFlag(session, 14_000))).toMatchObject({winner: 1, reason: 'time', description: 'O ran out of time: X wins'});
		// --clock sets the allowance of a move.
		expect(S.newSession(pahtum, {seats: [S.HUMAN, S.HUMAN], clocked: true, clockSeconds: 3, line: [start]}, 0).moveAllowance).toBe(3);
		expect(S.playMove(session, second, 5000).moveAllowance).toBe(10);
	});

	test("a clock per move: taking back and replaying does not refill the turn's time", () => {
		const start = pahtum.initial({seed: 3});
		const [first, reply] = pahtum.legalMoves(start) as [number, number];
		let session = S.newSession(pahtum, {seats: [S.HUMAN, S.ai(1)], clocked: true, line: [start]}, 0);
		session = S.playMove(session, first, 2000);
		session = S.playMove(session, reply, 3000);
		// X has used 6 s of its move when it takes back both moves: the 6 s stay used.
		session = S.undo(session, 9000);
		expect(S.moveList(session)).toHaveLength(0);
		expect(S.clockReadings(session, 9000)).toEqual([4, 10]);
		session = S.redo(session, 10_000);
		expect(S.moveList(session)).toHaveLength(2);
		expect(S.clockReadings(session, 10_000)).toEqual([3, 10]);
		expect(S.outcomeOf(S.checkFlag(session, 13_000))).toMatchObject({reason: 'time', winner: 2});
		// Under a clock per game nothing changes: the clocks go on from their readings.
		let loa = S.newSession(loaps, {seats: [S.HUMAN, S.ai(1)], clocked: true, clockSeconds: 60}, 0);
		loa = play(loa, 'b1 d3', 2000);
		loa = play(loa, 'a2 c2', 3000);
		loa = S.undo(loa, 9000);
		expect(loa.spentMs).toBe(0);
	});
});

describe('the key table', () => {
	const contexts: KeyContext[] = ['menu', 'play', 'over', 'analysis', 'demo', 'review', 'lobby', 'room', 'room-over'];
	test.each(contexts)('%s: no key does two things', context => {
		const seen = new Map<string, string>();
		for (const binding of BINDINGS.filter(entry => entry.contexts.includes(context))) {
			for (const key of binding.keys) {
				expect(seen.get(key), `${key} in ${context}`).toBeUndefined();
				seen.set(key, binding.action);
			}
		}
	});

	test('several quick keys in one input count as that many presses', () => {
		expect(keysOf('uu')).toEqual(['u', 'u']);
		expect(keysOf('b1 d3')).toEqual(['b', '1', 'space', 'd', '3']);
		expect(keysOf('\u0003')).toEqual(['ctrl+c']);
		expect(keysOf('\u0015')).toEqual(['ctrl+u']);
		// A pasted move with its Enter, and Backspace held down.
		expect(keysOf('b1 d3\r')).toEqual(['b', '1', 'space', 'd', '3', 'enter']);
		expect(keysOf('\u007f\u007f')).toEqual(['backspace', 'backspace']);
	});

	test('escape sequences are the keys they stand for; an Escape before another key is its own press', () => {
		expect(keysOf('\u001B[A')).toEqual(['up']);
		expect(keysOf('\u001BOD')).toEqual(['left']);
		expect(keysOf('\u001B[1;5C')).toEqual(['right']);
		expect(keysOf('\u001B[5~')).toEqual(['pageup']);
		expect(keysOf('\u001B[6~')).toEqual(['pagedown']);
		expect(keysOf('\u001B[3~')).toEqual(['backspace']);
		expect(keysOf('\u001B')).toEqual(['escape']);
		// Escape then ←, Escape then Enter, Escape twice, Escape then q: as a terminal sends them together.
		expect(keysOf('\u001B\u001B[D')).toEqual(['escape', 'left']);
		expect(keysOf('\u001B\r')).toEqual(['escape', 'enter']);
		expect(keysOf('\u001B\u001B')).toEqual(['escape', 'escape']);
		expect(keysOf('\u001Bq')).toEqual(['escape', 'q']);
		expect(keysOf('')).toEqual([]);
	});

	test('a whole escape sequence is one key, or nothing: F-keys, the keypad, reports are not Escape and letters', () => {
		// F1 to F4 (xterm, tmux), the Linux console's F1, F5 and F12, a device report, rxvt's Ctrl+↑.
		for (const sequence of ['\u001BOP', '\u001BOS', '\u001B[[A', '\u001B[15~', '\u001B[24~', '\u001B[?1;2c', '\u001BOa'])
			expect(keysOf(sequence), JSON.stringify(sequence)).toEqual([]);
		expect(keysOf('\u001BOM')).toEqual(['enter']);
		expect(keysOf('\u001B[H')).toEqual(['home']);
		expect(keysOf('\u001B[1~')).toEqual(['home']);
		expect(keysOf('\u001B[F')).toEqual(['end']);
		// Escape and [ typed together, the [ still to come: Escape, then [.
		expect(keysOf('\u001B[')).toEqual(['escape', '[']);
	});

	test('a paste is marked; within it, line breaks and control characters are not keys', () => {
		expect(keysOf('\u001B[200~')).toEqual([PASTE_START]);
		expect(keysOf('\u001B[201~')).toEqual([PASTE_END]);
		expect(pastedKeys(keysOf('kept\rx\u0003'))).toEqual(['k', 'e', 'p', 't', 'x']);
	});
});

describe('--ascii', () => {
	test('every character becomes one ASCII character, so the layout keeps its columns', () => {
		const drawn = '╭──╮\n│ ● ◦ · ←↑→↓ ◀ █░ – … × │\n╰──╯ 日';
		const plain = toAscii(drawn);
		expect(plain).toMatch(/^[\u0000-\u007f]*$/);
		expect(plain.split('\n').map(line => line.length)).toEqual(drawn.split('\n').map(line => [...line].length));
		expect(plain).toContain('| o o - <^>v < #- - . x |');
	});
});

describe('the move list', () => {
	test('made once a session, each entry once a position and move: the screens of a game draw it at every frame', () => {
		const start = S.newSession(loaps, {seats: [S.HUMAN, S.HUMAN], clocked: false}, 0);
		const two = play(play(start, 'b1 d3'), 'a6 c6');
		expect(S.moveList(two)).toBe(S.moveList(two));
		// A move on: a new list, the entries before it the same ones.
		const three = play(two, 'c1 c4');
		const [first, second, third] = S.moveList(three);
		expect([first, second]).toEqual(S.moveList(two));
		expect(first).toBe(S.moveList(two)[0]);
		expect(second).toBe(S.moveList(two)[1]);
		// Each entry as the game writes it, from the position before it.
		expect(third).toEqual(S.entryOf(loaps, S.current(two), move(two, 'c1 c4')));
		expect(S.moveList(three).map(entry => entry.text)).toEqual(['b1 d3', 'a6 c6', 'c1 c4']);
	});
});
