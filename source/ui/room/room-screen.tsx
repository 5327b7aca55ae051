/**
 * A room of a served potm: a game between two people that the server holds, played or watched.
 * Laid out as the play screen is (the board, the players and their clocks, the move list, the
 * status and keys rows), with the room's words beside the board: who is away, who watches, the
 * draw offered, the chat, and at the end the result, where the record is kept and the rematch.
 * The room is the server's (remote.room, drawn again at every change); the keys are
 * room-state.ts's reducer; what it asks of the server it asks here, and shows the refusal.
 */
import {Box, Text} from 'ink';
import {memo, useEffect, useState} from 'react';
import {other, type Player, type Result} from '../../games/game.js';
import {Board, NO_MARKS, boardViewOf} from '../boards/index.js';
import {boardMarks} from '../boards/board-input.js';
import {useEnvironment, useKeys, useRedrawAt, useRemote, useRootWidth, useTerminalSize} from '../context.js';
import {screenCover} from '../dialogs/dialogs.js';
import {clockChangesAt, fit, typingPrompt, wrapLines} from '../format.js';
import {columnsOf, tailOf} from '../../text.js';
import {keyFor} from '../keys.js';
import {layoutFor} from '../layout.js';
import {GameOver, MoveList, Players, StatusLine, gameOverRows, hintLine, tallyOf, type SideLine} from '../panel.js';
import type {RoomView} from '../../play/remote.js';
import {playerName, roomReducer, roomState, shownIn, type RoomAction, type RoomEffect, type RoomState} from './room-state.js';
import * as S from '../../play/session.js';
import {same} from '../same.js';
import {useStore, type Dispatch} from '../store.js';

export interface RoomProps {
	readonly code: string;
	/** The side the person plays, or null: watching. */
	readonly side: Player | null;
	/** Back to the lobby, with a word on why where it was not asked for. */
	readonly onLobby: (note?: string) => void;
	/** To another room: the rematch's. */
	readonly onFollow: (code: string, side: Player | null) => void;
}

export function RoomScreen(props: RoomProps) {
	const remote = useRemote();
	const [first] = useState(() => remote.room(props.code));
	if (!first) return <RoomGone {...props} />;
	return <RoomInside {...props} first={first} />;
}

/** A room gone before it could be drawn: back to the lobby, saying so. */
function RoomGone({code, onLobby}: RoomProps) {
	useEffect(() => onLobby(`${code} is gone`), []);
	return <Text>{`${code} is gone`}</Text>;
}

/** The turn line: whose move, or the position walked to. */
function turnLine(state: RoomState, room: RoomView): string {
	const {game, session} = room;
	if (state.view !== null)
		return `Viewing ${state.view > 0 ? `move ${game.moveNumber(session.line[state.view - 1])}` : 'the start'} · End returns`;
	if (S.isOver(session)) return 'Game over';
	if (!room.started) return 'Waiting for a second player';
	const position = S.current(session);
	const mover = S.toMove(session);
	const who = mover === state.side ? 'you' : playerName(room, mover);
	const limit = game.moveLimit;
	return `Move ${game.moveNumber(position)}${limit ? `/${limit}` : ''} · ${game.sides[mover - 1]} to play (${who})`;
}

/** The room's words beside the board: the seat open, who is away, the draw offered, who watches. */
function infoLines(state: RoomState, room: RoomView, address: string): string[] {
	const lines: string[] = [];
	const over = S.isOver(room.session);
	if (!room.started) lines.push(`A friend joins with: ${address} join ${state.code}`);
	for (const player of [1, 2] as const) {
		const person = room.players[player - 1];
		if (person && !room.present[player - 1] && player !== state.side)
			lines.push(
				`${person.name} is away${!room.started || over ? '' : room.session.runningSince !== null ? '; the clock runs' : '; the clocks wait for both'}`,
			);
	}
	if (room.drawOffer !== null && !over) {
		const offered = `${room.game.sides[room.drawOffer - 1]} (${playerName(room, room.drawOffer)}) offers a draw`;
		lines.push(state.side === other(room.drawOffer) ? `${offered}: d accepts, n declines` : offered);
	}
	if (room.watchers.length > 0) lines.push(`Watching: ${room.watchers.join(', ')}`);
	return lines;
}

/** Under the result: the rematch asked for, where the record is kept. */
function endLines(state: RoomState, room: RoomView, plainAddress: string): string[] {
	const lines: string[] = [];
	const {side} = state;
	const key = keyFor('room-over', 'rematch');
	if (side === null) {
		for (const player of [1, 2] as const) if (room.rematch[player - 1]) lines.push(`${playerName(room, player)} asks for a rematch`);
	} else {
		const them = playerName(room, other(side));
		const [mine, theirs] = [room.rematch[side - 1], room.rematch[other(side) - 1]];
		lines.push(
			mine
				? `Asked for a rematch; waiting for ${them}`
				: theirs
					? `${them} asks for a rematch: ${key} to accept`
					: `${key}: a rematch, sides swapped`,
		);
	}
	if (room.kept) lines.push(`Kept as ${room.kept}; download with: ${plainAddress} record ${state.code} > ${room.kept}`);
	return lines;
}

/**
 * The players' rows with their clocks, the server's: drawn again, alone, when the running clock
 * shows another reading. A clock's frame is then this and nothing else of the screen.
 */
const RoomPlayers = memo(
	function RoomPlayers({
		code,
		drawn,
		side,
		scores,
		width,
	}: {
		code: string;
		/** The room as the screen drew it; read again here at each redraw while the screen is in it. */
		drawn: {readonly room: RoomView; readonly left: boolean};
		side: Player | null;
		scores: readonly [number, number];
		width: number;
	}) {
		const {theme, now} = useEnvironment();
		const remote = useRemote();
		// Read again: the server gives back a mover's clock the time their screen took to show the
		// move (Remote.seen) without telling the screens, whose next clock frame shows it.
		const room = (drawn.left ? undefined : remote.room(code)) ?? drawn.room;
		const {game, session} = room;
		const outcome = S.outcomeOf(session);
		const mover = S.toMove(session);
		const time = now();
		const readings = S.clockReadings(session, time);
		const clockRuns = outcome === null && session.clocked && session.runningSince !== null;
		useRedrawAt(clockRuns ? clockChangesAt(readings[mover - 1]!, time) : null);
		const sideLines = ([1, 2] as const).map((player): SideLine => ({
			name: game.sides[player - 1]!,
			who: `${playerName(room, player)}${player === side ? ' (you)' : ''}`,
			points: game.hasPoints ? scores[player - 1]! : null,
			clock: session.clocked ? readings[player - 1]! : null,
		})) as [SideLine, SideLine];
		return (
			<Players
				sides={sideLines}
				toMove={mover}
				theme={theme}
				width={width}
				over={outcome !== null || !room.started}
				units={game.phrases.points.short}
				colours={game.colours}
			/>
		);
	},
	(before, after) =>
		before.code === after.code &&
		before.drawn.room === after.drawn.room &&
		before.drawn.left === after.drawn.left &&
		before.side === after.side &&
		before.width === after.width &&
		same(before.scores, after.scores),
);

function RoomInside({code, side, onLobby, onFollow, first}: RoomProps & {readonly first: RoomView}) {
	const {theme} = useEnvironment();
	const remote = useRemote();
	const size = useTerminalSize();
	const rootWidth = useRootWidth();
	const perform = (effect: RoomEffect, dispatch: Dispatch<RoomAction>) => {
		const answered = (result: Result<void, string>) => {
			if (!result.ok) dispatch({type: 'refused', error: result.error});
		};
		switch (effect.kind) {
			case 'move':
				return answered(remote.move(code, effect.move));
			case 'resign':
				return answered(remote.resign(code));
			case 'draw':
				return answered(remote.offerDraw(code));
			case 'decline':
				return answered(remote.declineDraw(code));
			case 'rematch':
				return answered(remote.rematch(code));
			case 'say':
				return answered(remote.say(code, effect.text));
			case 'lobby':
				return onLobby(effect.note);
			case 'follow': {
				const entered = remote.enter(effect.code, effect.as);
				return entered.ok ? onFollow(entered.value.code, entered.value.side) : onLobby(`The rematch, ${effect.code}: ${entered.error}`);
			}
		}
	};
	const [state, dispatch] = useStore(roomReducer, () => roomState(code, side, first), perform);
	// Every change of the room is news; leaving the screen leaves the room (a player keeps the seat).
	useEffect(() => {
		const unsubscribe = remote.onRoom(code, () => dispatch({type: 'room', room: remote.room(code)}));
		// What changed between the first frame and the subscription.
		dispatch({type: 'room', room: remote.room(code)});
		return () => {
			unsubscribe();
			remote.leave(code);
		};
	}, []);
	const room = (state.left ? undefined : remote.room(code)) ?? state.seen;
	const {game, session} = room;
	const shown = shownIn(state, room);
	const shownPosition = session.line[shown];
	const view = boardViewOf(game, shownPosition);
	const layout = layoutFor(size.columns, size.rows, view);
	useKeys(name => {
		if (!layout.fits && state.question === null && name !== 'q' && name !== 'ctrl+c') return;
		const live = remote.room(code);
		dispatch(live ? {type: 'key', name, room: live} : {type: 'room', room: undefined});
	});
	const outcome = S.outcomeOf(session);
	const mover = S.toMove(session);
	// Drawn (this effect runs once the frame is out): the server starts the clock of a player to
	// move from the moment their screen shows the position, not from the move.
	const moves = session.moves.length;
	const myTurn = side !== null && mover === side && outcome === null && room.started;
	useEffect(() => {
		// The clock the server moves back is drawn at the next draw (within the second): a frame more
		// a move for every screen would cost a busy server more than the glimpse is worth.
		if (myTurn && !state.left) remote.seen(code, moves);
	}, [moves, myTurn]);

	const cover = screenCover(layout, size, state.question?.text ?? null, state.dialog, theme);
	if (cover) return cover;
	const width = size.columns;

	const dim = theme.color ? theme.dim : undefined;
	const panelWidth = layout.panelColumns;
	const {address, plainAddress} = remote;
	const scores = game.scores(S.current(session));
	const shownScores = state.view === null ? scores : game.scores(shownPosition);
	const wrapped = (lines: readonly string[]) => lines.flatMap(line => wrapLines(line, panelWidth));
	const info = wrapped(infoLines(state, room, address)).slice(0, 4);
	const tally = tallyOf(game, S.current(session));
	const ends = outcome ? wrapped(endLines(state, room, plainAddress)) : [];
	const overRows = outcome ? gameOverRows(game, outcome, panelWidth, tally) : 0;
	// Players, the turn, the room's words, a free row; the result and what follows it; the rest the moves and the chat share.
	const rest = layout.bodyRows - 4 - info.length - overRows - ends.length;
	// Each line of chat whole, over as many rows as it takes; the last ones as many as fit.
	const chatLines = wrapped(room.chat.map(line => `${line.from}: ${line.text}`));
	const chatWanted = chatLines.length > 0 ? chatLines.length + 1 : side === null ? 0 : 1;
	const chatRows = Math.max(0, Math.min(chatWanted, rest - 3));
	const moveRows = Math.max(2, rest - chatRows);
	const chatShown = chatRows > 1 ? chatLines.slice(-(chatRows - 1)) : [];

	const position = S.current(session);
	const typing = state.input.typing;
	// A cursor only where its keys play: a player's, until the game is over (a watcher's keys never move one).
	const cursorShown = side !== null && outcome === null;
	const statusText =
		state.question?.text ??
		(state.chat !== null
			? // The end of what is typed stays in view, however long.
				`Say (Enter sends, Esc cancels): ${columnsOf(state.chat) > size.columns - 40 ? `…${tailOf(state.chat, size.columns - 41)}` : state.chat}_`
			: typing !== null
				? typingPrompt(game, position, typing)
				: state.status.text);
	const keysLine = outcome
		? hintLine(
				[
					`${keyFor('room-over', 'walk-back')} ${keyFor('room-over', 'walk-on')} walk`,
					...(side === null ? [] : [`${keyFor('room-over', 'rematch')} rematch`, `${keyFor('room-over', 'chat')} chat`]),
					`${keyFor('room-over', 'flip')} flip`,
					'? keys',
					'q lobby',
				],
				width,
			)
		: side === null
			? hintLine(['[ ] walk', `${keyFor('room', 'flip')} flip`, 'PgUp/PgDn moves', '? keys', 'q lobby'], width)
			: hintLine(
					[
						`${theme.ascii ? 'arrows' : '←↑→↓'} Enter`,
						`${keyFor('room', 'type-move')} type`,
						`${keyFor('room', 'draw')} draw`,
						`${keyFor('room', 'resign')} resign`,
						`${keyFor('room', 'chat')} chat`,
						'[ ] walk',
						'? keys',
						'q lobby',
					],
					width,
				);

	return (
		<Box flexDirection="column" width={rootWidth}>
			<Text bold wrap="truncate">
				{`${game.name}  `}
				<Text color={dim}>
					{`${game.sides[0]} ${playerName(room, 1)} vs ${game.sides[1]} ${playerName(room, 2)} · ${room.private ? 'private ' : ''}${code}${side === null ? ' (watching)' : ''}${session.clocked ? '' : ' · no clock'}`}
				</Text>
			</Text>
			<Box>
				<Board
					view={view}
					theme={theme}
					flipped={state.flipped}
					cell={layout.cell}
					marks={{
						...(cursorShown ? boardMarks(state.input, game, shownPosition) : NO_MARKS),
						last: S.lastMove(session, shown)?.ends ?? [],
						hint: [],
					}}
				/>
				<Box flexDirection="column" marginLeft={1} width={panelWidth}>
					<RoomPlayers code={code} drawn={{room, left: state.left}} side={side} scores={shownScores} width={panelWidth} />
					<Text wrap="truncate">{fit(turnLine(state, room), panelWidth)}</Text>
					{info.map((line, index) => (
						<Text key={`i${index}`} wrap="truncate" color={dim}>
							{line}
						</Text>
					))}
					<Text> </Text>
					<MoveList
						entries={S.moveList(session)}
						current={shown - 1}
						height={moveRows}
						back={state.scroll}
						width={panelWidth}
						theme={theme}
					/>
					{chatRows > 0 ? (
						<Text bold color={dim} wrap="truncate">
							{fit(room.chat.length === 0 ? `Chat: ${keyFor('room', 'chat')} says something` : 'Chat', panelWidth)}
						</Text>
					) : null}
					{chatShown.map((line, index) => (
						<Text key={`c${index}`} wrap="truncate">
							{line}
						</Text>
					))}
					{outcome ? (
						<GameOver game={game} outcome={outcome} scores={scores} tally={tally} theme={theme} width={panelWidth} praise={false} />
					) : null}
					{ends.map((line, index) => (
						<Text key={`e${index}`} wrap="truncate" color={dim}>
							{line}
						</Text>
					))}
				</Box>
			</Box>
			<StatusLine
				text={statusText}
				error={state.status.error && state.question === null && state.chat === null && typing === null}
				theme={theme}
				width={width}
			/>
			<Text wrap="truncate" color={dim}>
				{keysLine}
			</Text>
		</Box>
	);
}
