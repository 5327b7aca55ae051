/**
 * The themes LOA puzzles are sorted by, and which of them a proved puzzle has, read off its
 * position and solution (learning.ts's PuzzleFacts): LOAPS's (connections, captures and bonus
 * squares that win on points, the race to move 50) and classic LOA's (connections, and captures
 * and quiet moves where there are no points to race for).
 */
import {other, type Player} from '../game.js';
import type {PuzzleFacts, PuzzleTheme, PuzzleThemes} from '../learning.js';
import {moveTo, PASS, squareName} from './notation.js';
import {createState, legalMoves, play, type LoaState} from './rules.js';

/** The most moves a connection puzzle takes (the builder's proof search looks no further). */
const CONNECT_MOVES = 3;
/** The last moves before LOAPS's move limit that make a position part of the race to it. */
const LIMIT_RACE = 5;

const connectThemes: readonly PuzzleTheme[] = Array.from({length: CONNECT_MOVES}, (_, index) => ({
	id: `connect-in-${index + 1}`,
	name: `Connect in ${index + 1}`,
	description:
		index === 0
			? 'Join all your pieces into one group with this move and win.'
			: `Connect all your pieces and win within ${index + 1} moves, whatever the opponent does.`,
}));

const BLOCK: PuzzleTheme = {
	id: 'block',
	name: 'Block the connection',
	description: 'The opponent threatens to connect and win next move: the one move that stops it.',
};

const LOAPS_THEMES: readonly PuzzleTheme[] = [
	...connectThemes,
	{
		id: 'capture-win',
		name: 'Capture into a win on points',
		description: 'A capture whose point decides it: the game ends with you ahead on points.',
	},
	{
		id: 'bonus-race',
		name: 'The bonus-square race',
		description: 'Landing on a bonus square is worth more than anything else on the board now.',
	},
	BLOCK,
	{
		id: 'move-50',
		name: 'The move-50 race',
		description: 'The game is drawn after move 50 whatever the points: find the move that counts before time runs out.',
	},
	{
		id: 'points',
		name: 'Points ahead',
		description: 'No connection yet: the move that keeps the points and the position on your side.',
	},
];

const CLASSIC_THEMES: readonly PuzzleTheme[] = [
	...connectThemes,
	BLOCK,
	{
		id: 'capture',
		name: 'The capture that counts',
		description: 'Take the piece that holds the position together.',
	},
	{
		id: 'quiet',
		name: 'The quiet move',
		description: 'No capture and no connection yet, but one move is clearly best: gather, or stand in the way.',
	},
];

/** Whether the side to move in `state` can win the game with one move now. */
function winsAtOnce(state: LoaState): boolean {
	if (state.outcome) return false;
	return legalMoves(state).some(move => play(state, move).outcome?.winner === state.toMove);
}

/** The same position with `side` to move: what it could do if it were its turn (null past the move limit). */
function withMover(state: LoaState, side: Player): LoaState | null {
	if (side === state.toMove) return state;
	// Player 1 opens each move number: player 2's next move has the number player 1 is on, player 1's the next.
	const moveNumber = side === 1 ? state.moveNumber + 1 : state.moveNumber;
	const limit = state.variant.moveLimit;
	if (limit > 0 && moveNumber > limit) return null;
	return createState(state.variant, {cells: state.cells, toMove: side, moveNumber, points: state.points});
}

/** The themes of a puzzle in LOAPS (`points`) or classic LOA. */
function classify(facts: PuzzleFacts<LoaState>, points: boolean): string[] {
	const {start, solution, line, ends} = facts;
	const solver = start.toMove;
	const opponent = other(solver);
	const final = line[line.length - 1]!;
	const solverMoves = (solution.length + 1) / 2;
	const themes: string[] = [];
	// The solver's moves as played: by index into the line, every other one from the first.
	const played = line.slice(1).flatMap((state, index) => (index % 2 === 0 ? [state.history[state.history.length - 1]!] : []));
	const won = ends === 'win' && final.outcome?.winner === solver;
	const reason = final.outcome?.reason;

	if (won && (reason === 'connection' || reason === 'simultaneous') && solverMoves <= CONNECT_MOVES)
		themes.push(`connect-in-${solverMoves}`);

	// Block: the opponent could win at once if it were its move, and after the answer (which does
	// not end the game: winning first is no block) it cannot.
	const before = withMover(start, opponent);
	if (line[1]!.outcome === null && before !== null && winsAtOnce(before) && !winsAtOnce(line[1]!)) themes.push('block');

	if (points) {
		const index = solver - 1;
		const margin = final.points[index]! - final.points[1 - index]!;
		const captured = played.reduce((sum, move) => sum + (move.capture ? 1 : 0), 0);
		// The captures' points (one each) are what the win on points rests on, or a capture left the opponent connected and lost.
		if (won && captured > 0 && (reason === 'opponent-connected' || captured >= margin)) themes.push('capture-win');
		const bonus = start.variant.scoring?.bonus ?? {};
		const size = start.variant.size;
		const bonusOf = (move: number) => (move === PASS ? 0 : (bonus[squareName(moveTo(move), size)] ?? 0));
		const gained = played.reduce((sum, move) => sum + bonusOf(move.move), 0);
		// The answer lands on a bonus square and that is the advantage, or the bonus points decide the win.
		if ((ends === 'advantage' && bonusOf(solution[0]!) > 0) || (won && gained > 0 && gained >= margin)) themes.push('bonus-race');
		const limit = start.variant.moveLimit;
		if (limit > 0 && start.moveNumber > limit - LIMIT_RACE) themes.push('move-50');
		if (themes.length === 0) themes.push('points');
	} else if (themes.length === 0) {
		themes.push(played[0]!.capture ? 'capture' : 'quiet');
	}
	return themes;
}

export const loapsPuzzleThemes: PuzzleThemes<LoaState> = {themes: LOAPS_THEMES, classify: facts => classify(facts, true)};

export const classicPuzzleThemes: PuzzleThemes<LoaState> = {themes: CLASSIC_THEMES, classify: facts => classify(facts, false)};
