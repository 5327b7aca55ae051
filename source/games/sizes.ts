/** Board sizes as the options write them (--size 5x7, --sizes 3x3,5x7), read against a game's sizes. */
import type {AnyGame} from './registry.js';

/** "3 to 8 rows and 3 to 8 columns of boxes" for a game's sizes. */
function sizeRange(game: AnyGame): string {
	const {rows, columns} = game.sizes!;
	return `${rows[0]} to ${rows[1]} rows and ${columns[0]} to ${columns[1]} columns`;
}

/** A board size from --size (or one of --sizes): "5x7" as [5, 7] within the game's sizes, or a message. */
export function sizeValue(text: string, game: AnyGame, option: string): readonly [number, number] | string {
	const match = /^\s*(\d+)\s*[x×X]\s*(\d+)\s*$/.exec(text);
	const wanted = `--${option} takes ROWSxCOLUMNS of boxes, ${sizeRange(game)}, as in 5x7`;
	if (!match) return `${wanted}, not "${text}"`;
	const rows = Number(match[1]);
	const columns = Number(match[2]);
	const {rows: r, columns: c} = game.sizes!;
	if (rows < r[0] || rows > r[1] || columns < c[0] || columns > c[1]) return `${wanted}, not ${rows}x${columns}`;
	return [rows, columns];
}
