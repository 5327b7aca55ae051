/**
 * The hall's rate limits, kept in memory: the wrong codes each address may give (joining,
 * watching or asking for a record), and the lines of chat each person may say. A restart
 * forgets them.
 */
import {addressKey} from './address-key.js';

/** Wrong codes an address may give in WRONG_CODE_WINDOW_MS before it is refused until the oldest is that old. */
export const WRONG_CODES = 10;
export const WRONG_CODE_WINDOW_MS = 10 * 60_000;
/** Lines of chat one person may say in CHAT_WINDOW_MS. */
export const CHAT_LINES = 5;
export const CHAT_WINDOW_MS = 5_000;

export class HallLimits {
	/** Each address's wrong codes, the times they were given. */
	private readonly wrongCodes = new Map<string, number[]>();
	/** Each person's last lines of chat, the times they were said. */
	private readonly said = new Map<string, number[]>();

	constructor(private readonly log: (line: string) => void) {}

	/** Why `address` is refused for its wrong codes, or null. */
	refusal(address: string): string | null {
		const now = Date.now();
		const key = addressKey(address);
		const times = (this.wrongCodes.get(key) ?? []).filter(time => now - time < WRONG_CODE_WINDOW_MS);
		if (times.length === 0) this.wrongCodes.delete(key);
		else this.wrongCodes.set(key, times);
		if (times.length < WRONG_CODES) return null;
		const minutes = Math.ceil((times[0]! + WRONG_CODE_WINDOW_MS - now) / 60_000);
		return `Too many wrong codes from your address: try again in ${minutes} minute${minutes === 1 ? '' : 's'}`;
	}

	/** `address` gave a wrong code. */
	wrong(address: string): void {
		const key = addressKey(address);
		const times = this.wrongCodes.get(key) ?? [];
		times.push(Date.now());
		this.wrongCodes.set(key, times);
		if (times.length === WRONG_CODES) this.log(`${address}: ${WRONG_CODES} wrong codes; refused for a while`);
	}

	/** Why the person of `id` may not say a line now, or null: the line is then counted. */
	chat(id: string): string | null {
		const now = Date.now();
		const recent = (this.said.get(id) ?? []).filter(time => now - time < CHAT_WINDOW_MS);
		if (recent.length >= CHAT_LINES) return `Slow down: at most ${CHAT_LINES} lines in ${CHAT_WINDOW_MS / 1000} seconds`;
		this.said.set(id, [...recent, now]);
		return null;
	}

	/** Forgets the counts whose times are all past their windows (the hall's sweep, each minute). */
	sweep(now: number): void {
		for (const [address, times] of this.wrongCodes)
			if (times.every(time => now - time >= WRONG_CODE_WINDOW_MS)) this.wrongCodes.delete(address);
		for (const [id, times] of this.said) if (times.every(time => now - time >= CHAT_WINDOW_MS)) this.said.delete(id);
	}
}
