/**
 * Where vitest keeps the modules it compiled, between runs (experimental.fsModuleCache): a run of
 * the unit tier then compiles only what changed, about 3 s of CPU less. Vitest keys a module by
 * its own text, the config and its version, but not by what the module's imports resolve to
 * (vitest-dev/vitest#11246): after a module is renamed, added or removed, or a package installed
 * or patched, a module whose text did not change would keep an import that no longer holds. So the
 * cache lives in a folder named by what decides resolution here, the names of the files of
 * source/ and test/, and by what decides compiling, the lock file, the patches and the tsconfig
 * files: any change to these starts a new folder. The newest few folders are kept (a run started
 * before a rename may still be reading its own); older ones are removed.
 * `npx vitest --clearCache` removes the current one; removing node_modules/.vitest-modules, all.
 */
import {createHash} from 'node:crypto';
import {existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync} from 'node:fs';
import {join, relative} from 'node:path';

/** The folders whose files' names decide how an import resolves. */
const NAMED = ['source', 'test'];
/** The files whose text decides how a module compiles or what a package import finds. */
const READ = ['package-lock.json', 'tsconfig.json', 'tsconfig.dev.json', 'tsconfig.test.json'];

/** Every file under `folder`, by its path from `root`. */
function filesUnder(root: string, folder: string): string[] {
	if (!existsSync(folder)) return [];
	return readdirSync(folder, {withFileTypes: true}).flatMap(entry => {
		const path = join(folder, entry.name);
		return entry.isDirectory() ? filesUnder(root, path) : [relative(root, path)];
	});
}

/** The name of the cache's folder for the tree at `root` as it is now. */
export function moduleCacheKey(root: string): string {
	const hash = createHash('sha256');
	for (const folder of NAMED) for (const file of filesUnder(root, join(root, folder)).sort()) hash.update(`${file}\n`);
	for (const file of [...READ, ...filesUnder(root, join(root, 'patches')).sort()]) {
		hash.update(`${file}\n`);
		if (existsSync(join(root, file))) hash.update(readFileSync(join(root, file)));
	}
	return hash.digest('hex').slice(0, 16);
}

/**
 * The folder of the cache under `base` for the tree at `root`, made if need be; of the others in
 * `base`, the `keep` - 1 used last stay and the rest are removed.
 */
export function moduleCacheFolder(root: string, base: string, keep = 3): string {
	const folder = join(base, moduleCacheKey(root));
	mkdirSync(folder, {recursive: true});
	// Used now: the newest, when a later tree picks which others to keep.
	const now = new Date();
	utimesSync(folder, now, now);
	const others = readdirSync(base)
		.filter(name => join(base, name) !== folder)
		.map(name => ({path: join(base, name), used: statSync(join(base, name)).mtimeMs}))
		.sort((a, b) => b.used - a.used);
	for (const old of others.slice(keep - 1)) rmSync(old.path, {recursive: true, force: true});
	return folder;
}
