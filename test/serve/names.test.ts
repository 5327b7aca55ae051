/**
 * A name belongs to its key, on a server without --authorized-keys, through ssh2's own client:
 * the first key under a name owns it; another key under it is refused with a message; a client
 * without a key is a guest, who sees neither the name's saves nor its private games; a key offered
 * with a signature that does not hold gets nothing.
 */
// First: the server draws every frame even where CI is set (source/serve/every-frame.ts). In a
// shared worker Ink may be loaded already: there the workers' CI=false does it (vitest.config.ts).
import '../../source/serve/every-frame.js';
import {existsSync, mkdtempSync, readdirSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import ssh2, {type ClientChannel, type ParsedKey} from 'ssh2';
import {afterAll, afterEach, describe, expect, test} from 'vitest';
import {connect as connectAs, intoAGameAgainstTheAi, KEYLESS, LOBBY, screen, shell, until, type Client} from './ssh-client.js';
import {made} from '../helpers/made.js';
import {FakeEngine} from '../ui/harness.js';
import {RoomWriter} from '../../source/serve/room-writer.js';
import {startServer, type RunningServer} from '../../source/serve/server.js';
import {tsWorker} from '../helpers/ts-worker.js';
import {fingerprintOf, newKeyPair} from '../../source/serve/host-key.js';
import {NameKeys} from '../../source/serve/name-keys.js';
import {boxes} from '../../source/games/boxes/index.js';
import {settled} from '../../source/games/setup.js';

const scratch = mkdtempSync(join(tmpdir(), 'potm-serve-names-'));
afterAll(() => rmSync(scratch, {recursive: true, force: true}));

const WRITER = new URL('../../source/serve/room-writer-worker.ts', import.meta.url);

let server: RunningServer | undefined;
const clients: Client[] = [];
const logged: string[] = [];
// The server stops first, as a host stops it: it ends each session and its client closes the
// channel. Clients ended first left the server waiting out its 2 s for channels already gone.
afterEach(async () => {
	await server?.close();
	for (const client of clients.splice(0)) client.end();
	server = undefined;
	logged.length = 0;
});

let folders = 0;
async function serve(): Promise<{running: RunningServer; dataDir: string}> {
	const dataDir = join(scratch, `data-${++folders}`);
	server = await startServer({
		port: 0,
		host: '127.0.0.1',
		dataDir,
		maxSessions: 6,
		engine: () => Object.assign(new FakeEngine(), {close: async () => undefined}),
		log: line => logged.push(line),
		// The rooms' writer on its thread, from a bundle of its module (tsx compiled it in each).
		roomWriter: new RoomWriter({log: line => logged.push(line), start: () => tsWorker(WRITER, undefined)}),
	});
	return {running: server, dataDir};
}

const connect = (port: number, name: string, extra: Record<string, unknown>): Promise<Client> => connectAs(port, name, extra, clients);

const parsed = (text: string): ParsedKey => {
	const key = ssh2.utils.parseKey(text);
	if (key instanceof Error || Array.isArray(key)) throw new Error('not a key');
	return key;
};

/** What a shell on `client` shows until `what` is there, and the channel. */
async function showing(client: Client, what: string | RegExp): Promise<{channel: ClientChannel; text: () => string}> {
	const channel = await shell(client);
	const shown = screen(channel);
	await until(
		() => (typeof what === 'string' ? shown.text().includes(what) : what.test(shown.text())),
		() => shown.text(),
	);
	return {channel, text: shown.text};
}

describe('a name belongs to its key', () => {
	test('the first key under a name owns it; a second key is refused with a message; the first comes back to it; released, the name is the next key’s', async () => {
		const {running, dataDir} = await serve();
		const [ada, other] = [newKeyPair('ada'), newKeyPair('other')];
		const adaPrint = fingerprintOf(parsed(ada.public));
		const first = await showing(await connect(running.port, 'ada', {privateKey: ada.private}), LOBBY);
		await until(
			() => first.text().includes('You are ada: the name is yours from now on'),
			() => first.text(),
		);
		expect(first.text()).toContain(adaPrint.slice(0, 15));
		expect(new NameKeys(dataDir).owner('ada')).toMatchObject({name: 'ada', fingerprint: adaPrint});
		expect(logged.some(line => line.includes(`ada: the name is now ${adaPrint}'s`))).toBe(true);

		// Another key alone: no way in.
		await expect(connect(running.port, 'ada', {privateKey: other.private})).rejects.toThrow(/authentication/i);
		// Another key, then without one: in, and told whose the name is.
		const refused = screen(await shell(await connect(running.port, 'ada', {privateKey: other.private, tryKeyboard: true})));
		await until(
			() => refused.text().includes('the name ada belongs to another key'),
			() => refused.text(),
		);
		expect(refused.text()).toContain(adaPrint);
		expect(refused.text()).toContain('potm serve --forget ada');
		expect(refused.text()).not.toContain(LOBBY);
		// Without any key under the name: the same.
		const keyless = screen(await shell(await connect(running.port, 'ada', KEYLESS)));
		await until(
			() => keyless.text().includes('the name ada belongs to another key'),
			() => keyless.text(),
		);

		// The first key again: the name is still its own, not claimed anew.
		const again = await showing(await connect(running.port, 'ada', {privateKey: ada.private}), 'You are ada, by your key');

		// Released by the host (potm serve --forget): the next key owns it.
		expect(new NameKeys(dataDir).forget('ada')).toBe(true);
		const next = await showing(await connect(running.port, 'ada', {privateKey: other.private}), 'the name is yours from now on');
		expect(next.text()).toContain(fingerprintOf(parsed(other.public)).slice(0, 15));
		again.channel.end();
	});

	test('a client without a key is a guest: its own saves, none of the name’s, and not the private games of others', async () => {
		const {running, dataDir} = await serve();
		// ada owns her name and has a private game waiting.
		await showing(await connect(running.port, 'ada', {privateKey: newKeyPair('ada').private}), 'the name is yours');
		const code = made(
			running.hall
				.connect({id: 'ada', name: 'ada'}, '127.0.0.1')
				.create({game: boxes, setup: settled(boxes, {rows: 3, columns: 3}), clockSeconds: null, side: 1, private: true}),
		);
		// A newcomer without a key, under a free name: a guest, by a name of the server's.
		const channel = await shell(await connect(running.port, 'bob', KEYLESS));
		const shown = screen(channel);
		await until(
			() => /You are guest-[2-9A-HJ-NP-Z]{3}, a guest/.test(shown.text()),
			() => shown.text(),
		);
		const guest = /You are (guest-[2-9A-HJ-NP-Z]{3})/.exec(shown.text())![1]!;
		expect(shown.text()).not.toContain(code);
		const asGuest = running.hall.connect({id: `guests/${guest}`, name: guest}, '127.0.0.1');
		expect(asGuest.lobby().open.map(room => room.code)).not.toContain(code);
		asGuest.disconnect();
		// Its save (from a second screen of the same connection) goes to a folder of its own, beside nobody's.
		const game = await shell(clients.at(-1)!);
		const saving = screen(game);
		await intoAGameAgainstTheAi(game, saving);
		game.write('s');
		await until(
			() => /Save/.test(saving.text().split('Move 1/50').at(-1)!),
			() => saving.text().slice(-1500),
		);
		game.write('\r');
		await until(
			() => saving.text().includes('Saved'),
			() => saving.text().slice(-1500),
		);
		expect(readdirSync(join(dataDir, 'players', 'guests', guest, 'saves')).some(file => file.endsWith('.txt'))).toBe(true);
		expect(existsSync(join(dataDir, 'players', 'bob'))).toBe(false);
		expect(existsSync(join(dataDir, 'players', 'ada', 'saves')) && readdirSync(join(dataDir, 'players', 'ada', 'saves')).length > 0).toBe(
			false,
		);
		// A second guest is another person.
		const second = await showing(await connect(running.port, 'bob', KEYLESS), /You are guest-/);
		expect(/You are (guest-[2-9A-HJ-NP-Z]{3})/.exec(second.text())![1]).not.toBe(guest);
		// A key under a guest's name owns nothing: the client goes on without it.
		await expect(connect(running.port, 'guest', {privateKey: newKeyPair('g').private})).rejects.toThrow(/authentication/i);
		expect(new NameKeys(dataDir).list().owners.map(owner => owner.name)).toEqual(['ada']);
	});

	test('a key offered with a signature that does not hold gets nothing, and owns nothing', async () => {
		const {running, dataDir} = await serve();
		const key = parsed(newKeyPair('eve').public);
		/** An agent that holds the public key and signs with noise: the server must check the signature itself. */
		class Forger extends ssh2.BaseAgent {
			override getIdentities(callback: (error: Error | undefined, keys?: ParsedKey[]) => void): void {
				callback(undefined, [key]);
			}
			override sign(_key: ParsedKey, _data: Buffer, ...rest: unknown[]): void {
				const callback = rest.at(-1) as (error: Error | undefined, signature?: Buffer) => void;
				callback(undefined, Buffer.alloc(64, 7));
			}
		}
		await expect(connect(running.port, 'eve', {agent: new Forger()})).rejects.toThrow(/authentication/i);
		expect(logged.some(line => line.includes('a key whose signature does not hold'))).toBe(true);
		expect(new NameKeys(dataDir).owner('eve')).toBeNull();
		// The same server takes the honest key under the name.
		await showing(await connect(running.port, 'eve', {privateKey: newKeyPair('eve2').private}), 'the name is yours from now on');
	});
});
