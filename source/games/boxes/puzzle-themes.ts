/**
 * The themes LINES and BOXES puzzles are sorted by, and which of them a proved puzzle has, read
 * off the answer on the position's board: whether the line takes boxes (a chain closed along
 * it), closes two boxes with one unit segment (the double-cross of dots and boxes: the segment
 * two boxes share), hands boxes over (brings boxes to three sides, for the opponent to take), or
 * does none of these. Turns always alternate here (docs/boxes.md §4), so a box handed over is
 * the opponent's to take on its next move, and handing over the short chain is how a side makes
 * the opponent open the long one.
 */
import type {PuzzleFacts, PuzzleTheme, PuzzleThemes} from '../learning.js';
import {BoxesBoard} from './board.js';
import {unitOwners, type BoxesState} from './rules.js';

const THEMES: readonly PuzzleTheme[] = [
	{
		id: 'take-chain',
		name: 'Take the chain',
		description: 'Close the boxes on offer: one line takes every box along it that has three sides drawn.',
	},
	{
		id: 'double-cross',
		name: 'The double-cross',
		description: 'Two boxes that share their missing side: one unit segment closes both at once.',
	},
	{
		id: 'short-chain',
		name: 'Hand over the short chain',
		description: 'Give the opponent the fewest boxes now, so that the larger chains come your way.',
	},
	{
		id: 'safe',
		name: 'The safe line',
		description: 'Nothing to take and nothing to give: the one line that keeps the count of safe moves on your side.',
	},
];

function classify(facts: PuzzleFacts<BoxesState>): string[] {
	const {start, solution} = facts;
	const answer = solution[0]!;
	const board = new BoxesBoard(start.rows, start.columns, unitOwners(start), start.boxes, start.toMove);
	const g = board.geometry;
	const themes: string[] = [];
	if (board.moveGain(answer) > 0) themes.push('take-chain');
	for (let i = g.unitStart[answer]!, end = g.unitStart[answer + 1]!; i < end; i++) {
		const unit = g.unitList[i]!;
		const [a, b] = [g.unitBoxA[unit]!, g.unitBoxB[unit]!];
		if (a >= 0 && b >= 0 && board.sides[a] === 3 && board.sides[b] === 3) {
			themes.push('double-cross');
			break;
		}
	}
	if (board.moveGifts(answer) > 0) themes.push('short-chain');
	if (themes.length === 0) themes.push('safe');
	return themes;
}

export const boxesPuzzleThemes: PuzzleThemes<BoxesState> = {themes: THEMES, classify};
