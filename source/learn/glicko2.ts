/**
 * Glicko-2 ratings, as in Mark Glickman's "Example of the Glicko-2 system" (2012): a rating, how
 * sure it is (the deviation) and how erratic its holder is (the volatility), all on the Glicko
 * scale where a newcomer is 1500 ± 350. Puzzles are rated the way lichess rates them: each attempt
 * is a game between the person and the puzzle, the person winning when they solve it, and both
 * ratings move (attempt).
 */

export interface Rating {
	/** 1500 the middle. */
	readonly rating: number;
	/** The rating deviation: the rating is likely within about two of these of the truth. */
	readonly deviation: number;
	/** How much the holder's strength is expected to swing from one rating period to the next. */
	readonly volatility: number;
}

/** One game of a rating period: whom against, and the score (1 a win, 0.5 a draw, 0 a loss). */
export interface GameResult {
	readonly opponent: Rating;
	readonly score: 0 | 0.5 | 1;
}

/** Someone with no games yet: the paper's values. */
export const NEW_RATING: Rating = {rating: 1500, deviation: 350, volatility: 0.06};

/**
 * The deviation is never more than a newcomer's: a long absence makes a rating as unsure as no
 * games at all, never less sure (Glickman's advice for Glicko, which the 2012 paper leaves open).
 */
export const MAX_DEVIATION = NEW_RATING.deviation;

/** The paper's τ: how fast the volatility may change; 0.3 to 1.2, smaller for steadier games. */
export const DEFAULT_TAU = 0.5;

/** From the Glicko scale to Glicko-2's (step 2) and back (step 8). */
const SCALE = 173.7178;
/** The paper's convergence tolerance for the volatility. */
const EPSILON = 0.000001;

/** g(φ): how much a result against an opponent of deviation φ counts (a sure rating, fully). */
const weight = (phi: number): number => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));

/** E(μ, μj, φj): the score expected against the opponent. */
const expected = (mu: number, muJ: number, phiJ: number): number => 1 / (1 + Math.exp(-weight(phiJ) * (mu - muJ)));

/**
 * Step 5: the new volatility, the root of the paper's f by the Illinois algorithm (regula falsi
 * that halves the stale end's value, so that it cannot stall). `delta` is the estimated
 * improvement, `phi` the deviation and `v` the estimated variance, all on the Glicko-2 scale.
 */
function newVolatility(sigma: number, phi: number, v: number, delta: number, tau: number): number {
	const a = Math.log(sigma * sigma);
	const f = (x: number): number => {
		const ex = Math.exp(x);
		const sum = phi * phi + v + ex;
		return (ex * (delta * delta - phi * phi - v - ex)) / (2 * sum * sum) - (x - a) / (tau * tau);
	};
	let A = a;
	let B: number;
	if (delta * delta > phi * phi + v) {
		B = Math.log(delta * delta - phi * phi - v);
	} else {
		let k = 1;
		while (f(a - k * tau) < 0) k++;
		B = a - k * tau;
	}
	let fA = f(A);
	let fB = f(B);
	while (Math.abs(B - A) > EPSILON) {
		const C = A + ((A - B) * fA) / (fB - fA);
		const fC = f(C);
		if (fC * fB <= 0) {
			A = B;
			fA = fB;
		} else {
			fA /= 2;
		}
		B = C;
		fB = fC;
	}
	return Math.exp(A / 2);
}

/**
 * The player's rating after one rating period with these results (steps 2 to 8 of the paper).
 * With no results only the deviation moves: it grows with the volatility, as the paper says of
 * a player who does not compete (up to MAX_DEVIATION).
 */
export function update(player: Rating, results: readonly GameResult[], tau = DEFAULT_TAU): Rating {
	const mu = (player.rating - 1500) / SCALE;
	const phi = player.deviation / SCALE;
	const sigma = player.volatility;
	const idle = (): Rating => ({...player, deviation: Math.min(Math.sqrt(phi * phi + sigma * sigma) * SCALE, MAX_DEVIATION)});
	if (results.length === 0) return idle();
	// Steps 3 and 4: the estimated variance of the rating from the games alone, and the
	// estimated improvement (v times the sum of what each game scored above expectation).
	let inverseV = 0;
	let surprise = 0;
	for (const {opponent, score} of results) {
		const muJ = (opponent.rating - 1500) / SCALE;
		const phiJ = opponent.deviation / SCALE;
		const g = weight(phiJ);
		const e = expected(mu, muJ, phiJ);
		inverseV += g * g * e * (1 - e);
		surprise += g * (score - e);
	}
	// Games whose result was certain (ratings thousands of points apart, beyond what doubles
	// tell apart) carry no news: the period counts as one without games.
	if (!(inverseV > 0)) return idle();
	const v = 1 / inverseV;
	const delta = v * surprise;
	const sigmaNew = newVolatility(sigma, phi, v, delta, tau);
	// Steps 6 and 7: the deviation grown by the volatility over the period, then narrowed by the games.
	const phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);
	const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
	const muNew = mu + phiNew * phiNew * surprise;
	return {
		rating: SCALE * muNew + 1500,
		deviation: Math.min(SCALE * phiNew, MAX_DEVIATION),
		volatility: sigmaNew,
	};
}

/**
 * The lowest deviations an attempt leaves. Each attempt is a rating period of its own, and over
 * hundreds of them the volatility settles and the deviation with it, until a result hardly moves
 * the rating: a player who gets better would solve puzzle after puzzle above their rating and see
 * it creep. The floors keep every result worth a few points. A puzzle's is the higher: its
 * rating starts from the builder's estimate (how hard the search found it), not from people
 * solving it, so it should keep giving way to what this player finds hard or easy.
 */
export const PLAYER_MIN_DEVIATION = 45;
export const PUZZLE_MIN_DEVIATION = 60;

/**
 * How unsure a built puzzle's rating is before anyone has tried it: an estimate, surer than a
 * newcomer's 350 since the builder measured the work of proving it, but far from settled.
 */
export const PUZZLE_START_DEVIATION = 200;

/** Ratings stay within these bounds, so that a long run of misses (or of solves) cannot run away. */
export const MIN_RATING = 400;
export const MAX_RATING = 4000;

const bounded = (rating: number): number => Math.min(MAX_RATING, Math.max(MIN_RATING, rating));

/** A puzzle's rating before any attempt: its built rating, with PUZZLE_START_DEVIATION. */
export function builtPuzzleRating(rating: number): Rating {
	return {rating: bounded(rating), deviation: PUZZLE_START_DEVIATION, volatility: NEW_RATING.volatility};
}

/**
 * One puzzle attempt rated both ways, as lichess does: the player scored 1 against the puzzle's
 * rating when they solved it (0 when not), and the puzzle the opposite against the player's. Both
 * are worked out from the ratings before the attempt, then held to their deviation floors and to
 * MIN_RATING..MAX_RATING.
 */
export function attempt(player: Rating, puzzle: Rating, solved: boolean): {player: Rating; puzzle: Rating} {
	const score = solved ? 1 : 0;
	const playerAfter = update(player, [{opponent: puzzle, score}]);
	const puzzleAfter = update(puzzle, [{opponent: player, score: solved ? 0 : 1}]);
	return {
		player: {...playerAfter, rating: bounded(playerAfter.rating), deviation: Math.max(playerAfter.deviation, PLAYER_MIN_DEVIATION)},
		puzzle: {...puzzleAfter, rating: bounded(puzzleAfter.rating), deviation: Math.max(puzzleAfter.deviation, PUZZLE_MIN_DEVIATION)},
	};
}
