/**
 * The interactive commands (the menu, play, analyze, demo, review, learn, puzzles): what they check
 * before any screen loads (a FILE, the options that draw a new board, a demo's game not over, then
 * the terminal), so that a refusal loads no Ink, no React and no screen; then the screens
 * (screens.tsx), which start the engine worker and Ink and leave the terminal as they found it
 * however the program ends.
 */
import {loadGame, type LoadedGame} from '../files/load-game.js';
import {readReviewable, type GameSource} from '../files/source.js';
import {baseGameId, DEFAULT_GAME, gameById, games, type AnyGame} from '../games/registry.js';
import type {Budget} from '../review/run.js';
import type {DemoSetup} from '../ui/demo/demo-screen.js';
import type {MenuChoices} from '../ui/menu/menu-screen.js';

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

/** What the checks read, for the screens: the game, the FILE's game or the game to review, and the choices with their clock settled. */
export interface CheckedUi {
	readonly game: AnyGame;
	readonly loaded: LoadedGame | null;
	readonly reviewed: GameSource | null;
	readonly choices: MenuChoices;
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
	let reviewed: GameSource | null = null;
	if (options.screen === 'review') {
		const source = readReviewable(options.file!, options.game);
		if (!source.ok) {
			process.stderr.write(`potm: ${source.error}\n`);
			return 2;
		}
		reviewed = source.value;
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
	if (options.screen === 'demo' && loaded) {
		// Every game of the series starts from FILE's position: not from one whose game is over.
		const over = loaded.ended ?? loaded.game.outcome(loaded.line.at(-1));
		if (over) {
			process.stderr.write(`potm: ${options.file}: the game there is over (${over.description}): nothing to watch\n`);
			return 2;
		}
	}

	// A FILE is checked first: what is wrong with it is said whether or not there is a terminal.
	const missing = needsTerminal(options.screen);
	if (missing) {
		process.stderr.write(`${missing}\n`);
		return 2;
	}
	const {runScreens} = await import('./screens.js');
	return runScreens(options, {game, loaded, reviewed, choices});
}
