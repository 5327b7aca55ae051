/**
 * The rooms' writer (serve/room-writer.ts): the rooms' files written and removed on a thread of
 * their own, in the order asked; a screen's output that comes after a write was asked for waits
 * until it is done; a thread that fails leaves nothing undone.
 */
import {EventEmitter} from 'node:events';
import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import type {Worker} from 'node:worker_threads';
import {afterEach, expect, test, vi} from 'vitest';
import {RoomWriter, type WriterJob} from '../../source/serve/room-writer.js';

const dirs: string[] = [];
afterEach(() => {
	for (const dir of dirs.splice(0)) rmSync(dir, {recursive: true, force: true});
});
const scratch = () => {
	const dir = mkdtempSync(join(tmpdir(), 'potm-writer-'));
	dirs.push(dir);
	return dir;
};

/** A thread the test answers: its jobs, each done when the test says. */
class FakeThread extends EventEmitter {
	readonly jobs: WriterJob[] = [];
	postMessage(job: WriterJob): void {
		this.jobs.push(job);
	}
	/** The next job is done (the file untouched: what is tested is the order). */
	answer(error: string | null = null): void {
		this.emit('message', {error});
	}
	unref(): void {}
	terminate(): Promise<number> {
		return Promise.resolve(0);
	}
}

test('on its thread: writes and removals are done in the order asked, and close waits for them', async () => {
	const dir = scratch();
	const logs: string[] = [];
	const writer = new RoomWriter({log: line => logs.push(line)});
	const [a, b] = [join(dir, 'AAA-AAA.json'), join(dir, 'BBB-BBB.json')];
	writer.write(a, 'one\n');
	writer.write(a, 'two\n');
	writer.write(b, 'three\n');
	writer.remove(b);
	writer.write(join(dir, 'missing', 'CCC-CCC.json'), 'four\n');
	await writer.close();
	expect(readFileSync(a, 'utf8')).toBe('two\n');
	expect(existsSync(b)).toBe(false);
	expect(writer.pending()).toBe(0);
	expect(logs).toEqual([expect.stringMatching(/^CCC-CCC: not written: ENOENT/)]);
});

test("a screen's output waits for the writes asked before it, then goes in the order it came; output after them goes at once", () => {
	const thread = new FakeThread();
	const writer = new RoomWriter({log: () => undefined, start: () => thread as unknown as Worker});
	const [ada, bob]: [string[], string[]] = [[], []];
	const toAda = writer.gate(data => ada.push(data));
	const toBob = writer.gate(data => bob.push(data));
	toAda.write('lobby');
	expect(ada).toEqual(['lobby']);
	writer.write('/x/AAA-AAA.json', 'a move');
	toAda.write('the move');
	toBob.write('the move');
	writer.write('/x/AAA-AAA.json', 'another');
	toAda.write('the other move');
	expect([ada, bob]).toEqual([['lobby'], []]);
	thread.answer();
	// The first write done: what came after it only.
	expect([ada, bob]).toEqual([['lobby', 'the move'], ['the move']]);
	toBob.write('a key echoed');
	expect(bob).toEqual(['the move']);
	thread.answer();
	expect([ada, bob]).toEqual([
		['lobby', 'the move', 'the other move'],
		['the move', 'a key echoed'],
	]);
	toAda.write('a clock');
	expect(ada.at(-1)).toBe('a clock');
	expect(thread.jobs.map(job => job.data)).toEqual(['a move', 'another']);
});

test('a thread that stops: what it had not done is done on the main thread, the output let go, and later writes done there too', () => {
	const dir = scratch();
	const thread = new FakeThread();
	const logs: string[] = [];
	const writer = new RoomWriter({log: line => logs.push(line), start: () => thread as unknown as Worker});
	const path = join(dir, 'AAA-AAA.json');
	const shown: string[] = [];
	const show = writer.gate(data => shown.push(data));
	writer.write(path, 'the last move\n');
	show.write('the last move');
	expect(shown).toEqual([]);
	thread.emit('exit', 1);
	expect(readFileSync(path, 'utf8')).toBe('the last move\n');
	expect(shown).toEqual(['the last move']);
	expect(logs).toEqual(["the rooms' writer stopped (exit 1): the rooms are written on the main thread from now on"]);
	writer.remove(path);
	expect(existsSync(path)).toBe(false);
	expect(thread.jobs).toHaveLength(1);
});

test('a sink says what it holds and when it has sent it all; `after` waits for the writes asked before it; a sink that throws spoils no other', async () => {
	const thread = new FakeThread();
	const logs: string[] = [];
	const writer = new RoomWriter({log: line => logs.push(line), start: () => thread as unknown as Worker});
	const shown: string[] = [];
	const good = writer.gate(data => shown.push(data));
	const broken = writer.gate(() => {
		throw new Error('the channel is closed');
	});
	await good.drained();
	writer.write('/x/AAA-AAA.json', 'the ending');
	const order: string[] = [];
	writer.after(() => order.push('kept'));
	broken.write('lost');
	good.write('Game over');
	expect(good.held()).toBe('Game over'.length);
	let drained = false;
	void good.drained().then(() => (drained = true));
	writer.write('/x/AAA-AAA.json', 'after the keeping');
	writer.after(() => order.push('second'));
	thread.answer();
	expect(order).toEqual(['kept']);
	expect(shown).toEqual(['Game over']);
	expect(good.held()).toBe(0);
	await Promise.resolve();
	expect(drained).toBe(true);
	expect(logs).toEqual(["a screen's output not sent: the channel is closed"]);
	thread.answer();
	expect(order).toEqual(['kept', 'second']);
	writer.after(() => order.push('at once'));
	expect(order.at(-1)).toBe('at once');
});

test('closing: a write asked while the thread ends is done here, none lost, and every write after it too', async () => {
	const dir = scratch();
	let ended!: () => void;
	const thread = new (class extends FakeThread {
		override terminate(): Promise<number> {
			return new Promise(resolve => (ended = () => resolve(0)));
		}
	})();
	const writer = new RoomWriter({log: () => undefined, start: () => thread as unknown as Worker});
	const path = join(dir, 'AAA-AAA.json');
	writer.write(path, 'first\n');
	const closing = writer.close();
	thread.answer();
	// The thread is ending: the next write is not posted to it but done here, at once.
	await vi.waitFor(() => expect(ended).toBeTypeOf('function'));
	writer.write(path, 'second\n');
	expect(readFileSync(path, 'utf8')).toBe('second\n');
	expect(thread.jobs).toHaveLength(1);
	ended();
	await closing;
	writer.write(path, 'third\n');
	expect(readFileSync(path, 'utf8')).toBe('third\n');
	expect(writer.pending()).toBe(0);
});
