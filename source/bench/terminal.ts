/**
 * The program as a person meets it, in a real terminal (a tmux pane of 80×24): how long from the
 * command to the menu, how much CPU a screen waiting for the person uses, and what a screen
 * showing the engine think costs the engine: the UI thread's CPU and the bytes it writes. Needs tmux.
 */
import {execFileSync, spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, statSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {median} from './median.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

/** A tmux server of its own, one pane running `command` in the project's folder. */
class Pane {
	private readonly socket = `potm-bench-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;

	constructor(command: string) {
		const env = {...process.env};
		for (const name of ['CI', 'NO_COLOR', 'TMUX', 'TMUX_PANE', 'NODE_ENV']) delete env[name];
		execFileSync(
			'tmux',
			['-L', this.socket, '-f', '/dev/null', 'new-session', '-d', '-x', '80', '-y', '24', '-c', root, `${command}; sleep 600`],
			{env},
		);
	}

	screen(): string {
		return execFileSync('tmux', ['-L', this.socket, 'capture-pane', '-p'], {encoding: 'utf8'});
	}

	/** The program the pane's shell runs: the shell's one child. */
	programPid(): number {
		const shell = Number(execFileSync('tmux', ['-L', this.socket, 'display-message', '-p', '#{pane_pid}'], {encoding: 'utf8'}).trim());
		const children = execFileSync('ps', ['-A', '-o', 'pid=', '-o', 'ppid='], {encoding: 'utf8'})
			.split('\n')
			.map(line => line.trim().split(/\s+/).map(Number))
			.filter(([, parent]) => parent === shell);
		if (children.length !== 1) throw new Error(`the pane's shell runs ${children.length} programs, not one`);
		return children[0]![0]!;
	}

	/** From now on, what the program writes to the terminal is appended to `file`. */
	capture(file: string): void {
		execFileSync('tmux', ['-L', this.socket, 'pipe-pane', '-o', `cat >> '${file}'`]);
	}

	stopCapture(): void {
		execFileSync('tmux', ['-L', this.socket, 'pipe-pane']);
	}

	close(): void {
		spawnSync('tmux', ['-L', this.socket, 'kill-server']);
	}
}

/** Milliseconds from starting `command` in a fresh pane until the menu is on the screen. */
async function timeToMenu(command: string): Promise<number> {
	const started = performance.now();
	const pane = new Pane(command);
	try {
		while (!pane.screen().includes('Play against the AI')) {
			if (performance.now() - started > 60_000) throw new Error(`no menu after a minute of ${command}`);
			await sleep(10);
		}
		return performance.now() - started;
	} finally {
		pane.close();
	}
}

/** CPU ticks (user + system; 100 a second) in a /proc stat file: a process's (every thread) or one thread's. */
function ticksOf(statFile: string): number {
	return readFileSync(statFile, 'utf8')
		.replace(/^.*\) /s, '')
		.split(' ')
		.slice(11, 13)
		.map(Number)
		.reduce((a, b) => a + b, 0);
}

/** CPU ticks (user + system, every thread; 100 a second) a process uses in `ms`. */
async function ticksIn(pid: number, ms: number): Promise<number> {
	const before = ticksOf(`/proc/${pid}/stat`);
	await sleep(ms);
	return ticksOf(`/proc/${pid}/stat`) - before;
}

/**
 * While the engine thinks (the AI's first move on a 600 s clock, far longer than the window), in
 * `seconds`, once `shown` is on the screen: the CPU of the UI's thread (the process's main thread, /proc/PID/task/PID) and of the
 * whole process (the worker's search besides), and the bytes written to the terminal.
 */
export async function whileThinking(
	args: string,
	seconds: number,
	shown: RegExp,
): Promise<{uiTicks: number; allTicks: number; bytes: number}> {
	const log = join(mkdtempSync(join(tmpdir(), 'potm-bench-pane-')), 'output');
	const pane = new Pane(`"${process.execPath}" dist/cli.js ${args}`);
	try {
		while (!shown.test(pane.screen())) await sleep(20);
		await sleep(1000);
		const pid = pane.programPid();
		pane.capture(log);
		const ui = `/proc/${pid}/task/${pid}/stat`;
		const [uiBefore, allBefore] = [ticksOf(ui), ticksOf(`/proc/${pid}/stat`)];
		await sleep(seconds * 1000);
		const [uiAfter, allAfter] = [ticksOf(ui), ticksOf(`/proc/${pid}/stat`)];
		pane.stopCapture();
		return {uiTicks: uiAfter - uiBefore, allTicks: allAfter - allBefore, bytes: statSync(log).size};
	} finally {
		pane.close();
		rmSync(join(log, '..'), {recursive: true, force: true});
	}
}

export async function benchTerminal(): Promise<void> {
	if (spawnSync('tmux', ['-V']).status !== 0) {
		console.log('terminal: skipped (tmux is not installed)');
		return;
	}
	// npm start with the build up to date (the first run makes sure it is), and the program alone.
	await timeToMenu('npm start --silent');
	for (const [label, command] of [
		['npm start (build up to date)', 'npm start --silent'],
		['node dist/cli.js', `"${process.execPath}" dist/cli.js`],
	] as const) {
		const times: number[] = [];
		for (let run = 0; run < 5; run++) times.push(await timeToMenu(command));
		console.log(
			`terminal: ${label} to the menu: median ${(median(times) / 1000).toFixed(2)} s (5 runs, ${(Math.min(...times) / 1000).toFixed(2)}..${(Math.max(...times) / 1000).toFixed(2)})`,
		);
	}
	// A game waiting for the person's first move, after start-up has settled.
	for (const args of ['play --no-clock', 'play', 'play --game loa']) {
		const pane = new Pane(`"${process.execPath}" dist/cli.js ${args}`);
		try {
			while (!/Move 1\b/.test(pane.screen())) await sleep(20);
			await sleep(2000);
			const seconds = 10;
			const ticks = await ticksIn(pane.programPid(), seconds * 1000);
			console.log(
				`terminal: potm ${args}, waiting for the person: ${ticks} CPU ticks in ${seconds} s (${(ticks / seconds).toFixed(1)} % of a core)`,
			);
		} finally {
			pane.close();
		}
	}
	// A screen showing the engine think: what the UI takes from the engine (issue 26: at most 5 % of a core).
	for (const [args, shown] of [
		['play --side 2 --level 5 --clock 600', /thinking/],
		['analyze saves/start.txt', /depth \d/],
	] as const) {
		const seconds = 10;
		const {uiTicks, allTicks, bytes} = await whileThinking(args, seconds, shown);
		console.log(
			`terminal: potm ${args}, while the engine thinks: the UI thread ${(uiTicks / seconds).toFixed(1)} % of a core ` +
				`(the whole process ${(allTicks / seconds).toFixed(0)} %), ${(bytes / 1024 / seconds).toFixed(1)} KiB a second to the terminal`,
		);
	}
}
