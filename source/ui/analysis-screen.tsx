/**
 * Analysis: the engine searches the position without end in the worker and shows its best few
 * moves with their evaluations and lines, live. Moves played on the board, steps back and
 * forward (forward follows the best line when nothing was taken back) restart it.
 */
import {Box, Text, useApp} from 'ink';
import {useEffect, useState} from 'react';
import type {Player} from '../games/game.js';
import type {AnyGame} from '../games/registry.js';
import type {EngineInfo} from '../engine/client.js';
import {Board} from './board.js';
import {stopQuietly, useEnvironment, useKeys, useRootWidth, useTerminalSize, useTicker} from './context.js';
import {Help, TooSmall} from './dialogs.js';
import {FileDialog} from './file-dialog.js';
import {fit, formatScore, playedText} from './format.js';
import {actionFor, keyNames} from './keys.js';
import {layoutFor} from './layout.js';
import {MoveList, StatusLine} from './panel.js';
import * as S from './session.js';
import {forcedPass} from '../games/game.js';
import {useBoardControls} from './use-board.js';

const MAX_LINES = 5;

export interface AnalysisSetup {
	readonly game: AnyGame;
	// eslint-disable-next-line @typescript-eslint/no-explicit-any
	readonly line?: readonly any[];
	readonly moves?: readonly number[];
	readonly note?: string;
}

export function AnalysisScreen({setup, onMenu}: {setup: AnalysisSetup; onMenu: (game: AnyGame) => void}) {
	const {theme, engine, now} = useEnvironment();
	const {exit} = useApp();
	const size = useTerminalSize();
	const rootWidth = useRootWidth();
	const newAnalysis = (from: AnalysisSetup) =>
		S.newSession(from.game, {seats: [S.HUMAN, S.HUMAN], clocked: false, ...(from.line ? {line: from.line} : {}), ...(from.moves ? {moves: from.moves} : {})}, now());
	const [session, setSession] = useState(() => newAnalysis(setup));
	const [lines, setLines] = useState(3);
	const [info, setInfo] = useState<{info: EngineInfo | null; startedAt: number; done: boolean}>({info: null, startedAt: now(), done: false});
	const [dialog, setDialog] = useState<'help' | 'save' | 'load' | null>(null);
	const [flipped, setFlipped] = useState(false);
	const [scroll, setScroll] = useState(0);
	const [status, setStatus] = useState({text: setup.note ?? 'The engine analyses without end; play moves on the board, [ and ] step back and on', error: false});
	const say = (text: string, error = false) => setStatus({text, error});

	const {game, line} = session;
	const state = S.current(session);
	const outcome = S.outcomeOf(session);
	const mover = game.toMove(state) as Player;
	const time = useTicker(!info.done && !outcome);

	useEffect(() => {
		if (outcome) {
			setInfo({info: null, startedAt: now(), done: true});
			return;
		}
		let live = true;
		const startedAt = now();
		setInfo({info: null, startedAt, done: false});
		engine
			.think(game, state, {limits: {multiPv: lines}}, progress => {
				if (live) setInfo({info: progress, startedAt, done: false});
			})
			.then(result => {
				if (live) setInfo({info: result, startedAt, done: true});
			})
			.catch((error: Error) => {
				if (live) say(`The engine failed: ${error.message}; any move starts it again`, true);
			});
		return () => {
			live = false;
			stopQuietly(engine);
		};
	}, [line, lines]);

	const board = useBoardControls(game, state, flipped, {
		canMove: !outcome,
		cannotMove: outcome ? `The game is over: ${outcome.description}` : '',
		onMove(move) {
			setSession(S.playMove(session, move, now()));
			setScroll(0);
			say(playedText(game, state, move));
		},
		onMessage: say,
	});

	const step = (forward: boolean) => {
		if (!forward) {
			const back = S.undo(session, now());
			if (back === session) return say('At the first position', true);
			board.reset();
			return setSession(back);
		}
		if (session.redo.length > 0) {
			board.reset();
			return setSession(S.redo(session, now()));
		}
		const best = info.info?.lines[0];
		// The lines may still be those of the position before (a new analysis starts after the frame).
		if (!best || outcome || !game.legalMoves(state).includes(best.move)) return say('No line to follow yet', true);
		board.reset();
		setSession(S.playMove(session, best.move, now()));
		say(`Followed the best line: ${best.text[0]}`);
	};

	useKeys((input, key) => {
		if (dialog !== null) return;
		for (const name of keyNames(input, key)) {
			if (board.typed(name)) continue;
			const action = actionFor('analysis', name);
			if (action === 'cancel' && board.pointer.selected === null) return onMenu(game);
			if (action === undefined || board.act(action)) continue;
			if (action === 'undo') step(false);
			else if (action === 'redo') step(true);
			else if (action === 'more-lines') setLines(count => Math.min(MAX_LINES, count + 1));
			else if (action === 'fewer-lines') setLines(count => Math.max(1, count - 1));
			else if (action === 'save') setDialog('save');
			else if (action === 'load') setDialog('load');
			else if (action === 'flip') setFlipped(value => !value);
			else if (action === 'scroll-up') setScroll(value => value + 3);
			else if (action === 'scroll-down') setScroll(value => Math.max(0, value - 3));
			else if (action === 'help') setDialog('help');
			else if (action === 'quit') return exit();
		}
	});

	const view = game.board(state);
	const layout = layoutFor(size.columns, size.rows, view.files, view.ranks);
	if (!layout.fits) return <TooSmall columns={size.columns} rows={size.rows} needColumns={layout.need.columns} needRows={layout.need.rows} />;
	const width = size.columns;
	if (dialog === 'help') return <Help context="analysis" theme={theme} width={Math.min(width, 80)} height={size.rows} onClose={() => setDialog(null)} />;
	if (dialog === 'save' || dialog === 'load') {
		return (
			<FileDialog
				mode={dialog}
				session={session}
				say={say}
				onClose={() => setDialog(null)}
				onOpened={opened => {
					board.reset();
					setSession(newAnalysis(opened));
				}}
			/>
		);
	}

	const panelWidth = layout.panelColumns;
	const found = info.info;
	const elapsed = ((found?.elapsedMs ?? time - info.startedAt) / 1000).toFixed(1);
	const spinner = theme.glyphs.spinner[Math.floor((time - info.startedAt) / 100) % theme.glyphs.spinner.length];
	const head = outcome
		? outcome.description
		: found
			? `${info.done ? 'done' : spinner} depth ${found.depth}/${found.selDepth} · ${Math.round(found.nodesPerSecond / 1000)}k nodes/s · ${elapsed} s`
			: `${spinner} starting`;
	const scores = game.scores(state) as readonly [number, number];
	const limit = game.moveLimit;
	// Best first: lines of an iteration under way can come in before the order is settled.
	const lineRows = found ? [...found.lines].sort((a, b) => b.score - a.score).slice(0, lines) : [];
	const moveRows = Math.max(2, layout.bodyRows - 5 - lines);
	return (
		<Box flexDirection="column" width={rootWidth}>
			<Text bold wrap="truncate">
				{`${game.name} analysis  `}
				<Text color={theme.color ? theme.dim : undefined}>{`${lines} line${lines === 1 ? '' : 's'} (+/-)`}</Text>
			</Text>
			<Box>
				<Board view={view} theme={theme} flipped={flipped} cell={layout.cell} marks={{...board.marks, last: S.lastMove(session)?.ends ?? [], hint: lineRows[0] ? game.moveEnds(state, lineRows[0].move) : []}} />
				<Box flexDirection="column" marginLeft={1} width={panelWidth}>
					<Text wrap="truncate">{fit(!outcome && forcedPass(game, state) !== undefined ? `Move ${game.moveNumber(state)} · ${game.sides[mover - 1]}: no move, Enter passes` : `Move ${game.moveNumber(state)}${limit ? `/${limit}` : ''} · ${game.sides[mover - 1]} to play`, panelWidth)}</Text>
					<Text wrap="truncate">{fit(!game.hasPoints ? '' : `Points ${game.sides[0]} ${scores[0]} · ${game.sides[1]} ${scores[1]}`, panelWidth)}</Text>
					<Text wrap="truncate" color={theme.color ? theme.accent : undefined}>
						{fit(head, panelWidth)}
					</Text>
					{Array.from({length: lines}, (_, index) => {
						const entry = lineRows[index];
						const text = entry ? `${index + 1}. ${formatScore(entry.score, mover, game.sides).padStart(6)}  ${entry.text.join(' ')}` : `${index + 1}.`;
						return (
							<Text key={index} wrap="truncate" bold={index === 0}>
								{fit(text, panelWidth)}
							</Text>
						);
					})}
					<Text> </Text>
					<MoveList entries={S.moveList(session)} height={moveRows} back={scroll} width={panelWidth} theme={theme} />
				</Box>
			</Box>
			<StatusLine text={board.typing !== null ? `Type a move, Enter plays it, Esc cancels: ${board.typing}_` : status.text} error={status.error} theme={theme} width={width} />
			<Text wrap="truncate" color={theme.color ? theme.dim : undefined}>
				{fit(`${theme.ascii ? 'arrows' : '←↑→↓'} Enter · m type · [ ] step · +/- lines · s save · o open · ? keys · q quit`, width)}
			</Text>
		</Box>
	);
}
