/** How many threads the engine's search may use (Lazy SMP, docs/ai.md §5): the bounds and the default. */

/** Most threads a search may use, its own and its helpers'. */
export const MAX_THREADS = 64;

/**
 * The threads a search uses unless told otherwise, on a machine of `cores` cores: all of them up
 * to two, and one left to the screen beyond (2 cores: 2 threads, 4 cores: 3).
 */
export function defaultThreads(cores: number): number {
	const whole = Math.max(1, Math.floor(cores));
	return Math.min(MAX_THREADS, whole <= 2 ? whole : whole - 1);
}
