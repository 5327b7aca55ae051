/**
 * The fast tic-tac-toe position for search: the cells in a typed array, the moves made on a stack,
 * an incremental Zobrist key. Nothing in make, unmake, generateMoves or evaluate allocates.
 */
import {ONGOING, type Player, type SearchPosition} from '../game.js';
import {seededWords} from '../seeded.js';
import {LINES, SQUARES} from './rules.js';

/** Two 32-bit halves per square and player, from a fixed seed: the same keys in every process. */
const ZOBRIST = new Int32Array(SQUARES * 2 * 2);
{
	const next = seededWords(0x7ac70e);
	for (let i = 0; i < ZOBRIST.length; i++) ZOBRIST[i] = next();
}

/** The lines through each square, as indexes into LINES. */
const LINES_THROUGH: readonly (readonly number[])[] = Array.from({length: SQUARES}, (_, square) =>
	LINES.flatMap((line, index) => (line.includes(square) ? [index] : [])),
);

/** One move's worth for ordering: the middle, then the corners, then the edges. */
const PLACE_VALUE = [3, 2, 3, 2, 4, 2, 3, 2, 3];

export class TicTacToeBoard implements SearchPosition {
	/** By square: 0 empty, 1 X, 2 O. */
	readonly cells = new Uint8Array(SQUARES);
	readonly maxMoves = SQUARES;
	readonly moveSpace = SQUARES;
	sideToMove: Player = 1;
	hashLo = 0;
	hashHi = 0;
	private readonly played = new Int8Array(SQUARES);
	private ply = 0;
	private filled = 0;

	constructor(cells: readonly number[], toMove: Player) {
		for (let square = 0; square < SQUARES; square++) {
			const cell = cells[square]!;
			if (cell !== 0) this.put(square, cell as Player);
		}
		this.sideToMove = toMove;
	}

	get keyLo(): number {
		return this.hashLo;
	}

	get keyHi(): number {
		return this.hashHi;
	}

	private put(square: number, player: Player): void {
		this.cells[square] = player;
		this.filled++;
		this.hashLo ^= ZOBRIST[(square * 2 + player - 1) * 2]!;
		this.hashHi ^= ZOBRIST[(square * 2 + player - 1) * 2 + 1]!;
	}

	/** Whether `square`'s mark completes a line of its owner's. */
	private completes(square: number): boolean {
		const owner = this.cells[square]!;
		for (const index of LINES_THROUGH[square]!) {
			const [a, b, c] = LINES[index]!;
			if (this.cells[a] === owner && this.cells[b] === owner && this.cells[c] === owner) return true;
		}
		return false;
	}

	/** Whether someone has three in a row now (a position read from a file may start so). */
	private won(): boolean {
		for (const [a, b, c] of LINES)
			if (this.cells[a] !== 0 && this.cells[a] === this.cells[b] && this.cells[b] === this.cells[c]) return true;
		return false;
	}

	generateMoves(buffer: Int32Array, offset: number): number {
		if (this.terminal() !== ONGOING) return 0;
		let count = 0;
		for (let square = 0; square < SQUARES; square++) if (this.cells[square] === 0) buffer[offset + count++] = square;
		return count;
	}

	countMoves(): number {
		return this.terminal() !== ONGOING ? 0 : SQUARES - this.filled;
	}

	isLegal(move: number): boolean {
		return move >= 0 && move < SQUARES && this.cells[move] === 0 && this.terminal() === ONGOING;
	}

	make(move: number): void {
		this.put(move, this.sideToMove);
		this.played[this.ply++] = move;
		this.sideToMove = this.sideToMove === 1 ? 2 : 1;
	}

	unmake(): void {
		const square = this.played[--this.ply]!;
		const player = this.cells[square] as Player;
		this.hashLo ^= ZOBRIST[(square * 2 + player - 1) * 2]!;
		this.hashHi ^= ZOBRIST[(square * 2 + player - 1) * 2 + 1]!;
		this.cells[square] = 0;
		this.filled--;
		this.sideToMove = player;
	}

	/** Lost for the side to move when the last move made three in a row; a draw when the grid is full. */
	terminal(): number {
		if (this.ply > 0 ? this.completes(this.played[this.ply - 1]!) : this.won()) return -1;
		return this.filled === SQUARES ? 0 : ONGOING;
	}

	repeated(): boolean {
		return false;
	}

	moveGain(): number {
		return 0;
	}

	/** The lines still open to the side to move less those open to the other, in centipoints. */
	evaluate(): number {
		let score = 0;
		const me = this.sideToMove;
		for (const [a, b, c] of LINES) {
			const x = this.cells[a]!;
			const y = this.cells[b]!;
			const z = this.cells[c]!;
			const mine = (x === me ? 1 : 0) + (y === me ? 1 : 0) + (z === me ? 1 : 0);
			const theirs = (x > 0 ? 1 : 0) + (y > 0 ? 1 : 0) + (z > 0 ? 1 : 0) - mine;
			if (theirs === 0) score += mine * mine * 10;
			if (mine === 0) score -= theirs * theirs * 10;
		}
		return score;
	}

	/** For move ordering among quiet moves: the middle first, then corners. */
	moveGifts(move: number): number {
		return 4 - PLACE_VALUE[move]!;
	}
}
