/**
 * The LINES and BOXES POTM file (docs/boxes.md §6): `P R C`, `1 score time`,
 * `2 score time`, then one line `P V1 V2` per segment drawn, the pre-drawn ones (P = 0) first,
 * then the players' moves alternating from player 1. The moves decide the scores: score lines
 * that disagree are forgiven and noted on the state. Anything else wrong is one ParseError naming
 * the line.
 */
import {fail, ok, type ParseError, type Result} from '../game.js';
import {formatClock} from '../clock-text.js';
import {geometryOf, validSize} from './geometry.js';
import {createState, moveName, parseVertex, vertexRange, whyNotSegment, type BoxesState} from './rules.js';

const NUMBER = /^\d+(?:\.\d+)?$/;
const INTEGER = /^\d+$/;

export function parseBoxes(text: string, fileName: string): Result<BoxesState, ParseError> {
	const bad = (line: number | null, message: string) => fail<ParseError>({file: fileName, line, message});
	// Blank lines are skipped (the seed's samples are separated by them); line numbers stay the file's.
	const lines = text
		.split(/\r?\n/)
		.map((content, index) => ({number: index + 1, words: content.trim() === '' ? [] : content.trim().split(/\s+/)}))
		.filter(line => line.words.length > 0);
	if (lines.length === 0)
		return bad(null, 'the file is empty: a LINES and BOXES file starts with a line "P R C" (player to move, rows, columns)');
	const head = lines[0]!;
	if (head.words.length !== 3 || !head.words.every(word => INTEGER.test(word))) {
		return bad(
			head.number,
			`expected "P R C": the player to move (1 or 2) and the board's rows and columns of boxes, as in "1 5 5"; found "${head.words.join(' ')}"`,
		);
	}
	const [player, rows, columns] = head.words.map(Number) as [number, number, number];
	if (player !== 1 && player !== 2) return bad(head.number, `the player to move is 1 or 2, not ${player}`);
	if (!validSize(rows) || !validSize(columns))
		return bad(head.number, `a board is 3..8 boxes each way (rows, then columns), not ${rows}×${columns}`);
	const scores: number[] = [];
	const clocks: number[] = [];
	for (const side of [1, 2]) {
		const line = lines[side];
		if (!line) return bad(null, `the file ends before player ${side}'s line "${side} score time"`);
		const shown = line.words.join(' ');
		if (line.words.length !== 3 || line.words[0] !== String(side))
			return bad(line.number, `expected player ${side}'s line "${side} score time", as in "${side} 0 60.00"; found "${shown}"`);
		if (!INTEGER.test(line.words[1]!)) return bad(line.number, `player ${side}'s score "${line.words[1]}" is not a whole number of boxes`);
		if (!NUMBER.test(line.words[2]!))
			return bad(line.number, `player ${side}'s time "${line.words[2]}" is not a number of seconds, as in 60.0 or 23.4`);
		scores.push(Number(line.words[1]));
		clocks.push(Number(line.words[2]));
	}
	const g = geometryOf(rows, columns);
	const drawn = new Array<number>(g.units).fill(0);
	const setUp: number[] = [];
	const moves: number[] = [];
	for (const line of lines.slice(3)) {
		const shown = line.words.join(' ');
		if (line.words.length !== 3 || !/^[0-2]$/.test(line.words[0]!)) {
			return bad(
				line.number,
				`expected a line "P V1 V2" (P = 0 for a pre-drawn line, 1 or 2 for a player's move), as in "1 A3 C3"; found "${shown}"`,
			);
		}
		const who = Number(line.words[0]);
		if (g.units - drawn.filter(Boolean).length === 0)
			return bad(line.number, `every segment is drawn already: the game was over before "${shown}"`);
		const ends: number[] = [];
		for (const word of line.words.slice(1)) {
			const vertex = parseVertex(g, word);
			if (vertex < 0) {
				return bad(
					line.number,
					/^[A-Za-z]\d+$/.test(word)
						? `${word} is off the board: a ${rows}×${columns} board's vertices are ${vertexRange(g)}`
						: `"${word}" is not a vertex: a column letter and a row number, as in C3`,
				);
			}
			ends.push(vertex);
		}
		const [from, to] = ends as [number, number];
		const reason = whyNotSegment(g, drawn, from, to);
		if (reason !== null) return bad(line.number, reason);
		if (who === 0) {
			if (moves.length > 0) return bad(line.number, `a pre-drawn line (player 0) after the players' moves: the pre-drawn lines come first`);
		} else {
			const turn = moves.length % 2 === 0 ? 1 : 2;
			if (who !== turn)
				return bad(
					line.number,
					`player ${who} moves out of turn: move ${moves.length + 1} is player ${turn}'s (turns alternate from player 1)`,
				);
		}
		const move = g.moveOf(from, to);
		for (let i = g.unitStart[move]!; i < g.unitStart[move + 1]!; i++) drawn[g.unitList[i]!] = 1;
		(who === 0 ? setUp : moves).push(move);
	}
	const turn = moves.length % 2 === 0 ? 1 : 2;
	if (player !== turn) {
		return bad(
			head.number,
			`line 1 says player ${player} is to move, but after ${moves.length} ${moves.length === 1 ? 'move' : 'moves'} it is player ${turn}'s turn`,
		);
	}
	const state = createState(rows, columns, setUp, moves, [clocks[0]!, clocks[1]!]);
	const notes: string[] = [];
	if (state.scores[0] !== scores[0] || state.scores[1] !== scores[1]) {
		notes.push(`the score lines said ${scores[0]} and ${scores[1]}; the moves give ${state.scores[0]} and ${state.scores[1]}`);
	}
	return ok({...state, notes});
}

/** The file as the seed writes it: the scores the moves give, the clocks, every line drawn (pre-drawn first); LF line ends, a final newline. */
export function formatBoxes(state: BoxesState): string {
	const lines = [
		`${state.toMove} ${state.rows} ${state.columns}`,
		`1 ${state.scores[0]} ${formatClock(state.clocks[0])}`,
		`2 ${state.scores[1]} ${formatClock(state.clocks[1])}`,
		...state.setUp.map(move => `0 ${moveName(state, move)}`),
		...state.moves.map((move, index) => `${index % 2 === 0 ? 1 : 2} ${moveName(state, move)}`),
	];
	return lines.join('\n') + '\n';
}

/**
 * Whether a text looks like a LINES and BOXES file: a first line of three whole numbers (LOA's
 * has two, a PAH-TUM grid none), and no LOA board line (`.12`) after the header. A file cut short
 * or with a bad move line is still this game's, so its refusal speaks of this game.
 */
export function looksLikeBoxes(text: string): boolean {
	const lines = text.split(/\r?\n/).filter(line => line.trim() !== '');
	if (lines.length === 0 || !/^\s*\d+\s+\d+\s+\d+\s*$/.test(lines[0]!)) return false;
	const moveLine = /^\s*\d+\s+[A-Za-z]\d+\s+[A-Za-z]\d+\s*$/;
	const moveLines = lines.slice(3);
	return moveLines.every(line => !/^[.12]+$/.test(line.trim())) && (moveLines.length === 0 || moveLines.some(line => moveLine.test(line)));
}
