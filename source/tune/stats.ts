/** A match between two weight sets summed up: the share of the match points, its 95 % margin, and Elo. */

export interface MatchSummary {
	readonly games: number;
	readonly wins: number;
	/** Draws and ties. */
	readonly drawn: number;
	readonly losses: number;
	/** Match points of the first player as a share of those available (0..1). */
	readonly share: number;
	/** Half the width of the share's 95 % confidence interval (normal approximation over the games). */
	readonly margin: number;
	/** The Elo difference the share means, and that of the interval's ends (±Infinity at 0 or 1). */
	readonly elo: number;
	readonly eloLow: number;
	readonly eloHigh: number;
}

const Z95 = 1.959964;

/** The Elo difference at which the stronger side expects this share of the points. */
export const eloOf = (share: number): number => (share <= 0 ? -Infinity : share >= 1 ? Infinity : 400 * Math.log10(share / (1 - share)));

/** From the match points (2 a win, 1 a draw or tie, 0 a loss) of the first player in each game. */
export function summarise(points: readonly number[]): MatchSummary {
	const games = points.length;
	const wins = points.filter(value => value === 2).length;
	const losses = points.filter(value => value === 0).length;
	const drawn = games - wins - losses;
	if (games === 0) return {games, wins, drawn, losses, share: 0.5, margin: 0.5, elo: 0, eloLow: -Infinity, eloHigh: Infinity};
	const scores = points.map(value => value / 2);
	const share = scores.reduce((sum, value) => sum + value, 0) / games;
	const variance = scores.reduce((sum, value) => sum + (value - share) ** 2, 0) / games;
	const margin = Z95 * Math.sqrt(variance / games);
	return {games, wins, drawn, losses, share, margin, elo: eloOf(share), eloLow: eloOf(share - margin), eloHigh: eloOf(share + margin)};
}

const signed = (value: number): string =>
	value === Infinity ? '+inf' : value === -Infinity ? '-inf' : `${value >= 0 ? '+' : ''}${Math.round(value)}`;

/** "54.3 % ± 4.6 % of the match points (+101 =15 -84 in 200 games), Elo +30 (-2 .. +62)". */
export const describeMatch = (summary: MatchSummary): string =>
	`${(100 * summary.share).toFixed(1)} % ± ${(100 * summary.margin).toFixed(1)} % of the match points ` +
	`(+${summary.wins} =${summary.drawn} -${summary.losses} in ${summary.games} games), ` +
	`Elo ${signed(summary.elo)} (${signed(summary.eloLow)} .. ${signed(summary.eloHigh)})`;
