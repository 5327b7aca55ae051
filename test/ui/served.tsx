/** Apps of a served potm under test: each a person connected to one fake server, starting in the lobby. */
import {boxes} from '../../source/games/boxes/index.js';
import {FakeHall} from '../helpers/fake-remote.js';
import {start, type Harness, type HarnessOptions} from './harness.js';

export interface Served {
	readonly hall: FakeHall;
	readonly clock: {ms: number};
	/** An app for `name`, in the lobby (or where `options.start` says). */
	join(name: string, options?: HarnessOptions): Harness;
	unmount(): void;
}

export function served(): Served {
	const clock = {ms: 1_000_000};
	const hall = new FakeHall(() => clock.ms);
	const apps: Harness[] = [];
	return {
		hall,
		clock,
		join(name, options = {}) {
			const app = start({
				start: {screen: 'lobby'},
				choices: {side: 1, level: 3, clock: 60, board: 1, setup: {rows: 3, columns: 3}},
				...options,
				remote: hall.remote({id: name, name}),
				clock,
			});
			apps.push(app);
			return app;
		},
		unmount() {
			for (const app of apps.splice(0)) app.unmount();
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
