/**
 * The friendly, immutable face of a LOA position, for the UI, files and the referee. Every rule is
 * the fast core's (board.ts): this module sets a LoaBoard up, asks it, and reads the answer back.
 */
import {other, type Outcome, type Player} from '../game.js';
import {LoaBoard, Status, startSetup} from './board.js';
import {moveFrom, moveName, moveTo, PASS} from './notation.js';
import type {LoaVariant} from './variant.js';

export interface PlayedMove {
	readonly move: number;
	readonly player: Player;
	readonly capture: boolean;
	/** Points the move earned player 1 and player 2 (connection included). */
	readonly gained: readonly [number, number];
}

export interface LoaState {
	readonly variant: LoaVariant;
	/** By square index (rank * size + file, a1 = 0): 0 empty, 1 or 2. */
	readonly cells: readonly number[];
	readonly toMove: Player;
	/** The upcoming move number of the player to move, from 1. */
	readonly moveNumber: number;
	readonly points: readonly [number, number];
	/** Seconds left on each player's clock. */
	readonly clocks: readonly [number, number];
	/** Moves played since this line of play was set up, oldest first. */
	readonly history: readonly PlayedMove[];
	/** The state before the last move of `history`, or null. */
	readonly previous: LoaState | null;
	/** How the last move ended the game (Status), or Status.ongoing. */
	readonly status: number;
	readonly outcome: Outcome | null;
}

export interface PositionSetup {
	readonly cells: readonly number[];
	readonly toMove: Player;
	readonly moveNumber: number;
	readonly points: readonly [number, number];
	readonly clocks?: readonly [number, number];
}

export const DEFAULT_CLOCK = 60;

/** Half-moves played before this point of the game. */
export const plyOf = (toMove: Player, moveNumber: number): number => 2 * (moveNumber - 1) + (toMove - 1);

/** One board per variant, set up afresh for each question: the friendly API is not a hot path. */
const scratch = new Map<string, LoaBoard>();

/** A fast board set up at this state (shared scratch: use it before the next call). */
export function boardAt(state: LoaState): LoaBoard {
	let board = scratch.get(state.variant.id);
	if (!board) {
		board = new LoaBoard(state.variant);
		scratch.set(state.variant.id, board);
	}
	board.setUp(setupOf(state));
	return board;
}

const setupOf = (state: LoaState) => ({
	cells: state.cells,
	toMove: state.toMove,
	ply: plyOf(state.toMove, state.moveNumber),
	points: state.points,
	status: state.status,
});

/**
 * A board of its own at this state, for a search that outlives the next friendly call. Where the
 * repetition rule holds, it knows the earlier positions the game could still come back to.
 */
export function newBoardAt(state: LoaState): LoaBoard {
	const earlier = state.variant.repetitionDraw ? reversiblePast(state) : [];
	return new LoaBoard(state.variant, {...setupOf(state), earlier});
}

/**
 * The positions before `state` that it could still repeat, oldest first: back to the last capture
 * (which is never undone) or the first known position.
 */
export function reversiblePast(state: Omit<LoaState, 'outcome'>): LoaState[] {
	const past: LoaState[] = [];
	for (let at: Omit<LoaState, 'outcome'> = state; at.previous && !at.history.at(-1)!.capture; at = at.previous) past.push(at.previous);
	return past.reverse();
}

/** How many times this position, with this side to move, has stood in the game so far (this time included). */
export function occurrences(state: Omit<LoaState, 'outcome'>): number {
	const same = (before: LoaState) => before.toMove === state.toMove && before.cells.every((cell, square) => cell === state.cells[square]);
	return 1 + reversiblePast(state).filter(same).length;
}

/** Scratch for movesOf, grown to the largest maxMoves asked for. */
let moveBuffer = new Int32Array(0);

function movesOf(board: LoaBoard): number[] {
	if (moveBuffer.length < board.maxMoves) moveBuffer = new Int32Array(board.maxMoves);
	const count = board.generateMoves(moveBuffer, 0);
	return Array.from(moveBuffer.subarray(0, count));
}

export function createState(variant: LoaVariant, setup: PositionSetup): LoaState {
	const base = {
		variant,
		cells: [...setup.cells],
		toMove: setup.toMove,
		moveNumber: setup.moveNumber,
		points: [setup.points[0], setup.points[1]] as const,
		clocks: setup.clocks ? ([setup.clocks[0], setup.clocks[1]] as const) : ([DEFAULT_CLOCK, DEFAULT_CLOCK] as const),
		history: [],
		previous: null,
		status: Status.ongoing,
		outcome: null,
	};
	return {...base, outcome: decide(base)};
}

export function initialState(variant: LoaVariant): LoaState {
	const setup = startSetup(variant);
	return createState(variant, {cells: Array.from(setup.cells), toMove: 1, moveNumber: 1, points: [0, 0]});
}

export function legalMoves(state: LoaState): number[] {
	if (state.outcome) return [];
	return movesOf(boardAt(state));
}

/** The legal moves of the piece on `square` (none if it is not the mover's, or the game is over). */
export function movesFrom(state: LoaState, square: number): number[] {
	return legalMoves(state).filter(move => move !== PASS && moveFrom(move) === square);
}

/** The state after `move`. Throws a RangeError naming the move if it is not legal here. */
export function play(state: LoaState, move: number): LoaState {
	if (state.outcome) throw new RangeError(`the game is over: ${state.outcome.description}`);
	const board = boardAt(state);
	if (!movesOf(board).includes(move)) {
		throw new RangeError(`${moveName(move, state.variant.size)} is not a legal move here`);
	}
	const mover = state.toMove;
	const capture = move !== PASS && board.cells[moveTo(move)] === other(mover);
	board.make(move);
	const points = [board.points[1]!, board.points[2]!] as const;
	const next = {
		variant: state.variant,
		cells: Array.from(board.cells),
		toMove: other(mover),
		moveNumber: mover === 2 ? state.moveNumber + 1 : state.moveNumber,
		points,
		clocks: state.clocks,
		history: [
			...state.history,
			{
				move,
				player: mover,
				capture,
				gained: [points[0] - state.points[0], points[1] - state.points[1]] as const,
			},
		],
		previous: state,
		status: board.status,
		outcome: null,
	};
	return {...next, outcome: decide(next, board)};
}

/** The same position with other clock readings. */
export function withClocks(state: LoaState, clocks: readonly [number, number]): LoaState {
	return {...state, clocks: [clocks[0], clocks[1]]};
}

/**
 * How the game stands after `state`'s last move, or null if it goes on. `board`, if given, stands
 * at `state` already (play()'s board after the move), and is asked instead of setting one up.
 */
function decide(state: Omit<LoaState, 'outcome'>, board?: LoaBoard): Outcome | null {
	const {variant, points} = state;
	const [first, second] = variant.sideNames;
	const name = (player: Player) => (player === 1 ? first : second);
	const mover = other(state.toMove);
	const byPoints = (how: string, reason: string): Outcome => {
		if (!variant.scoring) {
			// Without points the connected side wins outright.
			const winner = reason === 'opponent-connected' ? state.toMove : mover;
			return {result: 'win', winner, reason, description: `${how}: ${name(winner)} wins`};
		}
		if (points[0] === points[1]) {
			return {result: 'tie', winner: null, reason, description: `${how}: a tie at ${points[0]} to ${points[1]}`};
		}
		const winner: Player = points[0] > points[1] ? 1 : 2;
		// The winner's points first: "BLUE wins 17 to 15".
		const score = winner === 1 ? `${points[0]} to ${points[1]}` : `${points[1]} to ${points[0]}`;
		return {result: 'win', winner, reason, description: `${how}: ${name(winner)} wins ${score}`};
	};
	switch (state.status) {
		case Status.moverConnected:
			return byPoints(`${name(mover)} connected`, 'connection');
		case Status.opponentConnected:
			return byPoints(`${name(mover)}'s capture left ${name(state.toMove)} connected`, 'opponent-connected');
		case Status.bothConnected:
			if (variant.bothConnected === 'draw') {
				return {
					result: 'draw',
					winner: null,
					reason: 'simultaneous',
					description: `${name(mover)}'s capture connected both sides at once: a draw`,
				};
			}
			if (variant.bothConnected === 'mover') {
				return {
					result: 'win',
					winner: mover,
					reason: 'simultaneous',
					description: `${name(mover)}'s capture connected both sides at once, and the mover wins: ${name(mover)} wins`,
				};
			}
			return byPoints(`${name(mover)} connected both sides at once and alone scores the 12`, 'simultaneous');
		case Status.moveLimit:
			return {
				result: 'draw',
				winner: null,
				reason: 'move-limit',
				description: `Both sides made ${variant.moveLimit} moves: a draw, whatever the points`,
			};
		default:
			break;
	}
	if (variant.repetitionDraw && state.history.length > 0 && occurrences(state) >= 3) {
		return {
			result: 'draw',
			winner: null,
			reason: 'repetition',
			description: `The same position stood a third time with ${name(state.toMove)} to move: a draw`,
		};
	}
	if ((board ?? boardAt({...state, outcome: null})).countMoves() === 0) {
		const winner = other(state.toMove);
		return {
			result: 'win',
			winner,
			reason: 'no-moves',
			description: `${name(state.toMove)} has no legal move and loses: ${name(winner)} wins`,
		};
	}
	return null;
}
