/** The LOA family as Game modules: LOAPS now, classic LOA as a variant of the same code. */
import {fail, ok, type Game} from '../game.js';
import {moveFrom, moveName, moveTo, encodeMove, parseMoveText, squareName} from './notation.js';
import {formatClock, formatPotm, looksLikePotm, parsePotm} from './potm.js';
import {initialState, legalMoves, newBoardAt, play, withClocks, type LoaState} from './rules.js';
import {LOAPS, type LoaVariant} from './variant.js';

/** A plain-text board: pieces by the first letter of their side, bonus squares as + and *. */
export function renderLoa(state: LoaState): string {
	const {variant} = state;
	const size = variant.size;
	const letters = variant.sideNames.map(name => name[0]!);
	const bonus = variant.scoring?.bonus ?? {};
	const files = 'abcdefgh'.slice(0, size).split('').join(' ');
	const rows = [`    ${files}`];
	for (let rank = size - 1; rank >= 0; rank--) {
		const squares: string[] = [];
		for (let file = 0; file < size; file++) {
			const square = rank * size + file;
			const cell = state.cells[square]!;
			const value = bonus[squareName(square, size)] ?? 0;
			squares.push(cell !== 0 ? letters[cell - 1]! : value >= 7 ? '*' : value > 0 ? '+' : '.');
		}
		rows.push(`${String(rank + 1).padStart(2)}  ${squares.join(' ')}  ${rank + 1}`);
	}
	rows.push(`    ${files}`);
	const [first, second] = variant.sideNames;
	const side = (index: 0 | 1, name: string) =>
		`${name} (${letters[index]}) ${state.points[index]} points, ${formatClock(state.clocks[index])} s`;
	const limit = variant.moveLimit ? `/${variant.moveLimit}` : '';
	const status = state.outcome
		? state.outcome.description
		: `${variant.sideNames[state.toMove - 1]} to play move ${state.moveNumber}${limit}`;
	const legend = variant.scoring ? '   + bonus 3   * bonus 7' : '';
	return [...rows, '', `${side(0, first)} · ${side(1, second)}${legend}`, status].join('\n');
}

export function loaGame(variant: LoaVariant): Game<LoaState> {
	const size = variant.size;
	const bonusBySquare = Array.from({length: size * size}, (_, square) => variant.scoring?.bonus[squareName(square, size)] ?? 0);
	return {
		id: variant.id,
		name: variant.name,
		sides: variant.sideNames,
		moveLimit: variant.moveLimit > 0 ? variant.moveLimit : null,
		initial: () => initialState(variant),
		parse: (text, fileName) => parsePotm(text, fileName, variant),
		format: formatPotm,
		recognizes: text => looksLikePotm(text, size),
		toMove: state => state.toMove,
		moveNumber: state => state.moveNumber,
		board: state => ({files: size, ranks: size, pieces: state.cells, bonus: bonusBySquare, squareName: square => squareName(square, size)}),
		legalMoves,
		play,
		moveEnds: (_state, move) => [moveFrom(move), moveTo(move)],
		scores: state => state.points,
		clocks: state => state.clocks,
		movesLeft: state => (variant.moveLimit > 0 ? Math.max(1, variant.moveLimit - state.moveNumber + 1) : null),
		withClocks,
		outcome: state => state.outcome,
		parseMove(state, text) {
			const parsed = parseMoveText(text, size);
			if (typeof parsed === 'string') return fail(parsed);
			const move = encodeMove(parsed.from, parsed.to);
			if (legalMoves(state).includes(move)) return ok(move);
			return fail(explainIllegal(state, parsed.from, parsed.to));
		},
		formatMove: (_state, move) => moveName(move, size),
		render: renderLoa,
		searchPosition: newBoardAt,
	};
}

/** Why `from`→`to` is not a legal move here, in a sentence for the player. */
export function explainIllegal(state: LoaState, from: number, to: number): string {
	const size = state.variant.size;
	const names = state.variant.sideNames;
	const text = `${squareName(from, size)} ${squareName(to, size)}`;
	if (state.outcome) return `${text}: the game is over (${state.outcome.description})`;
	const piece = state.cells[from];
	if (piece === 0) return `${text}: there is no piece on ${squareName(from, size)}`;
	if (piece !== state.toMove) return `${text}: the piece on ${squareName(from, size)} is ${names[piece! - 1]}'s, and ${names[state.toMove - 1]} is to move`;
	if (state.cells[to] === state.toMove) return `${text}: ${squareName(to, size)} holds a piece of your own`;
	const targets = legalMoves(state)
		.filter(move => moveFrom(move) === from)
		.map(move => squareName(moveTo(move), size));
	const options = targets.length > 0 ? `it can go to ${targets.join(', ')}` : 'it has no legal move';
	return `${text} is not a legal move: a piece moves exactly as many squares as there are pieces on its line, never over an opponent; ${options}`;
}

export const loaps = loaGame(LOAPS);
