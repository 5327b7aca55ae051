/**
 * The lessons of the LOA family, as data: LOAPS's (docs/loaps.md) and classic Lines of Action's
 * (docs/loa.md), which its mover-wins ruling shares. Each position is a POTM file (loaps.md §9,
 * loa.md §8); each step's answers are every move that does what its task asks, found with the rules
 * engine and held to it by test/games/loa/lessons.test.ts.
 */
import type {LessonBook} from '../learning.js';

// LOAPS positions: 7×7, rank 7 on top; header lines as in saves/ (mover and move number, then
// each player's points and seconds left).

/** The start (saves/start.txt). */
const LOAPS_START = `1 1
1 0 60.0
2 0 60.0
.11.11.
2.....2
2.....2
.......
2.....2
2.....2
.11.11.
`;

/** a1's three lines: rank 1 over its own b1, the a-file through BLUE's a2, the diagonal to d4. */
const JUMP = `1 6
1 0 52.3
2 0 51.8
.1.....
1....2.
....1..
......2
.2.....
2....1.
11..2..
`;

/** saves/red-move-10.txt: four captures for RED. */
const RED_MOVE_10 = `1 10
1 4 5.34
2 5 9.49
.11....
2....1.
2.2.2..
..1...1
......2
22.....
.11....
`;

/** d7 reaches d4 (7); b1 and a3 reach b2 (3); a few captures (1). */
const MIDDLE = `1 12
1 5 47.6
2 6 45.1
2..1...
..2..2.
.......
..1..21
1.....2
...21..
.1.2...
`;

/** BLUE on f6: b2 takes it along the long diagonal (1 + 3); g1 reaches f2 (3); c4 takes c2 (1). */
const BONUS_CAPTURE = `1 15
1 7 44.2
2 8 46.9
......1
.....2.
.....1.
.21.2..
.1.....
.12...2
2...2.1
`;

/** RED, 2 seconds left, connects with a2 d5 and nothing else. */
const TWO_SECONDS = `1 41
1 17 2.0
2 11 23.4
.....1.
....1.1
.2..2..
...1...
...2..2
1......
.......
`;

/** RED behind 10 to 18: a3 takes d6, which joins RED's pieces and leaves BLUE's a1 and a2 alone together. */
const BOTH_CONNECTED = `1 33
1 10 31.7
2 18 28.3
....1..
..12...
...1...
.......
1......
2......
2......
`;

/** RED ahead 10 to 4: taking c7 leaves BLUE's c1 and c2 touching; taking c1 (f1 c1) does not. */
const THEIR_GROUP = `1 26
1 10 38.5
2 4 35.0
1.2....
.......
...1...
......1
.......
..2...1
..2..11
`;

/** RED ahead 18 to 9; BLUE's d2 threatens d2 f4, joining f6, g6 and g5. A third piece on that diagonal (b6 e3, d4 f4, f2 f4) stops it; taking d2 leaves BLUE connected. */
const STOP_THE_CONNECTION = `1 30
1 18 31.0
2 9 29.5
...1...
.1...22
......2
1..1...
.......
...2.1.
1......
`;

/** d4 is safe while f2 keeps three pieces on the diagonal b6..g1; every move of f2 but f2 c5 leaves two there, and b6 takes d4. */
const OPEN_LINE = `1 18
1 14 40.0
2 12 38.0
.....2.
.2..1..
2.....2
...1...
.......
2.1..12
.1.....
`;

/** BLUE behind 4 to 20; RED threatens f4 d4; BLUE could connect (g6 g4) and lose. */
const STAND_IN_THE_WAY = `2 30
1 20 30.2
2 4 33.9
.......
......2
..1....
1....1.
.11.22.
.1....2
.......
`;

/** BLUE's 50th move, 14 to 9 ahead: g5 f4 connects; anything else ends the game at the limit. */
const LAST_MOVE = `2 50
1 9 12.8
2 14 9.6
.......
.......
1.....2
...1...
.....12
1.....2
...1...
`;

/** BLUE's a7 is boxed in already; g1 still has its diagonal, which d2 f2 or d2 e3 closes. BLUE leads. */
const PINNED = `1 30
1 9 30.0
2 15 30.0
21.....
11.....
.......
.......
.......
...1..1
.....12
`;

export const loapsLessons: LessonBook = {
	summary: [
		'A piece moves along its row, column or diagonal exactly as many squares as there are pieces on that whole line.',
		"It may jump its own pieces, never the opponent's; ending on an opponent's piece captures it.",
		'Points: 1 for a capture, 3 for landing on b2, b6, f2 or f6, 7 for d4, every time.',
		'Connecting all your pieces into one group (corners count) scores 12 and ends the game; if a move connects both sides, only the mover scores. A capture that leaves only the captured side connected gives that side the 12.',
		"When the game ends by a connection, more points wins. Nobody connected after BLUE's 50th move: a draw, whatever the points.",
		'No legal move loses, and so does running out of time: 60 seconds a side for the whole game.',
	],
	page: 'docs/loaps.md',
	notRulings: {
		'§9': 'the position file, which entries read and saves use; no move on the board shows it',
		'§10': 'counting move sequences (perft), a check of the rules engine, not a rule of play',
	},
	lessons: [
		{
			id: 'loaps-moves',
			title: 'How a piece moves',
			steps: [
				{
					id: 'loaps-moves-count',
					position: LOAPS_START,
					task: 'This is the start, and RED moves first. Move the piece on c1 along rank 1, the bottom row.',
					pass: ['c1 g1'],
					wrong: 'Legal, but that move does not go along rank 1 from c1.',
					hint: 'Count every piece on rank 1, c1 itself and the one behind it included: the piece travels exactly that many squares.',
					after:
						'Rank 1 holds four pieces (b1, c1, e1, f1), so c1 travels four squares and lands on g1, jumping over your own e1 and f1. Leftwards it would run off the board. A piece picked up marks where it can go; an enemy piece so marked can be captured.',
					teaches: ['§1', '§2'],
				},
				{
					id: 'loaps-moves-jump',
					position: JUMP,
					task: 'Move the piece on a1 so that it jumps over one of your own pieces.',
					pass: ['a1 d1'],
					wrong: 'Legal, but it jumps over none of your own pieces.',
					hint: 'Count the pieces on each of a1’s three lines. A BLUE piece in the way closes a line; one of yours does not.',
					after:
						'Three pieces on rank 1 (a1, b1, e1) take a1 over your b1 to d1. Up the a-file it would have to cross BLUE’s a2, which no piece may do.',
					teaches: ['§2'],
				},
			],
		},
		{
			id: 'loaps-points',
			title: 'Points',
			steps: [
				{
					id: 'loaps-points-capture',
					position: RED_MOVE_10,
					task: 'Capture a BLUE piece: land on it.',
					pass: ['c1 c5', 'c7 a5', 'c4 a2', 'c4 a6'],
					wrong: 'Legal, but it lands on an empty square, so nothing is captured.',
					hint: 'Look for a BLUE piece exactly as many squares away as there are pieces on the line, with no other BLUE piece before it.',
					after: 'The BLUE piece is gone, and the capture scores RED 1 point: 5 to 5.',
					teaches: ['§3'],
				},
				{
					id: 'loaps-points-middle',
					position: MIDDLE,
					task: 'Score as many points as you can with one move. Landing on d4 pays 7; landing on b2, b6, f2 or f6 pays 3.',
					pass: ['d7 d4'],
					wrong: 'Legal, but another move scores more.',
					hint: 'Which of your pieces has a line through d4 with just the right number of pieces on it?',
					after:
						'Three pieces on the d-file (d7, d2, d1) carry d7 to d4: 7 points, 12 to 6. A bonus square pays every time a piece lands on it, not only the first time.',
					teaches: ['§3'],
				},
				{
					id: 'loaps-points-bonus-capture',
					position: BONUS_CAPTURE,
					task: 'Again, score as many points as you can with one move. This time a BLUE piece stands on the bonus square f6.',
					pass: ['b2 f6'],
					wrong: 'Legal, but another move scores more.',
					hint: 'A capture on a bonus square earns both: the capture point and the square’s points.',
					after:
						'Four pieces on the long diagonal (a1, b2, f6, g7) carry b2 to f6: 1 for the capture and 3 for the square, 11 to 8. Landing on f2 would have made 3, taking c2 only 1.',
					teaches: ['§3'],
				},
			],
		},
		{
			id: 'loaps-connect',
			title: 'Connecting',
			steps: [
				{
					id: 'loaps-connect-now',
					position: TWO_SECONDS,
					task: 'Connected means all your pieces are one group: pieces touching along a side or at a corner belong together. Connect all of RED’s pieces with this move.',
					pass: ['a2 d5'],
					wrong: 'Legal, but your pieces are not all in one group yet.',
					hint: 'f7, e6 and g6 touch already (corners count). One empty square touches both them and d4, and a2 has a line to it.',
					after:
						'All five RED pieces are one group: 12 points, and the game ends, RED winning 29 to 11. Mind the clock as well: each side has 60 seconds for the whole game, and running out of time loses.',
					teaches: ['§4', '§8'],
				},
				{
					id: 'loaps-connect-both',
					position: BOTH_CONNECTED,
					task: 'You trail 10 to 18. Win the game with this move.',
					pass: ['a3 d6'],
					wrong: 'Legal, but the game goes on, and you are still behind.',
					hint: 'Only a connection ends the game. A capture can join your pieces, even if it joins BLUE’s as well.',
					after:
						'Taking d6 joins your pieces and leaves BLUE’s a1 and a2 as one group too. Both sides are connected, but only the mover scores the 12: RED wins 23 to 18.',
					teaches: ['§4', '§5'],
				},
				{
					id: 'loaps-connect-their-group',
					position: THEIR_GROUP,
					task: 'You lead 10 to 4. Capture a BLUE piece without leaving BLUE’s other pieces in one group.',
					pass: ['f1 c1'],
					wrong: 'Legal, but not that: it captures nothing, or, taking c7, it leaves c1 and c2 touching, and BLUE scores the 12.',
					hint: 'BLUE has three pieces. Which one, taken away, leaves the other two apart?',
					after:
						'Taking c1 scores 1 (11 to 4), and c7 and c2 stay apart. Taking c7 would have left c1 and c2 together: BLUE would score the 12 and win 16 to 11.',
					teaches: ['§4', '§5'],
				},
			],
		},
		{
			id: 'loaps-safety',
			title: 'Playing safely',
			steps: [
				{
					id: 'loaps-safety-stop',
					position: STOP_THE_CONNECTION,
					task: 'You lead 18 to 9, but BLUE threatens to connect with its next move: that gains it 12 points and ends the game. Stop BLUE from connecting next move.',
					pass: ['d4 f4', 'f2 f4', 'b6 e3'],
					wrong:
						'Legal, but BLUE still connects: next move, or at once if you take d2 and leave the other three together. BLUE gains 12 and wins on points.',
					hint: 'Which BLUE piece stands apart, and which square beside the other three can it reach? Look at the line it would travel.',
					after:
						'With a third piece on the diagonal from d2 to g5, d2 must travel three squares, to its own g5, and cannot reach f4. Had BLUE connected, it would have gained 12 and won 21 to 18: a lead of 12 or less is lost to a connection.',
					teaches: ['§4', '§5'],
				},
				{
					id: 'loaps-safety-lines',
					position: OPEN_LINE,
					task: 'Your piece on d4 is safe now. Move the piece on f2 so that d4 stays safe: moving a piece changes the count on every line it leaves.',
					pass: ['f2 c5'],
					wrong:
						'Legal, but not that: a move of another piece, or one that takes f2 off the diagonal from b6 to g1. With two pieces left on it, BLUE’s b6 travels two squares and takes d4: 8 points.',
					hint: 'Count the pieces on the diagonal from b6 through d4 to g1, now and after f2 has moved.',
					after:
						'f2 c5 stays on the diagonal, which still holds three pieces: b6 would have to travel three squares, over your c5. f2 b2 would have scored 3 but left two pieces there, and b6 d4 scores 8: 1 for the capture, 7 for the square.',
					teaches: ['§2', '§3'],
				},
			],
		},
		{
			id: 'loaps-end',
			title: 'How a game ends',
			steps: [
				{
					id: 'loaps-end-block',
					position: STAND_IN_THE_WAY,
					task: 'You are BLUE, behind 4 to 20, and RED threatens to connect. Connecting yourself would lose 16 to 20, so stand in RED’s way: leave RED no winning move.',
					pass: ['e3 e4', 'g2 e4'],
					wrong: 'Legal, but RED still wins: your move either connects you while you are behind, or leaves RED a connection.',
					hint: 'Find the square where a RED piece would land to connect, and the squares on its way there.',
					after:
						'A BLUE piece on e4 stands on rank 4, between f4 and d4: f4 now has three pieces to count and may not cross yours. Behind on points, keep RED apart and play on.',
					teaches: ['§5'],
				},
				{
					id: 'loaps-end-move-limit',
					position: LAST_MOVE,
					task: 'This is BLUE’s 50th move, the last of the game. You lead 14 to 9: connect now, or the game is drawn.',
					pass: ['g5 f4'],
					wrong: 'Legal, but it does not connect: after BLUE’s 50th move the game is drawn, whatever the points.',
					hint: 'g2 and g3 already touch; g5 needs a square beside them that its line count reaches.',
					after:
						'BLUE connects with its last move: 12 points, and BLUE wins 26 to 9. Any other move would end the game at the limit, drawn, even one that scored a bonus square.',
					teaches: ['§6'],
				},
				{
					id: 'loaps-end-pinned',
					position: PINNED,
					task: 'BLUE leads 15 to 9, but its pieces have little room. Leave BLUE without a legal move.',
					pass: ['d2 f2', 'd2 e3'],
					wrong: 'Legal, but BLUE can still move.',
					hint: 'a7 is already stuck. Which line can g1 still use, and which square on it would close it?',
					after:
						'Both BLUE pieces are boxed in behind RED pieces they may not jump. A side with no legal move loses, whatever the points: RED wins.',
					teaches: ['§7'],
				},
			],
		},
	],
};

// Classic LOA positions: 8×8, rank 8 on top; both points fields are 0.

/** The start (saves/loa-start.txt). */
const CLASSIC_START = `1 1
1 0 60.0
2 0 60.0
.111111.
2......2
2......2
2......2
2......2
2......2
2......2
.111111.
`;

/** Move 6 of a game: e3's diagonal holds a7, e3, f2 and g1, so e3 takes a7; no other capture. */
const CLASSIC_CAPTURE = `1 6
1 0 54.1
2 0 55.6
.1.11.1.
2.......
2......2
2....1.2
2....2.2
...212..
2....2..
.111111.
`;

/** Five BLACK pieces in a chain, h2 apart: h2 f4 joins them. */
const CLASSIC_CONNECT = `1 24
1 0 33.0
2 0 35.4
........
..2.....
....112.
.2...1..
....1...
.2.1....
.......1
.....2.2
`;

/** WHITE has three pieces: taking c7 leaves f6 and g6 touching; c6 f6 does not. */
const CLASSIC_THEIR_GROUP = `1 24
1 0 30.5
2 0 32.8
.....1..
..21....
..1..22.
........
.....1..
.....1.1
.......1
........
`;

/** f8 takes d6: BLACK's pieces join, and WHITE's e2, f3 and g4 are left as one group. */
const CLASSIC_BOTH = `1 19
1 0 36.6
2 0 40.1
.....1..
...1....
...2....
...11...
.....12.
.....2..
....2...
........
`;

/** BLACK's a8 and h1 each boxed in by three WHITE pieces: no piece of BLACK's can move. */
const CLASSIC_PASS = `1 31
1 0 41.5
2 0 37.2
12......
22......
........
........
........
........
......22
......21
`;

/** e2 e6 connects; f6 g6 and back (WHITE a5 b5 and back) would repeat the position. */
const CLASSIC_REPETITION = `1 37
1 0 21.7
2 0 19.9
....1.2.
....1...
.....1..
2.......
.2......
........
.2..12..
....2...
`;

export const classicLoaLessons: LessonBook = {
	summary: [
		"8×8, BLACK moves first. Pieces move and capture as in LOAPS: as many squares as pieces on the line, over your own, never over the opponent's.",
		'There are no points and no move limit: whoever a move leaves connected wins (a capture that leaves only the captured side connected makes that side the winner).',
		"Both sides connected by one move: a draw, or a win for the mover under Sackson's ruling.",
		'A side that cannot move passes; a position that comes round a third time is a draw.',
	],
	page: 'docs/loa.md',
	notRulings: {
		'§7': 'counting move sequences (perft), a check of the rules engine, not a rule of play',
		'§8': 'the position file, which entries read and saves use; no move on the board shows it',
		'§9': 'how potm draws and plays the game (screen, levels, match command), not a rule of play',
	},
	lessons: [
		{
			id: 'loa-moves',
			title: 'The board and the moves',
			steps: [
				{
					id: 'loa-moves-start',
					position: CLASSIC_START,
					task: 'This is the start of classic Lines of Action on its 8×8 board, and BLACK moves first. Move the piece on b1 along rank 1.',
					pass: ['b1 h1'],
					wrong: 'Legal, but that move does not go along rank 1 from b1.',
					hint: 'Count every piece on rank 1, b1 included: the piece travels exactly that many squares, and may jump your own pieces.',
					after:
						'Six pieces stand on rank 1, so b1 travels six squares, over your own c1 to g1, to h1. Pieces move as in LOAPS, but there are no points, no bonus squares and no move limit.',
					teaches: ['§1', '§2'],
				},
				{
					id: 'loa-moves-capture',
					position: CLASSIC_CAPTURE,
					task: 'Capture a WHITE piece.',
					pass: ['e3 a7'],
					wrong: 'Legal, but it lands on an empty square, so nothing is captured.',
					hint: 'Count the whole diagonal through e3, behind the piece as well as in front of it.',
					after:
						'The diagonal from a7 to g1 holds four pieces (a7, e3, f2, g1), so e3 goes four squares and takes a7. No points: WHITE simply has one piece fewer.',
					teaches: ['§2'],
				},
			],
		},
		{
			id: 'loa-connect',
			title: 'Connecting wins',
			steps: [
				{
					id: 'loa-connect-win',
					position: CLASSIC_CONNECT,
					task: 'Connect all your pieces: in classic LOA that wins the game outright.',
					pass: ['h2 f4'],
					wrong: 'Legal, but your pieces are not all in one group yet.',
					hint: 'Five of your pieces already touch one another; the one on h2 is alone. Which square beside the five can it reach?',
					after: 'h2 f4 joins the group, and BLACK wins on the spot: there are no points to count.',
					teaches: ['§3'],
				},
				{
					id: 'loa-connect-their-group',
					position: CLASSIC_THEIR_GROUP,
					task: 'Capture a WHITE piece, but not one whose loss leaves WHITE’s other pieces in one group.',
					pass: ['c6 f6'],
					wrong: 'Legal, but not that: it captures nothing, or, taking c7, it leaves f6 and g6 touching, and WHITE wins.',
					hint: 'WHITE has three pieces. Which one, taken away, leaves the other two apart?',
					after:
						'Taking f6 leaves c7 and g6 far apart, and the game goes on. Taking c7 would have left f6 and g6 side by side: WHITE connected, and WHITE would have won.',
					teaches: ['§3'],
				},
				{
					id: 'loa-connect-both-draw',
					position: CLASSIC_BOTH,
					// Played under the default ruling even where the book is loa-mover's.
					ruling: 'loa',
					task: 'Connect all your pieces with this move, then look at what it does to WHITE’s.',
					pass: ['f8 d6'],
					wrong: 'Legal, but your pieces are not all in one group yet.',
					hint: 'The only way to join f8 to the rest goes through a WHITE piece.',
					after:
						'Taking d6 joins BLACK’s pieces, and leaves WHITE’s e2, f3 and g4 as one group too. Both sides connected at once: under the default (Computer Olympiad) rules, a draw.',
					teaches: ['§3', '§4'],
				},
				{
					id: 'loa-connect-both-mover',
					position: CLASSIC_BOTH,
					ruling: 'loa-mover',
					task: 'The same position, played under the mover-wins ruling (“Lines of Action (mover wins)” on the menu). Win the game with this move.',
					pass: ['f8 d6'],
					wrong: 'Legal, but the game goes on.',
					hint: 'Only a connection ends the game, and under this ruling a capture that connects both sides counts for the side that made it.',
					after: 'The same capture connects both sides, and under Sackson’s mover-wins ruling the side that moved wins: BLACK wins.',
					teaches: ['§4'],
				},
			],
		},
		{
			id: 'loa-special',
			title: 'Passing and repetition',
			steps: [
				{
					id: 'loa-special-pass',
					position: CLASSIC_PASS,
					task: 'None of BLACK’s pieces can move: each is boxed in by WHITE pieces it may not jump. Pass (type “pass”).',
					pass: ['pass'],
					wrong: 'The pass is the only legal move here.',
					hint: 'When no piece can move, the pass is the only legal move: type “pass”.',
					after:
						'BLACK passes and WHITE moves again; BLACK plays on as soon as a piece is free. In LOAPS, a side with no move would have lost.',
					teaches: ['§5'],
				},
				{
					id: 'loa-special-repetition',
					position: CLASSIC_REPETITION,
					task: 'This position has stood once before with BLACK to move; a third time would draw the game. Do not shuffle back and forth: win now.',
					pass: ['e2 e6'],
					wrong: 'Legal, but the game goes on, and going back and forth could bring this position round a third time: a draw.',
					hint: 'e7, e8 and f6 already touch. Count the pieces on the e-file.',
					after:
						'e2 e6 connects, and BLACK wins at once. Had BLACK played f6 g6 and back while WHITE played a5 b5 and back, the position would have stood a third time: a draw.',
					teaches: ['§3', '§6'],
				},
			],
		},
	],
};
