/**
 * The rooms as a drawing thread copies them (source/serve/room-wire.ts): after every change the
 * hall makes, a copy kept up by deltas (cloned as they cross threads) is the hall's snapshot,
 * positions and clocks included; the hall tells its followers of each change, and whether the
 * screens are told.
 */
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, test} from 'vitest';
import {made} from '../helpers/made.js';
import {boxes} from '../../source/games/boxes/index.js';
import {loaps} from '../../source/games/loa/index.js';
import {pahtum} from '../../source/games/pahtum/index.js';
import {settled} from '../../source/games/setup.js';
import {seededRandom} from '../../source/games/seeded.js';
import type {AnyGame} from '../../source/games/registry.js';
import {Hall} from '../../source/serve/hall.js';
import {RoomCopies, wireOf} from '../../source/serve/room-wire.js';
import * as S from '../../source/play/session.js';

const dirs: string[] = [];
afterEach(() => {
	for (const dir of dirs.splice(0)) rmSync(dir, {recursive: true, force: true});
});

/** alice hosts a game of `game` (60 s each), bob joins; the hall's followers heard are kept. */
function room(game: AnyGame) {
	const dir = mkdtempSync(join(tmpdir(), 'potm-wire-'));
	dirs.push(dir);
	const clock = {ms: 1_000_000};
	const hall = new Hall({
		dataDir: dir,
		now: () => clock.ms,
		address: () => 'ssh -p 2222 example.org',
		savesOf: person => join(dir, person.id),
	});
	const heard: Array<[string, boolean]> = [];
	hall.followViews((code, told) => heard.push([code, told]));
	const alice = hall.connect({id: 'alice', name: 'alice'}, '127.0.0.2');
	const bob = hall.connect({id: 'bob', name: 'bob'}, '127.0.0.3');
	const code = made(alice.create({game, setup: settled(game, {}), clockSeconds: 60, side: 1, private: false}));
	made(bob.enter(code, 'play'));
	return {hall, clock, heard, alice, bob, code};
}

describe('a copy kept up by deltas', () => {
	test.each([
		['LOAPS', loaps],
		['LINES and BOXES', boxes],
		['PAH-TUM (its holes in the first position)', pahtum],
	] as const)('%s: after each move, the copy is the hall’s snapshot, the positions made again with their clocks', (_, game) => {
		const {hall, clock, alice, bob, code} = room(game);
		const copies = new RoomCopies();
		/** Sends the delta the copy lacks through a structured clone, as it crosses threads. */
		const keepUp = () => copies.apply(structuredClone(wireOf(hall.held(code)!, copies.held(code))));
		expect(keepUp()).toEqual(hall.held(code));
		const random = seededRandom(7);
		for (let ply = 0; ply < 12; ply++) {
			const view = hall.held(code)!;
			if (S.isOver(view.session)) break;
			const state = S.current(view.session);
			const legal = (game as AnyGame).legalMoves(state);
			clock.ms += 700 + Math.floor(random() * 900);
			const mover = (game as AnyGame).toMove(state) === 1 ? alice : bob;
			made(mover.move(code, legal[Math.floor(random() * legal.length)]!));
			// Every other move the copy skips a delta: the next one carries both positions.
			if (ply % 2 === 1) {
				const copy = keepUp();
				expect(copy).toEqual(hall.held(code));
				expect(copy.session.line).toHaveLength(ply + 2);
				expect(copy.session.game.clocks(S.current(copy.session))).toEqual(game.clocks(S.current(hall.held(code)!.session) as never));
			}
		}
		made(bob.resign(code));
		expect(keepUp()).toEqual(hall.held(code));
	});

	test('a delta made for a copy of another length is refused, not applied', () => {
		const {hall, alice, code} = room(loaps);
		const copies = new RoomCopies();
		copies.apply(wireOf(hall.held(code)!, 0));
		made(alice.move(code, loaps.legalMoves(S.current(hall.held(code)!.session) as never)[0]!));
		const stale = wireOf(hall.held(code)!, 3);
		expect(stale.session.from).toBe(0);
		const fresh = wireOf(hall.held(code)!, 1);
		expect(fresh.session.from).toBe(1);
		expect(fresh.session).not.toHaveProperty('first');
		const other = new RoomCopies();
		expect(() => other.apply(fresh)).toThrow(/a delta from position 1 for a copy of 0/);
		expect(copies.apply(fresh)).toEqual(hall.held(code));
	});
});

describe('the hall tells its followers', () => {
	test('of a move (screens told), of a clock given back (not told), of a finished room let go (held no more)', () => {
		const {hall, clock, heard, alice, bob, code} = room(loaps);
		heard.length = 0;
		clock.ms += 500;
		made(alice.move(code, loaps.legalMoves(S.current(hall.held(code)!.session) as never)[0]!));
		expect(heard).toContainEqual([code, true]);
		heard.length = 0;
		clock.ms += 300;
		const before = hall.held(code)!.session.runningSince;
		bob.seen(code, 1);
		// bob's clock starts now: the 300 ms his screen took to show the move are given back.
		expect(hall.held(code)!.session.runningSince).toBe(before! + 300);
		expect(heard).toEqual([[code, false]]);
		made(bob.resign(code));
		alice.leave(code);
		bob.leave(code);
		expect(hall.held(code)).toBeUndefined();
		// The last word on it: let go, nobody told (each screen has left it).
		expect(heard.at(-1)).toEqual([code, false]);
	});
});
