/**
 * A game record for people: the whole game in one text file, NAME.game.txt, that reads well, can
 * be mailed or pasted, and comes back as the same game (potm analyze, potm play, the Open list).
 * Pure text in and out; the files are export.ts's and saves.ts's business.
 *
 * The layout follows chess's PGN where it can, so that the form is familiar: tag pairs, then the
 * moves, then the result. Unlike PGN, a line holds one ply, because the games' move texts have
 * spaces in them (LOA's "b1 d3", LINES and BOXES's "A3 C3") and a line per ply needs no rule
 * for where a move ends:
 *
 *   [Game "LOAPS"]                the game's name as the registry has it (its id is read too);
 *                                 the names are distinct, Lines of Action's two rulings
 *                                 included ("Lines of Action (mover wins)"), so the name alone
 *                                 brings back the same game and no Variant tag is needed
 *   [Date "2026.11.25"]           local date, PGN's form; left out when unknown
 *   [RED "you"]                   who played each side, keyed by the game's side names; "?" unknown
 *   [BLUE "potm level 4 Strong"]
 *   [Clock "60 s each"]           "10 s a move" under a clock per move, "none" unclocked
 *   [Result "1-0"]                1-0, 0-1, 1/2-1/2 (a tie or a draw), * (not over)
 *   [Reason "connection"]         Outcome.reason, and
 *   [Outcome "RED connected..."]  Outcome.description, both only when the game is over
 *   [Points "19-7"]               a game with points: the scores in the last position
 *   [Review "1.0 s a move"]       only in a reviewed game: what each position was given
 *   [Start "1 1\n1 0 60.0\n..."]  game.format of the first position, as a JSON string
 *
 *    1.   b1 d3  {RED 58.21 BLUE 60.00} {+0.35}
 *    1... a7 c5  {RED 58.21 BLUE 57.90} {-1.20; mistake; better a6 c4 +0.30}
 *   1-0
 *
 * Tag values are JSON string literals, so any name or position text survives. A ply is its
 * mover's move number, "." for the first player or "..." for the second, the move as the game
 * writes it, then comments in braces: the clocks after the move (a game with a clock for the
 * whole game, which positions carry), and a review's evaluation after the move. Reading checks
 * everything against the rules: the numbering, each move's legality, and that the Result says
 * what the last position says where the rules have ended the game. A game that ended otherwise
 * (a flag fall, a resignation) is a win with its Reason, which the rules cannot contradict; a
 * draw the players agreed (on a server) is 1/2-1/2 with [Reason "agreement"].
 *
 * Blank lines and lines starting with ";" are comments anywhere among the moves. A comment in
 * braces ends on its own line. Tags other than these are kept and shown in `headers`.
 */
import {fail, hundredths, ok, type Outcome, type ParseError, type Player, type Result} from '../games/game.js';
import {games, type AnyGame} from '../games/registry.js';
import {MARK_WORDS, type MoveReview} from '../review/types.js';
import {scoreText} from '../review/text.js';

/** What a review adds to a record: its budget in words, and the judged moves by ply. */
export interface RecordReview {
	/** "1.0 s a move", "depth 8": how much each position was given. */
	readonly budget: string;
	/** Index = ply; a move left unjudged is undefined. */
	readonly moves: readonly (MoveReview | undefined)[];
}

export interface RecordInput {
	readonly game: AnyGame;
	/** The positions, line[0] the start. */
	readonly line: readonly unknown[];
	/** moves[i] leads from line[i] to line[i + 1]. */
	readonly moves: readonly number[];
	/**
	 * How the game ended where the rules do not say (time, resignation): a win. Ignored where the
	 * rules have ended the game.
	 */
	readonly ended: Outcome | null;
	/** Who played each side ("you", "potm level 4 Strong", an entry's name); "?" for both when absent. */
	readonly players?: readonly [string, string];
	readonly date?: Date;
	/** Whether the game was played on clocks: by default, under a clock per move, or when a reading along the line moved. */
	readonly clocked?: boolean;
	readonly review?: RecordReview;
}

export interface ParsedRecord {
	readonly game: AnyGame;
	readonly line: unknown[];
	readonly moves: number[];
	/** How the game ended where the rules do not say (from Result, Reason and Outcome), else null. */
	readonly ended: Outcome | null;
	/** Every tag, by name, as its value reads. */
	readonly headers: ReadonlyMap<string, string>;
	/** The side tags' values, or null when the record names neither player. */
	readonly players: [string, string] | null;
	/** Whether the game was on clocks: the Clock tag is not "none" (without the tag: whether any move has a clock reading). */
	readonly clocked: boolean;
	/** By ply: the text inside each {...} of its line, as written. */
	readonly comments: string[][];
}

/** A record's name for a player the screens call "level 4 Strong": "potm level 4 Strong", the program named; others as they are. */
export const recordPlayer = (name: string): string => (name.startsWith('level') ? `potm ${name}` : name);

/** The screens' name for a record's player: "potm level 4 Strong" → "level 4 Strong". */
export const screenPlayer = (name: string): string => name.replace(/^potm (?=level )/, '');

/** A player's name where there is little room: "potm level 4 Strong" or "level 4 Strong" → "level 4"; others as they are. */
export const briefPlayer = (name: string): string => screenPlayer(name).replace(/^(level \d+) .*$/, '$1');

/** The file name's ending that marks a record. */
export const RECORD_EXTENSION = '.game.txt';

/** The Reason of a draw the players agreed before the rules ended the game (a game between people on a server). */
export const AGREED = 'agreement';

/** Whether a game may end so before the rules end it: a win with a reason (a flag fall, a resignation), or a draw agreed. */
const earlyEnding = (ended: Outcome): boolean =>
	ended.result === 'win' ? ended.winner !== null && ended.reason !== '' : ended.result === 'draw' && ended.reason === AGREED;

const RESULTS = ['1-0', '0-1', '1/2-1/2', '*'] as const;
type ResultToken = (typeof RESULTS)[number];
const isResultToken = (text: string): text is ResultToken => (RESULTS as readonly string[]).includes(text);

/** The Result token of an ending. */
function resultToken(outcome: Outcome | null): ResultToken {
	if (outcome === null) return '*';
	if (outcome.result !== 'win') return '1/2-1/2';
	return outcome.winner === 1 ? '1-0' : '0-1';
}

/**
 * Whether a file's text is a record rather than a position: its first line that is neither blank
 * nor a ; comment is a tag (normally [Game "..."]). No position file of any game starts with "[",
 * and a record whose tags are out of order is then refused as a record, saying what it lacks.
 */
export function isRecordText(text: string): boolean {
	const first = withoutBom(text)
		.split(/\r?\n/)
		.map(line => line.trim())
		.find(line => line !== '' && !line.startsWith(';'));
	return first !== undefined && /^\[[A-Za-z]/.test(first);
}

const withoutBom = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/** Seconds on a clock as a reading shows them: hundredths, rounded down as the referee gives them. */
const clockText = (seconds: number): string => hundredths(seconds).toFixed(2);

/** "60" for 60, "12.5" for 12.5: an allowance in as few digits as it takes. */
const shortSeconds = (seconds: number): string => String(Number(hundredths(seconds).toFixed(2)));

/** Whether any clock reading along the line differs from the first position's. */
function clocksMove(game: AnyGame, line: readonly unknown[]): boolean {
	const [first, second] = game.clocks(line[0]);
	return line.some(state => {
		const [a, b] = game.clocks(state);
		return a !== first || b !== second;
	});
}

function clockTag(game: AnyGame, start: unknown, clocked: boolean): string {
	if (!clocked) return 'none';
	if (game.clock.per === 'move') return `${shortSeconds(game.clock.seconds)} s a move`;
	// What each side had at the start: the allowance in a game from the beginning, and what was
	// left when it was taken up in the middle.
	const [first, second] = game.clocks(start);
	return first === second
		? `${shortSeconds(first)} s each`
		: `${game.sides[0]} ${shortSeconds(first)} s, ${game.sides[1]} ${shortSeconds(second)} s`;
}

const two = (value: number): string => String(value).padStart(2, '0');
const dateText = (date: Date): string => `${date.getFullYear()}.${two(date.getMonth() + 1)}.${two(date.getDate())}`;

/** A review's comment on a move: the evaluation after it (player 1's view), its mark, the engine's better move. */
function reviewComment(game: AnyGame, review: MoveReview): string {
	const sides = game.sides;
	const parts = [scoreText(review.score, review.proven, sides)];
	if (review.mark !== null) parts.push(MARK_WORDS[review.mark]);
	if (review.better !== null) parts.push(`better ${review.better.move} ${scoreText(review.better.score, review.better.proven, sides)}`);
	return parts.join('; ');
}

/**
 * The record of a game. Throws a RangeError when the input is not a game (moves and positions
 * that do not match in number, or an early ending that is not a win): those are the caller's
 * mistakes, and a record that would not read back must not be written.
 */
export function formatRecord(input: RecordInput): string {
	const {game, line, moves} = input;
	const start = line[0];
	const last = line.at(-1);
	if (start === undefined || last === undefined) throw new RangeError('a record needs a position');
	if (moves.length !== line.length - 1)
		throw new RangeError(`a game of ${line.length} positions has ${line.length - 1} moves, not ${moves.length}`);
	const rules = game.outcome(last);
	if (rules === null && input.ended !== null && !earlyEnding(input.ended)) {
		throw new RangeError('a game the rules have not ended can only end in a win with a reason (time, resignation), or a draw agreed');
	}
	const outcome = rules ?? input.ended;
	// A save does not say whether its clocks ran: under a clock for the game they did if any reading moved.
	const clocked = input.clocked ?? (game.clock.per === 'move' || clocksMove(game, line));
	const [first, second] = input.players ?? ['?', '?'];
	const tag = (name: string, value: string) => `[${name} ${JSON.stringify(value)}]`;
	const scores = game.scores(last);
	const lines = [
		tag('Game', game.name),
		...(input.date ? [tag('Date', dateText(input.date))] : []),
		tag(game.sides[0], first),
		tag(game.sides[1], second),
		tag('Clock', clockTag(game, start, clocked)),
		tag('Result', resultToken(outcome)),
		...(outcome ? [tag('Reason', outcome.reason), tag('Outcome', outcome.description)] : []),
		...(game.hasPoints ? [tag('Points', `${scores[0]}-${scores[1]}`)] : []),
		...(input.review ? [tag('Review', input.review.budget)] : []),
		tag('Start', game.format(start)),
		'',
	];

	// Columns: numbers to the right, moves and comments each starting at one place.
	const readings = clocked && game.clock.per === 'game';
	const plies = moves.map((move, ply) => {
		const before = line[ply];
		const clocks = game.clocks(line[ply + 1]);
		return {
			number: String(game.moveNumber(before)),
			dots: game.toMove(before) === 1 ? '.' : '...',
			move: game.formatMove(before, move),
			clocks: readings ? ([clockText(clocks[0]), clockText(clocks[1])] as const) : null,
			review: input.review?.moves[ply],
		};
	});
	// Move texts and readings are ASCII: their lengths are their widths.
	const widest = (texts: readonly string[]) => Math.max(0, ...texts.map(text => text.length));
	const numberWidth = widest(plies.map(ply => ply.number));
	const moveWidth = widest(plies.map(ply => ply.move));
	const clockWidth = widest(plies.flatMap(ply => ply.clocks ?? []));
	for (const ply of plies) {
		const comments: string[] = [];
		if (ply.clocks)
			comments.push(`{${game.sides[0]} ${ply.clocks[0].padStart(clockWidth)} ${game.sides[1]} ${ply.clocks[1].padStart(clockWidth)}}`);
		if (ply.review) comments.push(`{${reviewComment(game, ply.review)}}`);
		const head = `${ply.number.padStart(numberWidth)}${ply.dots.padEnd(4)}`;
		lines.push(comments.length === 0 ? `${head}${ply.move}` : `${head}${ply.move.padEnd(moveWidth)}  ${comments.join(' ')}`);
	}
	lines.push(resultToken(outcome), '');
	return lines.join('\n');
}

/** A tag's line: [Name "JSON string"]. */
const TAG = /^\[([A-Za-z][A-Za-z0-9_-]*)\s+(".*")\s*\]$/;
/** A ply's line: its number, its dots, then the move and comments. */
const PLY = /^(\d+)(\.+)\s*(.*)$/;
/** A comment that could be clock readings: four words, checked against the side names. */
const READINGS = /^(\S+)\s+(\S+)\s+(\S+)\s+(\S+)$/;
const SECONDS = /^\d+(\.\d+)?$/;

/** The registry's game with this name or id, either written in any case. */
function gameNamed(text: string): AnyGame | undefined {
	const wanted = text.trim().toLowerCase();
	return games.find(game => game.name.toLowerCase() === wanted) ?? games.find(game => game.id === wanted);
}

/** The tags of a record, by name, with the line each is on, and the index of the first line after them. */
interface Tags {
	readonly values: Map<string, string>;
	readonly lines: Map<string, number>;
	readonly movesFrom: number;
}

/** A record's tags: every line up to the first that is none of a tag, a blank line or a ; comment. */
function readTags(lines: readonly string[], problem: Problem): Result<Tags, ParseError> {
	const values = new Map<string, string>();
	const tagLines = new Map<string, number>();
	let index = 0;
	for (; index < lines.length; index++) {
		const raw = lines[index]!.trim();
		if (raw === '' || raw.startsWith(';')) continue;
		if (!raw.startsWith('[')) break;
		const number = index + 1;
		const match = TAG.exec(raw);
		if (!match)
			return problem(
				number,
				`not a tag: a tag is [Name "value"], the value in double quotes with \\" and \\\\ inside it, e.g. [Game "${games[0]!.name}"]`,
			);
		const [, name, literal] = match as unknown as [string, string, string];
		let value: unknown;
		try {
			value = JSON.parse(literal);
		} catch {
			value = undefined;
		}
		if (typeof value !== 'string')
			return problem(number, `the value of ${name} is not one quoted string: write a quote inside it as \\" and a backslash as \\\\`);
		const earlier = tagLines.get(name);
		if (earlier !== undefined) return problem(number, `${name} is given twice (first on line ${earlier})`);
		values.set(name, value);
		tagLines.set(name, number);
	}
	return ok({values, lines: tagLines, movesFrom: index});
}

/** The line after the last tag: where a missing tag is reported. */
const afterTags = (tags: Tags): number => Math.max(0, ...tags.lines.values()) + 1;

/** The record's game (its Game tag) and the position its moves start from (its Start tag). */
function gameAndStart(tags: Tags, lineCount: number, problem: Problem): Result<{game: AnyGame; start: unknown}, ParseError> {
	const gameLine = tags.lines.get('Game');
	const gameName = tags.values.get('Game');
	if (gameLine === undefined || gameName === undefined) {
		return problem(
			tags.lines.size === 0 ? Math.min(tags.movesFrom + 1, lineCount) : afterTags(tags),
			`no Game tag: a record starts with the game, e.g. [Game "${games[0]!.name}"]`,
		);
	}
	const game = gameNamed(gameName);
	if (!game) return problem(gameLine, `unknown game "${gameName}": potm plays ${games.map(one => one.name).join(', ')}`);
	const startLine = tags.lines.get('Start');
	const startText = tags.values.get('Start');
	if (startLine === undefined || startText === undefined) {
		// A game with one start position shows it; a random board's would be just one of many.
		const example = game.randomBoards ? '' : `, e.g. [Start ${JSON.stringify(game.format(game.initial()))}]`;
		return problem(
			afterTags(tags),
			`no Start tag: the position the moves start from, as the text of a ${game.name} file in double quotes${example}`,
		);
	}
	const start = game.parse(startText, 'Start');
	if (!start.ok) {
		const where = start.error.line === null ? '' : ` (line ${start.error.line} of the position)`;
		return problem(startLine, `the Start position is not a ${game.name} position${where}: ${start.error.message}`);
	}
	return ok({game, start: start.value});
}

/** A ply's text after its number: the move, then its comments in braces. */
function moveAndComments(rest: string, number: number, problem: Problem): Result<{moveText: string; notes: string[]}, ParseError> {
	const brace = rest.indexOf('{');
	const moveText = (brace < 0 ? rest : rest.slice(0, brace)).trim();
	const notes: string[] = [];
	for (let at = brace; at >= 0 && at < rest.length;) {
		if (rest[at] === '{') {
			const close = rest.indexOf('}', at + 1);
			if (close < 0) return problem(number, 'a comment is not closed: { needs a } on the same line');
			notes.push(rest.slice(at + 1, close));
			at = close + 1;
		} else if (/\s/.test(rest[at]!)) at++;
		else return problem(number, `"${rest.slice(at).trim()}" after the comments: a line holds one move, then its comments in braces`);
	}
	return ok({moveText, notes});
}

/** The clock readings among a move's comments ({RED 58.21 BLUE 60.00}), in a game with a clock a game; null where there are none. */
function clockReadings(
	game: AnyGame,
	notes: readonly string[],
	number: number,
	problem: Problem,
): Result<[number, number] | null, ParseError> {
	if (game.clock.per !== 'game') return ok(null);
	const [first, second] = game.sides;
	let clocks: [number, number] | null = null;
	for (const note of notes) {
		const words = READINGS.exec(note.trim());
		if (!words || words[1] !== first || words[3] !== second) continue;
		if (!SECONDS.test(words[2]!) || !SECONDS.test(words[4]!)) {
			return problem(
				number,
				`{${note}} is not a clock reading: the seconds each side has left after the move, e.g. {${first} 58.21 ${second} 60.00}`,
			);
		}
		if (clocks !== null) return problem(number, 'two clock readings for one move');
		clocks = [Number(words[2]), Number(words[4])];
	}
	return ok(clocks);
}

/** One ply's line, read in the position before it: the move and its comments and readings, or why not. */
function readPly(
	game: AnyGame,
	state: unknown,
	raw: string,
	number: number,
	problem: Problem,
): Result<{move: number; moveText: string; notes: string[]; clocks: [number, number] | null}, ParseError> {
	const [first, second] = game.sides;
	const over = game.outcome(state);
	const mover = game.toMove(state);
	const expected = `${game.moveNumber(state)}${mover === 1 ? '.' : '...'}`;
	const ply = PLY.exec(raw);
	if (!ply) {
		const legal = over ? undefined : game.legalMoves(state)[0];
		const example = legal === undefined ? '' : ` such as "${expected} ${game.formatMove(state, legal)}"`;
		return problem(number, `expected a move${example}, a result (1-0, 0-1, 1/2-1/2, *) or a comment starting with ;`);
	}
	const [, given, dots, rest] = ply as unknown as [string, string, string, string];
	if (over) return problem(number, `the game is over before this move (${over.description})`);
	if (dots !== '.' && dots !== '...')
		return problem(number, `"${given}${dots}" is not a move number: ${given}. for ${first}'s moves, ${given}... for ${second}'s`);
	if (`${Number(given)}${dots}` !== expected)
		return problem(
			number,
			`the move here is ${expected} (${mover === 1 ? first : second}'s move ${game.moveNumber(state)}), not ${given}${dots}`,
		);
	const parts = moveAndComments(rest, number, problem);
	if (!parts.ok) return parts;
	const {moveText, notes} = parts.value;
	if (moveText === '') return problem(number, `no move after ${expected}`);
	const parsed = game.parseMove(state, moveText);
	if (!parsed.ok) return problem(number, `${moveText} is not a legal move: ${reasonOf(parsed.error, moveText)}`);
	const clocks = clockReadings(game, notes, number, problem);
	if (!clocks.ok) return clocks;
	return ok({move: parsed.value, moveText, notes, clocks: clocks.value});
}

/** The moves of a record from its Start, each ply's comments, whether any had clock readings, and the result line, if any. */
interface Played {
	readonly line: unknown[];
	readonly moves: number[];
	readonly comments: string[][];
	readonly readingsSeen: boolean;
	readonly end: {readonly token: ResultToken; readonly line: number} | null;
}

/** Plays a record's move lines from `start`, up to its result line; anything after that is refused. */
function playMoves(game: AnyGame, start: unknown, lines: readonly string[], from: number, problem: Problem): Result<Played, ParseError> {
	let state = start;
	const line: unknown[] = [state];
	const moves: number[] = [];
	const comments: string[][] = [];
	let readingsSeen = false;
	let end: Played['end'] = null;
	for (let index = from; index < lines.length; index++) {
		const number = index + 1;
		const raw = lines[index]!.trim();
		if (raw === '' || raw.startsWith(';')) continue;
		if (end !== null) return problem(number, `text after the result ${end.token} on line ${end.line}: the record ends there`);
		if (isResultToken(raw)) {
			end = {token: raw, line: number};
			continue;
		}
		if (raw.startsWith('[')) return problem(number, 'a tag among the moves: the tags come first, before the moves');
		const ply = readPly(game, state, raw, number, problem);
		if (!ply.ok) return ply;
		const {move, moveText, notes, clocks} = ply.value;
		readingsSeen ||= clocks !== null;
		try {
			const played = game.play(state, move);
			state = clocks === null ? played : game.withClocks(played, clocks);
		} catch (error) {
			return problem(number, `${moveText} is not a legal move: ${(error as Error).message}`);
		}
		line.push(state);
		moves.push(move);
		comments.push(notes);
	}
	return ok({line, moves, comments, readingsSeen, end});
}

/**
 * How the game ended: where the rules end it, theirs, which the result must match; else the
 * Result tag (or result line) and the Reason tag tell a win the rules cannot see (a flag fall, a
 * resignation) or a draw the players agreed; null for a game that goes on.
 */
function endingOf(
	game: AnyGame,
	state: unknown,
	tags: Tags,
	played: Played,
	lineCount: number,
	problem: Problem,
): Result<Outcome | null, ParseError> {
	const resultLine = tags.lines.get('Result');
	const stated = tags.values.get('Result');
	const end = played.end;
	if (end !== null && stated !== undefined && end.token !== stated) {
		return problem(end.line, `the result ${end.token} differs from the Result tag "${stated}" on line ${resultLine}`);
	}
	const claimed = (stated as ResultToken | undefined) ?? end?.token;
	const claimLine = resultLine ?? end?.line ?? lineCount;
	const rules = game.outcome(state);
	if (rules !== null) {
		if (claimed !== undefined && claimed !== resultToken(rules)) {
			return problem(claimLine, `the result is ${claimed}, but by the rules the game ended ${resultToken(rules)}: ${rules.description}`);
		}
		return ok(null);
	}
	if (claimed === '1/2-1/2') {
		// A draw the players agreed (potm serve) says so; any other is the rules', which have not ended the game.
		const reason = tags.values.get('Reason')?.trim();
		if (reason !== AGREED) {
			return problem(
				claimLine,
				`the result is 1/2-1/2, but the last position is no draw or tie by the rules (a game ended early, by time or resignation, is a win: 1-0 or 0-1; a draw the players agreed has [Reason "${AGREED}"])`,
			);
		}
		return ok({result: 'draw', winner: null, reason, description: tags.values.get('Outcome') ?? 'drawn by agreement'});
	}
	if (claimed === '1-0' || claimed === '0-1') {
		const reason = tags.values.get('Reason')?.trim();
		if (!reason) {
			return problem(
				claimLine,
				`the result is ${claimed}, but the last position is not over by the rules: a Reason tag says how the game ended, e.g. [Reason "time"] or [Reason "resignation"]`,
			);
		}
		const winner: Player = claimed === '1-0' ? 1 : 2;
		return ok({result: 'win', winner, reason, description: tags.values.get('Outcome') ?? `${game.sides[winner - 1]} wins (${reason})`});
	}
	return ok(null);
}

/** Whether the Points tag, where the game keeps points and the record gives it, is what the moves score. */
function checkPoints(game: AnyGame, state: unknown, tags: Tags, problem: Problem): Result<null, ParseError> {
	const pointsLine = tags.lines.get('Points');
	const points = tags.values.get('Points');
	if (!game.hasPoints || pointsLine === undefined || points === undefined) return ok(null);
	const scores = game.scores(state);
	if (points.replace(/\s+/g, '') === `${scores[0]}-${scores[1]}`) return ok(null);
	const [first, second] = game.sides;
	return problem(
		pointsLine,
		`Points "${points}", but the moves give ${first} ${scores[0]} and ${second} ${scores[1]}: ${scores[0]}-${scores[1]}`,
	);
}

/** Names a line of the record in a parse error. */
type Problem = (line: number, message: string) => Result<never, ParseError>;

/**
 * Reads a record back (formatRecord's text, or one written or edited by hand): the game, its
 * positions and moves, how it ended. Every error names the line, 1-based, of `fileName`.
 */
export function parseRecord(text: string, fileName: string): Result<ParsedRecord, ParseError> {
	const problem: Problem = (line, message) => fail<ParseError>({file: fileName, line, message});
	const lines = withoutBom(text).split(/\r?\n/);
	const tags = readTags(lines, problem);
	if (!tags.ok) return tags;
	const opened = gameAndStart(tags.value, lines.length, problem);
	if (!opened.ok) return opened;
	const {game, start} = opened.value;
	const resultLine = tags.value.lines.get('Result');
	const stated = tags.value.values.get('Result');
	if (resultLine !== undefined && stated !== undefined && !isResultToken(stated)) {
		return problem(
			resultLine,
			`Result is "${stated}": it is 1-0 (${game.sides[0]} won), 0-1 (${game.sides[1]} won), 1/2-1/2 (a tie or a draw) or * (not over)`,
		);
	}
	const played = playMoves(game, start, lines, tags.value.movesFrom, problem);
	if (!played.ok) return played;
	const {line, moves, comments, readingsSeen} = played.value;
	const state = line.at(-1);
	const ended = endingOf(game, state, tags.value, played.value, lines.length, problem);
	if (!ended.ok) return ended;
	const points = checkPoints(game, state, tags.value, problem);
	if (!points.ok) return points;
	const headers = tags.value.values;
	const firstPlayer = headers.get(game.sides[0]);
	const secondPlayer = headers.get(game.sides[1]);
	const players: [string, string] | null =
		firstPlayer === undefined && secondPlayer === undefined ? null : [firstPlayer ?? '?', secondPlayer ?? '?'];
	const clock = headers.get('Clock');
	const clocked = clock === undefined ? readingsSeen : clock.trim().toLowerCase() !== 'none';
	return ok({game, line, moves, ended: ended.value, headers, players, clocked, comments});
}

/**
 * A game's reason for refusing a move, without the move it repeats at its start ("b1 b2: ...",
 * "b1 b2 is not a legal move: ..."), which the message says already.
 */
function reasonOf(error: string, moveText: string): string {
	for (const prefix of [`${moveText} is not a legal move: `, `${moveText}: `]) {
		if (error.toLowerCase().startsWith(prefix.toLowerCase())) return error.slice(prefix.length);
	}
	return error;
}
