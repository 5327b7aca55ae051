/**
 * What every screen shares: the theme, the engine, the clock, the saves folder and the terminal
 * size. Tests hand in their own (a fake engine, a stepping clock, a fixed size).
 */
import {useApp, useStdin, useStdout} from 'ink';
import {createContext, useCallback, useContext, useEffect, useLayoutEffect, useReducer, useRef, useState, type ReactNode} from 'react';
import type {Game} from '../games/game.js';
import type {EngineInfo, EngineResult} from '../engine/client.js';
import type {ThinkRequest} from '../engine/players.js';
import {PASTE_END, PASTE_START, keysOf, pastedKeys} from './keys.js';
import type {Remote} from '../play/remote.js';
import type {Theme} from './theme.js';

/** The engine as the UI uses it; EngineClient is one. */
export interface Engine {
	think<State>(game: Game<State>, state: State, request: ThinkRequest, onProgress?: (info: EngineInfo) => void): Promise<EngineResult>;
	stop(): Promise<EngineResult | null>;
	clear(): void;
	/** Threads for the searches at full strength from the next think on (the menu's Threads row); an engine without threads of its own has none. */
	setThreads?(count: number): void;
}

export interface Environment {
	readonly theme: Theme;
	readonly engine: Engine;
	/** Milliseconds, for the clocks and timers shown. */
	readonly now: () => number;
	/** Where `s` saves and `o` looks. */
	readonly savesDir: string;
	/** A fixed terminal size (tests); the real terminal's otherwise. */
	readonly size?: {readonly columns: number; readonly rows: number};
	/** Rings the terminal's bell (BEL); none when absent. */
	readonly bell?: () => void;
	/**
	 * Where a screen's quit goes instead of out of the program: a served potm's lobby (quitting
	 * there ends the session). Absent locally.
	 */
	readonly quit?: () => void;
	/** The server, when potm is served (`potm serve`): its lobby and rooms. Absent locally, where nothing of it shows. */
	readonly remote?: Remote;
}

/** What a screen's q does: out of the program (with its status), or back to the lobby of a served potm; and its word for the keys line. */
export function useQuit(): {readonly quit: (code: number) => void; readonly label: string} {
	const {quit} = useEnvironment();
	const {exit} = useApp();
	return quit ? {quit: () => quit(), label: 'q lobby'} : {quit: code => exit(code), label: 'q quit'};
}

/**
 * Asks the engine to stop without waiting. The think it stops settles on its own path; a close
 * (quitting) rejects it there, which is no error of the stop's.
 */
export function stopQuietly(engine: Engine): void {
	engine.stop().catch(() => undefined);
}

const EnvironmentContext = createContext<Environment | null>(null);

export const EnvironmentProvider = EnvironmentContext.Provider;

export function useEnvironment(): Environment {
	const environment = useContext(EnvironmentContext);
	if (!environment) throw new Error('useEnvironment outside EnvironmentProvider');
	return environment;
}

/** The server of a served potm; only the screens a served session shows (the lobby, a room) ask for it. */
export function useRemote(): Remote {
	const {remote} = useEnvironment();
	if (!remote) throw new Error('useRemote: this potm is not served');
	return remote;
}

/** The terminal's size, following resizes. */
export function useTerminalSize(): {columns: number; rows: number} {
	const {size} = useEnvironment();
	const {stdout} = useStdout();
	const read = () => ({columns: stdout.columns || 80, rows: stdout.rows || 24});
	const [measured, setMeasured] = useState(read);
	useEffect(() => {
		// A resize draws again; a fixed size given (a test's) is read again then too.
		const onResize = () => setMeasured(read());
		stdout.on('resize', onResize);
		return () => {
			stdout.off('resize', onResize);
		};
	}, [stdout]);
	return size ?? measured;
}

/**
 * The width to give a screen's outer box: none in a real terminal, where Ink lays out at the
 * terminal's own width from the first frame after a resize (our size state catches up a frame
 * later, and a frame laid out at the old, wider width wraps and leaves rows behind); the fixed
 * width when one is given (tests, whose stream is wider than the size they test).
 */
export function useRootWidth(): number | undefined {
	return useEnvironment().size?.columns;
}

/**
 * For a screen whose look changes with time (a running clock, a spinner, a bar): it is drawn
 * again at `next` (a time on the environment's clock), when what it shows next changes, and not
 * before. With `next` null nothing shown changes with time, and a screen
 * waiting for a person draws nothing and uses no CPU.
 */
export function useRedrawAt(next: number | null): void {
	const {now} = useEnvironment();
	const [, redraw] = useReducer((count: number) => count + 1, 0);
	useEffect(() => {
		if (next === null) return;
		let timer: NodeJS.Timeout | undefined;
		// Timers can fire a little early, and a test's clock stands still: wait until it is time
		// (a few milliseconds late at worst, rather than a timer every millisecond).
		const wake = () => {
			const left = next - now();
			if (left <= 0) redraw();
			else timer = setTimeout(wake, Math.max(10, Math.ceil(left)));
		};
		timer = setTimeout(wake, Math.max(0, Math.ceil(next - now())));
		return () => clearTimeout(timer);
	}, [next, now]);
}

/**
 * Milliseconds between two frames of a screen showing the engine think (its spinner, progress,
 * the thinking side's clock), and between the worker's progress events: three a second, so that
 * the screen leaves the engine the CPU (the UI thread drew 18 frames a second before issue 26, a
 * third of a core beside the worker on a 2-core machine).
 */
export const THINKING_FRAME_MS = 333;

/**
 * When a screen showing the engine think is drawn next, drawn now at `time`: the worker's progress,
 * every THINKING_FRAME_MS, draws it; this only keeps the spinner and the clock turning while the
 * progress pauses (an exact solver at work, a worker starting), half a frame later. A timer of its
 * own beside the progress would draw twice as often as either.
 */
export const thinkingRedraw = (time: number): number => time + THINKING_FRAME_MS * 1.5;

type KeyHandler = (name: string) => void;

const KeyRouterContext = createContext<Map<object, KeyHandler> | null>(null);

/**
 * One subscription to the keyboard for the whole app. It splits what arrives into single keys
 * (several keys can come in one input: typing ahead, auto-repeat, a paste) and hands them out
 * one at a time to every component that asked (useKeys), oldest first — the next key only once
 * React has drawn what the key before did. So every key acts on the state the one before left,
 * and when a key opens a dialog or another screen, the keys after it go there.
 */
export function KeyRouter({children}: {children: ReactNode}) {
	const handlers = useRef(new Map<object, KeyHandler>()).current;
	const queue = useRef<string[]>([]).current;
	const waiting = useRef(false);
	const [handed, setHanded] = useState(0);
	const handOut = useCallback(() => {
		if (waiting.current) return;
		const name = queue.shift();
		if (name === undefined) return;
		for (const handler of [...handlers.values()]) handler(name);
		// Drawn with whatever the key changed; the layout effect below then hands out the next.
		waiting.current = true;
		setHanded(count => count + 1);
	}, []);
	useLayoutEffect(() => {
		waiting.current = false;
		// The next key goes out after this commit, not inside it: handing it out from here would
		// nest one update per key, and React gives up after 50 (a paste of 60 keys crashed).
		if (queue.length === 0) return;
		const next = setImmediate(handOut);
		return () => clearImmediate(next);
	}, [handed]);
	// What the terminal sent, as Ink's reader splits it, named here: Ink's own useInput reads an
	// Escape followed by another key as Alt+that key, and the Escape was lost.
	const {internal_eventEmitter: input, setRawMode, isRawModeSupported} = useStdin();
	const pasting = useRef(false);
	useEffect(() => {
		if (!isRawModeSupported) return;
		const onInput = (sequence: string) => {
			const names = keysOf(sequence);
			if (names[0] === PASTE_START || names[0] === PASTE_END) {
				pasting.current = names[0] === PASTE_START;
				return;
			}
			queue.push(...(pasting.current ? pastedKeys(names) : names));
			handOut();
		};
		setRawMode(true);
		input.on('input', onInput);
		return () => {
			input.off('input', onInput);
			setRawMode(false);
		};
	}, [input, setRawMode, isRawModeSupported]);
	return <KeyRouterContext.Provider value={handlers}>{children}</KeyRouterContext.Provider>;
}

/** The keys, one name at a time ('up', 'enter', 'ctrl+c', 'q'), for this component, from the render that draws it on. */
export function useKeys(handler: KeyHandler): void {
	const handlers = useContext(KeyRouterContext);
	if (!handlers) throw new Error('useKeys outside KeyRouter');
	const [token] = useState(() => ({}));
	handlers.set(token, handler);
	useLayoutEffect(() => () => void handlers.delete(token), [handlers, token]);
}
