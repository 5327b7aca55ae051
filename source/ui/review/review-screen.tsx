/**
 * Game review: the engine goes over every position of a game (in the worker, a budget each) and
 * judges every move; the screen shows the board at the move walked to, the evaluation graph,
 * that move's judgement, each side's summary and the move list with its marks. What keys do is
 * review-state.ts's reducer; this draws its state and runs the review.
 */
import {Box, Text} from 'ink';
import {useEffect, useLayoutEffect, useRef} from 'react';
import {evaluateLine} from '../../review/run.js';
import {briefPlayer, screenPlayer} from '../../files/record.js';
import {renderGraph, type GraphPoint} from '../../review/graph.js';
import {clipped, forFirst, winning} from '../../review/judge.js';
import {countsGlyphs, lossText, markGlyph, marksLegend, numbered, scoreText} from '../../review/text.js';
import {MARK_WORDS, type Mark, type MoveReview, type PositionEval} from '../../review/types.js';
import type {AnyGame} from '../../games/registry.js';
import {Board, NO_MARKS, boardViewOf} from '../boards/index.js';
import {stopQuietly, thinkingRedraw, useEnvironment, useKeys, useRedrawAt, useRootWidth, useTerminalSize, useQuit} from '../context.js';
import {DialogView, TooSmall} from '../dialogs/dialogs.js';
import {bar, fit} from '../format.js';
import {layoutFor} from '../layout.js';
import {MoveList, StatusLine, hintLine} from '../panel.js';
import {
	budgetsText,
	reviewEntries,
	reviewReducer,
	reviewState,
	type ReviewAction,
	type ReviewEffect,
	type ReviewSetup,
	type ReviewState,
} from './review-state.js';
import {useStore, type Dispatch} from '../store.js';
import type {Theme} from '../theme.js';
import {exportGame} from '../../files/review-export.js';
import {goToPrompt} from '../walk.js';

export type {ReviewSetup} from './review-state.js';

/** The colours of the marks, where there is colour; without it the marks' characters say it all. */
export const MARK_COLORS: Readonly<Record<Mark, string>> = {
	blunder: 'redBright',
	mistake: 'yellowBright',
	inaccuracy: 'cyanBright',
	'missed-win': 'magentaBright',
	'only-move': 'greenBright',
};

/** A position's evaluation for the graph: player 1's view, clipped; who has a proven win. */
function graphPoint(game: AnyGame, state: unknown, evaluation: PositionEval | undefined): GraphPoint | undefined {
	if (!evaluation) return undefined;
	const mover = game.toMove(state);
	const value = forFirst(clipped(evaluation.score, game.reviewScale), mover);
	const won = winning(evaluation.score, evaluation.proven)
		? mover
		: winning(0 - evaluation.score, evaluation.proven)
			? mover === 1
				? 2
				: 1
			: null;
	return {value, won};
}

/** The graph with its scale on the left, the current position's column lit and marked below. */
function EvalGraph({state, theme, width, height}: {state: ReviewState; theme: Theme; width: number; height: number}) {
	const {game, line} = state.setup;
	const decisive = game.reviewScale.decisive;
	const label = `+${decisive}`;
	const labelWidth = label.length + 1;
	const points = line.map((position, index) => graphPoint(game, position, state.evals[index]));
	const graph = renderGraph(points, {
		width: Math.max(4, width - labelWidth),
		height,
		decisive: decisive * 100,
		current: state.view,
		ascii: theme.ascii,
		initials: [game.sides[0][0]!, game.sides[1][0]!],
	});
	const middle = Math.floor(height / 2) - 1;
	const labels = Array.from(
		{length: height},
		(_, row) => (row === 0 ? label : row === height - 1 ? `-${decisive}` : row === middle ? '0' : '').padStart(labelWidth - 1) + ' ',
	);
	// The current position's columns, lit.
	const from = graph.marker.search(/\S/);
	const to = from < 0 ? -1 : graph.marker.trimEnd().length;
	return (
		<Box flexDirection="column">
			{graph.rows.map((row, index) => (
				<Text key={index} wrap="truncate">
					<Text color={theme.color ? theme.dim : undefined}>{labels[index]}</Text>
					{from < 0 ? (
						row
					) : (
						<>
							{row.slice(0, from)}
							<Text color={theme.color ? theme.accent : undefined}>{row.slice(from, to)}</Text>
							{row.slice(to)}
						</>
					)}
				</Text>
			))}
			<Text wrap="truncate" color={theme.color ? theme.accent : undefined}>
				{' '.repeat(labelWidth) + graph.marker}
			</Text>
		</Box>
	);
}

/** The move walked to, judged: its evaluation and mark; the engine's better move and what the move lost. */
function Judgement({state, theme, width}: {state: ReviewState; theme: Theme; width: number}) {
	const {game} = state.setup;
	const ply = state.view - 1;
	const judged: MoveReview | undefined = state.review.moves[ply];
	const sides = game.sides;
	if (ply < 0) {
		const first = state.evals[0];
		const score = first ? scoreText(forFirst(first.score, game.toMove(state.setup.line[0])), first.proven, sides) : 'not looked at yet';
		return (
			<Box flexDirection="column">
				<Text wrap="truncate">{fit(`Start · ${score}`, width)}</Text>
				<Text wrap="truncate" color={theme.color ? theme.dim : undefined}>
					{fit(first?.line[0] ? `the engine would play ${first.line[0]}` : '', width)}
				</Text>
			</Box>
		);
	}
	const move = state.setup.moves[ply]!;
	const before = state.setup.line[ply];
	const text = numbered({number: game.moveNumber(before), player: game.toMove(before), move: game.formatMove(before, move)});
	if (!judged) {
		return (
			<Box flexDirection="column">
				<Text wrap="truncate">{fit(text, width)}</Text>
				<Text wrap="truncate" color={theme.color ? theme.dim : undefined}>
					{fit(state.phase === 'running' ? 'not reviewed yet' : 'not reviewed (the review was stopped)', width)}
				</Text>
			</Box>
		);
	}
	const mark = judged.mark;
	const word = mark ? `${markGlyph(mark, theme.ascii)} ${MARK_WORDS[mark]}` : '';
	const second = judged.better
		? `better ${judged.better.move} ${scoreText(judged.better.score, judged.better.proven, sides)} (-${lossText(judged.loss)})`
		: mark === 'only-move'
			? 'every other move lost'
			: judged.loss > 0
				? `engine's choice, refuted (-${lossText(judged.loss)})`
				: "the engine's move, or as good";
	return (
		<Box flexDirection="column">
			<Text wrap="truncate">
				{fit(`${text}  ${scoreText(judged.score, judged.proven, sides)}`, Math.max(1, width - word.length - 2))}
				{word ? (
					<Text color={theme.color && mark ? MARK_COLORS[mark] : undefined} bold>
						{`  ${word}`}
					</Text>
				) : null}
			</Text>
			<Text wrap="truncate" color={theme.color ? theme.dim : undefined}>
				{fit(second, width)}
			</Text>
		</Box>
	);
}

/**
 * What follows "GAME review" on the first row: who played and how the game ended, within
 * `width` with the game's name: the players' names shortened, then left out, before the ending is cut.
 */
export function reviewHeader(game: AnyGame, players: readonly [string, string] | undefined, ending: string | null, width: number): string {
	const room = width - [...`${game.name} review `].length;
	const end = ending === null ? '' : ` · ${ending}`;
	const versus = (names: readonly [string, string]) => ` ${game.sides[0]} ${names[0]} vs ${game.sides[1]} ${names[1]}`;
	const tries = players ? [versus(players) + end, versus([briefPlayer(players[0]), briefPlayer(players[1])]) + end, end] : [end];
	return tries.find(text => [...text].length <= room) ?? tries.at(-1)!;
}

/** The head of the panel: the review's progress, or what it was. */
function progressText(state: ReviewState, theme: Theme, now: number, startedAt: number): string {
	const done = state.evals.filter(evaluation => evaluation !== undefined).length;
	const total = state.evals.length;
	if (state.phase === 'running') {
		const spinner = theme.glyphs.spinner[Math.floor((now - startedAt) / 100) % theme.glyphs.spinner.length]!;
		const depth = state.searching?.info ? ` d${state.searching.info.depth}` : '';
		return `${spinner} ${bar(done / Math.max(1, total), 10, theme.glyphs.barFull, theme.glyphs.barEmpty)} ${done}/${total}${depth} · Esc stops`;
	}
	if (state.phase === 'stopped') return `Stopped: ${state.review.moves.length} of ${state.review.total} moves judged`;
	return `Reviewed at ${budgetsText(state)}`;
}

export function ReviewScreen({
	setup,
	onBack,
}: {
	setup: ReviewSetup;
	onBack: (evals: readonly (PositionEval | undefined)[], budgetsUsed: readonly string[]) => void;
}) {
	const {theme, engine, now, savesDir} = useEnvironment();
	const {quit, label: quitLabel} = useQuit();
	const size = useTerminalSize();
	const rootWidth = useRootWidth();
	const stopped = useRef(false);
	const latest = useRef<ReviewState | null>(null);
	const perform = (effect: ReviewEffect, dispatch: Dispatch<ReviewAction>) => {
		switch (effect.kind) {
			case 'stop-review':
				stopped.current = true;
				return stopQuietly(engine);
			case 'back':
				return onBack(latest.current?.evals ?? [], latest.current?.budgetsUsed ?? []);
			case 'exit':
				return quit(effect.code);
			case 'export':
				return dispatch({
					type: 'exported',
					result: exportGame(setup, {budget: effect.budget, moves: effect.review.moves}, savesDir, new Date()),
				});
		}
	};
	const [state, dispatch] = useStore(reviewReducer, () => reviewState(setup), perform);
	latest.current = state;
	useKeys(name => dispatch({type: 'key', name}));
	const startedAt = useRef(now());

	// The review runs from the screen's start, and again from where it stopped after v; Esc stops it, and so does leaving.
	useEffect(() => {
		if (state.phase !== 'running') return;
		let live = true;
		stopped.current = false;
		const {game, line, moves, budget} = setup;
		evaluateLine(engine, game, line, moves, () => latest.current?.budget ?? budget, {
			known: latest.current?.evals ?? state.evals,
			onEval: (index, evaluation) => {
				if (live) dispatch({type: 'eval', index, evaluation});
			},
			onProgress: (index, info) => {
				if (live) dispatch({type: 'searching', index, info});
			},
			shouldStop: () => !live || stopped.current,
		})
			.then(result => {
				if (live) dispatch({type: 'finished', stopped: result.stopped});
			})
			.catch((error: Error) => {
				if (live) dispatch({type: 'failed', message: error.message});
			});
		return () => {
			live = false;
			stopQuietly(engine);
		};
	}, [state.run]);

	const time = now();
	useRedrawAt(state.phase === 'running' ? thinkingRedraw(time) : null);

	const {game, line, moves} = setup;
	const position = line[state.view];
	const view = boardViewOf(game, position);
	const layout = layoutFor(size.columns, size.rows, view);
	useLayoutEffect(() => dispatch({type: 'size', fits: layout.fits}), [layout.fits]);
	if (!layout.fits)
		return <TooSmall columns={size.columns} rows={size.rows} needColumns={layout.need.columns} needRows={layout.need.rows} />;
	const width = size.columns;
	if (state.help)
		return (
			<DialogView
				dialog={{kind: 'help', context: 'review', notes: marksLegend(game, theme.ascii)}}
				theme={theme}
				width={width}
				height={size.rows}
			/>
		);

	const panelWidth = layout.panelColumns;
	const graphHeight = layout.bodyRows >= 22 ? 8 : layout.bodyRows >= 18 ? 6 : 4;
	const ply = state.view - 1;
	const last = ply >= 0 ? game.moveEnds(line[ply], moves[ply]!) : [];
	const judged = ply >= 0 ? state.review.moves[ply] : undefined;
	const better = judged?.better ? state.evals[ply]?.best : undefined;
	const hint = better !== undefined && better >= 0 ? game.moveEnds(line[ply], better) : [];
	const entries = reviewEntries(setup);
	const marks = moves.map((_, index) => {
		const mark = state.review.moves[index]?.mark;
		return mark ? markGlyph(mark, theme.ascii) : null;
	});
	const markColors = moves.map((_, index) => {
		const mark = state.review.moves[index]?.mark;
		return mark && theme.color ? MARK_COLORS[mark] : undefined;
	});
	const [first, second] = state.review.summary;
	const summaryRow = (summary: typeof first) =>
		`${game.sides[summary.player - 1]!.padEnd(5)} ${summary.moves === 0 ? '-' : `loss ${lossText(summary.averageLoss)}/move`}  ${countsGlyphs(summary, theme.ascii)}`;
	const over = state.view === line.length - 1 ? (setup.ended ?? game.outcome(position)) : null;
	const usedRows = 1 + graphHeight + 1 + 2 + 2;
	const moveRows = Math.max(2, layout.bodyRows - usedRows);
	const statusText = state.jump !== null ? goToPrompt(state.jump) : state.status.text;
	// Named as the game's own header named them: "level 2 Casual", not the record's "potm level 2 Casual".
	const shown = setup.players ? ([screenPlayer(setup.players[0]), screenPlayer(setup.players[1])] as const) : undefined;
	const header = reviewHeader(game, shown, over?.description ?? null, width - 1);
	return (
		<Box flexDirection="column" width={rootWidth}>
			<Text bold wrap="truncate">
				{`${game.name} review `}
				<Text color={theme.color ? theme.dim : undefined}>{fit(header, width - 1 - [...`${game.name} review `].length)}</Text>
			</Text>
			<Box>
				<Board view={view} theme={theme} flipped={state.flipped} cell={layout.cell} marks={{...NO_MARKS, last, hint}} />
				<Box flexDirection="column" marginLeft={1} width={panelWidth}>
					<Text wrap="truncate" color={theme.color ? theme.accent : undefined}>
						{fit(progressText(state, theme, time, startedAt.current), panelWidth)}
					</Text>
					<EvalGraph state={state} theme={theme} width={panelWidth} height={graphHeight} />
					<Judgement state={state} theme={theme} width={panelWidth} />
					<Text wrap="truncate">{fit(summaryRow(first), panelWidth)}</Text>
					<Text wrap="truncate">{fit(summaryRow(second), panelWidth)}</Text>
					<MoveList
						entries={entries}
						height={moveRows}
						back={state.scroll}
						width={panelWidth}
						theme={theme}
						current={ply}
						marks={marks}
						markColors={markColors}
					/>
				</Box>
			</Box>
			<StatusLine text={statusText} error={state.status.error && state.jump === null} theme={theme} width={width} />
			<Text wrap="truncate" color={theme.color ? theme.dim : undefined}>
				{hintLine(
					[
						`${theme.ascii ? 'Left Right' : '←→'} [ ] walk`,
						'Home End',
						'g move',
						'e export',
						'+/- time',
						'f flip',
						`Esc ${state.phase === 'running' ? 'stop' : setup.backTo}`,
						'? keys',
						quitLabel,
					],
					width,
				)}
			</Text>
		</Box>
	);
}
