/**
 * The LOA family's lessons (source/games/loa/lessons.ts): each ruling of docs/loaps.md and
 * docs/loa.md has the step that teaches it, and each step's first answer does what its `after`
 * says. That every answer passes and every other move fails is test/learn/lessons.test.ts's.
 */
import {describe, expect, test} from 'vitest';
import type {LessonBook, LessonStep} from '../../../source/games/learning.js';
import {classicLoa, classicLoaMoverWins, loaps} from '../../../source/games/loa/index.js';
import {classicLoaLessons, loapsLessons} from '../../../source/games/loa/lessons.js';
import {PASS} from '../../../source/games/loa/notation.js';
import type {LoaState} from '../../../source/games/loa/rules.js';
import {stepGame, stepsOf} from '../../../source/learn/lesson.js';
import {sq} from './diagram.js';

type LoaGame = typeof loaps;

/** The games a step can be played under, by id. */
const GAMES: Readonly<Record<string, LoaGame>> = {loaps, loa: classicLoa, 'loa-mover': classicLoaMoverWins};

function stepOf(book: LessonBook, id: string): LessonStep {
	const step = stepsOf(book).find(({data}) => data.id === id)?.data;
	if (!step) throw new Error(`no step ${id}`);
	return step;
}

/** A step, the game it is played under and its position. */
function setUp(book: LessonBook, id: string): {step: LessonStep; game: LoaGame; before: LoaState} {
	const step = stepOf(book, id);
	const game = GAMES[step.ruling ?? (book === loapsLessons ? 'loaps' : 'loa')]!;
	const parsed = game.parse(step.position, step.id);
	if (!parsed.ok) throw new Error(parsed.error.message);
	return {step, game, before: parsed.value};
}

/** Moves written as formatMove writes them ("b1 d3", "pass"), each of which must be legal. */
function playing(game: LoaGame, state: LoaState, ...moves: readonly string[]): LoaState {
	return moves.reduce((current, text) => {
		const move = game.parseMove(current, text);
		if (!move.ok) throw new Error(`${text}: ${move.error}`);
		return game.play(current, move.value);
	}, state);
}

/** The position after the step's first answer, and the one before it. */
function answered(book: LessonBook, id: string): {game: LoaGame; before: LoaState; after: LoaState} {
	const {step, game, before} = setUp(book, id);
	return {game, before, after: playing(game, before, step.pass[0]!)};
}

/** Points the mover gains with a move. */
const gain = (game: LoaGame, state: LoaState, move: string): number =>
	game.scores(playing(game, state, move))[state.toMove - 1]! - game.scores(state)[state.toMove - 1]!;

const pieceAt = (state: LoaState, name: string): number => state.cells[sq(name, state.variant.size)]!;
const count = (state: LoaState, player: number): number => state.cells.filter(cell => cell === player).length;

/** Whether the side to move has a move that ends the game in its favour. */
const winsNext = (game: LoaGame, state: LoaState): boolean =>
	game.legalMoves(state).some(move => game.outcome(game.play(state, move))?.winner === state.toMove);

/** Whether the side to move has a move that leaves it connected (the game over by its connection). */
const connectsNext = (game: LoaGame, state: LoaState): boolean =>
	game.legalMoves(state).some(move => ['connection', 'simultaneous'].includes(game.outcome(game.play(state, move))?.reason ?? ''));

/** The moves of the side to move that capture the opponent's piece on `square`. */
const capturesOn = (game: LoaGame, state: LoaState, square: string): string[] =>
	game
		.legalMoves(state)
		.filter(move => pieceAt(game.play(state, move), square) === state.toMove && pieceAt(state, square) === 3 - state.toMove)
		.map(move => game.formatMove(state, move));

/** A ruling in words, the step that teaches it, and the section of the rules page it is in. */
type Ruling = readonly [ruling: string, step: string, section: string];

const LOAPS_RULINGS: readonly Ruling[] = [
	['RED moves first, from the start position', 'loaps-moves-count', '§1'],
	['a piece moves as many squares as there are pieces on its whole line', 'loaps-moves-count', '§2'],
	['a piece jumps its own pieces, never the opponent’s', 'loaps-moves-jump', '§2'],
	['a capture scores 1 point', 'loaps-points-capture', '§3'],
	['d4 pays 7 and b2, b6, f2, f6 pay 3, every time', 'loaps-points-middle', '§3'],
	['a capture on a bonus square pays the capture point and the square', 'loaps-points-bonus-capture', '§3'],
	['connecting scores 12 and ends the game', 'loaps-connect-now', '§4'],
	['each side has 60 seconds for the whole game', 'loaps-connect-now', '§8'],
	['a capture connecting both sides: only the mover scores the 12', 'loaps-connect-both', '§4'],
	['a capture leaving only the captured side connected gives that side the 12', 'loaps-connect-their-group', '§4'],
	['a lead of 12 or less is lost to a connection: stop it', 'loaps-safety-stop', '§5'],
	['a move changes the count of the lines it leaves', 'loaps-safety-lines', '§2'],
	['more points wins, not the connector: far behind, block instead of connecting', 'loaps-end-block', '§5'],
	['after BLUE’s 50th move without a connection the game is drawn', 'loaps-end-move-limit', '§6'],
	['a side with no legal move loses', 'loaps-end-pinned', '§7'],
];

const CLASSIC_RULINGS: readonly Ruling[] = [
	['8×8, BLACK from b1..g1 and b8..g8, WHITE from a2..a7 and h2..h7, BLACK first', 'loa-moves-start', '§1'],
	['pieces move as in LOAPS, without points', 'loa-moves-start', '§2'],
	['a capture', 'loa-moves-capture', '§2'],
	['connecting wins outright', 'loa-connect-win', '§3'],
	['a capture leaving only the captured side connected: that side wins', 'loa-connect-their-group', '§3'],
	['both sides connected at once by a capture: a draw by default', 'loa-connect-both-draw', '§4'],
	['both sides connected at once under the mover-wins ruling: the mover wins', 'loa-connect-both-mover', '§4'],
	['a side none of whose pieces can move passes', 'loa-special-pass', '§5'],
	['the third occurrence of a position draws', 'loa-special-repetition', '§6'],
];

describe.each([
	['LOAPS', loapsLessons, LOAPS_RULINGS],
	['classic LOA', classicLoaLessons, CLASSIC_RULINGS],
] as const)('each ruling of %s is taught by a step', (_name, book, table) => {
	test.each(table)('%s: %s (%s)', (_ruling, id, section) => {
		expect(stepOf(book, id).teaches).toContain(section);
	});
});

test('the mover-wins step is played under loa-mover, the default one under loa, whichever game holds the book', () => {
	expect(stepOf(classicLoaLessons, 'loa-connect-both-mover').ruling).toBe('loa-mover');
	expect(stepGame(classicLoaMoverWins, stepOf(classicLoaLessons, 'loa-connect-both-draw')).id).toBe('loa');
	expect(classicLoa.lessons).toBe(classicLoaLessons);
	expect(classicLoaMoverWins.lessons).toBe(classicLoaLessons);
	expect(loaps.lessons).toBe(loapsLessons);
});

describe('LOAPS: each step’s answer does what its `after` says', () => {
	const book = loapsLessons;

	test('loaps-moves-count: four pieces on rank 1 carry c1 four squares, over e1 and f1, to g1', () => {
		const {game, before, after} = answered(book, 'loaps-moves-count');
		expect(game.format(before)).toBe(game.format(game.initial()));
		expect(game.toMove(before)).toBe(1);
		expect(['b1', 'c1', 'e1', 'f1'].map(name => pieceAt(before, name))).toEqual([1, 1, 1, 1]);
		expect([pieceAt(after, 'c1'), pieceAt(after, 'g1'), pieceAt(after, 'e1'), pieceAt(after, 'f1')]).toEqual([0, 1, 1, 1]);
		expect(game.parseMove(before, 'c1 a1').ok).toBe(false);
	});

	test('loaps-moves-jump: a1 jumps its own b1 to d1; BLUE’s a2 closes the a-file', () => {
		const {game, before, after} = answered(book, 'loaps-moves-jump');
		expect(pieceAt(after, 'd1')).toBe(1);
		expect(pieceAt(after, 'b1')).toBe(1);
		expect(pieceAt(before, 'a2')).toBe(2);
		expect(game.parseMove(before, 'a1 a4').ok).toBe(false);
	});

	test('loaps-points-capture: every answer removes a BLUE piece and scores 1, 5 to 5', () => {
		const {step, game, before} = setUp(book, 'loaps-points-capture');
		for (const answer of step.pass) {
			const after = playing(game, before, answer);
			expect(count(after, 2), answer).toBe(count(before, 2) - 1);
			expect(game.scores(after), answer).toEqual([5, 5]);
		}
	});

	test('loaps-points-middle: d7 d4 scores 7, 12 to 6, and landing on d4 again pays again', () => {
		const {game, before, after} = answered(book, 'loaps-points-middle');
		expect(game.scores(after)).toEqual([12, 6]);
		expect(gain(game, before, 'b1 b2')).toBe(3);
		// Off d4 and back: another 7.
		const again = playing(game, after, 'd1 f1', 'd4 d6', 'a7 b7');
		expect(gain(game, again, 'd6 d4')).toBe(7);
	});

	test('loaps-points-bonus-capture: taking f6 scores 1 + 3, 11 to 8; f2 would make 3, taking c2 1', () => {
		const {game, before, after} = answered(book, 'loaps-points-bonus-capture');
		expect(game.scores(after)).toEqual([11, 8]);
		expect(count(after, 2)).toBe(count(before, 2) - 1);
		expect(gain(game, before, 'g1 f2')).toBe(3);
		expect(gain(game, before, 'c4 c2')).toBe(1);
	});

	test('loaps-connect-now: with 2 s on RED’s clock, a2 d5 connects: 12 points, RED wins 29 to 11', () => {
		const {game, before, after} = answered(book, 'loaps-connect-now');
		expect(game.clocks(before)[0]).toBe(2);
		expect(game.clock).toEqual({per: 'game', seconds: 60});
		expect(game.scores(after)).toEqual([29, 11]);
		expect(game.outcome(after)).toMatchObject({result: 'win', winner: 1, reason: 'connection'});
	});

	test('loaps-connect-both: taking d6 connects both sides; only RED scores the 12 and wins 23 to 18', () => {
		const {game, after} = answered(book, 'loaps-connect-both');
		expect(game.outcome(after)).toMatchObject({result: 'win', winner: 1, reason: 'simultaneous'});
		expect(game.scores(after)).toEqual([23, 18]);
	});

	test('loaps-connect-their-group: f1 c1 scores 1 and the game goes on; a7 c7 would give BLUE the 12 and the game', () => {
		const {game, before, after} = answered(book, 'loaps-connect-their-group');
		expect(game.outcome(after)).toBeNull();
		expect(game.scores(after)).toEqual([11, 4]);
		const trap = playing(game, before, 'a7 c7');
		expect(game.outcome(trap)).toMatchObject({result: 'win', winner: 2, reason: 'opponent-connected'});
		expect(game.scores(trap)).toEqual([11, 16]);
	});

	test('loaps-safety-stop: RED leads 18 to 9; each answer leaves BLUE no connecting reply, and d2 f4 would win BLUE the game 21 to 18', () => {
		const {step, game, before} = setUp(book, 'loaps-safety-stop');
		expect(game.scores(before)).toEqual([18, 9]);
		// The answers are exactly the moves after which the game goes on and BLUE has no connecting reply.
		const stopping = game.legalMoves(before).filter(move => {
			const after = game.play(before, move);
			return game.outcome(after) === null && !connectsNext(game, after);
		});
		expect(stopping.map(move => game.formatMove(before, move)).sort()).toEqual([...step.pass].sort());
		for (const answer of step.pass) {
			const after = playing(game, before, answer);
			expect(game.outcome(after), answer).toBeNull();
			expect(connectsNext(game, after), answer).toBe(false);
		}
		// Not stopping it: BLUE connects, gains 12 and wins on points.
		const elsewhere = playing(game, before, 'a1 b1');
		expect(connectsNext(game, elsewhere)).toBe(true);
		const connected = playing(game, elsewhere, 'd2 f4');
		expect(game.outcome(connected)).toMatchObject({result: 'win', winner: 2, reason: 'connection'});
		expect(game.scores(connected)).toEqual([18, 21]);
		// Taking d2 leaves the other three together: BLUE's 12 at once.
		const taken = playing(game, before, 'f2 d2');
		expect(game.outcome(taken)).toMatchObject({result: 'win', winner: 2, reason: 'opponent-connected'});
		expect(game.scores(taken)).toEqual([19, 21]);
	});

	test('loaps-safety-lines: d4 is safe now; f2 c5 keeps it so; f2 b2 scores 3 but opens the diagonal, and b6 d4 scores 8', () => {
		const {game, before, after} = answered(book, 'loaps-safety-lines');
		const blueNow = game.parse(stepOf(book, 'loaps-safety-lines').position.replace(/^1 /, '2 '), 'BLUE to move');
		if (!blueNow.ok) throw new Error(blueNow.error.message);
		expect(capturesOn(game, blueNow.value, 'd4')).toEqual([]);
		expect(game.outcome(after)).toBeNull();
		expect(capturesOn(game, after, 'd4')).toEqual([]);
		// Every other move of f2 leaves two pieces on the diagonal, and b6 reaches d4.
		const others = game
			.legalMoves(before)
			.map(move => game.formatMove(before, move))
			.filter(move => move.startsWith('f2 ') && move !== 'f2 c5');
		expect(others.length).toBeGreaterThan(1);
		for (const move of others) expect(capturesOn(game, playing(game, before, move), 'd4'), move).toEqual(['b6 d4']);
		expect(gain(game, before, 'f2 b2')).toBe(3);
		const opened = playing(game, before, 'f2 b2');
		expect(gain(game, opened, 'b6 d4')).toBe(8);
		expect(game.outcome(playing(game, opened, 'b6 d4'))).toBeNull();
	});

	test('loaps-end-block: e4 stops f4 d4; connecting would lose 16 to 20, and not blocking lets RED connect', () => {
		const {step, game, before} = setUp(book, 'loaps-end-block');
		for (const answer of step.pass) {
			const after = playing(game, before, answer);
			expect(game.outcome(after), answer).toBeNull();
			expect(winsNext(game, after), answer).toBe(false);
		}
		const connected = playing(game, before, 'g6 g4');
		expect(game.outcome(connected)).toMatchObject({result: 'win', winner: 1, reason: 'connection'});
		expect(game.scores(connected)).toEqual([20, 16]);
		const elsewhere = playing(game, before, 'g2 e2');
		expect(game.outcome(playing(game, elsewhere, 'f4 d4'))).toMatchObject({winner: 1, reason: 'connection'});
	});

	test('loaps-end-move-limit: g5 f4 connects on BLUE’s 50th move, 26 to 9; any other move draws, points or not', () => {
		const {game, before, after} = answered(book, 'loaps-end-move-limit');
		expect(game.moveNumber(before)).toBe(50);
		expect(game.outcome(after)).toMatchObject({result: 'win', winner: 2, reason: 'connection'});
		expect(game.scores(after)).toEqual([9, 26]);
		const bonus = playing(game, before, 'g3 f2');
		expect(game.outcome(bonus)).toMatchObject({result: 'draw', winner: null, reason: 'move-limit'});
		expect(game.scores(bonus)).toEqual([9, 17]);
	});

	test('loaps-end-pinned: BLUE, ahead on points, has no legal move and loses', () => {
		const {step, game, before} = setUp(book, 'loaps-end-pinned');
		expect(game.scores(before)[1]).toBeGreaterThan(game.scores(before)[0]);
		for (const answer of step.pass) {
			const after = playing(game, before, answer);
			expect(game.outcome(after), answer).toMatchObject({result: 'win', winner: 1, reason: 'no-moves'});
			expect(game.scores(after)[1], answer).toBeGreaterThan(game.scores(after)[0]);
		}
	});
});

describe('classic LOA: each step’s answer does what its `after` says', () => {
	const book = classicLoaLessons;

	test('loa-moves-start: from the start, six pieces on rank 1 carry b1 to h1; no points', () => {
		const {game, before, after} = answered(book, 'loa-moves-start');
		expect(game.format(before)).toBe(game.format(game.initial()));
		expect(game.hasPoints).toBe(false);
		expect(game.moveLimit).toBeNull();
		expect([pieceAt(after, 'b1'), pieceAt(after, 'h1')]).toEqual([0, 1]);
		expect(game.scores(after)).toEqual([0, 0]);
	});

	test('loa-moves-capture: e3 goes four squares along its diagonal and takes a7, for no points', () => {
		const {game, before, after} = answered(book, 'loa-moves-capture');
		expect(pieceAt(before, 'a7')).toBe(2);
		expect(pieceAt(after, 'a7')).toBe(1);
		expect(count(after, 2)).toBe(count(before, 2) - 1);
		expect(game.scores(after)).toEqual([0, 0]);
		expect(game.outcome(after)).toBeNull();
	});

	test('loa-connect-win: h2 f4 connects and BLACK wins', () => {
		const {game, after} = answered(book, 'loa-connect-win');
		expect(game.outcome(after)).toMatchObject({result: 'win', winner: 1, reason: 'connection'});
	});

	test('loa-connect-their-group: c6 f6 leaves WHITE apart; f4 c7 would leave WHITE connected, and WHITE would win', () => {
		const {game, before, after} = answered(book, 'loa-connect-their-group');
		expect(game.outcome(after)).toBeNull();
		expect(count(after, 2)).toBe(count(before, 2) - 1);
		expect(game.outcome(playing(game, before, 'f4 c7'))).toMatchObject({result: 'win', winner: 2, reason: 'opponent-connected'});
	});

	test('loa-connect-both-draw: f8 d6 connects both sides: a draw under the default ruling', () => {
		const {game, after} = answered(book, 'loa-connect-both-draw');
		expect(game.id).toBe('loa');
		expect(game.outcome(after)).toMatchObject({result: 'draw', winner: null, reason: 'simultaneous'});
	});

	test('loa-connect-both-mover: the same capture wins for BLACK under the mover-wins ruling', () => {
		const {game, after} = answered(book, 'loa-connect-both-mover');
		expect(game.id).toBe('loa-mover');
		expect(stepOf(book, 'loa-connect-both-mover').position).toBe(stepOf(book, 'loa-connect-both-draw').position);
		expect(game.outcome(after)).toMatchObject({result: 'win', winner: 1, reason: 'simultaneous'});
	});

	test('loa-special-pass: the pass is BLACK’s only move, and WHITE plays on after it', () => {
		const {game, before, after} = answered(book, 'loa-special-pass');
		expect(game.legalMoves(before)).toEqual([PASS]);
		expect(game.outcome(after)).toBeNull();
		expect(game.toMove(after)).toBe(2);
		expect(game.legalMoves(after).length).toBeGreaterThan(0);
	});

	test('loa-special-repetition: e2 e6 wins at once; shuffling instead brings the position round a third time, a draw', () => {
		const {game, before, after} = answered(book, 'loa-special-repetition');
		expect(game.outcome(after)).toMatchObject({result: 'win', winner: 1, reason: 'connection'});
		// The file starts the count afresh: one round trip makes the second occurrence, the next the third.
		const shuffle = ['f6 g6', 'a5 b5', 'g6 f6', 'b5 a5'];
		const second = playing(game, before, ...shuffle);
		expect([second.cells, second.toMove]).toEqual([before.cells, before.toMove]);
		expect(game.outcome(second)).toBeNull();
		expect(game.outcome(playing(game, second, ...shuffle))).toMatchObject({result: 'draw', reason: 'repetition'});
	});
});
