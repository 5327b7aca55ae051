/** A LOAPS connection race, for reviews: BLUE to move, only a3 d3 wins; after e4 d4 RED connects with d1 e1. */
import {loaps} from '../../source/games/loa/index.js';
import type {LoaState} from '../../source/games/loa/rules.js';

export const RACE = [
	'2 38',
	'1 34 60.0',
	'2 26 60.0',
	'.......',
	'.......',
	'.......',
	'....2..',
	'2.2...1',
	'...1.1.',
	'...1...',
	'',
].join('\n');

export function raceStart(): LoaState {
	const parsed = loaps.parse(RACE, 'race.txt');
	if (!parsed.ok) throw new Error(parsed.error.message);
	return parsed.value;
}

/** The race played out by the texts of its moves: the line of positions and the moves. */
export function racePlayed(...texts: string[]): {line: LoaState[]; moves: number[]} {
	const line = [raceStart()];
	const moves: number[] = [];
	for (const text of texts) {
		const state = line.at(-1)!;
		const move = loaps.parseMove(state, text);
		if (!move.ok) throw new Error(move.error);
		moves.push(move.value);
		line.push(loaps.play(state, move.value));
	}
	return {line, moves};
}
