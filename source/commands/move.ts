/**
 * `potm move FILE`: a POTM contest entry. Exactly one line `FROM TO` on stdout and nothing on
 * stderr; a bad file is one line on stderr and exit 2. Loads no UI code.
 */
import {greedyMove} from '../engine/greedy.js';
import {loadPosition} from './load.js';

export function runMove(path: string): number {
	const loaded = loadPosition(path);
	if (!loaded.ok) {
		process.stderr.write(`potm: ${loaded.error}\n`);
		return 2;
	}
	const {game, state} = loaded.value;
	const move = greedyMove(game.searchPosition(state));
	if (move < 0) {
		process.stderr.write(`potm: ${path}: ${game.outcome(state)?.description ?? 'there is no legal move'}\n`);
		return 1;
	}
	process.stdout.write(`${game.formatMove(state, move)}\n`);
	return 0;
}
