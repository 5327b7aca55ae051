/**
 * A game between people on `potm serve`, played from three real terminals with OpenSSH's own
 * client: one tmux server, a session of 80×24 each for alice, bob and carol, each running `ssh -p
 * PORT NAME@127.0.0.1` against `node dist/cli.js serve` on a loopback port. Alice makes a private
 * room from the lobby and the menu, bob joins it by its code (after a wrong one), carol watches;
 * they play a 3×3 LINES and BOXES game by typed moves that the test draws from the rules, while
 * bob's ssh is killed and he comes back, and while the server itself is killed (SIGKILL) and
 * started again on its folder and port (its clocks waiting until both players are back); then
 * the record the server prints is the game played.
 */
import {execFileSync, spawnSync, type ChildProcess} from 'node:child_process';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {spawnServe, type Spawned} from './spawned.js';
import {sshKeyOptions, sshOptions} from './ssh-client.js';
import {TMUX_START} from '../helpers/tmux.js';
import {toolTier, whyNotHere} from '../helpers/tools.js';
import {afterEach, describe, expect, test, vi} from 'vitest';
import {parseRecord} from '../../source/files/record.js';
import {boxes, type BoxesState} from '../../source/games/boxes/index.js';
import {seededRandom} from '../../source/games/seeded.js';

/** A screen read every 20 ms (a capture of the pane costs tmux a few milliseconds), for 20 s at most. */
const DEADLINE = {timeout: 20_000, interval: 20};

const skipReason = whyNotHere(toolTier('the OpenSSH tier'));

type Who = 'alice' | 'bob' | 'carol';

const socket = `potm-people-test-${process.pid}`;
const tmux = (...args: string[]): string =>
	execFileSync('tmux', ['-u', '-L', socket, ...args], {encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 10_000});
const pane = (who: Who): string => tmux('capture-pane', '-p', '-t', `=${who}:`);
const press = (who: Who, ...keys: string[]) => void tmux('send-keys', '-t', `=${who}:`, ...keys);
const type = (who: Who, text: string) => void tmux('send-keys', '-t', `=${who}:`, '-l', text);
/** The other people's screens, for a failure's message: what one waited for may hang on another (a refusal there). */
const others = (who: Who): string =>
	(['alice', 'bob', 'carol'] as const)
		.filter(other => other !== who)
		.map(other => {
			try {
				return `\n${other}'s screen:\n${pane(other)}`;
			} catch {
				return `\n${other} has no screen`;
			}
		})
		.join('');
const shows = (who: Who, what: string | RegExp | ((screen: string) => boolean), label?: string): Promise<string> =>
	vi.waitFor(() => {
		const screen = pane(who);
		const holds = typeof what === 'string' ? screen.includes(what) : what instanceof RegExp ? what.test(screen) : what(screen);
		if (!holds) throw new Error(`waiting for ${label ?? String(what)} on ${who}'s screen, which was:\n${screen}${others(who)}`);
		return screen;
	}, DEADLINE);

/** Presses `key` until the screen shows `done`, each press waited for (the screen changes), at most `most` presses. */
async function pressUntil(who: Who, key: string, done: RegExp, most = 20): Promise<void> {
	for (let count = 0; !done.test(pane(who)); count++) {
		if (count === most) throw new Error(`${most} presses of ${key} and no ${String(done)} on ${who}'s screen:\n${pane(who)}`);
		const before = pane(who);
		press(who, key);
		await shows(who, screen => screen !== before, `a press of ${key} to show`);
	}
}

/** The tmux server's socket once it runs (kill-server leaves the file behind). */
let socketPath: string | undefined;
const sessions = new Set<Who>();
/** Runs `command` (then says its exit status, then sleeps) in `who`'s 80×24 session: a new one, or in place of what ran there. */
function run(who: Who, command: string): void {
	const shell = ['sh', '-c', `${command}; echo "[ssh exited with status $?]"; exec sleep 600`];
	if (sessions.has(who)) {
		// -k kills what still runs there; the pane is cleared for the new one.
		tmux('respawn-pane', '-k', '-t', `=${who}:`, ...shell);
		return;
	}
	tmux(...(socketPath ? [] : TMUX_START), 'new-session', '-d', '-s', who, '-x', '80', '-y', '24', ...shell);
	socketPath ??= tmux('display-message', '-p', '#{socket_path}').trim();
	sessions.add(who);
}

const servers: ChildProcess[] = [];
let dir: string | undefined;

const serve = (data: string, port: number): Promise<Spawned> => spawnServe(data, port, child => servers.push(child), DEADLINE.timeout);

afterEach(() => {
	spawnSync('tmux', ['-L', socket, 'kill-server']);
	if (socketPath) rmSync(socketPath, {force: true});
	socketPath = undefined;
	sessions.clear();
	for (const child of servers.splice(0)) child.kill('SIGKILL');
	if (dir) rmSync(dir, {recursive: true, force: true});
	dir = undefined;
});

/** What a restart must keep of a screen of the room: the board (left of the panel) and the move list, without the clocks. */
function boardAndMoves(screen: string): {board: string[]; moves: string[]} {
	const lines = screen.split('\n');
	const panel = lines[1]!.indexOf('RED ');
	return {
		board: lines.slice(1, 19).map(line => line.slice(0, panel).trimEnd()),
		moves: lines.map(line => line.slice(panel)).filter(line => /^\s*\d+\.\s/.test(line)),
	};
}

describe.skipIf(skipReason !== null)(
	`people play each other on potm serve from OpenSSH's ssh in tmux${skipReason === null ? '' : ` (skipped: ${skipReason})`}`,
	() => {
		test(
			'a private room made from the lobby, joined after a wrong code, watched; a dropped player and a killed server come back to the game; its record',
			{timeout: 180_000},
			async () => {
				dir = mkdtempSync(join(tmpdir(), 'potm-serve-people-'));
				const data = join(dir, 'data');
				let server = await serve(data, 0);
				const {port} = server;
				const options = sshOptions(port);
				// Each person with a key of their own: a name belongs to the first key that comes under it.
				const ssh = (name: Who, words = '') =>
					`ssh ${[...options, ...sshKeyOptions(dir!, name)].join(' ')} -t ${name}@127.0.0.1${words ? ` ${words}` : ''}`;

				// 1. Alice: the lobby, then the menu; a private 3×3 LINES and BOXES room on the default clock.
				run('alice', ssh('alice'));
				await shows('alice', 'potm on the server — 1 online: alice');
				await pressUntil('alice', 'Down', /▸ Create a game for a friend/);
				press('alice', 'Enter');
				await shows('alice', '▸ Play a friend here (side and clock above)');
				await pressUntil('alice', 'Up', /▸ Game /);
				await pressUntil('alice', 'Right', /▸ Game +◀ LINES and BOXES ▶/);
				press('alice', 'Down');
				await shows('alice', /▸ Size +◀/);
				await pressUntil('alice', 'Left', /▸ Size +◀ 3×3 boxes ▶/);
				expect(pane('alice')).toMatch(/Clock +◀ 60 s each ▶/);
				await pressUntil('alice', 'Down', /▸ Play a friend, private/);
				press('alice', 'Enter');
				let screen = await shows('alice', /LINES and BOXES {2}RED alice vs BLUE nobody yet · private [2-9A-Z]{3}-[2-9A-Z]{3}/);
				const code = /private ([2-9A-Z]{3}-[2-9A-Z]{3})/.exec(screen)![1]!;
				expect(screen.replace(/\s+/g, ' ')).toContain(`A friend joins with: ssh -p ${port} -t 127.0.0.1 join ${code}`);
				expect(screen).toMatch(/RED +● alice \(you\) +0 boxes +1:00/);

				// 2. Bob: a wrong code is refused with ssh's status 1; the right one seats him as BLUE.
				run('bob', ssh('bob', 'join ZZZ-ZZZ'));
				screen = await shows('bob', '[ssh exited with status 1]');
				expect(screen).toContain('potm: No game has the code ZZZ-ZZZ');
				run('bob', ssh('bob', `join ${code}`));
				screen = await shows('bob', /BLUE +● bob \(you\)/);
				expect(screen).toContain(`LINES and BOXES  RED alice vs BLUE bob · private ${code}`);
				await shows('alice', 'bob joined: the game begins');

				// 3. Carol watches.
				run('carol', ssh('carol', `watch ${code}`));
				screen = await shows('carol', `RED alice vs BLUE bob · private ${code} (watching)`);
				expect(screen).toContain('Move 1 · RED to play (alice)');
				await shows('alice', 'Watching: carol');

				// 4. The game, kept by the rules beside the server: moves drawn from the legal ones (seed pinned), typed by the side to move.
				const random = seededRandom(20_260_514);
				let state: BoxesState = boxes.initial({rows: 3, columns: 3, lines: 0});
				const played: number[] = [];
				const texts: string[] = [];
				const players: Record<1 | 2, Who> = {1: 'alice', 2: 'bob'};
				const next = () => {
					const legal = boxes.legalMoves(state);
					const move = legal[Math.floor(random() * legal.length)]!;
					return {move, text: boxes.formatMove(state, move), side: boxes.sides[boxes.toMove(state) - 1]!};
				};
				/** Plays `count` moves (fewer if the game ends); each seen by carol and by the mover's opponent before the next. */
				const play = async (count: number) => {
					for (let index = 0; index < count && !boxes.outcome(state); index++) {
						const mover = boxes.toMove(state);
						const {move, text, side} = next();
						press(players[mover], 'm');
						type(players[mover], text);
						press(players[mover], 'Enter');
						state = boxes.play(state, move);
						played.push(move);
						texts.push(text);
						if (boxes.outcome(state)) return;
						await shows('carol', `${side} played ${text}`);
						await shows(players[mover === 1 ? 2 : 1], `${side} played ${text}`);
					}
				};
				await play(2);
				// A spectator's typed move (the very move the side to move plays next) is refused and plays nothing.
				const before = boardAndMoves(pane('carol'));
				const {text: coming, side: moving} = next();
				press('carol', 'm');
				type('carol', coming);
				press('carol', 'Enter');
				await shows('carol', 'You are watching: only the players move');
				expect(boardAndMoves(pane('carol'))).toEqual(before);
				expect(pane('alice')).not.toContain(`${moving} played ${coming}`);
				expect(pane('bob')).not.toContain(`${moving} played ${coming}`);
				await play(2);
				expect(boardAndMoves(pane('carol')).moves[0]).toMatch(new RegExp(`^ +1\\. ${texts[0]!} +${texts[1]!}$`));

				// 5. Bob's ssh is killed mid-game: alice is told; he joins again and has his seat; the game goes on.
				expect(boxes.outcome(state)).toBeNull();
				const shell = tmux('display-message', '-p', '-t', '=bob:', '#{pane_pid}').trim();
				const bobs = execFileSync('pgrep', ['-P', shell, '-x', 'ssh'], {encoding: 'utf8'}).trim();
				process.kill(Number(bobs), 'SIGKILL');
				await shows('bob', '[ssh exited with status 137]');
				await shows('alice', 'bob is away; the clock runs');
				await shows('carol', 'bob is away; the clock runs');
				run('bob', ssh('bob', `join ${code}`));
				screen = await shows('bob', /BLUE +● bob \(you\)/);
				expect(boardAndMoves(screen).moves).toEqual(boardAndMoves(pane('carol')).moves);
				await shows('alice', 'bob is back');
				await play(4);

				// 6. The server is killed; started again on its folder and port, it has the game as it was.
				expect(boxes.outcome(state)).toBeNull();
				const everyone = ['alice', 'bob', 'carol'] as const;
				// Every screen has drawn the last move (the mover's own too) before the kill.
				const caughtUp = (who: Who) =>
					shows(
						who,
						now =>
							boardAndMoves(now)
								.moves.at(-1)
								?.endsWith(` ${texts.at(-1)!}`) === true,
						'the last move in the list',
					);
				const kept = (await Promise.all(everyone.map(caughtUp))).map(boardAndMoves);
				server.child.kill('SIGKILL');
				for (const who of everyone) await shows(who, '[ssh exited with status 255]');
				server = await serve(data, port);
				expect(server.out()).toContain('1 game in progress resumed');
				// Alice and carol first: the clocks wait for bob, as all three screens say.
				run('alice', ssh('alice', `join ${code}`));
				run('carol', ssh('carol', `watch ${code}`));
				await shows('alice', /RED +● alice \(you\)/);
				await shows('carol', `${code} (watching)`);
				for (const who of ['alice', 'carol'] as const) await shows(who, 'bob is away; the clocks wait for both');
				run('bob', ssh('bob', `join ${code}`));
				const back = [
					await shows('alice', 'bob is back'),
					await shows('bob', /BLUE +● bob \(you\)/),
					await shows('carol', current => !current.includes('is away'), 'bob back'),
				];
				expect(back.map(boardAndMoves)).toEqual(kept);
				await play(Infinity);

				// The end, for all three: the result as the rules have it.
				const outcome = boxes.outcome(state)!;
				for (const who of everyone) {
					// Kept once its ending is on the disk: a frame after the result, or the same.
					screen = await shows(who, `Kept as ${code}.game.txt`);
					expect(screen).toContain(outcome.description);
					expect(screen).toContain('Game over');
					// The last move in the list, at its end.
					expect(boardAndMoves(screen).moves.at(-1)).toMatch(new RegExp(` ${texts.at(-1)!}$`));
				}

				// 7. The record the server prints (no terminal) is the game played, move for move.
				const record = spawnSync('ssh', [...options, ...sshKeyOptions(dir, 'bob'), 'bob@127.0.0.1', 'record', code], {
					encoding: 'utf8',
					stdio: ['ignore', 'pipe', 'pipe'],
					timeout: 20_000,
				});
				expect(record.stderr).toBe('');
				expect(record.status).toBe(0);
				expect(record.stdout).toContain('[Game "LINES and BOXES"]');
				const parsed = parseRecord(record.stdout, `${code}.game.txt`);
				if (!parsed.ok) throw new Error(`${parsed.error.message}\n${record.stdout}`);
				expect(parsed.value.moves).toEqual(played);
				expect(parsed.value.players).toEqual(['alice', 'bob']);
				expect(server.log()).toContain(`${code} over: ${outcome.description}`);
			},
		);
	},
);
