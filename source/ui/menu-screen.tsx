/** The start menu: the game, play against the AI (side, level, clock), two players, demo, analyse, open, help, quit. */
import {Box, Text, useApp} from 'ink';
import {useState} from 'react';
import {games, type AnyGame} from '../games/registry.js';
import {LEVELS, levelOf} from '../engine/levels.js';
import {useEnvironment, useKeys, useRootWidth, useTerminalSize} from './context.js';
import {Help, LoadDialog} from './dialogs.js';
import {actionFor, keyNames} from './keys.js';
import {loadGame} from '../files/saves.js';
import {fit} from './format.js';

export interface MenuChoices {
	/** The side the person plays, 1 or 2. */
	readonly side: 1 | 2;
	readonly level: number;
	/** Seconds per side, or null for no clock. */
	readonly clock: number | null;
}

export type MenuPick =
	| {readonly kind: 'play'; readonly choices: MenuChoices; readonly game: AnyGame}
	| {readonly kind: 'two-players'; readonly choices: MenuChoices; readonly game: AnyGame}
	| {readonly kind: 'demo'; readonly game: AnyGame}
	// eslint-disable-next-line @typescript-eslint/no-explicit-any
	| {readonly kind: 'analyse' | 'open'; readonly choices: MenuChoices; readonly game: AnyGame; readonly line: readonly any[]; readonly moves: readonly number[]; readonly note: string | null; readonly path: string};

/** A line under the title, per game. */
const TAGLINES: Readonly<Record<string, string>> = {
	loaps: 'POTM-style Lines of Action: 7×7, bonus squares, points, 50 moves, 60 s clocks',
	loa: 'Classic Lines of Action: 8×8, Computer Olympiad rules, no points, 60 s clocks',
	'loa-mover': 'Classic Lines of Action, but a capture that connects both sides wins for the mover',
};

const CLOCKS: readonly (number | null)[] = [60, 120, 300, 30, null];

type Row = 'game' | 'play' | 'side' | 'level' | 'clock' | 'two-players' | 'demo' | 'analyse' | 'open' | 'help' | 'quit';
const ROWS: readonly Row[] = ['game', 'play', 'side', 'level', 'clock', 'two-players', 'demo', 'analyse', 'open', 'help', 'quit'];

export function MenuScreen({game: initialGame, initial, onPick}: {game: AnyGame; initial: MenuChoices; onPick: (pick: MenuPick) => void}) {
	const {theme, savesDir} = useEnvironment();
	const {exit} = useApp();
	const size = useTerminalSize();
	const rootWidth = useRootWidth();
	// The cursor starts on "Play": Enter at once plays, as before the game could be chosen.
	const [row, setRow] = useState(ROWS.indexOf('play'));
	const [choices, setChoices] = useState(initial);
	const [game, setGame] = useState(initialGame);
	const [dialog, setDialog] = useState<'help' | 'analyse' | 'open' | null>(null);

	const change = (which: Row, step: number) => {
		if (which === 'game') {
			setGame(current => games[(games.indexOf(current) + step + games.length) % games.length]!);
			return;
		}
		setChoices(current => {
			if (which === 'side') return {...current, side: current.side === 1 ? 2 : 1};
			if (which === 'level') return {...current, level: ((current.level - 1 + step + LEVELS.length) % LEVELS.length) + 1};
			if (which === 'clock') {
				const at = CLOCKS.indexOf(current.clock);
				return {...current, clock: CLOCKS[(at + step + CLOCKS.length) % CLOCKS.length]!};
			}
			return current;
		});
	};

	const choose = (which: Row) => {
		switch (which) {
			case 'game':
			case 'play':
			case 'side':
			case 'level':
			case 'clock':
				return onPick({kind: 'play', choices, game});
			case 'two-players':
				return onPick({kind: 'two-players', choices, game});
			case 'demo':
				return onPick({kind: 'demo', game});
			case 'analyse':
			case 'open':
			case 'help':
				return setDialog(which);
			case 'quit':
				return exit();
		}
	};

	useKeys((input, key) => {
		if (dialog !== null) return;
		for (const name of keyNames(input, key)) {
			const action = actionFor('menu', name);
			const which = ROWS[row]!;
			if (action === 'up') setRow(at => (at - 1 + ROWS.length) % ROWS.length);
			else if (action === 'down') setRow(at => (at + 1) % ROWS.length);
			else if (action === 'left') change(which, -1);
			else if (action === 'right') change(which, 1);
			else if (action === 'select') choose(which);
			else if (action === 'help') setDialog('help');
			else if (action === 'quit') exit();
		}
	});

	const width = Math.min(size.columns, 80);
	if (dialog === 'help') return <Help context="menu" theme={theme} width={width} height={size.rows} onClose={() => setDialog(null)} />;
	if (dialog === 'analyse' || dialog === 'open') {
		const kind = dialog;
		return (
			<LoadDialog
				dir={savesDir}
				theme={theme}
				width={width}
				height={size.rows}
				onCancel={() => setDialog(null)}
				onOpen={path => {
					const loaded = loadGame(path);
					if (!loaded.ok) return loaded.error;
					onPick({kind, choices, game: loaded.value.game, line: loaded.value.line, moves: loaded.value.moves, note: loaded.value.note, path});
					return null;
				}}
			/>
		);
	}

	const level = levelOf(choices.level);
	const arrows = (text: string) => (theme.ascii ? `< ${text} >` : `◀ ${text} ▶`);
	const labels: Record<Row, string> = {
		game: `Game          ${arrows(game.name)}`,
		play: 'Play against the AI',
		side: `   Your side   ${arrows(`${game.sides[choices.side - 1]}${choices.side === 1 ? ' (moves first)' : ''}`)}`,
		level: `   Level       ${arrows(`${level.level} ${level.name}`)}  ${level.description}`,
		clock: `   Clock       ${arrows(choices.clock === null ? 'no clock' : `${choices.clock} s each`)}`,
		'two-players': 'Two players at one keyboard',
		demo: 'Watch a demo: the AI against itself',
		analyse: 'Analyse a saved game',
		open: 'Open a saved game and play on',
		help: 'Keys',
		quit: 'Quit',
	};
	const tooSmall = size.rows < ROWS.length + 6 || size.columns < 40;
	// The title names the program; the game row says which game.
	return (
		<Box flexDirection="column" width={rootWidth}>
			<Text bold color={theme.color ? theme.accent : undefined}>
				{`potm · ${game.name}`}
			</Text>
			{tooSmall || !TAGLINES[game.id] ? null : <Text color={theme.color ? theme.dim : undefined}>{fit(TAGLINES[game.id]!, size.columns)}</Text>}
			<Text> </Text>
			{ROWS.map((which, index) => {
				const chosen = index === row;
				return (
					<Text key={which} wrap="truncate" inverse={chosen} bold={chosen}>
						{fit(`${chosen ? (theme.ascii ? '> ' : '▸ ') : '  '}${labels[which]}`, size.columns - 1)}
					</Text>
				);
			})}
			<Text> </Text>
			<Text color={theme.color ? theme.dim : undefined} wrap="truncate">
				{fit(`${theme.ascii ? 'Up/Down' : '↑↓'} choose · ${theme.ascii ? 'Left/Right' : '←→'} change · Enter starts · ? keys · q quits`, size.columns)}
			</Text>
		</Box>
	);
}
