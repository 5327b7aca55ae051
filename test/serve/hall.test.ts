/**
 * The hall: rooms where two people play and others watch, as the server holds them. Every
 * request is checked (whose seat, whose turn, the rules, the clock), every game is written after
 * each change and resumed by a new hall on the same folder, every finished game is kept.
 */
import {existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {made} from '../helpers/made.js';
import {afterEach, describe, expect, test, vi} from 'vitest';
import {boxes} from '../../source/games/boxes/index.js';
import {loaps} from '../../source/games/loa/index.js';
import {settled} from '../../source/games/setup.js';
import {parseRecord} from '../../source/files/record.js';
import {addressKey} from '../../source/serve/address-key.js';
import {GAMES_EACH, Hall, type HallOptions, WAITING_MS, WAITING_ROOMS} from '../../source/serve/hall.js';
import {CHAT_LINES, CHAT_WINDOW_MS, WRONG_CODES} from '../../source/serve/hall-limits.js';
import {GRACE_MS} from '../../source/serve/room-clocks.js';
import {normalCode} from '../../source/serve/codes.js';
import {CODE_ALPHABET} from '../../source/serve/names.js';
import * as S from '../../source/play/session.js';
import type {Person, Remote} from '../../source/play/remote.js';

const dirs: string[] = [];
afterEach(() => {
	for (const dir of dirs.splice(0)) rmSync(dir, {recursive: true, force: true});
});

const ALICE: Person = {id: 'alice', name: 'alice'};
const BOB: Person = {id: 'bob', name: 'bob'};
const CAROL: Person = {id: 'carol', name: 'carol'};
const DAVE: Person = {id: 'dave', name: 'dave'};

/** A hall on a fresh folder with a clock the test moves. */
function hallIn(dir = mkdtempSync(join(tmpdir(), 'potm-hall-'))) {
	if (!dirs.includes(dir)) dirs.push(dir);
	const clock = {ms: 1_000_000};
	const logs: string[] = [];
	const hall = new Hall({
		dataDir: dir,
		now: () => clock.ms,
		address: () => 'ssh -p 2222 example.org',
		savesOf: person => join(dir, 'players', person.id, 'saves'),
		log: line => logs.push(line),
	});
	return {hall, clock, dir, logs};
}

const BOXES_3X3 = settled(boxes, {rows: 3, columns: 3});

/** alice hosts a 3×3 LINES and BOXES game (RED, 60 s each), bob joins it. */
function started(options: {private?: boolean; clockSeconds?: number | null} = {}) {
	const inHall = hallIn();
	const alice = inHall.hall.connect(ALICE, '127.0.0.2');
	const bob = inHall.hall.connect(BOB, '127.0.0.3');
	const code = made(
		alice.create({
			game: boxes,
			setup: BOXES_3X3,
			clockSeconds: options.clockSeconds === undefined ? 60 : options.clockSeconds,
			side: 1,
			private: options.private ?? false,
		}),
	);
	const joined = bob.enter(code, 'play');
	if (!joined.ok) throw new Error(joined.error);
	return {...inHall, alice, bob, code};
}

/** The legal moves of the room's position, for the side whose remote is given. */
const legal = (remote: Remote, code: string): readonly number[] => boxes.legalMoves(S.current(remote.room(code)!.session) as never);

/** alice and bob play a 3×3 LINES and BOXES game in `hall` to its end, each the first legal move. */
function playedToItsEnd(hall: Hall): {alice: Remote; code: string} {
	const alice = hall.connect(ALICE, '127.0.0.2');
	const bob = hall.connect(BOB, '127.0.0.3');
	const code = made(alice.create({game: boxes, setup: BOXES_3X3, clockSeconds: 60, side: 1, private: false}));
	bob.enter(code, 'play');
	const mover = () => (S.toMove(alice.room(code)!.session) === 1 ? alice : bob);
	while (!S.isOver(alice.room(code)!.session)) mover().move(code, legal(mover(), code)[0]!);
	return {alice, code};
}

describe('rooms', () => {
	test('a public room is listed open to everyone; joining it starts the game and its clock; the lobby lists it under way', async () => {
		const {hall, clock} = hallIn();
		const alice = hall.connect(ALICE, '127.0.0.2');
		const carol = hall.connect(CAROL, '127.0.0.4');
		const code = made(alice.create({game: boxes, setup: BOXES_3X3, clockSeconds: 60, side: 1, private: false}));
		expect(code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{3}-[${CODE_ALPHABET}]{3}$`));
		expect(carol.lobby().open).toMatchObject([{code, players: ['alice', null], yours: false, details: '3×3 boxes, 60 s each'}]);
		expect(alice.lobby().open[0]!.yours).toBe(true);
		expect(carol.lobby().online).toEqual(['alice', 'carol']);
		// No clock runs while the seat is open.
		clock.ms += 30_000;
		expect(S.clockReadings(alice.room(code)!.session, clock.ms)).toEqual([60, 60]);
		expect(alice.room(code)!.started).toBe(false);

		const bob = hall.connect(BOB, '127.0.0.3');
		expect(bob.enter(code.toLowerCase().replace('-', ' '), 'play')).toEqual({ok: true, value: {code, side: 2}});
		const room = bob.room(code)!;
		expect(room.started).toBe(true);
		expect(room.players).toEqual([ALICE, BOB]);
		expect(room.present).toEqual([true, true]);
		clock.ms += 5_000;
		expect(S.clockReadings(room.session, clock.ms)).toEqual([55, 60]);
		expect(carol.lobby().open).toEqual([]);
		expect(carol.lobby().playing).toMatchObject([{code, players: ['alice', 'bob'], moves: 0, clocks: [55, 60]}]);
		// Full: a third person watches.
		expect(carol.enter(code, 'play')).toEqual({ok: false, error: `${code} has its players (alice and bob): watch it instead`});
		expect(carol.enter(code, 'watch')).toEqual({ok: true, value: {code, side: null}});
		expect(carol.room(code)!.watchers).toEqual(['carol']);
	});

	test('a private room is listed to its host alone, and found by its code', () => {
		const {hall} = hallIn();
		const alice = hall.connect(ALICE, '127.0.0.2');
		const carol = hall.connect(CAROL, '127.0.0.4');
		const code = made(alice.create({game: loaps, setup: {}, clockSeconds: 60, side: 2, private: true}));
		expect(carol.lobby().open).toEqual([]);
		expect(alice.lobby().open).toMatchObject([{code, private: true, players: [null, 'alice']}]);
		expect(carol.enter(code, 'watch').ok).toBe(true);
		expect(carol.enter(code, 'play')).toEqual({ok: true, value: {code, side: 1}});
	});

	test('only the side to move plays, only legal moves, never for another: watchers, the other player and a stranger are refused', () => {
		const {hall, alice, bob, code} = started();
		const carol = hall.connect(CAROL, '127.0.0.4');
		carol.enter(code, 'watch');
		const [move] = legal(alice, code);
		expect(bob.move(code, move!)).toEqual({ok: false, error: "It is alice's move"});
		expect(carol.move(code, move!)).toEqual({ok: false, error: 'You are watching this game: only its players play it'});
		expect(carol.resign(code).ok).toBe(false);
		expect(alice.move(code, -1)).toEqual({ok: false, error: 'That move is not legal here'});
		expect(alice.move(code, move!)).toEqual({ok: true, value: undefined});
		expect(alice.room(code)!.session.moves).toEqual([move]);
		// A stranger who never entered sees nothing of it.
		const dave = hall.connect({id: 'dave', name: 'dave'}, '127.0.0.5');
		expect(dave.room(code)).toBeUndefined();
		expect(dave.move(code, legal(alice, code)[0]!).ok).toBe(false);
	});

	test('a whole game to its end: the record is kept for download and in both players’ games, and it reads back', () => {
		const {hall, alice, bob, code, dir} = started();
		const remotes = [alice, bob];
		let guard = 0;
		while (!S.isOver(alice.room(code)!.session) && guard++ < 100) {
			const mover = boxes.toMove(S.current(alice.room(code)!.session) as never);
			expect(remotes[mover - 1]!.move(code, legal(alice, code)[0]!).ok).toBe(true);
		}
		const room = alice.room(code)!;
		expect(S.isOver(room.session)).toBe(true);
		expect(room.kept).toBe(`${code}.game.txt`);
		const text = hall.record(code, '127.0.0.9');
		expect(text.ok).toBe(true);
		const parsed = parseRecord(text.ok ? text.value : '', 'record');
		expect(parsed.ok && parsed.value.moves).toEqual(room.session.moves);
		expect(text.ok && text.value).toContain('[RED "alice"]');
		for (const person of ['alice', 'bob']) expect(readdirSync(join(dir, 'players', person, 'saves', 'games'))).toHaveLength(1);
		// The room's file is gone: nothing to resume.
		expect(readdirSync(join(dir, 'rooms'))).toEqual([]);
		expect(alice.move(code, 0)).toEqual({ok: false, error: 'The game is over'});
	});

	test('a finished game nobody looks at any more is let go: its code is told to be over, with how to get its record, and is no wrong code', () => {
		const {hall, alice, bob, code} = started();
		const remotes = [alice, bob];
		while (!S.isOver(alice.room(code)!.session)) {
			const mover = boxes.toMove(S.current(alice.room(code)!.session) as never);
			remotes[mover - 1]!.move(code, legal(alice, code)[0]!);
		}
		alice.leave(code);
		bob.disconnect();
		expect(hall.held(code)).toBeUndefined();
		const carol = hall.connect(CAROL, '10.0.0.67');
		const over = {ok: false, error: `${code} is over: ssh -p 2222 example.org record ${code} prints its record`};
		for (let tries = 0; tries <= WRONG_CODES; tries++) expect(carol.enter(code, 'watch')).toEqual(over);
		expect(carol.enter(code.toLowerCase(), 'play')).toEqual(over);
		expect(hall.record(code, '10.0.0.67').ok).toBe(true);
	});

	test('a draw offered stands until answered or a move; accepted, the game is drawn by agreement and kept so', () => {
		const {hall, alice, bob, code} = started();
		expect(bob.declineDraw(code)).toEqual({ok: false, error: 'No draw is offered to you'});
		expect(alice.offerDraw(code).ok).toBe(true);
		expect(bob.room(code)!.drawOffer).toBe(1);
		expect(bob.declineDraw(code).ok).toBe(true);
		expect(bob.room(code)!.drawOffer).toBeNull();
		alice.offerDraw(code);
		alice.move(code, legal(alice, code)[0]!);
		expect(bob.room(code)!.drawOffer).toBeNull();
		bob.offerDraw(code);
		expect(alice.offerDraw(code).ok).toBe(true);
		const outcome = S.outcomeOf(alice.room(code)!.session);
		expect(outcome).toMatchObject({result: 'draw', winner: null, reason: 'agreement'});
		const text = hall.record(code, '127.0.0.9');
		const parsed = parseRecord(text.ok ? text.value : '', 'record');
		expect(parsed.ok && parsed.value.ended).toMatchObject({result: 'draw', reason: 'agreement'});
	});

	test("the clock of the player to move starts when their screen shows the position: a busy server's drawing is not theirs", () => {
		const {hall, alice, bob, code, clock} = started();
		alice.move(code, legal(alice, code)[0]!);
		// The server takes 0.8 s to draw bob's screen; alice's own drawing and a stale count change nothing.
		clock.ms += 800;
		alice.seen(code, 1);
		bob.seen(code, 0);
		bob.seen(code, 1);
		clock.ms += 1_000;
		bob.seen(code, 1);
		expect(S.clockReadings(bob.room(code)!.session, clock.ms)).toEqual([60, 59]);
		// A player away when the move is made gets nothing back on coming back: the clock ran.
		bob.disconnect();
		const again = hall.connect(BOB, '127.0.0.3');
		const back = again.enter(code, 'play');
		expect(back.ok).toBe(true);
		alice.disconnect();
		again.move(code, legal(again, code)[0]!);
		clock.ms += 3_000;
		const alice2 = hall.connect(ALICE, '127.0.0.2');
		alice2.enter(code, 'play');
		alice2.seen(code, 2);
		expect(S.clockReadings(alice2.room(code)!.session, clock.ms)).toEqual([57, 59]);
	});

	test('a resignation ends the game; a flag falls on its own time, seen at the next look', () => {
		const resigned = started();
		expect(resigned.bob.resign(resigned.code).ok).toBe(true);
		expect(S.outcomeOf(resigned.alice.room(resigned.code)!.session)).toMatchObject({winner: 1, reason: 'resignation'});

		const {alice, bob, code, clock} = started({clockSeconds: 5});
		alice.move(code, legal(alice, code)[0]!);
		clock.ms += 5_001;
		expect(S.outcomeOf(alice.room(code)!.session)).toMatchObject({winner: 1, reason: 'time'});
		expect(bob.move(code, legal(bob, code)[0]!)).toEqual({ok: false, error: 'The game is over'});
	});

	test('reading a room changes nothing: a flag fallen shows at once, and the hall ends the game after the read, not inside it', async () => {
		const {alice, code, clock, dir} = started({clockSeconds: 5});
		alice.move(code, legal(alice, code)[0]!);
		let told = 0;
		alice.onRoom(code, () => told++);
		await Promise.resolve();
		told = 0;
		clock.ms += 5_001;
		const record = join(dir, 'records', `${code}.game.txt`);
		// What a screen's draw sees: the game over on time; nothing written, nobody told, while it draws.
		expect(S.outcomeOf(alice.room(code)!.session)).toMatchObject({winner: 1, reason: 'time'});
		expect(existsSync(record)).toBe(false);
		expect(told).toBe(0);
		// Once the read is done, the hall ends the game: kept, and everyone told.
		await vi.waitFor(() => expect(existsSync(record)).toBe(true));
		expect(told).toBeGreaterThan(0);
		expect(S.outcomeOf(alice.room(code)!.session)).toMatchObject({winner: 1, reason: 'time'});
	});

	test('a rematch, once both ask, is a new room with the sides swapped, under way', () => {
		const {alice, bob, code} = started({private: true});
		expect(alice.rematch(code)).toEqual({ok: false, error: 'A rematch is asked for once the game is over'});
		alice.resign(code);
		expect(alice.rematch(code).ok).toBe(true);
		expect(bob.room(code)!.rematch).toEqual([true, false]);
		expect(bob.room(code)!.next).toBeNull();
		bob.rematch(code);
		const next = bob.room(code)!.next!;
		expect(next).not.toBe(code);
		expect(bob.enter(next, 'play')).toEqual({ok: true, value: {code: next, side: 1}});
		expect(alice.enter(next, 'play')).toEqual({ok: true, value: {code: next, side: 2}});
		const room = alice.room(next)!;
		expect(room).toMatchObject({started: true, private: true, players: [BOB, ALICE]});
	});

	test("a rematch starts both clocks from the game's full clock, and its record says so, resigned before a move or not", () => {
		const {hall, alice, bob, code, clock} = started({clockSeconds: 120});
		/** The record of a room's game, read back: its Clock tag and every position's clocks. */
		const kept = (room: string) => {
			const text = made(hall.record(room, '127.0.0.9'));
			const parsed = parseRecord(text, 'record');
			if (!parsed.ok) throw new Error(parsed.error.message);
			return {clock: /\[Clock "([^"]*)"\]/.exec(text)?.[1], clocks: parsed.value.line.map(position => boxes.clocks(position as never))};
		};
		// RED thinks 3.11 s and resigns before a move: the record starts from 120 s each all the same.
		clock.ms += 3_110;
		alice.resign(code);
		expect(kept(code)).toEqual({clock: '120 s each', clocks: [[120, 120]]});
		alice.rematch(code);
		bob.rematch(code);
		const next = bob.room(code)!.next!;
		bob.enter(next, 'play');
		alice.enter(next, 'play');
		expect(bob.room(next)!.players).toEqual([BOB, ALICE]);
		expect(S.clockReadings(bob.room(next)!.session, clock.ms)).toEqual([120, 120]);
		// bob, RED now, thinks 3.11 s too and resigns before his first move.
		clock.ms += 3_110;
		expect(S.clockReadings(bob.room(next)!.session, clock.ms)).toEqual([116.89, 120]);
		bob.resign(next);
		expect(kept(next)).toEqual({clock: '120 s each', clocks: [[120, 120]]});
		// The rematch of the rematch, with a move: its reading runs down from 120 s, and the turn after it is charged.
		alice.rematch(next);
		bob.rematch(next);
		const third = bob.room(next)!.next!;
		alice.enter(third, 'play');
		bob.enter(third, 'play');
		clock.ms += 2_000;
		alice.move(third, legal(alice, third)[0]!);
		clock.ms += 1_000;
		bob.resign(third);
		expect(kept(third)).toEqual({
			clock: '120 s each',
			clocks: [
				[120, 120],
				[118, 119],
			],
		});
	});

	test('chat: the players only, one line without escapes, cut to length', () => {
		const {hall, alice, bob, code} = started();
		const carol = hall.connect(CAROL, '127.0.0.4');
		carol.enter(code, 'watch');
		expect(alice.say(code, 'good \u001b[31mluck\u0007\n')).toEqual({ok: true, value: undefined});
		expect(bob.say(code, 'x'.repeat(500)).ok).toBe(true);
		expect(carol.say(code, 'hello')).toEqual({ok: false, error: 'Only the players chat; watchers read'});
		expect(carol.room(code)!.chat).toEqual([
			{from: 'alice', text: 'good luck'},
			{from: 'bob', text: 'x'.repeat(120)},
		]);
	});

	test('a dropped connection keeps the seat (the clock runs) and the same person comes back to it', () => {
		const {hall, alice, bob, code, clock} = started();
		bob.disconnect();
		expect(alice.room(code)!.present).toEqual([true, false]);
		clock.ms += 10_000;
		const again = hall.connect(BOB, '127.0.0.7');
		expect(again.enter(code, 'play')).toEqual({ok: true, value: {code, side: 2}});
		expect(alice.room(code)!.present).toEqual([true, true]);
		expect(S.clockReadings(again.room(code)!.session, clock.ms)).toEqual([50, 60]);
	});

	test('a room nobody joined stays while its host comes and goes, and closes once they have been gone half an hour; a sixth waiting room closes the oldest', () => {
		vi.useFakeTimers({toFake: ['Date', 'setInterval', 'clearInterval']});
		try {
			const {hall} = hallIn();
			const alice = hall.connect(ALICE, '127.0.0.2');
			const bob = hall.connect(BOB, '127.0.0.3');
			const code = made(alice.create({game: boxes, setup: BOXES_3X3, clockSeconds: null, side: 1, private: false}));
			alice.leave(code);
			expect(bob.lobby().open).toMatchObject([{code, players: ['alice', null]}]);
			vi.advanceTimersByTime(WAITING_MS + 60_000);
			expect(bob.lobby().open).toHaveLength(1);
			alice.disconnect();
			vi.advanceTimersByTime(WAITING_MS - 60_000);
			expect(bob.lobby().open).toHaveLength(1);
			vi.advanceTimersByTime(120_000);
			expect(bob.lobby().open).toEqual([]);
			expect(bob.enter(code, 'play')).toEqual({ok: false, error: `No game has the code ${code}`});

			const carol = hall.connect(CAROL, '127.0.0.4');
			const codes = Array.from({length: WAITING_ROOMS + 1}, () =>
				made(carol.create({game: boxes, setup: BOXES_3X3, clockSeconds: null, side: 1, private: true})),
			);
			expect(carol.lobby().open.map(room => room.code)).toEqual(codes.slice(1));
		} finally {
			vi.useRealTimers();
		}
	});

	test('the clocks wait until both players are here: a player alone cannot move; once both have come, a drop does not stop them', () => {
		const {hall, clock} = hallIn();
		const alice = hall.connect(ALICE, '127.0.0.2');
		const code = made(alice.create({game: boxes, setup: BOXES_3X3, clockSeconds: 60, side: 1, private: false}));
		alice.leave(code);
		const bob = hall.connect(BOB, '127.0.0.3');
		expect(bob.enter(code, 'play').ok).toBe(true);
		clock.ms += 20_000;
		expect(bob.room(code)!.started).toBe(true);
		expect(S.clockReadings(bob.room(code)!.session, clock.ms)).toEqual([60, 60]);
		expect(bob.offerDraw(code)).toEqual({
			ok: false,
			error: 'The clocks wait for both players: waiting for alice (two minutes at most once one is here)',
		});
		alice.enter(code, 'play');
		clock.ms += 2_000;
		expect(S.clockReadings(bob.room(code)!.session, clock.ms)).toEqual([58, 60]);
		alice.disconnect();
		clock.ms += 2_000;
		expect(S.clockReadings(bob.room(code)!.session, clock.ms)).toEqual([56, 60]);
	});

	test('wrong codes: each is counted against the address, and past the limit even a right one is refused', () => {
		const {hall, code} = started({private: true});
		const mallory = hall.connect({id: 'mallory', name: 'mallory'}, '10.0.0.66');
		expect(mallory.enter('ZZZ-ZZZ', 'watch')).toEqual({ok: false, error: 'No game has the code ZZZ-ZZZ'});
		expect(mallory.enter('\u001b]0;x\u0007 hi', 'watch').ok).toBe(false);
		for (let tries = 2; tries < WRONG_CODES; tries++) mallory.enter('ZZZ-ZZ2', 'watch');
		expect(mallory.enter(code, 'watch')).toEqual({ok: false, error: 'Too many wrong codes from your address: try again in 10 minutes'});
		expect(hall.record(code, '10.0.0.66').ok).toBe(false);
		// Another address is not held up.
		expect(hall.connect(CAROL, '10.0.0.67').enter(code, 'watch').ok).toBe(true);
		// A game the lobby lists needs no guessing: the refused address still watches a public one.
		const open = made(hall.connect(DAVE, '10.0.0.68').create({game: boxes, setup: BOXES_3X3, clockSeconds: null, side: 1, private: false}));
		expect(mallory.enter(open, 'watch')).toEqual({ok: true, value: {code: open, side: null}});
		expect(hall.record('hello', '10.0.0.69')).toEqual({
			ok: false,
			error: '"hello" is no code: codes are six letters and digits, like 7KQ-2XM',
		});
	});

	test('normalCode takes any case, spaces and the dash, and nothing else', () => {
		expect(normalCode(' 7kq2xm ')).toBe('7KQ-2XM');
		expect(normalCode('7KQ-2XM')).toBe('7KQ-2XM');
		expect(normalCode('7KQ-2X0')).toBeNull();
		expect(normalCode('7KQ-2XMM')).toBeNull();
	});
});

describe('nothing lost', () => {
	test('a new hall on the same folder resumes every game in progress: players, moves, clocks as at the last move, chat, waiting rooms', () => {
		const first = started();
		const {alice, bob, code, clock, dir} = first;
		alice.move(first.code, legal(alice, code)[0]!);
		clock.ms += 7_000;
		// A line of chat is written with the next move (or two seconds after it).
		bob.say(code, 'see you');
		bob.move(code, legal(bob, code)[0]!);
		const waiting = made(alice.create({game: loaps, setup: {}, clockSeconds: 60, side: 1, private: true}));
		const before = alice.room(code)!.session;
		clock.ms += 3_000;
		// Killed: no stop(); the turn under way (3 s) was not written.

		const second = hallIn(dir);
		expect(second.hall.resume()).toEqual({playing: 1, open: 1});
		const back = second.hall.connect(ALICE, '127.0.0.2');
		expect(back.lobby().playing.map(room => room.code)).toEqual([code]);
		expect(back.lobby().open.map(room => room.code)).toEqual([waiting]);
		back.enter(code, 'play');
		const room = back.room(code)!;
		expect(room.players).toEqual([ALICE, BOB]);
		expect(room.session.moves).toEqual(before.moves);
		expect(S.clockReadings(room.session, second.clock.ms)).toEqual(S.clockReadings(before, clock.ms - 3_000));
		expect(room.chat).toEqual([{from: 'bob', text: 'see you'}]);
		// The clocks wait for bob, then the game goes on.
		expect(back.move(code, legal(back, code)[0]!).ok).toBe(false);
		second.clock.ms += 60_000;
		const bobBack = second.hall.connect(BOB, '127.0.0.3');
		expect(bobBack.enter(code, 'play')).toEqual({ok: true, value: {code, side: 2}});
		// The clocks run again from where they were: RED's (to move) goes down.
		second.clock.ms += 1_000;
		const [red, blue] = S.clockReadings(before, clock.ms - 3_000);
		expect(S.clockReadings(back.room(code)!.session, second.clock.ms)).toEqual([red - 1, blue]);
		expect(back.move(code, legal(back, code)[0]!).ok).toBe(true);
	});

	test("with a rooms' writer, a game that ends is kept (its record, the players' games) only once the writer has its ending on the disk", () => {
		const dir = mkdtempSync(join(tmpdir(), 'potm-hall-'));
		dirs.push(dir);
		const clock = {ms: 1_000_000};
		const written: string[] = [];
		const waiting: (() => void)[] = [];
		const hall = new Hall({
			dataDir: dir,
			now: () => clock.ms,
			address: () => 'ssh -p 2222 example.org',
			savesOf: person => join(dir, 'players', person.id, 'saves'),
			writer: {
				write: path => void written.push(path),
				remove: path => void written.push(`removed ${path}`),
				after: then => void waiting.push(then),
			},
		});
		const {alice, code} = playedToItsEnd(hall);
		const record = join(dir, 'records', `${code}.game.txt`);
		expect(existsSync(record)).toBe(false);
		expect(alice.room(code)!.kept).toBeNull();
		expect(waiting).toHaveLength(1);
		expect(written.at(-1)).toBe(join(dir, 'rooms', `${code}.json`));
		waiting.shift()!();
		expect(existsSync(record)).toBe(true);
		expect(alice.room(code)!.kept).toBe(`${code}.game.txt`);
		expect(written.at(-1)).toBe(`removed ${join(dir, 'rooms', `${code}.json`)}`);
	});

	test("an ending read from the disk at a start is kept at once, though the rooms' writer has writes waiting: not resumed as a game in progress", () => {
		const dir = mkdtempSync(join(tmpdir(), 'potm-hall-'));
		dirs.push(dir);
		const hallWith = (writer: HallOptions['writer']) =>
			new Hall({
				dataDir: dir,
				now: () => 1_000_000,
				address: () => 'ssh -p 2222 example.org',
				savesOf: person => join(dir, 'players', person.id, 'saves'),
				...(writer ? {writer} : {}),
			});
		// A writer that writes at once and never gets to what waits for it: killed after the ending was written.
		const first = hallWith({write: (path, data) => writeFileSync(path, data), remove: () => undefined, after: () => undefined});
		const {code} = playedToItsEnd(first);
		expect(existsSync(join(dir, 'records', `${code}.game.txt`))).toBe(false);
		// The next start's writer has writes waiting all along (its removals are never done).
		const removed: string[] = [];
		const second = hallWith({write: () => undefined, remove: path => void removed.push(path), after: () => undefined});
		expect(second.resume()).toEqual({playing: 0, open: 0});
		expect(existsSync(join(dir, 'records', `${code}.game.txt`))).toBe(true);
		expect(removed).toEqual([join(dir, 'rooms', `${code}.json`)]);
	});

	test("a room's file not over beside its record (killed before the rooms' writer wrote its ending): the record is the game, kept, not resumed", () => {
		const {alice, code, dir} = started();
		alice.move(code, legal(alice, code)[0]!);
		writeFileSync(join(dir, 'records', `${code}.game.txt`), 'the record as the hall wrote it\n');
		const second = hallIn(dir);
		expect(second.hall.resume()).toEqual({playing: 0, open: 0});
		expect(existsSync(join(dir, 'rooms', `${code}.json`))).toBe(false);
		expect(second.hall.record(code, '127.0.0.9')).toEqual({ok: true, value: 'the record as the hall wrote it\n'});
	});

	test('a server stopped cleanly writes the turn under way; a room file that does not read is set aside and the rest resume', () => {
		const {hall, alice, code, clock, dir} = started();
		alice.move(code, legal(alice, code)[0]!);
		clock.ms += 4_000;
		hall.stop();
		writeFileSync(join(dir, 'rooms', 'ABC-DEF.json'), '{"version": 1, "code": "ABC-DEF", "game": "chess"}');
		const second = hallIn(dir);
		expect(second.hall.resume()).toEqual({playing: 1, open: 0});
		expect(second.logs.join('\n')).toMatch(/ABC-DEF\.json set aside \(no game "chess"\)/);
		expect(existsSync(join(dir, 'rooms', 'ABC-DEF.json.bad'))).toBe(true);
		const back = second.hall.connect(ALICE, '127.0.0.2');
		back.enter(code, 'play');
		expect(S.clockReadings(back.room(code)!.session, second.clock.ms)).toEqual([60, 56]);
		expect(JSON.parse(readFileSync(join(dir, 'rooms', `${code}.json`), 'utf8'))).toMatchObject({code, started: true});
	});

	test('stopped before the first move, a game goes on from the time left, and its record still starts from the full clock', () => {
		const {hall, code, clock, dir} = started();
		clock.ms += 4_000;
		hall.stop();
		const second = hallIn(dir);
		second.hall.resume();
		const alice = second.hall.connect(ALICE, '127.0.0.2');
		alice.enter(code, 'play');
		second.hall.connect(BOB, '127.0.0.3').enter(code, 'play');
		expect(S.clockReadings(alice.room(code)!.session, second.clock.ms)).toEqual([56, 60]);
		alice.resign(code);
		const text = made(second.hall.record(code, '127.0.0.9'));
		expect(text).toContain('[Clock "60 s each"]');
		const parsed = parseRecord(text, 'record');
		expect(parsed.ok && boxes.clocks(parsed.value.line[0] as never)).toEqual([60, 60]);
	});
});

describe('bounds and mishaps', () => {
	test('chat: five lines in five seconds a person, then refused; a closed room takes none', () => {
		vi.useFakeTimers({toFake: ['Date']});
		try {
			const {hall, alice, code} = started();
			for (let line = 0; line < CHAT_LINES; line++) expect(alice.say(code, `line ${line}`).ok).toBe(true);
			expect(alice.say(code, 'one more')).toEqual({ok: false, error: 'Slow down: at most 5 lines in 5 seconds'});
			vi.advanceTimersByTime(CHAT_WINDOW_MS);
			expect(alice.say(code, 'one more').ok).toBe(true);
			const waiting = made(alice.create({game: boxes, setup: BOXES_3X3, clockSeconds: null, side: 1, private: false}));
			alice.disconnect();
			vi.advanceTimersByTime(CHAT_WINDOW_MS);
			const again = hall.connect(ALICE, '127.0.0.2');
			expect(again.say(waiting, 'hello').ok).toBe(true);
		} finally {
			vi.useRealTimers();
		}
	});

	test('one person sits in at most ten games, and the server holds at most its rooms: past that, refused with the reason', () => {
		const {hall} = hallIn();
		const alice = hall.connect(ALICE, '127.0.0.2');
		for (let game = 0; game < GAMES_EACH; game++) {
			const code = made(alice.create({game: boxes, setup: BOXES_3X3, clockSeconds: null, side: 1, private: true}));
			expect(hall.connect({id: `friend${game}`, name: `friend${game}`}, '127.0.0.3').enter(code, 'play').ok).toBe(true);
		}
		expect(alice.create({game: boxes, setup: BOXES_3X3, clockSeconds: null, side: 1, private: true})).toEqual({
			ok: false,
			error: 'You are in 10 games already, all one person may be: finish or resign one first',
		});
		const bob = hall.connect(BOB, '127.0.0.4');
		const open = made(bob.create({game: boxes, setup: BOXES_3X3, clockSeconds: null, side: 1, private: false}));
		expect(alice.enter(open, 'play').ok).toBe(false);

		const smallDir = mkdtempSync(join(tmpdir(), 'potm-hall-'));
		dirs.push(smallDir);
		const small = new Hall({
			dataDir: smallDir,
			now: () => 0,
			address: () => 'ssh HOST',
			savesOf: person => join(tmpdir(), person.id),
			maxRooms: 1,
		});
		const carol = small.connect(CAROL, '127.0.0.5');
		expect(carol.create({game: boxes, setup: BOXES_3X3, clockSeconds: null, side: 1, private: false}).ok).toBe(true);
		expect(carol.create({game: boxes, setup: BOXES_3X3, clockSeconds: null, side: 1, private: false})).toEqual({
			ok: false,
			error: 'The server holds 1 games, all it takes: try again later',
		});
		small.stop();
	});

	test('a flag falls on the server’s timer with nobody looking: the game is kept and let go', async () => {
		vi.useFakeTimers({toFake: ['setTimeout', 'clearTimeout']});
		try {
			const {hall, alice, bob, code, clock, dir} = started({clockSeconds: 5});
			alice.move(code, legal(alice, code)[0]!);
			alice.disconnect();
			bob.disconnect();
			clock.ms += 5_000;
			await vi.advanceTimersByTimeAsync(5_100);
			expect(hall.held(code)).toBeUndefined();
			const record = parseRecord(readFileSync(join(dir, 'records', `${code}.game.txt`), 'utf8'), 'record');
			expect(record.ok && record.value.ended).toMatchObject({winner: 1, reason: 'time'});
			expect(readdirSync(join(dir, 'rooms'))).toEqual([]);
		} finally {
			vi.useRealTimers();
		}
	});

	test('after a restart one player back may resign at once, and after two minutes the clocks run without the other', async () => {
		const first = started();
		first.alice.move(first.code, legal(first.alice, first.code)[0]!);
		const second = hallIn(first.dir);
		vi.useFakeTimers({toFake: ['setTimeout', 'clearTimeout']});
		try {
			second.hall.resume();
			const bob = second.hall.connect(BOB, '127.0.0.3');
			bob.enter(first.code, 'play');
			second.clock.ms += GRACE_MS;
			expect(S.clockReadings(bob.room(first.code)!.session, second.clock.ms)).toEqual([60, 60]);
			await vi.advanceTimersByTimeAsync(GRACE_MS);
			second.clock.ms += 3_000;
			expect(S.clockReadings(bob.room(first.code)!.session, second.clock.ms)).toEqual([60, 57]);
			expect(bob.resign(first.code).ok).toBe(true);
		} finally {
			vi.useRealTimers();
		}
	});

	test('a room file of null, of bad players or of another game’s record is set aside; the server starts all the same', () => {
		const {hall, dir} = started();
		hall.stop();
		const [file] = readdirSync(join(dir, 'rooms'));
		const good = JSON.parse(readFileSync(join(dir, 'rooms', file!), 'utf8')) as Record<string, unknown>;
		writeFileSync(join(dir, 'rooms', 'AAA-AAA.json'), 'null');
		writeFileSync(
			join(dir, 'rooms', 'BBB-BBB.json'),
			JSON.stringify({...good, code: 'BBB-BBB', players: [{id: '../../etc', name: 'x'}, null]}),
		);
		writeFileSync(join(dir, 'rooms', 'CCC-CCC.json'), JSON.stringify({...good, code: 'CCC-CCC', game: 'loaps'}));
		const second = hallIn(dir);
		expect(second.hall.resume()).toEqual({playing: 1, open: 0});
		const log = second.logs.join('\n');
		expect(log).toMatch(/AAA-AAA\.json set aside \(not an object\)/);
		expect(log).toMatch(/BBB-BBB\.json set aside \(its players do not read\)/);
		expect(log).toMatch(/CCC-CCC\.json set aside \(its record is of LINES and BOXES, not LOAPS\)/);
	});

	test('killed after the ending was written and before its record: the next start keeps it; with the record there, nothing twice', () => {
		const {hall, alice, code, dir} = started();
		alice.resign(code);
		// As if killed before the record: the room's file written with the ending is back, the record gone.
		const record = join(dir, 'records', `${code}.game.txt`);
		hall.stop();
		rmSync(record);
		const second = hallIn(dir);
		const roomFile = JSON.stringify({
			version: 1,
			code,
			game: 'boxes',
			private: false,
			setup: BOXES_3X3,
			clockSeconds: 60,
			players: [ALICE, BOB],
			started: true,
			chat: [],
			record: readFileSync(
				join(dir, 'players', 'alice', 'saves', 'games', readdirSync(join(dir, 'players', 'alice', 'saves', 'games'))[0]!),
				'utf8',
			),
		});
		writeFileSync(join(dir, 'rooms', `${code}.json`), roomFile);
		expect(second.hall.resume()).toEqual({playing: 0, open: 0});
		expect(existsSync(record)).toBe(true);
		expect(readdirSync(join(dir, 'rooms'))).toEqual([]);
		// Each player has it: a kill in that instant may have kept it in their games already, never lost it.
		for (const person of ['alice', 'bob'])
			expect(readdirSync(join(dir, 'players', person, 'saves', 'games')).length).toBeGreaterThanOrEqual(1);
		// And a start with the record there forgets the room without keeping anything again.
		const bobs = readdirSync(join(dir, 'players', 'bob', 'saves', 'games')).length;
		second.hall.stop();
		writeFileSync(join(dir, 'rooms', `${code}.json`), roomFile);
		expect(hallIn(dir).hall.resume()).toEqual({playing: 0, open: 0});
		expect(readdirSync(join(dir, 'rooms'))).toEqual([]);
		expect(readdirSync(join(dir, 'players', 'bob', 'saves', 'games'))).toHaveLength(bobs);
	});

	test('wrong codes from IPv6 addresses count against their /64', () => {
		expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
		expect(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
		expect(addressKey('2001:db8::7')).toBe('2001:db8:0:0::/64');
		expect(addressKey('::ffff:10.0.0.66')).toBe('10.0.0.66');
		expect(addressKey('10.0.0.66')).toBe('10.0.0.66');
	});
});
