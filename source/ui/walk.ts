/**
 * Walking a game's line of positions, shared by the screens with a move list: a move number
 * typed after g, and the position it leads to. Positions are indices into a line whose moves
 * the entries list: entries[i] leads from position i to position i + 1.
 */
import type {MoveEntry} from '../play/session.js';

/** No game here lasts 10,000 moves: more digits would only be a key held down. */
const MAX_DIGITS = 4;

/** What a key did to "Go to move": the digits typed so far (null once closed), and the move number when Enter went. */
export interface GoToStep {
	readonly typed: string | null;
	readonly go?: number;
}

/**
 * A key while "Go to move" is open: digits and Backspace edit it, Enter goes (with nothing
 * typed, it only closes), and any other key closes it, doing nothing else: a key meant for the
 * game is not played by surprise.
 */
export function goToKey(typed: string, name: string): GoToStep {
	if (/^\d$/.test(name)) return {typed: typed.length < MAX_DIGITS ? `${typed}${name}` : typed};
	if (name === 'backspace') return {typed: typed.slice(0, -1)};
	if (name === 'enter' && typed !== '') return {typed: null, go: Number(typed)};
	return {typed: null};
}

/** The status line while a move number is typed. */
export const goToPrompt = (typed: string): string => `Go to move: ${typed}_`;

/**
 * The position after player 1's move `number`: after the last move that comes no later than it
 * (so a number beyond the game gives its last position, and 0, or one before the line's first
 * move, its first).
 */
export function positionAfterMove(entries: readonly MoveEntry[], number: number): number {
	return entries.findLastIndex(entry => entry.number < number || (entry.number === number && entry.player === 1)) + 1;
}

/** "move 12 (RED b1 d3)", or "the first position": the position at `index`, by the move that led to it. */
export function positionName(entries: readonly MoveEntry[], sides: readonly [string, string], index: number): string {
	const entry = index > 0 ? entries[index - 1] : undefined;
	return entry ? `move ${entry.number} (${sides[entry.player - 1]} ${entry.text})` : 'the first position';
}
