/**
 * The puzzle builder (`npm run puzzles -- build`): plays games between the built-in players,
 * looks at every position of each, keeps those prove.ts proves, and writes a game's set to
 * `puzzles/<game>.txt` (puzzle-file.ts). Generic over the game contract: what differs between the
 * games comes from the contract (their boards' options, their solvers, their themes).
 *
 * Everything is drawn from the seed and every search is limited by depth or nodes, never time, so
 * the same seed builds the same file on any machine. The games:
 *
 * - pairings of the levels (at their depths, with their noise and blunders), the one-ply greedy
 *   player, flat Monte-Carlo with a few playouts and the random player, each game from a few
 *   random plies, on a board drawn from the seed where the game has random boards (its options
 *   drawn between their least and their default: a board no larger than the default one, and now
 *   and then a little of what a board may start with);
 * - each game's positions looked at from its end backwards (where the solvers reach, and where
 *   most wins are forced), at most PER_GAME puzzles from one game, no position twice;
 * - the puzzles found rated (see rate), the rarest themes kept first when there are more than
 *   wanted, numbered in the order found.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {formatParseError, type SearchPosition} from '../games/game.js';
import {maxOf, optionsOf, type Setup} from '../games/setup.js';
import {baseGameId, gameById, games, type AnyGame} from '../games/registry.js';
import {seededRandom} from '../games/seeded.js';
import {writeWhole} from '../files/atomic.js';
import {greedyMove} from '../engine/greedy.js';
import {planMove} from '../engine/levels.js';
import {monteCarloMove} from '../engine/montecarlo.js';
import {decide} from '../engine/players.js';
import {randomMove} from '../engine/random.js';
import {Searcher} from '../engine/search.js';
import {DEFAULT_BUDGET, provePosition, reprove, SEARCH_DEPTH, type ProofBudget, type Proved} from './prove.js';
import {BANDS, bandOf, type Puzzle} from './puzzle.js';
import {formatPuzzles, parsePuzzles} from './puzzle-file.js';

/** Puzzles a set has unless told otherwise: 300 at least, and a few over for the tests' margin. */
export const DEFAULT_COUNT = 320;
export const DEFAULT_SEED = 1;
/** The most puzzles one played game gives, so that a set is not a few games' endings. */
const PER_GAME = 3;
/** Of them, the most by one kind of proof: the rest come from earlier in the game, by another kind. */
const PER_KIND = 2;
/** Plies passed over at a time, once a game's solver puzzles are in, while the solver still finishes. */
const SOLVED_STRIDE = 3;
/** After a puzzle, up to this many plies (drawn) are passed over before the next is looked for. */
const MAX_GAP = 4;
/** The most games a build plays before it settles for what it has. */
const MAX_GAMES = 2000;
/** Plies after which a game still going is left (a game without a move limit may wander for long). */
const MAX_PLIES = 240;
/** One game in this many of a game with a move limit opens at random until LATE_PLIES to LATE_PLIES - 10 plies before it. */
const LATE_EVERY = 6;
const LATE_PLIES = 20;
/** Of every theme, up to this many are kept before the rest of the set is filled in the order found. */
const PER_THEME = 12;
/** Mining goes on until it has this much more than wanted (and every theme), so the rarest can be kept. */
const SURPLUS = 1.1;

/** A player of the build's games: a name for the source line, and its move (deterministic from the seed). */
interface Player {
	readonly name: string;
	move(position: SearchPosition, seed: number): number;
}

const searcher = new Searcher({tableMegabytes: 4});

/** A level as it plays at its depth (levels 4 and 5, which have none, at depth 5), node-capped, with its noise and blunders. */
function level(levelNumber: number): Player {
	const plan = planMove(levelNumber);
	const depth = plan.limits.depth ?? 5;
	return {
		name: plan.limits.depth === undefined ? `level ${levelNumber} at depth ${depth}` : `level ${levelNumber}`,
		move: (position, seed) => {
			searcher.clear();
			const request = {limits: {depth, nodes: 40_000}, config: {...plan.config, seed}, blunderRate: plan.blunderRate, seed};
			return decide(searcher, position, request).move;
		},
	};
}

const PLAYERS: Readonly<Record<string, Player>> = {
	level1: level(1),
	level2: level(2),
	level3: level(3),
	level4: level(4),
	greedy: {name: 'greedy', move: position => greedyMove(position)},
	montecarlo: {name: 'Monte-Carlo', move: (position, seed) => monteCarloMove(position, seededRandom(seed), {playouts: 6, maxPlies: 120})},
	random: {name: 'random', move: (position, seed) => randomMove(position, seededRandom(seed))},
};

/** The pairings played in turn: weak against middling mostly, where mistakes leave puzzles behind. */
const PAIRINGS: readonly (readonly [string, string])[] = [
	['level2', 'greedy'],
	['level1', 'level3'],
	['greedy', 'level3'],
	['montecarlo', 'level2'],
	['level3', 'level1'],
	['level2', 'montecarlo'],
	['level4', 'level2'],
	['random', 'level3'],
	['level3', 'level2'],
	['greedy', 'level1'],
	['level2', 'level4'],
	['level1', 'montecarlo'],
];

/** A board for game `index` of a game with random boards: the seed, and each option drawn from the seed between its least and default. */
function setupFor(game: AnyGame, random: () => number): Setup {
	const setup: Record<string, number> = {seed: Math.floor(random() * 2 ** 31)};
	for (const option of optionsOf(game)) {
		if (option.kind === 'size') {
			const [rows, columns] = [option.rows, option.columns];
			setup[option.keys[0]] = rows[0] + Math.floor(random() * (option.default[0] - rows[0] + 1));
			setup[option.keys[1]] = columns[0] + Math.floor(random() * (option.default[1] - columns[0] + 1));
		} else if (option.default !== undefined && random() < 0.6) {
			setup[option.key] = option.default;
		} else if (option.default !== undefined) {
			// A little of the range above the least: a few lines drawn before the game, not half the board.
			const span = Math.max(0, Math.floor((maxOf(option, setup) - option.min) / 5));
			setup[option.key] = option.min + Math.floor(random() * (span + 1));
		}
		// A number option without a default is the game's to draw from the seed.
	}
	return setup;
}

/** One played game: its positions (each as its text reads back: no clocks, no history a file would not keep) and who played. */
interface PlayedGame {
	readonly states: readonly unknown[];
	readonly names: string;
	readonly index: number;
}

/** The state as a puzzle file keeps it: the clocks full, the position read back from the game's own text. */
function normalised(game: AnyGame, state: unknown): unknown {
	const full = game.clock.seconds;
	const text = game.format(game.withClocks(state, [full, full]));
	const parsed = game.parse(text, 'puzzle');
	if (!parsed.ok) throw new Error(`${game.id}: a position does not read back: ${parsed.error.message}`);
	return parsed.value;
}

function playGame(game: AnyGame, index: number, seed: number): PlayedGame {
	const random = seededRandom((seed * 1_000_003 + index * 7919) | 0);
	const [first, second] = PAIRINGS[index % PAIRINGS.length]!.map(key => PLAYERS[key]!);
	let state = game.randomBoards ? game.initial(setupFor(game, random)) : game.initial();
	// A few random plies; now and then, in a game with a move limit, most of the game at random (a game
	// of random moves may well reach the limit), so that the last moves before the limit are played too.
	const opening =
		game.moveLimit !== null && index % LATE_EVERY === LATE_EVERY - 1
			? 2 * game.moveLimit - LATE_PLIES + Math.floor(random() * 10)
			: 2 + Math.floor(random() * 5);
	const states: unknown[] = [];
	for (let ply = 0; ply < MAX_PLIES && game.outcome(state) === null; ply++) {
		states.push(state);
		let move: number;
		if (ply < opening) {
			const legal = game.legalMoves(state);
			move = legal[Math.floor(random() * legal.length)]!;
		} else {
			const player = game.toMove(state) === 1 ? first! : second!;
			move = player.move(game.searchPosition(state), Math.floor(random() * 2 ** 31));
		}
		if (move < 0) break;
		state = game.play(state, move);
	}
	return {states, names: `${first!.name} v ${second!.name}`, index};
}

/** A puzzle found, before rating and numbering. */
interface Found {
	readonly puzzle: Omit<Puzzle, 'id' | 'rating'>;
	readonly proved: Proved;
	/** Legal moves in its position: more to choose from, harder to find. */
	readonly choices: number;
}

/** The puzzle a proved position makes: its solution and themes as the game writes them. */
function puzzleOf(game: AnyGame, state: unknown, proved: Proved, source: string): Found {
	const line = [state];
	const solution: string[] = [];
	for (const move of proved.solution) {
		solution.push(game.formatMove(line.at(-1), move));
		line.push(game.play(line.at(-1), move));
	}
	const themes = game.puzzleThemes!.classify({start: state, solution: proved.solution, line, ends: proved.ends});
	return {
		puzzle: {game: game.id, position: game.format(state), solution, themes, proof: proved.proof, source},
		proved,
		choices: game.legalMoves(state).length,
	};
}

/**
 * How hard a puzzle is, before it is put on the rating scale: the depth at which the search first
 * plays the answer counts most, then how many of the solver's moves the solution has, then the
 * moves to choose from (on a log scale); a search proof's quiet advantage is harder to see than
 * a win, and an exact endgame's count harder still than a quick search's.
 */
export function difficulty(proved: Proved, choices: number): number {
	const solverMoves = (proved.solution.length + 1) / 2;
	const kind = proved.proof === 'proof' ? 0 : proved.proof === 'search' ? 0.8 : 1.2;
	const ends = proved.ends === 'win' ? 0 : 0.5;
	return proved.findDepth + 1.6 * (solverMoves - 1) + 0.6 * Math.log2(Math.max(2, choices)) + kind + ends;
}

/** The scale the set is spread over: from LOWEST to LOWEST + SPAN, so that a third or so of the set falls in each band. */
const LOWEST = 800;
const SPAN = 1400;

/**
 * Ratings by rank of difficulty, spread evenly from LOWEST over SPAN (equal difficulties share
 * a rating), rounded to 10: each of the bands (easy below 1300, hard from 1700) gets a third or so.
 */
export function rate(difficulties: readonly number[]): number[] {
	const order = difficulties.map((value, index) => ({value, index})).sort((a, b) => a.value - b.value || a.index - b.index);
	const ratings = new Array<number>(difficulties.length);
	for (let start = 0; start < order.length;) {
		let end = start;
		while (end + 1 < order.length && order[end + 1]!.value === order[start]!.value) end++;
		const middle = (start + end + 1) / 2 / order.length;
		for (let k = start; k <= end; k++) ratings[order[k]!.index] = Math.round((LOWEST + SPAN * middle) / 10) * 10;
		start = end + 1;
	}
	return ratings;
}

export interface BuildOptions {
	readonly seed?: number;
	readonly count?: number;
	readonly budget?: ProofBudget;
	/** Told of progress now and then, in a line. */
	readonly onProgress?: (text: string) => void;
}

export interface BuiltSet {
	readonly puzzles: readonly Puzzle[];
	/** The file's header lines (without the `#`). */
	readonly header: readonly string[];
	readonly games: number;
	readonly positions: number;
}

/**
 * A game's set: games played and their positions proved until there are `count` puzzles over
 * (and every theme met, where the games allow it), then the set chosen, rated and numbered.
 */
export function buildSet(game: AnyGame, options: BuildOptions = {}): BuiltSet {
	const seed = options.seed ?? DEFAULT_SEED;
	const count = options.count ?? DEFAULT_COUNT;
	const budget = options.budget ?? DEFAULT_BUDGET;
	const themes = game.puzzleThemes;
	if (!themes) throw new Error(`${game.name} has no puzzle themes`);
	const found: Found[] = [];
	const seen = new Set<string>();
	let played = 0;
	let positions = 0;
	const uncovered = () => themes.themes.filter(theme => !found.some(one => one.puzzle.themes.includes(theme.id)));
	while (played < MAX_GAMES && (found.length < count * SURPLUS || (uncovered().length > 0 && found.length < count * 3))) {
		const record = playGame(game, played, seed);
		played++;
		const taken = new Map<string, number>();
		const total = () => [...taken.values()].reduce((sum, one) => sum + one, 0);
		// From the end backwards; the solver is asked until it first cannot finish, as earlier positions are further from the end.
		let solving = budget.solveNodes > 0;
		const gaps = seededRandom(seed ^ (record.index * 40_503));
		for (let ply = record.states.length - 1; ply >= 0 && total() < PER_GAME; ply--) {
			const state = normalised(game, record.states[ply]);
			const position = game.searchPosition(state);
			const key = `${position.hashLo}:${position.hashHi}:${position.keyLo}:${position.keyHi}`;
			if (seen.has(key)) continue;
			seen.add(key);
			positions++;
			const {proved, solved} = provePosition(game, state, solving ? budget : {...budget, solveNodes: 0});
			if (solving && position.solve && !solved && game.legalMoves(state).length > 1) solving = false;
			// A kind of proof that has given its share of this game's puzzles is passed over; while the
			// solver still finishes (and so decides), a few plies at a time, towards where it does not.
			if (proved && (taken.get(proved.proof) ?? 0) >= PER_KIND) {
				if (solved) ply -= SOLVED_STRIDE - 1;
				continue;
			}
			if (!proved) continue;
			const mover = game.toMove(state);
			const source = `${record.names}, game ${record.index + 1} of seed ${seed}, before ${game.sides[mover - 1]}'s move ${game.moveNumber(state)}`;
			found.push(puzzleOf(game, state, proved, source));
			taken.set(proved.proof, (taken.get(proved.proof) ?? 0) + 1);
			// The next one a few plies earlier, so that a game's puzzles are not all of its last moves.
			ply -= Math.floor(gaps() * (MAX_GAP + 1));
		}
		if (played % 10 === 0) options.onProgress?.(`${game.id}: ${played} games, ${positions} positions, ${found.length} puzzles`);
	}
	const chosen = choose(
		found,
		themes.themes.map(theme => theme.id),
		count,
	);
	const ratings = rate(chosen.map(one => difficulty(one.proved, one.choices)));
	const width = Math.max(4, String(chosen.length).length);
	const puzzles = chosen.map((one, index) => ({
		id: `${game.id}-${String(index + 1).padStart(width, '0')}`,
		...one.puzzle,
		rating: ratings[index]!,
	}));
	const header = [
		`${game.name} puzzles for potm: ${puzzles.length} positions, each with one clearly best move, proved.`,
		`Built by \`npm run puzzles -- build --game ${game.id} --seed ${seed} --count ${count}\` (source/learn/build.ts) from`,
		`${played} engine games (${positions} positions looked at); the same seed builds the same file.`,
		`Proofs (source/learn/prove.ts): "solver" the exact solver, "proof" a forced win found by an exact`,
		`search, "search" the engine at depth ${SEARCH_DEPTH} and ${SEARCH_DEPTH + 2}, every other move a blunder by the review's scale.`,
		`Ratings: ${BANDS.map(band => `${band.name} ${puzzles.filter(puzzle => bandOf(puzzle.rating) === band.name).length}`).join(', ')}.`,
		'Check them again with `npm run puzzles -- check`.',
	];
	return {puzzles, header, games: played, positions};
}

/** Up to `count` of the puzzles found: first up to PER_THEME of each theme, rarest theme first, then the rest in the order found. */
function choose(found: readonly Found[], themeIds: readonly string[], count: number): Found[] {
	if (found.length <= count) return [...found];
	const keep = new Set<number>();
	const members = (id: string) => found.flatMap((one, index) => (one.puzzle.themes.includes(id) ? [index] : []));
	const rarest = [...themeIds].sort((a, b) => members(a).length - members(b).length);
	for (const id of rarest) for (const index of members(id).slice(0, PER_THEME)) if (keep.size < count) keep.add(index);
	for (let index = 0; index < found.length && keep.size < count; index++) keep.add(index);
	return found.filter((_, index) => keep.has(index));
}

/** Builds a game's set and writes it to `dir`/<game>.txt whole (writeWhole). Gives the set and the path. */
export function buildAndWrite(game: AnyGame, dir: string, options: BuildOptions = {}): BuiltSet & {readonly path: string} {
	const set = buildSet(game, options);
	const path = join(dir, `${game.id}.txt`);
	writeWhole({path, data: formatPuzzles(set.puzzles, set.header)});
	return {...set, path};
}

/** The games that have puzzle sets of their own: those with themes, a ruling's sharing its game's. */
export function puzzleGames(): AnyGame[] {
	return games.filter(game => game.puzzleThemes !== undefined && baseGameId(game) === game.id);
}

/** A set in a few lines: its puzzles by band, by theme and by kind of proof. */
export function describeSet(game: AnyGame, puzzles: readonly Puzzle[]): string[] {
	const tally = (keys: readonly string[], of: (puzzle: Puzzle) => readonly string[]) =>
		keys.map(key => `${key} ${puzzles.filter(puzzle => of(puzzle).includes(key)).length}`).join(', ');
	return [
		`${puzzles.length} puzzles; bands: ${tally(
			BANDS.map(band => band.name),
			puzzle => [bandOf(puzzle.rating)],
		)}`,
		`themes: ${tally(game.puzzleThemes?.themes.map(theme => theme.id) ?? [], puzzle => puzzle.themes)}`,
		`proofs: ${tally(['solver', 'proof', 'search'], puzzle => [puzzle.proof])}`,
	];
}

/**
 * Proves every puzzle of each game's set in `dir` again (prove.ts reprove), telling `print` each
 * set's count and time and every failure. Gives the number of failures (a set that does not read
 * counts as one).
 */
export function checkSets(sets: readonly AnyGame[], dir: string, print: (line: string) => void): number {
	let failures = 0;
	for (const game of sets) {
		const path = join(dir, `${game.id}.txt`);
		let text: string;
		try {
			text = readFileSync(path, 'utf8');
		} catch (error) {
			print(`${path}: ${(error as Error).message}`);
			failures++;
			continue;
		}
		const parsed = parsePuzzles(text, path);
		if (!parsed.ok) {
			print(formatParseError(parsed.error));
			failures++;
			continue;
		}
		const started = performance.now();
		let failed = 0;
		for (const puzzle of parsed.value) {
			const why = reprove(gameById(puzzle.game)!, puzzle);
			if (why !== null) {
				print(`  ${puzzle.id}: ${why}`);
				failed++;
			}
		}
		const seconds = (performance.now() - started) / 1000;
		print(
			`${game.id}: ${parsed.value.length} puzzles re-proved in ${seconds.toFixed(1)} s, ${failed === 0 ? 'no failures' : `${failed} failed`}`,
		);
		failures += failed;
	}
	return failures;
}
