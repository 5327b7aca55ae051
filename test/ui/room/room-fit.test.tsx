/** A room fits 80×24 for every game, under way and over, with chat and watchers: nothing taller than the terminal. */
import {afterEach, expect, test} from 'vitest';
import {games} from '../../../source/games/registry.js';
import {settled} from '../../../source/games/setup.js';
import {removeScratch} from '../harness.js';
import {served, wrapped, type Served} from '../served.js';
import {made} from '../../helpers/made.js';

let server: Served | undefined;

afterEach(() => {
	server?.unmount();
	server = undefined;
	removeScratch();
});

test.each(games.map(game => [game.name, game] as const))('%s: a room under way and over, with chat, fits 80×24', async (_name, game) => {
	server = served();
	const [alice, bob, carol] = ['alice', 'bob', 'carol'].map(name => server!.remote({id: name, name}));
	const code = made(alice!.create({game, setup: settled(game, {seed: 1}), clockSeconds: 60, side: 1, private: false}));
	bob!.enter(code, 'play');
	carol!.enter(code, 'watch');
	for (const text of ['good luck', 'have fun', 'thanks, you too', 'gg']) alice!.say(code, text);
	const app = server.join('alice', {start: {screen: 'room', code, side: 1}, remote: alice!});
	let frame = await app.see('alice: gg');
	expect(frame.split('\n').length).toBeLessThanOrEqual(23);
	bob!.offerDraw(code);
	alice!.resign(code);
	bob!.rematch(code);
	frame = await app.see('bob asks for a rematch');
	expect(frame).toContain(`${game.sides[0]} resigns`);
	expect(frame.split('\n').length, frame).toBeLessThanOrEqual(23);
	// The panel beside the board, read on its own: from the column its "Game over" starts at.
	const lines = frame.split('\n');
	const column = lines.find(line => line.includes('Game over'))!.indexOf('Game over');
	const panel = lines.map(line => line.slice(column)).join('\n');
	expect(panel).toMatch(wrapped(`Kept as ${code}.game.txt; download with: ssh -p 2222 potm.test record ${code} > ${code}.game.txt`));
});
