/**
 * Runs the command the command line gives (parse.ts), importing only what that command needs, so
 * that `potm move` (a contest entry, whose start-up counts against its clock) never loads the UI;
 * where the command line said nothing, the machine decides: the threads and jobs by its cores, a
 * random board's seed, the saves folder.
 */
import {fileURLToPath} from 'node:url';
import {defaultThreads} from '../engine/threads.js';
import {guardStdout, reportInternalError} from '../process-guards.js';
import {parse, type Command} from './parse.js';

/** The machine's cores, as Node counts those this process may use. */
async function machineCores(): Promise<number> {
	const {availableParallelism} = await import('node:os');
	return availableParallelism();
}

/** Runs `command`: its exit status. */
export async function run(command: Command): Promise<number> {
	switch (command.kind) {
		case 'version': {
			const {readFileSync} = await import('node:fs');
			const {version} = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {version: string};
			process.stdout.write(`${version}\n`);
			return 0;
		}
		case 'help':
			process.stdout.write(command.text);
			return 0;
		case 'move': {
			const {runMove} = await import('../commands/move.js');
			return runMove(command.file, command.game, command.clockSeconds, {
				kind: 'modules',
				dist: fileURLToPath(new URL('..', import.meta.url)),
			});
		}
		case 'perft': {
			const {runPerft} = await import('../commands/perft.js');
			return runPerft(command.file, command.depth, command.divide, command.game);
		}
		case 'referee': {
			const jobs = command.jobs ?? (await machineCores());
			const {runReferee} = await import('../commands/referee.js');
			return runReferee({...command.options, jobs});
		}
		case 'review-json': {
			const threads = command.threads ?? defaultThreads(await machineCores());
			const {runReviewJson} = await import('../commands/review.js');
			return runReviewJson(command.file, command.game, command.budget, threads);
		}
		case 'screen': {
			const cores = await machineCores();
			const {options} = command;
			// React's production build: its development checks cost several times the work of a frame.
			process.env['NODE_ENV'] ??= 'production';
			const {runUi} = await import('../commands/ui.js');
			return runUi({
				...options,
				choices: {
					...options.choices,
					board: command.seed ?? Math.floor(Math.random() * 0x80000000),
					threads: {count: command.threads ?? defaultThreads(cores), cores},
				},
				savesDir: process.env['POTM_SAVES'] || 'saves',
			});
		}
		case 'names': {
			const {runNames} = await import('../commands/serve-names.js');
			return runNames(command.data, command.forget);
		}
		case 'serve': {
			const cores = await machineCores();
			// React's production build, as for the local screens: its development checks cost several
			// times the work of a frame, and the server draws every session's.
			process.env['NODE_ENV'] ??= 'production';
			const {runServe} = await import('../commands/serve.js');
			return runServe({...command.options, drawThreads: command.drawThreads ?? (cores > 1 ? cores : 0)});
		}
		case 'export': {
			const {runExport} = await import('../commands/export.js');
			return runExport(command.file, command.game);
		}
	}
}

/**
 * The program after its name: the command `words` give, run; or what is wrong with them, one
 * `potm:` line on stderr, exit status 2. A reader gone early is no error; an internal error is
 * one line, exit status 70 (process-guards.ts).
 */
export async function main(words: readonly string[]): Promise<number> {
	guardStdout();
	try {
		const command = parse(words);
		if (!('error' in command)) return await run(command);
		process.stderr.write(`potm: ${command.error}\n`);
		return 2;
	} catch (error) {
		return reportInternalError(error);
	}
}
