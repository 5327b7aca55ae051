/**
 * Demo: two AIs play each other on the clock, with a visible pause between moves and both
 * thinking lines shown. Space pauses, → plays the next move while paused, +/− change the speed.
 * Game after game the sides swap and the series' score is kept.
 */
import {Box, Text, useApp} from 'ink';
import {useEffect, useRef, useState} from 'react';
import type {Player} from '../games/game.js';
import type {AnyGame} from '../games/registry.js';
import {levelOf, planMove} from '../engine/levels.js';
import {Board, NO_MARKS} from './board.js';
import {stopQuietly, useEnvironment, useKeys, useRootWidth, useTerminalSize, useTicker} from './context.js';
import {Help, TooSmall} from './dialogs.js';
import {fit, formatScore} from './format.js';
import {actionFor, keyNames} from './keys.js';
import {layoutFor} from './layout.js';
import {EngineLine, MoveList, Players, StatusLine, type Thinking} from './panel.js';
import * as S from './session.js';

export interface DemoSetup {
	readonly game: AnyGame;
	/** Levels of the AI that starts as player 1 (A) and as player 2 (B). */
	readonly levels: readonly [number, number];
	/** Milliseconds between moves. */
	readonly delayMs: number;
	/** Games to play; 0 for no end. */
	readonly games: number;
	readonly clockSeconds: number;
}

const MIN_DELAY = 0;
const MAX_DELAY = 10_000;
/** Milliseconds the result of a game stays up before the next starts: three pauses, within bounds. */
const betweenGames = (delay: number): number => Math.min(3000, Math.max(500, delay * 3));
const AI_OVERHEAD_MS = 60;

interface Tally {
	/** Match points (2 a win, 1 a draw or tie) of A and B, and the games drawn or tied. */
	readonly points: readonly [number, number];
	readonly draws: number;
	readonly played: number;
}

export function DemoScreen({setup, onMenu}: {setup: DemoSetup; onMenu: () => void}) {
	const {theme, engine, now} = useEnvironment();
	const {exit} = useApp();
	const size = useTerminalSize();
	const rootWidth = useRootWidth();
	const {game} = setup;
	// Game k has A as player 1 when k is even: the sides swap every game.
	const seatsFor = (index: number): readonly [S.Seat, S.Seat] => {
		const [a, b] = [S.ai(setup.levels[0]), S.ai(setup.levels[1])];
		return index % 2 === 0 ? [a, b] : [b, a];
	};
	const fresh = (index: number) => S.newSession(game, {seats: seatsFor(index), clocked: true, clockSeconds: setup.clockSeconds}, now());
	const [gameIndex, setGameIndex] = useState(0);
	const [session, setSession] = useState(() => fresh(0));
	const [paused, setPaused] = useState(false);
	const [delay, setDelay] = useState(setup.delayMs);
	const [pending, setPending] = useState<{move: number; text: string} | null>(null);
	const [thinking, setThinking] = useState<Thinking | null>(null);
	/** The last line each side thought, by player. */
	const [thoughts, setThoughts] = useState<readonly [string, string]>(['', '']);
	const [tally, setTally] = useState<Tally>({points: [0, 0], draws: 0, played: 0});
	const [help, setHelp] = useState(false);
	const [stepOnce, setStepOnce] = useState(false);
	const [flipped, setFlipped] = useState(false);
	const [scroll, setScroll] = useState(0);
	/** What went wrong with the last think; it is tried again after a second. */
	const [failure, setFailure] = useState<string | null>(null);
	const [attempt, setAttempt] = useState(0);
	const lastMoveAt = useRef(now());
	const counted = useRef(-1);

	const state = S.current(session);
	const outcome = S.outcomeOf(session);
	const mover = game.toMove(state) as Player;
	const seriesOver = setup.games > 0 && tally.played >= setup.games;
	const time = useTicker(true);
	const {line} = session;

	// The side to move thinks (the clock runs while it does).
	useEffect(() => {
		if (outcome) return;
		const seat = S.seatToMove(session);
		if (seat.kind !== 'ai') return;
		let live = true;
		const startedAt = now();
		setSession(current => S.resumeClock(current, startedAt));
		const readings = S.clockReadings(session, startedAt);
		const plan = planMove(seat.level, {clock: {remainingMs: readings[mover - 1]! * 1000, movesLeft: game.movesLeft(state) ?? 40, overheadMs: AI_OVERHEAD_MS}, seed: 7 + gameIndex});
		const base: Thinking = {who: `${game.sides[mover - 1]} (level ${seat.level})`, info: null, startedAt, budgetMs: plan.limits.hardMs ?? null, mover};
		setThinking(base);
		engine
			.think(game, game.withClocks(state, readings), {...plan, seed: 11 * gameIndex + line.length}, info => {
				if (live) setThinking({...base, info});
			})
			.then(result => {
				if (!live) return;
				setThinking(null);
				if (result.move < 0) return setFailure('the engine found no move');
				// The clock stops while the move waits to be shown.
				setSession(current => S.pauseClock(current, now()));
				const best = result.lines[0];
				const thought = `${result.moveText}${best ? `  ${formatScore(best.score, mover, game.sides)}  d${result.depth}  ${best.text.slice(1).join(' ')}` : ''}`;
				setThoughts(current => (mover === 1 ? [thought, current[1]] : [current[0], thought]));
				setPending({move: result.move, text: result.moveText});
			})
			.catch((error: Error) => {
				if (!live) return;
				setThinking(null);
				setFailure(`the engine failed: ${error.message}`);
			});
		return () => {
			live = false;
			stopQuietly(engine);
		};
	}, [line, gameIndex, attempt]);

	useEffect(() => {
		if (failure === null) return;
		const timer = setTimeout(() => {
			setFailure(null);
			setAttempt(count => count + 1);
		}, 1000);
		return () => clearTimeout(timer);
	}, [failure]);

	// The flag falls here as in a game against the AI.
	useEffect(() => {
		const flagged = S.checkFlag(session, time);
		if (flagged !== session) setSession(flagged);
	}, [session, time]);

	// A found move is played once the pause since the last move is over (at once for a step).
	useEffect(() => {
		if (!pending || (paused && !stepOnce)) return;
		const wait = stepOnce ? 0 : Math.max(0, lastMoveAt.current + delay - now());
		const timer = setTimeout(() => {
			lastMoveAt.current = now();
			setStepOnce(false);
			setPending(null);
			setSession(current => S.playMove(current, pending.move, now()));
		}, wait);
		return () => clearTimeout(timer);
	}, [pending, paused, stepOnce, delay]);

	// A finished game counts once; the next starts after a while, sides swapped.
	useEffect(() => {
		if (!outcome || counted.current === gameIndex) return;
		counted.current = gameIndex;
		const aIsFirst = gameIndex % 2 === 0;
		setTally(current => {
			if (!outcome.winner) return {...current, points: [current.points[0] + 1, current.points[1] + 1], draws: current.draws + 1, played: current.played + 1};
			const aWon = (outcome.winner === 1) === aIsFirst;
			return {
				points: aWon ? [current.points[0] + 2, current.points[1]] : [current.points[0], current.points[1] + 2],
				draws: current.draws,
				played: current.played + 1,
			};
		});
	}, [outcome, gameIndex]);

	useEffect(() => {
		if (!outcome || (paused && !stepOnce) || seriesOver) return;
		const timer = setTimeout(
			() => {
				engine.clear();
				const next = gameIndex + 1;
				setGameIndex(next);
				setSession(fresh(next));
				setThoughts(['', '']);
				setStepOnce(false);
				setScroll(0);
				lastMoveAt.current = now();
			},
			stepOnce ? 0 : betweenGames(delay),
		);
		return () => clearTimeout(timer);
	}, [outcome, paused, seriesOver, gameIndex, stepOnce]);

	useKeys((input, key) => {
		if (help) return;
		for (const name of keyNames(input, key)) {
			const action = actionFor('demo', name);
			if (action === 'pause') setPaused(value => !value);
			else if (action === 'step') {
				if (paused) setStepOnce(true);
			} else if (action === 'faster') setDelay(value => Math.max(MIN_DELAY, value <= 250 ? value - 50 : Math.round(value / 2)));
			else if (action === 'slower') setDelay(value => Math.min(MAX_DELAY, value < 250 ? value + 50 : value * 2));
			else if (action === 'flip') setFlipped(value => !value);
			else if (action === 'scroll-up') setScroll(value => value + 3);
			else if (action === 'scroll-down') setScroll(value => Math.max(0, value - 3));
			else if (action === 'help') setHelp(true);
			else if (action === 'menu') return onMenu();
			else if (action === 'quit') return exit();
		}
	});

	const view = game.board(state);
	const layout = layoutFor(size.columns, size.rows, view.files, view.ranks);
	if (!layout.fits) return <TooSmall columns={size.columns} rows={size.rows} needColumns={layout.need.columns} needRows={layout.need.rows} />;
	if (help) return <Help context="demo" theme={theme} width={Math.min(size.columns, 80)} height={size.rows} onClose={() => setHelp(false)} />;

	const panelWidth = layout.panelColumns;
	const readings = S.clockReadings(session, time);
	const scores = game.scores(state) as readonly [number, number];
	const seats = session.seats;
	const who = (player: Player) => {
		const seat = seats[player - 1]!;
		return seat.kind === 'ai' ? `level ${seat.level} ${levelOf(seat.level).name}` : 'you';
	};
	const sideLines = [
		{name: game.sides[0], who: who(1), points: game.hasPoints ? scores[0] : null, clock: readings[0]},
		{name: game.sides[1], who: who(2), points: game.hasPoints ? scores[1] : null, clock: readings[1]},
	] as const;
	const [a, b] = setup.levels;
	// In match points (2 a win, 1 a draw or tie), as the contest counted them.
	const series = `Series: level ${a} ${tally.points[0]} – ${tally.points[1]} level ${b}${tally.draws > 0 ? ` · ${tally.draws} drawn` : ''}`;
	const limit = game.moveLimit;
	const state1 = seriesOver ? 'Series over · q quits · Esc menu' : paused ? `Paused · Space goes on · → next move` : `Playing · ${(delay / 1000).toFixed(2)} s between moves`;
	const moveRows = Math.max(2, layout.bodyRows - 9);
	return (
		<Box flexDirection="column" width={rootWidth}>
			<Text bold wrap="truncate">
				{`${game.name} demo · game ${gameIndex + 1}${setup.games > 0 ? ` of ${setup.games}` : ''}  `}
				<Text color={theme.color ? theme.dim : undefined}>{fit(series, Math.max(0, size.columns - 30), theme.ascii)}</Text>
			</Text>
			<Box>
				<Board view={view} theme={theme} flipped={flipped} cell={layout.cell} marks={{...NO_MARKS, last: S.lastMove(session)?.ends ?? []}} />
				<Box flexDirection="column" marginLeft={1} width={panelWidth}>
					<Players sides={sideLines} toMove={mover} theme={theme} width={panelWidth} over={outcome !== null} />
					<Text wrap="truncate">{fit(outcome ? outcome.description : `Move ${game.moveNumber(state)}${limit ? `/${limit}` : ''} · ${game.sides[mover - 1]} to play`, panelWidth)}</Text>
					<Text> </Text>
					<MoveList entries={S.moveList(session)} height={moveRows} back={scroll} width={panelWidth} theme={theme} />
					{([1, 2] as const).map(player => (
						<Text key={player} wrap="truncate" color={theme.color ? theme.sideColors[player - 1] : undefined}>
							{fit(`${game.sides[player - 1]}: ${thoughts[player - 1] || '…'}`, panelWidth, theme.ascii)}
						</Text>
					))}
					{thinking ? <EngineLine thinking={thinking} now={time} theme={theme} width={panelWidth} sides={game.sides} /> : <Text> </Text>}
				</Box>
			</Box>
			<StatusLine
				text={failure ? `${failure}; trying again` : pending && (paused || time - lastMoveAt.current < delay) ? `${state1} · next: ${pending.text}` : state1}
				error={failure !== null}
				theme={theme}
				width={size.columns}
			/>
			<Text wrap="truncate" color={theme.color ? theme.dim : undefined}>
				{fit(seriesOver ? 'Esc menu · f flip · PgUp/PgDn moves · ? help · q quit' : `Space pause · ${theme.ascii ? 'Right' : '→'} step · +/- speed · f flip · Esc menu · ? help · q quit`, size.columns)}
			</Text>
		</Box>
	);
}
