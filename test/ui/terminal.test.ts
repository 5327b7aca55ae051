/**
 * The built program in a real terminal, driven as a user drives it: tmux runs
 * `node dist/cli.js` in an 80×24 pane, the test sends one key at a time and, after each, reads
 * the screen back (polling `tmux capture-pane`) until it shows what that key should do.
 *
 * Each test has a tmux server of its own (`tmux -L <unique name>`) and a fresh working
 * folder, both removed afterwards whatever happens. The program runs under `sh -c`, which
 * prints its exit status when it ends and then keeps the pane open (as a shell prompt would),
 * so that the screen, the cursor and the terminal modes it leaves behind can be checked.
 */
import {execFileSync, spawnSync} from 'node:child_process';
import {closeSync, constants, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {fileURLToPath} from 'node:url';
import {TMUX_START} from '../helpers/tmux.js';
import {toolTier, whyNotHere} from '../helpers/tools.js';
import {afterEach, describe, expect, test} from 'vitest';
import {BLOCKED} from '../../source/games/game.js';
import {loaps} from '../../source/games/loa/index.js';
import {pahtum} from '../../source/games/pahtum/index.js';
import {saveGame} from '../../source/files/saves.js';
import {racePlayed} from '../helpers/race.js';
import {gridView} from '../helpers/views.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(root, 'dist', 'cli.js');

/** Why the suite cannot run here (no tmux, or one older than 3.2), or null; the tmux that runs it. */
const skipReason = whyNotHere(toolTier('the terminal tier'));
const tmuxVersion = skipReason === null ? spawnSync('tmux', ['-V'], {encoding: 'utf8'}).stdout.trim() : '';

/** How long a screen may take to appear: generous, for slow and busy machines. */
const DEADLINE_MS = 10_000;
const POLL_MS = 50;

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

/**
 * The environment the tmux server (and so the program) starts with: ours, less whatever would
 * change how the program looks or where it saves. The tests add what they need with -e.
 */
function cleanEnvironment(): NodeJS.ProcessEnv {
	const env = {...process.env};
	for (const name of Object.keys(env)) {
		if (/^(CI|CONTINUOUS_INTEGRATION|NO_COLOR|FORCE_COLOR|NODE_ENV|NODE_OPTIONS|TMUX|TMUX_PANE)$|^(POTM_|VITEST)/.test(name))
			delete env[name];
	}
	return env;
}

/** The line the wrapping shell prints when the program ends. */
const EXITED = /\[potm exited with status (\d+)\]/;

let serial = 0;

/** One tmux server with one 80×24 pane, and the temporary folder the program runs in. */
class Terminal {
	readonly socket = `potm-test-${process.pid}-${++serial}-${Math.random().toString(36).slice(2, 8)}`;
	readonly dir = mkdtempSync(join(tmpdir(), 'potm-tmux-'));
	private socketPath: string | null = null;
	private readonly env = cleanEnvironment();

	tmux(...args: string[]): string {
		// -u: UTF-8 whatever the locale says, so that ● and · come back as they are.
		return execFileSync('tmux', ['-u', '-L', this.socket, ...args], {
			encoding: 'utf8',
			env: this.env,
			stdio: ['ignore', 'pipe', 'pipe'],
			timeout: DEADLINE_MS,
		});
	}

	/** Starts `node dist/cli.js ARGS` in the pane, with the variables in `env` set. */
	start(args: readonly string[], env: Readonly<Record<string, string>> = {}, size = {columns: 80, rows: 24}): void {
		// POTM_TEST_PREAMBLE: lines printed before the program, as npm prints its own under `npm start`.
		const script = `[ -n "$POTM_TEST_PREAMBLE" ] && printf '%b' "$POTM_TEST_PREAMBLE"; "$@"; echo "[potm exited with status $?]"; exec sleep 600`;
		this.tmux(
			...TMUX_START,
			// The pane kept for reading if it ends.
			...['set', '-g', 'remain-on-exit', 'on', ';'],
			...[
				'new-session',
				'-d',
				'-x',
				String(size.columns),
				'-y',
				String(size.rows),
				'-c',
				this.dir,
				...Object.entries(env).flatMap(([name, value]) => ['-e', `${name}=${value}`]),
			],
			...['sh', '-c', script, 'sh', process.execPath, cli, ...args],
		);
		this.socketPath = this.display('#{socket_path}');
	}

	display(format: string): string {
		return this.tmux('display-message', '-p', format).replace(/\n$/, '');
	}

	/** The pane as text, one line per row; with `escapes`, with its colours and attributes as SGR sequences. */
	capture(escapes = false): string {
		return this.tmux('capture-pane', '-p', ...(escapes ? ['-e'] : []));
	}

	/** Polls the screen until `predicate` holds; on time-out, fails showing the last screen. */
	async waitForScreen(
		predicate: (screen: string) => boolean,
		what: string,
		{escapes = false, timeoutMs = DEADLINE_MS} = {},
	): Promise<string> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const screen = this.capture(escapes);
			if (predicate(screen)) return screen;
			if (Date.now() > deadline) {
				const shown = screen
					.replace(/\n$/, '')
					.split('\n')
					.map(line => `  |${line.replaceAll('\u001B', '\\e')}`)
					.join('\n');
				throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}. The screen was:\n${shown}`);
			}
			await sleep(POLL_MS);
		}
	}

	/** Sends one key (a tmux key name: Left, Enter, C-u, ...) and waits for the screen to show its effect. */
	async press(key: string, predicate: (screen: string) => boolean, what: string): Promise<string> {
		this.tmux('send-keys', key);
		return this.waitForScreen(predicate, `${what} (after ${key})`);
	}

	/** Types one character, as it is. */
	async type(char: string, predicate: (screen: string) => boolean, what: string): Promise<string> {
		this.tmux('send-keys', '-l', char);
		return this.waitForScreen(predicate, `${what} (after typing "${char}")`);
	}

	/** `stty -a` of the pane's terminal, read from outside. */
	ttyModes(): string {
		const fd = openSync(this.display('#{pane_tty}'), constants.O_RDONLY | constants.O_NOCTTY | constants.O_NONBLOCK);
		try {
			return execFileSync('stty', ['-a'], {encoding: 'utf8', stdio: [fd, 'pipe', 'pipe']});
		} finally {
			closeSync(fd);
		}
	}

	/**
	 * Waits until the program reads keys one by one (the terminal in raw mode). Ink switches to it
	 * just after drawing its first frame; a key sent before would sit in the line buffer, echoed.
	 */
	async waitForRawMode(): Promise<void> {
		const deadline = Date.now() + DEADLINE_MS;
		let modes = '';
		while (!/(^|\s)-icanon(\s|;|$)/.test((modes = this.ttyModes()))) {
			if (Date.now() > deadline) throw new Error(`The terminal never went into raw mode: stty -a says\n${modes}`);
			await sleep(POLL_MS);
		}
	}

	/** The process ids of the children of `pid` (the program is the shell's child). */
	static childrenOf(pid: number): number[] {
		return execFileSync('ps', ['-A', '-o', 'pid=', '-o', 'ppid='], {encoding: 'utf8'})
			.split('\n')
			.map(line => line.trim().split(/\s+/).map(Number))
			.filter(([, parent]) => parent === pid)
			.map(([child]) => child!);
	}

	/** The program's process id, while it runs. */
	programPid(): number {
		const children = Terminal.childrenOf(Number(this.display('#{pane_pid}')));
		expect(children, 'the shell in the pane runs exactly one program').toHaveLength(1);
		return children[0]!;
	}

	/** Waits for the program to end; gives its exit status and the screen it left. */
	async waitForExit(): Promise<{status: number; screen: string}> {
		const screen = await this.waitForScreen(text => EXITED.test(text), 'the program to end');
		return {status: Number(EXITED.exec(screen)![1]), screen};
	}

	close(): void {
		try {
			this.tmux('kill-server');
		} catch {
			// Already gone (or never started).
		}
		// tmux leaves its socket file behind.
		if (this.socketPath) rmSync(this.socketPath, {force: true});
		rmSync(this.dir, {recursive: true, force: true});
	}
}

const FILES = 'abcdefgh';

/**
 * The board on the screen: what each square shows (the character in the middle of its cell:
 * R, B, '.', a bonus mark, ...) and where the cursor ([ ]) is; null when no board is drawn.
 * `size` is the board's: 7 for LOAPS, 8 for classic LOA.
 */
function readBoard(screen: string, size = 7): {cells: Map<string, string>; cursor: string | null} | null {
	const lines = screen.split('\n');
	const header = lines.findIndex(line => new RegExp(`^\\s+${[...FILES.slice(0, size)].join('\\s+')}(\\s|$)`).test(line));
	if (header < 0) return null;
	const match = /^(\s+)a(\s+)b/.exec(lines[header]!)!;
	const column = (file: number) => match[1]!.length + file * (match[2]!.length + 1);
	const cells = new Map<string, string>();
	let cursor: string | null = null;
	for (let rank = size; rank >= 1; rank--) {
		// The rank's glyph row (a square may be more than one row high).
		const line = lines.slice(header + 1).find(row => new RegExp(`^\\s*${rank}\\s`).test(row));
		if (line === undefined) return null;
		for (let file = 0; file < size; file++) {
			const at = column(file);
			const name = `${FILES[file]}${rank}`;
			cells.set(name, line.charAt(at));
			if (line.charAt(at - 1) === '[' && line.charAt(at + 1) === ']') cursor = name;
		}
	}
	return {cells, cursor};
}

/**
 * A PAH-TUM grid on the screen: what each square shows (X, O, '.', '#' for a hole, in --ascii)
 * by its name ("C4"), and where the cursor is; null when no grid is drawn.
 */
function readGrid(screen: string): {cells: Map<string, string>; cursor: string | null} | null {
	const lines = screen.split('\n');
	const header = lines.findIndex(line => /^\s+1\s+2\s+3\s+4\s+5\s+6\s+7(\s|$)/.test(line));
	if (header < 0) return null;
	const match = /^(\s+)1(\s+)2/.exec(lines[header]!)!;
	const column = (index: number) => match[1]!.length + index * (match[2]!.length + 1);
	const cells = new Map<string, string>();
	let cursor: string | null = null;
	for (const row of 'ABCDEFG') {
		const line = lines.slice(header + 1).find(text => new RegExp(`^\\s*${row}\\s`).test(text));
		if (line === undefined) return null;
		for (let index = 0; index < 7; index++) {
			const at = column(index);
			const name = `${row}${index + 1}`;
			cells.set(name, line.charAt(at));
			if (line.charAt(at - 1) === '[' && line.charAt(at + 1) === ']') cursor = name;
		}
	}
	return {cells, cursor};
}

/**
 * The undrawn unit segments of a LINES and BOXES board on the screen (--ascii), as moves "A1 B1":
 * a horizontal one is blank in the middle of the gap between two vertices of a vertex line, a
 * vertical one blank under a vertex on the lines inside the boxes. Null when no board is drawn.
 */
function freeSegments(screen: string): string[] | null {
	const lines = screen.split('\n');
	const header = lines.findIndex(line => /^\s+A\s+B\s+C\s+D(\s|$)/.test(line));
	if (header < 0) return null;
	const label = lines[header]!;
	// The column letters, each alone between spaces (not the letters of the panel beside the board).
	const letters = [...label.matchAll(/(?<=\s)[A-I](?=\s|$)/g)].filter(match => match.index < 60);
	const columnAt = letters.map(match => match.index);
	const names = letters.map(match => match[0]);
	const rowLine = (row: number) => lines.findIndex((line, index) => index > header && new RegExp(`^\\s*${row}\\s`).test(line));
	const free: string[] = [];
	for (let row = 1; ; row++) {
		const at = rowLine(row);
		if (at < 0) break;
		const line = lines[at]!;
		for (let column = 0; column + 1 < columnAt.length; column++) {
			const middle = Math.round((columnAt[column]! + columnAt[column + 1]!) / 2);
			if ((line.charAt(middle) || ' ') === ' ') free.push(`${names[column]}${row} ${names[column + 1]}${row}`);
		}
		const below = rowLine(row + 1);
		if (below < 0) break;
		for (let column = 0; column < columnAt.length; column++) {
			// A line that ends before the column (tmux drops trailing blanks) is blank there too.
			if ((lines[at + 1]!.charAt(columnAt[column]!) || ' ') === ' ') free.push(`${names[column]}${row} ${names[column]}${row + 1}`);
		}
	}
	return free;
}

/**
 * The different SGR sequences in `text` that set a foreground or background colour (not those
 * that reset it to the default, 39 and 49), written "\e[91m" for the failure messages.
 */
function colourCodes(text: string): string[] {
	const found = new Set<string>();
	for (const [sequence, parameters] of text.matchAll(/\u001B\[([\d;:]*)m/g)) {
		const codes = parameters!.split(/[;:]/).map(Number);
		if (
			codes.some(
				code => (code >= 30 && code <= 38) || (code >= 40 && code <= 48) || (code >= 90 && code <= 97) || (code >= 100 && code <= 107),
			)
		)
			found.add(sequence.replace('\u001B', '\\e'));
	}
	return [...found];
}

const stripEscapes = (text: string) => text.replace(/\u001B\[[\d;:]*[A-Za-z]/g, '');

/** Whether a process with this id is there (a zombie counts as there). */
function alive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

let term: Terminal | undefined;

afterEach(() => {
	term?.close();
	term = undefined;
});

describe.skipIf(skipReason !== null)(`potm in a real terminal (${skipReason === null ? tmuxVersion : `skipped: ${skipReason}`})`, () => {
	test('a game by the keys: c1 c3 with ← ↑ ↑ and Enter, the AI answers, s saves it, q quits cleanly', async () => {
		const t = (term = new Terminal());
		// CI=false: Ink draws every frame, as in a terminal (CI set means only the last one).
		// --ascii: the pieces are R and B whatever the colours, so the board reads as text.
		t.start(['play', '--no-clock', '--level', '1', '--ascii'], {CI: 'false'});
		let screen = await t.waitForScreen(
			text => text.includes('Move 1/50') && readBoard(text)?.cursor === 'd1',
			'the board, with the cursor on d1',
		);
		await t.waitForRawMode();
		expect(t.display('#{alternate_on}'), 'the board is on the alternate screen').toBe('1');
		expect(readBoard(screen)!.cells.get('c1')).toBe('R');
		expect(readBoard(screen)!.cells.get('c3')).toBe('.');

		await t.press('Left', text => readBoard(text)?.cursor === 'c1', 'the cursor on c1');
		await t.press('Enter', text => text.includes('c1: 4 moves'), 'c1 picked up ("c1: 4 moves")');
		await t.press('Up', text => readBoard(text)?.cursor === 'c2', 'the cursor on c2');
		await t.press('Up', text => readBoard(text)?.cursor === 'c3', 'the cursor on c3');
		// The AI (level 1) may answer before the screen is read: its move leaves c1 and c3 alone
		// (no BLUE piece can reach either on move 1), so either status line will do.
		screen = await t.press(
			'Enter',
			text =>
				/RED played c1 c3|BLUE played/.test(text) && readBoard(text)?.cells.get('c1') === '.' && readBoard(text)?.cells.get('c3') === 'R',
			'RED to have played c1 c3: c1 empty, an R on c3',
		);

		screen = await t.waitForScreen(
			text =>
				/BLUE played [a-g][1-7] [a-g][1-7]/.test(text) && /\b1\. c1 c3 +>?[a-g][1-7] [a-g][1-7]/.test(text) && text.includes('Move 2/50'),
			'the AI to answer: "BLUE played ..." and the move list row "1. c1 c3 ..."',
		);
		const reply = /BLUE played ([a-g][1-7] [a-g][1-7])/.exec(screen)![1]!;
		// The move list marks the current move with > when the terminal shows no colour.
		expect(screen).toMatch(new RegExp(`\\b1\\. c1 c3 +>?${reply}\\b`));
		// --ascii: the separator is written as '-'.
		expect(screen).toContain('Move 2/50 - RED to play (you)');
		const board = readBoard(screen)!;
		expect(board.cells.get('c1')).toBe('.');
		expect(board.cells.get('c3')).toBe('R');

		// Save: the dialog opens with the date and time as the name; Ctrl-U clears it.
		await t.press(
			's',
			text => text.includes('Save the position') && /Name: \d{4}-\d\d-\d\d-\d{4}(-\d+)? \.txt/.test(text),
			'the save dialog with a default name',
		);
		await t.press('C-u', text => /Name: {2}\.txt/.test(text), 'the name cleared');
		let typed = '';
		for (const char of 'first') {
			typed += char;
			await t.type(char, text => text.includes(`Name: ${typed} .txt`), `the name "${typed}"`);
		}
		screen = await t.press(
			'Enter',
			text => text.includes('Saved saves/first.txt') && text.includes('Move 2/50'),
			'the board back, "Saved saves/first.txt"',
		);

		// On disk: a POTM file of the position, RED to play move 2, and the history beside it.
		const saved = readFileSync(join(t.dir, 'saves', 'first.txt'), 'utf8');
		const parsed = loaps.parse(saved, 'first.txt');
		if (!parsed.ok) throw new Error(`saves/first.txt does not parse: ${parsed.error.message}\n${saved}`);
		expect(loaps.toMove(parsed.value)).toBe(1);
		expect(loaps.moveNumber(parsed.value)).toBe(2);
		const rows = saved.split('\n').slice(3, 10);
		expect(rows[7 - 1]!.charAt(2), 'c1 in the file').toBe('.');
		expect(rows[7 - 3]!.charAt(2), 'c3 in the file').toBe('1');
		const history = JSON.parse(readFileSync(join(t.dir, 'saves', 'first.history.json'), 'utf8')) as {moves: {move: string}[]};
		expect(history.moves.map(entry => entry.move)).toEqual(['c1 c3', reply]);

		// q: the program ends with status 0 and leaves the terminal as it was.
		const pid = t.programPid();
		t.tmux('send-keys', 'q');
		const exit = await t.waitForExit();
		expect(exit.status).toBe(0);
		expect(exit.screen).not.toContain('LOAPS');
		expect(exit.screen).not.toContain('Move 2/50');
		expect(readBoard(exit.screen)).toBeNull();
		expect(t.display('#{alternate_on}'), 'back on the normal screen').toBe('0');
		expect(t.display('#{cursor_flag}'), 'the cursor shown again').toBe('1');
		const modes = t.ttyModes();
		expect(modes, 'the terminal back in line mode').toMatch(/(^|\s)icanon(\s|;|$)/);
		expect(modes, 'the terminal echoing again').toMatch(/(^|\s)echo(\s|;|$)/);
		expect(alive(pid), `the program (pid ${pid}) is gone`).toBe(false);
	});

	test('PAH-TUM: a whole game against level 1 by typed moves on a random board, to the result and its tally; s saves the 56-byte grid', async () => {
		const t = (term = new Terminal());
		// 25 holes, the most --holes takes, none of them on D4 (seed 1's board): a whole game is 12
		// moves a side (seed 12's own 5 holes made it 22).
		t.start(['play', '--game', 'pahtum', '--seed', '1', '--holes', '25', '--no-clock', '--level', '1', '--ascii'], {CI: 'false'});
		let screen = await t.waitForScreen(
			text => text.includes('X to play (you)') && readGrid(text)?.cursor === 'D4',
			'the grid, X to play, the cursor on D4',
		);
		await t.waitForRawMode();
		const start = pahtum.initial({seed: 1, holes: 25});
		const holes = gridView(pahtum.board(start)).cells.filter(cell => cell === BLOCKED).length;
		const first = readGrid(screen)!;
		expect(
			[...first.cells.values()].filter(cell => cell === '#'),
			'the 25 holes of seed 1, drawn as #',
		).toHaveLength(holes);
		expect([...first.cells.values()].filter(cell => cell === '.')).toHaveLength(49 - holes);
		for (let move = 1; ; move++) {
			const grid = readGrid(screen)!;
			const empty = [...grid.cells].find(([, cell]) => cell === '.')![0];
			await t.type('m', text => text.includes('Type a move (e.g. '), 'the move prompt');
			await t.type(empty, text => text.includes(`Esc cancels: ${empty}_`), `"${empty}" typed`);
			screen = await t.press(
				'Enter',
				text =>
					(text.includes(`Move ${move + 1} - X to play (you)`) && readGrid(text)?.cells.get(empty) === 'X') ||
					/X wins|O wins|A tie/.test(text),
				`X on ${empty}, then O's answer (move ${move})`,
			);
			if (/X wins|O wins|A tie/.test(screen)) break;
			expect(move, 'a game of at most 24 moves each').toBeLessThan(25);
		}
		// The result box: who won and the tally, run by run.
		screen = await t.waitForScreen(text => /^.*\bX \d+: /m.test(text) && /\bO \d+: /.test(text), 'the tally of both sides');
		const final = readGrid(screen)!;
		expect(
			[...final.cells.values()].filter(cell => cell === '.'),
			'no empty square left',
		).toHaveLength(0);
		const xs = [...final.cells.values()].filter(cell => cell === 'X').length;
		expect([...final.cells.values()].filter(cell => cell === 'O').length).toBe(xs);
		// s saves the grid as a PAH-TUM entry reads it, and its history beside it.
		await t.press('s', text => text.includes('Save the position'), 'the save dialog');
		await t.press('C-u', text => /Name: {2}\.txt/.test(text), 'the name cleared');
		for (const char of 'pt') await t.type(char, text => text.includes('Name: p'), 'the name');
		await t.press('Enter', text => text.includes('Saved saves/pt.txt'), '"Saved saves/pt.txt"');
		const saved = readFileSync(join(t.dir, 'saves', 'pt.txt'), 'utf8');
		expect(saved).toMatch(/^([-+XO]{7}\n){7}$/);
		expect(saved).not.toContain('-');
		const parsed = pahtum.parse(saved, 'pt.txt');
		if (!parsed.ok) throw new Error(parsed.error.message);
		expect(screen).toContain(pahtum.outcome(parsed.value)!.description);
		t.tmux('send-keys', 'q');
		expect((await t.waitForExit()).status).toBe(0);
	});

	test('LINES and BOXES: a whole 3×3 game against level 1 by typed segments, to the result, kept in saves/games/; s saves the POTM file', async () => {
		const t = (term = new Terminal());
		// Half the board's 24 unit segments drawn before the game (--lines 12, seed 1's): a whole game
		// is 6 moves a side rather than 12.
		t.start(['play', '--game', 'boxes', '--size', '3x3', '--seed', '1', '--lines', '12', '--no-clock', '--level', '1', '--ascii'], {
			CI: 'false',
		});
		let screen = await t.waitForScreen(
			text => text.includes('RED to play (you)') && freeSegments(text)?.length === 12,
			'the 3×3 board with 12 unit segments drawn, RED to play',
		);
		await t.waitForRawMode();
		for (let move = 1; ; move++) {
			const free = freeSegments(screen)!;
			expect(free.length, `free unit segments before move ${move}`).toBeGreaterThan(0);
			const segment = free[0]!;
			await t.type('m', text => text.includes('Type a move (e.g. '), 'the move prompt');
			await t.type(segment, text => text.includes(`Esc cancels: ${segment}_`), `"${segment}" typed`);
			// The AI may answer before the screen is read: RED's move is then in the move list.
			screen = await t.press(
				'Enter',
				text =>
					(!text.includes('Esc cancels') && new RegExp(`\\b${move}\\.[ >]${segment}\\b`).test(text)) ||
					/RED wins|BLUE wins|A tie/.test(text),
				`RED to draw ${segment}`,
			);
			screen = await t.waitForScreen(
				text => text.includes('RED to play (you)') || /RED wins|BLUE wins|A tie/.test(text),
				`BLUE's answer (move ${move})`,
			);
			if (/RED wins|BLUE wins|A tie/.test(screen)) break;
			expect(move, 'a 3×3 game has at most 24 moves').toBeLessThan(25);
		}
		expect(freeSegments(screen)).toEqual([]);
		// Kept the moment it ended, without a key: the record in saves/games/, said in the result box.
		screen = await t.waitForScreen(text => text.includes("Kept (the menu's Games played):"), 'the game kept');
		const keptFiles = readdirSync(join(t.dir, 'saves', 'games'));
		expect(keptFiles).toHaveLength(1);
		expect(readFileSync(join(t.dir, 'saves', 'games', keptFiles[0]!), 'utf8')).toMatch(
			/^\[Game "LINES and BOXES"\]\n[\s\S]*\[BLUE "potm level 1 Beginner"\]/,
		);
		await t.press('s', text => text.includes('Save the position'), 'the save dialog');
		await t.press('C-u', text => /Name: {2}\.txt/.test(text), 'the name cleared');
		await t.type('b', text => text.includes('Name: b'), 'the name');
		await t.press('Enter', text => text.includes('Saved saves/b.txt'), '"Saved saves/b.txt"');
		const saved = readFileSync(join(t.dir, 'saves', 'b.txt'), 'utf8');
		const lines = saved.trim().split('\n');
		expect(lines[0]).toMatch(/^[12] 3 3$/);
		// The 12 unit segments drawn before the game first (player 0's), then every move of the game,
		// players alternating from 1.
		expect(lines.slice(3, 15).every(line => line.startsWith('0 '))).toBe(true);
		const moves = lines.slice(15);
		expect(moves.length).toBeGreaterThan(0);
		expect(moves.map(line => line.split(' ')[0])).toEqual(moves.map((_, index) => String((index % 2) + 1)));
		t.tmux('send-keys', 'q');
		expect((await t.waitForExit()).status).toBe(0);
	});

	test("the whole screen from its top: lines printed before (npm start's) are not under the menu or the game, which stays still; they are back after", async () => {
		const t = (term = new Terminal());
		t.start(['--no-color'], {CI: 'false', POTM_TEST_PREAMBLE: '\\n> potm@0.1.0 start\\n> node source/start.mjs\\n\\n'});
		let screen = await t.waitForScreen(text => text.includes('Play against the AI'), 'the menu');
		await t.waitForRawMode();
		const firstLine = (text: string) => text.split('\n')[0];
		expect(firstLine(screen)).toBe('potm · LOAPS');
		expect(screen).not.toContain('node source/start.mjs');
		screen = await t.press('Enter', text => text.includes('Move 1/50'), 'the game');
		expect(firstLine(screen)).toMatch(/^LOAPS {2}RED you vs BLUE level 3 Club/);
		await t.type('m', text => text.includes('Type a move'), 'the move prompt');
		await t.type('b1 d3', text => text.includes('b1 d3_'), 'the move typed');
		// While the AI thinks and once it has answered, the header stays on the first row.
		screen = await t.press('Enter', text => text.includes('RED played b1 d3') || /1\. b1 d3 +\S/.test(text), 'the move played');
		expect(firstLine(screen)).toMatch(/^LOAPS {2}RED you vs BLUE/);
		screen = await t.waitForScreen(text => /1\. b1 d3 +[>▸]?[a-g][1-7] [a-g][1-7]/.test(text), "the AI's answer");
		expect(firstLine(screen)).toMatch(/^LOAPS {2}RED you vs BLUE/);
		t.tmux('send-keys', 'q');
		screen = await t.waitForScreen(text => text.includes('y quits') || text.includes('[potm exited'), 'the question or the exit');
		if (!screen.includes('[potm exited')) t.tmux('send-keys', 'y');
		screen = await t.waitForScreen(text => text.includes('[potm exited with status 0]'), 'the exit');
		// The shell's screen as it was: npm's lines back, the program's gone.
		expect(screen).toContain('> node source/start.mjs');
		expect(screen).not.toContain('Play against the AI');
	});

	test('resized too small it says so, resized back the board returns; Ctrl-C quits (nothing to lose) with status 130', async () => {
		const t = (term = new Terminal());
		t.start(['play', '--no-clock'], {CI: 'false'});
		const first = await t.waitForScreen(text => text.includes('Move 1/50') && readBoard(text) !== null, 'the board');
		await t.waitForRawMode();

		t.tmux('resize-window', '-x', '50', '-y', '12');
		const small = await t.waitForScreen(text => text.includes('needs at least'), 'the too-small message');
		expect(t.display('#{pane_width}x#{pane_height}')).toBe('50x12');
		expect(small).toMatch(/The terminal is 50×12; potm needs at least \d+×\d+\./);
		expect(small).not.toContain('Move 1/50');
		expect(readBoard(small)).toBeNull();

		t.tmux('resize-window', '-x', '80', '-y', '24');
		const back = await t.waitForScreen(text => text.includes('Move 1/50') && readBoard(text) !== null, 'the board again');
		expect(back).not.toContain('needs at least');
		expect(readBoard(back)!.cursor).toBe('d1');
		// Redrawn whole: nothing left over from the small screen, nothing missing.
		expect(back).toBe(first);

		const pid = t.programPid();
		t.tmux('send-keys', 'C-c');
		const exit = await t.waitForExit();
		expect(exit.status).toBe(130);
		expect(t.display('#{alternate_on}')).toBe('0');
		expect(alive(pid), `the program (pid ${pid}) is gone`).toBe(false);
	});

	test('keys sent together (send-keys Down Down Down Down Enter) act one after another: the game for two players starts', async () => {
		const t = (term = new Terminal());
		t.start(['--ascii'], {CI: 'false'});
		await t.waitForScreen(text => text.includes('> Play against the AI'), 'the menu, the cursor on Play');
		await t.waitForRawMode();
		t.tmux('send-keys', 'Down', 'Down', 'Down', 'Down', 'Enter');
		const screen = await t.waitForScreen(text => text.includes('Move 1/50'), 'a game');
		expect(screen).toContain('RED player 1 vs BLUE player 2');
		t.tmux('send-keys', 'q');
		expect((await t.waitForExit()).status).toBe(0);
	});

	test('Escape and a key sent together are two keys: Esc closes the open list, Enter then acts on the board', async () => {
		const t = (term = new Terminal());
		mkdirSync(join(t.dir, 'saves'));
		writeFileSync(join(t.dir, 'saves', 'some.txt'), loaps.format(loaps.initial()));
		t.start(['play', '--no-clock', '--ascii'], {CI: 'false'});
		await t.waitForScreen(text => text.includes('Move 1/50') && readBoard(text)?.cursor === 'd1', 'the board');
		await t.waitForRawMode();
		await t.press('o', text => text.includes('some.txt'), 'the open list');
		t.tmux('send-keys', 'Escape', 'Enter');
		const screen = await t.waitForScreen(text => text.includes('There is no piece on d1'), 'the list closed, Enter on the empty d1');
		expect(screen).not.toContain('Opened');
		t.tmux('send-keys', 'q');
		expect((await t.waitForExit()).status).toBe(0);
	});

	test('a paste of 81 keys (send-keys -l) acts key by key: the board is flipped, the program goes on', async () => {
		const t = (term = new Terminal());
		t.start(['play', '--no-clock', '--ascii'], {CI: 'false'});
		await t.waitForScreen(text => text.includes('Move 1/50') && readBoard(text)?.cursor === 'd1', 'the board');
		await t.waitForRawMode();
		t.tmux('send-keys', '-l', 'f'.repeat(81));
		await t.waitForScreen(text => /^\s+g\s+f\s+e\s+d\s+c\s+b\s+a(\s|$)/m.test(text), 'the board flipped (81 flips)');
		await t.press('q', text => EXITED.test(text), 'the program to end on q');
		expect((await t.waitForExit()).status).toBe(0);
	});

	// A game waiting for the person draws nothing (idle.test.tsx counts its frames, on the test's own
	// clock), and the CPU that costs, or not, in a real terminal is the terminal bench's to measure
	// (npm run bench -- terminal; BENCHMARKS.md), not a test's on a machine of unknown speed.

	test('Ctrl-C in a game that is not saved asks first; a second Ctrl-C leaves, with status 130', async () => {
		const t = (term = new Terminal());
		t.start(['play', '--no-clock', '--level', '1', '--ascii'], {CI: 'false'});
		await t.waitForScreen(text => text.includes('Move 1/50'), 'the board');
		await t.waitForRawMode();
		await t.press('m', text => text.includes('Type a move'), 'typing a move');
		t.tmux('send-keys', '-l', 'b1 d3');
		await t.press('Enter', text => text.includes('Move 2/50'), 'b1 d3 played and answered');
		await t.press('C-c', text => text.includes('Quit? It is not saved'), 'the question');
		// Any other key goes on.
		await t.press('z', text => !text.includes('Quit?'), 'the question gone');
		await t.press('C-c', text => text.includes('Ctrl-C again quits'), 'asked again');
		t.tmux('send-keys', 'C-c');
		const exit = await t.waitForExit();
		expect(exit.status).toBe(130);
		expect(t.display('#{alternate_on}')).toBe('0');
	});

	test('keys pressed while potm starts are not left echoed on the terminal (no ^[[D)', async () => {
		const t = (term = new Terminal());
		t.start(['--ascii'], {CI: 'false'});
		// At once, before the program has started: the terminal still echoes what is typed.
		t.tmux('send-keys', 'Left', 'Left', 'Left');
		await t.waitForScreen(text => text.includes('Play against the AI'), 'the menu');
		await t.waitForRawMode();
		t.tmux('send-keys', 'q');
		const exit = await t.waitForExit();
		expect(exit.status).toBe(0);
		expect(exit.screen).not.toContain('^[');
		expect(exit.screen).not.toContain('[D');
	});

	test('classic LOA: potm play --game loa draws the 8×8 board in 80×24, e1 e3 by the keys, the AI answers on 8×8', async () => {
		const t = (term = new Terminal());
		t.start(['play', '--game', 'loa', '--no-clock', '--level', '1', '--ascii'], {CI: 'false'});
		let screen = await t.waitForScreen(
			text => text.includes('Move 1 ') && readBoard(text, 8)?.cursor === 'e1',
			'the 8×8 board, with the cursor on e1',
		);
		await t.waitForRawMode();
		const lines = screen.replace(/\n$/, '').split('\n');
		// The whole screen is there, the title first and the keys last, within the 24 rows.
		expect(lines[0]).toMatch(/^Lines of Action {2}BLACK you vs WHITE level 1 /);
		expect(screen).toMatch(/arrows Enter - m type/);
		expect(lines.length).toBeLessThanOrEqual(24);
		// 4 columns a square, 2 rows a rank.
		const header = lines.find(line => /^\s+a\s+b\s+c\s+d\s+e\s+f\s+g\s+h(\s|$)/.test(line))!;
		expect(header.indexOf('h') - header.indexOf('a')).toBe(28);
		expect(lines.findIndex(line => /^\s*7\s/.test(line)) - lines.findIndex(line => /^\s*8\s/.test(line))).toBe(2);
		// The classic start, whatever letters the sides are drawn with.
		let board = readBoard(screen, 8)!;
		const black = board.cells.get('b1')!;
		const white = board.cells.get('a2')!;
		expect(black).toMatch(/^[A-Z]$/);
		expect(white).toMatch(/^[A-Z]$/);
		expect(white).not.toBe(black);
		for (const square of ['g1', 'b8', 'g8']) expect(board.cells.get(square), square).toBe(black);
		for (const square of ['a7', 'h2', 'h7']) expect(board.cells.get(square), square).toBe(white);
		for (const square of ['a1', 'h1', 'a8', 'h8', 'e3']) expect(board.cells.get(square), square).toBe('.');
		expect(screen).toContain('Move 1 - BLACK to play (you)');
		expect(screen).not.toMatch(/\bpts\b|\/50/);

		await t.press('Enter', text => text.includes('e1: '), 'e1 picked up ("e1: ...")');
		await t.press('Up', text => readBoard(text, 8)?.cursor === 'e2', 'the cursor on e2');
		await t.press('Up', text => readBoard(text, 8)?.cursor === 'e3', 'the cursor on e3');
		await t.press(
			'Enter',
			text =>
				/BLACK played e1 e3|WHITE played/.test(text) &&
				readBoard(text, 8)?.cells.get('e1') === '.' &&
				readBoard(text, 8)?.cells.get('e3') === black,
			'BLACK to have played e1 e3',
		);
		screen = await t.waitForScreen(
			text => /WHITE played [a-h][1-8] [a-h][1-8]/.test(text) && text.includes('Move 2 - BLACK to play (you)'),
			'the AI to answer: "WHITE played ..."',
		);
		const reply = /WHITE played ([a-h][1-8]) ([a-h][1-8])/.exec(screen)!;
		expect(screen).toMatch(new RegExp(`\\b1\\. e1 e3 +>?${reply[1]} ${reply[2]}\\b`));
		board = readBoard(screen, 8)!;
		expect(board.cells.get(reply[1]!), `${reply[1]} left by WHITE`).toBe('.');
		expect(board.cells.get(reply[2]!), `${reply[2]} taken by WHITE`).toBe(white);
		expect(board.cells.get('e3')).toBe(reply[2] === 'e3' ? white : black);

		// q asks first (the game is not saved), y quits with status 0.
		await t.press('q', text => text.includes('Quit?'), 'the quit question');
		t.tmux('send-keys', 'y');
		const exit = await t.waitForExit();
		expect(exit.status).toBe(0);
		expect(t.display('#{alternate_on}')).toBe('0');
	});

	test("classic LOA in colour: BLACK and WHITE pieces drawn black and white on a wooden board, not in LOAPS's red and blue", async () => {
		const t = (term = new Terminal());
		t.start(['play', '--game', 'loa', '--no-clock']);
		const screen = await t.waitForScreen(text => readBoard(stripEscapes(text), 8) !== null, 'the 8×8 board', {escapes: true});
		await t.waitForRawMode();
		const board = screen
			.split('\n')
			.filter(line => /^\s*[1-8]\s/.test(stripEscapes(line)))
			.join('\n');
		const codes = colourCodes(board);
		// Black (16) and white (231) of the 256-colour cube for the pieces, tan (137) and brown (94) squares.
		for (const code of ['\\e[38;5;16m', '\\e[38;5;231m', '\\e[48;5;137m', '\\e[48;5;94m']) expect(codes, code).toContain(code);
		expect(
			codes.filter(code => /\[(91|94|31|34)m/.test(code)),
			'red or blue on the board',
		).toEqual([]);
		t.tmux('send-keys', 'q');
		expect((await t.waitForExit()).status).toBe(0);
	});

	test.each([
		[80, false],
		[120, true],
	])(
		'potm match in a terminal %i columns wide: the tables fit it, the wider one shows the match and the longest moves',
		async (columns, wide) => {
			const t = (term = new Terminal());
			t.start(['match', 'ai:1', 'ai:random', '--clock', '2'], {}, {columns, rows: 40});
			const exit = await t.waitForExit();
			expect(exit.status).toBe(0);
			// -J joins the rows the terminal wrapped: a line too long shows as one.
			const screen = t.tmux('capture-pane', '-p', '-J');
			expect(screen).toMatch(/^game\s/m);
			for (const line of screen.split('\n')) expect([...line].length, line).toBeLessThanOrEqual(columns);
			expect(/^game\s+match\s+RED\s+BLUE\s+winner\s+reason\s+points\s+plies\s+CPU s\s+longest$/m.test(screen)).toBe(wide);
		},
	);

	// Colours are compared with CI unset: chalk, which Ink draws with, turns colour off whenever
	// CI is set at all, even to "false".
	test.each<[string, string[], Record<string, string>, boolean]>([
		['NO_COLOR=1: no colour codes on the board, R and B letters', [], {NO_COLOR: '1'}, false],
		['--no-color: no colour codes on the board, R and B letters', ['--no-color'], {}, false],
		['neither (the control): colour codes on the board, ● discs', [], {}, true],
	])('%s', async (_name, args, env, coloured) => {
		const t = (term = new Terminal());
		t.start(['play', '--no-clock', ...args], env);
		const screen = await t.waitForScreen(
			text => readBoard(stripEscapes(text)) !== null && stripEscapes(text).includes('Move 1/50'),
			'the board',
			{escapes: true},
		);
		await t.waitForRawMode();
		const board = readBoard(stripEscapes(screen))!;
		const boardRows = screen.split('\n').filter(line => /^\s*[1-7]\s/.test(stripEscapes(line)));
		expect(boardRows).toHaveLength(7);
		if (coloured) {
			// One disc for both sides, told apart by colour.
			expect(board.cells.get('b1')).toBe('●');
			expect(board.cells.get('a2')).toBe('●');
			expect(colourCodes(boardRows.join('\n')).length, 'colour codes in the board rows').toBeGreaterThan(0);
		} else {
			// Without colour the sides are told apart by letters.
			expect(board.cells.get('b1')).toBe('R');
			expect(board.cells.get('a2')).toBe('B');
			expect(colourCodes(boardRows.join('\n')), 'colour codes in the board rows').toEqual([]);
			expect(colourCodes(screen), 'colour codes anywhere on the screen').toEqual([]);
		}
		t.tmux('send-keys', 'q');
		expect((await t.waitForExit()).status).toBe(0);
	});
	test('potm review of a saved game: the blunder marked, walked to and judged, the record written with e, q quits', async () => {
		const t = (term = new Terminal());
		const {line, moves} = racePlayed('e4 d4', 'd1 e1');
		const saved = saveGame(join(t.dir, 'saves'), 'race', loaps, line, moves);
		if (!saved.ok) throw new Error(saved.error);
		t.start(['review', 'saves/race.txt', '--depth', '4', '--ascii'], {CI: 'false'});
		let screen = await t.waitForScreen(text => text.includes('Reviewed at depth 4'), 'the review done');
		await t.waitForRawMode();
		expect(screen).toMatch(/e4 d4\s*\?\?/);
		expect(screen).toContain('RED won');
		screen = await t.press('Left', text => text.includes('?? blunder'), "BLUE's e4 d4 judged a blunder");
		expect(screen).toMatch(/better a3 d3 BLUE wins in 1/);
		screen = await t.press('e', text => text.includes('Wrote saves/race.game.txt'), 'the record written');
		expect(readFileSync(join(t.dir, 'saves', 'race.game.txt'), 'utf8')).toMatch(/e4 d4 .*blunder/);
		t.tmux('send-keys', 'q');
		expect((await t.waitForExit()).status).toBe(0);
	});

	test('potm learn: the first LOAPS lesson by the keys, a miss told why and hinted, the step passed with the cursor, kept in saves/learning.json; q quits', async () => {
		const t = (term = new Terminal());
		t.start(['learn', '--ascii'], {CI: 'false'});
		await t.waitForScreen(text => text.includes('Learn LOAPS') && text.includes('0 of 5 lessons done'), 'the list of lessons');
		await t.waitForRawMode();
		let screen = await t.press('Enter', text => text.includes('step 1 of'), 'the first step');
		expect(screen).toContain('Move the piece on c1');
		// c1 c3 is legal but not along the rank: the step's reason; a second miss brings the hint.
		await t.type('m', text => text.includes('Type a move'), 'the move prompt');
		for (const char of 'c1 c3') t.tmux('send-keys', '-l', char);
		await t.waitForScreen(text => text.includes('Esc cancels: c1 c3_'), '"c1 c3" typed');
		screen = await t.press('Enter', text => text.includes('No: '), 'the miss told');
		expect(screen).not.toContain('Hint:');
		await t.type('m', text => text.includes('Type a move'), 'the move prompt');
		for (const char of 'd1 d2') t.tmux('send-keys', '-l', char);
		await t.waitForScreen(text => text.includes('Esc cancels: d1 d2_'), '"d1 d2" typed');
		screen = await t.press('Enter', text => text.includes('Hint:'), 'the second miss, with the hint');
		expect(screen).toMatch(/No: There is no piece on d1|No: .*d1/);
		// With the cursor, from RED's home square d1: left to c1, Enter, right four times to g1, Enter.
		await t.press('Left', text => readBoard(text)?.cursor === 'c1', 'the cursor on c1');
		await t.press('Enter', text => text.includes('c1:'), 'c1 picked up');
		for (const [index, square] of ['d1', 'e1', 'f1', 'g1'].entries())
			await t.press('Right', text => readBoard(text)?.cursor === square, `the cursor on ${square} (${index + 1})`);
		screen = await t.press('Enter', text => text.includes('OK: '), 'the step passed');
		expect(readBoard(screen)?.cells.get('g1')).toBe('R');
		const kept = JSON.parse(readFileSync(join(t.dir, 'saves', 'learning.json'), 'utf8')) as {lessons: {loaps: {passed: string[]}}};
		expect(kept.lessons.loaps.passed).toEqual(['loaps-moves-count']);
		t.tmux('send-keys', 'q');
		expect((await t.waitForExit()).status).toBe(0);
	});

	test('potm puzzles: the next rated puzzle of the test’s own set solved by a typed move, the attempt and the rating kept; q quits', async () => {
		const t = (term = new Terminal());
		t.start(['puzzles', '--ascii'], {CI: 'false', POTM_PUZZLES: join(root, 'test', 'fixtures', 'puzzles')});
		await t.waitForScreen(text => text.includes('Next puzzle, rated (2 in the set)'), 'the puzzles hub');
		await t.waitForRawMode();
		let screen = await t.press('Enter', text => text.includes('Puzzle loaps-0004'), 'the puzzle nearest 1500');
		expect(screen).toContain('RED to move: find the best');
		await t.type('m', text => text.includes('Type a move'), 'the move prompt');
		for (const char of 'a1 d4') t.tmux('send-keys', '-l', char);
		await t.waitForScreen(text => text.includes('Esc cancels: a1 d4_'), '"a1 d4" typed');
		screen = await t.press('Enter', text => text.includes('OK: Solved!'), 'the puzzle solved');
		expect(screen).toContain('Themes: Connect in 1');
		const kept = JSON.parse(readFileSync(join(t.dir, 'saves', 'learning.json'), 'utf8')) as {
			puzzles: {loaps: {rating: {rating: number}; attempts: {puzzle: string; solved: boolean}[]}};
		};
		expect(kept.puzzles.loaps.attempts).toEqual([expect.objectContaining({puzzle: 'loaps-0004', solved: true})]);
		expect(kept.puzzles.loaps.rating.rating).toBeGreaterThan(1500);
		t.tmux('send-keys', 'q');
		expect((await t.waitForExit()).status).toBe(0);
	});
});
