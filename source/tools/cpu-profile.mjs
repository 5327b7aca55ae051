/**
 * `node source/tools/cpu-profile.mjs FILE.cpuprofile [--top N]`: where a V8 CPU profile's time
 * went (as written by node --cpu-prof, e.g. potm serve under `npm run bench -- serve` with
 * POTM_BENCH_SERVER_FLAGS="--cpu-prof --cpu-prof-dir=DIR"). Prints the self time by package
 * (node_modules/NAME; potm's own by folder of dist/; Node's internals; WebAssembly; V8's
 * garbage collector, program and idle), by file within ink, ssh2 and potm, the total time
 * under each package (a sample counted once for every package on its stack), and the functions
 * with the most self time and the most total time (their own and their callees'). Self time is the sum of the time deltas of the samples taken in a
 * function, not its hit count times the interval.
 */
import {readFileSync} from 'node:fs';

const [file, ...rest] = process.argv.slice(2);
if (!file) {
	console.error('usage: node source/tools/cpu-profile.mjs FILE.cpuprofile [--top N]');
	process.exit(2);
}
const top = rest[0] === '--top' ? Number(rest[1]) : 30;
const profile = JSON.parse(readFileSync(file, 'utf8'));

/** A frame's package: the module folder under node_modules, potm's folder of dist/, or what V8 calls it. */
function packageOf(frame) {
	const url = frame.url ?? '';
	if (url === '') return frame.functionName.startsWith('(') ? frame.functionName : '(native or V8 builtin)';
	if (url.startsWith('node:')) return `node ${url.slice(5).split('/').slice(0, 2).join('/')}`;
	if (url.startsWith('wasm://')) return 'WebAssembly';
	const modules = url.lastIndexOf('/node_modules/');
	if (modules >= 0) {
		const parts = url.slice(modules + 14).split('/');
		return parts[0].startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
	}
	const dist = /\/dist\/([^/]+)\//.exec(url);
	if (dist) return `potm ${dist[1]}`;
	return url.replace(/^file:\/\//, '');
}

/** A frame's file, shortened: from node_modules/NAME on, or from dist/ on. */
function fileOf(frame) {
	const url = (frame.url ?? '').replace(/^file:\/\//, '');
	const modules = url.lastIndexOf('/node_modules/');
	if (modules >= 0) return url.slice(modules + 14);
	const dist = url.lastIndexOf('/dist/');
	return dist >= 0 ? url.slice(dist + 1) : url;
}

const byId = new Map(profile.nodes.map(node => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

const self = new Map();
for (const [index, id] of profile.samples.entries()) {
	// A sample's time is the delta to the next one (the last gets none).
	const delta = profile.timeDeltas[index + 1] ?? 0;
	self.set(id, (self.get(id) ?? 0) + delta);
}
const total = [...self.values()].reduce((sum, value) => sum + value, 0);
const idleIds = new Set(profile.nodes.filter(node => node.callFrame.functionName === '(idle)').map(node => node.id));
const idle = [...idleIds].reduce((sum, id) => sum + (self.get(id) ?? 0), 0);
const busy = total - idle;

const add = (map, key, value) => map.set(key, (map.get(key) ?? 0) + value);
const packages = new Map();
const files = new Map();
const functions = new Map();
const under = new Map();
const within = new Map();
for (const [id, time] of self) {
	const frame = byId.get(id).callFrame;
	const pkg = packageOf(frame);
	add(packages, pkg, time);
	if (/^(ink|ssh2|potm )/.test(pkg)) add(files, fileOf(frame), time);
	add(functions, `${frame.functionName || '(anonymous)'}  ${fileOf(frame)}${frame.url ? `:${frame.lineNumber + 1}` : ''}`, time);
	if (idleIds.has(id)) continue;
	const seen = new Set();
	const named = new Set();
	for (let at = id; at !== undefined; at = parent.get(at)) {
		const frame = byId.get(at).callFrame;
		seen.add(packageOf(frame));
		if (frame.url) named.add(`${frame.functionName || '(anonymous)'}  ${fileOf(frame)}:${frame.lineNumber + 1}`);
	}
	for (const name of seen) add(under, name, time);
	for (const name of named) add(within, name, time);
}

const ms = micro => `${(micro / 1000).toFixed(0).padStart(7)} ms`;
const share = micro => `${((micro / busy) * 100).toFixed(1).padStart(5)} %`;
const table = (title, map, count, filter = () => true) => {
	console.log(`\n${title}`);
	for (const [name, time] of [...map]
		.filter(([name]) => filter(name))
		.sort((a, b) => b[1] - a[1])
		.slice(0, count))
		console.log(`${ms(time)} ${share(time)}  ${name}`);
};

console.log(`${file}`);
console.log(
	`${(total / 1e6).toFixed(1)} s sampled, ${(idle / 1e6).toFixed(1)} s idle, ${(busy / 1e6).toFixed(1)} s busy (shares are of the busy time)`,
);
table('self time by package', packages, 25, name => name !== '(idle)');
table('self time by file (ink, ssh2, potm)', files, 25);
table('total time under each package (a sample counts for every package on its stack)', under, 25);
table('functions by self time', functions, top, name => !name.startsWith('(idle)'));
table('functions by total time (themselves and what they call)', within, top);
