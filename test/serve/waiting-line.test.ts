/** The line newcomers wait in while potm serve is busy (serve/waiting-line.ts), on a clock of the test's. */
import fc from 'fast-check';
import {expect, test} from 'vitest';
import {WaitingLine} from '../../source/serve/waiting-line.js';

function lineAt(limits: {most: number; perAddress: number; waitMs: number}) {
	const clock = {now: 0};
	return {clock, line: new WaitingLine<string>(limits, () => clock.now)};
}

test('first come, first served: each is told how many are ahead of it', () => {
	const {line} = lineAt({most: 10, perAddress: 10, waitMs: 1000});
	expect(line.join('a', 'one')).toEqual({ok: true, ahead: 0});
	expect(line.join('b', 'two')).toEqual({ok: true, ahead: 1});
	expect(line.join('c', 'three')).toEqual({ok: true, ahead: 2});
	expect(line.size).toBe(3);
	expect([line.next(), line.next(), line.next(), line.next()]).toEqual(['one', 'two', 'three', undefined]);
	expect(line.size).toBe(0);
});

test('bounded in all and per address; a place freed takes another', () => {
	const {line} = lineAt({most: 3, perAddress: 2, waitMs: 1000});
	expect(line.join('a', 'a1').ok).toBe(true);
	expect(line.join('a', 'a2').ok).toBe(true);
	expect(line.join('a', 'a3')).toEqual({ok: false, why: '2 connections from it waiting in line'});
	expect(line.join('b', 'b1').ok).toBe(true);
	expect(line.join('c', 'c1')).toEqual({ok: false, why: '3 connections waiting in line, the most there may be'});
	// One of a's goes (its client gave up): a may send another, and the line has room again.
	expect(line.leave('a1')).toBe(true);
	expect(line.leave('a1')).toBe(false);
	expect(line.join('a', 'a3')).toEqual({ok: true, ahead: 2});
	expect([line.next(), line.next(), line.next()]).toEqual(['a2', 'b1', 'a3']);
});

test('those who waited the longest time allowed leave the line, the longest waiting first; the others keep their places', () => {
	const {clock, line} = lineAt({most: 10, perAddress: 10, waitMs: 1000});
	line.join('a', 'one');
	clock.now = 400;
	line.join('b', 'two');
	clock.now = 999;
	expect(line.expired()).toEqual([]);
	clock.now = 1000;
	expect(line.expired()).toEqual(['one']);
	clock.now = 1500;
	line.join('c', 'three');
	expect(line.expired()).toEqual(['two']);
	expect(line.next()).toBe('three');
});

test('cleared when the server stops: everyone in it, and nobody counted any more', () => {
	const {line} = lineAt({most: 2, perAddress: 1, waitMs: 1000});
	line.join('a', 'one');
	line.join('b', 'two');
	expect(line.clear()).toEqual(['one', 'two']);
	expect(line.size).toBe(0);
	expect(line.join('a', 'three')).toEqual({ok: true, ahead: 0});
});

test('whatever joins, leaves and expires in whatever order, the line keeps the order of arrival (each told how many are ahead) and its bounds', () => {
	const step = fc.oneof(
		fc.record({kind: fc.constant('join' as const), key: fc.constantFrom('a', 'b', 'c')}),
		fc.record({kind: fc.constant('leave' as const), pick: fc.nat()}),
		fc.record({kind: fc.constant('next' as const)}),
		fc.record({kind: fc.constant('tick' as const), ms: fc.integer({min: 0, max: 600})}),
	);
	fc.assert(
		fc.property(fc.array(step, {maxLength: 60}), steps => {
			const limits = {most: 5, perAddress: 2, waitMs: 1000};
			const {clock, line} = lineAt(limits);
			/** The model: who waits, in order, from which address, since when. */
			let model: {item: string; key: string; since: number}[] = [];
			let made = 0;
			for (const one of steps) {
				if (one.kind === 'join') {
					const item = `${one.key}${made++}`;
					const mine = model.filter(place => place.key === one.key).length;
					const joined = line.join(one.key, item);
					const fits = model.length < limits.most && mine < limits.perAddress;
					expect(joined.ok).toBe(fits);
					if (fits) {
						expect(joined).toEqual({ok: true, ahead: model.length});
						model.push({item, key: one.key, since: clock.now});
					}
				} else if (one.kind === 'leave') {
					if (model.length === 0) continue;
					const gone = model[one.pick % model.length]!;
					expect(line.leave(gone.item)).toBe(true);
					model = model.filter(place => place !== gone);
				} else if (one.kind === 'next') {
					expect(line.next()).toBe(model.shift()?.item);
				} else {
					clock.now += one.ms;
					const expired = model.filter(place => clock.now - place.since >= limits.waitMs).map(place => place.item);
					expect(line.expired()).toEqual(expired);
					model = model.filter(place => !expired.includes(place.item));
				}
				expect(line.size).toBe(model.length);
				const listed: [string, number][] = [];
				line.each((item, ahead) => listed.push([item, ahead]));
				expect(listed).toEqual(model.map((place, ahead) => [place.item, ahead]));
			}
		}),
		{seed: 39, numRuns: 300},
	);
});
