/**
 * potm serve played from a real terminal with OpenSSH's own client: tmux runs `ssh -p PORT
 * ada@127.0.0.1` in an 80×24 pane against `node dist/cli.js serve` on a loopback port; the test
 * sends keys and reads the pane back until it shows what each should do. A game against the AI,
 * a resize of the terminal, quitting, and the server's log of it.
 */
import {execFileSync, spawnSync, type ChildProcess} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {spawnServe} from './spawned.js';
import {sshKeyOptions, sshOptions} from './ssh-client.js';
import {TMUX_START} from '../helpers/tmux.js';
import {toolTier, whyNotHere} from '../helpers/tools.js';
import {afterEach, describe, expect, test, vi} from 'vitest';

/** A screen read every 20 ms (a capture of the pane costs tmux a few milliseconds), for 20 s at most. */
const DEADLINE = {timeout: 20_000, interval: 20};

const skipReason = whyNotHere(toolTier('the OpenSSH tier'));

const socket = `potm-serve-test-${process.pid}`;
const tmux = (...args: string[]): string =>
	execFileSync('tmux', ['-u', '-L', socket, ...args], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 10_000});
const pane = (): string => tmux('capture-pane', '-p');
const screenShows = (what: (screen: string) => boolean, label: string) =>
	vi.waitFor(() => {
		const screen = pane();
		if (!what(screen)) throw new Error(`waiting for ${label}; the screen was:\n${screen}`);
	}, DEADLINE);

let server: ChildProcess | undefined;
let dir: string | undefined;
afterEach(() => {
	// kill-server leaves the socket's file behind: it goes too.
	const path = spawnSync('tmux', ['-L', socket, 'display-message', '-p', '#{socket_path}'], {encoding: 'utf8'}).stdout.trim();
	spawnSync('tmux', ['-L', socket, 'kill-server']);
	if (path !== '') rmSync(path, {force: true});
	server?.kill('SIGKILL');
	server = undefined;
	if (dir) rmSync(dir, {recursive: true, force: true});
});

describe.skipIf(skipReason !== null)(
	`potm serve from OpenSSH's ssh in tmux${skipReason === null ? '' : ` (skipped: ${skipReason})`}`,
	() => {
		test('the lobby, the menu, a game against the AI by typed moves, a resize, then q and y back to the lobby, where q ends ssh with status 0', async () => {
			dir = mkdtempSync(join(tmpdir(), 'potm-serve-tmux-'));
			const spawned = await spawnServe(join(dir, 'data'), 0, child => (server = child), DEADLINE.timeout);
			const {port} = spawned;
			const ssh = `ssh ${[...sshOptions(port), ...sshKeyOptions(dir, 'ada')].join(' ')} -t ada@127.0.0.1`;
			tmux(
				...TMUX_START,
				...['new-session', '-d', '-x', '80', '-y', '24', 'sh', '-c', `${ssh}; echo "[ssh exited with status $?]"; exec sleep 600`],
			);
			await screenShows(screen => screen.includes('potm on the server'), 'the lobby');
			tmux('send-keys', 'Enter');
			await screenShows(screen => screen.includes('Play against the AI'), 'the menu');
			tmux('send-keys', 'Enter');
			await screenShows(screen => screen.includes('Move 1/50'), 'the board');
			tmux('send-keys', 'm');
			await screenShows(screen => screen.includes('Type a move'), 'the move prompt');
			tmux('send-keys', '-l', 'b1 d3');
			tmux('send-keys', 'Enter');
			// The AI (the server's engine) answers: the move list shows both moves of move 1.
			await screenShows(screen => /1\. b1 d3 +\S+ \S+/.test(screen), 'the AI to answer');
			expect(pane()).toContain('Move 2/50');
			// A wider, taller terminal: ssh tells the server, which draws the board with larger squares.
			tmux('resize-window', '-x', '120', '-y', '40');
			await screenShows(screen => screen.split('\n').some(line => line.length > 80 && /a {5,}b {5,}c/.test(line)), 'the board at 120×40');
			tmux('send-keys', 'q');
			await screenShows(screen => screen.includes('Quit? It is not saved: y quits'), 'the question before quitting an unsaved game');
			tmux('send-keys', 'y');
			// Quitting a game goes back to the lobby, where q ends the session.
			await screenShows(screen => screen.includes('potm on the server') && screen.includes('Back from the arcade'), 'the lobby');
			tmux('send-keys', 'q');
			await screenShows(screen => screen.includes('[ssh exited with status 0]'), 'ssh to end');
			await vi.waitFor(() => {
				if (!/ada: left \(0 sessions\)/.test(spawned.log())) throw new Error(spawned.log());
			}, DEADLINE);
			expect(spawned.log()).toMatch(/127\.0\.0\.1 ada: came \(1 session\)/);
		});

		test('names and keys with OpenSSH: the first key owns a name, a second is refused with why, a client without a key is a guest; potm serve --names lists the owner and --forget releases it', async () => {
			dir = mkdtempSync(join(tmpdir(), 'potm-serve-keys-'));
			const data = join(dir, 'data');
			const spawned = await spawnServe(data, 0, child => (server = child), DEADLINE.timeout);
			const base = sshOptions(spawned.port);
			/** `ssh ... USER@127.0.0.1 record NOSUCH`: signed in or not, its status and what it said. */
			const visit = (user: string, keys: string[]) => {
				const ran = spawnSync('ssh', [...base, ...keys, `${user}@127.0.0.1`, 'record', '222-222'], {encoding: 'utf8', timeout: 20_000});
				return {status: ran.status, said: `${ran.stdout}${ran.stderr}`};
			};
			const potm = (...args: string[]) =>
				spawnSync(process.execPath, ['dist/cli.js', 'serve', ...args, '--data', data], {encoding: 'utf8'});
			// ada's key comes first: signed in (the code is nobody's), and the name is its own.
			const first = visit('ada', sshKeyOptions(dir, 'ada'));
			expect(first.said).toContain('No finished game has the code 222-222');
			const listed = potm('--names');
			expect(listed.status).toBe(0);
			const adaKey = spawnSync('ssh-keygen', ['-l', '-f', join(dir, 'ada_ed25519')], {encoding: 'utf8'}).stdout.split(' ')[1]!;
			expect(listed.stdout).toMatch(new RegExp(`^ada +\\d{4}-\\d\\d-\\d\\d +${adaKey.replace(/[+/]/g, '\\$&')}$`, 'm'));
			// eve's key under ada: refused, with whose the name is and what to do.
			const second = visit('ada', sshKeyOptions(dir, 'eve'));
			expect(second.status).toBe(1);
			expect(second.said).toContain(`the name ada belongs to another key (${adaKey}`);
			expect(second.said).toContain('potm serve --forget ada');
			// Without a key, under a free name: a guest, let in.
			expect(visit('carol', ['-o', 'PubkeyAuthentication=no', '-o', 'IdentityAgent=none']).said).toContain(
				'No finished game has the code 222-222',
			);
			// ... and owns no name.
			expect(potm('--names').stdout).not.toContain('carol');
			// Released while the server runs: eve's key is the next under ada, and owns it.
			const forgot = potm('--forget', 'ada');
			expect(forgot.status).toBe(0);
			expect(forgot.stdout).toContain('ada: released');
			expect(potm('--forget', 'ada').status).toBe(1);
			expect(visit('ada', sshKeyOptions(dir, 'eve')).said).toContain('No finished game has the code 222-222');
			const eveKey = spawnSync('ssh-keygen', ['-l', '-f', join(dir, 'eve_ed25519')], {encoding: 'utf8'}).stdout.split(' ')[1]!;
			expect(potm('--names').stdout).toContain(eveKey);
		});

		test('potm serve in a terminal of its own: Ctrl-C there stops it, with status 0 and the terminal as it was', async () => {
			dir = mkdtempSync(join(tmpdir(), 'potm-serve-tmux-'));
			const serve = `node dist/cli.js serve --port 0 --host 127.0.0.1 --data ${join(dir, 'data')}`;
			tmux(
				...['-f', '/dev/null', 'new-session', '-d', '-x', '100', '-y', '24', '-c', process.cwd()],
				// The shell traps Ctrl-C as an interactive one ignores it, so that it goes on after the server.
				...[
					'sh',
					'-c',
					`trap ':' INT; CI=true ${serve}; echo "[serve exited with status $?]"; stty -a | grep -o -- '-\\?isig'; exec sleep 600`,
				],
			);
			await screenShows(screen => screen.includes('Ctrl-C stops it'), 'the server to listen');
			tmux('send-keys', 'C-c');
			await screenShows(screen => screen.includes('[serve exited with status 0]'), 'the server to stop');
			// The terminal keeps its signals (isig on, not -isig): the server never took it into raw mode.
			await screenShows(screen => /^isig$/m.test(screen), 'stty to show isig');
		});
	},
);
