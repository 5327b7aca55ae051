/**
 * A reporter of the whole suite: after vitest's summary, a line for each tier of tests that ran
 * here without the programs it needs (test/tiers.ts TOOL_TIERS), so that a skip is never silent:
 * "skipped: the terminal tier (tmux not found) in test/ui/terminal.test.ts".
 */
import {relative} from 'node:path';
import {fileURLToPath} from 'node:url';
import type {Reporter, TestModule} from 'vitest/node';
import {TOOL_TIERS} from '../tiers.js';
import {whyNotHere} from './tools.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The lines for the tiers skipped among the modules run. */
export function skippedTiers(modules: readonly TestModule[], why = whyNotHere): string[] {
	const lines: string[] = [];
	for (const tier of TOOL_TIERS) {
		const ran = modules.filter(module => tier.files.includes(relative(root, module.moduleId).split('\\').join('/')));
		const reason = ran.length > 0 ? why(tier) : null;
		if (reason === null) continue;
		lines.push(`skipped: ${tier.name} (${reason}) in ${ran.map(module => relative(root, module.moduleId)).join(', ')}`);
	}
	return lines;
}

export default class SkippedTiers implements Reporter {
	onTestRunEnd(modules: readonly TestModule[]): void {
		for (const line of skippedTiers(modules)) process.stdout.write(`${line}\n`);
	}
}
