/**
 * The app under ink-testing-library: a fake engine the test answers by hand, a clock the test
 * moves, a saves folder of its own, and keys sent one at a time, each waited on.
 */
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {render} from 'ink-testing-library';
import {vi} from 'vitest';
import type {Game} from '../../source/games/game.js';
import type {EngineInfo, EngineResult} from '../../source/engine/client.js';
import type {ThinkRequest} from '../../source/engine/players.js';
import {App, type Route} from '../../source/ui/app.js';
import type {MenuChoices} from '../../source/ui/menu/menu-state.js';
import type {Engine, Environment} from '../../source/ui/context.js';
import type {Remote} from '../../source/play/remote.js';
import {makeTheme} from '../../source/ui/theme.js';
import {loaps} from '../../source/games/loa/index.js';

/**
 * Renders can be slow on a loaded 2-core machine: wait up to this long for a frame. Looked at
 * every millisecond: a frame mostly comes within one after a key, and a look costs microseconds,
 * where every 10 ms (as it was) a UI test waited out 10 ms at nearly every key (play.test.tsx:
 * 330 looks missed, 3.3 of its 4.7 s).
 */
export const WAIT = {timeout: 8000, interval: 1};

interface Call {
	readonly game: Game<unknown>;
	readonly state: unknown;
	readonly request: ThinkRequest;
	readonly onProgress: ((info: EngineInfo) => void) | undefined;
	readonly resolve: (result: EngineResult) => void;
	readonly reject: (error: Error) => void;
	settled: boolean;
}

/** An engine that thinks only when the test says what it found. */
export class FakeEngine implements Engine {
	readonly calls: Call[] = [];
	stops = 0;
	clears = 0;
	/** The threads set, in order (the menu's Threads row). */
	readonly threads: number[] = [];

	think<State>(game: Game<State>, state: State, request: ThinkRequest, onProgress?: (info: EngineInfo) => void): Promise<EngineResult> {
		return new Promise((resolve, reject) => {
			this.calls.push({game: game, state, request, onProgress, resolve, reject, settled: false});
		});
	}

	async stop(): Promise<EngineResult | null> {
		this.stops++;
		const call = this.pending;
		if (!call) return null;
		const result = this.result(call, this.firstMove(call), 0);
		call.settled = true;
		call.resolve(result);
		return result;
	}

	clear(): void {
		this.clears++;
	}

	setThreads(count: number): void {
		this.threads.push(count);
	}

	/** The think under way, if any. */
	get pending(): Call | undefined {
		const last = this.calls[this.calls.length - 1];
		return last && !last.settled ? last : undefined;
	}

	/**
	 * Waits for a think after the first `count` to start and gives it: a screen stops the think of
	 * the position before, and starts the next, in an effect after the frame is drawn.
	 */
	async thinkingAfter(count: number): Promise<Call> {
		await vi.waitFor(() => {
			if (this.calls.length <= count || !this.pending) throw new Error(`no think after the first ${count}`);
		}, WAIT);
		return this.pending!;
	}

	/** Waits for a think to start and gives it. */
	async thinking(): Promise<Call> {
		await vi.waitFor(() => {
			if (!this.pending) throw new Error('the engine is not thinking');
		}, WAIT);
		return this.pending!;
	}

	firstMove(call: Call): number {
		return (call.game.legalMoves(call.state) as number[])[0] ?? -1;
	}

	info(call: Call, move: number, score: number, depth: number): EngineInfo {
		const text = move >= 0 ? [call.game.formatMove(call.state, move)] : [];
		return {
			depth,
			selDepth: depth + 2,
			nodes: 1000 * depth,
			nodesPerSecond: 200_000,
			elapsedMs: 100 * depth,
			lines: [{move, score, pv: [move], text}],
		};
	}

	result(call: Call, move: number, score: number, stoppedBy: EngineResult['stoppedBy'] = 'depth'): EngineResult {
		const info = this.info(call, move, score, 4);
		return {
			...info,
			move,
			score,
			stoppedBy,
			blundered: false,
			moveText: move >= 0 ? call.game.formatMove(call.state, move) : '',
			threadMs: info.elapsedMs,
			cpuClock: false,
		};
	}

	/** Progress from the think under way. */
	async progress(move: string, score: number, depth: number): Promise<void> {
		const call = await this.thinking();
		call.onProgress?.(this.info(call, this.parse(call, move), score, depth));
	}

	/** The think under way answers `move` (the first legal move if none is named), stopped by the depth or as `stoppedBy` says ('decided': a proof). */
	async answer(move?: string, score = 0, stoppedBy?: EngineResult['stoppedBy']): Promise<string> {
		const call = await this.thinking();
		const chosen = move === undefined ? this.firstMove(call) : this.parse(call, move);
		call.settled = true;
		call.resolve(this.result(call, chosen, score, stoppedBy));
		return call.game.formatMove(call.state, chosen);
	}

	private parse(call: Call, text: string): number {
		const parsed = call.game.parseMove(call.state, text);
		if (!parsed.ok) throw new Error(parsed.error);
		return parsed.value;
	}
}

export const KEYS = {
	up: '\u001B[A',
	down: '\u001B[B',
	right: '\u001B[C',
	left: '\u001B[D',
	enter: '\r',
	escape: '\u001B',
	space: ' ',
	backspace: '\u007F',
	pageUp: '\u001B[5~',
	ctrlC: '\u0003',
} as const;

export interface Harness {
	readonly engine: FakeEngine;
	readonly clock: {ms: number};
	/** How many times the program rang the terminal's bell. */
	readonly bells: {readonly count: number};
	readonly savesDir: string;
	frame(): string;
	/** Sends one key and waits until the frame differs from before (or `until` holds). */
	press(key: string, until?: (frame: string) => boolean): Promise<string>;
	/** Sends each character of `text` as its own key. */
	type(text: string): Promise<void>;
	/**
	 * Sends several keys in one write, as a terminal delivers typing ahead, auto-repeat or a
	 * paste, and waits until `until` holds.
	 */
	burst(keys: readonly string[], until: (frame: string) => boolean): Promise<string>;
	/** How many frames have been drawn so far (every render, in ink-testing-library's debug mode). */
	renders(): number;
	/**
	 * Sends f (flip the board) and waits until the board is drawn the other way up: every key
	 * sent before has then been handled, as keys act in order. What a test checks did not happen
	 * (a key ignored, a move not played) it checks after this, never after a fixed wait.
	 */
	sync(): Promise<string>;
	/** Waits until the frame contains `text` (or matches). */
	see(text: string | RegExp): Promise<string>;
	advance(ms: number): void;
	/** The terminal resized to this size. */
	resize(columns: number, rows: number): void;
	stdin: {write(data: string): void};
	unmount(): void;
}

export interface HarnessOptions {
	readonly start?: Route;
	readonly choices?: MenuChoices;
	readonly engine?: Engine;
	readonly size?: {columns: number; rows: number};
	readonly color?: boolean;
	readonly ascii?: boolean;
	readonly savesDir?: string;
	readonly demo?: {levels: readonly [number, number]; delayMs: number; games: number; clockSeconds: number};
	/** What a review gives each position (the app's default is a second). */
	readonly reviewBudget?: {ms: number} | {depth: number};
	/** The server, for a served potm's screens (a connection to serve/hall.ts: test/ui/served.tsx). */
	readonly remote?: Remote;
	/** The clock, shared with other apps and the fake server; the harness's own by default. */
	readonly clock?: {ms: number};
}

const made: string[] = [];
export function scratchDir(): string {
	const dir = mkdtempSync(join(tmpdir(), 'potm-ui-'));
	made.push(dir);
	return dir;
}
export function removeScratch(): void {
	for (const dir of made.splice(0)) rmSync(dir, {recursive: true, force: true});
}

export function start(options: HarnessOptions = {}): Harness {
	const engine = (options.engine ?? new FakeEngine()) as FakeEngine;
	const clock = options.clock ?? {ms: 1_000_000};
	const savesDir = options.savesDir ?? join(scratchDir(), 'saves');
	let size = options.size ?? {columns: 80, rows: 24};
	const bells = {count: 0};
	const environment: Environment = {
		theme: makeTheme({color: options.color ?? false, ascii: options.ascii ?? true}),
		engine,
		now: () => clock.ms,
		savesDir,
		bell: () => {
			bells.count++;
		},
		get size() {
			return size;
		},
		...(options.remote ? {remote: options.remote} : {}),
	};
	const app = render(
		<App
			environment={environment}
			game={loaps}
			start={options.start ?? {screen: 'menu'}}
			choices={options.choices ?? {side: 1, level: 3, clock: 60, board: 1}}
			demo={options.demo ?? {levels: [5, 3], delayMs: 0, games: 0, clockSeconds: 60}}
			{...(options.reviewBudget ? {reviewBudget: options.reviewBudget} : {})}
		/>,
	);
	const frame = () => app.lastFrame() ?? '';
	return {
		engine,
		clock,
		savesDir,
		bells,
		frame,
		async press(key, until) {
			const before = frame();
			app.stdin.write(key);
			await vi.waitFor(() => {
				const now = frame();
				if (until ? !until(now) : now === before) throw new Error(`no change after ${JSON.stringify(key)}:\n${now}`);
			}, WAIT);
			return frame();
		},
		async type(text) {
			for (const ch of text) {
				const before = frame();
				app.stdin.write(ch);
				await vi.waitFor(() => {
					if (frame() === before) throw new Error(`no change after ${JSON.stringify(ch)}`);
				}, WAIT);
			}
		},
		async burst(keys, until) {
			app.stdin.write(keys.join(''));
			await vi.waitFor(() => {
				if (!until(frame())) throw new Error(`not there after ${JSON.stringify(keys.join(''))}:\n${frame()}`);
			}, WAIT);
			return frame();
		},
		renders: () => app.frames.length,
		async see(text) {
			await vi.waitFor(() => {
				const now = frame();
				const found = typeof text === 'string' ? now.includes(text) : text.test(now);
				if (!found) throw new Error(`not seen: ${String(text)}\n${now}`);
			}, WAIT);
			return frame();
		},
		async sync() {
			const topRank = (text: string) => /^\s*(\d+) /m.exec(text)?.[1];
			const before = topRank(frame());
			if (before === undefined) throw new Error(`sync: no board to flip in:\n${frame()}`);
			app.stdin.write('f');
			await vi.waitFor(() => {
				if (topRank(frame()) === before) throw new Error(`the board did not flip after f:\n${frame()}`);
			}, WAIT);
			return frame();
		},
		advance(ms) {
			clock.ms += ms;
		},
		resize(columns, rows) {
			size = {columns, rows};
			app.stdout.emit('resize');
		},
		stdin: app.stdin,
		unmount: () => app.unmount(),
	};
}

/** The column of each file's glyph, from the label row above the board (works flipped and at every cell size). */
function fileColumns(frame: string): Map<string, number> {
	// The labels, without whatever the panel beside the board has on that row.
	const labels = frame
		.split('\n')
		.map(line => /^(?:\s+[a-h]){7,8}(?=\s|$)/.exec(line)?.[0])
		.find(prefix => prefix !== undefined);
	if (!labels) throw new Error(`no file labels in:\n${frame}`);
	const columns = new Map<string, number>();
	for (let column = 0; column < labels.length; column++) if (/[a-h]/.test(labels[column]!)) columns.set(labels[column]!, column);
	return columns;
}

/** The board row of a rank (its glyph row): the line starting with the rank's label. */
export function boardRow(frame: string, rank: number): string {
	const row = frame.split('\n').find(line => line.startsWith(`${String(rank).padStart(2)} `));
	if (!row) throw new Error(`no rank ${rank} in:\n${frame}`);
	return row;
}

/** The glyph on a square. */
export function glyphAt(frame: string, square: string): string {
	const column = fileColumns(frame).get(square.charAt(0))!;
	return boardRow(frame, Number(square.slice(1))).charAt(column);
}

/** The marks either side of a square's glyph, e.g. "[]" for the cursor. */
export function marksAt(frame: string, square: string): string {
	const column = fileColumns(frame).get(square.charAt(0))!;
	const row = boardRow(frame, Number(square.slice(1)));
	return row.charAt(column - 1) + row.charAt(column + 1);
}
