/**
 * `npm run bench -- serve`: potm serve under load, on a loopback port. `node dist/cli.js serve`
 * runs as a program of its own; this process opens SESSIONS SSH sessions with ssh2's client: most
 * play two people at one keyboard, typing random legal moves (each bot keeps the game's rules
 * itself), the rest play the server's AI. For a minute (or --seconds), it measures from each typed
 * move to the screen showing the next move number, counts sessions dropped and moves that never
 * showed, and reads the server's CPU time and memory from /proc.
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
import {median} from './median.js';

const cli = fileURLToPath(new URL('../cli.js', import.meta.url));

export interface ServeLoad {
	/** Sessions in all; `againstAi` of them play the AI, the others two people at one keyboard. */
	readonly sessions: number;
	readonly againstAi: number;
	readonly seconds: number;
	readonly seed: number;
	/** Milliseconds a bot waits after seeing its move before the next, as a person thinks; 0: at once. */
	readonly thinkMs: number;
}

interface Bot {
	readonly latencies: number[];
	/** Against the AI: from the move typed to the AI's answer on the screen. */
	readonly answers: number[];
	moves: number;
	lost: number;
	dropped: boolean;
}

/** The server's CPU seconds (user + system) and resident memory, from /proc. */
function usage(pid: number): {cpuSeconds: number; rssMb: number} {
	const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
	const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
	const ticks = Number(fields[11]) + Number(fields[12]);
	const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
	return {cpuSeconds: ticks / 100, rssMb: rss ? Number(rss[1]) / 1024 : NaN};
}

/** Text from a channel's output with its escape sequences out. */
const plain = (text: string): string => text.replace(/\u001B\[[0-?]*[ -/]*[@-~]|\u001B[()][A-Z0-9]|\u001B[=>78]/g, '');

/** One bot: connects, starts its game, and types moves until `until`, timing each to the screen's next move number. */
function runBot(port: number, index: number, againstAi: boolean, until: number, seed: number, thinkMs: number): Promise<Bot> {
	const bot: Bot = {latencies: [], answers: [], moves: 0, lost: 0, dropped: false};
	const random = seededRandom(seed + index);
	return new Promise(resolve => {
		const client = new ssh2.Client();
		let done = false;
		const finish = (dropped: boolean) => {
			if (done) return;
			done = true;
			bot.dropped = dropped;
			client.end();
			resolve(bot);
		};
		client.on('error', () => finish(true));
		client.on('close', () => finish(Date.now() < until));
		client.on('ready', () =>
			client.shell({cols: 100, rows: 30, term: 'xterm-256color'}, (error, channel: ClientChannel) => {
				if (error) return finish(true);
				let shown = '';
				let waiting: {text: string; since: number; into: number[]; resolve: () => void} | null = null;
				channel.on('data', (data: Buffer) => {
					shown = (shown + plain(data.toString())).slice(-20_000);
					if (waiting && shown.includes(waiting.text)) {
						waiting.into.push(performance.now() - waiting.since);
						const settle = waiting.resolve;
						waiting = null;
						settle();
					}
				});
				const see = (text: string, timeoutMs: number, into: number[] = []) =>
					new Promise<boolean>(settle => {
						if (shown.includes(text)) return settle(true);
						const timer = setTimeout(() => {
							waiting = null;
							settle(false);
						}, timeoutMs);
						waiting = {
							text,
							into,
							since: performance.now(),
							resolve: () => {
								clearTimeout(timer);
								settle(true);
							},
						};
					});
				void (async () => {
					if (!(await see('Play against the AI', 20_000))) return finish(true);
					// Two people at one keyboard: four rows below Play, where the menu starts; against the AI: Enter on Play.
					channel.write(againstAi ? '\r' : '\u001B[B\u001B[B\u001B[B\u001B[B\r');
					if (!(await see('Move 1/50', 20_000))) return finish(true);
					let state: LoaState = loaps.initial();
					while (Date.now() < until && !loaps.outcome(state)) {
						const legal = loaps.legalMoves(state);
						const move = legal[Math.floor(random() * legal.length)]!;
						const text = loaps.formatMove(state, move);
						state = loaps.play(state, move);
						channel.write(`m${text}\r`);
						shown = '';
						bot.moves++;
						if (againstAi) {
							// The AI answers; its move is not followed here: one exchange, then the session idles on.
							if (!(await see('Move 2/50 · RED to play', 60_000, bot.answers))) bot.lost++;
							await new Promise(settle => setTimeout(settle, Math.max(0, until - Date.now())));
							break;
						}
						const next = `Move ${loaps.moveNumber(state)}/50 · ${loaps.sides[loaps.toMove(state) - 1]} to play`;
						if (!(await see(next, 30_000, bot.latencies))) {
							bot.lost++;
							break;
						}
						// A person's pause, varied so that the bots do not move in step.
						if (thinkMs > 0) await new Promise(settle => setTimeout(settle, thinkMs * (0.5 + random())));
					}
					finish(false);
				})();
			}),
		);
		// Each bot from an address of its own on the loopback network (127.0.0.2, ...), as people come
		// from theirs: the server's limit of new connections an address a minute is not what is measured.
		const localAddress = `127.0.${Math.floor(index / 250)}.${2 + (index % 250)}`;
		client.connect({host: '127.0.0.1', port, localAddress, username: `bot${index}`, readyTimeout: 20_000});
	});
}

export async function benchServe(load: ServeLoad): Promise<void> {
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
			String(load.sessions + 5),
		],
		{stdio: ['ignore', 'pipe', 'pipe']},
	);
	try {
		let out = '';
		server.stdout.on('data', (data: Buffer) => (out += data.toString()));
		server.stderr.resume();
		for (let waited = 0; !out.includes('Ctrl-C stops it'); waited += 50) {
			if (waited > 30_000) throw new Error(`potm serve did not start: ${out}`);
			await new Promise(resolve => setTimeout(resolve, 50));
		}
		const port = Number(/port (\d+)/.exec(out)![1]);
		const before = usage(server.pid!);
		const started = Date.now();
		const until = started + load.seconds * 1000;
		let peakRss = before.rssMb;
		const sampler = setInterval(() => (peakRss = Math.max(peakRss, usage(server.pid!).rssMb)), 500);
		const bots = await Promise.all(
			Array.from({length: load.sessions}, (_, index) => runBot(port, index, index < load.againstAi, until, load.seed, load.thinkMs)),
		);
		clearInterval(sampler);
		const after = usage(server.pid!);
		const elapsed = (Date.now() - started) / 1000;
		const latencies = bots.flatMap(bot => bot.latencies).sort((a, b) => a - b);
		const p95 = latencies[Math.floor(latencies.length * 0.95)] ?? NaN;
		console.log(
			`serve: ${load.sessions} sessions on loopback (${load.sessions - load.againstAi} two at one keyboard, ${load.againstAi} against the AI), ${elapsed.toFixed(0)} s, ${load.thinkMs > 0 ? `about ${load.thinkMs} ms between a bot's moves` : 'each move as soon as the last shows'}`,
		);
		console.log(
			`  moves ${bots.reduce((sum, bot) => sum + bot.moves, 0)}, lost ${bots.reduce((sum, bot) => sum + bot.lost, 0)}, sessions dropped ${bots.filter(bot => bot.dropped).length}`,
		);
		console.log(`  a typed move to the screen showing it: median ${median(latencies).toFixed(0)} ms, 95th percentile ${p95.toFixed(0)} ms`);
		const answers = bots.flatMap(bot => bot.answers);
		if (answers.length > 0)
			console.log(
				`  the AI's answer (level 3, the pool's workers shared): median ${(median(answers) / 1000).toFixed(1)} s over ${answers.length}`,
			);
		console.log(
			`  the server: ${(((after.cpuSeconds - before.cpuSeconds) / elapsed) * 100).toFixed(0)} % of a core, memory ${before.rssMb.toFixed(0)} MB idle, ${peakRss.toFixed(0)} MB at most`,
		);
	} finally {
		server.kill('SIGINT');
		await new Promise(resolve => server.once('exit', resolve));
		rmSync(dir, {recursive: true, force: true});
	}
}
