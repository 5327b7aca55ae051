/** The whole interactive program: the menu and the screens it leads to. */
import {useState} from 'react';
import type {Player} from '../games/game.js';
import type {AnyGame} from '../games/registry.js';
import {AnalysisScreen, type AnalysisSetup} from './analysis/analysis-screen.js';
import {EnvironmentProvider, KeyRouter, type Environment} from './context.js';
import {DemoScreen, type DemoSetup} from './demo/demo-screen.js';
import {LearnScreen} from './learn/learn-screen.js';
import {LobbyScreen} from './lobby/lobby-screen.js';
import {PuzzlesScreen, puzzleGames} from './learn/puzzles-screen.js';
import {games} from '../games/registry.js';
import {MenuScreen, type MenuChoices, type MenuPick} from './menu/menu-screen.js';
import {boardChoices, boardOf} from './menu/menu-state.js';
import {PlayScreen, type PlaySetup} from './play/play-screen.js';
import {RoomScreen} from './room/room-screen.js';
import {HUMAN, ai} from '../play/session.js';
import {recordName} from '../files/export.js';
import {ReviewScreen, type ReviewSetup} from './review/review-screen.js';
import {sameGame, type PlayedGame} from '../files/review-export.js';
import {DEFAULT_REVIEW_MS, type Budget} from '../review/run.js';
import type {PositionEval} from '../review/types.js';

export type Route =
	/**
	 * `games`: with the Games list open (back from a review begun there). `friend` (served): on the
	 * row that makes a room for a friend, from the lobby's "Create a game for a friend".
	 */
	| {readonly screen: 'menu'; readonly games?: boolean; readonly friend?: boolean}
	/** Served only (the environment's `remote`): the first screen, the games on the server; `note` says why one came back to it. */
	| {readonly screen: 'lobby'; readonly note?: string}
	/** Served only: a room of the server's, played as `side` or watched (side null). */
	| {readonly screen: 'room'; readonly code: string; readonly side: Player | null}
	| {readonly screen: 'play'; readonly setup: PlaySetup}
	| {readonly screen: 'analysis'; readonly setup: AnalysisSetup}
	| {readonly screen: 'demo'; readonly setup: DemoSetup}
	/** A game's lessons (`potm learn`) or its puzzles (`potm puzzles`). */
	| {readonly screen: 'learn'; readonly game: AnyGame}
	/** `theme`: the one chosen at first (potm puzzles --theme). */
	| {readonly screen: 'puzzles'; readonly game: AnyGame; readonly theme?: string}
	/** `back`: where Esc goes when the review is left (the game's end, the analysis board), null for the menu. */
	| {readonly screen: 'review'; readonly setup: ReviewSetup; readonly back: Route | null};

export interface AppProps {
	readonly environment: Environment;
	readonly game: AnyGame;
	/** The first screen: the menu, a game (potm play), ...; served, the lobby (with the environment's `remote`). */
	readonly start: Route;
	/** The menu's settings at first (and what `potm play` was given). */
	readonly choices: MenuChoices;
	readonly demo: Omit<DemoSetup, 'game'>;
	/** What a review gives each position (`potm review --time`); about a second by default. */
	readonly reviewBudget?: Budget;
}

/** A game against the AI (or two people) from the menu's choices. */
export function playSetup(game: AnyGame, choices: MenuChoices, twoPlayers: boolean): PlaySetup {
	const opponent = ai(choices.level);
	return {
		game,
		seats: twoPlayers ? [HUMAN, HUMAN] : choices.side === 1 ? [HUMAN, opponent] : [opponent, HUMAN],
		clocked: choices.clock !== null,
		bell: choices.bell !== false,
		...(choices.clock === null ? {} : {clockSeconds: choices.clock}),
		...(game.randomBoards ? {start: boardOf(game, choices)} : {}),
	};
}

function routeOf(pick: MenuPick, demo: Omit<DemoSetup, 'game'>, reviewBudget: Budget): Route {
	switch (pick.kind) {
		case 'play':
			return {screen: 'play', setup: playSetup(pick.game, pick.choices, false)};
		case 'two-players':
			return {screen: 'play', setup: playSetup(pick.game, pick.choices, true)};
		case 'demo': {
			// The menu's Level row plays against itself, on its Clock row's clock (or none).
			const {clock, level} = pick.choices;
			const {clockSeconds: _clockSeconds, ...rest} = demo;
			return {
				screen: 'demo',
				setup: {
					...rest,
					game: pick.game,
					...boardChoices(pick.choices),
					levels: [level, level],
					clocked: clock !== null,
					...(clock === null ? {} : {clockSeconds: clock}),
				},
			};
		}
		case 'review':
			return {
				screen: 'review',
				setup: {
					game: pick.game,
					line: pick.line,
					moves: pick.moves,
					ended: pick.ended,
					budget: reviewBudget,
					backTo: pick.fromGames ? 'the games list' : 'menu',
					...(pick.players ? {players: pick.players} : {}),
					...(pick.name ? {name: pick.name} : {}),
					note: pick.note ?? `Reviewing ${pick.path}: Esc stops (what is done is kept)`,
				},
				back: pick.fromGames ? {screen: 'menu', games: true} : null,
			};
		case 'analyse':
			return {
				screen: 'analysis',
				setup: {
					game: pick.game,
					line: pick.line,
					moves: pick.moves,
					ended: pick.ended,
					name: recordName(pick.path),
					note: pick.note ?? `Opened ${pick.path}`,
				},
			};
		case 'room':
			return {screen: 'room', code: pick.code, side: pick.side};
		case 'learn':
		case 'puzzles':
			return {screen: pick.kind, game: pick.game};
		case 'lobby':
			return {screen: 'lobby', ...(pick.note === undefined ? {} : {note: pick.note})};
		case 'open': {
			// A game saved as played without a clock goes on without one.
			const base = playSetup(pick.game, pick.clocked === false ? {...pick.choices, clock: null} : pick.choices, false);
			// A saved game goes on with its own clock readings; under a clock per move, which no
			// file carries, with the menu's.
			const {clockSeconds, start: _start, ...rest} = base;
			const perMove = pick.game.clock.per === 'move' && clockSeconds !== undefined;
			return {
				screen: 'play',
				setup: {
					...rest,
					...(perMove ? {clockSeconds} : {}),
					line: pick.line,
					moves: pick.moves,
					ended: pick.ended,
					name: recordName(pick.path),
					note: pick.note ?? `Opened ${pick.path}`,
				},
			};
		}
	}
}

export function App({environment, game, start, choices, demo, reviewBudget = {ms: DEFAULT_REVIEW_MS}}: AppProps) {
	const [route, setRoute] = useState<Route>(start);
	const [menuChoices, setMenuChoices] = useState(choices);
	// The game the menu shows: the one last played (a saved game's, once one is opened).
	const [menuGame, setMenuGame] = useState('setup' in start ? start.setup.game : game);
	// Each new route mounts its screen afresh.
	const [visit, setVisit] = useState(0);
	const go = (next: Route) => {
		setRoute(next);
		setVisit(count => count + 1);
		if ('setup' in next) setMenuGame(next.setup.game);
		if ('game' in next) setMenuGame(next.game);
	};
	// The last review's findings: reviewing the same game again (back from it, then v) starts from them.
	const [lastReview, setLastReview] = useState<{
		played: PlayedGame;
		evals: readonly (PositionEval | undefined)[];
		budgetsUsed: readonly string[];
	} | null>(null);
	const review = (played: PlayedGame, back: Route, backTo: string, view?: number, flipped?: boolean) => {
		const again = lastReview && sameGame(lastReview.played, played) ? {evals: lastReview.evals, budgetsUsed: lastReview.budgetsUsed} : {};
		go({
			screen: 'review',
			setup: {...played, budget: reviewBudget, backTo, ...again, ...(view === undefined ? {} : {view}), ...(flipped ? {flipped} : {})},
			back,
		});
	};
	/** Back to the menu, which then shows the game the screen ended with (a file opened in it may be another's). */
	const toMenu = (played?: AnyGame) => {
		if (played) setMenuGame(played);
		go({screen: 'menu'});
	};
	// Served, quitting a game, an analysis, a demo or a review goes back to the lobby (quitting there ends the session).
	const [served] = useState<Environment>(() =>
		environment.remote ? {...environment, quit: () => go({screen: 'lobby', note: 'Back from the arcade'})} : environment,
	);
	return (
		<EnvironmentProvider value={environment.remote ? served : environment}>
			<KeyRouter>
				{route.screen === 'menu' ? (
					<MenuScreen
						key={visit}
						game={menuGame}
						initial={menuChoices}
						openGames={route.games === true}
						friend={route.friend === true}
						onPick={pick => {
							if ('choices' in pick) {
								setMenuChoices(pick.choices);
								if (pick.choices.threads) environment.engine.setThreads?.(pick.choices.threads.count);
							}
							go(routeOf(pick, demo, reviewBudget));
						}}
					/>
				) : route.screen === 'lobby' ? (
					<LobbyScreen
						key={visit}
						{...(route.note === undefined ? {} : {note: route.note})}
						onArcade={() => go({screen: 'menu'})}
						onCreate={() => go({screen: 'menu', friend: true})}
						onRoom={(code, side) => go({screen: 'room', code, side})}
					/>
				) : route.screen === 'learn' ? (
					<LearnScreen
						key={visit}
						game={route.game}
						onMenu={toMenu}
						// The last lesson done: a first game against level 1, the person moving first, with no
						// clock to hurry someone who has never played (a newcomer's tryout lost on 60 s).
						onFirstGame={learnt => go({screen: 'play', setup: playSetup(learnt, {...menuChoices, level: 1, side: 1, clock: null}, false)})}
					/>
				) : route.screen === 'puzzles' ? (
					<PuzzlesScreen
						key={visit}
						game={route.game}
						games={puzzleGames(games)}
						{...(route.theme === undefined ? {} : {theme: route.theme})}
						onMenu={toMenu}
					/>
				) : route.screen === 'room' ? (
					<RoomScreen
						key={visit}
						code={route.code}
						side={route.side}
						onLobby={note => go({screen: 'lobby', ...(note === undefined ? {} : {note})})}
						onFollow={(code, side) => go({screen: 'room', code, side})}
					/>
				) : route.screen === 'play' ? (
					<PlayScreen
						key={visit}
						setup={route.setup}
						onMenu={toMenu}
						onReview={(played, seats, flipped) => {
							// Back from the review, the game's end as it was: its own clock readings, not the setup's.
							const {clockSeconds, name: _name, ...rest} = route.setup;
							const perMove = played.game.clock.per === 'move' && clockSeconds !== undefined;
							const back: Route = {
								screen: 'play',
								setup: {
									...rest,
									...(perMove ? {clockSeconds} : {}),
									seats,
									line: played.line,
									moves: played.moves,
									ended: played.ended,
									...(played.name ? {name: played.name} : {}),
									note: 'Back from the review',
								},
							};
							review(played, back, 'back to the game', undefined, flipped);
						}}
					/>
				) : route.screen === 'analysis' ? (
					<AnalysisScreen
						key={visit}
						setup={route.setup}
						onMenu={toMenu}
						onReview={(played, at) =>
							review(
								played,
								{
									screen: 'analysis',
									setup: {
										game: played.game,
										line: played.line,
										moves: played.moves,
										ended: played.ended,
										at,
										...(played.name ? {name: played.name} : {}),
										note: 'Back from the review',
									},
								},
								'back to analysis',
								at,
							)
						}
					/>
				) : route.screen === 'review' ? (
					<ReviewScreen
						key={visit}
						setup={route.setup}
						onBack={(evals, budgetsUsed) => {
							setLastReview({played: route.setup, evals, budgetsUsed});
							if (route.back) go(route.back);
							else toMenu(route.setup.game);
						}}
					/>
				) : (
					<DemoScreen key={visit} setup={route.setup} onMenu={toMenu} onReview={played => review(played, {screen: 'menu'}, 'menu')} />
				)}
			</KeyRouter>
		</EnvironmentProvider>
	);
}
