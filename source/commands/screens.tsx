/**
 * The screens of the interactive commands, once ui.tsx has checked their FILE, their options and
 * the terminal: the first screen's route, the engine worker and Ink started, and the terminal left
 * as it was found however the program ends.
 */
import chalk from 'chalk';
import {render} from 'ink';
import {App, playSetup, type Route} from '../ui/app.js';
import {EngineClient} from '../engine/client.js';
import {THINKING_FRAME_MS} from '../ui/context.js';
import {makeTheme, wantsColor} from '../ui/theme.js';
import {asciiStream} from '../ui/ascii.js';
import {ALTERNATE_SCREEN_ON, MAX_FPS, PASTE_MARKS_ON, SCREEN_RESTORED} from '../ui/screen-codes.js';
import {boardChoices} from '../ui/menu/menu-state.js';
import {recordName} from '../files/export.js';
import {DEFAULT_REVIEW_MS} from '../review/run.js';
import type {CheckedUi, UiOptions} from './ui.js';

/** Runs the screen `options` asks for, from what ui.tsx's checks read: the exit status. */
export async function runScreens(options: UiOptions, checked: CheckedUi): Promise<number> {
	const {game, loaded, choices} = checked;
	let reviewed: Route | null = null;
	if (checked.reviewed) {
		const {name, players, note, ...played} = checked.reviewed;
		const budget = options.reviewBudget ?? {ms: DEFAULT_REVIEW_MS};
		reviewed = {
			screen: 'review',
			setup: {...played, name, ...(players ? {players} : {}), budget, backTo: 'menu', ...(note ? {note} : {})},
			back: null,
		};
	}
	const played = loaded?.game ?? game;
	let start: Route = reviewed ?? {screen: 'menu'};
	if (options.screen === 'play' || options.screen === 'analysis') {
		const from = loaded
			? {
					line: loaded.line,
					moves: loaded.moves,
					ended: loaded.ended,
					name: recordName(options.file!),
					note: loaded.note ?? `Opened ${options.file}`,
				}
			: {};
		if (options.screen === 'analysis') start = {screen: 'analysis', setup: {game: played, ...from}};
		else {
			const base = playSetup(played, choices, false);
			// From a file the clocks go on from its readings unless --clock says otherwise.
			const {clockSeconds, ...rest} = base;
			start = {
				screen: 'play',
				setup: {...rest, ...from, ...(loaded && !options.clockGiven ? {} : clockSeconds === undefined ? {} : {clockSeconds})},
			};
		}
	} else if (options.screen === 'learn') {
		start = {screen: 'learn', game};
	} else if (options.screen === 'puzzles') {
		start = {screen: 'puzzles', game, ...(options.theme === undefined ? {} : {theme: options.theme})};
	} else if (options.screen === 'demo') {
		// Every game of the series starts from FILE's position (ui.tsx saw its game is not over), on the demo's clocks.
		const from: {game: typeof game; start?: unknown} = loaded ? {game: loaded.game, start: loaded.line.at(-1)} : {game};
		start = {screen: 'demo', setup: {...options.demo, ...from, ...boardChoices(choices)}};
	}

	const engine = new EngineClient({progressMs: THINKING_FRAME_MS, threads: options.choices.threads?.count ?? 1});
	// Colours only where chalk (which Ink draws with) can show them: otherwise the no-colour
	// theme, whose marks stand in for the colours.
	const theme = makeTheme({color: wantsColor(options.color, process.env) && chalk.level > 0, ascii: options.ascii});
	// BEL on the terminal; the menu's Bell row and --quiet decide whether it rings.
	const environment = {
		theme,
		engine,
		now: () => performance.now(),
		savesDir: options.savesDir,
		bell: () => void process.stdout.write('\u0007'),
	};
	process.stdout.write(`${ALTERNATE_SCREEN_ON}${PASTE_MARKS_ON}`);
	const restore = () => process.stdout.write(SCREEN_RESTORED);
	// Even an exception that escapes everything (thrown from a key handler) leaves the screen.
	process.once('exit', restore);
	let instance: ReturnType<typeof render> | undefined;
	/** The exit status: what the screen left with (0, or 130 after Ctrl-C), or the signal's. */
	let status = 0;
	const quitOn = (code: number) => () => {
		status = code;
		instance?.unmount();
	};
	// Raw mode turns Ctrl-C into a key; a signal from elsewhere still quits cleanly.
	const signals = [
		['SIGINT', quitOn(130)],
		['SIGTERM', quitOn(143)],
		['SIGHUP', quitOn(129)],
	] as const;
	for (const [signal, quit] of signals) process.once(signal, quit);
	try {
		instance = render(
			<App
				environment={environment}
				game={reviewed?.screen === 'review' ? reviewed.setup.game : game}
				start={start}
				choices={choices}
				demo={options.demo}
				{...(options.reviewBudget ? {reviewBudget: options.reviewBudget} : {})}
			/>,
			{
				exitOnCtrlC: false,
				// Only the lines that changed are written, at most MAX_FPS frames a second.
				incrementalRendering: true,
				maxFps: MAX_FPS,
				...(options.ascii ? {stdout: asciiStream(process.stdout)} : {}),
			},
		);
		const left = await instance.waitUntilExit();
		if (typeof left === 'number') status = left;
	} finally {
		for (const [signal, quit] of signals) process.off(signal, quit);
		instance?.cleanup();
		process.off('exit', restore);
		restore();
		await engine.close();
	}
	return status;
}
