/**
 * The themes PAH-TUM puzzles are sorted by, and which of them a proved puzzle has, read off its
 * position and the answer: whether the placement scores at once (a run made or lengthened),
 * takes a square the opponent would score on, or comes among the last placements of the game,
 * where every square is counted to the end.
 */
import {EMPTY, other} from '../game.js';
import type {PuzzleFacts, PuzzleTheme, PuzzleThemes} from '../learning.js';
import {scoreOf, type PahtumState} from './rules.js';

/** Empty squares at most, for a position to be among the last placements: four each. */
const LAST_PLACEMENTS = 8;

const THEMES: readonly PuzzleTheme[] = [
	{
		id: 'complete-run',
		name: 'Complete a run',
		description: 'Place the marker that makes or lengthens a run of yours: a run of 3 scores 3, of 4 10, of 5 25.',
	},
	{
		id: 'block-run',
		name: 'Block a run',
		description: "Take the square where the opponent's next marker would score.",
	},
	{
		id: 'last-placements',
		name: 'The last placements',
		description: 'A few squares are left and every one is counted to the end: the placement that comes out best.',
	},
	{
		id: 'build',
		name: 'Build for later',
		description: 'Nothing scores at once: the placement that leaves your runs room to grow and the opponent less.',
	},
];

/** The points `player` has on `cells` with its marker on the empty `square` as well, less what it has now. */
function gainOf(cells: readonly number[], square: number, player: 1 | 2): number {
	const placed = [...cells];
	placed[square] = player;
	return scoreOf(placed)[player - 1]! - scoreOf(cells)[player - 1]!;
}

function classify(facts: PuzzleFacts<PahtumState>): string[] {
	const {start, solution} = facts;
	const answer = solution[0]!;
	const solver = start.toMove;
	const themes: string[] = [];
	if (gainOf(start.cells, answer, solver) > 0) themes.push('complete-run');
	if (gainOf(start.cells, answer, other(solver)) > 0) themes.push('block-run');
	if (start.cells.filter(cell => cell === EMPTY).length <= LAST_PLACEMENTS) themes.push('last-placements');
	if (themes.length === 0) themes.push('build');
	return themes;
}

export const pahtumPuzzleThemes: PuzzleThemes<PahtumState> = {themes: THEMES, classify};
