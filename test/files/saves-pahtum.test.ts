/**
 * Saves of PAH-TUM (source/files/saves.ts): the .txt is the 56-byte grid any PAH-TUM entry reads,
 * the history beside it starts from the first grid (holes and all), so that opening a save gives
 * back the line of play (undo goes back to the empty board); a grid tells its own game.
 */
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, test} from 'vitest';
import {pahtum, type PahtumState} from '../../source/games/pahtum/index.js';
import {historyPathOf} from '../../source/files/history.js';
import {loadGame} from '../../source/files/load-game.js';
import {listSaves, saveGame} from '../../source/files/saves.js';
import {newSession, undo, current, HUMAN} from '../../source/play/session.js';

let dir: string;
beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'potm-saves-pahtum-'));
});
afterEach(() => {
	rmSync(dir, {recursive: true, force: true});
});

function line(moves: readonly string[], from: PahtumState = pahtum.initial({seed: 31})): PahtumState[] {
	const states = [from];
	for (const text of moves) {
		const move = pahtum.parseMove(states.at(-1)!, text);
		if (!move.ok) throw new Error(`${text}: ${move.error}`);
		states.push(pahtum.play(states.at(-1)!, move.value));
	}
	return states;
}

/** Four open squares of seed 31's board, whatever its holes. */
const open = (state: PahtumState): string[] =>
	pahtum
		.legalMoves(state)
		.slice(0, 4)
		.map(move => pahtum.formatMove(state, move));

describe('saving and loading PAH-TUM', () => {
	test('the .txt is the 56-byte grid, the history starts from the first grid, and opening gives back the line', () => {
		const start = pahtum.initial({seed: 31});
		const played = line(open(start), start);
		const result = saveGame(dir, 'grid', pahtum, played);
		if (!result.ok) throw new Error(result.error);
		const text = readFileSync(result.value, 'utf8');
		expect(text).toMatch(/^([-+XO]{7}\n){7}$/);
		expect(Buffer.byteLength(text)).toBe(56);
		expect(text).toBe(pahtum.format(played.at(-1)!));
		const history = JSON.parse(readFileSync(historyPathOf(result.value), 'utf8')) as {game: string; start: string; moves: {move: string}[]};
		expect(history.game).toBe('pahtum');
		expect(history.start).toBe(pahtum.format(start));
		expect(history.moves.map(entry => entry.move)).toEqual(open(start));

		const loaded = loadGame(result.value);
		if (!loaded.ok) throw new Error(loaded.error);
		expect(loaded.value.game).toBe(pahtum);
		expect(loaded.value.line.map(state => pahtum.format(state as PahtumState))).toEqual(played.map(state => pahtum.format(state)));
		// Undo after opening: two people at one keyboard take back every move, to the empty board.
		let session = newSession(pahtum, {seats: [HUMAN, HUMAN], clocked: false, line: loaded.value.line, moves: loaded.value.moves}, 0);
		for (let i = 0; i < 4; i++) session = undo(session, 0);
		expect(pahtum.format(current(session) as PahtumState)).toBe(pahtum.format(start));
		expect(listSaves(dir).map(save => save.name)).toContain('grid.txt');
	});

	test('the history keeps the clock use: what each side had left of its move, though the grid has no clock', () => {
		const start = pahtum.initial({seed: 31});
		const [first, second] = open(start);
		// X's move took 2.5 s of its 10, O's 6.25 s: as a game played in the UI keeps them.
		const afterX = pahtum.withClocks(line([first!], start)[1]!, [7.5, 10]);
		const afterO = pahtum.withClocks(line([second!], afterX)[1]!, [10, 3.75]);
		const result = saveGame(dir, 'timed', pahtum, [start, afterX, afterO]);
		if (!result.ok) throw new Error(result.error);
		const history = JSON.parse(readFileSync(historyPathOf(result.value), 'utf8')) as {moves: {move: string; clocks: number[]}[]};
		expect(history.moves).toEqual([
			{move: first, clocks: [7.5, 10]},
			{move: second, clocks: [10, 3.75]},
		]);
		expect(Buffer.byteLength(readFileSync(result.value, 'utf8'))).toBe(56);
		const loaded = loadGame(result.value);
		if (!loaded.ok) throw new Error(loaded.error);
		expect(loaded.value.line.map(state => pahtum.clocks(state as PahtumState))).toEqual([
			[10, 10],
			[7.5, 10],
			[10, 3.75],
		]);
	});

	test('a grid without a history opens as it is: the position, no moves before it', () => {
		const state = line(open(pahtum.initial({seed: 31})).slice(0, 1)).at(-1)!;
		const path = join(dir, 'bare.txt');
		writeFileSync(path, pahtum.format(state));
		const loaded = loadGame(path);
		if (!loaded.ok) throw new Error(loaded.error);
		expect(loaded.value.game).toBe(pahtum);
		expect(loaded.value.moves).toEqual([]);
		expect(pahtum.format(loaded.value.line[0] as PahtumState)).toBe(pahtum.format(state));
	});

	test('a bad grid is refused naming the file, the line and the problem', () => {
		const path = join(dir, 'bad.txt');
		writeFileSync(path, '-------\n---x---\n-------\n---+---\n-------\n-------\n-------\n');
		const loaded = loadGame(path);
		expect(loaded.ok).toBe(false);
		if (!loaded.ok) expect(loaded.error).toMatch(/bad\.txt line 2: .*"x"/);
	});
});
