/**
 * The lobby of a served potm (ink-testing-library, a fake server): who is online, the open games
 * and the games in progress, joining and watching by row or by code, the server's refusals, a
 * long list scrolled within 80×24, and the menu's rooms for a friend, listed or private.
 */
import {afterEach, describe, expect, test} from 'vitest';
import {KEYS, removeScratch, type Harness} from '../harness.js';
import {boxes3, codeNo, served, wrapped, type Served} from '../served.js';
import {made} from '../../helpers/made.js';

let server: Served | undefined;

afterEach(() => {
	server?.unmount();
	server = undefined;
	removeScratch();
});

/** Presses `key` until the frame shows what `until` wants (a row reached, a setting turned), a dozen times at most. */
async function pressUntil(app: Harness, key: string, until: (frame: string) => boolean): Promise<string> {
	for (let count = 0; count < 12 && !until(app.frame()); count++) await app.press(key);
	expect(until(app.frame()), app.frame()).toBe(true);
	return app.frame();
}

const bobs = () => server!.remote({id: 'bob', name: 'bob'});

describe('the lobby', () => {
	test('says who is online and that the lists are empty; redrawn when someone comes and opens a game', async () => {
		server = served();
		const alice = server.join('alice');
		let frame = await alice.see('potm on the server — 1 online: alice');
		expect(frame).toContain('No open games: create one');
		expect(frame).toContain('No games in progress');
		expect(frame).toContain('> Play the AI, watch a demo, your games: the arcade');
		made(bobs().create(boxes3()));
		frame = await alice.see(`${codeNo(1)}  LINES and BOXES · 3×3 boxes, 60 s each · bob waits`);
		expect(frame).toContain('2 online: alice, bob');
		expect(frame).not.toContain('No open games');
		// Unmounted, it no longer listens.
		server.unmount();
		expect(server.hall.lobbyListenerCount()).toBe(0);
	});

	test('Enter on an open game joins it; the host sees the game begin', async () => {
		server = served();
		const remote = bobs();
		const code = made(remote.create(boxes3()));
		const host = server.join('bob', {start: {screen: 'room', code, side: 1}, remote});
		await host.see(wrapped(`A friend joins with: ssh -p 2222 -t potm.test join ${code}`));
		const alice = server.join('alice');
		await alice.see(code);
		const frame = await alice.burst([KEYS.down, KEYS.down, KEYS.down, KEYS.enter], now => now.includes('RED bob vs BLUE alice'));
		expect(frame).toMatch(/BLUE .*alice \(you\)/);
		await host.see('alice joined: the game begins');
	});

	test('w watches an open game; Enter on a game in progress watches it, with its players, moves and clocks listed', async () => {
		server = served();
		const code = made(bobs().create(boxes3()));
		const alice = server.join('alice');
		await alice.see(code);
		let frame = await alice.burst([KEYS.down, KEYS.down, KEYS.down, 'w'], now => now.includes('(watching)'));
		expect(frame).toContain('Watching: alice');
		await alice.press('q', now => now.includes('potm on the server'));
		const carol = server.remote({id: 'carol', name: 'carol'});
		carol.enter(code, 'play');
		server.clock.ms += 5500;
		frame = await alice.see(`${code}  LINES and BOXES · bob vs carol · 0 moves · 0:54 1:00`);
		// Open games: none now; the game in progress is the row after them.
		expect(frame).toContain('No open games');
		frame = await alice.burst([KEYS.down, KEYS.down, KEYS.down, KEYS.enter], now => now.includes('(watching)'));
		expect(frame).toContain('RED bob vs BLUE carol');
	});

	test('a code typed joins; Tab watches; a wrong code is refused with the reason, and Esc leaves the entry', async () => {
		server = served();
		const code = made(bobs().create(boxes3()));
		const alice = server.join('alice');
		await alice.see(code);
		let frame = await alice.burst([KEYS.down, KEYS.down, KEYS.enter], now => now.includes('Code: _'));
		expect(frame).toContain('Enter joins · Tab watches · Esc cancels');
		frame = await alice.burst([...'xyz-999', KEYS.enter], now => now.includes('No game has the code XYZ-999'));
		frame = await alice.burst([KEYS.enter, ...'abc', KEYS.escape], now => !now.includes('Code:'));
		frame = await alice.burst([KEYS.enter, ...code.toLowerCase(), '\t'], now => now.includes('(watching)'));
		await alice.press('q', now => now.includes('potm on the server'));
		frame = await alice.burst([KEYS.down, KEYS.down, KEYS.enter, ...code, KEYS.enter], now => /BLUE .*alice \(you\)/.test(now));
		// The room is full now: another person's code joins no more.
		const dave = server.join('dave');
		await dave.see('potm on the server');
		frame = await dave.burst([KEYS.down, KEYS.down, KEYS.enter, ...code, KEYS.enter], now =>
			now.includes(`${code} has its players (bob and alice): watch it instead`),
		);
	});

	test('a long list scrolls within 80×24, the row chosen always in view', async () => {
		server = served();
		// Thirty hosts, a room each (one person keeps at most five waiting).
		for (let index = 0; index < 30; index++) server.remote({id: `host${index}`, name: `host${index}`}).create(boxes3());
		const alice = server.join('alice');
		let frame = await alice.see(`${codeNo(1)}`);
		expect(frame.split('\n').length).toBeLessThanOrEqual(23);
		expect(frame).toMatch(/↓ \d+ more below/);
		// Up from the first row: Quit, the last, in view.
		frame = await alice.press(KEYS.up, now => now.includes('> Quit'));
		expect(frame).toContain(`${codeNo(30)}`);
		expect(frame).toMatch(/↑ \d+ more above/);
		expect(frame.split('\n').length).toBeLessThanOrEqual(23);
		frame = await alice.press(KEYS.up, now => now.includes(`> ${codeNo(30)}`));
	});

	test('the arcade row opens the menu, whose Esc and q come back to the lobby (q in the lobby quits: test/serve/server.test.ts)', async () => {
		server = served();
		const alice = server.join('alice');
		await alice.see('potm on the server');
		const inLobby = (now: string) => now.includes('potm on the server') && !now.includes('Lobby: the games on the server');
		let frame = await alice.press(KEYS.enter, now => now.includes('Lobby: the games on the server'));
		expect(frame).toContain('q lobby');
		frame = await alice.press(KEYS.escape, inLobby);
		frame = await alice.press(KEYS.enter, now => now.includes('Lobby: the games on the server'));
		frame = await alice.press('q', inLobby);
		expect(frame).toContain('> Play the AI, watch a demo, your games: the arcade');
	});
});

describe('the menu, served', () => {
	test('"Create a game for a friend" opens the menu on it; Enter makes a room with the size, side and clock chosen, listed for others with the line a friend joins by', async () => {
		server = served();
		const alice = server.join('alice');
		await alice.see('potm on the server');
		let frame = await alice.burst([KEYS.down, KEYS.enter], now => now.includes('> Play a friend here'));
		// Up to the Game row, LINES and BOXES on it (3×3 boxes, as chosen); down to the Side row: BLUE; the Clock row: 30 s each.
		frame = await pressUntil(alice, KEYS.up, now => now.includes('> Game'));
		frame = await pressUntil(alice, KEYS.right, now => now.includes('< LINES and BOXES >'));
		expect(frame).toContain('< 3×3 boxes >');
		frame = await pressUntil(alice, KEYS.down, now => /> +Your side/.test(now));
		frame = await alice.press(KEYS.right, now => now.includes('< BLUE >'));
		frame = await pressUntil(alice, KEYS.down, now => /> +Clock/.test(now));
		frame = await alice.press(KEYS.left, now => now.includes('< 30 s each >'));
		frame = await alice.press(KEYS.down, now => now.includes('> Play a friend here'));
		frame = await alice.press(KEYS.enter, now => now.includes(`${codeNo(1)}`));
		expect(frame).toContain(`RED nobody yet vs BLUE alice · ${codeNo(1)}`);
		expect(frame).toMatch(wrapped(`A friend joins with: ssh -p 2222 -t potm.test join ${codeNo(1)}`));
		const room = server.hall.held(`${codeNo(1)}`)!;
		expect(room.game.id).toBe('boxes');
		expect(room.clockSeconds).toBe(30);
		expect(room.players[1]?.name).toBe('alice');
		expect(room.private).toBe(false);
		// Listed for bob, with the details.
		const bob = server.join('bob');
		await bob.see(`${codeNo(1)}  LINES and BOXES · 3×3 boxes, 30 s each · alice waits`);
		// In alice's lobby, her room says how a friend joins it.
		await alice.press('q', now => now.includes('potm on the server'));
		await alice.see(`a friend joins with: ssh -p 2222 -t potm.test join ${codeNo(1)}`);
	});

	test('a private room is listed to nobody else, and joined by its code', async () => {
		server = served();
		const alice = server.join('alice');
		await alice.see('potm on the server');
		await alice.burst([KEYS.down, KEYS.enter, KEYS.down, KEYS.enter], now => now.includes(`private ${codeNo(1)}`));
		const bob = server.join('bob');
		let frame = await bob.see('2 online');
		expect(frame).toContain('No open games');
		frame = await bob.burst([KEYS.down, KEYS.down, KEYS.enter, ...`${codeNo(1)}`, KEYS.enter], now => /BLUE .*bob \(you\)/.test(now));
		await alice.see('bob joined: the game begins');
	});

	test("Games played, served: a game against a person is each player's own, with their result, the other by name and a tally per opponent", async () => {
		server = served();
		const alice = {id: 'alice', name: 'alice'};
		const bob = {id: 'bob', name: 'bob'};
		// On the server: a draw, then the rematch with the sides swapped, which bob (RED now) resigns.
		const [hers, his] = [server.remote(alice), server.remote(bob)];
		const code = made(hers.create(boxes3()));
		made(his.enter(code, 'play'));
		made(hers.offerDraw(code));
		made(his.offerDraw(code));
		made(hers.rematch(code));
		made(his.rematch(code));
		const next = hers.room(code)!.next!;
		made(hers.enter(next, 'play'));
		made(his.enter(next, 'play'));
		made(his.resign(next));
		for (const [person, lines] of [
			[
				alice,
				[
					'LINES and BOXES vs bob: 1 won, 1 drawn, 0 lost',
					/LINES and BOXES +won by resignation 0-0 · vs bob/,
					/LINES and BOXES +drawn by agreement 0-0 · vs bob/,
				],
			],
			[
				bob,
				[
					'LINES and BOXES vs alice: 0 won, 1 drawn, 1 lost',
					/LINES and BOXES +lost by resignation 0-0 · vs alice/,
					/LINES and BOXES +drawn by agreement 0-0 · vs alice/,
				],
			],
		] as const) {
			const app = server.join(person.name, {savesDir: server.hall.savesOf(person)});
			await app.see('potm on the server');
			await app.press(KEYS.enter, now => now.includes('Lobby: the games on the server'));
			await pressUntil(app, KEYS.down, now => /> +Games played/.test(now));
			const frame = await app.press(KEYS.enter, now => now.includes('Games played ('));
			for (const line of lines) expect(frame).toMatch(line);
			expect(frame).not.toMatch(/won( by resignation)? 0-0 · (alice|bob) vs/);
		}
	});

	test('the keys help of the served menu says where Esc and q go, and its rows for a friend', async () => {
		server = served();
		const alice = server.join('alice');
		await alice.see('potm on the server');
		const frame = await alice.burst([KEYS.enter, '?'], now => now.includes('Keys — Menu'));
		expect(frame).toContain('Esc or q goes back to the lobby');
	});
});
