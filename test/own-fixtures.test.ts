/**
 * The tests read their own fixtures, never the project's saves/ folder: that folder is where a
 * person's games go (the samples only when the project ships), and a game saved there as
 * "start", or a record exported beside the samples, must not change what `npm test` says.
 * The tests that run potm on a sample give it test/fixtures/positions/ instead; this reads every
 * test's source for a path into the project's saves/ (a test's own scratch saves/ is fine).
 */
import {readdirSync, readFileSync} from 'node:fs';
import {join, relative} from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, test} from 'vitest';

const tests = fileURLToPath(new URL('.', import.meta.url));

function sources(folder: string): string[] {
	const found: string[] = [];
	for (const entry of readdirSync(folder, {withFileTypes: true})) {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) {
			if (entry.name !== 'fixtures') found.push(...sources(path));
		} else if (/\.(ts|tsx|mjs)$/.test(entry.name)) found.push(path);
	}
	return found;
}

/** A path into the project's own saves/: joined onto the project's root, a URL up to it, or a sample named as a command-line argument. */
const INTO_SAVES = [
	/join\(root, ['"]saves['"]/,
	/\.\.\/saves\//,
	/['"`]saves\/(start|loa-start|red-move-10|blue-move-28)\.txt['"`]/,
	/['"`]saves\/\$\{/,
];

describe('tests read their own fixtures', () => {
	test("no test names a path into the project's saves/ folder", () => {
		const offending: string[] = [];
		for (const file of sources(tests)) {
			if (file === fileURLToPath(import.meta.url)) continue;
			readFileSync(file, 'utf8')
				.split('\n')
				.forEach((line, index) => {
					if (INTO_SAVES.some(pattern => pattern.test(line))) offending.push(`${relative(tests, file)}:${index + 1}: ${line.trim()}`);
				});
		}
		expect(offending).toEqual([]);
	});

	test('the samples the tests use are in test/fixtures/positions/', () => {
		expect(readdirSync(join(tests, 'fixtures', 'positions')).sort()).toEqual([
			'blue-move-28.txt',
			'loa-start.txt',
			'red-move-10.txt',
			'start.txt',
		]);
	});
});
