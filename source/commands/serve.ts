/**
 * `potm serve`: starts the SSH server (serve/server.ts), says how to connect and where things are
 * kept, logs who comes and goes, and on Ctrl-C (or SIGTERM, SIGHUP) ends every session and stops.
 */
import '../serve/every-frame.js';
import {join} from 'node:path';
import {defaultDataDir} from './serve-data.js';
import {availableParallelism} from 'node:os';
import {setFlagsFromString} from 'node:v8';
import {EngineClient} from '../engine/client.js';
import {EnginePool} from '../serve/engine-pool.js';
import {THINKING_FRAME_MS} from '../ui/context.js';
import {startServer} from '../serve/server.js';
import {eventLoopBusyness} from '../serve/busy.js';
import {LAST_RESORT} from '../serve/last-resort.js';

export interface ServeCommand {
	readonly port: number;
	readonly host: string;
	readonly dataDir?: string;
	readonly authorizedKeys?: string;
	readonly maxSessions: number;
	/** Threads that draw the screens (serve/draw-threads.ts); 0: the main thread draws them. */
	readonly drawThreads: number;
}

/** "  2 games in progress and 1 open game resumed from DIR", or nothing when none were. */
function resumedLine({playing, open}: {playing: number; open: number}, dir: string): string[] {
	const games = (count: number, what: string) => `${count} ${count === 1 ? what : what.replace('game', 'games')}`;
	const parts = [...(playing > 0 ? [games(playing, 'game in progress')] : []), ...(open > 0 ? [games(open, 'open game')] : [])];
	return parts.length === 0 ? [] : [`  ${parts.join(' and ')} resumed from ${dir}`];
}

export {LAST_RESORT};

/**
 * The last resort: an error no handler caught is a bug, logged with its stack for us to mend,
 * and the server goes on serving everyone else rather than dropping every game at once. The
 * tests of the server in their own process have none and fail on such an error; those of this
 * program read the log for the line. Gives the way to take it off.
 */
export function lastResort(log: (line: string) => void): () => void {
	const caught = (error: unknown) => {
		const {stack, message} = error instanceof Error ? error : {stack: undefined, message: String(error)};
		log(`${LAST_RESORT}: ${(stack ?? message).replace(/\n\s*/g, ' | ')}`);
	};
	process.on('uncaughtException', caught);
	process.on('unhandledRejection', caught);
	return () => {
		process.off('uncaughtException', caught);
		process.off('unhandledRejection', caught);
	};
}

const time = (): string => new Date().toISOString().slice(11, 19);

/** How much less of the cores the server's engines ask for than its screens (a nice value; 19 is the least). */
export const ENGINE_NICE = 10;

/**
 * V8's heap grows by half again past what is live after a full collection, not by its own factor
 * (up to four times). A drawing thread of 150 to 200 screens keeps about 200 MB live and grew to
 * 500 to 680 MB; with the flag, 300 MB. Serve bench at 400 sessions: at most 949 and 1 064 MB
 * for the server, against 1 477 to 1 739 MB, with the same latency (29/232 and 28/208 ms
 * against 28/150 to 44/210). Set before the drawing threads and the engines start: every heap
 * of the process reads it.
 */
export const SERVE_V8_FLAGS = '--heap-growing-percent=50';

export async function runServe(options: ServeCommand): Promise<number> {
	setFlagsFromString(SERVE_V8_FLAGS);
	const dataDir = options.dataDir ?? defaultDataDir();
	const log = (line: string) => process.stderr.write(`${time()} ${line}\n`);
	// One worker a core, shared by every session: the AI's memory and CPU stay bounded however
	// many play it; thinks beyond wait their turn.
	// The engines yield the cores to the screens: a think at a set depth takes longer under load,
	// a move between people does not wait behind it.
	const pool = new EnginePool(
		Array.from({length: availableParallelism()}, () => new EngineClient({progressMs: THINKING_FRAME_MS, nice: ENGINE_NICE})),
	);
	let server: Awaited<ReturnType<typeof startServer>> | undefined;
	const gauge = eventLoopBusyness(undefined, () => server?.drawingThreads() ?? []);
	try {
		server = await startServer({
			port: options.port,
			host: options.host,
			dataDir,
			maxSessions: options.maxSessions,
			drawThreads: options.drawThreads,
			...(options.authorizedKeys === undefined ? {} : {authorizedKeys: options.authorizedKeys}),
			engine: () => pool.session(),
			log,
			// Newcomers wait in line at the door while the threads are too busy to draw for them too.
			busy: () => gauge.busy(),
		});
	} catch (error) {
		const {code, message} = error as NodeJS.ErrnoException;
		const said =
			code === 'EADDRINUSE'
				? `port ${options.port} on ${options.host} is taken: another server listens there (--port chooses another)`
				: code === 'EACCES'
					? `port ${options.port} needs more rights than this user has (ports under 1024); --port 2222 does not`
					: message;
		process.stderr.write(`potm: serve: ${said}\n`);
		gauge.stop();
		await pool.close();
		return 2;
	}
	const ending = lastResort(log);
	// Listening before the banner says "Ctrl-C stops it": a Ctrl-C typed as soon as it shows stops
	// the server as any other would, rather than killing it unhandled (status 130).
	// process.on, not once: Ink's exit hook (each session loads it) kills the process again on a
	// signal it thinks nobody else listens to, which a once-listener stops being as it runs.
	const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
	let stop: (signal: string) => void = () => undefined;
	const stopped = new Promise<string>(resolve => (stop = resolve));
	for (const signal of signals) process.on(signal, stop);
	const where = options.host === '0.0.0.0' || options.host === '::' ? 'HOST' : options.host;
	process.stdout.write(
		[
			`potm serve: listening on ${options.host} port ${server.port}`,
			`  connect with: ssh -p ${server.port} NAME@${where} (NAME: who you play as${where === 'HOST' ? '; HOST: this machine’s name or address' : ''})`,
			`  games between people: ssh -p ${server.port} -t ${where} join CODE plays one, watch CODE watches, record CODE prints a finished one's record`,
			...resumedLine(server.resumed, join(dataDir, 'rooms')),
			`  host key ${server.fingerprint} (${server.hostKeyMade ? 'made now' : 'kept'} in ${dataDir})`,
			`  ${
				options.authorizedKeys === undefined
					? 'anyone may connect: a name belongs to the first key that comes under it (potm serve --names lists them), a client without a key is a guest'
					: `only the keys in ${options.authorizedKeys} may connect`
			}; at most ${options.maxSessions} at once`,
			options.drawThreads > 0
				? `  the screens drawn on ${options.drawThreads === 1 ? 'a thread' : `${options.drawThreads} threads`} beside the one that holds the connections and the games (--draw-threads)`
				: '  the screens drawn on the thread that holds the connections and the games (--draw-threads 0)',
			'  Ctrl-C stops it',
			'',
		].join('\n'),
	);
	try {
		const signal = await stopped;
		log(`${signal}: ending ${server.sessions() === 1 ? '1 session' : `${server.sessions()} sessions`}`);
		await server.close();
		gauge.stop();
		await pool.close();
		log('stopped');
	} finally {
		for (const signal of signals) process.off(signal, stop);
		ending();
	}
	return 0;
}
