/** `potm perft FILE DEPTH [--divide]`: move-path counts, the total on the last line. */
import {divide, perft} from '../engine/perft.js';
import {loadForCommand} from '../files/load.js';

/** Counts the move sequences of `depth` moves (0 to 30, as the command line checked) from the position in `path`: its exit status. */
export function runPerft(path: string, depth: number, showDivide: boolean, wanted?: string): number {
	const loaded = loadForCommand(path, wanted);
	if (!loaded) return 2;
	const {game, state} = loaded;
	const position = game.searchPosition(state);
	if (showDivide && depth > 0) {
		const rows = divide(position, depth).map(row => ({name: game.formatMove(state, row.move), count: row.count}));
		rows.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
		let total = 0;
		for (const row of rows) {
			process.stdout.write(`${row.name} ${row.count}\n`);
			total += row.count;
		}
		process.stdout.write(`${total}\n`);
	} else {
		process.stdout.write(`${perft(position, depth)}\n`);
	}
	return 0;
}
