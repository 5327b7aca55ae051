/** Walking a game, as data: the reducers' view of [ ] Home End g and 1 to 5, the session's seek, the move list's rows. */
import chalk from 'chalk';
import {render} from 'ink-testing-library';
import {afterEach, describe, expect, test} from 'vitest';
import {loaps} from '../../../source/games/loa/index.js';
import type {EngineLine, EngineResult} from '../../../source/engine/client.js';
import {
	analysisReducer,
	analysisState,
	shownLines,
	type AnalysisAction,
	type AnalysisState,
} from '../../../source/ui/analysis/analysis-state.js';
import {MoveList, moveRows, rowOfPly} from '../../../source/ui/panel.js';
import {playState, shownIndex, turnLine, type PlayAction, type PlayState} from '../../../source/ui/play/play-model.js';
import {playReducer} from '../../../source/ui/play/play-state.js';
import * as S from '../../../source/play/session.js';
import {makeTheme} from '../../../source/ui/theme.js';
import {goToKey, positionAfterMove, positionName} from '../../../source/ui/walk.js';

type Loaps = ReturnType<typeof loaps.initial>;
const OPENING = ['b1 d3', 'a6 c6', 'c1 c4'] as const;
const typed = (text: string) => ['m', ...text, 'enter'];

function playKeys(state: PlayState, names: readonly string[]): PlayState {
	for (const name of names) state = playReducer(state, {type: 'key', name, now: 1000} satisfies PlayAction).state;
	return state;
}

function analysisKeys(state: AnalysisState, names: readonly string[]): AnalysisState {
	for (const name of names) state = analysisReducer(state, {type: 'key', name, now: 1000} satisfies AnalysisAction).state;
	return state;
}

/** The engine's line through `moves` from `state`. */
function lineOf(state: Loaps, moves: readonly string[], score: number): EngineLine {
	const pv: number[] = [];
	for (const text of moves) {
		const move = loaps.parseMove(state, text);
		if (!move.ok) throw new Error(move.error);
		pv.push(move.value);
		state = loaps.play(state, move.value);
	}
	return {move: pv[0]!, score, pv, text: [...moves]};
}

/** The search of the position shown reports these lines. */
function searched(state: AnalysisState, lines: readonly EngineLine[]): AnalysisState {
	const {line} = state.session;
	state = analysisReducer(state, {type: 'search-start', line, startedAt: 0}).state;
	return analysisReducer(state, {
		type: 'search-progress',
		line,
		done: false,
		info: {depth: 5, selDepth: 7, nodes: 1, nodesPerSecond: 1, elapsedMs: 1, lines},
	}).state;
}

describe('play: the view', () => {
	const played = () => playKeys(playState({game: loaps, seats: [S.HUMAN, S.HUMAN], clocked: false}, 0), OPENING.flatMap(typed));

	test('[ [ ] ]: back two positions and on again to the game as it stands; the game is not changed', () => {
		const start = played();
		let state = playKeys(start, ['[', '[']);
		expect(state.view).toBe(1);
		expect(state.session).toBe(start.session);
		expect(turnLine(state)).toBe('Viewing move 1 · End returns');
		expect(state.status.text).toBe('Viewing move 1 (RED b1 d3): [ ] walk, End returns to the game');
		state = playKeys(state, [']']);
		expect(state.view).toBe(2);
		state = playKeys(state, [']']);
		expect(state.view).toBeNull();
		expect(shownIndex(state)).toBe(3);
		expect(state.status.text).toBe('Back to the game as it stands');
		state = playKeys(state, [']']);
		expect(state.status).toEqual({text: 'At the game as it stands', error: true});
	});

	test('Home, [ at the first position, End; g N Enter, clamped to the game', () => {
		let state = playKeys(played(), ['home']);
		expect(state.view).toBe(0);
		expect(turnLine(state)).toBe('Viewing the start · End returns');
		state = playKeys(state, ['[']);
		expect(state.status).toEqual({text: 'At the first position', error: true});
		expect(playKeys(state, ['end']).view).toBeNull();
		expect(playKeys(state, ['g', '2', 'enter']).view).toBeNull();
		expect(playKeys(state, ['g', '1', 'enter']).view).toBe(1);
		expect(playKeys(state, ['g', '0', 'enter']).view).toBe(0);
		const typing = playKeys(state, ['g', '1', '2', 'backspace']);
		expect(typing.goTo).toBe('1');
		// Enter with nothing typed only closes it.
		expect(playKeys(state, ['g', 'enter'])).toMatchObject({goTo: null, view: 0});
	});

	test('g then a key of the game closes "Go to move" and does nothing else', () => {
		const state = playKeys(played(), ['g', 'x']);
		expect(state.goTo).toBeNull();
		expect(state.question).toBeNull();
		const escaped = playReducer(playKeys(played(), ['g']), {type: 'key', name: 'escape', now: 1000});
		expect(escaped.effects).toEqual([]);
		expect(escaped.state.goTo).toBeNull();
	});

	test('keys of the game go back to it first, then act: u takes back there, x asks there, m types there', () => {
		const viewing = playKeys(played(), ['home']);
		const undone = playKeys(viewing, ['u']);
		expect(undone.view).toBeNull();
		expect(undone.session.moves).toHaveLength(2);
		expect(undone.status.text).toBe('Took back 1 move');
		expect(playKeys(viewing, ['x'])).toMatchObject({view: null, question: {kind: 'resign'}});
		expect(playKeys(viewing, ['m'])).toMatchObject({view: null, input: {typing: ''}});
		// Flip, the cursor and scrolling leave the view as it is; Esc goes back to the game and stays.
		expect(playKeys(viewing, ['f', 'left', 'pageup']).view).toBe(0);
		const escaped = playReducer(viewing, {type: 'key', name: 'escape', now: 1000});
		expect(escaped.effects).toEqual([]);
		expect(escaped.state.view).toBeNull();
		expect(escaped.state.left).toBe(false);
	});

	test('a game over is walked too; Esc then goes back to it rather than to the menu', () => {
		const over = playKeys(played(), ['x', 'y']);
		expect(S.isOver(over.session)).toBe(true);
		const viewing = playKeys(over, ['[']);
		expect(viewing.view).toBe(2);
		const escaped = playReducer(viewing, {type: 'key', name: 'escape', now: 1000});
		expect(escaped.effects).toEqual([]);
		expect(escaped.state).toMatchObject({view: null, left: false});
		expect(playReducer(escaped.state, {type: 'key', name: 'escape', now: 1000}).effects).toEqual([{kind: 'menu', game: loaps}]);
	});

	test("the AI's move while a past position is shown: played in the game, the view stays", () => {
		let state = playKeys(playState({game: loaps, seats: [S.HUMAN, S.ai(3)], clocked: false}, 0), typed('b1 d3'));
		const {line} = state.session;
		state = playKeys(state, ['[']);
		expect(state.view).toBe(0);
		const reply = loaps.parseMove(S.current(state.session) as Loaps, 'a6 c6');
		if (!reply.ok) throw new Error(reply.error);
		const result = {move: reply.value, score: 0, depth: 4, lines: [], moveText: 'a6 c6'} as unknown as EngineResult;
		state = playReducer(state, {type: 'ai-answer', line, result, now: 2000}).state;
		expect(state.session.moves).toHaveLength(2);
		expect(state.view).toBe(0);
		expect(state.status.text).toBe('BLUE played a6 c6');
	});
});

describe('analysis: the line walked', () => {
	const played = () => analysisKeys(analysisState({game: loaps}, 0), OPENING.flatMap(typed));

	test('Home, End and g N Enter keep every move, before and after the position shown', () => {
		let state = analysisKeys(played(), ['home']);
		expect(state.session.moves).toEqual([]);
		expect(state.session.redo).toHaveLength(3);
		expect(state.status.text).toBe('At the first position');
		expect(analysisKeys(state, ['home']).status).toEqual({text: 'Already at the first position', error: true});
		state = analysisKeys(state, ['end']);
		expect(state.session.moves).toHaveLength(3);
		expect(state.status.text).toBe('At move 2 (RED c1 c4)');
		state = analysisKeys(state, ['g', '1', 'enter']);
		expect(state.session.moves).toHaveLength(1);
		expect(state.session.redo).toHaveLength(2);
		expect(state.status.text).toBe('At move 1 (RED b1 d3)');
		expect(analysisKeys(state, ['g', '1', 'enter']).status).toEqual({text: 'Already at move 1 (RED b1 d3)', error: false});
	});

	test('1 to 5 pick from the lines as shown, best first; ] goes on along the line picked', () => {
		const start = analysisState({game: loaps}, 0);
		expect(analysisKeys(start, ['1']).status).toEqual({text: 'The engine has no lines yet', error: true});
		const first = loaps.initial();
		let state = searched(start, [lineOf(first, ['c1 c3', 'a6 c6'], 10), lineOf(first, ['b1 d3'], 30)]);
		expect(shownLines(state).map(line => line.text[0])).toEqual(['b1 d3', 'c1 c3']);
		expect(analysisKeys(state, ['4']).status).toEqual({text: 'Line 4 is not shown: 3 are (+ shows more)', error: true});
		expect(analysisKeys(state, ['3']).status).toEqual({text: 'The engine has no line 3 yet (2 so far)', error: true});
		expect(analysisKeys(state, ['1']).status.text).toBe('Followed line 1: b1 d3');
		state = analysisKeys(state, ['2']);
		expect(state.status.text).toBe('Followed line 2: c1 c3');
		// The search here prefers another move; ] still follows line 2.
		const here = S.current(state.session) as Loaps;
		const other = loaps
			.legalMoves(here)
			.map(move => loaps.formatMove(here, move))
			.find(text => text !== 'a6 c6')!;
		state = analysisKeys(searched(state, [lineOf(here, [other], 50)]), [']']);
		expect(state.status.text).toBe('Followed line 2: a6 c6');
		// Line 2 is played out: ] follows the best line of the search here, once there is one.
		expect(analysisKeys(state, [']']).status).toEqual({text: 'No line to follow yet', error: true});
	});

	test('] along the best line takes the search of each position first, as before', () => {
		const first = loaps.initial();
		let state = analysisKeys(searched(analysisState({game: loaps}, 0), [lineOf(first, ['b1 d3', 'a6 c6'], 30)]), [']']);
		expect(state.status.text).toBe('Followed the best line: b1 d3');
		const here = S.current(state.session) as Loaps;
		const other = loaps
			.legalMoves(here)
			.map(move => loaps.formatMove(here, move))
			.find(text => text !== 'a6 c6')!;
		state = analysisKeys(searched(state, [lineOf(here, [other], 5)]), [']']);
		expect(state.status.text).toBe(`Followed the best line: ${other}`);
	});
});

describe('the session and the move numbers', () => {
	const session = () => {
		let next = S.newSession(loaps, {seats: [S.HUMAN, S.HUMAN], clocked: false}, 0);
		for (const text of OPENING) {
			const move = loaps.parseMove(S.current(next) as Loaps, text);
			if (!move.ok) throw new Error(move.error);
			next = S.playMove(next, move.value, 0);
		}
		return next;
	};

	test('seek goes back and on through the moves played and taken back, clamped to them', () => {
		const played = session();
		const back = S.seek(played, 1, 0);
		expect(back.moves).toEqual(played.moves.slice(0, 1));
		expect(back.redo).toEqual(played.moves.slice(1));
		expect(back.line).toEqual(played.line.slice(0, 2));
		expect(S.redoList(back).map(entry => entry.text)).toEqual(['a6 c6', 'c1 c4']);
		const on = S.seek(back, 99, 0);
		expect(on.moves).toEqual(played.moves);
		expect(on.redo).toEqual([]);
		expect(on.line).toEqual(played.line);
		expect(S.seek(on, 3, 0)).toBe(on);
		expect(S.seek(on, -5, 0).moves).toEqual([]);
		// Back from an ending the rules do not know of leaves it behind.
		const resigned = S.resign(played, 2, 0);
		expect(S.seek(resigned, 2, 0).ended).toBeNull();
	});

	test('the position after move N of player 1, in a line that starts with player 2', () => {
		const entries: S.MoveEntry[] = [
			{number: 5, player: 2, text: 'a'},
			{number: 6, player: 1, text: 'b'},
			{number: 6, player: 2, text: 'c'},
		];
		expect(positionAfterMove(entries, 0)).toBe(0);
		// Player 1's move 5 came before the line: its first position is the one after it.
		expect(positionAfterMove(entries, 5)).toBe(0);
		expect(positionAfterMove(entries, 6)).toBe(2);
		expect(positionAfterMove(entries, 7)).toBe(3);
		expect(positionName(entries, ['RED', 'BLUE'], 2)).toBe('move 6 (RED b)');
		expect(positionName(entries, ['RED', 'BLUE'], 0)).toBe('the first position');
		expect(moveRows(entries)).toEqual([
			{number: 5, plies: [null, 0]},
			{number: 6, plies: [1, 2]},
		]);
		expect(rowOfPly(entries, 2)).toBe(1);
		expect(rowOfPly(entries, 3)).toBe(-1);
	});

	test('goToKey: digits and Backspace edit, Enter goes, anything else closes', () => {
		expect(goToKey('1', '2')).toEqual({typed: '12'});
		expect(goToKey('1234', '5')).toEqual({typed: '1234'});
		expect(goToKey('12', 'backspace')).toEqual({typed: '1'});
		expect(goToKey('12', 'enter')).toEqual({typed: null, go: 12});
		expect(goToKey('', 'enter')).toEqual({typed: null});
		expect(goToKey('1', 'escape')).toEqual({typed: null});
		expect(goToKey('1', 'q')).toEqual({typed: null});
	});
});

describe('MoveList', () => {
	const level = chalk.level;
	afterEach(() => {
		chalk.level = level;
	});
	const entries: S.MoveEntry[] = [
		{number: 1, player: 1, text: 'b1 d3'},
		{number: 1, player: 2, text: 'a6 c6'},
		{number: 2, player: 1, text: 'c1 c4'},
		{number: 2, player: 2, text: 'g4 e4'},
	];

	test('with colour: the current move inverse, those after it dim, marks in their colours', () => {
		chalk.level = 1;
		const {lastFrame, unmount} = render(
			<MoveList
				entries={entries}
				current={1}
				height={3}
				back={0}
				width={36}
				theme={makeTheme({color: true, ascii: false})}
				marks={[null, '??', null, '!']}
				markColors={[undefined, 'red', undefined, undefined]}
			/>,
		);
		const frame = lastFrame() ?? '';
		unmount();
		expect(frame).toContain(chalk.inverse('a6 c6'));
		expect(frame).toContain(chalk.red('??'));
		expect(frame).toContain(chalk.dim('c1 c4'));
		expect(frame).toContain(chalk.dim('g4 e4'));
		expect(frame).not.toContain(chalk.dim('b1 d3'));
		expect(frame).not.toContain('▸');
	});

	test('without colour: the marker before the current move, the marks after the moves, two moves a row', () => {
		const {lastFrame, unmount} = render(
			<MoveList
				entries={entries}
				current={2}
				height={3}
				back={0}
				width={36}
				theme={makeTheme({color: false, ascii: true})}
				marks={['?!', '??', null, '□']}
			/>,
		);
		const frame = lastFrame() ?? '';
		unmount();
		expect(frame.split('\n')).toEqual(['Moves', '  1. b1 d3?!    a6 c6??', '  2.>c1 c4      g4 e4□']);
	});

	test('the current move stays in view: the list scrolls to it, and PgUp scrolls on from there', () => {
		const long: S.MoveEntry[] = Array.from({length: 40}, (_, ply) => ({
			number: Math.floor(ply / 2) + 1,
			player: ((ply % 2) + 1) as 1 | 2,
			text: `m${ply}`,
		}));
		const theme = makeTheme({color: false, ascii: true});
		const draw = (current: number, back: number) => {
			const {lastFrame, unmount} = render(<MoveList entries={long} current={current} height={6} back={back} width={40} theme={theme} />);
			const frame = lastFrame() ?? '';
			unmount();
			return frame;
		};
		// The fifth row holds ply 8: it is shown with two rows after it.
		const early = draw(8, 0);
		expect(early).toContain('>m8');
		expect(early.split('\n')[0]).toBe('Moves (2 earlier, 13 later, PgUp/PgDn)');
		expect(draw(8, 3).split('\n')[0]).toBe('Moves (15 later, PgUp/PgDn)');
		expect(draw(39, 0).split('\n').at(-1)).toContain('>m39');
		expect(draw(-1, 0).split('\n')[0]).toBe('Moves (15 later, PgUp/PgDn)');
	});
});
