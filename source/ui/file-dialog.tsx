/** Save (s) and open (o) for a screen with a game in it: the dialogs, the files, the status line. */
import type {AnyGame} from '../games/registry.js';
import {useEnvironment, useTerminalSize} from './context.js';
import {LoadDialog, SaveDialog} from './dialogs.js';
import {loadGame, saveGame} from '../files/saves.js';
import * as S from './session.js';

export interface Opened {
	readonly game: AnyGame;
	readonly line: unknown[];
	readonly moves: number[];
}

export interface FileDialogProps {
	readonly mode: 'save' | 'load';
	/** The game saved: its line and moves, the clocks as they read now. */
	readonly session: S.Session;
	readonly onClose: () => void;
	/** The game was saved. */
	readonly onSaved?: () => void;
	/** A file was opened: the screen takes its game on. */
	readonly onOpened: (opened: Opened) => void;
	readonly say: (text: string, error?: boolean) => void;
}

export function FileDialog({mode, session, onClose, onSaved, onOpened, say}: FileDialogProps) {
	const {theme, savesDir, now} = useEnvironment();
	const size = useTerminalSize();
	const width = Math.min(size.columns, 80);
	// Against the AI a person keeps their seat: say which side that is in the game opened.
	const human = session.seats.findIndex(seat => seat.kind === 'human');
	const side = (game: AnyGame) => (session.seats.every(seat => seat.kind === 'human') || human < 0 ? '' : ` · you play ${game.sides[human]}`);
	if (mode === 'save') {
		return (
			<SaveDialog
				dir={savesDir}
				theme={theme}
				width={width}
				onCancel={onClose}
				onSave={name => {
					const {game} = session;
					// The clocks as they read now, not as the turn began.
					const line = session.clocked ? [...session.line.slice(0, -1), game.withClocks(S.current(session), S.clockReadings(session, now()))] : session.line;
					const saved = saveGame(savesDir, name, game, line, session.moves);
					if (!saved.ok) return saved.error;
					onClose();
					onSaved?.();
					say(`Saved ${saved.value}`);
					return null;
				}}
			/>
		);
	}
	return (
		<LoadDialog
			dir={savesDir}
			theme={theme}
			width={width}
			height={size.rows}
			onCancel={onClose}
			onOpen={path => {
				const loaded = loadGame(path);
				if (!loaded.ok) return loaded.error;
				onOpened(loaded.value);
				onClose();
				say(`Opened ${path}${side(loaded.value.game)}${loaded.value.note ? ` (${loaded.value.note})` : ''}`, loaded.value.note !== null);
				return null;
			}}
		/>
	);
}
