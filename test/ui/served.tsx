/**
 * Apps of a served potm under test: each a person connected to one hall (the server's own rooms,
 * serve/hall.ts, on a folder of the test's), starting in the lobby. The hall's codes are pinned:
 * codeNo(1) for the first room made, and so on.
 */
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {boxes} from '../../source/games/boxes/index.js';
import {Hall} from '../../source/serve/hall.js';
import {CODE_ALPHABET} from '../../source/serve/names.js';
import type {Person, Remote} from '../../source/play/remote.js';
import {start, type Harness, type HarnessOptions} from './harness.js';

/** The code of the room the hall made `made`-th: ABC-D23, ABC-D24, ... */
export const codeNo = (made: number): string => `ABC-D${CODE_ALPHABET[Math.floor(made / 32)]}${CODE_ALPHABET[made % 32]}`;

export interface Served {
	readonly hall: Hall;
	/** A person's connection to the hall, from the loopback address. */
	remote(person: Person): Remote;
	readonly clock: {ms: number};
	/** An app for `name`, in the lobby (or where `options.start` says). */
	join(name: string, options?: HarnessOptions): Harness;
	unmount(): void;
}

export function served(): Served {
	const clock = {ms: 1_000_000};
	const dir = mkdtempSync(join(tmpdir(), 'potm-served-'));
	const hall = new Hall({
		dataDir: dir,
		now: () => clock.ms,
		address: () => 'ssh -p 2222 potm.test',
		savesOf: person => join(dir, 'players', person.id, 'saves'),
		codeFor: codeNo,
	});
	const apps: Harness[] = [];
	const remote = (person: Person) => hall.connect(person, '127.0.0.1');
	return {
		hall,
		remote,
		clock,
		join(name, options = {}) {
			const app = start({
				start: {screen: 'lobby'},
				choices: {side: 1, level: 3, clock: 60, board: 1, setup: {rows: 3, columns: 3}},
				remote: remote({id: name, name}),
				...options,
				clock,
			});
			apps.push(app);
			return app;
		},
		unmount() {
			for (const app of apps.splice(0)) app.unmount();
			hall.stop();
			rmSync(dir, {recursive: true, force: true});
		},
	};
}

/** The options of a 3×3 LINES and BOXES room with a minute each, the host playing RED (or `side`). */
export const boxes3 = (side: 1 | 2 = 1, clockSeconds: number | null = 60) =>
	({game: boxes, setup: {rows: 3, columns: 3, lines: 0, seed: 1}, clockSeconds, side, private: false}) as const;

/** `text` as a pattern that holds wherever the screen broke its lines (between words, a panel's indent after). */
export const wrapped = (text: string): RegExp =>
	new RegExp(
		text
			.split(' ')
			.map(word => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
			.join('\\s+'),
	);
