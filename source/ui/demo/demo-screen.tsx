/**
 * Demo: two AIs play each other on the clock, with a visible pause between moves and both
 * thinking lines shown. Space pauses, → plays the next move while paused, +/− change the speed.
 * Game after game the sides swap and the series' score is kept. What keys do is demo-state.ts's
 * reducer; this draws its state and runs the thinks and the timers.
 */
import {dirname} from 'node:path';
import {Box, Text} from 'ink';
import {useEffect, useLayoutEffect} from 'react';
import {planMove} from '../../engine/levels.js';
import {clockReading, WORKER_OVERHEAD_MS} from '../../engine/time.js';
import {Board, NO_MARKS, boardViewOf} from '../boards/index.js';
import {stopQuietly, thinkingRedraw, useEnvironment, useKeys, useRedrawAt, useRootWidth, useTerminalSize, useQuit} from '../context.js';
import {DialogView, TooSmall} from '../dialogs/dialogs.js';
import {clockChangesAt, fit} from '../format.js';
import {layoutFor} from '../layout.js';
import {EngineLine, GameOver, MoveList, Players, StatusLine, gameOverRows, hintLine, tallyOf} from '../panel.js';
import {
	betweenGames,
	demoReducer,
	demoState,
	seriesOver,
	seriesText,
	type DemoAction,
	type DemoEffect,
	type DemoSetup,
} from './demo-state.js';
import {keepGame, type PlayedGame} from '../../files/review-export.js';
import {seatName} from '../play/play-model.js';
import * as S from '../../play/session.js';
import {paletteOf} from '../theme.js';
import {useStore, type Dispatch} from '../store.js';

export type {DemoSetup} from './demo-state.js';

export function DemoScreen({setup, onMenu, onReview}: {setup: DemoSetup; onMenu: () => void; onReview?: (played: PlayedGame) => void}) {
	const {theme, engine, now, savesDir} = useEnvironment();
	const {quit, label: quitLabel} = useQuit();
	const size = useTerminalSize();
	const rootWidth = useRootWidth();
	const perform = (effect: DemoEffect, dispatch: Dispatch<DemoAction>) => {
		switch (effect.kind) {
			case 'menu':
				return onMenu();
			case 'exit':
				return quit(effect.code);
			case 'clear-engine':
				return engine.clear();
			case 'keep':
				return dispatch({type: 'kept', result: keepGame(effect.played, savesDir, new Date())});
			case 'review':
				return onReview?.(effect.played);
		}
	};
	const [state, dispatch] = useStore(demoReducer, () => demoState(setup, now()), perform);
	useKeys(name => dispatch({type: 'key', name}));
	const {game} = setup;
	const {session, gameIndex, pending, paused, stepOnce, delay} = state;
	const {line} = session;
	const position = S.current(session);
	const outcome = S.outcomeOf(session);
	const over = seriesOver(state);
	const mover = S.toMove(session);

	// The side to move thinks (its clock runs while it does).
	useEffect(() => {
		if (outcome) return;
		const seat = S.seatToMove(session);
		if (seat.kind !== 'ai') return;
		let live = true;
		const startedAt = now();
		const readings = S.heldClocks(session, startedAt);
		const plan = session.clocked
			? planMove(seat.level, {clock: clockReading(game, position, readings[mover - 1]! * 1000, WORKER_OVERHEAD_MS), seed: 7 + gameIndex})
			: planMove(seat.level, {seed: 7 + gameIndex});
		dispatch({
			type: 'think-start',
			line,
			thinking: {who: `${game.sides[mover - 1]} (level ${seat.level})`, info: null, startedAt, budgetMs: plan.limits.hardMs ?? null, mover},
		});
		engine
			.think(
				game,
				session.clocked ? game.withClocks(position, readings) : position,
				{...plan, seed: 11 * gameIndex + line.length},
				info => {
					if (live) dispatch({type: 'think-progress', line, info});
				},
			)
			.then(result => {
				if (live) dispatch({type: 'think-answer', line, result, now: now()});
			})
			.catch((error: Error) => {
				if (live) dispatch({type: 'think-failed', line, message: error.message});
			});
		return () => {
			live = false;
			stopQuietly(engine);
		};
	}, [line, gameIndex, state.attempt, outcome !== null]);

	// A failed think is tried again after a second.
	useEffect(() => {
		if (state.failure === null) return;
		const timer = setTimeout(() => dispatch({type: 'retry'}), 1000);
		return () => clearTimeout(timer);
	}, [state.failure]);

	// A found move is played once the pause since the last move is over (at once for a step).
	useEffect(() => {
		if (!pending || (paused && !stepOnce)) return;
		const wait = stepOnce ? 0 : Math.max(0, state.lastMoveAt + delay - now());
		const timer = setTimeout(() => dispatch({type: 'play-pending', now: now()}), wait);
		return () => clearTimeout(timer);
	}, [pending, paused, stepOnce, delay]);

	// After a game the next starts after a while, sides swapped.
	useEffect(() => {
		if (!outcome || (paused && !stepOnce) || over) return;
		const timer = setTimeout(() => dispatch({type: 'next-game', now: now()}), stepOnce ? 0 : (setup.resultMs ?? betweenGames(delay)));
		return () => clearTimeout(timer);
	}, [outcome, paused, over, gameIndex, stepOnce]);

	// Drawn again only when something shown changes: the running clock's tenth, the spinner.
	const time = now();
	const readings = S.clockReadings(session, time);
	const clockRuns = !outcome && session.runningSince !== null;
	const flagDown = clockRuns && readings[mover - 1]! <= 0;
	// While the engine thinks, its progress draws the clock and the spinner too, three frames a second.
	useRedrawAt(state.thinking ? thinkingRedraw(time) : clockRuns ? clockChangesAt(readings[mover - 1]!, time) : null);
	useEffect(() => {
		if (flagDown) dispatch({type: 'tick', now: now()});
	}, [flagDown]);

	const view = boardViewOf(game, position);
	const layout = layoutFor(size.columns, size.rows, view);
	// In the commit that draws the new size, so that no key comes between.
	useLayoutEffect(() => dispatch({type: 'size', fits: layout.fits}), [layout.fits]);
	if (!layout.fits)
		return <TooSmall columns={size.columns} rows={size.rows} needColumns={layout.need.columns} needRows={layout.need.rows} />;
	if (state.help) return <DialogView dialog={state.help} theme={theme} width={size.columns} height={size.rows} />;

	const panelWidth = layout.panelColumns;
	const scores = game.scores(position);
	const tally = tallyOf(game, position);
	const who = (player: 1 | 2) => seatName(session.seats[player - 1]!, false, player);
	const sideLines = [
		{name: game.sides[0], who: who(1), points: game.hasPoints ? scores[0] : null, clock: session.clocked ? readings[0] : null},
		{name: game.sides[1], who: who(2), points: game.hasPoints ? scores[1] : null, clock: session.clocked ? readings[1] : null},
	] as const;
	const limit = game.moveLimit;
	const pause = `${(delay / 1000).toFixed(2)} s between moves`;
	const keptText =
		state.kept === null ? '' : 'path' in state.kept ? ` · kept in ${dirname(state.kept.path)}/` : ` · not kept: ${state.kept.error}`;
	const doing = over
		? `Series over${keptText} · v review · q quits · Esc menu`
		: paused
			? `Paused (${pause}) · Space goes on · ${theme.ascii ? 'Right' : '→'} next move`
			: `Playing · ${pause}`;
	const waiting = pending && (paused || time - state.lastMoveAt < delay);
	const overRows = outcome ? gameOverRows(game, outcome, panelWidth, tally) : 0;
	const moveRows = Math.max(2, layout.bodyRows - 9 - overRows);
	return (
		<Box flexDirection="column" width={rootWidth}>
			<Text bold wrap="truncate">
				{`${game.name} demo · game ${gameIndex + 1}${setup.games > 0 ? ` of ${setup.games}` : ''}  `}
				<Text color={theme.color ? theme.dim : undefined}>{fit(seriesText(state), Math.max(0, size.columns - 30), theme.ascii)}</Text>
			</Text>
			<Box>
				<Board
					view={view}
					theme={theme}
					flipped={state.flipped}
					cell={layout.cell}
					marks={{...NO_MARKS, last: S.lastMove(session)?.ends ?? []}}
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
					<Text wrap="truncate">
						{fit(
							outcome ? 'Game over' : `Move ${game.moveNumber(position)}${limit ? `/${limit}` : ''} · ${game.sides[mover - 1]} to play`,
							panelWidth,
						)}
					</Text>
					<Text> </Text>
					<MoveList entries={S.moveList(session)} height={moveRows} back={state.scroll} width={panelWidth} theme={theme} />
					{outcome ? (
						<GameOver game={game} outcome={outcome} scores={scores} tally={tally} theme={theme} width={panelWidth} praise={false} />
					) : null}
					{([1, 2] as const).map(player => (
						<Text key={player} wrap="truncate" color={theme.color ? paletteOf(game.colours).names[player - 1] : undefined}>
							{fit(`${game.sides[player - 1]}: ${state.thoughts[player - 1] || 'no move yet'}`, panelWidth, theme.ascii)}
						</Text>
					))}
					{state.thinking ? (
						<EngineLine thinking={state.thinking} now={time} theme={theme} width={panelWidth} sides={game.sides} />
					) : (
						<Text> </Text>
					)}
				</Box>
			</Box>
			<StatusLine
				text={state.failure ? `${state.failure}; trying again` : waiting ? `${doing} · next: ${pending.text}` : doing}
				error={state.failure !== null}
				theme={theme}
				width={size.columns}
			/>
			<Text wrap="truncate" color={theme.color ? theme.dim : undefined}>
				{hintLine(
					over
						? ['Esc menu', 'f flip', 'PgUp/PgDn moves', '? keys', quitLabel]
						: ['Space pause', `${theme.ascii ? 'Right' : '→'} step`, '+/- speed', 'f flip', 'Esc menu', '? keys', quitLabel],
					size.columns,
				)}
			</Text>
		</Box>
	);
}
