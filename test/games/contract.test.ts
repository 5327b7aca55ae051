/**
 * The contract every registered game keeps, checked on random playouts of each: a new game gets
 * these tests by being in the registry. Tic-tac-toe and Nim (with its misère ruling), the games the
 * tests register, run them too.
 * It runs with the test games registered (TEST_GAMES_TESTS in test/tiers.ts).
 */
import {describe, expect, test} from 'vitest';

import {ONGOING} from '../../source/games/game.js';
import {baseGameId, gameOfText, games, type AnyGame} from '../../source/games/registry.js';
import {seededRandom} from '../../source/games/seeded.js';
import {optionsOf, settled} from '../../source/games/setup.js';

/** The positions of a random playout from a new game, to its end (or `limit` plies), each after the move that led to it. */
function playout(game: AnyGame, seed: number, limit = 400): {states: unknown[]; moves: number[]} {
	const random = seededRandom(seed);
	let state = game.initial(settled(game, {seed}));
	const states = [state];
	const moves: number[] = [];
	while (game.outcome(state) === null && moves.length < limit) {
		const legal = game.legalMoves(state);
		if (legal.length === 0) break;
		const move = legal[Math.floor(random() * legal.length)]!;
		moves.push(move);
		state = game.play(state, move);
		states.push(state);
	}
	return {states, moves};
}

/**
 * playout(game, seed), played once for the file: the tests below read the same playouts, and a
 * state is never changed (each move makes a new one).
 */
const playouts = new Map<string, {states: unknown[]; moves: number[]}>();
function playoutOf(game: AnyGame, seed: number): {states: unknown[]; moves: number[]} {
	const key = `${game.id} ${seed}`;
	let played = playouts.get(key);
	if (!played) {
		played = playout(game, seed);
		playouts.set(key, played);
	}
	return played;
}

const sorted = (moves: Iterable<number>): number[] => [...moves].sort((a, b) => a - b);

/** The moves a search position generates. */
function generated(position: ReturnType<AnyGame['searchPosition']>): number[] {
	const buffer = new Int32Array(position.maxMoves);
	return sorted(buffer.subarray(0, position.generateMoves(buffer, 0)));
}

const SEEDS = [1, 2, 3];

test('the registry has tic-tac-toe and Nim when the tests ask for them, after the games it always has', () => {
	expect(games.map(one => one.id)).toEqual(['loaps', 'loa', 'loa-mover', 'pahtum', 'boxes', 'tictactoe', 'nim', 'nim-misere']);
});

test("no game's setup option is named as an option of the command line or a row of the menu, and one name means one kind", () => {
	// The command line's own options, and the menu's own rows (ui/menu-state.ts).
	const fixed = [
		...['game', 'mover-wins', 'seed', 'board', 'side', 'level', 'clock', 'red', 'blue', 'black', 'white', 'delay', 'games'],
		...['time', 'depth', 'json', 'matches', 'jobs', 'out', 'divide', 'ascii', 'color', 'quiet', 'help', 'version'],
		...['play', 'two-players', 'demo', 'analyse', 'review', 'open', 'bell', 'quit'],
	];
	const kinds = new Map<string, string>();
	for (const game of games)
		for (const option of optionsOf(game))
			for (const name of [option.name, ...(option.perMatch ? [option.perMatch] : [])]) {
				expect(fixed, `${game.id} --${name}`).not.toContain(name);
				expect(kinds.get(name) ?? option.kind, `${game.id} --${name}`).toBe(option.kind);
				kinds.set(name, option.kind);
			}
});

describe.each(games.map(game => [game.id, game] as const))('the contract: %s', (_, game) => {
	test('a random playout ends, by the rules or with no legal move; the move numbers and sides go on', () => {
		for (const seed of SEEDS) {
			const {states} = playoutOf(game, seed);
			const last = states.at(-1);
			expect(game.outcome(last) !== null || game.legalMoves(last).length === 0, `seed ${seed}`).toBe(true);
			expect(states.map(state => game.toMove(state)).filter(side => side !== 1 && side !== 2)).toEqual([]);
		}
	});

	test("the search position's moves are the legal moves, and make then unmake restores its key and its moves", () => {
		// Plain comparisons, and one expect() for the list of what differed (an expect() for each
		// of the ~40 000 comparisons was half of this file's time).
		const wrong: string[] = [];
		const keyOf = (position: ReturnType<AnyGame['searchPosition']>) =>
			[position.keyLo, position.keyHi, position.hashLo, position.hashHi, position.sideToMove].join(' ');
		for (const seed of SEEDS) {
			const {states} = playoutOf(game, seed);
			for (const [ply, state] of states.entries()) {
				const where = `seed ${seed}, ply ${ply}`;
				const position = game.searchPosition(state);
				const legal = sorted(game.legalMoves(state));
				const moves = generated(position);
				if (game.outcome(state) !== null) {
					if (position.terminal() === ONGOING) wrong.push(`${where}: the game is over, and the search position goes on`);
				} else if (moves.join() !== legal.join()) wrong.push(`${where}: generated [${moves.join()}], legal [${legal.join()}]`);
				const key = keyOf(position);
				for (const move of moves.slice(0, 8)) {
					position.make(move);
					position.unmake();
					const after = keyOf(position);
					if (after !== key) wrong.push(`${where}, ${move} made and unmade: key, hash and side ${after}, before ${key}`);
					const again = generated(position);
					if (again.join() !== moves.join())
						wrong.push(`${where}, ${move} made and unmade: moves [${again.join()}], before [${moves.join()}]`);
				}
			}
		}
		expect(wrong).toEqual([]);
	});

	// A POTM file is a position to move from: one past LOAPS's move limit has no file of its own (a
	// save keeps such a game in its history, files/saves.ts).
	test('a position still to move from reads back as itself: parse(format(x)) formats as x, and keeps the side to move', () => {
		for (const seed of SEEDS) {
			// The texts that do not read back, each with what it read as (one expect() for them all).
			const wrong: Array<{text: string; read: string}> = [];
			for (const state of playoutOf(game, seed).states.filter(one => game.outcome(one) === null)) {
				const text = game.format(state);
				const parsed = game.parse(text, 'position.txt');
				if (!parsed.ok) wrong.push({text, read: `an error: ${parsed.error.message}`});
				else if (game.format(parsed.value) !== text) wrong.push({text, read: game.format(parsed.value)});
				else if (game.toMove(parsed.value) !== game.toMove(state)) wrong.push({text, read: `player ${game.toMove(parsed.value)} to move`});
			}
			expect(wrong, `seed ${seed}`).toEqual([]);
		}
	});

	test("a position's text is this game's, and no other game's but its rulings'", () => {
		const {states} = playoutOf(game, 7);
		for (const state of [states[0], states[Math.floor(states.length / 2)], states.at(-1)]) {
			const text = game.format(state);
			expect(baseGameId(gameOfText(text)!)).toBe(baseGameId(game));
			for (const other of games) if (baseGameId(other) !== baseGameId(game)) expect(other.recognizes(text), other.id).toBe(false);
		}
	});

	test("a move reads back from its notation, and an entry's answer reads back as its move", () => {
		for (const seed of SEEDS) {
			const {states, moves} = playoutOf(game, seed);
			// The moves that do not read back, with what they read as (one expect() for them all).
			const wrong: Array<{ply: number; move: number; notation: unknown; entry: unknown}> = [];
			moves.forEach((move, ply) => {
				const state = states[ply];
				const notation = game.parseMove(state, game.formatMove(state, move));
				const entry = game.readEntryMove(state, game.entryAnswer(state, move));
				// What toEqual({ok: true, value: move}) asked: that and nothing more.
				const readsBack = (read: object) =>
					Object.keys(read).length === 2 && 'ok' in read && read.ok === true && 'value' in read && read.value === move;
				if (!readsBack(notation) || !readsBack(entry)) wrong.push({ply, move, notation, entry});
			});
			expect(wrong, `seed ${seed}`).toEqual([]);
		}
	});

	test('the board view names and places every square it draws, and the cursor starts on the board', () => {
		const state = game.initial(settled(game, {seed: 1}));
		const view = game.board(state);
		for (let row = 0; row < view.rows; row++)
			for (let column = 0; column < view.columns; column++) {
				const square = view.squareAt(row, column);
				expect(view.placeOf(square)).toEqual([row, column]);
				expect(view.squareName(square)).toMatch(/\S/);
			}
		for (const home of view.home) {
			const [row, column] = view.placeOf(home);
			expect(row).toBeGreaterThanOrEqual(0);
			expect(row).toBeLessThan(view.rows);
			expect(column).toBeGreaterThanOrEqual(0);
			expect(column).toBeLessThan(view.columns);
			expect(view.squareAt(row, column)).toBe(home);
		}
	});
});
