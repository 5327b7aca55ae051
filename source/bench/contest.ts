/**
 * The contest entry, `potm move` (dist/potm: from a start-up snapshot), as a contest runs it: what
 * one move costs it to start and at the least, and whole LOAPS games against itself refereed as
 * POTM ran them (the referee's own game runner: each move a fresh process given the position file,
 * charged the CPU time, user + sys, the operating system accounted to it). For each side: the CPU
 * used, what its start-ups took, what it left unused, the largest move and the least clock left.
 */
import {spawnSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {loaps} from '../games/loa/index.js';
import {runEntry} from '../referee/entry.js';
import {playGame} from '../referee/play.js';
import type {GameRecord, PlayerSpec} from '../referee/types.js';
import {median} from './median.js';

export interface ContestSide {
	readonly moves: number;
	readonly cpuSeconds: number;
	/** CPU seconds its processes had used when their searches began, summed over its moves. */
	readonly startupSeconds: number;
	readonly largestMove: number;
	readonly leastLeft: number;
}

export interface ContestGame {
	readonly description: string;
	readonly clockSeconds: number;
	readonly sides: readonly [ContestSide, ContestSide];
}

// The program's build, dist/ (the bench itself runs from dist-dev/, tsconfig.dev.json).
const dist = fileURLToPath(new URL('../../dist/', import.meta.url));
const cli = join(dist, 'cli.js');
/** The command, whose `move` starts from the start-up snapshot (npm run build makes it). */
const potm = join(dist, 'potm');

/** The start-ups an entry's move reported on stderr (POTM_VERBOSE), in seconds, summed. */
export function startupsOf(record: GameRecord, player: 1 | 2): number {
	let ms = 0;
	for (const move of record.moves) {
		if (move.player !== player) continue;
		const found = /startup (\d+) ms/.exec(move.stderr ?? '');
		if (found) ms += Number(found[1]);
	}
	return ms / 1000;
}

/** One side of a finished game, as the referee charged it. */
export function contestSide(record: GameRecord, player: 1 | 2, clockSeconds: number): ContestSide {
	const moves = record.moves.filter(move => move.player === player);
	return {
		moves: moves.length,
		cpuSeconds: record.clockUsedMs[player - 1]! / 1000,
		startupSeconds: startupsOf(record, player),
		largestMove: record.longestMoveMs[player - 1]! / 1000,
		leastLeft: Math.min(clockSeconds, ...moves.map(move => move.clockAfter)),
	};
}

/** A whole LOAPS game of `potm move` against itself on `clockSeconds` a side, from the start. */
export async function playContestGame(clockSeconds = 60): Promise<ContestGame> {
	const entry: PlayerSpec = {kind: 'external', name: 'potm move', command: `${potm} move`, argv: [potm, 'move']};
	const folder = mkdtempSync(join(tmpdir(), 'potm-contest-'));
	const verbose = process.env['POTM_VERBOSE'];
	// Each move tells its start-up on stderr (the referee keeps it in the record).
	process.env['POTM_VERBOSE'] = '1';
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
		return {
			description: record.description,
			clockSeconds,
			sides: [contestSide(record, 1, clockSeconds), contestSide(record, 2, clockSeconds)],
		};
	} finally {
		if (verbose === undefined) delete process.env['POTM_VERBOSE'];
		else process.env['POTM_VERBOSE'] = verbose;
		rmSync(folder, {recursive: true, force: true});
	}
}

export function describeContestGame(game: ContestGame): string {
	const percent = (seconds: number) => `${((100 * seconds) / game.clockSeconds).toFixed(0)} %`;
	const side = (label: string, s: ContestSide) =>
		`  ${label}: ${s.moves} moves, ${s.cpuSeconds.toFixed(2)} s of CPU: start-ups ${s.startupSeconds.toFixed(2)} s (${percent(s.startupSeconds)}), ` +
		`searching and the rest ${(s.cpuSeconds - s.startupSeconds).toFixed(2)} s (${percent(s.cpuSeconds - s.startupSeconds)}), unused ${percent(game.clockSeconds - s.cpuSeconds)}; ` +
		`largest move ${s.largestMove.toFixed(2)} s, least left ${s.leastLeft.toFixed(2)} s`;
	return [
		`contest: potm move against itself on ${game.clockSeconds} s CPU clocks: ${game.description}`,
		side('first', game.sides[0]),
		side('second', game.sides[1]),
	].join('\n');
}

export interface StartupFigures {
	/** CPU milliseconds `potm move` (dist/potm: the snapshot) spent before its search started, one a run, over every file. */
	readonly moveMs: readonly number[];
	/** The same for `node dist/cli.js move` (the modules, no snapshot). */
	readonly modulesMs: readonly number[];
	/** CPU milliseconds a whole `potm move` with nothing beyond its reserve (a search of depth 2) cost, as the referee charges it. */
	readonly leastMoveMs: readonly number[];
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
 * search starts (POTM_VERBOSE's "startup"), `runs` times on each LOA file of saves/ given 1.2 s on
 * its clock (so that it plays its least move, a search of depth 2, whose whole cost the referee's
 * runner reads), beside the modules' start-up and what a bare Node spends before running a line.
 */
export async function measureStartup(runs = 5): Promise<StartupFigures> {
	const saves = fileURLToPath(new URL('../../saves/', import.meta.url));
	const folder = mkdtempSync(join(tmpdir(), 'potm-startup-'));
	const moveMs: number[] = [];
	const modulesMs: number[] = [];
	const leastMoveMs: number[] = [];
	const nodeMs: number[] = [];
	try {
		for (const name of ['start.txt', 'red-move-10.txt', 'blue-move-28.txt', 'loa-start.txt']) {
			const path = join(folder, name);
			writeFileSync(path, withClocks(readFileSync(join(saves, name), 'utf8'), 1.2));
			for (let run = 0; run < runs; run++) {
				for (const [command, args, into] of [
					[potm, ['move', path], moveMs],
					[process.execPath, [cli, 'move', path], modulesMs],
				] as const) {
					const child = spawnSync(command, args, {encoding: 'utf8', env: {...process.env, POTM_VERBOSE: '1'}});
					const found = /startup (\d+) ms/.exec(child.stderr);
					if (!found) throw new Error(`${command} ${name} told no start-up: ${child.stderr.trim()}`);
					into.push(Number(found[1]));
				}
				const charged = await runEntry({argv: [potm, 'move', path], cwd: folder, clockMs: 1200});
				if (charged.exit.code !== 0)
					throw new Error(`potm move ${name} exited ${charged.exit.code ?? charged.exit.signal}: ${charged.stderr.trim()}`);
				leastMoveMs.push(charged.cpuMs);
			}
		}
		for (let run = 0; run < runs; run++) {
			const child = spawnSync(process.execPath, ['-e', 'const u = process.cpuUsage(); console.log((u.user + u.system) / 1000)'], {
				encoding: 'utf8',
			});
			nodeMs.push(Number(child.stdout));
		}
	} finally {
		rmSync(folder, {recursive: true, force: true});
	}
	return {moveMs, modulesMs, leastMoveMs, nodeMs};
}

export function describeStartup(figures: StartupFigures): string {
	const range = (values: readonly number[]) =>
		`median ${median(values).toFixed(0)} ms (${Math.min(...values).toFixed(0)}–${Math.max(...values).toFixed(0)})`;
	return (
		`start-up before the search, CPU, ${figures.moveMs.length} runs each: potm move ${range(figures.moveMs)}; ` +
		`node dist/cli.js move (no snapshot) ${range(figures.modulesMs)}; a bare node ${range(figures.nodeMs)}\n` +
		`a whole least move (a search of depth 2), as the referee charges it: ${range(figures.leastMoveMs)}`
	);
}
