/**
 * The help texts as data: the program's (potm --help) and each command's (potm COMMAND --help),
 * their option lines made from the option table (options.ts), so that a help names exactly the
 * options its command takes. Written with a tab at the start of each line, shown as two spaces.
 */
import {optionHelp} from '../args.js';
import {OPTIONS} from './options.js';

/** A command's own options, for its help. */
const options = (command: string): string => optionHelp(OPTIONS, command);

/** The program's help. */
const help = `
	potm: a terminal arcade for the games of the Programmer Of The Month
	contests: LOAPS, classic Lines of Action, PAH-TUM and LINES and BOXES.

	Usage
	  $ potm                        the start menu: play, demo, analyse, open
	  $ potm play [FILE]            play against the AI, from the start or FILE
	  $ potm analyze FILE           the engine analyses the position in FILE
	  $ potm demo [FILE]            watch the AI play itself
	  $ potm learn                  the rules, taught on the board, step by step
	  $ potm puzzles                puzzles found and proved by the engine, rated
	  $ potm move [FILE]            play as a POTM contest entry: think within
	                                the clock (CPU time), print one move
	  $ potm perft FILE DEPTH       count the move sequences of DEPTH moves
	  $ potm review FILE            the engine goes over a saved game: a graph of
	                                its evaluation, every move judged
	  $ potm export FILE            write the game of a save or a referee game
	                                as a record for people, saves/NAME.game.txt
	  $ potm match A B              referee a match between two players: ai:1
	                                .. ai:5, ai:greedy, ai:random or an entry
	  $ potm tournament P1 P2 ...   every pair plays a match; ranking and Elo
	  $ potm serve                  an SSH server: anyone with ssh plays potm

	Options${optionHelp(OPTIONS, '')}

	FILE is a POTM input file: for LOA the player to move and the move number,
	each player's points and seconds left, then the board, top rank first: 7
	board lines for LOAPS (saves/start.txt), 8 for classic LOA
	(saves/loa-start.txt); for PAH-TUM the 7×7 grid of - + X O alone; for
	LINES and BOXES "P ROWS COLUMNS", the two score lines, then the lines
	drawn so far, one "P V1 V2" a line (P 0 for those drawn before the game).
	For potm move, no FILE or - reads the position from standard input.
	potm play and analyze also open a game record (NAME.game.txt, written by
	potm export): the whole game, from its start, move by move.

	Examples
	  $ potm play --side 2 --level 4
	  $ potm play --game loa
	  $ potm analyze saves/red-move-10.txt
	  $ potm move saves/start.txt
	  e7 e5
	  $ potm perft saves/start.txt 5
	  7181852
	  $ potm match ai:3 "python3 my_entry.py" --matches 5

	Exit status: 0 done, 1 no legal move in FILE (or a match's --out record,
	or an export, could not be written), 2 bad arguments or a bad FILE (or no
	terminal for the board), 130 stopped by Ctrl-C, 70 an internal error
	(please report it).
`;

const PLAYERS = `
	Players: ai:1 .. ai:5 (the levels), ai:greedy, ai:random, or the command
	line of a POTM entry, quoted as one argument ("python3 my_entry.py"). An
	entry is run once per move, in a private folder, with the input file's
	path appended; it prints one move (in a game whose entries read standard
	input, PAH-TUM, it is given the grid there and prints the new grid). Its
	clock is its CPU time (user and system, its children included), as POTM
	counted. It loses the game if its clock runs out, if it prints nothing,
	more than one line, or not a legal move (a grid other than the one given
	with one more marker of its own), or if it crashes (exits with a status
	other than 0); what it wrote to stdout and stderr is kept in the record.
	In a game won on points (PAH-TUM) a match goes to the higher total of
	game points over its two games, and a fault loses the whole match. In
	LINES and BOXES players level on match points are ranked by the boxes
	they took over all their games.`;

/** "potm COMMAND --help". */
const COMMAND_HELP: Readonly<Record<string, string>> = {
	play: `
	Usage
	  $ potm play [--game loa] [--side 1|2] [--level 1-5]
	              [--clock SECONDS | --no-clock] [FILE]

	Play LOAPS, classic LOA, PAH-TUM or LINES and BOXES against the AI, from
	the start (a random board in PAH-TUM; in LINES and BOXES a board of
	--size, with --lines drawn) or from the position in FILE (a POTM file,
	e.g. one saved with s; it tells its own game). Keys: arrows or hjkl move
	the cursor, Enter picks a piece up and puts it down (or passes, when you
	have no move; in PAH-TUM it places your marker; in LINES and BOXES it
	picks one end of a line, marks the vertices it can reach, and Enter on
	one of those draws it), m types a move, u takes back, t hints, ? shows
	every key. A new game (n) and a rematch (w) start
	from FILE (or the same board) too.

	Options${options('play')}

	Example
	  $ potm play --side 2 --level 5 saves/red-move-10.txt
`,
	analyze: `
	Usage
	  $ potm analyze FILE

	Open the position in FILE in analysis mode: the engine searches without
	end and shows its best moves with their evaluations and lines, live. Play
	moves on the board, step back and on with [ and ], + and - for more or
	fewer lines, s saves.

	Options${options('analyze')}

	Example
	  $ potm analyze saves/blue-move-28.txt
`,
	demo: `
	Usage
	  $ potm demo [--game loa] [--red LEVEL] [--blue LEVEL] [--delay MS]
	              [--games N] [--clock S] [FILE]

	Watch the AI play itself on the game's clocks, from the start or from the
	position in FILE (every game of the series starts there). The sides swap
	every game and the score of the series is kept. Space pauses, the right
	arrow plays the next move while paused, + and - change the speed, Esc
	goes to the menu, q quits.

	Options${options('demo')}

	Example
	  $ potm demo --red 5 --blue 4 --delay 300 --games 4
`,
	learn: `
	Usage
	  $ potm learn [--game loa|pahtum|boxes]

	The rules of the game, taught on its own board: a few lessons of a few
	steps, each a position and a task ("Move the piece on b1 so that it
	captures"). Play the move with the cursor or type it (m); a move that
	misses is told why, a hint comes after two misses, and ? marks the
	answer on the board. Progress is kept in saves/learning.json; the last
	lesson leads to a first game against level 1. docs/learn.md says more.

	Options${options('learn')}

	Example
	  $ potm learn --game pahtum
`,
	puzzles: `
	Usage
	  $ potm puzzles [--game loa|pahtum|boxes] [--theme THEME]

	Puzzles mined from engine games, each with one clearly best move that
	the engine proved, rated (Glicko-2, as the puzzles are): the next rated
	puzzle near your rating, a theme, the puzzle of the day (the same for
	everyone on a date) and puzzles from your own games (your blunders in
	the games kept in saves/games/, proved the same way). Your rating, streak
	and history are kept in saves/learning.json.

	Options${options('puzzles')}

	Example
	  $ potm puzzles --game loaps --theme connect-in-2
`,
	move: `
	Usage
	  $ potm move FILE [--clock S]
	  $ potm move [-] < FILE [--clock S]

	Play as a POTM contest entry: think within the clock (CPU time, as POTM
	counts it: FILE's clock for the game in LOA, the game's allowance for a
	move where there is one) and print what an entry of the game prints: one
	move in LOA, e.g. "b1 d3" ("pass" in classic LOA when no piece can move),
	the whole new grid in PAH-TUM, a line in LINES and BOXES, e.g. "A3 C3".
	With no FILE, or -, the position is read from standard input, so that
	moves chain: potm move < a.txt | potm move.
	Exit status 1 when the position has no legal move (the game is over).

	Options${options('move')}
`,
	match: `
	Usage
	  $ potm match A B [--game loa] [--matches N] [--clock S] [--jobs J]
	                   [--out DIR] [--json]

	Referee matches between A and B under the LOAPS contest's rules (or
	classic LOA's, with the same clock, PAH-TUM's or LINES and BOXES's): each
	match is two games, each side first once; a win earns 2 match points, a
	draw or a tie 1 each (in PAH-TUM a match is won on the total of its
	games' points).
${PLAYERS}

	Options${options('match')}

	Examples
	  $ potm match ai:5 ai:3 --matches 5
	  $ potm match ./my_entry "node dist/cli.js move" --clock 30 --out runs/1
`,
	tournament: `
	Usage
	  $ potm tournament P1 P2 P3 ... [--game loa] [--matches N] [--clock S]
	                                 [--jobs J] [--out DIR] [--json]

	Every pair of players plays N matches. At the end: the ranking by match
	points (ties broken by head-to-head, as the LOAPS contest did), the
	crosstable of match points and an Elo-style rating with its 95 % margin.
${PLAYERS}

	Options${options('tournament')}

	Example
	  $ potm tournament ai:random ai:greedy ai:1 ai:3 ai:5 --matches 2
`,
	review: `
	Usage
	  $ potm review FILE [--time S | --depth N] [--json]

	The engine goes over every move of the game in FILE, in the background, a
	second a move by default: the evaluation graph (from the first player's
	side; in LOAPS the points margin), and every move judged against the
	engine's best, by the game points it lost (classic LOA: its evaluation's
	unit; the thresholds of each game are in docs/review-and-records.md §3):
	  ??  blunder (LOAPS 6 points or more, or a game not lost now lost)
	  ?   mistake (LOAPS 3 or more)       ?!  inaccuracy (LOAPS 1 or more)
	  ?W  missed a win (a proven win let go)
	  □   only move (every other move lost; ! with --ascii)
	with each side's average loss a move and its marks. Walk the game with the
	arrows, [ ], Home, End and g NUMBER; Esc stops the review early (what is
	done is kept), e writes the record with the findings (potm export).

	FILE is a save (with its history), a game of a referee run (game-001.txt
	or game-001.record.txt) or a game record (NAME.game.txt).

	Options${options('review')}

	Examples
	  $ potm review saves/my-game.txt
	  $ potm review runs/1/game-003.record.txt --time 0.5 --json > review.json
`,
	export: `
	Usage
	  $ potm export FILE

	Write the game in FILE as a record for people: one text file with who
	played, the clocks, the result, the start position and every move, one a
	line, with the clocks after it, e.g. "12... b1 d3  {RED 41.20 BLUE 38.75}".
	potm play and analyze open a record, and the menu's Open lists it.

	FILE is a save (NAME.txt, with NAME.history.json beside it for the moves),
	a game of a referee run (runs/x/game-001.txt, or game-001.record.txt, which
	also names the players), or a record, copied as it is. The record goes to
	the saves folder ($POTM_SAVES, else saves) as NAME.game.txt, or
	NAME-2.game.txt and on when that is taken: nothing is ever overwritten. Its
	path is printed. Exit status 0 written, 1 it could not be written, 2 a bad
	FILE.

	Options${options('export')}

	Example
	  $ potm export runs/1/game-003.record.txt
	  saves/game-003.game.txt
`,
	serve: `
	Usage
	  $ potm serve [--port PORT] [--host ADDRESS] [--data DIR]
	               [--authorized-keys FILE] [--max-sessions N] [--draw-threads N]
	  $ potm serve --names [--data DIR]
	  $ potm serve --forget NAME [--data DIR]

	Serve potm over SSH: anyone with an ssh client and a terminal gets the
	arcade on it (ssh -p 2222 HOST), with saves of their own under their SSH
	user name. A name belongs to the first key that comes under it; a client
	without a key plays as a guest. There is no shell: no other command, no
	file transfer, no forwarding. The host key is made on the first start and
	kept in DIR (its fingerprint is printed, for people to check on their first
	connection). Ctrl-C stops the server and ends every session.

	Options${options('serve')}

	Example
	  $ potm serve --port 2222 --authorized-keys ~/.ssh/authorized_keys
`,
	perft: `
	Usage
	  $ potm perft FILE DEPTH [--divide]

	Count the move sequences of DEPTH moves from the position in FILE (a
	rules self-check).

	Options${options('perft')}
`,
};

/**
 * The help of the command `topic` ('analyse' is 'analyze'), or the program's when `topic` is no
 * command with a help of its own (the menu's '', help, a word that is no command): indented with
 * two spaces, not the source's tab.
 */
export function helpText(topic: string): string {
	const command = topic === 'analyse' ? 'analyze' : topic;
	const text = Object.hasOwn(COMMAND_HELP, command) ? COMMAND_HELP[command]! : help;
	return `${text.replace(/^\t/gm, '  ')}\n`;
}
