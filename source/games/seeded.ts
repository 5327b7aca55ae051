/**
 * Seeded randomness, the same in every process and thread: the games draw random boards with it
 * (PAH-TUM's holes), the players their random moves and blunders, so a game can be replayed from
 * its seed.
 */

/** mulberry32: signed 32-bit words from a 32-bit seed (the boards' Zobrist keys). */
export function seededWords(seed: number): () => number {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) | 0;
		let t = Math.imul(state ^ (state >>> 15), 1 | state);
		t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
		return (t ^ (t >>> 14)) | 0;
	};
}

/** The same generator as floats in [0, 1). */
export function seededRandom(seed: number): () => number {
	const next = seededWords(seed);
	return () => (next() >>> 0) / 4294967296;
}
