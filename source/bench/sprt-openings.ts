/**
 * The SPRT's openings (issue 38): for each game a shipped file of a thousand or more varied
 * starts, kept only where a search calls the position roughly level, none twice. The SPRT plays
 * each twice, the colours swapped (sprt.ts). In the LOA family a start is a few random legal plies
 * from the start; in LINES and BOXES a board of the contest's sizes with unit segments drawn at
 * random before the game, as the sparring table and POTM's second round play.
 *
 * `npm run bench -- sprt-openings [--game ID]` writes them again; every limit is in nodes, never
 * time, so the same seed gives the same file on any machine. The file is plain text: `#` lines
 * say how it was made, every other line is one opening: the new board's options where the game
 * has them (`rows=5 columns=5 lines=8 seed=17 |`), then its moves as the game writes them,
 * separated by commas.
 */
import {readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {fail, ok, type Game, type Result} from '../games/game.js';
import type {Setup} from '../games/setup.js';
import {unitSegments} from '../games/boxes/geometry.js';
import {seededRandom} from '../games/seeded.js';
import {decide} from '../engine/players.js';
import {Searcher} from '../engine/search.js';
import {randomPlies} from './openings.js';

export const OPENINGS_DIR = fileURLToPath(new URL('../../bench/openings/', import.meta.url));

/** The games with a shipped set: the LOA family and LINES and BOXES. */
export const SPRT_GAMES = ['loaps', 'loa', 'boxes'] as const;

export interface OpeningsRecipe {
	/** How many openings. */
	readonly count: number;
	readonly seed: number;
	/** Random plies from the start: between these, each count as likely. */
	readonly minPlies: number;
	readonly maxPlies: number;
	/** Nodes of the search that judges a start. */
	readonly nodes: number;
	/** Kept when that search scores the side to move within ± this many centipoints. */
	readonly margin: number;
	/**
	 * New boards drawn for each start, for a game with sizes (LINES and BOXES): each start one of
	 * these sizes in turn, with a share of its unit segments between these two drawn at random.
	 */
	readonly boards?: {
		readonly sizes: readonly (readonly [number, number])[];
		/** The share of the unit segments drawn, or instead how many are left free (both ends in). */
		readonly drawn?: readonly [number, number];
		readonly free?: readonly [number, number];
	};
}

/** Each game's recipe: classic LOA's search is about half as fast, so it is judged on half the nodes, and fewer are drawn. */
export const RECIPES: Readonly<Record<(typeof SPRT_GAMES)[number], OpeningsRecipe>> = {
	loaps: {count: 3000, seed: 1, minPlies: 4, maxPlies: 8, nodes: 20_000, margin: 150},
	loa: {count: 2000, seed: 1, minPlies: 4, maxPlies: 8, nodes: 10_000, margin: 150},
	// The sizes of the issue's LINES and BOXES targets; a quarter to a half of the unit segments drawn.
	boxes: {
		count: 2000,
		seed: 1,
		minPlies: 0,
		maxPlies: 0,
		nodes: 20_000,
		margin: 150,
		boards: {
			sizes: [
				[5, 5],
				[8, 8],
				[4, 7],
			],
			drawn: [0.25, 0.5],
		},
	},
};

/**
 * Sets of endgames (`sprt --openings end`, bench/openings/GAME-end.txt): LINES and BOXES boards of
 * the same sizes with 24 to 32 unit segments left free, where a game's last moves are decided and
 * an exact solver's reach tells.
 */
export const END_RECIPES: Readonly<Partial<Record<(typeof SPRT_GAMES)[number], OpeningsRecipe>>> = {
	boxes: {...RECIPES.boxes, count: 1000, seed: 2, boards: {sizes: RECIPES.boxes.boards!.sizes, free: [24, 32]}},
};

export interface SprtOpening<State> {
	/** The line of the file it came from. */
	readonly line: number;
	/** The new board's options (LINES and BOXES), or none: the game's one start. */
	readonly setup?: Setup;
	readonly moves: readonly string[];
	readonly state: State;
}

/** Where a game's set is: `boxes.txt`, or its endgames `boxes-end.txt`. */
export const openingsPath = (gameId: string, set: 'shipped' | 'end' = 'shipped'): string =>
	`${OPENINGS_DIR}${gameId}${set === 'end' ? '-end' : ''}.txt`;

/**
 * Draws the openings of `recipe` and writes the file's text; `onProgress` hears how many are kept
 * and how many were drawn.
 */
export function buildOpenings<State>(
	game: Game<State>,
	recipe: OpeningsRecipe,
	onProgress?: (kept: number, drawn: number) => void,
	set: 'shipped' | 'end' = 'shipped',
): string {
	const random = seededRandom(recipe.seed);
	const searcher = new Searcher({tableMegabytes: 8});
	const seen = new Set<string>();
	const lines: string[] = [];
	let drawn = 0;
	while (lines.length < recipe.count) {
		drawn++;
		if (drawn > recipe.count * 100) throw new RangeError(`${game.name}: only ${lines.length} level openings in ${drawn} draws`);
		const setup = recipe.boards ? drawBoard(recipe.boards, drawn - 1, random) : undefined;
		const plies = recipe.minPlies + Math.floor(random() * (recipe.maxPlies - recipe.minPlies + 1));
		const {moves, state} = randomPlies(game, random, plies, setup);
		if (game.outcome(state) !== null) continue;
		const key = game.format(state);
		if (seen.has(key)) continue;
		seen.add(key);
		searcher.clear();
		const judged = decide(searcher, game.searchPosition(state), {limits: {nodes: recipe.nodes}});
		if (Math.abs(judged.score) > recipe.margin) continue;
		lines.push(setup ? `${setupText(setup)} | ${moves.join(', ')}`.trimEnd() : moves.join(', '));
		onProgress?.(lines.length, drawn);
	}
	const boards = recipe.boards;
	const how = boards
		? `boards of ${boards.sizes.map(([rows, columns]) => `${rows}×${columns}`).join(', ')} in turn with ${boards.free ? `${boards.free[0]} to ${boards.free[1]} unit segments left free, the others drawn` : `${boards.drawn![0] * 100} to ${boards.drawn![1] * 100} % of their unit segments drawn`} at random`
		: `${recipe.minPlies} to ${recipe.maxPlies} random plies from the start`;
	const head = [
		`# The SPRT's ${set === 'end' ? 'endgames' : 'openings'} for ${game.name} (npm run bench -- sprt-openings --game ${game.id}${set === 'end' ? ' --openings end' : ''}): ${recipe.count} starts,`,
		`# ${how} (seed ${recipe.seed}), none twice, each kept where a`,
		`# ${recipe.nodes}-node search scores the side to move within ±${recipe.margin} centipoints: ${recipe.count} kept of ${drawn} drawn.`,
	];
	return `${[...head, ...lines].join('\n')}\n`;
}

/** The `index`th start's board: the sizes in turn, a share of the unit segments drawn, a seed of its own. */
function drawBoard(boards: NonNullable<OpeningsRecipe['boards']>, index: number, random: () => number): Setup {
	const [rows, columns] = boards.sizes[index % boards.sizes.length]!;
	const units = unitSegments(rows, columns);
	if (boards.free) {
		const free = boards.free[0] + Math.floor(random() * (boards.free[1] - boards.free[0] + 1));
		return {rows, columns, lines: units - free, seed: Math.floor(random() * 2 ** 31)};
	}
	const share = boards.drawn![0] + random() * (boards.drawn![1] - boards.drawn![0]);
	return {rows, columns, lines: Math.round(units * share), seed: Math.floor(random() * 2 ** 31)};
}

/** A setup as the openings file writes it: `rows=5 columns=5 lines=8 seed=17`. */
export function setupText(setup: Setup): string {
	return Object.entries(setup)
		.map(([key, value]) => `${key}=${value}`)
		.join(' ');
}

const SETUP_WORD = /^([a-z]+)=(\d+)$/;

/** The setup before an opening's `|`, or what is wrong with it. */
function readSetup(text: string): Result<Setup, string> {
	const setup: Record<string, number> = {};
	for (const word of text.trim().split(/\s+/)) {
		const match = SETUP_WORD.exec(word);
		if (!match) return fail(`"${word}" is not an option of the board as key=number (rows=5 columns=5 lines=8 seed=17)`);
		setup[match[1]!] = Number(match[2]);
	}
	return ok(setup);
}

/**
 * The openings in a file's text (the first `limit` of them), each played out from its start; or
 * what is wrong, with the file and line.
 */
export function readOpenings<State>(
	game: Game<State>,
	text: string,
	fileName: string,
	limit = Infinity,
): Result<SprtOpening<State>[], string> {
	const openings: SprtOpening<State>[] = [];
	const lines = text.split('\n');
	for (const [index, raw] of lines.entries()) {
		if (openings.length >= limit) break;
		const line = index + 1;
		const content = raw.trim();
		if (content === '' || content.startsWith('#')) continue;
		const bar = content.indexOf('|');
		let setup: Setup | undefined;
		if (bar >= 0) {
			const read = readSetup(content.slice(0, bar));
			if (!read.ok) return fail(`${fileName}, line ${line}: ${read.error}`);
			setup = read.value;
		}
		let state: State;
		try {
			state = game.initial(setup);
		} catch (error) {
			return fail(`${fileName}, line ${line}: ${(error as Error).message}`);
		}
		const movesText = content.slice(bar + 1).trim();
		const moves = movesText === '' ? [] : movesText.split(',').map(move => move.trim());
		for (const [at, text] of moves.entries()) {
			const move = game.parseMove(state, text);
			if (!move.ok) return fail(`${fileName}, line ${line}: move ${at + 1}, "${text}": ${move.error}`);
			if (!game.legalMoves(state).includes(move.value))
				return fail(`${fileName}, line ${line}: move ${at + 1}, "${text}", is not legal there`);
			state = game.play(state, move.value);
		}
		if (game.outcome(state) !== null) return fail(`${fileName}, line ${line}: the game is over after these moves`);
		openings.push(setup ? {line, setup, moves, state} : {line, moves, state});
	}
	if (openings.length === 0) return fail(`${fileName} has no opening`);
	return ok(openings);
}

/** The shipped openings of a game (or its endgames; the first `limit` of them), or what is wrong with the file. */
export function loadOpenings<State>(
	game: Game<State>,
	set: 'shipped' | 'end' = 'shipped',
	limit = Infinity,
): Result<SprtOpening<State>[], string> {
	const path = openingsPath(game.id, set);
	let text: string;
	try {
		text = readFileSync(path, 'utf8');
	} catch (error) {
		return fail(
			`cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): npm run bench -- sprt-openings${set === 'end' ? ' --openings end' : ''} writes it`,
		);
	}
	return readOpenings(game, text, path, limit);
}
