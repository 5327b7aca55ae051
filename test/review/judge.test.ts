import {describe, expect, test} from 'vitest';
import fc from 'fast-check';
import {loaps, classicLoa} from '../../source/games/loa/index.js';
import {games} from '../../source/games/registry.js';
import {WIN} from '../../source/engine/search.js';
import {clipped, judgeMoves, reviewOf, summarize} from '../../source/review/judge.js';
import {evaluateLine} from '../../source/review/run.js';
import type {PositionEval} from '../../source/review/types.js';
import {LocalEngine} from '../helpers/local-engine.js';

/** BLUE to move in a connection race: a3 d3 connects and wins; after any other move RED connects first. */
const RACE = ['2 38', '1 34 60.0', '2 26 60.0', '.......', '.......', '.......', '....2..', '2.2...1', '...1.1.', '...1...', ''].join('\n');

function parsed(text: string) {
	const result = loaps.parse(text, 'race.txt');
	if (!result.ok) throw new Error(result.error.message);
	return result.value;
}

const position = (score: number, best: number, extra: Partial<PositionEval> = {}): PositionEval => ({
	score,
	proven: Math.abs(score) > WIN - 100_000,
	best,
	line: [],
	second: null,
	secondProven: false,
	legal: 10,
	depth: 5,
	nodes: 100,
	...extra,
});

describe('review of a connection race (LOAPS)', () => {
	test('the only winning move is marked "only move"', async () => {
		const start = parsed(RACE);
		const move = loaps.parseMove(start, 'a3 d3');
		if (!move.ok) throw new Error(move.error);
		const line = [start, loaps.play(start, move.value)];
		const {evals} = await evaluateLine(new LocalEngine(), loaps, line, [move.value], {depth: 4});
		const [judged] = judgeMoves(loaps, line, [move.value], evals);
		expect(judged).toMatchObject({move: 'a3 d3', player: 2, mark: 'only-move', loss: 0, better: null});
	});

	test('a move that lets the other side connect first is a blunder, with the winning move as the better one', async () => {
		const start = parsed(RACE);
		const move = loaps.parseMove(start, 'e4 d4');
		if (!move.ok) throw new Error(move.error);
		const line = [start, loaps.play(start, move.value)];
		const {evals} = await evaluateLine(new LocalEngine(), loaps, line, [move.value], {depth: 4});
		const [judged] = judgeMoves(loaps, line, [move.value], evals);
		expect(judged?.mark).toBe('blunder');
		expect(judged?.better?.move).toBe('a3 d3');
		expect(judged?.better?.proven).toBe(true);
		// Lost from won: the whole width of the graph, twice the decisive margin.
		expect(judged?.loss).toBe(2 * loaps.reviewScale.decisive * 100);
		// From RED's side, the position after it is RED's proven win.
		expect(judged?.score).toBeGreaterThan(WIN - 100_000);
	});
});

describe('marks by the loss', () => {
	const start = loaps.initial();
	const moves = loaps.legalMoves(start);
	const [played, other] = [moves[0]!, moves[1]!];
	const line = [start, loaps.play(start, played)];
	const judge = (before: PositionEval, after: PositionEval) => judgeMoves(loaps, line, [played], [before, after])[0]!;
	const scale = loaps.reviewScale;

	test.each([
		[0.5, null],
		[scale.inaccuracy, 'inaccuracy'],
		[scale.mistake, 'mistake'],
		[scale.blunder, 'blunder'],
	] as const)('a loss of %s points is marked %s', (points, mark) => {
		// RED's best is +2; after the move BLUE (to move) stands at -(2 - points) from its side... i.e. RED at 2 - points.
		const judged = judge(position(200, other), position(-(200 - points * 100), -1));
		expect(judged.loss).toBe(points * 100);
		expect(judged.mark).toBe(mark);
		expect(judged.better).toEqual({move: loaps.formatMove(start, other), score: 200, proven: false});
	});

	test("the engine's own choice loses what the next search finds, a ply deeper into its line; with no better move to name", () => {
		// The case: +3.14 before 5. e7 c5 (the engine's move), -4.88 after it.
		const refuted = judge(position(314, played), position(488, -1));
		expect(refuted).toMatchObject({loss: 802, mark: 'blunder', better: null, score: -488});
		// As good as it looked: no loss, no mark.
		expect(judge(position(200, played), position(-230, -1))).toMatchObject({loss: 0, mark: null, better: null});
		// Only one legal move: nothing to lose, whatever follows.
		expect(judge(position(200, played, {legal: 1}), position(900, -1))).toMatchObject({loss: 0, mark: null});
	});

	test('a proven win let go, to a game not lost, is "missed a win"', () => {
		const judged = judge(position(WIN - 5, other), position(-100, -1));
		expect(judged.mark).toBe('missed-win');
		expect(judged.loss).toBe(scale.decisive * 100 - 100);
	});

	test('another way to a proven win, which the next search cannot prove again but rates as high, is no missed win', () => {
		const judged = judge(position(WIN - 9, other), position(-(scale.decisive * 100 + 150), -1));
		expect(judged).toMatchObject({loss: 0, mark: null, better: null});
	});

	test('a game all but lost already, lost for certain now, is marked by its loss alone', () => {
		// BLUE (to move after) at +11.5 from its side: RED at -11.5; then RED is proven lost.
		const judged = judge(position(-1150, other), position(WIN - 4, -1));
		expect(judged.loss).toBe(50);
		expect(judged.mark).toBeNull();
	});

	test('a move that was the only legal one is not judged against anything', () => {
		const judged = judge(position(200, other, {legal: 1}), position(WIN - 3, -1));
		expect(judged).toMatchObject({loss: 0, mark: null});
	});

	test("the summary averages each side's losses and counts its marks", () => {
		const judged = [
			{...judge(position(200, other), position(400, -1)), player: 1 as const},
			{...judge(position(200, other), position(-150, -1)), player: 1 as const},
			{...judge(position(200, played), position(0, -1)), player: 2 as const},
		];
		const [red, blue] = summarize(judged);
		expect(red.moves).toBe(2);
		expect(red.averageLoss).toBe((600 + 50) / 2);
		expect(red.counts).toMatchObject({blunder: 1, inaccuracy: 0, mistake: 0});
		// BLUE's move was the engine's, seen 2 points worse by the next search: an inaccuracy.
		expect(blue).toMatchObject({moves: 1, averageLoss: 200});
		expect(blue.counts).toMatchObject({inaccuracy: 1});
	});
});

describe('properties', () => {
	test("losses are never negative nor more than twice the decisive margin; the engine's own choice loses what the next search finds, and names no better move", () => {
		const score = fc.oneof(fc.integer({min: -5000, max: 5000}), fc.constantFrom(WIN - 1, WIN - 7, -(WIN - 2), -(WIN - 8)));
		fc.assert(
			fc.property(score, score, fc.boolean(), (before, after, best) => {
				for (const game of [loaps, classicLoa]) {
					const start = game.initial();
					const [played, other] = game.legalMoves(start);
					const line = [start, game.play(start, played!)];
					const [judged] = judgeMoves(game, line, [played!], [position(before, best ? played! : other!), position(after, -1)]);
					const limit = 2 * game.reviewScale.decisive * 100;
					expect(judged!.loss).toBeGreaterThanOrEqual(0);
					expect(judged!.loss).toBeLessThanOrEqual(limit);
					if (best) expect(judged!.better).toBeNull();
					// The value given up, as the next search sees it, whoever chose the move.
					expect(judged!.loss).toBe(Math.max(0, clipped(before, game.reviewScale) - clipped(0 - after, game.reviewScale)));
					expect(Math.abs(clipped(before, game.reviewScale))).toBeLessThanOrEqual(limit / 2);
				}
			}),
		);
	});

	test('every game reviews a short random game to the end: one judgement a move, each side summed up', async () => {
		const engine = new LocalEngine();
		for (const game of games) {
			let state = game.initial({seed: 7});
			const line = [state];
			const moves: number[] = [];
			for (let ply = 0; ply < 6 && !game.outcome(state); ply++) {
				const legal = game.legalMoves(state);
				const move = legal[(ply * 7) % legal.length]!;
				state = game.play(state, move);
				moves.push(move);
				line.push(state);
			}
			const {evals, stopped} = await evaluateLine(engine, game, line, moves, {depth: 2});
			expect(stopped).toBe(false);
			expect(evals.every(evaluation => evaluation !== undefined)).toBe(true);
			const review = reviewOf(game, line, moves, evals, {depth: 2});
			expect(review.moves).toHaveLength(moves.length);
			expect(review.summary[0].moves + review.summary[1].moves).toBe(moves.length);
		}
	});
});

test('a review stopped partway keeps what it has done', async () => {
	let state = loaps.initial();
	const line = [state];
	const moves: number[] = [];
	for (let ply = 0; ply < 6; ply++) {
		const move = loaps.legalMoves(state)[ply]!;
		state = loaps.play(state, move);
		moves.push(move);
		line.push(state);
	}
	let seen = 0;
	const {evals, stopped} = await evaluateLine(
		new LocalEngine(),
		loaps,
		line,
		moves,
		{depth: 2},
		{onEval: () => seen++, shouldStop: () => seen >= 3},
	);
	expect(stopped).toBe(true);
	expect(evals.filter(Boolean)).toHaveLength(3);
	expect(judgeMoves(loaps, line, moves, evals)).toHaveLength(2);
});

describe("PAH-TUM's scale", () => {
	test('a game that slides to 149-9 keeps counting its losses past the first 40 points (issue 27)', async () => {
		const {pahtum} = await import('../../source/games/pahtum/index.js');
		// X's moves give up 30 points each, from even to 140 behind: every one of them a blunder.
		let state = pahtum.initial({seed: 3});
		const line = [state];
		const moves: number[] = [];
		for (let ply = 0; ply < 10; ply++) {
			const move = pahtum.legalMoves(state)[0]!;
			moves.push(move);
			state = pahtum.play(state, move);
			line.push(state);
		}
		// evals[i] from the side to move at line[i]: X is to move at even plies, 30 points more lost after each of its moves.
		const xValue = (ply: number) => -3000 * Math.floor((ply + 1) / 2);
		const evals = line.map((_, ply) =>
			position(ply % 2 === 0 ? xValue(ply) : -xValue(ply), ply < moves.length ? moves[ply]! + (ply % 2 === 0 ? 1 : 0) : -1),
		);
		const judged = judgeMoves(pahtum, line, moves, evals);
		const xMoves = judged.filter(move => move.player === 1);
		expect(xMoves.map(move => move.loss)).toEqual([3000, 3000, 3000, 3000, 3000]);
		expect(xMoves.every(move => move.mark === 'blunder')).toBe(true);
	});
});
