/**
 * Game records (source/files/record.ts): every legal game of every game potm knows comes back
 * from its record as the same game; each kind of malformed record is refused at its line; and a
 * record loads (loadGame) and is listed (listSaves) like a save.
 */
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import fc from 'fast-check';
import {afterEach, beforeEach, describe, expect, test} from 'vitest';
import {AGREED, formatRecord, isRecordText, parseRecord, type ParsedRecord, type RecordInput} from '../../source/files/record.js';
import {loadGame} from '../../source/files/load-game.js';
import {listSaves, saveGame} from '../../source/files/saves.js';
import type {Outcome, Player} from '../../source/games/game.js';
import {classicLoa, classicLoaMoverWins, loaps as loapsGame} from '../../source/games/loa/index.js';
import {pahtum as pahtumGame} from '../../source/games/pahtum/index.js';
import {games, type AnyGame} from '../../source/games/registry.js';
import {DECIDED, WIN} from '../../source/engine/tt.js';
import {MARKS, type MoveReview} from '../../source/review/types.js';
import type {Setup} from '../../source/games/setup.js';

/** A small deterministic generator, so that one fast-check seed replays one game. */
function generator(seed: number): () => number {
	let state = seed >>> 0 || 1;
	return () => {
		state ^= state << 13;
		state ^= state >>> 17;
		state ^= state << 5;
		return (state >>> 0) / 0x1_0000_0000;
	};
}

interface Played {
	readonly game: AnyGame;
	readonly line: unknown[];
	readonly moves: number[];
}

/**
 * A random legal game of at most `plies` moves from the game's start (a random board drawn from
 * `seed` where boards are random), with the clocks ticking in hundredths where they are on and
 * positions carry them. Stops where the rules end the game.
 */
function playRandom(game: AnyGame, seed: number, plies: number, clocked: boolean, size: readonly [number, number]): Played {
	const random = generator(seed);
	const sized = game.setup?.some(option => option.kind === 'size');
	const setup: Setup = sized ? {seed, rows: size[0], columns: size[1], lines: Math.floor(random() * 6)} : {seed};
	let state: unknown = game.initial(game.randomBoards ? setup : undefined);
	const ticking = clocked && game.clock.per === 'game';
	if (ticking) state = game.withClocks(state, [Math.floor(random() * 6000 + 1000) / 100, Math.floor(random() * 6000 + 1000) / 100]);
	const line = [state];
	const moves: number[] = [];
	for (let ply = 0; ply < plies && game.outcome(state) === null; ply++) {
		const legal = game.legalMoves(state);
		const move = legal[Math.floor(random() * legal.length)]!;
		let next = game.play(state, move);
		if (ticking) {
			const [first, second] = game.clocks(state).map(seconds => Math.round(seconds * 100));
			const spent = Math.floor(random() * 300);
			const mover = game.toMove(state);
			next = game.withClocks(next, [
				(mover === 1 ? Math.max(0, first! - spent) : first!) / 100,
				(mover === 2 ? Math.max(0, second! - spent) : second!) / 100,
			]);
		}
		line.push(next);
		moves.push(move);
		state = next;
	}
	return {game, line, moves};
}

/** A review's verdict on a move, scores now and then decided. */
function reviewOf(game: AnyGame, played: Played, ply: number, random: () => number): MoveReview {
	const before = played.line[ply];
	const score = () =>
		random() < 0.1 ? (random() < 0.5 ? 1 : -1) * (WIN - Math.floor(random() * 40)) : Math.floor((random() - 0.5) * 2 * DECIDED * 1e-5);
	const mark = random() < 0.5 ? null : MARKS[Math.floor(random() * MARKS.length)]!;
	const better = random() < 0.5 ? null : {move: game.formatMove(before, played.moves[ply]!), score: score(), proven: false};
	return {
		ply,
		player: game.toMove(before),
		number: game.moveNumber(before),
		move: game.formatMove(before, played.moves[ply]!),
		score: score(),
		proven: false,
		loss: 0,
		mark,
		better,
	};
}

function parsed(text: string, file = 'game.game.txt'): ParsedRecord {
	const result = parseRecord(text, file);
	if (!result.ok) throw new Error(`expected the record to read, got line ${result.error.line}: ${result.error.message}\n${text}`);
	return result.value;
}

/** The input that gives a parsed record's text again (a review's comments aside, which are not read back). */
function inputOf(record: ParsedRecord): RecordInput {
	const date = /^(\d{4})\.(\d{2})\.(\d{2})$/.exec(record.headers.get('Date') ?? '');
	return {
		game: record.game,
		line: record.line,
		moves: record.moves,
		ended: record.ended,
		clocked: record.clocked,
		...(record.players ? {players: record.players} : {}),
		...(date ? {date: new Date(Number(date[1]), Number(date[2]) - 1, Number(date[3]))} : {}),
	};
}

// Seen as any game: the tests pass states around as the records give them, unknown.
const loaps: AnyGame = loapsGame;
const pahtum: AnyGame = pahtumGame;

const formats = (game: AnyGame, line: readonly unknown[]): string[] => line.map(state => game.format(state));

describe('formatRecord and parseRecord', () => {
	test('a game whose clocks never moved (played without a clock) is written as such when nobody says: Clock "none", no readings', () => {
		let state = loapsGame.initial();
		const line = [state];
		const moves: number[] = [];
		for (let ply = 0; ply < 3; ply++) {
			const move = loapsGame.legalMoves(state)[ply]!;
			state = loapsGame.play(state, move);
			moves.push(move);
			line.push(state);
		}
		const text = formatRecord({game: loapsGame, line, moves, ended: null});
		expect(text).toContain('[Clock "none"]');
		expect(text).not.toMatch(/\{RED /);
		const ticking = line.map((position, index) => loapsGame.withClocks(position, [60 - index, 60]));
		expect(formatRecord({game: loapsGame, line: ticking, moves, ended: null})).toContain('[Clock "60 s each"]');
	});

	test('any legal game of any game comes back: the same game, moves, positions and ending; reading is idempotent', () => {
		const seen = {over: 0, ended: 0, going: 0};
		fc.assert(
			fc.property(
				fc.record({
					index: fc.nat(games.length - 1),
					seed: fc.nat(0x7fffffff),
					plies: fc.oneof(fc.nat(12), fc.integer({min: 13, max: 220})),
					clocked: fc.boolean(),
					size: fc.tuple(fc.integer({min: 3, max: 5}), fc.integer({min: 3, max: 5})),
					ending: fc.constantFrom(null, 'time', 'resignation', 'agreement'),
					winner: fc.constantFrom<Player>(1, 2),
					players: fc.option(fc.tuple(fc.string(), fc.string()), {nil: undefined}),
					date: fc.option(fc.date({min: new Date(1990, 0, 1), max: new Date(2099, 11, 31), noInvalidDate: true}), {nil: undefined}),
					review: fc.boolean(),
				}),
				({index, seed, plies, clocked, size, ending, winner, players, date, review}) => {
					const game = games[index]!;
					const played = playRandom(game, seed, plies, clocked, size);
					const last = played.line.at(-1);
					const over = game.outcome(last);
					const ended: Outcome | null =
						ending === null
							? null
							: ending === 'agreement'
								? {result: 'draw', winner: null, reason: AGREED, description: 'drawn by agreement'}
								: {
										result: 'win',
										winner,
										reason: ending,
										description: `${game.sides[winner - 1]} wins: ${game.sides[2 - winner]} ${ending === 'time' ? 'ran out of time' : 'resigned'}`,
									};
					const random = generator(seed ^ 0x5bd1e995);
					const reviewed = review
						? {
								budget: '1.0 s a move',
								moves: played.moves.map((_, ply) => (random() < 0.7 ? reviewOf(game, played, ply, random) : undefined)),
							}
						: undefined;
					const text = formatRecord({
						...played,
						ended,
						clocked,
						...(players ? {players} : {}),
						...(date ? {date} : {}),
						...(reviewed ? {review: reviewed} : {}),
					});
					seen[over ? 'over' : ended ? 'ended' : 'going']++;

					expect(isRecordText(text)).toBe(true);
					const record = parsed(text);
					expect(record.game.id).toBe(game.id);
					expect(record.moves).toEqual(played.moves);
					expect(formats(game, record.line)).toEqual(formats(game, played.line));
					expect(record.ended).toEqual(over ? null : ended);
					expect(game.outcome(record.line.at(-1))).toEqual(over);
					expect(record.players).toEqual(players ?? ['?', '?']);
					expect(record.clocked).toBe(clocked);
					expect(record.comments).toHaveLength(played.moves.length);

					const again = formatRecord(inputOf(record));
					if (!reviewed) expect(again).toBe(text);
					const twice = parsed(again);
					expect(twice.game).toBe(record.game);
					expect(twice.moves).toEqual(record.moves);
					expect(formats(game, twice.line)).toEqual(formats(game, record.line));
					expect(twice.ended).toEqual(record.ended);
					expect(twice.players).toEqual(record.players);
					expect(formatRecord(inputOf(twice))).toBe(again);
				},
			),
			{numRuns: 250},
		);
		// The property covered games ended by the rules, ended otherwise and cut short.
		expect(seen.over).toBeGreaterThan(10);
		expect(seen.ended).toBeGreaterThan(10);
		expect(seen.going).toBeGreaterThan(10);
	});

	test('the layout: tags, then one ply a line with its clocks and review, then the result', () => {
		const start = loaps.initial();
		const moves = ['b1 d3', 'a2 c4', 'c1 c4'].reduce<{line: unknown[]; moves: number[]}>(
			({line, moves: played}, text) => {
				const before = line.at(-1);
				const move = loaps.parseMove(before, text);
				if (!move.ok) throw new Error(move.error);
				const [red, blue] = loaps.clocks(before);
				const after = loaps.withClocks(loaps.play(before, move.value), loaps.toMove(before) === 1 ? [red - 1.79, blue] : [red, blue - 2.1]);
				return {line: [...line, after], moves: [...played, move.value]};
			},
			{line: [start], moves: []},
		);
		const review = {
			budget: '1.0 s a move',
			moves: [
				{ply: 0, player: 1, number: 1, move: 'b1 d3', score: 35, proven: false, loss: 0, mark: null, better: null},
				{
					ply: 1,
					player: 2,
					number: 1,
					move: 'a2 c4',
					score: 120,
					proven: false,
					loss: 150,
					mark: 'mistake',
					better: {move: 'a7 c5', score: -30, proven: false},
				},
			] satisfies MoveReview[],
		};
		const text = formatRecord({
			game: loaps,
			...moves,
			ended: {result: 'win', winner: 2, reason: 'resignation', description: 'RED resigned: BLUE wins'},
			players: ['you', 'potm level 4 "Strong"'],
			date: new Date(2026, 10, 25),
			review,
		});
		expect(text).toBe(
			[
				'[Game "LOAPS"]',
				'[Date "2026.11.25"]',
				'[RED "you"]',
				'[BLUE "potm level 4 \\"Strong\\""]',
				'[Clock "60 s each"]',
				'[Result "0-1"]',
				'[Reason "resignation"]',
				'[Outcome "RED resigned: BLUE wins"]',
				`[Points "${loaps.scores(moves.line.at(-1))[0]}-${loaps.scores(moves.line.at(-1))[1]}"]`,
				'[Review "1.0 s a move"]',
				`[Start ${JSON.stringify(loaps.format(start))}]`,
				'',
				'1.   b1 d3  {RED 58.21 BLUE 60.00} {+0.35}',
				'1... a2 c4  {RED 58.21 BLUE 57.90} {+1.20; mistake; better a7 c5 -0.30}',
				'2.   c1 c4  {RED 56.42 BLUE 57.90}',
				'0-1',
				'',
			].join('\n'),
		);
		const record = parsed(text);
		expect(record.players).toEqual(['you', 'potm level 4 "Strong"']);
		expect(record.comments).toEqual([
			['RED 58.21 BLUE 60.00', '+0.35'],
			['RED 58.21 BLUE 57.90', '+1.20; mistake; better a7 c5 -0.30'],
			['RED 56.42 BLUE 57.90'],
		]);
		expect(record.ended).toEqual({result: 'win', winner: 2, reason: 'resignation', description: 'RED resigned: BLUE wins'});
		expect(loaps.clocks(record.line.at(-1))).toEqual([56.42, 57.9]);
	});

	test('a decided evaluation reads as the win it is', () => {
		const line = [loaps.initial()];
		const move = loaps.legalMoves(line[0])[0]!;
		line.push(loaps.play(line[0], move));
		const review = {
			budget: 'depth 6',
			moves: [
				{ply: 0, player: 1 as const, number: 1, move: '', score: -(WIN - 5), proven: true, loss: 0, mark: 'blunder' as const, better: null},
			],
		};
		const text = formatRecord({game: loaps, line, moves: [move], ended: null, clocked: false, review});
		expect(text).toMatch(/\n1\. {3}\S+ \S+ {2}\{BLUE wins in 3; blunder\}\n\*\n$/);
		expect(text).toContain('[Clock "none"]');
	});

	test('a PAH-TUM record: the grid as its Start, no clock readings under a clock per move', () => {
		const start = pahtum.initial({seed: 11});
		const first = pahtum.legalMoves(start)[0]!;
		const after = pahtum.play(start, first);
		const text = formatRecord({game: pahtum, line: [start, after], moves: [first], ended: null, clocked: true});
		expect(text).toContain('[Clock "10 s a move"]');
		expect(text).toContain(`\n1.   ${pahtum.formatMove(start, first)}\n*\n`);
		expect(text).toContain(`[X "?"]\n[O "?"]`);
		expect(parsed(text).moves).toEqual([first]);
	});

	test('classic LOA keeps its ruling: each of its two names gives its own game', () => {
		for (const game of [classicLoa, classicLoaMoverWins]) {
			const text = formatRecord({game, line: [game.initial()], moves: [], ended: null});
			expect(parsed(text).game).toBe(game);
		}
	});

	test('a hand-written record: CRLF, a byte-order mark, comment lines, blank lines, the id for the name, no Result', () => {
		const text =
			'\uFEFF; written by hand\r\n[Game "loaps"]\r\n\r\n[Start "1 1\\n1 0 60.0\\n2 0 60.0\\n.11.11.\\n2.....2\\n2.....2\\n.......\\n2.....2\\n2.....2\\n.11.11.\\n"]\r\n\r\n; the opening\r\n1. b1 d3\r\n\r\n1... a2 c4 {RED 59 BLUE 58.5}\r\n';
		expect(isRecordText(text)).toBe(true);
		const record = parsed(text);
		expect(record.game).toBe(loaps);
		expect(record.moves.map((move, ply) => loaps.formatMove(record.line[ply], move))).toEqual(['b1 d3', 'a2 c4']);
		expect(loaps.clocks(record.line[2])).toEqual([59, 58.5]);
		expect(record.players).toBeNull();
		expect(record.ended).toBeNull();
	});

	test('isRecordText tells a record from a position file of any game', () => {
		expect(isRecordText('\n\n[Game "PAH-TUM"]\n')).toBe(true);
		for (const game of games) expect(isRecordText(game.format(game.initial({seed: 1})))).toBe(false);
		// Tags out of order still make a record, which is then refused saying what it lacks.
		expect(isRecordText('; by hand\n[Start "x"]\n[Game "LOAPS"]\n')).toBe(true);
		expect(isRecordText('; only a comment\n')).toBe(false);
		expect(isRecordText('')).toBe(false);
	});
});

describe('malformed records: refused at their line, saying what is wrong', () => {
	/** A LOAPS record of three moves, BLUE to move 2 after it: tags on lines 1-8 (Start the last), the moves on 10-12, * on 13. */
	const base = (): string[] => {
		const line = [loaps.initial()];
		const moves: number[] = [];
		for (const text of ['b1 d3', 'a2 c4', 'c1 c4']) {
			const move = loaps.parseMove(line.at(-1), text);
			if (!move.ok) throw new Error(move.error);
			line.push(loaps.play(line.at(-1), move.value));
			moves.push(move.value);
		}
		return formatRecord({game: loaps, line, moves, ended: null, date: new Date(2026, 10, 25), clocked: true}).split('\n');
	};

	/** The error of the record `base` edited by `edit`; checks the line and the message. */
	function refused(edit: (lines: string[]) => string[], line: number, fragment: string | RegExp): void {
		const lines = edit(base());
		const result = parseRecord(lines.join('\n'), 'bad.game.txt');
		if (result.ok) throw new Error(`expected a refusal of:\n${lines.join('\n')}`);
		expect(result.error.file).toBe('bad.game.txt');
		expect(result.error.line).toBe(line);
		expect(result.error.message).toMatch(fragment);
	}

	const replace = (index: number, text: string) => (lines: string[]) => lines.map((one, at) => (at === index - 1 ? text : one));
	const insert =
		(index: number, ...texts: string[]) =>
		(lines: string[]) => [...lines.slice(0, index - 1), ...texts, ...lines.slice(index - 1)];

	test('the base record reads, and its lines are where these tests expect them', () => {
		const lines = base();
		expect(lines[0]).toBe('[Game "LOAPS"]');
		expect(lines[7]).toMatch(/^\[Start /);
		expect(lines.slice(8)).toEqual([
			'',
			'1.   b1 d3  {RED 60.00 BLUE 60.00}',
			'1... a2 c4  {RED 60.00 BLUE 60.00}',
			'2.   c1 c4  {RED 60.00 BLUE 60.00}',
			'*',
			'',
		]);
		expect(parseRecord(lines.join('\n'), 'x').ok).toBe(true);
	});

	test('a tag that is not [Name "value"]', () => refused(replace(3, '[RED you]'), 3, /not a tag/));
	test('a tag value that is not one quoted string', () => refused(replace(3, '[RED "a"b"]'), 3, /not one quoted string/));
	test('a tag given twice', () => refused(insert(5, '[RED "me"]'), 5, /RED is given twice \(first on line 3\)/));
	test('an unknown game', () => refused(replace(1, '[Game "Chess"]'), 1, /unknown game "Chess"/));
	test('no Game tag', () => refused(lines => lines.slice(1), 8, /no Game tag/));
	test('no Start tag', () => refused(lines => lines.filter(one => !one.startsWith('[Start')), 8, /no Start tag/));
	test('a Start that is no position of the game: at the Start tag', () =>
		refused(replace(8, '[Start "1 1\\n1 0 60.0\\n"]'), 8, /the Start position is not a LOAPS position/));
	test('an illegal move', () => refused(replace(11, '1... a2 a5'), 11, /^a2 a5 is not a legal move: /));
	test('a move that does not read', () => refused(replace(10, '1. hello'), 10, /^hello is not a legal move/));
	test('no move after the number', () => refused(replace(10, '1.  {RED 60.00 BLUE 60.00}'), 10, /no move after 1\./));
	test('a wrong move number', () => refused(replace(12, '3. c1 c4'), 12, /the move here is 2\. \(RED's move 2\), not 3\./));
	test("the wrong side's dots", () => refused(replace(11, '1. a2 c4'), 11, /the move here is 1\.\.\. \(BLUE's move 1\), not 1\./));
	test('dots that are neither . nor ...', () => refused(replace(11, '1.. a2 c4'), 11, /"1\.\." is not a move number/));
	test('a comment not closed', () => refused(replace(11, '1... a2 c4 {RED 60.00 BLUE 60.00'), 11, /not closed/));
	test('text after the comments', () => refused(replace(11, '1... a2 c4 {RED 60.00 BLUE 60.00} good'), 11, /"good" after the comments/));
	test('a clock reading that is no number', () => refused(replace(11, '1... a2 c4 {RED 60.00 BLUE sixty}'), 11, /not a clock reading/));
	test('two clock readings', () => refused(replace(11, '1... a2 c4 {RED 60.00 BLUE 60.00} {RED 1 BLUE 2}'), 11, /two clock readings/));
	test('a line that is neither a move, a result nor a comment', () =>
		refused(insert(12, 'then RED played on'), 12, /expected a move such as "2\. [a-g]\d [a-g]\d"/));
	test('a tag among the moves', () => refused(insert(12, '[Round "1"]'), 12, /a tag among the moves/));
	test('text after the result', () => refused(insert(14, '3. d1 d2'), 14, /text after the result \* on line 13/));
	test('a Result that is no result', () => refused(replace(6, '[Result "RED"]'), 6, /Result is "RED"/));
	test('a result token that differs from the Result tag', () =>
		refused(replace(13, '1-0'), 13, /the result 1-0 differs from the Result tag "\*" on line 6/));
	test('a win the rules do not see, with no Reason', () =>
		refused(lines => replace(13, '1-0')(replace(6, '[Result "1-0"]')(lines)), 6, /a Reason tag says how the game ended/));
	test('a draw the rules do not see', () =>
		refused(lines => replace(13, '1/2-1/2')(replace(6, '[Result "1/2-1/2"]')(lines)), 6, /no draw or tie by the rules/));
	test('a draw the rules do not see, with a Reason other than agreement', () =>
		refused(
			lines => insert(7, '[Reason "time"]')(replace(13, '1/2-1/2')(replace(6, '[Result "1/2-1/2"]')(lines))),
			6,
			/no draw or tie by the rules .*\[Reason "agreement"\]/,
		));
	test('Points the moves do not give', () =>
		refused(replace(7, '[Points "3-0"]'), 7, /Points "3-0", but the moves give RED 1 and BLUE 0: 1-0/));

	test('a Result that contradicts how the rules ended the game', () => {
		// A LINES and BOXES game on a 3×3 board played to its end: the rules say who won.
		const {game, line, moves} = playRandom(
			games.find(one => one.id === 'boxes')!,
			5,
			1000,
			false,
			[3, 3],
		);
		const outcome = game.outcome(line.at(-1))!;
		expect(outcome).not.toBeNull();
		const lines = formatRecord({game, line, moves, ended: null}).split('\n');
		const wrong = outcome.winner === 1 ? '0-1' : '1-0';
		const edited = lines.map(one =>
			one.startsWith('[Result ')
				? `[Result "${wrong}"]`
				: one === (outcome.winner === 1 ? '1-0' : outcome.winner === 2 ? '0-1' : '1/2-1/2')
					? wrong
					: one,
		);
		const result = parseRecord(edited.join('\n'), 'over.game.txt');
		expect(result.ok).toBe(false);
		if (result.ok) return;
		expect(result.error.line).toBe(lines.findIndex(one => one.startsWith('[Result ')) + 1);
		expect(result.error.message).toMatch(new RegExp(`the result is ${wrong}, but by the rules the game ended`));
	});

	test('a move after the game is over', () => {
		const {game, line, moves} = playRandom(pahtum, 9, 1000, false, [3, 3]);
		expect(game.outcome(line.at(-1))).not.toBeNull();
		const lines = formatRecord({game, line, moves, ended: null}).split('\n');
		const result = lines.findIndex(one => /^(1-0|0-1|1\/2-1\/2)$/.test(one));
		const edited = [...lines.slice(0, result), '30. A1', ...lines.slice(result)];
		const refusal = parseRecord(edited.join('\n'), 'late.game.txt');
		expect(refusal).toMatchObject({
			ok: false,
			error: {line: result + 1, message: expect.stringMatching(/the game is over before this move/) as unknown},
		});
	});
});

describe('records load like saves', () => {
	let dir: string;
	beforeEach(() => {
		dir = mkdtempSync(join(tmpdir(), 'potm-record-'));
	});
	afterEach(() => rmSync(dir, {recursive: true, force: true}));

	const loaded = <T>(result: {ok: true; value: T} | {ok: false; error: string}): T => {
		if (!result.ok) throw new Error(result.error);
		return result.value;
	};

	test('a record of a game played without a clock loads as one (it goes on without a clock); a clocked one says nothing', () => {
		const played = playRandom(loaps, 3, 9, true, [3, 3]);
		const calm = join(dir, 'calm.game.txt');
		writeFileSync(calm, formatRecord({...played, ended: null, clocked: false}));
		expect(loaded(loadGame(calm))).toMatchObject({clocked: false});
		// Asked for under another ruling of its game (classic LOA's two), the same.
		const classic = playRandom(classicLoa, 4, 9, true, [3, 3]);
		writeFileSync(calm, formatRecord({...classic, ended: null, clocked: false}));
		expect(loaded(loadGame(calm, classicLoaMoverWins.id))).toMatchObject({game: classicLoaMoverWins, clocked: false});
		const timed = join(dir, 'timed.game.txt');
		writeFileSync(timed, formatRecord({...played, ended: null, clocked: true}));
		expect(loaded(loadGame(timed))).not.toHaveProperty('clocked');
	});

	test('loadGame reads a .game.txt: the game, its line, its moves, its ending', () => {
		const played = playRandom(loaps, 3, 9, true, [3, 3]);
		const ended: Outcome = {result: 'win', winner: 1, reason: 'time', description: 'BLUE ran out of time: RED wins'};
		const path = join(dir, 'lost-on-time.game.txt');
		writeFileSync(path, formatRecord({...played, ended, players: ['you', 'potm level 2 Casual']}));
		const game = loaded(loadGame(path));
		expect(game.game).toBe(loaps);
		expect(game.moves).toEqual(played.moves);
		expect(formats(loaps, game.line)).toEqual(formats(loaps, played.line));
		expect(game.ended).toEqual(ended);
		expect(game.note).toBeNull();
		// Undo needs the chain of play, as a save's history gives it.
		expect(loaps.format((game.line.at(-1) as {previous: unknown}).previous)).toBe(loaps.format(played.line.at(-2)));
	});

	test('loadGame with a game asked for: the same game or its base, or refused naming the file', () => {
		const path = join(dir, 'classic.game.txt');
		const played = playRandom(classicLoa, 4, 6, true, [3, 3]);
		writeFileSync(path, formatRecord({...played, ended: null}));
		expect(loaded(loadGame(path, 'loa')).game).toBe(classicLoa);
		// A ruling asked for (--mover-wins) replays the same moves under it.
		const mover = loaded(loadGame(path, 'loa-mover'));
		expect(mover.game).toBe(classicLoaMoverWins);
		expect(mover.moves).toEqual(played.moves);
		expect(formats(classicLoaMoverWins, mover.line)).toEqual(formats(classicLoa, played.line));
		expect(loadGame(path, 'loaps')).toEqual({
			ok: false,
			error: `${path} holds a game of Lines of Action, but the command line asks for LOAPS`,
		});
		// A record of the mover-wins ruling keeps it when just the game is named.
		const moverPath = join(dir, 'mover.game.txt');
		writeFileSync(moverPath, formatRecord({...playRandom(classicLoaMoverWins, 4, 6, true, [3, 3]), ended: null}));
		expect(loaded(loadGame(moverPath, 'loa')).game).toBe(classicLoaMoverWins);
	});

	test('a malformed record is refused as "FILE line N: message"', () => {
		const path = join(dir, 'bad.game.txt');
		writeFileSync(path, '[Game "LOAPS"]\n[Start "1 1\\n"]\n');
		const result = loadGame(path);
		expect(result.ok).toBe(false);
		if (!result.ok)
			expect(result.error).toMatch(
				new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} line 2: the Start position is not a LOAPS position`),
			);
	});

	test('listSaves lists a record with its summary, beside a save', () => {
		const played = playRandom(loaps, 8, 5, true, [3, 3]);
		writeFileSync(join(dir, 'mine.game.txt'), formatRecord({...played, ended: null}));
		const lost = playRandom(pahtum, 8, 4, false, [3, 3]);
		writeFileSync(
			join(dir, 'resigned.game.txt'),
			formatRecord({...lost, ended: {result: 'win', winner: 2, reason: 'resignation', description: 'X resigned: O wins'}}),
		);
		expect(saveGame(dir, 'save', loaps, played.line).ok).toBe(true);
		writeFileSync(join(dir, 'broken.game.txt'), '[Game "LOAPS"]\n');
		const entries = listSaves(dir);
		const byName = new Map(entries.map(entry => [entry.name, entry]));
		expect(byName.get('mine.game.txt')).toMatchObject({summary: 'BLUE to move, move 3/50', error: null, hasHistory: false});
		expect(byName.get('resigned.game.txt')).toMatchObject({summary: 'X resigned: O wins', error: null});
		expect(byName.get('save.txt')).toMatchObject({summary: 'BLUE to move, move 3/50'});
		expect(byName.get('broken.game.txt')).toMatchObject({
			summary: null,
			error: expect.stringMatching(/broken\.game\.txt line 2: no Start tag/) as unknown,
		});
	});
});
