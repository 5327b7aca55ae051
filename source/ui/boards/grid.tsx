/**
 * A board of squares with their row and column labels, pieces or markers, blocked and bonus
 * squares, the runs that score, the cursor, the points picked and where the next can go, the
 * last move and a hint. It is handed all of this, in drawing order; it knows no rules.
 *
 * Every mark has a colour form and a character form, so the board reads the same with colour
 * and without it: each square is drawn as a left mark, a glyph and a right mark.
 */
import {Box, Text} from 'ink';
import {memo} from 'react';
import {BLOCKED, EMPTY, type GridView} from '../../games/game.js';
import {paletteOf, pieceGlyph, type Theme} from '../theme.js';
import type {BoardMarks, CellSize} from './marks.js';
import {same} from '../same.js';
import {embolden, paint} from '../paint.js';

interface Square {
	readonly left: string;
	readonly glyph: string;
	readonly right: string;
	readonly glyphColor: string | undefined;
	readonly markColor: string | undefined;
	readonly background: string | undefined;
	readonly bold: boolean;
}

function square(view: GridView, index: number, marks: BoardMarks, theme: Theme): Square {
	const {glyphs, color} = theme;
	const palette = paletteOf(view.colours);
	const cell = view.cells[index]!;
	const piece = cell > 0 ? cell : 0;
	const blocked = cell === BLOCKED;
	const bonus = view.bonus[index]!;
	const scoring = view.scoring.has(index);
	const picked = marks.picked.includes(index);
	const target = marks.targets.has(index);
	const large = bonus > 0 && view.largeBonus !== undefined && bonus >= view.largeBonus;
	const bonusMark = large ? glyphs.bonusLarge : bonus > 0 ? glyphs.bonusSmall : '';
	let glyph = blocked
		? glyphs.blocked
		: piece !== 0
			? pieceGlyph(theme, piece, view.sides)
			: target
				? glyphs.target
				: bonusMark || glyphs.empty;
	let glyphColor = blocked ? theme.dim : piece !== 0 ? palette.pieces[piece - 1] : target ? theme.accent : bonusMark ? 'yellow' : theme.dim;
	if (!color && cell === EMPTY && !target && !bonusMark) glyphColor = undefined;
	// The two marks beside the glyph, most important first.
	let pair = '  ';
	let markColor: string | undefined = theme.accent;
	if (marks.cursor === index) pair = '[]';
	else if (picked) pair = '<>';
	else if (target && piece !== 0) pair = '()';
	else if (!color && marks.hint.includes(index)) pair = '!!';
	else if (!color && marks.last.includes(index)) pair = '--';
	else if (!color && scoring) [pair, markColor] = ['==', undefined];
	else if (!color && piece !== 0 && bonusMark) [pair, markColor] = [bonusMark + bonusMark, undefined];
	let background: string | undefined;
	if (color) {
		const [row, column] = view.placeOf(index);
		if (picked) background = palette.selected;
		else if (marks.hint.includes(index)) background = palette.hint;
		else if (marks.last.includes(index)) background = palette.lastMove;
		else if (blocked) background = palette.blocked;
		else if (scoring) background = palette.scoring;
		else if (large) background = theme.bonusLargeBg;
		else if (bonus > 0) background = theme.bonusSmallBg;
		// Squares alternate from a dark one at the bottom left, as a LOA board's a1 is.
		else background = palette.squares[(view.rows - 1 - row + column) % 2];
		if (bonusMark && piece === 0 && !target) glyph = bonusMark;
	}
	return {
		left: pair[0]!,
		glyph,
		right: pair[1]!,
		glyphColor: color ? glyphColor : undefined,
		markColor: color ? markColor : undefined,
		background,
		bold: piece !== 0 || marks.cursor === index,
	};
}

/** Columns and rows a board of squares takes with its labels. */
export const gridSize = (view: GridView, cell: CellSize): {columns: number; rows: number} => ({
	columns: view.columns * cell.width + 6,
	rows: view.rows * cell.height + 2,
});

export interface GridProps {
	readonly view: GridView;
	readonly marks: BoardMarks;
	readonly theme: Theme;
	readonly flipped: boolean;
	readonly cell: CellSize;
}

interface LineProps {
	readonly label: string;
	readonly middle: boolean;
	readonly looks: readonly Square[];
	readonly width: number;
	readonly padLeft: number;
	readonly padRight: number;
	readonly dim: string | undefined;
}

/**
 * One line of the board's squares with its labels, as one styled string: a square is its
 * background around a left mark, a glyph and a right mark, each in its colour (what a Text a
 * square with a Text a mark inside drew, without some thirty elements and Ink nodes a line).
 */
export function gridLineText({label, middle, looks, width, padLeft, padRight, dim}: LineProps): string {
	let text = paint(middle ? `${label} ` : '   ', dim);
	for (const look of looks) {
		const inside = middle
			? ' '.repeat(padLeft) +
				embolden(paint(look.left, look.markColor), true) +
				embolden(paint(look.glyph, look.glyphColor), look.bold) +
				embolden(paint(look.right, look.markColor), true) +
				' '.repeat(padRight)
			: ' '.repeat(width);
		text += paint(inside, look.background, 'background');
	}
	return text + paint(middle ? ` ${label.trim()}`.padEnd(3) : '   ', dim);
}

/** A line drawn again only when what it shows changed (a move changes a row or two). */
const GridLine = memo(function GridLine(props: LineProps) {
	return <Text>{gridLineText(props)}</Text>;
}, same);

export function GridBoard({view, marks, theme, flipped, cell}: GridProps) {
	const columns = Array.from({length: view.columns}, (_, column) => (flipped ? view.columns - 1 - column : column));
	const rowOrder = Array.from({length: view.rows}, (_, row) => (flipped ? view.rows - 1 - row : row));
	// Space either side of a square's three characters; a narrow square has its spare on the left.
	const padLeft = Math.ceil((cell.width - 3) / 2);
	const padRight = cell.width - 3 - padLeft;
	const labelRow = (
		<Text color={theme.color ? theme.dim : undefined}>
			{'   ' + columns.map(column => view.columnLabels[column]!.padStart(padLeft + 2).padEnd(cell.width)).join('') + '   '}
		</Text>
	);
	const dim = theme.color ? theme.dim : undefined;
	const rows = [];
	for (const row of rowOrder) {
		const label = view.rowLabels[row]!.padStart(2);
		const looks = columns.map(column => square(view, view.squareAt(row, column), marks, theme));
		for (let line = 0; line < cell.height; line++) {
			// The glyph row: the middle one, or the upper of two.
			const middle = line === Math.floor((cell.height - 1) / 2);
			rows.push(
				<GridLine
					key={`${row}-${line}`}
					label={label}
					middle={middle}
					looks={looks}
					width={cell.width}
					padLeft={padLeft}
					padRight={padRight}
					dim={dim}
				/>,
			);
		}
	}
	return (
		<Box flexDirection="column">
			{labelRow}
			{rows}
			{labelRow}
		</Box>
	);
}
