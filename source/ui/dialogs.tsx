/** Help, save and load: panels that take the keys while they are open. */
import {Box, Text, useApp} from 'ink';
import {useMemo, useState} from 'react';
import {bindingsOf, keyNames, showKey, type KeyContext} from './keys.js';
import {checkSaveName, listSaves, saveFileName, uniqueSaveName} from '../files/saves.js';
import {fit} from './format.js';
import {useKeys} from './context.js';
import {existsSync} from 'node:fs';
import {join} from 'node:path';
import type {Theme} from './theme.js';

const TITLES: Readonly<Record<KeyContext, string>> = {
	menu: 'Menu',
	play: 'Playing',
	over: 'Game over',
	analysis: 'Analysis',
	demo: 'Demo',
};

const CURSOR_LABEL = 'move the cursor';

/** Every key of a context, from the one binding table; any key closes it. */
export function Help({context, theme, onClose, width, height}: {context: KeyContext; theme: Theme; onClose: () => void; width: number; height: number}) {
	const {exit} = useApp();
	useKeys((input, key) => (key.ctrl && input === 'c' ? exit() : onClose()));
	const bindings = bindingsOf(context);
	// The four cursor keys take one row: "↑ ↓ ← → k j h l  move the cursor".
	const cursor = bindings.filter(binding => binding.label.startsWith('cursor '));
	const rows: string[] = [];
	for (const binding of bindings) {
		if (cursor.length === 4 && cursor.includes(binding)) {
			if (binding !== cursor[0]) continue;
			const keys = [...cursor.map(entry => showKey(entry.keys[0]!, theme.ascii)), ...cursor.flatMap(entry => entry.keys.slice(1))].join(' ');
			rows.push(`${keys.padEnd(14)} ${CURSOR_LABEL}`);
			continue;
		}
		const keys = binding.keys.map(key => showKey(key, theme.ascii)).join(' ');
		rows.push(`${keys.padEnd(14)} ${binding.label}`);
	}
	const columns = rows.length > height - 3 ? 2 : 1;
	const perColumn = Math.ceil(rows.length / columns);
	const columnWidth = Math.floor((width - 2) / columns);
	return (
		<Box flexDirection="column" borderStyle={theme.ascii ? 'classic' : 'round'} paddingX={1} width={width}>
			<Text bold>{`Keys — ${TITLES[context]}`}</Text>
			<Box>
				{Array.from({length: columns}, (_, column) => (
					<Box key={column} flexDirection="column" width={columnWidth}>
						{rows.slice(column * perColumn, (column + 1) * perColumn).map(row => (
							<Text key={row} wrap="truncate">
								{fit(row, columnWidth - 1)}
							</Text>
						))}
					</Box>
				))}
			</Box>
			<Text color={theme.color ? theme.dim : undefined}>Any key closes this help.</Text>
		</Box>
	);
}

/** A name for the save, the date and time by default; Enter saves, Esc cancels. */
export function SaveDialog({dir, theme, onSave, onCancel, width}: {dir: string; theme: Theme; onSave: (name: string) => string | null; onCancel: () => void; width: number}) {
	// The default name is the date and time now (wall-clock time, not the screens' clock).
	const initial = useMemo(() => uniqueSaveName(dir, new Date()), [dir]);
	const [name, setName] = useState(initial);
	const [problem, setProblem] = useState<string | null>(null);
	const [confirming, setConfirming] = useState(false);
	const {exit} = useApp();
	useKeys((input, key) => {
		// The name as the keys of this input leave it (several can come at once).
		let typed = name;
		let replacing = confirming;
		for (const pressed of keyNames(input, key)) {
			if (pressed === 'ctrl+c') return exit();
			if (pressed === 'escape') return onCancel();
			if (pressed === 'enter') {
				const chosen = typed.trim();
				const bad = checkSaveName(chosen);
				if (bad) return setProblem(bad);
				if (!replacing && existsSync(join(dir, saveFileName(chosen)))) {
					setName(typed);
					setConfirming(true);
					return setProblem(`${saveFileName(chosen)} exists: Enter replaces it, Esc cancels`);
				}
				const failed = onSave(chosen);
				if (failed) {
					setConfirming(false);
					setProblem(failed);
				}
				return;
			}
			replacing = false;
			if (pressed === 'backspace') typed = typed.slice(0, -1);
			else if (pressed === 'ctrl+u') typed = '';
			else if (pressed === 'space') typed += ' ';
			else if ([...pressed].length === 1 && pressed >= ' ') typed += pressed;
		}
		setName(typed);
		setConfirming(false);
		setProblem(null);
	});
	return (
		<Box flexDirection="column" borderStyle={theme.ascii ? 'classic' : 'round'} paddingX={1} width={width}>
			<Text bold>Save the position</Text>
			<Text wrap="truncate">
				{`Name: ${name}`}
				<Text inverse>{' '}</Text>
				<Text color={theme.color ? theme.dim : undefined}>{'.txt'}</Text>
			</Text>
			<Text wrap="truncate" color={theme.color ? theme.dim : undefined}>
				{fit(`into ${dir}/ · Enter saves · Esc cancels · Ctrl-U clears`, width - 4)}
			</Text>
			{problem ? (
				<Text wrap="truncate" color={theme.color ? theme.error : undefined}>
					{fit(problem, width - 4)}
				</Text>
			) : null}
		</Box>
	);
}

/** The files of the saves folder with their side to move and move number; Enter opens one. */
export function LoadDialog({dir, theme, onOpen, onCancel, width, height}: {dir: string; theme: Theme; onOpen: (path: string) => string | null; onCancel: () => void; width: number; height: number}) {
	const entries = useMemo(() => listSaves(dir), [dir]);
	const [index, setIndex] = useState(0);
	const [problem, setProblem] = useState<string | null>(null);
	const {exit} = useApp();
	useKeys((input, key) => {
		const pressed = keyNames(input, key)[0] ?? '';
		if (pressed === 'ctrl+c') return exit();
		if (pressed === 'escape' || pressed === 'q') return onCancel();
		if (pressed === 'up' || pressed === 'k') setIndex(at => Math.max(0, at - 1));
		else if (pressed === 'down' || pressed === 'j') setIndex(at => Math.min(entries.length - 1, at + 1));
		else if (pressed === 'enter' && entries[index]) {
			const entry = entries[index]!;
			if (entry.error) return setProblem(entry.error);
			const failed = onOpen(entry.path);
			if (failed) setProblem(failed);
			return;
		} else return;
		setProblem(null);
	});
	// Title, footer, a two-row error, the border and the free row: the rest lists files.
	const shown = Math.max(1, height - 8);
	const first = Math.max(0, Math.min(index - Math.floor(shown / 2), entries.length - shown));
	const nameWidth = Math.min(28, Math.max(8, ...entries.map(entry => entry.name.length)));
	return (
		<Box flexDirection="column" borderStyle={theme.ascii ? 'classic' : 'round'} paddingX={1} width={width}>
			<Text bold>{`Open a saved position (${dir}/)`}</Text>
			{entries.length === 0 ? <Text>{`No saved positions in ${dir}/ yet: s saves one.`}</Text> : null}
			{entries.slice(first, first + shown).map((entry, offset) => {
				const at = first + offset;
				const chosen = at === index;
				const detail = entry.error ? `${theme.ascii ? 'x' : '✗'} cannot be read` : entry.summary ?? '';
				return (
					<Text key={entry.path} wrap="truncate" inverse={chosen} color={theme.color && entry.error ? theme.error : undefined}>
						{fit(`${chosen ? '>' : ' '} ${fit(entry.name, nameWidth).padEnd(nameWidth)}  ${detail}`, width - 4)}
					</Text>
				);
			})}
			<Text color={theme.color ? theme.dim : undefined} wrap="truncate">
				{fit('↑↓ choose · Enter opens · Esc cancels', width - 4, theme.ascii)}
			</Text>
			{problem ? (
				<Text wrap="wrap" color={theme.color ? theme.error : undefined}>
					{fit(problem, (width - 4) * 2)}
				</Text>
			) : null}
		</Box>
	);
}

/** Said instead of drawing a board that does not fit. */
export function TooSmall({columns, rows, needColumns, needRows}: {columns: number; rows: number; needColumns: number; needRows: number}) {
	return (
		<Box flexDirection="column">
			<Text wrap="wrap">{`The terminal is ${columns}×${rows}; potm needs at least ${needColumns}×${needRows}.`}</Text>
			<Text wrap="wrap">Make the window larger (q quits).</Text>
		</Box>
	);
}
