/**
 * Seconds on a clock from --clock (undefined: it had no value): more than 0 and at most an hour,
 * or a message. Shared by the command line and the contest entry (snapshot-entry.ts).
 */
export function clockSeconds(text: string | undefined): number | string {
	const wanted = '--clock takes the seconds on each clock, more than 0 and at most 3600';
	if (text === undefined) return wanted;
	const seconds = Number(text);
	if (text.trim() === '' || !Number.isFinite(seconds) || seconds <= 0 || seconds > 3600) return `${wanted}, not "${text}"`;
	return seconds;
}
