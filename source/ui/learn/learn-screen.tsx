/**
 * `potm learn` and the menu's "Learn the rules": a game's lessons, a list and then each step on the
 * play screen's board (cursor and typed moves alike), with the task, the reason a move failed, a
 * hint after two misses and `?` for the answer. learn-state.ts decides what keys do; this draws
 * it, and writes the progress (saves/learning.json) each time a step passes.
 */
import {Box, Text} from 'ink';
import type {AnyGame} from '../../games/registry.js';
import {baseGameId} from '../../games/registry.js';
import {readPassedSteps, recordPassedStep} from '../../learn/progress.js';
import {Board} from '../boards/index.js';
import {boardMarks} from '../boards/board-input.js';
import {useEnvironment, useKeys, useQuit, useRootWidth, useTerminalSize} from '../context.js';
import {screenCover} from '../dialogs/dialogs.js';
import {fit, typingPrompt, pointsLine, wrapLines} from '../format.js';
import {layoutFor} from '../layout.js';
import {hintLine, markOf, StatusLine} from '../panel.js';
import {answerPoints, currentStep, learnReducer, learnState, lessonDone, type LearnAction, type LearnEffect} from './learn-state.js';
import {useStore, type Dispatch} from '../store.js';

export function LearnScreen({
	game,
	onMenu,
	onFirstGame,
}: {
	game: AnyGame;
	onMenu: (game: AnyGame) => void;
	/** After the last lesson: a first game against level 1. */
	onFirstGame: (game: AnyGame) => void;
}) {
	const {theme, savesDir} = useEnvironment();
	const {quit, label: quitLabel} = useQuit();
	const size = useTerminalSize();
	const rootWidth = useRootWidth();
	const perform = (effect: LearnEffect, dispatch: Dispatch<LearnAction>) => {
		switch (effect.kind) {
			case 'pass':
				return dispatch({
					type: 'saved',
					problem: recordPassedStep(savesDir, baseGameId(effect.game), effect.step, effect.lesson, effect.lessonDone),
				});
			case 'read': {
				const read = readPassedSteps(savesDir, baseGameId(effect.game));
				dispatch({type: 'progress', game: effect.game, passed: read.passed});
				if (read.note) dispatch({type: 'saved', problem: read.note});
				return;
			}
			case 'menu':
				return onMenu(effect.game);
			case 'first-game':
				return onFirstGame(effect.game);
			case 'quit':
				return quit(effect.code);
		}
	};
	const [state, dispatch] = useStore(
		learnReducer,
		() => {
			const read = readPassedSteps(savesDir, baseGameId(game));
			return learnState(game, read.passed, read.note);
		},
		perform,
	);
	useKeys(name => dispatch({type: 'key', name}));
	const width = size.columns;
	const dim = theme.color ? theme.dim : undefined;
	const {book} = state;

	if (state.mode === 'rules' || state.mode === 'done') {
		const bullet = theme.ascii ? '- ' : '• ';
		const lines = book.summary.flatMap((line, index) =>
			wrapLines(line, width - 3).map((part, at) => ({key: `${index}-${at}`, text: `${at === 0 ? bullet : '  '}${part}`})),
		);
		const done = state.mode === 'done';
		return (
			<Box flexDirection="column" width={rootWidth}>
				<Text bold color={theme.color ? theme.accent : undefined}>
					{fit(
						done ? `That was the last lesson: you know the rules of ${state.game.name}.` : `${state.game.name}: the rules in a few lines`,
						width,
					)}
				</Text>
				<Text> </Text>
				{lines.slice(0, Math.max(1, size.rows - 6)).map(line => (
					<Text key={line.key}>{line.text}</Text>
				))}
				<Text> </Text>
				<Text bold={done}>
					{fit(
						done
							? `Enter: a first game against level 1 (you ${state.game.sides[0]}, no clock) · Esc: the lessons`
							: `The rules in full: ${book.page} · any key: back to the lessons`,
						width,
					)}
				</Text>
				<Text color={dim} wrap="truncate">
					{done ? hintLine(['Enter play level 1', 'Esc lessons', quitLabel], width) : fit(`any key lessons · ${quitLabel}`, width)}
				</Text>
			</Box>
		);
	}

	if (state.mode === 'list') {
		const done = book.lessons.filter((_, index) => lessonDone(state, index)).length;
		const allDone = done === book.lessons.length;
		const steps = book.lessons.reduce((sum, lesson) => sum + lesson.steps.length, 0);
		const rows = book.lessons.map((lesson, index) => {
			const chosen = index === state.lesson;
			const passed = lesson.steps.filter(step => state.passed.has(step.id)).length;
			const mark =
				passed === lesson.steps.length ? (theme.ascii ? '[x]' : '✓') : passed > 0 ? (theme.ascii ? '[-]' : '◐') : theme.ascii ? '[ ]' : '·';
			const text = `${chosen ? (theme.ascii ? '> ' : '▸ ') : '  '}${mark} ${index + 1}. ${lesson.title}  (${passed}/${lesson.steps.length} step${lesson.steps.length === 1 ? '' : 's'})`;
			return (
				<Text key={lesson.id} inverse={chosen} bold={chosen} wrap="truncate">
					{fit(text, width - 1)}
				</Text>
			);
		});
		const passedSteps = book.lessons.reduce((sum, lesson) => sum + lesson.steps.filter(step => state.passed.has(step.id)).length, 0);
		return (
			<Box flexDirection="column" width={rootWidth}>
				<Text bold color={theme.color ? theme.accent : undefined}>
					{fit(`potm · Learn ${state.game.name}`, width)}
				</Text>
				<Text color={dim}>
					{fit(
						`${done} of ${book.lessons.length} lessons done · ${passedSteps} of ${steps} steps · the rules in full: ${book.page}`,
						width,
					)}
				</Text>
				<Text> </Text>
				{rows}
				<Text> </Text>
				{state.problem ? (
					<StatusLine text={state.problem} error theme={theme} width={width} />
				) : (
					<Text color={allDone ? undefined : dim} bold={allDone}>
						{fit(
							allDone
								? 'All done: p plays a first game against level 1, with no clock.'
								: 'Each lesson is a few moves on the board; a move that misses is told why.',
							width,
						)}
					</Text>
				)}
				<Text> </Text>
				<Text color={dim} wrap="truncate">
					{hintLine(
						[
							`${theme.ascii ? 'Up/Down' : '↑↓'} choose`,
							`${theme.ascii ? 'Left/Right' : '←→'} game`,
							'Enter start',
							'r the rules in short',
							'Esc menu',
							quitLabel,
						],
						width,
					)}
				</Text>
			</Box>
		);
	}

	const step = currentStep(state);
	const lesson = book.lessons[state.lesson]!;
	const view = state.played.board(state.position);
	const layout = layoutFor(size.columns, size.rows, view);
	const cover = screenCover(layout, size, null, null, theme);
	if (cover) return cover;
	const panelWidth = layout.panelColumns;
	const open = state.passedWith === null;
	const taskLines = wrapLines(step.task, panelWidth);
	// The points and the move number, where the game keeps them: the lessons' words speak of both.
	const standing = pointsLine(state.played, state.position);
	// The verdict and the hint have the panel's rows below the task; the status row keeps the keys' words.
	const said = state.status.text === '' ? [] : wrapLines(`${markOf(state.status.mark, theme.ascii)}${state.status.text}`, panelWidth);
	const statusText =
		state.input.typing !== null
			? typingPrompt(state.played, state.position, state.input.typing)
			: open
				? `${state.played.sides[state.played.toMove(state.position) - 1]} to move: ${state.played.phrases.select}, or m to type it`
				: 'Enter: on to the next';
	return (
		<Box flexDirection="column" width={rootWidth}>
			<Text bold wrap="truncate">
				{`Learn ${state.game.name}  `}
				<Text
					color={dim}
				>{`lesson ${state.lesson + 1} of ${book.lessons.length}: ${lesson.title} · step ${state.step + 1} of ${lesson.steps.length}`}</Text>
			</Text>
			<Box>
				<Board
					view={view}
					theme={theme}
					flipped={state.flipped}
					cell={layout.cell}
					marks={{...boardMarks(state.input, state.played, state.position), last: state.passedEnds, hint: answerPoints(state)}}
				/>
				<Box flexDirection="column" marginLeft={1} width={panelWidth}>
					{standing ? (
						<Text color={dim} wrap="truncate">
							{fit(standing, panelWidth)}
						</Text>
					) : null}
					{taskLines.map((line, index) => (
						<Text key={`task-${index}`} bold>
							{line}
						</Text>
					))}
					<Text> </Text>
					{said.slice(0, Math.max(1, layout.bodyRows - taskLines.length - 2)).map((line, index) => (
						<Text key={`said-${index}`} color={theme.color ? (state.status.error ? theme.error : theme.accent) : undefined}>
							{line}
						</Text>
					))}
				</Box>
			</Box>
			<StatusLine text={statusText} error={false} theme={theme} width={width} />
			<Text wrap="truncate" color={dim}>
				{hintLine(
					open
						? [`${theme.ascii ? 'arrows' : '←↑→↓'} Enter`, 'm type', '? answer', 'n skip', 'b back', 'f flip', 'Esc lessons', quitLabel]
						: ['Enter next', 'b back', 'f flip', 'Esc lessons', quitLabel],
					width,
				)}
			</Text>
		</Box>
	);
}
