/** What stands beside the board: players, points and clocks, the move list, the engine's thoughts. */
import {basename, dirname} from 'node:path';
import {memo} from 'react';
import {Box, Text} from 'ink';
import type {Colours, Outcome, Player} from '../games/game.js';
import type {AnyGame} from '../games/registry.js';
import type {EngineInfo} from '../engine/client.js';
import {THINKING_FRAME_MS} from './context.js';
import {bar, capitalized, fit, formatClock, formatScore, lineText, wrapLines} from './format.js';
import {padColumns} from '../text.js';

import type {MoveEntry} from '../play/session.js';
import {same} from './same.js';
import {painted} from './paint.js';
import {paletteOf, pieceGlyph, type Theme} from './theme.js';

export interface SideLine {
	readonly name: string;
	/** Who plays it: "you", "level 3 Club", "player 1". */
	readonly who: string;
	readonly points: number | null;
	/** Seconds left, or null without a clock. */
	readonly clock: number | null;
}

/** A row of styled pieces painted into one string: drawn again only when that string changed (a move changes a row or two of the move list; a clock, one of the players'). */
const PaintedLine = memo(function PaintedLine({text}: {text: string}) {
	return <Text wrap="truncate">{text}</Text>;
});

/** The players' rows are no wider than this: in a wide panel the points and clocks stay near the names. */
const PLAYERS_MAX_COLUMNS = 48;

export function Players({
	sides,
	toMove,
	theme,
	width: panelWidth,
	over,
	units = ['pt', 'pts'],
	colours,
}: {
	sides: readonly [SideLine, SideLine];
	toMove: Player;
	theme: Theme;
	width: number;
	over: boolean;
	units?: readonly [string, string];
	/** How the game colours its pieces (its `colours`). */
	colours?: Colours | undefined;
}) {
	const width = Math.min(panelWidth, PLAYERS_MAX_COLUMNS);
	const palette = paletteOf(colours);
	// Both clocks as wide as the wider ("1:00", or "0:09.3" near the end), so they line up.
	const clockWidth = Math.max(0, ...sides.map(side => (side.clock === null ? 0 : formatClock(side.clock).length)));
	return (
		<Box flexDirection="column">
			{sides.map((side, index) => {
				const player = (index + 1) as Player;
				const active = player === toMove && !over;
				const clock = side.clock === null ? '' : formatClock(side.clock);
				const low = side.clock !== null && side.clock < 10;
				const points = side.points === null ? '' : ` ${`${side.points} ${units[side.points === 1 ? 0 : 1]}`.padStart(units[1].length + 3)}`;
				// Name and piece, who (what is left), the points and the clock where the game has them, the turn mark.
				const whoWidth = Math.max(4, width - Math.max(4, side.name.length) - 3 - points.length - (clockWidth > 0 ? clockWidth + 2 : 0) - 2);
				const colour = theme.color ? palette.names[index] : undefined;
				const line =
					painted(`${side.name.padEnd(4)} `, {color: colour, bold: active}) +
					// The piece as the board shows it, on a square of the board's.
					painted(pieceGlyph(theme, player, [sides[0].name, sides[1].name]), {
						color: theme.color ? palette.pieces[index] : undefined,
						backgroundColor: theme.color ? palette.squares[0] : undefined,
						bold: true,
					}) +
					painted(` ${padColumns(fit(side.who, whoWidth), whoWidth)}`, {color: colour, bold: active}) +
					points +
					(side.clock === null
						? ''
						: '  ' +
							painted(clock.padStart(clockWidth), {
								inverse: active && theme.color,
								bold: active,
								color: theme.color && low ? theme.error : undefined,
							})) +
					(active ? ` ${theme.glyphs.turn}` : '  ');
				return <PaintedLine key={side.name} text={line} />;
			})}
		</Box>
	);
}

/** A row of the move list: its move number and the plies shown in it, player 1's and player 2's (null where it has none). */
export interface MoveRow {
	readonly number: number;
	readonly plies: readonly [number | null, number | null];
}

/** The move list's rows: a row for each move of player 1, player 2's reply beside it (a list that starts with player 2 starts with half a row). */
export function moveRows(entries: readonly MoveEntry[]): MoveRow[] {
	const rows: {number: number; plies: [number | null, number | null]}[] = [];
	entries.forEach((entry, ply) => {
		const last = rows[rows.length - 1];
		if (entry.player === 2 && last && last.plies[1] === null) last.plies[1] = ply;
		else rows.push({number: entry.number, plies: entry.player === 1 ? [ply, null] : [null, ply]});
	});
	return rows;
}

/** The row of the move list that shows entries[ply], or -1 where there is none. */
export const rowOfPly = (entries: readonly MoveEntry[], ply: number): number => moveRows(entries).findIndex(row => row.plies.includes(ply));

/** Columns a move and its mark take before the reply: the eight a move always had in the list, and two for a mark ("??"). */
const MOVE_COLUMNS = 10;

interface Piece {
	readonly text: string;
	readonly inverse?: boolean;
	readonly dim?: boolean;
	readonly color?: string | undefined;
}

/** Pieces of a row cut to `width` columns, the cut marked as fit() marks it. */
function cutPieces(pieces: readonly Piece[], width: number, ascii: boolean): Piece[] {
	const total = pieces.reduce((sum, piece) => sum + [...piece.text].length, 0);
	if (total <= width) return [...pieces];
	const kept: Piece[] = [];
	let room = Math.max(0, width - 1);
	for (const piece of pieces) {
		const chars = [...piece.text];
		kept.push({...piece, text: chars.slice(0, room).join('')});
		room -= Math.min(room, chars.length);
		if (room === 0) break;
	}
	if (width > 0) kept.push({text: ascii ? '>' : '…'});
	return kept;
}

/**
 * The move list, two moves a row, in `height` rows. `current` is the ply of the move that led to
 * the position shown (-1: the first position, no move): it is highlighted, and the moves after
 * it (taken back, or walked back over) are dimmed. Without it nothing is (the demo's list, which
 * is only watched). The list shows the current move and is scrolled `back` rows up from there.
 * `marks` (per ply, e.g. "??") are drawn after the moves, in `markColors`.
 */
export const MoveList = memo(function MoveList({
	entries,
	height,
	back,
	width,
	theme,
	current,
	marks,
	markColors,
}: {
	entries: readonly MoveEntry[];
	height: number;
	back: number;
	width: number;
	theme: Theme;
	current?: number;
	marks?: readonly (string | null)[];
	markColors?: readonly (string | undefined)[];
}) {
	if (height <= 0) return null;
	const rows = moveRows(entries);
	const shown = Math.max(1, height - 1);
	const currentPly = current ?? entries.length - 1;
	// The row of the current move, or of the last when nothing is highlighted.
	const currentRow = rows.findIndex(row => row.plies.includes(currentPly));
	// The current move in view, with a row or two of what follows it where there is more.
	const following = Math.min(2, Math.floor((shown - 1) / 2));
	const anchor = Math.min(rows.length, Math.max(shown, currentRow + 1 + following));
	const end = Math.max(Math.min(shown, rows.length), anchor - back);
	const visible = rows.slice(Math.max(0, end - shown), end);
	const earlier = end - visible.length;
	const later = rows.length - end;
	const title =
		earlier + later > 0
			? `Moves (${[earlier > 0 ? `${earlier} earlier` : '', later > 0 ? `${later} later` : ''].filter(Boolean).join(', ')}, PgUp/PgDn)`
			: 'Moves';
	const move = (ply: number): Piece[] => {
		const mark = marks?.[ply] ?? '';
		const here = current !== undefined && ply === current;
		return [
			// Without colour the highlight cannot show: a marker stands before the current move.
			{text: here && !theme.color ? theme.glyphs.current : ' '},
			{text: entries[ply]!.text, inverse: here && theme.color, dim: ply > currentPly && theme.color},
			{text: mark, color: theme.color ? markColors?.[ply] : undefined},
		];
	};
	const pieces = (row: MoveRow): Piece[] => {
		const [first, second] = row.plies;
		const left = first === null ? [{text: ' '}, {text: theme.ascii ? '..' : '…'}] : move(first);
		const used = left.reduce((sum, piece) => sum + [...piece.text].length, 0);
		return [
			{text: `${String(row.number).padStart(3)}.`},
			...left,
			...(second === null ? [] : [{text: ' '.repeat(Math.max(1, 1 + MOVE_COLUMNS - used))}, ...move(second)]),
		];
	};
	return (
		<Box flexDirection="column" height={height}>
			<Text bold color={theme.color ? theme.dim : undefined} wrap="truncate">
				{fit(title, width)}
			</Text>
			{visible.length === 0 ? <Text color={theme.color ? theme.dim : undefined}> none yet</Text> : null}
			{visible.map(row => (
				<PaintedLine
					key={row.plies.join(' ')}
					text={cutPieces(pieces(row), width, theme.ascii)
						.map(piece => painted(piece.text, piece))
						.join('')}
				/>
			))}
		</Box>
	);
}, same);

export interface Thinking {
	readonly who: string;
	readonly info: EngineInfo | null;
	readonly startedAt: number;
	/** The move's hard deadline in milliseconds (the bar's end), or null when thinking without end. */
	readonly budgetMs: number | null;
	/** Whose view the engine searched from. */
	readonly mover: Player;
}

/** Spinner, time budget bar, depth, evaluation and principal variation. */
export function EngineLine({
	thinking,
	now,
	theme,
	width,
	sides,
}: {
	thinking: Thinking;
	now: number;
	theme: Theme;
	width: number;
	sides: readonly [string, string];
}) {
	const {glyphs} = theme;
	const elapsed = Math.max(0, now - thinking.startedAt);
	const frame = glyphs.spinner[Math.floor(elapsed / THINKING_FRAME_MS) % glyphs.spinner.length];
	const info = thinking.info;
	const best = info?.lines[0];
	const depth = info ? `depth ${info.depth}` : 'starting';
	const score = best ? formatScore(best.score, thinking.mover, sides) : '';
	const seconds =
		thinking.budgetMs === null
			? `${(elapsed / 1000).toFixed(1)} s`
			: `${(elapsed / 1000).toFixed(1)}/${(thinking.budgetMs / 1000).toFixed(1)} s`;
	const withBar =
		thinking.budgetMs === null ? seconds : `${bar(elapsed / thinking.budgetMs, 10, glyphs.barFull, glyphs.barEmpty)} ${seconds}`;
	// The score whole before the bar: where the row is short, the bar goes first.
	const budget = [...`  ${withBar}  ${depth}  ${score}`].length <= width ? withBar : seconds;
	return (
		<Box flexDirection="column">
			<Text wrap="truncate">
				<Text color={theme.color ? theme.accent : undefined}>{frame}</Text>
				{fit(` ${thinking.who} thinking`, width - 1)}
			</Text>
			<Text wrap="truncate">{fit(`  ${budget}  ${depth}  ${score}`, width)}</Text>
			<Text wrap="truncate" color={theme.color ? theme.dim : undefined}>
				{fit(best ? `  ${lineText(best.text)}` : '', width)}
			</Text>
		</Box>
	);
}

/** The status: what just happened or what is wrong, in two rows at most, broken between words. */
export function StatusLine({text, error, theme, width}: {text: string; error: boolean; theme: Theme; width: number}) {
	const lines = wrapLines(text, width);
	const shown = lines.length > 2 ? [lines[0]!, fit(lines.slice(1).join(' '), width, theme.ascii)] : lines;
	return (
		<Box height={2} width={width} flexDirection="column">
			{shown.map((line, index) => (
				<Text key={index} color={theme.color && error ? theme.error : undefined} bold={error}>
					{line}
				</Text>
			))}
		</Box>
	);
}

/**
 * A line of key hints within `width`: the first and the last two always (the cursor keys; ? keys
 * and quit), those between as many as fit, the later ones going first.
 */
export function hintLine(items: readonly string[], width: number): string {
	const join = (list: readonly string[]) => list.join(' · ');
	const head = items.slice(0, 1);
	const tail = items.slice(-2);
	const middle = items.slice(1, -2);
	while (middle.length > 0 && join([...head, ...middle, ...tail]).length > width) middle.pop();
	return fit(join([...head, ...middle, ...tail]), width);
}

/** The result of a finished game, in a box: who won, how (in full, over as many rows as it takes), the points. */
export function GameOver({
	game,
	outcome,
	scores,
	tally,
	theme,
	width,
	praise,
	kept = null,
}: {
	game: AnyGame;
	outcome: Outcome;
	scores: readonly [number, number];
	tally: readonly string[];
	theme: Theme;
	width: number;
	praise: boolean;
	kept?: string | null;
}) {
	const inner = Math.max(1, width - 4);
	const title = outcome.winner
		? `${game.sides[outcome.winner - 1]} wins${praise ? ': well played!' : ''}`
		: outcome.result === 'tie'
			? 'A tie'
			: 'A draw';
	return (
		<Box flexDirection="column" borderStyle={theme.ascii ? 'classic' : 'round'} paddingX={1} width={width}>
			<Text bold color={theme.color ? theme.accent : undefined} wrap="truncate">
				{fit(title, inner)}
			</Text>
			{wrapLines(outcome.description, inner).map((row, index) => (
				<Text key={index}>{row}</Text>
			))}
			{tally.length > 0 ? (
				tally.flatMap((line, index) => wrapItems(line, inner).map((row, part) => <Text key={`t${index}-${part}`}>{row}</Text>))
			) : !game.hasPoints ? null : (
				<Text wrap="truncate">
					{fit(`${capitalized(game.phrases.points.many)}: ${game.sides[0]} ${scores[0]} · ${game.sides[1]} ${scores[1]}`, inner)}
				</Text>
			)}
			{kept === null
				? null
				: keptRows(kept, inner).map((row, index) => (
						<Text key={`k${index}`} color={theme.color ? theme.dim : undefined}>
							{row}
						</Text>
					))}
		</Box>
	);
}

/**
 * A tally line ("X 48: A4-A7 10, B1-B5 25, D5-D7 3") in rows of `width`, broken only between its
 * items (after a comma), so that a run and its points stay together; an item longer than a row
 * is broken between words.
 */
export function wrapItems(line: string, width: number): string[] {
	const rows: string[] = [];
	let row = '';
	for (const item of line.split(/(?<=,) /)) {
		const joined = row === '' ? item : `${row} ${item}`;
		if ([...joined].length <= width) {
			row = joined;
			continue;
		}
		if (row !== '') rows.push(row);
		const parts = wrapLines(item, width);
		rows.push(...parts.slice(0, -1));
		row = parts.at(-1) ?? '';
	}
	if (row !== '') rows.push(row);
	return rows;
}

/** The lines telling where a finished game's points came from, when the game tells them and the rules ended it. */
export const tallyOf = (game: AnyGame, state: unknown): readonly string[] => (game.tally && game.outcome(state) ? game.tally(state) : []);

/** Where a finished game was kept, as the result box says it: its folder, then its name, each on lines of its own. */
const keptRows = (path: string, width: number): string[] => [
	"Kept (the menu's Games played):",
	...wrapLines(`${dirname(path)}/`, width),
	...wrapLines(basename(path), width),
];

/** The rows GameOver takes. */
export const gameOverRows = (
	game: AnyGame,
	outcome: Outcome,
	width: number,
	tally: readonly string[] = [],
	kept: string | null = null,
): number => {
	const inner = Math.max(1, width - 4);
	const points = tally.length > 0 ? tally.reduce((rows, line) => rows + wrapItems(line, inner).length, 0) : game.hasPoints ? 1 : 0;
	return 3 + wrapLines(outcome.description, inner).length + points + (kept === null ? 0 : keptRows(kept, inner).length);
};

/** A tick before what a right move is told, a cross before a miss's reason (in words where Unicode is not drawn): the lessons' and the puzzles'. */
export function markOf(mark: 'pass' | 'miss' | undefined, ascii: boolean): string {
	if (mark === undefined) return '';
	return mark === 'pass' ? (ascii ? 'OK: ' : '✓ ') : ascii ? 'No: ' : '✗ ';
}
