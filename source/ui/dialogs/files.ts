/**
 * What the save and open dialogs do to the files, as effects a screen's reducer asks for and the
 * actions that report back; fileAction carries one out (the play and analysis screens alike).
 */
import {existsSync} from 'node:fs';
import {join} from 'node:path';
import type {Game, Outcome} from '../../games/game.js';
import type {AnyGame} from '../../games/registry.js';
import {loadGame, type LoadedGame} from '../../files/load-game.js';
import {saveFileName, saveGame} from '../../files/saves.js';
import {loadDialog, saveDialog, type Dialog, type SaveOutcome} from './dialog-state.js';

export type FileEffect =
	/** Open the save or the open dialog (reads the saves folder). */
	| {readonly kind: 'show'; readonly dialog: 'save' | 'load'}
	| {
			readonly kind: 'save';
			readonly name: string;
			/** Replace a save of that name (the dialog asked). */
			readonly replace: boolean;
			readonly game: AnyGame;
			readonly line: readonly unknown[];
			readonly moves: readonly number[];
			/** How the game ended where the rules do not say. */
			readonly ended: Outcome | null;
			/** The session's line saved, for knowing later whether it changed. */
			readonly from: readonly unknown[];
			/** Who played each side, kept in the history for a review's header. */
			readonly players?: readonly [string, string];
			/** False for a game played without a clock: it goes on without one when opened again. */
			readonly clocked?: boolean;
	  }
	| {readonly kind: 'open'; readonly path: string};

export type FileAction =
	| {readonly type: 'dialog'; readonly dialog: Dialog; readonly now: number}
	/** `line`: the session's line when the save was asked for. */
	| {readonly type: 'saved'; readonly outcome: SaveOutcome; readonly line: readonly unknown[]; readonly now: number}
	| ({readonly type: 'opened'; readonly path: string; readonly now: number} & LoadedGame)
	| {readonly type: 'open-failed'; readonly error: string};

/** Carries out a file effect in the saves folder `dir`; the action says how it went. */
export function fileAction(effect: FileEffect, dir: string, now: number): FileAction {
	switch (effect.kind) {
		case 'show':
			return {type: 'dialog', dialog: effect.dialog === 'save' ? saveDialog(dir, new Date()) : loadDialog(dir), now};
		case 'save':
			return {
				type: 'saved',
				outcome: saveTo(
					dir,
					effect.name,
					effect.replace,
					effect.game,
					effect.line,
					effect.moves,
					effect.ended,
					effect.players ?? null,
					effect.clocked ?? true,
				),
				line: effect.from,
				now,
			};
		case 'open': {
			const loaded = loadGame(effect.path);
			return loaded.ok ? {type: 'opened', path: effect.path, now, ...loaded.value} : {type: 'open-failed', error: loaded.error};
		}
	}
}

/**
 * Saves a game as NAME in `dir` (the position file and its history). Unless `replace`, an
 * existing save of that name is left alone and said: the dialog then asks before replacing it.
 * `ended`: how the game ended where the rules do not say, kept in the history.
 */
function saveTo<State>(
	dir: string,
	name: string,
	replace: boolean,
	game: Game<State>,
	line: readonly State[],
	moves: readonly number[],
	ended: Outcome | null,
	players: readonly [string, string] | null,
	clocked: boolean,
): SaveOutcome {
	const file = saveFileName(name);
	if (!replace && existsSync(join(dir, file))) return {kind: 'exists', file};
	const saved = saveGame(dir, name, game, line, moves, ended, players, clocked);
	return saved.ok ? {kind: 'saved', path: saved.value} : {kind: 'failed', error: saved.error};
}
