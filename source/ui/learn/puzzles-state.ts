/**
 * The puzzles screen as a reducer: a hub (the game, the next rated puzzle, a theme, the puzzle of
 * the day, the puzzles from the person's own games), then a puzzle on the board. What a move is
 * told comes from learn/solve.ts; the rating is moved by the screen (an effect) once per puzzle,
 * at its first wrong move or when it is solved.
 */
import {other} from '../../games/game.js';
import type {AnyGame} from '../../games/registry.js';
import {dailyIndex} from '../../learn/daily.js';
import {nextAnswer, positionOf, puzzleBoard, solverOf, tryMove, type PuzzleBoard} from '../../learn/solve.js';
import type {Puzzle} from '../../learn/puzzle.js';
import type {Standing} from '../../learn/standing.js';
import {boardInput, dropped, typingKey, type BoardInput, type BoardOutcome, type Permission, seekingKey} from '../boards/board-input.js';
import {doing, stay, type Step} from '../store.js';

export type HubRow = 'game' | 'next' | 'theme' | 'daily' | 'mine';
export const HUB_ROWS: readonly HubRow[] = ['game', 'next', 'theme', 'daily', 'mine'];

/** Which set a puzzle on the board came from: it decides what Enter brings next and whether it is rated. */
export type Kind = 'rated' | 'daily' | 'mine';

export interface PuzzlesState {
	readonly game: AnyGame;
	/** The games with a puzzle set, to turn through on the Game row. */
	readonly games: readonly AnyGame[];
	/** The game's set (empty when it did not read: `problem` says why). */
	readonly set: readonly Puzzle[];
	readonly standing: Standing;
	readonly today: string;
	/** The theme chosen ('' for all), among the game's themes. */
	readonly theme: string;
	readonly row: HubRow;
	readonly mode: 'hub' | 'puzzle';
	readonly kind: Kind;
	readonly board: PuzzleBoard | null;
	readonly input: BoardInput;
	/** Whether the attempt has been rated (the first miss or the solve rates it, once). */
	readonly rated: boolean;
	/** What the last rated attempt did to the person's rating (0 when it was not rated). */
	readonly moved: number;
	/** Whether `?` is showing the next answer on the board. */
	readonly answer: boolean;
	/** What the last move or key was told; `mark`: right or wrong, drawn as a tick or a cross. */
	readonly status: {readonly text: string; readonly error: boolean; readonly mark?: 'pass' | 'miss'};
	readonly flipped: boolean;
	readonly scroll: number;
	/** A puzzle set that did not read, or a progress file that could not be written. */
	readonly problem: string | null;
	/** Looking through the kept games for the person's mistakes: the progress shown. */
	readonly scanning: string | null;
	readonly left: boolean;
}

export type PuzzlesAction =
	| {readonly type: 'key'; readonly name: string}
	/** The game's set and the person's standing, read (on entering, and when the game changes). */
	| {
			readonly type: 'loaded';
			readonly game: AnyGame;
			readonly set: readonly Puzzle[];
			readonly standing: Standing;
			readonly problem: string | null;
			/** The date now (UTC, YYYY-MM-DD): the puzzle of the day's. */
			readonly today: string;
	  }
	/** The attempt was recorded: the standing after it, or why it could not be written. */
	| {readonly type: 'recorded'; readonly standing: Standing; readonly problem: string | null}
	| {readonly type: 'scan-progress'; readonly text: string}
	| {readonly type: 'scanned'; readonly standing: Standing; readonly text: string};

export type PuzzlesEffect =
	| {readonly kind: 'load'; readonly game: AnyGame}
	/**
	 * Keep the attempt: rated (a first try, not the person's own puzzles, which are practice); at
	 * the puzzle of the day of `day`, whose day a solve counts.
	 */
	| {
			readonly kind: 'record';
			readonly game: AnyGame;
			readonly puzzle: Puzzle;
			readonly solved: boolean;
			readonly rated: boolean;
			readonly daily: boolean;
			readonly day: string;
	  }
	/** Look through the kept games for the person's mistakes and prove them into puzzles. */
	| {readonly kind: 'scan'; readonly game: AnyGame}
	| {readonly kind: 'stop-scan'; readonly game: AnyGame}
	| {readonly kind: 'menu'; readonly game: AnyGame}
	| {readonly kind: 'quit'; readonly code: number};

type PuzzlesStep = Step<PuzzlesState, PuzzlesEffect>;

const NOTHING_SAID = {text: '', error: false};

/** How far from the person's rating the next puzzle may be, at first; it widens when none is left there. */
const WINDOW = 200;

/** The puzzle of the day: the same for everyone on a date (learn/daily.ts). */
export function dailyOf(set: readonly Puzzle[], gameId: string, date: string): Puzzle | null {
	return set.length === 0 ? null : set[dailyIndex(gameId, date, set.length)]!;
}

/**
 * The next rated puzzle, `avoid` aside (the one just left): of the set (in the theme, if one is
 * chosen) not tried yet, one near the person's rating, the window widening until one is found.
 * When every one has been tried, the least recently tried (a retry, which is not rated again).
 * Deterministic, so a test knows which comes.
 */
export function nextPuzzle(
	set: readonly Puzzle[],
	theme: string,
	rating: number,
	standing: Pick<Standing, 'tried' | 'lastTried'>,
	avoid: string | null = null,
): Puzzle | null {
	const inTheme = set.filter(puzzle => (theme === '' || puzzle.themes.includes(theme)) && puzzle.id !== avoid);
	if (inTheme.length === 0) return null;
	const fresh = inTheme.filter(puzzle => !standing.tried.has(puzzle.id));
	if (fresh.length === 0) {
		const when = (puzzle: Puzzle) => standing.lastTried.get(puzzle.id) ?? -1;
		return inTheme.reduce((oldest, puzzle) => (when(puzzle) < when(oldest) ? puzzle : oldest));
	}
	for (let window = WINDOW; ; window *= 2) {
		const near = fresh.filter(puzzle => Math.abs(puzzle.rating - rating) <= window);
		// Spread over the window rather than always the nearest: by how many the person has tried.
		if (near.length > 0) return near[standing.tried.size % near.length]!;
	}
}

export function puzzlesState(game: AnyGame, games: readonly AnyGame[], standing: Standing, today: string): PuzzlesState {
	return {
		game,
		games,
		set: [],
		standing,
		today,
		theme: '',
		row: 'next',
		mode: 'hub',
		kind: 'rated',
		board: null,
		input: {cursor: 0, picked: [], typing: null},
		rated: false,
		moved: 0,
		answer: false,
		status: NOTHING_SAID,
		flipped: false,
		scroll: 0,
		problem: null,
		scanning: null,
		left: false,
	};
}

const leave = (state: PuzzlesState, effect: PuzzlesEffect): PuzzlesStep => doing({...state, left: true}, effect);

/** A puzzle on the board, the cursor on the solver's home. */
function open(state: PuzzlesState, puzzle: Puzzle | null, kind: Kind, none: string): PuzzlesStep {
	// No set at all: why (its file and line), rather than a theme's emptiness.
	const why = kind !== 'mine' && state.set.length === 0 && state.problem !== null ? state.problem : none;
	if (puzzle === null) return stay({...state, status: {text: why, error: true}});
	const board = puzzleBoard(puzzle);
	if (!board.ok) return stay({...state, status: {text: board.error, error: true}});
	const side = solverOf(board.value);
	return stay({
		...state,
		mode: 'puzzle',
		kind,
		board: board.value,
		input: boardInput(board.value.game, positionOf(board.value), side),
		// A player turned round for the second side, as the play screen does.
		flipped: board.value.game.board(positionOf(board.value)).turnsForSecond && side === 2,
		rated: false,
		moved: 0,
		answer: false,
		status: NOTHING_SAID,
	});
}

/** The person's own puzzle to do next: the newest not yet solved, else the newest. */
const nextMine = (state: PuzzlesState): Puzzle | null =>
	state.standing.mine.find(puzzle => !state.standing.tried.has(puzzle.id)) ?? state.standing.mine[0] ?? null;

/** After a puzzle: the next of the same kind. */
function next(state: PuzzlesState): PuzzlesStep {
	switch (state.kind) {
		case 'rated':
			return open(
				state,
				nextPuzzle(state.set, state.theme, state.standing.rating, state.standing, state.board?.puzzle.id ?? null),
				'rated',
				'No puzzle in this theme.',
			);
		case 'mine':
			return open(state, nextMine(state), 'mine', 'None of your own yet.');
		case 'daily':
			return stay({...state, mode: 'hub', board: null, row: 'daily', status: NOTHING_SAID});
	}
}

/** The look through the kept games begun. */
const scan = (state: PuzzlesState): PuzzlesStep =>
	doing({...state, scanning: 'Looking through your games…', status: NOTHING_SAID}, {kind: 'scan', game: state.game});

/** The themes of the game, with '' (all) first. */
export const themesOf = (game: AnyGame): string[] => ['', ...(game.puzzleThemes?.themes.map(theme => theme.id) ?? [])];

function hubKey(state: PuzzlesState, name: string): PuzzlesStep {
	const at = HUB_ROWS.indexOf(state.row);
	const turn = (step: number): PuzzlesStep => {
		if (state.row === 'game') {
			// The look through the games is for the game shown: it ends first.
			if (state.scanning !== null) return stay({...state, status: {text: 'Esc stops the look through your games first.', error: true}});
			const list = state.games.includes(state.game) ? state.games : [state.game, ...state.games];
			const index = list.indexOf(state.game);
			if (list.length < 2) return stay(state);
			return doing({...state, status: NOTHING_SAID}, {kind: 'load', game: list[(index + step + list.length) % list.length]!});
		}
		if (state.row === 'theme') {
			const themes = themesOf(state.game);
			return stay({...state, theme: themes[(themes.indexOf(state.theme) + step + themes.length) % themes.length]!});
		}
		return stay(state);
	};
	switch (name) {
		case 'up':
		case 'k':
			return stay({...state, row: HUB_ROWS[(at - 1 + HUB_ROWS.length) % HUB_ROWS.length]!, status: NOTHING_SAID});
		case 'down':
		case 'j':
			return stay({...state, row: HUB_ROWS[(at + 1) % HUB_ROWS.length]!, status: NOTHING_SAID});
		case 'left':
		case 'h':
			return turn(-1);
		case 'right':
		case 'l':
			return turn(1);
		case 'enter':
		case 'space':
			switch (state.row) {
				case 'game':
					return turn(1);
				// Enter on the Theme row starts a puzzle of the theme (← → choose it), as on the Next row.
				case 'theme':
				case 'next':
					return next({...state, kind: 'rated'});
				case 'daily':
					return open(state, dailyOf(state.set, state.game.id, state.today), 'daily', 'No puzzles in this game.');
				case 'mine': {
					if (state.scanning !== null) return stay(state);
					// The puzzles found so far first; s looks through the games not yet looked through.
					const mine = nextMine(state);
					if (mine === null && state.standing.unscanned > 0) return scan(state);
					return open(
						state,
						mine,
						'mine',
						'None of your own yet: finish games against the AI (they are kept in saves/games/), then look here.',
					);
				}
			}
			return stay(state);
		case 's':
			return state.row === 'mine' && state.scanning === null && state.standing.unscanned > 0 ? scan(state) : stay(state);
		case 'escape':
			if (state.scanning !== null) return doing({...state, scanning: null}, {kind: 'stop-scan', game: state.game});
			return leave(state, {kind: 'menu', game: state.game});
		case 'q':
			return leave(state, {kind: 'quit', code: 0});
		case 'ctrl+c':
			return leave(state, {kind: 'quit', code: 130});
		default:
			return stay(state);
	}
}

const OPEN: Permission = {canMove: true, cannotMove: ''};
const SHUT: Permission = {canMove: false, cannotMove: 'Solved: Enter brings the next'};

/** The attempt rated, once: at the first miss (or the answer asked for), or at the solve. */
function rate(state: PuzzlesState, board: PuzzleBoard, solved: boolean): PuzzlesStep {
	if (state.rated) return stay(state);
	return doing(
		{...state, rated: true},
		{
			kind: 'record',
			game: state.game,
			puzzle: board.puzzle,
			solved,
			rated: state.kind !== 'mine',
			daily: state.kind === 'daily',
			day: state.today,
		},
	);
}

function moved(state: PuzzlesState, move: number): PuzzlesStep {
	const board = state.board!;
	const before = positionOf(board);
	const text = board.game.formatMove(before, move);
	const attempt = tryMove(board, move);
	const after = {...state, board: attempt.board, input: dropped(state.input), answer: false};
	switch (attempt.verdict) {
		case 'wrong': {
			const step = rate(after, board, false);
			return {
				...step,
				state: {...step.state, status: {text: `${text} is not it: look again (? shows the answer)`, error: true, mark: 'miss'}},
			};
		}
		case 'right':
			return stay({
				...after,
				status: {
					mark: 'pass',
					text: `${text}, and ${board.game.sides[other(solverOf(board)) - 1]} answers ${attempt.reply}: go on.`,
					error: false,
				},
			});
		case 'solved': {
			const step = rate(after, board, board.misses === 0);
			const clean = board.misses === 0 && !state.rated;
			// A move that wins on the spot counts though it is not the stored one: said, so the stored line shown does not puzzle.
			const other = move !== board.solution[board.moves.length] ? ' Your move wins too.' : '';
			return {
				...step,
				state: {
					...step.state,
					status: {text: `${clean ? 'Solved!' : 'Solved, after a miss.'}${other} Enter: the next puzzle`, error: false, mark: 'pass'},
				},
			};
		}
	}
}

function onBoard(state: PuzzlesState, outcome: BoardOutcome): PuzzlesStep {
	const next = {...state, input: outcome.input};
	if (outcome.move !== undefined) return moved(next, outcome.move);
	return stay(outcome.say ? {...next, status: outcome.say} : next);
}

function puzzleKey(state: PuzzlesState, name: string): PuzzlesStep {
	const board = state.board!;
	const solved = board.status === 'solved';
	const position = positionOf(board);
	const typed = typingKey(state.input, name, board.game, position, solved ? SHUT : OPEN);
	if (typed) return onBoard(state, typed);
	if (name === '?') {
		const answer = nextAnswer(board);
		if (solved || answer === null) return stay(state);
		const step = rate(state, board, false);
		return {
			...step,
			state: {
				...step.state,
				answer: true,
				status: {text: `The answer: ${board.game.formatMove(position, answer)} (marked on the board)`, error: false},
			},
		};
	}
	if (solved && (name === 'enter' || name === 'space' || name === 'n')) return next(state);
	if (name === 'n') {
		// Skipped: a miss, rated as one (once), and the next of the kind, not this one again.
		const rated = rate(state, board, false);
		const after = next(rated.state);
		return {state: after.state, effects: [...rated.effects, ...after.effects]};
	}
	if (name === 'escape' && state.input.picked.length === 0) return stay({...state, mode: 'hub', board: null, status: NOTHING_SAID});
	const key = seekingKey(state.input, state, name, board.game, position, solved ? SHUT : OPEN);
	switch (key.kind) {
		case 'board':
			return onBoard(state, key.outcome);
		case 'view':
			return stay({...state, ...key.view});
		case 'quit':
			return leave(state, {kind: 'quit', code: key.code});
		case 'none':
			return stay(state);
	}
}

export function puzzlesReducer(state: PuzzlesState, action: PuzzlesAction): PuzzlesStep {
	if (state.left) return stay(state);
	switch (action.type) {
		case 'loaded':
			return stay({
				...state,
				game: action.game,
				set: action.set,
				standing: action.standing,
				// A note from the first read (a file set aside) stays until another game is read.
				problem: action.problem ?? (action.game === state.game ? state.problem : null),
				today: action.today,
				theme: themesOf(action.game).includes(state.theme) ? state.theme : '',
			});
		case 'recorded':
			return stay({
				...state,
				standing: action.standing,
				problem: action.problem ?? state.problem,
				// What the attempt did to the rating, shown on the puzzle's panel.
				moved: action.standing.rating - state.standing.rating,
			});
		case 'scan-progress':
			return stay({...state, scanning: action.text});
		case 'scanned':
			// On the hub, what the look found; on a puzzle the status is the puzzle's.
			return stay({
				...state,
				scanning: null,
				standing: action.standing,
				...(state.mode === 'hub' ? {status: {text: action.text, error: false}} : {}),
			});
		case 'key':
			return state.mode === 'hub' ? hubKey(state, action.name) : puzzleKey(state, action.name);
	}
}
