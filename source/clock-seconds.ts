/** Seconds on a clock from --clock: more than 0 and at most an hour, or a message. Shared by the command line and the contest entry (snapshot-entry.ts). */
export function clockSeconds(text: string): number | string {
	const seconds = Number(text);
	if (text.trim() === '' || !Number.isFinite(seconds) || seconds <= 0 || seconds > 3600)
		return `--clock takes the seconds on each clock, more than 0 and at most 3600, not "${text}"`;
	return seconds;
}
