/** Numbers as the screens show them: clocks, evaluations, progress bars. */
import {isPass, type Player} from '../games/game.js';
import type {AnyGame} from '../games/registry.js';
import {decidedIn} from '../engine/search.js';
import {cut} from '../text.js';

/** Below this many seconds a clock shows tenths (as lichess does): then they count. */
const TENTHS_BELOW = 10;

/** 59.3 → "0:59", 125 → "2:05", 9.34 → "0:09.3": whole seconds, rounded down, and tenths near the end. */
export function formatClock(seconds: number): string {
	const tenths = Math.max(0, Math.floor(seconds * 10 + 1e-6));
	if (tenths < TENTHS_BELOW * 10) return `0:${(tenths / 10).toFixed(1).padStart(4, '0')}`;
	const whole = Math.floor(tenths / 10);
	return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * When a running clock that reads `seconds` at `time` (ms) next shows another value: just after
 * its reading drops below the second (near the end, the tenth) it shows now.
 */
export function clockChangesAt(seconds: number, time: number): number {
	const ms = seconds * 1000;
	return time + (ms % (ms > TENTHS_BELOW * 1000 ? 1000 : 100)) + 1;
}

/**
 * A search score (centipoints, from the side to move's view) from player 1's view, as chess
 * programs show White's: "+1.25", "-0.40", or "RED wins in 3" when the game is decided.
 */
export function formatScore(score: number, mover: Player, sides: readonly [string, string]): string {
	const plies = decidedIn(score);
	if (plies !== null) {
		const winner = plies > 0 ? mover : mover === 1 ? 2 : 1;
		const moves = Math.ceil(Math.abs(plies) / 2);
		return `${sides[winner - 1]} wins in ${moves}`;
	}
	const forFirst = mover === 1 ? score : -score;
	const text = (Math.abs(forFirst) / 100).toFixed(2);
	return forFirst > 0 ? `+${text}` : forFirst < 0 ? `-${text}` : text;
}

/**
 * A proven final margin (centipoints from the side to move's view, a game decided on points):
 * "the first player (X) wins by 10", or "a tie". Who moved first says more than a colour when the
 * position is a game's start (an empty 3×3 of LINES and BOXES is the second player's by 3).
 */
export function formatMargin(score: number, mover: Player, sides: readonly [string, string]): string {
	const points = Math.round(Math.abs(score) / 100);
	if (points === 0) return 'a tie';
	const winner = score > 0 ? mover : mover === 1 ? 2 : 1;
	return `the ${winner === 1 ? 'first' : 'second'} player (${sides[winner - 1]}) wins by ${points}`;
}

/** A bar of `width` cells, `fraction` of them full. */
export function bar(fraction: number, width: number, full: string, empty: string): string {
	const filled = Math.round(Math.min(1, Math.max(0, fraction)) * width);
	return full.repeat(filled) + empty.repeat(width - filled);
}

export {wrapLines} from '../text.js';

/** Text cut to `width` columns with an ellipsis. */
export const fit = cut;

/**
 * A line of play written out, its moves as the game writes them: apart by a comma where a move is
 * written with a space in it ("b1 d3, a6 c6"; LINES and BOXES' "A1 B1, B1 C1"), else by a space
 * (PAH-TUM's "C4 D5").
 */
export const lineText = (moves: readonly string[]): string => moves.join(moves.some(move => move.includes(' ')) ? ', ' : ' ');

/** "RED played b1 d3", or "BLACK passed (no piece could move)" for a pass, a move joining no squares. */
export function playedText(game: AnyGame, state: unknown, move: number): string {
	const side = game.sides[game.toMove(state) - 1];
	return isPass(game, state, move) ? `${side} passed (no piece could move)` : `${side} played ${game.formatMove(state, move)}`;
}

/** A legal move here as the player would type it ("b1 d3", "C4"), for an example; null when there is none to give. */
export function moveExample(game: AnyGame, state: unknown): string | null {
	const move = (game.legalMoves(state) as number[]).find(candidate => !isPass(game, state, candidate));
	return move === undefined ? null : game.formatMove(state, move);
}

/** "points" → "Points", "boxes" → "Boxes". */
export const capitalized = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/** "RED 4 · BLUE 5 points · move 12/50": the points, and the move number against the limit, of a game that keeps them; null in one without points. */
export function pointsLine(game: AnyGame, state: unknown): string | null {
	if (!game.hasPoints) return null;
	const [first, second] = game.scores(state);
	// After the last move of the limit the next would be 51: the game is then at its 50th.
	const limit = game.moveLimit === null ? '' : ` · move ${Math.min(game.moveNumber(state), game.moveLimit)}/${game.moveLimit}`;
	return `${game.sides[0]} ${first} · ${game.sides[1]} ${second} ${game.phrases.points.many}${limit}`;
}

/** The status line while a move is typed: what to type (an example of the game's), and what is typed so far. */
export function typingPrompt(game: AnyGame, state: unknown, typing: string): string {
	const example = moveExample(game, state);
	return `Type a move${example === null ? '' : ` (e.g. ${example})`}, Enter plays it, Esc cancels: ${typing}_`;
}
