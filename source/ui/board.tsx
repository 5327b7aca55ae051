/**
 * The board: squares with file and rank labels, pieces, bonus squares, the cursor, the piece
 * picked up and where it can go, the last move and a hint. It is handed all of this; it knows
 * no rules.
 *
 * Every mark has a colour form and a character form, so the board reads the same with colour
 * and without it: each square is drawn as a left mark, a glyph and a right mark.
 */
import {Box, Text} from 'ink';
import type {BoardView} from '../games/game.js';
import {paletteOf, pieceGlyph, type Theme} from './theme.js';

export interface BoardMarks {
	readonly cursor: number | null;
	readonly selected: number | null;
	readonly targets: ReadonlySet<number>;
	/** The last move's squares, from and to. */
	readonly last: readonly number[];
	readonly hint: readonly number[];
}

export const NO_MARKS: BoardMarks = {cursor: null, selected: null, targets: new Set(), last: [], hint: []};

/**
 * Square size in characters: large (5 × 3), medium (5 × 2: LOAPS's 7×7 at 80×24), narrow (4 × 2:
 * classic LOA's 8×8 at 80×24) or compact (3 × 1).
 */
export interface CellSize {
	readonly width: 3 | 4 | 5;
	readonly height: 1 | 2 | 3;
}

const LARGE: CellSize = {width: 5, height: 3};
const MEDIUM: CellSize = {width: 5, height: 2};
const NARROW: CellSize = {width: 4, height: 2};
export const COMPACT: CellSize = {width: 3, height: 1};

/** Largest first: the layout takes the first that fits. */
export const CELL_SIZES: readonly CellSize[] = [LARGE, MEDIUM, NARROW, COMPACT];

/** Columns and rows a board takes with its labels. */
export const boardSize = (files: number, ranks: number, cell: CellSize): {columns: number; rows: number} => ({
	columns: files * cell.width + 6,
	rows: ranks * cell.height + 2,
});

interface Square {
	readonly left: string;
	readonly glyph: string;
	readonly right: string;
	readonly glyphColor: string | undefined;
	readonly markColor: string | undefined;
	readonly background: string | undefined;
	readonly bold: boolean;
}

function square(view: BoardView, index: number, marks: BoardMarks, theme: Theme): Square {
	const {glyphs, color} = theme;
	const palette = paletteOf(view.sides);
	const piece = view.pieces[index]!;
	const bonus = view.bonus[index]!;
	const target = marks.targets.has(index);
	const bonusMark = bonus >= 7 ? glyphs.bonusLarge : bonus > 0 ? glyphs.bonusSmall : '';
	let glyph = piece !== 0 ? pieceGlyph(theme, piece, view.sides) : target ? glyphs.target : bonusMark || glyphs.empty;
	let glyphColor = piece !== 0 ? palette.pieces[piece - 1] : target ? theme.accent : bonusMark ? 'yellow' : theme.dim;
	if (!color && piece === 0 && !target && !bonusMark) glyphColor = undefined;
	// The two marks beside the glyph, most important first.
	let pair = '  ';
	let markColor: string | undefined = theme.accent;
	if (marks.cursor === index) pair = '[]';
	else if (marks.selected === index) pair = '<>';
	else if (target && piece !== 0) pair = '()';
	else if (!color && marks.hint.includes(index)) pair = '!!';
	else if (!color && marks.last.includes(index)) pair = '--';
	else if (!color && piece !== 0 && bonusMark) [pair, markColor] = [bonusMark + bonusMark, undefined];
	let background: string | undefined;
	if (color) {
		const [file, rank] = [index % view.files, Math.floor(index / view.files)];
		if (marks.selected === index) background = palette.selected;
		else if (marks.hint.includes(index)) background = palette.hint;
		else if (marks.last.includes(index)) background = palette.lastMove;
		else if (bonus >= 7) background = theme.bonusLargeBg;
		else if (bonus > 0) background = theme.bonusSmallBg;
		else background = palette.squares[(file + rank) % 2];
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

export interface BoardProps {
	readonly view: BoardView;
	readonly marks: BoardMarks;
	readonly theme: Theme;
	readonly flipped: boolean;
	readonly cell: CellSize;
}

export function Board({view, marks, theme, flipped, cell}: BoardProps) {
	const files = Array.from({length: view.files}, (_, file) => (flipped ? view.files - 1 - file : file));
	const ranks = Array.from({length: view.ranks}, (_, rank) => (flipped ? rank : view.ranks - 1 - rank));
	// Space either side of a square's three characters; a narrow square has its spare on the left.
	const padLeft = Math.ceil((cell.width - 3) / 2);
	const padRight = cell.width - 3 - padLeft;
	const labelRow = (
		<Text color={theme.color ? theme.dim : undefined}>
			{'   ' + files.map(file => view.squareName(file).charAt(0).padStart(padLeft + 2).padEnd(cell.width)).join('') + '   '}
		</Text>
	);
	const rows = [];
	for (const rank of ranks) {
		const label = String(rank + 1).padStart(2);
		for (let line = 0; line < cell.height; line++) {
			// The glyph row: the middle one, or the upper of two.
			const middle = line === Math.floor((cell.height - 1) / 2);
			rows.push(
				<Text key={`${rank}-${line}`}>
					<Text color={theme.color ? theme.dim : undefined}>{middle ? `${label} ` : '   '}</Text>
					{files.map(file => {
						const index = rank * view.files + file;
						const look = square(view, index, marks, theme);
						if (!middle) {
							return (
								<Text key={index} backgroundColor={look.background}>
									{' '.repeat(cell.width)}
								</Text>
							);
						}
						return (
							<Text key={index} backgroundColor={look.background}>
								{' '.repeat(padLeft)}
								<Text color={look.markColor} bold>
									{look.left}
								</Text>
								<Text color={look.glyphColor} bold={look.bold}>
									{look.glyph}
								</Text>
								<Text color={look.markColor} bold>
									{look.right}
								</Text>
								{' '.repeat(padRight)}
							</Text>
						);
					})}
					<Text color={theme.color ? theme.dim : undefined}>{middle ? ` ${label.trim()}`.padEnd(3) : '   '}</Text>
				</Text>,
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
