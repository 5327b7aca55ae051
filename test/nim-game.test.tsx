/**
 * The proof that a game brings its own search and its own prebuilt file from its folder alone
 * (issue 40, items 4 and 5): Nim, which only the tests register (POTM_TEST_GAMES=nim), with its
 * misère ruling. Its search plays in the engine worker, in `potm move` and in a built-in player,
 * perfectly, and is seen to be Nim's by what it reports; the build's step makes Nim's table, the
 * search reads it where it is, and works the values out where it is missing or broken; a person
 * plays it in the UI against the worker, to misère's end.
 */
import {spawnSync} from 'node:child_process';
import {copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath, pathToFileURL} from 'node:url';
import {afterAll, afterEach, beforeAll, describe, expect, test, vi} from 'vitest';

vi.hoisted(() => {
	process.env['POTM_TEST_GAMES'] = 'nim';
});
// The next file in this worker loads the registry afresh, without it.
afterAll(() => {
	delete process.env['POTM_TEST_GAMES'];
});

import {helpText} from '../source/command-line/help.js';
import {parse} from '../source/command-line/parse.js';
import {EngineClient} from '../source/engine/client.js';
import {LocalPlayer} from '../source/engine/players.js';
import {decidedIn} from '../source/engine/search.js';
import {alphaBeta, searchOf} from '../source/engine/searches.js';
import {DECIDED} from '../source/engine/tt.js';
import {buildAssets} from '../source/files/assets.js';
import {readAsset, useAssetsFrom} from '../source/engine/assets.js';
import type {Game} from '../source/games/game.js';
import {nim, nimMisere, type NimState} from '../source/games/nim/index.js';
import {nimSearch} from '../source/games/nim/search.js';
import {nimTableAsset, storedTable, wholeTable} from '../source/games/nim/values.js';
import {baseGameId, gameById, gameOfText} from '../source/games/registry.js';
import type {SearchInfo, SearchResult} from '../source/games/search.js';
import {ai, HUMAN} from '../source/play/session.js';
import {KEYS, removeScratch, start, WAIT, type Harness} from './ui/harness.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const scratch = mkdtempSync(join(tmpdir(), 'potm-nim-'));
const env = {...process.env, POTM_TEST_GAMES: 'nim', NO_COLOR: '1'};
afterAll(() => rmSync(scratch, {recursive: true, force: true}));

/** A position from its heaps, `side` to move. */
const heaps = (a: number, b: number, c: number, side: 'ODD' | 'EVEN' = 'ODD'): NimState => {
	const parsed = nim.parse(`nim\nA ${a}\nB ${b}\nC ${c}\n${side} 4\n`, 'heaps.txt');
	if (!parsed.ok) throw new Error(parsed.error.message);
	return parsed.value;
};

/** The position after the move typed as `text`. */
function played(game: Game<NimState>, state: NimState, text: string): NimState {
	const move = game.parseMove(state, text);
	if (!move.ok) throw new Error(move.error);
	return game.play(state, move.value);
}

/** Whether the side to move wins with best play, worked out here from the rules alone (not from Nim's modules' values). */
function winsByRules(game: Game<NimState>, state: NimState, known = new Map<string, boolean>()): boolean {
	const key = game.format(state);
	let won = known.get(key);
	if (won === undefined) {
		const over = game.outcome(state);
		won = over ? over.winner === state.toMove : game.legalMoves(state).some(move => !winsByRules(game, game.play(state, move), known));
		known.set(key, won);
	}
	return won;
}

/** The moves that keep a won position won (every move, where it is lost). */
const winningMoves = (game: Game<NimState>, state: NimState): string[] =>
	game
		.legalMoves(state)
		.filter(move => !winsByRules(game, game.play(state, move)) || !winsByRules(game, state))
		.map(move => game.formatMove(state, move));

/** Positions to play from, with either ruling: won and lost ones, a forced move, one heap, the start. */
const POSITIONS: readonly NimState[] = [
	nim.initial(),
	heaps(1, 1, 0),
	heaps(0, 0, 1),
	heaps(3, 0, 0),
	heaps(2, 2, 0),
	heaps(1, 2, 3),
	heaps(7, 6, 5),
];
const RULINGS = [nim, nimMisere] as const;

/** Nim's search of `state` with the table given to it (null: none), afresh. */
function searchedWith(table: Uint8Array | null, game: Game<NimState>, state: NimState, multiPv = 1): SearchResult {
	nimTableAsset.use(() => table);
	return nimSearch({}).search(game.searchPosition(state), {multiPv});
}

/** What Nim's search reports, as the tests compare it: the move, the score, how deep, how many values it asked for. */
const signature = (game: Game<NimState>, state: NimState, result: Pick<SearchInfo, 'depth' | 'nodes'> & {move: number; score: number}) => ({
	move: game.formatMove(state, result.move),
	score: result.score,
	depth: result.depth,
	nodes: result.nodes,
});

afterEach(() => {
	nimTableAsset.use(() => null);
});

describe('registered by the tests only, with its ruling', () => {
	test('the registry has both when asked; the misère ruling is a ruling of Nim and reads its files', () => {
		expect(gameById('nim')).toBe(nim);
		expect(gameById('nim-misere')).toBe(nimMisere);
		expect(baseGameId(nimMisere)).toBe('nim');
		expect(gameOfText(nim.format(nim.initial()))).toBe(nim);
		expect(nim.format(nim.initial())).toBe('nim\nA 3\nB 4\nC 5\nODD 1\n');
		// Both declare the one table, and play with the one search.
		expect(nimMisere.assets).toEqual(nim.assets);
		expect(searchOf(nim)).toBe(nimSearch);
		expect(searchOf(nimMisere)).toBe(nimSearch);
	});

	test("its ruling's switch comes from its own description: --misere, in the parse, the help and a refusal", () => {
		expect(parse(['move', 'heaps.txt', '--game', 'nim', '--misere'])).toMatchObject({kind: 'move', game: 'nim-misere'});
		expect(parse(['move', 'heaps.txt', '--misere'])).toMatchObject({kind: 'move', game: 'nim-misere'});
		expect(parse(['move', 'heaps.txt', '--game', 'nim'])).toMatchObject({kind: 'move', game: 'nim'});
		expect(parse(['move', 'heaps.txt', '--game', 'loa', '--misere'])).toHaveProperty(
			'error',
			expect.stringMatching(/^--misere is a ruling of Nim/),
		);
		expect(helpText('move')).toContain('--misere');
	});

	test('potm move --misere plays the misère move, and without it the normal one (the built program)', () => {
		const file = join(scratch, 'two-in-c.txt');
		writeFileSync(file, nim.format(heaps(0, 0, 2)));
		const move = (...flags: string[]) =>
			spawnSync(process.execPath, [join(dist, 'cli.js'), 'move', file, ...flags], {cwd: scratch, encoding: 'utf8', env, timeout: 60_000});
		// Two pebbles left: take both and win; in misère take one, and the other must take the last.
		expect(move('--game', 'nim')).toMatchObject({status: 0, stdout: 'C2\n'});
		expect(move('--game', 'nim', '--misere')).toMatchObject({status: 0, stdout: 'C1\n'});
	});

	test('the rulings differ at the end: who took the last pebble wins in normal play and loses in misère', () => {
		const last = played(nim, heaps(0, 0, 1, 'EVEN'), 'C1');
		expect(nim.outcome(last)?.winner).toBe(2);
		expect(nim.outcome(last)?.description).toBe('EVEN took the last pebble and wins');
		expect(nimMisere.outcome(last)?.winner).toBe(1);
		expect(nimMisere.outcome(last)?.description).toBe('EVEN took the last pebble and loses: ODD wins');
		expect(nim.parseMove(heaps(1, 0, 0), 'A2')).toEqual({ok: false, error: 'Heap A has 1 pebble only'});
		expect(nim.parseMove(heaps(1, 0, 0), 'B1')).toEqual({ok: false, error: 'Heap B is empty'});
		expect(nim.parseMove(heaps(7, 0, 0), 'A4').ok).toBe(false);
	});
});

describe("Nim's own search plays perfectly", () => {
	test.each(RULINGS.map(game => [game.id, game] as const))(
		'%s: the winning move of each position, a decided score, the line to the end',
		(_, game) => {
			for (const table of [wholeTable(), null]) {
				for (const state of POSITIONS) {
					const result = searchedWith(table, game, state);
					const won = winsByRules(game, state);
					const named = `${game.format(state)} with${table ? '' : 'out'} the table`;
					expect(winningMoves(game, state), named).toContain(game.formatMove(state, result.move));
					expect(result.stoppedBy).toBe('decided');
					expect(Math.abs(result.score), named).toBeGreaterThan(DECIDED);
					// The plies to the end, the line's length: the game is over after it.
					const plies = decidedIn(result.score)!;
					expect(plies > 0, named).toBe(won);
					expect(result.depth).toBe(Math.abs(plies));
					const end = result.lines[0]!.pv.reduce((position, move) => game.play(position, move), state);
					expect(game.outcome(end)?.winner, named).toBe(won ? state.toMove : 3 - state.toMove);
				}
			}
		},
	);

	test('the same values with the table as without; its own results are told by the values it asked for', () => {
		// One heap of 0 to 7 in normal play (plies × 2, + 1 for a win): lost at once, won in 1, lost in 2, won in 3.
		expect(Array.from(wholeTable().subarray(0, 8))).toEqual([0, 3, 3, 3, 4, 7, 7, 7]);
		for (const game of RULINGS) {
			const state = nim.initial();
			const read = searchedWith(wholeTable(), game, state, 3);
			const workedOut = searchedWith(null, game, state, 3);
			expect(read.lines).toEqual(workedOut.lines);
			// With the table, a value for each move along the lines; without, every position below the start besides.
			expect(read.nodes).toBeLessThan(workedOut.nodes / 4);
			expect(workedOut.nodes).toBeGreaterThan(400);
		}
		// The start is won: in normal play A2 leaves 1, 4, 5 (0 ^ 1 ^ 1 heaps mod 4: lost for EVEN); in misère A3.
		expect(signature(nim, nim.initial(), searchedWith(null, nim, nim.initial()))).toMatchObject({move: 'A2', depth: 7});
		expect(signature(nimMisere, nim.initial(), searchedWith(null, nimMisere, nim.initial()))).toMatchObject({move: 'A3', depth: 6});
	});

	test('a game over has no move: -1, as the alpha-beta search says it', () => {
		const over = heaps(0, 0, 0);
		for (const game of RULINGS) expect(searchedWith(null, game, over)).toMatchObject({move: -1, score: 0, stoppedBy: 'no-move', lines: []});
	});
});

describe('item 5: every player plays with it', () => {
	test("a built-in player made with searchOf(game) plays Nim's search's move, and hears its report", () => {
		for (const game of RULINGS) {
			for (const state of POSITIONS) {
				const reports: SearchInfo[] = [];
				const player = new LocalPlayer({kind: 'level', level: 5}, 1, 1, searchOf(game));
				const move = player.choose(game.searchPosition(state), {fixedMs: 1000}, {onProgress: info => reports.push(info)});
				const own = searchedWith(null, game, state);
				expect(move).toBe(own.move);
				expect(reports.map(info => signature(game, state, {...info, move: info.lines[0]!.move, score: info.lines[0]!.score}))).toEqual([
					signature(game, state, own),
				]);
				// The alpha-beta search, which a game that declares none plays with, reports otherwise.
				const alphaBetaResult = alphaBeta({tableMegabytes: 1}).search(game.searchPosition(state), {depth: 4});
				if (game.legalMoves(state).length > 1) expect(signature(game, state, alphaBetaResult)).not.toEqual(signature(game, state, own));
			}
		}
	});

	test('the engine worker thinks with it, on one thread (it shares no table), its lines written in the notation', async () => {
		const client = new EngineClient({threads: 2});
		try {
			for (const game of RULINGS) {
				client.clear();
				const state = heaps(2, 3, 5);
				const result = await client.think(game, state, {limits: {softMs: 2000, hardMs: 4000, multiPv: 2}});
				// The worker reads no table beside its modules (source/ has none): it works the values out.
				const own = searchedWith(null, game, state, 2);
				expect(signature(game, state, result)).toEqual(signature(game, state, own));
				expect(winningMoves(game, state)).toContain(result.moveText);
				expect(result.stoppedBy).toBe('decided');
				expect(result.threads).toBe(1);
				expect(result.lines.map(line => line.text)).toEqual(own.lines.map(line => line.pv.map(move => game.formatMove(state, move))));
			}
		} finally {
			await client.close();
		}
	});

	test('potm move, the built program, plays its move and says what it did (POTM_VERBOSE)', () => {
		const file = join(scratch, 'position.txt');
		for (const state of [nim.initial(), heaps(2, 2, 0), heaps(1, 2, 3)]) {
			writeFileSync(file, nim.format(state));
			const run = spawnSync(process.execPath, [join(dist, 'cli.js'), 'move', file], {
				encoding: 'utf8',
				env: {...env, POTM_VERBOSE: '1'},
				timeout: 60_000,
			});
			expect(run.status, run.stderr).toBe(0);
			const own = searchedWith(null, nim, state);
			expect(run.stdout).toBe(`${nim.formatMove(state, own.move)}\n`);
			expect(winningMoves(nim, state)).toContain(run.stdout.trim());
			// The real build registers no test game, so it has no Nim table: the search works it out.
			expect(run.stderr).toMatch(new RegExp(`^depth ${own.depth} score ${own.score} nodes ${own.nodes} .*\\(decided\\)`));
		}
	});
});

describe("item 4: Nim's table, made by the build's step and read by the search", () => {
	const built = join(scratch, 'built');
	beforeAll(() => {
		mkdirSync(built);
		// The 3×3 LINES and BOXES table is there whole already (the real build's), so the step makes Nim's alone.
		const boxes = 'boxes-3x3.table';
		copyFileSync(join(dist, boxes), join(built, boxes));
	});

	test('the real build, which registers no test game, makes no Nim table', () => {
		expect(readFileSync(join(dist, 'assets.txt'), 'utf8')).not.toContain(nimTableAsset.file);
	});

	test("the build's step (dist/files/assets.js buildAssets) with Nim registered makes Nim's table once for both rulings, whole", () => {
		const assets = pathToFileURL(join(dist, 'files', 'assets.js')).href;
		const script = `const {buildAssets} = await import(${JSON.stringify(assets)}); console.log(JSON.stringify(buildAssets(${JSON.stringify(built)}, undefined, asset => console.error(asset.making))));`;
		const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {encoding: 'utf8', env, timeout: 60_000});
		expect(run.status, run.stderr).toBe(0);
		expect(JSON.parse(run.stdout)).toEqual(['boxes-3x3.table', 'nim.table']);
		expect(run.stderr).toBe('the Nim table (every position under both rulings)\n');
		expect(Uint8Array.from(readAsset(join(built, 'nim.table'), nimTableAsset)!)).toEqual(wholeTable());
		// Here too, with the games of this process: found whole, not made again.
		expect(buildAssets(built, [nim, nimMisere], () => expect.unreachable())).toEqual(['nim.table']);
	});

	test('useAssetsFrom the build folder: the search reads the table, asking a value a move', () => {
		const state = heaps(1, 2, 3);
		const fromTable = RULINGS.map(game => signature(game, state, searchedWith(wholeTable(), game, state)));
		useAssetsFrom(built, [nim]);
		expect(Uint8Array.from(storedTable()!)).toEqual(wholeTable());
		expect(RULINGS.map(game => signature(game, state, nimSearch({}).search(game.searchPosition(state))))).toEqual(fromTable);
	});

	test('a missing or broken table is not read: the search works the values out and plays as well', () => {
		const broken = join(scratch, 'broken');
		mkdirSync(broken);
		const whole = readFileSync(join(built, 'nim.table'));
		const cases = {
			missing: null,
			short: whole.subarray(0, 300),
			header: Buffer.concat([Buffer.from('potm Nim table 0\n'), whole.subarray(17)]),
		};
		const state = heaps(7, 6, 5);
		const workedOut = RULINGS.map(game => signature(game, state, searchedWith(null, game, state)));
		const fromTable = RULINGS.map(game => searchedWith(wholeTable(), game, state).nodes);
		for (const [name, bytes] of Object.entries(cases)) {
			rmSync(join(broken, 'nim.table'), {force: true});
			if (bytes) writeFileSync(join(broken, 'nim.table'), bytes);
			useAssetsFrom(broken, [nim, nimMisere]);
			expect(storedTable(), name).toBeNull();
			const results = RULINGS.map(game => nimSearch({}).search(game.searchPosition(state)));
			expect(
				results.map((result, index) => signature(RULINGS[index]!, state, result)),
				name,
			).toEqual(workedOut);
			results.forEach((result, index) => expect(result.nodes).toBeGreaterThan(fromTable[index]!));
		}
	});

	test("potm move's own code with that build folder: misère's move, from the table", () => {
		const file = join(scratch, 'misere.txt');
		const state = heaps(2, 3, 4, 'EVEN');
		writeFileSync(file, nimMisere.format(state));
		const move = pathToFileURL(join(dist, 'commands', 'move.js')).href;
		const script = `const {runMove} = await import(${JSON.stringify(move)}); process.exitCode = runMove(${JSON.stringify(file)}, 'nim-misere', undefined, {kind: 'modules', dist: ${JSON.stringify(built)}});`;
		const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
			encoding: 'utf8',
			env: {...env, POTM_VERBOSE: '1'},
			timeout: 60_000,
		});
		expect(run.status, run.stderr).toBe(0);
		const read = searchedWith(wholeTable(), nimMisere, state);
		expect(run.stdout).toBe(`${nimMisere.formatMove(state, read.move)}\n`);
		expect(winningMoves(nimMisere, state)).toContain(run.stdout.trim());
		expect(run.stderr).toMatch(new RegExp(`^depth ${read.depth} score ${read.score} nodes ${read.nodes} .*\\(decided\\)`));
		expect(read.nodes).toBeLessThan(searchedWith(null, nimMisere, state).nodes);
	});
});

describe('in the UI, against the engine worker', () => {
	let app: Harness | undefined;
	const client = new EngineClient();
	afterEach(() => {
		app?.unmount();
		app = undefined;
		removeScratch();
	});
	afterAll(async () => client.close());

	/** The pebbles of each heap on the screen: the glyphs (ODD's initial, O) on the rows A, B and C. */
	const heapsOn = (frame: string): number[] =>
		[...'ABC'].map(heap => {
			const row = frame.split('\n').find(line => new RegExp(`^ ?${heap} `).test(line));
			if (row === undefined) throw new Error(`no heap ${heap} in:\n${frame}`);
			return (row.slice(0, 30).match(/O/g) ?? []).length;
		});
	const showing = async (wanted: readonly number[]) =>
		vi.waitFor(() => {
			if (heapsOn(app!.frame()).join() !== wanted.join()) throw new Error(`not ${wanted.join()}:\n${app!.frame()}`);
		}, WAIT);

	test('a person takes pebbles by the cursor and by typing; the AI answers with best play', async () => {
		// Started before the screen, so that the screen's wait is not the worker's start-up.
		await client.think(nim, nim.initial(), {limits: {depth: 1}});
		app = start({start: {screen: 'play', setup: {game: nim, seats: [HUMAN, ai(5)], clocked: false}}, engine: client});
		await app.see('ODD to play');
		await showing([3, 4, 5]);
		// The AI answers at once (its search looks values up), so the screen is waited on for its
		// move, which it shows until the person's next, with the person's in the list of moves.
		const afterOdd = heaps(1, 4, 5, 'EVEN');
		const reply = nim.formatMove(afterOdd, searchedWith(null, nim, afterOdd).move);
		// The cursor starts on B1: up to A1, right to A2, Enter takes A2 and A3, the winning A2.
		await app.press(KEYS.up);
		await app.press(KEYS.right);
		let frame = await app.press(KEYS.enter, now => now.includes(`EVEN played ${reply}`));
		expect(frame).toMatch(new RegExp(`1\\. A2\\s+>?${reply}\\b`));
		const afterEven = played(nim, afterOdd, reply);
		await showing(afterEven.heaps);
		const answer = nim.formatMove(afterEven, searchedWith(null, nim, afterEven).move);
		const afterAnswer = played(nim, afterEven, answer);
		const second = nim.formatMove(afterAnswer, searchedWith(null, nim, afterAnswer).move);
		await app.press('m', now => now.includes('Type a move'));
		await app.type(answer);
		frame = await app.press(KEYS.enter, now => now.includes(`EVEN played ${second}`));
		expect(frame).toMatch(new RegExp(`2\\. ${answer}\\s+>?${second}\\b`));
		await showing(played(nim, afterAnswer, second).heaps);
	});

	test('misère: the AI, left the last pebble, must take it and loses', async () => {
		const state = heaps(0, 1, 1);
		app = start({start: {screen: 'play', setup: {game: nimMisere, seats: [HUMAN, ai(5)], clocked: false, start: state}}, engine: client});
		await app.see('ODD to play');
		await showing([0, 1, 1]);
		await app.press('m', now => now.includes('Type a move'));
		await app.type('B1');
		const frame = await app.press(KEYS.enter, now => now.includes('Game over'));
		// The dialog at the end, its lines between its borders.
		const dialog = frame
			.split('\n')
			.flatMap(line => /\| (.*?)\s*\|$/.exec(line)?.[1] ?? [])
			.join(' ');
		expect(dialog).toContain('ODD wins: well played! EVEN took the last pebble and loses: ODD wins');
		expect(frame).toMatch(/4\. B1\s+>?C1\b/);
		expect(heapsOn(frame)).toEqual([0, 0, 0]);
	});
});
