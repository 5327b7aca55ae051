/**
 * Move ordering by what a quiet move hands over (SearchPosition.moveGifts): on a made-up game in
 * which every position is even, the first move tried at each node is the one that cuts, so the
 * first moves show the order. The moves that give something away come first in the list; the
 * search must still try one that does not first.
 */
import {describe, expect, test} from 'vitest';
import {Searcher} from '../../source/engine/search.js';
import {ONGOING, type Player, type SearchPosition} from '../../source/games/game.js';

const MOVES = 8;
const DEPTH = 4;

/** A tree of MOVES moves a node, DEPTH plies deep, every position worth 0. */
class EvenTree implements SearchPosition {
	readonly maxMoves = MOVES;
	readonly moveSpace = MOVES;
	readonly line: number[] = [];
	/** The moves made at each ply, in order. */
	readonly made: number[][] = Array.from({length: DEPTH + 1}, () => []);
	/** The first move made below each node, by the node's line. */
	readonly firstBelow = new Map<string, number>();

	constructor(private readonly gifts: (move: number) => number) {}

	get sideToMove(): Player {
		return this.line.length % 2 === 0 ? 1 : 2;
	}
	get hashLo(): number {
		return this.line.reduce((hash, move) => (Math.imul(hash, 31) + move + 1) | 0, 7);
	}
	get hashHi(): number {
		return this.line.length;
	}
	get keyLo(): number {
		return this.hashLo;
	}
	get keyHi(): number {
		return this.hashHi;
	}
	generateMoves(buffer: Int32Array, offset: number): number {
		for (let move = 0; move < MOVES; move++) buffer[offset + move] = move;
		return MOVES;
	}
	countMoves(): number {
		return MOVES;
	}
	make(move: number): void {
		const key = this.line.join(' ');
		if (!this.firstBelow.has(key)) this.firstBelow.set(key, move);
		this.made[this.line.length]!.push(move);
		this.line.push(move);
	}
	unmake(): void {
		this.line.pop();
	}
	terminal(): number {
		return this.line.length >= DEPTH ? 0 : ONGOING;
	}
	repeated(): boolean {
		return false;
	}
	moveGain(): number {
		return 0;
	}
	// Nothing gains and no quiet move ends the game at once: the quiescence search makes no move,
	// so every move made is the main search's.
	generateGains(): number {
		return 0;
	}
	hasMoves(): boolean {
		return true;
	}
	quietEndPossible(): boolean {
		return false;
	}
	moveGifts(move: number): number {
		return this.gifts(move);
	}
	evaluate(): number {
		return 0;
	}
}

describe('search: move ordering by what a move hands over', () => {
	test('below the root, a quiet move that hands nothing over is tried before those that do', () => {
		// The first half of the list gives something away.
		const tree = new EvenTree(move => (move < MOVES / 2 ? 1 + move : 0));
		new Searcher().search(tree, {depth: DEPTH});
		const below = [...tree.firstBelow].filter(([line]) => line !== '');
		expect(below.length).toBeGreaterThan(MOVES);
		for (const [line, move] of below) expect({line, move, gifts: tree.moveGifts(move)}).toEqual({line, move, gifts: 0});
	});

	test('among moves that hand something over, the one that hands over least comes first', () => {
		// Every move gives something: 4 for move 0, down to 1 for moves 3 and on.
		const tree = new EvenTree(move => Math.max(1, 4 - move));
		new Searcher().search(tree, {depth: DEPTH});
		const below = [...tree.firstBelow].filter(([line]) => line !== '');
		expect(below.length).toBeGreaterThan(MOVES);
		for (const [line, move] of below) expect({line, gifts: tree.moveGifts(move)}).toEqual({line, gifts: 1});
	});
});
