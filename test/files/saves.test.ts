/**
 * The saves folder (source/files/saves.ts): saving a game and loading it back with its history,
 * writes that leave either the old save or the new one and never a half of each, the load list,
 * and save names. Every test works in a fresh temporary folder of its own.
 */
import {spawn, spawnSync} from 'node:child_process';
import {chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {afterEach, beforeEach, describe, expect, test} from 'vitest';
import {loaps} from '../../source/games/loa/index.js';
import type {LoaState} from '../../source/games/loa/rules.js';
import {checkSaveName, defaultSaveName, listSaves, makeFolder, saveFileName, saveGame, uniqueSaveName} from '../../source/files/saves.js';
import {historyPathOf} from '../../source/files/history.js';
import {loadGame} from '../../source/files/load-game.js';
import {seededRandom} from '../../source/games/seeded.js';
import {loadSave} from '../helpers/saves.js';

let dir: string;

beforeEach(() => {
	dir = mkdtempSync(join(tmpdir(), 'potm-saves-'));
});

afterEach(() => {
	// A test may have made the folder read-only; removing it needs write permission back.
	chmodSync(dir, 0o755);
	rmSync(dir, {recursive: true, force: true});
});

/**
 * A game of `count` moves from `from`, each picked by its index among the legal moves (varied
 * enough that the positions differ), with the clocks ticking down as a UI would set them.
 */
function playGame(count: number, from: LoaState = loaps.initial()): {line: LoaState[]; moves: number[]} {
	const line = [from];
	const moves: number[] = [];
	for (let index = 0; index < count; index++) {
		const state = line.at(-1)!;
		const legal = loaps.legalMoves(state);
		const move = legal[(index * 7) % legal.length]!;
		const [red, blue] = loaps.clocks(state);
		const spent = 1.25 + index / 10;
		line.push(loaps.withClocks(loaps.play(state, move), loaps.toMove(state) === 1 ? [red - spent, blue] : [red, blue - spent]));
		moves.push(move);
	}
	return {line, moves};
}

const playLine = (count: number, from?: LoaState): LoaState[] => playGame(count, from).line;

function saved<T>(result: {ok: true; value: T} | {ok: false; error: string}): T {
	if (!result.ok) throw new Error(`expected success, got: ${result.error}`);
	return result.value;
}

function failed(result: {ok: true; value: unknown} | {ok: false; error: string}): string {
	if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.value)}`);
	return result.error;
}

const formats = (line: readonly unknown[]): string[] => line.map(state => loaps.format(state as LoaState));

/** Everything in `dir`, hidden files included: what a failed or finished save left behind. */
const contents = (folder: string = dir): string[] => readdirSync(folder).sort();

describe('saveGame and loadGame', () => {
	test('a game of several moves comes back whole: the same positions and moves, clocks included', () => {
		const {line, moves} = playGame(6);
		const path = saved(saveGame(dir, 'game', loaps, line));
		expect(path).toBe(join(dir, 'game.txt'));
		expect(contents()).toEqual(['game.history.json', 'game.txt']);

		const loaded = saved(loadGame(path));
		expect(loaded.game).toBe(loaps);
		expect(loaded.note).toBeNull();
		expect(loaded.line).toHaveLength(line.length);
		expect(formats(loaded.line)).toEqual(formats(line));
		expect(loaded.moves).toEqual(moves);
		// Undo needs the real chain of play, not just look-alike positions.
		const last = loaded.line.at(-1) as LoaState;
		expect(last.history).toHaveLength(6);
		expect(loaps.format(last.previous!)).toBe(loaps.format(line[5]!));
	});

	test('the .txt is exactly the POTM file of the last position, readable without the history', () => {
		const line = playLine(3);
		const path = saved(saveGame(dir, 'game.txt', loaps, line));
		const text = readFileSync(path, 'utf8');
		expect(text).toBe(loaps.format(line[3]!));
		const parsed = loaps.parse(text, 'game.txt');
		expect(parsed.ok).toBe(true);
	});

	test('the history file says what it is, the start and each move with the clocks after it', () => {
		const line = playLine(2);
		saved(saveGame(dir, 'game', loaps, line));
		const history = JSON.parse(readFileSync(join(dir, 'game.history.json'), 'utf8')) as {moves: {move: string; clocks: number[]}[]};
		expect(history).toMatchObject({format: 'potm-history', version: 1, game: 'loaps', start: loaps.format(line[0]!)});
		expect(history.moves).toHaveLength(2);
		expect(history.moves[0]!.clocks).toEqual([...loaps.clocks(line[1]!)]);
		expect(loaps.parseMove(line[0]!, history.moves[0]!.move)).toMatchObject({ok: true});
	});

	test('the moves, when the caller has them, are written as they are; wrong ones are refused', () => {
		const {line, moves} = playGame(5);
		saved(saveGame(dir, 'found', loaps, line));
		saved(saveGame(dir, 'given', loaps, line, moves));
		expect(readFileSync(join(dir, 'given.history.json'), 'utf8')).toBe(readFileSync(join(dir, 'found.history.json'), 'utf8'));
		expect(saved(loadGame(join(dir, 'given.txt'))).moves).toEqual(moves);

		expect(failed(saveGame(dir, 'short', loaps, line, moves.slice(1)))).toMatch(/6 positions has 5 moves, not 4/);
		const swapped = [moves[0]!, moves[1]!, moves[2]!, moves[4]!, moves[3]!];
		expect(failed(saveGame(dir, 'swapped', loaps, line, swapped))).toMatch(
			/position 5 of the game does not follow from position 4 by its move/,
		);
		expect(contents()).toEqual(['found.history.json', 'found.txt', 'given.history.json', 'given.txt']);
	});

	test('a game that started from a saved position keeps that position as its start', () => {
		const line = playLine(3, loadSave('red-move-10.txt'));
		const loaded = saved(loadGame(saved(saveGame(dir, 'later', loaps, line))));
		expect(formats(loaded.line)).toEqual(formats(line));
	});

	test('a line of one position saves and loads as that position alone', () => {
		const loaded = saved(loadGame(saved(saveGame(dir, 'start', loaps, [loaps.initial()]))));
		expect(formats(loaded.line)).toEqual([loaps.format(loaps.initial())]);
		expect(loaded.note).toBeNull();
	});

	test('saving over a save keeps only the new game and leaves no temporary file', () => {
		saved(saveGame(dir, 'game', loaps, playLine(8)));
		const line = playLine(2);
		const path = saved(saveGame(dir, 'game', loaps, line));
		expect(contents()).toEqual(['game.history.json', 'game.txt']);
		expect(readFileSync(path, 'utf8')).toBe(loaps.format(line[2]!));
		expect(formats(saved(loadGame(path)).line)).toEqual(formats(line));
	});

	test('makeFolder: a path through ".." is made where it leads, a folder already there is fine', () => {
		// (join would tidy the ".." away; a command line does not.)
		makeFolder(`${dir}/results/../run1`);
		expect(contents()).toEqual(['run1']);
		makeFolder(join(dir, 'run1'));
		makeFolder(join(dir, 'a', 'b', 'c'));
		expect(readdirSync(join(dir, 'a', 'b'))).toEqual(['c']);
	});

	test('saving into a folder that does not exist creates it', () => {
		const folder = join(dir, 'deep', 'saves');
		const path = saved(saveGame(folder, 'game', loaps, playLine(1)));
		expect(path).toBe(join(folder, 'game.txt'));
		expect(contents(folder)).toEqual(['game.history.json', 'game.txt']);
	});

	test('saving into a "folder" that is a file fails, says why, and leaves the file alone', () => {
		const file = join(dir, 'saves');
		writeFileSync(file, 'not a folder\n');
		const error = failed(saveGame(file, 'game', loaps, playLine(1)));
		expect(error).toBe(`cannot save ${join(file, 'game.txt')}: ${file} is not a folder`);
		expect(readFileSync(file, 'utf8')).toBe('not a folder\n');
	});

	test('a failure after the files are written removes the temporary files and keeps the old save', () => {
		const line = playLine(2);
		const path = saved(saveGame(dir, 'game', loaps, line));
		// A folder where the history should go: writing the files works, renaming over it cannot.
		rmSync(historyPathOf(path));
		mkdirSync(join(historyPathOf(path), 'inside'), {recursive: true});
		const error = failed(saveGame(dir, 'game', loaps, playLine(4)));
		expect(error).toBe(`cannot save ${path}: a folder of that name is in the way`);
		expect(contents()).toEqual(['game.history.json', 'game.txt']);
		expect(readFileSync(path, 'utf8')).toBe(loaps.format(line[2]!));
	});

	test.skipIf(process.getuid?.() === 0)('saving into a read-only folder fails with "permission denied" and keeps the old save', () => {
		const line = playLine(2);
		saved(saveGame(dir, 'game', loaps, line));
		chmodSync(dir, 0o555);
		const error = failed(saveGame(dir, 'game', loaps, playLine(5)));
		expect(error).toBe(`cannot save ${join(dir, 'game.txt')}: permission denied`);
		chmodSync(dir, 0o755);
		expect(contents()).toEqual(['game.history.json', 'game.txt']);
		expect(formats(saved(loadGame(join(dir, 'game.txt'))).line)).toEqual(formats(line));
	});

	test('a bad name or an empty line is refused before anything is written', () => {
		expect(failed(saveGame(dir, 'a/b', loaps, playLine(1)))).toBe(`cannot save ${join(dir, 'a/b.txt')}: a name cannot contain "/"`);
		expect(failed(saveGame(dir, 'game', loaps, []))).toMatch(/no position to save/);
		expect(contents()).toEqual([]);
	});

	test('a line whose positions do not follow one another by legal moves is refused', () => {
		const line = playLine(3);
		const error = failed(saveGame(dir, 'game', loaps, [line[0]!, line[2]!]));
		expect(error).toMatch(/position 2 of the game does not follow from position 1/);
		expect(contents()).toEqual([]);
	});
});

describe('loadGame with a missing or broken history', () => {
	/** Saves a game of four moves and gives the .txt's path. */
	const saveFour = (): string => saved(saveGame(dir, 'game', loaps, playLine(4)));

	test('without a history the line is the position alone, and there is nothing to say', () => {
		const path = saveFour();
		rmSync(historyPathOf(path));
		const loaded = saved(loadGame(path));
		expect(formats(loaded.line)).toEqual([readFileSync(path, 'utf8')]);
		expect(loaded.moves).toEqual([]);
		expect(loaded.note).toBeNull();
	});

	test('a history that is not JSON is set aside with a note naming it and the line', () => {
		const path = saveFour();
		writeFileSync(historyPathOf(path), '{\n"format": "potm-history",\n}\n');
		const loaded = saved(loadGame(path));
		expect(loaded.line).toHaveLength(1);
		expect(loaded.note).toMatch(/^.*game\.history\.json line 3: not valid JSON: .* — undo starts from this position$/);
		expect(loaps.format(loaded.line[0] as LoaState)).toBe(readFileSync(path, 'utf8'));
	});

	test('a history with an illegal move is set aside with a note naming the move', () => {
		const path = saveFour();
		const history = JSON.parse(readFileSync(historyPathOf(path), 'utf8')) as {moves: {move: string; clocks: number[]}[]; ended: unknown};
		history.moves[2]!.move = 'a1 a7';
		writeFileSync(historyPathOf(path), JSON.stringify(history));
		const loaded = saved(loadGame(path));
		expect(loaded.line).toHaveLength(1);
		expect(loaded.moves).toEqual([]);
		expect(loaded.note).toMatch(/game\.history\.json: move 3: a1 a7.* — undo starts from this position$/);
	});

	test('a history of another shape is set aside', () => {
		const path = saveFour();
		for (const text of ['[]', '{"format": "potm-history", "version": 2}', '{"format": "potm-history", "version": 1, "game": "chess"}']) {
			writeFileSync(historyPathOf(path), text);
			const loaded = saved(loadGame(path));
			expect(loaded.line).toHaveLength(1);
			expect(loaded.note).toContain('game.history.json: ');
		}
	});

	test('a save cut short between its two renames (new history, old .txt) loads as the new save, whole', () => {
		const old = playGame(4);
		const path = saved(saveGame(dir, 'game', loaps, old.line, old.moves));
		// The new save, made elsewhere, then its history alone put in: what a kill between the renames leaves.
		const other = mkdtempSync(join(tmpdir(), 'potm-saves-new-'));
		try {
			writeFileSync(join(other, 'game.txt'), readFileSync(path));
			const now = playGame(7);
			saved(saveGame(other, 'game', loaps, now.line, now.moves));
			writeFileSync(historyPathOf(path), readFileSync(join(other, 'game.history.json')));
			const loaded = saved(loadGame(path));
			expect(formats(loaded.line)).toEqual(formats(now.line));
			expect(loaded.moves).toEqual(now.moves);
			expect(loaded.note).toBeNull();
			// The listing reads it the same way: the new game's position.
			expect(listSaves(dir)[0]).toMatchObject({name: 'game.txt', summary: 'BLUE to move, move 4/50', error: null});
		} finally {
			rmSync(other, {recursive: true, force: true});
		}
	});

	test('a finished game (its last position no POTM file) keeps its players too', () => {
		const before = loadSave('blue-move-28.txt');
		// Played on to the end: the first legal moves until the rules end the game.
		const line = [before];
		const moves: number[] = [];
		while (!loaps.outcome(line.at(-1)!) && moves.length < 200) {
			const move = loaps.legalMoves(line.at(-1)!)[0]!;
			moves.push(move);
			line.push(loaps.play(line.at(-1)!, move));
		}
		expect(loaps.outcome(line.at(-1)!)).not.toBeNull();
		const path = saved(saveGame(dir, 'over', loaps, line, moves, null, ['you', 'potm level 4 Strong']));
		expect(saved(loadGame(path)).players).toEqual(['you', 'potm level 4 Strong']);
	});

	test('a history names the .txt it replaces, and a new save none', () => {
		const path = saved(saveGame(dir, 'game', loaps, playLine(2)));
		expect(JSON.parse(readFileSync(historyPathOf(path), 'utf8'))).not.toHaveProperty('replaces');
		const before = readFileSync(path, 'utf8');
		saved(saveGame(dir, 'game', loaps, playLine(3)));
		expect(JSON.parse(readFileSync(historyPathOf(path), 'utf8'))).toHaveProperty('replaces', before);
	});

	// The kills land mostly while the files are written and flushed (milliseconds), seldom in the
	// microseconds between the two renames, which the test above builds by hand: this one checks
	// that whatever moment a kill lands, the save loads whole and the next save sweeps what it left.
	test('killed at any moment of a save, the save loads whole: the old game or the new one, never one without its history', async () => {
		const child = fileURLToPath(new URL('../fixtures/save-forever.mjs', import.meta.url));
		const game = playGame(12);
		const random = seededRandom(2611);
		for (let kill = 0; kill < 40; kill++) {
			// Killed after its 1st to 4th save is told: the kill lands wherever the next save has got to.
			const after = 1 + Math.floor(random() * 4);
			await new Promise<void>((done, failed) => {
				const run = spawn(process.execPath, [child, dir], {stdio: ['ignore', 'pipe', 'pipe']});
				let told = 0;
				let errors = '';
				run.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
				run.stdout.on('data', (chunk: Buffer) => {
					told += chunk
						.toString()
						.split('\n')
						.filter(line => line.startsWith('saved')).length;
					if (told >= after) run.kill('SIGKILL');
				});
				run.on('exit', (_code, signal) =>
					signal === 'SIGKILL' ? done() : failed(new Error(`the saving process ended by itself: ${errors}`)),
				);
			});
			const loaded = saved(loadGame(join(dir, 'game.txt')));
			expect(loaded.note).toBeNull();
			const count = loaded.moves.length;
			expect(count).toBeGreaterThanOrEqual(1);
			expect(loaded.moves).toEqual(game.moves.slice(0, count));
			expect(loaded.line.map(state => loaps.format(loaps.withClocks(state as LoaState, [60, 60])))).toEqual(
				game.line.slice(0, count + 1).map(state => loaps.format(loaps.withClocks(state, [60, 60]))),
			);
			// The next save sweeps what the killed one left.
			saved(saveGame(dir, 'other', loaps, playLine(1)));
			expect(contents().filter(name => name.startsWith('.'))).toEqual([]);
		}
	}, 60_000);

	test('a save sweeps the temporary files of writers no longer running, and leaves those of a running one', () => {
		const dead = spawnSync(process.execPath, ['-e', '']).pid;
		const stale = [`.game.txt.${dead}.0123abcd.tmp`, `.game.history.json.${dead}.89abcdef.tmp`, `.elsewhere.txt.${dead}.00000000.tmp`];
		const live = `.game.txt.${process.ppid}.fedcba98.tmp`;
		for (const name of [...stale, live]) writeFileSync(join(dir, name), 'half a save');
		saved(saveGame(dir, 'game', loaps, playLine(1)));
		expect(contents()).toEqual([live, 'game.history.json', 'game.txt']);
	});

	test('a .txt edited by hand, so that the history leads elsewhere, loads as edited with a note', () => {
		const line = playLine(4);
		const path = saved(saveGame(dir, 'game', loaps, line));
		// One more move played on the .txt alone, as if another program had moved.
		const edited = playLine(1, line[4])[1]!;
		writeFileSync(path, loaps.format(edited));
		const loaded = saved(loadGame(path));
		expect(formats(loaded.line)).toEqual([loaps.format(edited)]);
		expect(loaded.note).toMatch(
			/game\.history\.json: its moves do not lead to the position in .*game\.txt .* — undo starts from this position$/,
		);
	});

	test("clocks edited by hand in the .txt are not a mismatch: the file's clocks win", () => {
		const line = playLine(4);
		const path = saved(saveGame(dir, 'game', loaps, line));
		const edited = loaps.withClocks(line[4]!, [12.5, 33]);
		writeFileSync(path, loaps.format(edited));
		const loaded = saved(loadGame(path));
		expect(loaded.note).toBeNull();
		expect(formats(loaded.line)).toEqual([...formats(line.slice(0, 4)), loaps.format(edited)]);
	});

	test('a binary .txt, or one not in UTF-8, is "not a text file", naming the line; never replacement characters', () => {
		const elf = join(dir, 'binary.txt');
		writeFileSync(elf, Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00, 0xfa, 0x61, 0x0a, 0xff]));
		expect(failed(loadGame(elf))).toBe(`${elf} line 1: not a text file (bytes that are not UTF-8 text)`);
		const latin = join(dir, 'latin.txt');
		writeFileSync(
			latin,
			Buffer.concat([Buffer.from('1 1\n1 0 60.0\n2 0 60.0\n.11.11.\n'), Buffer.from([0x2e, 0xe9, 0x2e]), Buffer.from('\n')]),
		);
		expect(failed(loadGame(latin))).toBe(`${latin} line 5: not a text file (bytes that are not UTF-8 text)`);
		// Bytes a loose reading would pass: a surrogate (ED A0 80), an overlong form (E0 80 80), past U+10FFFF (F4 90 80 80).
		for (const bad of [
			[0xed, 0xa0, 0x80],
			[0xe0, 0x80, 0x80],
			[0xf4, 0x90, 0x80, 0x80],
		]) {
			const odd = join(dir, 'odd.txt');
			writeFileSync(odd, Buffer.concat([Buffer.from('1 1\n1 0 60.0\n'), Buffer.from(bad), Buffer.from('\n.11.11.\n2.....2\n')]));
			expect(failed(loadGame(odd))).toBe(`${odd} line 3: not a text file (bytes that are not UTF-8 text)`);
		}
		const nul = join(dir, 'nul.txt');
		writeFileSync(nul, '1 1\n1 0 60.0\u0000\n');
		expect(failed(loadGame(nul))).toBe(`${nul} line 2: not a text file (a NUL byte)`);
		// UTF-8 that is text is read as text (and then found wanting as a position).
		const text = join(dir, 'text.txt');
		writeFileSync(text, '1 1\n1 0 sixty séconds\n');
		expect(failed(loadGame(text))).toMatch(/text\.txt line 2: /);
		expect(listSaves(dir).find(entry => entry.name === 'binary.txt')?.error).toContain('not a text file');
		for (const error of listSaves(dir).map(entry => entry.error)) expect(error ?? '').not.toContain('\ufffd');
	});

	test('a .txt that does not parse is an error naming the file and line', () => {
		const path = join(dir, 'bad.txt');
		writeFileSync(path, '1 1\n1 0 sixty\n');
		expect(failed(loadGame(path))).toMatch(/bad\.txt line 2: /);
		expect(failed(loadGame(join(dir, 'none.txt')))).toMatch(/none\.txt: no such file/);
	});
});

describe('how a game ended where the rules do not say', () => {
	test('a flag fall or a resignation is kept in the history and comes back with the game', () => {
		const line = playLine(3);
		const ended = {result: 'win' as const, winner: 1 as const, reason: 'time', description: 'BLUE ran out of time: RED wins'};
		const path = saved(saveGame(dir, 'flagged', loaps, line, undefined, ended));
		expect((JSON.parse(readFileSync(historyPathOf(path), 'utf8')) as {ended: unknown}).ended).toEqual(ended);
		const loaded = saved(loadGame(path));
		expect(loaded.ended).toEqual(ended);
		expect(loaded.moves).toHaveLength(3);
		expect(listSaves(dir)[0]!.summary).toBe('BLUE ran out of time: RED wins');
	});

	test('without one, or where the rules ended the game, there is none; a malformed one sets the history aside', () => {
		const path = saved(saveGame(dir, 'plain', loaps, playLine(2)));
		expect(saved(loadGame(path)).ended).toBeNull();
		expect(JSON.parse(readFileSync(historyPathOf(path), 'utf8'))).not.toHaveProperty('ended');
		const history = JSON.parse(readFileSync(historyPathOf(path), 'utf8')) as {moves: {move: string; clocks: number[]}[]; ended: unknown};
		history.ended = {result: 'win', winner: 3, reason: 'time', description: 'x'};
		writeFileSync(historyPathOf(path), JSON.stringify(history));
		const loaded = saved(loadGame(path));
		expect(loaded.ended).toBeNull();
		expect(loaded.note).toMatch(/plain\.history\.json: "ended" must be .* — undo starts from this position$/);
	});
});

describe('listSaves', () => {
	/** Sets a file's modification time to `minutes` past a fixed hour, so the order is certain. */
	const touch = (name: string, minutes: number) => {
		const time = new Date(2026, 10, 21, 15, minutes);
		utimesSync(join(dir, name), time, time);
	};

	test('lists the saves newest first, then by name, with who is to move', () => {
		saved(saveGame(dir, 'old', loaps, [loaps.initial()]));
		saved(saveGame(dir, 'new', loaps, playLine(1)));
		saved(saveGame(dir, 'b-same', loaps, playLine(2)));
		saved(saveGame(dir, 'a-same', loaps, playLine(2)));
		touch('old.txt', 0);
		touch('new.txt', 30);
		touch('a-same.txt', 10);
		touch('b-same.txt', 10);
		const entries = listSaves(dir);
		expect(entries.map(entry => entry.name)).toEqual(['new.txt', 'a-same.txt', 'b-same.txt', 'old.txt']);
		expect(entries.map(entry => entry.summary)).toEqual([
			'BLUE to move, move 1/50',
			'RED to move, move 2/50',
			'RED to move, move 2/50',
			'RED to move, move 1/50',
		]);
		expect(entries[0]).toMatchObject({path: join(dir, 'new.txt'), error: null, hasHistory: true});
		expect(entries[3]!.modified).toEqual(new Date(2026, 10, 21, 15, 0));
	});

	test('a game that is over is summed up by its outcome', () => {
		// RED to move with no legal move (ruling 7), though neither side is connected: a file can hold it.
		const pinned = ['.....21', '.....22', '.......', '.......', '.......', '22.....', '12.....'];
		writeFileSync(join(dir, 'over.txt'), ['1 20', '1 0 60.0', '2 0 60.0', ...pinned].join('\n') + '\n');
		const [entry] = listSaves(dir);
		expect(entry).toMatchObject({error: null, summary: 'RED has no legal move and loses: BLUE wins'});
	});

	test('a file that does not parse is listed with its error, naming the file and line', () => {
		writeFileSync(join(dir, 'broken.txt'), '1 1\n1 0 60.0\n2 0 sixty\n');
		const [entry] = listSaves(dir);
		expect(entry).toMatchObject({name: 'broken.txt', summary: null, hasHistory: false});
		expect(entry!.error).toMatch(/broken\.txt line 3: /);
	});

	test('history files, hidden and temporary files, folders and other files are not listed', () => {
		saved(saveGame(dir, 'game', loaps, playLine(1)));
		writeFileSync(join(dir, '.game.txt.123.abcd.tmp'), 'half a save');
		writeFileSync(join(dir, '.hidden.txt'), loaps.format(loaps.initial()));
		writeFileSync(join(dir, 'notes.md'), 'notes');
		mkdirSync(join(dir, 'folder.txt'));
		expect(listSaves(dir).map(entry => entry.name)).toEqual(['game.txt']);
	});

	test('hasHistory tells a save with a history from one without', () => {
		saved(saveGame(dir, 'with', loaps, playLine(1)));
		writeFileSync(join(dir, 'without.txt'), loaps.format(loaps.initial()));
		const byName = Object.fromEntries(listSaves(dir).map(entry => [entry.name, entry.hasHistory]));
		expect(byName).toEqual({'with.txt': true, 'without.txt': false});
	});

	test('a folder that does not exist has no saves', () => {
		expect(listSaves(join(dir, 'missing'))).toEqual([]);
	});
});

describe('save names', () => {
	test('checkSaveName accepts ordinary names, with or without .txt', () => {
		for (const name of [
			'game',
			'game.txt',
			'2026-11-21-1530',
			'Red vs Blue (2)',
			'partie-déjà',
			'x'.repeat(100),
			'x'.repeat(100) + '.txt',
		]) {
			expect(checkSaveName(name), name).toBeNull();
		}
	});

	test('checkSaveName refuses what cannot or should not be a file name, saying why', () => {
		expect(checkSaveName('')).toBe('a name cannot be empty');
		expect(checkSaveName('  ')).toBe('a name cannot be empty');
		expect(checkSaveName('a/b')).toBe('a name cannot contain "/"');
		expect(checkSaveName('..')).not.toBeNull();
		expect(checkSaveName('a\\b')).toBe('a name cannot contain "\\"');
		expect(checkSaveName('.hidden')).toBe('a name cannot start with "."');
		expect(checkSaveName('.txt')).not.toBeNull();
		expect(checkSaveName('tab\there')).toBe('a name cannot contain control characters');
		expect(checkSaveName('line\nbreak')).toBe('a name cannot contain control characters');
		expect(checkSaveName('x'.repeat(101))).toBe('a name can be at most 100 characters');
		// 100 characters, but 300 bytes: too long for the file system.
		expect(checkSaveName('局'.repeat(100))).not.toBeNull();
	});

	test('saveFileName adds .txt once', () => {
		expect(saveFileName('foo')).toBe('foo.txt');
		expect(saveFileName('foo.txt')).toBe('foo.txt');
		expect(saveFileName('foo.json')).toBe('foo.json.txt');
	});

	test('defaultSaveName is the local date and time to the minute', () => {
		expect(defaultSaveName(new Date(2026, 10, 21, 15, 30, 59))).toBe('2026-11-21-1530');
		expect(defaultSaveName(new Date(2027, 0, 2, 3, 4))).toBe('2027-01-02-0304');
	});

	test('uniqueSaveName adds -2, -3 ... when the name is taken', () => {
		const now = new Date(2026, 10, 21, 15, 30);
		expect(uniqueSaveName(dir, now)).toBe('2026-11-21-1530');
		saved(saveGame(dir, uniqueSaveName(dir, now), loaps, [loaps.initial()]));
		expect(uniqueSaveName(dir, now)).toBe('2026-11-21-1530-2');
		saved(saveGame(dir, uniqueSaveName(dir, now), loaps, [loaps.initial()]));
		expect(uniqueSaveName(dir, now)).toBe('2026-11-21-1530-3');
		expect(uniqueSaveName(join(dir, 'missing'), now)).toBe('2026-11-21-1530');
	});
});
