/**
 * The interactive commands (the menu, play, analyze, demo): checks for a terminal, starts the
 * engine worker and Ink, and leaves the terminal as it found it however the program ends.
 */
import chalk from 'chalk';
import {render} from 'ink';
import {App, playSetup, type Route} from '../ui/app.js';
import {EngineClient} from '../engine/client.js';
import {THINKING_FRAME_MS} from '../ui/context.js';
import {makeTheme, wantsColor} from '../ui/theme.js';
import {asciiStream} from '../ui/ascii.js';
import {ALTERNATE_SCREEN_ON, MAX_FPS, PASTE_MARKS_ON, SCREEN_RESTORED} from '../ui/screen-codes.js';
import type {MenuChoices} from '../ui/menu/menu-screen.js';
import {boardChoices} from '../ui/menu/menu-state.js';
import type {DemoSetup} from '../ui/demo/demo-screen.js';
import {loadGame, type LoadedGame} from '../files/load-game.js';
import {baseGameId, DEFAULT_GAME, gameById, games, type AnyGame} from '../games/registry.js';
import {readReviewable} from '../files/source.js';
import {recordName} from '../files/export.js';
import {DEFAULT_REVIEW_MS, type Budget} from '../review/run.js';

export interface UiOptions {
	readonly screen: 'menu' | 'play' | 'analysis' | 'demo' | 'review' | 'learn' | 'puzzles';
	/** potm puzzles --theme: the theme chosen at first. */
	readonly theme?: string;
	/** What the review gives each position (potm review --time or --depth). */
	readonly reviewBudget?: Budget;
	/** The game's registry id from --game / --mover-wins; a FILE tells its own otherwise. */
	readonly game?: string;
	readonly file?: string;
	readonly choices: MenuChoices;
	/** Whether --clock was given (it then overrides a file's clock readings). */
	readonly clockGiven: boolean;
	/** The options given that draw a new board, by name: 'seed' and the game's setup options ('holes', 'size', 'lines'). */
	readonly newBoard?: readonly string[];
	readonly demo: Omit<DemoSetup, 'game'>;
	readonly ascii: boolean;
	readonly color: boolean | undefined;
	readonly savesDir: string;
}

/** The interactive terminal is missing: one line saying so, exit status 2. */
function needsTerminal(screen: UiOptions['screen']): string | null {
	const instead =
		screen === 'review' ? 'for the review as JSON, use "potm review FILE --json"' : 'for one move from a file, use "potm move FILE"';
	if (!process.stdin.isTTY) return `potm: the board needs an interactive terminal, and stdin is not one (${instead})`;
	if (!process.stdout.isTTY) return `potm: the board needs an interactive terminal, and stdout is not one (${instead})`;
	return null;
}

/**
 * The choices a command starts with, their clock settled: --clock's where given; else the game's
 * own (60 s a side in LOA, 10 s a move in PAH-TUM), but none for a game its file says was played
 * without a clock (it goes on without one).
 */
export function clockChoices(
	options: Pick<UiOptions, 'clockGiven' | 'choices'>,
	played: AnyGame,
	loaded?: Pick<LoadedGame, 'clocked'> | null,
): MenuChoices {
	if (options.clockGiven) return options.choices;
	if (loaded?.clocked === false) return {...options.choices, clock: null};
	return options.choices.clock === null ? options.choices : {...options.choices, clock: played.clock.seconds};
}

export async function runUi(options: UiOptions): Promise<number> {
	const game = gameById(options.game ?? DEFAULT_GAME)!;
	let loaded: LoadedGame | null = null;
	let reviewed: Route | null = null;
	if (options.screen === 'review') {
		const source = readReviewable(options.file!, options.game);
		if (!source.ok) {
			process.stderr.write(`potm: ${source.error}\n`);
			return 2;
		}
		const {name, players, note, ...played} = source.value;
		const budget = options.reviewBudget ?? {ms: DEFAULT_REVIEW_MS};
		reviewed = {
			screen: 'review',
			setup: {...played, name, ...(players ? {players} : {}), budget, backTo: 'menu', ...(note ? {note} : {})},
			back: null,
		};
	} else if (options.file !== undefined) {
		const result = loadGame(options.file, options.game);
		if (!result.ok) {
			process.stderr.write(`potm: ${result.error}\n`);
			return 2;
		}
		loaded = result.value;
	}
	const newBoard = options.newBoard ?? [];
	if (newBoard.length > 0 && options.screen !== 'menu') {
		const game = loaded?.game ?? gameById(options.game ?? DEFAULT_GAME)!;
		const given = newBoard.map(name => `--${name}`).join(' and ');
		const draws = newBoard.length === 1 ? 'draws' : 'draw';
		const random = games.filter(one => one.randomBoards && baseGameId(one) === one.id).map(one => `--game ${one.id}`);
		const problem = loaded
			? `${given} ${draws} a new board, and ${options.file} has its own`
			: !game.randomBoards
				? `${given} ${draws} a random board, and ${game.name} has one start position (random boards: ${random.join(' or ')})`
				: null;
		if (problem) {
			process.stderr.write(`potm: ${problem}\n`);
			return 2;
		}
	}
	const played = loaded?.game ?? game;
	const choices = clockChoices(options, played, loaded);
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
		if (options.screen === 'analysis') start = {screen: 'analysis', setup: {game: loaded?.game ?? game, ...from}};
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
		// Every game of the series starts from FILE's position, on the demo's clocks.
		let from: {game: typeof game; start?: unknown} = {game};
		if (loaded) {
			const last = loaded.line.at(-1);
			const over = loaded.ended ?? loaded.game.outcome(last);
			if (over) {
				process.stderr.write(`potm: ${options.file}: the game there is over (${over.description}): nothing to watch\n`);
				return 2;
			}
			from = {game: loaded.game, start: last};
		}
		start = {screen: 'demo', setup: {...options.demo, ...from, ...boardChoices(choices)}};
	}

	// A FILE is checked first: what is wrong with it is said whether or not there is a terminal.
	const missing = needsTerminal(options.screen);
	if (missing) {
		process.stderr.write(`${missing}\n`);
		return 2;
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
