/**
 * `e` on the review screen: the game and what the review found, as a record in the saves folder;
 * and every finished game, kept as a record in the games folder inside it.
 */
import {join} from 'node:path';
import type {Result} from '../games/game.js';
import {exportRecord} from './export.js';
import {formatRecord, type RecordInput} from './record.js';
import {defaultSaveName} from './saves.js';
import type {GameReview} from '../review/types.js';

/** A game as the screens hand it to a review or a record: what its record is made of, and the name it takes. */
export interface PlayedGame extends Omit<RecordInput, 'date' | 'review'> {
	/** The name its record takes in the saves folder (a save's own); the date's by default. */
	readonly name?: string;
}

/** Whether two games are the same: the same game, start and moves (a review of one stands for the other). */
export const sameGame = (a: Pick<PlayedGame, 'game' | 'line' | 'moves'>, b: Pick<PlayedGame, 'game' | 'line' | 'moves'>): boolean =>
	a.game.id === b.game.id &&
	a.moves.length === b.moves.length &&
	a.moves.every((move, index) => move === b.moves[index]) &&
	a.game.format(a.line[0]) === b.game.format(b.line[0]);

/** Writes saves/NAME.game.txt (NAME the game's, else the date's; never over another), with a review's findings if any; gives its path or why not. */
export function exportGame(
	setup: PlayedGame,
	review: {readonly budget: string; readonly moves: GameReview['moves']} | null,
	dir: string,
	date: Date,
): Result<string, string> {
	const text = formatRecord({
		game: setup.game,
		line: setup.line,
		moves: setup.moves,
		ended: setup.ended,
		...(setup.players ? {players: setup.players} : {}),
		...(setup.clocked === undefined ? {} : {clocked: setup.clocked}),
		date,
		...(review && review.moves.length > 0 ? {review: {budget: review.budget, moves: review.moves}} : {}),
	});
	return exportRecord(dir, setup.name ?? defaultSaveName(date), text);
}

/** Where finished games are kept: the games folder in the saves folder (the menu's Games list reads it). */
export const gamesDir = (savesDir: string): string => join(savesDir, 'games');

/** Keeps a finished game as gamesDir/DATE-TIME-GAME.game.txt (-2, -3 ... when taken); gives its path or why not. */
export function keepGame(played: PlayedGame, savesDir: string, date: Date): Result<string, string> {
	return exportGame({...played, name: `${defaultSaveName(date)}-${played.game.id}`}, null, gamesDir(savesDir), date);
}
