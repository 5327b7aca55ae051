/** The sample positions, copied from saves/ into test/fixtures/positions/ (a person's own saves never reach the tests), read and parsed. */
import {readdirSync, readFileSync} from 'node:fs';
import {loaps} from '../../source/games/loa/index.js';
import type {LoaState} from '../../source/games/loa/rules.js';
import {gameOfText} from '../../source/games/registry.js';

/** test/fixtures/positions/NAME as a state of the game its layout tells (LOAPS or classic LOA); throws if it does not parse. */
export function loadSave(name: string): LoaState {
	const text = readFileSync(new URL(`../fixtures/positions/${name}`, import.meta.url), 'utf8');
	const parsed = (gameOfText(text) ?? loaps).parse(text, name);
	if (!parsed.ok) throw new Error(`test/fixtures/positions/${name} does not parse: ${parsed.error.message}`);
	return parsed.value as LoaState;
}

/** The names of the sample positions in test/fixtures/positions/, sorted. */
export const sampleNames = (): string[] =>
	readdirSync(new URL('../fixtures/positions/', import.meta.url))
		.filter(file => file.endsWith('.txt'))
		.sort();
