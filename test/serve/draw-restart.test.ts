/**
 * A drawing thread that cannot start (its module fails as it loads) is not started again and
 * again: the next try waits 1 s, then 2 s, doubling; while there is none, the main thread draws
 * the screens (source/serve/draw-threads.ts).
 */
// First: the server draws every frame even where CI is set (source/serve/every-frame.ts).
import '../../source/serve/every-frame.js';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {Worker} from 'node:worker_threads';
import {afterAll, expect, test, vi} from 'vitest';
import {FakeEngine} from '../ui/harness.js';

let starts = 0;
vi.mock('../../source/worker-start.js', () => ({
	startWorker: () => {
		starts++;
		return new Worker('throw new Error("the drawing module is missing")', {eval: true});
	},
}));

const dir = mkdtempSync(join(tmpdir(), 'potm-draw-restart-'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

test('a thread that fails at its start is tried again 1 s later, then 2 s; meanwhile the main thread draws a new screen', async () => {
	const {DrawThreads} = await import('../../source/serve/draw-threads.js');
	const {Hall} = await import('../../source/serve/hall.js');
	const hall = new Hall({
		dataDir: dir,
		now: () => performance.now(),
		address: () => 'ssh -p 2222 example.org',
		savesOf: person => join(dir, person.id),
	});
	const logs: string[] = [];
	const threads = new DrawThreads({hall, threads: 1, log: line => logs.push(line)});
	try {
		await vi.waitFor(() => expect(logs.join('\n')).toMatch(/a new one starts in 2 s/), {timeout: 5000, interval: 20});
		expect(starts).toBe(2);
		const stopped = logs.filter(line =>
			/^a drawing thread stopped \(exit 1, \d\.\d s after its start\): its 0 screens end; a new one starts in/.test(line),
		);
		expect(stopped).toHaveLength(2);
		expect(stopped[0]).toMatch(/in 1 s$/);
		// Each failure is also logged with its error, as a bug.
		expect(logs.filter(line => /caught by the last resort.*the drawing module is missing/.test(line))).toHaveLength(2);
		expect(threads.loads()).toEqual([]);
		let output = '';
		const remote = hall.connect({id: 'ada', name: 'ada'}, '127.0.0.2');
		const session = threads.open({
			sink: {write: data => ((output += data), true)},
			size: {columns: 100, rows: 30},
			term: 'xterm-256color',
			engine: new FakeEngine(),
			savesDir: join(dir, 'ada'),
			remote,
			start: {screen: 'lobby'},
		});
		await vi.waitFor(() => expect(output).toContain('potm on the server'), {timeout: 5000, interval: 20});
		session.close();
		await session.ended;
		remote.disconnect();
	} finally {
		await threads.close();
		hall.stop();
	}
});
