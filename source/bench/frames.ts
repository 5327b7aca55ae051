/**
 * What one served screen's frame costs: potm serve's hall and sessions in this process, without
 * SSH, each session's output counted instead of sent. `--games N` LOAPS games between two people
 * (each player's screen in the room, 600 s clocks), `--watchers N` screens watching them, for
 * `--seconds S` (10). First the clocks alone run (a frame a second a screen, the clock's row the
 * only change), then a random legal move is played in each game every `--think` ms (1000). For
 * each phase: frames written, CPU per frame, the thread's share and the bytes a frame.
 */
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import '../serve/every-frame.js';
import {Hall} from '../serve/hall.js';
import {startSession, type Session} from '../serve/session.js';
import {loaps} from '../games/loa/index.js';
import {settled} from '../games/setup.js';
import type {Engine} from '../ui/context.js';
import type {Remote} from '../play/remote.js';
import * as S from '../play/session.js';

export interface FrameLoad {
	readonly games: number;
	readonly watchers: number;
	readonly seconds: number;
	readonly think: number;
}

const sleep = (ms: number) => new Promise<void>(resolve => setTimeout(resolve, ms));

const noEngine: Engine = {
	think: () => Promise.reject(new Error('no engine in the frame bench')),
	stop: () => Promise.resolve(null),
	clear: () => undefined,
};

interface Counter {
	frames: number;
	bytes: number;
}

function measure(counter: Counter, run: () => Promise<void>): Promise<{frames: number; bytes: number; cpuMs: number; wallMs: number}> {
	const frames0 = counter.frames;
	const bytes0 = counter.bytes;
	const cpu0 = process.cpuUsage();
	const wall0 = performance.now();
	return run().then(() => {
		const cpu = process.cpuUsage(cpu0);
		return {
			frames: counter.frames - frames0,
			bytes: counter.bytes - bytes0,
			cpuMs: (cpu.user + cpu.system) / 1000,
			wallMs: performance.now() - wall0,
		};
	});
}

export async function benchFrames(load: FrameLoad): Promise<void> {
	const dir = mkdtempSync(join(tmpdir(), 'potm-frames-'));
	const hall = new Hall({
		dataDir: dir,
		now: () => performance.now(),
		address: () => 'ssh -p 2222 localhost',
		savesOf: person => join(dir, 'players', person.id, 'saves'),
	});
	const counter: Counter = {frames: 0, bytes: 0};
	const sessions: Session[] = [];
	const open = (remote: Remote, code: string, side: 1 | 2 | null) => {
		sessions.push(
			startSession({
				sink: {
					write: data => {
						// A frame is one write, a synchronized update (the first frames have more before them).
						if (data.includes('\u001B[?2026h')) counter.frames++;
						counter.bytes += data.length;
						return true;
					},
				},
				size: {columns: 80, rows: 24},
				term: 'xterm-256color',
				engine: noEngine,
				savesDir: join(dir, 'players', remote.me.id, 'saves'),
				remote,
				start: {screen: 'room', code, side},
			}),
		);
	};
	const rest = process.memoryUsage();
	const games: {code: string; remotes: [Remote, Remote]}[] = [];
	const setup = settled(loaps, {});
	for (let index = 0; index < load.games; index++) {
		const host = hall.connect({id: `host${index}`, name: `host${index}`}, `127.0.1.${index % 250}`);
		const made = host.create({game: loaps, setup, clockSeconds: 600, side: 1, private: false});
		if (!made.ok) throw new Error(made.error);
		const guest = hall.connect({id: `guest${index}`, name: `friend${index}`}, `127.0.2.${index % 250}`);
		const entered = guest.enter(made.value, 'play');
		if (!entered.ok) throw new Error(entered.error);
		games.push({code: made.value, remotes: [host, guest]});
		open(host, made.value, 1);
		open(guest, made.value, 2);
	}
	for (let index = 0; index < load.watchers; index++) {
		const watcher = hall.connect({id: `watcher${index}`, name: `watcher${index}`}, `127.0.3.${index % 250}`);
		const game = games[index % games.length]!;
		const entered = watcher.enter(game.code, 'watch');
		if (!entered.ok) throw new Error(entered.error);
		open(watcher, game.code, null);
	}
	await sleep(2000);
	const screens = sessions.length;
	const report = (label: string, result: {frames: number; bytes: number; cpuMs: number; wallMs: number}) =>
		console.log(
			`  ${label}: ${result.frames} frames, ${(result.cpuMs / Math.max(1, result.frames)).toFixed(2)} ms of CPU a frame, ` +
				`${((100 * result.cpuMs) / result.wallMs).toFixed(0)} % of a core, ${Math.round(result.bytes / Math.max(1, result.frames))} bytes a frame`,
		);
	console.log(`frames: ${screens} screens (${load.games} games, ${load.watchers} watching), 80×24, ${load.seconds} s a phase`);
	report('clocks only', await measure(counter, () => sleep(load.seconds * 1000)));
	let random = 12345;
	const next = () => {
		random = (random * 1103515245 + 12345) % 2147483648;
		return random / 2147483648;
	};
	let moves = 0;
	const moving = measure(counter, async () => {
		const end = performance.now() + load.seconds * 1000;
		const step = load.think / Math.max(1, games.length);
		let turn = 0;
		while (performance.now() < end) {
			const game = games[turn++ % games.length]!;
			const view = game.remotes[0].room(game.code);
			if (view && !S.isOver(view.session)) {
				const mover = S.toMove(view.session) === 1 ? game.remotes[0] : game.remotes[1];
				const legal = view.session.game.legalMoves(S.current(view.session));
				if (legal.length > 0 && mover.move(game.code, legal[Math.floor(next() * legal.length)]!).ok) moves++;
			}
			await sleep(Math.min(step, Math.max(0, end - performance.now())));
		}
	});
	const result = await moving;
	report(`moves (${moves})`, result);
	// Garbage swept first where the bench may (node --expose-gc): what the screens hold, not what they dropped.
	(globalThis as {gc?: () => void}).gc?.();
	const memory = process.memoryUsage();
	const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
	console.log(
		`  memory: ${mb(memory.rss)} MB resident (the heap ${mb(memory.heapUsed)} of ${mb(memory.heapTotal)} MB, outside it ${mb(memory.external)} MB), ` +
			`${((memory.rss - rest.rss) / 2 ** 20 / screens).toFixed(1)} MB a screen over the process before the first`,
	);
	for (const session of sessions) session.close();
	await Promise.all(sessions.map(session => session.ended));
	hall.stop();
	rmSync(dir, {recursive: true, force: true});
}
