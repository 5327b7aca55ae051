/**
 * The SPRT's openings (issue 38): for each LOA game a shipped file of a few thousand varied
 * starts, each a few random legal plies from the start, kept only where a search calls the
 * position roughly level, none twice. The SPRT plays each twice, the colours swapped (sprt.ts).
 *
 * `npm run bench -- sprt-openings [--game ID]` writes them again; every limit is in nodes, never
 * time, so the same seed gives the same file on any machine. The file is plain text: `#` lines
 * say how it was made, every other line is one opening, its moves as the game writes them,
 * separated by commas.
 */
import {readFileSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {fail, ok, type Game, type Result} from '../games/game.js';
import {seededRandom} from '../games/seeded.js';
import {decide} from '../engine/players.js';
import {Searcher} from '../engine/search.js';
import {randomPlies} from './openings.js';

export const OPENINGS_DIR = fileURLToPath(new URL('../../bench/openings/', import.meta.url));

/** The games with a shipped set: the LOA family. */
export const SPRT_GAMES = ['loaps', 'loa'] as const;

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
}

/** Each game's recipe: classic LOA's search is about half as fast, so it is judged on half the nodes, and fewer are drawn. */
export const RECIPES: Readonly<Record<(typeof SPRT_GAMES)[number], OpeningsRecipe>> = {
	loaps: {count: 3000, seed: 1, minPlies: 4, maxPlies: 8, nodes: 20_000, margin: 150},
	loa: {count: 2000, seed: 1, minPlies: 4, maxPlies: 8, nodes: 10_000, margin: 150},
};

export interface SprtOpening<State> {
	/** The line of the file it came from. */
	readonly line: number;
	readonly moves: readonly string[];
	readonly state: State;
}

export const openingsPath = (gameId: string): string => `${OPENINGS_DIR}${gameId}.txt`;

/**
 * Draws the openings of `recipe` and writes the file's text; `onProgress` hears how many are kept
 * and how many were drawn.
 */
export function buildOpenings<State>(
	game: Game<State>,
	recipe: OpeningsRecipe,
	onProgress?: (kept: number, drawn: number) => void,
): string {
	const random = seededRandom(recipe.seed);
	const searcher = new Searcher({tableMegabytes: 8});
	const seen = new Set<string>();
	const lines: string[] = [];
	let drawn = 0;
	while (lines.length < recipe.count) {
		drawn++;
		if (drawn > recipe.count * 100) throw new RangeError(`${game.name}: only ${lines.length} level openings in ${drawn} draws`);
		const plies = recipe.minPlies + Math.floor(random() * (recipe.maxPlies - recipe.minPlies + 1));
		const {moves, state} = randomPlies(game, random, plies);
		if (game.outcome(state) !== null) continue;
		const key = game.format(state);
		if (seen.has(key)) continue;
		seen.add(key);
		searcher.clear();
		const judged = decide(searcher, game.searchPosition(state), {limits: {nodes: recipe.nodes}});
		if (Math.abs(judged.score) > recipe.margin) continue;
		lines.push(moves.join(', '));
		onProgress?.(lines.length, drawn);
	}
	const head = [
		`# The SPRT's openings for ${game.name} (npm run bench -- sprt-openings --game ${game.id}): ${recipe.count} starts,`,
		`# ${recipe.minPlies} to ${recipe.maxPlies} random plies from the start (seed ${recipe.seed}), none twice, each kept where a`,
		`# ${recipe.nodes}-node search scores the side to move within ±${recipe.margin} centipoints: ${recipe.count} kept of ${drawn} drawn.`,
	];
	return `${[...head, ...lines].join('\n')}\n`;
}

/** The openings in a file's text, each played out from the start; or what is wrong, with the file and line. */
export function readOpenings<State>(game: Game<State>, text: string, fileName: string): Result<SprtOpening<State>[], string> {
	const openings: SprtOpening<State>[] = [];
	const lines = text.split('\n');
	for (const [index, raw] of lines.entries()) {
		const line = index + 1;
		const content = raw.trim();
		if (content === '' || content.startsWith('#')) continue;
		let state = game.initial();
		const moves = content.split(',').map(move => move.trim());
		for (const [at, text] of moves.entries()) {
			const move = game.parseMove(state, text);
			if (!move.ok) return fail(`${fileName}, line ${line}: move ${at + 1}, "${text}": ${move.error}`);
			if (!game.legalMoves(state).includes(move.value))
				return fail(`${fileName}, line ${line}: move ${at + 1}, "${text}", is not legal there`);
			state = game.play(state, move.value);
		}
		if (game.outcome(state) !== null) return fail(`${fileName}, line ${line}: the game is over after these moves`);
		openings.push({line, moves, state});
	}
	if (openings.length === 0) return fail(`${fileName} has no opening`);
	return ok(openings);
}

/** The shipped openings of a game, or what is wrong with the file. */
export function loadOpenings<State>(game: Game<State>): Result<SprtOpening<State>[], string> {
	const path = openingsPath(game.id);
	let text: string;
	try {
		text = readFileSync(path, 'utf8');
	} catch (error) {
		return fail(
			`cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}): npm run bench -- sprt-openings writes it`,
		);
	}
	return readOpenings(game, text, path);
}
