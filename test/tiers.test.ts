/**
 * The unit tier leaves out exactly the tests that need the build (test/tiers.ts): a test file
 * needs it when it, or a module or fixture of test/ it names by a relative path, mentions a path
 * into dist/ or runs tmux. Listed files that no longer need it are reported too, so that the
 * unit tier does not shrink unnoticed.
 */
import {readdirSync, readFileSync} from 'node:fs';
import {dirname, join, relative, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, test} from 'vitest';
import type {TestModule} from 'vitest/node';
import {slowestFirst, SLOWEST_FIRST} from './helpers/sequencer.js';
import {skippedTiers} from './helpers/skipped-tiers.js';
import {BUILT_PROGRAM_TESTS, FRESH_MODULE_TESTS, REAL_TIME_TESTS, TEST_GAMES_TESTS, TOOL_TIERS} from './tiers.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const tests = join(root, 'test');

/** A path into dist/ or dist-dev/ ("dist/cli.js", join(root, 'dist', ...)) or tmux run as a program. */
const NEEDS_BUILD = /(?:^|[^\w.-])dist(?:-dev)?(?:\/|['"`])|['"`]tmux['"`]/m;

function files(folder: string): string[] {
	return readdirSync(folder, {withFileTypes: true}).flatMap(entry =>
		entry.isDirectory() ? files(join(folder, entry.name)) : [join(folder, entry.name)],
	);
}

/** The text of a module of test/ named "./x.js" (x.ts, x.tsx or x.mjs on disk), or undefined. */
function textOf(path: string): string | undefined {
	for (const candidate of [path, path.replace(/\.js$/, '.ts'), path.replace(/\.js$/, '.tsx')]) {
		try {
			return readFileSync(candidate, 'utf8');
		} catch {
			// The next spelling.
		}
	}
	return undefined;
}

const judged = new Map<string, boolean>();

/** Whether the file at `path` needs the build, itself or through what of test/ it names. */
function needsBuild(path: string): boolean {
	const known = judged.get(path);
	if (known !== undefined) return known;
	judged.set(path, false);
	// The lists name the programs of the tool tiers, and run none.
	const text = path.replace(/\.js$/, '.ts') === join(tests, 'tiers.ts') ? undefined : textOf(path);
	const named = [...(text ?? '').matchAll(/['"`](\.{1,2}\/[^'"`\s]+)['"`]/g)]
		.map(match => resolve(dirname(path), match[1]!))
		.filter(one => one.startsWith(tests));
	const needs = text !== undefined && (NEEDS_BUILD.test(text) || named.some(needsBuild));
	judged.set(path, needs);
	return needs;
}

describe('the test tiers', () => {
	const all = files(tests)
		// This file names the marks it looks for, and needs no build.
		.filter(path => /\.test\.tsx?$/.test(path) && path !== fileURLToPath(import.meta.url))
		.map(path => relative(root, path).split('\\').join('/'))
		.sort();

	test('every test file that runs the built program or tmux is listed, and every one listed does', () => {
		const needing = all.filter(path => needsBuild(join(root, path)));
		expect(needing).toEqual([...BUILT_PROGRAM_TESTS].sort());
	});

	test('the marks are seen where they are, and not in words that hold "dist"', () => {
		expect(NEEDS_BUILD.test("const cli = join(root, 'dist', 'cli.js');")).toBe(true);
		expect(NEEDS_BUILD.test("new URL('../../dist/engine/client.js', import.meta.url)")).toBe(true);
		expect(NEEDS_BUILD.test("spawnSync('tmux', ['new-session'])")).toBe(true);
		expect(NEEDS_BUILD.test("join(root, 'dist-dev', 'tune', 'index.js')")).toBe(true);
		expect(NEEDS_BUILD.test('const distance = 3; distinctNames(players); // tmux send-keys')).toBe(false);
	});

	test('the other lists name test files, each file in one list at most', () => {
		const listed = [...BUILT_PROGRAM_TESTS, ...REAL_TIME_TESTS, ...FRESH_MODULE_TESTS, ...TEST_GAMES_TESTS];
		for (const path of listed) expect(all).toContain(path);
		expect(new Set(listed).size).toBe(listed.length);
		for (const path of TOOL_TIERS.flatMap(tier => tier.files)) expect(all).toContain(path);
	});

	test('every test file that runs tmux, OpenSSH or perl is in a tier that needs it, and every file listed runs what it needs', () => {
		const runs = {tmux: /['"`]tmux['"`]/, ssh: /['"`]ssh['"`]/, perl: /\bperl -e\b/};
		const listed = new Map(TOOL_TIERS.flatMap(tier => tier.files.map(path => [path, tier.needs] as const)));
		for (const path of all) {
			const text = readFileSync(join(root, path), 'utf8');
			const needs = Object.entries(runs).flatMap(([program, mark]) => (mark.test(text) ? [program] : []));
			if (needs.length === 0) expect(listed.has(path), `${path} runs none of ${Object.keys(runs).join(', ')}`).toBe(false);
			else expect(listed.get(path), path).toEqual(expect.arrayContaining(needs));
		}
	});

	test('the summary names a tier skipped among the files run, with its reason, and no tier that ran', () => {
		const modules = ['test/ui/terminal.test.ts', 'test/referee/entry.test.ts', 'test/games/loa/rules.test.ts'].map(
			path => ({moduleId: join(root, path)}) as TestModule,
		);
		const why = (tier: {name: string}) =>
			tier.name === 'the OpenSSH tier' ? 'ssh not found' : tier.name === 'the perl tests' ? 'perl not found' : null;
		expect(skippedTiers(modules, why)).toEqual(['skipped: the perl tests (perl not found) in test/referee/entry.test.ts']);
		expect(skippedTiers(modules, () => 'tmux not found')).toEqual([
			'skipped: the terminal tier (tmux not found) in test/ui/terminal.test.ts',
			'skipped: the perl tests (tmux not found) in test/referee/entry.test.ts',
		]);
		expect(skippedTiers(modules, () => null)).toEqual([]);
	});

	test('the isolated files start first, then each shared project together, the largest last; of each, the slowest first, the rest in the order given', () => {
		for (const path of SLOWEST_FIRST) expect(all).toContain(path);
		const spec = (path: string, project = 'isolated') => ({
			moduleId: join(root, path),
			project: {name: project, config: {isolate: project === 'isolated'}},
		});
		const files = [spec('test/a.test.ts'), spec('test/start.test.ts'), spec('test/b.test.ts'), spec('test/referee/contest-clock.test.ts')];
		expect(slowestFirst(files).map(file => relative(root, file.moduleId))).toEqual([
			'test/referee/contest-clock.test.ts',
			'test/start.test.ts',
			'test/a.test.ts',
			'test/b.test.ts',
		]);
		// A shared file, listed or not, after every isolated one, and a shared project's files
		// together: vitest ends a shared worker when the file next in line is isolated or of another
		// project.
		const mixed = [
			spec('test/games/loa/properties.test.ts', 'shared'),
			spec('test/c.test.ts', 'test games'),
			spec('test/d.test.ts', 'shared'),
			spec('test/a.test.ts'),
			spec('test/start.test.ts'),
		];
		expect(slowestFirst(mixed)).toEqual([mixed[4], mixed[3], mixed[1], mixed[0], mixed[2]]);
	});

	test('the unit tier runs some tests', () => {
		expect(all.length - BUILT_PROGRAM_TESTS.length - REAL_TIME_TESTS.length).toBeGreaterThan(50);
	});
});
