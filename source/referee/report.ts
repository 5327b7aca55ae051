/**
 * What the referee prints and keeps: the progress lines, the tables at the end and the JSON
 * summary (each game's record is record-file.ts's). Pure text from the games; the command
 * decides where it goes.
 */
import type {AnyGame} from '../games/registry.js';
import {columnsOf, cut, wrapLines} from '../text.js';
import {crosstable, matchResults, pointTotals, ranking, ratings, scoredRecords, standings} from './scoring.js';
import {isFault, type GameRecord, type PlayerSpec} from './types.js';

export const seconds = (ms: number, digits = 2): string => (ms / 1000).toFixed(digits);

/** The width the reports are laid out for when no terminal says otherwise. */
export const REPORT_WIDTH = 80;

/** Columns padded to their widest cell: text to the left, numbers (and anything marked) to the right. */
export function table(rows: readonly (readonly string[])[], right: readonly boolean[]): string {
	const widths: number[] = [];
	for (const row of rows) row.forEach((cell, column) => (widths[column] = Math.max(widths[column] ?? 0, [...cell].length)));
	return rows
		.map(row =>
			row
				.map((cell, column) => {
					const pad = ' '.repeat(widths[column]! - [...cell].length);
					return right[column] ? pad + cell : cell + pad;
				})
				.join('  ')
				.trimEnd(),
		)
		.join('\n');
}

/** A column of a table that fits a width. */
export interface Column {
	readonly head: string;
	/** Numbers (and anything marked) to the right. */
	readonly right?: boolean;
	/** Text that may be cut (an ellipsis marks it) to fit, to no fewer columns than this. */
	readonly least?: number;
	/** How far such text is cut before any column is left out (FAIR_TEXT by default). */
	readonly fair?: number;
	/** Left out to fit: the column with the lowest number first. */
	readonly optional?: number;
	/** What the column means, said under the table while it is shown. */
	readonly note?: string;
}

/** Text columns are first cut to this many columns, before any column is left out. */
const FAIR_TEXT = 12;
const GAP = 2;

/**
 * A table within `width` columns, where it can be: long text cut to a fair length first, then
 * the optional columns left out, least useful first, then text cut further. Each row lists a
 * cell per column. Under it, the notes of the columns shown.
 */
export function fittedTable(columns: readonly Column[], body: readonly (readonly string[])[], width: number): string {
	let shown = columns.map((_, index) => index);
	const widths = columns.map((column, index) => Math.max(columnsOf(column.head), ...body.map(row => columnsOf(row[index] ?? ''))));
	const total = () => shown.reduce((sum, index) => sum + widths[index]!, 0) + GAP * (shown.length - 1);
	const shrink = (floor: (column: Column) => number) => {
		while (total() > width) {
			// A text column still above its floor gives a column: the one with the least fair length
			// (names before the reason), the widest of them first.
			const fair = (index: number) => columns[index]!.fair ?? FAIR_TEXT;
			const widest = shown
				.filter(index => columns[index]!.least !== undefined && widths[index]! > floor(columns[index]!))
				.sort((a, b) => fair(a) - fair(b) || widths[b]! - widths[a]!)[0];
			if (widest === undefined) return;
			widths[widest]! -= 1;
		}
	};
	shrink(column => Math.max(column.least!, column.fair ?? FAIR_TEXT));
	for (const index of columns
		.map((column, at) => ({column, at}))
		.filter(entry => entry.column.optional !== undefined)
		.sort((a, b) => a.column.optional! - b.column.optional!)
		.map(entry => entry.at)) {
		if (total() <= width) break;
		shown = shown.filter(one => one !== index);
	}
	shrink(column => Math.max(column.least!, columnsOf(column.head)));
	const line = (cells: readonly string[]) =>
		shown
			.map(index => {
				const text = cut(cells[index] ?? '', widths[index]!);
				const pad = ' '.repeat(widths[index]! - columnsOf(text));
				return columns[index]!.right ? pad + text : text + pad;
			})
			.join(' '.repeat(GAP))
			.trimEnd();
	const notes = shown.map(index => columns[index]!.note).filter(note => note !== undefined);
	const table = [line(columns.map(column => column.head)), ...body.map(line)].join('\n');
	return notes.length === 0 ? table : `${table}\n${paragraph(`${notes.join('; ')}.`, width)}`;
}

/** Sentences wrapped to `width`, a paragraph per text. */
const paragraph = (text: string, width: number): string => wrapLines(text, width).join('\n');

export interface RunReport {
	readonly game: AnyGame;
	readonly players: readonly PlayerSpec[];
	readonly matches: number;
	readonly clockMs: number;
	/** Games the run was to play. */
	readonly scheduled: number;
	/** The games finished, in order. */
	readonly games: readonly GameRecord[];
	/** Whether the run was stopped before the end (Ctrl-C). */
	readonly stopped: boolean;
	/** In a game with random boards, the board of each match (the same for every pairing): drawn from a seed, or read from a file. */
	readonly boards?: readonly Board[];
}

/** The board a match is played on: its seed (null for one read from a file), the file it came from, and the position's text. */
export interface Board {
	readonly match: number;
	readonly seed: number | null;
	readonly file?: string;
	/** The options besides --seed that drew it (a game whose boards come in sizes): "--size 5x7 --lines 6". */
	readonly with?: string;
	readonly text: string;
}

/** The records the standings count: the games, or in a game won on points one record per match. */
const scored = (report: Pick<RunReport, 'games'> & Partial<Pick<RunReport, 'game'>>): GameRecord[] =>
	scoredRecords(report.game?.matchBy ?? 'games', report.games);

/**
 * One line for a finished game, points from the winner's side: "game 3/20: ai:3 beat ./entry
 * 19-7 (connection, 41 plies)"; a draw or tie in the order the players moved. No points in a
 * game without them.
 */
export function progressLine(record: GameRecord, report: Pick<RunReport, 'game' | 'players' | 'scheduled'>): string {
	const [first, second] = record.seats.map(seat => report.players[seat]!.name) as [string, string];
	const [a, b] = record.points;
	const score = (one: number, other: number) => (report.game.hasPoints ? ` ${one}-${other}` : '');
	let what: string;
	if (record.winner === null) what = `${first} and ${second} ${record.result === 'tie' ? 'tied' : 'drew'}${score(a, b)}`;
	else if (record.disqualified !== null) what = `${record.winner === 1 ? first : second} beat ${record.winner === 1 ? second : first}`;
	else what = record.winner === 1 ? `${first} beat ${second}${score(a, b)}` : `${second} beat ${first}${score(b, a)}`;
	const faulty = record.disqualified === null ? '' : `${record.disqualified === 1 ? first : second}: `;
	return `game ${record.number}/${report.scheduled}: ${what} (${faulty}${record.reason}, ${plies(record.plies)})`;
}

export const plies = (count: number): string => `${count} ${count === 1 ? 'ply' : 'plies'}`;

export const pointsText = (record: GameRecord): string => `${record.points[0]}-${record.points[1]}${record.disqualified ? ' (void)' : ''}`;

/** The match points so far, best first: "ai:3 6, ./entry 2". */
export function scoreLine(report: Pick<RunReport, 'players' | 'games'> & Partial<Pick<RunReport, 'game'>>): string {
	const rows = standings(report.players.length, scored(report));
	return [...rows]
		.sort((a, b) => b.matchPoints - a.matchPoints || a.player - b.player)
		.map(row => `${report.players[row.player]!.name} ${row.matchPoints}`)
		.join(', ');
}

function header(report: RunReport, kind: 'match' | 'tournament'): string {
	const {game, players, matches, clockMs} = report;
	const names = players.map(player => player.name);
	const who = kind === 'match' ? `${names[0]} against ${names[1]}` : `${players.length} players`;
	const per =
		kind === 'match'
			? `${matches} ${matches === 1 ? 'match' : 'matches'}`
			: `${matches} ${matches === 1 ? 'match' : 'matches'} per pairing`;
	const stopped = report.stopped ? ` — stopped after ${report.games.length} of ${report.scheduled} games` : '';
	return `${game.name} ${kind}: ${who}, ${per} (${report.scheduled} games), ${clockMs / 1000} s ${game.clock.per === 'move' ? 'a move' : 'clocks'} (CPU time)${stopped}`;
}

function gamesTable(report: RunReport, width: number): string {
	const sides = report.game.sides;
	const points = report.game.hasPoints;
	const columns: Column[] = [
		{head: 'game', right: true},
		{head: 'match', right: true, optional: 2},
		{head: sides[0], least: 6, note: `${sides[0]} moved first`},
		{head: sides[1], least: 6},
		{head: 'winner'},
		// The longest reason, "opponent-connected", is kept whole as long as columns can go instead.
		{head: 'reason', least: 10, fair: 18},
		...(points ? [{head: 'points', right: true}] : []),
		{head: 'plies', right: true},
		{head: 'CPU s', right: true, note: `CPU s: the CPU time each side used, in seconds (${sides[0]}/${sides[1]})`},
		{head: 'longest', right: true, optional: 1, note: "longest: each side's longest move"},
	];
	// Tenths of a second on the contest's clock; hundredths where every game was quick.
	const digits = report.games.every(record => Math.max(...record.clockUsedMs) < 10_000) ? 2 : 1;
	const body = report.games.map(record => {
		const [first, second] = record.seats.map(seat => report.players[seat]!.name) as [string, string];
		const winner = record.winner === null ? record.result : sides[record.winner - 1]!;
		const reason = record.disqualified ? `${record.reason} (${record.disqualified === 1 ? first : second})` : record.reason;
		return [
			String(record.number),
			String(record.match),
			first,
			second,
			winner,
			reason,
			...(points ? [pointsText(record)] : []),
			String(record.plies),
			`${seconds(record.clockUsedMs[0], digits)}/${seconds(record.clockUsedMs[1], digits)}`,
			`${seconds(record.longestMoveMs[0], digits)}/${seconds(record.longestMoveMs[1], digits)}`,
		];
	});
	return fittedTable(columns, body, width);
}

/** The games lost by a fault, each with what went wrong. */
function faultLines(report: RunReport): string[] {
	return report.games.filter(record => record.disqualified !== null).map(record => `game ${record.number}: ${record.description}`);
}

function standingsRows(report: RunReport, withCross: boolean, width: number): string {
	const count = report.players.length;
	const records = scored(report);
	const rows = standings(count, records);
	const places = ranking(count, records, tiebreakOf(report.game));
	const cross = crosstable(count, records);
	const elo = ratings(count, records);
	const order = places.map(place => place.player);
	// The game points that break a tie on MP, where the game says so (LINES and BOXES's boxes).
	const tiebreak = report.game.tiebreak;
	const totals = pointTotals(count, records);
	// Ties (equal points) happen only in a game with points.
	const ties = report.game.hasPoints;
	const byPoints = report.game.matchBy === 'points';
	const columns: Column[] = [
		{head: 'rank', right: true},
		{head: 'player', least: 6},
		{head: 'MP', right: true},
		...(tiebreak ? [{head: tiebreak.points, right: true}] : []),
		...(withCross ? order.map((_, index) => ({head: String(index + 1), right: true})) : []),
		{head: report.game.matchBy === 'points' ? 'matches' : 'games', right: true, optional: 1},
		// A match won on points is won, tied or lost: never drawn.
		...['W', ...(byPoints ? [] : ['D']), ...(ties ? ['T'] : []), 'L', 'DQ'].map(head => ({head, right: true})),
		{head: 'Elo', right: true},
	];
	const body = places.map(place => {
		const row = rows[place.player]!;
		const rating = elo[place.player]!;
		const eloText = Number.isFinite(rating.margin)
			? `${rating.elo >= 0 ? '+' : ''}${Math.round(rating.elo)} ± ${Math.round(rating.margin)}`
			: '-';
		const crossCells = withCross
			? order.map(opponent =>
					opponent === place.player
						? '·'
						: cross.games[place.player]![opponent]! === 0
							? '-'
							: String(cross.points[place.player]![opponent]),
				)
			: [];
		return [
			`${place.shared ? '=' : ''}${place.place}`,
			report.players[place.player]!.name,
			String(row.matchPoints),
			...(tiebreak ? [String(totals[place.player])] : []),
			...crossCells,
			String(row.games),
			String(row.wins),
			...(byPoints ? [] : [String(row.draws)]),
			...(ties ? [String(row.ties)] : []),
			String(row.losses),
			String(row.disqualifications),
			eloText,
		];
	});
	return fittedTable(columns, body, width);
}

/** How the game breaks a tie on match points: by head-to-head (LOA's contest), or by the total of game points (LINES and BOXES's boxes). */
const tiebreakOf = (game: RunReport['game']): 'head-to-head' | 'points' => (game.tiebreak ? 'points' : 'head-to-head');

/** What the columns of the standings mean, in this game's terms. */
const legend = (game: RunReport['game']): string =>
	(game.tiebreak
		? `MP match points (2 a win, 1 a tie); ${game.tiebreak.points} the ${game.tiebreak.points} taken over all games (none in a game lost by a fault), which rank players level on MP (the contest's tiebreak; still level, they share the place); `
		: '') +
	(game.tiebreak
		? 'W D T L wins, draws, ties, losses; DQ losses by a fault (clock, output, crash), counted in L too; Elo relative to the field average, ± its 95 % margin'
		: game.matchBy === 'points'
			? [
					'MP match points, a match at a time (2 for the higher total of game points over its two games, 1 each for equal totals);',
					'W T L matches won, tied, lost; DQ matches lost by a fault (clock, an answer that is not the grid with one more marker, crash),',
					'which loses the match whatever the points (a fault each ties it); Elo relative to the field average, ± its 95 % margin',
				].join(' ')
			: [
					game.hasPoints
						? 'MP match points (2 a win, 1 a draw or a tie); W D T L wins, draws (move limit), ties (equal points), losses;'
						: 'MP match points (2 a win, 1 a draw); W D L wins, draws (repetition, simultaneous connection), losses;',
					'DQ losses by a fault (clock, output, crash), counted in L too; Elo relative to the field average, ± its 95 % margin',
				].join(' '));

/**
 * A game won on points: each match's games and totals, "points" as "game 1 + game 2" from the
 * first player's side, the totals and who won the match.
 */
function matchesTable(report: RunReport, width: number): string {
	const name = (seat: number) => report.players[seat]!.name;
	const columns: Column[] = [
		{head: 'match', right: true},
		{head: 'games', right: true, optional: 1},
		{head: 'player A', least: 6},
		{head: 'player B', least: 6},
		{head: 'game points', right: true, note: 'game points: A-B in each game (void: lost by a fault)'},
		{head: 'totals', right: true},
		{head: 'winner', least: 6},
		{head: 'reason', least: 6},
	];
	const body = matchResults(report.games).map(({games, record}) => {
		const [a, b] = record.seats;
		const each = games.map(game => {
			const [pa, pb] = game.seats[0] === a ? [game.points[0], game.points[1]] : [game.points[1], game.points[0]];
			return `${pa}-${pb}${game.disqualified !== null ? ' void' : ''}`;
		});
		return [
			String(record.match),
			games.map(game => game.number).join('+'),
			name(a),
			name(b),
			each.join(' + '),
			`${record.points[0]}-${record.points[1]}`,
			record.winner === null ? 'tie' : name(record.seats[record.winner - 1]!),
			record.disqualified === null ? record.reason : `${record.reason} (${name(record.seats[record.disqualified - 1]!)})`,
		];
	});
	return body.length === 0 ? 'No match decided.' : fittedTable(columns, body, width);
}

/** The boards of a game with random boards: the seed that repeats each, and the board itself while there are few. */
function boardLines(report: RunReport): string[] {
	const boards = report.boards ?? [];
	if (boards.length === 0) return [];
	const source = (board: Board) => (board.seed === null ? `from ${board.file ?? 'a file'}` : `seed ${board.seed}`);
	const distinct = new Set(boards.map(board => board.text));
	if (distinct.size === 1) {
		const board = boards[0]!;
		const how = board.seed === null ? `--board ${board.file ?? ''}` : `--seed ${board.seed}${board.with ? ` ${board.with}` : ''}`;
		return [
			// Long options wrap under the heading, within the report's 80 columns.
			...wrapLines(`Board (${source(board)}; ${how} plays on it again), every match:`, REPORT_WIDTH, '  '),
			...board.text
				.replace(/\n$/, '')
				.split('\n')
				.map(line => `  ${line}`),
		];
	}
	const lines = wrapLines(
		`Boards, one a match (--seed ${boards[0]!.seed}${boards[0]!.with ? ` ${boards[0]!.with}` : ''} plays on them again):`,
		REPORT_WIDTH,
		'  ',
	);
	for (const board of boards) lines.push(`  match ${board.match}: ${source(board)}`);
	if (boards.length <= 3) {
		const rows = boards.map(board => board.text.replace(/\n$/, '').split('\n'));
		const height = Math.max(...rows.map(one => one.length));
		const wide = Math.max(...rows.flat().map(columnsOf));
		for (let row = 0; row < height; row++)
			lines.push(
				`  ${rows
					.map(one => (one[row] ?? '').padEnd(wide))
					.join('   ')
					.trimEnd()}`,
			);
	}
	return lines;
}

/** The text printed at the end of `potm match`, laid out for `width` columns. */
export function matchReport(report: RunReport, width = REPORT_WIDTH): string {
	const games = report.games.length > 0 ? gamesTable(report, width) : 'No game finished.';
	const boards = boardLines(report);
	const matches = report.game.matchBy === 'points' && report.games.length > 0 ? ['', matchesTable(report, width)] : [];
	const parts = [
		paragraph(header(report, 'match'), width),
		...(boards.length > 0 ? ['', ...boards] : []),
		'',
		games,
		...matches,
		'',
		standingsRows(report, false, width),
		'',
		paragraph(legend(report.game), width),
	];
	const faults = faultLines(report).map(line => wrapLines(line, width, '  ').join('\n'));
	if (faults.length > 0) parts.push('', ...faults);
	return parts.join('\n') + '\n';
}

/**
 * The crosstable alone: rank, player, then the match points won against the player of each
 * rank; in blocks of ranks (1-12, then 13-24, ...) when all of them do not fit the width.
 */
function crosstableRows(report: RunReport, width: number): string {
	const count = report.players.length;
	const records = scored(report);
	const places = ranking(count, records, tiebreakOf(report.game));
	const cross = crosstable(count, records);
	const order = places.map(place => place.player);
	const block = (from: number, to: number): string => {
		const columns: Column[] = [
			{head: 'rank', right: true},
			{head: 'player', least: 6},
			...order.slice(from, to).map((_, index) => ({head: String(from + index + 1), right: true})),
		];
		const body = places.map(place => [
			`${place.shared ? '=' : ''}${place.place}`,
			report.players[place.player]!.name,
			...order
				.slice(from, to)
				.map(opponent =>
					opponent === place.player
						? '·'
						: cross.games[place.player]![opponent]! === 0
							? '-'
							: String(cross.points[place.player]![opponent]),
				),
		]);
		return fittedTable(columns, body, width);
	};
	// As many opponents a block as fit.
	let size = count;
	while (size > 1 && widest(block(0, size)) > width) size--;
	const blocks: string[] = [];
	for (let from = 0; from < count; from += size) blocks.push(block(from, Math.min(count, from + size)));
	return blocks.join('\n\n');
}

const widest = (text: string): number => Math.max(...text.split('\n').map(columnsOf));

/** The text printed at the end of `potm tournament` (ranking, crosstable, ratings), laid out for `width` columns. */
export function tournamentReport(report: RunReport, width = REPORT_WIDTH): string {
	const crossNote = `columns 1, 2, ...: match points won against the player of that rank${report.game.tiebreak ? '' : '; players level on MP are ranked by head-to-head, as the LOAPS contest did'}`;
	// The crosstable beside the standings while they fit; below them, a table of its own, when not.
	const together = standingsRows(report, true, width);
	const tables = widest(together) <= width ? [together] : [standingsRows(report, false, width), '', crosstableRows(report, width)];
	const boards = boardLines(report);
	const parts = [
		paragraph(header(report, 'tournament'), width),
		...(boards.length > 0 ? ['', ...boards] : []),
		'',
		...tables,
		'',
		paragraph(`${legend(report.game)}; ${crossNote}`, width),
	];
	const faults = faultLines(report).map(line => wrapLines(line, width, '  ').join('\n'));
	if (faults.length > 0) parts.push('', ...faults);
	return parts.join('\n') + '\n';
}

/** The machine-readable summary (`--json`). Times in seconds. */
export function summary(report: RunReport): unknown {
	const name = (index: number) => report.players[index]!.name;
	const count = report.players.length;
	const records = scored(report);
	const rows = standings(count, records);
	const elo = ratings(count, records);
	const cross = crosstable(count, records);
	const points = pointTotals(count, records);
	const round = (ms: number) => Math.round(ms) / 1000;
	return {
		game: report.game.id,
		clockSeconds: report.clockMs / 1000,
		matchesPerPairing: report.matches,
		gamesScheduled: report.scheduled,
		gamesPlayed: report.games.length,
		stopped: report.stopped,
		matchBy: report.game.matchBy,
		...(report.boards && report.boards.length > 0
			? {
					boards: report.boards.map(board => ({
						match: board.match,
						seed: board.seed,
						...(board.file ? {file: board.file} : {}),
						...(board.with ? {with: board.with} : {}),
						position: board.text,
					})),
				}
			: {}),
		players: report.players.map(player =>
			player.kind === 'builtin' ? {name: player.name, builtin: true} : {name: player.name, builtin: false, command: player.command},
		),
		games: report.games.map(record => ({
			number: record.number,
			match: record.match,
			players: record.seats.map(name),
			firstMover: name(record.seats[0]),
			result: record.result,
			winner: record.winner === null ? null : name(record.seats[record.winner - 1]!),
			reason: record.reason,
			fault: isFault(record.reason),
			disqualified: record.disqualified === null ? null : name(record.seats[record.disqualified - 1]!),
			description: record.description,
			points: record.points,
			pointsCount: record.disqualified === null,
			plies: record.plies,
			clockUsed: record.clockUsedMs.map(round),
			longestMove: record.longestMoveMs.map(round),
		})),
		...(report.game.matchBy === 'points'
			? {
					matches: matchResults(report.games).map(({games, record}) => ({
						match: record.match,
						games: games.map(game => game.number),
						players: record.seats.map(name),
						totals: record.points,
						winner: record.winner === null ? null : name(record.seats[record.winner - 1]!),
						reason: record.reason,
						disqualified: record.disqualified === null ? null : name(record.seats[record.disqualified - 1]!),
					})),
				}
			: {}),
		totals: rows.map(row => ({
			player: name(row.player),
			matchPoints: row.matchPoints,
			...(report.game.tiebreak ? {[report.game.tiebreak.points]: points[row.player]} : {}),
			games: row.games,
			wins: row.wins,
			draws: row.draws,
			ties: row.ties,
			losses: row.losses,
			disqualifications: row.disqualifications,
		})),
		ranking: ranking(count, records, tiebreakOf(report.game)).map(place => ({
			place: place.place,
			shared: place.shared,
			player: name(place.player),
		})),
		ratings: elo.map(rating => ({
			player: name(rating.player),
			elo: Math.round(rating.elo),
			margin: Number.isFinite(rating.margin) ? Math.round(rating.margin) : null,
		})),
		crosstable: report.players.map((_, index) => ({
			player: name(index),
			against: Object.fromEntries(
				report.players.map((__, other) => [
					name(other),
					other === index ? null : {games: cross.games[index]![other], matchPoints: cross.points[index]![other]},
				]),
			),
		})),
	};
}
