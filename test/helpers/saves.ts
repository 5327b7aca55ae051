/** The positions in saves/, read and parsed for tests. */
import {readFileSync} from 'node:fs';
import {loaps} from '../../source/games/loa/index.js';
import type {LoaState} from '../../source/games/loa/rules.js';

/** saves/NAME as a LOAPS state; throws if it does not parse. */
export function loadSave(name: string): LoaState {
	const parsed = loaps.parse(readFileSync(new URL(`../../saves/${name}`, import.meta.url), 'utf8'), name);
	if (!parsed.ok) throw new Error(`saves/${name} does not parse: ${parsed.error.message}`);
	return parsed.value;
}
