/**
 * A game source is read once (issue 40, item 7): loading a save opens its .txt and its history
 * once each, a record once, and `potm review`/`potm export`'s reader (source.ts) no more than
 * that. Every file potm opens is counted through a wrapped node:fs.
 */
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeEach, describe, expect, test, vi} from 'vitest';

/** How many times each path was opened or read whole. */
const opened = vi.hoisted(() => new Map<string, number>());

vi.mock('node:fs', async importOriginal => {
	const fs = await importOriginal<typeof import('node:fs')>();
	const count = (path: unknown) => {
		if (typeof path === 'string') opened.set(path, (opened.get(path) ?? 0) + 1);
	};
	const openSync = ((path: string, ...rest: unknown[]) => {
		count(path);
		return (fs.openSync as (...args: unknown[]) => number)(path, ...rest);
	}) as typeof fs.openSync;
	const readFileSync = ((path: string, ...rest: unknown[]) => {
		count(path);
		return (fs.readFileSync as (...args: unknown[]) => unknown)(path, ...rest);
	}) as typeof fs.readFileSync;
	return {...fs, openSync, readFileSync, default: {...fs, openSync, readFileSync}};
});

const {loadGame} = await import('../../source/files/load-game.js');
const {formatRecord} = await import('../../source/files/record.js');
const {saveGame} = await import('../../source/files/saves.js');
const {readGameSource} = await import('../../source/files/source.js');
const {loaps} = await import('../../source/games/loa/index.js');

const scratch = mkdtempSync(join(tmpdir(), 'potm-read-once-'));
afterAll(() => rmSync(scratch, {recursive: true, force: true}));
beforeEach(() => opened.clear());

/** LOAPS from the start, `plies` first legal moves in. */
function played(plies: number): {line: unknown[]; moves: number[]} {
	let state = loaps.initial();
	const line: unknown[] = [state];
	const moves: number[] = [];
	for (let ply = 0; ply < plies; ply++) {
		const move = loaps.legalMoves(state)[0]!;
		state = loaps.play(state, move);
		line.push(state);
		moves.push(move);
	}
	return {line, moves};
}

/** The counts of the files in `scratch` only. */
const counts = (): Record<string, number> => Object.fromEntries([...opened].filter(([path]) => path.startsWith(scratch)));

describe('a game source is read once', () => {
	test('a save: its .txt once, its history once', () => {
		const {line, moves} = played(6);
		const saved = saveGame(scratch, 'six', loaps, line as never[], moves);
		if (!saved.ok) throw new Error(saved.error);
		opened.clear();
		const loaded = loadGame(saved.value);
		expect(loaded.ok && loaded.value.moves).toEqual(moves);
		expect(counts()).toEqual({[saved.value]: 1, [join(scratch, 'six.history.json')]: 1});
		opened.clear();
		const source = readGameSource(saved.value, undefined);
		expect(source.ok && source.value.moves).toEqual(moves);
		expect(counts()).toEqual({[saved.value]: 1, [join(scratch, 'six.history.json')]: 1});
	});

	test('a record: once, for its game and its tags alike', () => {
		const {line, moves} = played(4);
		const path = join(scratch, 'four.game.txt');
		writeFileSync(path, formatRecord({game: loaps, line, moves, ended: null, players: ['Ann', 'Bob']}));
		opened.clear();
		const source = readGameSource(path, undefined);
		expect(source.ok && source.value.players).toEqual(['Ann', 'Bob']);
		expect(counts()).toEqual({[path]: 1});
	});

	test('a position alone: once, with a look for a history beside it that opens nothing', () => {
		const path = join(scratch, 'alone.txt');
		writeFileSync(path, loaps.format(played(2).line.at(-1) as ReturnType<typeof loaps.initial>));
		opened.clear();
		const loaded = loadGame(path);
		expect(loaded.ok && loaded.value.line).toHaveLength(1);
		expect(counts()).toEqual({[path]: 1});
	});
});
