/**
 * The strength table: pairings of built-in players over many games of one game (LOAPS by
 * default) at a fixed time per move, played on all cores. Each opening is played twice, each side
 * first once (a match).
 */
import {availableParallelism} from 'node:os';
import {Worker} from 'node:worker_threads';
import {playerName, type PlayerKind} from '../engine/players.js';
import {matchPoints, type GameRecord, type GameSpec} from './selfplay.js';

export interface PairingResult {
	readonly a: PlayerKind;
	readonly b: PlayerKind;
	/** The game's id ('loaps', 'loa', ...). */
	readonly game: string;
	readonly games: number;
	/** Match points of a, of the 2 × games available. */
	readonly pointsA: number;
	readonly winsA: number;
	readonly winsB: number;
	/** Draws (move limit, repetition, simultaneous connection, the ply cap) and ties on points. */
	readonly drawn: number;
	readonly averagePlies: number;
	readonly reasons: Readonly<Record<string, number>>;
}

export interface PairingOptions {
	/** The game's id; 'loaps' if omitted. */
	readonly game?: string;
	readonly games: number;
	readonly moveMs: number;
	/** Random plies before the players take over; 2 if omitted (one each, and each opening is played both ways). */
	readonly openingPlies?: number;
	/** Plies after which a game is adjudicated a draw (see GameSpec.maxPlies). */
	readonly maxPlies?: number;
	readonly seed?: number;
	readonly onGame?: (done: number) => void;
}

export async function playPairing(a: PlayerKind, b: PlayerKind, options: PairingOptions): Promise<PairingResult> {
	const game = options.game ?? 'loaps';
	const specs: GameSpec[] = [];
	const matches = Math.ceil(options.games / 2);
	for (let match = 0; match < matches; match++) {
		const openingSeed = (options.seed ?? 1) * 100_003 + match;
		const openingPlies = options.openingPlies ?? 2;
		const cap = options.maxPlies === undefined ? {} : {maxPlies: options.maxPlies};
		specs.push({first: a, second: b, moveMs: options.moveMs, openingSeed, openingPlies, ...cap});
		specs.push({first: b, second: a, moveMs: options.moveMs, openingSeed, openingPlies, ...cap});
	}
	const records = await runAll(game, specs.slice(0, options.games), options.onGame);
	let pointsA = 0;
	let winsA = 0;
	let winsB = 0;
	let drawn = 0;
	let plies = 0;
	const reasons: Record<string, number> = {};
	records.forEach((record, index) => {
		const aIs = specs[index]!.first === a ? 1 : 2;
		const points = matchPoints(record.outcome, aIs);
		pointsA += points;
		if (points === 2) winsA++;
		else if (points === 0) winsB++;
		else drawn++;
		plies += record.plies;
		reasons[record.outcome.reason] = (reasons[record.outcome.reason] ?? 0) + 1;
	});
	return {a, b, game, games: records.length, pointsA, winsA, winsB, drawn, averagePlies: plies / records.length, reasons};
}

async function runAll(game: string, specs: readonly GameSpec[], onGame?: (done: number) => void): Promise<GameRecord[]> {
	const records = new Array<GameRecord>(specs.length);
	let next = 0;
	let done = 0;
	const threads = Math.max(1, Math.min(availableParallelism(), specs.length));
	await Promise.all(
		Array.from(
			{length: threads},
			() =>
				new Promise<void>((resolve, reject) => {
					const worker = new Worker(new URL('./selfplay-worker.js', import.meta.url));
					const feed = () => {
						if (next >= specs.length) {
							worker.postMessage(null);
							return;
						}
						const index = next++;
						worker.postMessage({index, game, spec: specs[index]});
					};
					worker.on('message', (message: {index: number; record: GameRecord}) => {
						records[message.index] = message.record;
						onGame?.(++done);
						feed();
					});
					worker.on('error', reject);
					worker.on('exit', () => resolve());
					feed();
				}),
		),
	);
	return records;
}

export const describePairing = (result: PairingResult): string => {
	const share = (100 * result.pointsA) / (2 * result.games);
	const reasons = Object.entries(result.reasons)
		.map(([reason, count]) => `${reason} ${count}`)
		.join(', ');
	return (
		`${playerName(result.a)} vs ${playerName(result.b)}: ${share.toFixed(1)} % of match points ` +
		`(+${result.winsA} =${result.drawn} -${result.winsB} in ${result.games} games; ${result.averagePlies.toFixed(0)} plies on average; ${reasons})`
	);
};
