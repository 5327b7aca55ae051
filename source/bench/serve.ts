/**
 * `npm run bench -- serve`: potm serve under load, on a loopback port. `node dist/cli.js serve`
 * runs as a program of its own (POTM_BENCH_SERVER_FLAGS go to its node, e.g. --cpu-prof); this
 * process opens the SSH sessions with ssh2's client, each from an address of its own on 127/8 (the
 * server's limit of new connections an address a minute is not what is measured), all in a
 * terminal of 100×30. By default 100 sessions for a minute:
 *
 * - `--games` games between bots (two sessions each, 40). The host connects, and in the lobby
 *   picks "Create a game for a friend", then "Play a friend here" (LOAPS, 60 s each), and reads the
 *   room's code from its screen; the friend (friendN: a name beginning with guest is no key's,
 *   potm serve gives it to clients without one) connects with `join CODE` (an exec request with a
 *   pty, as `ssh -t HOST join CODE` sends). The bench keeps each game with the rules itself (the loaps
 *   module, a seeded random legal move): the side to move types `m`, the move and Enter about
 *   `--think` ms (1000; each pause 0.5–1.5 times it, 0: at once) after its screen showed the last
 *   move. When a game ends (by the rules, or a clock fallen on the server), both ask for a rematch
 *   (`n`) and play on in the new room, sides swapped.
 * - `--watchers` spectators (10), `watch CODE`, one on each of the first games (round the games
 *   again if there are more), following them into their rematches.
 * - `--ai` sessions against the server's AI (10): lobby, the arcade's row, the menu's "Play
 *   against the AI" (level 3, the server's pool of engine workers shared), a random legal move
 *   about --think ms after each answer.
 *
 * The sessions start 50 ms apart (a game's two one after the other), so the first seconds are
 * not 100 key exchanges at once. For --seconds from the first start the bots move; then the
 * moves under way are waited for (at most 30 s) and every session ends.
 *
 * What is measured: each session's output is kept as plain text (escape sequences out, a sequence
 * or a character cut between two packets joined first), with an offset for each character since
 * the session began; a move is looked for only in what came after its keys were sent. From the
 * keys of a move sent to the opponent's screen, and to each watcher's, showing that move's status
 * words ("RED played b1 d3"; for a move that ends the game, its "Game over"): the median and 95th
 * percentile of each. A move lost: not shown to the opponent within 30 s (that game stops there).
 * A watcher's view missed: a move a watcher's screen never said within 30 s (a screen that draws
 * two moves in one frame says only the second). Against the AI: from the keys of a move to the
 * screen saying the AI's answer ("BLUE played ..."). Sessions dropped: those that never reached
 * their first screen, or whose connection closed before the end (the server's log says how many
 * were turned away at the door, how many waited in line there, and when). The server's CPU time
 * and memory come from /proc (idle: before the first session; the most: sampled every 0.5 s), and
 * the bench's own (its ssh2 clients, on the same cores) from process.cpuUsage.
 */
import {spawn} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import ssh2, {type ClientChannel} from 'ssh2';
import {loaps} from '../games/loa/index.js';
import type {LoaState} from '../games/loa/rules.js';
import {seededRandom} from '../games/seeded.js';
import {playedText} from '../ui/format.js';
import {median} from './median.js';
import {Screen, type Seen} from './serve-screen.js';
import {LAST_RESORT} from '../commands/serve.js';
import {newKeyPair} from '../serve/host-key.js';

// The program's build (the bench runs from dist-dev/, built apart).
const cli = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export interface ServeLoad {
	/** Games between two bots (two sessions each). */
	readonly games: number;
	/** Sessions against the server's AI. */
	readonly againstAi: number;
	/** Sessions watching the bots' games. */
	readonly watchers: number;
	readonly seconds: number;
	readonly seed: number;
	/** Milliseconds a bot waits after seeing the last move before its own, as a person thinks; 0: at once. */
	readonly thinkMs: number;
	/** The server's --draw-threads; its default when absent. */
	readonly drawThreads?: number;
}

/** The whole sessions a load opens. */
export const sessionsOf = (load: Pick<ServeLoad, 'games' | 'againstAi' | 'watchers'>): number =>
	load.games * 2 + load.againstAi + load.watchers;

/** How long a move may take to show before it counts as lost. */
const LOST_MS = 30_000;
/** How long a session may take to reach a screen (the lobby, the menu, the room). */
const SCREEN_MS = 20_000;
/** Between two sessions' starts. */
const STAGGER_MS = 50;

interface Tally {
	/** Sessions that reached their first screen. */
	connected: number;
	dropped: number;

	gamesStarted: number;
	/** Games ended by the rules (the move limit, a side connected). */
	gamesFinished: number;
	/** Games ended on the server otherwise: a clock fallen. */
	gamesOnTime: number;
	rematches: number;
	moves: number;
	lost: number;
	watcherMissed: number;
	watcherDrawnOver: number;
	readonly toOpponent: number[];
	readonly toWatchers: number[];
	aiMoves: number;
	aiLost: number;
	readonly aiAnswers: number[];
	/** What went wrong, the first time each kind did. */
	readonly troubles: Map<string, number>;
}

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const sleep = (ms: number): Promise<void> => new Promise(settle => setTimeout(settle, Math.max(0, ms)));

/** The server's CPU seconds (user + system) and resident memory, from /proc. */
function usage(pid: number): {cpuSeconds: number; rssMb: number} {
	const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
	const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
	const ticks = Number(fields[11]) + Number(fields[12]);
	const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
	return {cpuSeconds: ticks / 100, rssMb: rss ? Number(rss[1]) / 1024 : NaN};
}

const GAME_OVER = /Game over/;

/** The run: the server's port, the clock of the end, the sessions opened, what was counted. */
class Run {
	readonly screens: Screen[] = [];
	readonly tally: Tally = {
		connected: 0,
		dropped: 0,
		gamesStarted: 0,
		gamesFinished: 0,
		gamesOnTime: 0,
		rematches: 0,
		moves: 0,
		lost: 0,
		watcherMissed: 0,
		watcherDrawnOver: 0,
		toOpponent: [],
		toWatchers: [],
		aiMoves: 0,
		aiLost: 0,
		aiAnswers: [],
		troubles: new Map(),
	};
	private addresses = 0;
	/** The watchers' looks for moves, waited for before the figures. */
	readonly following: Array<Promise<void>> = [];
	/** Set when the bench ends the sessions. */
	ending = false;

	constructor(
		readonly port: number,
		readonly until: number,
		readonly load: ServeLoad,
	) {}

	get over(): boolean {
		return Date.now() >= this.until;
	}

	/** Something went wrong: counted by kind, and the session counted dropped if it never got going. */
	trouble(what: string): void {
		this.tally.troubles.set(what, (this.tally.troubles.get(what) ?? 0) + 1);
	}

	/** A person's pause before a move: 0.5–1.5 times --think, ending by the end of the run. */
	think(random: () => number): Promise<void> {
		const ms = this.load.thinkMs > 0 ? this.load.thinkMs * (0.5 + random()) : 0;
		return sleep(Math.min(ms, this.until - Date.now()));
	}

	private readonly keys = new Map<string, string>();

	/** The private key `name` signs in with, the same for the whole run. */
	keyOf(name: string): string {
		let key = this.keys.get(name);
		if (key === undefined) this.keys.set(name, (key = newKeyPair(`bot ${this.keys.size + 1} of the bench`).private));
		return key;
	}

	/** Connects as `name` with a terminal: the lobby (a shell), or `command` (join CODE, watch CODE). Null: it never opened. */
	open(name: string, command: string | null): Promise<Screen | null> {
		const index = this.addresses++;
		const client = new ssh2.Client();
		const screen = new Screen(name, client);
		this.screens.push(screen);
		return new Promise(resolve => {
			let opened = false;
			const failed = (why: string) => {
				if (opened) return;
				opened = true;
				this.trouble(why);
				this.tally.dropped++;
				screen.droppedAt = Date.now();
				client.end();
				resolve(null);
			};
			client.on('error', error => failed(`connection error: ${error.message}`));
			client.on('close', () => {
				if (!opened) return failed('closed before a session opened');
				if (!this.ending && screen.droppedAt === null) {
					screen.droppedAt = Date.now();
					this.tally.dropped++;
					this.trouble(`${name.replace(/\d+$/, '')}: connection closed`);
				}
				screen.gone();
			});
			client.on('ready', () => {
				const pty = {cols: 100, rows: 30, term: 'xterm-256color'};
				const started = (error: Error | undefined, channel: ClientChannel) => {
					if (error) return failed(`session refused: ${error.message}`);
					opened = true;
					screen.channel = channel;
					channel.on('data', (data: Buffer) => screen.receive(data));
					channel.stderr.resume();
					resolve(screen);
				};
				if (command === null) client.shell(pty, started);
				else client.exec(command, {pty}, started);
			});
			const localAddress = `127.0.${Math.floor(index / 250)}.${2 + (index % 250)}`;
			// Each bot with a key of its own, as people with a name come (the first key under a name owns it).
			client.connect({
				host: '127.0.0.1',
				port: this.port,
				localAddress,
				username: name,
				privateKey: this.keyOf(name),
				readyTimeout: SCREEN_MS,
			});
		});
	}

	/** Waits for a screen's first view; a session that never shows it is counted dropped. */
	async reached(screen: Screen, needle: RegExp, from = 0): Promise<Seen | null> {
		const seen = await screen.see([needle], from, SCREEN_MS);
		if (!seen) {
			this.trouble(`${screen.name.replace(/\d+$/, '')}: no ${needle.source}`);
			if (screen.droppedAt === null) {
				screen.droppedAt = Date.now();
				this.tally.dropped++;
			}
		}
		return seen;
	}

	end(): void {
		this.ending = true;
		for (const screen of this.screens) screen.client.end();
	}
}

/** A game's room as its screens show it: the code, and which session plays which side. */
interface Room {
	readonly code: string;
	readonly players: readonly [Screen, Screen];
	/** Where on each player's screen the room began: a "Game over" from before is not this game's. */
	readonly since: readonly [number, number];
}

/** Both players' screens showing the room (of another code than `old`); the watchers' too. Null: one never did. */
async function enterRoom(
	run: Run,
	host: Screen,
	guest: Screen,
	from: readonly [number, number],
	old: string | null,
	watchers: readonly Screen[],
	watchFrom: readonly number[],
): Promise<{room: Room; watching: Screen[]} | null> {
	// The header that names both players (and a code not the last one) says the room is theirs, and
	// both are in: then the server's clocks run and it takes moves.
	const names = `(${escaped(host.name)}|${escaped(guest.name)})`;
	const header = new RegExp(`RED ${names} vs BLUE ${names} · ${old === null ? '' : `(?!${escaped(old)})`}([2-9A-Z]{3}-[2-9A-Z]{3})`);
	const views: Seen[] = [];
	for (const [index, screen] of [host, guest].entries()) {
		const seen = await run.reached(screen, header, from[index]);
		if (!seen) return null;
		views.push(seen);
	}
	const [hostView, guestView] = views as [Seen, Seen];
	const code = hostView.match[3]!;
	if (guestView.match[3] !== code || hostView.match[1] === hostView.match[2]) {
		run.trouble('the two players saw different rooms');
		return null;
	}
	const red = hostView.match[1] === host.name ? host : guest;
	const players: [Screen, Screen] = red === host ? [host, guest] : [guest, host];
	const since: [number, number] = [players[0].end, players[1].end];
	const watching: Screen[] = [];
	for (const [index, watcher] of watchers.entries()) {
		if (await run.reached(watcher, new RegExp(`${escaped(code)} \\(watching\\)`), watchFrom[index])) watching.push(watcher);
	}
	return {room: {code, players, since}, watching};
}

/** How a game in a room went: on to a rematch, or stopped (the run's end, or a move lost). */
type Ending = 'rematch' | 'stop';

/** Plays the room's game with random legal moves, timing each to the opponent's screen and the watchers'. */
async function playRoom(run: Run, room: Room, watchers: readonly Screen[], random: () => number): Promise<Ending> {
	const {tally} = run;
	tally.gamesStarted++;
	let state: LoaState = loaps.initial();
	while (!run.over) {
		const side = loaps.toMove(state);
		const mover = room.players[side - 1]!;
		const opponent = room.players[2 - side]!;
		await run.think(random);
		if (run.over) return 'stop';
		// A clock fallen while the mover thought: the game is over on the server.
		if (room.players.some((screen, index) => screen.find([GAME_OVER], room.since[index]!))) {
			tally.gamesOnTime++;
			return 'rematch';
		}
		const legal = loaps.legalMoves(state);
		const move = legal[Math.floor(random() * legal.length)]!;
		const said = playedText(loaps, state, move);
		const text = loaps.formatMove(state, move);
		state = loaps.play(state, move);
		const ends = loaps.outcome(state) !== null;
		// The move's own words, or for the last move the game's end; after the keys, on each screen.
		const needles = ends ? [GAME_OVER] : [new RegExp(escaped(said)), GAME_OVER];
		const opponentFrom = opponent.end;
		const watcherFrom = watchers.map(watcher => watcher.end);
		const sent = performance.now();
		mover.type(`m${text}\r`);
		tally.moves++;
		// A watcher's screen may draw two moves in one frame: the first is then never said. A move
		// whose words have not shown when a later one's have is counted drawn over, not missed.
		const entries: Array<Screen['behind'][number]> = [];
		for (const [index, watcher] of watchers.entries()) {
			const entry = {superseded: false, refused: false, cancel: () => undefined};
			entries.push(entry);
			watcher.behind.push(entry);
			const following = watcher.see(ends ? [GAME_OVER] : [needles[0]!], watcherFrom[index]!, LOST_MS, entry).then(seen => {
				const at = watcher.behind.indexOf(entry);
				const earlier = watcher.behind.splice(0, at + 1).slice(0, -1);
				if (seen) {
					tally.toWatchers.push(seen.at - sent);
					for (const older of earlier) {
						older.superseded = true;
						older.cancel();
					}
				} else if (entry.superseded) tally.watcherDrawnOver++;
				else if (!run.ending && !entry.refused) tally.watcherMissed++;
			});
			run.following.push(following);
		}
		const seen = await opponent.see(needles, opponentFrom, LOST_MS);
		if (!seen) {
			tally.lost++;
			run.trouble(`a move never shown to the opponent (${room.code}, ${said})`);
			return 'stop';
		}
		if (seen.which === 0 || ends) tally.toOpponent.push(seen.at - sent);
		if (ends) {
			tally.gamesFinished++;
			return 'rematch';
		}
		if (seen.which === 1) {
			// The game ended before the move was taken: a clock fell. The watchers look for it no more.
			for (const entry of entries) {
				entry.refused = true;
				entry.cancel();
			}
			tally.moves--;
			tally.gamesOnTime++;
			return 'rematch';
		}
	}
	return 'stop';
}

/** A game between two bots, with its watchers, and its rematches until the end of the run. */
async function playFriends(run: Run, index: number, watcherCount: number): Promise<void> {
	const random = seededRandom(run.load.seed * 7919 + index);
	const host = await run.open(`host${index}`, null);
	if (!host || !(await run.reached(host, /Create a game for a friend/))) return;
	// The lobby: down to "Create a game for a friend", which opens the menu on "Play a friend here".
	let from = host.type('\u001B[B\r');
	if (!(await run.reached(host, /Play a friend here/, from))) return;
	from = host.type('\r');
	const made = await run.reached(host, /join ([2-9A-Z]{3}-[2-9A-Z]{3})/, from);
	if (!made) return;
	const code = made.match[1]!;
	const guest = await run.open(`friend${index}`, `join ${code}`);
	if (!guest) return;
	const watchers: Screen[] = [];
	for (let watcher = 0; watcher < watcherCount; watcher++) {
		const screen = await run.open(`watch${index}x${watcher}`, `watch ${code}`);
		if (screen) watchers.push(screen);
	}
	let entered = await enterRoom(
		run,
		host,
		guest,
		[from, 0],
		null,
		watchers,
		watchers.map(() => 0),
	);
	while (entered && !run.over) {
		const {room, watching} = entered;
		if ((await playRoom(run, room, watching, random)) === 'stop') return;
		// Both ask for a rematch; everybody follows to the new room, sides swapped.
		const [first, second] = room.players;
		const playersFrom: [number, number] = [first.type('n'), second.type('n')];
		const watchFrom = watching.map(watcher => watcher.end);
		entered = await enterRoom(run, first, second, playersFrom, room.code, watching, watchFrom);
		if (entered) run.tally.rematches++;
	}
}

/** A session against the server's AI: moves until the run ends, each answer timed. */
async function playAi(run: Run, index: number): Promise<void> {
	const {tally} = run;
	const random = seededRandom(run.load.seed * 7919 + 1_000_000 + index);
	const screen = await run.open(`ai${index}`, null);
	if (!screen || !(await run.reached(screen, /Play the AI, watch a demo/))) return;
	// The lobby's first row, the arcade; then the menu's first, against the AI (level 3, the bot RED).
	let from = screen.type('\r');
	if (!(await run.reached(screen, /Play against the AI/, from))) return;
	from = screen.type('\r');
	if (!(await run.reached(screen, /Move 1\/50 · RED to play/, from))) return;
	let state: LoaState = loaps.initial();
	while (!run.over && loaps.outcome(state) === null) {
		await run.think(random);
		if (run.over) return;
		const legal = loaps.legalMoves(state);
		const move = legal[Math.floor(random() * legal.length)]!;
		const text = loaps.formatMove(state, move);
		state = loaps.play(state, move);
		const sent = performance.now();
		from = screen.type(`m${text}\r`);
		tally.aiMoves++;
		// The game's last move: no answer comes; the session idles on.
		if (loaps.outcome(state) !== null) break;
		const answer = await screen.see([/BLUE (?:played ([a-g][1-7] [a-g][1-7])|passed)/, GAME_OVER], from, 2 * LOST_MS);
		if (!answer) {
			tally.aiLost++;
			run.trouble('an answer of the AI never shown');
			return;
		}
		if (answer.which === 1) return;
		tally.aiAnswers.push(answer.at - sent);
		const parsed = answer.match[1] === undefined ? null : loaps.parseMove(state, answer.match[1]);
		const reply = parsed?.ok ? parsed.value : loaps.legalMoves(state).find(candidate => loaps.formatMove(state, candidate) === 'pass');
		if (reply === undefined || !loaps.legalMoves(state).includes(reply)) {
			run.trouble(`an answer of the AI not read: ${answer.match[0]}`);
			return;
		}
		state = loaps.play(state, reply);
	}
}

const percentile = (sorted: readonly number[], share: number): number => sorted[Math.floor(sorted.length * share)] ?? NaN;

/** "median 120 ms, 95th percentile 340 ms over 1 200". */
function spread(values: readonly number[]): string {
	if (values.length === 0) return 'none measured';
	const sorted = [...values].sort((a, b) => a - b);
	return `median ${median(sorted).toFixed(0)} ms, 95th percentile ${percentile(sorted, 0.95).toFixed(0)} ms over ${sorted.length}`;
}

export async function benchServe(load: ServeLoad): Promise<void> {
	const sessions = sessionsOf(load);
	const dir = mkdtempSync(join(tmpdir(), 'potm-bench-serve-'));
	const server = spawn(
		process.execPath,
		[
			...(process.env['POTM_BENCH_SERVER_FLAGS'] ?? '').split(' ').filter(Boolean),
			cli,
			'serve',
			'--port',
			'0',
			'--host',
			'127.0.0.1',
			'--data',
			join(dir, 'data'),
			'--max-sessions',
			String(sessions + 5),
			...(load.drawThreads === undefined ? [] : ['--draw-threads', String(load.drawThreads)]),
		],
		{stdio: ['ignore', 'pipe', 'pipe']},
	);
	try {
		let out = '';
		server.stdout.on('data', (data: Buffer) => (out += data.toString()));
		// The server's log: only what says it is unwell is kept (its last resort's lines, refusals counted).
		let logTail = '';
		const health = {
			bugs: [] as string[],
			refused: 0,
			busy: 0,
			cutOff: 0,
			busyFrom: NaN,
			busyTo: NaN,
			busyWhy: '',
			lined: 0,
			linedFrom: NaN,
			linedTo: NaN,
		};
		const spawned = performance.now();
		server.stderr.on('data', (data: Buffer) => {
			const lines = (logTail + data.toString()).split('\n');
			logTail = lines.pop() ?? '';
			for (const line of lines) {
				if (line.includes(LAST_RESORT)) health.bugs.push(line);
				else if (/: refused, /.test(line)) {
					health.refused++;
					if (/: refused, the server is busy/.test(line)) {
						health.busy += 1 + Number(/\((\d+) more like it/.exec(line)?.[1] ?? 0);
						const at = (performance.now() - spawned) / 1000;
						if (!(at >= health.busyFrom)) [health.busyFrom, health.busyWhy] = [at, line.replace(/^.*: refused, /, '')];
						health.busyTo = at;
					}
				} else if (/: waits in line, /.test(line)) {
					health.lined += 1 + Number(/\((\d+) more like it/.exec(line)?.[1] ?? 0);
					const at = (performance.now() - spawned) / 1000;
					if (!(at >= health.linedFrom)) health.linedFrom = at;
					health.linedTo = at;
				} else if (/: cut off, /.test(line)) health.cutOff++;
			}
		});
		for (let waited = 0; !out.includes('Ctrl-C stops it'); waited += 50) {
			if (waited > 30_000) throw new Error(`potm serve did not start: ${out}`);
			await sleep(50);
		}
		const port = Number(/port (\d+)/.exec(out)![1]);
		const before = usage(server.pid!);
		const benchBefore = process.cpuUsage();
		const started = Date.now();
		const run = new Run(port, started + load.seconds * 1000, load);
		let peakRss = before.rssMb;
		const sampler = setInterval(() => (peakRss = Math.max(peakRss, usage(server.pid!).rssMb)), 500);
		// The watchers go round the games; the sessions start STAGGER_MS apart, games and the AI's interleaved.
		const watchersOf = (game: number) =>
			load.games === 0 ? 0 : Math.floor(load.watchers / load.games) + (game < load.watchers % load.games ? 1 : 0);
		const starts: Array<{at: number; go: () => Promise<void>}> = [];
		let at = 0;
		for (let index = 0; index < Math.max(load.games, load.againstAi); index++) {
			if (index < load.games) {
				const game = index;
				starts.push({at, go: () => playFriends(run, game, watchersOf(game))});
				at += STAGGER_MS * (2 + watchersOf(game));
			}
			if (index < load.againstAi) {
				starts.push({at, go: () => playAi(run, index)});
				at += STAGGER_MS;
			}
		}
		const playing = Promise.all(starts.map(start => sleep(start.at).then(start.go)));
		// The load is measured over the --seconds; the moves under way then are still followed.
		await sleep(run.until - Date.now());
		const after = usage(server.pid!);
		const benchCpu = process.cpuUsage(benchBefore);
		const elapsed = (Date.now() - started) / 1000;
		await playing;
		await Promise.all(run.following);
		clearInterval(sampler);
		run.end();
		const {tally} = run;
		const alive = server.exitCode === null && server.signalCode === null;
		console.log(
			`serve: ${sessions} sessions on loopback (${load.games} games between bots, ${load.againstAi} against the AI, ${load.watchers} watching), ${elapsed.toFixed(0)} s, ${load.thinkMs > 0 ? `about ${load.thinkMs} ms between a bot's moves` : 'each move as soon as the last shows'}${load.drawThreads === undefined ? '' : `, --draw-threads ${load.drawThreads}`}`,
		);
		console.log(
			`  sessions dropped ${tally.dropped} of ${sessions}${health.busy > 0 ? ` (${health.busy} connections turned away at the door as the server was too busy, from ${health.busyFrom.toFixed(0)} s to ${health.busyTo.toFixed(0)} s after the server's start; the first: ${health.busyWhy})` : ''}` +
				(health.lined > 0
					? `; ${health.lined} waited in line at the door while the server was busy (from ${health.linedFrom.toFixed(0)} s to ${health.linedTo.toFixed(0)} s)`
					: ''),
		);
		console.log(
			`  games ${tally.gamesStarted} (${tally.gamesFinished} ended by the rules, ${tally.gamesOnTime} on the clock, ${tally.rematches} rematches), moves ${tally.moves}, lost ${tally.lost}`,
		);
		console.log(`  a move to the opponent's screen: ${spread(tally.toOpponent)}`);
		console.log(
			`  a move to a watcher's screen: ${spread(tally.toWatchers)}${tally.watcherMissed > 0 ? `, ${tally.watcherMissed} never shown` : ''}${tally.watcherDrawnOver > 0 ? `, ${tally.watcherDrawnOver} drawn over by the next` : ''}`,
		);
		if (load.againstAi > 0)
			console.log(
				`  the AI's answer (level 3, the pool's workers shared): ${tally.aiAnswers.length > 0 ? `median ${(median(tally.aiAnswers) / 1000).toFixed(1)} s` : 'none'} over ${tally.aiAnswers.length} of ${tally.aiMoves} moves${tally.aiLost > 0 ? `, ${tally.aiLost} never answered` : ''}`,
			);
		console.log(
			`  the server: ${(((after.cpuSeconds - before.cpuSeconds) / elapsed) * 100).toFixed(0)} % of a core, memory ${before.rssMb.toFixed(0)} MB idle, ${peakRss.toFixed(0)} MB at most; the bench's clients ${(((benchCpu.user + benchCpu.system) / 1e6 / elapsed) * 100).toFixed(0)} % of a core`,
		);
		for (const [what, count] of tally.troubles) console.log(`  trouble: ${what}${count > 1 ? ` (${count} times)` : ''}`);
		console.log(
			`  the server at the end: ${alive ? 'alive' : `exited (${server.exitCode ?? server.signalCode})`}; its log: ${health.bugs.length} errors caught by the last resort, ${health.refused} refusal lines, ${health.cutOff} cut off`,
		);
		for (const bug of health.bugs.slice(0, 5)) console.log(`  ${bug}`);
		if (!alive || health.bugs.length > 0) process.exitCode = 1;
	} finally {
		server.kill('SIGINT');
		await new Promise(resolve => server.once('exit', resolve));
		rmSync(dir, {recursive: true, force: true});
	}
}
