/**
 * The server's log under a flood: a line of one kind (its key, such as an address and what was
 * refused) is said once in an interval; the repeats are counted and said in one line when the
 * interval is over. A thousand refused connections a second then cost the log one line each ten
 * seconds, and the operator still reads how many there were.
 */
export interface QuietLog {
	/** Says `line` now, unless a line of `key` was said less than the interval ago (then it is counted). */
	say(key: string, line: string): void;
	/** Says what is still counted, and stops the timer. */
	close(): void;
}

export function quietLog(log: (line: string) => void, intervalMs = 10_000, now: () => number = Date.now): QuietLog {
	const said = new Map<string, {at: number; more: number; line: string}>();
	/** Says the repeats counted of `key`, if any, and forgets it. */
	const over = (key: string, entry: {at: number; more: number; line: string}, at: number) => {
		if (entry.more > 0) log(`${entry.line} (${entry.more} more like it in ${Math.max(1, Math.round((at - entry.at) / 1000))} s)`);
		said.delete(key);
	};
	/** Says the repeats of the keys whose interval is over (or of all), and forgets those keys. */
	const flush = (all: boolean) => {
		const at = now();
		for (const [key, entry] of said) if (all || at - entry.at >= intervalMs) over(key, entry, at);
	};
	const timer = setInterval(() => flush(false), intervalMs);
	timer.unref();
	return {
		say: (key, line) => {
			const at = now();
			const entry = said.get(key);
			if (entry && at - entry.at < intervalMs) {
				entry.more++;
				return;
			}
			if (entry) over(key, entry, at);
			said.set(key, {at, more: 0, line});
			log(line);
		},
		close: () => {
			clearInterval(timer);
			flush(true);
		},
	};
}
