/**
 * A referee game's record (game-001.record.txt), written and read here side by side, so that
 * what the writer puts and what the reader looks for cannot drift apart. The writer makes it for
 * people: a header (the game, the players and the command each ran, the clocks, the result and
 * why, the position file), then every move with its times and what the entries printed. The
 * reader takes back what the header says beyond the position file's moves: who played each side
 * and how a game lost by a fault ended (its history does not keep that), and the position file.
 */
import {other, type Outcome, type Player} from '../games/game.js';
import {plies, pointsText, seconds, table, type Board, type RunReport} from './report.js';
import type {GameRecord} from './types.js';

/** The end of a record's first line: "LOAPS, game 7 (match 4) of a potm referee run". */
const TITLE_END = ' of a potm referee run';
const TITLE = /^.+, game \d+ \(match \d+\) of a potm referee run$/;
/** After an entry's name on its side's line: the command it ran. */
const RUNS = '   [runs: ';
/** After a built-in player's name on its side's line. */
const BUILT_IN = ' (built in)';
const RESULT = 'Result: ';
const REASON = 'Reason: ';
const POSITION_PREFIX = 'Final position: ';
const POSITION_SUFFIX = [' (potm analyze ', ' steps through the game)'] as const;

/** "RED (moves first): " or "BLUE: ": what starts the line naming a side's player. */
const sideLabel = (sides: readonly [string, string], side: Player): string =>
	side === 1 ? `${sides[0]} (moves first): ` : `${sides[1]}: `;

/** The board a game of a match started from, where boards are drawn: its seed, or its file. */
function boardLine(boards: readonly Board[] | undefined, match: number): string[] {
	const board = boards?.find(one => one.match === match);
	if (!board) return [];
	return [
		`Board: ${board.seed === null ? `from ${board.file ?? 'a file'} (--board)` : `seed ${board.seed} (--seed ${(board.seed - match + 1 + 0x80000000) % 0x80000000}${board.with ? ` ${board.with}` : ''} for the run)`}, both games of the match`,
	];
}

/** A game's record for people: who played, how it ended, every move with its times and what entries printed. */
export function recordText(
	record: GameRecord,
	report: Pick<RunReport, 'game' | 'players' | 'clockMs'> & Partial<Pick<RunReport, 'boards'>>,
	positionFile: string,
): string {
	const {game} = report;
	const sides = game.sides;
	const player = (side: 1 | 2) => report.players[record.seats[side - 1]!]!;
	const describe = (side: 1 | 2) => {
		const spec = player(side);
		const input = game.entry.input === 'stdin' ? '< INPUT' : 'INPUT';
		return spec.kind === 'builtin'
			? `${spec.name}${BUILT_IN}`
			: `${spec.name}${RUNS}${spec.argv.map(word => (/[\s"'\\]/.test(word) ? JSON.stringify(word) : word)).join(' ')} ${input}]`;
	};
	const lines = [
		`${game.name}, game ${record.number} (match ${record.match})${TITLE_END}`,
		`${sideLabel(sides, 1)}${describe(1)}`,
		`${sideLabel(sides, 2)}${describe(2)}`,
		game.clock.per === 'move'
			? `Clocks: ${seconds(report.clockMs, 1)} s of CPU time (user + system) for each move`
			: `Clocks: ${seconds(report.clockMs, 1)} s each of CPU time (user + system)`,
		...boardLine(report.boards, record.match),
		`${RESULT}${record.description}`,
		`${REASON}${record.reason}; ${game.hasPoints ? `points ${pointsText(record)}; ` : ''}${plies(record.plies)}; CPU used ${seconds(record.clockUsedMs[0])} s / ${seconds(record.clockUsedMs[1])} s`,
		`${POSITION_PREFIX}${positionFile}${POSITION_SUFFIX[0]}${positionFile}${POSITION_SUFFIX[1]}`,
		'',
	];
	const rows = [['ply', 'side', 'move', 'CPU s', 'wall s', 'clock left', 'output']];
	const notes: string[] = [];
	record.moves.forEach((move, index) => {
		const expected = `${move.move}\n`;
		let output = move.forced ? 'no legal move: passed for it, not asked' : '';
		if (move.stdout !== undefined && move.stdout !== expected && !move.asExpected)
			output = JSON.stringify(move.stdout.length > 60 ? `${move.stdout.slice(0, 60)}…` : move.stdout);
		const stopped = {
			time: 'stopped by the referee: its clock ran out',
			hung: 'stopped by the referee: it hung',
			flood: 'stopped by the referee: it flooded its output',
		};
		if (move.stopped) output += `${output ? ' ' : ''}${stopped[move.stopped]}`;
		else if (move.exit && (move.exit.code !== 0 || move.exit.signal))
			output += `${output ? ' ' : ''}${move.exit.signal ? `killed by ${move.exit.signal}` : `exit status ${move.exit.code}`}`;
		rows.push([
			String(index + 1),
			sides[move.player - 1]!,
			move.move || '-',
			seconds(move.cpuMs, 3),
			seconds(move.wallMs, 3),
			move.clockAfter.toFixed(2),
			output,
		]);
		if (move.stderr)
			notes.push(
				`stderr of ply ${index + 1} (${sides[move.player - 1]}):`,
				...move.stderr
					.replace(/\n$/, '')
					.split('\n')
					.map(text => `  ${text}`),
			);
		if (move.stdout !== undefined && move.stdout.length > 60 && move.stdout !== expected && !move.asExpected)
			notes.push(
				`stdout of ply ${index + 1} (${sides[move.player - 1]}), ${move.stdout.length} characters kept:`,
				`  ${JSON.stringify(move.stdout)}`,
			);
	});
	lines.push(table(rows, [true, false, false, true, true, true, false]));
	if (notes.length > 0) lines.push('', ...notes);
	return lines.join('\n') + '\n';
}

/** What a referee record says besides the moves: its header lines, and the position file it names. */
export interface RecordHeader {
	/** The path its "Final position:" line gives, as written. */
	readonly position: string;
	/** The number of that line. */
	readonly positionLine: number;
	/** Its header lines, before the first blank line, with their numbers. */
	readonly lines: readonly {readonly text: string; readonly number: number}[];
}

const withoutBom = (text: string): string => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

/** Whether a text is a referee's game record: its first line says so. */
export const isRefereeRecord = (text: string): boolean => TITLE.test(withoutBom(text).split(/\r?\n/, 1)[0]!.trimEnd());

/** The header of the referee record `text` (read from `path`) and the position it names, or why it has none. */
export function readRecordHeader(path: string, text: string): RecordHeader | string {
	const lines: {text: string; number: number}[] = [];
	for (const [index, line] of withoutBom(text).split(/\r?\n/).entries()) {
		if (line.trim() === '') break;
		lines.push({text: line, number: index + 1});
	}
	for (const {text: line, number} of lines) {
		if (!line.startsWith(POSITION_PREFIX)) continue;
		// "Final position: P (potm analyze P steps through the game)": P twice, and P may hold
		// spaces or parentheses, so it is found by its length rather than by a pattern.
		const rest = line.slice(POSITION_PREFIX.length);
		const length = (rest.length - POSITION_SUFFIX[0].length - POSITION_SUFFIX[1].length) / 2;
		const position = rest.slice(0, length);
		if (Number.isInteger(length) && length > 0 && rest === `${position}${POSITION_SUFFIX[0]}${position}${POSITION_SUFFIX[1]}`)
			return {position, positionLine: number, lines};
	}
	const first = lines.at(-1)?.number ?? 1;
	return `${path} line ${first}: no "${POSITION_PREFIX}FILE${POSITION_SUFFIX[0]}FILE${POSITION_SUFFIX[1]}" line: it is not a whole potm referee record`;
}

/** The value of the header line that starts with `prefix`, or undefined. */
const valueOf = (header: RecordHeader, prefix: string): string | undefined =>
	header.lines.find(one => one.text.startsWith(prefix))?.text.slice(prefix.length);

/** The name of the player of `side` ("SIDE (moves first): NAME (built in)" or "SIDE: NAME   [runs: ...]"), or undefined. */
export function recordPlayer(header: RecordHeader, sides: readonly [string, string], side: Player): string | undefined {
	let name = valueOf(header, sideLabel(sides, side));
	if (name === undefined) return undefined;
	const runs = name.indexOf(RUNS);
	if (runs >= 0) name = name.slice(0, runs);
	else if (name.endsWith(BUILT_IN)) name = name.slice(0, -BUILT_IN.length);
	name = name.trim();
	return name === '' ? undefined : name;
}

/**
 * How the game ended as its Result and Reason lines say, as a win of the side not `toMove`: the
 * referee stops a game at a fault (time, a crash, output that is no move) of the side then to
 * move, which loses. Null when the record gives no reason.
 */
export function recordFaultEnding(header: RecordHeader, toMove: Player): Outcome | null {
	const description = valueOf(header, RESULT)?.trim();
	const reason = valueOf(header, REASON)?.split(';')[0]!.trim();
	if (!reason) return null;
	return {result: 'win', winner: other(toMove), reason, description: description || reason};
}
