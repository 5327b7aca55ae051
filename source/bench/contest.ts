/**
 * A whole LOAPS game of `potm move` against itself, as POTM ran it: each move is a fresh process
 * given the position file, charged the CPU time (user + sys) the operating system accounted to
 * it, on a 60 s clock per side. Shows the total CPU per side, the largest move, and the least
 * clock left.
 */
import {spawnSync} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {loaps} from '../games/loa/index.js';

export interface ContestSide {
	cpuSeconds: number;
	largestMove: number;
	leastLeft: number;
	moves: number;
}

export interface ContestGame {
	readonly description: string;
	readonly sides: readonly [ContestSide, ContestSide];
}

const cli = fileURLToPath(new URL('../cli.js', import.meta.url));

/** One move by a `potm move` process: the move text and the CPU seconds the OS charged it. */
function timedMove(file: string): {move: string; cpu: number} {
	// bash's `time` reports the child's user and system CPU from the kernel's accounting.
	const run = spawnSync('bash', ['-c', 'TIMEFORMAT="%3U %3S"; time node "$0" move "$1"', cli, file], {encoding: 'utf8'});
	const times = /(\d+\.\d+) (\d+\.\d+)\s*$/.exec(run.stderr);
	if (run.status !== 0 || !times) throw new Error(`potm move failed: ${run.stderr}`);
	return {move: run.stdout.trim(), cpu: Number(times[1]) + Number(times[2])};
}

export function playContestGame(clockSeconds = 60): ContestGame {
	const folder = mkdtempSync(join(tmpdir(), 'potm-contest-'));
	try {
		const sides: [ContestSide, ContestSide] = [
			{cpuSeconds: 0, largestMove: 0, leastLeft: clockSeconds, moves: 0},
			{cpuSeconds: 0, largestMove: 0, leastLeft: clockSeconds, moves: 0},
		];
		let state = loaps.withClocks(loaps.initial(), [clockSeconds, clockSeconds]);
		while (loaps.outcome(state) === null) {
			const mover = loaps.toMove(state);
			const file = join(folder, 'position.txt');
			writeFileSync(file, loaps.format(state));
			const {move, cpu} = timedMove(file);
			const side = sides[mover - 1]!;
			side.cpuSeconds += cpu;
			side.largestMove = Math.max(side.largestMove, cpu);
			side.moves++;
			const left = clockSeconds - side.cpuSeconds;
			side.leastLeft = Math.min(side.leastLeft, left);
			if (left < 0) return {description: `${loaps.name}: player ${mover} ran out of time`, sides};
			const parsed = loaps.parseMove(state, move);
			if (!parsed.ok) throw new Error(`potm move played ${move}: ${parsed.error}`);
			const clocks = [...loaps.clocks(state)] as [number, number];
			clocks[mover - 1] = Math.round(left * 100) / 100;
			state = loaps.withClocks(loaps.play(state, parsed.value), clocks);
		}
		return {description: loaps.outcome(state)!.description, sides};
	} finally {
		rmSync(folder, {recursive: true, force: true});
	}
}
