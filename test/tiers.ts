/**
 * The tiers of the tests. The unit tier (npm run test:unit) runs without a build: no dist/, no
 * tmux, for a fast inner loop. The files below run the built program (dist/potm, dist/cli.js, a
 * module of dist/ or a fixture that imports one) or drive a terminal through tmux, and run only
 * in the whole suite (npm test, which builds first; vitest run alone builds in its global setup). test/tiers.test.ts checks
 * this list against what the files do, both ways, so that a test of the built program cannot
 * land in the unit tier unnoticed.
 */
export const BUILT_PROGRAM_TESTS: readonly string[] = [
	'test/bench/ladder.test.ts',
	'test/cli-boxes.test.ts',
	'test/cli-export.test.ts',
	'test/cli-loa.test.ts',
	'test/cli-pahtum.test.ts',
	'test/cli-review.test.ts',
	'test/cli.test.ts',
	'test/engine/client.test.ts',
	'test/fifth-game.test.tsx',
	'test/files/saves.test.ts',
	'test/files/assets.test.ts',
	'test/move-entry.test.ts',
	'test/nim-game.test.tsx',
	'test/referee/boxes.test.ts',
	'test/referee/classic.test.ts',
	'test/referee/cli.test.ts',
	'test/referee/contest-clock.test.ts',
	'test/referee/pahtum.test.ts',
	'test/serve/cli.test.ts',
	'test/serve/draw-threads.test.ts',
	'test/serve/people.test.ts',
	'test/serve/ssh-terminal.test.ts',
	'test/start.test.ts',
	'test/tune/report.test.ts',
	'test/ui/terminal.test.ts',
];

/**
 * Tests that need no build but wait on real clocks: entries run as programs (sleepers stopped as
 * hung after their clock and grace, CPU burners charged what they burn), the SSH server's
 * timers and fuzzing, its drawing threads and its busy gauge. Seconds each, too slow for the inner
 * loop; they run in the whole suite, isolated.
 */
export const REAL_TIME_TESTS: readonly string[] = [
	'test/referee/entry.test.ts',
	'test/referee/play.test.ts',
	// potm serve on a loopback port with SSH clients: idle, flood and connection timers, fuzzing by the hundred visits.
	'test/serve/fuzz.test.ts',
	'test/serve/hostile.test.ts',
	'test/serve/server.test.ts',
	// The busy gauge read on the real event loop of a thread kept busy for seconds; a failing drawing thread tried again 1 s, then 2 s later.
	'test/serve/busy.test.ts',
	'test/serve/draw-restart.test.ts',
];

/**
 * Unit tests that need their modules fresh, loaded for them alone: the unit tier and the whole
 * suite share modules between the other unit files of a worker (vitest.config.ts). A mock of
 * node:fs (atomic.test.ts, read-once.test.ts). The files of the two lists above run isolated as
 * well.
 */
export const FRESH_MODULE_TESTS: readonly string[] = ['test/files/atomic.test.ts', 'test/files/read-once.test.ts'];

/** A set of tests that needs programs of the system besides Node. */
export interface ToolTier {
	/** As the test summary names it when it was skipped: "the terminal tier". */
	readonly name: string;
	/** The programs it runs, as looked up on the PATH (tmux must be 3.2 or later). */
	readonly needs: readonly string[];
	/** Its files: all their tests, or those that name the programs (entry.test.ts's perl). */
	readonly files: readonly string[];
}

/**
 * The tests that run tmux, OpenSSH's client or perl, which skip where these are missing, each
 * tier's tests and files (test/helpers/tools.ts says why one cannot run). The whole suite's
 * summary names a tier it skipped (test/helpers/skipped-tiers.ts); .ci/run installs what they
 * need or fails. test/tiers.test.ts checks that a file running one of these programs is listed.
 */
export const TOOL_TIERS: readonly ToolTier[] = [
	{name: 'the terminal tier', needs: ['tmux'], files: ['test/ui/terminal.test.ts']},
	// pgrep finds bob's ssh under his pane's shell, to kill it.
	{name: 'the OpenSSH tier', needs: ['tmux', 'ssh', 'pgrep'], files: ['test/serve/people.test.ts', 'test/serve/ssh-terminal.test.ts']},
	{name: 'the perl tests', needs: ['perl'], files: ['test/referee/entry.test.ts']},
];

/**
 * Unit tests of the games only the tests register (tic-tac-toe, Nim and its misère ruling), which
 * the registry adds when POTM_TEST_GAMES names them as it is first loaded: they share workers of
 * their own, with it set (vitest.config.ts), apart from the files that expect the four games alone.
 */
export const TEST_GAMES_TESTS: readonly string[] = [
	'test/games/contract.test.ts',
	'test/game-names.test.ts',
	'test/learn/lessons.test.ts',
	'test/ui/learn/learn.test.tsx',
];

/** What POTM_TEST_GAMES is for TEST_GAMES_TESTS: every game the tests register. */
export const TEST_GAMES = 'tictactoe,nim';
