/** The games potm knows, by id, and a way to tell which one a file holds. */
import type {Game} from './game.js';
import {loaps} from './loa/index.js';

// Each game keeps its own state type; callers that hold a state got it from the same game.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyGame = Game<any>;

export const games: readonly AnyGame[] = [loaps];

export const DEFAULT_GAME = 'loaps';

export function gameById(id: string): AnyGame | undefined {
	return games.find(game => game.id === id.toLowerCase());
}

/** The game whose file layout this text has, or undefined. */
export function gameOfText(text: string): AnyGame | undefined {
	return games.find(game => game.recognizes(text));
}
