/** The value of a Result the test expects to succeed (a room made, a move played); its error, thrown, otherwise. */
import type {Result} from '../../source/games/game.js';

export function made<T>(result: Result<T, string>): T {
	if (!result.ok) throw new Error(result.error);
	return result.value;
}
