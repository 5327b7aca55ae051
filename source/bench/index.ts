/**
 * `npm run bench [-- SECTION... --games N --move-ms MS --game ID]`: the engine's speed and strength
 * (the ladder's own options: --clocks S,S --jobs J --out DIR --baseline REF).
 *
 *   perft     leaves per second of the rules core (bulk counting at the last ply)
 *   search    nodes per second and depth reached in 1 s from each file in saves/, beside the
 *             release before issue 16 (--baseline REF), built side by side and run in turns
 *             (--rounds N, 3 by default; the medians); --no-baseline: this build alone, and
 *             the garbage collections during a long search
 *   worker    how soon stop() answers and how regular the progress events are
 *   contest   the start-up of potm move (from its snapshot, and from the modules) before the
 *             search and the whole least move (CPU), then whole games of potm move processes at
 *             10 s and 60 s, charged their CPU time: what went into start-ups, what was left
 *   strength  self-play at a fixed time per move: level 5 vs greedy, 5 vs 3, 3 vs greedy, of the
 *             game `--game` names (loaps by default; loa for classic Lines of Action)
 *   terminal  in a tmux pane: from the command to the menu (npm start, the program alone), and
 *             the CPU a game waiting for the person uses
 *   pahtum    PAH-TUM: from how many empty squares the exact solver proves the end within 1 s
 *             and 10 s, the search's nodes per second, and level 5 (at --move-ms) against the
 *             move that gains most now, against flat Monte-Carlo and against itself without the
 *             open value in its evaluation, on random boards (--games, 20 if not given; each
 *             board played both ways)
 *   boxes     LINES and BOXES: the 3×3 table's build time, what holds of this variant on 3×3
 *             (the evaluation's terms against the table's exact values), from how many free
 *             unit segments the exact solver proves the end within 1 s (5×5, 8×8, 4×7), the
 *             search's nodes per second, and level 5 (at --move-ms) against greedy (most boxes now, else a move that
 *             gives none) on 3×3, 5×5, 8×8 and 4×7, at ten times --move-ms against itself at
 *             --move-ms on the same sizes but 3×3 (solved at either time), and against itself
 *             without the takeable boxes in its evaluation (--games, 20 if not given; each board
 *             played both ways). `--against greedy` or `--against tenth` runs those games alone,
 *             `--size RxC` on one size, `--from N` on the boards of match N on (two runs side by
 *             side, one a core, on different boards)
 *   sparring  the sparring table: potm move against partners written apart from the engine
 *             (bench/partners/, built with the machine's C compiler): greedy, a plain alpha-beta,
 *             a strong LOAPS player, UCT for PAH-TUM, an exact 3×3 LINES and BOXES player; level
 *             5 against level 3; the release before issue 26. --games a pairing (40), --only
 *             ID,ID (pairings whose id contains one), --load idle,busy (one game a core, two),
 *             --seed S (the openings and boards), --out DIR. Hours with every pairing
 *   ladder    the sparring ladder: dist/potm move against the release before issue 16 (built
 *             side by side from its commit, once, in node_modules/.cache), both external entries
 *             refereed as by `potm match` on CPU clocks, for each game (loaps and loa, or the one
 *             --game names) and each clock of --clocks (10,60 if not given); --games a pairing (20
 *             if not given; match 1 from the start, the others from two random plies), --jobs at a
 *             time (2), the records under --out (a new temporary folder if not given); --baseline
 *             REF plays another commit. Tens of minutes at 60 s
 *   serve     potm serve under load on a loopback port, 100 SSH sessions by default: --games games
 *             between bots (40; each two sessions: the host makes a room from the lobby, the
 *             guest joins by its code; random legal moves about --think ms apart, 1000, 0 as fast
 *             as the screens follow; rematches at each end), --watchers spectators of those games
 *             (10), --ai sessions against the server's AI (10), for --seconds (60), --seed S,
 *             --draw-threads N for the server's (its default otherwise): a move to the opponent's screen and to the watchers', moves lost, sessions dropped,
 *             the AI's answer, the server's CPU and memory (serve.ts's head tells what is measured)
 *   frames    what a served screen's frame costs, in this process without SSH (frames.ts): --games
 *             LOAPS games between two people (40), --watchers (10), --seconds a phase (10): the
 *             clocks alone, then a random move in each game every --think ms (1000)
 *   sprt      a candidate build against a base build until a sequential probability ratio test
 *             decides (sprt.ts): --base REF (HEAD if not given) and --candidate REF (this
 *             checkout's build if not given), built side by side as the ladder's baseline is;
 *             --nodes N a move in-process (20000 if neither is given) or --clock S a side on CPU
 *             clocks as external entries; --game loaps, loa or boxes; --elo0 E0 --elo1 E1 (0 and 10),
 *             --alpha and --beta (0.05); --pairs N at most (every opening of the set once),
 *             --jobs at a time (2). Each opening of bench/openings/GAME.txt played both ways;
 *             --openings start plays every pair from the start instead (--clock only; --pairs,
 *             100), as a contest does, and --openings first each first move in turn: how the
 *             opening book is judged; --openings end LINES and BOXES's endgames (boxes-end.txt)
 *   sprt-openings  writes bench/openings/GAME.txt again (--game: one of them), from the fixed
 *             recipe of sprt-openings.ts: the same file on any machine; --openings end writes
 *             the endgames (GAME-end.txt) instead
 *   book      builds the opening books (books/loaps.txt and loa.txt, or the one --game names) by
 *             drop-out expansion from searches of the recipe's nodes (book.ts), to --expansions N
 *             expanded positions (the recipe's if not given), --jobs searches at a time (2);
 *             every search is kept in bench/book/GAME.log, so a run stopped goes on where it ended
 *   puzzles   the shipped puzzle sets (puzzles/*.txt) proved again, each puzzle by its own kind of
 *             proof (source/learn/prove.ts reprove, as `npm run puzzles -- check`): for each game
 *             the puzzles, the time and every failure; exits 1 on a failure. --game ID: one set
 *   threads   Lazy SMP (threads.ts): the time each depth takes from each file in saves/ on 1
 *             thread and on 2 (--rounds runs, 3; --seconds a search, 8; the medians), then level 5
 *             on 2 threads against level 5 on 1, LOAPS, --clock seconds a side on wall clocks (10),
 *             from the shipped openings each played both ways (--games, 40; --seed S): the score
 *             with its 95 % margin. --only depths or --only match runs one of them. The match
 *             takes about half an hour
 *   mcts      issue 38's lead 6, an experiment: the MCTS-Solver of mcts.ts (MC-LOA's design: UCT with
 *             progressive bias, proven wins and losses backed up, short playouts guided by the
 *             evaluation) against level 5's alpha-beta, LOAPS, --ms milliseconds a move each (200),
 *             one game at a time on one thread, from the shipped openings in order, each played
 *             both ways, until the SPRT decides (--elo0, --elo1, --alpha, --beta as sprt's) or
 *             after --pairs N pairs (100); --seed S the MCTS player's
 *
 * With no section named, all run but the ladder, the sparring table, serve, the SPRT's two, book,
 * threads and mcts, which run only when named: at 60 s a side the ladder's games take tens of minutes.
 */
import './production.js';
import {readdirSync, readFileSync} from 'node:fs';
import {cpus} from 'node:os';
import {fileURLToPath} from 'node:url';
import {readArgs, strayOption, type OptionTable} from '../args.js';
import {PerformanceObserver} from 'node:perf_hooks';
import {EngineClient} from '../engine/client.js';
import {perft} from '../engine/perft.js';
import {playerName, type PlayerKind} from '../engine/players.js';
import {optionNamed, readOption} from '../games/setup.js';
import {DEFAULT_GAME, gameById, gameOfText, games as knownGames} from '../games/registry.js';
import {Searcher} from '../engine/search.js';
import {LoaBoard} from '../games/loa/board.js';
import {loaps} from '../games/loa/index.js';
import {OPEN_PERCENT} from '../games/pahtum/eval.js';
import {CLASSIC_LOA, LOAPS, type LoaVariant} from '../games/loa/variant.js';
import {describeContestGame, describeStartup, measureStartup, playContestGame} from './contest.js';
import {benchOpenShare, benchPahtumSearch, benchPahtumStrength, benchSolverReach} from './pahtum.js';
import {benchBoxesSearch, benchBoxesSolverReach, benchBoxesStrength, benchBoxesTheory, benchTableBuild, benchTakeShare} from './boxes.js';
import {TAKE_PERCENT} from '../games/boxes/eval.js';
import {describePairing, playPairing} from './strength.js';
import {BASELINE_COMMIT, benchLadder, DEFAULT_CLOCKS, DEFAULT_LADDER_GAMES, LADDER_GAMES} from './ladder.js';
import {parseClocks} from './ladder-score.js';
import {median} from './median.js';
import {benchTerminal} from './terminal.js';
import {benchSparring, type Load} from './sparring.js';
import {benchSearchSpeed} from './search-speed.js';
import {benchServe} from './serve.js';
import {benchFrames} from './frames.js';
import {checkSets, puzzleGames} from '../learn/build.js';
import {writeWhole} from '../files/atomic.js';
import {makeFolder} from '../files/saves.js';
import {buildOpenings, END_RECIPES, OPENINGS_DIR, RECIPES, openingsPath, SPRT_GAMES} from './sprt-openings.js';
import {benchSprt} from './sprt.js';
import {BOOK_RECIPES, buildBook} from './book.js';
import {benchDepths, benchMatch} from './threads.js';
import {DEFAULT_SPRT} from './sprt-stats.js';
import {benchMcts} from './mcts.js';

const SECTIONS = ['perft', 'search', 'worker', 'contest', 'strength', 'terminal', 'pahtum', 'boxes', 'puzzles'] as const;
/** Sections run only when named: too long for a run of everything. */
const NAMED_ONLY = ['ladder', 'sparring', 'serve', 'frames', 'sprt', 'sprt-openings', 'threads', 'book', 'mcts'] as const;

const mega = (rate: number) => (rate / 1e6).toFixed(1);
const saves = new URL('../../saves/', import.meta.url);

function savedPositions() {
	return readdirSync(saves)
		.filter(name => name.endsWith('.txt'))
		.sort()
		.map(name => {
			const text = readFileSync(new URL(name, saves), 'utf8');
			const game = gameOfText(text) ?? loaps;
			const parsed = game.parse(text, name);
			if (!parsed.ok) throw new Error(`saves/${name}: ${parsed.error.message}`);
			return {name, game, state: parsed.value};
		});
}

function benchPerft(): void {
	const cases: ReadonlyArray<{label: string; variant: LoaVariant; depth: number; expected: number; runs: number}> = [
		{label: 'LOAPS 7×7 start, perft(5)', variant: LOAPS, depth: 5, expected: 7_181_852, runs: 9},
		{label: 'classic LOA 8×8 start, perft(5)', variant: CLASSIC_LOA, depth: 5, expected: 55_963_132, runs: 3},
	];
	for (const test of cases) {
		const board = new LoaBoard(test.variant);
		perft(board, test.depth - 1); // warm-up, so the JIT has compiled the hot paths
		const rates: number[] = [];
		for (let run = 0; run < test.runs; run++) {
			const start = process.hrtime.bigint();
			const leaves = perft(board, test.depth);
			const seconds = Number(process.hrtime.bigint() - start) / 1e9;
			if (leaves !== test.expected) throw new Error(`${test.label}: counted ${leaves}, expected ${test.expected}`);
			rates.push(leaves / seconds);
		}
		console.log(
			`${test.label}: ${test.expected.toLocaleString('en-US')} leaves, median ${mega(median(rates))} M leaves/s ` +
				`(${test.runs} runs, ${mega(Math.min(...rates))}..${mega(Math.max(...rates))})`,
		);
	}
}

function benchSearch(): void {
	// Warm-up, so the first file is not charged for compiling the search.
	new Searcher().search(loaps.searchPosition(loaps.initial()), {softMs: 500, hardMs: 500});
	for (const {name, game, state} of savedPositions()) {
		const result = new Searcher().search(game.searchPosition(state), {softMs: 1000, hardMs: 1000});
		const line = result.lines[0]!.pv.slice(0, 4);
		let current = state;
		const text = line.map(move => {
			const written = game.formatMove(current, move);
			current = game.play(current, move);
			return written;
		});
		console.log(
			`search ${name}: depth ${result.depth} (selective ${result.selDepth}) in 1 s, ` +
				`${(result.nodesPerSecond / 1000).toFixed(0)} k nodes/s, score ${result.score}, line ${text.join(', ')}`,
		);
	}
}

/** Garbage collections and heap growth during a long search, after a warm-up search. */
async function benchAllocation(): Promise<void> {
	const searcher = new Searcher();
	const position = loaps.searchPosition(loaps.initial());
	searcher.search(position, {depth: 6});
	const collections: string[] = [];
	const observer = new PerformanceObserver(list => {
		for (const entry of list.getEntries()) collections.push(entry.name);
	});
	observer.observe({entryTypes: ['gc']});
	const before = process.memoryUsage().heapUsed;
	const result = searcher.search(position, {depth: 8});
	const grown = process.memoryUsage().heapUsed - before;
	await new Promise(resolve => setTimeout(resolve, 50)); // let the observer hear of them
	observer.disconnect();
	console.log(
		`search allocation: ${result.nodes.toLocaleString('en-US')} nodes, ${collections.length} garbage collections, ` +
			`heap grew ${(grown / 1024).toFixed(0)} KiB (${(grown / result.nodes).toFixed(2)} bytes a node: the lines and reports made per iteration)`,
	);
}

async function benchWorker(): Promise<void> {
	const client = new EngineClient();
	try {
		await client.think(loaps, loaps.initial(), {limits: {depth: 2}}); // start the worker
		const stops: number[] = [];
		const gaps: number[] = [];
		for (const {state} of savedPositions()) {
			for (const thinkMs of [300, 700, 1100]) {
				let last = -1;
				const thinking = client.think(loaps, state, {limits: {}}, info => {
					if (last >= 0) gaps.push(info.elapsedMs - last);
					last = info.elapsedMs;
				});
				await new Promise(resolve => setTimeout(resolve, thinkMs));
				const asked = performance.now();
				await client.stop();
				stops.push(performance.now() - asked);
				await thinking;
			}
		}
		console.log(
			`worker stop(): answered in median ${median(stops).toFixed(1)} ms, at most ${Math.max(...stops).toFixed(1)} ms ` +
				`(${stops.length} stops; target 50 ms)`,
		);
		console.log(
			`worker progress: every ${median(gaps).toFixed(0)} ms in the median, largest gap ${Math.max(...gaps).toFixed(0)} ms ` +
				`(${gaps.length} events; target at least every 100 ms)`,
		);
	} finally {
		await client.close();
	}
}

async function benchContest(): Promise<void> {
	console.log(describeStartup(await measureStartup()));
	for (const clock of [10, 60]) console.log(describeContestGame(await playContestGame(clock)));
}

async function benchStrength(gameId: string, games: number, moveMs: number): Promise<void> {
	const name = gameById(gameId)!.name;
	const pairings: ReadonlyArray<readonly [PlayerKind, PlayerKind]> = [
		[{kind: 'level', level: 5}, {kind: 'greedy'}],
		[
			{kind: 'level', level: 5},
			{kind: 'level', level: 3},
		],
		[{kind: 'level', level: 3}, {kind: 'greedy'}],
	];
	for (const [a, b] of pairings) {
		const started = performance.now();
		const result = await playPairing(a, b, {
			game: gameId,
			games,
			moveMs,
			onGame: done => process.stderr.write(`\r${playerName(a)} vs ${playerName(b)}: ${done}/${games} games`),
		});
		process.stderr.write('\r\x1b[K');
		console.log(
			`strength of ${name}, ${moveMs} ms a move: ${describePairing(result)} [${((performance.now() - started) / 1000).toFixed(0)} s]`,
		);
	}
}

/** The options, read by the one parser (args.ts); the head of this file describes them. */
const OPTION_TABLE: OptionTable = Object.fromEntries(
	[
		'games',
		'move-ms',
		'from',
		'size',
		'against',
		'game',
		'clocks',
		'jobs',
		'out',
		'baseline',
		'only',
		'load',
		'seed',
		'rounds',
		'ai',
		'watchers',
		'seconds',
		'think',
		'draw-threads',
		'nodes',
		'clock',
		'elo0',
		'elo1',
		'alpha',
		'beta',
		'base',
		'candidate',
		'pairs',
		'expansions',
		'openings',
		'ms',
	].map(name => [name, {type: 'string'}]),
);

async function main(): Promise<void> {
	const parsed = readArgs(process.argv.slice(2), OPTION_TABLE);
	if (typeof parsed === 'string') throw new Error(parsed);
	const stray = strayOption(parsed, OPTION_TABLE, '', 'the head of source/bench/index.ts');
	if (stray !== undefined) throw new Error(stray);
	const args = parsed.positionals;
	/** The value of option `name`, or undefined when it is not given. */
	const take = (name: string): string | undefined => {
		const value = parsed.values.get(name.slice(2));
		if (value === true) throw new Error(`${name} needs a value`);
		return value === false ? undefined : value;
	};
	const option = (name: string, fallback: number): number => {
		const text = take(name);
		if (text === undefined) return fallback;
		const value = Number(text);
		if (!(value > 0)) throw new Error(`${name} takes a positive number`);
		return value;
	};
	const gamesGiven = parsed.values.has('games');
	const games = option('--games', 100);
	const moveMs = option('--move-ms', 100);
	const firstMatch = Number(take('--from') ?? 0);
	if (!Number.isInteger(firstMatch) || firstMatch < 0) throw new Error('--from takes a match number, 0 or more');
	// LINES and BOXES's strength runs: one size (--size RxC) and one opponent (--against), to run apart or side by side.
	let boxesSizes: readonly (readonly [number, number])[] = [
		[3, 3],
		[5, 5],
		[8, 8],
		[4, 7],
	];
	const sizeText = take('--size');
	if (sizeText !== undefined) {
		// LINES and BOXES's own --size option reads it.
		const size = readOption(optionNamed(gameById('boxes')!, 'size')!, sizeText, {});
		if (typeof size === 'string') throw new Error(size);
		boxesSizes = [[size['rows']!, size['columns']!]];
	}
	const against = take('--against');
	if (against !== undefined && against !== 'greedy' && against !== 'tenth') throw new Error('--against takes greedy or tenth');
	const gameGiven = take('--game')?.toLowerCase();
	const gameId = gameGiven ?? DEFAULT_GAME;
	if (!gameById(gameId)) throw new Error(`--game takes one of ${knownGames.map(game => game.id).join(', ')}`);
	// The ladder's own options.
	const clocksText = take('--clocks');
	const clocks = clocksText === undefined ? {ok: true as const, value: [...DEFAULT_CLOCKS]} : parseClocks(clocksText);
	if (!clocks.ok) throw new Error(clocks.error);
	const jobs = option('--jobs', 2);
	if (!Number.isInteger(jobs)) throw new Error('--jobs takes a whole number of games at a time');
	const out = take('--out');
	if (out === '') throw new Error('--out takes a folder');
	const baseline = take('--baseline') ?? BASELINE_COMMIT;
	// The search section's own: without the baseline beside it (as the comparison runs each side).
	const noBaseline = parsed.values.get('baseline') === false;
	// The sparring table's own.
	const onlyText = take('--only');
	const loadText = take('--load') ?? 'idle,busy';
	const loads = loadText.split(',').map(part => part.trim());
	if (loads.length === 0 || loads.some(load => load !== 'idle' && load !== 'busy')) throw new Error('--load takes idle, busy or idle,busy');
	const seed = option('--seed', 1);
	const rounds = option('--rounds', 3);
	if (!Number.isInteger(rounds)) throw new Error('--rounds takes a whole number');
	const sections: readonly string[] = [...SECTIONS, ...NAMED_ONLY];
	const unknown = args.filter(arg => !sections.includes(arg));
	if (unknown.length > 0) throw new Error(`unknown section ${unknown[0]}; the sections are ${sections.join(', ')}`);
	const chosen: readonly string[] = args.length > 0 ? args : SECTIONS;
	if (chosen.includes('ladder')) {
		if (gameGiven !== undefined && !(LADDER_GAMES as readonly string[]).includes(gameGiven))
			throw new Error(`the ladder plays ${LADDER_GAMES.join(' or ')}, not ${gameGiven}`);
		if (gamesGiven && !Number.isInteger(games)) throw new Error('--games takes a whole number of games');
	}
	const cpu = cpus();
	console.log(`machine: ${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, Node ${process.version}`);
	if (chosen.includes('perft')) benchPerft();
	if (chosen.includes('search')) {
		if (noBaseline || !benchSearchSpeed(baseline, rounds, console.log)) {
			benchSearch();
			await benchAllocation();
		}
	}
	if (chosen.includes('worker')) await benchWorker();
	if (chosen.includes('contest')) await benchContest();
	if (chosen.includes('strength')) await benchStrength(gameId, games, moveMs);
	if (chosen.includes('terminal')) await benchTerminal();
	if (chosen.includes('pahtum')) {
		benchSolverReach();
		benchPahtumSearch();
		const pahtumGames = gamesGiven ? games : 20;
		benchPahtumStrength('gain', pahtumGames, moveMs);
		benchPahtumStrength('montecarlo', pahtumGames, moveMs);
		benchPahtumStrength('tenth', pahtumGames, moveMs * 10);
		benchOpenShare(OPEN_PERCENT, 0, pahtumGames, moveMs);
	}
	if (chosen.includes('boxes')) {
		// --against runs the strength games alone.
		if (against === undefined) {
			benchTableBuild();
			benchBoxesTheory();
			benchBoxesSolverReach();
			benchBoxesSearch();
		}
		const boxesGames = gamesGiven ? games : 20;
		for (const [rows, columns] of boxesSizes) {
			if (against !== 'tenth') benchBoxesStrength(rows, columns, 'greedy', boxesGames, moveMs, console.log, firstMatch);
		}
		// 3×3 is solved within the clock at either time: ten times the time cannot tell.
		if (against === 'tenth' && boxesSizes.every(([rows, columns]) => rows * columns === 9))
			console.log('3×3 is solved within the clock at either time: no games at ten times the time');
		for (const [rows, columns] of boxesSizes.filter(([rows, columns]) => rows * columns > 9)) {
			if (against !== 'greedy') benchBoxesStrength(rows, columns, 'tenth', boxesGames, moveMs * 10, console.log, firstMatch);
		}
		if (against === undefined) benchTakeShare(5, 5, TAKE_PERCENT, 0, boxesGames, moveMs);
	}
	if (chosen.includes('puzzles')) {
		const sets = puzzleGames();
		const named = sets.filter(game => gameGiven === undefined || game.id === gameGiven);
		const names = sets.map(game => game.id).join(', ');
		if (named.length === 0) throw new Error(`${gameGiven} has no puzzle set of its own: the sets are ${names}`);
		if (checkSets(named, fileURLToPath(new URL('../../puzzles/', import.meta.url)), console.log) > 0) process.exitCode = 1;
	}
	if (chosen.includes('sparring')) {
		if (gamesGiven && !Number.isInteger(games)) throw new Error('--games takes a whole number of games');
		await benchSparring({
			games: gamesGiven ? games : 40,
			only: onlyText === undefined ? [] : onlyText.split(',').map(part => part.trim()),
			loads: loads as Load[],
			out,
			seed,
		});
	}
	if (chosen.includes('serve')) {
		/** A whole number, 0 allowed. */
		const count = (name: string, fallback: number): number => {
			const text = take(name);
			const value = text === undefined ? fallback : Number(text);
			if (!Number.isInteger(value) || value < 0) throw new Error(`${name} takes a whole number, 0 or more`);
			return value;
		};
		if (gamesGiven && !Number.isInteger(games)) throw new Error('--games takes a whole number of games');
		const thinkMs = Number(take('--think') ?? 1000);
		if (!(thinkMs >= 0)) throw new Error('--think takes milliseconds, 0 or more');
		await benchServe({
			...(take('--draw-threads') === undefined ? {} : {drawThreads: count('--draw-threads', 0)}),
			games: gamesGiven ? games : 40,
			againstAi: count('--ai', 10),
			watchers: count('--watchers', 10),
			seconds: option('--seconds', 60),
			seed,
			thinkMs,
		});
	}
	if (chosen.includes('frames')) {
		if (gamesGiven && !Number.isInteger(games)) throw new Error('--games takes a whole number of games');
		const watchers = Number(take('--watchers') ?? 10);
		const thinkMs = Number(take('--think') ?? 1000);
		await benchFrames({games: gamesGiven ? games : 40, watchers, seconds: option('--seconds', 10), think: thinkMs});
	}
	if (chosen.includes('sprt-openings')) {
		const setText = take('--openings');
		if (setText !== undefined && setText !== 'shipped' && setText !== 'end')
			throw new Error('sprt-openings --openings takes shipped (GAME.txt, the default) or end (its endgames, GAME-end.txt)');
		const end = setText === 'end';
		const ids = end ? (Object.keys(END_RECIPES) as (keyof typeof END_RECIPES)[]) : SPRT_GAMES;
		for (const id of gameGiven === undefined ? ids : [gameGiven]) {
			if (!(ids as readonly string[]).includes(id))
				throw new Error(`the SPRT's ${end ? 'endgames are' : 'openings are'} for ${ids.join(' and ')}, not ${id}`);
			const game = gameById(id)!;
			const started = performance.now();
			const recipe = (end ? END_RECIPES : RECIPES)[id as keyof typeof RECIPES]!;
			const set = end ? 'end' : 'shipped';
			const text = buildOpenings(
				game,
				recipe,
				(kept, drawn) => {
					if (kept % 100 === 0) process.stderr.write(`\r${game.name}: ${kept} of ${recipe.count} openings kept, ${drawn} drawn`);
				},
				set,
			);
			process.stderr.write('\r\x1b[K');
			makeFolder(OPENINGS_DIR);
			writeWhole({path: openingsPath(id, set), data: text});
			console.log(
				`sprt-openings: ${openingsPath(id, set)} written in ${((performance.now() - started) / 1000).toFixed(0)} s: ${text.split('\n')[2]!.slice(2)}`,
			);
		}
	}
	if (chosen.includes('book')) {
		const ids = Object.keys(BOOK_RECIPES) as (keyof typeof BOOK_RECIPES)[];
		for (const id of gameGiven === undefined ? ids : [gameGiven]) {
			if (!(ids as string[]).includes(id)) throw new Error(`the opening books are for ${ids.join(' and ')}, not ${id}`);
			const recipe = BOOK_RECIPES[id as keyof typeof BOOK_RECIPES];
			const expansions = option('--expansions', recipe.expansions);
			if (!Number.isInteger(expansions) || expansions < 1) throw new Error('--expansions takes a whole number from 1');
			await buildBook(gameById(id)!, recipe, {expansions, jobs, say: console.log});
		}
	}
	if (chosen.includes('sprt')) {
		const id = gameGiven ?? DEFAULT_GAME;
		if (!(SPRT_GAMES as readonly string[]).includes(id)) throw new Error(`the SPRT plays ${SPRT_GAMES.join(' or ')}, not ${id}`);
		const number = (name: string, fallback: number): number => {
			const text = take(name);
			const value = text === undefined ? fallback : Number(text);
			if (text === '' || !Number.isFinite(value)) throw new Error(`${name} takes a number`);
			return value;
		};
		const nodesText = take('--nodes');
		const clockText = take('--clock');
		if (nodesText !== undefined && clockText !== undefined) throw new Error('--nodes and --clock are two budgets: give one');
		const whole = (name: string, fallback: number): number => {
			const value = option(name, fallback);
			if (!Number.isInteger(value)) throw new Error(`${name} takes a whole number`);
			return value;
		};
		const pairsText = take('--pairs');
		const openingsText = take('--openings');
		if (openingsText !== undefined && !['shipped', 'end', 'start', 'first'].includes(openingsText))
			throw new Error(
				'--openings takes shipped (bench/openings/GAME.txt, the default), end (its endgames, GAME-end.txt), start (every pair from the start) or first (each first move)',
			);
		await benchSprt({
			game: id,
			candidate: take('--candidate'),
			base: take('--base') ?? 'HEAD',
			budget: clockText !== undefined ? {clockSeconds: option('--clock', 10)} : {nodes: whole('--nodes', 20_000)},
			settings: {
				elo0: number('--elo0', DEFAULT_SPRT.elo0),
				elo1: number('--elo1', DEFAULT_SPRT.elo1),
				alpha: number('--alpha', DEFAULT_SPRT.alpha),
				beta: number('--beta', DEFAULT_SPRT.beta),
			},
			jobs,
			maxPairs: pairsText === undefined ? undefined : whole('--pairs', 1),
			openings: (openingsText ?? 'shipped') as 'shipped' | 'end' | 'start' | 'first',
		});
	}
	if (chosen.includes('threads')) {
		const part = onlyText?.trim();
		if (part !== undefined && part !== 'depths' && part !== 'match') throw new Error('threads: --only takes depths or match');
		if (part !== 'match') await benchDepths({files: savedPositions(), rounds, seconds: option('--seconds', 8), say: console.log});
		if (part !== 'depths') {
			if (gamesGiven && !Number.isInteger(games)) throw new Error('--games takes a whole number of games');
			await benchMatch({games: gamesGiven ? games : 40, clockSeconds: option('--clock', 10), seed, say: console.log});
		}
	}
	if (chosen.includes('mcts')) {
		if (gameGiven !== undefined && gameGiven !== 'loaps') throw new Error(`mcts plays loaps, not ${gameGiven}`);
		const number = (name: string, fallback: number): number => {
			const text = take(name);
			const value = text === undefined ? fallback : Number(text);
			if (text === '' || !Number.isFinite(value)) throw new Error(`${name} takes a number`);
			return value;
		};
		const pairs = option('--pairs', 100);
		if (!Number.isInteger(pairs)) throw new Error('--pairs takes a whole number');
		benchMcts({
			ms: option('--ms', 200),
			pairs,
			settings: {
				elo0: number('--elo0', DEFAULT_SPRT.elo0),
				elo1: number('--elo1', DEFAULT_SPRT.elo1),
				alpha: number('--alpha', DEFAULT_SPRT.alpha),
				beta: number('--beta', DEFAULT_SPRT.beta),
			},
			seed,
			say: console.log,
		});
	}
	if (chosen.includes('ladder')) {
		await benchLadder({
			games: gameGiven === undefined ? LADDER_GAMES : [gameGiven],
			clocks: clocks.value,
			gamesPerPairing: gamesGiven ? games : DEFAULT_LADDER_GAMES,
			jobs,
			out,
			baseline,
		});
	}
}

try {
	await main();
} catch (error) {
	console.error(`bench: ${(error as Error).message}`);
	process.exitCode = 1;
}
