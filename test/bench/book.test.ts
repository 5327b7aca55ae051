/**
 * The opening books: drop-out expansion's tree from a log of searches (source/bench/book.ts), the
 * log read back (a line cut short by a kill left out), the book's text read and looked up
 * (source/engine/book.ts), and the shipped books checked against the rules. Building a real book
 * (minutes of deep searches) is a benchmark, never a test: these searches are a few thousand nodes.
 */
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, it} from 'vitest';
import {bookTree, bookText, BOOK_RECIPES, readBookLog, type BookRecipe, type Judged} from '../../source/bench/book.js';
import {bookKey, bookMove, readBook} from '../../source/engine/book.js';
import {decide} from '../../source/engine/players.js';
import {Searcher} from '../../source/engine/search.js';
import {classicLoa, loaps} from '../../source/games/loa/index.js';
import {games} from '../../source/games/registry.js';

const RECIPE: BookRecipe = {nodes: 2000, weight: 50, cap: 1000, expansions: 3};
const searcher = new Searcher({tableMegabytes: 1});

/** What the builder's worker does, at the test recipe's nodes. */
function judge(path: readonly string[]): Judged {
	let state = loaps.initial();
	for (const text of path) {
		const move = loaps.parseMove(state, text);
		if (!move.ok) throw new Error(move.error);
		state = loaps.play(state, move.value);
	}
	searcher.clear();
	const result = decide(searcher, loaps.searchPosition(state), {limits: {nodes: RECIPE.nodes}});
	return {score: Math.round(result.score), depth: result.depth, move: loaps.formatMove(state, result.move)};
}

/** Expands the tree as the builder does, `times` times, into `log`. */
function grow(log: Map<string, Judged>, times: number): void {
	for (let step = 0; step < times; step++) {
		const tree = bookTree(loaps, log, RECIPE);
		for (const child of tree.missing) log.set(child.key, judge(child.path));
	}
}

const folder = mkdtempSync(join(tmpdir(), 'potm-book-'));
afterAll(() => rmSync(folder, {recursive: true, force: true}));

describe('drop-out expansion', () => {
	it('starts by expanding the start: every reply to be searched', () => {
		const tree = bookTree(loaps, new Map(), RECIPE);
		expect(tree.expanded).toBe(0);
		expect(tree.next?.path).toEqual([]);
		expect(tree.missing).toHaveLength(loaps.legalMoves(loaps.initial()).length);
	});

	it('backs the values up by negamax and expands the best line first', () => {
		const log = new Map<string, Judged>();
		grow(log, 1);
		const tree = bookTree(loaps, log, RECIPE);
		expect(tree.expanded).toBe(1);
		const root = tree.nodes.get(bookKey(loaps, loaps.initial()))!;
		const children = root.children!.map(child => ({move: child.move, value: -log.get(child.key)!.score}));
		const best = Math.max(...children.map(child => child.value));
		expect(root.value).toBe(best);
		expect(children.find(child => child.move === root.best)!.value).toBe(best);
		// A best move's position costs one ply, and is next; every other costs more by its drop-out.
		expect(tree.next!.cost).toBe(1);
		expect(-tree.next!.value).toBe(best);
		for (const child of root.children!) {
			const node = tree.nodes.get(child.key)!;
			const drop = Math.min(RECIPE.cap, best + node.value);
			expect(node.cost).toBeCloseTo(1 + drop / RECIPE.weight, 9);
		}
	});

	it('goes on where a log stopped: an expansion cut short is the next, with only its missing searches', () => {
		const log = new Map<string, Judged>();
		grow(log, 2);
		const whole = bookTree(loaps, log, RECIPE);
		const next = whole.next!;
		// The third expansion, killed after all but its last two searches were logged.
		const done = whole.missing.slice(0, -2);
		for (const child of done) log.set(child.key, judge(child.path));
		const resumed = bookTree(loaps, log, RECIPE);
		expect(resumed.expanded).toBe(2);
		expect(resumed.next!.key).toBe(next.key);
		expect(resumed.missing).toEqual(whole.missing.slice(-2));
		// Finished, it is the book a run without the stop makes.
		for (const child of resumed.missing) log.set(child.key, judge(child.path));
		const straight = new Map<string, Judged>();
		grow(straight, 3);
		expect(bookText(loaps, bookTree(loaps, log, RECIPE), RECIPE)).toBe(bookText(loaps, bookTree(loaps, straight, RECIPE), RECIPE));
		expect(bookTree(loaps, log, RECIPE).expanded).toBe(3);
	});

	it("writes a book that reads back, each position's move the tree's", () => {
		const log = new Map<string, Judged>();
		grow(log, 2);
		const tree = bookTree(loaps, log, RECIPE);
		const text = bookText(loaps, tree, RECIPE);
		const book = readBook(loaps, text, 'loaps.txt');
		if (!book.ok) throw new Error(book.error);
		// The start and every position searched: the log's children of the two expanded ones.
		expect(book.value.size).toBe(log.size + 1);
		for (const node of tree.nodes.values()) expect(book.value.get(node.key)?.move).toBe(node.best);
		writeFileSync(join(folder, 'loaps.txt'), text);
		const start = loaps.initial();
		expect(loaps.formatMove(start, bookMove(loaps, start, folder)!)).toBe(tree.nodes.get(bookKey(loaps, start))!.best);
	});
});

describe('the log', () => {
	const head = `# loaps book log: every search ${RECIPE.nodes} nodes. A line: position, score, depth, move, separated by tabs.`;
	const key = bookKey(loaps, loaps.initial());

	it('reads back what was written, and leaves out a last line cut short', () => {
		const whole = `${head}\n${key}\t12\t5\tb1 d3\n`;
		const read = readBookLog(loaps, RECIPE, whole, 'l.log');
		expect(read).toEqual({ok: true, value: {log: new Map([[key, {score: 12, depth: 5, move: 'b1 d3'}]]), cut: false}});
		const cut = readBookLog(loaps, RECIPE, `${whole}${key}\t1`, 'l.log');
		expect(cut.ok && cut.value.cut).toBe(true);
		expect(cut.ok && cut.value.log.size).toBe(1);
	});

	it('reads a log with CRLF line ends, and takes an empty one as cut (its header written again)', () => {
		const read = readBookLog(loaps, RECIPE, `${head}\r\n${key}\t12\t5\tb1 d3\r\n`, 'l.log');
		expect(read.ok && read.value.log.get(key)).toEqual({score: 12, depth: 5, move: 'b1 d3'});
		expect(readBookLog(loaps, RECIPE, '', 'l.log')).toEqual({ok: true, value: {log: new Map(), cut: true}});
	});

	it('refuses a log of another recipe, and a bad line, naming the file and line', () => {
		const other = readBookLog(loaps, {...RECIPE, nodes: 5000}, `${head}\n`, 'l.log');
		expect(other).toMatchObject({ok: false, error: expect.stringMatching(/^l\.log, line 1: the log was searched by another recipe/)});
		const bad = readBookLog(loaps, RECIPE, `${head}\n${key}\tmany\t5\tb1 d3\n`, 'l.log');
		expect(bad).toMatchObject({ok: false, error: expect.stringMatching(/^l\.log, line 2: a log line is/)});
	});
});

describe('a book', () => {
	const start = loaps.initial();
	const key = bookKey(loaps, start);

	it('keys a position by its board, side, move number and points, not its clocks', () => {
		expect(bookKey(loaps, loaps.withClocks(start, [12.5, 3]))).toBe(key);
		expect(key).not.toContain('\n');
		const moved = loaps.play(start, loaps.legalMoves(start)[0]!);
		expect(bookKey(loaps, moved)).not.toBe(key);
	});

	it('refuses a line with an illegal move, a position twice or a bad score, naming the line', () => {
		const head = '# a book\n';
		expect(readBook(loaps, `${head}${key}\ta1 a2\t0\n`, 'b.txt')).toMatchObject({
			ok: false,
			error: 'b.txt, line 2: a1 a2 is not a legal move there',
		});
		expect(readBook(loaps, `${key}\tb1 d3\t0\n${key}\tb1 d3\t0\n`, 'b.txt')).toMatchObject({
			ok: false,
			error: 'b.txt, line 2: this position is in the book twice',
		});
		expect(readBook(loaps, `${key}\tb1 d3\tbig\n`, 'b.txt')).toMatchObject({
			ok: false,
			error: expect.stringContaining('line 1: the score'),
		});
		expect(readBook(loaps, `${key} b1 d3 0\n`, 'b.txt')).toMatchObject({ok: false, error: expect.stringContaining('separated by tabs')});
	});

	it('finds a line first, last without a newline, or in a CRLF file, and not a line without its fields', () => {
		const second = bookKey(loaps, loaps.play(start, loaps.legalMoves(start)[0]!));
		const cases: [string, string | undefined][] = [
			[`${key}\tb1 d3\t0\n# after\n`, 'b1 d3'],
			[`# before\n${key}\tb1 d3\t0`, 'b1 d3'],
			[`# before\r\n${key}\tb1 d3\t0\r\n`, 'b1 d3'],
			[`# before\n${key}\tb1 d3\n${second}\tg2 e2\t0\n`, undefined],
		];
		for (const [index, [text, expected]] of cases.entries()) {
			const dir = mkdtempSync(join(folder, `z${index}-`));
			writeFileSync(join(dir, 'loaps.txt'), text);
			const move = bookMove(loaps, start, dir);
			expect(move === undefined ? undefined : loaps.formatMove(start, move)).toBe(expected);
		}
	});

	it('answers no move where the position is not in it, the move is illegal, or there is no book', () => {
		const other = mkdtempSync(join(folder, 'x-'));
		writeFileSync(join(other, 'loaps.txt'), `# a book\n${key}\ta1 a2\t0\n`);
		expect(bookMove(loaps, start, other)).toBeUndefined();
		expect(bookMove(loaps, loaps.play(start, loaps.legalMoves(start)[0]!), other)).toBeUndefined();
		expect(bookMove(classicLoa, classicLoa.initial(), other)).toBeUndefined();
		writeFileSync(join(other, 'loa.txt'), `${bookKey(classicLoa, classicLoa.initial())}\tb1 b3\t0\n`);
		const move = bookMove(classicLoa, classicLoa.initial(), other);
		expect(move !== undefined && classicLoa.formatMove(classicLoa.initial(), move)).toBe('b1 b3');
	});
});

describe('the shipped books', () => {
	it('LOAPS and classic LOA open from a book', () => {
		expect(games.filter(game => game.openingBook).map(game => game.id)).toEqual(['loaps', 'loa']);
	});

	for (const game of games.filter(one => one.openingBook)) {
		const id = game.id;
		it(`${id}: every line a legal move in a position reached from the start, the start among them`, () => {
			const path = join(import.meta.dirname, '../../books', `${id}.txt`);
			const book = readBook(game, readFileSync(path, 'utf8'), path);
			if (!book.ok) throw new Error(book.error);
			expect(book.value.has(bookKey(game, game.initial()))).toBe(true);
			expect(readFileSync(path, 'utf8')).toContain(`every leaf a search of ${BOOK_RECIPES[id as 'loaps' | 'loa'].nodes} nodes`);
		});
	}
});
