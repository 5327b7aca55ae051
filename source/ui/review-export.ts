/** `e` on the review screen: the game and what the review found, as a record in the saves folder. */
import type {Result} from '../games/game.js';
import {exportRecord} from '../files/export.js';
import {formatRecord} from '../files/record.js';
import {defaultSaveName} from '../files/saves.js';
import {budgetText} from '../review/run.js';
import type {GameReview} from '../review/types.js';
import type {Outcome} from '../games/game.js';
import type {AnyGame} from '../games/registry.js';

/** A game as the screens hand it to a review or a record. */
export interface PlayedGame {
	readonly game: AnyGame;
	/** Positions from the first to the last; moves[i] leads from line[i] to line[i + 1]. */
	// eslint-disable-next-line @typescript-eslint/no-explicit-any
	readonly line: readonly any[];
	readonly moves: readonly number[];
	/** How the game ended where the rules do not say (time, resignation). */
	readonly ended: Outcome | null;
	/** Who played each side ("you", "potm level 4 Strong"), where known. */
	readonly players?: readonly [string, string];
	/** Whether the game was played on clocks (its record then gives them). */
	readonly clocked?: boolean;
	/** The name its record takes in the saves folder (a save's own); the date's by default. */
	readonly name?: string;
}

/** Writes saves/NAME.game.txt (NAME the game's, else the date's; never over another), with a review's findings if any; gives its path or why not. */
export function exportGame(setup: PlayedGame, review: GameReview | null, dir: string, date: Date): Result<string, string> {
	const text = formatRecord({
		game: setup.game,
		line: setup.line,
		moves: setup.moves,
		ended: setup.ended,
		...(setup.players ? {players: setup.players} : {}),
		...(setup.clocked === undefined ? {} : {clocked: setup.clocked}),
		date,
		...(review && review.moves.length > 0 ? {review: {budget: budgetText(review.budget), moves: review.moves}} : {}),
	});
	return exportRecord(dir, setup.name ?? defaultSaveName(date), text);
}
