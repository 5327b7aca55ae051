/**
 * One person's potm over SSH: the arcade (the menu, play against the AI, analysis, the demo,
 * reviews) drawn on their terminal by Ink, as `potm` draws it locally, with their own saves and
 * their own engine. It ends when they quit or their connection goes.
 */
import {render} from 'ink';
import {App, type Route} from '../ui/app.js';
import type {Remote} from '../play/remote.js';
import type {Engine} from '../ui/context.js';
import {DEFAULT_GAME, gameById} from '../games/registry.js';
import {toAscii} from '../ui/ascii.js';
import {ALTERNATE_SCREEN_ON, PASTE_MARKS_ON, SCREEN_RESTORED, SERVED_MAX_FPS} from '../ui/screen-codes.js';
import {makeTheme} from '../ui/theme.js';
import {TerminalInput, TerminalOutput, type Sink} from './terminal.js';

export interface SessionOptions {
	/** Where the session's output goes (the SSH channel). */
	readonly sink: Sink;
	readonly size: {columns: number; rows: number};
	/** The client's TERM, which says whether it shows colours and Unicode. */
	readonly term: string;
	/** Asked for with the command word --ascii: plain characters whatever TERM says. */
	readonly ascii?: boolean;
	/** Asked for with --no-color: no colours whatever TERM says. */
	readonly noColor?: boolean;
	readonly engine: Engine;
	/** Where this person's saves and games are kept. */
	readonly savesDir: string;
	/** The server's games between people, as this person reaches them. */
	readonly remote?: Remote;
	/** The first screen: the lobby, or a room a command word named (`join CODE`); the menu without a remote. */
	readonly start?: Route;
	/** The clock the screens show (the games' clocks run on it); performance.now by default. */
	readonly now?: () => number;
}

export interface Session {
	/** The client's keys, as they come. */
	input(data: Buffer | string): void;
	resize(size: {columns: number; rows: number}): void;
	/** Ends the screen (the connection went, or the server stops). */
	close(): void;
	/** Settles when the screen has ended, the person's quitting or close(). */
	readonly ended: Promise<void>;
}

/** Colours unless the terminal says it has none; Unicode unless it is one of the old consoles that lack it. */
export function themeFor(term: string): {color: boolean; ascii: boolean} {
	const name = term.toLowerCase();
	return {color: name !== '' && name !== 'dumb' && !name.startsWith('vt1'), ascii: name === 'linux' || name.startsWith('vt')};
}

export function startSession(options: SessionOptions): Session {
	const looks = themeFor(options.term);
	const color = looks.color && options.noColor !== true;
	const ascii = looks.ascii || options.ascii === true;
	const stdout = new TerminalOutput({write: text => options.sink.write(ascii ? toAscii(text) : text)}, options.size);
	const write = (text: string) => stdout.send(text);
	const stdin = new TerminalInput();
	const game = gameById(DEFAULT_GAME)!;
	write(`${ALTERNATE_SCREEN_ON}${PASTE_MARKS_ON}`);
	const instance = render(
		<App
			environment={{
				theme: makeTheme({color, ascii}),
				engine: options.engine,
				now: options.now ?? (() => performance.now()),
				savesDir: options.savesDir,
				...(options.remote ? {remote: options.remote} : {}),
				bell: () => void write('\u0007'),
			}}
			game={game}
			start={options.start ?? {screen: 'menu'}}
			choices={{side: 1, level: 3, clock: game.clock.seconds, board: Math.floor(Math.random() * 0x80000000)}}
			demo={{levels: [5, 3], delayMs: 1000, games: 0}}
		/>,
		{
			stdout: stdout as unknown as NodeJS.WriteStream,
			stdin: stdin as unknown as NodeJS.ReadStream,
			stderr: stdout as unknown as NodeJS.WriteStream,
			exitOnCtrlC: false,
			patchConsole: false,
			incrementalRendering: true,
			maxFps: SERVED_MAX_FPS,
		},
	);
	let closed = false;
	const ended = instance
		.waitUntilExit()
		.catch(() => undefined)
		.then(() => {
			instance.cleanup();
			stdout.dispose();
			write(SCREEN_RESTORED);
		});
	return {
		input: data => {
			if (!closed) stdin.write(data);
		},
		resize: size => stdout.resize(size),
		close: () => {
			if (closed) return;
			closed = true;
			instance.unmount();
		},
		ended,
	};
}
