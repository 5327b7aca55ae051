/**
 * `npm run bench`: perft speed of the rules core, median of several runs. Moves at the last ply
 * are counted without being played (bulk counting), as the issue allows.
 */
import {cpus} from 'node:os';
import {perft} from '../engine/perft.js';
import {LoaBoard} from '../games/loa/board.js';
import {CLASSIC_LOA, LOAPS, type LoaVariant} from '../games/loa/variant.js';

interface Case {
	readonly label: string;
	readonly variant: LoaVariant;
	readonly depth: number;
	readonly expected: number;
	readonly runs: number;
}

const CASES: readonly Case[] = [
	{label: 'LOAPS 7×7 start, perft(5)', variant: LOAPS, depth: 5, expected: 7_181_852, runs: 9},
	{label: 'classic LOA 8×8 start, perft(5)', variant: CLASSIC_LOA, depth: 5, expected: 55_963_132, runs: 3},
];

const median = (values: number[]): number => {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = sorted.length >> 1;
	return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

const cpu = cpus();
console.log(`machine: ${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, Node ${process.version}`);
for (const test of CASES) {
	const board = new LoaBoard(test.variant);
	perft(board, test.depth - 1); // warm-up, so the JIT has compiled the hot paths
	const rates: number[] = [];
	for (let run = 0; run < test.runs; run++) {
		const start = process.hrtime.bigint();
		const leaves = perft(board, test.depth);
		const seconds = Number(process.hrtime.bigint() - start) / 1e9;
		if (leaves !== test.expected) {
			console.error(`${test.label}: counted ${leaves}, expected ${test.expected}`);
			process.exit(1);
		}
		rates.push(leaves / seconds);
	}
	const mega = (rate: number) => (rate / 1e6).toFixed(1);
	console.log(
		`${test.label}: ${test.expected.toLocaleString('en-US')} leaves, median ${mega(median(rates))} M leaves/s ` +
			`(${test.runs} runs, ${mega(Math.min(...rates))}..${mega(Math.max(...rates))})`,
	);
}
