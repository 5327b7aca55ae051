/**
 * Analysis: the engine searches the position without end in the worker and shows its best few
 * moves with their evaluations and lines, live. Moves played on the board, steps back and
 * forward (forward follows the best line when nothing was taken back) restart it. What keys do
 * is analysis-state.ts's reducer; this draws its state and runs the search it asks for.
 */
import {Box, Text} from 'ink';
import {useEffect, useLayoutEffect, useMemo} from 'react';
import type {Player} from '../../games/game.js';
import {forcedPass} from '../../games/game.js';
import type {AnyGame} from '../../games/registry.js';
import {decidedIn} from '../../engine/search.js';
import type {EngineInfo, EngineResult} from '../../engine/client.js';
import {Board, boardViewOf} from '../boards/index.js';
import {boardMarks} from '../boards/board-input.js';
import {
	stopQuietly,
	THINKING_FRAME_MS,
	thinkingRedraw,
	useEnvironment,
	useKeys,
	useRedrawAt,
	useRootWidth,
	useTerminalSize,
	useQuit,
} from '../context.js';
import {DialogView, TooSmall} from '../dialogs/dialogs.js';
import {fileAction} from '../dialogs/files.js';
import {capitalized, fit, formatScore, formatMargin, lineText} from '../format.js';
import {layoutFor} from '../layout.js';
import {GameOver, MoveList, StatusLine, gameOverRows, hintLine, tallyOf} from '../panel.js';
import {
	analysisReducer,
	analysisState,
	shownLines,
	type AnalysisAction,
	type AnalysisEffect,
	type AnalysisSetup,
} from './analysis-state.js';
import * as S from '../../play/session.js';
import type {PlayedGame} from '../../files/review-export.js';
import {useStore, type Dispatch} from '../store.js';
import {goToPrompt} from '../walk.js';

export type {AnalysisSetup} from './analysis-state.js';

/** The head of the lines: what the search has reached, or that it has seen every line to its end. */
function searchHead(
	info: EngineInfo | null,
	done: boolean,
	elapsedMs: number,
	spinner: string,
	mover: Player,
	sides: readonly [string, string],
	width: number,
): string {
	if (!info) return `${spinner} starting`;
	const head = searchHeadText(info, done, elapsedMs, spinner, mover, sides);
	if ([...head].length <= width || !done) return head;
	// The verdict whole before the speed: a finished search's speed is the part to leave out, then
	// "the first player (RED)" is said "RED".
	const verdict = head.replace(/ · [^·]* nodes\/s · [\d.]+ s$/, '');
	return [...verdict].length <= width ? verdict : verdict.replace(/the (first|second) player \((\w+)\)/, '$2');
}

/** "950 nodes/s" under a thousand, "12k nodes/s" from there: never "0k". */
export const nodesPerSecondText = (perSecond: number): string =>
	perSecond < 1000 ? `${Math.round(perSecond)} nodes/s` : `${Math.round(perSecond / 1000)}k nodes/s`;

function searchHeadText(
	info: EngineInfo,
	done: boolean,
	elapsedMs: number,
	spinner: string,
	mover: Player,
	sides: readonly [string, string],
): string {
	const speed = `${nodesPerSecondText(info.nodesPerSecond)} · ${((info.elapsedMs ?? elapsedMs) / 1000).toFixed(1)} s`;
	if (!done) return `${spinner} depth ${info.depth}/${info.selDepth} · ${speed}`;
	const best = info.lines[0];
	// The search stops by itself only when deeper would change nothing: every line seen to its end.
	const solved = (info as Partial<EngineResult>).stoppedBy !== 'no-move';
	if (!best || !solved) return `done at depth ${info.depth} · ${speed}`;
	if (decidedIn(best.score) !== null) return `solved: ${formatScore(best.score, mover, sides)} with best play · ${speed}`;
	// A game decided on points, solved to its end: the exact margin ("solved" says it is with best play: the line is long enough).
	if ((info as Partial<EngineResult>).stoppedBy === 'decided') return `solved: ${formatMargin(best.score, mover, sides)} · ${speed}`;
	return best.score === 0 ? `solved: neither side wins with best play · ${speed}` : `done at depth ${info.depth} · ${speed}`;
}

export function AnalysisScreen({
	setup,
	onMenu,
	onReview,
}: {
	setup: AnalysisSetup;
	onMenu: (game: AnyGame) => void;
	onReview?: (played: PlayedGame, at: number) => void;
}) {
	const {theme, engine, now, savesDir} = useEnvironment();
	const {quit, label: quitLabel} = useQuit();
	const size = useTerminalSize();
	const rootWidth = useRootWidth();
	const perform = (effect: AnalysisEffect, dispatch: Dispatch<AnalysisAction>) => {
		switch (effect.kind) {
			case 'menu':
				return onMenu(effect.game);
			case 'exit':
				return quit(effect.code);
			case 'review':
				return onReview?.(effect.played, effect.at);
			case 'show':
			case 'save':
			case 'open':
				return dispatch(fileAction(effect, savesDir, now()));
		}
	};
	const [state, dispatch] = useStore(analysisReducer, () => analysisState(setup, now()), perform);
	useKeys(name => dispatch({type: 'key', name, now: now()}));
	const {session, lines, search} = state;
	const {game, line} = session;
	const position = S.current(session);
	// How many lines the position can have (two moves, two lines): counted once a position, not every frame.
	const moveCount = useMemo(() => game.legalMoves(position).length, [game, position]);
	const outcome = S.outcomeOf(session);
	const mover = S.toMove(session);

	// The position shown is searched without end, for as many lines as asked; not once the game is over.
	useEffect(() => {
		if (outcome) return;
		let live = true;
		dispatch({type: 'search-start', line, startedAt: now()});
		engine
			.think(game, position, {limits: {multiPv: lines}}, info => {
				if (live) dispatch({type: 'search-progress', line, info, done: false});
			})
			.then(result => {
				if (live) dispatch({type: 'search-progress', line, info: result, done: true});
			})
			.catch((error: Error) => {
				if (live) dispatch({type: 'search-failed', line, message: error.message});
			});
		return () => {
			live = false;
			stopQuietly(engine);
		};
		// A new position, another number of lines, or an ending stepped back from (the same line).
	}, [line, lines, outcome === null]);

	// The spinner turns while the engine searches; nothing else here changes with time.
	const time = now();
	const searching = !outcome && search !== null && search.line === line && !search.done;
	useRedrawAt(searching ? thinkingRedraw(time) : null);

	const view = boardViewOf(game, position);
	const layout = layoutFor(size.columns, size.rows, view);
	// In the commit that draws the new size, so that no key comes between.
	useLayoutEffect(() => dispatch({type: 'size', fits: layout.fits}), [layout.fits]);
	if (!layout.fits)
		return <TooSmall columns={size.columns} rows={size.rows} needColumns={layout.need.columns} needRows={layout.need.rows} />;
	const width = size.columns;
	if (state.dialog) return <DialogView dialog={state.dialog} theme={theme} width={width} height={size.rows} />;

	const panelWidth = layout.panelColumns;
	const current = search && search.line === line ? search : null;
	const found = current?.info ?? null;
	const startedAt = current?.startedAt ?? time;
	const spinner = theme.glyphs.spinner[Math.floor((time - startedAt) / THINKING_FRAME_MS) % theme.glyphs.spinner.length]!;
	const head = searchHead(found, current?.done ?? false, time - startedAt, spinner, mover, game.sides, panelWidth);
	const scores = game.scores(position);
	const tally = tallyOf(game, position);
	const limit = game.moveLimit;
	const lineRows = shownLines(state);
	// Over, the result box stands where the engine's lines would.
	const moveRows = Math.max(2, layout.bodyRows - 3 - (outcome ? gameOverRows(game, outcome, panelWidth, tally) : 2 + lines));
	const turn = outcome
		? `Move ${game.moveNumber(position)} · game over ([ steps back)`
		: forcedPass(game, position) !== undefined
			? `Move ${game.moveNumber(position)} · ${game.sides[mover - 1]}: no move, Enter passes`
			: `Move ${game.moveNumber(position)}${limit ? `/${limit}` : ''} · ${game.sides[mover - 1]} to play`;
	const typing = state.input.typing;
	return (
		<Box flexDirection="column" width={rootWidth}>
			<Text bold wrap="truncate">
				{`${game.name} analysis  `}
				<Text color={theme.color ? theme.dim : undefined}>{outcome ? '' : `${lines} line${lines === 1 ? '' : 's'} (+/-)`}</Text>
			</Text>
			<Box>
				<Board
					view={view}
					theme={theme}
					flipped={state.flipped}
					cell={layout.cell}
					marks={{
						...boardMarks(state.input, game, position),
						last: S.lastMove(session)?.ends ?? [],
						hint: lineRows[0] ? game.moveEnds(position, lineRows[0].move) : [],
					}}
				/>
				<Box flexDirection="column" marginLeft={1} width={panelWidth}>
					<Text wrap="truncate">{fit(turn, panelWidth)}</Text>
					{/* Over, the result box gives the points. */}
					<Text wrap="truncate">
						{fit(
							!game.hasPoints || outcome
								? ''
								: `${capitalized(game.phrases.points.many)} ${game.sides[0]} ${scores[0]} · ${game.sides[1]} ${scores[1]}`,
							panelWidth,
						)}
					</Text>
					{outcome ? (
						<GameOver game={game} outcome={outcome} scores={scores} tally={tally} theme={theme} width={panelWidth} praise={false} />
					) : (
						<>
							<Text wrap="truncate" color={theme.color ? theme.accent : undefined}>
								{fit(head, panelWidth)}
							</Text>
							{/* As many rows as lines asked for, but no more than there are moves. */}
							{Array.from({length: Math.min(lines, moveCount)}, (_, index) => {
								const entry = lineRows[index];
								const text = entry
									? `${index + 1}. ${formatScore(entry.score, mover, game.sides).padStart(6)}  ${lineText(entry.text)}`
									: `${index + 1}.`;
								return (
									<Text key={index} wrap="truncate" bold={index === 0}>
										{fit(text, panelWidth)}
									</Text>
								);
							})}
						</>
					)}
					<Text> </Text>
					{/* The moves taken back are listed after the current one, for ] and End to step on to. */}
					<MoveList
						entries={[...S.moveList(session), ...S.redoList(session)]}
						current={session.moves.length - 1}
						height={moveRows}
						back={state.scroll}
						width={panelWidth}
						theme={theme}
					/>
				</Box>
			</Box>
			<StatusLine
				text={
					typing !== null
						? `Type a move, Enter plays it, Esc cancels: ${typing}_`
						: state.goTo !== null
							? goToPrompt(state.goTo)
							: state.status.text
				}
				error={state.status.error && typing === null && state.goTo === null}
				theme={theme}
				width={width}
			/>
			<Text wrap="truncate" color={theme.color ? theme.dim : undefined}>
				{hintLine(
					[
						`${theme.ascii ? 'arrows' : '←↑→↓'} Enter`,
						'm type',
						'[ ] step',
						'+/- lines',
						'v review',
						's save',
						'o open',
						'? keys',
						quitLabel,
					],
					width,
				)}
			</Text>
		</Box>
	);
}
