/**
 * A game against the AI or between two people at one keyboard: the board, the players with
 * their points and running clocks, the move list, the AI's thinking, undo/redo, hint, resign,
 * save and load, and the game-over panel.
 */
import {Box, Text, useApp} from 'ink';
import {useEffect, useRef, useState} from 'react';
import type {Player} from '../games/game.js';
import type {AnyGame} from '../games/registry.js';
import {levelOf, planMove} from '../engine/levels.js';
import type {EngineInfo} from '../engine/client.js';
import {Board} from './board.js';
import {stopQuietly, useEnvironment, useKeys, useRootWidth, useTerminalSize, useTicker} from './context.js';
import {Help, TooSmall} from './dialogs.js';
import {FileDialog} from './file-dialog.js';
import {formatScore, playedText} from './format.js';
import {actionFor, keyFor, keyNames, type KeyContext} from './keys.js';
import {layoutFor} from './layout.js';
import {EngineLine, MoveList, Players, StatusLine, type Thinking} from './panel.js';
import * as S from './session.js';
import {forcedPass} from '../games/game.js';
import {useBoardControls} from './use-board.js';

export interface PlaySetup {
	readonly game: AnyGame;
	readonly seats: readonly [S.Seat, S.Seat];
	readonly clocked: boolean;
	/** Seconds on each clock at the start; the position's own readings when absent. */
	readonly clockSeconds?: number;
	// eslint-disable-next-line @typescript-eslint/no-explicit-any
	readonly line?: readonly any[];
	readonly moves?: readonly number[];
	/** Shown in the status line at the start (e.g. where the game was loaded from). */
	readonly note?: string;
}

/** Open panels; 'resign', 'new', 'quit' and 'leave' are questions asked in the status line. */
type Dialog = 'help' | 'save' | 'load' | 'resign' | 'new' | 'quit' | 'leave' | null;

/** What the engine is doing for this screen: the AI's move, or a hint for the player. */
interface Task {
	readonly kind: 'ai' | 'hint';
	readonly thinking: Thinking;
}

/** Milliseconds the AI allows for the worker's round trip on each move. */
const AI_OVERHEAD_MS = 60;
/** How long a hint may think. */
const HINT_MS = 1500;

const seatName = (seat: S.Seat, bothHuman: boolean, player: Player): string =>
	seat.kind === 'ai' ? `level ${seat.level} ${levelOf(seat.level).name}` : bothHuman ? `player ${player}` : 'you';

export function PlayScreen({setup, onMenu}: {setup: PlaySetup; onMenu: (game: AnyGame) => void}) {
	const {theme, engine, now} = useEnvironment();
	const {exit} = useApp();
	const size = useTerminalSize();
	const rootWidth = useRootWidth();
	const [session, setSession] = useState(() =>
		S.newSession(
			setup.game,
			{seats: setup.seats, clocked: setup.clocked, ...(setup.clockSeconds === undefined ? {} : {clockSeconds: setup.clockSeconds}), ...(setup.line ? {line: setup.line} : {}), ...(setup.moves ? {moves: setup.moves} : {})},
			now(),
		),
	);
	const [status, setStatus] = useState<{text: string; error: boolean}>({text: setup.note ?? '', error: false});
	const [dialog, setDialogState] = useState<Dialog>(null);
	const dialogRef = useRef<Dialog>(null);
	const [flipped, setFlipped] = useState(setup.seats[0].kind === 'ai' && setup.seats[1].kind === 'human');
	const [task, setTask] = useState<Task | null>(null);
	const [hint, setHint] = useState<{ends: readonly number[]; text: string} | null>(null);
	const [scroll, setScroll] = useState(0);
	const seed = useRef(Math.floor(now()) >>> 0);
	/** The line last saved or opened: leaving it as it is loses nothing. */
	const savedLine = useRef<readonly unknown[] | null>(setup.line ? session.line : null);
	// The session as of the last render, for answers that arrive later.
	const latest = useRef(session);
	latest.current = session;

	const {game} = session;
	const state = S.current(session);
	const outcome = S.outcomeOf(session);
	const mover = game.toMove(state) as Player;
	const seat = S.seatToMove(session);
	const bothHuman = session.seats.every(one => one.kind === 'human');
	const running = !outcome && session.runningSince !== null;
	const time = useTicker(running || task !== null);
	const context: KeyContext = outcome ? 'over' : 'play';

	const say = (text: string, error = false) => setStatus({text, error});

	/**
	 * A dialog stops a person's clock, from the key that opens it; the AI thinks on while one is
	 * open, so its clock runs on.
	 */
	const clockFor = (next: S.Session, open: Dialog): S.Session => {
		const stopped = S.isOver(next) || (open !== null && S.seatToMove(next).kind === 'human');
		return stopped ? S.pauseClock(next, now()) : S.resumeClock(next, now());
	};
	const setDialog = (next: Dialog) => {
		dialogRef.current = next;
		setDialogState(next);
		setSession(current => clockFor(current, next));
	};

	// Several keys can arrive in one input: each acts on what the one before left.
	const apply = (next: S.Session) => {
		latest.current = next;
		setSession(next);
		setHint(null);
		setScroll(0);
	};

	// The flag falls while the clock runs.
	useEffect(() => {
		const flagged = S.checkFlag(session, time);
		if (flagged !== session) setSession(flagged);
	}, [session, time]);

	// The AI moves when it is to move.
	const aiTurn = !outcome && seat.kind === 'ai';

	const {line} = session;
	useEffect(() => {
		if (!aiTurn || seat.kind !== 'ai') return;
		let live = true;
		const startedAt = now();
		const readings = S.clockReadings(session, startedAt);
		const thinkState = session.clocked ? game.withClocks(state, readings) : state;
		const plan = session.clocked
			? planMove(seat.level, {clock: {remainingMs: readings[mover - 1]! * 1000, movesLeft: game.movesLeft(state) ?? 40, overheadMs: AI_OVERHEAD_MS}, seed: seed.current})
			: planMove(seat.level, {seed: seed.current});
		// The bar runs to the hard deadline: the search may stretch its soft budget up to it.
		const thinking: Thinking = {who: seatName(seat, bothHuman, mover), info: null, startedAt, budgetMs: plan.limits.hardMs ?? null, mover};
		setTask({kind: 'ai', thinking});
		engine
			.think(game, thinkState, {...plan, seed: seed.current + line.length}, (info: EngineInfo) => {
				if (live) setTask({kind: 'ai', thinking: {...thinking, info}});
			})
			.then(result => {
				if (!live) return;
				setTask(null);
				if (result.move < 0 || !game.legalMoves(state).includes(result.move)) {
					say(`The engine gave no legal move (${result.moveText || 'none'}); u takes back, n starts again`, true);
					return;
				}
				setSession(current => (current.line === line ? clockFor(S.playMove(current, result.move, now()), dialogRef.current) : current));
				setScroll(0);
				const best = result.lines[0];
				const played = `${playedText(game, state, result.move)}${best ? ` (${formatScore(best.score, mover, game.sides)}, depth ${result.depth})` : ''}`;
				// A warning from opening the file stays in view after the AI's first move.
				setStatus(current => (current.error && current.text.startsWith('Opened') ? {text: `${played} · ${current.text}`, error: true} : {text: played, error: false}));
			})
			.catch((error: Error) => {
				if (!live) return;
				setTask(null);
				say(`The engine failed: ${error.message}. u takes back; the next move starts it again`, true);
			});
		return () => {
			live = false;
			setTask(null);
			stopQuietly(engine);
		};
	}, [aiTurn, line]);

	const canMove = !outcome && seat.kind === 'human';
	const cannotMove = outcome ? `The game is over: ${outcome.description}` : `${game.sides[mover - 1]} (the AI) is to move: wait for it`;
	const board = useBoardControls(game, state, flipped, {
		canMove,
		cannotMove,
		onMove(move) {
			apply(S.playMove(latest.current, move, now()));
			say(playedText(game, state, move));
		},
		onMessage: say,
	}, setup.seats.findIndex(one => one.kind === 'human') + 1 || undefined);

	const askHint = () => {
		if (!canMove) return say(cannotMove, true);
		if (task) return;
		const startedAt = now();
		const thinking: Thinking = {who: 'hint:', info: null, startedAt, budgetMs: HINT_MS, mover};
		setTask({kind: 'hint', thinking});
		const plan = planMove(5, {fixedMs: HINT_MS});
		const at = session.line;
		engine
			.think(game, state, plan, info => setTask(current => (current?.kind === 'hint' ? {kind: 'hint', thinking: {...thinking, info}} : current)))
			.then(result => {
				setTask(current => (current?.kind === 'hint' ? null : current));
				if (result.move < 0) return;
				if (latest.current.line !== at) return;
				setHint({ends: game.moveEnds(state, result.move), text: result.moveText});
				const best = result.lines[0];
				say(`Hint: ${result.moveText}${best ? ` (${formatScore(best.score, mover, game.sides)})` : ''}`);
			})
			.catch(() => setTask(current => (current?.kind === 'hint' ? null : current)));
	};

	const stopHint = () => {
		if (task?.kind === 'hint') stopQuietly(engine);
	};

	const restart = (swap: boolean) => {
		stopHint();
		engine.clear();
		const next = S.restart(latest.current, now(), swap, setup.clockSeconds ?? (session.clocked ? 60 : undefined));
		apply(next);
		board.reset();
		if (swap) setFlipped(next.seats[0].kind === 'ai' && next.seats[1].kind === 'human');
		say(swap ? 'Rematch: sides swapped' : 'New game');
	};

	const layout = layoutFor(size.columns, size.rows, game.board(state).files, game.board(state).ranks);
	// Whether leaving now would lose moves that are in no file.
	const unsaved = !outcome && session.moves.length > 0 && session.line !== savedLine.current;
	const leave = (quit: boolean) => {
		// Too small a terminal shows no status line to ask in: q quits, as that screen says.
		if (!unsaved || !layout.fits) return quit ? exit() : onMenu(game);
		setDialog(quit ? 'quit' : 'leave');
		say(`${quit ? 'Quit' : 'Leave this game for the menu'}? It is not saved: y ${quit ? 'quits' : 'leaves'}, s saves first, any other key goes on`);
	};

	useKeys((input, key) => {
		if (key.ctrl && input === 'c') return exit();
		if (dialog === 'quit' || dialog === 'leave') {
			const answer = input.toLowerCase();
			if (answer === 'y') return dialog === 'quit' ? exit() : onMenu(game);
			say('');
			setDialog(answer === 's' ? 'save' : null);
			return;
		}
		if (dialog === 'resign' || dialog === 'new') {
			const answer = input.toLowerCase();
			if (answer === 'y') {
				if (dialog === 'resign') {
					const resigner = bothHuman ? mover : ((session.seats.findIndex(one => one.kind === 'human') + 1) as Player);
					stopHint();
					apply(S.resign(latest.current, resigner, now()));
					say(`${game.sides[resigner - 1]} resigned`);
				} else restart(false);
			} else say('');
			setDialog(null);
			return;
		}
		if (dialog !== null) return;
		for (const name of keyNames(input, key)) {
			if (board.typed(name)) continue;
			const action = actionFor(context, name);
			if (action === undefined) continue;
			if (action === 'cancel' && board.pointer.selected === null) return leave(false);
			if (board.act(action)) continue;
			switch (action) {
				case 'undo':
				case 'redo': {
					stopHint();
					const back = action === 'undo';
					const before = latest.current;
					const after = back ? S.undo(before, now()) : S.redo(before, now());
					if (after === before) say(back ? 'Nothing to take back' : 'Nothing to play again', true);
					else {
						apply(after);
						board.reset();
						const count = Math.abs(after.moves.length - before.moves.length);
						say(`${back ? 'Took back' : 'Replayed'} ${count === 0 ? 'the resignation' : `${count} move${count === 1 ? '' : 's'}`}`);
					}
					break;
				}
				case 'hint':
					askHint();
					break;
				case 'resign':
					if (outcome) break;
					setDialog('resign');
					say('Resign this game? y resigns, any other key goes on');
					break;
				case 'new-game':
					if (outcome || session.moves.length === 0) restart(false);
					else {
						setDialog('new');
						say('Abandon this game and start a new one? y starts afresh, any other key goes on');
					}
					break;
				case 'rematch':
					restart(true);
					break;
				case 'save':
					setDialog('save');
					break;
				case 'load':
					stopHint();
					setDialog('load');
					break;
				case 'flip':
					setFlipped(value => !value);
					break;
				case 'scroll-up':
					setScroll(value => value + 3);
					break;
				case 'scroll-down':
					setScroll(value => Math.max(0, value - 3));
					break;
				case 'help':
					setDialog('help');
					break;
				case 'menu':
					return leave(false);
				case 'quit':
					return leave(true);
				default:
					break;
			}
		}
	});

	if (!layout.fits) return <TooSmall columns={size.columns} rows={size.rows} needColumns={layout.need.columns} needRows={layout.need.rows} />;

	const width = size.columns;
	if (dialog === 'help') return <Help context={context} theme={theme} width={Math.min(width, 80)} height={size.rows} onClose={() => setDialog(null)} />;
	if (dialog === 'save' || dialog === 'load') {
		return (
			<FileDialog
				mode={dialog}
				session={session}
				say={say}
				onClose={() => setDialog(null)}
				onSaved={() => {
					savedLine.current = session.line;
				}}
				onOpened={opened => {
					const next = S.newSession(opened.game, {seats: session.seats, clocked: session.clocked, line: opened.line, moves: opened.moves}, now());
					savedLine.current = next.line;
					apply(next);
					board.reset();
				}}
			/>
		);
	}

	const view = game.board(state);
	const last = S.lastMove(session);
	const readings = S.clockReadings(session, time);
	const scores = game.scores(state) as readonly [number, number];
	const limit = game.moveLimit;
	const sideLines = ([1, 2] as const).map(player => ({
		name: game.sides[player - 1]!,
		who: seatName(session.seats[player - 1]!, bothHuman, player),
		points: !game.hasPoints ? null : scores[player - 1]!,
		clock: session.clocked ? readings[player - 1]! : null,
	})) as unknown as readonly [{name: string; who: string; points: number | null; clock: number | null}, {name: string; who: string; points: number | null; clock: number | null}];
	const panelWidth = layout.panelColumns;
	const passing = !outcome && forcedPass(game, state) !== undefined;
	const turnLine = outcome
		? 'Game over'
		: passing
			? // Short enough for the panel beside an 8×8 board at 80×24.
				`Move ${game.moveNumber(state)} · ${game.sides[mover - 1]}: no move, ${seat.kind === 'human' ? 'Enter passes' : 'must pass'}`
			: `Move ${game.moveNumber(state)}${limit ? `/${limit}` : ''} · ${game.sides[mover - 1]} to play${seat.kind === 'human' && !bothHuman ? ' (you)' : ''}`;
	const engineRows = 3;
	const overRows = outcome ? 5 : 0;
	const moveRows = Math.max(2, layout.bodyRows - 4 - engineRows - overRows);
	const statusText = board.typing !== null ? `Type a move (e.g. b1 d3), Enter plays it, Esc cancels: ${board.typing}_` : status.text;
	const keysLine = outcome
		? `${keyFor('over', 'new-game')} new game · ${keyFor('over', 'rematch')} rematch · ${keyFor('over', 'save')} save · ${keyFor('over', 'undo')} undo · Esc menu · ${keyFor('over', 'quit')} quit`
		: `${theme.ascii ? 'arrows' : '←↑→↓'} Enter · m type · u undo · r redo · t hint · s save · o open · ? keys · q`;

	return (
		<Box flexDirection="column" width={rootWidth}>
			<Text bold wrap="truncate">
				{`${game.name}  `}
				<Text color={theme.color ? theme.dim : undefined}>{`${game.sides[0]} ${sideLines[0].who} vs ${game.sides[1]} ${sideLines[1].who}${session.clocked ? '' : ' · no clock'}`}</Text>
			</Text>
			<Box>
				<Board view={view} theme={theme} flipped={flipped} cell={layout.cell} marks={{...board.marks, last: last?.ends ?? [], hint: hint?.ends ?? []}} />
				<Box flexDirection="column" marginLeft={1} width={panelWidth}>
					<Players sides={sideLines} toMove={mover} theme={theme} width={panelWidth} over={outcome !== null} />
					<Text wrap="truncate">{turnLine}</Text>
					<Text> </Text>
					<MoveList entries={S.moveList(session)} height={moveRows} back={scroll} width={panelWidth} theme={theme} />
					{outcome ? (
						<Box flexDirection="column" borderStyle={theme.ascii ? 'classic' : 'round'} paddingX={1}>
							<Text bold color={theme.color ? theme.accent : undefined} wrap="truncate">
								{outcome.winner ? `${game.sides[outcome.winner - 1]} wins${session.seats[outcome.winner - 1]!.kind === 'human' && !bothHuman ? ': well played!' : ''}` : outcome.result === 'tie' ? 'A tie' : 'A draw'}
							</Text>
							<Text wrap="truncate">{outcome.description}</Text>
							{!game.hasPoints ? null : <Text wrap="truncate">{`Points: ${game.sides[0]} ${scores[0]} · ${game.sides[1]} ${scores[1]}`}</Text>}
						</Box>
					) : null}
					{task ? (
						<EngineLine thinking={task.thinking} now={time} theme={theme} width={panelWidth} sides={game.sides} />
					) : (
						<Text> </Text>
					)}
				</Box>
			</Box>
			<StatusLine text={statusText} error={status.error && board.typing === null} theme={theme} width={width} />
			<Text wrap="truncate" color={theme.color ? theme.dim : undefined}>
				{keysLine}
			</Text>
		</Box>
	);
}
