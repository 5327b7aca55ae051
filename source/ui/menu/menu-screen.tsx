/** The start menu: the game, play against the AI (side, level, clock), two players, demo, analyse, open, help, quit. */
import {Box, Text, useApp} from 'ink';
import {useState} from 'react';
import {lessonsLine, puzzlesLine} from '../../learn/standing.js';
import {loadLearning} from '../../learn/store.js';
import {BLOCKED, type BoardView, type Outcome} from '../../games/game.js';
import {Board, boardSize, COMPACT, NO_MARKS} from '../boards/index.js';
import type {Player} from '../../games/game.js';
import type {AnyGame} from '../../games/registry.js';
import {shownValue, squareSizes} from '../../games/setup.js';
import {levelOf} from '../../engine/levels.js';
import {useEnvironment, useKeys, useRootWidth, useTerminalSize} from '../context.js';
import {DialogView, TooSmall} from '../dialogs/dialogs.js';
import {gamesDialog, loadDialog, type LoadDialog} from '../dialogs/dialog-state.js';
import {gamesDir} from '../../files/review-export.js';
import {loadGame} from '../../files/load-game.js';
import {readReviewable} from '../../files/source.js';
import {fit, wrapLines} from '../format.js';
import {hintLine} from '../panel.js';
import {
	boardOf,
	menuReducer,
	menuState,
	rowsOf,
	optionOfRow,
	setupOf,
	type GameStart,
	type MenuChoices,
	type MenuEffect,
	type Purpose,
	type FixedRow,
	type Row,
} from './menu-state.js';
import {useStore, type Dispatch} from '../store.js';
import type {MenuAction} from './menu-state.js';

export type {MenuChoices} from './menu-state.js';

export type MenuPick =
	| GameStart
	/** The game's lessons, or its puzzles. */
	| {readonly kind: 'learn' | 'puzzles'; readonly game: AnyGame}
	/** Served: the room made for a friend, which the host plays in as `side`. */
	| {readonly kind: 'room'; readonly code: string; readonly side: Player; readonly choices: MenuChoices; readonly game: AnyGame}
	| {readonly kind: 'lobby'; readonly note?: string}
	| {
			readonly kind: Purpose;
			readonly choices: MenuChoices;
			readonly game: AnyGame;
			readonly line: readonly unknown[];
			readonly moves: readonly number[];
			readonly ended: Outcome | null;
			readonly note: string | null;
			readonly path: string;
			/** Who played each side, where the file says (a record's, a referee game's). */
			readonly players?: readonly [string, string];
			/** The name a record of it takes. */
			readonly name?: string;
			/** Chosen in the Games list: Esc from its review comes back to the list. */
			readonly fromGames?: boolean;
			/** False where the file says the game was played without a clock. */
			readonly clocked?: boolean;
	  };

/** Columns of the menu's rows beside a board's preview, and of the preview (a compact 7×7 board). */
const MENU_COLUMNS = 48;
const PREVIEW_COLUMNS = 2 + 7 * 3 + 6;

/** The list of saves, titled by what it was opened for. */
const LIST_TITLES = {analyse: 'Analyse a saved game', review: 'Review a saved game', open: 'Open a saved game and play on'} as const;

/** The list with the saves of `game` first (newest first among them, then the others as they were). */
const gameFirst = (dialog: LoadDialog, game: AnyGame): LoadDialog => ({
	...dialog,
	entries: [...dialog.entries.filter(entry => entry.game === game.name), ...dialog.entries.filter(entry => entry.game !== game.name)],
});

/** How many squares of a board are out of play (a board of squares' holes). */
const holesOf = (view: BoardView): number => (view.kind === 'grid' ? view.cells.filter(cell => cell === BLOCKED).length : 0);

export function MenuScreen({
	game: initialGame,
	initial,
	onPick,
	openGames = false,
	friend = false,
}: {
	game: AnyGame;
	initial: MenuChoices;
	onPick: (pick: MenuPick) => void;
	openGames?: boolean;
	/** Served: start on the row that makes a room for a friend. */
	friend?: boolean;
}) {
	const {theme, savesDir, remote} = useEnvironment();
	const {exit} = useApp();
	const size = useTerminalSize();
	const rootWidth = useRootWidth();
	const perform = (effect: MenuEffect, dispatch: Dispatch<MenuAction>) => {
		switch (effect.kind) {
			case 'play':
			case 'two-players':
			case 'demo':
			case 'learn':
			case 'puzzles':
				return onPick(effect);
			case 'list':
				return dispatch({
					type: 'listed',
					dialog: gameFirst(loadDialog(savesDir, `${LIST_TITLES[effect.purpose]}, ${effect.game.name} first`), effect.game),
					purpose: effect.purpose,
				});
			case 'list-games':
				return dispatch({type: 'games-listed', dialog: gamesDialog(gamesDir(savesDir), remote?.me.name ?? null)});
			case 'open': {
				if (effect.purpose === 'review') {
					// The whole game, with the players a record or a referee game names.
					const source = readReviewable(effect.path, undefined);
					if (!source.ok) return dispatch({type: 'open-failed', error: source.error});
					const {players, name, note, recordText: _text, date: _date, ...played} = source.value;
					return onPick({
						kind: 'review',
						choices: effect.choices,
						...played,
						note,
						path: effect.path,
						name,
						...(players ? {players} : {}),
						...(effect.fromGames ? {fromGames: true} : {}),
					});
				}
				const loaded = loadGame(effect.path);
				if (!loaded.ok) return dispatch({type: 'open-failed', error: loaded.error});
				const {players, ...game} = loaded.value;
				return onPick({kind: effect.purpose, choices: effect.choices, ...game, ...(players ? {players} : {}), path: effect.path});
			}
			case 'quit':
				return exit(effect.code);
			case 'lobby':
				return onPick({kind: 'lobby'});
			case 'create': {
				if (!remote) return;
				const {game, choices} = effect;
				const created = remote.create({
					game,
					setup: setupOf(game, choices),
					clockSeconds: choices.clock,
					side: choices.side,
					private: effect.private,
				});
				if (!created.ok) return onPick({kind: 'lobby', note: created.error});
				return onPick({kind: 'room', code: created.value, side: choices.side, choices, game});
			}
		}
	};
	const [state, dispatch] = useStore(
		menuReducer,
		() =>
			menuState(
				initialGame,
				initial,
				openGames ? gamesDialog(gamesDir(savesDir), remote?.me.name ?? null) : null,
				remote ? {friend} : undefined,
			),
		perform,
	);
	const {choices, game, dialog, row} = state;
	// The person's lessons and puzzles so far, for the rows that lead to them: read once a visit.
	// A file that does not read is set aside there, and its note shown below the rows.
	const [learning] = useState(() => loadLearning(savesDir));

	const level = levelOf(choices.level);
	const board = game.randomBoards ? boardOf(game, choices) : null;
	const rows = rowsOf(state);
	const setup = setupOf(game, choices);
	const arrows = (text: string) => (theme.ascii ? `< ${text} >` : `◀ ${text} ▶`);
	const holes = board === null ? 0 : holesOf(game.board(board));
	const labels: Record<FixedRow, string> = {
		game: `Game          ${arrows(game.name)}`,
		play: 'Play against the AI',
		side: `   Your side   ${arrows(`${game.sides[choices.side - 1]}${choices.side === 1 ? ' (moves first)' : ''}`)}`,
		level: `   Level       ${arrows(`${level.level} ${level.name}`)}`,
		board: board === null ? '' : `Board         ${arrows(`${holes > 0 ? `${holes} holes · ` : ''}seed ${choices.board}`)}`,
		clock: `   Clock       ${arrows(choices.clock === null ? 'no clock' : game.clock.per === 'move' ? `${choices.clock} s a move` : `${choices.clock} s each`)}`,
		bell: `Bell          ${arrows(choices.bell === false ? 'off' : 'on')}`,
		threads: choices.threads
			? `Threads       ${arrows(`${choices.threads.count} of ${choices.threads.cores} ${choices.threads.cores === 1 ? 'core' : 'cores'}`)}`
			: '',
		'two-players': 'Two players at one keyboard',
		learn: `Learn the rules (${lessonsLine(learning.data, game)})`,
		puzzles: `Puzzles: ${puzzlesLine(learning.data, game)}`,
		demo: `Watch a demo: level ${level.level} against itself`,
		analyse: 'Analyse a saved game',
		review: 'Review a saved game: every move judged',
		open: 'Open a saved game and play on',
		games: 'Games played: review or replay them',
		help: 'Keys',
		quit: 'Quit',
		friend: 'Play a friend here (side and clock above)',
		'friend-private': 'Play a friend, private (by code only)',
		lobby: 'Lobby: the games on the server',
	};
	// Title, a free row, the rows, the level's line, a free row and the keys (the tagline too where
	// there is a row more), each row whole: smaller, the menu says how big it must be instead of
	// being drawn cut off, and only q acts (Enter would start what cannot be seen).
	// A setup option's row: its label and its value, as the game describes them.
	const label = (which: Row): string => {
		const option = optionOfRow(game, which);
		return option ? `${option.row!.padEnd(14)}${arrows(shownValue(option, setup))}` : labels[which as FixedRow];
	};
	const need = {columns: Math.max(40, ...rows.map(which => [...label(which)].length + 3)), rows: rows.length + 4};
	const fits = size.columns >= need.columns && size.rows >= need.rows;
	useKeys(name => {
		if (fits || dialog || name === 'q' || name === 'ctrl+c') dispatch({type: 'key', name});
	});
	if (dialog) return <DialogView dialog={dialog} theme={theme} width={size.columns} height={size.rows} />;
	if (!fits) return <TooSmall columns={size.columns} rows={size.rows} needColumns={need.columns} needRows={need.rows} />;
	const tooSmall = size.rows < rows.length + 7;
	// The level's line and the free row after it go first when rows are short (LINES and BOXES's
	// menu, the longest, at 24 rows).
	const levelLine = size.rows >= rows.length + 6;
	// The board a new game starts on, beside the rows, where there is room: re-rolling shows the new one.
	// (A board of dots and lines takes its size's room: 8 rows of boxes do not fit beside the rows in 24 lines.)
	const previewSize = board === null ? null : boardSize(game.board(board), COMPACT);
	const besideBoard =
		previewSize !== null &&
		size.columns >= MENU_COLUMNS + 2 + Math.max(PREVIEW_COLUMNS - 2, previewSize.columns) &&
		size.rows >= (levelLine ? 6 : 4) + Math.max(rows.length, previewSize.rows);
	// On a Size row, digits give a square size at once: said in the keys row.
	const sizeOption = optionOfRow(game, row);
	const squares = sizeOption?.kind === 'size' ? `${squareSizes(sizeOption).join('-')} square` : null;
	const menuRows = rows.map(which => {
		const chosen = which === row;
		return (
			<Text key={which} wrap="truncate" inverse={chosen} bold={chosen}>
				{fit(`${chosen ? (theme.ascii ? '> ' : '▸ ') : '  '}${label(which)}`, (besideBoard ? MENU_COLUMNS : size.columns) - 1)}
			</Text>
		);
	});
	const preview = besideBoard ? (
		<Box marginLeft={2}>
			<Board view={game.board(board)} marks={NO_MARKS} theme={theme} flipped={false} cell={COMPACT} />
		</Box>
	) : null;
	// The title names the program; the game row says which game.
	return (
		<Box flexDirection="column" width={rootWidth}>
			<Text bold color={theme.color ? theme.accent : undefined}>
				{`potm · ${game.name}`}
			</Text>
			{tooSmall ? null : <Text color={theme.color ? theme.dim : undefined}>{fit(game.tagline, size.columns)}</Text>}
			<Text> </Text>
			{preview ? (
				<Box>
					<Box flexDirection="column" width={MENU_COLUMNS}>
						{menuRows}
					</Box>
					{preview}
				</Box>
			) : (
				menuRows
			)}
			{/* What the level chosen plays like, whole: the Level row has no room for it. */}
			{learning.note !== null ? (
				// In the level's two rows: the learning file set aside, said once, named.
				wrapLines(learning.note, size.columns - 1)
					.slice(0, levelLine ? 2 : 1)
					.map((line, index) => (
						<Text key={`note-${index}`} color={theme.color ? theme.error : undefined} bold>
							{line}
						</Text>
					))
			) : levelLine ? (
				<Text color={theme.color ? theme.dim : undefined} wrap="truncate">
					{fit(`Level ${level.level} ${level.name}: ${level.description}`, size.columns - 1)}
				</Text>
			) : null}
			{levelLine && learning.note === null ? <Text> </Text> : null}
			<Text color={theme.color ? theme.dim : undefined} wrap="truncate">
				{hintLine(
					[
						`${theme.ascii ? 'Up/Down' : '↑↓'} choose`,
						`${theme.ascii ? 'Left/Right' : '←→'} change`,
						'Enter starts',
						// The first to go where the row is short (ASCII at 80 columns): the help says it too.
						...(squares === null ? [] : [squares]),
						'? keys',
						state.served ? 'q lobby' : 'q quits',
					],
					size.columns,
				)}
			</Text>
		</Box>
	);
}
