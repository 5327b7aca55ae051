/**
 * A whole LOAPS game of `potm move` against itself, refereed as POTM ran it (the referee's own
 * game runner): each move a fresh process given the position file, charged the CPU time (user +
 * sys) the operating system accounted to it, on a 60 s clock per side. Shows the total CPU per
 * side, the largest move, and the least clock left.
 */
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {loaps} from '../games/loa/index.js';
import {playGame} from '../referee/play.js';
import type {PlayerSpec} from '../referee/types.js';

export interface ContestSide {
	readonly cpuSeconds: number;
	readonly largestMove: number;
	readonly leastLeft: number;
	readonly moves: number;
}

export interface ContestGame {
	readonly description: string;
	readonly sides: readonly [ContestSide, ContestSide];
}

const cli = fileURLToPath(new URL('../cli.js', import.meta.url));

export async function playContestGame(clockSeconds = 60): Promise<ContestGame> {
	const entry: PlayerSpec = {kind: 'external', name: 'potm move', command: `node ${cli} move`, argv: [process.execPath, cli, 'move']};
	const folder = mkdtempSync(join(tmpdir(), 'potm-contest-'));
	try {
		const played = await playGame({
			game: loaps,
			number: 1,
			match: 1,
			seats: [0, 1],
			players: [entry, entry],
			clockMs: clockSeconds * 1000,
			dir: join(folder, 'game'),
			seed: 1,
			signal: new AbortController().signal,
		});
		const record = played!.record;
		const side = (player: 1 | 2): ContestSide => {
			const moves = record.moves.filter(move => move.player === player);
			return {
				cpuSeconds: record.clockUsedMs[player - 1]! / 1000,
				largestMove: record.longestMoveMs[player - 1]! / 1000,
				leastLeft: Math.min(clockSeconds, ...moves.map(move => move.clockAfter)),
				moves: moves.length,
			};
		};
		return {description: record.description, sides: [side(1), side(2)]};
	} finally {
		rmSync(folder, {recursive: true, force: true});
	}
}
