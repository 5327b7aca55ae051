/**
 * potm serve sets V8's heap flags (commands/serve.ts, SERVE_V8_FLAGS) before its drawing threads
 * and engines start, so that every heap of the process grows by half past what it keeps live.
 */
import {expect, test, vi} from 'vitest';

const calls: string[] = [];
vi.mock('node:v8', async original => ({
	...(await original<typeof import('node:v8')>()),
	setFlagsFromString: (flags: string) => void calls.push(`flags ${flags}`),
}));
vi.mock('../../source/serve/server.js', () => ({
	startServer: () => {
		calls.push('server');
		return Promise.reject(Object.assign(new Error('taken'), {code: 'EADDRINUSE'}));
	},
}));

test('the heap flags are set before the server (its drawing threads) starts', async () => {
	const {runServe, SERVE_V8_FLAGS} = await import('../../source/commands/serve.js');
	const written = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
	try {
		expect(await runServe({port: 2299, host: '127.0.0.1', maxSessions: 10, drawThreads: 0, dataDir: '/nonexistent'})).toBe(2);
	} finally {
		written.mockRestore();
	}
	expect(calls).toEqual([`flags ${SERVE_V8_FLAGS}`, 'server']);
	expect(SERVE_V8_FLAGS).toMatch(/^--heap-growing-percent=\d+$/);
});
