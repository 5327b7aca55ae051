/**
 * A board of dots and lines (LINES and BOXES): the vertices in a grid with their labels, the
 * segments drawn in their player's colour (those drawn before the game dim), each box taken
 * lettered and shaded by who took it, the cursor on a vertex, the vertex picked and where the
 * segment can reach from it, the last move and a hint. Like the board of squares it is handed
 * all of this and knows no rules.
 *
 * A box is `cell.width + 1` characters wide (a vertex and the segment after it) and
 * `cell.height + 1` lines high (the vertex line and the lines inside the box). Without colour
 * the marks are characters: [ ] round the cursor, < > round the vertex picked, o on a vertex the
 * segment can reach, * on the last move's ends, ! on a hint's.
 */
import {Box, Text} from 'ink';
import {SET_UP, type LatticeBoardView, type LatticeView} from '../../games/game.js';
import {paletteOf, type Theme} from '../theme.js';
import type {BoardMarks, CellSize} from './marks.js';

/** Columns and rows a lattice takes with its labels. */
export const latticeSize = (lattice: LatticeView, cell: CellSize): {columns: number; rows: number} => ({
	columns: lattice.columns * (cell.width + 1) + 1 + 7,
	rows: lattice.rows * (cell.height + 1) + 1 + 2,
});

interface Piece {
	readonly text: string;
	readonly color?: string | undefined;
	readonly background?: string | undefined;
	readonly bold?: boolean;
	readonly dim?: boolean;
}

/** Consecutive pieces of the same look joined, so a line is a few Text elements, not one per character. */
function joined(pieces: readonly Piece[]): Piece[] {
	const out: Piece[] = [];
	for (const piece of pieces) {
		const last = out[out.length - 1];
		if (last && last.color === piece.color && last.background === piece.background && last.bold === piece.bold && last.dim === piece.dim)
			out[out.length - 1] = {...last, text: last.text + piece.text};
		else out.push(piece);
	}
	return out;
}

export interface LatticeProps {
	readonly view: LatticeBoardView;
	readonly marks: BoardMarks;
	readonly theme: Theme;
	readonly flipped: boolean;
	readonly cell: CellSize;
}

export function LatticeBoard({view, marks, theme, flipped, cell}: LatticeProps) {
	const {lattice} = view;
	const {color, ascii} = theme;
	const palette = paletteOf(view.colours);
	const width = cell.width;
	const height = cell.height;
	const {rows, columns} = lattice;
	const vertexAt = (row: number, column: number) => view.squareAt(row, column);
	// Drawn in screen order; flipped turns the whole board half round.
	const rowAt = (index: number) => (flipped ? rows - index : index);
	const columnAt = (index: number) => (flipped ? columns - index : index);
	const lastEnds = new Set(marks.last);
	const hintEnds = new Set(marks.hint);
	// The segments of the last move and of the hint, to shade: every unit segment between their ends.
	const between = (ends: readonly number[], row: number, column: number, horizontal: boolean): boolean => {
		if (ends.length !== 2) return false;
		const [a, b] = ends.map(vertex => view.placeOf(vertex)) as [readonly [number, number], readonly [number, number]];
		if (horizontal) return a[0] === row && b[0] === row && Math.min(a[1], b[1]) <= column && column < Math.max(a[1], b[1]);
		return a[1] === column && b[1] === column && Math.min(a[0], b[0]) <= row && row < Math.max(a[0], b[0]);
	};
	const ownerColor = (owner: number): string | undefined =>
		!color ? undefined : owner === SET_UP ? theme.dim : owner > 0 ? palette.pieces[owner - 1] : undefined;
	const segmentLook = (owner: number, last: boolean, hint: boolean): Pick<Piece, 'color' | 'background' | 'dim'> => ({
		color: ownerColor(owner),
		background: color ? (hint ? palette.hint : last ? palette.lastMove : undefined) : undefined,
		dim: owner === SET_UP,
	});
	const glyphs = {
		vertex: ascii ? '+' : '·',
		horizontal: ascii ? '-' : '─',
		vertical: ascii ? '|' : '│',
		target: ascii ? 'o' : '◦',
	};

	/** A vertex with the marks beside it: the characters before and after it come out of the segments either side. */
	const vertexPieces = (vertex: number): {left: string | null; glyph: Piece; right: string | null} => {
		const picked = marks.picked.includes(vertex);
		const target = marks.targets.has(vertex);
		let glyph = target ? glyphs.target : glyphs.vertex;
		if (!color && hintEnds.has(vertex)) glyph = '!';
		else if (!color && lastEnds.has(vertex) && !target) glyph = '*';
		const background = color
			? picked
				? palette.selected
				: hintEnds.has(vertex)
					? palette.hint
					: lastEnds.has(vertex)
						? palette.lastMove
						: undefined
			: undefined;
		const pair = marks.cursor === vertex ? '[]' : picked ? '<>' : null;
		return {
			left: pair?.[0] ?? null,
			right: pair?.[1] ?? null,
			glyph: {
				text: glyph,
				color: color ? (target || marks.cursor === vertex ? theme.accent : undefined) : undefined,
				background,
				bold: marks.cursor === vertex || picked,
			},
		};
	};

	const lines: Piece[][] = [];
	const labelColor = color ? theme.dim : undefined;
	const columnLabels: Piece = {
		text:
			'   ' +
			Array.from({length: columns + 1}, (_, index) => view.columnLabels[columnAt(index)]!.padEnd(index < columns ? width + 1 : 1)).join(
				'',
			) +
			'   ',
		color: labelColor,
	};
	for (let index = 0; index <= rows; index++) {
		const row = rowAt(index);
		// The vertex line: each vertex, then the horizontal segment to its right.
		// The label at the left edge, two spaces after it: a cursor's mark takes the second, never touching the label.
		const vertexLine: Piece[] = [{text: view.rowLabels[row]!.padEnd(3), color: labelColor}];
		let carry: string | null = null;
		for (let at = 0; at <= columns; at++) {
			const column = columnAt(at);
			const vertex = vertexAt(row, column);
			const look = vertexPieces(vertex);
			// The mark before the vertex replaces the last character before it: the label's space, or the segment's.
			if (look.left !== null) {
				const before = vertexLine.pop()!;
				vertexLine.push(
					{...before, text: before.text.slice(0, -1)},
					{text: look.left, color: color ? theme.accent : undefined, bold: true},
				);
			}
			vertexLine.push(look.glyph);
			carry = look.right;
			if (at === columns) {
				if (carry !== null) vertexLine.push({text: carry, color: color ? theme.accent : undefined, bold: true});
				break;
			}
			// The segment from this vertex to the next one along the screen.
			const segmentColumn = flipped ? column - 1 : column;
			const owner = lattice.horizontal[row * columns + segmentColumn]!;
			const look2 = segmentLook(owner, between(marks.last, row, segmentColumn, true), between(marks.hint, row, segmentColumn, true));
			let text = (owner === 0 ? ' ' : glyphs.horizontal).repeat(width);
			if (carry !== null) {
				vertexLine.push({text: carry, color: color ? theme.accent : undefined, bold: true});
				text = text.slice(1);
			}
			vertexLine.push({text, ...look2});
		}
		if (carry === null) vertexLine.push({text: ' '});
		vertexLine.push({text: ` ${view.rowLabels[row]!}`.padEnd(3), color: labelColor});
		lines.push(vertexLine);
		if (index === rows) break;
		// The lines inside the boxes below: the vertical segments and the boxes between them.
		const boxRow = flipped ? row - 1 : row;
		for (let inside = 0; inside < height; inside++) {
			const middle = inside === Math.floor((height - 1) / 2);
			const boxLine: Piece[] = [{text: '   ', color: labelColor}];
			for (let at = 0; at <= columns; at++) {
				const column = columnAt(at);
				const owner = lattice.vertical[boxRow * (columns + 1) + column]!;
				boxLine.push({
					text: owner === 0 ? ' ' : glyphs.vertical,
					...segmentLook(owner, between(marks.last, boxRow, column, false), between(marks.hint, boxRow, column, false)),
				});
				if (at === columns) break;
				const boxColumn = flipped ? column - 1 : column;
				const taken = lattice.boxes[boxRow * columns + boxColumn]!;
				const letter = taken === SET_UP ? (ascii ? '#' : '▒') : taken > 0 ? view.sides[taken - 1]!.charAt(0) : ' ';
				const text = middle ? letter.padStart(Math.ceil(width / 2)).padEnd(width) : ' '.repeat(width);
				const background = color && taken > 0 && taken !== SET_UP ? palette.pieces[taken - 1] : undefined;
				boxLine.push({
					text,
					color: color ? (taken > 0 && taken !== SET_UP ? 'black' : theme.dim) : undefined,
					background,
					bold: taken > 0 && taken !== SET_UP,
				});
			}
			boxLine.push({text: '   '});
			lines.push(boxLine);
		}
	}
	return (
		<Box flexDirection="column">
			<Text color={columnLabels.color}>{columnLabels.text}</Text>
			{lines.map((line, index) => (
				<Text key={index}>
					{joined(line).map((piece, part) => (
						<Text
							key={part}
							color={piece.color}
							backgroundColor={piece.background}
							bold={piece.bold ?? false}
							dimColor={piece.dim ?? false}
						>
							{piece.text}
						</Text>
					))}
				</Text>
			))}
			<Text color={columnLabels.color}>{columnLabels.text}</Text>
		</Box>
	);
}
