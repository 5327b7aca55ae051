/**
 * The lessons that teach LINES and BOXES (`potm learn`), as data: each step a game file on a
 * board of 3×3 boxes, a task on it and the lines that pass, checked against the rules engine by
 * test/learn/lessons.test.ts and test/games/boxes/lessons.test.ts. The sections cited are
 * docs/boxes.md's.
 */
import type {LessonBook} from '../learning.js';

/**
 * A 3×3 game as its file holds it: the player to move, the boxes each side has (as the moves
 * give them), then the lines drawn before the game (`0 V1 V2`) and the players' moves.
 */
const game = (toMove: 1 | 2, scores: readonly [number, number], ...lines: readonly string[]): string =>
	[`${toMove} 3 3`, `1 ${scores[0]} 60`, `2 ${scores[1]} 60`, ...lines].map(line => `${line}\n`).join('');

export const boxesLessons: LessonBook = {
	summary: [
		'A move draws one straight line along a row or a column, as long as you like, over undrawn segments only.',
		'The move that draws the last side of a box takes it; one line can take several.',
		'Turns always alternate, even after a box is taken.',
		'When every segment is drawn the game is over: more boxes wins, equal is a tie.',
	],
	page: 'docs/boxes.md',
	notRulings: {
		'§6': 'The file is how a game is written down, not how it is played.',
		'§7': 'How a contest entry is run and what it must print: the contest, not a rule of play.',
		'§8': 'How matches and places are scored over many games, not a rule of one game.',
		'§9': 'Counting moves (perft) checks the move generator; it is not a rule.',
		'§10': 'The options that set up a new board (size, lines drawn at random, seed): any board is played by the same rules.',
		'§11': 'How potm draws the board and picks lines with the cursor, not a rule of play.',
	},
	lessons: [
		{
			id: 'boxes-lines',
			title: 'Drawing lines',
			steps: [
				{
					id: 'boxes-lines-long',
					position: game(1, [0, 0]),
					task: 'You are RED, on an empty board of 3×3 boxes. A line may be of any length: draw one that reaches right across the board, from one edge to the other.',
					pass: ['A1 D1', 'A2 D2', 'A3 D3', 'A4 D4', 'A1 A4', 'B1 B4', 'C1 C4', 'D1 D4'],
					wrong: 'Legal, but that line stops short of the far edge.',
					hint: 'Dots are named by column letter and row number, A1 at the top left. A line across joins column A to column D, or row 1 to row 4.',
					after: 'One move drew three unit segments at once. A line is written as its two end dots, the left or upper one first.',
					teaches: ['§1', '§2'],
				},
				{
					id: 'boxes-lines-overlap',
					position: game(1, [0, 0], '0 B1 B4', '0 C3 D3'),
					task: 'You are RED. In row 3, C3 D3 is drawn already. Draw the longest line that row 3 still has room for.',
					pass: ['A3 C3'],
					wrong: 'Legal, but it is not the longest line row 3 has room for.',
					hint: 'A line may not cover a drawn segment, but it may end where one begins, and it may cross another line at a dot.',
					after:
						'A3 C3 crosses B1 B4 at B3 and meets C3 D3 at C3: lines may meet and cross at dots, but never share a segment. A3 D3 would have been refused.',
					teaches: ['§2'],
				},
			],
		},
		{
			id: 'boxes-boxes',
			title: 'Taking boxes',
			steps: [
				{
					id: 'boxes-boxes-close',
					position: game(1, [0, 0], '0 A1 B1', '0 A2 B2', '0 A1 A2', '0 B1 B2', '0 D3 D4', '1 C3 D3', '2 C3 C4'),
					task: 'You are RED. A box is named by its top-left dot, and box C3 has three sides drawn. Take it: draw a line that supplies its last side.',
					pass: ['A4 D4', 'B4 D4', 'C4 D4'],
					wrong: 'Legal, but box C3 still has a side missing.',
					hint: 'Box C3 is the bottom-right one. Which of its four sides is not drawn yet?',
					after:
						'Box C3 is yours: whoever draws a box’s last side owns it, whoever drew the other three, and a long line does it as well as a short one. Box A1 was closed by lines drawn before the game, so it is nobody’s (#).',
					teaches: ['§1', '§3'],
				},
				{
					id: 'boxes-boxes-two',
					position: game(2, [0, 0], '0 A2 C2', '0 A2 A3', '0 B2 B3', '0 C2 C3', '1 A1 B1'),
					task: 'You are BLUE. Boxes A2 and B2 each lack only their bottom side. Take both with one line.',
					pass: ['A3 C3', 'A3 D3'],
					wrong: 'Legal, but it does not take two boxes.',
					hint: 'Both missing sides lie along one row of dots.',
					after: 'One line closed two boxes, and both are yours: a move takes every box it completes.',
					teaches: ['§3'],
				},
			],
		},
		{
			id: 'boxes-turns',
			title: 'Turns always alternate',
			steps: [
				{
					id: 'boxes-turns-take',
					position: game(1, [0, 0], '0 A1 C1', '0 A2 C2', '0 A1 A2'),
					task: 'You are RED. Take box A1, then see who moves next.',
					pass: ['B1 B2', 'B1 B3', 'B1 B4'],
					wrong: 'Legal, but box A1 is still open.',
					hint: 'Box A1 is the top-left one: its right side is the one missing.',
					after:
						'Now it is BLUE’s turn: unlike dots and boxes, taking a box earns no extra move. And your line was the third side of box B1, so BLUE can take that one at once.',
					teaches: ['§3', '§4'],
				},
				{
					id: 'boxes-turns-safe',
					position: game(2, [0, 0], '1 A1 D1', '2 A3 D3', '1 A2 D2'),
					task: 'You are BLUE, and no box has three sides drawn. Draw a line after which RED, who moves next, has no box to take.',
					pass: ['A4 B4', 'A4 C4', 'A4 D4', 'B4 C4', 'B4 D4', 'C4 D4', 'A3 A4', 'B3 B4', 'C3 C4', 'D3 D4'],
					wrong: 'Legal, but it draws the third side of a box, and RED moves next and takes it.',
					hint: 'The boxes of rows 1 and 2 have two sides each: a third would hand one over. Which boxes have fewer?',
					after:
						'RED has no box to take. A box never earns an extra move, so a line that draws a box’s third side simply gives that box away: here only the bottom row was safe.',
					teaches: ['§4'],
				},
			],
		},
		{
			id: 'boxes-end',
			title: 'The end of the game',
			steps: [
				{
					id: 'boxes-end-last',
					position: game(
						1,
						[2, 4],
						'0 A2 D2',
						'0 A3 D3',
						'0 A1 A2',
						'0 A3 A4',
						'0 B1 B4',
						'0 C1 C2',
						'0 C3 C4',
						'0 D1 D4',
						'1 C1 D1',
						'2 A1 C1',
						'1 A2 A3',
						'2 C2 C3',
					),
					task: 'You are RED, with 2 boxes to BLUE’s 4; the last three boxes lie along the bottom edge. Draw one line that ends the game and wins it.',
					pass: ['A4 D4'],
					wrong: 'Legal, but undrawn segments are left, so the game goes on and BLUE moves next.',
					hint: 'The game is over once no undrawn segment is left. How long must your line be?',
					after:
						'No undrawn segment is left, so the game is over: your line took three boxes, and RED wins 5 to 4. More boxes wins; the same number on both sides is a tie.',
					teaches: ['§5'],
				},
			],
		},
	],
};
