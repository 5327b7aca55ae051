/** Help, save and open, drawn: their state and keys are in dialog-state.ts, kept by the screen. */
import {Box, Text} from 'ink';
import type {ReactElement} from 'react';
import type {GamePhrases} from '../../games/game.js';
import {baseGameId, games, type AnyGame} from '../../games/registry.js';
import {bindingsOf, labelOf, showKey, type KeyContext} from '../keys.js';
import {fit, wrapLines} from '../format.js';
import type {Dialog, GamesDialog, LoadDialog as LoadState, SaveDialog as SaveState} from './dialog-state.js';
import {tallyText} from '../../files/games.js';
import type {Theme} from '../theme.js';

const TITLES: Readonly<Record<KeyContext, string>> = {
	menu: 'Menu',
	play: 'Playing',
	over: 'Game over',
	analysis: 'Analysis',
	demo: 'Demo',
	review: 'Review',
	lobby: 'Lobby',
	room: 'Playing or watching on the server',
	'room-over': 'Game over, on the server',
};

const CURSOR_LABEL = 'move the cursor';

/** The widest a dialog is drawn: the help, whose rows are sentences, a little wider than the lists. */
const HELP_COLUMNS = 100;
const DIALOG_COLUMNS = 80;

/** A dialog in a terminal `width` columns wide and `height` rows high. */
export function DialogView({dialog, theme, width, height}: {dialog: Dialog; theme: Theme; width: number; height: number}) {
	switch (dialog.kind) {
		case 'help':
			return (
				<Help
					context={dialog.context}
					notes={dialog.notes ?? []}
					phrases={dialog.phrases}
					theme={theme}
					width={Math.min(width, HELP_COLUMNS)}
					height={height}
				/>
			);
		case 'save':
			return <SaveDialog dialog={dialog} theme={theme} width={Math.min(width, DIALOG_COLUMNS)} />;
		case 'load':
			return <LoadDialog dialog={dialog} theme={theme} width={Math.min(width, DIALOG_COLUMNS)} height={height} />;
		case 'games':
			return <GamesList dialog={dialog} theme={theme} width={Math.min(width, DIALOG_COLUMNS)} height={height} />;
	}
}

interface KeyRow {
	readonly keys: string;
	readonly label: string;
}

/** Rows of a context's keys: the keys and what they do; the four cursor keys in one row, and bindings that share a row in theirs. */
function keyRows(context: KeyContext, ascii: boolean, phrases: GamePhrases | undefined): KeyRow[] {
	const bindings = bindingsOf(context);
	// The four cursor keys take one row: "↑ ↓ ← → k j h l  move the cursor".
	const cursor = bindings.filter(binding => binding.label.startsWith('cursor '));
	const rows: KeyRow[] = [];
	for (const binding of bindings) {
		if (cursor.length === 4 && cursor.includes(binding)) {
			if (binding !== cursor[0]) continue;
			const keys = [...cursor.map(entry => showKey(entry.keys[0]!, ascii)), ...cursor.flatMap(entry => entry.keys.slice(1))].join(' ');
			rows.push({keys, label: CURSOR_LABEL});
			continue;
		}
		const together = binding.row === undefined ? [binding] : bindings.filter(entry => entry.row === binding.row);
		if (binding !== together[0]) continue;
		const keys = together.flatMap(entry => entry.keys.map(key => showKey(key, ascii))).join(' ');
		rows.push({keys, label: together.map(entry => labelOf(entry, phrases)).join('; ')});
	}
	return rows;
}

/** The keys take this many columns before what they do. */
const KEYS_COLUMNS = 15;

/** A key row in `width` columns: whole over as many lines as it takes, what the keys do under itself; else (not `whole`) cut to one. */
function keyLines({keys, label}: KeyRow, width: number, whole: boolean): string[] {
	const lead = `${keys.padEnd(KEYS_COLUMNS - 1)} `;
	if (!whole) return [fit(lead + label, width)];
	const said = wrapLines(label, Math.max(10, width - [...lead].length));
	return said.map((line, index) => fit((index === 0 ? lead : ' '.repeat([...lead].length)) + line, width));
}

/**
 * What the menu's help says of a game's keys, for a newcomer who looks there first: what Enter
 * and a typed move are in each game, in the games' own words (games with the same words together).
 */
export function gameKeysInShort(list: readonly AnyGame[] = games.filter(game => baseGameId(game) === game.id)): string {
	const groups: {names: string[]; phrases: GamePhrases}[] = [];
	for (const game of list) {
		const same = groups.find(
			group => group.phrases.select === game.phrases.select && group.phrases.moveExample === game.phrases.moveExample,
		);
		if (same) same.names.push(game.name);
		else groups.push({names: [game.name], phrases: game.phrases});
	}
	const each = groups.map(({names, phrases}) => `${names.join(' and ')}: ${phrases.select}, or type m ${phrases.moveExample}`);
	return `In a game the arrows (or h j k l) move the cursor and Enter plays. ${each.join('. ')}. Then u takes back, t gives a hint, s saves, o opens, Esc goes back to the menu; ? there lists every key.`;
}

/** Every key of a context, from the one binding table; any key closes it. */
function Help({
	context,
	notes,
	phrases,
	theme,
	width,
	height,
}: {
	context: KeyContext;
	notes: readonly string[];
	phrases: GamePhrases | undefined;
	theme: Theme;
	width: number;
	height: number;
}) {
	const rows = keyRows(context, theme.ascii, phrases);
	const noteRows = notes.flatMap(note => wrapLines(note, width - 4));
	const gameRows = context === 'menu' ? wrapLines(gameKeysInShort(), width - 4) : [];
	// The rows the keys may take: all but the border, the title, the last line, what is said below them and a row to spare.
	const room = height - 5 - (noteRows.length > 0 ? noteRows.length + 1 : 0) - (gameRows.length > 0 ? gameRows.length + 1 : 0);
	// The first layout whose rows fit: one column, each row whole over as many lines as it takes;
	// two such columns; one column of a line a row, cut where it must be; two of those.
	const laid = (columns: number, whole: boolean) => {
		const columnWidth = Math.floor((width - 2) / columns);
		const perColumn = Math.ceil(rows.length / columns);
		const lines = Array.from({length: columns}, (_, column) =>
			rows.slice(column * perColumn, (column + 1) * perColumn).flatMap(row => keyLines(row, columnWidth - 1, whole)),
		);
		return {columnWidth, lines, tallest: Math.max(...lines.map(one => one.length))};
	};
	let layout: ReturnType<typeof laid> | undefined;
	for (const [columns, whole] of [
		[1, true],
		[2, true],
		[1, false],
	] as const) {
		const tried = laid(columns, whole);
		if (tried.tallest <= room) {
			layout = tried;
			break;
		}
	}
	const {columnWidth, lines} = layout ?? laid(2, false);
	return (
		<Box flexDirection="column" borderStyle={theme.ascii ? 'classic' : 'round'} paddingX={1} width={width}>
			<Text bold>{`Keys — ${TITLES[context]}`}</Text>
			<Box>
				{lines.map((column, index) => (
					<Box key={index} flexDirection="column" width={columnWidth}>
						{column.map((line, at) => (
							<Text key={at} wrap="truncate">
								{line}
							</Text>
						))}
					</Box>
				))}
			</Box>
			{context === 'menu' ? (
				<Box marginTop={1} flexDirection="column">
					{gameRows.map(line => (
						<Text key={line}>{line}</Text>
					))}
				</Box>
			) : null}
			{noteRows.length > 0 ? (
				<Box marginTop={1} flexDirection="column">
					{noteRows.map((line, index) => (
						<Text key={index}>{line}</Text>
					))}
				</Box>
			) : null}
			<Text color={theme.color ? theme.dim : undefined}>Any key closes this help.</Text>
		</Box>
	);
}

/** A name for the save, the date and time by default; Enter saves, Esc cancels. */
function SaveDialog({dialog, theme, width}: {dialog: SaveState; theme: Theme; width: number}) {
	const {dir, name, problem} = dialog;
	return (
		<Box flexDirection="column" borderStyle={theme.ascii ? 'classic' : 'round'} paddingX={1} width={width}>
			<Text bold>Save the position</Text>
			<Text wrap="truncate">
				{`Name: ${name}`}
				<Text inverse> </Text>
				<Text color={theme.color ? theme.dim : undefined}>{'.txt'}</Text>
			</Text>
			<Text wrap="truncate" color={theme.color ? theme.dim : undefined}>
				{fit(`into ${dir}/ · Enter saves · Esc cancels · Ctrl-U clears`, width - 4)}
			</Text>
			{problem ? (
				<Text wrap="truncate" color={theme.color ? theme.error : undefined}>
					{fit(problem, width - 4)}
				</Text>
			) : null}
		</Box>
	);
}

/** The files of the saves folder with their side to move and move number; Enter opens one. */
function LoadDialog({dialog, theme, width, height}: {dialog: LoadState; theme: Theme; width: number; height: number}) {
	const {dir, entries, index, problem} = dialog;
	// Title, footer, a two-row error, the border and the free row: the rest lists files.
	const shown = Math.max(1, height - 8);
	const first = Math.max(0, Math.min(index - Math.floor(shown / 2), entries.length - shown));
	const nameWidth = Math.min(28, Math.max(8, ...entries.map(entry => entry.name.length)));
	return (
		<Box flexDirection="column" borderStyle={theme.ascii ? 'classic' : 'round'} paddingX={1} width={width}>
			<Text
				bold
			>{`${dialog.title ?? 'Open a saved position'} (${dir}/)${entries.length > shown ? ` · ${first + 1}–${Math.min(entries.length, first + shown)} of ${entries.length}, ↑↓ scroll` : ''}`}</Text>
			{entries.length === 0 ? <Text>{`No saved positions in ${dir}/ yet: s saves one.`}</Text> : null}
			{entries.slice(first, first + shown).map((entry, offset) => {
				const at = first + offset;
				const chosen = at === index;
				const detail = entry.error
					? `${theme.ascii ? 'x' : '✗'} cannot be read`
					: `${entry.game === null ? '' : `${entry.game} · `}${entry.summary ?? ''}`;
				return (
					<Text key={entry.path} wrap="truncate" inverse={chosen} color={theme.color && entry.error ? theme.error : undefined}>
						{fit(`${chosen ? '>' : ' '} ${fit(entry.name, nameWidth).padEnd(nameWidth)}  ${detail}`, width - 4)}
					</Text>
				);
			})}
			<ListFooter keys="↑↓ choose · Enter opens · Esc cancels" problem={problem} theme={theme} width={width} />
		</Box>
	);
}

/** Under a list of files: its keys, and why the file chosen could not be opened (two rows at most). */
function ListFooter({keys, problem, theme, width}: {keys: string; problem: string | null; theme: Theme; width: number}) {
	return (
		<>
			<Text color={theme.color ? theme.dim : undefined} wrap="truncate">
				{fit(keys, width - 4, theme.ascii)}
			</Text>
			{problem ? (
				<Text wrap="wrap" color={theme.color ? theme.error : undefined}>
					{fit(problem, (width - 4) * 2)}
				</Text>
			) : null}
		</>
	);
}

/** A time as the Games list shows it: "2026-11-27 23:10", local. */
const when = (date: Date): string => {
	const two = (n: number) => String(n).padStart(2, '0');
	return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}:${two(date.getMinutes())}`;
};

/** The tallies at most shown above the list. */
const TALLIES_SHOWN = 3;

/** The finished games, newest first, with the tally per game and opponent above them; Enter reviews one, a opens its board. */
function GamesList({dialog, theme, width, height}: {dialog: GamesDialog; theme: Theme; width: number; height: number}) {
	const {dir, entries, tallies, index, problem} = dialog;
	const tallyRows = tallies.slice(0, TALLIES_SHOWN).map(tallyText);
	if (tallies.length > TALLIES_SHOWN) tallyRows.push(`and ${tallies.length - TALLIES_SHOWN} more`);
	// Title, the tallies and a free row after them, footer, a two-row error, the border: the rest lists games.
	const shown = Math.max(1, height - 7 - (tallyRows.length > 0 ? tallyRows.length + 1 : 0));
	const first = Math.max(0, Math.min(index - Math.floor(shown / 2), entries.length - shown));
	const gameWidth = Math.min(16, Math.max(5, ...entries.map(entry => (entry.error ? 0 : entry.game.length))));
	const dim = theme.color ? theme.dim : undefined;
	return (
		<Box flexDirection="column" borderStyle={theme.ascii ? 'classic' : 'round'} paddingX={1} width={width}>
			<Text bold wrap="truncate">
				{fit(
					`Games played (${dir}/)${entries.length > shown ? ` · ${first + 1}–${Math.min(entries.length, first + shown)} of ${entries.length}` : ''}`,
					width - 4,
					theme.ascii,
				)}
			</Text>
			{tallyRows.map(row => (
				<Text key={row} wrap="truncate" color={dim}>
					{fit(row, width - 4, theme.ascii)}
				</Text>
			))}
			{tallyRows.length > 0 ? <Text> </Text> : null}
			{entries.length === 0 ? <Text wrap="wrap">{`No finished games yet: every game played to its end is kept in ${dir}/.`}</Text> : null}
			{entries.slice(first, first + shown).map((entry, offset) => {
				const at = first + offset;
				const chosen = at === index;
				const detail = entry.error
					? `${entry.game}  ${theme.ascii ? 'x' : '✗'} cannot be read`
					: `${fit(entry.game, gameWidth, theme.ascii).padEnd(gameWidth)}  ${entry.result}${entry.ending ? ` ${entry.ending}` : ''}${entry.points ? ` ${entry.points}` : ''} · ${entry.mine ? 'vs ' : ''}${entry.opponent}`;
				return (
					<Text key={entry.path} wrap="truncate" inverse={chosen} color={theme.color && entry.error ? theme.error : undefined}>
						{fit(`${chosen ? '>' : ' '} ${when(entry.modified)}  ${detail}`, width - 4, theme.ascii)}
					</Text>
				);
			})}
			<ListFooter keys="↑↓ choose · Enter reviews · a opens the board · Esc back" problem={problem} theme={theme} width={width} />
		</Box>
	);
}

/** Said instead of drawing a board that does not fit; a question asked meanwhile (q in a game not saved) shows here. */
/**
 * What a game screen shows instead of its board, if anything: that the terminal is too small for
 * its layout (with the question asked, if one is), or its dialog open; null when it shows itself.
 */
export function screenCover(
	layout: {readonly fits: boolean; readonly need: {readonly columns: number; readonly rows: number}},
	size: {readonly columns: number; readonly rows: number},
	question: string | null,
	dialog: Dialog | null,
	theme: Theme,
): ReactElement | null {
	if (!layout.fits)
		return (
			<TooSmall columns={size.columns} rows={size.rows} needColumns={layout.need.columns} needRows={layout.need.rows} question={question} />
		);
	return dialog ? <DialogView dialog={dialog} theme={theme} width={size.columns} height={size.rows} /> : null;
}

export function TooSmall({
	columns,
	rows,
	needColumns,
	needRows,
	question = null,
}: {
	columns: number;
	rows: number;
	needColumns: number;
	needRows: number;
	question?: string | null;
}) {
	return (
		<Box flexDirection="column">
			<Text wrap="wrap">{`The terminal is ${columns}×${rows}; potm needs at least ${needColumns}×${needRows}.`}</Text>
			<Text wrap="wrap">{question ?? 'Make the window larger (q quits).'}</Text>
		</Box>
	);
}
