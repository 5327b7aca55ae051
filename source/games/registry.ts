/** The games potm knows, by id, and a way to tell which one a file holds. */
import type {Game} from './game.js';
import {classicLoa, classicLoaMoverWins, loaps} from './loa/index.js';
import {pahtum} from './pahtum/index.js';
import {boxes} from './boxes/index.js';
import {tictactoe} from './tictactoe/index.js';
import {nim, nimMisere} from './nim/index.js';

// Each game keeps its own state type; callers that hold a state got it from the same game.
export type AnyGame = Game<unknown>;

/**
 * A file tells its game by its layout: the first game here that recognizes it (loa before
 * loa-mover). A LOA file has 3 + 7 or 3 + 8 lines, a PAH-TUM grid 7 of - + X O, a LINES and
 * BOXES file `P R C`, two score lines, then moves `P V1 V2`: no text is two of them.
 */
export const games: readonly AnyGame[] = [
	loaps,
	classicLoa,
	classicLoaMoverWins,
	pahtum,
	boxes,
	// Tic-tac-toe, only when the tests ask (POTM_TEST_GAMES=tictactoe, inherited by the engine's
	// workers and the programs they run): the proof that a game needs its folder and this line.
	...(process.env['POTM_TEST_GAMES']?.split(',').includes('tictactoe') ? [tictactoe] : []),
	// Nim and its misère ruling (POTM_TEST_GAMES=nim): a game's own search and prebuilt file need no more.
	...(process.env['POTM_TEST_GAMES']?.split(',').includes('nim') ? [nim, nimMisere] : []),
];

export const DEFAULT_GAME = 'loaps';

/**
 * The game `game` is a ruling of (its `ruling`: Sackson's mover-wins classic LOA is one of classic
 * LOA's); every other game is its own. `--game loa` names the game, and a save keeps its ruling under it.
 */
export function baseGameId(game: AnyGame): string {
	return game.ruling?.of ?? game.id;
}

export function gameById(id: string): AnyGame | undefined {
	return games.find(game => game.id === id.toLowerCase());
}

/** The game whose file layout this text has, or undefined. */
export function gameOfText(text: string): AnyGame | undefined {
	return games.find(game => game.recognizes(text));
}
