/** The engine on the test's own thread, as the worker runs it: for reviews in tests, without a worker. */
import type {Game} from '../../source/games/game.js';
import type {EngineInfo, EngineResult} from '../../source/engine/client.js';
import {decide, type ThinkRequest} from '../../source/engine/players.js';
import type {Line} from '../../source/games/search.js';
import {Searches} from '../../source/engine/searches.js';
import type {ReviewEngine} from '../../source/review/run.js';
import {written} from '../../source/engine/written.js';

export class LocalEngine implements ReviewEngine {
	readonly searches = new Searches({tableMegabytes: 8});
	readonly requests: ThinkRequest[] = [];

	async think<State>(
		game: Game<State>,
		state: State,
		request: ThinkRequest,
		onProgress?: (info: EngineInfo) => void,
	): Promise<EngineResult> {
		this.requests.push(request);
		const lines = (found: readonly Line[]) => found.map(line => ({...line, text: written(game, state, line.pv)}));
		const result = decide(this.searches.of(game), game.searchPosition(state), request, {
			onProgress: info => onProgress?.({...info, lines: lines(info.lines)}),
		});
		return {
			...result,
			lines: lines(result.lines),
			moveText: result.move < 0 ? '' : game.formatMove(state, result.move),
			threadMs: 0,
			cpuClock: false,
		};
	}
}
