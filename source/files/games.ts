/**
 * The games folder: every finished game played in the program, kept as a record (record.ts) the
 * moment it ends (saves/games/DATE-TIME-GAME.game.txt). The menu's Games list reads it: newest
 * first, with the game, the opponent and the result as the person who played saw it, and a tally
 * per game and opponent ("LOAPS vs level 4: 3 won, 5 lost").
 */
import {readdirSync, statSync, type Stats} from 'node:fs';
import {basename, join} from 'node:path';
import {formatParseError} from '../games/game.js';
import {readText} from './load.js';
import {briefPlayer, parseRecord, RECORD_EXTENSION, screenPlayer} from './record.js';

/** One finished game of the folder. */
export interface PlayedEntry {
	readonly path: string;
	/** When it was kept: the file's time. */
	readonly modified: Date;
	/** The game's name, "LOAPS"; the file's name when it does not read. */
	readonly game: string;
	/** Who the person played ("level 4 Strong"), or both players where no side was "you" ("level 3 vs level 3"). */
	readonly opponent: string;
	/** Whether the person ("you") played one side: `opponent` is then the other. */
	readonly mine: boolean;
	/** "won", "lost", "drawn" for the person who played; "RED won", "drawn" where nobody was "you"; "not over". */
	readonly result: string;
	/** The points at the end ("29-17"), in a game with points; the person's first where one was "you". */
	readonly points: string | null;
	/** Why the file does not read (file, line, problem), or null. */
	readonly error: string | null;
}

/** What each game against one opponent came to: "LOAPS vs level 4: 3 won, 1 drawn, 5 lost". */
export interface Tally {
	readonly game: string;
	readonly opponent: string;
	readonly won: number;
	readonly drawn: number;
	readonly lost: number;
}

/** The entry of one record file, read and checked whole (its moves replayed). */
function entryOf(path: string, stats: Stats): PlayedEntry {
	const name = basename(path);
	const failed = (error: string): PlayedEntry => ({
		path,
		modified: stats.mtime,
		game: name,
		opponent: '',
		mine: false,
		result: '',
		points: null,
		error,
	});
	const text = readText(path);
	if (!text.ok) return failed(text.error);
	const parsed = parseRecord(text.value, path);
	if (!parsed.ok) return failed(formatParseError(parsed.error));
	const {game, headers, players} = parsed.value;
	const result = headers.get('Result') ?? '*';
	const winner = result === '1-0' ? 0 : result === '0-1' ? 1 : null;
	const you = players ? players.indexOf('you') : -1;
	const mine = you >= 0 && players!.lastIndexOf('you') === you ? you : -1;
	const pointsTag = headers.get('Points') ?? null;
	if (mine >= 0) {
		const outcome = result === '*' ? 'not over' : winner === null ? 'drawn' : winner === mine ? 'won' : 'lost';
		// The person's points first: "17-29" as RED wrote it is "29-17" for BLUE.
		const points = pointsTag && mine === 1 ? pointsTag.split('-').reverse().join('-') : pointsTag;
		return {
			path,
			modified: stats.mtime,
			game: game.name,
			opponent: screenPlayer(players![1 - mine]!),
			mine: true,
			result: outcome,
			points,
			error: null,
		};
	}
	// Two others (a demo, two people): both, shortly ("level 3 vs level 3"), first player first.
	const opponent = players ? `${briefPlayer(players[0])} vs ${briefPlayer(players[1])}` : '';
	const outcome = result === '*' ? 'not over' : winner === null ? 'drawn' : `${game.sides[winner]} won`;
	return {path, modified: stats.mtime, game: game.name, opponent, mine: false, result: outcome, points: pointsTag, error: null};
}

/** The records of `dir` (*.game.txt, not hidden), newest first, then by name; [] when there is no such folder. */
export function listGames(dir: string): PlayedEntry[] {
	let names: string[];
	try {
		names = readdirSync(dir);
	} catch {
		return [];
	}
	const entries: PlayedEntry[] = [];
	for (const name of names) {
		if (!name.endsWith(RECORD_EXTENSION) || name.startsWith('.')) continue;
		const path = join(dir, name);
		let stats: Stats;
		try {
			stats = statSync(path);
		} catch {
			continue;
		}
		if (stats.isFile()) entries.push(entryOf(path, stats));
	}
	return entries.sort((a, b) => b.modified.getTime() - a.modified.getTime() || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The games the person played, by game and opponent, most played first (games between others, and unfinished ones, left out). */
export function tallies(entries: readonly PlayedEntry[]): Tally[] {
	const found = new Map<string, {game: string; opponent: string; won: number; drawn: number; lost: number}>();
	for (const entry of entries) {
		if (entry.error !== null || !['won', 'drawn', 'lost'].includes(entry.result)) continue;
		const key = `${entry.game}\u0000${entry.opponent}`;
		const tally = found.get(key) ?? {game: entry.game, opponent: entry.opponent, won: 0, drawn: 0, lost: 0};
		if (entry.result === 'won') tally.won++;
		else if (entry.result === 'lost') tally.lost++;
		else tally.drawn++;
		found.set(key, tally);
	}
	const played = (tally: Tally) => tally.won + tally.drawn + tally.lost;
	return [...found.values()].sort((a, b) => played(b) - played(a) || a.game.localeCompare(b.game) || a.opponent.localeCompare(b.opponent));
}

/** "LOAPS vs level 4 Strong: 3 won, 1 drawn, 5 lost" (a count of none left out, but for won and lost). */
export function tallyText(tally: Tally): string {
	const parts = [`${tally.won} won`, ...(tally.drawn > 0 ? [`${tally.drawn} drawn`] : []), `${tally.lost} lost`];
	return `${tally.game} vs ${tally.opponent}: ${parts.join(', ')}`;
}
