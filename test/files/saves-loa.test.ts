/**
 * Saves of classic 8×8 Lines of Action (source/files/saves.ts): the .txt with 8 board lines, a
 * history that names the ruling ('loa' or 'loa-mover'), loadGame keeping that ruling unless told
 * otherwise, a --game that disagrees with the save, and the load list summing a save up from its
 * history (a game drawn by repetition is listed as over).
 */
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, test} from 'vitest';
import {classicLoa, classicLoaMoverWins, loaps} from '../../source/games/loa/index.js';
import type {LoaState} from '../../source/games/loa/rules.js';
import type {AnyGame} from '../../source/games/registry.js';
import {historyPathOf} from '../../source/files/history.js';
import {loadGame} from '../../source/files/load-game.js';
import {listSaves, saveGame} from '../../source/files/saves.js';

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'potm-saves-loa-'));
});
afterEach(() => {
	rmSync(dir, {recursive: true, force: true});
});

function saved<T>(result: {ok: true; value: T} | {ok: false; error: string}): T {
	if (!result.ok) throw new Error(`expected success, got: ${result.error}`);
	return result.value;
}

function failed(result: {ok: true; value: unknown} | {ok: false; error: string}): string {
	if (result.ok) throw new Error(`expected a failure, got a game of ${(result.value as {game: AnyGame}).game.id}`);
	return result.error;
}

/** The line of play from `from` by typed moves. */
function line(game: AnyGame, moves: readonly string[], from: LoaState = game.initial() as LoaState): LoaState[] {
	const states = [from];
	for (const text of moves) {
		const state = states.at(-1)!;
		const move = game.parseMove(state, text);
		if (!move.ok) throw new Error(`${text}: ${move.error}`);
		states.push(game.play(state, move.value) as LoaState);
	}
	return states;
}

/** b1 b3, a2 c2 and back, twice: the start stands a third time with BLACK to move, a draw. */
const SHUFFLE = ['b1 b3', 'a2 c2', 'b3 b1', 'c2 a2', 'b1 b3', 'a2 c2', 'b3 b1', 'c2 a2'];

/** BLACK to play a1 a2, joining a1 to b3: BLACK connects. */
const CONNECT = '1 9\n1 0 60.0\n2 0 60.0\n.......2\n........\n........\n........\n........\n.1......\n........\n1......2\n';

function parsed(game: AnyGame, text: string): LoaState {
	const result = game.parse(text, 'test position');
	if (!result.ok) throw new Error(result.error.message);
	return result.value as LoaState;
}

const historyOf = (path: string) =>
	JSON.parse(readFileSync(historyPathOf(path), 'utf8')) as {game: string; start: string; moves: {move: string}[]};

describe('saving and loading a classic game', () => {
	test('the .txt is the 8×8 POTM file (8 board lines of 8), the history says "loa", and it all comes back', () => {
		const played = line(classicLoa, ['e1 e3', 'a2 c2', 'e3 e5']);
		const path = saved(saveGame(dir, 'classic', classicLoa, played));
		const text = readFileSync(path, 'utf8');
		expect(text).toBe(classicLoa.format(played[3]!));
		const lines = text.split('\n');
		expect(lines.at(-1)).toBe('');
		expect(lines.slice(3, -1)).toHaveLength(8);
		for (const row of lines.slice(3, -1)) expect(row).toMatch(/^[.12]{8}$/);
		expect(historyOf(path)).toMatchObject({game: 'loa', start: classicLoa.format(classicLoa.initial())});
		expect(historyOf(path).moves.map(move => move.move)).toEqual(['e1 e3', 'a2 c2', 'e3 e5']);

		const loaded = saved(loadGame(path));
		expect(loaded.game).toBe(classicLoa);
		expect(loaded.note).toBeNull();
		expect(loaded.line.map(state => classicLoa.format(state as LoaState))).toEqual(played.map(state => classicLoa.format(state)));
		expect(loaded.moves).toHaveLength(3);
	});

	test('a mover-wins game keeps its ruling: "loa-mover" in the history, and loadGame(path) gives it back', () => {
		const played = line(classicLoaMoverWins, ['e1 e3', 'a2 c2']);
		const path = saved(saveGame(dir, 'sackson', classicLoaMoverWins, played));
		expect(historyOf(path).game).toBe('loa-mover');
		const loaded = saved(loadGame(path));
		expect(loaded.game.id).toBe('loa-mover');
		expect(loaded.note).toBeNull();
		expect(loaded.moves).toHaveLength(2);
		// The same file without its history cannot tell the rulings apart: the plain one.
		rmSync(historyPathOf(path));
		expect(saved(loadGame(path)).game.id).toBe('loa');
	});

	test('loadGame(path, "loa-mover") overrides a plain save\'s ruling; "loa" (--game loa) names the game and keeps a save\'s ruling', () => {
		const mover = saved(saveGame(dir, 'mover', classicLoaMoverWins, line(classicLoaMoverWins, ['e1 e3'])));
		const plain = saved(saveGame(dir, 'plain', classicLoa, line(classicLoa, ['e1 e3'])));
		const kept = saved(loadGame(mover, 'loa'));
		expect(kept.game.id).toBe('loa-mover');
		expect(kept.note).toBeNull();
		expect(kept.moves).toHaveLength(1);
		expect(saved(loadGame(plain, 'loa')).game.id).toBe('loa');
		const asMover = saved(loadGame(plain, 'loa-mover'));
		expect(asMover.game.id).toBe('loa-mover');
		expect(asMover.note).toBeNull();
		expect(asMover.moves).toHaveLength(1);
		// The states themselves are of the ruling they load under (what the rules of play go by).
		expect((asMover.line.at(-1) as LoaState).variant.bothConnected).toBe('mover');
		expect((kept.line.at(-1) as LoaState).variant.bothConnected).toBe('mover');
		// Without its history the file cannot tell the ruling: --game loa is the Olympiad's.
		rmSync(historyPathOf(mover));
		expect(saved(loadGame(mover, 'loa')).game.id).toBe('loa');
	});

	test('a finished mover-wins game (the .txt connected, so only its history makes it loadable) keeps its ruling', () => {
		const played = line(classicLoaMoverWins, ['a1 a2'], parsed(classicLoaMoverWins, CONNECT));
		expect(classicLoaMoverWins.outcome(played[1]!)).toMatchObject({winner: 1, reason: 'connection'});
		const path = saved(saveGame(dir, 'won', classicLoaMoverWins, played));
		expect(classicLoaMoverWins.parse(readFileSync(path, 'utf8'), path).ok).toBe(false);
		const loaded = saved(loadGame(path));
		expect(loaded.game.id).toBe('loa-mover');
		expect(loaded.line).toHaveLength(2);
		expect(saved(loadGame(path, 'loa')).game.id).toBe('loa-mover');
	});

	test('a save of the other game than the one asked for is refused, naming the file', () => {
		const classicPath = saved(saveGame(dir, 'eight', classicLoa, line(classicLoa, ['e1 e3'])));
		expect(failed(loadGame(classicPath, 'loaps'))).toMatch(
			/eight\.txt holds a Lines of Action position \(8×8\), but the command line asks for LOAPS/,
		);
		const loapsPath = saved(saveGame(dir, 'seven', loaps, [loaps.initial()]));
		expect(failed(loadGame(loapsPath, 'loa'))).toMatch(
			/seven\.txt holds a LOAPS position \(7×7\), but the command line asks for Lines of Action/,
		);
	});

	// A finished game's .txt is connected, so loadPosition fails and finishedGame reads the history:
	// it must refuse the other game as well.
	test('a finished classic save asked for as LOAPS is refused too', () => {
		const played = line(classicLoa, ['a1 a2'], parsed(classicLoa, CONNECT));
		const path = saved(saveGame(dir, 'won', classicLoa, played));
		expect(failed(loadGame(path, 'loaps'))).toMatch(/won\.txt holds a game of Lines of Action, but the command line asks for LOAPS/);
	});
});

describe('listSaves with classic games', () => {
	test('a classic position is summed up without a move limit; a finished one by its outcome', () => {
		saved(saveGame(dir, 'going', classicLoa, line(classicLoa, ['e1 e3'])));
		saved(saveGame(dir, 'won', classicLoaMoverWins, line(classicLoaMoverWins, ['a1 a2'], parsed(classicLoaMoverWins, CONNECT))));
		const entries = Object.fromEntries(listSaves(dir).map(entry => [entry.name, entry]));
		expect(entries['going.txt']).toMatchObject({summary: 'WHITE to move, move 1', error: null, hasHistory: true});
		expect(entries['won.txt']).toMatchObject({summary: 'BLACK connected: BLACK wins', error: null, hasHistory: true});
	});

	test('a game drawn by the third repetition is listed as drawn (its .txt alone is the start position)', () => {
		const played = line(classicLoa, SHUFFLE);
		const outcome = classicLoa.outcome(played.at(-1)!);
		expect(outcome).toMatchObject({result: 'draw', reason: 'repetition'});
		// Not before: the second time the start stands is no draw yet.
		expect(played.slice(0, -1).map(state => classicLoa.outcome(state))).toEqual(played.slice(0, -1).map(() => null));
		const path = saved(saveGame(dir, 'drawn', classicLoa, played));
		// The .txt by itself is a position to play from.
		expect(classicLoa.parse(readFileSync(path, 'utf8'), path).ok).toBe(true);
		expect(listSaves(dir)).toMatchObject([{name: 'drawn.txt', error: null, hasHistory: true, summary: outcome!.description}]);
		expect(outcome!.description).toMatch(/third time.*draw/);
		// Without the history there is nothing to count: it is the start position, BLACK to move.
		rmSync(historyPathOf(path));
		expect(listSaves(dir)).toMatchObject([{name: 'drawn.txt', summary: 'BLACK to move, move 5'}]);
	});

	test('a mover-wins save drawn by repetition is listed as drawn too; with a broken history, from its .txt', () => {
		const path = saved(saveGame(dir, 'drawn', classicLoaMoverWins, line(classicLoaMoverWins, SHUFFLE)));
		expect(listSaves(dir)[0]!.summary).toMatch(/third time.*draw/);
		writeFileSync(historyPathOf(path), '{ not json');
		expect(listSaves(dir)[0]).toMatchObject({summary: 'BLACK to move, move 5', error: null});
	});
});

describe('a game played without a clock', () => {
	test('is saved so ("clock": "none") and loads so; a save that does not say has its clock; any other "clock" sets the history aside', () => {
		const played = line(loaps, ['b1 d3', 'a6 c6']);
		const unclocked = saved(saveGame(dir, 'calm', loaps, played, undefined, null, null, false));
		expect(historyOf(unclocked)).toMatchObject({clock: 'none'});
		expect(saved(loadGame(unclocked))).toMatchObject({clocked: false, note: null});
		expect(saved(loadGame(unclocked)).moves).toHaveLength(2);

		const clocked = saved(saveGame(dir, 'timed', loaps, played));
		expect(historyOf(clocked)).not.toHaveProperty('clock');
		expect(saved(loadGame(clocked))).not.toHaveProperty('clocked');

		writeFileSync(historyPathOf(clocked), readFileSync(historyPathOf(clocked), 'utf8').replace('"moves"', '"clock": "soon",\n\t"moves"'));
		const setAside = saved(loadGame(clocked));
		expect(setAside.note).toContain('"clock" must be "none" (a game played without a clock), or absent');
		expect(setAside).not.toHaveProperty('clocked');
	});
});
