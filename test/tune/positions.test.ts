/** The tuner's games and positions: reproducible from the seed, labelled from the side to move, evaluated as the game would. */
import {describe, expect, it} from 'vitest';
import {gameById} from '../../source/games/registry.js';
import {evaluateAll, positionSet, splitPositions} from '../../source/tune/dataset.js';
import {isQuiet, playTuneGame, quiescenceLine, type TuneGameId, type TuneGameSpec} from '../../source/tune/play.js';
import {TUNABLE} from '../../source/tune/ranges.js';

const spec = (game: TuneGameId, seed: number): TuneGameSpec => ({
	game,
	first: TUNABLE[game].weights.defaults,
	second: TUNABLE[game].weights.defaults,
	nodes: 300,
	seed,
	openingPlies: 4,
	samplesFrom: 6,
});

/** The state after `moves` from the start, by the friendly rules. */
function stateAfter(game: TuneGameId, moves: readonly number[]) {
	const rules = gameById(game)!;
	let state = rules.initial();
	for (const move of moves) state = rules.play(state, move);
	return state;
}

describe.each(['loaps', 'loa'] as const)('%s', game => {
	const records = [1, 2, 3].map(seed => playTuneGame(spec(game, seed)));

	it('plays the same game, with the same positions, from the same seed', () => {
		expect(playTuneGame(spec(game, 2))).toEqual(records[1]);
		expect(records[0]!.moves).not.toEqual(records[1]!.moves);
		expect(records.every(record => record.samples.length > 0)).toBe(true);
	});

	it('plays the game to its end by the rules, and notes positions only from samplesFrom on', () => {
		for (const record of records) {
			const end = stateAfter(game, record.moves);
			expect(gameById(game)!.outcome(end)?.winner ?? null).toBe(record.winner);
			expect(record.samples.every(sample => sample.ply >= 6 && sample.ply < record.moves.length)).toBe(true);
		}
	});

	it('resolves a position to its quiescence leaf, where the side to move stands pat: a quiet position', () => {
		const rules = gameById(game)!;
		let lines = 0;
		for (const record of records) {
			for (const sample of record.samples) {
				const leaf = rules.searchPosition(stateAfter(game, [...record.moves.slice(0, sample.ply), ...sample.line]));
				expect(isQuiet(leaf)).toBe(true);
				if (sample.line.length > 0) lines++;
				const root = rules.searchPosition(stateAfter(game, record.moves.slice(0, sample.ply)));
				expect(quiescenceLine(root)).toEqual(sample.line);
			}
		}
		// Captures and scoring landings in reach are common: some positions must have needed a line.
		expect(lines).toBeGreaterThan(0);
	});

	it("labels each position with the result from its leaf's side to move, and evaluates it as the game does", () => {
		const rules = gameById(game)!;
		const set = positionSet(game, records);
		const scores = new Float64Array(set.results.length);
		evaluateAll(set, scores);
		let index = 0;
		for (const record of records) {
			for (const sample of record.samples) {
				const leaf = stateAfter(game, [...record.moves.slice(0, sample.ply), ...sample.line]);
				const side = rules.toMove(leaf);
				expect(set.results[index]).toBe(record.winner === null ? 0.5 : record.winner === side ? 1 : 0);
				expect(scores[index]).toBe(rules.searchPosition(leaf).evaluate());
				index++;
			}
		}
		expect(index).toBe(set.results.length);
		expect(set.quiet).toBe(records.flatMap(record => record.samples).filter(sample => sample.line.length === 0).length);
	});

	it('evaluates with the weights set at the time, and leaves them as they were after a game', () => {
		const weights = TUNABLE[game].weights;
		const set = positionSet(game, records);
		const before = new Float64Array(set.results.length);
		const after = new Float64Array(set.results.length);
		evaluateAll(set, before);
		const tempo = weights.names.indexOf('tempo');
		weights.values[tempo] = weights.defaults[tempo]! + 7;
		try {
			evaluateAll(set, after);
		} finally {
			weights.values[tempo] = weights.defaults[tempo]!;
		}
		expect(Array.from(after, (score, i) => score - before[i]!)).toEqual(Array.from(after, () => 7));
		playTuneGame({...spec(game, 4), first: weights.defaults.map(value => value * 2)});
		expect(Array.from(weights.values)).toEqual(weights.defaults);
	});
});

describe('splitPositions', () => {
	it('holds out every fifth game for validation', () => {
		const records = Array.from({length: 10}, (_, index) => ({
			moves: [index],
			winner: 1 as const,
			reason: 'connection',
			samples: [{ply: 0, line: []}],
		}));
		const {train, validation} = splitPositions('loaps', records);
		expect(validation.games.map(record => record.moves[0])).toEqual([4, 9]);
		expect(train.games).toHaveLength(8);
		expect(train.results).toHaveLength(8);
	});
});
