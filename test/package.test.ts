/**
 * What ships with the package: the license it names, Ink pinned to the version its patch is made
 * for, and a build of the program alone, the benchmarks and tools built apart.
 */
import {readdirSync, readFileSync} from 'node:fs';
import {expect, test} from 'vitest';

const root = new URL('..', import.meta.url);
const json = (path: string) => JSON.parse(readFileSync(new URL(path, root), 'utf8')) as Record<string, unknown>;

test('the license the package names is the LICENSE beside it', () => {
	expect(json('package.json')['license']).toBe('MIT');
	const license = readFileSync(new URL('LICENSE', root), 'utf8');
	expect(license.split('\n')[0]).toBe('MIT License');
	expect(license).toContain('Permission is hereby granted, free of charge');
});

test('Ink is pinned to exactly the version its patch is made for, and that version is installed', () => {
	const patches = readdirSync(new URL('patches/', root)).filter(name => name.startsWith('ink+'));
	expect(patches).toHaveLength(1);
	const patched = /^ink\+(\d+\.\d+\.\d+)\.patch$/.exec(patches[0]!)?.[1];
	expect(patched).toBeDefined();
	expect((json('package.json')['dependencies'] as Record<string, string>)['ink']).toBe(patched);
	expect(json('node_modules/ink/package.json')['version']).toBe(patched);
	// The lock file asks for the same.
	const lock = json('package-lock.json') as {packages: Record<string, {dependencies?: Record<string, string>; version?: string}>};
	expect(lock.packages['']!.dependencies!['ink']).toBe(patched);
	expect(lock.packages['node_modules/ink']!.version).toBe(patched);
});

test('the build that ships leaves out the benchmarks and tools; their own build and the type check take them', () => {
	const config = (path: string) => json(path) as {extends?: string; compilerOptions?: {outDir?: string}; exclude?: string[]};
	// The program builds where the command is; the rest where npm run bench, tune and puzzles run it.
	const bin = (json('package.json')['bin'] as Record<string, string>)['potm']!;
	expect(config('tsconfig.json').compilerOptions?.outDir).toBe(bin.split('/')[0]);
	expect(config('tsconfig.json').exclude).toEqual(['source/bench', 'source/tune', 'source/tools', 'source/learn/build-cli.ts']);
	for (const path of ['tsconfig.dev.json', 'tsconfig.test.json']) {
		expect(config(path).extends).toBe('./tsconfig.json');
		// An extending config inherits the list left out unless it names its own.
		expect(config(path).exclude).toEqual([]);
	}
	const apart = config('tsconfig.dev.json').compilerOptions?.outDir;
	expect(apart).not.toBe(config('tsconfig.json').compilerOptions?.outDir);
	const scripts = json('package.json')['scripts'] as Record<string, string>;
	expect(scripts['build:dev']).toBe('tsc -p tsconfig.dev.json');
	for (const name of ['bench', 'tune', 'puzzles']) expect(scripts[name]).toContain(`npm run build:dev && node ${apart}/`);
	expect(json('package.json')['files']).toEqual([bin.split('/')[0], 'puzzles']);
});
