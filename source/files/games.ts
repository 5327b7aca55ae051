/**
 * The games folder: every finished game played in the program, kept as a record (record.ts) the
 * moment it ends (saves/games/DATE-TIME-GAME.game.txt). The menu's Games list reads it: newest
 * first, with the game, the opponent and the result as the person who played saw it, and a tally
 * per game and opponent ("LOAPS vs level 4: 3 won, 5 lost"). The person is the side called "you"
 * (a game against the AI), or over potm serve the side under their name: the server keeps a game
 * between two people in both players' folders, with both names ("LOAPS vs bob: 1 won, 0 lost").
 */
import {readdirSync, statSync, type Stats} from 'node:fs';
import {basename, join} from 'node:path';
import {formatParseError} from '../games/game.js';
import {readText} from './load.js';
import {AGREED, briefPlayer, parseRecord, RECORD_EXTENSION, screenPlayer} from './record.js';

/** One finished game of the folder. */
export interface PlayedEntry {
	readonly path: string;
	/** When it was kept: the file's time. */
	readonly modified: Date;
	/** The game's name, "LOAPS"; the file's name when it does not read. */
	readonly game: string;
	/** Who the person played ("level 4 Strong", "bob"), or both players where the person played neither side ("level 3 vs level 3"). */
	readonly opponent: string;
	/** Whether the person played one side ("you", or their name: see personSide): `opponent` is then the other. */
	readonly mine: boolean;
	/** "won", "lost", "drawn" for the person who played; "RED won", "drawn" where the person did not play; "not over". */
	readonly result: string;
	/** How a game that ended otherwise than by its rules ended: "on time", "by resignation", "by agreement"; else null. */
	readonly ending: string | null;
	/** The points at the end ("29-17"), in a game with points; the person's first where they played. */
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

/**
 * The side (0 or 1) of a record's players that is the person whose games these are, or -1: the
 * one side named `me` where that is known (over potm serve, their name, under which the server
 * keeps their games against people), else the one side named "you" (their games against the AI,
 * here or on a server). Neither where both sides or none have the name: two others (a demo, two
 * people at one keyboard).
 */
function personSide(players: readonly [string, string] | null, me: string | null): number {
	const only = (name: string): number => {
		const at = players ? players.indexOf(name) : -1;
		return at >= 0 && players!.lastIndexOf(name) === at ? at : -1;
	};
	const named = me === null ? -1 : only(me);
	return named >= 0 ? named : only('you');
}

/** How a game ended otherwise than by its rules ("lost on time"), by the ending's reason. */
const HOW: Readonly<Record<string, string>> = {time: 'on time', resignation: 'by resignation', [AGREED]: 'by agreement'};

/** The entry of one record file, read and checked whole (its moves replayed); `me` as personSide has it. */
function entryOf(path: string, stats: Stats, me: string | null): PlayedEntry {
	const name = basename(path);
	const failed = (error: string): PlayedEntry => ({
		path,
		modified: stats.mtime,
		game: name,
		opponent: '',
		mine: false,
		result: '',
		ending: null,
		points: null,
		error,
	});
	const text = readText(path);
	if (!text.ok) return failed(text.error);
	const parsed = parseRecord(text.value, path);
	if (!parsed.ok) return failed(formatParseError(parsed.error));
	const {game, headers, players, ended} = parsed.value;
	const result = headers.get('Result') ?? '*';
	const ending = ended === null ? null : (HOW[ended.reason] ?? null);
	const winner = result === '1-0' ? 0 : result === '0-1' ? 1 : null;
	const mine = personSide(players, me);
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
			ending,
			points,
			error: null,
		};
	}
	// Two others (a demo, two people at one keyboard): both, shortly ("level 3 vs level 3"), first player first.
	const opponent = players ? `${briefPlayer(players[0])} vs ${briefPlayer(players[1])}` : '';
	const outcome = result === '*' ? 'not over' : winner === null ? 'drawn' : `${game.sides[winner]} won`;
	return {path, modified: stats.mtime, game: game.name, opponent, mine: false, result: outcome, ending, points: pointsTag, error: null};
}

/**
 * The records of `dir` (*.game.txt, not hidden), newest first, then by name; [] when there is no
 * such folder. `me`: the name of the person whose folder it is, where games are kept under it
 * (potm serve's players); null for the local person, who is "you".
 */
export function listGames(dir: string, me: string | null = null): PlayedEntry[] {
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
		if (stats.isFile()) entries.push(entryOf(path, stats, me));
	}
	return entries.sort((a, b) => b.modified.getTime() - a.modified.getTime() || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The games the person played, by game and opponent, most played first (games between others, and unfinished ones, left out). */
export function tallies(entries: readonly PlayedEntry[]): Tally[] {
	const found = new Map<string, {game: string; opponent: string; won: number; drawn: number; lost: number}>();
	for (const entry of entries) {
		if (entry.error !== null || !entry.mine || !['won', 'drawn', 'lost'].includes(entry.result)) continue;
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
