/**
 * The rooms on the disk: each room written whole to DATA/rooms/CODE.json after every change of
 * its game and read back at the next start, a finished game kept as DATA/records/CODE.game.txt
 * (what `ssh ... record CODE` prints) and in each player's own games folder, where their menu
 * lists it. A room's file that does not read is set aside, never its end.
 */
import {existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync} from 'node:fs';
import {join} from 'node:path';
import type {Setup} from '../games/setup.js';
import {gameById} from '../games/registry.js';
import {writeWhole} from '../files/atomic.js';
import {formatRecord, parseRecord, RECORD_EXTENSION} from '../files/record.js';
import {keepGame} from '../files/review-export.js';
import * as S from '../play/session.js';
import {MAX_CHAT, type ChatLine, type Person} from '../play/remote.js';
import {normalCode} from './codes.js';
import {MAX_NAME, shown} from './names.js';
import {CHAT_KEPT, newRoom, type Room} from './room.js';

/**
 * A person's id as a room file may hold it: a folder name (names.ts's folderName), after
 * key-FINGERPRINT/ where keys are checked, or guests/ for a guest.
 */
const PERSON_ID = /^(?:key-[A-Za-z0-9_]+\/|guests\/)?[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** What the hall writes of a room, to resume it: the game as a record, the rest beside it. */
interface RoomFile {
	readonly version: 1;
	readonly code: string;
	readonly game: string;
	readonly private: boolean;
	readonly setup: Setup;
	readonly clockSeconds: number | null;
	readonly players: readonly [Person | null, Person | null];
	readonly started: boolean;
	readonly chat: readonly ChatLine[];
	readonly record: string;
}

export interface RoomFilesOptions {
	/** The server's folder: rooms/ and records/ in it. */
	readonly dataDir: string;
	/** Milliseconds, the clock the rooms' clocks run on. */
	readonly now: () => number;
	/** Where a player's saves are kept (their games folder is in it). */
	readonly savesOf: (person: Person) => string;
	readonly log: (line: string) => void;
	/** Who writes and removes the rooms' files (HallOptions.writer); here, at once, if none. */
	readonly writer?: {write(path: string, data: string): void; remove(path: string): void} | undefined;
}

export class RoomFiles {
	private readonly roomsDir: string;
	private readonly recordsDir: string;

	constructor(private readonly options: RoomFilesOptions) {
		this.roomsDir = join(options.dataDir, 'rooms');
		this.recordsDir = join(options.dataDir, 'records');
		mkdirSync(this.roomsDir, {recursive: true});
		mkdirSync(this.recordsDir, {recursive: true});
	}

	/** Where a finished game's record is kept. */
	recordPath(code: string): string {
		return join(this.recordsDir, `${code}${RECORD_EXTENSION}`);
	}

	private roomPath(code: string): string {
		return join(this.roomsDir, `${code}.json`);
	}

	/** Whether a game's record is kept under `code`. */
	hasRecord(code: string): boolean {
		return existsSync(this.recordPath(code));
	}

	/** Whether `code` is a game's on the disk: its record, or its room's file. */
	taken(code: string): boolean {
		return this.hasRecord(code) || existsSync(this.roomPath(code));
	}

	/** The text of a finished game's record; throws if there is none. */
	record(code: string): string {
		return readFileSync(this.recordPath(code), 'utf8');
	}

	/** Writes the room whole; `charged`: with the turn under way charged to the clocks (the server stops). */
	save(room: Room, charged = false): void {
		const session = room.session;
		const line = charged && room.started ? S.lineNow(session, this.options.now()) : session.line;
		const file: RoomFile = {
			version: 1,
			code: room.code,
			game: room.game.id,
			private: room.private,
			setup: room.setup,
			clockSeconds: room.clockSeconds,
			players: room.players,
			started: room.started,
			chat: room.chat,
			record: formatRecord({
				game: room.game,
				line,
				moves: session.moves,
				ended: session.ended,
				players: room.players.map(player => player?.name ?? '?') as [string, string],
				clocked: session.clocked,
			}),
		};
		try {
			const data = `${JSON.stringify(file, null, '\t')}\n`;
			if (this.options.writer) this.options.writer.write(this.roomPath(room.code), data);
			else writeWhole({path: this.roomPath(room.code), data});
		} catch (error) {
			this.options.log(`${room.code}: not written: ${(error as Error).message}`);
		}
	}

	/** The room's file goes (its game over, or closed). */
	remove(code: string): void {
		if (this.options.writer) this.options.writer.remove(this.roomPath(code));
		else rmSync(this.roomPath(code), {force: true});
	}

	/** The rooms' files a stopped server left. */
	paths(): string[] {
		return readdirSync(this.roomsDir)
			.filter(name => name.endsWith('.json'))
			.map(name => join(this.roomsDir, name));
	}

	/** A room's file that does not read (`why`) is set aside as .bad, and logged. */
	setAside(path: string, why: string): void {
		this.options.log(`room file ${path} set aside (${why}): ${path}.bad`);
		try {
			renameSync(path, `${path}.bad`);
		} catch {
			// left where it is; read (and refused) again next time
		}
	}

	/** The room a file holds, or why it does not read. */
	read(path: string): Room | string {
		let read: unknown;
		try {
			read = JSON.parse(readFileSync(path, 'utf8'));
		} catch (error) {
			return `not JSON: ${(error as Error).message}`;
		}
		if (typeof read !== 'object' || read === null || Array.isArray(read)) return 'not an object';
		const file = read as Partial<RoomFile>;
		if (file.version !== 1) return `version ${String(file.version)}, not 1`;
		const game = typeof file.game === 'string' ? gameById(file.game) : undefined;
		if (!game) return `no game "${String(file.game)}"`;
		const code = typeof file.code === 'string' ? normalCode(file.code) : null;
		if (code === null) return 'no code';
		// An id names a folder under players/ (a name's, or key-FINGERPRINT/ and a name's): nothing else.
		const person = (value: unknown): Person | null | undefined => {
			if (value === null) return null;
			const {id, name} = (value ?? {}) as {id?: unknown; name?: unknown};
			if (typeof id !== 'string' || typeof name !== 'string' || !PERSON_ID.test(id)) return undefined;
			return {id, name: shown(name, MAX_NAME) || 'guest'};
		};
		const players = Array.isArray(file.players) && file.players.length === 2 ? file.players.map(person) : [];
		if (players.length !== 2 || players.includes(undefined)) return 'its players do not read';
		if (typeof file.record !== 'string') return 'no record';
		const parsed = parseRecord(file.record, path);
		if (!parsed.ok) return `its record: line ${parsed.error.line ?? '?'}: ${parsed.error.message}`;
		if (parsed.value.game.id !== game.id) return `its record is of ${parsed.value.game.name}, not ${game.name}`;
		const {line, moves, ended} = parsed.value;
		const clockSeconds = typeof file.clockSeconds === 'number' && file.clockSeconds > 0 ? file.clockSeconds : null;
		const chat = (Array.isArray(file.chat) ? (file.chat as unknown[]) : []).flatMap(entry => {
			const {from, text} = (entry ?? {}) as {from?: unknown; text?: unknown};
			return typeof from === 'string' && typeof text === 'string' ? [{from: shown(from, 40), text: shown(text, MAX_CHAT)}] : [];
		});
		const setup = Object.fromEntries(
			Object.entries(file.setup && typeof file.setup === 'object' ? file.setup : {}).filter(([, value]) => Number.isInteger(value)),
		);
		return newRoom(
			{
				code,
				game,
				private: file.private === true,
				setup,
				clockSeconds,
				players: players as [Person | null, Person | null],
				started: file.started === true && players[0] !== null && players[1] !== null,
				chat: chat.slice(-CHAT_KEPT),
				line,
				moves,
				ended,
			},
			this.options.now(),
		);
	}

	/** A game nobody came back to: its record as it stands (not over). */
	writeAbandoned(room: Room): void {
		writeWhole({path: this.recordPath(room.code), data: formatRecord({...this.played(room), date: new Date()})});
	}

	/**
	 * A game over, kept in each player's games and as its record for download; a record already
	 * there (a kill after it was written) is the game kept already. False, and logged, if the record
	 * cannot be written: the room's file then stays, to try again at the next start.
	 */
	keep(room: Room): boolean {
		const path = this.recordPath(room.code);
		if (existsSync(path)) return true;
		const played = this.played(room);
		const date = new Date();
		for (const player of room.players) {
			if (!player) continue;
			const kept = keepGame(played, this.options.savesOf(player), date);
			if (!kept.ok) this.options.log(`${room.code}: not kept in ${player.name}'s games: ${kept.error}`);
		}
		try {
			writeWhole({path, data: formatRecord({...played, date})});
		} catch (error) {
			this.options.log(`${room.code}: its record could not be written (${(error as Error).message}); the room's file stays`);
			return false;
		}
		return true;
	}

	/**
	 * The game as a record takes it: its line with the turn under way charged, its players' names.
	 * Every room's game, a rematch's too, began on the room's full clock: the start says so even
	 * where no move was made (a resignation at once, whose turn is charged to no move, or a game
	 * taken up after a stop that charged its first turn to its start).
	 */
	private played(room: Room) {
		const {game, clockSeconds} = room;
		const line = S.lineNow(room.session, this.options.now());
		const onFullClock = room.session.clocked && clockSeconds !== null && game.clock.per === 'game';
		return {
			game: room.game,
			line: onFullClock ? [game.withClocks(line[0], [clockSeconds, clockSeconds]), ...line.slice(1)] : line,
			moves: room.session.moves,
			ended: room.session.ended,
			players: room.players.map(player => player?.name ?? '?') as [string, string],
			clocked: room.session.clocked,
		};
	}
}
