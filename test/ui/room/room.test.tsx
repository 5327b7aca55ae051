/**
 * Rooms of a served potm (ink-testing-library, a fake server shared by several apps): two people
 * play a whole 3×3 LINES and BOXES game by keys while a third watches every move; a spectator's
 * moves and chat are refused; chat, a draw offered and accepted or declined, resignation asked
 * first, the rematch followed by players and watcher, walking back while moves arrive, leaving
 * asked first and the seat taken again from the lobby.
 */
import {afterEach, describe, expect, test, vi} from 'vitest';
import {boxes} from '../../../source/games/boxes/index.js';
import type {Player} from '../../../source/games/game.js';
import * as S from '../../../source/play/session.js';
import {KEYS, WAIT, removeScratch} from '../harness.js';
import {boxes3, codeNo, served, type Served} from '../served.js';
import {made} from '../../helpers/made.js';
import {columnsOf, headOf} from '../../../source/text.js';

let server: Served | undefined;

afterEach(() => {
	server?.unmount();
	server = undefined;
	removeScratch();
});

/**
 * A room of 3×3 LINES and BOXES with alice (RED) and bob (BLUE) in it, carol watching, each on
 * their screen; `names` are the names the three go by.
 */
async function threeInARoom(clockSeconds: number | null = 60, names: readonly [string, string, string] = ['alice', 'bob', 'carol']) {
	server = served();
	const {hall} = server;
	const host = server.remote({id: 'alice', name: names[0]});
	const code = made(host.create(boxes3(1, clockSeconds)));
	// As the server starts a session on `join CODE`: the person's connection enters, then their screen opens on it.
	const seat = (id: string, name: string, side: Player | null) => {
		const remote = id === 'alice' ? host : server!.remote({id, name});
		const entered = remote.enter(code, side === null ? 'watch' : 'play');
		if (!entered.ok) throw new Error(entered.error);
		return server!.join(id, {start: {screen: 'room', code, side}, remote});
	};
	const alice = seat('alice', names[0], 1);
	const bob = seat('bob', names[1], 2);
	const carol = seat('carol', names[2], null);
	await alice.see(`${names[0]} (you)`);
	await bob.see(`${names[1]} (you)`);
	await carol.see(`Watching: ${names[2]}`);
	await alice.see(`Watching: ${names[2]}`);
	return {code, alice, bob, carol, hall, host};
}

/** The first legal move where the room stands, as typed. */
function nextMove(server: Served, code: string): string {
	const session = server.hall.held(code)!.session;
	const state = S.current(session) as ReturnType<typeof boxes.initial>;
	return boxes.formatMove(state, boxes.legalMoves(state)[0]!);
}

const typed = (text: string): string[] => ['m', ...text, KEYS.enter];

/** Whether the board shows the cursor, [ ] round a dot, on a row of its own (a rank's, which the panel beside it never marks so). */
const cursorOn = (frame: string): boolean =>
	frame
		.split('\n')
		.filter(line => /^ *\d+ /.test(line))
		.some(line => /\[.\]/.test(line));

describe('a room on the server', () => {
	test('two people play a whole 3×3 LINES and BOXES game by keys and a third sees every move; the result and the record shown to all', async () => {
		const {code, alice, bob, carol, hall} = await threeInARoom();
		// The first move by the board's keys: Enter on the centre dot, → and Enter draws the line to its right.
		await alice.burst([KEYS.enter, KEYS.right, KEYS.enter], now => /1\.>[A-D][1-4] [A-D][1-4]/.test(now));
		const first = S.moveList(hall.held(code)!.session)[0]!.text;
		await carol.see(`RED played ${first}`);
		await bob.see(`RED played ${first}`);
		let count = 1;
		while (!S.isOver(hall.held(code)!.session)) {
			const session = hall.held(code)!.session;
			const mover = S.toMove(session) === 1 ? alice : bob;
			const text = nextMove(server!, code);
			await mover.burst(typed(text), () => hall.held(code)!.session.moves.length > count);
			count++;
			if (!S.isOver(hall.held(code)!.session)) await carol.see(`${boxes.sides[S.toMove(session) - 1]} played ${text}`);
		}
		const room = hall.held(code)!;
		const outcome = S.outcomeOf(room.session)!;
		for (const app of [alice, bob, carol]) {
			const frame = await app.see(outcome.winner ? `${boxes.sides[outcome.winner - 1]} wins` : 'A tie');
			expect(frame).toContain(`Kept as ${code}.game.txt`);
			expect(frame).toContain(`record ${code} >`);
		}
		// The watcher saw the very moves played: the last of them is in the list.
		expect(carol.frame()).toContain(S.moveList(room.session).at(-1)!.text);
		expect(count).toBe(room.session.moves.length);
		// Back in the lobby, bob's finished games say where the record is; carol, who only watched, has none.
		const lobby = await bob.press('q', now => now.includes('Your finished games: their records'));
		expect(lobby).toContain(`${code}  LINES and BOXES · alice vs bob · ${outcome.description}`);
		expect(lobby).toContain(`ssh -p 2222 potm.test record ${code} > ${code}.game.txt`);
		expect(await carol.press('q', now => now.includes('potm on the server'))).not.toContain('Your finished games');
	});

	test('the clock of the player to move runs from when their screen shows the move, not from the move', async () => {
		const {alice, bob, code, hall, host} = await threeInARoom();
		const state = S.current(hall.held(code)!.session) as ReturnType<typeof boxes.initial>;
		const move = boxes.legalMoves(state)[0]!;
		// Alice's move is made (as her screen makes it), then the server is slow: 5 s pass before bob's screen is drawn.
		expect(host.move(code, move).ok).toBe(true);
		server!.clock.ms += 5_000;
		await bob.see(`RED played ${boxes.formatMove(state, move)}`);
		// At bob's next draw (the board flipped and back here; his clock's next tenth in play) it reads 1:00.
		const frame = await bob.sync();
		expect(frame).toMatch(/BLUE +B bob \(you\) +0 boxes +1:00/);
		await alice.see('BLUE to play');
	});

	test("the time given back is drawn by the clock alone, at its next second, on the mover's screen and the others'", async () => {
		const {alice, bob, carol, code, hall, host} = await threeInARoom();
		const state = S.current(hall.held(code)!.session) as ReturnType<typeof boxes.initial>;
		expect(host.move(code, boxes.legalMoves(state)[0]!).ok).toBe(true);
		const movedAt = server!.clock.ms;
		server!.clock.ms += 5_000;
		await bob.see('RED played');
		// Bob's screen has shown the move: the server gives him the 5 s back, and tells no screen.
		await vi.waitFor(() => expect(hall.held(code)!.session.runningSince).toBeGreaterThan(movedAt), WAIT);
		// No key, no move: a second passes, and every clock shows 0:59.
		server!.clock.ms += 1_000;
		for (const screen of [bob, alice, carol]) await screen.see(/BLUE +B bob( \(you\))? +0 boxes +0:59/);
	});

	test("a spectator's move keys are refused, by the cursor and typed, and nothing is played", async () => {
		const {code, carol, hall} = await threeInARoom();
		// m tells a watcher at once, without a move to type first.
		await carol.press('m', now => now.includes('You are watching: only the players move') && !now.includes('Type a move'));
		await carol.press(KEYS.enter, now => now.includes('You are watching: only the players move'));
		await carol.burst(typed('A1 B1'), now => now.includes('You are watching: only the players move') && !now.includes('Type a move'));
		// The board flipped and back: every key before has been handled.
		await carol.sync();
		expect(hall.held(code)!.session.moves).toEqual([]);
		// Draws and resignations are the players' too.
		await carol.press('d', now => now.includes('only the players offer draws'));
		await carol.press('x', now => now.includes('only the players resign'));
	});

	test('a watcher has no cursor: its keys say the players move, and leave the position walked to; once over, nobody has one', async () => {
		const {alice, bob, carol, code} = await threeInARoom();
		expect(cursorOn(alice.frame())).toBe(true);
		expect(cursorOn(bob.frame())).toBe(true);
		expect(cursorOn(carol.frame())).toBe(false);
		for (const key of [KEYS.right, KEYS.down, KEYS.enter]) {
			// ] at the game as it stands says so: each key's word is its own.
			await carol.press(']', now => now.includes('At the game as it stands'));
			await carol.press(key, now => now.includes('You are watching: only the players move'));
			expect(cursorOn(carol.frame())).toBe(false);
		}
		const first = nextMove(server!, code);
		await alice.burst(typed(first), now => now.includes(`1.>${first}`));
		await carol.see(`RED played ${first}`);
		await carol.press('[', now => now.includes('Viewing the start'));
		// Enter, m and x are the players': the watcher stays at the start.
		for (const key of [KEYS.enter, 'm', 'x']) {
			await carol.press('[', now => now.includes('At the first position'));
			const frame = await carol.press(key, now => /You are watching: only the players (move|resign)/.test(now));
			expect(frame).toContain('Viewing the start');
		}
		await alice.burst(['x', 'y'], now => now.includes('RED resigns: BLUE wins'));
		await bob.see('RED resigns: BLUE wins');
		expect(cursorOn(alice.frame())).toBe(false);
		expect(cursorOn(bob.frame())).toBe(false);
	});

	test('a move out of turn is refused with the reason, and the other player is told whose move it is', async () => {
		const {bob, code, hall} = await threeInARoom();
		await bob.burst(typed('A1 B1'), now => now.includes('RED (alice) is to move'));
		expect(hall.held(code)!.session.moves).toEqual([]);
	});

	test('chat: a line from a player shows for both players and the watcher; the watcher cannot chat', async () => {
		const {alice, bob, carol} = await threeInARoom();
		await alice.press('c', now => now.includes('Say (Enter sends, Esc cancels): _'));
		await alice.burst([...'good luck', KEYS.enter], now => now.includes('alice: good luck'));
		await bob.see('alice: good luck');
		await carol.see('alice: good luck');
		await bob.burst(['/', ...'thanks', KEYS.enter], now => now.includes('bob: thanks'));
		await carol.see('bob: thanks');
		await carol.press('c', now => now.includes('You are watching: only the players chat here'));
		// Esc drops a line not sent.
		await alice.burst(['c', ...'oops', KEYS.escape], now => now.includes('Nothing said'));
		expect(bob.frame()).not.toContain('oops');
		// A long line is shown whole, over several rows; typing it, its end stays in view.
		const long = `${'a long line of chat '.repeat(5)}the end`;
		await alice.burst(['c', ...long], now => now.includes('the end_'));
		await alice.press(KEYS.enter, now => now.includes('Chat'));
		const frame = await carol.see('the end');
		expect(frame.replace(/\s+/g, ' ')).toContain(long.replace(/\s+/g, ' ').slice(-40));
	});

	test('names and chat in wide characters (CJK, emoji: two columns each) shift no row: the clocks line up, the chat stays in the panel', async () => {
		const {alice, carol} = await threeInARoom(60, ['張偉', 'bob', '🐙 carol']);
		const rows = (frame: string) => frame.split('\n');
		/** Where the text `at` (its first match) begins in the row, in columns. */
		const column = (row: string, at: RegExp) => columnsOf(row.slice(0, row.search(at)));
		let frame = carol.frame();
		// The players' rows, each with its clock.
		const red = rows(frame).find(row => /RED .*張偉.*\d:\d\d/.test(row))!;
		const blue = rows(frame).find(row => /BLUE .*bob.*\d:\d\d/.test(row))!;
		expect(column(red, /RED/)).toBe(column(blue, /BLUE/));
		expect(column(red, /\d:\d\d/)).toBe(column(blue, /\d:\d\d/));
		// A line of 72 columns in 36 characters, and more: wider than the panel, it takes rows of its own.
		const line = `${'你好，世界！'.repeat(6)}👋 good luck`;
		await alice.burst(['c', ...line, KEYS.enter], now => now.includes('luck'));
		frame = await carol.see('luck');
		// The chat's rows, from the panel's column on: the line whole, each row starting where the panel does.
		const panel = column(red, /RED/);
		const said = rows(frame).findIndex(row => row.endsWith('張偉:'));
		const chat = rows(frame)
			.slice(said, said + 4)
			.map(row => row.slice(headOf(row, panel).length));
		expect(chat[0]).toBe('張偉:');
		const unspaced = (text: string) => text.replace(/\s/g, '');
		expect(unspaced(chat.join(''))).toBe(unspaced(`張偉: ${line}`));
		for (const row of rows(frame)) expect(columnsOf(row), row).toBeLessThanOrEqual(100);
	});

	test('a draw offered is declined, then offered again and accepted: a draw for all', async () => {
		const {alice, bob, carol} = await threeInARoom();
		await alice.press('d', now => now.includes('You offer a draw; waiting for bob'));
		await bob.see('alice offers a draw: d accepts, n declines');
		await carol.see('RED (alice) offers a draw');
		await bob.press('n', now => now.includes('You turn down the draw'));
		await alice.see('bob turned down the draw');
		// n with nothing offered says so.
		await bob.press('n', now => now.includes('No draw is offered'));
		await alice.press('d', now => now.includes('You offer a draw'));
		await bob.see('offers a draw');
		await bob.press('d', now => now.includes('A draw'));
		await alice.see('A draw');
		await carol.see('A draw');
	});

	test('resigning asks first; any other key goes on; y resigns and the other side wins', async () => {
		const {alice, bob, code, hall} = await threeInARoom();
		await alice.press('x', now => now.includes('Resign this game? y resigns'));
		await alice.press('j', now => now.includes('Not resigned: the game goes on'));
		expect(S.isOver(hall.held(code)!.session)).toBe(false);
		await alice.burst(['x', 'y'], now => now.includes('RED resigns: BLUE wins'));
		await bob.see('RED resigns: BLUE wins');
	});

	test('a rematch asked by one and accepted by the other takes both players, sides swapped, and the watcher to the new room', async () => {
		const {alice, bob, carol} = await threeInARoom();
		await alice.burst(['x', 'y'], now => now.includes('BLUE wins'));
		await alice.press('n', now => now.includes('Asked for a rematch; waiting for bob'));
		await bob.see('alice asks for a rematch: n to accept');
		await carol.see('alice asks for a rematch');
		await bob.press('n', now => now.includes(`${codeNo(2)}`));
		// Sides swapped: bob plays RED now, alice BLUE; carol watches the new game.
		let frame = await bob.see(`RED bob vs BLUE alice · ${codeNo(2)}`);
		expect(frame).toContain('bob (you)');
		frame = await alice.see(`RED bob vs BLUE alice · ${codeNo(2)}`);
		expect(frame).toContain('alice (you)');
		frame = await carol.see(`${codeNo(2)} (watching)`);
		expect(frame).toMatch(/Move 1 · RED to play \(bob\)/);
	});

	test('walking back while moves arrive keeps the position walked to and tells the new move; End catches up', async () => {
		const {alice, bob, carol, code} = await threeInARoom();
		const first = nextMove(server!, code);
		await alice.burst(typed(first), now => now.includes(`1.>${first}`));
		await carol.see(`RED played ${first}`);
		const second = nextMove(server!, code);
		await bob.burst(typed(second), now => now.includes(second));
		await carol.see(`BLUE played ${second}`);
		// Carol and alice walk back one move; bob plays on.
		await carol.press('[', now => now.includes(`Viewing move 1 (RED ${first})`));
		await alice.press('[', now => now.includes(`Viewing move 1 (RED ${first})`));
		const third = nextMove(server!, code);
		await alice.press(KEYS.escape, now => now.includes('Back to the game as it stands'));
		// Alice, back at the game, plays the third; carol, still walking, is told.
		await alice.burst(typed(third), now => now.includes(`RED played ${third}`) || now.includes(third));
		let frame = await carol.see(`New move: RED played ${third} (] or End to catch up)`);
		expect(frame).toContain('Viewing move');
		frame = await carol.press(']', now => now.includes(`Viewing move 1 (BLUE ${second})`));
		frame = await carol.press(']', now => now.includes('Back to the game as it stands'));
		expect(frame).toContain('Move 2 · BLUE to play (bob)');
	});

	test('leaving a game under way asks first; the seat is kept, the other is told, and the lobby takes the player back to it', async () => {
		const {alice, bob, code} = await threeInARoom();
		await alice.press('q', now => now.includes(`Leave? Your seat is kept and your clock runs; come back with join ${code}`));
		await alice.press('j', now => now.includes('You stay'));
		await alice.burst(['q', 'y'], now => now.includes('potm on the server'));
		await bob.see('alice is away; the clock runs');
		let frame = await alice.see(`${code}  LINES and BOXES · alice vs bob (yours) · 0 moves`);
		expect(frame).toContain('Enter watches, or takes your seat again in yours');
		// Down to the game in progress, Enter: back in the seat.
		frame = await alice.burst([KEYS.down, KEYS.down, KEYS.down, KEYS.enter], now => /RED .*alice \(you\)/.test(now));
		await bob.see('alice is back');
	});

	test('the watcher leaves without a question; the keys help lists the room keys', async () => {
		const {carol, hall, code} = await threeInARoom();
		const help = await carol.press('?', now => now.includes('Keys — Playing or watching on the server'));
		expect(help).toContain('offer a draw, or accept the one offered');
		expect(help).toContain('turn down the draw offered');
		expect(help).toMatch(/c \/\s+say a line to the room/);
		await carol.press('x', now => !now.includes('Keys —'));
		await carol.press('q', now => now.includes('potm on the server'));
		expect(hall.held(code)!.watchers).toEqual([]);
	});
});
