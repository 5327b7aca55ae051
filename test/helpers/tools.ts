/**
 * Whether the programs a tier of tests runs (test/tiers.ts TOOL_TIERS) are here: the tests skip
 * where one is missing, and the summary of the whole suite says so (skipped-tiers.ts).
 */
import {spawnSync} from 'node:child_process';
import {TOOL_TIERS, type ToolTier} from '../tiers.js';

const found = new Map<string, string | null>();

/** Why `program` cannot serve here ("tmux not found", "tmux 3.1 is older than 3.2"), or null. */
function lack(program: string): string | null {
	if (!/^[\w-]+$/.test(program)) throw new Error(`not a program's name: ${program}`);
	if (spawnSync('sh', ['-c', `command -v ${program}`]).status !== 0) return `${program} not found`;
	// tmux must have new-session -e, which sets a pane's variables: it came with tmux 3.2.
	if (!/^tmux$/.test(program)) return null;
	const version = spawnSync(program, ['-V'], {encoding: 'utf8'}).stdout.trim();
	const [major = 0, minor = 0] = (/(\d+)\.(\d+)/.exec(version) ?? []).slice(1).map(Number);
	return major > 3 || (major === 3 && minor >= 2) ? null : `${version || program} is older than 3.2`;
}

/** The tier named. */
export function toolTier(name: string): ToolTier {
	const tier = TOOL_TIERS.find(one => one.name === name);
	if (tier === undefined) throw new Error(`no tier of tests is named ${name}`);
	return tier;
}

/** Why the tests of `tier` cannot run here ("tmux not found, ssh not found"), or null when they can. */
export function whyNotHere(tier: ToolTier): string | null {
	const reasons = tier.needs.flatMap(program => {
		if (!found.has(program)) found.set(program, lack(program));
		return found.get(program) ?? [];
	});
	return reasons.length > 0 ? reasons.join(', ') : null;
}
