/** `potm perft FILE DEPTH [--divide]`: move-path counts, the total on the last line. */
import {divide, perft} from '../engine/perft.js';
import {loadForCommand} from '../files/load.js';

export function runPerft(path: string, depthText: string | undefined, showDivide: boolean, wanted?: string): number {
	if (depthText === undefined || !/^\d+$/.test(depthText) || Number(depthText) > 30) {
		const given = depthText === undefined ? ', after the file' : `, not "${depthText}"`;
		process.stderr.write(`potm: the depth of perft must be a whole number from 0 to 30${given}\n`);
		return 2;
	}
	const depth = Number(depthText);
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
