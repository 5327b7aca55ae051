/**
 * What the referee prints and keeps: the progress lines, the tables at the end, the JSON summary
 * and each game's record. Pure text from the games; the command decides where it goes.
 */
import type {AnyGame} from '../games/registry.js';
import {crosstable, ranking, ratings, standings} from './scoring.js';
import {isFault, type GameRecord, type PlayerSpec} from './types.js';

const seconds = (ms: number, digits = 2): string => (ms / 1000).toFixed(digits);

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
}

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

const plies = (count: number): string => `${count} ${count === 1 ? 'ply' : 'plies'}`;

const pointsText = (record: GameRecord): string => `${record.points[0]}-${record.points[1]}${record.disqualified ? ' (void)' : ''}`;

/** The match points so far, best first: "ai:3 6, ./entry 2". */
export function scoreLine(report: Pick<RunReport, 'players' | 'games'>): string {
	const rows = standings(report.players.length, report.games);
	return [...rows]
		.sort((a, b) => b.matchPoints - a.matchPoints || a.player - b.player)
		.map(row => `${report.players[row.player]!.name} ${row.matchPoints}`)
		.join(', ');
}

function header(report: RunReport, kind: 'match' | 'tournament'): string {
	const {game, players, matches, clockMs} = report;
	const names = players.map(player => player.name);
	const who = kind === 'match' ? `${names[0]} against ${names[1]}` : `${players.length} players`;
	const per = kind === 'match' ? `${matches} ${matches === 1 ? 'match' : 'matches'}` : `${matches} ${matches === 1 ? 'match' : 'matches'} per pairing`;
	const stopped = report.stopped ? ` — stopped after ${report.games.length} of ${report.scheduled} games` : '';
	return `${game.name} ${kind}: ${who}, ${per} (${report.scheduled} games), ${seconds(clockMs, clockMs % 1000 === 0 ? 0 : 1)} s clocks (CPU time)${stopped}`;
}

function gamesTable(report: RunReport): string {
	const sides = report.game.sides;
	const points = report.game.hasPoints;
	const rows = [['game', 'match', `${sides[0]} (first)`, sides[1]!, 'result', 'reason', ...(points ? ['points'] : []), 'plies', 'CPU used (s)', 'longest move (s)']];
	for (const record of report.games) {
		const [first, second] = record.seats.map(seat => report.players[seat]!.name) as [string, string];
		const result = record.winner === null ? record.result : `${record.winner === 1 ? first : second} wins`;
		const reason = record.disqualified ? `${record.reason} (${record.disqualified === 1 ? first : second})` : record.reason;
		rows.push([
			String(record.number),
			String(record.match),
			first,
			second,
			result,
			reason,
			...(points ? [pointsText(record)] : []),
			String(record.plies),
			`${seconds(record.clockUsedMs[0])} / ${seconds(record.clockUsedMs[1])}`,
			`${seconds(record.longestMoveMs[0])} / ${seconds(record.longestMoveMs[1])}`,
		]);
	}
	return table(rows, [true, true, false, false, false, false, ...(points ? [true] : []), true, true, true]);
}

/** The games lost by a fault, each with what went wrong. */
function faultLines(report: RunReport): string[] {
	return report.games.filter(record => record.disqualified !== null).map(record => `game ${record.number}: ${record.description}`);
}

function standingsRows(report: RunReport, withCross: boolean): string {
	const count = report.players.length;
	const rows = standings(count, report.games);
	const places = ranking(count, report.games);
	const cross = crosstable(count, report.games);
	const elo = ratings(count, report.games);
	const order = places.map(place => place.player);
	// Ties (equal points) happen only in a game with points.
	const ties = report.game.hasPoints;
	const head = ['rank', 'player', 'MP', ...(withCross ? order.map((_, index) => String(index + 1)) : []), 'games', 'W', 'D', ...(ties ? ['T'] : []), 'L', 'DQ', 'Elo'];
	const body = places.map(place => {
		const row = rows[place.player]!;
		const rating = elo[place.player]!;
		const eloText = Number.isFinite(rating.margin) ? `${rating.elo >= 0 ? '+' : ''}${Math.round(rating.elo)} ± ${Math.round(rating.margin)}` : '-';
		const crossCells = withCross
			? order.map(opponent => (opponent === place.player ? '·' : cross.games[place.player]![opponent]! === 0 ? '-' : String(cross.points[place.player]![opponent])))
			: [];
		return [
			`${place.shared ? '=' : ''}${place.place}`,
			report.players[place.player]!.name,
			String(row.matchPoints),
			...crossCells,
			String(row.games),
			String(row.wins),
			String(row.draws),
			...(ties ? [String(row.ties)] : []),
			String(row.losses),
			String(row.disqualifications),
			eloText,
		];
	});
	const right = head.map((_, column) => column !== 1);
	return table([head, ...body], right);
}

/** What the columns of the standings mean, in this game's terms. */
const legend = (game: RunReport['game']): string =>
	[
		game.hasPoints
			? 'MP match points (2 a win, 1 a draw or a tie); W D T L wins, draws (move limit), ties (equal points), losses;'
			: 'MP match points (2 a win, 1 a draw); W D L wins, draws (repetition, simultaneous connection), losses;',
		'DQ losses by a fault (clock, output, crash), counted in L too; Elo relative to the field average, ± its 95 % margin',
	].join('\n');

/** The text printed at the end of `potm match`. */
export function matchReport(report: RunReport): string {
	const games = report.games.length > 0 ? gamesTable(report) : 'No game finished.';
	const parts = [header(report, 'match'), '', games, '', standingsRows(report, false), '', legend(report.game)];
	const faults = faultLines(report);
	if (faults.length > 0) parts.push('', ...faults);
	return parts.join('\n') + '\n';
}

/** The text printed at the end of `potm tournament`: ranking, crosstable, ratings. */
export function tournamentReport(report: RunReport): string {
	const parts = [
		header(report, 'tournament'),
		'',
		standingsRows(report, true),
		'',
		`${legend(report.game)};\ncolumns 1, 2, ...: match points won against the player of that rank; players level on MP are ranked by head-to-head, as the LOAPS contest did`,
	];
	const faults = faultLines(report);
	if (faults.length > 0) parts.push('', ...faults);
	return parts.join('\n') + '\n';
}

/** The machine-readable summary (`--json`). Times in seconds. */
export function summary(report: RunReport): unknown {
	const name = (index: number) => report.players[index]!.name;
	const count = report.players.length;
	const rows = standings(count, report.games);
	const elo = ratings(count, report.games);
	const cross = crosstable(count, report.games);
	const round = (ms: number) => Math.round(ms) / 1000;
	return {
		game: report.game.id,
		clockSeconds: report.clockMs / 1000,
		matchesPerPairing: report.matches,
		gamesScheduled: report.scheduled,
		gamesPlayed: report.games.length,
		stopped: report.stopped,
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
		totals: rows.map(row => ({
			player: name(row.player),
			matchPoints: row.matchPoints,
			games: row.games,
			wins: row.wins,
			draws: row.draws,
			ties: row.ties,
			losses: row.losses,
			disqualifications: row.disqualifications,
		})),
		ranking: ranking(count, report.games).map(place => ({place: place.place, shared: place.shared, player: name(place.player)})),
		ratings: elo.map(rating => ({player: name(rating.player), elo: Math.round(rating.elo), margin: Number.isFinite(rating.margin) ? Math.round(rating.margin) : null})),
		crosstable: report.players.map((_, index) => ({
			player: name(index),
			against: Object.fromEntries(report.players.map((__, other) => [name(other), other === index ? null : {games: cross.games[index]![other], matchPoints: cross.points[index]![other]}])),
		})),
	};
}

/** A game's record for people: who played, how it ended, every move with its times and what entries printed. */
export function recordText(record: GameRecord, report: Pick<RunReport, 'game' | 'players' | 'clockMs'>, positionFile: string): string {
	const {game} = report;
	const sides = game.sides;
	const player = (side: 1 | 2) => report.players[record.seats[side - 1]!]!;
	const describe = (side: 1 | 2) => {
		const spec = player(side);
		return spec.kind === 'builtin' ? `${spec.name} (built in)` : `${spec.name}   [runs: ${spec.argv.map(word => (/[\s"'\\]/.test(word) ? JSON.stringify(word) : word)).join(' ')} INPUT]`;
	};
	const lines = [
		`${game.name}, game ${record.number} (match ${record.match}) of a potm referee run`,
		`${sides[0]} (moves first): ${describe(1)}`,
		`${sides[1]}: ${describe(2)}`,
		`Clocks: ${seconds(report.clockMs, 1)} s each of CPU time (user + system)`,
		`Result: ${record.description}`,
		`Reason: ${record.reason}; ${game.hasPoints ? `points ${pointsText(record)}; ` : ''}${plies(record.plies)}; CPU used ${seconds(record.clockUsedMs[0])} s / ${seconds(record.clockUsedMs[1])} s`,
		`Final position: ${positionFile} (potm analyze ${positionFile} steps through the game)`,
		'',
	];
	const rows = [['ply', 'side', 'move', 'CPU s', 'wall s', 'clock left', 'output']];
	const notes: string[] = [];
	record.moves.forEach((move, index) => {
		const expected = `${move.move}\n`;
		let output = move.forced ? 'no legal move: passed for it, not asked' : '';
		if (move.stdout !== undefined && move.stdout !== expected) output = JSON.stringify(move.stdout.length > 60 ? `${move.stdout.slice(0, 60)}…` : move.stdout);
		const stopped = {time: 'stopped by the referee: its clock ran out', hung: 'stopped by the referee: it hung', flood: 'stopped by the referee: it flooded its output'};
		if (move.stopped) output += `${output ? ' ' : ''}${stopped[move.stopped]}`;
		else if (move.exit && (move.exit.code !== 0 || move.exit.signal)) output += `${output ? ' ' : ''}${move.exit.signal ? `killed by ${move.exit.signal}` : `exit status ${move.exit.code}`}`;
		rows.push([String(index + 1), sides[move.player - 1]!, move.move || '-', seconds(move.cpuMs, 3), seconds(move.wallMs, 3), move.clockAfter.toFixed(2), output]);
		if (move.stderr) notes.push(`stderr of ply ${index + 1} (${sides[move.player - 1]}):`, ...move.stderr.replace(/\n$/, '').split('\n').map(text => `  ${text}`));
		if (move.stdout !== undefined && move.stdout.length > 60 && move.stdout !== expected) notes.push(`stdout of ply ${index + 1} (${sides[move.player - 1]}), ${move.stdout.length} characters kept:`, `  ${JSON.stringify(move.stdout)}`);
	});
	lines.push(table(rows, [true, false, false, true, true, true, false]));
	if (notes.length > 0) lines.push('', ...notes);
	return lines.join('\n') + '\n';
}
