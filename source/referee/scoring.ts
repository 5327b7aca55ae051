/**
 * The scores of a run, from its finished games: standings, a crosstable, the ranking (match
 * points, then head-to-head, as the LOAPS contest broke ties) and Elo-style ratings with their
 * uncertainty. Pure functions of the player count and the game records, so a report can be
 * recomputed from a saved run and the tests need no referee.
 *
 * Every function reads a game's result from its `winner` (as `matchPoints` does): a game with a
 * winner is a win and a loss whatever its `result` says, one without is a tie or a draw. A game's
 * seats must be two different players of 0..count-1; anything else is a caller's bug and throws
 * a RangeError rather than quietly skewing the scores.
 */
import type {Player} from '../games/game.js';
import {matchPoints, type GameRecord} from './types.js';

export interface Standing {
	/** Index into the player list. */
	readonly player: number;
	readonly games: number;
	/** Sum of matchPoints(game, side) over the player's games. */
	readonly matchPoints: number;
	readonly wins: number;
	/** Games whose result is 'draw' (the move limit). */
	readonly draws: number;
	/** Games whose result is 'tie' (equal game points). */
	readonly ties: number;
	/** Every game lost, disqualifications included. */
	readonly losses: number;
	/** Games lost by a fault (game.disqualified is the player's side). */
	readonly disqualifications: number;
}

export interface Place {
	readonly player: number;
	/** 1-based; players sharing a place all get it, and the next place skips as many. */
	readonly place: number;
	/** True when it shares the place with another player. */
	readonly shared: boolean;
}

export interface Rating {
	readonly player: number;
	/** Elo points, the average of the field (of its connected part, see ratings) at 0. */
	readonly elo: number;
	/** Half-width of the 95 % interval, in Elo points. */
	readonly margin: number;
}

const SIDES: readonly Player[] = [1, 2];

/** A side's score for the rating model: win 1, draw or tie 1/2, loss 0. */
const score = (game: GameRecord, side: Player): number => matchPoints(game, side) / 2;

function checkGames(count: number, games: readonly GameRecord[]): void {
	if (!Number.isInteger(count) || count < 0) throw new RangeError(`the player count must be a whole number, not ${count}`);
	for (const game of games) {
		for (const seat of game.seats) {
			if (!Number.isInteger(seat) || seat < 0 || seat >= count)
				throw new RangeError(`game ${game.number}: seat ${seat} is not one of the ${count} players`);
		}
		if (game.seats[0] === game.seats[1]) throw new RangeError(`game ${game.number}: player ${game.seats[0]} plays itself`);
	}
}

const square = (count: number, value = 0): number[][] => Array.from({length: count}, () => new Array<number>(count).fill(value));

/** One standing per player (players 0..count-1), from the finished games. */
export function standings(count: number, games: readonly GameRecord[]): Standing[] {
	checkGames(count, games);
	const rows = Array.from({length: count}, (_, player) => ({
		player,
		games: 0,
		matchPoints: 0,
		wins: 0,
		draws: 0,
		ties: 0,
		losses: 0,
		disqualifications: 0,
	}));
	for (const game of games) {
		for (const side of SIDES) {
			const row = rows[side === 1 ? game.seats[0] : game.seats[1]]!;
			row.games++;
			row.matchPoints += matchPoints(game, side);
			if (game.winner === side) row.wins++;
			else if (game.winner !== null) row.losses++;
			else if (game.result === 'tie') row.ties++;
			else row.draws++;
			if (game.disqualified === side) row.disqualifications++;
		}
	}
	return rows;
}

/** points[i][j] = match points i earned in games against j; games[i][j] = games i played against j (diagonal 0). */
export function crosstable(count: number, games: readonly GameRecord[]): {points: number[][]; games: number[][]} {
	checkGames(count, games);
	const points = square(count);
	const played = square(count);
	for (const game of games) {
		const [first, second] = game.seats;
		points[first]![second]! += matchPoints(game, 1);
		points[second]![first]! += matchPoints(game, 2);
		played[first]![second]!++;
		played[second]![first]!++;
	}
	return {points, games: played};
}

/** `group` split into runs of equal `value`, highest first; each run in index order. */
function levels(group: readonly number[], value: (player: number) => number): number[][] {
	const sorted = [...group].sort((a, b) => value(b) - value(a) || a - b);
	const runs: number[][] = [];
	for (const player of sorted) {
		const run = runs.at(-1);
		if (run && value(run[0]!) === value(player)) run.push(player);
		else runs.push([player]);
	}
	return runs;
}

/**
 * A group level on points, in order: by the match points each earned against the others of the
 * group, and again within each smaller group still level, counting only its own games. A group
 * that its own games leave level stays together.
 */
function untie(group: readonly number[], points: readonly (readonly number[])[]): number[][] {
	if (group.length < 2) return [[...group]];
	const among = (player: number): number => group.reduce((sum, other) => sum + points[player]![other]!, 0);
	const runs = levels(group, among);
	if (runs.length === 1) return runs;
	return runs.flatMap(run => untie(run, points));
}

/**
 * Players ordered by match points; players level on match points are ordered by the match points
 * they earned in the games among themselves (head-to-head, as the LOAPS contest did); when that
 * separates some but not all of them, it is applied again within each group still level (only
 * counting games within that smaller group), until nothing changes. Players still level share a
 * place (e.g. two players at place 2, next is place 4) and keep the order of their indices.
 *
 * Head-to-head counts points, not points per game, as the contest did: it assumes the tied
 * players met equally often, which a full round robin ensures.
 */
export function ranking(count: number, games: readonly GameRecord[], tiebreak: 'head-to-head' | 'points' = 'head-to-head'): Place[] {
	const {points} = crosstable(count, games);
	const total = points.map(row => row.reduce((sum, value) => sum + value, 0));
	const players = Array.from({length: count}, (_, player) => player);
	const gamePoints = pointTotals(count, games);
	const groups = levels(players, player => total[player]!).flatMap(group =>
		tiebreak === 'points' ? levels(group, player => gamePoints[player]!) : untie(group, points),
	);
	const places: Place[] = [];
	for (const group of groups) {
		const place = places.length + 1;
		for (const player of group) places.push({player, place, shared: group.length > 1});
	}
	return places;
}

/**
 * Each player's game points over all its games (LINES and BOXES's boxes captured), a game lost by
 * a fault counting for neither side (its points are void, as LOAPS's rule 8 has it). With the
 * 'points' tiebreak, players level on match points are ordered by these (the seed's "total boxes
 * captured"), and players still level share their place.
 */
export function pointTotals(count: number, games: readonly GameRecord[]): number[] {
	checkGames(count, games);
	const totals = new Array<number>(count).fill(0);
	for (const game of games) {
		if (game.disqualified !== null) continue;
		totals[game.seats[0]]! += game.points[0];
		totals[game.seats[1]]! += game.points[1];
	}
	return totals;
}

/** Elo points per natural-log unit of the odds: P = 1 / (1 + 10^(-ΔElo / 400)) = σ(ΔElo / ELO). */
const ELO = 400 / Math.LN10;
const Z95 = 1.96;
const MAX_ITERATIONS = 200;
/** Stop when a Newton step moves no rating by more than this many Elo points. */
const TOLERANCE_ELO = 1e-9;

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));
/** log σ(x) without overflow or loss of precision at either end. */
const logSigmoid = (x: number): number => (x >= 0 ? -Math.log1p(Math.exp(-x)) : x - Math.log1p(Math.exp(x)));

/**
 * Per pair of a connected group of players (local indices): `played[i][j]` games between them,
 * the virtual draw included, and `scored[i][j]` what i scored in them (scored[i][j] + scored[j][i]
 * = played[i][j]).
 */
interface Tallies {
	readonly played: readonly (readonly number[])[];
	readonly scored: readonly (readonly number[])[];
}

/** The log-posterior at ratings `r` (natural units). */
function logPosterior({played, scored}: Tallies, r: readonly number[]): number {
	let sum = 0;
	for (let i = 0; i < r.length; i++) {
		for (let j = i + 1; j < r.length; j++) {
			if (played[i]![j]! === 0) continue;
			const d = r[i]! - r[j]!;
			sum += scored[i]![j]! * logSigmoid(d) + scored[j]![i]! * logSigmoid(-d);
		}
	}
	return sum;
}

/** The gradient of the log-posterior and its observed information (minus its Hessian, a weighted Laplacian). */
function derivatives({played, scored}: Tallies, r: readonly number[]): {gradient: number[]; information: number[][]} {
	const m = r.length;
	const gradient = new Array<number>(m).fill(0);
	const information = square(m);
	for (let i = 0; i < m; i++) {
		for (let j = i + 1; j < m; j++) {
			const n = played[i]![j]!;
			if (n === 0) continue;
			const p = sigmoid(r[i]! - r[j]!);
			const residual = scored[i]![j]! - n * p;
			gradient[i]! += residual;
			gradient[j]! -= residual;
			const weight = n * p * (1 - p);
			information[i]![i]! += weight;
			information[j]![j]! += weight;
			information[i]![j]! -= weight;
			information[j]![i]! -= weight;
		}
	}
	return {gradient, information};
}

/** The inverse of a non-singular matrix, by Gauss-Jordan elimination with partial pivoting. */
function invert(matrix: readonly (readonly number[])[]): number[][] {
	const m = matrix.length;
	const a = matrix.map((row, i) => [...row, ...Array.from({length: m}, (_, j) => (i === j ? 1 : 0))]);
	for (let column = 0; column < m; column++) {
		let pivot = column;
		for (let row = column + 1; row < m; row++) if (Math.abs(a[row]![column]!) > Math.abs(a[pivot]![column]!)) pivot = row;
		if (a[pivot]![column]! === 0) throw new RangeError('singular matrix');
		[a[column], a[pivot]] = [a[pivot]!, a[column]!];
		const lead = a[column]!;
		const scale = lead[column]!;
		for (let k = 0; k < 2 * m; k++) lead[k]! /= scale;
		for (let row = 0; row < m; row++) {
			if (row === column) continue;
			const factor = a[row]![column]!;
			if (factor === 0) continue;
			for (let k = 0; k < 2 * m; k++) a[row]![k]! -= factor * lead[k]!;
		}
	}
	return a.map(row => row.slice(m));
}

/**
 * The pseudo-inverse of the information matrix of a connected group: (L + J/m)^-1 - J/m. L's null
 * space is the constant vector (adding a constant to every rating changes no prediction), and this
 * is its inverse on the mean-zero ratings, which is where the mean-zero constraint puts the fit.
 */
function pseudoInverse(information: readonly (readonly number[])[]): number[][] {
	const m = information.length;
	return invert(information.map(row => row.map(value => value + 1 / m))).map(row => row.map(value => value - 1 / m));
}

const centred = (r: readonly number[]): number[] => {
	const mean = r.reduce((sum, value) => sum + value, 0) / r.length;
	return r.map(value => value - mean);
};

/**
 * The posterior mode of a connected group (natural units, mean zero) and the variances of its
 * ratings. Newton's method, halving a step that would lower the posterior: the posterior is
 * strictly concave on the mean-zero ratings, so this converges from anywhere; the halving only
 * guards the first steps of lopsided results.
 */
function fit(tallies: Tallies): {rating: number[]; variance: number[]} {
	const m = tallies.played.length;
	let r = new Array<number>(m).fill(0);
	let value = logPosterior(tallies, r);
	for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
		const {gradient, information} = derivatives(tallies, r);
		const inverse = pseudoInverse(information);
		const step = inverse.map(row => row.reduce((sum, entry, k) => sum + entry * gradient[k]!, 0));
		const largest = Math.max(...step.map(Math.abs));
		let t = 1;
		let next = centred(r.map((x, i) => x + step[i]!));
		let nextValue = logPosterior(tallies, next);
		while (nextValue < value - 1e-12 * (1 + Math.abs(value)) && t > 1 / 1024) {
			t /= 2;
			next = centred(r.map((x, i) => x + t * step[i]!));
			nextValue = logPosterior(tallies, next);
		}
		r = next;
		value = nextValue;
		if (largest * ELO < TOLERANCE_ELO) break;
	}
	const inverse = pseudoInverse(derivatives(tallies, r).information);
	return {rating: r, variance: inverse.map((row, i) => Math.max(0, row[i]!))};
}

/** The connected groups of the who-played-whom graph, each in index order. */
function components(played: readonly (readonly number[])[]): number[][] {
	const count = played.length;
	const seen = new Array<boolean>(count).fill(false);
	const groups: number[][] = [];
	for (let start = 0; start < count; start++) {
		if (seen[start]) continue;
		seen[start] = true;
		const group = [start];
		for (let at = 0; at < group.length; at++) {
			const player = group[at]!;
			for (let other = 0; other < count; other++) {
				if (!seen[other] && played[player]![other]! > 0) {
					seen[other] = true;
					group.push(other);
				}
			}
		}
		groups.push(group.sort((a, b) => a - b));
	}
	return groups;
}

/**
 * Elo-style ratings from the game results (win 1, draw or tie 1/2, loss 0), with the average of the field at 0:
 * the maximum of the likelihood of the Bradley–Terry / Elo model P(i beats j) = 1 / (1 + 10^((Rj - Ri) / 400)),
 * with a prior of one virtual draw between every two players who met, so that a player who won or
 * lost everything still gets a finite rating. Margin: 1.96 × the standard error from the inverse of
 * the observed information (Hessian of the log-posterior) under the mean-zero constraint (the
 * pseudo-inverse of the Laplacian-like matrix: pinv(L) = (L + J/n)^-1 - J/n, J all-ones).
 * Players who played no game: elo 0, margin Infinity.
 *
 * When the players fall into groups that never met one another (a partial run), the games say
 * nothing about how the groups compare: each group is fitted on its own with its own average at
 * 0, so the field's average is still 0 but ratings are comparable only within a group.
 */
export function ratings(count: number, games: readonly GameRecord[]): Rating[] {
	checkGames(count, games);
	const played = square(count);
	const scored = square(count);
	for (const game of games) {
		const [first, second] = game.seats;
		played[first]![second]!++;
		played[second]![first]!++;
		scored[first]![second]! += score(game, 1);
		scored[second]![first]! += score(game, 2);
	}
	const result: Rating[] = Array.from({length: count}, (_, player) => ({player, elo: 0, margin: Infinity}));
	for (const group of components(played)) {
		if (group.length < 2) continue;
		const local = (table: number[][], prior: number): number[][] =>
			group.map(i => group.map(j => (played[i]![j]! > 0 ? table[i]![j]! + prior : 0)));
		const {rating, variance} = fit({played: local(played, 1), scored: local(scored, 0.5)});
		group.forEach((player, k) => {
			result[player] = {player, elo: rating[k]! * ELO, margin: Z95 * ELO * Math.sqrt(variance[k]!)};
		});
	}
	return result;
}

/**
 * What the scores are counted from: the games themselves in a game whose matches are won game by
 * game (LOA: 2, 1 or 0 match points a game), or one result per match in a game whose match goes
 * to the higher total of game points over its two games (PAH-TUM), see matchResults.
 */
export function scoredRecords(matchBy: 'games' | 'points', games: readonly GameRecord[]): GameRecord[] {
	return matchBy === 'games' ? [...games] : matchResults(games).map(match => match.record);
}

/** A match of a game won on points: its games and its result as a record of its own. */
export interface MatchResult {
	/** The match's games, in the order they were played (one, when the run stopped after it and it decided the match). */
	readonly games: readonly GameRecord[];
	/**
	 * The match as one record, seats as in its first game: result 'win' or 'tie', points the two
	 * totals, reason 'points' (the totals decided), 'fault' kinds (a fault decided), and
	 * disqualified the side that lost the match by a fault.
	 */
	readonly record: GameRecord;
}

/**
 * The matches of a game won on the total of game points (docs/pahtum.md §6): each pairing's two
 * games of a match, by the match number. The higher total wins; equal totals tie.
 *
 * A fault (clock, crash, an answer that is not the grid with one more marker) loses the match
 * outright, whatever the points of either game: the contest had any other answer lose, and in a
 * match decided on points there is nothing less to lose that would not let the faulty entry keep
 * the points of its other game. A match where both players faulted (one game each) is tied, each
 * having lost a game by a fault. A match with one game finished (a stopped run) counts only if
 * that game's fault already decided it.
 */
export function matchResults(games: readonly GameRecord[]): MatchResult[] {
	const groups = new Map<string, GameRecord[]>();
	for (const game of [...games].sort((a, b) => a.number - b.number)) {
		const key = `${game.match}:${Math.min(...game.seats)}:${Math.max(...game.seats)}`;
		const group = groups.get(key);
		if (group) group.push(game);
		else groups.set(key, [game]);
	}
	const results: MatchResult[] = [];
	for (const group of groups.values()) {
		const first = group[0]!;
		const [a, b] = first.seats;
		/** The side in this match (1: player a, 2: player b) of the player at `side` in `game`. */
		const sideOf = (game: GameRecord, side: Player): Player => (game.seats[side - 1] === a ? 1 : 2);
		const faulty = new Set<Player>();
		const totals = [0, 0];
		const used = [0, 0];
		const longest = [0, 0];
		let plies = 0;
		for (const game of group) {
			for (const side of SIDES) {
				const mine = sideOf(game, side) - 1;
				totals[mine]! += game.points[side - 1]!;
				used[mine]! += game.clockUsedMs[side - 1]!;
				longest[mine] = Math.max(longest[mine]!, game.longestMoveMs[side - 1]!);
			}
			if (game.disqualified !== null) faulty.add(sideOf(game, game.disqualified));
			plies += game.plies;
		}
		if (group.length < 2 && faulty.size === 0) continue;
		const faultGame = group.find(game => game.disqualified !== null);
		let winner: Player | null;
		let reason: string;
		let description: string;
		if (faulty.size === 1) {
			const loser = [...faulty][0]!;
			winner = loser === 1 ? 2 : 1;
			reason = faultGame!.reason;
			description = `lost by a fault in game ${faultGame!.number}: ${faultGame!.description}`;
		} else if (faulty.size === 2) {
			winner = null;
			reason = 'faults';
			description = 'both players lost a game by a fault: the match is tied';
		} else {
			winner = totals[0]! > totals[1]! ? 1 : totals[1]! > totals[0]! ? 2 : null;
			reason = 'points';
			description = `${totals[0]} to ${totals[1]} on the total of game points`;
		}
		results.push({
			games: group,
			record: {
				number: first.number,
				match: first.match,
				seats: [a, b],
				result: winner === null ? 'tie' : 'win',
				winner,
				reason,
				description,
				disqualified: faulty.size === 1 ? [...faulty][0]! : null,
				points: [totals[0]!, totals[1]!],
				plies,
				clockUsedMs: [used[0]!, used[1]!],
				longestMoveMs: [longest[0]!, longest[1]!],
				moves: [],
				finalPosition: '',
			},
		});
	}
	return results;
}
