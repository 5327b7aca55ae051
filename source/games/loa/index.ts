/** The LOA family as Game modules: LOAPS and classic LOA (two rulings), variants of the same code. */
import {fail, ok, type BoardView, type EntryOutputError, type Game, type GamePhrases, type Result} from '../game.js';
import {moveFrom, moveName, moveTo, encodeMove, parseMoveText, parseSquare, PASS, squareName} from './notation.js';
import {classicLoaLessons, loapsLessons} from './lessons.js';
import {SideCache} from './side-cache.js';
import {expectedMovesLeft, lopsided} from './moves-left.js';
import {formatClock} from '../clock-text.js';
import {formatPotm, looksLikePotm, parsePotm} from './potm.js';
import {initialState, legalMoves, newBoardAt, play, reversiblePast, withClocks, type LoaState} from './rules.js';
import {CLASSIC_LOA, CLASSIC_LOA_MOVER_WINS, LOAPS, type LoaVariant} from './variant.js';
import {classicPuzzleThemes, loapsPuzzleThemes} from './puzzle-themes.js';

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
	const points = (index: 0 | 1) => (variant.scoring ? `${state.points[index]} points, ` : '');
	const side = (index: 0 | 1, name: string) => `${name} (${letters[index]}) ${points(index)}${formatClock(state.clocks[index])} s`;
	const limit = variant.moveLimit ? `/${variant.moveLimit}` : '';
	const status = state.outcome
		? state.outcome.description
		: `${variant.sideNames[state.toMove - 1]} to play move ${state.moveNumber}${limit}`;
	const legend = variant.scoring ? '   + bonus 3   * bonus 7' : '';
	return [...rows, '', `${side(0, first)} · ${side(1, second)}${legend}`, status].join('\n');
}

/** The drawing of a LOA board: rank 1 is the bottom line, so row 0 is the top rank. */
function loaView(variant: LoaVariant, cells: readonly number[], bonus: readonly number[]): BoardView {
	const size = variant.size;
	return {
		kind: 'grid',
		rows: size,
		columns: size,
		sides: variant.sideNames,
		colours: variant.colours,
		cells,
		bonus,
		// LOAPS's middle square (7 points) stands out from the corners' 3s.
		...(variant.scoring ? {largeBonus: Math.max(...Object.values(variant.scoring.bonus))} : {}),
		scoring: NOTHING_SCORES,
		rowLabels: Array.from({length: size}, (_, row) => String(size - row)),
		columnLabels: 'abcdefgh'.slice(0, size).split(''),
		turnsForSecond: true,
		home: [Math.floor(size / 2), (size - 1) * size + Math.floor(size / 2)],
		squareAt: (row, column) => (size - 1 - row) * size + column,
		placeOf: square => [size - 1 - Math.floor(square / size), square % size],
		squareName: square => squareName(square, size),
	};
}

const NOTHING_SCORES: ReadonlySet<number> = new Set();

const LOA_PHRASES: GamePhrases = {
	select: 'pick a piece up, then put it down on a marked square',
	moveExample: 'b1 d3',
	target: 'a marked square',
	points: {many: 'points', one: 'point', short: ['pt', 'pts']},
};

export function loaGame(variant: LoaVariant): Game<LoaState> {
	const size = variant.size;
	const bonusBySquare = Array.from({length: size * size}, (_, square) => variant.scoring?.bonus[squareName(square, size)] ?? 0);
	const clock = {per: 'game', seconds: 60} as const;
	return {
		id: variant.id,
		name: variant.name,
		...(variant.ruling ? {ruling: variant.ruling} : {}),
		sides: variant.sideNames,
		colours: variant.colours,
		moveLimit: variant.moveLimit > 0 ? variant.moveLimit : null,
		hasPoints: variant.scoring !== null,
		tagline: variant.tagline,
		phrases: LOA_PHRASES,
		clock,
		entry: {input: 'path', clock},
		matchBy: 'games',
		// LOAPS in its points (a bonus square is 3, the connection 12); classic LOA in its evaluation's unit.
		reviewScale:
			variant.scoring !== null
				? {inaccuracy: 1, mistake: 3, blunder: 6, decisive: 12}
				: {inaccuracy: 0.5, mistake: 1.5, blunder: 3, decisive: 6},
		randomBoards: false,
		initial: () => initialState(variant),
		parse: (text, fileName) => parsePotm(text, fileName, variant),
		format: formatPotm,
		recognizes: text => looksLikePotm(text, size),
		toMove: state => state.toMove,
		moveNumber: state => state.moveNumber,
		board: state => loaView(variant, state.cells, bonusBySquare),
		legalMoves,
		play,
		// A pass joins no squares.
		moveEnds: (_state, move) => (move === PASS ? [] : [moveFrom(move), moveTo(move)]),
		explainPick(state, points) {
			const [from, to] = points as [number, number | undefined];
			const name = squareName(from, size);
			const side = variant.sideNames[state.toMove - 1];
			if (to !== undefined) {
				const parsed = this.parseMove(state, `${name} ${squareName(to, size)}`);
				return parsed.ok ? `${squareName(to, size)} cannot be reached` : parsed.error;
			}
			const piece = state.cells[from];
			if (piece === state.toMove) return `The piece on ${name} has no legal move`;
			return piece === 0 ? `There is no piece on ${name}: pick one of ${side}'s` : `${name} is not ${side}'s: pick one of ${side}'s pieces`;
		},
		scores: state => state.points,
		clocks: state => state.clocks,
		movesLeft: state => (variant.moveLimit > 0 ? Math.max(1, variant.moveLimit - state.moveNumber + 1) : null),
		expectedMovesLeft,
		dragsOn: lopsided,
		withClocks,
		outcome: state => state.outcome,
		parseMove(state, text) {
			if (/^\s*pass\s*$/i.test(text)) {
				if (legalMoves(state).includes(PASS)) return ok(PASS);
				return fail(
					variant.noMove === 'passes'
						? 'you may pass only when no piece of yours can move'
						: `${variant.name} has no passing: a side must move`,
				);
			}
			const parsed = parseMoveText(text, size);
			if (typeof parsed === 'string') return fail(parsed);
			if (parsed.from === parsed.to) return fail(toItself(state, parsed.from, text));
			const move = encodeMove(parsed.from, parsed.to);
			if (legalMoves(state).includes(move)) return ok(move);
			return fail(explainIllegal(state, parsed.from, parsed.to));
		},
		readEntryMove: readEntryMove,
		formatMove: (_state, move) => moveName(move, size),
		entryAnswer: (_state, move) => `${moveName(move, size)}\n`,
		render: renderLoa,
		searchPosition: newBoardAt,
		releaseCaches: () => SideCache.release(),
		openingBook: variant.openingBook,
		lessons: variant.scoring !== null ? loapsLessons : classicLoaLessons,
		puzzleThemes: variant.scoring !== null ? loapsPuzzleThemes : classicPuzzleThemes,
		past(state) {
			if (!variant.repetitionDraw) return {start: state, moves: []};
			const past = reversiblePast(state);
			if (past.length === 0) return {start: state, moves: []};
			return {start: past[0]!, moves: state.history.slice(-past.length).map(played => played.move)};
		},
	};
}

/**
 * An entry's output as POTM read it: exactly one line (its line end optional, CR LF too) holding
 * the two squares separated by white space, e.g. "b1 d3", and a legal move.
 */
export function readEntryMove(state: LoaState, output: string): Result<number, EntryOutputError> {
	const size = state.variant.size;
	const text = output.replace(/\r?\n$/, '');
	if (text.trim() === '') {
		return fail({fault: 'no-output', message: output === '' ? 'it printed nothing' : 'it printed only white space'});
	}
	if (/[\r\n]/.test(text)) {
		const lines = text.split(/\r?\n|\r/).length;
		return fail({fault: 'lines', message: `it printed ${lines} lines; an entry prints exactly one`});
	}
	const words = text.trim().split(/\s+/);
	const last = squareName(size * size - 1, size);
	if (words.length === 1 && words[0]!.toLowerCase() === 'pass' && state.variant.noMove === 'passes') {
		if (legalMoves(state).includes(PASS)) return ok(PASS);
		return fail({fault: 'illegal', message: 'it passed, but a side may pass only when none of its pieces can move'});
	}
	if (words.length !== 2) {
		return fail({
			fault: 'unparsable',
			message: `"${text.trim()}" is not a move: one line with the two squares separated by white space, as in "b1 d3"`,
		});
	}
	const [from, to] = words.map(word => parseSquare(word, size)) as [number, number];
	for (const [index, square] of [from, to].entries()) {
		if (square < 0)
			return fail({fault: 'unparsable', message: `"${words[index]}" is not a square of the ${size}×${size} board (a1..${last})`});
	}
	if (from === to) return fail({fault: 'illegal', message: toItself(state, from, text)});
	const move = encodeMove(from, to);
	if (!legalMoves(state).includes(move)) return fail({fault: 'illegal', message: explainIllegal(state, from, to)});
	return ok(move);
}

/**
 * Why a move from a square to itself, as `text` wrote it, is none (h8 h8 would be read as the
 * pass): from a square without a piece of the mover's, what is wrong is that, as for any move
 * from there; else a piece must leave its square.
 */
function toItself(state: LoaState, square: number, text: string): string {
	return state.cells[square] === state.toMove
		? `"${text.trim()}" is not a move: a piece must leave its square`
		: explainIllegal(state, square, square);
}

/** Why `from`→`to` is not a legal move here, in a sentence for the player. */
export function explainIllegal(state: LoaState, from: number, to: number): string {
	const size = state.variant.size;
	const names = state.variant.sideNames;
	const text = `${squareName(from, size)} ${squareName(to, size)}`;
	if (state.outcome) return `${text}: the game is over (${state.outcome.description})`;
	if (legalMoves(state).includes(PASS))
		return `${text}: no piece of ${names[state.toMove - 1]}'s can move, so ${names[state.toMove - 1]} must pass ("pass")`;
	const piece = state.cells[from];
	if (piece === 0) return `${text}: there is no piece on ${squareName(from, size)}`;
	if (piece !== state.toMove)
		return `${text}: the piece on ${squareName(from, size)} is ${names[piece! - 1]}'s, and ${names[state.toMove - 1]} is to move`;
	if (state.cells[to] === state.toMove) return `${text}: ${squareName(to, size)} holds a piece of your own`;
	const targets = legalMoves(state)
		.filter(move => moveFrom(move) === from)
		.map(move => squareName(moveTo(move), size));
	const options = targets.length > 0 ? `it can go to ${targets.join(', ')}` : 'it has no legal move';
	return `${text} is not a legal move: a piece moves exactly as many squares as there are pieces on its line, never over an opponent; ${options}`;
}

export const loaps = loaGame(LOAPS);
export const classicLoa = loaGame(CLASSIC_LOA);
export const classicLoaMoverWins = loaGame(CLASSIC_LOA_MOVER_WINS);
