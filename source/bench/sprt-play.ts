/**
 * The games of the SPRT at fixed nodes (sprt.ts), for its worker threads (sprt-worker.ts): both
 * builds loaded side by side, each its own copy of the game, the search and the players
 * (separate modules, so the weights and tables of one never touch the other's). The moves go
 * from build to build as text, and the harness's own rules referee them.
 */
import {join} from 'node:path';
import {pathToFileURL} from 'node:url';
import type {AnyGame} from '../games/registry.js';
import type {Setup} from '../games/setup.js';
import {DEFAULT_MAX_PLIES} from './selfplay.js';

export interface SprtWorkerData {
	readonly game: string;
	readonly nodes: number;
	/** The dist folders of the candidate and of the base. */
	readonly builds: readonly [string, string];
}

/** A pair to play: the opening's board (where the game has options) and moves; the candidate moves first in the first game. */
export interface SprtJob {
	readonly pair: number;
	readonly setup?: Setup;
	readonly moves: readonly string[];
}

export interface SprtGameResult {
	/** The candidate's score: 1, 0.5 or 0. */
	readonly score: number;
	readonly reason: string;
	readonly plies: number;
	/** The moves after the opening, as text, one after another. */
	readonly moves: string;
}

export type SprtReply = {readonly pair: number; readonly games: readonly [SprtGameResult, SprtGameResult]} | {readonly error: string};

export interface Side {
	readonly game: AnyGame;
	readonly searcher: {clear(): void};
	readonly decide: (searcher: unknown, position: unknown, request: unknown) => {move: number};
	/**
	 * Forgets what the build's exact solvers keep from move to move (LINES and BOXES's table of
	 * solved positions), so each move starts as cold as a `potm move` process: else the second game
	 * of a pair would find the first's proofs.
	 */
	readonly forget?: () => void;
}

/** A build's game, a searcher of its own and its `decide`, or why the build cannot be played. */
export async function loadSide(dist: string, gameId: string): Promise<Side> {
	const load = (module: string) => import(pathToFileURL(join(dist, module)).href) as Promise<Record<string, unknown>>;
	const [registry, search, players] = await Promise.all([load('games/registry.js'), load('engine/search.js'), load('engine/players.js')]);
	const {gameById: find} = registry;
	const {Searcher} = search;
	const {decide} = players;
	if (typeof find !== 'function' || typeof Searcher !== 'function' || typeof decide !== 'function')
		throw new Error(`${dist} has no gameById, Searcher or decide where this harness looks for them (an older build?)`);
	const game = (find as (id: string) => AnyGame | undefined)(gameId);
	if (!game) throw new Error(`${dist} does not know the game ${gameId}`);
	const searcher = new (Searcher as new (config: object) => {clear(): void})({tableMegabytes: 8});
	const forget = gameId === 'boxes' ? (await load('games/boxes/solver.js'))['clearSolverTable'] : undefined;
	return {game, searcher, decide: decide as Side['decide'], ...(typeof forget === 'function' ? {forget: forget as () => void} : {})};
}

/** The state after these moves (from a new board of `setup`'s) in a build's own game; `who` names the side in a refusal. */
export function replay(game: AnyGame, moves: readonly string[], who: string, setup?: Setup): unknown {
	let state = game.initial(setup);
	for (const text of moves) state = playText(game, state, text, who);
	return state;
}

function playText(game: AnyGame, state: unknown, text: string, who: string): unknown {
	const move = game.parseMove(state, text);
	if (!move.ok) throw new Error(`${who} cannot read the move ${text}: ${move.error}`);
	if (!game.legalMoves(state).includes(move.value)) throw new Error(`${who} finds ${text} illegal`);
	return game.play(state, move.value);
}

export function playGame(
	referee: AnyGame,
	sides: readonly [Side, Side],
	nodes: number,
	moves: readonly string[],
	candidateFirst: boolean,
	setup?: Setup,
): SprtGameResult {
	const names = ['the candidate', 'the base'] as const;
	// By the player each is: player 1 first.
	const seats = candidateFirst ? [0, 1] : [1, 0];
	let state = replay(referee, moves, 'the referee', setup);
	const states = sides.map((side, index) => replay(side.game, moves, names[index]!, setup));
	let plies = 0;
	const played: string[] = [];
	while (referee.outcome(state) === null) {
		if (plies >= DEFAULT_MAX_PLIES) return {score: 0.5, reason: 'cap', plies, moves: played.join(', ')};
		const mover = seats[referee.toMove(state) - 1]!;
		const side = sides[mover]!;
		side.searcher.clear();
		side.forget?.();
		const decision = side.decide(side.searcher, side.game.searchPosition(states[mover]), {limits: {nodes}});
		if (decision.move < 0) throw new Error(`${names[mover]} found no move where the referee's rules go on`);
		const text = side.game.formatMove(states[mover], decision.move);
		played.push(text);
		state = playText(referee, state, text, 'the referee');
		for (const [index, other] of sides.entries()) states[index] = playText(other.game, states[index], text, names[index]!);
		plies++;
	}
	const outcome = referee.outcome(state)!;
	const candidateSide = candidateFirst ? 1 : 2;
	const score = outcome.winner === null ? 0.5 : outcome.winner === candidateSide ? 1 : 0;
	return {score, reason: outcome.reason, plies, moves: played.join(', ')};
}

/** Both games of a pair: the candidate (sides[0]) first in the first. */
export function playPair(
	referee: AnyGame,
	sides: readonly [Side, Side],
	nodes: number,
	moves: readonly string[],
	setup?: Setup,
): [SprtGameResult, SprtGameResult] {
	return [playGame(referee, sides, nodes, moves, true, setup), playGame(referee, sides, nodes, moves, false, setup)];
}

/**
 * Pairs from games that end in any order (the referee's, on clocks): the two games of a match
 * make a pair, whichever ends first. `add` gives the pair's two scores when its second game ends.
 */
export function pairCollector(): {add(match: number, score: number): readonly [number, number] | null} {
	const halves = new Map<number, number>();
	return {
		add(match, score) {
			const other = halves.get(match);
			if (other === undefined) {
				halves.set(match, score);
				return null;
			}
			halves.delete(match);
			return [other, score];
		},
	};
}
