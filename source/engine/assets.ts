/**
 * The files the games' play reads from the build folder (a game's `assets`, games/game.ts), read
 * by every process that plays, in milliseconds: the engine worker and `potm move` hand each game
 * a way to read its own when it first needs them. A file is its asset's header line, then its
 * bytes; a file of another header or length is not read. files/assets.ts makes them at the build.
 */
import {closeSync, fstatSync, openSync, readFileSync, readSync} from 'node:fs';
import {join} from 'node:path';
import type {GameAsset} from '../games/game.js';
import {games as registered} from '../games/registry.js';

/** The games, as far as their assets go. */
export type WithAssets = {readonly assets?: readonly GameAsset[]};

/** The bytes of `asset` in the file at `path` (after its header), or null when it is missing or not whole. */
export function readAsset(path: string, asset: GameAsset): Uint8Array | null {
	let data: Buffer;
	try {
		data = readFileSync(path);
	} catch {
		return null;
	}
	const header = Buffer.from(asset.header, 'latin1');
	if (data.length !== header.length + asset.size || !data.subarray(0, header.length).equals(header)) return null;
	return data.subarray(header.length);
}

/** Whether `path` holds a whole file of `asset`, judged by its header and length alone. */
export function hasAsset(path: string, asset: GameAsset): boolean {
	let descriptor: number;
	try {
		descriptor = openSync(path, 'r');
	} catch {
		return false;
	}
	try {
		const header = Buffer.from(asset.header, 'latin1');
		const start = Buffer.alloc(header.length);
		const read = readSync(descriptor, start, 0, header.length, 0);
		return read === header.length && start.equals(header) && fstatSync(descriptor).size === header.length + asset.size;
	} finally {
		closeSync(descriptor);
	}
}

/** Has every game read its assets from the build folder `dist` when it first needs them. */
export function useAssetsFrom(dist: string, games: readonly WithAssets[] = registered): void {
	for (const game of games) {
		for (const asset of game.assets ?? []) asset.use(() => readAsset(join(dist, asset.file), asset));
	}
}
