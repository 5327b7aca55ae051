/**
 * The Lines of Action family: one rules engine, parameterised by board size, setup and the
 * rulings that differ between LOAPS (POTM style) and classic LOA (Computer Olympiad rules).
 */
import type {Colours, Ruling} from '../game.js';

export interface Scoring {
	/** Points for landing on an opponent's piece. */
	readonly capture: number;
	/** Points for the side that ends the game connected. */
	readonly connection: number;
	/** Points for landing on a square, by square name; every landing scores again. */
	readonly bonus: Readonly<Record<string, number>>;
}

export interface LoaVariant {
	readonly id: 'loaps' | 'loa' | 'loa-mover';
	readonly name: string;
	/** A line for the menu. */
	readonly tagline: string;
	readonly size: number;
	/** The most pieces one side can have; a file with more is not a position of this game. */
	readonly maxPieces: number;
	/** Starting squares of player 1 and player 2. */
	readonly start: readonly [readonly string[], readonly string[]];
	/** LOAPS points, or null where the game has none. */
	readonly scoring: Scoring | null;
	/** Moves per player before the game is drawn; 0 for no limit. */
	readonly moveLimit: number;
	/** Whether it opens from a book (books/ID.txt; games/game.ts openingBook). */
	readonly openingBook: boolean;
	/** Names of the two sides, player 1 first. */
	readonly sideNames: readonly [string, string];
	/** How the pieces look on screen: LOAPS's red and blue, classic LOA's black and white stones. */
	readonly colours: Colours;
	/**
	 * A capture that connects both sides at once: decided by the points (LOAPS, where only the
	 * mover scores the 12), a draw (Olympiad rules), or a win for the mover (Sackson, 2nd ed.).
	 */
	readonly bothConnected: 'points' | 'draw' | 'mover';
	/** A side with no legal move loses (LOAPS's "pinned" rule) or passes (classic LOA). */
	readonly noMove: 'loses' | 'passes';
	/** Whether the third occurrence of a position with the same side to move draws the game. */
	readonly repetitionDraw: boolean;
	/** The variant it is a ruling of (game.ts); absent: a game of its own. */
	readonly ruling?: Ruling;
}

export const LOAPS: LoaVariant = {
	id: 'loaps',
	name: 'LOAPS',
	tagline: 'POTM-style Lines of Action: 7×7, bonus squares, points, 50 moves, 60 s clocks',
	size: 7,
	maxPieces: 8,
	start: [
		['b1', 'c1', 'e1', 'f1', 'b7', 'c7', 'e7', 'f7'],
		['a2', 'a3', 'a5', 'a6', 'g2', 'g3', 'g5', 'g6'],
	],
	scoring: {
		capture: 1,
		connection: 12,
		bonus: {d4: 7, b2: 3, b6: 3, f2: 3, f6: 3},
	},
	moveLimit: 50,
	openingBook: true,
	sideNames: ['RED', 'BLUE'],
	colours: 'red-blue',
	bothConnected: 'points',
	noMove: 'loses',
	repetitionDraw: false,
};

/**
 * Classic 8×8 Lines of Action under the Computer Olympiad (MSO 2000) rules: no points, no move
 * limit, a side with no move passes, the third repetition draws, and so does a simultaneous
 * connection.
 */
export const CLASSIC_LOA: LoaVariant = {
	id: 'loa',
	name: 'Lines of Action',
	tagline: 'Classic Lines of Action: 8×8, Computer Olympiad rules, no points, 60 s clocks',
	size: 8,
	maxPieces: 12,
	start: [
		['b1', 'c1', 'd1', 'e1', 'f1', 'g1', 'b8', 'c8', 'd8', 'e8', 'f8', 'g8'],
		['a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'h2', 'h3', 'h4', 'h5', 'h6', 'h7'],
	],
	scoring: null,
	moveLimit: 0,
	openingBook: true,
	sideNames: ['BLACK', 'WHITE'],
	colours: 'black-white',
	bothConnected: 'draw',
	noMove: 'passes',
	repetitionDraw: true,
};

/** Classic LOA with Sackson's second-edition ruling: a simultaneous connection wins for the mover. */
export const CLASSIC_LOA_MOVER_WINS: LoaVariant = {
	...CLASSIC_LOA,
	id: 'loa-mover',
	name: 'Lines of Action (mover wins)',
	tagline: 'Classic Lines of Action; a capture connecting both sides wins for the mover',
	openingBook: false,
	bothConnected: 'mover',
	ruling: {
		of: 'loa',
		flag: 'mover-wins',
		help: {
			program: "classic LOA with Sackson's ruling: a capture that connects both sides wins for the mover (else a draw)",
			command: 'classic LOA: a simultaneous connection wins for the mover',
		},
		ofName: 'classic Lines of Action',
		elsewhere: {loaps: 'LOAPS decides a simultaneous connection by the points'},
	},
};
