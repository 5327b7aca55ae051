/**
 * The AI's five levels, from a beginner who blunders now and then to the full-strength clocked
 * engine, as data: what each may search, how noisy its judgement is, how often it blunders.
 */
import type {SearchLimits, SearcherConfig} from '../games/search.js';
import {moveBudget, type ClockReading} from './time.js';

export interface Level {
	readonly level: number;
	readonly name: string;
	readonly description: string;
	/** Deepest iteration, or undefined for no limit. */
	readonly maxDepth: number | undefined;
	/** Most milliseconds a move may take whatever the clock says, or undefined. */
	readonly maxMs: number | undefined;
	/** Share of the clock model's budget it uses. */
	readonly clockShare: number;
	/** Centipoints of noise on each evaluation. */
	readonly evalNoise: number;
	/** Chance of playing a random legal move instead of the one it found. */
	readonly blunderRate: number;
}

export const LEVELS: readonly Level[] = [
	{
		level: 1,
		name: 'Beginner',
		description: 'looks one move ahead, misjudges often, blunders now and then',
		maxDepth: 1,
		maxMs: 100,
		clockShare: 1,
		evalNoise: 250,
		blunderRate: 0.15,
	},
	{
		level: 2,
		name: 'Casual',
		description: 'looks two moves ahead, blunders rarely',
		maxDepth: 2,
		maxMs: 200,
		clockShare: 1,
		evalNoise: 120,
		blunderRate: 0.04,
	},
	{
		level: 3,
		name: 'Club',
		description: 'a quick four-ply search with a little noise',
		maxDepth: 4,
		maxMs: 400,
		clockShare: 1,
		evalNoise: 50,
		blunderRate: 0,
	},
	{
		level: 4,
		name: 'Strong',
		description: 'the full engine on half its time',
		maxDepth: undefined,
		maxMs: undefined,
		clockShare: 0.5,
		evalNoise: 0,
		blunderRate: 0,
	},
	{
		level: 5,
		name: 'Master',
		description: 'the full engine, all the clock allows',
		maxDepth: undefined,
		maxMs: undefined,
		clockShare: 1,
		evalNoise: 0,
		blunderRate: 0,
	},
];

export const MAX_LEVEL = LEVELS.length;

/** Milliseconds per move when the game has no clock: what the full engine gets on the 60 s clock at the start. */
export const UNCLOCKED_MS = 2500;

export function levelOf(level: number): Level {
	const found = LEVELS.find(entry => entry.level === level);
	if (!found) throw new RangeError(`levels are 1 to ${MAX_LEVEL}, not ${level}`);
	return found;
}

/** How a level plays one move: its search limits, searcher settings and blunder rate. */
export interface LevelPlan {
	readonly limits: SearchLimits;
	readonly config: SearcherConfig;
	readonly blunderRate: number;
}

/**
 * A level's plan for a move: from the mover's clock when the game has one, or a fixed time per
 * move (`fixedMs`, for matches and benchmarks), or the unclocked default.
 */
export function planMove(level: number, options: {clock?: ClockReading; fixedMs?: number; seed?: number} = {}): LevelPlan {
	const spec = levelOf(level);
	let softMs: number;
	let hardMs: number;
	// On a clock every move completes the budget's least depth (engine/time.ts), whatever its time.
	let floor: Pick<SearchLimits, 'minDepth' | 'cutoffMs'> = {};
	if (options.fixedMs !== undefined) {
		softMs = hardMs = options.fixedMs;
	} else if (options.clock) {
		const budget = moveBudget(options.clock);
		softMs = budget.softMs * spec.clockShare;
		hardMs = budget.hardMs * spec.clockShare;
		floor = {minDepth: budget.minDepth, cutoffMs: budget.cutoffMs};
	} else {
		softMs = UNCLOCKED_MS * spec.clockShare;
		hardMs = softMs * 2;
	}
	if (spec.maxMs !== undefined) {
		softMs = Math.min(softMs, spec.maxMs);
		hardMs = Math.min(hardMs, spec.maxMs);
	}
	return {
		limits: {softMs, hardMs, ...floor, ...(spec.maxDepth === undefined ? {} : {depth: spec.maxDepth})},
		config: {evalNoise: spec.evalNoise, seed: options.seed ?? 0x5eed},
		blunderRate: spec.blunderRate,
	};
}
