/** A review's findings in words and marks, for the screens, the records and the command line. */
import type {Player} from '../games/game.js';
import {decidedIn} from '../engine/search.js';
import {MARKS, type Mark, type MoveReview, type ReviewScale, type SideSummary} from './types.js';

/** The short marks of the move lists, after the move: chess's ?? ? ?! for the losses, □ (ASCII !) for an only move. */
export const MARK_GLYPHS: Readonly<Record<Mark, {readonly unicode: string; readonly ascii: string}>> = {
	blunder: {unicode: '??', ascii: '??'},
	mistake: {unicode: '?', ascii: '?'},
	inaccuracy: {unicode: '?!', ascii: '?!'},
	'missed-win': {unicode: '?W', ascii: '?W'},
	'only-move': {unicode: '□', ascii: '!'},
};

export const markGlyph = (mark: Mark, ascii: boolean): string => (ascii ? MARK_GLYPHS[mark].ascii : MARK_GLYPHS[mark].unicode);

/**
 * An evaluation from player 1's view: "+1.25", "-0.40"; "RED wins in 3" once the game is decided,
 * "RED won" where it has ended; a proven final margin (PAH-TUM's, solved) as "+12 proven".
 */
export function scoreText(score: number, proven: boolean, sides: readonly [string, string]): string {
	const plies = decidedIn(score);
	if (plies !== null) {
		const winner = sides[(score > 0 ? 1 : 2) - 1]!;
		return plies === 0 ? `${winner} won` : `${winner} wins in ${Math.ceil(Math.abs(plies) / 2)}`;
	}
	const text = (Math.abs(score) / 100).toFixed(2);
	const signed = score > 0 ? `+${text}` : score < 0 ? `-${text}` : text;
	return proven ? `${signed} proven` : signed;
}

/** Points lost, in game points: "1.50". */
export const lossText = (loss: number): string => (loss / 100).toFixed(2);

/** "12. b1 d3" or "12... a7 c5": a move as records and reports number it. */
export const numbered = (move: Pick<MoveReview, 'number' | 'player' | 'move'>): string =>
	`${move.number}${move.player === 1 ? '.' : '...'} ${move.move}`;

/** A mark counted: "1 blunder", "2 inaccuracies", "1 missed win". */
const COUNTED: Readonly<Record<Mark, readonly [string, string]>> = {
	blunder: ['blunder', 'blunders'],
	mistake: ['mistake', 'mistakes'],
	inaccuracy: ['inaccuracy', 'inaccuracies'],
	'missed-win': ['missed win', 'missed wins'],
	'only-move': ['only move', 'only moves'],
};

/** "1 blunder, 2 mistakes": the marks a side got, those it got none of left out; "no marks" when none. */
export function countsText(summary: SideSummary): string {
	const parts = MARKS.filter(mark => summary.counts[mark] > 0).map(
		mark => `${summary.counts[mark]} ${COUNTED[mark][summary.counts[mark] === 1 ? 0 : 1]}`,
	);
	return parts.length === 0 ? 'no marks' : parts.join(', ');
}

/** "??1 ?2 ?!3 □1": the same, short, in the marks of the move list. */
export function countsGlyphs(summary: SideSummary, ascii: boolean): string {
	const parts = MARKS.filter(mark => summary.counts[mark] > 0).map(mark => `${summary.counts[mark]}${markGlyph(mark, ascii)}`);
	return parts.length === 0 ? 'no marks' : parts.join(' ');
}

/** Whose side a player is, by name. */
export const sideName = (player: Player, sides: readonly [string, string]): string => sides[player - 1]!;

/** What the marks mean in this game, for the help: the glyphs and the thresholds in its points. */
export function marksLegend(game: {readonly hasPoints: boolean; readonly reviewScale: ReviewScale}, ascii: boolean): string[] {
	const {inaccuracy, mistake, blunder} = game.reviewScale;
	const unit = game.hasPoints ? 'points' : 'of the evaluation';
	return [
		`Marks, by what a move lost against the engine's best (${unit}): ${markGlyph('blunder', ascii)} blunder (${blunder} or more, or a game not lost now lost), ${markGlyph('mistake', ascii)} mistake (${mistake} or more), ${markGlyph('inaccuracy', ascii)} inaccuracy (${inaccuracy} or more), ${markGlyph('missed-win', ascii)} missed a win (a proven win let go), ${markGlyph('only-move', ascii)} only move (every other move lost).`,
	];
}
