/**
 * The first screen of a served potm: who is on the server, the arcade, a new game for a friend,
 * a code to join or watch by, the open games and the games in progress. It draws the server's
 * lists as they stand, again whenever they change (remote.onLobby); what its keys do is
 * lobby-state.ts's reducer.
 */
import {Box, Text, useApp} from 'ink';
import {useEffect, useReducer} from 'react';
import type {Player} from '../../games/game.js';
import {useEnvironment, useKeys, useRedrawAt, useRemote, useRootWidth, useTerminalSize} from '../context.js';
import {DialogView, TooSmall} from '../dialogs/dialogs.js';
import {fit, formatClock} from '../format.js';
import {columnsOf} from '../../text.js';
import {
	chosenIndex,
	codePrompt,
	lobbyReducer,
	lobbyRows,
	lobbyState,
	rowKey,
	type LobbyAction,
	type LobbyEffect,
	type LobbyRow,
} from './lobby-state.js';
import {StatusLine, hintLine} from '../panel.js';
import type {LobbyView, Person, RoomSummary} from '../../play/remote.js';
import {useStore, type Dispatch} from '../store.js';

/** The smallest terminal the lobby is drawn in. */
const NEED = {columns: 60, rows: 16};

/** A line of the lobby's body: a row to choose (`key`), or words about the rows. */
interface Line {
	readonly text: string;
	readonly key?: string;
	readonly dim?: boolean;
	readonly bold?: boolean;
}

/** "potm on the server — 3 online: alice, bob, carol", the names cut to the width. */
export function onlineLine(online: readonly string[], width: number): string {
	const head = `potm on the server — ${online.length} online`;
	if (online.length === 0) return fit(head, width);
	let names = '';
	for (const [index, name] of online.entries()) {
		const more = online.length - index - 1;
		const next = `${names}${index === 0 ? '' : ', '}${name}`;
		const tail = more > 0 ? `, … (${more} more)` : '';
		if (columnsOf(`${head}: ${next}${tail}`) > width) return fit(`${head}: ${names}${names === '' ? '' : ', '}…`, width);
		names = next;
	}
	return fit(`${head}: ${names}`, width);
}

/** The players of a room as the lists say them: "alice vs bob". */
const versus = (room: RoomSummary): string => `${room.players[0] ?? '?'} vs ${room.players[1] ?? '?'}`;

const roomText = (row: LobbyRow & {readonly room: RoomSummary}): string => {
	const {room} = row;
	const head = `${room.code}  ${room.game.name}`;
	const watching = room.watchers > 0 ? ` · ${room.watchers} watching` : '';
	if (row.kind === 'open') {
		const waiting = room.players.find(name => name !== null) ?? '?';
		return `${head} · ${room.details} · ${room.yours ? 'you wait' : `${waiting} waits`}${room.private ? ' · private' : ''}${watching}`;
	}
	const clocks = room.clocks === null ? '' : ` · ${formatClock(room.clocks[0])} ${formatClock(room.clocks[1])}`;
	return `${head} · ${versus(room)}${room.yours ? ' (yours)' : ''} · ${room.moves} move${room.moves === 1 ? '' : 's'}${clocks}${watching}`;
};

const FIXED: Readonly<Record<'arcade' | 'create' | 'code' | 'quit', string>> = {
	arcade: 'Play the AI, watch a demo, your games: the arcade',
	create: 'Create a game for a friend',
	code: 'Join or watch by code',
	quit: 'Quit',
};

/** Every line of the body, the rows among them. */
function bodyLines(view: LobbyView): Line[] {
	const rows = lobbyRows(view);
	const lines: Line[] = [];
	const add = (row: LobbyRow) => {
		lines.push({text: row.kind === 'open' || row.kind === 'playing' ? roomText(row) : FIXED[row.kind], key: rowKey(row)});
		if ((row.kind === 'open' || row.kind === 'playing') && row.room.yours && row.kind === 'open')
			lines.push({text: `    a friend joins with: ${view.address} join ${row.room.code}`, dim: true});
	};
	for (const row of rows.filter(one => one.kind === 'arcade' || one.kind === 'create' || one.kind === 'code')) add(row);
	lines.push({text: ''}, {text: 'Open games: Enter joins, w watches', bold: true});
	if (view.open.length === 0) lines.push({text: '  No open games: create one', dim: true});
	for (const row of rows.filter(one => one.kind === 'open')) add(row);
	lines.push({text: ''}, {text: 'Games in progress: Enter watches, or takes your seat again in yours', bold: true});
	if (view.playing.length === 0) lines.push({text: '  No games in progress', dim: true});
	for (const row of rows.filter(one => one.kind === 'playing')) add(row);
	if (view.finished.length > 0) {
		lines.push({text: ''}, {text: 'Your finished games: their records', bold: true});
		for (const game of view.finished) {
			lines.push({text: `  ${game.code}  ${game.game.name} · ${game.players[0]} vs ${game.players[1]} · ${game.result}`});
			lines.push({text: `    ${view.plainAddress} record ${game.code} > ${game.kept}`, dim: true});
		}
	}
	lines.push({text: ''});
	add({kind: 'quit'});
	return lines;
}

/** Who the person is to the server, under the title: their name and the key that owns it, or that they are a guest. */
export function identityLine({name, identity}: Person): string {
	const short = (fingerprint: string) => `${fingerprint.slice(0, 15)}…`;
	switch (identity?.kind) {
		case undefined:
			return '';
		case 'guest':
			return `You are ${name}, a guest: come with an SSH key to keep a name, its saves and its seats`;
		case 'owner':
			return identity.claimed
				? `You are ${name}: the name is yours from now on (key ${short(identity.fingerprint)})`
				: `You are ${name}, by your key ${short(identity.fingerprint)}`;
		case 'authorized':
			return `You are ${name}, by your key ${short(identity.fingerprint)} (one of the server's)`;
	}
}

/** The lines in view, `height` of them around the chosen one, with a mark where more are above or below. */
function windowOf(lines: readonly Line[], chosen: number, height: number): Line[] {
	if (lines.length <= height) return [...lines];
	const first = Math.max(0, Math.min(chosen - Math.floor(height / 2), lines.length - height));
	const shown = lines.slice(first, first + height);
	const below = lines.length - first - height;
	if (first > 0) shown[0] = {text: `  ↑ ${first + 1} more above`, dim: true};
	if (below > 0) shown[shown.length - 1] = {text: `  ↓ ${below + 1} more below`, dim: true};
	return shown;
}

export function LobbyScreen({
	note,
	onArcade,
	onCreate,
	onRoom,
}: {
	note?: string;
	onArcade: () => void;
	onCreate: () => void;
	onRoom: (code: string, side: Player | null) => void;
}) {
	const {theme, now} = useEnvironment();
	const remote = useRemote();
	const {exit} = useApp();
	const size = useTerminalSize();
	const rootWidth = useRootWidth();
	// Drawn again whenever the lists change; nothing else wakes the lobby.
	const [, changed] = useReducer((count: number) => count + 1, 0);
	useEffect(() => remote.onLobby(changed), [remote]);
	const perform = (effect: LobbyEffect, dispatch: Dispatch<LobbyAction>) => {
		switch (effect.kind) {
			case 'arcade':
				return onArcade();
			case 'create':
				return onCreate();
			case 'quit':
				return exit(effect.code);
			case 'enter': {
				const entered = remote.enter(effect.code, effect.as);
				if (!entered.ok) return dispatch({type: 'refused', error: entered.error});
				dispatch({type: 'entered'});
				return onRoom(entered.value.code, entered.value.side);
			}
		}
	};
	const [state, dispatch] = useStore(lobbyReducer, () => lobbyState(note), perform);
	const fits = size.columns >= NEED.columns && size.rows >= NEED.rows;
	useKeys(name => {
		if (fits || state.dialog || name === 'q' || name === 'ctrl+c') dispatch({type: 'key', name, view: remote.lobby()});
	});
	const view = remote.lobby();
	// The clocks of the games in progress, where they show, turn once a second.
	useRedrawAt(view.playing.some(room => room.clocks !== null) ? now() + 1000 : null);
	const width = Math.min(size.columns, 100);
	if (state.dialog) return <DialogView dialog={state.dialog} theme={theme} width={width} height={size.rows} />;
	if (!fits) return <TooSmall columns={size.columns} rows={size.rows} needColumns={NEED.columns} needRows={NEED.rows} />;
	const rows = lobbyRows(view);
	const chosenKey = rowKey(rows[chosenIndex(state, rows)]!);
	const lines = bodyLines(view);
	// The title, a free row, the body, the status (two rows), the keys and a row kept free.
	const shown = windowOf(
		lines,
		lines.findIndex(line => line.key === chosenKey),
		size.rows - 6,
	);
	const dim = theme.color ? theme.dim : undefined;
	const statusText = state.entry === null ? state.status.text : codePrompt(state.entry);
	return (
		<Box flexDirection="column" width={rootWidth}>
			<Text bold color={theme.color ? theme.accent : undefined} wrap="truncate">
				{onlineLine(view.online, width - 1)}
			</Text>
			<Text color={dim} wrap="truncate">
				{fit(identityLine(remote.me), width - 1) || ' '}
			</Text>
			{shown.map((line, index) => {
				const chosen = line.key !== undefined && line.key === chosenKey;
				const mark = line.key === undefined ? '' : chosen ? (theme.ascii ? '> ' : '▸ ') : '  ';
				return (
					<Text key={index} wrap="truncate" inverse={chosen} bold={chosen || line.bold} color={line.dim ? dim : undefined}>
						{fit(`${mark}${line.text}`, width - 1) || ' '}
					</Text>
				);
			})}
			<StatusLine text={statusText} error={state.status.error && state.entry === null} theme={theme} width={width} />
			<Text color={dim} wrap="truncate">
				{hintLine([`${theme.ascii ? 'Up/Down' : '↑↓'} choose`, 'Enter picks', 'w watches', '? keys', 'q quits'], width)}
			</Text>
		</Box>
	);
}
