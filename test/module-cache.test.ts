/**
 * The folder vitest keeps compiled modules in between runs (test/helpers/module-cache.ts): named
 * by the files' names and the lock file, so that a rename starts a new one, and the old ones
 * cleared but for the newest few.
 */
import {existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, utimesSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, describe, expect, test} from 'vitest';
import {moduleCacheFolder, moduleCacheKey} from './helpers/module-cache.js';

let root = '';

afterEach(() => {
	rmSync(root, {recursive: true, force: true});
});

/** A small tree: two modules, a test, a lock file. */
function tree(): string {
	root = mkdtempSync(join(tmpdir(), 'potm-module-cache-'));
	mkdirSync(join(root, 'source', 'games'), {recursive: true});
	mkdirSync(join(root, 'test'));
	writeFileSync(join(root, 'source', 'games', 'a.ts'), 'export const a = 1;\n');
	writeFileSync(join(root, 'source', 'b.ts'), "export {a} from './games/a.js';\n");
	writeFileSync(join(root, 'test', 'b.test.ts'), "import '../source/b.js';\n");
	writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion": 3}\n');
	return root;
}

describe('the module cache', () => {
	test("is named by the files' names, not their text (which vitest keys itself)", () => {
		const at = tree();
		const key = moduleCacheKey(at);
		expect(moduleCacheKey(at)).toBe(key);
		writeFileSync(join(at, 'source', 'games', 'a.ts'), 'export const a = 2;\n');
		expect(moduleCacheKey(at)).toBe(key);
	});

	test('a module renamed, added or removed, the lock file or a tsconfig changed: another folder', () => {
		const at = tree();
		const seen = new Set([moduleCacheKey(at)]);
		renameSync(join(at, 'source', 'games', 'a.ts'), join(at, 'source', 'games', 'a.tsx'));
		seen.add(moduleCacheKey(at));
		writeFileSync(join(at, 'test', 'c.test.ts'), '');
		seen.add(moduleCacheKey(at));
		rmSync(join(at, 'test', 'c.test.ts'));
		rmSync(join(at, 'source', 'b.ts'));
		seen.add(moduleCacheKey(at));
		writeFileSync(join(at, 'package-lock.json'), '{"lockfileVersion": 3, "packages": {}}\n');
		seen.add(moduleCacheKey(at));
		writeFileSync(join(at, 'tsconfig.json'), '{}\n');
		seen.add(moduleCacheKey(at));
		expect(seen.size).toBe(6);
	});

	test('the folder is made in the base; of the others the newest keep - 1 stay, the older are removed', () => {
		const at = tree();
		const base = join(at, 'node_modules', '.vitest-modules');
		mkdirSync(base, {recursive: true});
		for (const [index, name] of ['old', 'older', 'new'].entries()) {
			mkdirSync(join(base, name));
			const when = new Date(Date.UTC(2026, 0, 10 - (name === 'new' ? 0 : index + 1)));
			utimesSync(join(base, name), when, when);
		}
		const folder = moduleCacheFolder(at, base, 3);
		expect(folder).toBe(join(base, moduleCacheKey(at)));
		expect(existsSync(folder)).toBe(true);
		expect(readdirSync(base).sort()).toEqual([moduleCacheKey(at), 'new', 'old'].sort());
		// Asked again for the same tree: the same folder, nothing else removed.
		expect(moduleCacheFolder(at, base, 3)).toBe(folder);
		expect(readdirSync(base)).toHaveLength(3);
	});
});
