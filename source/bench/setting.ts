/**
 * Level 5 against itself with one setting of its evaluation changed for one side (PAH-TUM's open
 * value, LINES and BOXES's takeable boxes): `games` games, the changed side first in every other
 * one, two games a board. `playGame` plays game `game` with side `aSide` set to `a` and returns the
 * final margin for that side.
 */
export interface SettingTally {
	readonly wins: number;
	readonly ties: number;
	readonly losses: number;
	/** Margin for side a, a game on average. */
	readonly margin: number;
}

export function compareSettings(games: number, label: string, playGame: (game: number, aSide: 1 | 2) => number): SettingTally {
	let margin = 0;
	let wins = 0;
	let losses = 0;
	let ties = 0;
	for (let game = 0; game < games; game++) {
		const result = playGame(game, game % 2 === 0 ? 1 : 2);
		margin += result;
		if (result > 0) wins++;
		else if (result < 0) losses++;
		else ties++;
		process.stderr.write(`\r${label}: ${game + 1}/${games} games, +${wins} =${ties} -${losses}`);
	}
	process.stderr.write('\r\x1b[K');
	return {wins, ties, losses, margin: games === 0 ? 0 : margin / games};
}
