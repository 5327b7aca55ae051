/**
 * What every screen shares: the theme, the engine, the clock, the saves folder and the terminal
 * size. Tests hand in their own (a fake engine, a stepping clock, a fixed size).
 */
import {useInput, useStdout, type Key} from 'ink';
import {createContext, useCallback, useContext, useEffect, useLayoutEffect, useRef, useState, type ReactNode} from 'react';
import type {Game} from '../games/game.js';
import type {EngineInfo, EngineResult} from '../engine/client.js';
import type {ThinkRequest} from '../engine/players.js';
import type {Theme} from './theme.js';

/** The engine as the UI uses it; EngineClient is one. */
export interface Engine {
	think<State>(game: Game<State>, state: State, request: ThinkRequest, onProgress?: (info: EngineInfo) => void): Promise<EngineResult>;
	stop(): Promise<EngineResult | null>;
	clear(): void;
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
	/** Milliseconds between repaints of clocks and spinners. */
	readonly tickMs: number;
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

/** The terminal's size, following resizes. */
export function useTerminalSize(): {columns: number; rows: number} {
	const {size} = useEnvironment();
	const {stdout} = useStdout();
	const read = () => ({columns: stdout.columns || 80, rows: stdout.rows || 24});
	const [measured, setMeasured] = useState(read);
	useEffect(() => {
		if (size) return;
		const onResize = () => setMeasured(read());
		stdout.on('resize', onResize);
		return () => {
			stdout.off('resize', onResize);
		};
	}, [stdout, size]);
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

/** Re-renders every tickMs while `active` (running clocks, spinners); gives the time now. */
export function useTicker(active: boolean): number {
	const {now, tickMs} = useEnvironment();
	const [, setTick] = useState(0);
	useEffect(() => {
		if (!active) return;
		const timer = setInterval(() => setTick(tick => tick + 1), tickMs);
		return () => clearInterval(timer);
	}, [active, tickMs]);
	return now();
}

type KeyHandler = (input: string, key: Key) => void;

const KeyRouterContext = createContext<Map<object, KeyHandler> | null>(null);

/**
 * One subscription to the keyboard for the whole app, handing each key to every component that
 * asked for keys (useKeys), oldest first. Ink's useInput subscribes each handler in an effect,
 * after the frame is drawn: a key typed just after a dialog appears would reach the handlers of
 * the render before (the dialog not yet listening). Here a handler is in place from the render
 * that draws it.
 */
export function KeyRouter({children}: {children: ReactNode}) {
	const handlers = useRef(new Map<object, KeyHandler>()).current;
	useInput(
		useCallback((input: string, key: Key) => {
			for (const handler of [...handlers.values()]) handler(input, key);
		}, []),
	);
	return <KeyRouterContext.Provider value={handlers}>{children}</KeyRouterContext.Provider>;
}

/** The keys, for this component, from the render that draws it on (see KeyRouter). */
export function useKeys(handler: KeyHandler): void {
	const handlers = useContext(KeyRouterContext);
	if (!handlers) throw new Error('useKeys outside KeyRouter');
	const [token] = useState(() => ({}));
	handlers.set(token, handler);
	useLayoutEffect(() => () => void handlers.delete(token), [handlers, token]);
}
