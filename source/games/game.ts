/**
 * The one interface every game implements. The engine, the referee and the UI talk to this only,
 * so a new game is one new folder under `games/` plus a line in the registry.
 *
 * Moves are small integers everywhere (a LOA move is `from | to << 6`, a PAH-TUM move a square,
 * a LINES and BOXES move a pair of vertices); each game turns them into text and back.
 */
import type {LessonBook, PuzzleThemes} from './learning.js';
import type {SearchFactory} from './search.js';
import type {Setup, SetupOption} from './setup.js';

export type Player = 1 | 2;

export const other = (player: Player): Player => (player === 1 ? 2 : 1);

/**
 * Seconds on a clock as a position carries them into a file or to a player: rounded down to the
 * hundredth, as the POTM referee gave them, so nobody reads more time than is left.
 */
export const hundredths = (seconds: number): number => Math.max(0, Math.floor(seconds * 100 + 1e-6) / 100);

/** How a finished game ended. `winner` is null for a tie (equal points) or a draw. */
export interface Outcome {
	readonly result: 'win' | 'tie' | 'draw';
	readonly winner: Player | null;
	/** Machine-readable cause: 'connection', 'opponent-connected', 'move-limit', 'no-moves', ... */
	readonly reason: string;
	/** One sentence for people, e.g. "RED connected and wins 19 to 7". */
	readonly description: string;
}

/** Where and why a text could not be read. `line` is 1-based; null when the whole text is at fault. */
export interface ParseError {
	readonly file: string;
	readonly line: number | null;
	readonly message: string;
}

export type Result<T, E> = {readonly ok: true; readonly value: T} | {readonly ok: false; readonly error: E};

export const ok = <T>(value: T): {readonly ok: true; readonly value: T} => ({ok: true, value});
export const fail = <E>(error: E): {readonly ok: false; readonly error: E} => ({ok: false, error});

/** `start.txt line 5: expected ...` — the form every parse error is shown in. */
export function formatParseError(error: ParseError): string {
	return error.line === null ? `${error.file}: ${error.message}` : `${error.file} line ${error.line}: ${error.message}`;
}

/** Why an entry's output is not a move. */
export interface EntryOutputError {
	readonly fault: 'no-output' | 'lines' | 'unparsable' | 'illegal';
	readonly message: string;
}

/** Returned by SearchPosition.terminal() while the game goes on. */
export const ONGOING = 2;

/**
 * The fast, mutable face of a position, for search: make/unmake, moves written into a caller's
 * buffer, an incremental 64-bit Zobrist key as two 32-bit halves. Nothing here allocates.
 */
export interface SearchPosition {
	readonly sideToMove: Player;
	readonly hashLo: number;
	readonly hashHi: number;
	/**
	 * The transposition key: the hash plus whatever else changes the position's value (in LOAPS
	 * the points margin and the moves left). Two positions with the same key are searched alike.
	 */
	readonly keyLo: number;
	readonly keyHi: number;
	/** Most legal moves any position of this game can have: the stride of a move buffer per ply. */
	readonly maxMoves: number;
	/** Every move is an integer in 0 .. moveSpace - 1 (the size of a per-move history table). */
	readonly moveSpace: number;
	/** Writes the legal moves into `buffer` from `offset` on; returns how many. */
	generateMoves(buffer: Int32Array, offset: number): number;
	/** How many legal moves there are, without writing them. */
	countMoves(): number;
	/**
	 * Whether `move` is legal here: for a move from the transposition table, which another
	 * position with the same key's low half may have put there. Exact. Absent: the search lists
	 * the moves before it tries the table's.
	 */
	isLegal?(move: number): boolean;
	/** Whether there is a legal move at all (the same as countMoves() > 0, where cheaper). */
	hasMoves?(): boolean;
	/**
	 * Writes the legal moves whose moveGain is above 0, in any order, from `offset` on; returns
	 * how many. For the quiescence search, which follows only those below its first ply.
	 */
	generateGains?(buffer: Int32Array, offset: number): number;
	make(move: number): void;
	unmake(): void;
	/**
	 * Passes the turn without moving (a null move), for the search's null-move pruning; unmake()
	 * takes it back. Only in games where moving is almost never worse than passing (no zugzwang);
	 * absent elsewhere (LINES and BOXES, where nobody wants to move first into a chain).
	 */
	makeNull?(): void;
	/**
	 * Whether the last move ended the game, and how for the side now to move: ONGOING, or
	 * 1 (won), 0 (draw or tie), -1 (lost).
	 *
	 * The other way a game ends is an empty move list: in every game here a side to move with no
	 * legal move has lost (LOAPS's "pinned" rule). A game whose rules make such a side pass
	 * generates a pass move instead, so the empty list keeps that one meaning everywhere.
	 */
	terminal(): number;
	/**
	 * Whether the search should score the position now on the board as a draw by repetition (the
	 * game's own rule, or a line that came back to a position already in the search). Always false
	 * in a game without such a rule. perft does not ask.
	 */
	repeated(): boolean;
	/**
	 * What a legal move wins at once, before its consequences, for move ordering: 0 for a quiet
	 * move, more for a capture or a scoring landing. The quiescence search follows moves above 0.
	 */
	moveGain(move: number): number;
	/**
	 * What a move hands the opponent at once (LINES and BOXES: the boxes it brings to three sides
	 * drawn), for move ordering: of the moves that gain alike, and of the quiet ones after the
	 * killers, the search tries those that give least first. Absent: nothing is given that way.
	 */
	moveGifts?(move: number): number;
	/**
	 * Whether a quiet move (moveGain 0) could end the game at once. False must be certain; true
	 * may be wrong (the search then makes the move to see). Lets the quiescence search skip
	 * making every quiet move to look for a win. Absent: every quiet move could.
	 */
	quietMayEnd?(move: number): boolean;
	/**
	 * Whether any quiet move could end the game at once (false must be certain): where none can,
	 * the quiescence search's first ply looks only at the moves that gain. Absent: some may.
	 */
	quietEndPossible?(): boolean;
	/** Static evaluation from the side to move's view, in centipoints (100 = one game point). */
	evaluate(): number;
	/**
	 * For a game decided on points (PAH-TUM, whose matches are won on the total margin): the final
	 * margin from the side to move, in centipoints, asked when terminal() says the game is over.
	 * The search scores such an end by it instead of as a won or lost game, so it prefers the
	 * larger win. Always within ±DECIDED, so it never passes for a won game. Absent in games
	 * where only the result counts.
	 */
	finalScore?(): number;
	/**
	 * An exact solver of the rest of the game, for games small enough to solve near their end:
	 * the best move and its proven value, or null when it could not finish within the limits.
	 * The players ask it first, with part of the move's time, and search when it gives up.
	 */
	solve?(limits: SolveLimits): Solution | null;
}

/** What an exact solver may spend. */
export interface SolveLimits {
	/** Give up after about this many nodes. */
	readonly nodes?: number;
	/** Give up at this time of `now`'s clock, in milliseconds. */
	readonly deadlineMs?: number;
	/** The clock; wall time by default. */
	readonly now?: () => number;
	/** Polled with the clock: true gives up (a stop request). */
	readonly shouldStop?: () => boolean;
}

/** A proven best move. */
export interface Solution {
	readonly move: number;
	/** Its value from the side to move's view, in centipoints, as finalScore gives it: the final margin with best play. */
	readonly score: number;
	/** The best line from here to the end, this move first. */
	readonly pv: readonly number[];
	readonly nodes: number;
}

/** What a cell of a board holds, for drawing it: nothing, a piece or marker of player 1 or 2, or a square out of play. */
export const EMPTY = 0;
export const BLOCKED = -1;

/** How a game's pieces are coloured on screen: red and blue (the default), or black and white stones. */
export type Colours = 'red-blue' | 'black-white';

/**
 * Where things are on a board, whatever its kind, in drawing order: row 0 is the top line of the
 * board as the game's files and rule texts show it, column 0 the left one. The points the cursor
 * visits (squares, or a lattice's vertices) keep the game's own numbering (as in moveEnds);
 * squareAt and placeOf convert.
 */
export interface BoardPlaces {
	readonly rows: number;
	readonly columns: number;
	/** The names of player 1 and player 2, whose initials letter the pieces where colour cannot. */
	readonly sides: readonly [string, string];
	/** How the pieces are coloured; red and blue when absent. */
	readonly colours?: Colours;
	/** Labels of the rows, top first, and of the columns, left first, as the game names them. */
	readonly rowLabels: readonly string[];
	readonly columnLabels: readonly string[];
	/**
	 * Whether the board is turned round for a person playing the second side, as a chess board is
	 * (LOA's); false where it is drawn one way for both, as the game's texts show it (PAH-TUM's).
	 */
	readonly turnsForSecond: boolean;
	/** Where the cursor starts for player 1 and for player 2 (the middle of a side's home row in LOA). */
	readonly home: readonly [number, number];
	squareAt(row: number, column: number): number;
	/** The [row, column] a point is drawn at. */
	placeOf(square: number): readonly [number, number];
	/** The name of a point in the game's notation, e.g. "d4" or "C4". */
	squareName(square: number): string;
}

/** A board of squares holding pieces or markers (LOA's, PAH-TUM's). */
export interface GridView extends BoardPlaces {
	readonly kind: 'grid';
	/** By square: EMPTY, 1 or 2 for a piece (a marker) of that player, or BLOCKED. */
	readonly cells: readonly number[];
	/** By square: the points a landing there earns (0 for an ordinary square). */
	readonly bonus: readonly number[];
	/** Bonus squares worth this much or more are drawn as the large kind (LOAPS's 7 in the middle); absent: all alike. */
	readonly largeBonus?: number;
	/** Squares to mark as scoring now (PAH-TUM's runs of three or more); empty where nothing is. */
	readonly scoring: ReadonlySet<number>;
}

/** A board of dots and lines (LINES and BOXES's): the points are its vertices, and `lattice` says what is drawn between them. */
export interface LatticeBoardView extends BoardPlaces {
	readonly kind: 'lattice';
	readonly lattice: LatticeView;
}

/**
 * What a board looks like, for drawing it: one of the kinds the UI has a renderer for
 * (ui/boards/). A game of another geometry adds its kind here and a renderer there.
 */
export type BoardView = GridView | LatticeBoardView;

/** Who drew a segment or took a box of a lattice: nobody yet, a player, or the board as it was set up. */
export const SET_UP = 3;

/**
 * A board of dots and lines (LINES and BOXES): the view's squares are then its vertices, and this
 * says what is drawn between them. Unit segments are numbered row by row: `horizontal[r * columns
 * + c]` joins vertex (r, c) to (r, c + 1), `vertical[r * (columns + 1) + c]` joins (r, c) to
 * (r + 1, c), rows and columns of boxes counted from the top left.
 */
export interface LatticeView {
	/** Boxes down and across. */
	readonly rows: number;
	readonly columns: number;
	/** By unit segment: 0 undrawn, 1 or 2 drawn by that player, SET_UP drawn before the game. */
	readonly horizontal: readonly number[];
	readonly vertical: readonly number[];
	/** By box (r * columns + c): 0 open, 1 or 2 taken by that player, SET_UP closed before the game (nobody's). */
	readonly boxes: readonly number[];
}

/**
 * How a game's clock runs: one allowance per player for the whole game (LOAPS's 60 s, carried in
 * its file), or an allowance for each move that starts afresh (PAH-TUM's 10 s, never in a file).
 */
export interface ClockRule {
	readonly per: 'game' | 'move';
	readonly seconds: number;
}

/** How a contest entry of a game is run: what it is given, and what it prints for a move. */
export interface EntryRule {
	/** The input file's path as its last argument (LOA), or the position on standard input (PAH-TUM). */
	readonly input: 'path' | 'stdin';
	/** The CPU seconds an entry has: for the whole game or for each move, as in the game's clock rule. */
	readonly clock: ClockRule;
}

/** The thresholds of a game review's marks and its graph's decisive margin, in game points. */
export interface ReviewScale {
	readonly inaccuracy: number;
	readonly mistake: number;
	readonly blunder: number;
	readonly decisive: number;
}

/** How the UI speaks of a game's moves and points: the help, the status line, the panel. */
export interface GamePhrases {
	/** What Enter does on the board, as the help says it: "pick a piece up, then put it down on a marked square". */
	readonly select: string;
	/** A move as typed at m, e.g. "b1 d3". */
	readonly moveExample: string;
	/** Where the second Enter goes once the first point is picked, e.g. "a marked square"; absent where one Enter moves. */
	readonly target?: string;
	/** What its points are called, many and one: "points" and "point", or "boxes" and "box"; `short`, beside a side's name: one and many ("pt", "pts"). */
	readonly points: {readonly many: string; readonly one: string; readonly short: readonly [string, string]};
}

/**
 * A ruling of another game, asked for on the command line by a switch of its own rather than by
 * --game (classic LOA's mover-wins ruling: --mover-wins), with the words the command line needs.
 */
export interface Ruling {
	/** The id of the game it is a ruling of, which --game names: 'loa'. */
	readonly of: string;
	/** The switch that asks for it, without its dashes: 'mover-wins'. */
	readonly flag: string;
	/** The switch's line in the program's help, and in a command's. */
	readonly help: {readonly program: string; readonly command: string};
	/** The game it is a ruling of, as a refusal of the switch names it: 'classic Lines of Action'. */
	readonly ofName: string;
	/** Why a game has no such ruling, by that game's id, where more needs saying than its name (LOAPS decides by the points). */
	readonly elsewhere?: Readonly<Record<string, string>>;
}

/** What a game is called and how it looks and reads to people: names, colours, words, the review's scale. */
export interface GameIdentity {
	readonly id: string;
	readonly name: string;
	/** The game this one is a ruling of, and how the command line asks for it; absent: a game of its own. */
	readonly ruling?: Ruling;
	/** The names of player 1 and player 2, e.g. ["RED", "BLUE"]. */
	readonly sides: readonly [string, string];
	/** How its pieces are coloured on screen (its board views say the same); red and blue when absent. */
	readonly colours?: Colours;
	/** A few words for the menu, e.g. "7×7, bonus squares, 50 moves, 60 s". */
	readonly tagline: string;
	readonly phrases: GamePhrases;
	/**
	 * How a game review judges a move by what it lost against the engine's best, in game points
	 * (in classic LOA, which has no points, in its evaluation's unit): an inaccuracy, a mistake, a
	 * blunder from these losses on; the evaluation graph is clipped at ± `decisive`, and a proven
	 * win counts as that much.
	 */
	readonly reviewScale: ReviewScale;
}

/** The rules: a new game, the moves, what a move does, how the game ends and what it scores, and the fast face the search uses. */
export interface GameRules<State> {
	/** Moves each player may make before the game is drawn, or null for no limit. */
	readonly moveLimit: number | null;
	/** Whether the game keeps points (LOAPS does; classic LOA does not, and shows none). */
	readonly hasPoints: boolean;
	/** Whether a new game's board is drawn at random (from a Setup's seed) rather than fixed. */
	readonly randomBoards: boolean;
	/**
	 * The options of its new boards, each described once (a size, holes, lines drawn before the
	 * game): the command line, the menu, the demo and the referee take them from here. Absent: none.
	 */
	readonly setup?: readonly SetupOption[];
	/** A new game: the standard start, or for a game with random boards one drawn from `setup` (settled: see setup.ts). */
	initial(setup?: Setup): State;
	toMove(state: State): Player;
	/** The upcoming move number of the player to move, from 1. */
	moveNumber(state: State): number;
	legalMoves(state: State): readonly number[];
	/** The state after `move`; throws RangeError for an illegal move (check legalMoves first). */
	play(state: State, move: number): State;
	outcome(state: State): Outcome | null;
	/** Game points of player 1 and player 2 (0 in games without points). */
	scores(state: State): readonly [number, number];
	/**
	 * What a rule that looks back (classic LOA's repetition) needs of the game before `state`: an
	 * earlier state and the moves that lead from it to this one. `{start: state, moves: []}` in a
	 * game without such a rule. The engine worker gets positions as text, and this with them.
	 */
	past(state: State): {readonly start: State; readonly moves: readonly number[]};
	searchPosition(state: State): SearchPosition;
	/** The search that plays it (games/search.ts); absent: the engine's alpha-beta search. */
	readonly search?: SearchFactory;
	/**
	 * Gives back the memory its positions keep from one to the next for the search (a cache of
	 * evaluations), before the contest entry's start-up snapshot is taken: the snapshot carries the
	 * search's code, not what it cached. Absent: it keeps none.
	 */
	releaseCaches?(): void;
	/**
	 * Whether it opens from a book: the move a deep search chose for each position of its first
	 * moves, shipped as `books/ID.txt` (engine/book.ts; built offline by `npm run bench -- book`).
	 */
	readonly openingBook?: boolean;
	/** The files its play reads that the build makes (GameAsset); absent: none. */
	readonly assets?: readonly GameAsset[];
}

/**
 * A file a game's play reads, made once when potm is built and kept in the build's folder (the
 * build makes every asset the games declare: files/assets.ts), so that no move spends its clock
 * working it out: LINES and BOXES's whole 3×3 table. Only its contents are the game's; where it
 * is kept, and how it is written whole, are the program's.
 */
export interface GameAsset {
	/** Its file's name in the build folder. */
	readonly file: string;
	/** The file's first line, naming the format and its version: a file that does not begin so is not read, and is made again. */
	readonly header: string;
	/** The number of bytes after the header: a file of another length is not read, and is made again. */
	readonly size: number;
	/** What is being made, for the build to say while it works (it may take seconds). */
	readonly making: string;
	/** Works out the bytes after the header. */
	make(): Uint8Array;
	/**
	 * Gives the game a way to read those bytes, to call when it first needs them: it returns null
	 * where the file is missing or not whole, and the game then does without (works them out, or
	 * what part it needs, in the move).
	 */
	use(read: () => Uint8Array | null): void;
}

/** The clock, and what the time plan needs to share it over the moves left. */
export interface GameClock<State> {
	/** The clock a game has by default (the UI's, the AI's plan and the referee's). */
	readonly clock: ClockRule;
	/**
	 * Seconds left on each player's clock, as the position carries them; in a game with a clock
	 * per move, which no position carries, the full allowance of a move.
	 */
	clocks(state: State): readonly [number, number];
	/** The same position with other clock readings (the referee's and the UI's clocks); the same position where none are carried. */
	withClocks(state: State, clocks: readonly [number, number]): State;
	/**
	 * The most moves the player to move can have left, this one included (LOAPS's move limit; the
	 * free unit segments of LINES and BOXES, every move drawing one at least); null where nothing
	 * bounds them. The time plan keeps a move's least cost in reserve for each of them.
	 */
	movesLeft(state: State): number | null;
	/**
	 * The moves the player to move will most likely still make, this one included (at least 1,
	 * and at most movesLeft): judged from the position, so that the time plan shares the clock
	 * over the moves the game will really last (LOA's, from the pieces and how far each side is
	 * from connecting). Absent: movesLeft, or the plan's default where that is null.
	 */
	expectedMovesLeft?(state: State): number;
	/**
	 * Whether the game may well go on far longer than expected from this position (a LOAPS margin the
	 * side behind cannot overcome by connecting, or nearly: it stands in the way instead, or plays
	 * for the draw): the time plan then keeps a reserve for every move to the limit. Absent: never.
	 */
	dragsOn?(state: State): boolean;
	/**
	 * The share of the clock's usable time this move deserves (above 0, at most 1), where the moves
	 * of a game are not alike: LINES and BOXES's opening, in which every safe line looks the same
	 * to the search, is worth less than its endgame, where the exact solver can decide the game.
	 * Absent: an even share of the expected moves.
	 */
	timeShare?(state: State): number;
}

/** Moves as people type and read them, and as the board's cursor picks them. */
export interface GameNotation<State> {
	parseMove(state: State, text: string): Result<number, string>;
	formatMove(state: State, move: number): string;
	/**
	 * The board points a move joins, for showing it and for picking it with a cursor: [from, to]
	 * in LOA, [square] in PAH-TUM, [vertex, vertex] in LINES and BOXES; [] for a pass (classic
	 * LOA's, the only legal move of a side none of whose pieces can move).
	 */
	moveEnds(state: State, move: number): readonly number[];
	/**
	 * Whether a move's points may be picked in any order (a segment's two ends, either first), not
	 * only in the order moveEnds gives them (LOA's from, then to). Absent: in order.
	 */
	readonly pickInAnyOrder?: boolean;
	/**
	 * Why no legal move begins with these points (picked with the cursor, the last one just
	 * now), in a sentence for the player: "There is no piece on d4", "C4 is taken".
	 */
	explainPick(state: State, points: readonly number[]): string;
}

/** The POTM file: reading, writing and telling a game from its text. */
export interface GameFiles<State> {
	parse(text: string, fileName: string): Result<State, ParseError>;
	format(state: State): string;
	/** Whether a file's text is most likely this game's (used to tell a game from a file). */
	recognizes(text: string): boolean;
}

/** How the game is played as a contest: its entries, and how matches and places are decided. */
export interface GameContest<State> {
	/** How its contest entries are run. */
	readonly entry: EntryRule;
	/**
	 * The move in what a contest entry printed, read as strictly as the contest did, or why it is
	 * not one. (parseMove is the lenient reader for people.)
	 */
	readEntryMove(state: State, output: string): Result<number, EntryOutputError>;
	/** What a contest entry prints for `move`: "b1 d3" and a newline in LOA, the whole new grid in PAH-TUM. */
	entryAnswer(state: State, move: number): string;
	/**
	 * How a match of two games is won: by the games won (LOA's match points), or by the total
	 * of game points over both games (PAH-TUM's rule).
	 */
	readonly matchBy: 'games' | 'points';
	/**
	 * How players level on match points are ordered: by head-to-head (LOA's contest, the default),
	 * or by the total of their game points over all their games, named `points` in the report
	 * (LINES and BOXES: "total boxes captured"); still level, they share the place.
	 */
	readonly tiebreak?: {readonly points: string};
}

/** What the screens draw: the board, a plain-text picture, where the points came from. */
export interface GamePresentation<State> {
	board(state: State): BoardView;
	/** A plain-text picture of the position, for terminals without the UI. */
	render(state: State): string;
	/**
	 * Where each side's points come from, a line per side ("X 194: row A 119, row B 3, ..."),
	 * for the end of a game; absent where the points need no telling (LOAPS's come move by move).
	 */
	tally?(state: State): readonly string[];
}

/** How the game is taught and practised: its lessons (`potm learn`) and its puzzles' themes (`potm puzzles`). */
export interface GameLearning<State> {
	/** The lessons that teach its rules, a step for every ruling of its docs page; absent: none. */
	readonly lessons?: LessonBook;
	/** The themes its puzzles are sorted by; absent: it has no puzzles. */
	readonly puzzleThemes?: PuzzleThemes<State>;
}

/**
 * A game module: the friendly, immutable face of positions plus a way into the fast one, in
 * facets a reader can take one at a time. The engine, the referee and the UI talk to this only.
 */
export interface Game<State>
	extends
		GameIdentity,
		GameRules<State>,
		GameClock<State>,
		GameNotation<State>,
		GameFiles<State>,
		GameContest<State>,
		GamePresentation<State>,
		GameLearning<State> {}

/** Whether `move` is a pass (classic LOA's): a move that joins no squares. */
export const isPass = <State>(game: Game<State>, state: State, move: number): boolean => game.moveEnds(state, move).length === 0;

/** The pass, when it is the only legal move, else undefined. */
export function forcedPass<State>(game: Game<State>, state: State): number | undefined {
	const legal = game.legalMoves(state);
	return legal.length === 1 && isPass(game, state, legal[0]!) ? legal[0] : undefined;
}
