/**
 * The games' assets (games/game.ts GameAsset) made into the build folder: once, by the build
 * (source/tools/build-entry.mjs calls buildAssets), and again only where a file is missing or not
 * whole (another header or length). engine/assets.ts reads them.
 */
import {join} from 'node:path';
import type {GameAsset} from '../games/game.js';
import {games as registered} from '../games/registry.js';
import {writeWhole} from './atomic.js';
import {hasAsset, type WithAssets} from '../engine/assets.js';

/** Makes `asset` and writes it to `path`, whole or not at all (atomic.ts). */
export function writeAsset(path: string, asset: GameAsset): void {
	const bytes = asset.make();
	if (bytes.length !== asset.size) throw new RangeError(`${asset.file}: made ${bytes.length} bytes, not ${asset.size}`);
	writeWhole({path, data: Buffer.concat([Buffer.from(asset.header, 'latin1'), bytes])});
}

/**
 * Makes into the build folder `dist` every asset of `games` that is not there whole already;
 * `onMaking` hears of each before it is made. Returns the files, made or found.
 */
export function buildAssets(dist: string, games: readonly WithAssets[] = registered, onMaking?: (asset: GameAsset) => void): string[] {
	const files: string[] = [];
	for (const game of games) {
		for (const asset of game.assets ?? []) {
			// Games of one family may declare the same asset: it is made once.
			if (files.includes(asset.file)) continue;
			const path = join(dist, asset.file);
			if (!hasAsset(path, asset)) {
				onMaking?.(asset);
				writeAsset(path, asset);
			}
			files.push(asset.file);
		}
	}
	return files;
}
