/**
 * `potm match` and `potm tournament`: the referee at the command line. Progress goes to stderr
 * (a line per game, and on a terminal a line that says what is under way); the tables go to
 * stdout, or the JSON summary does with --json (the tables then go to stderr). With --out each
 * game is kept as a record. Ctrl-C stops the games under way, kills the entries and prints what
 * was finished; a second Ctrl-C leaves at once.
 */
import {existsSync, readdirSync, statSync} from 'node:fs';
import {dirname, join} from 'node:path';
import {writeWhole} from '../files/atomic.js';
import {makeFolder, saveGame, writeProblem} from '../files/saves.js';
import {loadPosition} from '../files/load.js';
import {EMPTY, BLOCKED} from '../games/game.js';
import {optionsOf, optionText, settled, type Setup} from '../games/setup.js';
import {DEFAULT_GAME, gameById, type AnyGame} from '../games/registry.js';
import {distinctNames, parsePlayer} from '../referee/players.js';
import type {PlayedGame} from '../referee/play.js';
import {
	REPORT_WIDTH,
	type Board,
	matchReport,
	progressLine,
	scoreLine,
	summary,
	tournamentReport,
	type RunReport,
} from '../referee/report.js';
import {recordText} from '../referee/record-file.js';
import {wrapLines} from '../text.js';
import {runGames, schedule} from '../referee/run.js';
import type {GameRecord, PlayerSpec} from '../referee/types.js';

export interface RefereeOptions {
	readonly kind: 'match' | 'tournament';
	/** The game's registry id; by default the --board file's game, or the default game. */
	readonly game?: string;
	readonly players: readonly string[];
	readonly matches: number;
	/** CPU seconds on each clock (a move's, in a game with a clock per move); the game's own by default. */
	readonly clockSeconds?: number;
	/** In a game with random boards: the seed of the first match's board (match m plays on seed + m - 1); random if neither this nor board. */
	readonly seed?: number;
	/** In a game with random boards: a file holding the start board every match plays on. */
	readonly board?: string;
	/** In a game with random boards: the options of every board as given (setup.ts: --size, --lines, --holes), the game's defaults where none is. */
	readonly setup?: Setup;
	/**
	 * ... and the options varied by match: match m's board takes varied[(m - 1) % varied.length]
	 * over `setup` (--sizes 3x3,5x7,8x8, as the POTM second round varied the size).
	 */
	readonly varied?: readonly Setup[];
	readonly jobs: number;
	readonly out: string | undefined;
	readonly json: boolean;
}

/** "game-007": records sort in the order they were played. */
const recordName = (number: number, total: number): string => `game-${String(number).padStart(Math.max(3, String(total).length), '0')}`;

/** Why --out DIR cannot take this run's records, or null. */
function checkOut(dir: string): string | null {
	if (!existsSync(dir)) return null;
	if (!statSync(dir).isDirectory()) return `--out ${dir}: it is a file, not a folder`;
	const records = readdirSync(dir).filter(name => /^game-\d+\.(txt|record\.txt)$/.test(name) || name === 'summary.json');
	if (records.length > 0)
		return `--out ${dir} already holds the records of a run (${records.sort()[0]}, ...): give another folder, or move them away first`;
	return null;
}

/** The game --game names; without it, the game of the --board file (a grid tells its own), else the default. */
function refereedGame(options: Pick<RefereeOptions, 'game' | 'board'>): AnyGame {
	if (options.game !== undefined) return gameById(options.game)!;
	if (options.board !== undefined) {
		const loaded = loadPosition(options.board);
		if (loaded.ok) return loaded.value.game;
	}
	return gameById(DEFAULT_GAME)!;
}

/**
 * The boards of a run in a game with random boards, one per match number (every pairing's match
 * of that number plays on it, both games): read from --board, or drawn from --seed (or a random
 * seed, shown in the report so that the run can be repeated). Undefined for a game with one
 * start; a message when the options do not fit.
 */
function boardsOf(
	game: AnyGame,
	matches: number,
	options: Pick<RefereeOptions, 'seed' | 'board' | 'setup' | 'varied'>,
): {boards: Board[]; starts: unknown[]} | undefined | string {
	if (!game.randomBoards) {
		if (options.board !== undefined || options.seed !== undefined)
			return `--${options.board !== undefined ? 'board' : 'seed'} is for a game whose boards are drawn at random; ${game.name} has one start position`;
		return undefined;
	}
	if (options.board !== undefined) {
		if (options.seed !== undefined) return '--board and --seed both say which board to play on: give one of them';
		const loaded = loadPosition(options.board, game.id);
		if (!loaded.ok) return `--board: ${loaded.error}`;
		if (loaded.value.game !== game) return `--board ${options.board} holds a ${loaded.value.game.name} position, not ${game.name}`;
		const start = loaded.value.state;
		const view = game.board(start);
		const pieces = view.kind === 'grid' ? view.cells.filter(cell => cell !== EMPTY && cell !== BLOCKED).length : 0;
		if (pieces > 0)
			return `--board ${options.board} is not a start board: it has ${pieces} ${pieces === 1 ? 'marker' : 'markers'} on it (a board to start from has empty and blocked squares only)`;
		// A board of lines (LINES and BOXES): only the lines drawn before the game (player 0's), player 1 to make move 1.
		const played = (game.moveNumber(start) - 1) * 2 + (game.toMove(start) - 1);
		if (played > 0)
			return `--board ${options.board} is not a start board: ${played} ${played === 1 ? 'move has' : 'moves have'} been played on it (a board to start from has only the lines drawn before the game, player 0's)`;
		const text = game.format(start);
		return {
			boards: Array.from({length: matches}, (_, index) => ({match: index + 1, seed: null, file: options.board!, text})),
			starts: Array.from({length: matches}, () => start),
		};
	}
	const seed = options.seed ?? Math.floor(Math.random() * 0x7fffffff);
	const varied = options.varied ?? [];
	/** Match m's options: those given, and that match's of those varied. */
	const setupOf = (index: number): Setup => ({...options.setup, ...varied[index % varied.length]});
	const starts = Array.from({length: matches}, (_, index) =>
		game.initial(settled(game, {...setupOf(index), seed: (seed + index) % 0x80000000})),
	);
	// What --seed alone does not repeat: the options given, as they were written.
	const options_ = optionsOf(game).flatMap(option => {
		const each = varied.map(one => optionText(option, one));
		if (option.perMatch && each.every(text => text !== undefined) && each.length > 0) return [`--${option.perMatch} ${each.join(',')}`];
		const text = options.setup && optionText(option, options.setup);
		return text === undefined ? [] : [`--${option.name} ${text}`];
	});
	return {
		boards: starts.map((start, index) => ({
			match: index + 1,
			seed: (seed + index) % 0x80000000,
			...(options_.length > 0 ? {with: options_.join(' ')} : {}),
			text: game.format(start),
		})),
		starts,
	};
}

function say(message: string): number {
	process.stderr.write(`potm: ${message}\n`);
	return 2;
}

export async function runReferee(options: RefereeOptions): Promise<number> {
	const game = refereedGame(options);
	const specs: PlayerSpec[] = [];
	for (const text of options.players) {
		const parsed = parsePlayer(text);
		if (!parsed.ok) return say(parsed.error);
		specs.push(parsed.value);
	}
	const players = distinctNames(specs);
	if (options.out !== undefined) {
		const problem = checkOut(options.out);
		if (problem) return say(problem);
		try {
			// Not Node's recursive mkdir: under /proc it spins forever.
			makeFolder(options.out);
		} catch (error) {
			return say(`--out ${options.out}: cannot make the folder: ${(error as Error).message}`);
		}
	}
	const boards = boardsOf(game, options.matches, options);
	if (typeof boards === 'string') return say(boards);
	const clockMs = (options.clockSeconds ?? game.entry.clock.seconds) * 1000;
	const scheduled = schedule(players.length, options.matches).length;
	const controller = new AbortController();
	const games: GameRecord[] = [];
	const base = {game, players, matches: options.matches, clockMs, scheduled, ...(boards ? {boards: boards.boards} : {})};
	const progress = process.stderr;
	const live = progress.isTTY === true;
	// The tables and lines fit 80 columns, or the terminal's when it is wider.
	const widthOf = (stream: NodeJS.WriteStream) => (stream.isTTY ? Math.max(REPORT_WIDTH, stream.columns || REPORT_WIDTH) : REPORT_WIDTH);
	const running = new Set<number>();
	const showStatus = () => {
		if (!live) return;
		const under = [...running].sort((a, b) => a - b);
		const status = controller.signal.aborted
			? 'stopping: killing the entries...'
			: under.length === 0
				? ''
				: `playing game ${under.join(', ')} of ${scheduled}${games.length > 0 ? ` · ${scoreLine({game, players, games})}` : ''}`;
		progress.write(`\r\x1b[K${status.slice(0, (progress.columns ?? 80) - 1)}`);
	};
	// One line a game where it goes to a file or a pipe; wrapped to fit a terminal.
	const print = (line: string) => {
		progress.write(live ? `\r\x1b[K${wrapLines(line, progress.columns || REPORT_WIDTH, '  ').join('\n')}\n` : `${line}\n`);
		showStatus();
	};

	let interrupts = 0;
	const interrupt = () => {
		interrupts++;
		if (interrupts > 1) process.exit(130); // the exit hooks still kill the entries and remove the temporary files
		controller.abort();
		print('potm: stopping: the games under way are abandoned and their entries killed (Ctrl-C again to leave at once)');
	};
	const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
	for (const signal of signals) process.on(signal, interrupt);

	const out = options.out;
	// A record that cannot be written is said at once and makes the exit status 1; the run goes on.
	let unwritten = 0;
	const write = (path: string, text: string): void => {
		try {
			writeWhole({path, data: text});
		} catch (error) {
			unwritten++;
			print(`potm: cannot write ${path}: ${writeProblem(error, dirname(path), false)}`);
		}
	};
	const keep = (played: PlayedGame) => {
		if (out === undefined) return;
		const name = recordName(played.record.number, scheduled);
		const saved = saveGame(out, name, game, played.line, played.moves);
		if (!saved.ok) {
			unwritten++;
			print(`potm: ${saved.error}`);
			return;
		}
		write(join(out, `${name}.record.txt`), recordText(played.record, base, saved.value));
	};

	let finished: PlayedGame[] = [];
	try {
		finished = await runGames({
			...base,
			jobs: Math.min(options.jobs, scheduled),
			...(boards ? {start: (match: number) => boards.starts[match - 1]} : {}),
			signal: controller.signal,
			onStart: number => {
				running.add(number);
				showStatus();
			},
			onGame: played => {
				running.delete(played.record.number);
				games.push(played.record);
				keep(played);
				print(`${progressLine(played.record, base)} · ${scoreLine({game, players, games})}`);
			},
		});
	} finally {
		for (const signal of signals) process.off(signal, interrupt);
		if (live) progress.write('\r\x1b[K');
	}

	// Only the records are kept past this point: moves and outputs went to --out already.
	const report: RunReport = {...base, games: finished.map(played => played.record), stopped: controller.signal.aborted};
	const width = widthOf(options.json ? process.stderr : process.stdout);
	const text = options.kind === 'match' ? matchReport(report, width) : tournamentReport(report, width);
	const json = `${JSON.stringify(summary(report), null, 2)}\n`;
	if (options.json) {
		process.stderr.write(`\n${text}`);
		process.stdout.write(json);
	} else {
		process.stdout.write(text);
	}
	if (out !== undefined) {
		write(join(out, 'summary.json'), json);
		write(join(out, 'results.txt'), text);
	}
	if (controller.signal.aborted) return 130;
	return unwritten > 0 ? 1 : 0;
}
