/**
 * A room's code: six characters of 32 (30 bits), written 7KQ-2XM, read as people type it (any
 * case, with or without the dash, spaces around), and a new one no room has.
 */
import {randomInt} from 'node:crypto';
import {CODE_ALPHABET} from './names.js';

const CODE_LENGTH = 6;

/** A code as people type it (any case, with or without the dash, spaces around) as the hall writes it, or null if it cannot be one. */
export function normalCode(text: string): string | null {
	const bare = text.toUpperCase().replace(/[\s-]/g, '');
	if (bare.length !== CODE_LENGTH || [...bare].some(char => !CODE_ALPHABET.includes(char))) return null;
	return `${bare.slice(0, 3)}-${bare.slice(3)}`;
}

/** A random code that `taken` says no room has. */
export function newCode(taken: (code: string) => boolean): string {
	for (;;) {
		let bare = '';
		for (let index = 0; index < CODE_LENGTH; index++) bare += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
		const code = `${bare.slice(0, 3)}-${bare.slice(3)}`;
		if (!taken(code)) return code;
	}
}
