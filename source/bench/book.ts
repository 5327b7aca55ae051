/**
 * The opening books' builder (issue 38): `npm run bench -- book [--game loaps|loa] [--expansions N]`.
 *
 * **Drop-out expansion** (Lincke): the book is a tree of positions from the start, each leaf judged
 * by a deep search of a fixed number of nodes, each inner position worth the best of its
 * children (negamax). Every position is reached at a cost: a ply costs 1, and a move that is not
 * the best where it is played costs more, by how much worse it is (its drop-out: `weight`
 * centipoints a ply). The cheapest leaf is expanded next: all its children searched. So the book
 * grows deep along the lines good players play and shallow beside them, and for both sides at
 * once: a reply the other side may well play is covered as soon as it is cheap.
 *
 * **Deterministic and resumable.** Every search is a cleared search of the recipe's nodes, so its
 * answer is the same on any machine at any load. Every answer goes to the log (`bench/book/GAME.log`,
 * one position a line), and the tree is worked out again from the log at each step: a run that is
 * stopped, killed or given more expansions later goes on where the log ends, and the same log
 * gives the same book. The book (`books/GAME.txt`, engine/book.ts) is written whole after every
 * expansion.
 */
import {existsSync, readFileSync, appendFileSync} from 'node:fs';
import {Worker} from 'node:worker_threads';
import {fileURLToPath} from 'node:url';
import {fail, ok, type Game, type Result} from '../games/game.js';
import {bookKey} from '../engine/book.js';
import {writeWhole} from '../files/atomic.js';
import {makeFolder} from '../files/saves.js';

export const BOOK_LOG_DIR = fileURLToPath(new URL('../../bench/book/', import.meta.url));
export const BOOKS_DIR = fileURLToPath(new URL('../../books/', import.meta.url));

export interface BookRecipe {
	/** Nodes of every search. */
	readonly nodes: number;
	/** Centipoints of drop-out that cost as much as a ply. */
	readonly weight: number;
	/** The most a single move's drop-out counts, in centipoints: a losing move is just far away. */
	readonly cap: number;
	/** Expansions when none is asked for. */
	readonly expansions: number;
}

/**
 * Each game's recipe. LOAPS's nodes are about what `potm move` searches for its first move at the
 * contest's 60 s (8.4 million, depth 12, on the 2-core VM) and six times what it searches at 10 s;
 * classic LOA's search is about half as fast.
 */
export const BOOK_RECIPES: Readonly<Record<'loaps' | 'loa', BookRecipe>> = {
	loaps: {nodes: 8_000_000, weight: 50, cap: 1000, expansions: 40},
	loa: {nodes: 4_000_000, weight: 50, cap: 1000, expansions: 20},
};

/** What a search said of a position: its score for the side to move, the depth it finished, its move. */
export interface Judged {
	readonly score: number;
	readonly depth: number;
	readonly move: string;
}

/** A won game's score, as the search gives one (less the plies, which a book need not tell). */
const WON = 1e9;

interface Child {
	readonly move: string;
	readonly key: string;
	readonly state: unknown;
}

export interface TreeNode {
	readonly key: string;
	readonly state: unknown;
	/** Moves from the start, as the game writes them: the first way the tree reached it. */
	readonly path: readonly string[];
	/** The score for the side to move of a finished game, or undefined. */
	readonly over: number | undefined;
	/** Every child, in the order of the legal moves, or undefined where the node is not expanded. */
	children: Child[] | undefined;
	value: number;
	best: string | undefined;
	cost: number;
}

export interface BookTree {
	/** Every node reached, by key, in the order reached (ply by ply). */
	readonly nodes: Map<string, TreeNode>;
	/** How many are expanded. */
	readonly expanded: number;
	/** The cheapest leaf to expand next, or undefined. */
	readonly next: TreeNode | undefined;
	/** Its children that the log does not have yet: each its key and its moves from the start. */
	readonly missing: readonly {key: string; path: readonly string[]}[];
	readonly deepest: number;
}

function childrenOf<State>(game: Game<State>, state: State): Child[] {
	return game.legalMoves(state).map(move => {
		const child = game.play(state, move);
		return {move: game.formatMove(state, move), key: bookKey(game, child), state: child};
	});
}

/** A finished game's score for the side to move in it. */
function overScore<State>(game: Game<State>, state: State): number | undefined {
	const outcome = game.outcome(state);
	if (outcome === null) return undefined;
	if (outcome.winner === null) return 0;
	return outcome.winner === game.toMove(state) ? WON : -WON;
}

/**
 * The tree the log makes: a position is expanded when the log has every child that is not a
 * finished game; values back up by negamax, costs come down ply by ply (every line to a position
 * is as long as any other, since a LOA move number never goes back), and the cheapest leaf is
 * next, the first in key order among equals.
 */
export function bookTree<State>(game: Game<State>, log: ReadonlyMap<string, Judged>, recipe: BookRecipe): BookTree {
	const nodes = new Map<string, TreeNode>();
	const root = game.initial();
	const rootKey = bookKey(game, root);
	const levels: TreeNode[][] = [[]];
	const make = (key: string, state: State, path: readonly string[]): TreeNode => {
		const node: TreeNode = {key, state, path, over: overScore(game, state), children: undefined, value: 0, best: undefined, cost: Infinity};
		nodes.set(key, node);
		return node;
	};
	levels[0]!.push(make(rootKey, root, []));
	let expanded = 0;
	for (let ply = 0; ply < levels.length; ply++) {
		for (const node of levels[ply]!) {
			if (node.over !== undefined) continue;
			const children = childrenOf(game, node.state as State);
			if (!children.every(child => log.has(child.key) || overScore(game, child.state as State) !== undefined)) continue;
			node.children = children;
			expanded++;
			for (const child of children) {
				if (nodes.has(child.key)) continue;
				(levels[ply + 1] ??= []).push(make(child.key, child.state as State, [...node.path, child.move]));
			}
		}
	}
	// Values from the deepest ply up.
	for (let ply = levels.length - 1; ply >= 0; ply--) {
		for (const node of levels[ply]!) {
			if (node.over !== undefined) node.value = node.over;
			else if (node.children) {
				let best = -Infinity;
				for (const child of node.children) {
					const value = -nodes.get(child.key)!.value;
					if (value > best) {
						best = value;
						node.best = child.move;
					}
				}
				node.value = best;
			} else {
				const judged = log.get(node.key);
				node.value = judged?.score ?? 0;
				node.best = judged?.move;
			}
		}
	}
	// Costs from the start down.
	levels[0]![0]!.cost = 0;
	for (const level of levels) {
		for (const node of level) {
			for (const child of node.children ?? []) {
				const target = nodes.get(child.key)!;
				const drop = Math.min(recipe.cap, Math.max(0, node.value + target.value));
				target.cost = Math.min(target.cost, node.cost + 1 + drop / recipe.weight);
			}
		}
	}
	let next: TreeNode | undefined;
	for (const node of nodes.values()) {
		if (node.children || node.over !== undefined) continue;
		if (!next || node.cost < next.cost || (node.cost === next.cost && node.key < next.key)) next = node;
	}
	const missing = next
		? childrenOf(game, next.state as State)
				.filter(child => !log.has(child.key) && overScore(game, child.state as State) === undefined)
				.map(child => ({key: child.key, path: [...next.path, child.move]}))
		: [];
	return {nodes, expanded, next, missing, deepest: levels.length - 1};
}

/** The book's text from the tree: every position the tree reached that has a move, ply by ply, then by key. */
export function bookText<State>(game: Game<State>, tree: BookTree, recipe: BookRecipe): string {
	const lines: string[] = [];
	let deepest = 0;
	for (const node of tree.nodes.values()) {
		if (node.over !== undefined || node.best === undefined) continue;
		lines.push(`${node.key}\t${node.best}\t${Math.round(node.value)}`);
		deepest = Math.max(deepest, node.path.length);
	}
	const head = [
		`# The opening book of ${game.name} (npm run bench -- book --game ${game.id}; docs/ai.md): built by drop-out expansion,`,
		`# every leaf a search of ${recipe.nodes} nodes, a ply worth ${recipe.weight} centipoints of drop-out (at most ${recipe.cap} a move).`,
		`# ${lines.length} positions to ply ${deepest}, ${tree.expanded} expanded. A line: the position, a tab, the move, a tab, its score.`,
	];
	return `${[...head, ...lines].join('\n')}\n`;
}

/** The log's header: the recipe, which every line of it was searched by. */
const logHead = (game: {readonly id: string}, recipe: BookRecipe): string =>
	`# ${game.id} book log: every search ${recipe.nodes} nodes. A line: position, score, depth, move, separated by tabs.`;

/**
 * The searches a log holds, or what is wrong with it (file and line). A last line cut short, by a
 * run killed as it wrote, is left out and said in `cut`.
 */
export function readBookLog(
	game: {readonly id: string},
	recipe: BookRecipe,
	text: string,
	fileName: string,
): Result<{log: Map<string, Judged>; cut: boolean}, string> {
	const log = new Map<string, Judged>();
	const lines = text.replaceAll('\r\n', '\n').split('\n');
	// A last line without its newline was cut short; so was a log with no header at all.
	const cut = lines.pop() !== '' || lines.length === 0;
	for (const [index, line] of lines.entries()) {
		const where = `${fileName}, line ${index + 1}`;
		if (index === 0) {
			if (line !== logHead(game, recipe))
				return fail(`${where}: the log was searched by another recipe ("${line}"); this one is "${logHead(game, recipe)}"`);
			continue;
		}
		const fields = line.split('\t');
		const [key, score, depth, move] = fields;
		if (fields.length !== 4 || !/^-?\d+$/.test(score!) || !/^\d+$/.test(depth!) || move === '')
			return fail(`${where}: a log line is a position, a score, a depth and a move, separated by tabs`);
		log.set(key!, {score: Number(score), depth: Number(depth), move: move!});
	}
	return ok({log, cut});
}

export interface BookRun {
	readonly expansions: number;
	readonly jobs: number;
	readonly say: (line: string) => void;
}

/** Builds (or goes on building) a game's book to `expansions` expanded positions. */
export async function buildBook<State>(game: Game<State>, recipe: BookRecipe, run: BookRun): Promise<void> {
	makeFolder(BOOK_LOG_DIR);
	makeFolder(BOOKS_DIR);
	const logPath = `${BOOK_LOG_DIR}${game.id}.log`;
	const bookPath = `${BOOKS_DIR}${game.id}.txt`;
	const read = readBookLog(game, recipe, existsSync(logPath) ? readFileSync(logPath, 'utf8') : `${logHead(game, recipe)}\n`, logPath);
	if (!read.ok) throw new Error(read.error);
	const {log} = read.value;
	if (read.value.cut || !existsSync(logPath)) {
		// A line half written by a run that was killed is dropped; the search is done again.
		const kept = [...log].map(([key, judged]) => `${key}\t${judged.score}\t${judged.depth}\t${judged.move}\n`);
		writeWhole({path: logPath, data: `${logHead(game, recipe)}\n${kept.join('')}`});
	}
	const workers = Array.from(
		{length: run.jobs},
		() => new Worker(new URL('./book-worker.js', import.meta.url), {workerData: {game: game.id, nodes: recipe.nodes}}),
	);
	// A worker's error outside a search (a second one after the first ended the run) is not thrown at the user.
	for (const worker of workers) worker.on('error', () => {});
	const started = performance.now();
	try {
		for (;;) {
			const tree = bookTree(game, log, recipe);
			writeWhole({path: bookPath, data: bookText(game, tree, recipe)});
			const minutes = ((performance.now() - started) / 60_000).toFixed(1);
			run.say(
				`book: ${game.name}: ${tree.expanded} expanded, ${tree.nodes.size} positions to ply ${tree.deepest}, ${log.size} searched; ${minutes} min` +
					(tree.next && tree.expanded < run.expansions
						? `; next ${tree.next.path.join(' ') || 'the start'} (cost ${tree.next.cost.toFixed(2)}, ${tree.missing.length} to search)`
						: ''),
			);
			if (tree.expanded >= run.expansions || !tree.next) break;
			const judged = await searchAll(
				workers,
				tree.missing.map(child => child.path),
			);
			// In the order of the moves, so that the same log comes out of any run.
			const block = tree.missing.map((child, index) => {
				log.set(child.key, judged[index]!);
				return `${child.key}\t${judged[index]!.score}\t${judged[index]!.depth}\t${judged[index]!.move}\n`;
			});
			appendFileSync(logPath, block.join(''));
		}
	} finally {
		await Promise.all(workers.map(worker => worker.terminate()));
	}
}

export interface BookJob {
	readonly index: number;
	readonly path: readonly string[];
}

export type BookReply = {readonly index: number; readonly judged: Judged} | {readonly error: string};

/** Every position's search, shared among the workers, in the order given. */
function searchAll(workers: readonly Worker[], paths: readonly (readonly string[])[]): Promise<Judged[]> {
	const results: Judged[] = [];
	let next = 0;
	let done = 0;
	return new Promise((resolve, reject) => {
		if (paths.length === 0) return resolve(results);
		const listeners: (() => void)[] = [];
		let finished = false;
		const finish = (error?: Error) => {
			if (finished) return;
			finished = true;
			for (const off of listeners) off();
			if (error) reject(error);
			else resolve(results);
		};
		for (const worker of workers) {
			const feed = () => {
				if (next < paths.length) {
					const index = next++;
					worker.postMessage({index, path: paths[index]!} satisfies BookJob);
				}
			};
			const onMessage = (reply: BookReply) => {
				if ('error' in reply) return finish(new Error(reply.error));
				results[reply.index] = reply.judged;
				if (++done === paths.length) return finish();
				feed();
			};
			const onError = (error: Error) => finish(error);
			const onExit = (code: number) => finish(new Error(`a search worker stopped (exit ${code})`));
			worker.on('message', onMessage);
			worker.on('error', onError);
			worker.on('exit', onExit);
			listeners.push(() => {
				worker.off('message', onMessage);
				worker.off('exit', onExit);
				worker.off('error', onError);
			});
			feed();
		}
	});
}
