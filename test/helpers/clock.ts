/** A fake clock for the search: it moves on by `step` ms at every reading, so time is proportional to the polls. */
export function steppingClock(step: number): () => number {
	let time = 0;
	return () => {
		const reading = time;
		time += step;
		return reading;
	};
}
