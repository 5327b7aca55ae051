/**
 * The door's bookkeeping, on a clock and a chance the tests hold: connections open in all, those
 * not signed in per address and in all (refused with a chance growing from start to full, as
 * OpenSSH's MaxStartups), new ones per address a minute, an IPv6 address counted as its /64; the
 * bytes a connection may send (a token bucket); the log that says a flood's lines once in ten
 * seconds with their count; and a window dragged to new sizes drawn at most once in RESIZE_MS.
 */
import {afterEach, describe, expect, test, vi} from 'vitest';
import {Door, TokenBucket, type DoorLimits, type Visit} from '../../source/serve/door.js';
import {quietLog} from '../../source/serve/quiet-log.js';
import {RESIZE_MS, TerminalOutput} from '../../source/serve/terminal.js';

const LIMITS: DoorLimits = {connections: 8, perMinute: 5, waitingPerAddress: 3, waiting: {start: 4, rate: 0.3, full: 6}};

/** A door on a clock the test moves and a chance it sets. */
function door(limits: Partial<DoorLimits> = {}) {
	const clock = {now: 0, chance: 0.99};
	return {
		door: new Door(
			{...LIMITS, ...limits},
			() => clock.now,
			() => clock.chance,
		),
		clock,
	};
}

const visit = (admission: ReturnType<Door['admit']>): Visit => {
	if (!admission.ok) throw new Error(`refused: ${admission.why}`);
	return admission.visit;
};

describe('the door', () => {
	test('an address may have waitingPerAddress connections signing in; signing in or leaving frees a place', () => {
		const {door: at} = door();
		const visits = [1, 2, 3].map(() => visit(at.admit('10.0.0.1')));
		expect(at.admit('10.0.0.1')).toMatchObject({ok: false, why: '3 connections from it not signed in yet'});
		// Another address is not this one's.
		expect(at.admit('10.0.0.2').ok).toBe(true);
		visits[0]!.signedIn();
		expect(at.admit('10.0.0.1').ok).toBe(true);
		visits[1]!.left();
		visits[1]!.left();
		expect(at.counts()).toEqual({open: 4, waiting: 3});
		expect(at.admit('10.0.0.1').ok).toBe(true);
		expect(at.admit('10.0.0.1').ok).toBe(false);
	});

	test('an IPv6 address is its /64: another address of the network is counted with it', () => {
		const {door: at} = door();
		for (const host of ['1', '2', '3']) visit(at.admit(`2001:db8:1:2::${host}`));
		expect(at.admit('2001:db8:1:2:ffff::9').ok).toBe(false);
		expect(at.admit('2001:db8:1:3::1').ok).toBe(true);
	});

	test('waiting in all: none refused under start, refused with a chance from rate at start rising to all at full', () => {
		const {door: at, clock} = door({waitingPerAddress: 10, connections: 100});
		for (let count = 0; count < 4; count++) visit(at.admit(`10.0.1.${count}`));
		// 4 waiting: at start, refused with chance 0.3.
		clock.chance = 0.29;
		expect(at.admit('10.0.2.1')).toMatchObject({ok: false, why: '4 connections not signed in yet'});
		clock.chance = 0.31;
		visit(at.admit('10.0.2.1'));
		// 5 waiting: halfway to full, the chance is 0.65.
		clock.chance = 0.64;
		expect(at.admit('10.0.2.2').ok).toBe(false);
		clock.chance = 0.66;
		visit(at.admit('10.0.2.2'));
		// 6 waiting: full, refused whatever the chance.
		clock.chance = 0.999;
		expect(at.admit('10.0.2.3')).toMatchObject({ok: false, tell: 'too many connections are signing in at once; try again in a moment'});
	});

	test('connections open in all, signed in or not, are bounded', () => {
		const {door: at} = door({waitingPerAddress: 10, waiting: {start: 100, rate: 0, full: 100}});
		const visits = Array.from({length: 8}, (_, index) => visit(at.admit(`10.0.3.${index}`)));
		for (const one of visits) one.signedIn();
		expect(at.admit('10.0.4.1')).toMatchObject({ok: false, why: '8 connections open, the most there may be'});
		visits[3]!.left();
		expect(at.admit('10.0.4.1').ok).toBe(true);
	});

	test('new connections from an address a minute: refusals are not counted, and a minute frees the first', () => {
		const {door: at, clock} = door({waitingPerAddress: 100, connections: 100, waiting: {start: 100, rate: 0, full: 100}});
		for (let count = 0; count < 5; count++) {
			visit(at.admit('10.0.5.1')).left();
			clock.now += 1000;
		}
		for (let count = 0; count < 100; count++)
			expect(at.admit('10.0.5.1')).toMatchObject({ok: false, why: '5 connections from it in the last minute already'});
		clock.now = 60_000;
		expect(at.admit('10.0.5.1').ok).toBe(true);
		expect(at.admit('10.0.5.1').ok).toBe(false);
		clock.now = 61_000;
		expect(at.admit('10.0.5.1').ok).toBe(true);
	});

	test("one that waits in line is counted among the minute's as it knocks, once: let in from the line, it is not counted again", () => {
		const {door: at} = door({waitingPerAddress: 100, connections: 100, waiting: {start: 100, rate: 0, full: 100}});
		for (let count = 0; count < 3; count++) expect(at.knock('10.0.6.1')).toEqual({ok: true});
		// The three let in from the line, and two more straight in: five in the minute, as many as may be.
		for (let count = 0; count < 3; count++) visit(at.admit('10.0.6.1', true)).left();
		visit(at.admit('10.0.6.1')).left();
		visit(at.admit('10.0.6.1')).left();
		expect(at.knock('10.0.6.1')).toMatchObject({ok: false, why: '5 connections from it in the last minute already'});
		expect(at.admit('10.0.6.1')).toMatchObject({ok: false, why: '5 connections from it in the last minute already'});
		// The bounds of those signing in still hold for one let in from the line.
		const {door: full} = door();
		for (let count = 0; count < LIMITS.waitingPerAddress; count++) visit(full.admit('10.0.7.1'));
		expect(full.knock('10.0.7.1')).toEqual({ok: true});
		expect(full.admit('10.0.7.1', true)).toMatchObject({ok: false, why: '3 connections from it not signed in yet'});
	});
});

describe('the bytes a connection may send', () => {
	test('a burst at once, then the rate a second', () => {
		let now = 0;
		const budget = new TokenBucket(1000, 4000, () => now);
		expect(budget.take(4000)).toBe(true);
		expect(budget.take(1)).toBe(false);
		now += 500;
		// A refusal takes nothing: half a second later, half a second's worth.
		expect(budget.take(500)).toBe(true);
		expect(budget.take(1)).toBe(false);
		// Asked again and again while spent, it still fills at its rate (a person retrying is let in in time).
		for (let count = 0; count < 9; count++) {
			now += 100;
			expect(budget.take(1000)).toBe(false);
		}
		now += 100;
		expect(budget.take(1000)).toBe(true);
		now += 60_000;
		// However long it has been quiet, no more than the burst.
		expect(budget.take(4001)).toBe(false);
		expect(budget.take(4000)).toBe(true);
	});
});

describe('the log under a flood', () => {
	afterEach(() => void vi.useRealTimers());

	test('a kind of line is said once in the interval; the repeats are said in one line when it is over, the others at once', () => {
		vi.useFakeTimers();
		const said: string[] = [];
		const log = quietLog(
			line => said.push(line),
			10_000,
			() => Date.now(),
		);
		for (let count = 0; count < 500; count++) log.say('1.2.3.4 refused', '1.2.3.4: refused');
		log.say('5.6.7.8 refused', '5.6.7.8: refused');
		expect(said).toEqual(['1.2.3.4: refused', '5.6.7.8: refused']);
		vi.advanceTimersByTime(10_000);
		expect(said).toEqual(['1.2.3.4: refused', '5.6.7.8: refused', '1.2.3.4: refused (499 more like it in 10 s)']);
		log.say('1.2.3.4 refused', '1.2.3.4: refused');
		log.say('1.2.3.4 refused', '1.2.3.4: refused');
		log.close();
		expect(said.at(-2)).toBe('1.2.3.4: refused');
		expect(said.at(-1)).toBe('1.2.3.4: refused (1 more like it in 1 s)');
	});
});

describe("a client's window changes", () => {
	afterEach(() => void vi.useRealTimers());

	test("what is written in one turn reaches the client as one write, in order with what is sent beside Ink's frames", async () => {
		const written: string[] = [];
		const output = new TerminalOutput({write: text => written.push(text) > 0}, {columns: 80, rows: 24});
		output.send('<alternate screen>');
		output.write('<begin>');
		output.write('row 1\nrow 2');
		output.write('<end>');
		output.send('<bell>');
		expect(written).toEqual([]);
		await Promise.resolve();
		expect(written).toEqual(['<alternate screen><begin>row 1\r\nrow 2<end><bell>']);
		output.write('<next frame>');
		output.dispose();
		output.send('<main screen>');
		expect(written.slice(1)).toEqual(['<next frame>', '<main screen>']);
	});

	test('the first is drawn at once, then the latest once every RESIZE_MS, however many come', () => {
		vi.useFakeTimers();
		const output = new TerminalOutput({write: () => true}, {columns: 80, rows: 24});
		const drawn: string[] = [];
		output.on('resize', () => drawn.push(`${output.columns}×${output.rows}`));
		output.resize({columns: 100, rows: 30});
		for (let count = 0; count < 1000; count++) output.resize({columns: 81 + (count % 50), rows: 24});
		output.resize({columns: 120, rows: 40});
		expect(drawn).toEqual(['100×30']);
		vi.advanceTimersByTime(RESIZE_MS);
		expect(drawn).toEqual(['100×30', '120×40']);
		vi.advanceTimersByTime(RESIZE_MS * 10);
		expect(drawn).toEqual(['100×30', '120×40']);
		// Back to a size already drawn, after the interval: at once.
		output.resize({columns: 100, rows: 30});
		expect(drawn).toEqual(['100×30', '120×40', '100×30']);
	});
});
