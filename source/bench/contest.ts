/**
 * A whole LOAPS game of the contest entry (dist/potm-move, `potm move` from a start-up snapshot)
 * against itself, refereed as POTM ran it (the referee's own
 * game runner): each move a fresh process given the position file, charged the CPU time (user +
 * sys) the operating system accounted to it, on a 60 s clock per side. Shows the total CPU per
 * side, the largest move, and the least clock left.
 */
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {loaps} from '../games/loa/index.js';
import {playGame} from '../referee/play.js';
import type {PlayerSpec} from '../referee/types.js';
import {median} from './median.js';

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
/** The contest entry from a start-up snapshot (npm run build makes it). */
const snapshotEntry = fileURLToPath(new URL('../potm-move', import.meta.url));

export async function playContestGame(clockSeconds = 60): Promise<ContestGame> {
	const entry: PlayerSpec = {kind: 'external', name: 'potm-move', command: snapshotEntry, argv: [snapshotEntry]};
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

export interface StartupFigures {
	/** CPU milliseconds `potm move` spent before its search started, one a run, over every file. */
	readonly moveMs: readonly number[];
	/** The same for the contest entry from its start-up snapshot, dist/potm-move. */
	readonly snapshotMs: readonly number[];
	/** CPU milliseconds a bare `node` has spent when its first line of script runs. */
	readonly nodeMs: readonly number[];
}

/** A LOA position file's text with `seconds` on both clocks (the last figure of lines 2 and 3). */
export function withClocks(text: string, seconds: number): string {
	const lines = text.split('\n');
	for (const index of [1, 2]) lines[index] = lines[index]!.replace(/\S+\s*$/, String(seconds));
	return lines.join('\n');
}

/**
 * The start-up a contest charges `potm move` at every move: the CPU the process has spent when its
 * search starts (POTM_VERBOSE's "startup"), `runs` times on each LOA file of saves/ given half a
 * second on its clock (so the search is short), beside what a bare Node spends before running a line.
 */
export function measureStartup(runs = 5): StartupFigures {
	const saves = fileURLToPath(new URL('../../saves/', import.meta.url));
	const folder = mkdtempSync(join(tmpdir(), 'potm-startup-'));
	const moveMs: number[] = [];
	const snapshotMs: number[] = [];
	const nodeMs: number[] = [];
	try {
		for (const name of ['start.txt', 'red-move-10.txt', 'blue-move-28.txt', 'loa-start.txt']) {
			const path = join(folder, name);
			writeFileSync(path, withClocks(readFileSync(join(saves, name), 'utf8'), 0.5));
			for (let run = 0; run < runs; run++) {
				for (const [command, args, into] of [
					[process.execPath, [cli, 'move', path], moveMs],
					[snapshotEntry, [path], snapshotMs],
				] as const) {
					const child = spawnSync(command, args, {encoding: 'utf8', env: {...process.env, POTM_VERBOSE: '1'}});
					const found = /startup (\d+) ms/.exec(child.stderr);
					if (!found) throw new Error(`${command} ${name} told no start-up: ${child.stderr.trim()}`);
					into.push(Number(found[1]));
				}
			}
		}
		for (let run = 0; run < runs; run++) {
			const child = spawnSync(process.execPath, ['-e', 'const u = process.cpuUsage(); console.log((u.user + u.system) / 1000)'], {encoding: 'utf8'});
			nodeMs.push(Number(child.stdout));
		}
	} finally {
		rmSync(folder, {recursive: true, force: true});
	}
	return {moveMs, snapshotMs, nodeMs};
}

export function describeStartup(figures: StartupFigures): string {
	const range = (values: readonly number[]) => `median ${median(values).toFixed(0)} ms (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;
	return (
		`start-up before the search, CPU, ${figures.moveMs.length} runs each: potm move ${range(figures.moveMs)}; ` +
		`dist/potm-move (start-up snapshot) ${range(figures.snapshotMs)}; a bare node ${range(figures.nodeMs)}`
	);
}
