/** What the last resort logs before an error no handler caught: a bug, for us to mend (commands/serve.ts, serve/draw-threads.ts). */
export const LAST_RESORT = 'internal error, caught by the last resort (a bug; the server goes on)';
