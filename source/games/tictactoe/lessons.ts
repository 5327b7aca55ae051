/**
 * The lesson of tic-tac-toe, the test game (`potm learn` with POTM_TEST_GAMES=tictactoe), as data:
 * one lesson of two steps, so that a fifth game's lessons go through everything the four games'
 * do.
 *
 * Its rules page is docs/tictactoe.md: §1 the grid and the turns, §2 three in a row; §3, the
 * file, is not a rule of play.
 */
import type {LessonBook} from '../learning.js';

/** A position as its file holds it: the header, then three rows of `.XO`. */
const grid = (...rows: readonly string[]): string => ['tic-tac-toe', ...rows].map(row => `${row}\n`).join('');

export const tictactoeLessons: LessonBook = {
	summary: [
		'X moves first; each move puts your mark on an empty square.',
		'Three in a row, a column or a diagonal wins; a full grid without one is a draw.',
	],
	page: 'docs/tictactoe.md',
	notRulings: {'§3': 'the file format, which no move on the board shows'},
	lessons: [
		{
			id: 'tictactoe-three',
			title: 'Three in a row',
			steps: [
				{
					id: 'tictactoe-three-win',
					position: grid('XO.', '.X.', 'O..'),
					task: 'You are X. Place an X that makes three in a row and wins the game.',
					pass: ['C3'],
					wrong: 'Legal, but it makes no line of three X’s.',
					hint: 'Diagonals count too.',
					after: 'A1, B2 and C3 are three in a row along a diagonal: X wins.',
					teaches: ['§1', '§2'],
				},
				{
					id: 'tictactoe-three-block',
					position: grid('XX.', '.O.', '...'),
					task: 'You are O. X has two in a row on A1 and A2. Place an O that stops X completing the row.',
					pass: ['A3'],
					wrong: 'Legal, but X can still play A3 and win.',
					hint: 'Look at the end of row A.',
					after: 'Your O on A3 blocks row A: X has no line of three to complete now.',
					teaches: ['§2'],
				},
			],
		},
	],
};
