/**
 * No module of source/ needs itself at run time through others: a cycle of imports makes the
 * order modules run in depend on which is imported first, and a constant read before it is set
 * is undefined (issue 28: loa/board.ts → eval.ts → eval-classic.ts → board.ts, for LIST_STRIDE).
 * `import type` and `export type` are erased by the compiler and do not count.
 *
 * And no module of the program names the benchmarks or tools, which tsconfig.json leaves out of
 * the program's build (they build apart, tsconfig.dev.json): tsc compiles whatever a module of the
 * program names, type-only imports too, so one such import would ship them again.
 */
import {readdirSync, readFileSync} from 'node:fs';
import {dirname, join, relative, resolve} from 'node:path';
import {fileURLToPath} from 'node:url';
import {describe, expect, test} from 'vitest';

const source = fileURLToPath(new URL('../source/', import.meta.url));

function modules(folder: string): string[] {
	return readdirSync(folder, {withFileTypes: true}).flatMap(entry => {
		const path = join(folder, entry.name);
		return entry.isDirectory() ? modules(path) : /\.tsx?$/.test(entry.name) ? [path] : [];
	});
}

/** The modules of source/ that `file` imports or re-exports at run time. */
export function runtimeImports(file: string, text: string): string[] {
	const found: string[] = [];
	// import ... from './x.js'; export ... from './x.js'; import './x.js' (statements may span lines).
	const statement = /(?:^|\n)\s*(import|export)(\s+type)?\s+(?:[^'";]*?\s+from\s+)?['"](\.{1,2}\/[^'"]+)['"]/g;
	for (const match of text.matchAll(statement)) {
		const [, , typeOnly, target] = match;
		if (typeOnly || target === undefined) continue;
		found.push(resolve(dirname(file), target.replace(/\.js$/, '')));
	}
	return found;
}

/** Every module of source/ that `file` names: imports and re-exports, type-only too, and import() calls. */
function namedModules(file: string, text: string): string[] {
	return [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g)].map(match =>
		resolve(dirname(file), match[1]!.replace(/\.js$/, '')),
	);
}

/** Each cycle once, as a list of paths relative to source/, its first member the least. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
	const found = new Map<string, string[]>();
	const visit = (node: string, path: string[]) => {
		const at = path.indexOf(node);
		if (at >= 0) {
			const cycle = path.slice(at).map(one => relative(source, one));
			const least = cycle.indexOf([...cycle].sort()[0]!);
			const turned = [...cycle.slice(least), ...cycle.slice(0, least)];
			found.set(turned.join(' → '), turned);
			return;
		}
		if (path.length > 60) return;
		for (const next of graph.get(node) ?? []) visit(next, [...path, node]);
	};
	for (const node of graph.keys()) visit(node, []);
	return [...found.values()];
}

describe('imports', () => {
	test('no runtime import cycle among the modules of source/', () => {
		const graph = new Map<string, string[]>();
		const files = modules(source);
		const known = new Map(files.map(file => [file.replace(/\.tsx?$/, ''), file]));
		for (const file of files) {
			const targets = runtimeImports(file, readFileSync(file, 'utf8')).flatMap(target => (known.has(target) ? [known.get(target)!] : []));
			graph.set(file, targets);
		}
		expect(cycles(graph)).toEqual([]);
	});

	test('no module of the program names a module of the benchmarks or tools, which ship apart', () => {
		const config = JSON.parse(readFileSync(new URL('../tsconfig.json', import.meta.url), 'utf8')) as {exclude: string[]};
		const apart = config.exclude.map(path => resolve(source, '..', path));
		expect(apart.map(path => relative(source, path)).sort()).toEqual(['bench', 'learn/build-cli.ts', 'tools', 'tune']);
		const inside = (path: string) => apart.some(one => path === one.replace(/\.ts$/, '') || path.startsWith(`${one}/`));
		const named: string[] = [];
		for (const file of modules(source).filter(file => !inside(file.replace(/\.tsx?$/, '')))) {
			for (const target of namedModules(file, readFileSync(file, 'utf8')))
				if (inside(target)) named.push(`${relative(source, file)} → ${relative(source, target)}`);
		}
		expect(named).toEqual([]);
	});

	test('data flows down (ARCHITECTURE.md): the games import no layer above them, the engine none but the games', () => {
		const layer = (file: string) => relative(source, file).split('/')[0]!;
		const allowed: Record<string, ReadonlySet<string>> = {games: new Set(['games']), engine: new Set(['games', 'engine'])};
		const upward: string[] = [];
		for (const file of modules(source)) {
			const may = allowed[layer(file)];
			if (!may) continue;
			for (const target of runtimeImports(file, readFileSync(file, 'utf8'))) {
				if (!target.startsWith(source)) continue;
				// A module at the top of source/ (text.ts, worker-start.ts) serves every layer.
				const under = relative(source, target).includes('/');
				if (under && !may.has(layer(target))) upward.push(`${relative(source, file)} → ${relative(source, target)}`);
			}
		}
		expect(upward).toEqual([]);
	});

	test('the reading of imports: type-only ones do not count, multi-line ones do', () => {
		const text =
			"import type {A} from './a.js';\nimport {\n\tb,\n\ttype C,\n} from './b.js';\nexport {d} from './d.js';\nexport type {E} from './e.js';\nimport './f.js';\n";
		expect(runtimeImports('/x/m.ts', text)).toEqual(['/x/b', '/x/d', '/x/f']);
	});
});
