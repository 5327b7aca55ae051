/**
 * `npm run puzzles -- build [--game G] [--seed S] [--count N]`: builds the puzzle sets (build.ts)
 * into `puzzles/`, every game that has puzzle themes unless --game names one, and says how long
 * each took and what it holds. `npm run puzzles -- check [--game G]`: proves every puzzle of the
 * shipped sets again (prove.ts reprove) and says how long each set took; exits 1 on any failure.
 */
import {fileURLToPath} from 'node:url';
import {readArgs, strayOption, type OptionTable} from '../args.js';
import {gameById} from '../games/registry.js';
import {buildAndWrite, checkSets, DEFAULT_COUNT, DEFAULT_SEED, describeSet, puzzleGames} from './build.js';

const USAGE = 'usage: npm run puzzles -- build [--game G] [--seed S] [--count N] | check [--game G]';
const OPTIONS: OptionTable = {game: {type: 'string'}, seed: {type: 'string'}, count: {type: 'string'}};
const PUZZLES_DIR = fileURLToPath(new URL('../../puzzles/', import.meta.url));

function main(): number {
	const parsed = readArgs(process.argv.slice(2), OPTIONS);
	if (typeof parsed === 'string') throw new Error(`${parsed}\n${USAGE}`);
	const stray = strayOption(parsed, OPTIONS, '', 'the head of source/learn/build-cli.ts');
	if (stray !== undefined) throw new Error(`${stray}\n${USAGE}`);
	const [command, ...rest] = parsed.positionals;
	if ((command !== 'build' && command !== 'check') || rest.length > 0) throw new Error(USAGE);
	const text = (name: string): string | undefined => {
		const value = parsed.values.get(name);
		if (value === true) throw new Error(`--${name} needs a value`);
		return typeof value === 'string' ? value : undefined;
	};
	const whole = (name: string, fallback: number): number => {
		const given = text(name);
		if (given === undefined) return fallback;
		if (!/^\d+$/.test(given) || Number(given) < 1) throw new Error(`--${name} takes a whole number, 1 or more, not "${given}"`);
		return Number(given);
	};
	const named = text('game');
	const all = puzzleGames();
	const chosen = named === undefined ? all : all.filter(game => game.id === named.toLowerCase());
	if (chosen.length === 0) {
		const known = gameById(named!) ? `${named} has no puzzle set of its own` : `no game "${named}"`;
		throw new Error(`${known}: the sets are ${all.map(game => game.id).join(', ')}`);
	}
	if (command === 'check') {
		if (parsed.values.has('seed') || parsed.values.has('count')) throw new Error(`check takes --game only\n${USAGE}`);
		const failures = checkSets(chosen, PUZZLES_DIR, line => console.log(line));
		return failures === 0 ? 0 : 1;
	}
	const seed = whole('seed', DEFAULT_SEED);
	const count = whole('count', DEFAULT_COUNT);
	for (const game of chosen) {
		const started = performance.now();
		const set = buildAndWrite(game, PUZZLES_DIR, {seed, count, onProgress: line => process.stderr.write(`${line}\n`)});
		const seconds = (performance.now() - started) / 1000;
		console.log(`${set.path}: built in ${seconds.toFixed(0)} s from ${set.games} games (${set.positions} positions)`);
		for (const line of describeSet(game, set.puzzles)) console.log(`  ${line}`);
	}
	return 0;
}

try {
	process.exitCode = main();
} catch (error) {
	console.error(`puzzles: ${(error as Error).message}`);
	process.exitCode = 2;
}
