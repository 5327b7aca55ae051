/**
 * The lessons that teach PAH-TUM (`potm learn`), as data: each step a grid, a task on it and the
 * squares that pass, checked against the rules engine by test/learn/lessons.test.ts and
 * test/games/pahtum/lessons.test.ts. The sections cited are docs/pahtum.md's.
 */
import type {LessonBook} from '../learning.js';

/** A grid as its file holds it: seven rows of `-+XO`, each ended by a newline. */
const grid = (...rows: readonly string[]): string => rows.map(row => `${row}\n`).join('');

export const pahtumLessons: LessonBook = {
	summary: [
		'X moves first; each move puts your letter on one empty square. Holes (+) are out of play.',
		'When every square is filled, each unbroken run of one letter along a row or a column scores once, by its length: 3 scores 3, 4 scores 10, 5 scores 25, 6 scores 56, 7 scores 119.',
		'A hole, the other letter or the edge ends a run; diagonals do not count.',
		'More points wins, equal points is a tie. Each move has 10 seconds.',
	],
	page: 'docs/pahtum.md',
	notRulings: {
		'§4': 'The grid file is how a position is written down, not how the game is played.',
		'§5': 'How a contest entry is given the grid and answers it: the contest, not a rule of play.',
		'§6': 'Matches pair two games and add up their points: how a contest is scored, not how a game is played.',
		'§7': 'How potm draws new boards (the number of holes, the seed): any board is played by the same rules.',
		'§8': 'How potm shows the game and runs its clock on screen, not a rule of play.',
		'§9': 'Counting moves (perft) checks the move generator; it is not a rule.',
	},
	lessons: [
		{
			id: 'pahtum-placing',
			title: 'Placing markers',
			steps: [
				{
					id: 'pahtum-placing-square',
					position: grid('-------', '---+---', '-----O-', '--+-+--', '---X---', '-X-----', '-------'),
					task: 'X has two markers and O one, so it is O’s turn. Place your O on C5: row C, column 5.',
					pass: ['C5'],
					wrong: 'Legal, but that square is not C5: the letter is the row (A at the top), the number the column (1 on the left).',
					hint: 'Row C is the third from the top; go along it to column 5.',
					after:
						'A move puts one marker on one empty square. X and O now have two each, so X moves next: whose turn it is always follows from the counts. Each move has 10 seconds on the clock.',
					teaches: ['§1', '§2'],
				},
				{
					id: 'pahtum-placing-holes',
					position: grid('-------', '-----O-', '-XX+X--', '-------', '-O-----', '------+', '+---O--'),
					task: 'You are X. The hole on C4 (+) is out of play. Place an X that makes a run of three in row C.',
					pass: ['C1'],
					wrong: 'Legal, but it makes no run of three in row C.',
					hint: 'The hole cuts row C in two. Which part already has two X’s side by side?',
					after:
						'C1–C3 is a run of three: 3 points. The X on C5 is cut off: a hole ends a run just as the edge of the board does, and nobody can ever play on it.',
					teaches: ['§1', '§3'],
				},
			],
		},
		{
			id: 'pahtum-runs',
			title: 'Runs and their points',
			steps: [
				{
					id: 'pahtum-runs-four',
					position: grid('-------', '------+', '-XXX---', '-------', '----+--', '-O---O-', '+--O---'),
					task: 'You are X. Your run of three in row C is worth 3 points. Place an X that makes it a run of four.',
					pass: ['C1', 'C5'],
					wrong: 'Legal, but it makes no run of four.',
					hint: 'A run can grow at either end.',
					after:
						'A run of four scores 10. A run counts once, by its whole length, so the three inside it no longer count on their own: X goes from 3 points to 10.',
					teaches: ['§3'],
				},
				{
					id: 'pahtum-runs-lines',
					position: grid('X---+--', '-X---O-', '--X----', '-----X-', '-O---X-', 'O-----+', '-+O---O'),
					task: 'You are X. Place an X that scores a run of three. Only rows and columns count: a diagonal scores nothing.',
					pass: ['C6', 'F6'],
					wrong: 'Legal, but it makes no run of three along a row or a column.',
					hint: 'The X’s on A1, B2 and C3 lie on a diagonal and score nothing. Look for two X’s next to each other in a column.',
					after: 'Three X’s down column 6 score 3 points. The diagonal from A1 to C3 scores nothing, however long it grows.',
					teaches: ['§3'],
				},
				{
					id: 'pahtum-runs-long',
					position: grid('XXX-XXX', 'O-O-O-O', 'XX-XXX+', '-O-O-O-', 'O-O-O-O', 'XX-XX--', 'O-O-O-O'),
					task: 'You are X. Long runs are worth far more: five in a row scores 25, six 56, seven 119. Place the X that gains the most points.',
					pass: ['A4'],
					wrong: 'Legal, but another X gains more.',
					hint: 'Each gap joins two pieces of a row. What would a whole row of seven be worth?',
					after:
						'A4 makes row A one run of seven: 119 points in place of two runs of three (6), a gain of 113. C3 would have made a six (a gain of 53), F3 a five (25).',
					teaches: ['§3'],
				},
			],
		},
		{
			id: 'pahtum-blocking',
			title: 'Blocking',
			steps: [
				{
					id: 'pahtum-blocking-end',
					position: grid('-------', '--O----', '-------', '-------', '+XXX---', '-----O-', '---+--+'),
					task: 'You are O. X’s run of three in row E is one X away from a run of four (10 points). Place an O that stops it growing.',
					pass: ['E5'],
					wrong: 'Legal, but X can still play E5 and make a run of four.',
					hint: 'A run ends at a hole, at the edge or at the other letter. One end of this run is closed already.',
					after: 'Your O on E5 ends the run, and the hole on E1 closes its other end: E2–E4 stays a run of three, 3 points, for good.',
					teaches: ['§3'],
				},
				{
					id: 'pahtum-blocking-gap',
					position: grid('-------', 'XX-XX--', '-------', '---+---', '--O----', 'O-----O', '-------'),
					task: 'You are O. In row B, one X in the gap between X’s two pairs would make a run of five (25 points). Place an O that stops it.',
					pass: ['B3'],
					wrong: 'Legal, but X can still fill B3 and make a run of five.',
					hint: 'Only one square joins the two pairs.',
					after:
						'Your O on B3 splits row B for good: the other letter ends a run, so the most X can make there now is a run of four, B4–B7.',
					teaches: ['§3'],
				},
			],
		},
		{
			id: 'pahtum-end',
			title: 'The end of the game',
			steps: [
				{
					id: 'pahtum-end-last',
					position: grid('XXXXOOO', 'OXOXOXO', '+O++++X', 'XX-O-OO', 'XOXOXOX', 'OXOXOXO', 'XOXOXOX'),
					task: 'You are X, and two squares are left: once O fills the last one, the game is over. Place the X that wins it.',
					pass: ['D5'],
					wrong: 'Legal, but when O fills D5 the points are level, 13 to 13: a tie.',
					hint: 'For each of the two squares, count what your X scores there and what O then scores on the other.',
					after:
						'O fills D3, every square but the holes is taken, and the game is over: X wins 10 to 3. D3 would have made X a run of three but given O D4–D7, a run of four: 13 to 13, a tie.',
					teaches: ['§3'],
				},
			],
		},
	],
};
