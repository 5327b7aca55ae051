/**
 * What every command does about its process's ends: a reader that stops early is not an error,
 * and an internal error is one line, never a stack trace (POTM_DEBUG=1 shows it for us). Shared by
 * the command line (command-line/dispatch.ts) and the plain `potm move` that skips it (move-entry.ts).
 */

/** A reader that stops early (`potm perft ... --divide | head`, `potm move FILE | true`) ends the process quietly. */
export function guardStdout(): void {
	process.stdout.on('error', (error: NodeJS.ErrnoException) => {
		if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
		throw error;
	});
}

/** Says an internal error in one line (its stack with POTM_DEBUG=1) and gives the exit status, 70. */
export function reportInternalError(error: unknown): number {
	process.stderr.write(`potm: internal error: ${(error as Error).message}\n`);
	if (process.env['POTM_DEBUG']) process.stderr.write(`${(error as Error).stack}\n`);
	return 70;
}
