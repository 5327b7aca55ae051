/**
 * What a client sends that other people may see (a name, later a line of chat), made safe to
 * show: no control characters or escape sequences that could move another player's cursor,
 * recolour their screen or ring their bell, and not longer than a screen can give it.
 */
import {createHash} from 'node:crypto';
import {headOf} from '../text.js';

export const MAX_NAME = 20;

/** The characters of a game's code and a guest's tag: digits and capitals, without 0, 1, I and O, which read alike. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** Escape sequences (CSI, OSC, and the two-character ones) and every other control character. */
const ESCAPES = /\u001B(?:\[[0-?]*[ -/]*[@-~]|\][^\u0007\u001B]*(?:\u0007|\u001B\\)?|[@-Z\\-_])?|[\u0000-\u001F\u007F-\u009F]/gu;
/** Characters that draw nothing or change how text around them is drawn (bidirectional controls, zero widths). */
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2060-\u206F\uFEFF]/gu;

/** `text` without escapes, control or invisible characters, spaces run together, at most `max` columns of a terminal. */
export function shown(text: string, max: number): string {
	const clean = text.replace(ESCAPES, '').replace(INVISIBLE, '').replace(/\s+/gu, ' ').trim();
	return headOf(clean, max);
}

/** A person's name from their SSH user name: shown safely, and "guest" where nothing is left. */
export function playerName(user: string): string {
	return shown(user, MAX_NAME) || 'guest';
}

/**
 * The name as a folder's name: letters, digits, dot, dash and underscore; a name with other
 * characters gets a short hash of itself too, so that two names never share a folder.
 */
export function folderName(name: string): string {
	const safe = name.replace(/[^A-Za-z0-9._-]/gu, '_').replace(/^\.+/u, '_');
	return safe === name && safe !== '' ? safe : `${safe}-${createHash('sha256').update(name).digest('hex').slice(0, 8)}`;
}
