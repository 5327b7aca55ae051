/** What the referee knows of players and finished games: plain data, shared by its modules. */
import type {Player} from '../games/game.js';
import type {PlayerKind} from '../engine/players.js';

/** A player as given on the command line. */
export type PlayerSpec =
	| {readonly kind: 'builtin'; readonly name: string; readonly player: PlayerKind}
	| {
			readonly kind: 'external';
			readonly name: string;
			/** The command line as given. */
			readonly command: string;
			/** Its words, file arguments made absolute; the input file's path is appended to these. */
			readonly argv: readonly string[];
	  };

/**
 * Why a game ended. The game's own endings ('connection', 'opponent-connected', 'simultaneous',
 * 'move-limit', 'no-moves') come from its rules; the others are a player's fault and lose it
 * the game (a disqualification, whose game points do not count).
 */
export type Fault =
	/** Its clock ran out: more CPU time than it had left. */
	| 'time'
	/** It neither answered nor used its CPU within its remaining clock of wall time. */
	| 'hung'
	| 'no-output'
	| 'lines'
	| 'unparsable'
	| 'illegal'
	/** It exited with a non-zero status or was killed by a signal (not ours). */
	| 'crash'
	/** It wrote more than the referee keeps (a move is one short line). */
	| 'flood';

export const FAULTS: readonly Fault[] = ['time', 'hung', 'no-output', 'lines', 'unparsable', 'illegal', 'crash', 'flood'];

export const isFault = (reason: string): reason is Fault => (FAULTS as readonly string[]).includes(reason);

/** One move as the referee saw it. */
export interface MoveRecord {
	readonly player: Player;
	/** The move as played ('' when the answer was not a move). */
	readonly move: string;
	/** CPU milliseconds charged to the mover's clock for this move. */
	readonly cpuMs: number;
	/** Wall milliseconds from the start of the move to its answer. */
	readonly wallMs: number;
	/** Mover's clock after the move, in seconds. */
	readonly clockAfter: number;
	/** What an external entry printed, as received (cut at the referee's limit). */
	readonly stdout?: string;
	readonly stderr?: string;
	/** An external entry's exit: its status, or the signal that ended it. */
	readonly exit?: {readonly code: number | null; readonly signal: string | null};
	/** Why the referee stopped the player, if it did: its clock ran out, it hung, it flooded its output. */
	readonly stopped?: 'time' | 'hung' | 'flood';
	/** Its output was exactly what an entry prints for the move played (the game's entryAnswer). */
	readonly asExpected?: true;
	/** A pass the rules forced (classic LOA, no piece can move): the player was not asked. */
	readonly forced?: true;
}

/** A finished (or stopped) game. Pairs are by side: [player 1 (moves first), player 2]. */
export interface GameRecord {
	/** 1-based number in the run. */
	readonly number: number;
	/** 1-based number of the match (two games, each side first once) within its pairing. */
	readonly match: number;
	/** Indices into the run's player list, by side. */
	readonly seats: readonly [number, number];
	readonly result: 'win' | 'tie' | 'draw';
	/** The winning side, or null for a tie or a draw. */
	readonly winner: Player | null;
	/** The game's own ending ('connection', 'move-limit', ...) or a Fault. */
	readonly reason: string;
	/** One sentence for people: what happened, with the player's names. */
	readonly description: string;
	/** The side that lost by a Fault, or null. Its game points do not count. */
	readonly disqualified: Player | null;
	/** Game points on the board when it ended. */
	readonly points: readonly [number, number];
	/** Half-moves played. */
	readonly plies: number;
	/** CPU milliseconds each side used, the faulty move included. */
	readonly clockUsedMs: readonly [number, number];
	/** Each side's largest CPU time for one move, in milliseconds. */
	readonly longestMoveMs: readonly [number, number];
	readonly moves: readonly MoveRecord[];
	/** The final position in the game's file format (clocks as they ended). */
	readonly finalPosition: string;
}

/** Match points a side earns in a game: 2 for a win, 1 each for a draw or a tie, 0 for a loss. */
export function matchPoints(game: Pick<GameRecord, 'winner'>, side: Player): number {
	if (game.winner === null) return 1;
	return game.winner === side ? 2 : 0;
}
