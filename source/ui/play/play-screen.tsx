/**
 * A game against the AI or between two people at one keyboard: the board, the players with
 * their points and running clocks, the move list, the AI's thinking, undo/redo, hint, resign,
 * save and load, and the game-over panel. What keys do is play-state.ts's reducer; this draws
 * its state and carries out its effects.
 */
import {Box, Text} from 'ink';
import {useEffect, useLayoutEffect, useRef} from 'react';
import type {AnyGame} from '../../games/registry.js';
import {planMove} from '../../engine/levels.js';
import {clockReading, WORKER_OVERHEAD_MS} from '../../engine/time.js';
import {Board, boardViewOf} from '../boards/index.js';
import {boardMarks} from '../boards/board-input.js';
import {stopQuietly, thinkingRedraw, useEnvironment, useKeys, useRedrawAt, useRootWidth, useTerminalSize, useQuit} from '../context.js';
import {screenCover} from '../dialogs/dialogs.js';
import {fileAction} from '../dialogs/files.js';
import {keyFor} from '../keys.js';
import {layoutFor} from '../layout.js';
import {EngineLine, GameOver, MoveList, Players, StatusLine, gameOverRows, hintLine, tallyOf} from '../panel.js';
import {clockChangesAt, typingPrompt} from '../format.js';
import {playState, seatName, shownIndex, turnLine, type PlayAction, type PlayEffect, type PlaySetup} from './play-model.js';
import {HINT_MS, playReducer} from './play-state.js';
import * as S from '../../play/session.js';
import {exportGame, keepGame, type PlayedGame} from '../../files/review-export.js';
import {useStore, type Dispatch} from '../store.js';
import {goToPrompt} from '../walk.js';

export type {PlaySetup} from './play-model.js';

export function PlayScreen({
	setup,
	onMenu,
	onReview,
}: {
	setup: PlaySetup;
	onMenu: (game: AnyGame) => void;
	onReview?: (played: PlayedGame, seats: readonly [S.Seat, S.Seat], flipped: boolean) => void;
}) {
	const {theme, engine, now, savesDir, bell} = useEnvironment();
	const {quit, label: quitLabel} = useQuit();
	const size = useTerminalSize();
	const rootWidth = useRootWidth();

	const perform = (effect: PlayEffect, dispatch: Dispatch<PlayAction>) => {
		switch (effect.kind) {
			case 'menu':
				return onMenu(effect.game);
			case 'exit':
				return quit(effect.code);
			case 'show':
			case 'save':
			case 'open':
				return dispatch(fileAction(effect, savesDir, now()));
			case 'hint': {
				const {line} = effect;
				engine
					.think(effect.game, effect.state, planMove(5, {fixedMs: HINT_MS}), info => dispatch({type: 'hint-progress', line, info}))
					.then(result => dispatch({type: 'hint-answer', line, result}))
					.catch(() => dispatch({type: 'hint-answer', line, result: null}));
				return;
			}
			case 'stop-hint':
				return stopQuietly(engine);
			case 'clear-engine':
				return engine.clear();
			case 'review':
				return onReview?.(effect.played, effect.seats, effect.flipped);
			case 'export':
				return dispatch({type: 'exported', result: exportGame(effect.played, null, savesDir, new Date())});
			case 'keep':
				return dispatch({type: 'kept', result: keepGame(effect.played, savesDir, new Date())});
			case 'bell':
				return bell?.();
		}
	};
	const [state, dispatch] = useStore(playReducer, () => playState(setup, now()), perform);
	const {session} = state;
	const {game, line} = session;
	const position = S.current(session);
	const outcome = S.outcomeOf(session);
	const mover = S.toMove(session);
	const seat = S.seatToMove(session);
	const bothHuman = session.seats.every(one => one.kind === 'human');

	// The position walked to, or the game as it stands: the board shows it; the clocks and the AI go on with the game.
	const shown = shownIndex(state);
	const shownPosition = line[shown];
	const view = boardViewOf(game, shownPosition);
	const layout = layoutFor(size.columns, size.rows, view);
	useKeys(name => dispatch({type: 'key', name, now: now()}));
	// Too small a terminal hides the game: the reducer stops the person's clock and the keys.
	// In the commit that draws the new size, so that no key comes between.
	useLayoutEffect(() => dispatch({type: 'size', fits: layout.fits, now: now()}), [layout.fits]);

	// The AI moves when it is to move; a new position (or leaving) abandons the think.
	const aiTurn = !outcome && seat.kind === 'ai';
	useEffect(() => {
		if (!aiTurn || seat.kind !== 'ai') return;
		let live = true;
		const startedAt = now();
		const readings = S.heldClocks(session, startedAt);
		const plan = session.clocked
			? planMove(seat.level, {clock: clockReading(game, position, readings[mover - 1]! * 1000, WORKER_OVERHEAD_MS), seed: state.seed})
			: planMove(seat.level, {seed: state.seed});
		// The bar runs to the hard deadline: the search may stretch its soft budget up to it.
		dispatch({
			type: 'ai-thinking',
			line,
			thinking: {who: seatName(seat, bothHuman, mover), info: null, startedAt, budgetMs: plan.limits.hardMs ?? null, mover},
		});
		engine
			.think(game, session.clocked ? game.withClocks(position, readings) : position, {...plan, seed: state.seed + line.length}, info => {
				if (live) dispatch({type: 'ai-progress', line, info});
			})
			.then(result => {
				if (live) dispatch({type: 'ai-answer', line, result, now: now()});
			})
			.catch((error: Error) => {
				if (live) dispatch({type: 'ai-failed', line, message: error.message});
			});
		return () => {
			live = false;
			dispatch({type: 'ai-gone', line});
			stopQuietly(engine);
		};
	}, [aiTurn, line]);

	// Drawn again only when something shown changes: the running clock's tenth, the spinner.
	const time = now();
	const readings = S.clockReadings(session, time);
	const clockRuns = !outcome && session.clocked && session.runningSince !== null;
	const flagDown = clockRuns && readings[mover - 1]! <= 0;
	// While the engine thinks (its move, a hint), its progress draws the clock and the spinner too,
	// three frames a second; the person's own clock, with the engine idle, shows its every tenth near the end.
	useRedrawAt(state.task ? thinkingRedraw(time) : clockRuns ? clockChangesAt(readings[mover - 1]!, time) : null);
	useEffect(() => {
		if (flagDown) dispatch({type: 'tick', now: now()});
	}, [flagDown]);
	// The bell once when the person's clock for the game drops under 10 s (drawn again then: its
	// tenths show); not again when a dialog stops and restarts it, nor under a clock per move
	// (PAH-TUM's 10 s), which starts under it every turn.
	const personLow = clockRuns && game.clock.per === 'game' && seat.kind === 'human' && readings[mover - 1]! < 10;
	// Each side's bell rung already, until its clock reads 10 s or more again (a new game).
	const rangLow = useRef([false, false]);
	useEffect(() => {
		const side = mover - 1;
		if (personLow && !rangLow.current[side] && state.bell) bell?.();
		if (personLow) rangLow.current[side] = true;
		else if (readings[side]! >= 10) rangLow.current[side] = false;
	}, [personLow, mover]);

	const cover = screenCover(layout, size, state.question?.text ?? null, state.dialog, theme);
	if (cover) return cover;
	const width = size.columns;

	const walking = state.view !== null;
	const last = S.lastMove(session, shown);
	const scores = game.scores(position);
	// The points beside the players are those of the board shown.
	const shownScores = walking ? game.scores(shownPosition) : scores;
	const tally = tallyOf(game, position);
	const sideLines = ([1, 2] as const).map(player => ({
		name: game.sides[player - 1]!,
		who: seatName(session.seats[player - 1]!, bothHuman, player),
		points: !game.hasPoints ? null : shownScores[player - 1]!,
		clock: session.clocked ? readings[player - 1]! : null,
	})) as unknown as readonly [
		{name: string; who: string; points: number | null; clock: number | null},
		{name: string; who: string; points: number | null; clock: number | null},
	];
	const panelWidth = layout.panelColumns;
	const engineRows = 3;
	const overRows = outcome ? gameOverRows(game, outcome, panelWidth, tally, state.keptPath) : 0;
	const moveRows = Math.max(2, layout.bodyRows - 4 - engineRows - overRows);
	const typing = state.input.typing;
	// A question stays in view until answered, whatever the engine or the clock says meanwhile.
	const statusText =
		typing !== null
			? typingPrompt(game, position, typing)
			: state.goTo !== null
				? goToPrompt(state.goTo)
				: (state.question?.text ?? state.status.text);
	// A game lost on time is not taken back: undo is not offered then.
	const undoable = session.ended?.reason !== 'time';
	const keysLine = outcome
		? hintLine(
				[
					`${keyFor('over', 'new-game')} new game`,
					`${keyFor('over', 'rematch')} rematch`,
					`${keyFor('over', 'review')} review`,
					`${keyFor('over', 'export')} export`,
					'[ ] walk',
					`${keyFor('over', 'save')} save`,
					...(undoable ? [`${keyFor('over', 'undo')} undo`] : []),
					'Esc menu',
					'? keys',
					`${keyFor('over', 'quit')} quit`,
				],
				width,
			)
		: hintLine(
				[
					`${theme.ascii ? 'arrows' : '←↑→↓'} Enter`,
					'm type',
					'u undo',
					'r redo',
					't hint',
					'[ ] walk',
					's save',
					'o open',
					'? keys',
					quitLabel,
				],
				width,
			);
	const humanWon = outcome?.winner ? session.seats[outcome.winner - 1]!.kind === 'human' && !bothHuman : false;

	return (
		<Box flexDirection="column" width={rootWidth}>
			<Text bold wrap="truncate">
				{`${game.name}  `}
				<Text
					color={theme.color ? theme.dim : undefined}
				>{`${game.sides[0]} ${sideLines[0].who} vs ${game.sides[1]} ${sideLines[1].who}${session.clocked ? '' : ' · no clock'}`}</Text>
			</Text>
			<Box>
				<Board
					view={view}
					theme={theme}
					flipped={state.flipped}
					cell={layout.cell}
					marks={{...boardMarks(state.input, game, shownPosition), last: last?.ends ?? [], hint: walking ? [] : (state.hint?.ends ?? [])}}
				/>
				<Box flexDirection="column" marginLeft={1} width={panelWidth}>
					<Players
						sides={sideLines}
						toMove={mover}
						theme={theme}
						width={panelWidth}
						over={outcome !== null}
						units={game.phrases.points.short}
						colours={game.colours}
					/>
					<Text wrap="truncate">{turnLine(state)}</Text>
					<Text> </Text>
					<MoveList
						entries={S.moveList(session)}
						current={shown - 1}
						height={moveRows}
						back={state.scroll}
						width={panelWidth}
						theme={theme}
					/>
					{outcome ? (
						<GameOver
							game={game}
							outcome={outcome}
							scores={scores}
							tally={tally}
							theme={theme}
							width={panelWidth}
							praise={humanWon}
							kept={state.keptPath}
						/>
					) : null}
					{state.task ? (
						<EngineLine thinking={state.task.thinking} now={time} theme={theme} width={panelWidth} sides={game.sides} />
					) : (
						<Text> </Text>
					)}
				</Box>
			</Box>
			<StatusLine
				text={statusText}
				error={state.status.error && typing === null && state.goTo === null && state.question === null}
				theme={theme}
				width={width}
			/>
			<Text wrap="truncate" color={theme.color ? theme.dim : undefined}>
				{keysLine}
			</Text>
		</Box>
	);
}
