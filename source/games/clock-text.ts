/** How a game's file writes the seconds on a clock, the same in every game's POTM file. */

/**
 * Seconds as the file writes them: 60.0, 5.34 — always with a decimal point, never an exponent,
 * and exactly the number (parsing the text gives the same double back).
 */
export function formatClock(seconds: number): string {
	if (Number.isInteger(seconds)) return seconds.toFixed(1);
	const text = String(seconds);
	const exponent = /^(\d)(?:\.(\d+))?e-(\d+)$/.exec(text);
	if (!exponent) return text;
	// Small numbers print as 1.5e-7: write the same digits out as 0.00000015.
	const [, lead, rest = '', power] = exponent;
	return `0.${'0'.repeat(Number(power) - 1)}${lead}${rest}`;
}
