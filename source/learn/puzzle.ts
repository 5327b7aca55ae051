/**
 * A puzzle: a position from a game, with one clearly best move, proved. The sets potm ships are
 * plain text in `puzzles/` (puzzle-file.ts reads and writes them), built by `npm run puzzles --
 * build` (build.ts); a player's own mistakes make a personal set of the same form.
 */

/** How a puzzle's answer was proved. */
export type Proof =
	/** The game's exact solver, from the position to the end: the answer is the only best move. */
	| 'solver'
	/** A proof search: the answer wins by force within the solution's length, and no other move does. */
	| 'proof'
	/** A search to a depth, checked again two plies deeper: the answer beats every other move by a margin. */
	| 'search';

export interface Puzzle {
	/** Unique in its set: "loaps-0042"; a personal puzzle, "mine-<hash>". */
	readonly id: string;
	/** The id of the game whose position it is (a ruling's own: "loa-mover"). */
	readonly game: string;
	/** The position, exactly as the game's `format` writes it. */
	readonly position: string;
	/**
	 * The solution as the game writes moves (formatMove): the solver's move, then the opponent's
	 * forced reply, and so on; it ends with the solver's move. At least one.
	 */
	readonly solution: readonly string[];
	/** Theme ids of the game's puzzleThemes; at least one. */
	readonly themes: readonly string[];
	/** Its rating as built (Glicko-2 scale, 1500 the middle); a player's results then move it. */
	readonly rating: number;
	readonly proof: Proof;
	/** Where it came from, for people: "level 3 v greedy, seed 17, move 23". */
	readonly source: string;
}

/** The rating bands puzzles are grouped in, by their built rating. */
export const BANDS = [
	{name: 'easy', below: 1300},
	{name: 'medium', below: 1700},
	{name: 'hard', below: Infinity},
] as const;

export type Band = (typeof BANDS)[number]['name'];

export function bandOf(rating: number): Band {
	return BANDS.find(band => rating < band.below)!.name;
}
