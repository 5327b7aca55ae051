/**
 * The sparring ladder's sums (ladder.ts plays the games): the referee's JSON summary of a match
 * between the new entry and the baseline read and checked, one pairing's tally from the new
 * entry's side, its Elo difference, the targets of issue 16 and the table. Pure: the tests feed
 * it hand-made summaries.
 */
import {fail, ok, type Result} from '../games/game.js';
import {table} from '../referee/report.js';

/** One game of the summary, as much of it as the ladder reads. Pairs are by side (player 1 first). */
export interface LadderGame {
	readonly number: number;
	readonly players: readonly [string, string];
	readonly result: 'win' | 'tie' | 'draw';
	/** The winner's name, or null for a tie or a draw. */
	readonly winner: string | null;
	readonly reason: string;
	/** A loss by a fault (a disqualification); `disqualified` names the loser. */
	readonly fault: boolean;
	readonly disqualified: string | null;
	readonly plies: number;
	/** CPU seconds each side used. */
	readonly clockUsed: readonly [number, number];
}

export interface LadderSummary {
	readonly game: string;
	readonly clockSeconds: number;
	readonly gamesScheduled: number;
	/** Ctrl-C stopped the run: the games are those that finished. */
	readonly stopped: boolean;
	readonly players: readonly [string, string];
	readonly games: readonly LadderGame[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value >= 0;
const isSeconds = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;
const isPair = <T>(value: unknown, each: (item: unknown) => item is T): value is [T, T] =>
	Array.isArray(value) && value.length === 2 && value.every(each);
const isName = (value: unknown): value is string => typeof value === 'string' && value !== '';

/**
 * A match's summary as the referee writes it (`summary()` of referee/report.ts: `potm match
 * --json`, summary.json), checked, or what is wrong with it (a message naming the field). A match
 * has two players; every game must be between them, its winner and disqualified one of them or null.
 */
export function readSummary(json: unknown): Result<LadderSummary, string> {
	const bad = (what: string) => fail(`the referee's summary: ${what}`);
	if (!isRecord(json)) return bad('not an object');
	const {game, clockSeconds, gamesScheduled, stopped, players, games} = json;
	if (!isName(game)) return bad('game is not a game id');
	if (!(isSeconds(clockSeconds) && clockSeconds > 0)) return bad('clockSeconds is not a positive number');
	if (!isCount(gamesScheduled)) return bad('gamesScheduled is not a count');
	if (typeof stopped !== 'boolean') return bad('stopped is not true or false');
	if (!Array.isArray(players) || players.length !== 2) return bad('players is not a list of two (a match has two)');
	const names = players.map(player => (isRecord(player) ? player['name'] : undefined));
	if (!isPair(names, isName) || names[0] === names[1]) return bad('players do not have two different names');
	if (!Array.isArray(games)) return bad('games is not a list');
	const read: LadderGame[] = [];
	for (const [index, item] of games.entries()) {
		const at = `games[${index}]`;
		if (!isRecord(item)) return bad(`${at} is not an object`);
		const {number, players: sides, result, winner, reason, fault, disqualified, plies, clockUsed} = item;
		if (!isCount(number)) return bad(`${at}.number is not a count`);
		if (!isPair(sides, isName) || !names.every(name => sides.includes(name)))
			return bad(`${at}.players is not ${names[0]} and ${names[1]}, one a side`);
		if (result !== 'win' && result !== 'tie' && result !== 'draw') return bad(`${at}.result is not win, tie or draw`);
		if (!(winner === null || names.includes(winner as string))) return bad(`${at}.winner is neither a player nor null`);
		if ((result === 'win') !== (winner !== null)) return bad(`${at}: a ${result} ${winner === null ? 'without' : 'with'} a winner`);
		if (!isName(reason)) return bad(`${at}.reason is not a word`);
		if (typeof fault !== 'boolean') return bad(`${at}.fault is not true or false`);
		if (!(disqualified === null || names.includes(disqualified as string))) return bad(`${at}.disqualified is neither a player nor null`);
		if (fault !== (disqualified !== null)) return bad(`${at}: fault and disqualified disagree`);
		if (fault && winner === disqualified) return bad(`${at}: the disqualified player won`);
		if (!isCount(plies)) return bad(`${at}.plies is not a count`);
		if (!isPair(clockUsed, isSeconds)) return bad(`${at}.clockUsed is not two numbers of seconds`);
		read.push({
			number,
			players: sides,
			result,
			winner: winner as string | null,
			reason,
			fault,
			disqualified: disqualified as string | null,
			plies,
			clockUsed,
		});
	}
	return ok({game, clockSeconds, gamesScheduled, stopped, players: names, games: read});
}

/** One pairing of the ladder, from the new entry's side; pairs are [new entry, baseline]. */
export interface PairingTally {
	readonly game: string;
	readonly clockSeconds: number;
	readonly games: number;
	readonly scheduled: number;
	readonly stopped: boolean;
	/** The new entry's match points (2 a win, 1 a draw or a tie), of 2 × games. */
	readonly points: number;
	readonly wins: number;
	/** The move limit, a repetition, a simultaneous connection. */
	readonly draws: number;
	/** Equal game points after a connection (LOAPS). */
	readonly ties: number;
	/** Every game lost, faults included. */
	readonly losses: number;
	/** Games each side lost by its clock running out. */
	readonly timeLosses: readonly [number, number];
	/** Games each side lost by any other fault (no answer, a bad or illegal one, a crash, a hang). */
	readonly faults: readonly [number, number];
	readonly averagePlies: number;
	/** The share of its clock each side used in a game, on average (0..1). */
	readonly cpuShare: readonly [number, number];
}

/** The tally of a match summary for the player named `entry` against the other. */
export function tallyPairing(summary: LadderSummary, entry: string): Result<PairingTally, string> {
	const ours = summary.players.indexOf(entry);
	if (ours < 0) return fail(`the referee's summary has no player ${entry} (it has ${summary.players.join(' and ')})`);
	const sides = [entry, summary.players[1 - ours]!] as const;
	let points = 0;
	let wins = 0;
	let draws = 0;
	let ties = 0;
	let losses = 0;
	let plies = 0;
	const timeLosses = [0, 0];
	const faults = [0, 0];
	const cpu = [0, 0];
	for (const game of summary.games) {
		if (game.winner === entry) {
			points += 2;
			wins++;
		} else if (game.winner === null) {
			points += 1;
			if (game.result === 'tie') ties++;
			else draws++;
		} else losses++;
		if (game.disqualified !== null) {
			const side = sides.indexOf(game.disqualified);
			if (game.reason === 'time') timeLosses[side]!++;
			else faults[side]!++;
		}
		plies += game.plies;
		sides.forEach((name, side) => (cpu[side]! += game.clockUsed[game.players.indexOf(name)]! / summary.clockSeconds));
	}
	const count = summary.games.length;
	const mean = (total: number) => (count === 0 ? 0 : total / count);
	return ok({
		game: summary.game,
		clockSeconds: summary.clockSeconds,
		games: count,
		scheduled: summary.gamesScheduled,
		stopped: summary.stopped,
		points,
		wins,
		draws,
		ties,
		losses,
		timeLosses: [timeLosses[0]!, timeLosses[1]!],
		faults: [faults[0]!, faults[1]!],
		averagePlies: mean(plies),
		cpuShare: [mean(cpu[0]!), mean(cpu[1]!)],
	});
}

/** Elo points per natural-log unit of the odds. */
const ELO = 400 / Math.LN10;
const Z95 = 1.96;

/**
 * The Elo difference of two players from one's score (wins + half the draws and ties) over
 * `games` games, with the half-width of its 95 % interval: the referee's own model (`ratings` in
 * referee/scoring.ts: Bradley–Terry / Elo with one virtual draw between players who met, so that
 * a clean sweep still has a finite rating), which for two players has a closed form:
 *
 *   p = (score + 1/2) / (games + 1)
 *   Δ = 400 · log10(p / (1 − p))
 *   margin = 1.96 · (400 / ln 10) / √((games + 1) · p · (1 − p))
 *
 * (the standard error from the observed information of the fit). The referee reports each of
 * the two players at ±Δ/2 around their average, with half this margin. No games: Δ 0, margin Infinity.
 */
export function eloDifference(score: number, games: number): {readonly elo: number; readonly margin: number} {
	if (games === 0) return {elo: 0, margin: Infinity};
	const p = (score + 0.5) / (games + 1);
	return {elo: ELO * Math.log(p / (1 - p)), margin: (Z95 * ELO) / Math.sqrt((games + 1) * p * (1 - p))};
}

/** Issue 16's targets: the new entry's share of match points against the release before it, by clock (seconds). */
export const TARGETS: ReadonlyMap<number, number> = new Map([
	[10, 0.75],
	[60, 0.65],
]);

/** The issue asks for at least this many games a pairing before a target counts as met or missed. */
export const TARGET_GAMES = 20;

/** The target of a clock, whether it is met, and whether enough games were played to say. */
export function verdict(
	tally: Pick<PairingTally, 'clockSeconds' | 'points' | 'games'>,
): {readonly target: number; readonly met: boolean; readonly enough: boolean} | null {
	const target = TARGETS.get(tally.clockSeconds);
	if (target === undefined) return null;
	const share = tally.games === 0 ? 0 : tally.points / (2 * tally.games);
	return {target, met: tally.games > 0 && share >= target, enough: tally.games >= TARGET_GAMES};
}

/** `--clocks 10,60`: whole or decimal seconds, each positive, none twice; or what is wrong. */
export function parseClocks(text: string): Result<number[], string> {
	const parts = text.split(',').map(part => part.trim());
	const clocks: number[] = [];
	for (const part of parts) {
		const seconds = Number(part);
		if (part === '' || !Number.isFinite(seconds) || seconds <= 0)
			return fail(`--clocks takes seconds separated by commas (10,60), not "${text}"`);
		if (clocks.includes(seconds)) return fail(`--clocks names ${part} s twice`);
		clocks.push(seconds);
	}
	return ok(clocks);
}

const percent = (share: number, digits = 0) => `${(100 * share).toFixed(digits)} %`;
const signed = (value: number) => `${value >= 0 ? '+' : ''}${Math.round(value)}`;

/** The ladder's table, one row a pairing, with what its columns mean under it. `names` maps game ids to names. */
export function ladderTable(tallies: readonly PairingTally[], names: (game: string) => string): string {
	const head = ['game', 'clock', 'games', 'MP', 'W', 'D', 'T', 'L', 'Elo', 'time', 'faults', 'plies', 'CPU new', 'CPU base', 'target'];
	const rows = tallies.map(tally => {
		const elo = eloDifference(tally.points / 2, tally.games);
		const judged = verdict(tally);
		const target = judged === null ? '' : `≥ ${percent(judged.target)}: ${judged.met ? 'yes' : 'no'}${judged.enough ? '' : '*'}`;
		return [
			names(tally.game),
			`${tally.clockSeconds} s`,
			tally.stopped ? `${tally.games}/${tally.scheduled}` : String(tally.games),
			tally.games === 0 ? '-' : percent(tally.points / (2 * tally.games), 1),
			String(tally.wins),
			String(tally.draws),
			String(tally.ties),
			String(tally.losses),
			Number.isFinite(elo.margin) ? `${signed(elo.elo)} ± ${Math.round(elo.margin)}` : '-',
			tally.timeLosses.join('/'),
			tally.faults.join('/'),
			tally.averagePlies.toFixed(1),
			percent(tally.cpuShare[0]),
			percent(tally.cpuShare[1]),
			target,
		];
	});
	const notes = [
		"MP the new entry's share of match points (2 a win, 1 a draw or a tie); W D T L its wins, draws (move limit,",
		'repetition, simultaneous connection), ties (equal points at a connection), losses (faults included); Elo the',
		"new entry's lead over the baseline, ± its 95 % margin; time, faults: games lost on time, or by another fault,",
		'new/baseline; plies a game on average; CPU the share of its clock a side used in a game, on average.',
		...(tallies.some(tally => tally.stopped) ? ['games n/m: stopped by Ctrl-C after n of the m games.'] : []),
		...(tallies.some(tally => verdict(tally)?.enough === false)
			? [`* fewer than ${TARGET_GAMES} games: not a verdict on the target.`]
			: []),
	];
	return `${table(
		[head, ...rows],
		head.map((_, column) => column >= 2 && column !== 14),
	)}\n\n${notes.join('\n')}\n`;
}
