/** What the save and open dialogs do to the files: the screens perform these for them. */
import {existsSync} from 'node:fs';
import {join} from 'node:path';
import type {Game, Outcome} from '../games/game.js';
import {saveFileName, saveGame} from '../files/saves.js';
import type {SaveOutcome} from './dialog-state.js';

/**
 * Saves a game as NAME in `dir` (the position file and its history). Unless `replace`, an
 * existing save of that name is left alone and said: the dialog then asks before replacing it.
 * `ended`: how the game ended where the rules do not say, kept in the history.
 */
export function saveTo<State>(dir: string, name: string, replace: boolean, game: Game<State>, line: readonly State[], moves: readonly number[], ended: Outcome | null): SaveOutcome {
	const file = saveFileName(name);
	if (!replace && existsSync(join(dir, file))) return {kind: 'exists', file};
	const saved = saveGame(dir, name, game, line, moves, ended);
	return saved.ok ? {kind: 'saved', path: saved.value} : {kind: 'failed', error: saved.error};
}
