/**
 * `potm puzzles` and the menu's "Puzzles": the hub (rating, streak, the next rated puzzle, a
 * theme, the puzzle of the day, puzzles from your own games) and a puzzle on the play screen's
 * board. puzzles-state.ts decides what keys do; this draws it, reads the sets and the person's
 * learning file, records each attempt, and runs the look through the kept games on the engine.
 */
import {Box, Text} from 'ink';
import {useEffect, useRef} from 'react';
import {baseGameId, gameById, type AnyGame} from '../../games/registry.js';
import {utcDay} from '../../learn/daily.js';
import {bandOf} from '../../learn/puzzle.js';
import {puzzleSet} from '../../learn/sets.js';
import {recordResult, standingOf} from '../../learn/standing.js';
import {scanMistakes} from '../../learn/mistakes.js';
import {positionOf, nextAnswer} from '../../learn/solve.js';
import {Board, boardViewOf} from '../boards/index.js';
import {boardMarks} from '../boards/board-input.js';
import {stopQuietly, useEnvironment, useKeys, useQuit, useRootWidth, useTerminalSize} from '../context.js';
import {screenCover} from '../dialogs/dialogs.js';
import {fit, typingPrompt, pointsLine, wrapLines} from '../format.js';
import {layoutFor} from '../layout.js';
import {hintLine, markOf, StatusLine} from '../panel.js';
import {
	dailyOf,
	HUB_ROWS,
	puzzlesReducer,
	puzzlesState,
	type HubRow,
	type PuzzlesAction,
	type PuzzlesEffect,
	type PuzzlesState,
} from './puzzles-state.js';
import {useStore, type Dispatch} from '../store.js';

/** Today's date as the puzzle of the day counts it: UTC, YYYY-MM-DD. */
/** The games with a puzzle set of their own: a ruling (classic LOA's mover-wins) shares its game's, and is not listed apart. */
export const puzzleGames = (all: readonly AnyGame[]): AnyGame[] =>
	all.filter(game => baseGameId(game) === game.id && game.puzzleThemes !== undefined && puzzleSet(game).set.length > 0);

export function PuzzlesScreen({
	game: asked,
	games,
	theme: firstTheme = '',
	onMenu,
}: {
	game: AnyGame;
	games: readonly AnyGame[];
	/** The theme chosen at first ('' for all). */
	theme?: string;
	onMenu: (game: AnyGame) => void;
}) {
	const {savesDir, engine} = useEnvironment();
	const {quit, label: quitLabel} = useQuit();
	const size = useTerminalSize();
	const rootWidth = useRootWidth();
	// A ruling's puzzles are its game's: the mover-wins ruling opens classic LOA's.
	const game = gameById(baseGameId(asked)) ?? asked;
	// The look through the kept games under way: set to stop it.
	const scan = useRef<{stopped: boolean} | null>(null);
	const load = (chosen: AnyGame, dispatch: Dispatch<PuzzlesAction>) => {
		const today = utcDay(new Date());
		const read = puzzleSet(chosen);
		const standing = standingOf(savesDir, chosen, today);
		dispatch({type: 'loaded', game: chosen, set: read.set, standing: standing.standing, problem: read.problem ?? standing.note, today});
	};
	const perform = (effect: PuzzlesEffect, dispatch: Dispatch<PuzzlesAction>) => {
		switch (effect.kind) {
			case 'load':
				return load(effect.game, dispatch);
			case 'record': {
				const result = recordResult(savesDir, effect.game, effect.puzzle, effect.solved, {
					rated: effect.rated,
					daily: effect.daily,
					day: effect.day,
				});
				return dispatch({type: 'recorded', standing: result.standing, problem: result.problem});
			}
			case 'scan': {
				const token = {stopped: false};
				scan.current = token;
				const today = utcDay(new Date());
				scanMistakes(engine, savesDir, effect.game, today, {
					onProgress: text => {
						if (!token.stopped) dispatch({type: 'scan-progress', text});
					},
					shouldStop: () => token.stopped,
				})
					.then(result => {
						if (!token.stopped) dispatch({type: 'scanned', standing: result.standing, text: result.text});
					})
					.catch((error: Error) => {
						if (!token.stopped)
							dispatch({
								type: 'scanned',
								standing: standingOf(savesDir, effect.game, today).standing,
								text: `The look through your games stopped: ${error.message}`,
							});
					});
				return;
			}
			case 'stop-scan': {
				if (scan.current) scan.current.stopped = true;
				stopQuietly(engine);
				// What was found before the stop is kept (each game is written as it is done): shown now.
				const {standing} = standingOf(savesDir, effect.game, utcDay(new Date()));
				return dispatch({type: 'scanned', standing, text: 'Stopped: what was found so far is kept. Enter (or s) goes on.'});
			}
			case 'menu':
				return onMenu(effect.game);
			case 'quit':
				return quit(effect.code);
		}
	};
	const [state, dispatch] = useStore(
		puzzlesReducer,
		() => {
			// Read once here: a file set aside is said from the first frame on.
			const today = utcDay(new Date());
			const first = standingOf(savesDir, game, today);
			return {...puzzlesState(game, games, first.standing, today), theme: firstTheme, problem: first.note};
		},
		perform,
	);
	// The set and the standing are read once the screen is up (and again when the Game row turns).
	useEffect(() => load(game, dispatch), []);
	// Leaving stops a look through the games under way.
	useEffect(
		() => () => {
			if (scan.current && !scan.current.stopped) {
				scan.current.stopped = true;
				stopQuietly(engine);
			}
		},
		[],
	);
	useKeys(name => dispatch({type: 'key', name}));
	return state.mode === 'hub' || state.board === null ? (
		<Hub state={state} width={size.columns} rootWidth={rootWidth} quitLabel={quitLabel} />
	) : (
		<PuzzleView state={state} size={size} rootWidth={rootWidth} quitLabel={quitLabel} />
	);
}

function Hub({state, width, rootWidth, quitLabel}: {state: PuzzlesState; width: number; rootWidth: number | undefined; quitLabel: string}) {
	const {theme} = useEnvironment();
	const dim = theme.color ? theme.dim : undefined;
	const {standing, game} = state;
	const arrows = (text: string) => (theme.ascii ? `< ${text} >` : `◀ ${text} ▶`);
	const themeName =
		state.theme === '' ? 'all themes' : (game.puzzleThemes?.themes.find(one => one.id === state.theme)?.name ?? state.theme);
	const daily = dailyOf(state.set, game.id, state.today);
	const inTheme = state.theme === '' ? state.set.length : state.set.filter(puzzle => puzzle.themes.includes(state.theme)).length;
	const mine = standing.mine.length;
	const labels: Record<HubRow, string> = {
		game: `Game     ${arrows(game.name)}`,
		next: `Next puzzle, rated (${inTheme} ${state.theme === '' ? 'in the set' : 'in the theme'})`,
		theme: `Theme    ${arrows(themeName)}`,
		daily: `Puzzle of the day, ${state.today}${standing.dailyDone ? (theme.ascii ? ' [solved]' : ' ✓') : ''}${daily ? ` (${bandOf(daily.rating)})` : ''}${standing.dayStreak > 1 ? ` · ${standing.dayStreak} days in a row` : ''}`,
		mine:
			state.scanning !== null
				? `Puzzles from your games: ${state.scanning} (Esc stops)`
				: `Puzzles from your games: ${mine} found${standing.unscanned > 0 ? `, ${standing.unscanned} kept game${standing.unscanned === 1 ? '' : 's'} to look through (${mine === 0 ? 'Enter' : 's'})` : ''}`,
	};
	const description = state.theme === '' ? null : game.puzzleThemes?.themes.find(one => one.id === state.theme)?.description;
	const about = wrapLines(
		description ?? 'Each puzzle has one clearly best move, proved by the engine. A miss is taken back: look again, or ? for the answer.',
		width - 1,
	).slice(0, 2);
	return (
		<Box flexDirection="column" width={rootWidth}>
			<Text bold color={theme.color ? theme.accent : undefined}>
				{fit(`potm · Puzzles · ${game.name}`, width)}
			</Text>
			<Text color={dim}>
				{fit(
					`Your rating ${Math.round(standing.rating)} ± ${Math.round(2 * standing.deviation)} · streak ${standing.streak} (best ${standing.bestStreak}) · ${standing.tried.size} tried`,
					width,
				)}
			</Text>
			<Text> </Text>
			{HUB_ROWS.map(row => {
				const chosen = row === state.row;
				return (
					<Text key={row} inverse={chosen} bold={chosen} wrap="truncate">
						{fit(`${chosen ? (theme.ascii ? '> ' : '▸ ') : '  '}${labels[row]}`, width - 1)}
					</Text>
				);
			})}
			<Text> </Text>
			{[0, 1].map(index => (
				<Text key={`about-${index}`} color={dim}>
					{about[index] ?? ' '}
				</Text>
			))}
			<StatusLine
				text={state.status.text || state.problem || ''}
				error={state.status.error || (state.status.text === '' && state.problem !== null)}
				theme={theme}
				width={width}
			/>
			<Text color={dim} wrap="truncate">
				{hintLine(
					[`${theme.ascii ? 'Up/Down' : '↑↓'} choose`, `${theme.ascii ? 'Left/Right' : '←→'} change`, 'Enter start', 'Esc menu', quitLabel],
					width,
				)}
			</Text>
		</Box>
	);
}

function PuzzleView({
	state,
	size,
	rootWidth,
	quitLabel,
}: {
	state: PuzzlesState;
	size: {columns: number; rows: number};
	rootWidth: number | undefined;
	quitLabel: string;
}) {
	const {theme} = useEnvironment();
	const dim = theme.color ? theme.dim : undefined;
	const board = state.board!;
	const {game, puzzle} = board;
	const position = positionOf(board);
	const view = boardViewOf(game, position);
	const layout = layoutFor(size.columns, size.rows, view);
	const cover = screenCover(layout, size, null, null, theme);
	if (cover) return cover;
	const panelWidth = layout.panelColumns;
	const solved = board.status === 'solved';
	const answer = state.answer ? nextAnswer(board) : null;
	const lastMove = board.moves.length === 0 ? null : board.moves[board.moves.length - 1]!;
	const last = lastMove === null ? [] : game.moveEnds(board.line[board.line.length - 2], lastMove);
	// The theme chosen is no spoiler: it is named from the start.
	const chosen =
		state.kind === 'rated' && state.theme !== '' ? game.puzzleThemes?.themes.find(one => one.id === state.theme)?.name : undefined;
	const kindText =
		state.kind === 'daily'
			? `puzzle of the day ${state.today}`
			: state.kind === 'mine'
				? 'from your games (not rated)'
				: `rated${chosen ? ` · ${chosen}` : ''}`;
	const moved = state.moved === 0 ? '' : ` (${state.moved > 0 ? '+' : '−'}${Math.abs(Math.round(state.moved))})`;
	const themes = puzzle.themes.map(id => game.puzzleThemes?.themes.find(one => one.id === id)?.name ?? id).join(', ');
	const facts = solved
		? [
				`Themes: ${themes}`,
				`Puzzle rating ${Math.round(puzzle.rating)} (${bandOf(puzzle.rating)}) · your rating ${Math.round(state.standing.rating)}${moved}`,
				`Solution: ${puzzle.solution.join(', ')}`,
				`Found in ${puzzle.source.startsWith('your game') ? puzzle.source : `an engine game (${puzzle.source})`}`,
			]
		: [
				`${game.sides[game.toMove(board.line[0]) - 1]} to move: find the best move${puzzle.solution.length > 1 ? ` (${Math.ceil(puzzle.solution.length / 2)} moves of yours)` : ''}.`,
			];
	// The points and the move number, where the game keeps them: a puzzle may turn on either.
	const standing = pointsLine(game, position);
	const said = state.status.text === '' ? [] : wrapLines(`${markOf(state.status.mark, theme.ascii)}${state.status.text}`, panelWidth);
	const statusText =
		state.input.typing !== null
			? typingPrompt(game, position, state.input.typing)
			: solved
				? 'Enter: the next puzzle · Esc: the puzzles'
				: `${game.phrases.select}, or m to type the move`;
	return (
		<Box flexDirection="column" width={rootWidth}>
			<Text bold wrap="truncate">
				{`Puzzle ${puzzle.id}  `}
				<Text color={dim}>{`${game.name} · ${kindText}`}</Text>
			</Text>
			<Box>
				<Board
					view={view}
					theme={theme}
					flipped={state.flipped}
					cell={layout.cell}
					marks={{...boardMarks(state.input, game, position), last, hint: answer === null ? [] : game.moveEnds(position, answer)}}
				/>
				<Box flexDirection="column" marginLeft={1} width={panelWidth}>
					{standing ? (
						<Text color={dim} wrap="truncate">
							{fit(standing, panelWidth)}
						</Text>
					) : null}
					{facts
						.flatMap(line => wrapLines(line, panelWidth))
						.map((line, index) => (
							<Text key={`fact-${index}`} bold={index === 0 && !solved}>
								{line}
							</Text>
						))}
					<Text> </Text>
					{said.map((line, index) => (
						<Text key={`said-${index}`} color={theme.color ? (state.status.error ? theme.error : theme.accent) : undefined}>
							{line}
						</Text>
					))}
				</Box>
			</Box>
			<StatusLine text={statusText} error={false} theme={theme} width={size.columns} />
			<Text wrap="truncate" color={dim}>
				{hintLine(
					solved
						? ['Enter next', 'f flip', 'Esc puzzles', quitLabel]
						: [`${theme.ascii ? 'arrows' : '←↑→↓'} Enter`, 'm type', '? answer', 'n skip', 'f flip', 'Esc puzzles', quitLabel],
					size.columns,
				)}
			</Text>
		</Box>
	);
}
