/**
 * The sparring ladder (issue 16): the contest entry built here, dist/potm move, against the
 * release before the issue, both as external entries refereed as `potm match` referees them
 * (the referee's own runner: each move a fresh process given the position file, charged the CPU
 * time the operating system accounted to it, faults judged as in the contest), for each game and
 * clock asked for. The baseline is built side by side from a clean export of its commit, once,
 * and kept.
 *
 * The pairings run one after the other, each with its games --jobs at a time: the clocks count
 * CPU time, so games side by side are fair as long as each has a core.
 */
import {spawnSync, type SpawnSyncReturns} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join, relative, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {writeWhole} from '../files/atomic.js';
import {makeFolder, saveGame, writeProblem} from '../files/saves.js';
import {gameById} from '../games/registry.js';
import {parsePlayer} from '../referee/players.js';
import {matchReport, progressLine, scoreLine, summary, type RunReport} from '../referee/report.js';
import {recordText} from '../referee/record-file.js';
import {runGames, schedule} from '../referee/run.js';
import type {GameRecord, PlayerSpec} from '../referee/types.js';
import {withClocks} from './contest.js';
import {ladderTable, readSummary, tallyPairing, verdict, type PairingTally} from './ladder-score.js';
import {ladderOpenings} from './openings.js';

/**
 * The release before issue 16: main when the issue was opened (LINES and BOXES at ten times the
 * time measured). A fresh clone has no tag for it, so it is named by its hash; `--baseline REF`
 * names another commit.
 */
export const BASELINE_COMMIT = '92b0d44c6765a13f6c051032f1033a7b8e14f3a8';

/** The games the ladder plays: the LOA family, whose entries take a position file. */
export const LADDER_GAMES = ['loaps', 'loa'] as const;
export const DEFAULT_CLOCKS: readonly number[] = [10, 60];
/** Games a pairing: 10 matches, the least the issue's targets are judged on. */
export const DEFAULT_LADDER_GAMES = 20;

const root = fileURLToPath(new URL('../../', import.meta.url));
/** The contest entry, as a user gives it to the referee from the project's folder. */
const NEW_ENTRY = './dist/potm move';

export interface LadderOptions {
	readonly games: readonly string[];
	readonly clocks: readonly number[];
	/** Games a pairing (rounded up to whole matches). */
	readonly gamesPerPairing: number;
	readonly jobs: number;
	/** Where the records go; a new folder in the OS's temporary folder if not given. */
	readonly out: string | undefined;
	/** The git ref of the baseline. */
	readonly baseline: string;
}

/** A program run to its end; a message (not a stack trace) when it cannot start. */
function run(
	program: string,
	args: readonly string[],
	cwd: string,
	what: string,
	env: NodeJS.ProcessEnv = process.env,
): SpawnSyncReturns<string> {
	const result = spawnSync(program, args, {cwd, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024});
	if (result.error) {
		const code = (result.error as NodeJS.ErrnoException).code;
		throw new Error(
			code === 'ENOENT'
				? `${what} needs ${program}, which is not on the PATH`
				: `${what}: ${program} did not run (${result.error.message})`,
		);
	}
	return result;
}

/** The last lines of what a program wrote, for a message about why it failed. */
const tail = (text: string, lines = 12): string =>
	text
		.trimEnd()
		.split('\n')
		.slice(-lines)
		.map(line => `  ${line}`)
		.join('\n');

/** The full hash of a commit git knows here. */
function resolveCommit(ref: string): string {
	const found = run('git', ['-C', root, 'rev-parse', '--verify', '--quiet', `${ref}^{commit}`], root, 'building the baseline');
	if (found.status !== 0) {
		const notRepo = run('git', ['-C', root, 'rev-parse', '--git-dir'], root, 'building the baseline').status !== 0;
		if (notRepo)
			throw new Error(
				`the baseline is built from git's history, and ${root} is not a git checkout (clone the repository to run the ladder)`,
			);
		throw new Error(
			`--baseline ${ref}: git knows no commit of that name here (the default, ${BASELINE_COMMIT.slice(0, 12)}, is in main's history: fetch it if this clone is shallow)`,
		);
	}
	return found.stdout.trim();
}

export interface Baseline {
	readonly commit: string;
	readonly dir: string;
	/** Its entry's command line for the referee, from the project's folder. */
	readonly command: string;
	/** Whether it was built now (false: the build from an earlier run was reused). */
	readonly built: boolean;
}

/** Written last into a baseline's folder: a folder without it is an interrupted build, made again. */
const BUILT_MARK = '.potm-baseline-built';

/**
 * The baseline's entry, built from a clean export of its commit (`git archive`, so nothing of this
 * checkout leaks in) with `npm ci`, whose `prepare` builds it, in node_modules/.cache: outside the
 * tracked files, and kept for the next run (a `npm ci` here clears it; it is then built again).
 */
export function buildBaseline(ref: string, say: (line: string) => void): Baseline {
	const commit = resolveCommit(ref);
	const dir = join(root, 'node_modules', '.cache', `potm-baseline-${commit.slice(0, 12)}`);
	const command = `node ${relative(root, join(dir, 'dist', 'cli.js'))} move`;
	const mark = join(dir, BUILT_MARK);
	if (existsSync(mark) && readFileSync(mark, 'utf8').trim() === commit && existsSync(join(dir, 'dist', 'cli.js')))
		return {commit, dir, command, built: false};
	rmSync(dir, {recursive: true, force: true});
	makeFolder(dir);
	say(`bench: building the baseline ${commit.slice(0, 12)} in ${relative(root, dir)} (git archive, npm ci)...`);
	const archive = join(dir, '.export.tar');
	const exported = run('git', ['-C', root, 'archive', '--format=tar', '-o', archive, commit], root, 'exporting the baseline');
	if (exported.status !== 0) throw new Error(`git archive ${commit.slice(0, 12)} failed:\n${tail(exported.stderr)}`);
	const unpacked = run('tar', ['-xf', archive, '-C', dir], dir, 'unpacking the baseline');
	if (unpacked.status !== 0) throw new Error(`tar could not unpack the baseline's export:\n${tail(unpacked.stderr)}`);
	rmSync(archive, {force: true});
	// The npm that runs the bench exports its own project's settings; the baseline is a project of its own.
	const env = Object.fromEntries(
		Object.entries(process.env).filter(([name]) => !/^npm_(package_|lifecycle_|config_local_prefix$)/.test(name) && name !== 'INIT_CWD'),
	);
	const installed = run('npm', ['ci', '--no-audit', '--no-fund'], dir, 'building the baseline', env);
	if (installed.status !== 0) {
		throw new Error(
			`npm ci of the baseline (in ${relative(root, dir)}) failed with status ${installed.status ?? installed.signal}:\n${tail([installed.stdout, installed.stderr].filter(text => text.trim() !== '').join('\n'))}`,
		);
	}
	if (!existsSync(join(dir, 'dist', 'cli.js')))
		throw new Error(`npm ci of the baseline ran, but made no dist/cli.js in ${relative(root, dir)}`);
	writeWhole({path: mark, data: `${commit}\n`});
	return {commit, dir, command, built: true};
}

/** The start position of a ladder game as an entry's input file, with `seconds` on both clocks. */
function startFile(game: string, seconds: number): string {
	const name = game === 'loa' ? 'loa-start.txt' : 'start.txt';
	return withClocks(readFileSync(join(root, 'saves', name), 'utf8'), seconds);
}

/**
 * Whether an entry answers a move from the start of each game, on a clock of a second: a broken
 * build then says so before a long run, instead of losing every game by a fault.
 */
function checkEntry(label: string, entry: PlayerSpec, games: readonly string[]): void {
	if (entry.kind !== 'external') throw new RangeError(`${label} is not an external entry`);
	const folder = mkdtempSync(join(tmpdir(), 'potm-ladder-check-'));
	try {
		for (const game of games) {
			const file = join(folder, `${game}.txt`);
			writeFileSync(file, startFile(game, 1));
			const [program, ...args] = entry.argv;
			const answer = spawnSync(program!, [...args, file], {cwd: folder, encoding: 'utf8', timeout: 30_000});
			const line = answer.stdout?.trim() ?? '';
			if (answer.error || answer.status !== 0 || !/^[a-h][1-8] [a-h][1-8]$/.test(line)) {
				const why = answer.error
					? answer.error.message
					: `exit ${answer.status ?? answer.signal}, printed "${line}"${answer.stderr.trim() ? `, and on stderr:\n${tail(answer.stderr, 5)}` : ''}`;
				throw new Error(`${label} (${entry.command}) gave no move from ${gameById(game)!.name}'s start: ${why}`);
			}
		}
	} finally {
		rmSync(folder, {recursive: true, force: true});
	}
}

/** A new folder for the records in the OS's temporary folder, named by the time. */
function defaultOut(): string {
	const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
	return mkdtempSync(join(tmpdir(), `potm-ladder-${stamp}-`));
}

/** A file of the records written, or a line saying why not: the ladder's figures do not depend on it. */
function write(path: string, text: string): void {
	try {
		writeWhole({path, data: text});
	} catch (error) {
		process.stderr.write(`ladder: cannot write ${path}: ${writeProblem(error, dirname(path), false)}\n`);
	}
}

/** "game-007": records sort in the order they were played (as `potm match --out` names them). */
const recordName = (number: number, total: number): string => `game-${String(number).padStart(Math.max(3, String(total).length), '0')}`;

/** The two entries as the referee's players: the new one first. The names say which is which in every table and record. */
function ladderPlayers(baseline: Baseline): readonly [PlayerSpec, PlayerSpec] {
	const spec = (command: string, name: string): PlayerSpec => {
		const parsed = parsePlayer(command, root);
		if (!parsed.ok) throw new Error(parsed.error);
		return {...parsed.value, name};
	};
	return [spec(NEW_ENTRY, NEW_ENTRY), spec(baseline.command, `baseline ${baseline.commit.slice(0, 12)}`)];
}

/**
 * One pairing, played by the referee's own runner (what `potm match` runs): each move of either
 * entry a fresh process given the position file, charged its CPU time, faults judged as in the
 * contest. Not the command itself, because a match there always starts where the contest does
 * (see openings.ts). Every game is kept in `out` as `potm match --out` keeps it (game-NNN.txt
 * and its history, game-NNN.record.txt, results.txt, summary.json), with openings.txt beside.
 * The first Ctrl-C stops the games under way (their entries are killed) and ends the ladder
 * with what finished; a second leaves at once.
 */
async function playPairing(
	gameId: string,
	clock: number,
	matches: number,
	jobs: number,
	players: readonly [PlayerSpec, PlayerSpec],
	out: string,
): Promise<PairingTally> {
	const game = gameById(gameId)!;
	const openings = ladderOpenings(game, matches);
	const scheduled = schedule(2, matches).length;
	const base = {game, players, matches, clockMs: clock * 1000, scheduled};
	makeFolder(out);
	write(
		join(out, 'openings.txt'),
		`${openings.map(opening => `match ${opening.match}: ${opening.moves.length === 0 ? 'the start' : opening.moves.join(', ')}`).join('\n')}\n`,
	);
	const controller = new AbortController();
	let firstInterrupt = 0;
	const interrupt = () => {
		// Under `npm run bench` one Ctrl-C can arrive twice (from the terminal, and passed on by npm): a second counts after a second.
		if (firstInterrupt > 0) {
			if (performance.now() - firstInterrupt > 1000) process.exit(130); // the referee's exit hooks still kill the entries
			return;
		}
		firstInterrupt = performance.now();
		controller.abort();
		process.stderr.write('ladder: stopping: the games under way are abandoned and their entries killed (Ctrl-C again to leave at once)\n');
	};
	process.on('SIGINT', interrupt);
	const games: GameRecord[] = [];
	try {
		await runGames({
			...base,
			jobs: Math.min(jobs, scheduled),
			start: match => openings[match - 1]!.state,
			seed: 1,
			signal: controller.signal,
			onGame: played => {
				games.push(played.record);
				process.stderr.write(`${progressLine(played.record, base)} · ${scoreLine({game, players, games})}\n`);
				// A record that cannot be written is said, and the games go on (as potm match does): the tally needs none.
				const name = recordName(played.record.number, scheduled);
				const saved = saveGame(out, name, game, played.line, played.moves);
				if (!saved.ok) {
					process.stderr.write(`ladder: ${saved.error}\n`);
					return;
				}
				// The referee's record lists the entries' moves; the opening's come before them.
				const opening = openings[played.record.match - 1]!.moves;
				const text = recordText(played.record, base, saved.value);
				write(
					join(out, `${name}.record.txt`),
					opening.length === 0
						? text
						: text.replace('\n', `\nOpening: ${opening.join(', ')}, played at random before ply 1 below (both games of the match)\n`),
				);
			},
		});
	} finally {
		process.off('SIGINT', interrupt);
	}
	const report: RunReport = {...base, games: [...games].sort((a, b) => a.number - b.number), stopped: controller.signal.aborted};
	const json = summary(report);
	write(join(out, 'results.txt'), matchReport(report));
	write(join(out, 'summary.json'), `${JSON.stringify(json, null, 2)}\n`);
	const read = readSummary(json);
	if (!read.ok) throw new Error(read.error);
	const tally = tallyPairing(read.value, NEW_ENTRY);
	if (!tally.ok) throw new Error(tally.error);
	return tally.value;
}

/** "42 s", "3 min 07 s". */
export const minutes = (ms: number): string => {
	const seconds = Math.round(ms / 1000);
	return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
};

export async function benchLadder(options: LadderOptions): Promise<void> {
	const started = performance.now();
	const say = (line: string) => process.stderr.write(`${line}\n`);
	// npm runs the bench from the project's folder; a folder given is taken from where npm was started.
	const given = options.out === undefined ? undefined : resolve(process.env['INIT_CWD'] ?? process.cwd(), options.out);
	if (given !== undefined && existsSync(join(given, 'ladder.txt')))
		throw new Error(`--out ${options.out} already holds a ladder's records: give another folder`);
	if (!existsSync(join(root, 'dist', 'potm'))) throw new Error('dist/potm is missing: npm run build makes it (npm run bench builds first)');
	const baseline = buildBaseline(options.baseline, say);
	const name = (id: string) => gameById(id)!.name;
	console.log(
		`ladder: ${NEW_ENTRY} (this build) against the baseline ${baseline.commit.slice(0, 12)}, ${baseline.command}` +
			` (${baseline.built ? `built now, in ${minutes(performance.now() - started)}` : 'built by an earlier run'})`,
	);
	const players = ladderPlayers(baseline);
	checkEntry('the new entry', players[0], options.games);
	checkEntry('the baseline', players[1], options.games);
	const out = given ?? defaultOut();
	try {
		makeFolder(out);
	} catch (error) {
		throw new Error(`--out ${out}: cannot make the folder (${(error as Error).message})`);
	}
	const matches = Math.ceil(options.gamesPerPairing / 2);
	console.log(`ladder: ${matches * 2} games a pairing, ${options.jobs} at a time; the records go to ${out}`);
	const tallies: PairingTally[] = [];
	const keep = () => {
		const text = ladderTable(tallies, name);
		write(join(out, 'ladder.txt'), text);
		write(
			join(out, 'ladder.json'),
			`${JSON.stringify({baseline: baseline.commit, entries: {new: NEW_ENTRY, baseline: baseline.command}, pairings: tallies}, null, 2)}\n`,
		);
		return text;
	};
	// The short clocks first, both games, so that their figures come early.
	for (const clock of options.clocks) {
		for (const game of options.games) {
			const pairingStarted = performance.now();
			say(`\nladder: ${name(game)} at ${clock} s a side, ${matches * 2} games`);
			const tally = await playPairing(game, clock, matches, options.jobs, players, join(out, `${game}-${clock}s`));
			tallies.push(tally);
			const judged = verdict(tally);
			const share =
				tally.games === 0
					? 'no game finished'
					: `${tally.games} games, ${((100 * tally.points) / (2 * tally.games)).toFixed(1)} % of match points for the new entry`;
			console.log(
				`ladder: ${name(game)} at ${clock} s: ${share}${judged ? ` (target ${Math.round(100 * judged.target)} %)` : ''} [${minutes(performance.now() - pairingStarted)}]`,
			);
			const text = keep();
			if (tally.stopped) {
				console.log(`\nladder: stopped by Ctrl-C; the pairings so far:\n${text}`);
				return;
			}
		}
	}
	console.log(`\n${keep()}`);
	console.log(`ladder: ${minutes(performance.now() - started)} of wall time; the table and every game's record are in ${out}`);
}
