/**
 * The data behind the moves-left estimate (games/loa/moves-left.ts): self-play games, and from
 * every position of them how many moves the side to move really had left.
 *
 *   npm run build:dev
 *   node dist-dev/tools/moves-left-data.js play --game loaps --games 100 --move-ms 50 --seed 1 > loaps.jsonl
 *   node dist-dev/tools/moves-left-data.js features loaps.jsonl > loaps.csv     (for fitting)
 *   node dist-dev/tools/moves-left-data.js check loaps.jsonl                    (the estimate's errors)
 *
 * A record is one game: its id, the moves in notation and how it ended. Level 5 plays both sides
 * (or the levels --first and --second) at a fixed time a move, from an opening of a few random
 * plies, as the strength benchmark does.
 */
import {readFileSync} from 'node:fs';
import {readArgs, strayOption, type OptionTable, type Parsed} from '../args.js';
import {playGame} from '../bench/selfplay.js';
import {gameById} from '../games/registry.js';
import {expectedMovesLeft, shapes} from '../games/loa/moves-left.js';
import type {LoaState} from '../games/loa/rules.js';
import type {Game} from '../games/game.js';

interface GameLine {
	readonly game: string;
	readonly moves: readonly string[];
	readonly reason: string;
}

/** The options of play, read by the one parser (args.ts). */
const OPTION_TABLE: OptionTable = Object.fromEntries(
	['game', 'games', 'move-ms', 'seed', 'opening-plies', 'first', 'second'].map(name => [name, {type: 'string'}]),
);

/** The value of an option of play, or `fallback` when it is not given. */
function option(parsed: Parsed, name: string, fallback: string): string {
	const value = parsed.values.get(name);
	if (typeof value === 'boolean') throw new Error(`--${name} needs a value`);
	return value ?? fallback;
}

/** Every position of a recorded game, with the moves its side to move still made (this one included). */
function positions(line: GameLine): {state: LoaState; left: number; ply: number}[] {
	const game = gameById(line.game) as Game<LoaState>;
	let state = game.initial();
	const states: LoaState[] = [];
	for (const text of line.moves) {
		states.push(state);
		const move = game.parseMove(state, text);
		if (!move.ok) throw new Error(`${text}: ${move.error}`);
		state = game.play(state, move.value);
	}
	const plies = line.moves.length;
	// The mover at ply p moves at p, p + 2, ... up to the last ply, plies - 1.
	return states.map((s, ply) => ({state: s, ply, left: Math.floor((plies - 1 - ply) / 2) + 1}));
}

function readLines(files: readonly string[]): GameLine[] {
	return files.flatMap(file =>
		readFileSync(file, 'utf8')
			.split('\n')
			.filter(text => text.trim() !== '')
			.map(text => JSON.parse(text) as GameLine),
	);
}

function play(args: Parsed): void {
	const id = option(args, 'game', 'loaps');
	const game = gameById(id);
	if (!game) throw new Error(`no game ${id}`);
	const games = Number(option(args, 'games', '10'));
	const moveMs = Number(option(args, 'move-ms', '50'));
	const seed = Number(option(args, 'seed', '1'));
	const openingPlies = Number(option(args, 'opening-plies', '2'));
	for (let index = 0; index < games; index++) {
		const record = playGame(game, {
			first: {kind: 'level', level: Number(option(args, 'first', '5'))},
			second: {kind: 'level', level: Number(option(args, 'second', '5'))},
			moveMs,
			openingSeed: seed * 100_003 + index,
			openingPlies,
		});
		process.stdout.write(`${JSON.stringify({game: id, moves: record.moves, reason: record.outcome.reason})}\n`);
	}
}

function features(files: readonly string[]): void {
	const head = ['game', 'index', 'ply', 'moveNumber', 'limitLeft', 'pointsMe', 'pointsThem'];
	for (const who of ['me', 'them']) for (const name of ['pieces', 'groups', 'outside', 'spread', 'reach']) head.push(`${name}_${who}`);
	head.push('estimate', 'left');
	process.stdout.write(`${head.join(',')}\n`);
	readLines(files).forEach((line, index) => {
		for (const {state, left, ply} of positions(line)) {
			const [me, them] = shapes(state);
			const limit = state.variant.moveLimit;
			const row = [
				line.game,
				index,
				ply,
				state.moveNumber,
				limit > 0 ? limit - state.moveNumber + 1 : '',
				state.points[state.toMove - 1],
				state.points[2 - state.toMove],
			];
			for (const shape of [me, them]) row.push(shape.pieces, shape.groups, shape.outside, shape.spread, shape.reach);
			row.push(expectedMovesLeft(state).toFixed(2), left);
			process.stdout.write(`${row.join(',')}\n`);
		}
	});
}

/** Mean absolute error and mean error (estimate − truth) of a few estimates over every position. */
function check(files: readonly string[]): void {
	const estimates: Record<string, (state: LoaState) => number> = {
		'the estimate': expectedMovesLeft,
		'a fixed 20 (capped by the limit)': state =>
			Math.min(20, state.variant.moveLimit > 0 ? state.variant.moveLimit - state.moveNumber + 1 : 20),
	};
	const lines = readLines(files);
	const all = lines.flatMap(positions);
	const meanLeft = all.reduce((sum, p) => sum + p.left, 0) / all.length;
	estimates['the mean of the data'] = () => meanLeft;
	process.stdout.write(
		`${lines.length} games, ${all.length} positions, ${(all.reduce((sum, p) => sum + p.ply, 0) / all.length).toFixed(1)} plies in on average, ${meanLeft.toFixed(2)} moves left on average\n`,
	);
	for (const [name, estimate] of Object.entries(estimates)) {
		let absolute = 0;
		let signed = 0;
		let late = 0;
		let lateCount = 0;
		for (const {state, left} of all) {
			const error = estimate(state) - left;
			absolute += Math.abs(error);
			signed += error;
			if (left <= 5) {
				late += Math.abs(error);
				lateCount++;
			}
		}
		process.stdout.write(
			`${name.padEnd(34)} mean absolute error ${(absolute / all.length).toFixed(2)}, mean error ${(signed / all.length).toFixed(2)}, ` +
				`within 5 moves of the end ${(late / Math.max(1, lateCount)).toFixed(2)}\n`,
		);
	}
}

const parsed = readArgs(process.argv.slice(2), OPTION_TABLE);
const [command, ...files] = typeof parsed === 'string' ? [] : parsed.positionals;
const stray = typeof parsed === 'string' ? parsed : strayOption(parsed, OPTION_TABLE, '', 'the head of source/tools/moves-left-data.ts');
if (stray !== undefined) {
	process.stderr.write(`moves-left-data: ${stray}\n`);
	process.exitCode = 2;
} else if (command === 'play') play(parsed as Parsed);
else if (command === 'features') features(files);
else if (command === 'check') check(files);
else {
	process.stderr.write('usage: moves-left-data play|features|check ...\n');
	process.exitCode = 2;
}
